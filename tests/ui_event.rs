//! The File menu and the event panel driven through the real window, headless
//! (egui_kittest), with the bundled CJK font installed: kittest panics on any glyph the
//! font lacks, so every label drawn here — and the rare name 王喆 — is a coverage check.
//! What the window saved is read back with `EventFile::open` after the app is dropped.

use crate::common;

use bianpai::domain::points::Points;
use bianpai::domain::presets;
use bianpai::domain::rules::Tiebreak;
use bianpai::store::EventFile;
use bianpai::ui::{BianpaiApp, Lang, Session, View};
use common::ui::{WindowSetup, app_harness, reopen};
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::time::Duration;

fn harness(app: BianpaiApp) -> Harness<'static, BianpaiApp> {
    // The top bar's group and stage combo boxes (app.rs) have no accessible name yet.
    app_harness(app, WindowSetup { size: [1400.0, 1800.0], accessibility_check: false, ..WindowSetup::default() })
}

/// Lets the worker finish every job, then draws until the window is still.
fn settle(harness: &mut Harness<'static, BianpaiApp>) {
    harness.run_ok();
    harness.state_mut().session_mut().wait_idle(Duration::from_secs(10));
    harness.run_ok();
}

#[test]
fn a_new_event_from_a_preset_is_edited_in_the_event_panel_and_saved() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("王喆杯.bianpai");
    let mut harness = harness(BianpaiApp::new(Session::start(None)));
    harness.run_ok();

    // 新建 through the File menu: preset, name, rounds, a typed path (no dialog needed).
    harness.get_by_label("文件").click();
    harness.run_ok();
    harness.get_by_label_contains("新建…").click();
    harness.run_ok();
    harness.get_by_label("预设").click();
    harness.run_ok();
    harness.get_by_label("2022 淮阴区预选赛（成人、少年、儿童三组）").click();
    harness.run_ok();
    harness.get_by_label("赛事名称").set_text_value_accesskit("2025 王喆杯");
    harness.get_by_label("轮数").set_text_value_accesskit("7");
    harness.get_by_label("文件路径").set_text_value_accesskit(&path.display().to_string());
    harness.run_ok();
    harness.get_by_label("创建").click();
    settle(&mut harness);
    assert_eq!(harness.state().window_title(), "Bianpai 编排 — 2025 王喆杯");
    assert_eq!(harness.state_mut().session_mut().path(), Some(path.as_path()));

    // The event panel: black win 5, 胜局 above 对手分, an official, a start time.
    harness.get_by_label("赛事").click();
    harness.run_ok();
    assert_eq!(harness.state().view(), View::Event);
    harness.get_by_label("黑胜").set_text_value_accesskit("5");
    harness.get_by_label("下移 对手分").click_accesskit();
    harness.get_by_label("第1轮开赛时间").set_text_value_accesskit("2022-12-02 19:30");
    harness.get_by_label("用时").set_text_value_accesskit("每方25分钟包干");
    harness.run_ok();
    harness.get_by_label("＋ 添加裁判人员").click_accesskit();
    harness.run_ok();
    harness.get_by_label("职务 1").set_text_value_accesskit("总裁判");
    harness.get_by_label("姓名 1").set_text_value_accesskit("王喆");
    harness.run_ok();
    harness.get_by_label("保存阶段设置").click_accesskit();
    harness.run_ok();
    harness.get_by_label("保存赛事信息").click_accesskit();
    settle(&mut harness);
    let app = harness.state();
    let stage = &app.event().unwrap().groups[0].stages[0];
    assert_eq!(stage.scoring.black_win, Points::whole(5));
    // The saved event comes back and the panel shows it: the officials' row stays.
    harness.get_by_label("姓名 1");
    drop(harness);

    let file = reopen(&path);
    let event = file.event();
    assert_eq!(event.name, "2025 王喆杯");
    assert_eq!(event.preset, "huaiyin-2022");
    assert_eq!(event.officials.len(), 1);
    assert_eq!((event.officials[0].role.as_str(), event.officials[0].name.as_str()), ("总裁判", "王喆"));
    let stage = &event.groups[0].stages[0];
    assert_eq!(stage.scoring.black_win, Points::whole(5));
    assert_eq!(stage.scoring.red_win, Points::whole(2), "only the field edited changed");
    assert_eq!(&stage.tiebreaks[..2], &[Tiebreak::Wins, Tiebreak::OpponentsPoints]);
    assert_eq!(stage.time_control, "每方25分钟包干");
    assert_eq!(stage.schedule[0].start, "2022-12-02 19:30");
    assert_eq!(stage.schedule[6].monitored_boards, 10, "the preset's rounds 6–7 video watch is kept");
    // The other groups are untouched.
    assert_eq!(event.groups[1].stages[0].scoring.black_win, Points::whole(2));
    // Every apply is one audited command.
    let log = file.audit_log().unwrap();
    assert_eq!(log.len(), 3, "rules, schedule, event info");
    assert!(log.iter().any(|e| e.command.contains("set_event_info") && e.after.contains("王喆")));
}

