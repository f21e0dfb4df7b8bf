//! One frame of the results panel and of the standings panel over a 3,000-player event
//! after 9 rounds (issue 40, item 3: "Derive, then draw", frame time under 16 ms at
//! 3,000 players). Each panel is drawn alone (`PanelHost`: no file, no worker) in a
//! headless egui context, the bundled fonts installed:
//!
//! - `frame`: a frame with nothing changed — what the director's screen costs while
//!   they read or scroll; the panel's model is kept, only the rows in sight are drawn;
//! - `frame_after_change`: a frame after a saved change (the next revision), which
//!   derives the panel's model again — once per change, never per frame.
//!
//! `BIANPAI_BENCH_SIZES` sets the field (default 3000 players = 1,500 boards).

mod common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::ui::results_ui::ResultsView;
use bianpai::ui::standings_ui::StandingsView;
use bianpai::ui::{Panel, PanelHost};
use common::{G, play_random_rounds, sizes};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::time::Duration;

/// Rounds played before the frames are measured.
const ROUNDS: u32 = 9;

/// An event of `players` with [`ROUNDS`] rounds paired and played.
fn event_with(players: u32) -> Event {
    let mut e = presets::build("cxa-swiss", Some("大型公开赛"), Some(ROUNDS)).expect("preset");
    let entries = (1..=players)
        .map(|i| PlayerEntry {
            name: format!("棋手{i}"),
            club: format!("棋社{}", i % 50),
            rating: Some(1000 + i % 2500),
            ..Default::default()
        })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() })
        .expect("players");
    play_random_rounds(&mut e, ROUNDS, 7);
    e
}

/// Draws one frame of `host` in `ctx`, a window of 1280 × 800 points.
fn frame<P: Panel>(host: &mut PanelHost<P>, ctx: &egui::Context) {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
        ..Default::default()
    };
    let mut output = ctx.run_ui(input, |ui| host.host_ui(ui));
    output.textures_delta.clear();
}

/// Measures `panel` over `event`: a frame with nothing changed, and one after a change.
fn measure<P: Panel>(c: &mut Criterion, name: &str, panel: P, event: &Event) {
    let players = event.players.len();
    let mut host = PanelHost::new(panel, event.clone());
    let ctx = egui::Context::default();
    bianpai::ui::fonts::install_fonts(&ctx);
    // The first frames lay out the fonts and derive the model.
    for _ in 0..3 {
        frame(&mut host, &ctx);
    }
    let mut group = c.benchmark_group(name);
    group.sample_size(10).measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
    group.bench_function(BenchmarkId::new("frame", players), |b| b.iter(|| frame(&mut host, &ctx)));
    group.bench_function(BenchmarkId::new("frame_after_change", players), |b| {
        b.iter(|| {
            host.revision += 1;
            frame(&mut host, &ctx);
        });
    });
    group.finish();
}

fn panels(c: &mut Criterion) {
    for players in sizes(&[3000]) {
        let event = event_with(players);
        measure(c, "results_panel", ResultsView::default(), &event);
        measure(c, "standings_panel", StandingsView::default(), &event);
    }
}

criterion_group!(benches, panels);
criterion_main!(benches);
