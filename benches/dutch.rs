//! Dutch pairing speed (issues 10 and 21). Two parts:
//!
//! 1. **Every round** of a random 11-round `fide-dutch` event, each round paired by
//!    `fide-dutch` itself and played at random (40 % red wins, 30 % black wins, 30 %
//!    draws): each round's time and, after each size, the process's peak memory
//!    (`VmHWM`) are printed. Sizes from `BIANPAI_BENCH_SIZES` (default 1,000; issue 21
//!    targets: 1,000 every round < 1 s; 3,000 every round < 10 s and < 400 MB;
//!    10,000 Dutch rounds complete, time recorded). Run sizes in increasing order: the
//!    peak is the process's.
//! 2. **The last round** (criterion): the eleventh round of the 1,000-player event
//!    (target under 0.35 s), sampled.
//!
//! `BIANPAI_BENCH_ROUNDS=N` pairs only the first N rounds of part 1;
//! `BIANPAI_BENCH_SYSTEM=cxa` pairs part 1 by the `cxa` rule set (`cxa-swiss`: the
//! 10,000-player online qualifier, target every round under 5 s and 1 GB).
//!
//! Long runs (10,000 players take minutes a round) can be cut in pieces:
//! `BIANPAI_BENCH_SAVE=dir` writes the event and the results' random state after
//! each round to `dir/<players>-after-<r>.json`, and `BIANPAI_BENCH_FROM=file` starts
//! part 1 from such a file (for its size only) and goes on with the same pairings and
//! results an unbroken run would have had.

mod common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::rules::PairingSystem;
use bianpai::domain::swiss::pair_next_round;
use common::{ChaCha8Rng, G, S, play_random_rounds, play_round, sizes};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use std::hint::black_box;
use std::time::{Duration, Instant};

const ROUNDS: u32 = 11;

fn set_system(e: &mut Event, system: PairingSystem) {
    for group in &mut e.groups {
        for stage in &mut group.stages {
            stage.pairing.system = system;
        }
    }
}

/// A fresh event of `players` and 11 rounds under `system`'s preset (`fide-swiss`,
/// or `cxa-swiss` for the `cxa` rule set).
fn new_event(players: u32, system: PairingSystem) -> Event {
    let preset = if system == PairingSystem::Cxa { "cxa-swiss" } else { "fide-swiss" };
    let mut e = presets::build(preset, None, Some(ROUNDS)).expect("preset");
    let entries = (1..=players)
        .map(|i| PlayerEntry {
            name: format!("P{i}"),
            rating: Some(2800 - (i * 1400) / players.max(1)),
            ..Default::default()
        })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() })
        .expect("players");
    set_system(&mut e, system);
    e
}

/// The process's peak resident memory in MB (Linux `VmHWM`), when known.
fn peak_megabytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

/// An event part-way through part 1 and the position of its results' random stream.
#[derive(serde::Serialize, serde::Deserialize)]
struct Checkpoint {
    event: Event,
    /// `ChaCha8Rng::get_word_pos`, as text (JSON numbers stop short of `u128`).
    word_pos: String,
}

/// Part 1's starting point for `players`: the `BIANPAI_BENCH_FROM` checkpoint when it
/// holds an event of that size, else a fresh event.
fn start(players: u32, system: PairingSystem) -> (Event, ChaCha8Rng) {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    if let Ok(path) = std::env::var("BIANPAI_BENCH_FROM") {
        let text = std::fs::read_to_string(&path).expect("checkpoint file");
        let saved: Checkpoint = serde_json::from_str(&text).expect("checkpoint");
        if saved.event.players.len() == players as usize {
            rng.set_word_pos(saved.word_pos.parse().expect("word position"));
            eprintln!("starting from {path}");
            return (saved.event, rng);
        }
    }
    (new_event(players, system), rng)
}

/// Writes `e` and `rng`'s position to `BIANPAI_BENCH_SAVE`'s folder, when set.
fn save(e: &Event, rng: &ChaCha8Rng, players: u32, round: u32) {
    let Ok(dir) = std::env::var("BIANPAI_BENCH_SAVE") else { return };
    let path = std::path::Path::new(&dir).join(format!("{players}-after-{round}.json"));
    let saved = Checkpoint { event: e.clone(), word_pos: rng.get_word_pos().to_string() };
    std::fs::write(&path, serde_json::to_string(&saved).expect("json")).expect("checkpoint written");
}

/// Rounds already paired in the benchmark's stage.
fn rounds_paired(e: &Event) -> u32 {
    e.group(G).and_then(|g| g.stage(S)).map_or(0, |s| s.rounds.len() as u32)
}

/// Part 1: pairs and plays every round, printing each round's pairing time.
fn every_round() {
    let system = match std::env::var("BIANPAI_BENCH_SYSTEM").as_deref() {
        Ok("cxa") => PairingSystem::Cxa,
        _ => PairingSystem::FideDutch,
    };
    let rounds = std::env::var("BIANPAI_BENCH_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(ROUNDS);
    for players in sizes(&[1000]) {
        let (mut e, mut rng) = start(players, system);
        let mut times = Vec::new();
        for r in rounds_paired(&e) + 1..=rounds.min(ROUNDS) {
            let started = Instant::now();
            let round = pair_next_round(&e, G, S, 1000 + u64::from(r)).expect("pairing");
            let took = started.elapsed();
            times.push(took);
            let peak = peak_megabytes().map_or_else(|| "?".to_string(), |m| m.to_string());
            eprintln!("{system:?} {players} players, round {r}: {:.3} s (peak so far {peak} MB)", took.as_secs_f64());
            play_round(&mut e, round, &mut rng);
            save(&e, &rng, players, r);
        }
        let worst = times.iter().max().copied().unwrap_or_default();
        let peak = peak_megabytes().map_or_else(|| "?".to_string(), |m| m.to_string());
        eprintln!("{system:?} {players} players: slowest round {:.3} s, peak memory {peak} MB", worst.as_secs_f64());
    }
}

/// A `fide-swiss` event of `players` with `played` of `played + 1` rounds paired by
/// `fide-dutch` and played at random.
fn event_after(players: u32, played: u32, seed: u64) -> Event {
    let mut e = new_event(players, PairingSystem::FideDutch);
    play_random_rounds(&mut e, played, seed);
    e
}

fn dutch(c: &mut Criterion) {
    every_round();
    let mut group = c.benchmark_group("dutch_last_round_of_11");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    let players = 1000;
    let event = event_after(players, 10, 11);
    group.bench_with_input(BenchmarkId::from_parameter(players), &event, |b, e| {
        b.iter(|| pair_next_round(black_box(e), G, S, 99).expect("pairing"))
    });
    group.finish();
}

criterion_group!(benches, dutch);
criterion_main!(benches);
