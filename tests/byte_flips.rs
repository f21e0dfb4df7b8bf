//! Silent content damage (issue 22, item 6): random bytes flipped in an event file —
//! a failing disk, a bad copy — are either refused or the event reads back exactly as
//! it was written, by every way the file is opened (the window, a writing command, a
//! reading command). Before the audit log's hash chain, 3 of 200 flips changed stored
//! values and passed SQLite's integrity check, 2 of them loading silently.

use bianpai::domain::command::Command;
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::ledger::LedgerKind;
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::{EventFile, EventReader, StoreError};
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// SQLite's file header: its flips are SQLite's own business (page size, format).
const HEADER: usize = 100;

/// The pristine file's bytes and the event as written.
struct Pristine {
    bytes: Vec<u8>,
    event: Event,
}

/// Ten players (one with a club, a rating and notes), two rounds paired and played, a
/// fee paid, a player checked in; closed, so that every page is in the file itself.
fn pristine() -> &'static Pristine {
    static PRISTINE: OnceLock<Pristine> = OnceLock::new();
    PRISTINE.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pristine.bianpai");
        let mut f = EventFile::create(&path, &presets::build("cxa-swiss", Some("翻转测试"), Some(5)).unwrap()).unwrap();
        let entries = (1..=10)
            .map(|i| PlayerEntry {
                name: format!("棋手{i}"),
                club: if i % 3 == 0 { "象棋协会".into() } else { String::new() },
                rating: Some(1500 + 37 * i),
                ..Default::default()
            })
            .collect();
        f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
        let outcomes = [Outcome::RedWins, Outcome::Draw, Outcome::BlackWins];
        for no in 1..=2u32 {
            let round = pair_next_round(f.event(), G, S, u64::from(no)).unwrap();
            f.execute(&Command::PairRound { group: G, stage: S, round }).unwrap();
            for board in 1..=5u32 {
                let result = Some(GameResult::plain(outcomes[((board + no) % 3) as usize]));
                let (round, board) = (RoundNo(no), BoardNo(board));
                f.execute(&Command::RecordResult { group: G, stage: S, round, board, game: 1, result }).unwrap();
            }
        }
        let fee = Command::RecordLedgerEntry {
            start_no: StartNo(4),
            kind: LedgerKind::FeePaid,
            amount_fen: 8000,
            round: None,
            note: "现金".into(),
        };
        f.execute(&fee).unwrap();
        f.execute(&Command::SetCheckedIn { start_no: StartNo(7), checked_in: true }).unwrap();
        let event = f.event().clone();
        drop(f);
        assert!(!dir.path().join("pristine.bianpai-wal").exists(), "the log is checkpointed into the file");
        assert_eq!(EventFile::open(&path).unwrap().event(), &event, "reads back as written");
        Pristine { bytes: std::fs::read(&path).unwrap(), event }
    })
}

/// A copy of the pristine file with `flips` applied, at `dir/name`.
fn flipped(dir: &Path, name: &str, flips: &[(usize, u8)]) -> PathBuf {
    let mut bytes = pristine().bytes.clone();
    for &(at, mask) in flips {
        let at = HEADER + at % (bytes.len() - HEADER);
        bytes[at] ^= mask;
    }
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Refused, or exactly the event as written.
fn refused_or_whole(how: &str, opened: Result<Event, StoreError>) -> Result<(), TestCaseError> {
    if let Ok(event) = opened {
        prop_assert!(event == pristine().event, "{how}: a damaged file loaded with other values");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    // issue 22, item 6: 1–3 random bytes flipped anywhere past the header.
    #[test]
    fn a_flipped_file_is_refused_or_reads_back_as_written(
        flips in prop::collection::vec((any::<usize>(), 1u8..=255), 1..=3)
    ) {
        let dir = tempfile::tempdir().unwrap();
        let window = flipped(dir.path(), "window.bianpai", &flips);
        refused_or_whole("window", EventFile::open(&window).map(|f| f.event().clone()))?;
        let command = flipped(dir.path(), "command.bianpai", &flips);
        refused_or_whole("command", EventFile::open_for_command(&command).map(|f| f.event().clone()))?;
        let reader = flipped(dir.path(), "reader.bianpai", &flips);
        refused_or_whole("reader", EventReader::open(&reader).map(EventReader::into_event))?;
    }
}
