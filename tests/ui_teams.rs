//! Team competitions in the window, driven headless through egui_kittest by the
//! labels a director reads: a `cxa-team` event made with 文件 → 新建…, its roster
//! imported, matches set to 2 boards on 队伍 → 设置, one team made by hand (members in
//! board order, a reserve, a captain) and the others by 按单位组队, a refused team
//! shown in words, a line-up changed before round 1, two rounds paired with `P` and
//! shown by match, every result typed by keyboard on 录入 (as `match.board`, as the
//! round's board number and by the suggested board), and 成绩 showing the team
//! standings and the team crosstable as the library computes them. Then the teams
//! panel alone (`PanelHost`): keys, a removal refused in words, English labels.

use crate::common;

use bianpai::domain::command::{Command, TeamCommand, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::model::team::TeamId;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::present::teams::{TeamRanking, TeamTable};
use bianpai::ui::standings_ui::StandingsView;
use bianpai::ui::teams_ui::TeamsView;
use bianpai::ui::{BianpaiApp, Lang, PanelHost, Session, View};
use common::teams::{G, S, pair_and_play, team_event};
use common::ui::{
    App, PLAYER_NAMES, WindowSetup, app_harness, panel_harness, save_pdf_from_menu, settle, show_view, type_keys,
};
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use std::path::{Path, PathBuf};

const EVENT_NAME: &str = "2025 团体赛界面测试";
/// Four clubs of three players: players 1–3 are 北京's, 4–6 上海's, 7–9 广东's, 10–12 四川's.
const CLUBS: [&str; 4] = ["北京", "上海", "广东", "四川"];

fn event(h: &App) -> Event {
    h.state().event().cloned().expect("an open event")
}

fn name(i: u32) -> &'static str {
    PLAYER_NAMES[i as usize - 1]
}

fn roster_csv(dir: &Path) -> PathBuf {
    let mut csv = String::from("姓名,性别,单位,等级分\n");
    for i in 1..=12u32 {
        csv.push_str(&format!("{},男,{},{}\n", name(i), CLUBS[(i as usize - 1) / 3], 2400 - 10 * i));
    }
    let path = dir.join("团体名单.csv");
    std::fs::write(&path, csv).unwrap();
    path
}

/// Clicks the text field labelled `label` and types `text` (`\n` is Enter).
fn type_into(h: &mut App, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).click();
    h.run();
    type_keys(h, text);
    h.run();
}

/// 文件 → 新建…: the cxa-team preset, 3 rounds, a typed path; then the roster imported.
fn new_team_event(h: &mut App, dir: &Path) {
    let path = dir.join("团体赛.bianpai");
    common::ui::new_event_in_window_with_rounds(h, "cxa-team", EVENT_NAME, &path, Some(3));
    assert_eq!(event(h).preset, "cxa-team");

    show_view(h, "选手", View::Roster);
    let csv = roster_csv(dir);
    common::ui::read_into_import_preview(h, &csv, bianpai::lang::Lang::Zh);
    h.get_by_label("导入").click();
    h.run_steps(3);
    settle(h);
    assert_eq!(event(h).players.len(), 12);
}

/// 队伍 → 设置: two boards a match.
fn two_boards(h: &mut App) {
    show_view(h, "队伍", View::Teams);
    h.get_by_label("设置").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "每场台数").set_text_value_accesskit("2");
    h.run();
    h.get_by_label("保存团体赛设置").click();
    settle(h);
    assert_eq!(event(h).groups[0].stages[0].teams.as_ref().unwrap().boards, 2);
}

