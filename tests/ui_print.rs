//! The 打印 (Print) menu driven through the real window: "另存为 PDF…" writes the
//! chosen document of the chosen group, on the worker thread, as a whole PDF.

use crate::common;

use bianpai::ui::BianpaiApp;
use common::ui::{WindowSetup, app_harness, four_players_paired, save_pdf_from_menu};
use egui_kittest::kittest::Queryable;

// the pairing sheet of the last paired round, saved where the director typed.
#[test]
fn save_as_pdf_writes_the_pairing_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.bianpai");
    let f = four_players_paired(&path, "打印测试");
    drop(f);

    let app = BianpaiApp::opening(&path, None);
    let mut h = app_harness(app, WindowSetup { accessibility_check: false, ..WindowSetup::default() });
    h.run_steps(2);
    h.get_by_label("打印").click();
    h.run_steps(2);
    h.get_by_label("另存为 PDF…").hover();
    h.run_steps(2);
    let bytes = save_pdf_from_menu(&mut h, "对阵表", &dir.path().join("第1轮"));
    assert!(bytes.starts_with(b"%PDF"));
    assert!(!dir.path().join("第1轮.pdf.writing").exists());
}
