//! Issue 8 (reliability) acceptance: a child process enters 1,000 results and is killed
//! with SIGKILL at random moments, 20 times; after each kill, reopening the event file
//! shows every result the child had reported saved, and SQLite's `integrity_check`
//! passes. The child is this test binary itself, re-run with [`CHILD_ENV`] set, so no
//! extra binary is needed.
//!
//! `BIANPAI_CRASH_SEED=<u64>` replays the kill moments of a failed run (timing still
//! varies from machine to machine).

use bianpai::domain::command::Command;
use bianpai::domain::event::{Event, Group, Round};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome, ResultReason};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::EventFile;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use std::process::{Command as Process, Stdio};
use std::time::Duration;

/// Set to the event file's path, it makes [`crash_child`] enter results into it.
const CHILD_ENV: &str = "BIANPAI_CRASH_CHILD";
/// Groups of the event; round 1 of each is paired.
const GROUPS: u32 = 20;
/// Boards of round 1 in each group. Results are saved a round at a time, so a result
/// costs in proportion to its round's boards: 20 groups of 50 boards keep the test
/// fast where one round of 1,000 boards took a minute in debug builds.
const BOARDS_PER_GROUP: u32 = 50;
/// Results the child enters: one per board of round 1, over all groups.
const RESULTS: u32 = GROUPS * BOARDS_PER_GROUP;
/// SIGKILLs before the child is let finish.
const KILLS: u32 = 20;
const STAGE: StageNo = StageNo(1);
const ROUND: RoundNo = RoundNo(1);

/// A board of round 1: its group and board number, and its number over the whole event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Slot {
    group: u32,
    board: u32,
}

impl Slot {
    fn index(self) -> u32 {
        (self.group - 1) * BOARDS_PER_GROUP + self.board
    }
}

/// The result the child enters on a board: a fixed function of the board that mixes
/// every outcome, reason and foul count, so a result saved on the wrong board or half
/// saved shows up.
fn result_for(slot: Slot) -> GameResult {
    let i = slot.index();
    GameResult {
        outcome: Outcome::ALL[i as usize % Outcome::ALL.len()],
        reason: ResultReason::ALL[(i as usize / 6) % ResultReason::ALL.len()],
        fouls_red: i % 3,
        fouls_black: (i / 3) % 2,
    }
}

fn record(slot: Slot) -> Command {
    Command::RecordResult {
        group: GroupId(slot.group),
        stage: STAGE,
        round: ROUND,
        board: BoardNo(slot.board),
        game: 1,
        result: Some(result_for(slot)),
    }
}

/// Every board of round 1 with its result, in group then board order.
fn round_one(event: &Event) -> Vec<(Slot, Option<GameResult>)> {
    let mut games = Vec::new();
    for group in &event.groups {
        let stage = group.stage(STAGE).expect("every group has stage 1");
        let round: &Round = stage.round(ROUND).expect("round 1 is paired");
        games.extend(round.games.iter().map(|g| (Slot { group: group.id.0, board: g.board.0 }, g.result)));
    }
    games.sort_by_key(|(slot, _)| *slot);
    games
}

/// Creates the event: 20 Swiss groups of 100 players, round 1 of each paired as the
/// app pairs it (the pairing engine, then the `PairRound` command).
fn create_event(path: &Path) {
    let mut event = presets::build("cxa-swiss", Some("断电测试赛"), Some(7)).expect("preset exists");
    let template = event.groups[0].clone();
    event.groups = (1..=GROUPS)
        .map(|g| Group { id: GroupId(g), name: format!("第{g}组"), aliases: Vec::new(), ..template.clone() })
        .collect();
    let mut file = EventFile::create(path, &event).expect("create the event file");
    for g in 1..=GROUPS {
        let entries = (1..=2 * BOARDS_PER_GROUP)
            .map(|i| PlayerEntry {
                name: format!("棋手{g}-{i}"),
                club: format!("棋社{}", i % 7),
                rating: Some(1200 + i),
                ..Default::default()
            })
            .collect();
        file.execute(&Command::AddPlayers { group: GroupId(g), entries, override_reason: None, left_out: Vec::new() })
            .expect("add players");
        let round = pair_next_round(file.event(), GroupId(g), STAGE, u64::from(g)).expect("pair round 1");
        file.execute(&Command::PairRound { group: GroupId(g), stage: STAGE, round }).expect("save round 1");
    }
    assert_eq!(round_one(file.event()).len(), RESULTS as usize, "round 1 has one board per pair");
}

/// The child: enters the results still missing in round 1, one command at a time, and
/// reports `saved <group> <board>` only once `execute` returned Ok. Does nothing unless
/// started by [`killed_child_loses_no_reported_result`].
#[test]
#[ignore = "child process of killed_child_loses_no_reported_result, which runs it"]
fn crash_child() {
    let Some(path) = std::env::var_os(CHILD_ENV) else { return };
    let mut file = EventFile::open(Path::new(&path)).expect("the child opens the event file");
    let pending: Vec<Slot> =
        round_one(file.event()).into_iter().filter(|(_, result)| result.is_none()).map(|(slot, _)| slot).collect();
    let mut out = std::io::stdout().lock();
    // libtest has printed "test crash_child ... " without a line end: start a new line.
    writeln!(out).expect("report to the parent");
    for slot in pending {
        file.execute(&record(slot)).expect("the child saves a result");
        // One short line is one write(2) to the pipe: the parent never sees half of it.
        writeln!(out, "saved {} {}", slot.group, slot.board).and_then(|()| out.flush()).expect("report to the parent");
    }
    writeln!(out, "done").and_then(|()| out.flush()).expect("report to the parent");
}

