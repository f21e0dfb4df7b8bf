//! Silent content damage (issue 22, item 6): the audit log is hash-chained and checked
//! when a file is opened. A value changed behind Bianpai's back, or a history row
//! edited or removed, is refused naming the first row that no longer matches and the
//! newest backup, which restores; everything Bianpai itself does — undo and redo,
//! several commands at once, save as, backups, an older file's upgrade — opens cleanly.

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::event::Official;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::ledger::LedgerKind;
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::lang::{Lang, Localized};
use bianpai::store::{EventFile, EventReader, StoreError, Tamper, backup};
use rusqlite::Connection;
use std::path::{Path, PathBuf};

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

fn result(round: u32, board: u32, outcome: Outcome) -> Command {
    let result = Some(GameResult::plain(outcome));
    Command::RecordResult { group: G, stage: S, round: RoundNo(round), board: BoardNo(board), game: 1, result }
}

fn pair(f: &mut EventFile, seed: u64) {
    let round = pair_next_round(f.event(), G, S, seed).unwrap();
    f.execute(&Command::PairRound { group: G, stage: S, round }).unwrap();
}

/// Six players, round 1 paired and played, round 2 paired with board 1 decided: a
/// backup before each pairing (`e.bak-r1`, `e.bak-r2`), nine audit rows.
fn event_file(dir: &Path) -> PathBuf {
    let path = dir.join("e.bianpai");
    let event = presets::build("cxa-swiss", Some("链测试"), Some(5)).unwrap();
    let mut f = EventFile::create(&path, &event).unwrap();
    let entries = (1..=6).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
    f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    pair(&mut f, 1);
    for board in 1..=3 {
        f.execute(&result(1, board, [Outcome::RedWins, Outcome::Draw, Outcome::BlackWins][board as usize - 1]))
            .unwrap();
    }
    pair(&mut f, 2);
    f.execute(&result(2, 1, Outcome::Draw)).unwrap();
    f.execute(&Command::SetCheckedIn { start_no: StartNo(2), checked_in: true }).unwrap();
    f.execute(&Command::SetCheckedIn { start_no: StartNo(3), checked_in: true }).unwrap();
    assert_eq!(f.audit_log().unwrap().len(), 9);
    path
}

/// Changes the file with SQL, as another program would.
fn behind_the_back(path: &Path, sql: &str) {
    let conn = Connection::open(path).unwrap();
    conn.execute_batch(sql).unwrap();
}

/// The file of [`event_file`] in `dir`, then changed with `sql`.
fn changed(dir: &Path, sql: &str) -> PathBuf {
    let path = event_file(dir);
    behind_the_back(&path, sql);
    path
}

/// The refusal of opening `path` the window's way; a reader's of the audit log is the
/// same.
fn refusal(path: &Path) -> (i64, Tamper, Option<PathBuf>) {
    let refused = match EventFile::open(path) {
        Err(StoreError::Tampered { row, what, backup, .. }) => (row, what, backup),
        Err(other) => panic!("refused for another reason: {other}"),
        Ok(_) => panic!("a file changed behind Bianpai's back was opened"),
    };
    let log = EventReader::open(path).and_then(|r| r.audit_log());
    assert_eq!(tampered(log), (refused.0, refused.1), "the reader agrees");
    refused
}

fn tampered(result: Result<impl std::fmt::Debug, StoreError>) -> (i64, Tamper) {
    match result {
        Err(StoreError::Tampered { row, what, .. }) => (row, what),
        other => panic!("not refused as changed: {other:?}"),
    }
}

// issue 22, item 6: a player's name changed with SQL is refused by every way of opening
// the file, naming the newest row and the newest backup; the backup restores.
#[test]
fn a_value_changed_behind_bianpais_back_is_refused_and_the_newest_backup_restores() {
    let dir = tempfile::tempdir().unwrap();
    let path = changed(dir.path(), "UPDATE players SET name = '改过的名字' WHERE start_no = 4");
    let (row, what, newest) = refusal(&path);
    assert_eq!((row, what), (9, Tamper::Data));
    assert_eq!(newest.as_deref(), Some(dir.path().join("e.bak-r2.bianpai").as_path()));
    assert_eq!(tampered(EventFile::open_for_command(&path)), (9, Tamper::Data));

    let error = EventFile::open(&path).unwrap_err();
    let zh = error.message(Lang::Zh);
    assert!(zh.contains("在 Bianpai 之外被改动或已损坏") && zh.contains("第 9 条"), "{zh}");
    assert!(zh.contains("e.bak-r2.bianpai"), "names the backup: {zh}");
    let en = error.message(Lang::En);
    assert!(en.contains("changed outside Bianpai") && en.contains("from history row 9 on"), "{en}");

    backup::restore(&path, &newest.unwrap()).unwrap();
    let f = EventFile::open(&path).unwrap();
    assert_eq!(f.event().player(StartNo(4)).unwrap().entry.name, "棋手4");
    assert_eq!(f.event().groups[0].stages[0].rounds.len(), 1, "the backup from before round 2");
    drop(f);
    // The changed file is kept beside it, still refused.
    let (row, _, _) = refusal(&dir.path().join("e.replaced.bianpai"));
    assert_eq!(row, 9);
}

