//! The FIDE tie-breaks as the FIDE Handbook's C.07 *Play-off and Tie-Break
//! Regulations* count them, in the edition approved by the FIDE Council on 1 August
//! 2023 and applied to every FIDE-rated competition from 1 April 2024 — "C.07 (2024)"
//! in the comments below. (It replaced the edition of 1 July 2023; FIDE's re-issue for
//! April 2024 refined the explanations, not the tie-break definitions. The "virtual
//! opponent" of the 2009 rules, C.02 13.15.2, is gone.)
//!
//! What sets them apart from the xiangqi tiebreaks of is Article 16, the rounds a
//! player did not play over the board:
//!
//! - **16.1** A requested bye is a half-point or zero-point bye; a round in which the
//!   player was not paired at all (absent, withdrawn, not yet entered) is a zero-point
//!   bye. A *voluntary unplayed round* (VUR) is a requested bye or a forfeit loss.
//! - **16.2** Every unplayed round falls in one category: (1) a pairing-allocated or
//!   full-point bye, (2) a forfeit win, (3) a requested bye followed by at least one
//!   round that is not a VUR, (4) a forfeit loss, (5) a requested bye followed only by
//!   VURs, or in the last round.
//! - **16.3** As somebody's opponent a player counts with their *adjusted score*:
//!   category 5 rounds as draws, every other round as scored.
//! - **16.4** The player's own unplayed rounds, whatever their category, count as
//!   games against a *dummy opponent* whose score is the player's own score.
//! - **16.5** A low cut (Cut-1, Cut-2, the low half of Median) removes the player's
//!   VURs first, the least significant of them first.
//!
//! The last round is the round the standings are read after. A round paired but
//! without its result yet is left out, neither played nor unplayed.
//!
//! **C.07 (2026)**, the amendment approved by the FIDE Council on 2 February 2026 and
//! applied from 1 March 2026, changes 16.4 only: the dummy's score is capped — for a
//! round with an opponent (a forfeit, either side), at that opponent's adjusted score
//! (16.4.1); for a round without one (a bye, an absence, a round not paired), at a
//! draw in every round up to the last (16.4.2). The player's own score is the cap's
//! other side, so the dummy never scores more than in 2024. Which edition a stage
//! follows is [`FideEdition`]'s business; the 2024 counting is unchanged.

use super::{Context, TiebreakValue, Unit};
use crate::domain::event::ByeKind;
use crate::domain::ids::StartNo;
use crate::domain::points::Points;
use crate::domain::rules::{Colour, FideEdition, ScoringTable};
use crate::domain::standings::record::{GameEntry, Record};
use std::collections::{BTreeMap, BTreeSet};

/// What one round was for one player, in the terms of C.07 (2024) Art. 16.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundKind {
    /// A game played over the board.
    Played {
        /// The opponent.
        opponent: StartNo,
        /// Whether the player won it.
        won: bool,
    },
    /// Category 1: a pairing-allocated bye, or a bye scored a full win.
    FullBye,
    /// Category 2: a win by the opponent's forfeit.
    ForfeitWin {
        /// The opponent who forfeited.
        opponent: StartNo,
    },
    /// Categories 3 and 5: a half-point or zero-point bye, or a round not paired.
    RequestedBye,
    /// Category 4: a loss by forfeit (either forfeit of a double forfeit included).
    ForfeitLoss {
        /// The opponent of the forfeited game.
        opponent: StartNo,
    },
    /// Paired, no result yet: not counted.
    Pending,
}

impl RoundKind {
    /// Art. 16.1: a requested bye or a forfeit loss.
    pub fn is_vur(self) -> bool {
        matches!(self, RoundKind::RequestedBye | RoundKind::ForfeitLoss { .. })
    }
}

/// One round of one player: what it was and the points it gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundEntry {
    /// Round number (1-based).
    pub round: u32,
    /// What the round was.
    pub kind: RoundKind,
    /// The points the player was given for it.
    pub points: Points,
}