#[test]
fn ctrl_s_applies_the_panel_and_save_as_goes_on_in_the_copy() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cup.bianpai");
    let copy = dir.path().join("cup-copy.bianpai");
    let event = presets::build("lingting-cup", None, None).unwrap();
    drop(EventFile::create(&path, &event).unwrap());
    let mut app = BianpaiApp::opening(&path, None);
    app.set_view(View::Event);
    let mut harness = harness(app);
    harness.run_ok();

    // The second stage of the only group, chosen in the panel's list.
    harness.get_by_label("公开组 2 视频积分赛 · 瑞士制").click();
    harness.run_ok();
    harness.get_by_label("计划轮数").set_text_value_accesskit("9");
    harness.run_ok();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    settle(&mut harness);
    let stage = &harness.state().event().unwrap().groups[0].stages[1];
    assert_eq!(stage.rounds_planned, Some(9));

    // Ctrl+Shift+S: a copy, which is then the open file; the original stays as it was.
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    harness.run_ok();
    harness.get_by_label("文件路径").set_text_value_accesskit(&copy.display().to_string());
    harness.run_ok();
    harness.get_by_label("保存副本").click();
    settle(&mut harness);
    assert_eq!(harness.state_mut().session_mut().path(), Some(copy.as_path()));
    harness.get_by_label("计划轮数").set_text_value_accesskit("11");
    harness.run_ok();
    harness.get_by_label("保存阶段设置").click_accesskit();
    settle(&mut harness);
    drop(harness);

    let original = reopen(&path);
    assert_eq!(original.event().groups[0].stages[1].rounds_planned, Some(9));
    let copied = reopen(&copy);
    assert_eq!(copied.event().groups[0].stages[1].rounds_planned, Some(11));
    assert_eq!(copied.audit_log().unwrap().len(), 2, "the copy keeps the audit log");
}

#[test]
fn every_stage_of_every_preset_draws_in_both_languages() {
    for preset in ["lingting-cup", "huaiyin-2022", "cxa-swiss", "fide-swiss"] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.bianpai");
        let event = presets::build(preset, None, None).unwrap();
        drop(EventFile::create(&path, &event).unwrap());
        let mut app = BianpaiApp::opening(&path, None);
        app.set_view(View::Event);
        let mut harness = harness(app);
        for lang in [Lang::Zh, Lang::En] {
            harness.state_mut().set_lang(lang);
            harness.run_ok();
            for group in &event.groups {
                for stage in &group.stages {
                    let listed = format!("{} {} {} · ", group.name, stage.no, stage.name);
                    harness.get_by_label_contains(&listed).click();
                    harness.run_ok();
                    let heading = format!("{} · {} {}", group.name, stage.no, stage.name);
                    harness.get_by_label(&heading);
                }
            }
            // The File menu and its windows draw too.
            harness.key_press_modifiers(Modifiers::COMMAND, Key::N);
            harness.run_ok();
            harness.key_press(Key::Escape);
            harness.run_ok();
        }
    }
}
