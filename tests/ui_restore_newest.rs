//! The window and a file changed outside Bianpai (issue 22, item 6): the file is not
//! opened, the page says why in the window's language and names the newest backup,
//! and a button — reached by the keyboard — puts that backup in the file's place and
//! opens it.

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::ui::{BianpaiApp, Restorable};
use common::ui::{WindowSetup, app_harness, four_players_paired, settle};
use egui::Key;
use egui_kittest::kittest::Queryable;

// issue 22, item 6: restore the newest backup from the window, by keyboard.
#[test]
fn the_window_restores_the_newest_backup_of_a_changed_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("杯赛.bianpai");
    let mut f = four_players_paired(&path, "恢复测试");
    let result = Some(GameResult::plain(Outcome::RedWins));
    let (group, stage, round, board) = (GroupId(1), StageNo(1), RoundNo(1), BoardNo(1));
    f.execute(&Command::RecordResult { group, stage, round, board, game: 1, result }).unwrap();
    drop(f);
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE games SET outcome = '0-1' WHERE board = 1", []).unwrap();
    drop(conn);

    let mut h = app_harness(BianpaiApp::opening(&path, None), WindowSetup::default());
    settle(&mut h);
    assert!(h.state().event().is_none(), "a changed file is not opened");
    h.get_by_label("无法打开赛事文件");
    // On the page and in the status bar.
    assert_eq!(h.query_all_by_label_contains("在 Bianpai 之外被改动或已损坏").count(), 2);
    h.get_by_label_contains("可以用最新的备份 杯赛.bak-r1.bianpai 替换它");
    let newest = dir.path().join("杯赛.bak-r1.bianpai");
    let restorable = h.state_mut().session_mut().restorable().cloned();
    let backups = restorable.as_ref().map(|r| r.backups.clone()).unwrap_or_default();
    let offered = Restorable { path: path.clone(), backup: newest, backups };
    assert_eq!(restorable, Some(offered));

    // Tab until the button has the keyboard, then Enter.
    let mut tabs = 0;
    while !h.get_by_label("恢复最新备份").is_focused() {
        assert!(tabs < 60, "the restore button is not reached by Tab");
        h.key_press(Key::Tab);
        h.run();
        tabs += 1;
    }
    h.key_press(Key::Enter);
    settle(&mut h);

    let event = h.state().event().expect("the backup is open");
    assert_eq!(event.name, "恢复测试");
    assert!(event.groups[0].stages[0].rounds.is_empty(), "the backup from before round 1");
    assert!(dir.path().join("杯赛.replaced.bianpai").is_file(), "the changed file is kept");
    assert_eq!(h.state_mut().session_mut().restorable(), None);
}

// Issue 38 item 3: the window offers every backup of a changed file, not only the
// newest, each said as what it was made before, and restores the one chosen.
#[test]
fn the_window_offers_every_backup_of_a_changed_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("杯赛.bianpai");
    let mut f = four_players_paired(&path, "恢复测试");
    let (group, stage, round) = (GroupId(1), StageNo(1), RoundNo(1));
    for board in [1, 2] {
        let result = Some(GameResult::plain(Outcome::Draw));
        f.execute(&Command::RecordResult { group, stage, round, board: BoardNo(board), game: 1, result }).unwrap();
    }
    let next = bianpai::domain::swiss::pair_next_round(f.event(), group, stage, 2).unwrap();
    f.execute(&Command::PairRound { group, stage, round: next }).unwrap();
    drop(f);
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute("UPDATE players SET name = '改名' WHERE start_no = 1", []).unwrap();
    drop(conn);

    let mut h = app_harness(BianpaiApp::opening(&path, None), WindowSetup::default());
    settle(&mut h);
    let (first, second) = (dir.path().join("杯赛.bak-r1.bianpai"), dir.path().join("杯赛.bak-r2.bianpai"));
    let offered = h.state_mut().session_mut().restorable().cloned().expect("backups offered");
    assert_eq!(offered.backup, second, "the newest");
    let all: Vec<_> = offered.backups.iter().map(|(p, _)| p.clone()).collect();
    assert_eq!(all, [first, second], "every backup, oldest first");
    h.get_by_label_contains("这个赛事文件的全部备份（2 个）");
    h.get_by_label_contains("第1阶段 第1轮编排前");
    h.get_by_label_contains("第1阶段 第2轮编排前");
    // Newest first: the second button restores the backup from before round 1.
    let buttons: Vec<_> = h.query_all_by_label("恢复此备份").collect();
    assert_eq!(buttons.len(), 2);
    buttons[1].click();
    settle(&mut h);

    let event = h.state().event().expect("the chosen backup is open");
    assert!(event.groups[0].stages[0].rounds.is_empty(), "the backup from before round 1");
    assert!(dir.path().join("杯赛.replaced.bianpai").is_file(), "the changed file is kept");
}
