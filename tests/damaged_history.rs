//! A damaged history is never written on nor copied aside (issue 38, item 3), and a
//! version number set back over newer tables is a file changed outside Bianpai, not an
//! older file to migrate (issue 38, item 4). Every writing path — a command of the
//! command line, the window — checks the whole audit chain before it writes; no
//! automatic backup is taken of a damaged file, so a good one stays restorable and
//! the refusal names it.

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::swiss::pair_next_round;
use bianpai::lang::{Lang, Localized};
use bianpai::store::{EventFile, EventReader, StoreError, Tamper, backup};
use common::{bianpai, code, ok, stderr};
use rusqlite::Connection;
use std::path::{Path, PathBuf};

/// Six players by the command line, round 1 paired (backup `e.bak-r1`) and played:
/// five audit rows.
fn played_round_1(dir: &Path) -> PathBuf {
    played_round_1_numbered(dir, false)
}

/// [`played_round_1`], numbered across the event when `across` (as every file of an
/// older schema is, R-11.6) — one history row more.
fn played_round_1_numbered(dir: &Path, across: bool) -> PathBuf {
    let path = dir.join("e.bianpai");
    let file = path.to_str().unwrap();
    let roster = dir.join("roster.csv");
    std::fs::write(&roster, "name\n甲\n乙\n丙\n丁\n戊\n己\n").unwrap();
    ok(&["new", file, "--preset", "cxa-swiss", "--rounds", "5"]);
    if across {
        ok(&["players", "numbering", file, "per-event"]);
    }
    ok(&["players", "import", file, roster.to_str().unwrap()]);
    ok(&["pair", file, "--seed", "1"]);
    for (board, result) in [("1", "1-0"), ("2", "1/2"), ("3", "0-1")] {
        ok(&["result", file, "--round", "1", "--board", board, result]);
    }
    path
}

/// Changes the file with SQL, as another program would.
fn behind_the_back(path: &Path, sql: &str) {
    Connection::open(path).unwrap().execute_batch(sql).unwrap();
}

/// Edits history row 3 (its operator) as another program would; what it said.
fn edit_row_3(path: &Path) -> String {
    let conn = Connection::open(path).unwrap();
    let actor: String = conn.query_row("SELECT actor FROM audit_log WHERE id = 3", [], |r| r.get(0)).unwrap();
    conn.execute("UPDATE audit_log SET actor = '别人' WHERE id = 3", []).unwrap();
    actor
}

/// Puts history row 3's operator back.
fn put_back_row_3(path: &Path, actor: &str) {
    Connection::open(path).unwrap().execute("UPDATE audit_log SET actor = ?1 WHERE id = 3", [actor]).unwrap();
}

fn audit_rows(path: &Path) -> i64 {
    Connection::open(path).unwrap().query_row("SELECT count(*) FROM audit_log", [], |r| r.get(0)).unwrap()
}

