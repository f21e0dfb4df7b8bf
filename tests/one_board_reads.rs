//! A result entered by the command line, and an undo, read of the event's games only
//! the board's round and its two players' games (issue 38, item 18: a result costs
//! after nine rounds what it costs after one), and decide exactly as the whole event
//! would: the forfeit rules still count every earlier forfeit of the board's players.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::player::{PlayerEntry, PlayerStatus};
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::rules::Colour;
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::EventFile;
use std::path::{Path, PathBuf};

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);
/// The player who forfeits round 1, and is paired again in round 2.
const P: StartNo = StartNo(5);

/// Eight players under forfeit discipline (two in a row disqualify): round 1 played,
/// `P` losing by forfeit, and round 2 paired, no result in it yet.
fn event() -> Event {
    let mut e = presets::build("lingting-cup", None, Some(6)).unwrap();
    let entries = (1..=8).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let round = pair_next_round(&e, G, S, 1).unwrap();
    let games = round.games.clone();
    apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
    for g in games {
        let outcome = match g.colour_of(P) {
            Some(Colour::Red) => Outcome::BlackWinsByForfeit,
            Some(Colour::Black) => Outcome::RedWinsByForfeit,
            None => Outcome::RedWins,
        };
        apply(&mut e, &result_at(RoundNo(1), g.board, outcome)).unwrap();
    }
    let round = pair_next_round(&e, G, S, 2).unwrap();
    apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
    e
}

fn result_at(round: RoundNo, board: BoardNo, outcome: Outcome) -> Command {
    Command::RecordResult { group: G, stage: S, round, board, game: 1, result: Some(GameResult::plain(outcome)) }
}

/// `P`'s board in round 2 and the result that has him lose it by forfeit.
fn forfeit_in_round_2(e: &Event) -> (BoardNo, Command) {
    let round = e.groups[0].stages[0].round(RoundNo(2)).unwrap();
    let game = round.games.iter().find(|g| g.colour_of(P).is_some()).expect("P is paired in round 2");
    let outcome = if game.red == P { Outcome::BlackWinsByForfeit } else { Outcome::RedWinsByForfeit };
    (game.board, result_at(RoundNo(2), game.board, outcome))
}

fn saved(dir: &Path, e: &Event) -> PathBuf {
    let path = dir.join("cup.bianpai");
    drop(EventFile::create(&path, e).unwrap());
    path
}

fn games_in(e: &Event, round: u32) -> usize {
    e.groups[0].stages[0].round(RoundNo(round)).map_or(0, |r| r.games.len())
}

// Issue 38 item 18: of round 1 only the games of P and his round-2 opponent are read,
// and the forfeit rule still sees P's first forfeit there: he is disqualified, as the
// whole event decides, and the file then holds what the whole event would.
#[test]
fn a_result_reads_its_round_and_its_players_games_and_decides_as_the_whole_event() {
    let dir = tempfile::tempdir().unwrap();
    let mut whole = event();
    let path = saved(dir.path(), &whole);
    let (board, command) = forfeit_in_round_2(&whole);

    let mut f = EventFile::open_for_one_board(&path).unwrap();
    assert!(!f.holds_every_game());
    assert_eq!((games_in(f.event(), 1), games_in(f.event(), 2)), (0, 0), "no game is read on opening");
    f.read_round(G, S, RoundNo(2)).unwrap();
    assert_eq!((games_in(f.event(), 1), games_in(f.event(), 2)), (0, 4));
    let applied = f.execute(&command).unwrap();
    assert!(!f.holds_every_game(), "a result reads no more than it needs");
    let read_of_round_1 = games_in(f.event(), 1);
    assert!((1..=2).contains(&read_of_round_1), "only the two players' games of round 1: {read_of_round_1}");
    assert_eq!(f.event().player(P).unwrap().status, PlayerStatus::Disqualified, "board {board}");

    let expected = apply(&mut whole, &command).unwrap();
    assert_eq!(applied, expected, "the same changes as on the whole event");
    drop(f);
    assert_eq!(EventFile::open(&path).unwrap().event(), &whole);
}

// Issue 38 item 18: an undo reads the round it puts a board back into, and the file
// then holds the event as before the result.
#[test]
fn an_undo_reads_the_round_it_puts_back_and_restores_the_whole_event() {
    let dir = tempfile::tempdir().unwrap();
    let before = event();
    let path = saved(dir.path(), &before);
    let (_, command) = forfeit_in_round_2(&before);
    EventFile::open_for_one_board(&path).unwrap().execute(&command).unwrap();

    let mut f = EventFile::open_for_one_board(&path).unwrap();
    assert!(f.undo().unwrap().is_some());
    assert!(!f.holds_every_game());
    assert_eq!(games_in(f.event(), 2), 4, "the round put back is read whole");
    assert_eq!(f.event().player(P).unwrap().status, PlayerStatus::Active);
    drop(f);
    assert_eq!(EventFile::open(&path).unwrap().event(), &before);
}

// Issue 38 item 18: any other command reads every game first, and a file not as its
// last writer sealed it is read, and checked, whole.
#[test]
fn other_commands_and_unsealed_files_read_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let e = event();
    let path = saved(dir.path(), &e);
    let mut f = EventFile::open_for_one_board(&path).unwrap();
    f.execute(&Command::SetRoundsPlanned { group: G, stage: S, rounds: 7 }).unwrap();
    assert!(f.holds_every_game());
    assert_eq!((games_in(f.event(), 1), games_in(f.event(), 2)), (4, 4));
    drop(f);

    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, bytes).unwrap();
    let f = EventFile::open_for_one_board(&path).unwrap();
    assert!(f.holds_every_game(), "a file written outside Bianpai is checked whole");
    assert_eq!(games_in(f.event(), 1), 4);
}

// Issue 38 item 18, through the command line: the disqualification that P's second
// forfeit brings is announced, which needs his round-1 game.
#[test]
fn the_command_line_announces_a_disqualification_from_an_earlier_forfeit() {
    let dir = tempfile::tempdir().unwrap();
    let e = event();
    let path = saved(dir.path(), &e);
    let (board, _) = forfeit_in_round_2(&e);
    let round = e.groups[0].stages[0].round(RoundNo(2)).unwrap();
    let red_forfeits = round.games.iter().find(|g| g.board == board).unwrap().red == P;
    let file = path.to_string_lossy().into_owned();
    let notation = if red_forfeits { "-+" } else { "+-" };
    let board = board.0.to_string();
    let out = common::bianpai_in("zh", &["result", &file, "--round", "2", "--board", &board, notation]);
    let said = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{}", common::stderr(&out));
    assert!(said.contains("5 号 棋手5 被取消资格"), "{said}");
}

// Issue 38 item 18: a file of schema 12 gets the games' indexes by player when a
// writer migrates it.
#[test]
fn an_older_file_gets_the_games_indexes_by_player() {
    let dir = tempfile::tempdir().unwrap();
    let path = saved(dir.path(), &event());
    common::old_schema::make_it_schema(&path, 12);
    drop(EventFile::open_for_command(&path).unwrap());
    let conn = rusqlite::Connection::open(&path).unwrap();
    let indexes: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name IN ('games_red', 'games_black')",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(indexes, 2);
}
