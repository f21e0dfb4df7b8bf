//! The event file (DESIGN.md data flow; issue "Foundation"): one SQLite file per event,
//! every command saved with its audit row, refusing files it must not touch.

use bianpai::domain::command::Command;
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::player::{PlayerEntry, PlayerStatus};
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome, ResultReason};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::{EventFile, StoreError};
use std::path::Path;

fn entries(n: usize) -> Vec<PlayerEntry> {
    (1..=n)
        .map(|i| PlayerEntry {
            name: format!("棋手{i}"),
            club: format!("棋社{}", i % 3),
            rating: Some(1400 + i as u32),
            ..Default::default()
        })
        .collect()
}

fn new_file(dir: &Path, players: usize) -> EventFile {
    let event = presets::build("cxa-swiss", Some("测试赛"), Some(5)).unwrap();
    let mut f = EventFile::create(&dir.join("e.bianpai"), &event).unwrap();
    f.execute(&Command::AddPlayers {
        group: GroupId(1),
        entries: entries(players),
        override_reason: None,
        left_out: Vec::new(),
    })
    .unwrap();
    f
}

fn pair(f: &mut EventFile, seed: u64) {
    let round = pair_next_round(f.event(), GroupId(1), StageNo(1), seed).unwrap();
    f.execute(&Command::PairRound { group: GroupId(1), stage: StageNo(1), round }).unwrap();
}

fn record(f: &mut EventFile, round: u32, board: u32, outcome: Outcome) -> Result<(), StoreError> {
    f.execute(&Command::RecordResult {
        group: GroupId(1),
        stage: StageNo(1),
        round: RoundNo(round),
        board: BoardNo(board),
        game: 1,
        result: Some(GameResult { outcome, reason: ResultReason::Time, fouls_red: 1, fouls_black: 0 }),
    })
    .map(|_| ())
}

#[test]
fn everything_saved_reads_back_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let mut f = new_file(dir.path(), 9);
    pair(&mut f, 11);
    record(&mut f, 1, 1, Outcome::BlackWinsByForfeit).unwrap();
    record(&mut f, 1, 2, Outcome::Draw).unwrap();
    f.execute(&Command::SetPlayerStatus {
        start_no: StartNo(3), status: PlayerStatus::Withdrawn, reason: "病".into()
    })
    .unwrap();
    let saved: Event = f.event().clone();
    drop(f);
    let reopened = EventFile::open(&dir.path().join("e.bianpai")).unwrap();
    assert_eq!(reopened.event(), &saved);
    assert_eq!(reopened.event().groups[0].stages[0].rounds[0].seed, Some(11));
}

// every change is kept in an audit log, in the same transaction as the change.
#[test]
fn every_command_has_one_audit_row_with_before_and_after() {
    let dir = tempfile::tempdir().unwrap();
    let mut f = new_file(dir.path(), 4);
    pair(&mut f, 1);
    record(&mut f, 1, 1, Outcome::RedWins).unwrap();
    record(&mut f, 1, 1, Outcome::BlackWins).unwrap();
    let log = f.audit_log().unwrap();
    assert_eq!(log.len(), 4);
    assert!(log[0].command.contains("\"add_players\""));
    assert!(log[1].command.contains("\"pair_round\""));
    let correction = &log[3];
    assert!(correction.command.contains("black-wins"));
    assert!(correction.before.contains("red-wins"), "before holds the corrected value: {}", correction.before);
    assert!(correction.after.contains("black-wins"));
    assert!(log.iter().all(|e| e.at.ends_with('Z')));
}

#[test]
fn a_refused_command_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut f = new_file(dir.path(), 4);
    pair(&mut f, 1);
    let before = f.event().clone();
    let err = record(&mut f, 1, 9, Outcome::RedWins).unwrap_err();
    assert!(matches!(err, StoreError::Domain(_)), "{err}");
    assert_eq!(f.event(), &before);
    assert_eq!(f.audit_log().unwrap().len(), 2);
}

#[test]
fn a_batch_is_saved_whole_or_not_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let mut f = new_file(dir.path(), 4);
    let good =
        Command::AddPlayers { group: GroupId(1), entries: entries(2), override_reason: None, left_out: Vec::new() };
    let bad =
        Command::AddPlayers { group: GroupId(7), entries: entries(1), override_reason: None, left_out: Vec::new() };
    assert!(f.execute_all(&[good, bad]).is_err());
    assert_eq!(f.event().players.len(), 4);
    drop(f);
    assert_eq!(EventFile::open(&dir.path().join("e.bianpai")).unwrap().event().players.len(), 4);
}

#[test]
fn create_never_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    std::fs::write(&path, b"keep me").unwrap();
    let event = presets::build("cxa-swiss", None, None).unwrap();
    assert!(matches!(EventFile::create(&path, &event), Err(StoreError::AlreadyExists { .. })));
    assert_eq!(std::fs::read(&path).unwrap(), b"keep me");
}

#[test]
fn a_file_from_a_newer_version_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    drop(new_file(dir.path(), 2));
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", 99).unwrap();
        conn.pragma_update(None, "journal_mode", "DELETE").unwrap();
    }
    let bytes = std::fs::read(&path).unwrap();
    let err = EventFile::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::NewerVersion { found: 99, .. }), "{err}");
    assert!(err.to_string().contains("newer Bianpai"), "{err}");
    assert!(err.to_string().contains("e.bianpai"), "the message names the file: {err}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "the file must not be modified");
    assert!(!dir.path().join("e.bianpai-wal").exists());
}

