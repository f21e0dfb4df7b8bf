//! The FIDE Dutch system (Handbook C.04.3, rules in force 2025) for the
//! `fide-dutch` rule set: pairs a round exactly as the FIDE-endorsed engine
//! bbpPairings does, whose approach (Apache-2.0, Bierema Boyz Programming) this
//! module follows in Rust.
//!
//! - `players`: each player's score, pairing number, colour preference (A.6), floats
//!   (A.4) and bye eligibility (C2);
//! - `weights`: the criteria C1–C21 as fields of one wide edge weight (`wide`);
//! - `brackets`: the score brackets top-down (B), asking the maximum-weight matching
//!   (`domain::matching`, the program's one solver, with wide weights and the
//!   heaviest-edge start) one question at a time, of the round's graph (`graph`);
//! - `window`: the fast form of that graph — each matching solved on the bracket
//!   and the next score group only, in a layout of a few hundred bits, the rest of
//!   the round vouched for by a maximum-cardinality matching (`completion`), or
//!   taken into the window when it cannot be completed alone; the matching resumes
//!   from its last optimum between questions (`domain::matching::Matcher`). The full graph is
//!   the fallback only for C9 and very large tails (issue 10: the last round of
//!   1,000 players in half a second, of 3,000 in about 15 s);
//! - `colours`: colour allocation E.1–E.5;
//! - board order (C.04.2): here, [`board_order`].
//!
//! Rules a single weighted matching cannot express are reached as the engine does:
//! - the order in which candidates are tried (B.4–B.6, D.1–D.3: moved-down players
//!   first, fewest exchanges, smallest BSN differences, S1 against the highest S2
//!   possible) is a sequence of matchings, each settling one decision by nudging
//!   weights below every criterion (`brackets`);
//! - the bye assignee's score (C5) and C9 come from a first matching that only asks
//!   for completion and the lowest possible bye score, before the brackets;
//! - completion (C4) of the whole round and of the next bracket are weight fields,
//!   since every player stays in the graph for every matching (in the window form:
//!   the completion check).
//!
//! Under `fide-dutch`, absolute club avoidance (R-3 options) adds forbidden pairs to
//! C1; non-absolute club avoidance has no FIDE counterpart and is not applied.

mod brackets;
mod colours;
mod completion;
#[cfg(test)]
mod equivalence;
mod graph;
mod players;
mod weights;
mod window;

use super::wide::Wide;
use super::{Candidate, PairingError};
use crate::domain::event::{Bye, ByeKind, Game, Round};
use crate::domain::ids::{BoardNo, RoundNo, StartNo};
use crate::domain::rules::{Colour, ScoringTable};
use crate::domain::standings::record::Record;
pub(crate) use colours::Rule as ColourRule;
use graph::Failure;
use players::Player;
use std::collections::{BTreeMap, BTreeSet};
use weights::{Compat, Layout};

/// What the Dutch pairing of one round reads.
pub(crate) struct Input<'a> {
    /// The players to pair.
    pub candidates: &'a [Candidate],
    /// Every entrant's record, for the scores of past opponents (floats, A.4).
    pub records: &'a BTreeMap<StartNo, Record>,
    /// The stage's entrants by start number: the pairing numbers (A.2).
    pub entrants: &'a [StartNo],
    /// Pairs that may not meet (C1: played each other; absolute club avoidance).
    pub forbidden: &'a BTreeSet<(StartNo, StartNo)>,
    /// Rounds played.
    pub done: u32,
    /// Rounds planned (the last round relaxes C3 for top scorers, A.7).
    pub planned: u32,
    /// Points per result.
    pub scoring: &'a ScoringTable,
    /// The colour of the top player in round 1 (E.5).
    pub initial: Colour,
}

/// Boards as (red, black) candidate indices, and the bye.
pub(crate) type Pairing = (Vec<(usize, usize)>, Option<usize>);

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Unpaired {
    /// No pairing keeps the absolute criteria (the players no pairing can place, when known).
    Impossible(Vec<StartNo>),
    /// The full graph would need about this many megabytes (over [`FULL_GRAPH_BUDGET_MB`]).
    TooLarge(u64),
}