/// 队伍名单: 北京队 by hand — players 1, 2, 3 in order, 3 a reserve, 1 the captain
/// the same name again is refused in words; the other clubs by 按单位组队.
fn make_teams(h: &mut App) {
    h.get_by_label("队伍名单").click();
    h.run();
    h.get_by_label("新建队伍…").click();
    h.run();
    type_keys(h, "北京队");
    type_into(h, "单位", "北京");
    // Enter adds the first player found and keeps the keyboard in the field.
    type_into(h, "添加队员", "1\n");
    for no in ["2\n", "3\n"] {
        type_keys(h, no);
        h.run();
    }
    h.get_by_label(&format!("改为替补 {}", name(3))).click();
    h.run();
    h.get_by_label(&format!("队长 {}", name(1))).click();
    h.run();
    h.get_by_label("保存").click();
    settle(h);
    let e = event(h);
    let team = &e.groups[0].teams[0];
    assert_eq!((team.name.as_str(), team.club.as_str()), ("北京队", "北京"));
    assert_eq!(team.members, [StartNo(1), StartNo(2)]);
    assert_eq!(team.reserves, [StartNo(3)]);
    assert_eq!(team.captain, Some(StartNo(1)));
    assert!(h.query_by_label("新建队伍").is_none(), "the form closes once saved");
    h.get_by_label("1.王天一 2.郑惟桐");

    // The same name again: the rules refuse it, the form says why and stays open.
    h.get_by_label("新建队伍…").click();
    h.run();
    type_keys(h, "北京队");
    type_into(h, "添加队员", "4\n");
    h.get_by_label("保存").click();
    settle(h);
    h.get_by_label("本组已有“北京队”队。");
    assert_eq!(event(h).groups[0].teams.len(), 1);
    h.get_by_label("取消").click();
    h.run();

    type_into(h, "每队至少", "3");
    h.get_by_label("按单位组队").click();
    settle(h);
    let names: Vec<String> = event(h).groups[0].teams.iter().map(|t| t.name.clone()).collect();
    assert_eq!(names.len(), 4, "{names:?}");
    for club in &CLUBS[1..] {
        assert!(names.iter().any(|n| n == club), "{club} makes a team: {names:?}");
    }
}

/// 出场名单 of round 1: 上海 (players 4, 5, 6) fields 4 and 6 instead of 4 and 5.
fn shanghai_lineup(h: &mut App) {
    h.get_by_label("出场名单").click();
    h.run();
    h.get_by_label("第1轮（下一轮）");
    h.get_by_label(&format!("5 {}", name(5))).click();
    h.run();
    h.get_by_label(&format!("6 {}", name(6))).click();
    h.run();
    h.get_by_label("保存出场名单（1队）").click();
    settle(h);
    let e = event(h);
    let shanghai = e.groups[0].team_named("上海").unwrap().id;
    let planned = e.groups[0].stages[0].teams.as_ref().unwrap().planned_lineup(RoundNo(1), shanghai).cloned();
    assert_eq!(planned.map(|l| l.players), Some(vec![StartNo(4), StartNo(6)]));
}

/// 对阵: the next round paired with `P`, shown by match.
fn pair(h: &mut App, round: u32) {
    show_view(h, "对阵", View::Pairings);
    h.key_press(Key::P);
    settle(h);
    let e = event(h);
    let paired = e.groups[0].stages[0].round(RoundNo(round)).expect("the round is paired");
    let tr = paired.teams.as_ref().expect("a team round");
    assert_eq!((tr.matches.len(), paired.games.len()), (2, 4));
    h.get_by_label("第1场");
    h.get_by_label("第2场");
    let home = &e.groups[0].team(tr.matches[0].home).unwrap().name;
    h.get_by_label(&format!("{home}（主）"));
}

/// The 局分 a board's outcome gives (home, away), the home team red or black.
fn points_of(outcome: Outcome, home_red: bool) -> (u32, u32) {
    let (red, black) = match outcome {
        Outcome::RedWins => (2, 0),
        Outcome::Draw => (1, 1),
        _ => (0, 2),
    };
    if home_red { (red, black) } else { (black, red) }
}

