//! Undo, redo, automatic backups and damaged files (issue 8): every change can be taken
//! back exactly, through audited inverse changes; a copy is made before each pairing and
//! can be restored; a corrupt file is refused untouched.

use bianpai::domain::command::Command;
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::standings::standings;
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::{EventFile, StoreError, backup};
use std::path::Path;
use std::process::Command as Process;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

fn new_file(path: &Path, players: usize) -> EventFile {
    let event = presets::build("cxa-swiss", Some("测试赛"), Some(5)).unwrap();
    let mut f = EventFile::create(path, &event).unwrap();
    let entries = (1..=players)
        .map(|i| PlayerEntry { name: format!("棋手{i}"), rating: Some(1500 + i as u32), ..Default::default() })
        .collect();
    f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    f
}

fn pair(f: &mut EventFile, seed: u64) -> RoundNo {
    let round = pair_next_round(f.event(), G, S, seed).unwrap();
    let no = round.no;
    f.execute(&Command::PairRound { group: G, stage: S, round }).unwrap();
    no
}

fn result(round: RoundNo, board: u32, outcome: Outcome) -> Command {
    Command::RecordResult {
        group: G,
        stage: S,
        round,
        board: BoardNo(board),
        game: 1,
        result: Some(GameResult::plain(outcome)),
    }
}

fn play_round(f: &mut EventFile, seed: u64) -> RoundNo {
    let no = pair(f, seed);
    let boards = f.event().groups[0].stages[0].round(no).unwrap().games.len() as u32;
    for b in 1..=boards {
        let outcome = [Outcome::RedWins, Outcome::Draw, Outcome::BlackWins][(b % 3) as usize];
        f.execute(&result(no, b, outcome)).unwrap();
    }
    no
}

fn reopened(path: &Path) -> Event {
    EventFile::open(path).unwrap().event().clone()
}

// Issue 8: undo of a result restores the standings exactly; redo brings the result back;
// both are saved (a reopened file agrees) and audited.
#[test]
fn undo_of_a_result_restores_standings_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    let mut f = new_file(&path, 10);
    let r1 = play_round(&mut f, 1);
    let r2 = pair(&mut f, 2);
    f.execute(&result(r2, 1, Outcome::RedWins)).unwrap();
    let before = standings(f.event(), G, S, 1).unwrap();
    let event_before = f.event().clone();
    f.execute(&result(r1, 2, Outcome::BlackWinsByForfeit)).unwrap(); // a correction of round 1
    assert_ne!(standings(f.event(), G, S, 1).unwrap(), before);
    let corrected = f.event().clone();

    assert!(f.undo().unwrap().is_some());
    assert_eq!(standings(f.event(), G, S, 1).unwrap(), before);
    assert_eq!(f.event(), &event_before);
    let audit_rows = f.audit_log().unwrap().len();
    drop(f);
    assert_eq!(reopened(&path), event_before, "the undo is saved");

    let mut f = EventFile::open(&path).unwrap();
    assert!(f.redo().unwrap().is_some());
    assert_eq!(f.event(), &corrected);
    assert!(f.redo().unwrap().is_none(), "one undo, one redo");
    assert_eq!(f.audit_log().unwrap().len(), audit_rows + 1, "undo and redo are audit rows");
}

// Issue 8: undo of a pairing restores the previous round state; a new command after an
// undo forgets the redo.
#[test]
fn undo_of_a_pairing_restores_the_previous_round_state() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    let mut f = new_file(&path, 9);
    play_round(&mut f, 1);
    let after_round_1 = f.event().clone();
    pair(&mut f, 2);
    assert_eq!(f.event().groups[0].stages[0].rounds.len(), 2);
    f.undo().unwrap();
    assert_eq!(f.event(), &after_round_1);
    drop(f);
    assert_eq!(reopened(&path), after_round_1);

    let mut f = EventFile::open(&path).unwrap();
    pair(&mut f, 3);
    assert!(f.redo().unwrap().is_none(), "a new pairing replaced the undone one");
    // Undo walks back: the pairing, then every result, then the registration.
    while f.undo().unwrap().is_some() {}
    assert!(f.event().players.is_empty() && f.event().groups[0].stages[0].rounds.is_empty());
    drop(f);
    assert!(reopened(&path).players.is_empty());
}

// Issue 8: a backup is made through the backup API before each pairing, opens as an event
// file holding the state before that round, and can be restored over the event file.
#[test]
fn backups_before_pairing_can_be_restored() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    let mut f = new_file(&path, 8);
    play_round(&mut f, 1);
    let after_round_1 = f.event().clone();
    pair(&mut f, 2);
    let bak = backup::backup_path(&path, None, StageNo(1), RoundNo(2));
    assert!(bak.ends_with("e.bak-r2.bianpai"));
    assert_eq!(backup::list_backups(&path), [backup::backup_path(&path, None, StageNo(1), RoundNo(1)), bak.clone()]);
    assert_eq!(reopened(&bak), after_round_1);
    assert!(matches!(backup::restore(&path, &bak), Err(StoreError::InUse { .. })), "not while open");
    drop(f);
    backup::restore(&path, &bak).unwrap();
    assert_eq!(reopened(&path), after_round_1);
    assert_eq!(reopened(&dir.path().join("e.replaced.bianpai")).groups[0].stages[0].rounds.len(), 2);
}

