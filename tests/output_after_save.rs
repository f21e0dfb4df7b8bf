//! Issue 38 item 10: a writing command whose change is saved but whose confirmation
//! cannot be printed (standard output on a full disk, `> /dev/full`) says that the
//! change WAS saved and only the printing failed, and exits 0: the event holds the
//! change, and a script that stopped or ran the command again would do it twice. A
//! reading command, whose output is its whole work, still fails (exit 1).

use crate::common;

use bianpai::store::EventReader;
use common::{code, ok, stderr};
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `bianpai` under the locale `lang` with its standard output on `/dev/full`;
/// `None` (after saying why) where this machine has no `/dev/full`.
fn to_full_disk(lang: &str, args: &[&str]) -> Option<Output> {
    let full = match std::fs::OpenOptions::new().write(true).open("/dev/full") {
        Ok(full) => full,
        Err(e) => {
            println!("skipped: no /dev/full to write to here ({e})");
            return None;
        }
    };
    let mut command = Command::new(env!("CARGO_BIN_EXE_bianpai"));
    command.env_remove("LC_ALL").env("LANG", lang).args(args).stdout(Stdio::from(full));
    Some(command.output().unwrap())
}

/// A 4-player event with round 1 paired.
fn paired_event(dir: &Path) -> String {
    let file = dir.join("e.bianpai");
    let f = file.to_str().unwrap().to_string();
    ok(&["new", &f, "--preset", "cxa-swiss", "--rounds", "3"]);
    let roster = dir.join("r.csv");
    std::fs::write(&roster, "姓名\n甲\n乙\n丙\n丁\n").unwrap();
    ok(&["players", "import", &f, roster.to_str().unwrap()]);
    ok(&["pair", &f, "--seed", "1"]);
    f
}

fn result_on_board(file: &str, board: usize) -> Option<String> {
    let reader = EventReader::open(Path::new(file)).unwrap();
    let game = &reader.event().groups[0].stages[0].rounds[0].games[board - 1];
    game.result.map(|r| format!("{:?}", r.outcome))
}

// Issue 38 item 10: `result … > /dev/full` saves the result, says so in the chosen
// language and exits 0, naming the printing as what failed.
#[test]
fn a_saved_change_whose_confirmation_cannot_be_printed_exits_0_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let file = paired_event(dir.path());
    let Some(out) = to_full_disk("C.UTF-8", &["result", &file, "--round", "1", "--board", "1", "1-0"]) else {
        return;
    };
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("was saved") && err.contains("could not be printed"), "{err}");
    assert!(err.contains("disk is full"), "the reason is named: {err}");
    assert_eq!(result_on_board(&file, 1).as_deref(), Some("RedWins"));

    let Some(out) = to_full_disk("zh_CN.UTF-8", &["result", &file, "--round", "1", "--board", "2", "0-1"]) else {
        return;
    };
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("已保存") && err.contains("无法输出"), "{err}");
    assert!(!err.contains("saved"), "Chinese only: {err}");
    assert_eq!(result_on_board(&file, 2).as_deref(), Some("BlackWins"));
}

// Issue 38 item 10: a command whose output is its work — a listing — still fails when
// it cannot be written (exit 1), and says the disk is full.
#[test]
fn a_reading_command_that_cannot_print_still_fails() {
    let dir = tempfile::tempdir().unwrap();
    let file = paired_event(dir.path());
    let Some(out) = to_full_disk("C.UTF-8", &["standings", &file]) else { return };
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("disk is full") && !err.contains("saved"), "{err}");
}
