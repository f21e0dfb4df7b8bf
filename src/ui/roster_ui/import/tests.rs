//! Unit tests of the roster import: row errors and the groups rows go to.

use super::*;
use crate::domain::command::Command;
use crate::domain::player::PlayerEntry;
use crate::domain::presets;
use jiff::civil::date;
use rows::GroupProblem;

fn row(line: usize, name: &str, group: Option<&str>, born: Option<jiff::civil::Date>) -> RosterRow {
    RosterRow {
        line,
        group: group.map(str::to_string),
        entry: PlayerEntry { name: name.into(), born, phone: "1".into(), ..PlayerEntry::default() },
    }
}

#[test]
fn rows_go_to_their_group_column_or_the_chosen_group() {
    let event = presets::build("huaiyin-2022", None, None).unwrap();
    let adult = event.find_group("成人组").unwrap().id;
    let youth = event.find_group("少年组").unwrap().id;
    let rows = vec![
        row(2, "甲", None, Some(date(1990, 1, 1))),
        row(3, "乙", Some("youth"), Some(date(2008, 1, 1))),
        row(4, "丙", Some("老年组"), Some(date(1990, 1, 1))),
        row(5, "丁", Some("成人组"), Some(date(1950, 1, 1))),
    ];
    let checks = check_rows(&event, adult, &rows, &Default::default());
    assert_eq!(checks[0].group.as_ref().ok(), Some(&adult));
    assert_eq!(checks[1].group.as_ref().ok(), Some(&youth));
    assert!(matches!(&checks[2].group, Err(GroupProblem::Unknown(t)) if t == "老年组"));
    assert!(checks[0].issues.is_empty() && checks[1].issues.is_empty());
    assert_eq!(checks[3].issues.len(), 2, "{:?}", checks[3].issues);

    let commands = import_commands(&event, &rows, &checks, None);
    assert_eq!(commands.len(), 2, "one AddPlayers per group; the unknown group's row is not among them");
    let Command::AddPlayers { group, entries, .. } = &commands[0] else { panic!() };
    assert_eq!((*group, entries.len()), (adult, 2));
}

// Issue 18, item 4: the dialog lists each bad row in the window's language, the
// column named in that language whatever the file's header row says.
#[test]
fn row_errors_name_line_and_column() {
    use crate::io::roster::RowIssue;
    let error = RowError { line: 4, field: "born".into(), issue: RowIssue::NotDate("1990-13-01".into()) };
    assert_eq!(error.message(Lang::Zh), "第 4 行，出生日期：“1990-13-01” 不是有效日期（应为 YYYY-MM-DD）");
    let shape = RowError { line: 5, field: String::new(), issue: RowIssue::FieldCount { found: 3, expected: 2 } };
    assert_eq!(shape.message(Lang::En), "line 5: the row has 3 fields but the header row has 2");
}

// a 队名 column makes the teams in the same job, members in the file's order,
// numbered as the import will number them.
#[test]
fn a_team_column_makes_teams_of_the_new_numbers() {
    use crate::domain::command::{TeamCommand, apply};
    use crate::io::roster::TEAM_NOTE;
    let mut event = presets::build("cxa-team", None, Some(3)).unwrap();
    let g = event.groups[0].id;
    let team_row = |line, name: &str, team: &str| {
        let mut r = row(line, name, None, None);
        r.entry.notes.insert(TEAM_NOTE.to_string(), team.to_string());
        r
    };
    let rows = vec![team_row(2, "甲", "红队"), team_row(3, "乙", "蓝队"), team_row(4, "丙", "红队")];
    let checks = check_rows(&event, g, &rows, &Default::default());
    let commands = import_commands(&event, &rows, &checks, None);
    assert_eq!(commands.len(), 3, "the players, then two teams");
    let Command::AddPlayers { entries, .. } = &commands[0] else { panic!() };
    assert!(entries.iter().all(|e| !e.notes.contains_key(TEAM_NOTE)), "the team column is not kept as a note");
    for c in &commands {
        apply(&mut event, c).unwrap();
    }
    let red = event.groups[0].team_named("红队").unwrap();
    let names: Vec<&str> = red.members.iter().map(|p| event.player(*p).unwrap().name()).collect();
    assert_eq!(names, ["甲", "丙"]);
    assert!(matches!(&commands[1], Command::Team { change: TeamCommand::Add { .. }, .. }));
}

