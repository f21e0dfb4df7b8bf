//! Issue 37 item 4: one person, two entries. An event runs an individual
//! group (个人赛) and a team-match group (团体赛); a player of the individual group also
//! plays for a team, without a second import: a team (from the library, the command
//! line or the window's team form), a roster imported into the team group, or a line-up
//! naming his individual number gives him an entry in the team group, with its own
//! number, results and status, the person's data kept the same in both. Withdrawing
//! from one leaves the other unless the director says so.

use crate::common;

use bianpai::domain::command::{Command, DomainError, TeamCommand, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::model::team::{Team, TeamId, TeamStage};
use bianpai::domain::player::{PlayerEntry, PlayerStatus};
use bianpai::domain::presets;
use bianpai::store::EventFile;
use bianpai::ui::teams_ui::TeamsView;
use bianpai::ui::{Lang, PanelHost};
use common::ui::{WindowSetup, panel_harness};
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

const SOLO: GroupId = GroupId(1);
const TEAMS: GroupId = GroupId(2);
const NAMES: [&str; 6] = ["王天一", "郑惟桐", "赵鑫鑫", "蒋川", "许银川", "洪智"];

/// A `cxa-swiss` event with its individual group (six players, 1–6) and a team-match
/// group of two boards added beside it, empty.
fn two_competitions() -> Event {
    let mut e = presets::build("cxa-swiss", Some("个人赛与团体赛"), Some(5)).unwrap();
    let entries = NAMES
        .iter()
        .enumerate()
        .map(|(i, n)| PlayerEntry { name: n.to_string(), club: format!("队{}", i / 2 + 1), ..Default::default() })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: SOLO, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    apply(&mut e, &Command::AddGroup { name: "团体组".into(), like: Some(SOLO) }).unwrap();
    let rules = Some(TeamStage::cxa(2));
    apply(&mut e, &Command::Team { group: TEAMS, change: TeamCommand::SetStage { stage: StageNo(1), rules } }).unwrap();
    assert!(e.group(TEAMS).unwrap().plays_team_matches());
    e
}

fn team(name: &str, members: &[u32]) -> Team {
    Team {
        id: TeamId(0),
        name: name.into(),
        club: String::new(),
        captain: None,
        members: members.iter().map(|n| StartNo(*n)).collect(),
        reserves: vec![],
    }
}

fn add_team(e: &mut Event, name: &str, members: &[u32]) -> Result<(), DomainError> {
    apply(e, &Command::Team { group: TEAMS, change: TeamCommand::Add { team: team(name, members) } }).map(|_| ())
}

// a team of the team-match group named by the players' individual numbers takes
// each of them in by a second entry: new numbers 7 and 8 in 团体组, linked to 1 and 2,
// the same data; 1 and 2 stay in 个人组.
#[test]
fn a_team_named_by_individual_numbers_enters_them_a_second_time() {
    let mut e = two_competitions();
    add_team(&mut e, "甲队", &[1, 2]).unwrap();
    let t = &e.group(TEAMS).unwrap().teams[0];
    assert_eq!(t.members, vec![StartNo(7), StartNo(8)], "the team's members are their team-group entries");
    for (first, second) in [(1, 7), (2, 8)] {
        let (a, b) = (e.player(StartNo(first)).unwrap(), e.player(StartNo(second)).unwrap());
        assert_eq!((a.group, b.group), (SOLO, TEAMS));
        assert_eq!(b.second_entry_of, Some(StartNo(first)));
        assert_eq!(a.entry, b.entry, "one person: the same data");
        assert_eq!(e.entries_of_person(StartNo(second)), vec![StartNo(first), StartNo(second)]);
    }
    assert_eq!(e.group_players(SOLO).count(), 6, "the individual group keeps its six");
    // A second team naming one of them again by his individual number: he is in 甲队
    // already (as 7), so it is refused as for any player in two teams.
    let again = add_team(&mut e, "乙队", &[1, 3]).unwrap_err();
    assert!(matches!(again, DomainError::Team(_)), "{again:?}");
    assert_eq!(e.players.len(), 8, "a refused team leaves no entry behind");
}

// a team refused for its own rules (no name) leaves no second entry behind: all
// or nothing.
#[test]
fn a_refused_team_enters_nobody() {
    let mut e = two_competitions();
    let before = e.clone();
    assert!(add_team(&mut e, "  ", &[1, 2]).is_err());
    assert_eq!(e, before);
}

// unchanged: a team of an individual group (队员总分制) takes only its own
// group's players; a member of another group is refused, nobody is entered.
#[test]
fn an_individual_group_takes_no_outsider() {
    let mut e = two_competitions();
    let rules = None;
    apply(&mut e, &Command::Team { group: TEAMS, change: TeamCommand::SetStage { stage: StageNo(1), rules } }).unwrap();
    apply(
        &mut e,
        &Command::AddPlayers {
            group: TEAMS,
            entries: vec![PlayerEntry { name: "李四".into(), ..Default::default() }],
            override_reason: None,
            left_out: Vec::new(),
        },
    )
    .unwrap();
    let err = apply(&mut e, &Command::Team { group: SOLO, change: TeamCommand::Add { team: team("混队", &[1, 7]) } })
        .unwrap_err();
    let solo = e.group(SOLO).unwrap().name.clone();
    assert_eq!(err, DomainError::NotInGroup { player: StartNo(7), group: solo });
    assert_eq!(e.players.len(), 7);
}

// a correction of the person's data reaches both entries; withdrawing one entry
// leaves the other active; a line-up naming the individual number plays the team entry.
#[test]
fn one_person_corrected_once_withdrawn_apart_and_lined_up_by_either_number() {
    let mut e = two_competitions();
    add_team(&mut e, "甲队", &[1, 2, 3]).unwrap();
    add_team(&mut e, "乙队", &[4, 5]).unwrap();
    let mut entry = e.player(StartNo(8)).unwrap().entry.clone();
    entry.name = "郑惟桐改".into();
    apply(&mut e, &Command::EditPlayer { start_no: StartNo(8), entry }).unwrap();
    assert_eq!(e.player(StartNo(2)).unwrap().name(), "郑惟桐改", "the individual entry follows");

    let status = PlayerStatus::Withdrawn;
    apply(&mut e, &Command::SetPlayerStatus { start_no: StartNo(1), status, reason: "个人赛退赛".into() }).unwrap();
    assert_eq!(e.player(StartNo(7)).unwrap().status, PlayerStatus::Active, "still plays for 甲队");

    // 甲队 fields 1 and 3 in round 1, named by their individual numbers.
    let players = vec![StartNo(1), StartNo(3)];
    let lineup = TeamCommand::SetLineup { stage: StageNo(1), round: RoundNo(1), team: TeamId(1), players };
    apply(&mut e, &Command::Team { group: TEAMS, change: lineup }).unwrap();
    let rules = e.group(TEAMS).unwrap().stages[0].teams.clone().unwrap();
    let planned = rules.planned_lineup(RoundNo(1), TeamId(1)).unwrap();
    assert_eq!(planned.players, vec![StartNo(7), StartNo(9)], "their entries in 团体组");
}

// the store keeps the link (schema 8) and undo takes a team and its second
// entries back together.
#[test]
fn the_file_keeps_the_link_and_undo_takes_the_entries_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.bianpai");
    let mut f = EventFile::create(&path, &two_competitions()).unwrap();
    f.execute(&Command::Team { group: TEAMS, change: TeamCommand::Add { team: team("甲队", &[1, 2]) } }).unwrap();
    drop(f);
    let mut f = EventFile::open(&path).unwrap();
    assert_eq!(f.event().player(StartNo(8)).unwrap().second_entry_of, Some(StartNo(2)));
    f.undo().unwrap();
    assert_eq!(f.event().players.len(), 6);
    assert!(f.event().group(TEAMS).unwrap().teams.is_empty());
}

