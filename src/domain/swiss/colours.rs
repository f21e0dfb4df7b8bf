//! Colour allocation for a pair (PAIRING.md cxa §4): fewer reds first, then the one who
//! had black more recently, then the higher-ranked player alternates; in round 1 by lot
//! (random draw) or "odd boards: the upper player has red".

use super::Candidate;
use crate::domain::ids::StartNo;
use crate::domain::rules::Colour;
use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Red minus black games in the player's history (forfeits included: the colour was
/// allocated).
fn colour_balance(c: &Candidate) -> i64 {
    c.record.games.iter().map(|g| if g.colour == Colour::Red { 1 } else { -1 }).sum()
}

fn last_colour(c: &Candidate) -> Option<Colour> {
    c.record.games.iter().max_by_key(|g| g.round).map(|g| g.colour)
}

/// How round-1 colours are decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FirstRoundColours {
    /// Drawn by lot from the round's seed.
    ByLot,
    /// Odd boards: the upper player has red.
    OddBoardsUpperRed,
}

/// Returns (red, black). `a_ranks_higher` says whether `a` is the higher-ranked of the two.
pub(crate) fn allocate(
    a: &Candidate,
    b: &Candidate,
    a_ranks_higher: bool,
    board_index: usize,
    first_round: Option<FirstRoundColours>,
    seed: u64,
) -> (StartNo, StartNo) {
    let (high, low) = if a_ranks_higher { (a, b) } else { (b, a) };
    if first_round == Some(FirstRoundColours::OddBoardsUpperRed) {
        return if board_index.is_multiple_of(2) {
            (high.start_no, low.start_no)
        } else {
            (low.start_no, high.start_no)
        };
    }
    if first_round == Some(FirstRoundColours::ByLot) {
        // By lot, reproducible from the round's seed and the board.
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (board_index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        return if rng.random_bool(0.5) { (high.start_no, low.start_no) } else { (low.start_no, high.start_no) };
    }
    let (bh, bl) = (colour_balance(high), colour_balance(low));
    if bh != bl {
        return if bh < bl { (high.start_no, low.start_no) } else { (low.start_no, high.start_no) };
    }
    match (last_colour(high), last_colour(low)) {
        (Some(Colour::Black), Some(Colour::Red)) => (high.start_no, low.start_no),
        (Some(Colour::Red), Some(Colour::Black)) => (low.start_no, high.start_no),
        (Some(Colour::Red), _) => (low.start_no, high.start_no),
        _ => (high.start_no, low.start_no),
    }
}
