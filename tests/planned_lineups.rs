//! Issue 38, item 17: a line-up named before a team round is checked
//! again when the round is paired. A player withdrawn or disqualified since, or moved
//! to another team, refuses the pairing with words naming the team, the round and the
//! player and saying to name the line-up again; nothing is paired. Once the line-up is
//! named again, the round pairs with it. In the library, on the command line and in
//! the window.

use crate::common;

use bianpai::domain::command::{Command, TeamCommand, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{RoundNo, StartNo};
use bianpai::domain::model::team::TeamId;
use bianpai::domain::model::team_issue::TeamIssue;
use bianpai::domain::player::PlayerStatus;
use bianpai::domain::result::Outcome;
use bianpai::domain::swiss::{PairingError, pair_next_round};
use bianpai::lang::{Lang, Localized};
use bianpai::store::{EventFile, EventReader};
use common::teams::{G, S, pair_and_play, team_event};

/// Team `team` fields `players` (board order) in round `round`, named before it.
fn name_lineup(e: &mut Event, round: u32, team: u32, players: &[u32]) {
    let players = players.iter().map(|p| StartNo(*p)).collect();
    let change = TeamCommand::SetLineup { stage: S, round: RoundNo(round), team: TeamId(team), players };
    apply(e, &Command::Team { group: G, change }).unwrap();
}

fn set_status(e: &mut Event, player: u32, status: PlayerStatus) {
    apply(e, &Command::SetPlayerStatus { start_no: StartNo(player), status, reason: "测试".into() }).unwrap();
}

/// Team `team`'s registered members become `members`.
fn set_members(e: &mut Event, team: u32, members: &[u32]) {
    let mut edited = e.groups[0].team(TeamId(team)).unwrap().clone();
    edited.members = members.iter().map(|p| StartNo(*p)).collect();
    apply(e, &Command::Team { group: G, change: TeamCommand::Edit { team: edited } }).unwrap();
}

/// Two teams of three, two boards: 队1 is players 1–3, 队2 players 4–6.
fn two_teams() -> Event {
    team_event(2, 3, 2, 3)
}

// Issue 38 item 17: a player withdrawn or disqualified after the line-up was
// named is not paired; the refusal names team, round and player, in both languages,
// and says what to do. Named again, the round pairs with the new line-up.
#[test]
fn a_player_out_since_the_lineup_was_named_refuses_the_pairing() {
    for status in [PlayerStatus::Withdrawn, PlayerStatus::Disqualified] {
        let mut e = two_teams();
        name_lineup(&mut e, 1, 1, &[1, 2]);
        set_status(&mut e, 2, status);
        let refused = pair_next_round(&e, G, S, 1).unwrap_err();
        let issue = TeamIssue::MemberCannotPlay(StartNo(2));
        assert_eq!(refused, PairingError::PlannedLineupInvalid { round: RoundNo(1), team: "队1".into(), issue });
        let zh = refused.message(Lang::Zh);
        for part in ["第1轮", "“队1”", "2号", "重新排定"] {
            assert!(zh.contains(part), "{part}: {zh}");
        }
        let en = refused.message(Lang::En);
        for part in ["round 1", "“队1”", "No. 2", "again"] {
            assert!(en.contains(part), "{part}: {en}");
        }

        name_lineup(&mut e, 1, 1, &[1, 3]);
        let round = pair_next_round(&e, G, S, 1).unwrap();
        let m = &round.teams.as_ref().unwrap().matches[0];
        assert_eq!(m.lineup_of(TeamId(1)), Some(&[StartNo(1), StartNo(3)][..]));
        assert!(round.games.iter().all(|g| g.red != StartNo(2) && g.black != StartNo(2)), "{status:?}");
    }
}

// Issue 38 item 17: a player moved to another team after his old
// team named him for a later round does not play for the old team.
#[test]
fn a_player_moved_to_another_team_is_not_fielded_by_the_old_one() {
    // Four teams, so that round 2 has opponents left without a rematch.
    let mut e = team_event(4, 3, 2, 3);
    pair_and_play(&mut e, 1, |_, _| Outcome::Draw);
    name_lineup(&mut e, 2, 1, &[1, 3]);
    set_members(&mut e, 1, &[1, 2]);
    set_members(&mut e, 2, &[4, 5, 6, 3]);
    let refused = pair_next_round(&e, G, S, 2).unwrap_err();
    let issue = TeamIssue::NotTeamMember { player: StartNo(3), team: "队1".into() };
    assert_eq!(refused, PairingError::PlannedLineupInvalid { round: RoundNo(2), team: "队1".into(), issue });
    assert!(refused.message(Lang::En).contains("No. 3 is not a member of “队1”"), "{}", refused.message(Lang::En));
}

/// A `cxa-team` event file of two teams of three on two boards: 甲 (1–3), 乙 (4–6).
fn team_file(dir: &std::path::Path) -> String {
    let file = dir.join("t.bianpai");
    let f = file.to_str().unwrap().to_string();
    common::ok(&["new", &f, "--preset", "cxa-team", "--rounds", "3", "--boards", "2"]);
    let roster = dir.join("r.csv");
    std::fs::write(&roster, "姓名,队名\nA1,甲\nA2,甲\nA3,甲\nB1,乙\nB2,乙\nB3,乙\n").unwrap();
    common::ok(&["players", "import", &f, roster.to_str().unwrap()]);
    f
}

fn rounds_paired(file: &str) -> usize {
    EventReader::open(std::path::Path::new(file)).unwrap().event().groups[0].stages[0].rounds.len()
}

// Issue 38 item 17: `bianpai pair` refuses (exit 1) in the run's language, names the
// team, round and player and the command that names the line-up again; nothing is
// paired until it is.
#[test]
fn the_command_line_refuses_and_says_how_to_name_the_lineup_again() {
    let dir = tempfile::tempdir().unwrap();
    let f = team_file(dir.path());
    common::ok(&["lineup", &f, "--round", "1", "甲", "2,3"]);
    common::ok(&["players", "withdraw", &f, "2"]);
    let en = common::bianpai_in("en", &["pair", &f]);
    assert_eq!(common::code(&en), 1, "{}", common::stderr(&en));
    let said = common::stderr(&en);
    for part in ["Round 1 cannot be paired", "“甲”", "No. 2 has withdrawn", "bianpai lineup FILE --round 1 甲"] {
        assert!(said.contains(part), "{part}: {said}");
    }
    let zh = common::bianpai_in("zh_CN.UTF-8", &["pair", &f]);
    let said = common::stderr(&zh);
    for part in ["第1轮无法编排", "“甲”", "2号选手已退赛", "请重新排定“甲”第1轮的出场名单"]
    {
        assert!(said.contains(part), "{part}: {said}");
    }
    assert_eq!(rounds_paired(&f), 0, "nothing is paired");

    common::ok(&["lineup", &f, "--round", "1", "甲", "1,3"]);
    common::ok(&["pair", &f, "--seed", "1"]);
    let pairings = common::json(&["pairings", &f, "--json"]);
    let fielded: Vec<u64> = pairings["matches"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| [b["red"]["start_no"].as_u64().unwrap(), b["black"]["start_no"].as_u64().unwrap()])
        .collect();
    assert!(fielded.contains(&1) && fielded.contains(&3) && !fielded.contains(&2), "{fielded:?}");
}

// Issue 38 item 17: the window's pairing (`P` on 对阵) is refused with the same words
// in its notice; the file has no round.
#[test]
fn the_window_announces_the_refusal() {
    use bianpai::ui::{BianpaiApp, Notice, View};
    use common::ui::{WindowSetup, app_harness, settle, show_view};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("团体.bianpai");
    let mut e = two_teams();
    name_lineup(&mut e, 1, 2, &[4, 5]);
    set_status(&mut e, 5, PlayerStatus::Withdrawn);
    drop(EventFile::create(&path, &e).unwrap());
    let app = BianpaiApp::opening(&path, None);
    let mut h = app_harness(app, WindowSetup { accessibility_check: false, max_steps: 16, ..Default::default() });
    settle(&mut h);
    show_view(&mut h, "对阵", View::Pairings);
    h.key_press(egui::Key::P);
    settle(&mut h);
    match h.state_mut().session_mut().notice() {
        Some(Notice::Failed(words)) => {
            assert!(
                words.zh.contains("“队2”") && words.zh.contains("5号") && words.zh.contains("重新排定"),
                "{words:?}"
            );
            assert!(words.en.contains("“队2”") && words.en.contains("No. 5"), "{words:?}");
        }
        other => panic!("expected the refusal, got {other:?}"),
    }
    assert!(h.state().event().unwrap().groups[0].stages[0].rounds.is_empty(), "nothing is paired");
}

// Issue 38 item 17: the 出场名单 tab says under the team that its line-up named for the
// next round no longer holds; ticked again and saved, the round pairs.
#[test]
fn the_lineups_tab_says_which_named_lineup_no_longer_holds() {
    use bianpai::ui::PanelHost;
    use bianpai::ui::teams_ui::{TeamsTab, TeamsView};
    use common::ui::{WindowSetup, panel_harness};
    use egui_kittest::kittest::Queryable;
    let mut e = two_teams();
    name_lineup(&mut e, 1, 1, &[1, 2]);
    set_status(&mut e, 2, PlayerStatus::Withdrawn);
    let mut host = PanelHost::new(TeamsView::default(), e);
    host.panel.tab = TeamsTab::Lineups;
    let mut h = panel_harness(host, WindowSetup::default());
    h.run();
    h.get_by_label_contains("事先排定的出场名单已不再有效：2号选手已退赛或被取消资格");
    common::ui::swap_in_lineup(&mut h, "2 P2", "3 P3", "保存出场名单（1队）");
    h.state_mut().apply_jobs();
    h.run();
    assert!(h.query_by_label_contains("不再有效").is_none(), "named again, the line-up holds");
    let round = pair_next_round(&h.state().event, G, S, 1).unwrap();
    assert_eq!(round.teams.unwrap().matches[0].lineup_of(TeamId(1)), Some(&[StartNo(1), StartNo(3)][..]));
}
