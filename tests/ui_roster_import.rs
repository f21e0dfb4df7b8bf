//! Issue 39, item 3: the roster import dialog, driven through the real window headless
//! (egui_kittest) — a row left out of the preview is not imported and is recorded with
//! the import's command, the group chosen for rows without a 组别 column is kept for
//! the next import, and the preview lists the 队名 column, opens at its first row and
//! shows a cut cell's whole text in one tooltip.

use crate::common;

use bianpai::domain::event::Event;
use bianpai::domain::presets;
use bianpai::store::{EventFile, EventReader};
use bianpai::ui::BianpaiApp;
use common::ui::{WindowSetup, app_harness};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::path::{Path, PathBuf};
use std::time::Duration;

type App = Harness<'static, BianpaiApp>;

/// An empty event file made from `preset`.
fn event_file(dir: &Path, preset: &str) -> PathBuf {
    let event: Event = presets::build(preset, None, None).expect("preset");
    let path = dir.join(format!("{preset}.bianpai"));
    drop(EventFile::create(&path, &event).expect("event file"));
    path
}

fn harness(path: &Path) -> App {
    let app = BianpaiApp::opening(path, None);
    app_harness(app, WindowSetup { size: [1366.0, 768.0], max_steps: 32, ..WindowSetup::default() })
}

fn event(h: &App) -> &Event {
    h.state().event().expect("an open event")
}

