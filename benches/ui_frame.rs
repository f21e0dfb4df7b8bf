//! Frame time of the window's heaviest views (issue: desktop app): the roster and the
//! standings of a 3,000-player event, drawn headless. Target: under 16 ms a frame.

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::EventFile;
use bianpai::ui::{BianpaiApp, View};
use criterion::{Criterion, criterion_group, criterion_main};
use std::time::Duration;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

fn big_event(players: u32, rounds: u32) -> Event {
    let mut e = presets::build("cxa-swiss", Some("大型公开赛"), Some(rounds + 2)).expect("preset");
    let entries = (1..=players)
        .map(|i| PlayerEntry { name: format!("棋手{i}"), club: format!("棋社{}", i % 50), ..Default::default() })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() })
        .expect("players");
    for r in 1..=u64::from(rounds) {
        let round = pair_next_round(&e, G, S, r).expect("pairing");
        let (no, boards): (_, Vec<_>) = (round.no, round.games.iter().map(|g| g.board).collect());
        apply(&mut e, &Command::PairRound { group: G, stage: S, round }).expect("pair");
        for (k, board) in boards.into_iter().enumerate() {
            let outcome = [Outcome::RedWins, Outcome::BlackWins, Outcome::Draw][k % 3];
            let result = Some(GameResult::plain(outcome));
            apply(&mut e, &Command::RecordResult { group: G, stage: S, round: no, board, game: 1, result })
                .expect("result");
        }
    }
    e
}

fn frame(app: &mut BianpaiApp, ctx: &egui::Context) {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
        ..Default::default()
    };
    let mut output = ctx.run_ui(input, |ui| app.app_ui(ui));
    output.textures_delta.clear();
}

fn views(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("big.bianpai");
    drop(EventFile::create(&path, &big_event(3000, 3)).expect("event file"));
    let mut app = BianpaiApp::opening(&path, None);
    let ctx = egui::Context::default();
    bianpai::ui::fonts::install_fonts(&ctx);
    let mut group = c.benchmark_group("frame_3000_players");
    group.sample_size(30).measurement_time(Duration::from_secs(5));
    for (name, view) in [("roster", View::Roster), ("standings", View::Standings)] {
        app.set_view(view);
        // The first frames lay out fonts and fill caches; a director scrolls afterwards.
        for _ in 0..3 {
            frame(&mut app, &ctx);
        }
        group.bench_function(name, |b| b.iter(|| frame(&mut app, &ctx)));
    }
    group.finish();
}

criterion_group!(benches, views);
criterion_main!(benches);