// from the command line: a roster imported into 团体组 whose rows are players of
// 个人组 enters them (not "registered already"), in their teams; `players list` shows
// the link; `teams add` takes individual numbers; `players withdraw --every-entry`
// withdraws both entries, without it only one.
#[test]
fn the_command_line_enters_the_same_people_in_the_team_group() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.bianpai");
    drop(EventFile::create(&path, &two_competitions()).unwrap());
    let file = path.to_str().unwrap();
    let csv = dir.path().join("团体名单.csv");
    std::fs::write(&csv, "姓名,队名\n王天一,甲队\n郑惟桐,甲队\n赵鑫鑫,\n").unwrap();
    let out = common::ok(&["players", "import", file, csv.to_str().unwrap(), "--group", "团体组", "--lang", "zh"]);
    assert!(!out.contains("不再导入") && !out.contains("跳过"), "{out}");
    assert!(out.contains("王天一 已在“公开组”报名（编号 1），同一人另报“团体组”"), "{out}");
    let list = common::json(&["players", "list", file, "--group", "团体组", "--json"]);
    let rows = list["players"].as_array().unwrap();
    let named: Vec<(&str, u64, u64)> = rows
        .iter()
        .map(|r| {
            (r["name"].as_str().unwrap(), r["start_no"].as_u64().unwrap(), r["other_entries"][0].as_u64().unwrap())
        })
        .collect();
    assert_eq!(named, vec![("赵鑫鑫", 7, 3), ("王天一", 8, 1), ("郑惟桐", 9, 2)]);
    let teams = common::json(&["teams", "list", file, "--group", "团体组", "--json"]);
    assert_eq!(teams["teams"][0]["members"], serde_json::json!([8, 9]));

    common::ok(&["teams", "add", file, "乙队", "--group", "团体组", "--members", "4,5"]);
    let teams = common::json(&["teams", "list", file, "--group", "团体组", "--json"]);
    assert_eq!(teams["teams"][1]["members"], serde_json::json!([10, 11]));

    common::ok(&["players", "withdraw", file, "8", "--group", "团体组"]);
    let out = common::ok(&["players", "withdraw", file, "9", "--group", "团体组", "--every-entry", "--lang", "zh"]);
    assert!(out.contains("同一人在“公开组”的报名（编号 2）也已退赛"), "{out}");
    let solo = common::json(&["players", "list", file, "--group", "公开组", "--json"]);
    let status =
        |n: u64| solo["players"].as_array().unwrap().iter().find(|p| p["start_no"] == n).unwrap()["status"].clone();
    assert_eq!((status(1), status(2)), (serde_json::json!("active"), serde_json::json!("withdrawn")));
}

