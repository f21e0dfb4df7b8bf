//! A result is one game (issue 16): recording or correcting a result saves that board's
//! game rows and an audit row of that board (before → after), not the whole round; undo
//! and redo work on it, and on the whole-round rows of files written before schema 3,
//! which the migration cuts down to their board after copying the file aside.

use bianpai::domain::command::{Change, Command};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome, ResultReason};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::EventFile;
use rusqlite::Connection;
use std::path::Path;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

fn new_file(path: &Path, players: usize) -> EventFile {
    let event = presets::build("cxa-swiss", Some("测试赛"), Some(5)).unwrap();
    let mut f = EventFile::create(path, &event).unwrap();
    let entries =
        (1..=players).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect::<Vec<_>>();
    f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let round = pair_next_round(f.event(), G, S, 7).unwrap();
    f.execute(&Command::PairRound { group: G, stage: S, round }).unwrap();
    f
}

fn result(board: u32, outcome: Option<Outcome>) -> Command {
    Command::RecordResult {
        group: G,
        stage: S,
        round: RoundNo(1),
        board: BoardNo(board),
        game: 1,
        result: outcome.map(|outcome| GameResult {
            outcome,
            reason: ResultReason::Normal,
            fouls_red: 0,
            fouls_black: 0,
        }),
    }
}

fn outcome_at(f: &EventFile, board: u32) -> Option<Outcome> {
    let round = f.event().groups[0].stages[0].round(RoundNo(1)).unwrap();
    round.games.iter().find(|g| g.board == BoardNo(board)).and_then(|g| g.result).map(|r| r.outcome)
}

fn last_audit(path: &Path) -> (String, String) {
    let conn = Connection::open(path).unwrap();
    conn.query_row("SELECT before, after FROM audit_log ORDER BY id DESC LIMIT 1", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
}

// Issue 16: one result, one board in the audit row — a few hundred bytes at 200 boards.
#[test]
fn a_result_is_audited_as_its_board_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    let mut f = new_file(&path, 400);
    let applied = f.execute(&result(17, Some(Outcome::RedWins))).unwrap();
    let Change::Board { board, before, .. } = &applied.changes[0] else { panic!("{:?}", applied.changes) };
    assert_eq!(*board, BoardNo(17));
    assert_eq!(before.len(), 1);
    assert_eq!(before[0].result, None);
    drop(f);
    let (before, after) = last_audit(&path);
    assert!(before.len() + after.len() < 1_000, "audit row of {} bytes", before.len() + after.len());
    assert!(after.contains("\"board\":17"), "{after}");
}

// Issue 16: undo and redo of a per-board row; the other boards keep their results.
#[test]
fn undo_and_redo_a_result_change_its_board_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    let mut f = new_file(&path, 40);
    f.execute(&result(1, Some(Outcome::Draw))).unwrap();
    f.execute(&result(2, Some(Outcome::RedWins))).unwrap();
    f.execute(&result(2, Some(Outcome::BlackWins))).unwrap();
    f.undo().unwrap();
    assert_eq!((outcome_at(&f, 1), outcome_at(&f, 2)), (Some(Outcome::Draw), Some(Outcome::RedWins)));
    f.undo().unwrap();
    assert_eq!((outcome_at(&f, 1), outcome_at(&f, 2)), (Some(Outcome::Draw), None));
    f.redo().unwrap();
    assert_eq!(outcome_at(&f, 2), Some(Outcome::RedWins));
    drop(f);
    let f = EventFile::open(&path).unwrap();
    assert_eq!((outcome_at(&f, 1), outcome_at(&f, 2)), (Some(Outcome::Draw), Some(Outcome::RedWins)));
}

/// Rewrites the newest audit row as schema 2 wrote a result: the whole round before
/// and after, and marks the file as schema 2.
fn make_it_schema_2(path: &Path, round_before: &bianpai::domain::event::Round) {
    let round_after = {
        let f = EventFile::open(path).unwrap();
        f.event().groups[0].stages[0].round(RoundNo(1)).unwrap().clone()
    };
    let before =
        vec![Change::Round { group: G, stage: S, round: RoundNo(1), before: Some(Box::new(round_before.clone())) }];
    let conn = Connection::open(path).unwrap();
    conn.execute(
        "UPDATE audit_log SET before = ?1, after = ?2 WHERE id = (SELECT max(id) FROM audit_log)",
        (serde_json::to_string(&before).unwrap(), serde_json::to_string(&[&round_after]).unwrap()),
    )
    .unwrap();
    drop(conn);
    crate::common::old_schema::make_it_schema(path, 2);
}

// Issue 16: an older file's whole-round result rows are compacted by the migration,
// after a backup, and undo still takes the result back.
#[test]
fn an_older_files_whole_round_rows_are_cut_to_their_board() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.bianpai");
    let mut f = new_file(&path, 400);
    let round_before = f.event().groups[0].stages[0].round(RoundNo(1)).unwrap().clone();
    f.execute(&result(5, Some(Outcome::BlackWins))).unwrap();
    drop(f);
    make_it_schema_2(&path, &round_before);
    let (bulky, _) = last_audit(&path);
    assert!(bulky.len() > 10_000, "the old row holds the whole round");

    let mut f = EventFile::open(&path).unwrap();
    assert!(dir.path().join("old.bak-v2.bianpai").is_file(), "copied aside before the migration");
    assert_eq!(outcome_at(&f, 5), Some(Outcome::BlackWins));
    f.undo().unwrap();
    assert_eq!(outcome_at(&f, 5), None);
    f.redo().unwrap();
    assert_eq!(outcome_at(&f, 5), Some(Outcome::BlackWins));
    drop(f);
    let conn = Connection::open(&path).unwrap();
    let (compacted,): (String,) = conn
        .query_row("SELECT before FROM audit_log WHERE command LIKE '%record_result%'", [], |r| Ok((r.get(0)?,)))
        .unwrap();
    assert!(compacted.len() < 1_000, "compacted row of {} bytes", compacted.len());
    let changes: Vec<Change> = serde_json::from_str(&compacted).unwrap();
    assert!(matches!(&changes[0], Change::Board { board: BoardNo(5), before, .. } if before.len() == 1));
}

// Issue 38 item 18: the games are read in the table's own order (no index lookups),
// where a corrected board's rows come last; the event still reads back in board order,
// as it was saved.
#[test]
fn games_read_back_in_board_order_whatever_order_they_were_saved_in() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("order.bianpai");
    let mut f = new_file(&path, 8);
    for board in [4, 1, 3, 2, 1] {
        f.execute(&result(board, Some(Outcome::Draw))).unwrap();
    }
    let saved = f.event().clone();
    drop(f);
    let read = EventFile::open(&path).unwrap();
    let boards: Vec<u32> = read.event().groups[0].stages[0].rounds[0].games.iter().map(|g| g.board.0).collect();
    assert_eq!(boards, [1, 2, 3, 4]);
    assert_eq!(read.event(), &saved);
}
