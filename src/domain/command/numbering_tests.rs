//! Unit tests of per-group start numbers (R-11.6, issue 37 item 10): registration,
//! second entries, deletion, renumbering and the numbering command, each undone exactly.

use super::*;
use crate::domain::model::event::Event;
use crate::domain::model::numbering::{Numbering, ShownLookup};
use crate::domain::model::player::RenumberKey;
use crate::domain::{presets, undo};

fn entries(names: &[&str]) -> Vec<PlayerEntry> {
    names.iter().map(|n| PlayerEntry { name: n.to_string(), ..PlayerEntry::default() }).collect()
}

fn add(event: &mut Event, group: u32, names: &[&str]) {
    let add = Command::AddPlayers {
        group: GroupId(group),
        entries: entries(names),
        override_reason: Some("测试".into()),
        left_out: Vec::new(),
    };
    apply(event, &add).unwrap();
}

/// huaiyin-2022 numbered per group: 成人组 甲 乙 (start numbers 1, 3), 少年组 丙 丁 戊
/// (2, 4, 5).
fn event() -> Event {
    let mut event = presets::build_new("huaiyin-2022", None, None).unwrap();
    add(&mut event, 1, &["甲"]);
    add(&mut event, 2, &["丙"]);
    add(&mut event, 1, &["乙"]);
    add(&mut event, 2, &["丁", "戊"]);
    event
}

fn shown(event: &Event, group: u32) -> Vec<(u32, u32, &str)> {
    event.group_players(GroupId(group)).map(|p| (p.start_no.0, p.shown(), p.name())).collect()
}

// R-11.6 (issue 37, item 10): each group counts from 1 while start numbers run across
// the event; a number two groups have names a player only with the group.
#[test]
fn each_group_counts_from_one() {
    let event = event();
    assert_eq!(event.numbering, Numbering::PerGroup);
    assert_eq!(shown(&event, 1), [(1, 1, "甲"), (3, 2, "乙")]);
    assert_eq!(shown(&event, 2), [(2, 1, "丙"), (4, 2, "丁"), (5, 3, "戊")]);
    assert_eq!(event.player_by_shown(2, Some(GroupId(2))), Ok(StartNo(4)));
    assert_eq!(event.player_by_shown(3, None), Ok(StartNo(5)));
    let both = ShownLookup::Ambiguous(vec!["成人组".into(), "少年组".into()]);
    assert_eq!(event.player_by_shown(1, None), Err(both));
    assert_eq!(event.player_by_shown(9, None), Err(ShownLookup::Unknown));
    assert_eq!(presets::build("huaiyin-2022", None, None).unwrap().numbering, Numbering::PerEvent);
}

// a group's highest deleted number is kept from its next player; undo gives it
// back.
#[test]
fn a_deleted_number_stays_with_its_group() {
    let mut event = event();
    let before = event.clone();
    let applied = apply(&mut event, &Command::DeletePlayer { start_no: StartNo(5) }).unwrap();
    assert_eq!(event.next_shown_no(GroupId(2)), 4);
    assert_eq!(event.next_shown_no(GroupId(1)), 3);
    let mut later = event.clone();
    add(&mut later, 2, &["己"]);
    assert_eq!(shown(&later, 2), [(2, 1, "丙"), (4, 2, "丁"), (6, 4, "己")]);
    undo::revert(&mut event, &applied.changes).unwrap();
    assert_eq!(event, before);
}

// renumbering one group numbers it from 1 in the new order, the other group
// keeps its numbers, and undo restores the exact event.
#[test]
fn renumbering_a_group_counts_it_from_one() {
    let mut event = event();
    apply(&mut event, &Command::DeletePlayer { start_no: StartNo(2) }).unwrap();
    let before = event.clone();
    let by_name = Command::RenumberPlayers { group: Some(GroupId(2)), by: RenumberKey::Name };
    let applied = apply(&mut event, &by_name).unwrap();
    // 丁 ding before 戊 wu: the order stays, the numbers close up from 1.
    assert_eq!(shown(&event, 2), [(4, 1, "丁"), (5, 2, "戊")]);
    assert_eq!(shown(&event, 1), [(1, 1, "甲"), (3, 2, "乙")]);
    undo::revert(&mut event, &applied.changes).unwrap();
    assert_eq!(event, before);
}

// the numbering command gives the numbers anew either way, is refused once a
// round is paired, and is undone exactly.
#[test]
fn the_numbering_command_gives_the_numbers_anew() {
    let mut event = event();
    let before = event.clone();
    let applied = apply(&mut event, &Command::SetNumbering { numbering: Numbering::PerEvent }).unwrap();
    assert_eq!(shown(&event, 2), [(2, 2, "丙"), (4, 4, "丁"), (5, 5, "戊")]);
    assert!(event.players.iter().all(|p| p.shown_no.is_none()));
    undo::revert(&mut event, &applied.changes).unwrap();
    assert_eq!(event, before);
    let same = apply(&mut event, &Command::SetNumbering { numbering: Numbering::PerGroup }).unwrap();
    assert!(same.changes.is_empty());
    let round = crate::domain::swiss::pair_next_round(&event, GroupId(2), StageNo(1), 1).unwrap();
    apply(&mut event, &Command::PairRound { group: GroupId(2), stage: StageNo(1), round }).unwrap();
    let refused = apply(&mut event, &Command::SetNumbering { numbering: Numbering::PerEvent });
    assert!(matches!(refused, Err(DomainError::RenumberAfterPairing(_))), "{refused:?}");
}
