//! The interim score-group pairing: round 1 by the stage's draw, later rounds top-down
//! through the standings with backtracking, so that no two players meet twice and no
//! player gets a second bye.

use super::{Candidate, Pairs};
use crate::domain::ids::StartNo;
use crate::domain::rules::FirstRoundMode;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

/// Backtracking steps allowed before the pairing is declared impossible.
const SEARCH_BUDGET: u64 = 2_000_000;

/// Round 1 (PAIRING.md cxa §3): `random` pairs adjacent players of a seeded
/// permutation; `halves` pairs upper i with lower i by rating; `halves-lot` draws each
/// upper player's opponent from the lower half. With an odd count the last player of
/// the order has the bye.
pub(crate) fn first_round(candidates: &[Candidate], mode: FirstRoundMode, seed: u64) -> Pairs {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut order: Vec<StartNo> = candidates.iter().map(|c| c.start_no).collect();
    match mode {
        FirstRoundMode::Random => order.shuffle(&mut rng),
        FirstRoundMode::Halves | FirstRoundMode::HalvesLot => {
            // Rated players by rating, unrated by lot after them (CXA Appendix 2).
            let mut rated: Vec<&Candidate> = candidates.iter().filter(|c| c.rating.is_some()).collect();
            rated.sort_by(|a, b| b.rating.cmp(&a.rating).then(a.start_no.cmp(&b.start_no)));
            let mut unrated: Vec<StartNo> =
                candidates.iter().filter(|c| c.rating.is_none()).map(|c| c.start_no).collect();
            unrated.shuffle(&mut rng);
            order = rated.into_iter().map(|c| c.start_no).chain(unrated).collect();
        }
    }
    let bye = (order.len() % 2 == 1).then(|| order.pop()).flatten();
    let half = order.len() / 2;
    let games = match mode {
        FirstRoundMode::Random => order.chunks(2).map(|c| (c[0], c[1])).collect(),
        FirstRoundMode::Halves => (0..half).map(|i| (order[i], order[half + i])).collect(),
        FirstRoundMode::HalvesLot => {
            let mut lower = order[half..].to_vec();
            lower.shuffle(&mut rng);
            (0..half).map(|i| (order[i], lower[i])).collect()
        }
    };
    Pairs { games, bye }
}

/// A later round: the bye to the lowest-ranked player with no bye and no forfeit win
/// yet (trying the next one up when the rest cannot be paired), then each
/// highest-ranked unpaired player against the nearest-scored opponent not met before.
/// `None` when no such pairing exists.
pub(crate) fn later_round(candidates: &[Candidate], met: &BTreeSet<(StartNo, StartNo)>) -> Option<Pairs> {
    let mut budget = SEARCH_BUDGET;
    if candidates.len().is_multiple_of(2) {
        return pair_all(candidates, met, &mut budget).map(|games| Pairs { games, bye: None });
    }
    for (i, c) in candidates.iter().enumerate().rev() {
        if c.had_pairing_bye || c.had_forfeit_win {
            continue;
        }
        let rest: Vec<Candidate> =
            candidates.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, c)| c.clone()).collect();
        if let Some(games) = pair_all(&rest, met, &mut budget) {
            return Some(Pairs { games, bye: Some(c.start_no) });
        }
        if budget == 0 {
            break;
        }
    }
    None
}

fn pair_all(
    candidates: &[Candidate],
    met: &BTreeSet<(StartNo, StartNo)>,
    budget: &mut u64,
) -> Option<Vec<(StartNo, StartNo)>> {
    let mut paired = vec![false; candidates.len()];
    let mut games = Vec::with_capacity(candidates.len() / 2);
    search(candidates, met, &mut paired, &mut games, budget).then_some(games)
}

fn search(
    cs: &[Candidate],
    met: &BTreeSet<(StartNo, StartNo)>,
    paired: &mut [bool],
    games: &mut Vec<(StartNo, StartNo)>,
    budget: &mut u64,
) -> bool {
    let Some(top) = paired.iter().position(|p| !*p) else { return true };
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    paired[top] = true;
    // Opponents by nearest score, then by rank order.
    let mut options: Vec<usize> = (top + 1..cs.len()).filter(|j| !paired[*j]).collect();
    options.sort_by_key(|j| ((cs[top].points - cs[*j].points).tenths().abs(), *j));
    for j in options {
        let (a, b) = (cs[top].start_no, cs[j].start_no);
        if met.contains(&(a.min(b), a.max(b))) {
            continue;
        }
        paired[j] = true;
        games.push((a, b));
        if search(cs, met, paired, games, budget) {
            return true;
        }
        games.pop();
        paired[j] = false;
        if *budget == 0 {
            break;
        }
    }
    paired[top] = false;
    false
}