// issue 22, item 6: a game's result changed with SQL is refused too.
#[test]
fn a_result_changed_behind_bianpais_back_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = changed(dir.path(), "UPDATE games SET outcome = '0-1' WHERE round_no = 1 AND board = 1");
    assert_eq!(refusal(&path).0, 9);
    // Nothing is lost by the refusal: putting the value back opens again.
    behind_the_back(&path, "UPDATE games SET outcome = '1-0' WHERE round_no = 1 AND board = 1");
    EventFile::open(&path).unwrap();
}

// issue 22, item 6: a file without any change yet is protected from its creation.
#[test]
fn a_new_file_without_history_is_protected() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.bianpai");
    drop(EventFile::create(&path, &presets::build("cxa-swiss", Some("新赛事"), Some(5)).unwrap()).unwrap());
    EventFile::open(&path).unwrap();
    behind_the_back(&path, "UPDATE event SET name = '别的赛事'");
    let (row, what, newest) = refusal(&path);
    assert_eq!((row, what, newest), (0, Tamper::Data, None));
    let words = EventFile::open(&path).unwrap_err().message(Lang::En);
    assert!(words.contains("differ from what Bianpai saved") && words.contains("no backup"), "{words}");
}

// issue 22, item 6: an edited history row is named.
#[test]
fn an_edited_history_row_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let path =
        changed(dir.path(), "UPDATE audit_log SET after = replace(after, '\"draw\"', '\"red-wins\"') WHERE id = 4");
    assert!(matches!(refusal(&path), (4, Tamper::Row, Some(_))));
    // The history is wrong, the event as saved: the reading commands read it, `log`
    // refuses.
    common::ok(&["standings", path.to_str().unwrap()]);
    assert_eq!(common::bianpai(&["log", path.to_str().unwrap()]).status.code(), Some(1));
    behind_the_back(&path, "UPDATE audit_log SET actor = '别人' WHERE id = 7");
    assert_eq!(refusal(&path).0, 4, "the first row that no longer matches");
}

// issue 22, item 6: a removed middle row is named by the row after it; removed newest
// rows by the first missing one.
#[test]
fn removed_history_rows_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = event_file(dir.path());
    let copy = dir.path().join("copy.bianpai");
    std::fs::copy(&path, &copy).unwrap();
    behind_the_back(&path, "DELETE FROM audit_log WHERE id = 5");
    assert_eq!(refusal(&path).0, 6);
    assert_eq!(refusal(&path).1, Tamper::Link);

    // The newest row and its change taken away together, as if never made.
    behind_the_back(&copy, "DELETE FROM audit_log WHERE id = 9; UPDATE players SET checked_in = 0 WHERE start_no = 3");
    let (row, what, _) = refusal(&copy);
    assert_eq!((row, what), (9, Tamper::Cut));
    assert!(EventFile::open(&copy).unwrap_err().message(Lang::Zh).contains("从该条起的记录缺失"));
}

// issue 22, item 6: undo of a row that was edited in the file is refused — by the
// window that had the file open when it was edited; a writing command of the command
// line checks every row when it opens (issue 38, item 3).
#[test]
fn undo_of_an_edited_row_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = event_file(dir.path());
    // Two undos by the command line: rows 10 and 11 revert rows 9 and 8.
    common::ok(&["undo", path.to_str().unwrap()]);
    common::ok(&["undo", path.to_str().unwrap()]);
    let mut f = EventFile::open(&path).unwrap();
    behind_the_back(&path, "UPDATE audit_log SET before = replace(before, '\"red\":2', '\"red\":3') WHERE id = 7");
    assert_eq!(tampered(f.undo()), (7, Tamper::Row));
    drop(f);
    assert_eq!(tampered(EventFile::open_for_command(&path)), (7, Tamper::Row));
}

