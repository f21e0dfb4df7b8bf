//! The window runs whole events alone (issue 17): a director who never opens a terminal
//! takes the two rule books' events from 文件 → 新建 to the printed prize list and the
//! exported final ranking, through the real window (egui_kittest, by labels, the
//! bundled CJK font installed) — no CLI call, no library call that changes the event.
//! The library is only used to read what the window saved.

use crate::common;

use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, RoundNo, StageNo};
use bianpai::domain::rules::Tiebreak;
use bianpai::ui::consequences::Consequence;
use bianpai::ui::{BianpaiApp, Session, View};
use common::ui::{App, PLAYER_NAMES, WindowSetup, app_harness, new_event_in_window, settle, show_view, type_keys};
use egui::accesskit::Role;
use egui::{Event as InputEvent, Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn harness() -> App {
    let app = BianpaiApp::new(Session::start(None));
    let setup = WindowSetup { size: [1400.0, 2400.0], accessibility_check: false, max_steps: 16 };
    let mut h = app_harness(app, setup);
    h.run();
    h
}

/// Replaces the text of the field labelled `label` by typing, as a director would.
fn type_into(h: &mut App, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).focus();
    h.step();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.step();
    h.event(InputEvent::Text(text.to_string()));
    h.run();
}

/// Clicks the widget labelled `label` and lets the window settle (the worker answers
/// what the click sent).
fn click(h: &mut App, label: &str) {
    // Scrolled into view first, as a director scrolls to it: a long settings page
    // runs past the window's foot.
    h.get_by_label(label).scroll_to_me();
    h.run();
    h.get_by_label(label).click();
    settle(h);
}

/// Chooses a group in the top bar.
fn choose_group(h: &mut App, name: &str) {
    h.get_by_role_and_label(Role::ComboBox, "组别").click();
    h.run();
    let item = h
        .get_all_by_label(name)
        .rfind(|n| n.accesskit_node().role() == Role::Button)
        .unwrap_or_else(|| panic!("no group {name}"));
    item.click();
    h.run();
    assert_eq!(h.get_by_role_and_label(Role::ComboBox, "组别").value().as_deref(), Some(name), "{name} chosen");
}

fn event(h: &App) -> Event {
    h.state().event().cloned().expect("an open event")
}

/// 文件 → 新建…: a preset, a name, a path typed.
/// 选手 → 导入名单…: a roster by its path, previewed and imported.
fn import_roster(h: &mut App, roster: &Path, rows: usize) {
    show_view(h, "选手", View::Roster);
    click(h, "导入名单…");
    type_into(h, "文件路径", &roster.display().to_string());
    click(h, "读取预览");
    h.get_by_label_contains(&format!("共 {rows} 行"));
    h.get_by_label("导入").click();
    h.run_steps(3);
    settle(h);
}

/// Pairs the next round of the window's group and stage with the P key on 对阵, then
/// types a result on every board on 录入 (red wins on odd boards, black on even, a draw
/// on board 3); returns the round paired.
fn play_round(h: &mut App, group: GroupId, stage: StageNo) -> RoundNo {
    show_view(h, "对阵", View::Pairings);
    h.key_press(Key::P);
    settle(h);
    let e = event(h);
    let round = e.group(group).unwrap().stage(stage).unwrap().rounds.last().expect("a round paired").clone();
    show_view(h, "录入", View::Results);
    let boards: Vec<u32> = {
        let mut b: Vec<u32> = round.games.iter().map(|g| g.board.0).collect();
        b.dedup();
        b
    };
    for board in &boards {
        let key = match board {
            3 => "=",
            b if b % 2 == 1 => "1",
            _ => "0",
        };
        type_keys(h, &format!("{board}\n{key}"));
    }
    settle(h);
    let e = event(h);
    let saved = e.group(group).unwrap().stage(stage).unwrap().round(round.no).unwrap();
    assert!(
        saved.games.iter().all(|g| g.result.is_some()),
        "round {} of group {group}: every board has a result",
        round.no
    );
    round.no
}

