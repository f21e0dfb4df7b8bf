//! Stage transitions from the window (R-1.4; issue: multi-stage events): when a stage
//! is played out, the standings view closes it and hands its top players and the typed
//! nominees to the next stage.

mod common;

use bianpai::domain::command::Command;
use bianpai::domain::event::StageStatus;
use bianpai::domain::ids::{BoardNo, GroupId, StageNo, StartNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::EventFile;
use bianpai::ui::{BianpaiApp, View};
use common::ui::{WindowSetup, app_harness};
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use std::time::Duration;

const G: GroupId = GroupId(1);

#[test]
fn a_finished_stage_hands_its_players_on_from_the_standings_view() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cup.bianpai");
    let event = presets::build("lingting-cup", Some("聆听杯"), Some(2)).unwrap();
    let mut f = EventFile::create(&path, &event).unwrap();
    let entries = (1..=34).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
    f.execute(&Command::AddPlayers { group: G, entries, override_reason: None }).unwrap();
    for r in 1..=2u64 {
        let round = pair_next_round(f.event(), G, StageNo(1), r).unwrap();
        let (no, boards): (_, Vec<BoardNo>) = (round.no, round.games.iter().map(|g| g.board).collect());
        f.execute(&Command::PairRound { group: G, stage: StageNo(1), round }).unwrap();
        for board in boards {
            let result = Some(GameResult::plain(Outcome::RedWins));
            f.execute(&Command::RecordResult { group: G, stage: StageNo(1), round: no, board, game: 1, result })
                .unwrap();
        }
    }
    let last_two: Vec<StartNo> = {
        let table = bianpai::domain::standings::standings(f.event(), G, StageNo(1), 2).unwrap();
        table.rows.iter().rev().take(2).map(|r| r.start_no).collect()
    };
    drop(f);

    let mut app = BianpaiApp::opening(&path, None);
    app.set_view(View::Standings);
    let mut harness = app_harness(app, WindowSetup::default());
    harness.run_steps(3);
    let nominees = format!("{}, {}", last_two[0].0, last_two[1].0);
    harness.get_by_role_and_label(Role::TextInput, "提名选手（编号）").click();
    harness.run_steps(2);
    harness.get_by_role_and_label(Role::TextInput, "提名选手（编号）").type_text(&nominees);
    harness.run_steps(2);
    harness.get_by_label("结束本阶段并晋级").click();
    harness.run_steps(3);
    harness.state_mut().session_mut().wait_idle(Duration::from_secs(5));
    harness.run_steps(2);
    let event = harness.state().event().unwrap().clone();
    let stages = &event.group(G).unwrap().stages;
    assert_eq!(stages[0].status, StageStatus::Closed);
    assert_eq!(stages[1].status, StageStatus::Open);
    assert_eq!(stages[1].entrants.len(), 32, "top 30 + 2 nominees");
    assert_eq!(&stages[1].entrants[30..], &last_two[..]);
}
