//! Unit tests of the commands floor.

use super::*;
use crate::domain::model::event::{Event, Official, RoundSchedule};
use crate::domain::model::ids::{RoundNo, StageNo};
use crate::domain::presets;

fn lingting() -> Event {
    presets::build("lingting-cup", None, None).unwrap()
}

#[test]
fn set_event_info_changes_title_date_and_officials_and_keeps_the_old_values() {
    let mut event = lingting();
    let old = EventInfo::of(&event);
    let officials = vec![
        Official { role: " 总裁判 ".into(), name: "王喆".into() },
        Official { role: "编排长".into(), name: "李堃".into() },
    ];
    let command = Command::SetEventInfo {
        name: " 2025 聆听杯 ".into(),
        start_date: Some(jiff::civil::date(2025, 5, 1)),
        officials,
    };
    let applied = apply(&mut event, &command).unwrap();
    assert_eq!(applied.changes, vec![Change::EventInfo { before: Box::new(old) }]);
    assert_eq!(event.name, "2025 聆听杯");
    assert_eq!(event.start_date, Some(jiff::civil::date(2025, 5, 1)));
    assert_eq!(event.officials[0], Official { role: "总裁判".into(), name: "王喆".into() });
    assert_eq!(event.officials.len(), 2);
}

#[test]
fn set_event_info_refuses_an_empty_name_or_a_nameless_official() {
    let mut event = lingting();
    let before = event.clone();
    let no_name = Command::SetEventInfo { name: "  ".into(), start_date: None, officials: vec![] };
    assert!(matches!(apply(&mut event, &no_name), Err(DomainError::InvalidEntry(EntryProblem::EventNameMissing))));
    let nameless = Command::SetEventInfo {
        name: "杯".into(),
        start_date: None,
        officials: vec![Official { role: "总裁判".into(), name: " ".into() }],
    };
    assert!(matches!(
        apply(&mut event, &nameless),
        Err(DomainError::InvalidEntry(EntryProblem::OfficialNameMissing { .. }))
    ));
    assert_eq!(event, before);
}

#[test]
fn set_stage_schedule_sorts_rounds_and_keeps_the_stage_before() {
    let mut event = lingting();
    let group = event.groups[0].id;
    let stage = event.groups[0].stages[0].no;
    let old = settings_only(&event.groups[0].stages[0]);
    let at = |round: u32, start: &str, monitored_boards: u32| RoundSchedule {
        round: RoundNo(round),
        start: start.into(),
        monitored_boards,
    };
    let command = Command::SetStageSchedule {
        group,
        stage,
        time_control: " 包干25分钟 ".into(),
        schedule: vec![at(2, "2022-12-03 19:00", 10), at(1, "2022-12-02 19:00", 0)],
    };
    let applied = apply(&mut event, &command).unwrap();
    assert_eq!(applied.changes, vec![Change::StageSettings { group, stage, before: Box::new(old) }]);
    let st = &event.groups[0].stages[0];
    assert_eq!(st.time_control, "包干25分钟");
    assert_eq!(st.schedule, vec![at(1, "2022-12-02 19:00", 0), at(2, "2022-12-03 19:00", 10)]);
}

#[test]
fn set_stage_schedule_refuses_a_round_twice_or_round_zero() {
    let mut event = lingting();
    let group = event.groups[0].id;
    let stage = event.groups[0].stages[0].no;
    let at = |round: u32| RoundSchedule { round: RoundNo(round), start: "19:00".into(), monitored_boards: 0 };
    let refusals =
        [(vec![at(1), at(1)], DomainError::ScheduledTwice(RoundNo(1))), (vec![at(0)], DomainError::ScheduleRoundZero)];
    for (schedule, refusal) in refusals {
        let command = Command::SetStageSchedule { group, stage, time_control: String::new(), schedule };
        assert_eq!(apply(&mut event, &command), Err(refusal));
    }
    let unknown = Command::SetStageSchedule { group, stage: StageNo(9), time_control: String::new(), schedule: vec![] };
    assert!(matches!(apply(&mut event, &unknown), Err(DomainError::UnknownStage { .. })));
}

// Issue 17: deleting a player registered by mistake, and its undo, which restores the
// event exactly; a player with a trace in the event is refused.
#[test]
fn delete_player_is_undone_exactly_and_refused_with_history() {
    use crate::domain::model::player::PlayerEntry;
    let mut event = lingting();
    let group = event.groups[0].id;
    let entries = ["甲", "乙"].map(|n| PlayerEntry { name: n.into(), ..Default::default() }).to_vec();
    apply(&mut event, &Command::AddPlayers { group, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let before = event.clone();
    let applied = apply(&mut event, &Command::DeletePlayer { start_no: StartNo(2) }).unwrap();
    assert_eq!(event.players.len(), 1);
    crate::domain::undo::revert(&mut event, &applied.changes).unwrap();
    assert_eq!(event, before);
    let stage = event.groups[0].stages[0].no;
    let planned = crate::domain::model::event::PlannedBye {
        round: RoundNo(1),
        bye: crate::domain::model::event::Bye::new(StartNo(2), crate::domain::model::event::ByeKind::Absent),
    };
    apply(&mut event, &Command::AnnounceBye { group, stage, planned }).unwrap();
    let refused = apply(&mut event, &Command::DeletePlayer { start_no: StartNo(2) });
    assert_eq!(refused, Err(DomainError::PlayerHasHistory(StartNo(2))));
}

// Issue 38, item 12: a name of nothing but invisible characters (zero-width space, word
// joiner, BOM, a Hangul filler) is no name: refused for a player, a team and the event.
#[test]
fn a_name_of_invisible_characters_is_no_name() {
    use crate::domain::model::team::{Team, TeamId};
    let mut event = lingting();
    let before = event.clone();
    let blank = "\u{200B}\u{2060} \u{FEFF}\u{3164}";
    let entries = vec![PlayerEntry { name: blank.into(), ..PlayerEntry::default() }];
    let add = Command::AddPlayers { group: GroupId(1), entries, override_reason: None, left_out: Vec::new() };
    assert!(matches!(apply(&mut event, &add), Err(DomainError::InvalidEntry(EntryProblem::PlayerNameMissing))));
    let info = Command::SetEventInfo { name: blank.into(), start_date: None, officials: vec![] };
    assert!(matches!(apply(&mut event, &info), Err(DomainError::InvalidEntry(EntryProblem::EventNameMissing))));
    let team = Team {
        id: TeamId(0),
        name: blank.into(),
        club: String::new(),
        captain: None,
        members: vec![],
        reserves: vec![],
    };
    let add_team = Command::Team { group: GroupId(1), change: TeamCommand::Add { team } };
    assert!(matches!(
        apply(&mut event, &add_team),
        Err(DomainError::Team(crate::domain::model::team_issue::TeamIssue::NameMissing))
    ));
    assert_eq!(event, before);
    // A visible character among them is a name.
    assert!(crate::domain::model::player::has_visible_text("\u{200B}王"));
}
