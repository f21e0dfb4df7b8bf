//! A writer holds its event file until it lets go (found beside issue 39, item 8): on
//! Unix every POSIX lock a process has on a file goes when any handle of that process
//! on the file is closed, so a writer's process does not open and close the held file
//! — the seal check of a writing command reads it through a handle kept as long as the
//! connection, and the window's guard against exporting over it knows it by its inode.
//! With SQLite's locks as Bianpai takes them today, closing a stray handle was not seen
//! to free the file in these cases (checked by hand with both guards undone); these
//! tests keep the property itself: another writer stays refused while the file is held.

use crate::common;

use bianpai::store::EventFile;
use bianpai::store::guard::protected_target_beside;
use common::ok;
use std::path::{Path, PathBuf};

/// Four players, round 1 paired by the command line (whose close seals the file).
fn paired(dir: &Path) -> PathBuf {
    let file = common::cli_event(dir, 3, "name\n甲\n乙\n丙\n丁\n");
    ok(&["pair", &file, "--seed", "1"]);
    PathBuf::from(file)
}

/// Whether a second writer, in another process, can record board 1 now.
fn second_writer_gets_in(path: &Path) -> bool {
    let out = common::bianpai(&["result", path.to_str().unwrap(), "--round", "1", "--board", "1", "1-0"]);
    out.status.success()
}

// The writing command's seal check reads the file's bytes through a handle it keeps:
// while it holds the file, a second writer is refused.
#[cfg(unix)]
#[test]
fn a_writer_that_checked_the_seal_still_holds_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    let held = EventFile::open_for_command(&path).unwrap();
    assert!(!held.whole_history_checked(), "the file was sealed, so its bytes were read");
    assert!(!second_writer_gets_in(&path), "a second writer got in while the first held the file");
    drop(held);
    assert!(second_writer_gets_in(&path), "the file is free once let go");
}

// The window's guard knows the held file, and its sidecars and other names, without
// opening it: asking about it leaves the window's lock in place.
#[cfg(unix)]
#[test]
fn asking_whether_an_export_would_overwrite_the_held_file_keeps_it_held() {
    let dir = tempfile::tempdir().unwrap();
    let path = paired(dir.path());
    let link = dir.path().join("another-name.csv");
    std::fs::hard_link(&path, &link).unwrap();
    // Held as the window holds it: shared with readers, no other writer.
    let held = EventFile::open(&path).unwrap();
    assert!(!second_writer_gets_in(&path), "the window keeps writers out");
    let wal = dir.path().join(format!("{}-wal", path.file_name().unwrap().to_str().unwrap()));
    for target in [&path, &link, &wal] {
        assert_eq!(protected_target_beside(target, &path).as_deref(), Some(path.as_path()), "{}", target.display());
    }
    assert_eq!(protected_target_beside(&dir.path().join("ranking.csv"), &path), None);
    assert!(!second_writer_gets_in(&path), "the guard let the window's lock go");
    drop(held);
}
