//! 打印 → 另存为 PDF… proposes a name that carries the round and never replaces a file
//! without asking (issue 39 item 2), driven through the real window by its labels.

use crate::common;

use bianpai::ui::BianpaiApp;
use common::ui::{App, WindowSetup, app_harness, four_players_paired};
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use std::path::{Path, PathBuf};

fn open_window(path: &Path) -> App {
    drop(four_players_paired(path, "存档测试"));
    let app = BianpaiApp::opening(path, None);
    let mut h = app_harness(app, WindowSetup { accessibility_check: false, ..WindowSetup::default() });
    h.run_steps(2);
    h
}

/// 打印 → 另存为 PDF… → 对阵表: the path the save window proposes.
fn propose_pairing_sheet(h: &mut App) -> PathBuf {
    h.get_by_label("打印").click();
    h.run_steps(2);
    h.get_by_label("另存为 PDF…").click();
    h.run_steps(2);
    h.get_all_by_label("对阵表").last().unwrap().click();
    h.run_steps(2);
    PathBuf::from(h.get_by_role_and_label(Role::TextInput, "文件路径").value().unwrap_or_default())
}

fn wait(h: &mut App) {
    for _ in 0..3 {
        h.step();
        h.state_mut().session_mut().wait_idle(std::time::Duration::from_secs(20));
    }
}

// Issue 39 item 2: every round was proposed as `对阵表-少年组.pdf`.
#[test]
fn the_proposed_name_carries_the_round_and_is_never_a_file_already_there() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open_window(&dir.path().join("e.bianpai"));
    let first = propose_pairing_sheet(&mut h);
    let name = first.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("对阵表-") && name.ends_with("-第1轮.pdf"), "{name}");
    assert_eq!(first.parent(), Some(dir.path()));
    h.get_by_label("保存").click();
    wait(&mut h);
    assert!(first.exists());
    let second = propose_pairing_sheet(&mut h);
    assert_eq!(second, dir.path().join(name.replace(".pdf", " (2).pdf")));
}

// Issue 39 item 2: round 5's sheet silently replaced round 1's.
#[test]
fn saving_over_an_existing_file_asks_first() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open_window(&dir.path().join("e.bianpai"));
    let taken = dir.path().join("第1轮.pdf");
    std::fs::write(&taken, b"round one").unwrap();
    propose_pairing_sheet(&mut h);
    h.get_by_role_and_label(Role::TextInput, "文件路径").set_text_value_accesskit(&taken.display().to_string());
    h.run_steps(2);
    h.get_by_label("保存").click();
    wait(&mut h);
    h.get_by_label_contains("这个文件已经存在");
    h.get_by_label("不替换 (Esc)").click();
    wait(&mut h);
    assert_eq!(std::fs::read(&taken).unwrap(), b"round one", "kept");
    assert!(h.query_by_label_contains("这个文件已经存在").is_none());
    h.get_by_label("保存").click();
    wait(&mut h);
    h.get_by_label("替换 (Enter)").click();
    wait(&mut h);
    assert!(std::fs::read(&taken).unwrap().starts_with(b"%PDF"), "replaced once the director said so");
}