// a team event run through the window; its team standings are
// the library's, and the match scores are those counted by hand.
#[test]
fn a_team_event_is_run_through_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let app = BianpaiApp::new(Session::start(None));
    let mut h = app_harness(app, WindowSetup { size: [1400.0, 1000.0], max_steps: 16, accessibility_check: false });
    h.run();
    new_team_event(&mut h, dir.path());
    two_boards(&mut h);
    make_teams(&mut h);
    shanghai_lineup(&mut h);

    // Round 1: 上海's line-up is the one named; results typed as match.board and as the
    // round's board number.
    pair(&mut h, 1);
    let e = event(&h);
    let tr = e.groups[0].stages[0].rounds[0].teams.clone().unwrap();
    let shanghai = e.groups[0].team_named("上海").unwrap().id;
    assert_eq!(tr.match_of(shanghai).unwrap().lineup_of(shanghai), Some(&[StartNo(4), StartNo(6)][..]));
    show_view(&mut h, "录入", View::Results);
    type_keys(&h, "1.1\n1");
    type_keys(&h, "1.2\n=");
    type_keys(&h, "2.1\n0");
    type_keys(&h, "4\n1");
    settle(&mut h);
    let outcomes = [Outcome::RedWins, Outcome::Draw, Outcome::BlackWins, Outcome::RedWins];
    let round1 = event(&h).groups[0].stages[0].rounds[0].clone();
    for (board, outcome) in (1..=4).zip(outcomes) {
        let game = round1.games.iter().find(|g| g.board == BoardNo(board)).unwrap();
        assert_eq!(game.result, Some(GameResult::plain(outcome)), "board {board}");
    }
    // Match 1: 2:0 and 1:1 for the home team, red on board 1 → 3:1, the match won.
    // Match 2: 0:2, then the home team black on board 2 loses again → 0:4.
    h.get_by_label("局分 3:1 · 场分 2:0");
    h.get_by_label("局分 0:4 · 场分 0:2");

    // Round 2: every board by the suggested board (Enter) and a result key.
    pair(&mut h, 2);
    show_view(&mut h, "录入", View::Results);
    type_keys(&h, "\n1\n=\n0\n1");
    settle(&mut h);
    let e = event(&h);
    assert!(e.groups[0].stages[0].rounds[1].is_complete(), "round 2 is complete");

    // 成绩: the team standings first in a team stage, as the library ranks them.
    show_view(&mut h, "成绩", View::Standings);
    let ranking = TeamRanking::of_group(&e, GroupId(1), None, None).unwrap().unwrap();
    let table = TeamTable::of(&e, &e.groups[0], &ranking);
    assert_eq!(team_rows(&h, &e), table.rows.iter().map(|r| r.cells.clone()).collect::<Vec<_>>());
    // Counted by hand from the boards' outcomes (the same in both rounds): each team's
    // 场分 and 局分 as the window shows them.
    let by_hand = counted_by_hand(&e, &outcomes);
    for row in team_rows(&h, &e) {
        let (mp, gp) = by_hand[&row[1]];
        assert_eq!((row[3].as_str(), row[4].as_str()), (mp.to_string().as_str(), gp.to_string().as_str()), "{row:?}");
    }

    // The team crosstable: the row team's 局分 against the column team.
    h.get_by_label("团体交叉表").click();
    h.run();
    assert!(h.query_all_by_label("3:1").count() >= 1);
    assert!(h.query_all_by_label("1:3").count() >= 1);
    h.get_by_label("个人").click();
    h.run();
    h.get_by_label(name(1));

    // The score cards of the last round, printed from the 打印 menu.
    let cards = print_score_cards(&mut h, dir.path());
    assert_eq!(cards.matches("对阵记录单　第").count(), 2, "two matches, two cards:\n{cards}");
    assert_eq!(cards.matches("主队队长：").count(), 2, "{cards}");
    assert_eq!(cards.matches("客队队长：").count(), 2, "{cards}");
    assert!(cards.contains("上海"), "{cards}");
}

/// Saves the score cards from 打印 → 另存为 PDF… → 对阵记录单 and returns their text.
fn print_score_cards(h: &mut App, dir: &Path) -> String {
    h.get_by_label("打印").click();
    h.run_steps(2);
    let bytes = save_pdf_from_menu(h, "对阵记录单", &dir.join("记录单"));
    common::pdf::drawn_strings(&bytes).into_iter().flatten().map(|(_, _, t)| t + "\n").collect()
}

