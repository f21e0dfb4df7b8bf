//! The event panel's settings, driven by their labels (egui_kittest) over an event in
//! memory (issue 17 item 1): a group's rules and registration window, adding and
//! removing a group, the prize table, a stage's qualifiers and knockout options. What
//! the director types becomes one command per form, applied as the worker would.

use crate::common;

use bianpai::domain::event::{Event, StageKind};
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::presets;
use bianpai::domain::prize_rules::Prize;
use bianpai::ui::event_ui::EventView;
use bianpai::ui::{Lang, PanelHost};
use common::ui::{WindowSetup, panel_harness};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use jiff::civil::date;

const G: GroupId = GroupId(1);

fn harness(event: Event, lang: Lang) -> Harness<'static, PanelHost<EventView>> {
    let mut host = PanelHost::new(EventView::default(), event);
    host.lang = lang;
    let setup = WindowSetup { size: [1400.0, 3200.0], accessibility_check: false, ..WindowSetup::default() };
    let mut h = panel_harness(host, setup);
    h.run_ok();
    h
}

/// Presses a button and applies what the panel emitted.
fn press(h: &mut Harness<'static, PanelHost<EventView>>, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run_ok();
    h.state_mut().apply_jobs();
    h.run_ok();
}

// the group's window, capacity, fee and phone rule, typed and saved; an
// inverted window is refused in the panel with its reason and nothing is sent.
#[test]
fn group_rules_are_edited_and_an_inverted_window_is_refused() {
    let mut h = harness(presets::build("cxa-swiss", Some("设置"), Some(5)).unwrap(), Lang::Zh);
    h.get_by_label("报名开始").set_text_value_accesskit("2026-12-10");
    h.get_by_label("报名截止").set_text_value_accesskit("2026-12-01");
    h.run_ok();
    assert!(h.query_by_label_contains("报名截止日期早于报名开始日期").is_some(), "the reason is shown");
    press(&mut h, "保存组别设置");
    assert!(h.state().jobs.is_empty() && h.state().event.groups[0].registration.is_none(), "nothing sent");

    h.get_by_label("报名截止").set_text_value_accesskit("2026-12-20");
    h.get_by_label("名额").set_text_value_accesskit("64");
    h.get_by_label("报名费（元）").set_text_value_accesskit("50");
    h.get_by_label("须填联系电话").click_accesskit();
    h.run_ok();
    press(&mut h, "保存组别设置");
    let group = &h.state().event.groups[0];
    assert_eq!(group.registration, Some((date(2026, 12, 10), date(2026, 12, 20))));
    assert_eq!((group.capacity, group.entry_fee_fen, group.phone_required), (Some(64), 5_000, true));
}

// a prize table is built row by row; a lucky prize and a women's tier are added.
#[test]
fn the_prize_table_is_edited_in_the_panel() {
    let mut h = harness(presets::build("cxa-swiss", Some("设置"), Some(5)).unwrap(), Lang::Zh);
    h.get_by_label("＋ 添加名次奖").click_accesskit();
    h.run_ok();
    h.get_by_label("名次到 1").set_text_value_accesskit("3");
    h.get_by_label("金额 1").set_text_value_accesskit("300");
    h.get_by_label("设幸运奖（名次尾数）").click_accesskit();
    h.run_ok();
    h.get_by_label("幸运尾数").set_text_value_accesskit("8");
    h.run_ok();
    press(&mut h, "保存奖励规则");
    let prizes = &h.state().event.groups[0].prizes;
    assert_eq!((prizes.by_rank[0].ranks.first, prizes.by_rank[0].ranks.last), (1, 3));
    assert_eq!(prizes.by_rank[0].prize, Prize::cash("第{rank}名", 30_000));
    let lucky = prizes.lucky.as_ref().unwrap();
    assert_eq!(lucky.last_digits.iter().copied().collect::<Vec<_>>(), vec![8]);
    assert_eq!(lucky.prize, Prize::cash("幸运奖", 520));

    // A bad row is named, in the panel's language.
    h.get_by_label("名次从 1").set_text_value_accesskit("0");
    h.run_ok();
    assert!(h.query_by_label_contains("名次奖第 1 行").is_some());
}

// a group is added as a copy of another, chosen, and removed again after a
// confirmation.
#[test]
fn a_group_is_added_and_removed() {
    let mut h = harness(presets::build("huaiyin-2022", Some("设置"), Some(5)).unwrap(), Lang::Zh);
    let groups = h.state().event.groups.len();
    h.get_by_label("新组别").set_text_value_accesskit("老年组");
    h.run_ok();
    press(&mut h, "添加组别");
    assert_eq!(h.state().event.groups.len(), groups + 1);
    let new = h.state().event.groups.last().unwrap().id;
    assert!(h.query_by_label_contains("老年组 · 组别设置").is_some(), "the new group is shown");
    h.get_by_label("删除此组别…").click_accesskit();
    h.run_ok();
    press(&mut h, "删除 (Enter)");
    assert!(h.state().event.group(new).is_none());
}