// rows of a roster for a team-match group whose people are registered in an
// individual group are entered again, not skipped: a row with a team joins it by the
// person's number, a row without one is entered by itself.
#[test]
fn people_of_an_individual_group_enter_a_team_group_as_well() {
    use crate::domain::command::{TeamCommand, apply};
    use crate::domain::model::team::TeamStage;
    use crate::io::roster::TEAM_NOTE;
    let mut event = presets::build("cxa-swiss", None, Some(5)).unwrap();
    let solo = event.groups[0].id;
    // Each with a phone of his own: a shared phone would make them one person.
    let person = |line, name: &str, phone: &str| {
        let mut r = row(line, name, None, None);
        r.entry.phone = phone.into();
        r
    };
    let entries = vec![person(0, "甲", "11").entry, person(0, "乙", "12").entry];
    apply(&mut event, &Command::AddPlayers { group: solo, entries, override_reason: None, left_out: Vec::new() })
        .unwrap();
    apply(&mut event, &Command::AddGroup { name: "团体组".into(), like: Some(solo) }).unwrap();
    let teams = event.groups[1].id;
    let rules = Some(TeamStage::cxa(2));
    let set = TeamCommand::SetStage { stage: crate::domain::ids::StageNo(1), rules };
    apply(&mut event, &Command::Team { group: teams, change: set }).unwrap();

    let mut with_team = person(2, "甲", "11");
    with_team.entry.notes.insert(TEAM_NOTE.to_string(), "红队".to_string());
    let rows = vec![with_team, person(3, "乙", "12")];
    let checks = check_rows(&event, teams, &rows, &Default::default());
    assert!(checks.iter().all(|c| c.second_entry && !c.skipped()), "{checks:?}");
    let commands = import_commands(&event, &rows, &checks, None);
    for c in &commands {
        apply(&mut event, c).unwrap();
    }
    let red = event.group(teams).unwrap().team_named("红队").unwrap().clone();
    assert_eq!(red.members, vec![crate::domain::ids::StartNo(4)], "甲's entry in the team group");
    assert_eq!(event.group_players(teams).count(), 2, "甲 and 乙 both entered");
    assert!(event.group_players(teams).all(|p| p.second_entry_of.is_some()));
    // Read again, the rows are now registered in the team group: nothing to import.
    let checks = check_rows(&event, teams, &rows, &Default::default());
    assert!(checks.iter().all(RowCheck::skipped));
}

// Issue 39, item 3: a row left out is not imported and no longer needs an override;
// the first command names it, for the audit.
#[test]
fn a_row_left_out_is_not_imported_and_is_recorded_with_the_command() {
    use crate::domain::command::{LeftOutRow, apply};
    let mut event = presets::build("huaiyin-2022", None, None).unwrap();
    let adult = event.find_group("成人组").unwrap().id;
    let rows = vec![row(2, "甲", None, Some(date(1990, 1, 1))), row(3, "丁", None, Some(date(1950, 1, 1)))];
    let checks = check_rows(&event, adult, &rows, &Default::default());
    assert!(!checks[1].issues.is_empty(), "丁 breaks 成人组's rules");
    let checks = check_rows(&event, adult, &rows, &[1].into_iter().collect());
    assert!(checks[1].left_out && checks.iter().all(|c| c.left_out || c.issues.is_empty()));
    let commands = import_commands(&event, &rows, &checks, None);
    let Command::AddPlayers { entries, left_out, .. } = &commands[0] else { panic!() };
    assert_eq!(entries.len(), 1);
    assert_eq!(left_out, &[LeftOutRow { line: 3, name: "丁".into() }]);
    apply(&mut event, &commands[0]).unwrap();
    assert_eq!(event.players.len(), 1, "without an override reason");
}
