//! Round robins for small groups (R-1.1): the Berger tables of FIDE Handbook C.05
//! Annex 1, for any number of players, single or double cycle.
//!
//! Seats are numbered 1..=n in seeding order; the caller maps seat k to the k-th
//! entrant. With an odd n a dummy seat n + 1 is added and whoever meets it has the
//! bye. Red (红方, who moves first) plays the part of White in the FIDE tables.
//!
//! # The Berger rule
//! The handbook publishes the tables for 3–4 … 15–16 players. This module builds
//! them for any n by the rule below, which reproduces every published table exactly,
//! colours and board order included (tests/round_robin.rs). Let N be n rounded up to
//! even and m = N − 1 the rounds of one cycle. Round t of a cycle (1 ≤ t ≤ m):
//! - Seat N plays seat k on board 1, where k = (t + 1)/2 in odd rounds (k has red)
//!   and k = N/2 + t/2 in even rounds (N has red). So seat N alternates colours,
//!   starting with black, and 2k ≡ t + 1 (mod m).
//! - Board d + 1 (1 ≤ d < N/2) pairs the seats d places either side of k on the
//!   circle 1..=m: seats k + d and k − d, counted modulo m within 1..=m. These are
//!   exactly the pairs {i, j} with i + j ≡ t + 1 (mod m).
//! - Of two seats i < j that are both below N, the lower one has red when i + j is
//!   odd and the higher one when i + j is even.
//!
//! # Double round robin
//! The second cycle repeats the first with colours reversed: round m + t is round t
//! of the table with red and black swapped. FIDE recommends, for a double-round
//! tournament, reversing the order of the last two rounds of the first cycle, to avoid
//! three consecutive games with the same colour; this module does so whenever
//! `double` is set and a cycle has at least two rounds. The second cycle keeps the
//! table's own order.

use thiserror::Error;

/// One round of a Berger table, in seats (1..=n).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BergerRound {
    /// The games as (red seat, black seat), in board order (board 1 first).
    pub boards: Vec<(usize, usize)>,
    /// The seat that meets the dummy seat n + 1 this round (odd n only).
    pub bye: Option<usize>,
}

/// Why a round of a round robin cannot be given.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RoundRobinError {
    /// A round robin needs at least two players.
    #[error("a round robin needs at least 2 players, not {players}")]
    TooFewPlayers {
        /// The number of players asked for.
        players: usize,
    },
    /// So many players (over 2³¹) that a double cycle's rounds could not be numbered
    /// with a `u32`.
    #[error("a round robin of {players} players has more rounds than can be numbered")]
    TooManyPlayers {
        /// The number of players asked for.
        players: usize,
    },
    /// The round is not one of this round robin's rounds.
    #[error("round {round} is not one of rounds 1..={rounds} of this round robin")]
    RoundOutOfRange {
        /// The round asked for.
        round: u32,
        /// How many rounds the round robin has.
        rounds: u32,
    },
}

/// The number of rounds of a round robin of `players` seats: n − 1 for an even n and
/// n for an odd n (one bye each), doubled for a double round robin. Zero for fewer
/// than two players; `u32::MAX` for more players than [`berger_round`] accepts.
///
/// # Examples
/// ```
/// use bianpai::domain::round_robin::rounds_needed;
/// assert_eq!(rounds_needed(8, false), 7);
/// assert_eq!(rounds_needed(7, false), 7);
/// assert_eq!(rounds_needed(6, true), 10);
/// assert_eq!(rounds_needed(1, false), 0);
/// ```
pub fn rounds_needed(players: usize, double: bool) -> u32 {
    match total_rounds(players, double) {
        Ok(rounds) => rounds,
        Err(RoundRobinError::TooFewPlayers { .. }) => 0,
        Err(_) => u32::MAX,
    }
}

