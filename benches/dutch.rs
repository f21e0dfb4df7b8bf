//! Dutch pairing speed (issue 10): the last round of a random 11-round `fide-dutch`
//! event of 1,000 players (target under 1 s) and, with `BIANPAI_BENCH_SIZES=1000,3000`,
//! of 3,000 players (target under 30 s). The first ten rounds are paired by
//! `fide-dutch` itself up to 1,000 players (about a minute of set-up) and by the
//! fast `cxa` engine beyond (early Dutch rounds of 3,000 take minutes each);
//! `BIANPAI_BENCH_HISTORY=cxa|dutch` overrides. Results are random (40 % red wins,
//! 30 % black wins, 30 % draws); the measured pairing is the eleventh round under
//! `fide-dutch`.

mod common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::rules::PairingSystem;
use bianpai::domain::swiss::pair_next_round;
use common::{G, S, play_random_rounds, sizes};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn set_system(e: &mut Event, system: PairingSystem) {
    for group in &mut e.groups {
        for stage in &mut group.stages {
            stage.pairing.system = system;
        }
    }
}

/// The system that pairs the history of an event of `players`.
fn history_system(players: u32) -> PairingSystem {
    match std::env::var("BIANPAI_BENCH_HISTORY").as_deref() {
        Ok("cxa") => PairingSystem::Cxa,
        Ok("dutch") => PairingSystem::FideDutch,
        _ if players <= 1000 => PairingSystem::FideDutch,
        _ => PairingSystem::Cxa,
    }
}

/// A `fide-swiss` event of `players` with `played` of `played + 1` rounds paired
/// and played at random.
fn event_after(players: u32, played: u32, seed: u64) -> Event {
    let mut e = presets::build("fide-swiss", None, Some(played + 1)).expect("preset");
    let entries = (1..=players)
        .map(|i| PlayerEntry {
            name: format!("P{i}"),
            rating: Some(2800 - (i * 1400) / players.max(1)),
            ..Default::default()
        })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None }).expect("players");
    set_system(&mut e, history_system(players));
    play_random_rounds(&mut e, played, seed);
    set_system(&mut e, PairingSystem::FideDutch);
    e
}

fn dutch(c: &mut Criterion) {
    let mut group = c.benchmark_group("dutch_last_round_of_11");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    // BIANPAI_BENCH_SIZES=1000,3000 adds the large event (the default is 1,000 only).
    for players in sizes(&[1000]) {
        let event = event_after(players, 10, 11);
        group.bench_with_input(BenchmarkId::from_parameter(players), &event, |b, e| {
            b.iter(|| pair_next_round(black_box(e), G, S, 99).expect("pairing"))
        });
    }
    group.finish();
}

criterion_group!(benches, dutch);
criterion_main!(benches);