/// 打印 → 另存为 PDF… → `document`, saved at `out` (typed); the PDF's bytes.
fn save_pdf(h: &mut App, document: &str, out: &Path) -> Vec<u8> {
    click(h, "打印");
    h.get_by_label("另存为 PDF…").hover();
    h.run_steps(2);
    h.get_by_label("另存为 PDF…").click();
    h.run_steps(2);
    h.get_all_by_label(document).last().unwrap().click();
    h.run_steps(2);
    let stem = out.with_extension("");
    type_into(h, "文件路径", &stem.display().to_string());
    click(h, "保存");
    for _ in 0..3 {
        h.step();
        h.state_mut().session_mut().wait_idle(Duration::from_secs(20));
    }
    std::fs::read(out).unwrap_or_else(|e| panic!("{}: {e}", out.display()))
}

/// 导出 → 最终排名（Excel）…, saved where the dialog proposes (beside the event file).
fn export_xlsx(h: &mut App, expected: &Path) -> Vec<u8> {
    click(h, "导出");
    h.get_by_label("最终排名（Excel）…").click();
    h.run_steps(2);
    click(h, "保存");
    for _ in 0..3 {
        h.step();
        h.state_mut().session_mut().wait_idle(Duration::from_secs(20));
    }
    std::fs::read(expected).unwrap_or_else(|e| panic!("{}: {e}", expected.display()))
}

/// The text a PDF draws, in reading order.
fn pdf_text(bytes: &[u8]) -> String {
    common::pdf::drawn_strings(bytes).iter().flatten().map(|d| d.2.clone()).collect::<Vec<_>>().join(" ")
}

/// Seed 003's three groups, six players each, born in each group's window, with phones.
fn huaiyin_roster(dir: &Path) -> PathBuf {
    let mut csv = String::from("姓名,性别,出生日期,电话,单位,组别\n");
    let groups = [("成人组", 1980), ("少年组", 2008), ("儿童组", 2013)];
    for (g, (group, year)) in groups.iter().enumerate() {
        for i in 0..6 {
            let gender = if i % 2 == 0 { "男" } else { "女" };
            let name = format!("{}{}", ["甲", "乙", "丙"][g], ["一", "二", "三", "四", "五", "六"][i]);
            csv.push_str(&format!("{name},{gender},{year}-0{}-1{i},1380000{g}{i:03},淮阴棋社,{group}\n", i + 1));
        }
    }
    let path = dir.join("淮阴名单.csv");
    std::fs::write(&path, csv).unwrap();
    path
}