fn user_version(path: &Path) -> i32 {
    Connection::open(path).unwrap().pragma_query_value(None, "user_version", |r| r.get(0)).unwrap()
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

// Issue 38 item 3: a writing command on a file whose history row was edited is refused
// (exit 1) with the window's words, writes nothing, takes no backup of the damage, and
// names the backup that restores.
#[test]
fn a_writing_command_refuses_a_damaged_history_and_takes_no_backup() {
    let dir = tempfile::tempdir().unwrap();
    let path = played_round_1(dir.path());
    let file = path.to_str().unwrap();
    edit_row_3(&path);
    let window = EventFile::open(&path).unwrap_err();
    assert!(matches!(window, StoreError::Tampered { row: 3, what: Tamper::Row, .. }), "{window:?}");
    let good = dir.path().join("e.bak-r1.bianpai");
    let writes: [&[&str]; 5] = [
        &["result", file, "--round", "1", "--board", "2", "1-0"],
        &["pair", file],
        &["undo", file],
        &["checkin", file, "2"],
        &["players", "withdraw", file, "6"],
    ];
    for args in writes {
        let out = bianpai(args);
        assert_eq!(code(&out), 1, "{args:?} was not refused");
        let said = stderr(&out);
        assert!(said.contains(&window.message(Lang::En)), "{args:?}: the window's words: {said}");
        assert!(said.contains("from history row 3 on") && said.contains(good.to_str().unwrap()), "{said}");
    }
    assert_eq!(audit_rows(&path), 5, "nothing was written");
    assert_eq!(names_in(dir.path()), ["e.bak-r1.bianpai", "e.bianpai", "roster.csv"], "no backup of the damage");
    let zh = stderr(&common::bianpai_in("zh_CN.UTF-8", &["result", file, "--round", "1", "--board", "2", "1-0"]));
    assert!(zh.contains("在 Bianpai 之外被改动或已损坏") && zh.contains("第 3 条"), "{zh}");

    ok(&["restore", file, good.to_str().unwrap()]);
    ok(&["pair", file, "--seed", "1"]);
    EventFile::open(&path).unwrap();
}

// Issue 38 item 3: the probe's own steps — a game's result changed with SQL — are
// refused by a writing command too, and the backup it names restores.
#[test]
fn a_result_changed_with_sql_is_refused_by_a_writing_command() {
    let dir = tempfile::tempdir().unwrap();
    let path = played_round_1(dir.path());
    let file = path.to_str().unwrap();
    behind_the_back(&path, "UPDATE games SET outcome = '0-1' WHERE round_no = 1 AND board = 1");
    for args in [["result", file, "--round", "1", "--board", "2", "1-0"].as_slice(), ["pair", file].as_slice()] {
        assert_eq!(code(&bianpai(args)), 1, "{args:?}");
    }
    assert_eq!(names_in(dir.path()), ["e.bak-r1.bianpai", "e.bianpai", "roster.csv"]);
    ok(&["restore", file, dir.path().join("e.bak-r1.bianpai").to_str().unwrap()]);
    ok(&["standings", file]);
}

// Issue 38 item 3: a file another program writes to while the window has it open is
// not copied into a backup when the next round is paired; the pairing is refused.
#[test]
fn the_window_takes_no_backup_of_a_file_changed_while_open() {
    let dir = tempfile::tempdir().unwrap();
    let path = played_round_1(dir.path());
    let mut f = EventFile::open(&path).unwrap();
    let actor = edit_row_3(&path);
    let (group, stage) = (GroupId(1), StageNo(1));
    let round = pair_next_round(f.event(), group, stage, 2).unwrap();
    let refused = f.execute(&Command::PairRound { group, stage, round });
    assert!(matches!(refused, Err(StoreError::Tampered { row: 3, what: Tamper::Row, .. })), "{refused:?}");
    assert!(!dir.path().join("e.bak-r2.bianpai").exists(), "no backup of the damage");
    drop(f);
    assert_eq!(audit_rows(&path), 5);

    // A value changed meanwhile is found the same way.
    put_back_row_3(&path, &actor);
    let mut f = EventFile::open(&path).unwrap();
    behind_the_back(&path, "UPDATE players SET name = '改名' WHERE start_no = 2");
    let round = pair_next_round(f.event(), group, stage, 2).unwrap();
    let refused = f.execute(&Command::PairRound { group, stage, round });
    assert!(matches!(refused, Err(StoreError::Tampered { what: Tamper::Data, .. })), "{refused:?}");
    assert!(!dir.path().join("e.bak-r2.bianpai").exists());
}

// Issue 38 item 3: an older file with a hash chain (schema 8) whose history is damaged
// is neither copied aside nor migrated.
#[test]
fn an_older_chained_file_with_a_damaged_history_is_neither_copied_nor_migrated() {
    let dir = tempfile::tempdir().unwrap();
    let path = played_round_1_numbered(dir.path(), true);
    let file = path.to_str().unwrap();
    common::old_schema::make_it_schema(&path, 8);
    let actor = edit_row_3(&path);
    let out = bianpai(&["result", file, "--round", "1", "--board", "2", "1-0"]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(matches!(EventFile::open(&path), Err(StoreError::Tampered { row: 3, .. })));
    assert_eq!(user_version(&path), 8, "not migrated");
    assert!(!dir.path().join("e.bak-v8.bianpai").exists(), "not copied aside");

    // Undamaged, it is copied aside and migrated as before.
    put_back_row_3(&path, &actor);
    ok(&["result", file, "--round", "1", "--board", "2", "1-0"]);
    assert!(dir.path().join("e.bak-v8.bianpai").is_file());
    assert_eq!(user_version(&path), bianpai::store::schema::current_version());
}

// Issue 38 item 3: a backup that carries damage (as an older Bianpai took them) is not
// the one the refusal names: the newest backup that restores is.
#[test]
fn the_refusal_names_the_newest_backup_that_restores() {
    let dir = tempfile::tempdir().unwrap();
    let path = played_round_1(dir.path());
    let file = path.to_str().unwrap();
    edit_row_3(&path);
    let damaged = dir.path().join("e.bak-r2.bianpai");
    std::fs::copy(&path, &damaged).unwrap();
    assert_eq!(backup::list_backups(&path).last(), Some(&damaged));
    let good = dir.path().join("e.bak-r1.bianpai");
    assert_eq!(backup::newest_restorable(&path), Some(good.clone()));
    for args in [["log", file].as_slice(), ["result", file, "--round", "1", "--board", "2", "1-0"].as_slice()] {
        let said = stderr(&bianpai(args));
        assert!(said.contains(good.to_str().unwrap()) && !said.contains("bak-r2"), "{args:?}: {said}");
    }
    assert_eq!(code(&bianpai(&["restore", file, damaged.to_str().unwrap()])), 1);
    ok(&["restore", file, good.to_str().unwrap()]);
}

// Issue 38 item 4: `update games …; pragma user_version=6` is not an older file to
// migrate (its chain hashed over the edit): every way of opening it refuses it as
// changed outside Bianpai, exit 1, and leaves it as it is.
#[test]
fn a_version_set_back_over_current_tables_is_refused_not_migrated() {
    let dir = tempfile::tempdir().unwrap();
    let path = played_round_1(dir.path());
    let file = path.to_str().unwrap();
    behind_the_back(
        &path,
        "UPDATE games SET outcome = '0-1' WHERE round_no = 1 AND board = 1; PRAGMA user_version = 6;",
    );
    for args in [
        ["standings", file].as_slice(),
        ["log", file].as_slice(),
        ["result", file, "--round", "1", "--board", "2", "1-0"].as_slice(),
        ["pair", file].as_slice(),
    ] {
        let out = bianpai(args);
        assert_eq!(code(&out), 1, "{args:?}: {}", stderr(&out));
        let said = stderr(&out);
        assert!(said.contains("changed outside Bianpai") && said.contains("version number was set back"), "{said}");
    }
    let zh = stderr(&common::bianpai_in("zh_CN.UTF-8", &["standings", file]));
    assert!(zh.contains("在 Bianpai 之外被改动或已损坏") && zh.contains("版本号被改回了旧版本"), "{zh}");
    for refused in [EventFile::open(&path).map(drop), EventReader::open(&path).map(drop)] {
        assert!(matches!(refused, Err(StoreError::Tampered { row: 0, what: Tamper::Version, .. })), "{refused:?}");
    }
    assert_eq!(user_version(&path), 6, "not migrated");
    assert_eq!(names_in(dir.path()), ["e.bak-r1.bianpai", "e.bianpai", "roster.csv"], "not copied aside");
    let outcome: String = Connection::open(&path)
        .unwrap()
        .query_row("SELECT outcome FROM games WHERE round_no = 1 AND board = 1", [], |r| r.get(0))
        .unwrap();
    assert_eq!(outcome, "0-1", "the edit is left for the director to see, not hashed in");
    ok(&["restore", file, dir.path().join("e.bak-r1.bianpai").to_str().unwrap()]);
    ok(&["standings", file]);
}