/// The pairings of round `round` (1-based) for `players` seats (seat numbers 1..=n;
/// with an odd n a dummy seat n + 1 means a bye), single or double cycle, as
/// (red seat, black seat) pairs in board order, and the seat with the bye.
///
/// The table is the FIDE Berger table (see the module documentation); in a double
/// round robin the last two rounds of the first cycle are played in reverse order and
/// the second cycle repeats the table with colours reversed.
///
/// # Errors
/// - [`RoundRobinError::TooFewPlayers`] if `players` is below 2;
/// - [`RoundRobinError::TooManyPlayers`] above 2³¹ players (a double cycle's rounds
///   would not fit in a `u32`);
/// - [`RoundRobinError::RoundOutOfRange`] if `round` is 0 or beyond
///   [`rounds_needed`]`(players, double)`.
///
/// # Examples
/// ```
/// use bianpai::domain::round_robin::{berger_round, BergerRound};
/// // FIDE table for 5 or 6 players, round 2: 6-4, 5-3, 1-2.
/// let r = berger_round(6, 2, false)?;
/// assert_eq!(r, BergerRound { boards: vec![(6, 4), (5, 3), (1, 2)], bye: None });
/// // With 5 players seat 6 is the bye.
/// let r = berger_round(5, 2, false)?;
/// assert_eq!(r, BergerRound { boards: vec![(5, 3), (1, 2)], bye: Some(4) });
/// # Ok::<(), bianpai::domain::round_robin::RoundRobinError>(())
/// ```
pub fn berger_round(players: usize, round: u32, double: bool) -> Result<BergerRound, RoundRobinError> {
    let m = cycle_rounds(players)?;
    let rounds = total_rounds(players, double)?;
    if round == 0 || round > rounds {
        return Err(RoundRobinError::RoundOutOfRange { round, rounds });
    }
    // 1 ≤ round ≤ rounds ≤ 2m, and m is a usize.
    let index = usize::try_from(round - 1).map_err(|_| RoundRobinError::TooManyPlayers { players })?;
    let cycle = index / m;
    let mut t = index % m + 1;
    if double && cycle == 0 && m >= 2 {
        // FIDE: in a double round robin, reverse the last two rounds of the first cycle.
        if t == m - 1 {
            t = m;
        } else if t == m {
            t = m - 1;
        }
    }
    let reversed = cycle == 1;
    let seats = m + 1;
    let mut boards = Vec::with_capacity(seats / 2);
    let mut bye = None;
    for (red, black) in table_round(seats, t) {
        if red > players {
            bye = Some(black);
        } else if black > players {
            bye = Some(red);
        } else if reversed {
            boards.push((black, red));
        } else {
            boards.push((red, black));
        }
    }
    Ok(BergerRound { boards, bye })
}

/// Rounds in one cycle: N − 1, N being `players` rounded up to even.
///
/// # Errors
/// Fewer than two players, or more than fit a double cycle's round numbers in a
/// `u32` (which also keeps the seat sums of [`table_round`], below 2m, within a
/// `usize`).
fn cycle_rounds(players: usize) -> Result<usize, RoundRobinError> {
    if players < 2 {
        return Err(RoundRobinError::TooFewPlayers { players });
    }
    // N − 1 is n − 1 for an even n and n for an odd n: the dummy seat cannot overflow.
    let m = if players.is_multiple_of(2) { players - 1 } else { players };
    let fits = u64::try_from(m).ok().and_then(|m| m.checked_mul(2)).is_some_and(|r| r <= u64::from(u32::MAX));
    if fits { Ok(m) } else { Err(RoundRobinError::TooManyPlayers { players }) }
}

/// All rounds of the round robin: one or two cycles.
fn total_rounds(players: usize, double: bool) -> Result<u32, RoundRobinError> {
    let m = cycle_rounds(players)?;
    let cycles = if double { 2 } else { 1 };
    u32::try_from(m * cycles).map_err(|_| RoundRobinError::TooManyPlayers { players })
}

/// Round `t` (1..=seats − 1) of the Berger table for an even number of `seats`, as
/// (red, black) pairs in board order, including the game of the last seat.
fn table_round(seats: usize, t: usize) -> Vec<(usize, usize)> {
    let m = seats - 1;
    let half = seats / 2;
    // The last seat's opponent k: 2k ≡ t + 1 (mod m).
    let k = if t % 2 == 1 { t.div_ceil(2) } else { half + t / 2 };
    let mut boards = Vec::with_capacity(half);
    boards.push(if t % 2 == 1 { (k, seats) } else { (seats, k) });
    for d in 1..half {
        // Seats d places after and before k on the circle 1..=m.
        let up = (k - 1 + d) % m + 1;
        let down = (k - 1 + (m - d)) % m + 1;
        let (low, high) = if up < down { (up, down) } else { (down, up) };
        boards.push(if (low + high) % 2 == 1 { (low, high) } else { (high, low) });
    }
    boards
}
