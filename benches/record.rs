//! One result recorded and saved (issue 16: a result is one game): `RecordResult`
//! applied and saved by the store at 1,500 boards, after 0 and after 8 played rounds,
//! and the same through the command line (`bianpai result`, process start included).
//!
//! Before the timings it plays a whole 9-round event of that field through the event
//! file — every result entered, then 100 corrected — and prints the file's size and
//! its backups' (issue 16: under 50 MB, backups under 10× that, at 3,000 players).
//! That file is then opened the three ways (issue 22, item 6: each checks the audit
//! log's hash chain and the event's digest): by the window (`EventFile::open`, with
//! the whole-file check), by a writing command (`open_for_command`) and by a reading
//! command (`EventReader::open`).
//!
//! Last, undo and redo of the newest change in a file played one round and in the
//! played-out one (issue 38, item 18), in the window's open file and by the CLI, and
//! `bianpai result` on those two files (their audit logs a real event's).
//!
//! `BIANPAI_BENCH_SIZES` sets the field (default 3000 players = 1,500 boards).

mod common;

use bianpai::domain::command::Command;
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, RoundNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::{EventFile, EventReader};
use common::{G, S, play_random_rounds};
use criterion::{Criterion, criterion_group, criterion_main};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Player `i`'s rating: distinct for the first 2,500, within the bound of 3,500.
fn rating(i: u32) -> u32 {
    1000 + i % 2500
}

/// An event of `players` with `played` rounds played and the next one paired.
fn event_with(players: u32, played: u32) -> Event {
    let mut e = presets::build("cxa-swiss", Some("bench"), Some(played + 1)).expect("preset");
    let entries = (1..=players)
        .map(|i| PlayerEntry { name: format!("棋手{i}"), rating: Some(rating(i)), ..Default::default() })
        .collect();
    bianpai::domain::command::apply(
        &mut e,
        &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() },
    )
    .expect("players");
    play_random_rounds(&mut e, played, 11);
    let round = pair_next_round(&e, G, S, 99).expect("pairing");
    bianpai::domain::command::apply(&mut e, &Command::PairRound { group: G, stage: S, round }).expect("pair");
    e
}

fn result(round: u32, board: u32, outcome: Outcome) -> Command {
    let result = Some(GameResult::plain(outcome));
    Command::RecordResult { group: G, stage: S, round: RoundNo(round), board: BoardNo(board), game: 1, result }
}

/// Records results on boards 1, 2, 3 … in turn, alternating the outcome.
fn bench_store(c: &mut Criterion, dir: &Path, players: u32, played: u32) {
    let path = dir.join(format!("store-{players}-{played}.bianpai"));
    let mut file = EventFile::create(&path, &event_with(players, played)).expect("create");
    let boards = players / 2;
    let mut n = 0u32;
    c.bench_function(&format!("record_result_saved/{players}/after_{played}_rounds"), |b| {
        b.iter(|| {
            n += 1;
            let outcome = if n.is_multiple_of(2) { Outcome::RedWins } else { Outcome::Draw };
            file.execute(&result(played + 1, 1 + n % boards, outcome)).expect("result");
        })
    });
}

/// `bianpai result FILE --round R --board B RESULT`, one process per result, on a file
/// made whole with `played` rounds (its audit log empty).
fn bench_cli(c: &mut Criterion, dir: &Path, players: u32, played: u32) {
    let path = dir.join(format!("cli-{players}-{played}.bianpai"));
    drop(EventFile::create(&path, &event_with(players, played)).expect("create"));
    let name = format!("{players}/after_{played}_rounds");
    results_by_cli(c, &path, played + 1, players / 2, &name);
}

/// The same on a file played through result by result, so that its audit log is a real
/// event's (issue 38, item 18): the results are corrections of its last round.
fn bench_cli_played(c: &mut Criterion, path: &Path, players: u32, rounds: u32) {
    let name = format!("{players}/played_through_{rounds}_rounds");
    results_by_cli(c, path, rounds, players / 2, &name);
}

/// Results on boards 1, 2, 3 … of `round` in turn, one `bianpai result` each.
fn results_by_cli(c: &mut Criterion, path: &Path, round: u32, boards: u32, name: &str) {
    let file = path.to_string_lossy().into_owned();
    let round = round.to_string();
    let mut n = 0u32;
    let mut group = c.benchmark_group("record_result_cli");
    group.sample_size(20).measurement_time(Duration::from_secs(10));
    group.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            for _ in 0..iters {
                n += 1;
                let board = (1 + n % boards).to_string();
                let outcome = if n.is_multiple_of(2) { "1-0" } else { "1/2" };
                let out = std::process::Command::new(env!("CARGO_BIN_EXE_bianpai"))
                    .args(["result", &file, "--round", &round, "--board", &board, outcome])
                    .output()
                    .expect("run bianpai");
                assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            }
            start.elapsed()
        })
    });
    group.finish();
}

