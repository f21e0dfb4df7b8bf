//! Pairing speed (issue: Swiss engine): the next round of random `cxa` events of 50,
//! 200, 1,000 and 3,000 players after four played rounds. Targets on the 2-core
//! reference machine: under 0.1 s at 200 players and under 2 s at 1,000.

mod common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::swiss::pair_next_round;
use common::{G, S, play_random_rounds, sizes};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

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
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() })
        .expect("players");
    play_random_rounds(&mut e, played, seed);
    e
}

fn pairing(c: &mut Criterion) {
    let mut group = c.benchmark_group("cxa_next_round_after_4");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    // BIANPAI_BENCH_SIZES=50,200 limits the sizes (the events are built before filtering).
    for players in sizes(&[50, 200, 1000, 3000]) {
        let event = event_after(players, 4, 7);
        group.bench_with_input(BenchmarkId::from_parameter(players), &event, |b, e| {
            b.iter(|| pair_next_round(black_box(e), G, S, 99).expect("pairing"))
        });
    }
    group.finish();
}

criterion_group!(benches, pairing);
criterion_main!(benches);