/// One addend of a Buchholz-like sum: the opponent's (or the dummy's) score, the
/// points the player scored in that round, and whether the round was a VUR.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Contribution {
    value: Points,
    points: Points,
    vur: bool,
}

/// What the scoring table says about wins and draws, for Art. 7.1 and 16.3.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Limits {
    lowest_win: Points,
    highest_win: Points,
    draw: Points,
}

impl Limits {
    /// The draw of a colourless round (Art. 16.3) is the table's draw; when red and
    /// black draws differ, their mean, rounded down to a tenth.
    fn of(scoring: &ScoringTable) -> Limits {
        let (red, black) = (scoring.draw(Colour::Red), scoring.draw(Colour::Black));
        Limits {
            lowest_win: scoring.win(Colour::Red).min(scoring.win(Colour::Black)),
            highest_win: scoring.win(Colour::Red).max(scoring.win(Colour::Black)),
            draw: if red == black { red } else { Points((red.tenths() + black.tenths()) / 2) },
        }
    }
}

/// Every player's rounds as C.07 Art. 16 sees them, their adjusted scores (16.3) and
/// their ratings, read once for a standings table under one edition of C.07.
#[derive(Debug, Clone)]
pub struct Field {
    rounds: BTreeMap<StartNo, Vec<RoundEntry>>,
    own: BTreeMap<StartNo, Points>,
    adjusted: BTreeMap<StartNo, Points>,
    ratings: BTreeMap<StartNo, u32>,
    limits: Limits,
    edition: FideEdition,
    /// 16.4.2 (2026): a draw in every round up to the last, the cap of a dummy
    /// without an opponent.
    draws_all_rounds: Points,
}

impl Field {
    /// Reads the records. `pending` are the (player, round) pairs of games without a
    /// result; `ratings` the rated players' ratings (unrated players are absent);
    /// `edition` the edition of C.07 to count unplayed rounds by (Art. 16.4).
    pub fn new(
        records: &BTreeMap<StartNo, Record>,
        scoring: &ScoringTable,
        pending: &BTreeSet<(StartNo, u32)>,
        ratings: BTreeMap<StartNo, u32>,
        edition: FideEdition,
    ) -> Field {
        let limits = Limits::of(scoring);
        let rounds: BTreeMap<StartNo, Vec<RoundEntry>> = records
            .iter()
            .map(|(p, r)| (*p, rounds_of(r, limits.lowest_win, |k| pending.contains(&(*p, k)))))
            .collect();
        let adjusted = rounds.iter().map(|(p, entries)| (*p, adjusted_score(entries, limits.draw))).collect();
        let own = records.iter().map(|(p, r)| (*p, r.total())).collect();
        // The last round: the one every record was read up to.
        let last = records.values().map(|r| r.totals.len().saturating_sub(1)).max().unwrap_or(0);
        let draws_all_rounds = Points(limits.draw.tenths().saturating_mul(i32::try_from(last).unwrap_or(i32::MAX)));
        Field { rounds, own, adjusted, ratings, limits, edition, draws_all_rounds }
    }

    /// The rounds of a player, in round order.
    pub fn rounds(&self, player: StartNo) -> &[RoundEntry] {
        self.rounds.get(&player).map_or(&[], Vec::as_slice)
    }

    /// Art. 16.3: the player's score as their opponents' tie-breaks count it.
    pub fn adjusted(&self, player: StartNo) -> Points {
        self.adjusted.get(&player).copied().unwrap_or_default()
    }

    /// The highest number of points a win gives (Art. 6.3's "whatever the outcome").
    pub fn highest_win(&self) -> Points {
        self.limits.highest_win
    }

    /// Art. 16.4 in Buchholz-like sums: a played round adds the opponent's adjusted
    /// score; an unplayed one the dummy's, which is the player's own score — in the
    /// 2026 edition no more than the forfeiting opponent's adjusted score (16.4.1) or,
    /// without an opponent, a draw in every round (16.4.2).
    fn contributions(&self, player: StartNo) -> Vec<Contribution> {
        let own = self.own.get(&player).copied().unwrap_or_default();
        self.rounds(player)
            .iter()
            .filter_map(|e| match e.kind {
                RoundKind::Pending => None,
                RoundKind::Played { opponent, .. } => {
                    Some(Contribution { value: self.adjusted(opponent), points: e.points, vur: false })
                }
                kind => Some(Contribution { value: self.dummy(own, kind), points: e.points, vur: kind.is_vur() }),
            })
            .collect()
    }