// seed 003 — three groups, a prize-table edit, a tiebreak
// reorder, a registration refused by its window, three rounds in each group, the prize
// list printed and the final ranking exported, all in the window.
#[test]
fn seed_003_runs_in_the_window_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("淮阴预选赛.bianpai");
    let mut h = harness();
    new_event_in_window(&mut h, "huaiyin-2022", "2022淮阴区预选赛", &path);
    let groups: Vec<(GroupId, String)> = event(&h).groups.iter().map(|g| (g.id, g.name.clone())).collect();
    assert_eq!(groups.len(), 3);

    // 赛事: three rounds in each group; in 成人组 胜局 before 对手分 and 一等奖 120 元.
    show_view(&mut h, "赛事", View::Event);
    for (_, name) in &groups {
        choose_group(&mut h, name);
        type_into(&mut h, "计划轮数", "3");
        if name == "成人组" {
            h.get_by_label("下移 对手分").click_accesskit();
            h.run();
            type_into(&mut h, "金额 1", "120");
            click(&mut h, "保存奖励规则");
            settle(&mut h);
        }
        click(&mut h, "保存阶段设置");
        settle(&mut h);
    }
    let e = event(&h);
    let planned: Vec<_> = e.groups.iter().map(|g| g.stages[0].rounds_planned).collect();
    assert_eq!(planned, vec![Some(3); 3], "{:?}", h.state_mut().session_mut().refusals());
    let adult = &e.groups[0];
    assert_eq!(&adult.stages[0].tiebreaks[..2], &[Tiebreak::Wins, Tiebreak::OpponentsPoints]);
    assert_eq!(adult.prizes.by_rank[0].prize.describe(), "一等奖 120元");

    // 选手: a registration dated after 成人组's window is refused with its reason.
    choose_group(&mut h, "成人组");
    show_view(&mut h, "选手", View::Roster);
    click(&mut h, "添加选手…");
    type_into(&mut h, "姓名", "迟到者");
    type_into(&mut h, "出生日期", "1990-01-01");
    type_into(&mut h, "电话", "13900000000");
    type_into(&mut h, "报名日期", "2022-12-05");
    h.get_by_label("• 报名日期 2022-12-05 不在本组报名时间 2022-11-20 至 2022-11-30 内");
    assert!(h.get_by_label("保存").accesskit_node().is_disabled(), "only an override could accept it");
    type_into(&mut h, "报名日期", "2022-11-25");
    click(&mut h, "保存");
    settle(&mut h);
    let e = event(&h);
    assert_eq!(e.players.len(), 1);
    assert_eq!(e.players[0].entry.registered, Some(jiff::civil::date(2022, 11, 25)));

    // The three groups' roster, then three rounds in each group.
    let roster = huaiyin_roster(dir.path());
    import_roster(&mut h, &roster, 18);
    assert_eq!(event(&h).players.len(), 19);
    for (id, name) in &groups {
        choose_group(&mut h, name);
        for _ in 0..3 {
            play_round(&mut h, *id, StageNo(1));
        }
    }
    let e = event(&h);
    assert!(e.groups.iter().all(|g| g.stages[0].rounds.len() == 3));

    // 成人组's prize list (its 一等奖 now 120 元) and its final ranking in Excel.
    choose_group(&mut h, "成人组");
    let pdf = save_pdf(&mut h, "奖励名单", &dir.path().join("成人组奖励.pdf"));
    let text = pdf_text(&pdf);
    assert!(text.contains("一等奖") && text.contains("120"), "{text}");
    let xlsx = export_xlsx(&mut h, &dir.path().join("成人组-最终排名.xlsx"));
    assert!(xlsx.starts_with(b"PK"), "an Excel workbook");
}

/// 20 players for seed 000's club qualifier, two of them verified women.
fn lingting_roster(dir: &Path) -> PathBuf {
    // 18 men, then two women.
    let names = PLAYER_NAMES[..18].iter().chain(["唐丹", "王琳娜"].iter());
    let mut csv = String::from("姓名,性别,单位,等级分,女子验证\n");
    for (i, name) in names.enumerate() {
        let woman = i >= 18;
        let gender = if woman { "女" } else { "男" };
        csv.push_str(&format!(
            "{name},{gender},棋社{},{},{}\n",
            i % 4 + 1,
            2600 - 10 * i,
            if woman { "是" } else { "否" }
        ));
    }
    let path = dir.join("聆听杯名单.csv");
    std::fs::write(&path, csv).unwrap();
    path
}

/// Types `name` into the nominee search and takes the first player found (Enter).
fn nominate(h: &mut App, name: &str) {
    type_into(h, "搜索提名选手", name);
    h.key_press(Key::Enter);
    h.run();
}

/// Closes the window's stage from its pairing panel, confirming with Enter.
fn close_stage(h: &mut App) {
    show_view(h, "对阵", View::Pairings);
    h.get_by_label("结束本阶段并晋级").click();
    h.run_steps(2);
    h.key_press(Key::Enter);
    settle(h);
}

/// Pairs the next knockout round on 对阵图 and decides every match on 对阵图 by typing
/// 1 (red wins) on the game the bracket chooses: each game 2 is won by the other
/// player, so every match goes to a playoff game, which red wins.
fn play_knockout_round(h: &mut App, group: GroupId, stage: StageNo) {
    show_view(h, "对阵图", View::Bracket);
    click(h, "编排下一轮 (P)");
    let mut playoff_announced = false;
    for _ in 0..64 {
        let e = event(h);
        let last = e.group(group).unwrap().stage(stage).unwrap().rounds.last().unwrap().clone();
        if last.games.iter().all(|g| g.result.is_some()) {
            assert!(playoff_announced, "the status bar announced a playoff game (issue 18)");
            return;
        }
        type_keys(h, "1");
        settle(h);
        let announced = h.state_mut().session_mut().consequences().to_vec();
        playoff_announced |= announced.iter().any(|c| matches!(c, Consequence::PlayoffAdded { .. }));
    }
    panic!("the knockout round was not decided by 64 results");
}

