//! Unit tests of the bounds the commands keep on what a director types (issue 38,
//! item 12), where the window, not the command line, is the way in: the officials and
//! the time control of an event, the rounds a stage plans, a birth date after the day
//! of the entry.

use super::*;
use crate::domain::model::event::{Event, Official, RoundSchedule};
use crate::domain::model::ids::{RoundNo, StageNo};
use crate::domain::model::stage_checks::StageSettingIssue;
use crate::domain::presets;
use jiff::civil::date;

fn lingting() -> Event {
    presets::build("lingting-cup", None, None).unwrap()
}

// Issue 38, item 12: an official's role or name beyond 200 characters is refused, and
// control characters never reach the title or the officials.
#[test]
fn event_texts_are_bounded_and_cleaned_of_control_characters() {
    let mut event = lingting();
    let before = event.clone();
    let long = Command::SetEventInfo {
        name: "杯".into(),
        start_date: None,
        officials: vec![Official { role: "裁".repeat(201), name: "王喆".into() }],
    };
    assert_eq!(
        apply(&mut event, &long),
        Err(DomainError::InvalidEntry(EntryProblem::FieldTooLong { field: "official".into(), chars: 201, max: 200 }))
    );
    let title = Command::SetEventInfo { name: "长".repeat(201), start_date: None, officials: vec![] };
    assert!(matches!(
        apply(&mut event, &title),
        Err(DomainError::InvalidEntry(EntryProblem::FieldTooLong { chars: 201, .. }))
    ));
    assert_eq!(event, before);
    let escapes = Command::SetEventInfo {
        name: "聆听杯\u{1b}[2J\u{9b}2J".into(),
        start_date: None,
        officials: vec![Official { role: "总\u{7}裁判".into(), name: "王\u{85}喆".into() }],
    };
    apply(&mut event, &escapes).unwrap();
    assert_eq!(event.name, "聆听杯[2J2J");
    assert_eq!(event.officials[0], Official { role: "总裁判".into(), name: "王喆".into() });
}

// Issue 38, item 12: the time control and start times printed on every sheet carry no
// control character, and a time control beyond 200 characters is refused.
#[test]
fn the_time_control_is_bounded_and_cleaned() {
    let mut event = lingting();
    let (group, stage) = (event.groups[0].id, event.groups[0].stages[0].no);
    let schedule = vec![RoundSchedule { round: RoundNo(1), start: "19:00\u{1b}[2J".into(), monitored_boards: 0 }];
    let command =
        Command::SetStageSchedule { group, stage, time_control: "包干\u{1b}]0;x\u{7}25分钟".into(), schedule };
    apply(&mut event, &command).unwrap();
    let st = &event.groups[0].stages[0];
    assert_eq!(st.time_control, "包干]0;x25分钟");
    assert_eq!(st.schedule[0].start, "19:00[2J");
    let long = Command::SetStageSchedule { group, stage, time_control: "分".repeat(201), schedule: vec![] };
    assert!(matches!(
        apply(&mut event, &long),
        Err(DomainError::InvalidEntry(EntryProblem::FieldTooLong { chars: 201, .. }))
    ));
}

// Issue 38, item 12: a stage plans 1 to 99 rounds, whether the window or the command
// line sets them.
#[test]
fn a_stage_plans_one_to_ninety_nine_rounds() {
    let mut event = lingting();
    let (group, stage) = (event.groups[0].id, StageNo(1));
    for rounds in [0, 100, u32::MAX] {
        let command = Command::SetRoundsPlanned { group, stage, rounds };
        assert_eq!(
            apply(&mut event, &command),
            Err(DomainError::StageSetting { stage, issue: StageSettingIssue::RoundsOutOfRange }),
            "{rounds} rounds"
        );
    }
    apply(&mut event, &Command::SetRoundsPlanned { group, stage, rounds: 99 }).unwrap();
    assert_eq!(event.groups[0].stages[0].rounds_planned, Some(99));
}

// Issue 38, item 12: nobody is born after the day the entry is made — the window's
// form gives that day (today by default) with every entry and every correction.
#[test]
fn a_birth_date_after_the_day_of_the_entry_is_refused() {
    let mut event = lingting();
    let group = event.groups[0].id;
    let day = date(2026, 5, 1);
    let entry =
        |born| PlayerEntry { name: "王天一".into(), born: Some(born), registered: Some(day), ..Default::default() };
    let add = |born| Command::AddPlayers {
        group,
        entries: vec![entry(born)],
        override_reason: Some("test".into()),
        left_out: Vec::new(),
    };
    assert_eq!(
        apply(&mut event, &add(date(2026, 5, 2))),
        Err(DomainError::InvalidEntry(EntryProblem::BornInFuture { born: date(2026, 5, 2), day }))
    );
    let applied = apply(&mut event, &add(date(2010, 5, 1))).unwrap();
    let start_no = applied.new_players[0];
    let edit = Command::EditPlayer { start_no, entry: entry(date(2027, 1, 1)) };
    assert!(matches!(apply(&mut event, &edit), Err(DomainError::InvalidEntry(EntryProblem::BornInFuture { .. }))));
}
