//! Unit tests of the C.07 Article 16 reading: categories, adjusted scores, cuts, and
//! the dummy opponent of each edition (2024, and 2026's caps, R-11.4). Whole tables
//! are in `tests/standings_fide_tiebreaks.rs`.

use super::*;
use crate::domain::result::Outcome;

fn game(round: u32, opponent: u32, outcome: Outcome, points: i32) -> GameEntry {
    GameEntry { round, opponent: StartNo(opponent), colour: Colour::Red, outcome, points: Points(points), fouls: 0 }
}

/// A game with the player as black.
fn as_black(round: u32, opponent: u32, outcome: Outcome, points: i32) -> GameEntry {
    GameEntry { colour: Colour::Black, ..game(round, opponent, outcome, points) }
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
            RoundKind::ForfeitWin { opponent: StartNo(2) },
            RoundKind::ForfeitLoss { opponent: StartNo(3) },
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

/// BH, BH-C1 and SB of `player` (BH in tenths, SB in hundredths) under `edition`, with
/// 1 / ½ / 0 scoring and the standings read after the records' last round.
fn values(records: &BTreeMap<StartNo, Record>, player: u32, edition: FideEdition) -> [i64; 3] {
    let scoring = ScoringTable::symmetric(Points(10), Points(5), Points::ZERO);
    let fide = Field::new(records, &scoring, &BTreeSet::new(), BTreeMap::new(), edition);
    let ctx = Context { records, bye_opponent_value: Points::ZERO, fide };
    let p = StartNo(player);
    [buchholz(&ctx, p, 0, 0).raw, buchholz(&ctx, p, 1, 0).raw, sonneborn_berger(&ctx, p).raw]
}

// C.07 16.4.1: a forfeit counts a dummy with the player's own score in 2024; in
// 2026 no more than the adjusted score of the opponent who forfeited.
//
// | round | boards (red–black)              |
// |-------|---------------------------------|
// | 1     | 1–2 1-0, 3–4 ½-½                |
// | 2     | 1–3 1 wins by forfeit, 4–2 1-0  |
// | 3     | 1–4 ½-½, 2–3 1-0                |
//
// Totals (= adjusted scores, no requested bye): 1: 2½, 2: 1, 3: ½, 4: 2.
//   1: 1 (2, won), dummy (forfeit win over 3), 2 (4, drew)
//      2024: dummy 2½ → BH 5½, BH-C1 5½ − 1 = 4½, SB 1 + 2½ + 1 = 4½
//      2026: dummy min(2½, ½) = ½ → BH 3½, BH-C1 3½ − ½ = 3, SB 1 + ½ + 1 = 2½
//   3: 2 (4, drew), dummy (forfeit loss to 1, a VUR), 1 (2, lost)
//      both: dummy min(½, 2½) = ½ → BH 3½, BH-C1 (the VUR cut) 3, SB ½·2 = 1
#[test]
fn the_2026_dummy_of_a_forfeit_is_capped_at_the_opponents_adjusted_score() {
    let records: BTreeMap<StartNo, Record> = [
        (
            1,
            record(
                &[10, 10, 5],
                vec![
                    game(1, 2, Outcome::RedWins, 10),
                    game(2, 3, Outcome::RedWinsByForfeit, 10),
                    game(3, 4, Outcome::Draw, 5),
                ],
                vec![],
            ),
        ),
        (
            2,
            record(
                &[0, 0, 10],
                vec![
                    as_black(1, 1, Outcome::RedWins, 0),
                    as_black(2, 4, Outcome::RedWins, 0),
                    game(3, 3, Outcome::RedWins, 10),
                ],
                vec![],
            ),
        ),
        (
            3,
            record(
                &[5, 0, 0],
                vec![
                    game(1, 4, Outcome::Draw, 5),
                    as_black(2, 1, Outcome::RedWinsByForfeit, 0),
                    as_black(3, 2, Outcome::RedWins, 0),
                ],
                vec![],
            ),
        ),
        (
            4,
            record(
                &[5, 10, 5],
                vec![
                    as_black(1, 3, Outcome::Draw, 5),
                    game(2, 2, Outcome::RedWins, 10),
                    as_black(3, 1, Outcome::Draw, 5),
                ],
                vec![],
            ),
        ),
    ]
    .into_iter()
    .map(|(p, r)| (StartNo(p), r))
    .collect();
    assert_eq!(values(&records, 1, FideEdition::Edition2024), [55, 45, 450]);
    assert_eq!(values(&records, 1, FideEdition::Edition2026), [35, 30, 250]);
    assert_eq!(values(&records, 3, FideEdition::Edition2024), [35, 30, 100]);
    assert_eq!(values(&records, 3, FideEdition::Edition2026), [35, 30, 100]);
}

// C.07 16.4.2: a round without an opponent (a half-point bye, an absence) counts
// a dummy with the player's own score in 2024; in 2026 no more than a draw in every
// round, here ½ × 3 = 1½.
//
// | round | boards (red–black)   | byes                                   |
// |-------|----------------------|----------------------------------------|
// | 1     | 1–2 1-0, 3–4 1-0     |                                        |
// | 2     | 3–2 1-0              | 1 half-point (or absent), 4 full (PAB)  |
// | 3     | 1–3 1-0, 2–4 ½-½     |                                        |
//
// Totals: 1: 2½ (absent: 2), 2: ½, 3: 2, 4: 1½; 1's bye is followed by a game, so
// every adjusted score is the total (16.3).
//   1 with the half-point bye (a VUR): ½ (2, won), dummy (bye, ½ scored), 2 (3, won)
//      2024: dummy 2½ → BH 5, BH-C1 (the VUR cut) 2½, SB ½ + 1¼ + 2 = 3¾
//      2026: dummy min(2½, 1½) = 1½ → BH 4, BH-C1 2½, SB ½ + ¾ + 2 = 3¼
//   1 absent: 2024 dummy 2 → BH 4½, BH-C1 2½, SB ½ + 0 + 2 = 2½
//             2026 dummy min(2, 1½) = 1½ → BH 4, BH-C1 2½, SB 2½
//   4 (PAB, not a VUR): 2 (3, lost), dummy min(1½, 1½) = 1½, ½ (2, drew)
//      both: BH 4, BH-C1 4 − ½ = 3½, SB 1½ + ¼ = 1¾
#[test]
fn the_2026_dummy_without_an_opponent_is_capped_at_a_draw_every_round() {
    let with_bye = |bye: ByeKind, bye_points: i32| -> BTreeMap<StartNo, Record> {
        [
            (
                1,
                record(
                    &[10, bye_points, 10],
                    vec![game(1, 2, Outcome::RedWins, 10), game(3, 3, Outcome::RedWins, 10)],
                    vec![(2, bye)],
                ),
            ),
            (
                2,
                record(
                    &[0, 0, 5],
                    vec![
                        as_black(1, 1, Outcome::RedWins, 0),
                        as_black(2, 3, Outcome::RedWins, 0),
                        game(3, 4, Outcome::Draw, 5),
                    ],
                    vec![],
                ),
            ),
            (
                3,
                record(
                    &[10, 10, 0],
                    vec![
                        game(1, 4, Outcome::RedWins, 10),
                        game(2, 2, Outcome::RedWins, 10),
                        as_black(3, 1, Outcome::RedWins, 0),
                    ],
                    vec![],
                ),
            ),
            (
                4,
                record(
                    &[0, 10, 5],
                    vec![as_black(1, 3, Outcome::RedWins, 0), as_black(3, 2, Outcome::Draw, 5)],
                    vec![(2, ByeKind::Pairing)],
                ),
            ),
        ]
        .into_iter()
        .map(|(p, r)| (StartNo(p), r))
        .collect()
    };
    let half = with_bye(ByeKind::Requested, 5);
    assert_eq!(values(&half, 1, FideEdition::Edition2024), [50, 25, 375]);
    assert_eq!(values(&half, 1, FideEdition::Edition2026), [40, 25, 325]);
    assert_eq!(values(&half, 4, FideEdition::Edition2024), [40, 35, 175]);
    assert_eq!(values(&half, 4, FideEdition::Edition2026), [40, 35, 175]);
    let absent = with_bye(ByeKind::Absent, 0);
    assert_eq!(values(&absent, 1, FideEdition::Edition2024), [45, 25, 250]);
    assert_eq!(values(&absent, 1, FideEdition::Edition2026), [40, 25, 250]);
}
