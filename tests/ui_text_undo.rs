//! Undo that can't bite (issue 18, item 1), through the window by labels: in a focused
//! text field — the roster search, the player form, the result entry's board field —
//! Ctrl+Z edits the text and leaves the event alone; with no field focused it undoes
//! the newest change, and the notice names what was undone.

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::ui::{BianpaiApp, Notice, View};
use common::ui::{App, WindowSetup, app_harness, four_players_paired, settle, show_view};
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use std::path::Path;

/// Four players, round 1 paired, board 1 won by red; the window on `view`.
fn window(dir: &Path, view: View) -> App {
    let path = dir.join("撤销.bianpai");
    let mut f = four_players_paired(&path, "撤销测试");
    let result = Some(GameResult::plain(Outcome::RedWins));
    let record = Command::RecordResult {
        group: GroupId(1),
        stage: StageNo(1),
        round: RoundNo(1),
        board: BoardNo(1),
        game: 1,
        result,
    };
    f.execute(&record).unwrap();
    drop(f);
    let mut app = BianpaiApp::opening(&path, None);
    app.set_view(view);
    let mut h = app_harness(app, WindowSetup { accessibility_check: false, ..WindowSetup::default() });
    settle(&mut h);
    show_view(&mut h, view_label(view), view);
    h
}

fn view_label(view: View) -> &'static str {
    match view {
        View::Roster => "选手",
        View::Results => "录入",
        _ => "成绩",
    }
}

fn event(h: &App) -> Event {
    h.state().event().cloned().expect("an open event")
}

fn board_1(e: &Event) -> Option<GameResult> {
    e.groups[0].stages[0].rounds[0].games[0].result
}

fn ctrl_z(h: &mut App) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(h);
}

/// Types `text` into the field labelled `label` (focused first).
fn type_in(h: &mut App, label: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, label).focus();
    h.step();
    h.get_by_role_and_label(Role::TextInput, label).type_text(text);
    h.run();
}

/// Ctrl+Z in the field labelled `label` after typing: the text changes, the event and
/// its revision do not.
fn ctrl_z_edits_the_text(h: &mut App, label: &str, typed: &str) {
    let (before, revision) = (event(h), h.state_mut().session_mut().revision());
    assert_eq!(h.get_by_role_and_label(Role::TextInput, label).value().as_deref(), Some(typed));
    ctrl_z(h);
    assert_ne!(h.get_by_role_and_label(Role::TextInput, label).value().as_deref(), Some(typed), "the text changed");
    assert_eq!(h.state_mut().session_mut().revision(), revision, "nothing was sent to the event file");
    assert_eq!(event(h), before);
    assert_eq!(board_1(&event(h)), Some(GameResult::plain(Outcome::RedWins)), "the result stands");
}

// Issue 18: the roster's search field.
#[test]
fn ctrl_z_in_the_roster_search_edits_the_search() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = window(dir.path(), View::Roster);
    type_in(&mut h, "搜索", "wang");
    ctrl_z_edits_the_text(&mut h, "搜索", "wang");
}

// Issue 18: the player form's name field.
#[test]
fn ctrl_z_in_the_player_form_edits_the_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = window(dir.path(), View::Roster);
    h.get_by_label("添加选手…").click();
    settle(&mut h);
    type_in(&mut h, "姓名", "张三");
    ctrl_z_edits_the_text(&mut h, "姓名", "张三");
}

// Issue 18: the result entry's board field, which keeps the keyboard.
#[test]
fn ctrl_z_in_the_result_field_edits_the_board_number() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = window(dir.path(), View::Results);
    // Board 1 typed; Ctrl+Z takes the key back (the field then suggests board 2, the
    // next without a result).
    type_in(&mut h, "台次", "1");
    ctrl_z_edits_the_text(&mut h, "台次", "1");
}

// Issue 18: with no field focused Ctrl+Z undoes the newest change and says which.
#[test]
fn ctrl_z_with_no_field_focused_undoes_the_last_change_and_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = window(dir.path(), View::Standings);
    let revision = h.state_mut().session_mut().revision();
    ctrl_z(&mut h);
    assert_eq!(board_1(&event(&h)), None, "the result was undone");
    assert!(h.state_mut().session_mut().revision() > revision);
    assert!(
        matches!(h.state_mut().session_mut().notice(), Some(Notice::Undone(n)) if n.zh == "撤销：录入成绩 第1轮 第1台")
    );
    // Issue 18, item 1: the notice offers the redo in one click.
    let before_redo = board_1(&event(&h));
    h.get_by_label("重做").click();
    settle(&mut h);
    assert_ne!(board_1(&event(&h)), before_redo, "the result is back");
    assert!(matches!(h.state_mut().session_mut().notice(), Some(Notice::Saved(n)) if n.zh.starts_with("重做")));
}

// Issue 18: the File menu undoes the event's last change whatever has the keyboard.
#[test]
fn the_file_menu_undoes_while_the_board_field_has_the_keyboard() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = window(dir.path(), View::Results);
    h.get_by_label("文件").click();
    h.run();
    h.get_by_label_contains("撤销上一项修改").click();
    settle(&mut h);
    assert_eq!(board_1(&event(&h)), None, "the result was undone");
    assert!(
        matches!(h.state_mut().session_mut().notice(), Some(Notice::Undone(n)) if n.zh == "撤销：录入成绩 第1轮 第1台")
    );
}