/// Each team's (场分, 局分) counted from `outcomes` of the round's boards 1–4, the same
/// in every round: a board's 局分 2/1/0 from the side the team sat on, the match 2/1/0.
fn counted_by_hand(e: &Event, outcomes: &[Outcome; 4]) -> std::collections::BTreeMap<String, (u32, u32)> {
    let mut by_hand: std::collections::BTreeMap<String, (u32, u32)> = Default::default();
    for round in &e.groups[0].stages[0].rounds {
        for m in &round.teams.as_ref().unwrap().matches {
            let (mut home, mut away) = (0, 0);
            for b in 1..=2u32 {
                let (h, a) = points_of(outcomes[((m.no - 1) * 2 + b - 1) as usize], b % 2 == 1);
                (home, away) = (home + h, away + a);
            }
            let (home_mp, away_mp) = match home.cmp(&away) {
                std::cmp::Ordering::Greater => (2, 0),
                std::cmp::Ordering::Equal => (1, 1),
                std::cmp::Ordering::Less => (0, 2),
            };
            for (team, mp, gp) in [(m.home, home_mp, home), (m.away, away_mp, away)] {
                let entry = by_hand.entry(e.groups[0].team(team).unwrap().name.clone()).or_default();
                *entry = (entry.0 + mp, entry.1 + gp);
            }
        }
    }
    by_hand
}

/// The team standings table's rows as drawn: the labels level with each team's name,
/// left to right, top to bottom.
fn team_rows(h: &App, e: &Event) -> Vec<Vec<String>> {
    let heading = h.get_by_label("名次").rect();
    let labels: Vec<(egui::Rect, String)> = h
        .query_all_by(|n| n.role() == Role::Label)
        .filter_map(|n| Some((n.rect(), n.value()?)))
        .filter(|(r, _)| r.top() >= heading.bottom() && r.left() >= heading.left() - 20.0)
        .collect();
    let team_names: Vec<String> = e.groups[0].teams.iter().map(|t| t.name.clone()).collect();
    let mut names: Vec<&(egui::Rect, String)> = labels.iter().filter(|(_, t)| team_names.contains(t)).collect();
    names.sort_by(|a, b| a.0.center().y.total_cmp(&b.0.center().y));
    // A team named after its club shows the name twice in its row.
    names.dedup_by(|a, b| (a.0.center().y - b.0.center().y).abs() < 2.0);
    names
        .iter()
        .map(|(name_rect, _)| {
            let mut cells: Vec<&(egui::Rect, String)> =
                labels.iter().filter(|(r, _)| (r.center().y - name_rect.center().y).abs() < 2.0).collect();
            cells.sort_by(|a, b| a.0.left().total_cmp(&b.0.left()));
            cells.iter().map(|(_, t)| t.clone()).collect()
        })
        .collect()
}

/// The teams panel alone over 4 teams of 3 with round 1 played.
fn played_teams() -> PanelHost<TeamsView> {
    let mut e = team_event(4, 3, 2, 3);
    pair_and_play(&mut e, 5, |_, _| Outcome::Draw);
    PanelHost::new(TeamsView::default(), e)
}

// ↓ chooses a team, Enter edits it, Esc closes the form; Delete asks, and a
// team that has played is refused in words.
#[test]
fn the_teams_panel_works_by_keys_and_refuses_in_words() {
    let mut h = panel_harness(played_teams(), WindowSetup::default());
    h.run();
    h.key_press(Key::ArrowDown);
    h.run();
    assert_eq!(h.state().panel.selected, Some(TeamId(1)));
    h.key_press(Key::ArrowDown);
    h.run();
    assert_eq!(h.state().panel.selected, Some(TeamId(2)));
    h.key_press(Key::Enter);
    h.run();
    h.get_by_label("修改队伍“队2”");
    h.key_press(Key::Escape);
    h.run();
    assert!(h.query_by_label("修改队伍“队2”").is_none());
    // A click chooses a row; the keys go on from it.
    h.get_by_label("队3").click();
    h.run();
    assert_eq!(h.state().panel.selected, Some(TeamId(3)));
    h.key_press(Key::ArrowUp);
    h.run();
    assert_eq!(h.state().panel.selected, Some(TeamId(2)));
    h.key_press(Key::Delete);
    h.run();
    h.get_by_label("删除 (Enter)");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert!(h.state_mut().apply_jobs().is_empty());
    h.run();
    h.get_by_label("“队2”已经参赛，不能删除。");
    assert_eq!(h.state().event.groups[0].teams.len(), 4);
}

