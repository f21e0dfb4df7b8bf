//! Issue 17 item 4, CLI.md: the reading commands (`players list`, `pairings`,
//! `standings`, `prizes`, `ledger`, `checkin` without numbers, `print`, `export`, `log`)
//! work while the window has the event open, as SQLite readers of the last committed
//! state; the writing commands are still refused with "in use" (exit 1). The window is
//! this test process: it holds an `EventFile` opened as the window opens it.

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome, ResultReason};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::{EventFile, EventReader, StoreError};
use common::{bianpai, code, json, ok, stderr};
use std::path::{Path, PathBuf};

const NAMES: [&str; 6] = ["王天一", "郑惟桐", "唐丹", "许银川", "赵鑫鑫", "蒋川"];

/// A closed event file of six players, round 1 paired, written as the window writes.
fn six_player_event(dir: &Path) -> PathBuf {
    let path = dir.join("读者.bianpai");
    let event = presets::build("cxa-swiss", Some("读者测试赛"), Some(3)).unwrap();
    let mut f = EventFile::create(&path, &event).unwrap();
    let entries = NAMES
        .iter()
        .enumerate()
        .map(|(i, name)| PlayerEntry {
            name: name.to_string(),
            club: format!("棋社{}", i % 2),
            rating: Some(2000 + 10 * i as u32),
            ..Default::default()
        })
        .collect();
    f.execute(&Command::AddPlayers { group: GroupId(1), entries, override_reason: None, left_out: Vec::new() })
        .unwrap();
    let round = pair_next_round(f.event(), GroupId(1), StageNo(1), 7).unwrap();
    f.execute(&Command::PairRound { group: GroupId(1), stage: StageNo(1), round }).unwrap();
    path
}

fn result_of(board: u32, outcome: Outcome) -> Command {
    Command::RecordResult {
        group: GroupId(1),
        stage: StageNo(1),
        round: RoundNo(1),
        board: BoardNo(board),
        game: 1,
        result: Some(GameResult { outcome, reason: ResultReason::Normal, fouls_red: 0, fouls_black: 0 }),
    }
}

/// The results of round 1 as `pairings --json` shows them.
fn results_read(file: &str) -> Vec<serde_json::Value> {
    let pairings = json(&["pairings", file, "--json"]);
    pairings["boards"].as_array().unwrap().iter().map(|b| b["result"].clone()).collect()
}

fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

// Issue 17 item 4: every reading command exits 0 with the right content while the
// window holds the file.
#[test]
fn every_reading_command_works_while_the_window_holds_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = six_player_event(dir.path());
    let file = path.to_str().unwrap();
    let mut window = EventFile::open(&path).unwrap();
    for board in 1..=3 {
        window.execute(&result_of(board, Outcome::RedWins)).unwrap();
    }

    let players = json(&["players", "list", file, "--json"]);
    let names: Vec<&str> = players["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, NAMES);
    assert!(ok(&["players", "list", file]).contains("赵鑫鑫"));

    assert_eq!(results_read(file), vec![serde_json::json!("1-0"); 3]);
    let standings = json(&["standings", file, "--json"]);
    assert_eq!(standings["after_round"], 1);
    assert_eq!(standings["rows"].as_array().unwrap().len(), 6);
    assert_eq!(standings["rows"][0]["points"], 2, "a red win scores 2 in cxa-swiss");

    assert!(json(&["prizes", file, "--json"])["awards"].is_array());
    assert!(json(&["ledger", file, "--json"]).is_object());
    assert!(ok(&["checkin", file]).contains("王天一"), "the check-in list only reads");

    let log = json(&["log", file, "--json"]);
    assert_eq!(log["entries"].as_array().unwrap().len(), window.audit_log().unwrap().len());

    let pdf = dir.path().join("standings.pdf");
    ok(&["print", file, "standings", "-o", pdf.to_str().unwrap()]);
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    let csv = dir.path().join("rankings.csv");
    ok(&["export", file, "csv", "-o", csv.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&csv).unwrap().contains("郑惟桐"));
    let trf = dir.path().join("event.trf");
    ok(&["export", file, "trf", "-o", trf.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&trf).unwrap().contains("001"));

    // The readers wrote nothing: the window saves on as before.
    window.execute(&result_of(1, Outcome::Draw)).unwrap();
    assert_eq!(results_read(file)[0], "1/2");
}