/// The most memory the full graph may take (weights, edge list and the matching's
/// adjacency); beyond it the round is refused rather than the process aborted.
pub(crate) const FULL_GRAPH_BUDGET_MB: u64 = 1536;

/// About how many megabytes the full graph of `n` players takes with weights of
/// `words` 64-bit words: the weight table, the edge list and the matching's
/// adjacency (each pair in both directions), each entry a weight and two indices.
fn full_graph_megabytes(n: usize, words: usize) -> u64 {
    let pairs = (n * n) as u64;
    let weight = 8 * words as u64;
    (pairs * weight + pairs / 2 * (weight + 16) + pairs * (weight + 16)) >> 20
}

/// Pairs the round: the games in board order (C.04.2), red (white) first, and the
/// player who gets the pairing-allocated bye, as indices into `input.candidates`.
///
/// # Errors
/// The players no pairing can place when no pairing keeps the absolute criteria.
pub(crate) fn pair(input: &Input<'_>) -> Result<Pairing, Unpaired> {
    let all = players::players(input);
    // A.2: pairing order is score, then pairing number.
    let mut order: Vec<usize> = (0..all.len()).collect();
    order.sort_by(|&a, &b| all[b].score.cmp(&all[a].score).then(all[a].rank.cmp(&all[b].rank)));
    let sorted: Vec<Player> = order.iter().map(|&k| all[k].clone()).collect();
    if sorted.len() < 2 {
        return Err(Unpaired::Impossible(Vec::new()));
    }
    let layout = Layout::new(&sorted, input.done);
    let win = input.scoring.win(Colour::Red).tenths().max(input.scoring.draw(Colour::Red).tenths());
    let threshold = (input.done as i32 * win) >> 1;
    let last_round = input.done + 1 >= input.planned;
    let start = |v: usize| input.candidates[sorted[v].candidate].start_no;
    let compat = Compat::new(
        &sorted,
        |a, b| {
            let (x, y) = (start(a), start(b));
            input.forbidden.contains(&(x.min(y), x.max(y)))
        },
        last_round,
        threshold,
    );
    let partner = match brackets::first_round_halves(&sorted, &compat) {
        Some(partner) => partner,
        None => match solve(&sorted, &compat, &layout, true) {
            // A cancelled pairing (issue 21) does not start the full graph.
            Err(Failure::Fallback) if super::progress::cancelled() => Err(Failure::NoPairing),
            Err(Failure::Fallback) => {
                let words = (layout.weight_bits() + 8 + 64).div_ceil(64) as usize;
                let megabytes = full_graph_megabytes(sorted.len(), words);
                if megabytes > FULL_GRAPH_BUDGET_MB {
                    return Err(Unpaired::TooLarge(megabytes));
                }
                solve(&sorted, &compat, &layout, false)
            }
            other => other,
        }
        .map_err(|_| Unpaired::Impossible(Vec::new()))?,
    };
    let mut pairs = Vec::new();
    let mut bye = None;
    for (v, &p) in partner.iter().enumerate() {
        if p == v {
            bye = Some(v);
        } else if v < p {
            // The colour is chosen for the player with the smaller start number.
            let (a, b) = if start(v) < start(p) { (v, p) } else { (p, v) };
            let colour = colours::colour_of(&sorted[a], &sorted[b], input.initial);
            pairs.push(if colour == Colour::Red { (a, b) } else { (b, a) });
        }
    }
    board_order(&sorted, &mut pairs);
    let to_candidate = |v: usize| sorted[v].candidate;
    Ok((pairs.into_iter().map(|(r, b)| (to_candidate(r), to_candidate(b))).collect(), bye.map(to_candidate)))
}

/// The colours of pairs as the Dutch allocation (C.04.3 E.1–E.5) gives them, for the
/// pairing explanation: for each `(a, b)` (candidate indices), the player with the
/// smaller start number (for whom the engine chooses), his colour and the rule that
/// decided it, seen from him.
pub(crate) fn colour_rules(input: &Input<'_>, pairs: &[(usize, usize)]) -> Vec<(StartNo, Colour, ColourRule)> {
    let all = players::players(input);
    pairs
        .iter()
        .filter_map(|&(a, b)| {
            let (x, y) = (all.get(a)?, all.get(b)?);
            let (sa, sb) = (input.candidates[a].start_no, input.candidates[b].start_no);
            let (first, player, opponent) = if sa < sb { (sa, x, y) } else { (sb, y, x) };
            let (colour, rule) = colours::allocate(player, opponent, input.initial);
            Some((first, colour, rule))
        })
        .collect()
}

