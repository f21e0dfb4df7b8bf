//! Issue 22, item 5 — smaller defects: `checkin 1 2 3` is one change, taken back by one
//! undo; `trf pair` calls a file that is not UTF-8 invalid input (exit 3), not a file
//! error (exit 5); a killed backup's leftovers go at the next open; a lowered version
//! number is called damaged in words.

use crate::common;

use bianpai::store::EventReader;
use common::{bianpai, bianpai_in, ok};

// Item 5: three players checked in at once are one undo.
#[test]
fn a_check_in_of_several_players_is_one_undo() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.bianpai");
    let f = file.to_str().unwrap();
    ok(&["new", f, "--preset", "cxa-swiss", "--rounds", "3"]);
    let roster = dir.path().join("r.csv");
    std::fs::write(&roster, "姓名\n甲\n乙\n丙\n丁\n").unwrap();
    ok(&["players", "import", f, roster.to_str().unwrap()]);
    ok(&["checkin", f, "1", "2", "3"]);
    let checked = || {
        let r = EventReader::open(&file).unwrap();
        r.event().players.iter().filter(|p| p.checked_in).map(|p| p.start_no.0).collect::<Vec<_>>()
    };
    assert_eq!(checked(), vec![1, 2, 3]);
    ok(&["undo", f]);
    assert_eq!(checked(), Vec::<u32>::new(), "one undo takes back the whole check-in");
    // The roster import is still there: the undo took back only the check-in.
    assert_eq!(EventReader::open(&file).unwrap().event().players.len(), 4);
}

// Item 5: bytes that are not UTF-8 are invalid input for `trf pair`: exit 3, naming the
// line, in words.
#[test]
fn trf_pair_calls_non_utf8_input_invalid() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("bad.trf");
    std::fs::write(&input, b"012 Open\n001    1 m    \xff\xfe\n").unwrap();
    let out = dir.path().join("out.txt");
    let run =
        bianpai_in("en", &["trf", "pair", "--system", "cxa", input.to_str().unwrap(), "-p", out.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(3), "{}", String::from_utf8_lossy(&run.stderr));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("line 2") && err.contains("UTF-8"), "{err}");
}

// Item 5: what a backup killed half-way left beside the event is removed when the
// event is next opened to be changed; other files stay.
#[test]
fn a_killed_backups_leftovers_are_removed_on_the_next_open() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.bianpai");
    let f = file.to_str().unwrap();
    ok(&["new", f, "--preset", "cxa-swiss", "--rounds", "3"]);
    let leftovers = [dir.path().join("e.bak-r2.bianpai.writing"), dir.path().join("e.bak-r2.bianpai.writing-journal")];
    for l in &leftovers {
        std::fs::write(l, b"half a backup").unwrap();
    }
    let other = dir.path().join("notes.writing");
    std::fs::write(&other, b"not ours").unwrap();
    let roster = dir.path().join("r.csv");
    std::fs::write(&roster, "姓名\n甲\n乙\n").unwrap();
    ok(&["players", "import", f, roster.to_str().unwrap()]);
    for l in &leftovers {
        assert!(!l.exists(), "{} is left", l.display());
    }
    assert!(other.exists(), "a file that is not a backup of this event stays");
}

// Item 5: a file whose version number was lowered while its tables stayed is called
// damaged in words — not "cannot be read or written", nor the migration's SQL — by the
// reading commands and the writing ones alike. Issue 38 item 4: it is a file changed
// outside Bianpai, refused (exit 1) as other such files are.
#[test]
fn a_lowered_version_number_is_called_damaged_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.bianpai");
    let f = file.to_str().unwrap();
    ok(&["new", f, "--preset", "cxa-swiss", "--rounds", "3"]);
    let conn = rusqlite::Connection::open(&file).unwrap();
    conn.pragma_update(None, "user_version", 1).unwrap();
    drop(conn);
    for args in [["players", "list", f].as_slice(), ["rounds", f, "5"].as_slice()] {
        let out = bianpai_in("zh", args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: refused as a file changed outside Bianpai");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("已损坏"), "{args:?}: {err}");
        assert!(!err.contains("CREATE") && !err.contains("无法读取或写入"), "{args:?}: {err}");
    }
}