fn click(h: &mut App, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// Opens the dialog and reads `csv` into its preview.
fn open_and_read(h: &mut App, csv: &Path) {
    common::ui::read_into_import_preview(h, csv, bianpai::lang::Lang::Zh);
}

/// Every text on screen with where it is.
fn texts(h: &App) -> Vec<(String, egui::Rect)> {
    h.query_all_by(|n| n.label().is_some() || n.value().is_some())
        .map(|n| {
            let node = n.accesskit_node();
            (node.label().or(node.value()).unwrap_or_default(), n.rect())
        })
        .collect()
}

fn roster_csv(dir: &Path, body: &str) -> PathBuf {
    let path = dir.join("roster.csv");
    std::fs::write(&path, body).expect("roster file");
    path
}

/// Three rows for huaiyin-2022's 成人组; 丁 (line 3) is too old for it.
const THREE_ROWS: &str = "姓名,性别,出生日期,单位,电话,队名\n\
甲,男,1990-01-01,淮阴,13800000001,红队\n\
丁,男,1950-01-01,淮阴,13800000002,蓝队\n\
乙,男,1991-01-01,淮阴,13800000003,红队\n";

// Issue 39, item 3: one ineligible row no longer blocks the file — the director clears
// its box and the rest is imported, without an override reason; the saved command
// names the row left out.
#[test]
fn a_row_left_out_is_not_imported_and_the_rest_is() {
    let dir = tempfile::tempdir().unwrap();
    let file = event_file(dir.path(), "huaiyin-2022");
    let csv = roster_csv(dir.path(), THREE_ROWS);
    let mut h = harness(&file);
    open_and_read(&mut h, &csv);
    h.get_by_label_contains("1 行不符合报名条件");
    assert!(h.get_by_label("导入").accesskit_node().is_disabled(), "丁 needs a reason or to be left out");

    click(&mut h, "导入第 3 行");
    h.get_by_label_contains("导入 2 人，略过 1 行");
    assert!(!h.get_by_label("导入").accesskit_node().is_disabled(), "the rows kept can be imported");
    h.get_by_label("导入").click();
    h.run_steps(3);
    h.state_mut().session_mut().wait_idle(Duration::from_secs(5));
    h.run();

    let names: Vec<&str> = event(&h).players.iter().map(|p| p.entry.name.as_str()).collect();
    assert_eq!(names, ["甲", "乙"], "丁 left out");
    assert!(event(&h).players.iter().all(|p| p.eligibility_override.is_none()));
    h.get_by_label_contains("roster.csv：导入 2 人，略过 1 行");
    let log = EventReader::open(&file).unwrap().audit_log().unwrap();
    let add = log.iter().find(|row| row.command.contains("\"add_players\"")).expect("the import's row");
    let command: serde_json::Value = serde_json::from_str(&add.command).unwrap();
    assert_eq!(command["left_out"], serde_json::json!([{ "line": 3, "name": "丁" }]), "{}", add.command);
}

// Issue 39, item 3: the group chosen for rows without a 组别 column is kept when the
// dialog is opened again and the file read again.
#[test]
fn the_chosen_target_group_is_kept_for_the_next_import() {
    let dir = tempfile::tempdir().unwrap();
    let file = event_file(dir.path(), "huaiyin-2022");
    let csv = roster_csv(dir.path(), THREE_ROWS);
    let mut h = harness(&file);
    click(&mut h, "导入名单…");
    h.get_by_role_and_label(Role::ComboBox, "没有组别列的行导入到").click();
    h.run();
    h.get_all_by_label("少年组").rfind(|n| n.accesskit_node().role() == Role::Button).unwrap().click();
    h.run();
    click(&mut h, "关闭");
    assert!(h.query_by_label("读取预览").is_none(), "the dialog is closed");

    open_and_read(&mut h, &csv);
    h.get_by_label_contains("共 3 行（少年组 3）");
    click(&mut h, "读取预览");
    h.get_by_label_contains("共 3 行（少年组 3）");
}

// Issue 39, item 3: the preview shows every column the reader recognises — 队名 with
// each row's team.
#[test]
fn the_preview_lists_the_team_column() {
    let dir = tempfile::tempdir().unwrap();
    let file = event_file(dir.path(), "huaiyin-2022");
    let csv = roster_csv(dir.path(), THREE_ROWS);
    let mut h = harness(&file);
    open_and_read(&mut h, &csv);
    h.get_by_label("队名");
    assert_eq!(h.get_all_by_label("红队").count(), 2, "甲's and 乙's team");
    h.get_by_label("蓝队");
}

// Issue 39, item 3: the preview opens at its first row each time a file is read, not
// where the last preview was scrolled to.
#[test]
fn the_preview_opens_at_its_first_row() {
    let dir = tempfile::tempdir().unwrap();
    let file = event_file(dir.path(), "cxa-swiss");
    let mut csv = String::from("姓名,电话\n");
    for i in 1..=60 {
        csv.push_str(&format!("选手{i},1380000{i:04}\n"));
    }
    let csv = roster_csv(dir.path(), &csv);
    let mut h = harness(&file);
    open_and_read(&mut h, &csv);
    let first = h.get_by_label("选手1").rect();
    h.hover_at(first.center());
    h.run_steps(2);
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Page,
        delta: egui::vec2(0.0, -10.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_steps(30);
    assert!(h.query_by_label("选手1").is_none(), "scrolled down to the last rows");
    h.get_by_label("选手60");

    click(&mut h, "关闭");
    open_and_read(&mut h, &csv);
    h.get_by_label("选手1");
}

// Issue 39, item 3: a cell cut by its column shows its whole text on hover, once — the
// entry rules 丁 breaks used to show two tooltips, egui's and the dialog's own.
#[test]
fn a_cut_cell_shows_one_tooltip() {
    let dir = tempfile::tempdir().unwrap();
    let file = event_file(dir.path(), "huaiyin-2022");
    let csv = roster_csv(dir.path(), THREE_ROWS);
    let mut h = harness(&file);
    open_and_read(&mut h, &csv);
    let line_3 = h.get_by_label("丁").rect().center().y;
    // The rightmost cell of his row: the entry rules, cut by their column.
    let (_, cell) = texts(&h)
        .into_iter()
        .filter(|(_, r)| (r.center().y - line_3).abs() < 8.0)
        .max_by(|a, b| a.1.left().total_cmp(&b.1.left()))
        .expect("丁's entry rules");
    let whole =
        |h: &App| texts(h).iter().filter(|(t, _)| t.contains("早于本组下限") && t.contains("超过 70 岁")).count();
    let before = whole(&h);
    h.hover_at(cell.center());
    h.run_steps(3);
    // egui shows a tooltip once the pointer has rested half a second (real time).
    std::thread::sleep(Duration::from_millis(800));
    h.run_steps(3);
    assert_eq!(whole(&h) - before, 1, "one tooltip with the whole text");
}

// Issue 39, item 5: the preview of the English window names a title in English, as the
// roster table does (it showed 特级大师 in the English window).
#[test]
fn the_english_preview_names_titles_in_english() {
    let dir = tempfile::tempdir().unwrap();
    let file = event_file(dir.path(), "cxa-swiss");
    let csv = roster_csv(dir.path(), "name,title\nLi Lei,特级大师\nHan Meimei,\n");
    let mut h = harness(&file);
    h.state_mut().set_lang(bianpai::lang::Lang::En);
    h.run();
    common::ui::read_into_import_preview(&mut h, &csv, bianpai::lang::Lang::En);
    let shown: Vec<String> = texts(&h).into_iter().map(|(text, _)| text).collect();
    assert!(shown.iter().any(|t| t == "Grandmaster"), "{shown:?}");
    assert!(!shown.iter().any(|t| t.contains("特级大师")), "{shown:?}");
}