/// Reads a `saved <group> <board>` line.
fn parse_saved(line: &str) -> Option<Slot> {
    let mut words = line.strip_prefix("saved ")?.split(' ');
    let slot = Slot { group: words.next()?.parse().ok()?, board: words.next()?.parse().ok()? };
    words.next().is_none().then_some(slot)
}

/// Runs the child once, killing it after `kill_after` (or letting it finish when
/// `None`); returns the boards it reported saved and whether it said it was done.
fn run_child(path: &Path, kill_after: Option<Duration>) -> (Vec<Slot>, bool) {
    let exe = std::env::current_exe().expect("the test binary's path");
    let mut child = Process::new(exe)
        .args(["crash_recovery::crash_child", "--exact", "--ignored", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn the child");
    if let Some(wait) = kill_after {
        std::thread::sleep(wait);
        // SIGKILL on Unix: no destructor, no flush, no SQLite close.
        let _ = child.kill();
    }
    let out = child.wait_with_output().expect("collect the child's output");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let saved = stdout
        .lines()
        .filter(|l| l.starts_with("saved "))
        .map(|l| parse_saved(l).unwrap_or_else(|| panic!("a report the child never writes: '{l}'")))
        .collect();
    let done = stdout.lines().any(|l| l == "done");
    // Killed (no exit code on Unix; elsewhere the kill sets one) or finished; never failed
    // on its own (e.g. could not open the file after the previous kill).
    let killed = kill_after.is_some() && (out.status.code().is_none() || !cfg!(unix));
    assert!(
        killed || out.status.success(),
        "the child failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    (saved, done)
}

/// Reopens the file as the app does and returns the boards that have a result,
/// checking each one against [`result_for`]; then runs `PRAGMA integrity_check` on the
/// closed file.
fn check_file(path: &Path, reported: &BTreeSet<Slot>, context: &str) -> BTreeSet<Slot> {
    let file = EventFile::open(path).unwrap_or_else(|e| panic!("{context}: reopen failed: {e}"));
    let mut with_result = BTreeSet::new();
    for (slot, result) in round_one(file.event()) {
        if let Some(result) = result {
            // Never a wrong or half-written result, reported or not.
            // As recorded: a late arrival is saved as a forfeit.
            let entered = result_for(slot).as_recorded();
            assert_eq!(result, entered, "{context}: {slot:?} holds a result the child never entered");
            with_result.insert(slot);
        }
    }
    let lost: Vec<&Slot> = reported.difference(&with_result).collect();
    assert!(
        lost.is_empty(),
        "{context}: {} results reported saved are missing after the kill, first {:?}",
        lost.len(),
        &lost[..lost.len().min(10)]
    );
    drop(file);
    let conn = rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .unwrap_or_else(|e| panic!("{context}: read-only open failed: {e}"));
    let check: Vec<String> = conn
        .prepare("PRAGMA integrity_check")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .unwrap_or_else(|e| panic!("{context}: integrity_check failed to run: {e}"));
    assert_eq!(check, ["ok"], "{context}: integrity_check");
    with_result
}

// Issue 8 acceptance: a result entered and reported saved is never lost.
#[test]
fn killed_child_loses_no_reported_result() {
    let seed = std::env::var("BIANPAI_CRASH_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
    });
    // Shown with any failure (libtest prints a failed test's captured output).
    eprintln!("BIANPAI_CRASH_SEED={seed}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("crash.bianpai");
    let started = std::time::Instant::now();
    create_event(&path);
    eprintln!("setup {:?}", started.elapsed());

    let mut reported = BTreeSet::new();
    let mut in_file = BTreeSet::new();
    for kill in 1..=KILLS {
        let wait = Duration::from_millis(rng.random_range(5..=200));
        let (saved, _) = run_child(&path, Some(wait));
        let context = format!("seed {seed}, kill {kill} after {wait:?}");
        for slot in &saved {
            assert!(reported.insert(*slot), "{context}: {slot:?} entered twice: the child did not resume");
        }
        let now = check_file(&path, &reported, &context);
        // Between two kills the child can have saved at most one result it had no time
        // to report (killed between the commit and the report).
        let unreported = now.difference(&reported).count();
        assert!(unreported <= in_file.difference(&reported).count() + 1, "{context}: {unreported} unreported");
        in_file = now;
        eprintln!("{context}: {} reported, {} in the file", reported.len(), in_file.len());
    }
    eprintln!("kills {:?}", started.elapsed());

    let (saved, done) = run_child(&path, None);
    assert!(done, "seed {seed}: the last child ran to the end");
    reported.extend(saved);
    let all = check_file(&path, &reported, &format!("seed {seed}, after the last run"));
    assert_eq!(all.len(), RESULTS as usize, "seed {seed}: every board has its result");
    eprintln!("total {:?}", started.elapsed());
}
