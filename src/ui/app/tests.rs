//! The app shell's unit tests: the title, every view of the demo drawn headless, a
//! file that cannot be opened, the stage summary.

use super::*;
use crate::ui::create_demo_file;

// Issue 17: the title bar names the event and its file.
#[test]
fn the_window_title_names_the_event_and_its_file() {
    let event = crate::domain::presets::build("cxa-swiss", Some("2025 聆听杯"), None).unwrap();
    let path = std::path::Path::new("/events/聆听杯.bianpai");
    assert_eq!(window_title(Some(&event), Some(path)), "2025 聆听杯 — 聆听杯.bianpai — Bianpai 编排");
    assert_eq!(window_title(None, None), "Bianpai 编排");
}

/// Runs one frame of the app headless.
fn frame(app: &mut BianpaiApp, ctx: &egui::Context) {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1100.0, 700.0))),
        ..Default::default()
    };
    let mut output = ctx.run_ui(input, |ui| app.app_ui(ui));
    // Headless: no renderer takes the font atlas updates.
    output.textures_delta.clear();
}

#[test]
fn every_view_of_the_demo_draws() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("demo.bianpai");
    create_demo_file(&path).unwrap();
    let mut app = BianpaiApp::opening(&path, None);
    assert_eq!(app.window_title(), "Bianpai 编排 — Bianpai 演示赛 · 俱乐部积分赛");
    let ctx = egui::Context::default();
    for view in View::ALL {
        app.set_view(view);
        for _ in 0..2 {
            frame(&mut app, &ctx);
        }
        assert_eq!(app.view(), view);
    }
}

#[test]
fn an_unopenable_file_is_reported_in_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = BianpaiApp::opening(&dir.path().join("nope.bianpai"), None);
    assert_eq!(app.window_title(), "Bianpai 编排");
    let ctx = egui::Context::default();
    frame(&mut app, &ctx);
    frame(&mut app, &ctx);
}

#[test]
fn stage_summary_counts_completed_rounds() {
    let event = crate::domain::demo::demo_event(3).unwrap();
    assert_eq!(stage_summary(&event.groups[0].stages[0], Lang::Zh), "积分编排赛 · 瑞士制 · 已赛 4/7 轮 · 进行中");
}