// issue 22, item 6: what Bianpai itself does keeps the chain whole.
#[test]
fn undo_redo_several_commands_copies_and_backups_open_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let path = event_file(dir.path());
    let mut f = EventFile::open(&path).unwrap();
    f.undo().unwrap();
    f.undo().unwrap();
    f.redo().unwrap();
    let official = Official { role: "总裁判".into(), name: "沈国栋".into() };
    f.execute_all(&[
        result(2, 2, Outcome::RedWins),
        result(2, 3, Outcome::BlackWins),
        Command::SetEventInfo { name: "链测试（改）".into(), start_date: None, officials: vec![official] },
        Command::RecordLedgerEntry {
            start_no: StartNo(1),
            kind: LedgerKind::FeePaid,
            amount_fen: 5000,
            round: None,
            note: String::new(),
        },
        Command::SetCheckedIn { start_no: StartNo(1), checked_in: true },
        Command::SetCheckedIn { start_no: StartNo(1), checked_in: false },
    ])
    .unwrap();
    f.undo().unwrap();
    let copy = dir.path().join("copy.bianpai");
    f.save_copy(&copy).unwrap();
    let expected = f.event().clone();
    drop(f);
    assert_eq!(EventFile::open(&path).unwrap().event(), &expected);
    assert_eq!(EventFile::open(&copy).unwrap().event(), &expected);
    assert_eq!(EventReader::open(&path).unwrap().event(), &expected);

    // Many commands, each through its own opening, as a script runs them.
    for round in 3..=5 {
        let mut f = EventFile::open_for_command(&path).unwrap();
        pair(&mut f, round);
        drop(f);
        for board in 1..=3 {
            EventFile::open_for_command(&path).unwrap().execute(&result(round as u32, board, Outcome::Draw)).unwrap();
        }
    }
    EventFile::open(&path).unwrap();
    for backup in backup::list_backups(&path) {
        EventFile::open(&backup).unwrap();
    }
    let oldest = backup::list_backups(&path).remove(0);
    backup::restore(&path, &oldest).unwrap();
    let mut f = EventFile::open(&path).unwrap();
    assert!(f.event().groups[0].stages[0].rounds.is_empty());
    pair(&mut f, 9);
    drop(f);
    EventFile::open(&path).unwrap();
}

/// Takes the file back to schema 6: no chain columns, no chain table, nothing added
/// since.
fn make_it_schema_6(path: &Path) {
    common::old_schema::make_it_schema(path, 6);
}

// issue 22, item 6: a file of schema 6 is read as it is, upgraded by the window (a copy
// kept aside) and protected from then on.
#[test]
fn an_older_file_is_upgraded_and_then_protected() {
    let dir = tempfile::tempdir().unwrap();
    let path = event_file(dir.path());
    let expected = EventFile::open(&path).unwrap().event().clone();
    make_it_schema_6(&path);
    assert_eq!(EventReader::open(&path).unwrap().event(), &expected);

    let mut f = EventFile::open(&path).unwrap();
    assert!(dir.path().join("e.bak-v6.bianpai").is_file());
    assert_eq!(f.event(), &expected);
    f.undo().unwrap();
    f.execute(&result(2, 2, Outcome::RedWins)).unwrap();
    drop(f);
    EventFile::open(&path).unwrap();

    behind_the_back(&path, "UPDATE games SET outcome = '0-1' WHERE round_no = 1 AND board = 2");
    assert_eq!(refusal(&path).1, Tamper::Data);
    // An edit of a row written before the upgrade is found too.
    backup::restore(&path, &dir.path().join("e.bak-v6.bianpai")).unwrap();
    EventFile::open(&path).unwrap();
    behind_the_back(&path, "UPDATE audit_log SET actor = '别人' WHERE id = 2");
    assert_eq!(refusal(&path).0, 2);
}

// issue 22, item 6: the command line refuses a changed file naming the row and the
// newest backup (exit 1), and restores it.
#[test]
fn the_command_line_names_the_row_and_restores_the_newest_backup() {
    let dir = tempfile::tempdir().unwrap();
    let path = changed(dir.path(), "UPDATE players SET rating = 2900 WHERE start_no = 6");
    let file = path.to_str().unwrap();
    let newest = dir.path().join("e.bak-r2.bianpai");
    for args in [vec!["standings", file], vec!["log", file], vec!["checkin", file, "5"]] {
        let out = common::bianpai(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("from history row 9 on"), "{args:?}: {stderr}");
        assert!(stderr.contains(newest.to_str().unwrap()), "{args:?}: {stderr}");
    }
    common::ok(&["restore", file, newest.to_str().unwrap()]);
    common::ok(&["standings", file]);
}

// issue 22, item 6: a file SQLite itself finds damaged is restored from its newest
// backup too, unless another window has it open.
#[test]
fn a_damaged_file_is_restored_from_its_newest_backup() {
    let dir = tempfile::tempdir().unwrap();
    let path = event_file(dir.path());
    let newest = backup::list_backups(&path).pop().unwrap();
    let held = EventFile::open(&path).unwrap();
    assert!(matches!(backup::restore(&path, &newest), Err(StoreError::InUse { .. })), "not while open");
    drop(held);

    let mut bytes = std::fs::read(&path).unwrap();
    let page = 4096;
    bytes[2 * page..3 * page].fill(0x5a);
    std::fs::write(&path, bytes).unwrap();
    assert!(matches!(EventFile::open(&path), Err(StoreError::Damaged { .. })));
    backup::restore(&path, &newest).unwrap();
    assert_eq!(EventFile::open(&path).unwrap().event().groups[0].stages[0].rounds.len(), 1);
}