// a line-up refused by the rules (its match got a result meanwhile) is shown
// under its team; the window's words follow the language.
#[test]
fn a_refused_lineup_is_shown_under_its_team_in_either_language() {
    let mut e = team_event(4, 3, 2, 3);
    let round = bianpai::domain::swiss::pair_next_round(&e, G, S, 9).unwrap();
    apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
    let mut host = PanelHost::new(TeamsView::default(), e);
    host.panel.tab = bianpai::ui::teams_ui::TeamsTab::Lineups;
    let mut h = panel_harness(host, WindowSetup::default());
    h.run();
    h.get_by_label("第1轮（已编排）");
    // 队1 fields its third member instead of its second.
    common::ui::swap_in_lineup(&mut h, "2 P2", "3 P3", "保存出场名单（1队）");
    // Meanwhile a result is recorded in 队1's match: the line-up can no longer change.
    let tr = h.state().event.groups[0].stages[0].rounds[0].teams.clone().unwrap();
    let board = tr.match_of(TeamId(1)).unwrap().board_no(2, 1);
    let result = Some(GameResult::plain(Outcome::Draw));
    let record = Command::RecordResult { group: G, stage: S, round: RoundNo(1), board, game: 1, result };
    apply(&mut h.state_mut().event, &record).unwrap();
    h.state_mut().apply_jobs();
    h.run();
    let m = tr.match_of(TeamId(1)).unwrap().no;
    h.get_by_label(&format!("第1轮第{m}场已有成绩，出场名单不能再改。"));
    h.state_mut().lang = Lang::En;
    h.run();
    h.get_by_label(&format!("Match {m} of round 1 has results; its line-ups can no longer change."));
    h.get_by_label("Line-ups");
}

// 队员总分制 is set on an individual group's 设置 tab.
#[test]
fn member_ranking_is_set_in_the_settings_tab() {
    let mut e = bianpai::domain::presets::build("cxa-swiss", None, Some(5)).unwrap();
    let entries = (1..=6)
        .map(|i| bianpai::domain::player::PlayerEntry {
            name: format!("P{i}"),
            club: format!("C{}", (i + 1) / 2),
            ..Default::default()
        })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    apply(&mut e, &Command::Team { group: G, change: TeamCommand::FromClubs { min: 2 } }).unwrap();
    let mut host = PanelHost::new(TeamsView::default(), e);
    host.panel.tab = bianpai::ui::teams_ui::TeamsTab::Settings;
    let mut h = panel_harness(host, WindowSetup::default());
    h.run();
    h.get_by_label("启用队员总分制").click();
    h.run();
    type_into_host(&mut h, "每队计分人数", "2");
    h.get_by_label("保存队员总分制").click();
    h.run();
    h.state_mut().apply_jobs();
    h.run();
    let ranking = h.state().event.groups[0].member_ranking.clone().unwrap();
    assert_eq!(ranking.count, Some(2));

    // 成绩 of the individual stage offers 团体: the teams by their members' points.
    let mut e = h.state().event.clone();
    pair_and_play_individual(&mut e);
    let mut h = panel_harness(PanelHost::new(StandingsView::default(), e), WindowSetup::default());
    h.run();
    h.get_by_label("团体").click();
    h.run();
    h.get_by_label("队员总分制：每队计前2名队员的个人积分；不足2人的队排在后面。");
    h.get_by_label("计分队员");
    assert_eq!(h.get_all_by_label("C1").count(), 2, "team C1 named after its club");
}

