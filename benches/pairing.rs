//! Pairing speed (issue: Swiss engine): the next round of random `cxa` events of 50,
//! 200, 1,000 and 3,000 players after four played rounds. Targets on the 2-core
//! reference machine: under 0.1 s at 200 players and under 2 s at 1,000.

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::time::Duration;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// A `cxa-swiss` event of `players` with `played` rounds paired and played at random.
fn event_after(players: u32, played: u32, seed: u64) -> Event {
    let mut e = presets::build("cxa-swiss", None, Some(played + 3)).expect("preset");
    let entries = (1..=players)
        .map(|i| PlayerEntry {
            name: format!("P{i}"),
            club: format!("C{}", i % 37),
            rating: Some(1200 + (i * 7919) % 1400),
            ..Default::default()
        })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None }).expect("players");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for r in 1..=played {
        let round = pair_next_round(&e, G, S, seed + u64::from(r)).expect("pairing");
        let no = round.no;
        let boards: Vec<_> = round.games.iter().map(|g| g.board).collect();
        apply(&mut e, &Command::PairRound { group: G, stage: S, round }).expect("pair");
        for board in boards {
            let outcome = match rng.random_range(0..10) {
                0..=3 => Outcome::RedWins,
                4..=6 => Outcome::BlackWins,
                _ => Outcome::Draw,
            };
            let result = Some(GameResult::plain(outcome));
            apply(&mut e, &Command::RecordResult { group: G, stage: S, round: no, board, game: 1, result })
                .expect("result");
        }
    }
    e
}

fn pairing(c: &mut Criterion) {
    let mut group = c.benchmark_group("cxa_next_round_after_4");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    // BIANPAI_BENCH_SIZES=50,200 limits the sizes (the events are built before filtering).
    let sizes: Vec<u32> = std::env::var("BIANPAI_BENCH_SIZES")
        .ok()
        .map(|v| v.split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![50, 200, 1000, 3000]);
    for players in sizes {
        let event = event_after(players, 4, 7);
        group.bench_with_input(BenchmarkId::from_parameter(players), &event, |b, e| {
            b.iter(|| pair_next_round(black_box(e), G, S, 99).expect("pairing"))
        });
    }
    group.finish();
}

criterion_group!(benches, pairing);
criterion_main!(benches);
