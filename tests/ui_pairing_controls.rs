//! The director's pairing controls in the window: the pairing panel's
//! 「回避与固定台次」 section adds an avoided pair with its reason and a fixed board,
//! by labels and keyboard, and removes them again; each is saved as a command.

use crate::common;

use bianpai::ui::{BianpaiApp, View};
use common::ui::{App, WindowSetup, app_harness, four_players_paired, settle, type_keys};
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

fn window(dir: &std::path::Path) -> App {
    let path = dir.join("回避.bianpai");
    drop(four_players_paired(&path, "回避测试"));
    let mut app = BianpaiApp::opening(&path, None);
    app.set_view(View::Pairings);
    let mut h = app_harness(app, WindowSetup { accessibility_check: false, ..WindowSetup::default() });
    settle(&mut h);
    h
}

fn type_into(h: &mut App, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).click();
    h.run();
    type_keys(h, text);
    h.run();
}

// a pair and a fixed board entered in the pairing panel are saved; 「取消」
// takes them back.
#[test]
fn the_pairing_panel_sets_and_removes_controls() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = window(dir.path());
    h.get_by_label("回避与固定台次（0）").click();
    h.run();
    type_into(&mut h, "回避：编号", "1");
    type_into(&mut h, "与编号", "3");
    type_into(&mut h, "原因", "兄弟");
    h.get_by_label("添加回避").click();
    settle(&mut h);
    type_into(&mut h, "固定台次：编号", "4");
    type_into(&mut h, "坐第几台", "2");
    h.get_by_label("固定").click();
    settle(&mut h);
    let controls = h.state().event().unwrap().groups[0].pairing_controls.clone();
    assert_eq!(controls.avoided.len(), 1);
    assert_eq!(controls.avoided[0].reason, "兄弟");
    assert_eq!(controls.board_of(bianpai::domain::ids::StartNo(4)), Some(bianpai::domain::ids::BoardNo(2)));
    h.get_by_label("回避与固定台次（2）");
    h.get_by_label_contains("固定坐第2台");

    // A typo is refused in words, nothing sent.
    type_into(&mut h, "回避：编号", "1");
    type_into(&mut h, "与编号", "1");
    h.get_by_label("添加回避").click();
    h.run();
    h.get_by_label("请填写本组两名不同选手的编号");

    for _ in 0..2 {
        h.get_all_by_label("取消").next().expect("a remove button").click();
        settle(&mut h);
    }
    assert!(h.state().event().unwrap().groups[0].pairing_controls.is_empty());
}
