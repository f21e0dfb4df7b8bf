//! Issue 38, items 1 and 2: nothing the director keeps is ever deleted. A restore keeps
//! the file it replaces under a name no other copy has (two restores in a row keep
//! both); pruning old backups removes only this event's own backups, never another
//! file that merely has a backup's name.

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::{EventFile, backup};
use std::path::Path;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

fn new_file(path: &Path, name: &str) -> EventFile {
    let event = presets::build("cxa-swiss", Some(name), Some(7)).unwrap();
    let mut f = EventFile::create(path, &event).unwrap();
    let entries = (1..=6).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
    f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    f
}

/// Pairs the next round and gives every board a red win.
fn play_round(f: &mut EventFile, seed: u64) {
    let round = pair_next_round(f.event(), G, S, seed).unwrap();
    let (no, boards) = (round.no, round.games.len() as u32);
    f.execute(&Command::PairRound { group: G, stage: S, round }).unwrap();
    for b in 1..=boards {
        let result = Some(GameResult::plain(Outcome::RedWins));
        f.execute(&Command::RecordResult { group: G, stage: S, round: no, board: BoardNo(b), game: 1, result })
            .unwrap();
    }
}

fn rounds_in(path: &Path) -> usize {
    EventFile::open(path).unwrap().event().groups[0].stages[0].rounds.len()
}

// Issue 38, item 1: two restores in a row keep both replaced files — round 3's results
// survive in the first copy — and `backups` lists them; the command names the copy.
#[test]
fn a_second_restore_keeps_the_first_replaced_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cup.bianpai");
    let mut f = new_file(&path, "杯赛");
    for seed in 1..=3 {
        play_round(&mut f, seed);
    }
    drop(f);
    let file = path.to_str().unwrap();
    let r3 = backup::backup_path(&path, None, S, RoundNo(3));
    let r2 = backup::backup_path(&path, None, S, RoundNo(2));
    let out = common::ok(&["restore", file, r3.to_str().unwrap(), "--lang", "en"]);
    let first = dir.path().join("cup.replaced.bianpai");
    assert!(out.contains(&first.display().to_string()), "{out}");
    let out = common::ok(&["restore", file, r2.to_str().unwrap(), "--lang", "en"]);
    let second = dir.path().join("cup.replaced-2.bianpai");
    assert!(out.contains(&second.display().to_string()), "{out}");
    assert_eq!(rounds_in(&first), 3, "the copy of what followed the last backup is still there");
    assert_eq!(rounds_in(&second), 2);
    assert_eq!(rounds_in(&path), 1);
    assert_eq!(backup::list_replaced(&path), [first.clone(), second.clone()]);
    let listed = common::ok(&["backups", file, "--lang", "en"]);
    for kept in [&first, &second] {
        let line = listed.lines().find(|l| l.starts_with(&kept.display().to_string())).expect("listed");
        assert!(line.contains("file replaced by a restore"), "{line}");
    }
}

// Issue 38, item 2: with one backup kept, pairing prunes this event's older backups
// only: another event saved as `cup.bak-r1.bianpai` and a file `cup.bak-2025.bianpai`
// beside it are left alone.
#[test]
fn pruning_removes_only_this_events_own_backups() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cup.bianpai");
    let impostor = dir.path().join("cup.bak-r1.bianpai");
    drop(new_file(&impostor, "另一个赛事"));
    let year = dir.path().join("cup.bak-2025.bianpai");
    std::fs::write(&year, b"last year's notes").unwrap();
    let mut f = new_file(&path, "杯赛");
    f.set_backups_kept(Some(1));
    for seed in 1..=3 {
        play_round(&mut f, seed);
    }
    drop(f);
    assert_eq!(std::fs::read(&year).unwrap(), b"last year's notes", "a file with a backup-like name survives");
    let other = EventFile::open(&impostor).unwrap();
    assert_eq!(other.event().name, "另一个赛事", "another event named like a backup survives");
    drop(other);
    let ours: Vec<_> = backup::list_backups(&path)
        .into_iter()
        .filter(|b| b.file_name().is_some_and(|n| n != "cup.bak-r1.bianpai" && n != "cup.bak-2025.bianpai"))
        .collect();
    assert_eq!(ours, [backup::backup_path(&path, None, S, RoundNo(3))], "the event's own older backups pruned");
}

// Issue 38, item 8: a backup can be put over an empty event file, one whose header is
// damaged, and a missing one; what was there is kept beside it.
#[test]
fn a_backup_goes_over_an_empty_a_damaged_or_a_missing_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cup.bianpai");
    let mut f = new_file(&path, "杯赛");
    play_round(&mut f, 1);
    drop(f);
    let file = path.to_str().unwrap();
    let r1 = backup::backup_path(&path, None, S, RoundNo(1));
    let r1 = r1.to_str().unwrap();
    std::fs::write(&path, b"").unwrap();
    common::ok(&["restore", file, r1]);
    assert_eq!(rounds_in(&path), 0, "the backup before round 1");
    assert_eq!(std::fs::read(dir.path().join("cup.replaced.bianpai")).unwrap(), b"", "the empty file kept");

    std::fs::write(&path, b"SQLite format 2\0 damaged header").unwrap();
    common::ok(&["restore", file, r1]);
    assert_eq!(rounds_in(&path), 0);
    assert!(dir.path().join("cup.replaced-2.bianpai").is_file());

    std::fs::remove_file(&path).unwrap();
    let out = common::ok(&["restore", file, r1, "--lang", "en"]);
    assert!(!out.contains("kept as"), "nothing to keep: {out}");
    assert_eq!(rounds_in(&path), 0);
}