/// Round 1 of the individual stage, red winning every board.
fn pair_and_play_individual(e: &mut Event) {
    let round = bianpai::domain::swiss::pair_next_round(e, G, StageNo(1), 3).unwrap();
    let boards: Vec<BoardNo> = round.games.iter().map(|g| g.board).collect();
    apply(e, &Command::PairRound { group: G, stage: StageNo(1), round }).unwrap();
    for board in boards {
        let result = Some(GameResult::plain(Outcome::RedWins));
        apply(e, &Command::RecordResult { group: G, stage: StageNo(1), round: RoundNo(1), board, game: 1, result })
            .unwrap();
    }
}

fn type_into_host(h: &mut egui_kittest::Harness<'static, PanelHost<TeamsView>>, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).click();
    h.run();
    for c in text.chars() {
        h.event(egui::Event::Text(c.to_string()));
    }
    h.run();
}

// in English, the pairing panel shows the round by
// match, the results panel takes `match.board` and names the board so, and the
// standings switch to the team table and crosstable.
#[test]
fn a_team_round_in_english_by_match() {
    let mut e = team_event(4, 3, 2, 3);
    // Round 1: match 1's home team wins both boards (red on board 1, black on 2).
    let home_wins = |b: u32| if b % 2 == 1 { Outcome::RedWins } else { Outcome::BlackWins };
    pair_and_play(&mut e, 5, |m, b| if m == 1 { home_wins(b) } else { Outcome::Draw });
    let round = bianpai::domain::swiss::pair_next_round(&e, G, S, 6).unwrap();
    apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
    let tr = e.groups[0].stages[0].rounds[1].teams.clone().unwrap();
    let home = e.groups[0].team(tr.matches[1].home).unwrap().name.clone();

    let mut host = PanelHost::new(bianpai::ui::pairing_ui::PairingView::default(), e.clone());
    host.lang = Lang::En;
    let mut h = panel_harness(host, WindowSetup::default());
    h.run();
    h.get_by_label("Match 2");
    h.get_by_label(&format!("{home} (home)"));
    assert_eq!(h.get_all_by_label("2.2").count(), 1, "match 2's board 2");

    let mut host = PanelHost::new(bianpai::ui::results_ui::ResultsView::default(), e.clone());
    host.lang = Lang::En;
    let mut h = panel_harness(host, WindowSetup::default());
    h.run_steps(3);
    for c in "2.2\n".chars() {
        match c {
            '\n' => h.key_press(Key::Enter),
            c => h.event(egui::Event::Text(c.to_string())),
        }
    }
    h.run();
    h.get_by_label_contains("→ match 2, board 2");
    h.event(egui::Event::Text("0".into()));
    h.run();
    let jobs = h.state_mut().take_jobs();
    let commands: Vec<&Command> = jobs
        .iter()
        .flat_map(|j| match j {
            bianpai::ui::Job::Execute { commands, .. } => commands.iter().collect(),
            _ => Vec::new(),
        })
        .collect();
    let board = tr.matches[1].board_no(2, 2);
    assert!(
        matches!(commands.as_slice(), [Command::RecordResult { board: b, round: RoundNo(2), .. }] if *b == board),
        "{commands:?}"
    );
    h.state_mut().jobs = jobs;
    assert!(h.state_mut().apply_jobs().is_empty());
    h.run();
    // The home team is black on board 2: black's win is the home team's 2:0.
    h.get_by_label("Games 2:0 (in play)");

    let mut host = PanelHost::new(StandingsView::default(), e);
    host.lang = Lang::En;
    let mut h = panel_harness(host, WindowSetup::default());
    h.run();
    h.get_by_label("Match pts");
    h.get_by_label("Team crosstable").click();
    h.run();
    h.get_by_label("Each cell: the row team's game points against the column team (matches played out).");
    assert_eq!(h.get_all_by_label("4:0").count(), 1, "round 1's match 1, from the winner's row");
    assert_eq!(h.get_all_by_label("0:4").count(), 1, "and from the loser's");
}