#[test]
fn files_that_are_not_event_files_are_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.bianpai");
    std::fs::write(&text, "这不是数据库 — not a database at all, just some text padding it out").unwrap();
    let err = EventFile::open(&text).unwrap_err();
    assert!(matches!(err, StoreError::NotAnEventFile { .. }), "{err}");

    let other = dir.path().join("other.db");
    {
        let conn = rusqlite::Connection::open(&other).unwrap();
        conn.execute_batch("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1);").unwrap();
    }
    let bytes = std::fs::read(&other).unwrap();
    let err = EventFile::open(&other).unwrap_err();
    assert!(matches!(err, StoreError::NotAnEventFile { .. }), "{err}");
    assert_eq!(std::fs::read(&other).unwrap(), bytes);
    assert!(matches!(EventFile::open(&dir.path().join("missing.bianpai")), Err(StoreError::NotFound { .. })));
}

#[test]
fn an_open_file_is_held_and_released_on_close() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    let f = new_file(dir.path(), 2);
    let err = EventFile::open(&path).unwrap_err();
    assert!(matches!(err, StoreError::InUse { .. }), "{err}");
    drop(f);
    assert!(EventFile::open(&path).is_ok());
}

// R-8.3 (issue 19 item 6): a video stage's game times and watchers — 07:59 and 22:01
// refused with the reason in both languages, 08:00 and 22:00 accepted, the watcher an
// official of the event — are saved, read back, undone, and go with their round when
// it is unpaired; a schema-4 file (before them) opens and takes them.
#[test]
fn game_times_and_watchers_are_saved_and_undone() {
    use bianpai::domain::change::DomainError;
    use bianpai::domain::event::Official;
    use bianpai::domain::watch::GameTime;
    use bianpai::lang::{Lang, Localized};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("e.bianpai");
    let mut f = new_file(dir.path(), 6);
    let officials = vec![Official { role: "挂盘手".into(), name: "蛋总".into() }];
    f.execute(&Command::SetEventInfo { name: "视频赛".into(), start_date: None, officials }).unwrap();
    pair(&mut f, 3);
    drop(f);
    {
        // What schema 4 wrote: no board_watch table, nor what came after it.
        crate::common::old_schema::make_it_schema(&path, 4);
    }
    let mut f = EventFile::open(&path).unwrap();
    let (g, s, r) = (GroupId(1), StageNo(1), RoundNo(1));
    let watch = |board: u32, time: Option<GameTime>, watcher: Option<&str>| Command::SetBoardWatch {
        group: g,
        stage: s,
        round: r,
        board: BoardNo(board),
        time,
        watcher: watcher.map(str::to_string),
    };
    let refused = |f: &mut EventFile, c: &Command| match f.execute(c) {
        Err(StoreError::Domain(e)) => e,
        other => panic!("{c:?} was not refused: {other:?}"),
    };
    assert_eq!(refused(&mut f, &watch(1, GameTime::at(19, 0), None)), DomainError::NotVideoStage(s));
    f.execute(&Command::SetStageVideo { group: g, stage: s, video: true }).unwrap();
    for (h, m) in [(7, 59), (22, 1)] {
        let e = refused(&mut f, &watch(1, GameTime::at(h, m), None));
        let time = format!("{h:02}:{m:02}");
        assert_eq!(e.message(Lang::Zh), format!("对局时间 {time} 不在规定的 08:00 至 22:00 之间。"));
        assert_eq!(e.message(Lang::En), format!("The game time {time} is outside the allowed hours, 08:00 to 22:00."));
    }
    let stranger = refused(&mut f, &watch(1, None, Some("路人")));
    assert_eq!(stranger, DomainError::WatcherNotOfficial("路人".into()));
    f.execute(&watch(1, GameTime::at(8, 0), Some("蛋总"))).unwrap();
    f.execute(&watch(2, GameTime::parse("2025-06-01 22:00"), None)).unwrap();
    drop(f);

    let mut f = EventFile::open(&path).unwrap();
    let watches = |f: &EventFile| f.event().groups[0].stages[0].rounds.first().map(|r| r.watches.clone());
    let saved = watches(&f).unwrap();
    assert_eq!(saved.len(), 2);
    assert_eq!((saved[0].time, saved[0].watcher.as_deref()), (GameTime::at(8, 0), Some("蛋总")));
    assert_eq!(saved[1].time.map(|t| t.to_string()).as_deref(), Some("2025-06-01 22:00"));
    f.undo().unwrap();
    assert_eq!(watches(&f).unwrap().len(), 1, "undo takes board 2's record back");
    f.execute(&Command::UnpairRound { group: g, stage: s, round: r }).unwrap();
    f.undo().unwrap();
    assert_eq!(watches(&f).unwrap().len(), 1, "the round comes back with its record");
    f.execute(&Command::UnpairRound { group: g, stage: s, round: r }).unwrap();
    drop(f);
    let f = EventFile::open(&path).unwrap();
    assert_eq!(watches(&f), None);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let left: i64 = conn.query_row("SELECT count(*) FROM board_watch", [], |row| row.get(0)).unwrap();
    assert_eq!(left, 0, "the records went with the round");
}
