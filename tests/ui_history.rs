//! The history view driven through the real window (issue 8, R-4.3): the audit log lists
//! each change, the undo button takes the newest back, and a backup made before a
//! pairing is restored after a confirmation.

mod common;

use bianpai::domain::command::Command;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::EventFile;
use bianpai::ui::{BianpaiApp, View};
use common::ui::{WindowSetup, app_harness};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::{Path, PathBuf};
use std::time::Duration;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// Six players, round 1 paired (a backup is made before it), board 1 decided.
fn event_file(dir: &Path) -> PathBuf {
    let event = presets::build("cxa-swiss", Some("记录测试"), Some(3)).unwrap();
    let path = dir.join("h.bianpai");
    let mut f = EventFile::create(&path, &event).unwrap();
    let entries = (1..=6).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
    f.execute(&Command::AddPlayers { group: G, entries, override_reason: None }).unwrap();
    let round = pair_next_round(f.event(), G, S, 3).unwrap();
    f.execute(&Command::PairRound { group: G, stage: S, round }).unwrap();
    let result = Some(GameResult::plain(Outcome::RedWins));
    f.execute(&Command::RecordResult { group: G, stage: S, round: RoundNo(1), board: BoardNo(1), game: 1, result })
        .unwrap();
    path
}

fn settle(h: &mut Harness<'static, BianpaiApp>) {
    for _ in 0..4 {
        h.step();
        h.state_mut().session_mut().wait_idle(Duration::from_secs(10));
    }
    h.run_steps(2);
}

fn rounds(h: &Harness<'static, BianpaiApp>) -> usize {
    h.state().event().unwrap().groups[0].stages[0].rounds.len()
}

// Issue 8: the audit log shows who did what; undo from the view; restore a backup.
#[test]
fn history_view_undoes_and_restores() {
    let dir = tempfile::tempdir().unwrap();
    let path = event_file(dir.path());
    let mut app = BianpaiApp::opening(&path, None);
    app.set_view(View::History);
    let mut h = app_harness(app, WindowSetup { accessibility_check: false, ..WindowSetup::default() });
    settle(&mut h);
    h.get_by_label("3 条记录");
    h.get_by_label("录入成绩 第1轮 第1台");
    h.get_by_label("编排");
    h.get_by_label("登记选手");

    // Issue 18: the undo button names the change it takes back; the notice too.
    h.get_by_label("撤销：录入成绩 第1轮 第1台 (Ctrl+Z)").click();
    settle(&mut h);
    let game = h.state().event().unwrap().groups[0].stages[0].rounds[0].games[0];
    assert_eq!(game.result, None, "the result was undone");
    assert_eq!(
        h.state_mut().session_mut().notice(),
        Some(&bianpai::ui::Notice::Undone("撤销：录入成绩 第1轮 第1台".into()))
    );
    h.get_by_label("撤销 #3");
    h.get_by_label("重做：录入成绩 第1轮 第1台 (Ctrl+Shift+Z)");

    h.get_by_label("自动备份 (1)").click();
    settle(&mut h);
    h.get_by_label("h.bak-r1.bianpai");
    h.get_by_label("恢复").click();
    settle(&mut h);
    h.get_by_label("确认恢复").click();
    settle(&mut h);
    assert_eq!(rounds(&h), 0, "the backup from before round 1 is open");
    assert!(dir.path().join("h.replaced.bianpai").exists());
}
