//! The standings rules' tests' shared floor (`standings_rules`, `standings_rules_more`):
//! events paired and played by hand, and whole-table assertions.

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{ByeKind, Event};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::player::{Gender, PlayerEntry};
use bianpai::domain::result::{GameResult, Outcome, ResultReason};
use bianpai::domain::rules::Tiebreak;
use bianpai::domain::standings::tiebreaks::Unit;
use bianpai::domain::standings::{Standings, standings};
use jiff::civil::{Date, date};

pub const ADULT: GroupId = GroupId(1);
pub const YOUTH: GroupId = GroupId(2);
pub const STAGE: StageNo = StageNo(1);

use Tiebreak::{OpponentsPoints, Progressive};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

pub fn entry(name: &str, born: Date, gender: Option<Gender>) -> PlayerEntry {
    PlayerEntry { name: name.into(), born: Some(born), gender, phone: "13800000000".into(), ..Default::default() }
}

/// Registers `n` adults (born 1990, phone given) in `group`: start numbers 1 … n.
pub fn add_adults(e: &mut Event, group: GroupId, n: u32) {
    let entries = (1..=n).map(|i| entry(&format!("选手{i}"), date(1990, 1, 1), Some(Gender::Male))).collect();
    let applied = apply(e, &Command::AddPlayers { group, entries, override_reason: None, left_out: Vec::new() })
        .expect("players accepted");
    let expected: Vec<StartNo> = (1..=n).map(StartNo).collect();
    assert_eq!(applied.new_players, expected, "start numbers are given 1, 2, 3 … in order");
}

/// Pairs round `no` by hand: `games` are (red, black) on boards 1, 2, …; `byes` are
/// players not paired, with the kind of bye.
pub fn pair(e: &mut Event, group: GroupId, no: u32, games: &[(u32, u32)], byes: &[(u32, ByeKind)]) {
    super::by_hand::pair_by_hand(e, (group, STAGE), no, games, byes);
}

/// Records the result of board `board` of round `round` with the fouls of each side.
pub fn result(
    e: &mut Event,
    group: GroupId,
    round: u32,
    board: u32,
    outcome: Outcome,
    fouls_red: u32,
    fouls_black: u32,
) {
    let result = GameResult { outcome, reason: ResultReason::Normal, fouls_red, fouls_black };
    apply(
        e,
        &Command::RecordResult {
            group,
            stage: STAGE,
            round: RoundNo(round),
            board: BoardNo(board),
            game: 1,
            result: Some(result),
        },
    )
    .unwrap_or_else(|err| panic!("round {round} board {board}: {err}"));
}

pub fn table(e: &Event, group: GroupId, after_round: u32) -> Standings {
    let s = standings(e, group, STAGE, after_round).expect("standings");
    assert_eq!(s.after_round, after_round);
    s
}

/// One expected line: rank, start number, points in tenths, then the raw value of
/// each tiebreak column in the stage's order.
pub type Line = (u32, u32, i32, Vec<i64>);

/// Asserts the whole table: order, ranks, points and every tiebreak value with its
/// unit (point-valued tiebreaks in tenths, counts as plain numbers).
pub fn assert_table(s: &Standings, columns: &[Tiebreak], expected: &[Line]) {
    let got: Vec<Line> = s
        .rows
        .iter()
        .map(|r| {
            let names: Vec<Tiebreak> = r.tiebreaks.iter().map(|(t, _)| *t).collect();
            assert_eq!(names, columns, "tiebreak columns of player {}", r.start_no);
            for (t, v) in &r.tiebreaks {
                let unit = if matches!(t, OpponentsPoints | Progressive) { Unit::Tenths } else { Unit::Count };
                assert_eq!(v.unit, unit, "unit of {t:?} for player {}", r.start_no);
            }
            (r.rank.unwrap_or(0), r.start_no.0, r.points.tenths(), r.tiebreaks.iter().map(|(_, v)| v.raw).collect())
        })
        .collect();
    assert_eq!(got, expected, "standings after round {}", s.after_round);
}

/// (start number, games played as red, games played as black): forfeits are not
/// games played.
pub fn assert_colours(s: &Standings, expected: &[(u32, u32, u32)]) {
    let mut got: Vec<(u32, u32, u32)> = s.rows.iter().map(|r| (r.start_no.0, r.red_games, r.black_games)).collect();
    got.sort();
    assert_eq!(got, expected, "red/black games after round {}", s.after_round);
}
