//! Issue 38 item 15: writing commands of the command line that race for one event file
//! wait for each other (each holds it for milliseconds) instead of failing "in use";
//! a window, which holds the file for its whole session, still refuses them at once
//! (CLI.md: "in use", exit 1).

use crate::common;

use bianpai::store::{EventFile, EventReader};
use common::{bianpai, code, ok, stderr};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Writers started at once.
const WRITERS: u32 = 8;

/// A 16-player event with round 1 paired: eight boards.
fn paired_event(dir: &Path) -> String {
    let file = dir.join("e.bianpai");
    let f = file.to_str().unwrap().to_string();
    ok(&["new", &f, "--preset", "cxa-swiss", "--rounds", "3"]);
    let roster = dir.join("r.csv");
    let names: String = (1..=2 * WRITERS).map(|i| format!("棋手{i}\n")).collect();
    std::fs::write(&roster, format!("姓名\n{names}")).unwrap();
    ok(&["players", "import", &f, roster.to_str().unwrap()]);
    ok(&["pair", &f, "--seed", "1"]);
    f
}

// Issue 38 item 15: eight `result` commands on distinct boards started together all
// succeed, and every result is in the file with its audit row.
#[test]
fn racing_writing_commands_wait_for_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let file = paired_event(dir.path());
    let audit_rows = EventReader::open(Path::new(&file)).unwrap().audit_log().unwrap().len();
    let children: Vec<_> = (1..=WRITERS)
        .map(|board| {
            Command::new(env!("CARGO_BIN_EXE_bianpai"))
                .env_remove("LC_ALL")
                .env("LANG", "C.UTF-8")
                .args(["result", &file, "--round", "1", "--board", &board.to_string(), "1-0"])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outs: Vec<_> = children.into_iter().map(|c| c.wait_with_output().unwrap()).collect();
    for (board, out) in (1..).zip(&outs) {
        assert_eq!(code(out), 0, "board {board}: {}", stderr(out));
    }
    let reader = EventReader::open(Path::new(&file)).unwrap();
    let games = &reader.event().groups[0].stages[0].rounds[0].games;
    assert!(games.iter().all(|g| g.result.is_some()), "every result is saved");
    assert_eq!(reader.audit_log().unwrap().len(), audit_rows + WRITERS as usize, "one audit row each");
}

// Issue 38 item 15, CLI.md: while a window holds the file a writing command is refused
// with "in use" (exit 1) at once — it does not wait out the time a command may take.
#[test]
fn a_window_still_refuses_writing_commands_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let file = paired_event(dir.path());
    let window = EventFile::open(Path::new(&file)).unwrap();
    let started = Instant::now();
    let out = bianpai(&["result", &file, "--round", "1", "--board", "1", "1-0"]);
    let took = started.elapsed();
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(stderr(&out).contains("in use"), "{}", stderr(&out));
    assert!(took < Duration::from_millis(2500), "refused at once, not after waiting: {took:?}");
    drop(window);
    ok(&["result", &file, "--round", "1", "--board", "1", "1-0"]);
}