// qualifiers of the qualifier stage, and a knockout's options, in English.
#[test]
fn qualifiers_and_knockout_options_are_set() {
    let mut event = presets::build("lingting-cup", Some("Settings"), Some(5)).unwrap();
    event.groups[0].stages[0].qualifiers = Some(24);
    let mut h = harness(event, Lang::En);
    h.get_by_label("Qualifiers").set_text_value_accesskit("20");
    h.get_by_label("Nominees").set_text_value_accesskit("4");
    h.run_ok();
    press(&mut h, "Apply stage settings");
    let stage = &h.state().event.groups[0].stages[0];
    assert_eq!((stage.qualifiers, stage.nominees), (Some(20), 4));

    h.get_by_label("公开组 3 视频淘汰赛 · knockout").click_accesskit();
    h.run_ok();
    h.get_by_label("Games per match").set_text_value_accesskit("4");
    h.get_by_label("Shortest playoff").set_text_value_accesskit("10");
    h.get_by_label("Semi-final losers play for third place").click_accesskit();
    h.run_ok();
    press(&mut h, "Apply stage settings");
    let ko = h.state().event.group(G).unwrap().stage(StageNo(3)).unwrap();
    assert_eq!(ko.kind, StageKind::Knockout);
    let rules = ko.knockout.as_ref().unwrap();
    assert_eq!((rules.games_per_match, rules.min_playoff_minutes, rules.third_place), (4, 10, false));
}

// a stage ranked by FIDE tiebreaks shows which edition of FIDE's tie-break
// rules it follows — by the first day (2025-05-01: the 2024 edition) — and the director
// chooses the 2026 edition in the stage form; the standings follow. The games are those
// of `tests/standings_fide_tiebreaks.rs`'s forfeits: 4 lost by forfeit to 3, who ended
// on 1, so 4's dummy drops from 4's own 1½ to 1 (16.4.1): BH 5 → 4½.
#[test]
fn the_tiebreak_edition_is_chosen_in_the_stage_form() {
    use bianpai::domain::event::ByeKind;
    use bianpai::domain::ids::StartNo;
    use bianpai::domain::result::Outcome::{BlackWins, Draw, RedWins, RedWinsByForfeit};
    use bianpai::domain::rules::{FideEditionChoice, Tiebreak};
    use bianpai::domain::standings::standings;
    use bianpai::ui::standings_ui::StandingsView;
    use common::by_hand::{event_with_players, play_by_hand};
    use egui::accesskit::Role;

    let mut event = event_with_players("fide-swiss", 4, 3);
    event.start_date = Some(date(2025, 5, 1));
    let none: &[(u32, ByeKind)] = &[];
    play_by_hand(&mut event, (G, StageNo(1)), 1, &[(1, 2, RedWins), (3, 4, RedWinsByForfeit)], none);
    play_by_hand(&mut event, (G, StageNo(1)), 2, &[(2, 4, BlackWins), (3, 1, BlackWins)], none);
    play_by_hand(&mut event, (G, StageNo(1)), 3, &[(1, 4, Draw), (2, 3, RedWinsByForfeit)], none);
    let bh_of_4 = |e: &Event| {
        let table = standings(e, G, StageNo(1), 3).unwrap();
        let row = table.rows.iter().find(|r| r.start_no == StartNo(4)).unwrap();
        row.tiebreaks.iter().find(|(t, _)| *t == Tiebreak::Buchholz).unwrap().1.to_string()
    };
    assert_eq!(bh_of_4(&event), "5");
    let caption = |e: &Event| {
        let mut host = PanelHost::new(StandingsView::default(), e.clone());
        host.lang = Lang::Zh;
        let mut s = panel_harness(host, WindowSetup::default());
        s.run_steps(2);
        let shown = s.query_all_by(|n| n.value().is_some_and(|v| v.contains("国际棋联小分规则")));
        shown.filter_map(|n| n.accesskit_node().value()).next()
    };
    assert!(caption(&event).is_some_and(|c| c.ends_with("国际棋联小分规则 2024 版")), "{:?}", caption(&event));

    let mut h = harness(event, Lang::Zh);
    let picker = h.get_by_role_and_label(Role::ComboBox, "同分规则版本");
    assert_eq!(picker.value().as_deref(), Some("按开赛日期（现为 2024 版）"));
    picker.click();
    h.run();
    h.get_all_by_label("2026 版").rfind(|n| n.accesskit_node().role() == Role::Button).unwrap().click();
    h.run_ok();
    assert_eq!(h.get_by_role_and_label(Role::ComboBox, "同分规则版本").value().as_deref(), Some("2026 版"));
    press(&mut h, "保存阶段设置");
    let event = h.state().event.clone();
    assert_eq!(event.groups[0].stages[0].fide_edition, FideEditionChoice::Edition2026);
    assert_eq!(bh_of_4(&event), "4.5");
    assert!(caption(&event).is_some_and(|c| c.ends_with("国际棋联小分规则 2026 版")), "{:?}", caption(&event));

    // A stage without FIDE tiebreaks has no edition to choose.
    let h = harness(presets::build("cxa-swiss", Some("设置"), Some(5)).unwrap(), Lang::Zh);
    assert!(h.query_by_label("同分规则版本").is_none());
}
