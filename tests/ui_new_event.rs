//! 文件 → 新建… starts afresh each time and says when a preset ignores the typed round
//! count (issue 39 item 4), driven through the real window by its labels.

use crate::common;

use bianpai::ui::{BianpaiApp, Session};
use common::ui::{App, WindowSetup, app_harness, settle};
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use std::path::Path;

fn harness() -> App {
    let app = BianpaiApp::new(Session::start(None));
    let setup = WindowSetup { size: [1400.0, 1200.0], accessibility_check: false, max_steps: 16 };
    let mut h = app_harness(app, setup);
    h.run();
    h
}

fn click(h: &mut App, label: &str) {
    h.get_by_label(label).click();
    settle(h);
}

fn open_new_window(h: &mut App) {
    click(h, "文件");
    h.get_by_label_contains("新建…").click();
    h.run();
}

fn choose_preset(h: &mut App, slug: &str) {
    click(h, "预设");
    let info = bianpai::domain::presets::PRESETS.iter().find(|p| p.name == slug).unwrap();
    click(h, info.title.0);
}

fn create(h: &mut App, name: &str, path: &Path) {
    h.get_by_label("赛事名称").set_text_value_accesskit(name);
    h.get_by_label("文件路径").set_text_value_accesskit(&path.display().to_string());
    h.run();
    click(h, "创建");
}

// Issue 39 item 4: the 聆听杯 event was created with the previous event's name.
#[test]
fn a_second_new_event_does_not_start_with_the_previous_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = harness();
    open_new_window(&mut h);
    choose_preset(&mut h, "cxa-swiss");
    create(&mut h, "A 杯", &dir.path().join("a.bianpai"));
    assert_eq!(h.state().event().map(|e| e.name.clone()).as_deref(), Some("A 杯"));
    open_new_window(&mut h);
    let name = h.get_by_role_and_label(Role::TextInput, "赛事名称").value().unwrap_or_default();
    assert_eq!(name, "", "the name field starts empty");
}

// Issue 39 item 4: a typed round count that the preset ignores must say so.
#[test]
fn a_preset_with_its_own_rounds_per_group_says_the_count_is_not_used() {
    let mut h = harness();
    open_new_window(&mut h);
    choose_preset(&mut h, "cxa-swiss");
    assert!(h.query_by_label_contains("此预设按组别规定了轮数").is_none(), "cxa-swiss takes the typed count");
    assert!(!h.get_by_role_and_label(Role::TextInput, "轮数").accesskit_node().is_disabled());
    choose_preset(&mut h, "huaiyin-2022");
    h.get_by_label_contains("此预设按组别规定了轮数");
    assert!(h.get_by_role_and_label(Role::TextInput, "轮数").accesskit_node().is_disabled());
}
