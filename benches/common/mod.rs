//! What the pairing benchmarks share: the sizes to run (`BIANPAI_BENCH_SIZES`) and
//! rounds paired and played at random to build an event's history.

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Event, Round};
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use rand::{Rng, SeedableRng};
pub use rand_chacha::ChaCha8Rng;

/// The group every benchmark event has.
pub const G: GroupId = GroupId(1);
/// Its Swiss stage.
pub const S: StageNo = StageNo(1);

/// The sizes in `BIANPAI_BENCH_SIZES` (comma-separated), else `default`.
pub fn sizes(default: &[u32]) -> Vec<u32> {
    std::env::var("BIANPAI_BENCH_SIZES")
        .ok()
        .map(|v| v.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_else(|| default.to_vec())
}

/// Pairs `rounds` rounds with the stage's system and plays them at random (40 % red
/// wins, 30 % black wins, 30 % draws), draws seeded from `seed`.
pub fn play_random_rounds(e: &mut Event, rounds: u32, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for r in 1..=rounds {
        let round = pair_next_round(e, G, S, seed + u64::from(r)).expect("pairing");
        play_round(e, round, &mut rng);
    }
}

/// Applies a paired `round` and records a random result on each of its boards (40 %
/// red wins, 30 % black wins, 30 % draws), drawn from `rng`.
pub fn play_round(e: &mut Event, round: Round, rng: &mut ChaCha8Rng) {
    let no = round.no;
    let boards: Vec<_> = round.games.iter().map(|g| g.board).collect();
    apply(e, &Command::PairRound { group: G, stage: S, round }).expect("pair");
    for board in boards {
        let outcome = match rng.random_range(0..10) {
            0..=3 => Outcome::RedWins,
            4..=6 => Outcome::BlackWins,
            _ => Outcome::Draw,
        };
        let result = Some(GameResult::plain(outcome));
        apply(e, &Command::RecordResult { group: G, stage: S, round: no, board, game: 1, result }).expect("result");
    }
}