// Issue 17 item 4, CLI.md: commands that change the event are refused with "in use"
// (exit 1) while the window holds the file, and change nothing.
#[test]
fn writing_commands_are_refused_while_the_window_holds_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = six_player_event(dir.path());
    let file = path.to_str().unwrap();
    let window = EventFile::open(&path).unwrap();
    let audit_rows = window.audit_log().unwrap().len();
    let roster = dir.path().join("more.csv");
    std::fs::write(&roster, "姓名\n孟繁睿\n").unwrap();
    let writers: [&[&str]; 7] = [
        &["result", file, "--round", "1", "--board", "1", "1-0"],
        &["pair", file, "--seed", "3"],
        &["players", "import", file, roster.to_str().unwrap()],
        &["players", "withdraw", file, "2"],
        &["checkin", file, "1"],
        &["undo", file],
        &["players", "renumber", file, "--by", "rating"],
    ];
    for args in writers {
        let out = bianpai(args);
        assert_eq!(code(&out), 1, "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("in use"), "{args:?}: {}", stderr(&out));
    }
    // A second window is refused too.
    assert!(matches!(EventFile::open(&path), Err(StoreError::InUse { .. })));
    assert_eq!(window.audit_log().unwrap().len(), audit_rows, "nothing was written");
    drop(window);
    let reopened = EventFile::open(&path).unwrap();
    assert_eq!(reopened.audit_log().unwrap().len(), audit_rows);
    assert_eq!(reopened.event().players.len(), NAMES.len());
}

// Issue 17 item 4: a reader sees the last committed state — each change the window
// commits, the next reader sees.
#[test]
fn a_reader_sees_each_change_the_window_commits() {
    let dir = tempfile::tempdir().unwrap();
    let path = six_player_event(dir.path());
    let file = path.to_str().unwrap();
    let mut window = EventFile::open(&path).unwrap();
    assert_eq!(results_read(file), vec![serde_json::Value::Null; 3]);
    window.execute(&result_of(2, Outcome::BlackWins)).unwrap();
    assert_eq!(results_read(file), [serde_json::Value::Null, "0-1".into(), serde_json::Value::Null]);
    // A reader in this process holds one snapshot while the window goes on.
    let snapshot = EventReader::open(&path).unwrap();
    window.execute(&result_of(3, Outcome::Draw)).unwrap();
    let round = |e: &bianpai::domain::event::Event| e.groups[0].stages[0].rounds[0].clone();
    assert_eq!(round(snapshot.event()).games[2].result, None, "the snapshot of when it opened");
    assert_eq!(snapshot.audit_log().unwrap().len() + 1, window.audit_log().unwrap().len());
    assert_eq!(round(EventReader::open(&path).unwrap().event()), round(window.event()));
    drop(snapshot);
    window.undo().unwrap();
    assert_eq!(results_read(file)[2], serde_json::Value::Null, "an undo is a change like any other");
    drop(window);
    // Closed cleanly: the log is checkpointed and removed; readers leave nothing behind.
    assert_eq!(results_read(file)[1], "0-1");
    assert!(!beside(&path, "-wal").exists() && !beside(&path, "-shm").exists());
}

// Issue 39 item 8: a file in rollback mode — one the window has just created, a
// "save as" copy, an older build's file it migrates — is read beside the window as any
// other: the window shares it with readers from the start, and writers are still refused.
#[test]
fn readers_read_beside_a_window_on_a_file_it_made_or_copied_or_migrated() {
    let dir = tempfile::tempdir().unwrap();
    let created = dir.path().join("新建.bianpai");
    let event = presets::build("cxa-swiss", Some("新建赛"), Some(3)).unwrap();
    let copy = dir.path().join("副本.bianpai");
    let older = six_player_event(dir.path());
    crate::common::old_schema::make_it_schema(&older, 1);
    rusqlite::Connection::open(&older).unwrap().pragma_update(None, "journal_mode", "DELETE").unwrap();

    let window = EventFile::create(&created, &event).unwrap();
    window.save_copy(&copy).unwrap();
    let windows = [window, EventFile::open(&copy).unwrap(), EventFile::open(&older).unwrap()];
    // Each file's refusal is told, not only the first.
    let refused: Vec<String> = [&created, &copy, &older]
        .iter()
        .map(|path| bianpai(&["players", "list", path.to_str().unwrap(), "--json"]))
        .filter(|out| code(out) != 0)
        .map(|out| stderr(&out))
        .collect();
    assert!(refused.is_empty(), "{refused:#?}");
    for (path, players) in [(&created, 0), (&copy, 0), (&older, NAMES.len())] {
        let file = path.to_str().unwrap();
        let listed = json(&["players", "list", file, "--json"]);
        assert_eq!(listed["players"].as_array().unwrap().len(), players, "{file}");
        ok(&["log", file]);
        let out = bianpai(&["undo", file]);
        assert_eq!(code(&out), 1, "{file}: {}", stderr(&out));
        assert!(stderr(&out).contains("in use"), "{file}: {}", stderr(&out));
    }
    assert_eq!(results_read(older.to_str().unwrap()).len(), 3);
    drop(windows);
}