// Item 5: a zero-length file is not a Bianpai event file — said without naming SQLite
// or another program's database — and stays empty.
#[test]
fn a_zero_length_file_is_not_an_event_file_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("empty.bianpai");
    std::fs::write(&file, b"").unwrap();
    let out = bianpai(&["players", "list", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a Bianpai event file") && !err.contains("SQLite"), "{err}");
    assert_eq!(std::fs::metadata(&file).unwrap().len(), 0, "the file was not changed");
}

// Issue 38, item 11: `new` in a folder that does not exist says so (exit 2), not that
// the folder is read-only.
#[test]
fn new_in_a_missing_folder_names_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no/such/folder/e.bianpai");
    let out = common::bianpai_in("en", &["new", path.to_str().unwrap(), "--preset", "cxa-swiss"]);
    assert_eq!(common::code(&out), 2);
    let said = common::stderr(&out);
    assert!(said.contains("the folder to save it in does not exist") && !said.contains("read-only"), "{said}");
}

// Issue 38, item 5: `-o` onto a device (through a link) or a pipe is refused before
// anything is written; the link and the pipe stay as they were.
#[cfg(unix)]
#[test]
fn output_onto_a_device_or_a_pipe_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let event = dir.path().join("e.bianpai");
    let out = common::bianpai(&["new", event.to_str().unwrap(), "--preset", "cxa-swiss"]);
    assert_eq!(common::code(&out), 0);
    let link = dir.path().join("out.csv");
    std::os::unix::fs::symlink("/dev/full", &link).unwrap();
    let fifo = dir.path().join("pipe.csv");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    for target in [&link, &fifo] {
        let out = common::bianpai_in("en", &["export", event.to_str().unwrap(), "csv", "-o", target.to_str().unwrap()]);
        assert_eq!(common::code(&out), 2, "{}", common::stderr(&out));
        assert!(common::stderr(&out).contains("not a regular file"), "{}", common::stderr(&out));
    }
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is left");
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "the pipe is left");
}

// Issue 38, item 16: what a killed export left beside its output (`.NAME.PID.tmp` of a
// process that no longer runs) is removed by the next export to that output; a live
// process's is not.
#[cfg(target_os = "linux")]
#[test]
fn a_killed_exports_temporary_is_removed_by_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let event = dir.path().join("e.bianpai");
    let file = event.to_str().unwrap();
    let roster = dir.path().join("r.csv");
    std::fs::write(&roster, "姓名\n甲\n乙\n丙\n丁\n").unwrap();
    common::ok(&["new", file, "--preset", "cxa-swiss", "--rounds", "3"]);
    common::ok(&["players", "import", file, roster.to_str().unwrap()]);
    common::ok(&["pair", file]);
    for board in ["1", "2"] {
        common::ok(&["result", file, "--round", "1", "--board", board, "1-0"]);
    }
    let dead = dir.path().join(".out.csv.4294967.tmp");
    let live = dir.path().join(format!(".out.csv.{}.tmp", std::process::id()));
    std::fs::write(&dead, b"half").unwrap();
    std::fs::write(&live, b"busy").unwrap();
    let out = dir.path().join("out.csv");
    let run = common::bianpai(&["export", event.to_str().unwrap(), "csv", "-o", out.to_str().unwrap()]);
    assert_eq!(common::code(&run), 0, "{}", common::stderr(&run));
    assert!(!dead.exists(), "the dead writer's leftover is gone");
    assert!(live.exists(), "a running writer's file is left");
}

// Issue 38, item 14: `checkin --group` of another group's player is refused, nobody
// checked in.
#[test]
fn check_in_of_another_groups_player_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let event = dir.path().join("e.bianpai");
    let file = event.to_str().unwrap();
    let roster = dir.path().join("r.csv");
    std::fs::write(&roster, "姓名,出生日期,组别\n甲,1990-01-01,成人组\n乙,2008-01-01,少年组\n").unwrap();
    common::ok(&["new", file, "--preset", "huaiyin-2022"]);
    // Numbers across the event, so that 2 is 乙 of 少年组.
    common::ok(&["players", "numbering", file, "per-event"]);
    let imported = common::bianpai(&["players", "import", file, roster.to_str().unwrap(), "--override-reason", "测试"]);
    assert_eq!(common::code(&imported), 0, "{}", common::stderr(&imported));
    let out = common::bianpai_in("en", &["checkin", file, "1", "2", "--group", "成人组"]);
    assert_eq!(common::code(&out), 2);
    assert!(common::stderr(&out).contains("player 2 is not in group 成人组"), "{}", common::stderr(&out));
    let f = bianpai::store::EventFile::open(&event).unwrap();
    assert_eq!(f.event().players.len(), 2);
    assert!(f.event().players.iter().all(|p| !p.checked_in), "nobody checked in");
}
