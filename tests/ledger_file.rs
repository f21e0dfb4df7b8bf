//! The money ledger and check-in in the event file: entries and check-in
//! marks survive a reopen, voiding an entry is saved, and a file written before the
//! ledger existed (schema 1) is migrated on open with its data intact.

use bianpai::domain::command::Command;
use bianpai::domain::ids::{GroupId, StartNo};
use bianpai::domain::ledger::{LedgerId, LedgerKind, accounts};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::store::EventFile;
use std::collections::BTreeMap;
use std::path::Path;

fn new_file(path: &Path) -> EventFile {
    // huaiyin-2022: 5 元 entry fee.
    let event = presets::build("huaiyin-2022", None, None).unwrap();
    let mut f = EventFile::create(path, &event).unwrap();
    let entries = ["张三", "李四", "王五"]
        .iter()
        .map(|n| PlayerEntry {
            name: n.to_string(),
            born: Some(jiff::civil::date(1990, 1, 1)),
            phone: "13800000000".into(),
            ..Default::default()
        })
        .collect();
    f.execute(&Command::AddPlayers {
        group: GroupId(1),
        entries,
        override_reason: Some("test".into()),
        left_out: Vec::new(),
    })
    .unwrap();
    f
}

fn fee(start_no: u32, amount_fen: i64) -> Command {
    Command::RecordLedgerEntry {
        start_no: StartNo(start_no),
        kind: LedgerKind::FeePaid,
        amount_fen,
        round: None,
        note: "微信".into(),
    }
}

// fees paid and check-in marks are saved; the accounts read back the same.
#[test]
fn payments_and_check_in_survive_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    {
        let mut f = new_file(&path);
        f.execute(&fee(1, 500)).unwrap();
        f.execute(&fee(2, 300)).unwrap();
        f.execute(&Command::SetCheckedIn { start_no: StartNo(1), checked_in: true }).unwrap();
        f.execute(&Command::VoidLedgerEntry { id: LedgerId(2) }).unwrap();
        f.execute(&fee(2, 500)).unwrap();
    }
    let f = EventFile::open(&path).unwrap();
    let e = f.event();
    assert_eq!(
        e.ledger.iter().map(|l| (l.id.0, l.start_no.0, l.amount_fen, l.voided)).collect::<Vec<_>>(),
        [(1, 1, 500, false), (2, 2, 300, true), (3, 2, 500, false)]
    );
    assert!(e.player(StartNo(1)).unwrap().checked_in);
    assert!(!e.player(StartNo(2)).unwrap().checked_in);
    let owed: Vec<(u32, i64, i64)> =
        accounts(e, &BTreeMap::new()).iter().map(|a| (a.start_no.0, a.fee_due_fen, a.fee_outstanding_fen())).collect();
    assert_eq!(owed, [(1, 500, 0), (2, 500, 0), (3, 500, 500)]);
}

// a payment of nothing or for an unknown player is refused, nothing is saved.
#[test]
fn impossible_payments_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut f = new_file(&dir.path().join("e.bianpai"));
    assert!(f.execute(&fee(1, 0)).is_err());
    assert!(f.execute(&fee(99, 500)).is_err());
    assert!(f.event().ledger.is_empty());
}

// A schema-1 file (before the ledger) opens, is migrated in place, keeps its players,
// and then records ledger entries.
#[test]
fn a_schema_1_file_is_migrated() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.bianpai");
    drop(new_file(&path));
    {
        // Turn it back into what schema 1 wrote: no ledger table, no check-in or registration-day column.
        crate::common::old_schema::make_it_schema(&path, 1);
    }
    let mut f = EventFile::open(&path).unwrap();
    assert_eq!(f.event().players.len(), 3);
    // Issue 8: the old file was copied aside before the migration, still at schema 1.
    let copy = dir.path().join("old.bak-v1.bianpai");
    let old: i32 =
        rusqlite::Connection::open(&copy).unwrap().pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    assert_eq!(old, 1);
    f.execute(&fee(3, 500)).unwrap();
    drop(f);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let version: i32 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    assert_eq!(version, bianpai::store::schema::current_version());
    let ok: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(ok, "ok");
}
