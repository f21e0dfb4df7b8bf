//! Unit tests of the C.07 (2024) Article 16 reading: categories, adjusted scores and
//! cuts. Whole tables are in `tests/standings_fide_tiebreaks.rs`.

use super::*;
use crate::domain::result::Outcome;

fn game(round: u32, opponent: u32, outcome: Outcome, points: i32) -> GameEntry {
    GameEntry { round, opponent: StartNo(opponent), colour: Colour::Red, outcome, points: Points(points), fouls: 0 }
}

/// A record from per-round points and its games and byes.
fn record(per_round: &[i32], games: Vec<GameEntry>, byes: Vec<(u32, ByeKind)>) -> Record {
    let mut totals = vec![Points::ZERO];
    for p in per_round {
        let last = totals.last().copied().unwrap_or_default();
        totals.push(last + Points(*p));
    }
    Record { games, byes, totals }
}

fn kinds(entries: &[RoundEntry]) -> Vec<RoundKind> {
    entries.iter().map(|e| e.kind).collect()
}

// C.07 (2024) Art. 16.1, 16.2: a bye worth a win is category 1 whatever its kind; a
// half-point bye and a round not paired are requested byes; forfeits by outcome.
#[test]
fn rounds_fall_in_the_categories_of_article_16_2() {
    let r = record(
        &[10, 5, 0, 10, 0, 0],
        vec![game(4, 2, Outcome::RedWinsByForfeit, 10), game(5, 3, Outcome::BothForfeit, 0)],
        vec![(1, ByeKind::Requested), (2, ByeKind::Requested), (3, ByeKind::Absent)],
    );
    let entries = rounds_of(&r, Points(10), |_| false);
    assert_eq!(
        kinds(&entries),
        [
            RoundKind::FullBye,
            RoundKind::RequestedBye,
            RoundKind::RequestedBye,
            RoundKind::ForfeitWin,
            RoundKind::ForfeitLoss,
            RoundKind::RequestedBye,
        ]
    );
    assert_eq!(entries[1].points, Points(5));
    // A round with a game still without its result is left out, not a bye.
    assert_eq!(rounds_of(&r, Points(10), |k| k == 6)[5].kind, RoundKind::Pending);
}

// C.07 (2024) Art. 16.3: a requested bye followed only by VURs (here a forfeit loss and
// a round not paired) counts as a draw; one followed by a played game as scored.
#[test]
fn only_the_last_stretch_of_requested_byes_counts_as_draws() {
    let r = record(
        &[0, 10, 0, 0, 0],
        vec![game(2, 9, Outcome::RedWins, 10), game(4, 8, Outcome::BlackWinsByForfeit, 0)],
        vec![(1, ByeKind::Absent), (3, ByeKind::Requested)],
    );
    let entries = rounds_of(&r, Points(10), |_| false);
    // Round 1 (zero-point bye, then a game): 0; round 3 (then only VURs): ½; round 4
    // (forfeit loss): 0; round 5 (not paired, last round): ½.
    assert_eq!(adjusted_score(&entries, Points(5)), Points(10 + 5 + 5));
}

// C.07 (2024) Art. 14.1, 14.3 with 16.5: a low cut takes a VUR first even when a
// played round is worth less; the high cut of Median takes the most significant value.
#[test]
fn low_cuts_take_voluntary_unplayed_rounds_first() {
    let c = |value: i32, vur: bool| Contribution { value: Points(value), points: Points::ZERO, vur };
    let all = vec![c(10, false), c(30, true), c(20, false), c(40, false), c(25, true)];
    let values = |kept: Vec<Contribution>| -> Vec<i32> { kept.iter().map(|k| k.value.tenths()).collect() };
    assert_eq!(values(cut(all.clone(), 1, 0)), [10, 30, 20, 40]);
    assert_eq!(values(cut(all.clone(), 2, 0)), [10, 20, 40]);
    assert_eq!(values(cut(all.clone(), 3, 0)), [20, 40]);
    assert_eq!(values(cut(all.clone(), 1, 1)), [10, 30, 20]);
    assert!(cut(all, 4, 2).is_empty());
}