// Issue 8: the CLI's undo, the backup count setting and restore.
#[test]
fn cli_undo_and_backup_count() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    let mut f = new_file(&path, 6);
    play_round(&mut f, 1);
    drop(f);
    let file = path.to_str().unwrap();
    let run = |args: &[&str]| {
        let out = Process::new(env!("CARGO_BIN_EXE_bianpai")).args(args).env("BIANPAI_BACKUPS", "2").output().unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
    };
    for seed in ["2", "3"] {
        assert_eq!(run(&["pair", file, "--seed", seed]).0, Some(0));
        let round = reopened(&path).groups[0].stages[0].rounds.len().to_string();
        for b in 1..=3 {
            assert_eq!(run(&["result", file, "--round", &round, "--board", &b.to_string(), "1/2"]).0, Some(0));
        }
    }
    assert_eq!(backup::list_backups(&path).len(), 2, "only the newest two are kept");
    let results = |e: &Event| e.groups[0].stages[0].rounds[2].games.iter().filter(|g| g.result.is_some()).count();
    assert_eq!(results(&reopened(&path)), 3);
    assert_eq!(run(&["undo", file]).0, Some(0));
    assert_eq!(results(&reopened(&path)), 2);
    assert_eq!(run(&["redo", file]).0, Some(0));
    assert_eq!(results(&reopened(&path)), 3);
    assert!(run(&["log", file]).1.contains("redo"));
}

// Issue 8: a corrupt file is refused with a message and left exactly as it was.
#[test]
fn a_corrupt_file_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    let mut f = new_file(&path, 40);
    play_round(&mut f, 1);
    drop(f);
    let mut bytes = std::fs::read(&path).unwrap();
    let page = 4096;
    assert!(bytes.len() > 4 * page);
    for b in &mut bytes[3 * page..3 * page + 200] {
        *b = 0xA5;
    }
    std::fs::write(&path, &bytes).unwrap();
    let Err(err) = EventFile::open(&path) else { panic!("a corrupt file is refused") };
    assert!(matches!(err, StoreError::Damaged { .. }), "{err}");
    assert!(err.to_string().contains("损坏"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "untouched");
}

// Issue 16: the command line skips the whole-file check after a clean close (it costs
// time in proportion to the file, for every command of a script), but makes it when
// the last session left its write-ahead log behind.
#[test]
fn after_an_unclean_close_the_command_line_checks_the_whole_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    let mut f = new_file(&path, 40);
    play_round(&mut f, 1);
    drop(f);
    assert!(EventFile::open_for_command(&path).is_ok(), "a cleanly closed file opens");
    let mut bytes = std::fs::read(&path).unwrap();
    for b in &mut bytes[3 * 4096..3 * 4096 + 200] {
        *b = 0xA5;
    }
    std::fs::write(&path, &bytes).unwrap();
    std::fs::write(dir.path().join("e.bianpai-wal"), b"").unwrap();
    let Err(err) = EventFile::open_for_command(&path) else { panic!("a corrupt file is refused") };
    assert!(matches!(err, StoreError::Damaged { .. }), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "untouched");
}

/// The stacks replayed from the whole log, each row's command parsed in full: the
/// independent computation the file's own, followed row by row, must agree with.
fn stacks_from_log(f: &EventFile) -> bianpai::domain::undo::UndoStacks {
    use bianpai::domain::undo::{Step, UndoStacks};
    UndoStacks::replay(f.audit_log().unwrap().into_iter().map(|e| {
        let value: serde_json::Value = serde_json::from_str(&e.command).unwrap();
        let of = value["of"].as_i64();
        let step = match (value["command"].as_str(), of) {
            (Some("undo"), Some(of)) => Step::Undo(of),
            (Some("redo"), Some(of)) => Step::Redo(of),
            _ => Step::Command,
        };
        (e.id, step)
    }))
}

// Issue 38 item 18: the undo stacks are read once and then followed as the file saves;
// after any mix of commands, undos and redos (and a reopening) they are the log's.
#[test]
fn undo_stacks_followed_row_by_row_are_the_logs() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    let mut f = new_file(&path, 8);
    assert_eq!(f.undo_stacks().unwrap(), stacks_from_log(&f), "read once");
    let round = pair(&mut f, 3);
    let moves: [&dyn Fn(&mut EventFile); 9] = [
        &|f| drop(f.execute(&result(round, 1, Outcome::RedWins)).unwrap()),
        &|f| drop(f.undo().unwrap()),
        &|f| drop(f.redo().unwrap()),
        &|f| drop(f.execute(&result(round, 2, Outcome::Draw)).unwrap()),
        &|f| drop(f.undo().unwrap()),
        &|f| drop(f.undo().unwrap()),
        &|f| drop(f.redo().unwrap()),
        &|f| drop(f.execute(&result(round, 3, Outcome::BlackWins)).unwrap()),
        &|f| drop(f.redo().unwrap()),
    ];
    for (i, step) in moves.iter().enumerate() {
        step(&mut f);
        assert_eq!(f.undo_stacks().unwrap(), stacks_from_log(&f), "after move {i}");
        if i == 4 {
            drop(f);
            f = EventFile::open(&path).unwrap();
        }
    }
    assert!(!f.undo_stacks().unwrap().done.is_empty());
}
