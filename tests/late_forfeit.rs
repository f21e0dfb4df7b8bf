//! Late arrival is a forfeit (R-11.1, issue 37 item 1): a result given as 1-0 / 0-1
//! with the reason `late` is saved as the forfeit it is — no colour for the late
//! player, forfeit scoring — from the domain and from `bianpai result`; a late "draw"
//! is refused.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::result::{GameResult, Outcome, ResultReason};
use bianpai::domain::standings::standings;
use common::by_hand::{event_with_players, play_by_hand};
use common::{bianpai, json, ok};

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

// `0-1` with reason late is black's win by forfeit; the late red player has
// no game as red on record (后手局/先手局 count games played) and a forfeit loss.
#[test]
fn a_late_result_is_recorded_as_a_forfeit() {
    let mut e = event_with_players("cxa-swiss", 4, 3);
    play_by_hand(&mut e, (G, S), 1, &[(1, 2, Outcome::RedWins), (3, 4, Outcome::Draw)], &[]);
    let late = GameResult { reason: ResultReason::Late, ..GameResult::plain(Outcome::BlackWins) };
    let record =
        Command::RecordResult { group: G, stage: S, round: RoundNo(1), board: BoardNo(1), game: 1, result: Some(late) };
    apply(&mut e, &record).unwrap();
    let game = e.groups[0].stages[0].rounds[0].games[0];
    let saved = game.result.unwrap();
    assert_eq!((saved.outcome, saved.reason), (Outcome::BlackWinsByForfeit, ResultReason::Late));
    let rows = standings(&e, G, S, 1).unwrap().rows;
    let red = rows.iter().find(|r| r.start_no == StartNo(1)).unwrap();
    let black = rows.iter().find(|r| r.start_no == StartNo(2)).unwrap();
    assert_eq!((red.red_games, red.black_games), (0, 0), "a forfeit carries no colour");
    assert_eq!((black.red_games, black.black_games), (0, 0));
    assert_eq!(black.points.tenths(), 20, "the forfeit win scores as a win");
    // Other reasons keep the result as given.
    let time = GameResult { reason: ResultReason::Time, ..GameResult::plain(Outcome::BlackWins) };
    assert_eq!(time.as_recorded(), time);
}

// through the command line: `result … 0-1 --reason late` says and saves `-+`;
// `1/2 --reason late` is refused and saves nothing.
#[test]
fn the_command_line_records_late_as_a_forfeit_and_refuses_a_late_draw() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("late.bianpai");
    let f = f.to_str().unwrap();
    ok(&["new", f, "--preset", "cxa-swiss", "--rounds", "3"]);
    let roster = dir.path().join("r.csv");
    std::fs::write(&roster, "name,rating\nA,2000\nB,1900\nC,1800\nD,1700\n").unwrap();
    ok(&["players", "import", f, roster.to_str().unwrap()]);
    ok(&["pair", f, "--seed", "1"]);
    let refused = bianpai(&["result", f, "--round", "1", "--board", "1", "1/2", "--reason", "late"]);
    assert!(!refused.status.success());
    let words = String::from_utf8_lossy(&refused.stderr);
    assert!(words.contains("never draws"), "{words}");
    let said = ok(&["result", f, "--round", "1", "--board", "1", "0-1", "--reason", "late"]);
    assert!(said.contains("late arrival is recorded as a forfeit: -+"), "{said}");
    let boards = json(&["pairings", f, "--json"]);
    assert_eq!(boards["boards"][0]["result"], "-+", "{boards}");
}