// seed 000 — the club qualifier, the stage change with two
// nominees picked by name, the 7-round video Swiss, the knockout with playoffs, the
// printed prize list and the exported final ranking, all in the window.
#[test]
fn seed_000_runs_in_the_window_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("聆听杯.bianpai");
    let mut h = harness();
    new_event_in_window(&mut h, "lingting-cup", "第一届聆听杯", &path);
    let g = event(&h).groups[0].id;
    let (qualifier, swiss, knockout) = (StageNo(1), StageNo(2), StageNo(3));

    // 赛事: the qualifier plays 2 rounds; its top 14 and 2 nominees go on (16 players).
    show_view(&mut h, "赛事", View::Event);
    type_into(&mut h, "计划轮数", "2");
    type_into(&mut h, "晋级人数", "14");
    type_into(&mut h, "提名人数", "2");
    click(&mut h, "保存阶段设置");
    let stage = event(&h).groups[0].stages[0].clone();
    assert_eq!((stage.rounds_planned, stage.qualifiers, stage.nominees), (Some(2), Some(14), 2));

    import_roster(&mut h, &lingting_roster(dir.path()), 20);
    for _ in 0..2 {
        play_round(&mut h, g, qualifier);
    }

    // The qualifier is played out: its pairing panel hands on the top 14 and two
    // nominees picked by name, and opens the video Swiss.
    show_view(&mut h, "对阵", View::Pairings);
    let e = event(&h);
    let top: Vec<_> = bianpai::domain::standings::qualifiers(&e, g, &e.groups[0].stages[0])
        .unwrap()
        .iter()
        .map(|r| r.start_no)
        .collect();
    let others: Vec<_> = e.players.iter().map(|p| p.start_no).filter(|p| !top.contains(p)).collect();
    let nominees = [others[0], others[5]];
    for no in nominees {
        nominate(&mut h, &e.player(no).unwrap().entry.name.clone());
    }
    h.get_by_label("提名选手（已选 2/2）");
    close_stage(&mut h);
    let e = event(&h);
    let video = e.groups[0].stage(swiss).unwrap();
    assert_eq!(video.entrants.len(), 16);
    assert_eq!(&video.entrants[..14], &top[..], "the qualifiers in their order");
    assert_eq!(&video.entrants[14..], &nominees[..], "then the nominees as picked");
    assert_eq!(h.state().view(), View::Pairings, "the window shows the video Swiss' pairing panel");

    // The 7-round video Swiss, then the knockout of its top 16 with playoffs.
    assert_eq!(video.rounds_planned, Some(7));
    for _ in 0..7 {
        play_round(&mut h, g, swiss);
    }
    close_stage(&mut h);
    assert_eq!(event(&h).groups[0].stage(knockout).unwrap().entrants.len(), 16);
    for _ in 0..4 {
        play_knockout_round(&mut h, g, knockout);
    }
    let e = event(&h);
    let ko = e.groups[0].stage(knockout).unwrap();
    assert_eq!(ko.rounds.len(), 4, "round of 16, quarter-finals, semi-finals, final and third place");
    assert!(ko.rounds[0].games.iter().any(|g| g.game == 3), "the level matches went to a playoff game");

    // The prize list and the final ranking, from the window.
    let pdf = save_pdf(&mut h, "奖励名单", &dir.path().join("聆听杯奖励.pdf"));
    let text = pdf_text(&pdf);
    assert!(text.contains("奖杯：3") && text.contains("幸运奖") && text.contains("女子重大奖"), "{text}");
    // a long list of awards wraps in its cell; nothing is cut off.
    assert!(text.contains("冠军奖杯") && !text.contains('…'), "{text}");
    let xlsx = export_xlsx(&mut h, &dir.path().join("公开组-最终排名.xlsx"));
    assert!(xlsx.starts_with(b"PK"), "an Excel workbook");
}
