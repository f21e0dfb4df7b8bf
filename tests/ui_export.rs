//! The 导出 (Export) menu driven through the real window (R-9.2, issue 17 item 3): the
//! final ranking as an Excel workbook and the stage as TRF, saved by default beside the
//! event file — never in the process's working directory — on the worker thread.

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::ui::BianpaiApp;
use common::ui::{WindowSetup, app_harness, four_players_paired};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::Path;
use std::time::Duration;

/// A cxa event of four players with round 1 played, in `dir`.
fn event_file(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("导出测试.bianpai");
    let mut f = four_players_paired(&path, "导出测试");
    for board in 1..=2 {
        let result = Some(GameResult::plain(Outcome::RedWins));
        let command = Command::RecordResult {
            group: GroupId(1),
            stage: StageNo(1),
            round: RoundNo(1),
            board: BoardNo(board),
            game: 1,
            result,
        };
        f.execute(&command).unwrap();
    }
    path
}

/// Chooses `item` in the 导出 menu and saves at the proposed path.
fn export(h: &mut Harness<'_, BianpaiApp>, item: &str) {
    h.get_by_label("导出").click();
    h.run_steps(2);
    h.get_by_label(item).click();
    h.run_steps(2);
    h.get_by_label("保存").click();
    for _ in 0..3 {
        h.step();
        h.state_mut().session_mut().wait_idle(Duration::from_secs(20));
    }
}

// the final ranking and the stage's TRF from the window alone, beside the event.
#[test]
fn the_export_menu_writes_beside_the_event_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = event_file(dir.path());
    let app = BianpaiApp::opening(&path, None);
    let mut h = app_harness(app, WindowSetup { accessibility_check: false, ..WindowSetup::default() });
    h.run_steps(2);

    export(&mut h, "最终排名（Excel）…");
    let xlsx = dir.path().join("公开组-最终排名.xlsx");
    let bytes = std::fs::read(&xlsx).unwrap_or_else(|e| panic!("{}: {e}", xlsx.display()));
    assert!(bytes.starts_with(b"PK"), "an XLSX is a zip file");
    assert!(!dir.path().join("公开组-最终排名.xlsx.writing").exists());

    export(&mut h, "本阶段（TRF）…");
    let trf = std::fs::read_to_string(dir.path().join("公开组.trf")).unwrap();
    assert!(trf.lines().filter(|l| l.starts_with("001")).count() == 4, "{trf}");
    assert!(trf.contains("王天一"), "{trf}");
}
