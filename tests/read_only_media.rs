//! Issue 22, item 3: an event on read-only media — a folder or a file nothing may write
//! to (a CD, a locked USB stick, a read-only share). The reading commands work there
//! (`standings`, `pairings`, `export`); a change is refused in words (exit 1) and the
//! file stays byte-identical with nothing created beside it.
//!
//! The tests make the folder or file immutable with `chattr +i`, which binds root too
//! (CI runs as root, whom file modes do not stop); where that is not allowed they fall
//! back to `chmod` for a user whom modes do stop, and otherwise say why they could not
//! run.

use crate::common;

use common::locks::Locked;
use common::{bianpai, bianpai_in, ok};
use std::path::Path;

/// A 4-player event with round 1 played, in its own folder.
fn played_event(dir: &Path) -> String {
    let file = dir.join("e.bianpai");
    let f = file.to_str().unwrap().to_string();
    ok(&["new", &f, "--preset", "cxa-swiss", "--rounds", "3"]);
    let roster = dir.parent().unwrap().join("r.csv");
    std::fs::write(&roster, "姓名\n甲\n乙\n丙\n丁\n").unwrap();
    ok(&["players", "import", &f, roster.to_str().unwrap()]);
    ok(&["pair", &f, "--seed", "1"]);
    ok(&["result", &f, "--round", "1", "--board", "1", "1-0"]);
    ok(&["result", &f, "--round", "1", "--board", "2", "0-1"]);
    f
}

fn check_read_only(locked: &Path, file: &str, dir: &Path) {
    let before = std::fs::read(file).unwrap();
    let names = |d: &Path| {
        let mut n: Vec<String> =
            std::fs::read_dir(d).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into()).collect();
        n.sort();
        n
    };
    let listed = names(dir);
    let guard = Locked::new(locked);
    let standings = bianpai(&["standings", file]);
    let pairings = bianpai(&["pairings", file, "--json"]);
    let out = dir.parent().unwrap().join("out.csv");
    let export = bianpai(&["export", file, "csv", "-o", out.to_str().unwrap()]);
    let change = bianpai_in("zh", &["result", file, "--round", "1", "--board", "1", "0-1"]);
    drop(guard);
    assert!(standings.status.success(), "standings: {}", String::from_utf8_lossy(&standings.stderr));
    assert!(String::from_utf8_lossy(&standings.stdout).contains("甲"));
    assert!(pairings.status.success(), "pairings: {}", String::from_utf8_lossy(&pairings.stderr));
    assert!(export.status.success(), "export: {}", String::from_utf8_lossy(&export.stderr));
    assert_eq!(change.status.code(), Some(1));
    let err = String::from_utf8_lossy(&change.stderr);
    assert!(err.contains("只读") && !err.contains("Error code") && !err.contains("disk I/O"), "{err}");
    assert_eq!(std::fs::read(file).unwrap(), before, "the file is byte-identical");
    assert_eq!(names(dir), listed, "nothing was created beside it");
}

// Item 3: a read-only folder.
#[test]
fn an_event_in_a_read_only_folder_is_read_and_not_changed() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("cd");
    std::fs::create_dir(&dir).unwrap();
    let file = played_event(&dir);
    check_read_only(&dir, &file, &dir);
}

// Item 3: a read-only file in a writable folder.
#[test]
fn a_read_only_event_file_is_read_and_not_changed() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("share");
    std::fs::create_dir(&dir).unwrap();
    let file = played_event(&dir);
    check_read_only(Path::new(&file), &file, &dir);
}