/// The partners of the bracket procedure, with weights of the narrowest integer
/// type they fit (8 bits of headroom for the matching's doubled duals, 64 more for
/// the bonus digits of step 4 in `brackets`). `windowed`: the window form, whose
/// layouts are narrower; a wider type is tried when a window needs one.
fn solve(players: &[Player], compat: &Compat, layout: &Layout, windowed: bool) -> Result<Vec<usize>, Failure> {
    let words = |bits: u32| ((bits + 8 + 64).div_ceil(64)) as usize;
    let full_words = words(layout.weight_bits());
    let mut size =
        if windowed { words(window::likely_weight_bits(players, layout)).min(full_words) } else { full_words };
    loop {
        let (width, result) = match size {
            0..=2 => (2, brackets::pair::<Wide<2>>(players, compat, layout, windowed)),
            3 => (3, brackets::pair::<Wide<3>>(players, compat, layout, windowed)),
            4 => (4, brackets::pair::<Wide<4>>(players, compat, layout, windowed)),
            5 => (5, brackets::pair::<Wide<5>>(players, compat, layout, windowed)),
            6 => (6, brackets::pair::<Wide<6>>(players, compat, layout, windowed)),
            7..=8 => (8, brackets::pair::<Wide<8>>(players, compat, layout, windowed)),
            9..=12 => (12, brackets::pair::<Wide<12>>(players, compat, layout, windowed)),
            13..=16 => (16, brackets::pair::<Wide<16>>(players, compat, layout, windowed)),
            17..=32 => (32, brackets::pair::<Wide<32>>(players, compat, layout, windowed)),
            33..=64 => (64, brackets::pair::<Wide<64>>(players, compat, layout, windowed)),
            _ => (128, brackets::pair::<Wide<128>>(players, compat, layout, windowed)),
        };
        match result {
            Err(Failure::TooWide) if width < full_words => size = width + 1,
            Err(Failure::TooWide) => return Err(Failure::Fallback),
            other => return other,
        }
    }
}

/// C.04.2 board order: by the higher player's score, then the lower player's
/// score, then the higher player's pairing order; the bye comes last.
fn board_order(players: &[Player], pairs: &mut [(usize, usize)]) {
    let key = |&(a, b): &(usize, usize)| {
        let (h, l) = if colours::ranks_below(&players[a], &players[b]) { (b, a) } else { (a, b) };
        (std::cmp::Reverse(players[h].score), std::cmp::Reverse(players[l].score), players[h].rank)
    };
    pairs.sort_by_key(key);
}

/// The round for `pair_next_round`: the Dutch pairing with its byes.
pub(crate) fn round(
    input: &Input<'_>,
    round_no: RoundNo,
    seed: u64,
    planned_byes: impl Iterator<Item = Bye>,
) -> Result<Round, PairingError> {
    let (boards, bye) = pair(input).map_err(|unpaired| match unpaired {
        Unpaired::Impossible(players) => PairingError::NoValidPairing { round: round_no, players },
        Unpaired::TooLarge(megabytes) => {
            PairingError::DutchTooLarge { round: round_no, players: input.candidates.len(), megabytes }
        }
    })?;
    let games = boards
        .iter()
        .enumerate()
        .map(|(k, &(red, black))| Game {
            board: BoardNo(k as u32 + 1),
            game: 1,
            red: input.candidates[red].start_no,
            black: input.candidates[black].start_no,
            result: None,
        })
        .collect();
    let mut byes: Vec<Bye> =
        bye.map(|i| Bye::new(input.candidates[i].start_no, ByeKind::Pairing)).into_iter().collect();
    byes.extend(planned_byes);
    byes.sort_by_key(|b| b.player);
    Ok(Round { no: round_no, seed: Some(seed), games, byes, warnings: Vec::new(), watches: Vec::new(), teams: None })
}