// Issue 17 item 4: a reader never writes — an older file is read through a copy
// migrated in memory, the file itself left byte for byte as it was, no backup made.
#[test]
fn a_reader_never_writes_not_even_a_migration() {
    let dir = tempfile::tempdir().unwrap();
    let path = six_player_event(dir.path());
    {
        // Turn it back into what schema 1 wrote: no ledger table, no check-in or registration-day column.
        crate::common::old_schema::make_it_schema(&path, 1);
    }
    let bytes = std::fs::read(&path).unwrap();
    let file = path.to_str().unwrap();
    let players = json(&["players", "list", file, "--json"]);
    assert_eq!(players["players"].as_array().unwrap().len(), NAMES.len());
    assert_eq!(results_read(file).len(), 3);
    assert!(json(&["log", file, "--json"])["entries"].as_array().is_some_and(|e| !e.is_empty()));
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "the file is untouched");
    let mut names: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    // The backup made before round 1 was paired, and the file: no migration backup, no -wal or -shm left.
    assert_eq!(names, ["读者.bak-r1.bianpai", "读者.bianpai"]);
    // The window migrates it when it opens it (and copies it aside first).
    drop(EventFile::open(&path).unwrap());
    assert!(dir.path().join("读者.bak-v1.bianpai").exists());
}

// Issue 17 item 4: a writing command of the command line holds the file alone for its
// short life; a window cannot open it meanwhile, and a reader waits for it.
#[test]
fn a_writing_command_holds_the_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = six_player_event(dir.path());
    let command = EventFile::open_for_command(&path).unwrap();
    assert!(matches!(EventFile::open(&path), Err(StoreError::InUse { .. })));
    let waiting = std::thread::spawn({
        let path = path.clone();
        move || EventReader::open(&path).map(|r| r.event().players.len())
    });
    std::thread::sleep(std::time::Duration::from_millis(300));
    drop(command);
    assert_eq!(waiting.join().unwrap().unwrap(), NAMES.len(), "the reader waited for the writer");
}

/// Set to an event file's path, it makes [`window_child`] record a result and wait to
/// be killed.
const CHILD_ENV: &str = "BIANPAI_READERS_CHILD";

/// The child: a window that records a result on board 1, reports it, and is killed
/// while it still holds the file. Does nothing unless started by the test below.
#[test]
#[ignore = "child process of a_reader_reads_what_a_killed_window_committed, which runs it"]
fn window_child() {
    let Some(path) = std::env::var_os(CHILD_ENV) else { return };
    let mut window = EventFile::open(Path::new(&path)).expect("the child opens the event file");
    window.execute(&result_of(1, Outcome::BlackWins)).expect("the child saves a result");
    println!("\nsaved");
    std::thread::sleep(std::time::Duration::from_secs(60));
}

// Issue 17 item 4, crash safety: a window killed while it holds the file leaves its
// write-ahead log and shared index behind; a reader reads what it committed, without
// writing, and the next window recovers the log into the file.
#[test]
fn a_reader_reads_what_a_killed_window_committed() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let path = six_player_event(dir.path());
    let exe = std::env::current_exe().unwrap();
    let mut child = std::process::Command::new(exe)
        .args(["cli_readers::window_child", "--exact", "--ignored", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, &path)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let saved = std::io::BufReader::new(stdout).lines().map_while(Result::ok).any(|l| l == "saved");
    assert!(saved, "the child saved its result");
    let file = path.to_str().unwrap();
    // The window is alive: readers read, writers are refused.
    assert_eq!(results_read(file)[0], "0-1");
    assert_eq!(code(&bianpai(&["result", file, "--round", "1", "--board", "2", "1-0"])), 1);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(beside(&path, "-wal").exists(), "the killed window left its log");
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(results_read(file)[0], "0-1", "read from the log the window left");
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "the reader wrote nothing into the file");
    let window = EventFile::open(&path).unwrap();
    assert_eq!(window.event().groups[0].stages[0].rounds[0].games[0].result.unwrap().outcome, Outcome::BlackWins);
    drop(window);
    assert!(!beside(&path, "-wal").exists(), "closed cleanly, the log is checkpointed and removed");
}

// Issue 39 item 5: with no operator named and no user known to the system, `log` says
// "this computer" (本机), never a blank column; redo says it applied the change again.
#[test]
fn the_log_names_this_computer_when_no_user_is_known() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    let file = path.to_str().unwrap();
    let run = |lang: &str, args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_bianpai"))
            .env_remove("USER")
            .env_remove("USERNAME")
            .env_remove("LC_ALL")
            .env("LANG", lang)
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    run("C.UTF-8", &["new", file, "--preset", "cxa-swiss", "--rounds", "5", "--name", "本机杯"]);
    let roster = dir.path().join("roster.csv");
    std::fs::write(&roster, "name\n甲\n乙\n").unwrap();
    run("C.UTF-8", &["players", "import", file, roster.to_str().unwrap()]);
    run("C.UTF-8", &["undo", file]);
    assert!(run("C.UTF-8", &["redo", file]).contains("applied again"));
    let english = run("C.UTF-8", &["log", file]);
    let rows: Vec<&str> = english.lines().collect();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|row| row.contains("  this computer  ")), "{english}");
    assert!(run("zh_CN.UTF-8", &["log", file]).lines().all(|row| row.contains("  本机  ")));
}
