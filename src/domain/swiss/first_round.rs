//! Round 1 (R-3.1, PAIRING.md cxa §3): the order of the draw and each player's drawn
//! partner. `random` shuffles from the stored seed and pairs neighbours; `halves` orders
//! by rating (unrated players by lot after the rated) and pairs upper half i with lower
//! half i (拦腰); `halves-lot` draws each upper player's partner from the lower half. In a
//! stage after the first the halves follow the stage's seeding, the previous stage's
//! final ranking then the nominees, not ratings.
//! With an odd count the last player of the order is meant for the bye.

use super::Candidate;
use crate::domain::ids::StartNo;
use crate::domain::rules::FirstRoundMode;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;

/// The candidates in draw order, and each one's drawn partner (an index into that order).
/// `seeding`: the stage's seeding when it has one (a stage after the first, R-1.4),
/// which the halves follow instead of ratings; a random draw shuffles the candidates as
/// given whatever the seeding, so that a stored seed redraws the same round.
/// (`fide-dutch` draws its own round 1 in `swiss::dutch`, by pairing numbers.)
pub(crate) fn draw(
    candidates: &[Candidate],
    mode: FirstRoundMode,
    seeding: Option<&[StartNo]>,
    seed: u64,
) -> (Vec<Candidate>, Vec<Option<usize>>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut order: Vec<Candidate> = candidates.to_vec();
    match mode {
        FirstRoundMode::Random => order.shuffle(&mut rng),
        FirstRoundMode::Halves | FirstRoundMode::HalvesLot => match seeding {
            Some(seeding) => {
                let place: BTreeMap<StartNo, usize> = seeding.iter().enumerate().map(|(k, p)| (*p, k)).collect();
                order.sort_by_key(|c| place.get(&c.start_no).copied().unwrap_or(usize::MAX));
            }
            None => order = by_rating(order, &mut rng),
        },
    }
    let paired = order.len() - order.len() % 2;
    let half = paired / 2;
    let mut targets = vec![None; order.len()];
    match mode {
        FirstRoundMode::Random => {
            for (k, target) in targets.iter_mut().enumerate().take(paired) {
                *target = Some(k ^ 1);
            }
        }
        FirstRoundMode::Halves => {
            for k in 0..half {
                targets[k] = Some(k + half);
                targets[k + half] = Some(k);
            }
        }
        FirstRoundMode::HalvesLot => {
            let mut lower: Vec<usize> = (half..paired).collect();
            lower.shuffle(&mut rng);
            for (k, partner) in lower.into_iter().enumerate() {
                targets[k] = Some(partner);
                targets[partner] = Some(k);
            }
        }
    }
    (order, targets)
}

/// The halves' order in a first stage: by rating, highest first (equal ratings by start
/// number), then the unrated players by lot.
fn by_rating(order: Vec<Candidate>, rng: &mut ChaCha8Rng) -> Vec<Candidate> {
    let (mut rated, mut unrated): (Vec<Candidate>, Vec<Candidate>) =
        order.into_iter().partition(|c| c.rating.is_some());
    rated.sort_by(|a, b| b.rating.cmp(&a.rating).then(a.start_no.cmp(&b.start_no)));
    unrated.shuffle(rng);
    rated.extend(unrated);
    rated
}
