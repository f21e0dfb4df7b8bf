//! A writer that closes an event file seals it, so that the next writing command
//! checks the newest audit row only instead of re-hashing the whole history (issue 38,
//! item 18: a result's time stays flat over the event), while any change made to the
//! file outside Bianpai still costs the whole check and a damaged history is still
//! refused (issue 38, item 3).

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::store::{EventFile, StoreError, Tamper};
use common::ok;
use rusqlite::Connection;
use std::path::{Path, PathBuf};

/// Six players by the command line, round 1 paired and two boards played.
fn played(dir: &Path) -> PathBuf {
    let file = common::cli_event(dir, 5, "name\n甲\n乙\n丙\n丁\n戊\n己\n");
    // Numbered across the event, as every file of an older schema is.
    ok(&["players", "numbering", &file, "per-event"]);
    ok(&["pair", &file, "--seed", "1"]);
    for (board, result) in [("1", "1-0"), ("2", "1/2")] {
        ok(&["result", &file, "--round", "1", "--board", board, result]);
    }
    PathBuf::from(file)
}

fn board_3(outcome: Outcome) -> Command {
    Command::RecordResult {
        group: GroupId(1),
        stage: StageNo(1),
        round: RoundNo(1),
        board: BoardNo(3),
        game: 1,
        result: Some(GameResult::plain(outcome)),
    }
}

// Issue 38 item 18: after commands of the command line, and after the window, the next
// writing command finds the file sealed and checks the newest row only.
#[test]
fn a_file_closed_by_a_writer_is_opened_without_rehashing_its_history() {
    let dir = tempfile::tempdir().unwrap();
    let path = played(dir.path());
    let mut file = EventFile::open_for_command(&path).unwrap();
    assert!(!file.whole_history_checked(), "the last `result` sealed the file");
    file.execute(&board_3(Outcome::BlackWins)).unwrap();
    drop(file);
    let file = EventFile::open_for_command(&path).unwrap();
    assert!(!file.whole_history_checked(), "a command's own close seals the file");
    drop(file);
    // The window opening the file checks everything itself, and seals it when closed.
    let mut window = EventFile::open(&path).unwrap();
    assert!(window.whole_history_checked());
    window.execute(&board_3(Outcome::Draw)).unwrap();
    drop(window);
    let file = EventFile::open_for_command(&path).unwrap();
    assert!(!file.whole_history_checked(), "the window's close seals the file");
    let event = file.event().clone();
    drop(file);
    assert_eq!(&event, EventFile::open(&path).unwrap().event());
}

// Issue 38 items 3 and 18: a file changed by another program while the window had it
// open is not sealed when the window closes: the next writer checks every row.
#[test]
fn a_file_changed_beside_the_window_is_not_sealed() {
    let dir = tempfile::tempdir().unwrap();
    let path = played(dir.path());
    let window = EventFile::open(&path).unwrap();
    Connection::open(&path).unwrap().execute("UPDATE audit_log SET actor = '别人' WHERE id = 3", []).unwrap();
    drop(window);
    let refused = EventFile::open_for_command(&path).unwrap_err();
    assert!(matches!(refused, StoreError::Tampered { row: 3, what: Tamper::Row, .. }), "{refused:?}");
}

// Issue 38 item 18: any change made outside Bianpai, even one that leaves the event
// as it was, means the whole history is checked again.
#[test]
fn a_file_changed_outside_bianpai_has_its_whole_history_checked() {
    let dir = tempfile::tempdir().unwrap();
    let path = played(dir.path());
    Connection::open(&path).unwrap().execute_batch("CREATE TABLE scratch(a); DROP TABLE scratch;").unwrap();
    let file = EventFile::open_for_command(&path).unwrap();
    assert!(file.whole_history_checked());
}

// Issue 38 items 3 and 18: an old history row edited on a sealed file, its length and
// modification time put back as they were, is still found and refused: the seal holds
// more than the file's size and modification date.
#[test]
fn an_old_row_edited_behind_a_seal_is_still_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = played(dir.path());
    let before = std::fs::metadata(&path).unwrap();
    Connection::open(&path).unwrap().execute("UPDATE audit_log SET actor = '别人' WHERE id = 3", []).unwrap();
    let handle = std::fs::File::options().write(true).open(&path).unwrap();
    handle.set_modified(before.modified().unwrap()).unwrap();
    drop(handle);
    let after = std::fs::metadata(&path).unwrap();
    assert_eq!((after.len(), after.modified().unwrap()), (before.len(), before.modified().unwrap()));
    let refused = EventFile::open_for_command(&path).unwrap_err();
    assert!(matches!(refused, StoreError::Tampered { row: 3, what: Tamper::Row, .. }), "{refused:?}");
}

// Issue 38 item 18: on Unix the seal holds the file's identity and the inode's change
// time, which no program sets back, instead of reading every byte (a `stat` whatever
// the file's size): the same bytes written again over the file are a change.
#[cfg(unix)]
#[test]
fn the_same_bytes_written_over_a_sealed_file_are_a_change() {
    let dir = tempfile::tempdir().unwrap();
    let path = played(dir.path());
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes).unwrap();
    let file = EventFile::open_for_command(&path).unwrap();
    assert!(file.whole_history_checked());
}

// Issue 38 item 18: a file put back from an older copy is not the sealed file.
#[test]
fn a_file_replaced_by_an_older_copy_has_its_whole_history_checked() {
    let dir = tempfile::tempdir().unwrap();
    let path = played(dir.path());
    let older = dir.path().join("older.bianpai");
    std::fs::copy(&path, &older).unwrap();
    ok(&["result", path.to_str().unwrap(), "--round", "1", "--board", "3", "0-1"]);
    std::fs::copy(&older, &path).unwrap();
    let file = EventFile::open_for_command(&path).unwrap();
    assert!(file.whole_history_checked());
}

// Issue 38 item 18: undo finds its stacks through the index of short rows (schema 11);
// a schema-10 file gains the index when first opened for writing, and undo and redo
// go on from the history it already has (an undo before the upgrade included).
#[test]
fn undo_goes_on_through_the_labels_index_after_the_upgrade() {
    let dir = tempfile::tempdir().unwrap();
    let path = played(dir.path());
    let file = path.to_str().unwrap();
    ok(&["undo", file]);
    let board_2 = || {
        let event = EventFile::open(&path).unwrap().event().clone();
        event.groups[0].stages[0].rounds[0].games.iter().find(|g| g.board == BoardNo(2)).unwrap().result
    };
    assert_eq!(board_2(), None, "board 2's draw undone");
    common::old_schema::make_it_schema(&path, 10);
    ok(&["redo", file]);
    let index: i64 = Connection::open(&path)
        .unwrap()
        .query_row("SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'audit_labels'", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(index, 1);
    assert!(board_2().is_some(), "the draw redone across the upgrade");
    ok(&["undo", file]);
    ok(&["undo", file]);
    let round = EventFile::open(&path).unwrap().event().groups[0].stages[0].rounds[0].clone();
    assert!(round.games.iter().all(|g| g.result.is_none()), "both results undone: {round:?}");
}