    /// The score of the dummy opponent of an unplayed round of `kind`, for a player
    /// whose own score is `own` (Art. 16.4 of the field's edition).
    fn dummy(&self, own: Points, kind: RoundKind) -> Points {
        match (self.edition, kind) {
            (FideEdition::Edition2024, _) => own,
            (FideEdition::Edition2026, RoundKind::ForfeitWin { opponent } | RoundKind::ForfeitLoss { opponent }) => {
                own.min(self.adjusted(opponent))
            }
            (FideEdition::Edition2026, _) => own.min(self.draws_all_rounds),
        }
    }
}

/// A player's rounds 1 … r (r: the rounds the record was read for). `pending(k)`
/// tells whether the player has a game without a result in round k.
fn rounds_of(record: &Record, lowest_win: Points, pending: impl Fn(u32) -> bool) -> Vec<RoundEntry> {
    let last = record.totals.len().saturating_sub(1) as u32;
    let mut entries = Vec::new();
    for k in 1..=last {
        let round_points = record.total_after(k) - record.total_after(k - 1);
        let games: Vec<&GameEntry> = record.games.iter().filter(|g| g.round == k).collect();
        let byes: Vec<ByeKind> = record.byes.iter().filter(|(r, _)| *r == k).map(|(_, kind)| *kind).collect();
        if games.is_empty() && byes.is_empty() {
            // Art. 16.1: a round in which the player was not paired is a zero-point bye.
            let kind = if pending(k) { RoundKind::Pending } else { RoundKind::RequestedBye };
            entries.push(RoundEntry { round: k, kind, points: round_points });
            continue;
        }
        let game_points: Points = games.iter().map(|g| g.points).sum();
        entries.extend(games.iter().map(|g| RoundEntry { round: k, kind: game_kind(g), points: g.points }));
        entries.extend(byes.into_iter().map(|kind| {
            let points = round_points - game_points;
            RoundEntry { round: k, kind: bye_kind(kind, points, lowest_win), points }
        }));
    }
    entries
}

fn game_kind(game: &GameEntry) -> RoundKind {
    match (game.played(), game.won()) {
        (true, won) => RoundKind::Played { opponent: game.opponent, won },
        (false, true) => RoundKind::ForfeitWin { opponent: game.opponent },
        (false, false) => RoundKind::ForfeitLoss { opponent: game.opponent },
    }
}

/// Art. 16.2.1: a pairing-allocated bye, or any bye worth a win, is category 1; other
/// byes are requested (half-point or zero-point) byes.
fn bye_kind(kind: ByeKind, points: Points, lowest_win: Points) -> RoundKind {
    if kind == ByeKind::Pairing || points >= lowest_win { RoundKind::FullBye } else { RoundKind::RequestedBye }
}

/// Art. 16.3: category 5 rounds (requested byes followed only by VURs, or in the last
/// round) count as draws; every other round as scored.
fn adjusted_score(entries: &[RoundEntry], draw: Points) -> Points {
    entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let last_stretch = entries[i + 1..].iter().all(|later| later.kind.is_vur());
            if e.kind == RoundKind::RequestedBye && last_stretch { draw } else { e.points }
        })
        .sum()
}

/// Art. 14 with Art. 16.5: removes `low` least significant values, the player's VURs
/// first (the least of them first), then `high` most significant values.
fn cut(mut contributions: Vec<Contribution>, low: usize, high: usize) -> Vec<Contribution> {
    for _ in 0..low {
        let least = |vur_only: bool| {
            contributions
                .iter()
                .enumerate()
                .filter(|(_, c)| c.vur || !vur_only)
                .min_by_key(|(_, c)| c.value)
                .map(|(i, _)| i)
        };
        let Some(i) = least(true).or_else(|| least(false)) else { break };
        contributions.remove(i);
    }
    for _ in 0..high {
        let Some(i) = contributions.iter().enumerate().max_by_key(|(_, c)| c.value).map(|(i, _)| i) else { break };
        contributions.remove(i);
    }
    contributions
}