// in the window: the team form of a team-match group offers the players of the
// individual group, marked with their group; saving the team enters them.
#[test]
fn the_team_form_offers_the_individual_groups_players() {
    let mut host = PanelHost::new(TeamsView::default(), two_competitions());
    host.group = Some(TEAMS);
    host.lang = Lang::Zh;
    let mut h = panel_harness(host, WindowSetup::default());
    h.run();
    h.get_by_label("新建队伍…").click();
    h.run();
    h.get_by_role_and_label(Role::TextInput, "队名").type_text("甲队");
    h.run();
    h.get_by_label("＋ 1 王天一 · 队1（公开组）").click();
    h.run();
    h.get_by_label("＋ 2 郑惟桐 · 队1（公开组）").click();
    h.run();
    h.get_by_label("保存").click();
    h.step();
    let label = h.state().jobs.iter().find_map(|j| match j {
        bianpai::ui::Job::Execute { label, .. } => Some(label.zh.clone()),
        _ => None,
    });
    assert_eq!(label.as_deref(), Some("新建队伍 甲队（王天一、郑惟桐另报本组）"), "the consequence is announced");
    assert!(h.state_mut().apply_jobs().is_empty(), "saved");
    h.run();
    let e = &h.state().event;
    assert_eq!(e.group(TEAMS).unwrap().teams[0].members, vec![StartNo(7), StartNo(8)]);
    assert_eq!(e.player(StartNo(7)).unwrap().second_entry_of, Some(StartNo(1)));
}