/// Plays 9 rounds of `players` through the event file, corrects 100 results, prints
/// the sizes on disk and returns the file's path.
fn report_file_size(dir: &Path, players: u32) -> PathBuf {
    let path = played_through(dir, players, 9);
    let mb = |bytes: u64| bytes as f64 / 1_048_576.0;
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    let backups: u64 = bianpai::store::backup::list_backups(&path)
        .iter()
        .filter_map(|b| std::fs::metadata(b).ok())
        .map(|m| m.len())
        .sum();
    eprintln!(
        "event file of {players} players after 9 rounds, every result entered and 100 corrected: \
         {:.1} MB; its backups: {:.1} MB",
        mb(size),
        mb(backups)
    );
    path
}

/// An event file of `players` with `rounds` rounds played through it, every result
/// entered as a command of its own, then 100 of the last round's corrected.
fn played_through(dir: &Path, players: u32, rounds: u32) -> PathBuf {
    let path = dir.join(format!("played-{players}-{rounds}.bianpai"));
    let mut e = presets::build("cxa-swiss", Some("bench"), Some(9)).expect("preset");
    let entries = (1..=players)
        .map(|i| PlayerEntry { name: format!("棋手{i}"), rating: Some(rating(i)), ..Default::default() })
        .collect();
    bianpai::domain::command::apply(
        &mut e,
        &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() },
    )
    .expect("players");
    let mut file = EventFile::create(&path, &e).expect("create");
    let outcomes = [Outcome::RedWins, Outcome::Draw, Outcome::BlackWins];
    for r in 1..=rounds {
        let round = pair_next_round(file.event(), G, S, u64::from(r)).expect("pairing");
        let boards = round.games.len() as u32;
        file.execute(&Command::PairRound { group: G, stage: S, round }).expect("pair");
        for b in 1..=boards {
            file.execute(&result(r, b, outcomes[(b % 3) as usize])).expect("result");
        }
    }
    for k in 0..100u32 {
        file.execute(&result(rounds, 1 + k, outcomes[((k + 1) % 3) as usize])).expect("correction");
    }
    drop(file);
    path
}

/// Undo and redo of the newest change (issue 38, item 18: as quick after nine rounds'
/// audit rows as after one), in the window's open file and through the command line.
fn bench_undo(c: &mut Criterion, path: &Path, players: u32, rounds: u32) {
    let mut group = c.benchmark_group("undo_redo");
    group.sample_size(20).measurement_time(Duration::from_secs(10));
    // The command line first: the window's thousands of undo and redo rows would
    // otherwise be the history the commands read their undo stacks from.
    let name = path.to_string_lossy().into_owned();
    group.bench_function(format!("{players}/after_{rounds}_rounds/cli"), |b| {
        b.iter(|| {
            for verb in ["undo", "redo"] {
                let out = std::process::Command::new(env!("CARGO_BIN_EXE_bianpai"))
                    .args([verb, &name])
                    .output()
                    .expect("run bianpai");
                assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            }
        })
    });
    let mut file = EventFile::open(path).expect("open");
    group.bench_function(format!("{players}/after_{rounds}_rounds/window"), |b| {
        b.iter(|| {
            file.undo().expect("undo").expect("something to undo");
            file.redo().expect("redo").expect("something to redo");
        })
    });
    drop(file);
    group.finish();
}

/// Opens the played-out event file the window's way, a writing command's and a
/// reading command's.
fn bench_open(c: &mut Criterion, path: &Path, players: u32) {
    let mut group = c.benchmark_group("open_after_9_rounds");
    group.sample_size(20).measurement_time(Duration::from_secs(10));
    group.bench_function(format!("{players}/window"), |b| b.iter(|| EventFile::open(path).expect("open")));
    group.bench_function(format!("{players}/command"), |b| b.iter(|| EventFile::open_for_command(path).expect("open")));
    group.bench_function(format!("{players}/reader"), |b| b.iter(|| EventReader::open(path).expect("open")));
    group.finish();
}

fn bench(c: &mut Criterion) {
    // `BIANPAI_BENCH_DIR` keeps the event files there, to look at them afterwards.
    let temp = tempfile::tempdir().expect("temp dir");
    let kept = std::env::var_os("BIANPAI_BENCH_DIR").map(std::path::PathBuf::from);
    let dir = kept.as_deref().unwrap_or(temp.path());
    for players in common::sizes(&[3000]) {
        let played = report_file_size(dir, players);
        bench_open(c, &played, players);
        let early = played_through(dir, players, 1);
        bench_undo(c, &early, players, 1);
        bench_undo(c, &played, players, 9);
        bench_cli_played(c, &early, players, 1);
        bench_cli_played(c, &played, players, 9);
        for played in [0, 8] {
            bench_store(c, dir, players, played);
            bench_cli(c, dir, players, played);
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
