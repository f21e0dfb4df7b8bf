//! R-11.6 (issue 37 item 10, in part): a deleted start number is never given to another
//! player silently — not by the next import, not after the file is closed and opened
//! again; undoing the deletion gives the player the number back.

use crate::common::{cli_event, ok};
use bianpai::domain::command::{Command, apply};
use bianpai::domain::ids::{GroupId, StartNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;

fn numbers(f: &str) -> Vec<(u64, String)> {
    crate::common::players_listed(f, None)
}

// the highest numbers deleted stay unused by the next roster import.
#[test]
fn the_next_import_does_not_take_a_deleted_number() {
    let dir = tempfile::tempdir().unwrap();
    let f = &cli_event(dir.path(), 3, "姓名\n甲\n乙\n丙\n丁\n戊\n");
    let roster = dir.path().join("roster.csv");
    let said = ok(&["players", "delete", f, "5"]);
    assert!(said.contains("number 5 will not be given to another player"), "{said}");
    ok(&["players", "delete", f, "4"]);
    std::fs::write(&roster, "姓名\n己\n").unwrap();
    ok(&["players", "import", f, roster.to_str().unwrap()]);
    let listed = numbers(f);
    assert_eq!(listed.last().unwrap(), &(6, "己".to_string()), "{listed:?}");
    assert!(!listed.iter().any(|(n, _)| *n == 4 || *n == 5), "{listed:?}");
    // Undoing the import, then a deletion, gives back the deleted player his number.
    ok(&["undo", f]);
    ok(&["undo", f]);
    assert_eq!(numbers(f).last().unwrap(), &(4, "丁".to_string()));
}

// independent of the store: the event alone keeps the number from the next
// player, also when a lower number is deleted after a higher one.
#[test]
fn the_event_keeps_the_highest_deleted_number() {
    let g = GroupId(1);
    let mut event = presets::build("cxa-swiss", Some("t"), Some(3)).unwrap();
    let entries =
        |names: &[&str]| names.iter().map(|n| PlayerEntry { name: n.to_string(), ..Default::default() }).collect();
    apply(
        &mut event,
        &Command::AddPlayers {
            group: g,
            entries: entries(&["甲", "乙", "丙"]),
            override_reason: None,
            left_out: Vec::new(),
        },
    )
    .unwrap();
    apply(&mut event, &Command::DeletePlayer { start_no: StartNo(3) }).unwrap();
    apply(&mut event, &Command::DeletePlayer { start_no: StartNo(2) }).unwrap();
    assert_eq!(event.next_start_no(), StartNo(4));
    apply(
        &mut event,
        &Command::AddPlayers { group: g, entries: entries(&["丁"]), override_reason: None, left_out: Vec::new() },
    )
    .unwrap();
    let got: Vec<u32> = event.players.iter().map(|p| p.start_no.0).collect();
    assert_eq!(got, vec![1, 4]);
}
