//! Registration windows (R-1.3, seed 003 §9.5): an entry dated outside its group's
//! window breaks a rule like those of — shown with its reason, accepted only with
//! the director's override — in the rules, the event file and the command line.

use crate::common;

use bianpai::domain::command::{Command, DomainError, registration_issues};
use bianpai::domain::eligibility::EligibilityIssue;
use bianpai::domain::ids::GroupId;
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::store::{EventFile, StoreError};
use common::{bianpai, code, ok, stderr};
use jiff::civil::{Date, date};

/// 成人组 of seed 003: registration 2022-11-20 to 2022-11-30, born 1952–2005.
const ADULT: GroupId = GroupId(1);

fn entry(name: &str, registered: Option<Date>) -> PlayerEntry {
    PlayerEntry {
        name: name.into(),
        born: Some(date(1990, 5, 1)),
        phone: "13800000000".into(),
        registered,
        ..Default::default()
    }
}

// inside the window, no issue; a day after it, the issue names the day and the
// window; an entry without a date (an older file) is not checked.
#[test]
fn an_entry_outside_the_window_breaks_a_rule() {
    let event = presets::build("huaiyin-2022", None, None).unwrap();
    let entries = [entry("甲", Some(date(2022, 11, 30))), entry("乙", Some(date(2022, 12, 1))), entry("丙", None)];
    let found = registration_issues(&event, ADULT, &entries).unwrap();
    let outside = EligibilityIssue::OutsideRegistration {
        date: date(2022, 12, 1),
        opens: date(2022, 11, 20),
        closes: date(2022, 11, 30),
    };
    assert_eq!(found, vec![(1, vec![outside])]);
}

// refused without an override; with one, accepted, the reason recorded and the
// day kept in the file.
#[test]
fn a_late_entry_needs_an_override_and_its_day_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    let mut f = EventFile::create(&path, &presets::build("huaiyin-2022", None, None).unwrap()).unwrap();
    let late = vec![entry("晚报名", Some(date(2022, 12, 3)))];
    let add = |reason: Option<&str>| Command::AddPlayers {
        group: ADULT,
        entries: late.clone(),
        override_reason: reason.map(str::to_string),
        left_out: Vec::new(),
    };
    match f.execute(&add(None)) {
        Err(StoreError::Domain(DomainError::Ineligible { issues, .. })) => {
            assert!(matches!(issues[..], [EligibilityIssue::OutsideRegistration { .. }]))
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert!(f.event().players.is_empty());
    f.execute(&add(Some("组委会同意补报"))).unwrap();
    drop(f);
    let event = EventFile::open(&path).unwrap().event().clone();
    let player = &event.players[0];
    assert_eq!(player.entry.registered, Some(date(2022, 12, 3)));
    assert!(player.eligibility_override.as_deref().unwrap_or_default().starts_with("组委会同意补报"));
}

// `players import --registered DATE` dates the rows; outside the window the
// import names each row and imports nothing.
#[test]
fn the_command_line_checks_the_day_given() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.bianpai");
    let roster = dir.path().join("r.csv");
    std::fs::write(&roster, "姓名,出生日期,电话\n张三,1990-01-01,13800000001\n李四,1991-02-02,13800000002\n").unwrap();
    let (file_s, roster_s) = (file.to_str().unwrap(), roster.to_str().unwrap());
    ok(&["new", file_s, "--preset", "huaiyin-2022"]);
    let late = bianpai(&["players", "import", file_s, roster_s, "--group", "adult", "--registered", "2022-12-05"]);
    assert_eq!(code(&late), 2, "{}", stderr(&late));
    let err = stderr(&late);
    assert!(err.contains("line 2") && err.contains("line 3") && err.contains("2022-11-30"), "{err}");
    ok(&["players", "import", file_s, roster_s, "--group", "adult", "--registered", "2022-11-25"]);
    let list = ok(&["players", "list", file_s, "--json"]);
    assert!(list.contains("2022-11-25"), "the day is listed: {list}");
}
