//! The event's team ranking across groups in the window, driven headless
//! through egui_kittest by the labels a director reads: 队伍 → 全赛事团体, the ranking
//! turned on by keyboard, the best member of each group chosen, the change sent as one
//! command with the words the status bar announces, and the table as worked out by hand
//! in `common::clubs`; then in English, and a setting that cannot be read refused in
//! words.

use crate::common;

use bianpai::domain::model::team::{EventTeamCount, EventTeamRanking};
use bianpai::ui::session::Job;
use bianpai::ui::teams_ui::TeamsView;
use bianpai::ui::{Lang, PanelHost};
use common::clubs::three_groups;
use common::ui::{WindowSetup, panel_harness};
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

// turned on in the window, the best member of each group; the table shows each
// club's points, counted members with their group, 对手分 and best rank.
#[test]
fn the_event_team_ranking_is_set_and_shown_in_the_teams_panel() {
    let host = PanelHost::new(TeamsView::default(), three_groups());
    let mut h = panel_harness(host, WindowSetup { size: [1400.0, 900.0], ..WindowSetup::default() });
    h.run();
    h.get_by_label("全赛事团体").click();
    h.run();
    h.get_by_label("全赛事团体排名未启用。");

    // By keyboard: the checkbox and the radio button take Space.
    h.get_by_label("启用全赛事团体排名").focus();
    h.run();
    h.key_press(Key::Space);
    h.run();
    h.get_by_label("每组前N名").focus();
    h.run();
    h.key_press(Key::Space);
    h.run();
    h.get_by_role_and_label(Role::TextInput, "计分人数 N").focus();
    h.run();
    h.event(egui::Event::Text("1".into()));
    h.run();
    h.get_by_label("保存全赛事团体设置").click();
    h.run();
    // One command, named as the status bar announces it.
    let labels: Vec<String> = h
        .state()
        .jobs
        .iter()
        .filter_map(|j| match j {
            Job::Execute { label, .. } => Some(label.zh.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(labels, ["全赛事团体：各单位计每个个人赛组别的每组前1名"]);
    h.state_mut().apply_jobs();
    h.run();
    let setting = EventTeamRanking { groups: None, count: EventTeamCount::BestPerGroup(1) };
    assert_eq!(h.state().event.team_ranking, Some(setting));

    // 甲 3 + 1 + 4 = 8 first; 乙 7 (对手分 15) before 丙 7 (对手分 12).
    h.get_by_label("全赛事团体：各单位计每个个人赛组别的每组前1名；同分比对手分、最好名次、犯规");
    h.get_by_label("成绩：成人组第2轮后、少年组第2轮后、儿童组第2轮后");
    for heading in ["名次", "单位", "积分", "计分队员", "对手分", "最好名次", "犯规"] {
        h.get_by_label(heading);
    }
    let row_of = |h: &egui_kittest::Harness<'_, PanelHost<TeamsView>>, club: &str| -> Vec<String> {
        let y = h.get_by_label(club).rect().center().y;
        let mut cells: Vec<(f32, String)> = h
            .query_all_by(|n| n.role() == Role::Label)
            .filter(|n| (n.rect().center().y - y).abs() < 2.0)
            .filter_map(|n| Some((n.rect().left(), n.value()?)))
            .collect();
        cells.sort_by(|a, b| a.0.total_cmp(&b.0));
        cells.into_iter().map(|(_, t)| t).collect()
    };
    assert_eq!(
        row_of(&h, "甲"),
        ["1", "甲", "8", "12 C12（儿童组 4）、4 C4（成人组 3）、7 C7（少年组 1）", "9", "2", "0"]
    );
    assert_eq!(
        row_of(&h, "乙"),
        ["2", "乙", "7", "9 C9（儿童组 6）、3 C3（成人组 1）、6 C6（少年组 0）", "15", "1", "0"]
    );
    assert_eq!(
        row_of(&h, "丙"),
        ["3", "丙", "7", "1 C1（成人组 4）、8 C8（少年组 3）、10 C10（儿童组 0）", "12", "1", "0"]
    );

    // English words follow the window's language.
    h.state_mut().lang = Lang::En;
    h.run();
    h.get_by_label(
        "Team ranking across every individual group: each club counts its best 1 per group; ties by opp. points, \
         best rank, fouls",
    );
    h.get_by_label("Counted members");
    h.get_by_label("12 C12 (儿童组 4), 4 C4 (成人组 3), 7 C7 (少年组 1)");

    // No group ticked: refused in words, nothing sent.
    for group in ["成人组", "少年组", "儿童组"] {
        h.get_by_label(group).click();
        h.run();
    }
    h.get_by_label("Save event team ranking").click();
    h.run();
    h.get_by_label("Tick at least one group.");
    assert!(h.state().jobs.is_empty());
}
