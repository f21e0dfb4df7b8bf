//! Round 1 (R-3.1, PAIRING.md cxa §3): the order of the draw and each player's drawn
//! partner. `random` shuffles from the stored seed and pairs neighbours; `halves` orders
//! by rating (unrated players by lot after the rated) and pairs upper half i with lower
//! half i (拦腰); `halves-lot` draws each upper player's partner from the lower half.
//! With an odd count the last player of the order is meant for the bye.

use super::Candidate;
use crate::domain::rules::FirstRoundMode;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// The candidates in draw order, and each one's drawn partner (an index into that order).
/// (`fide-dutch` draws its own round 1 in `swiss::dutch`, by pairing numbers.)
pub(crate) fn draw(candidates: &[Candidate], mode: FirstRoundMode, seed: u64) -> (Vec<Candidate>, Vec<Option<usize>>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut order: Vec<Candidate> = candidates.to_vec();
    match mode {
        FirstRoundMode::Random => order.shuffle(&mut rng),
        FirstRoundMode::Halves | FirstRoundMode::HalvesLot => {
            let (mut rated, mut unrated): (Vec<Candidate>, Vec<Candidate>) =
                order.into_iter().partition(|c| c.rating.is_some());
            rated.sort_by(|a, b| b.rating.cmp(&a.rating).then(a.start_no.cmp(&b.start_no)));
            unrated.shuffle(&mut rng);
            rated.extend(unrated);
            order = rated;
        }
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