/// Buchholz, C.07 (2024) Art. 8.1: the sum of the scores of the player's opponents,
/// unplayed rounds counted by Art. 16.3 and 16.4 (of the field's edition); with the modifiers of Art. 14 — Cut-1
/// (14.1, `low` 1), Cut-2 (14.2, `low` 2), Median-1 (14.3, `low` 1 and `high` 1) —
/// cutting VURs first (16.5). Fewer rounds than cuts leave nothing.
pub fn buchholz(ctx: &Context<'_>, player: StartNo, low: usize, high: usize) -> TiebreakValue {
    let kept = cut(ctx.fide.contributions(player), low, high);
    TiebreakValue::points(kept.iter().map(|c| c.value).sum())
}

/// Sonneborn-Berger, C.07 (2024) Art. 9.1: the sum, over the player's rounds, of the
/// opponent's score times the points the player scored against them, unplayed rounds
/// counted by Art. 16.3 and 16.4 of the field's edition (a half-point bye adds half
/// the dummy's score: in 2024, half the player's own score).
/// In hundredths; with 1/½/0 scoring, a win adds the opponent's score and a draw half.
pub fn sonneborn_berger(ctx: &Context<'_>, player: StartNo) -> TiebreakValue {
    let raw =
        ctx.fide.contributions(player).iter().map(|c| i64::from(c.value.tenths()) * i64::from(c.points.tenths())).sum();
    TiebreakValue { raw, unit: Unit::Hundredths }
}

/// WIN, C.07 (2024) Art. 7.1: the rounds in which the player obtained, with or
/// without playing, as many points as a win gives — games won over the board, forfeit
/// wins, and byes scored as wins.
pub fn rounds_won(ctx: &Context<'_>, player: StartNo) -> TiebreakValue {
    let lowest_win = ctx.fide.limits.lowest_win;
    let count = ctx
        .fide
        .rounds(player)
        .iter()
        .filter(|e| match e.kind {
            RoundKind::Played { won, .. } => won,
            RoundKind::FullBye | RoundKind::ForfeitWin { .. } | RoundKind::RequestedBye => e.points >= lowest_win,
            RoundKind::ForfeitLoss { .. } | RoundKind::Pending => false,
        })
        .count();
    TiebreakValue::count(count)
}

/// WON, C.07 (2024) Art. 7.2: the games won over the board (no forfeit, no bye).
pub fn games_won(record: &Record) -> TiebreakValue {
    TiebreakValue::count(record.games.iter().filter(|g| g.played() && g.won()).count())
}

/// ARO, C.07 (2024) Art. 10.1: the average rating of the opponents met over the board,
/// rounded to the nearest whole number (0.5 up). Forfeits and byes have no opponent's
/// rating to count. An unrated opponent is left out of the average: C.07 leaves the
/// rating of an unrated player to the tournament's own regulations, and a stage has
/// no such setting, so the average is over the rated opponents only; no rated
/// opponent gives 0.
pub fn average_opponent_rating(ctx: &Context<'_>, player: StartNo) -> TiebreakValue {
    let ratings: Vec<i64> = ctx
        .fide
        .rounds(player)
        .iter()
        .filter_map(|e| match e.kind {
            RoundKind::Played { opponent, .. } => ctx.fide.ratings.get(&opponent).map(|r| i64::from(*r)),
            _ => None,
        })
        .collect();
    let n = ratings.len() as i64;
    let raw = if n == 0 { 0 } else { (2 * ratings.iter().sum::<i64>() + n) / (2 * n) };
    TiebreakValue { raw, unit: Unit::Count }
}

#[cfg(test)]
#[path = "fide_tests.rs"]
mod tests;
