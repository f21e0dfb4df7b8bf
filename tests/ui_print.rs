//! The 打印 (Print) menu driven through the real window: "另存为 PDF…" writes the
//! chosen document of the chosen group, on the worker thread, as a whole PDF.

mod common;

use bianpai::ui::BianpaiApp;
use common::ui::{WindowSetup, app_harness, four_players_paired};
use egui::{Event as InputEvent, Key};
use egui_kittest::kittest::Queryable;
use std::time::Duration;

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
    h.get_by_label("另存为 PDF…").click();
    h.run_steps(2);
    h.get_all_by_label("对阵表").last().unwrap().click();
    h.run_steps(2);
    let out = dir.path().join("第1轮");
    let field = h.get_by_label("文件路径");
    field.focus();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    h.run_steps(1);
    h.event(InputEvent::Text(out.display().to_string()));
    h.run_steps(1);
    h.get_by_label("保存").click();
    for _ in 0..3 {
        h.step();
        h.state_mut().session_mut().wait_idle(Duration::from_secs(20));
    }
    let pdf = dir.path().join("第1轮.pdf");
    let bytes = std::fs::read(&pdf).unwrap_or_else(|e| panic!("{}: {e}", pdf.display()));
    assert!(bytes.starts_with(b"%PDF"));
    assert!(!dir.path().join("第1轮.pdf.writing").exists());
}
