//! Issue 40, item 3 ("Derive, then draw"): each heavy panel — results, pairings,
//! roster, bracket, standings — derives its model of the event once per change and
//! then only draws it. Each panel is drawn alone (`PanelHost`) for several frames
//! without a change: its model is built once; a saved change (the next revision) builds
//! it once more, and the frames after build nothing.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::demo::demo_event;
use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::ui::bracket_ui::BracketView;
use bianpai::ui::pairing_ui::PairingView;
use bianpai::ui::results_ui::ResultsView;
use bianpai::ui::roster_ui::RosterView;
use bianpai::ui::standings_ui::StandingsView;
use bianpai::ui::{DEMO_SEED, Panel, PanelHost};
use common::showcase::knockout_event;
use common::ui::{WindowSetup, panel_harness};
use egui_kittest::Harness;

/// Frames drawn between two checks.
const FRAMES: usize = 6;

/// The bundled demo: one Swiss group with rounds paired and played.
fn demo() -> Event {
    demo_event(DEMO_SEED).unwrap()
}

/// `panel` over `event` (on `stage`, else the current one), drawn for [`FRAMES`] frames.
fn drawn<P: Panel + 'static>(panel: P, event: Event, stage: Option<StageNo>) -> Harness<'static, PanelHost<P>> {
    let mut host = PanelHost::new(panel, event);
    host.stage = stage;
    let mut h = panel_harness(host, WindowSetup { accessibility_check: false, ..WindowSetup::default() });
    h.run_steps(FRAMES);
    h
}

/// A change saved as the worker saves it: the first game of `stage`'s last round gets
/// another result, and the revision counts up. Then [`FRAMES`] more frames.
fn save_a_result<P: Panel + 'static>(h: &mut Harness<'static, PanelHost<P>>, stage: StageNo) {
    let host = h.state_mut();
    let group = GroupId(1);
    let round = host.event.groups[0].stage(stage).and_then(|s| s.last_round()).unwrap();
    let game = round.games[0];
    let outcome = if game.result.map(|r| r.outcome) == Some(Outcome::Draw) { Outcome::RedWins } else { Outcome::Draw };
    let command = Command::RecordResult {
        group,
        stage,
        round: round.no,
        board: game.board,
        game: game.game,
        result: Some(GameResult::plain(outcome)),
    };
    apply(&mut host.event, &command).unwrap();
    host.revision += 1;
    h.run_steps(FRAMES);
}

#[test]
fn the_results_panel_derives_its_round_once_per_change() {
    // issue 40, item 3
    let mut h = drawn(ResultsView::default(), demo(), None);
    assert_eq!(h.state().panel.model_builds(), 1, "several frames without a change build the round once");
    save_a_result(&mut h, StageNo(1));
    assert_eq!(h.state().panel.model_builds(), 2, "a saved change builds it once more");
}

#[test]
fn the_pairing_panel_derives_its_round_once_per_change() {
    // issue 40, item 3
    let mut h = drawn(PairingView::default(), demo(), None);
    assert_eq!(h.state().panel.model_builds(), 1, "several frames without a change build the round once");
    save_a_result(&mut h, StageNo(1));
    assert_eq!(h.state().panel.model_builds(), 2, "a saved change builds it once more");
}

#[test]
fn the_standings_panel_derives_its_table_once_per_change() {
    // issue 40, item 3
    let mut h = drawn(StandingsView::default(), demo(), None);
    assert_eq!(h.state().panel.model_builds(), 1, "several frames without a change build the table once");
    save_a_result(&mut h, StageNo(1));
    assert_eq!(h.state().panel.model_builds(), 2, "a saved change builds it once more");
}

#[test]
fn the_roster_panel_derives_its_model_index_and_rows_once_per_change() {
    // issue 40, item 3
    let mut h = drawn(RosterView::default(), demo(), None);
    assert_eq!(h.state().panel.model_builds(), [1, 1, 1], "model, search index and rows: once each");
    save_a_result(&mut h, StageNo(1));
    assert_eq!(h.state().panel.model_builds(), [2, 2, 2], "a saved change builds each once more");
}

#[test]
fn the_bracket_panel_derives_its_layout_once_per_change() {
    // issue 40, item 3
    let knockout = StageNo(3);
    let mut h = drawn(BracketView::default(), knockout_event(), Some(knockout));
    assert_eq!(h.state().panel.model_builds(), 1, "several frames without a change build the bracket once");
    save_a_result(&mut h, knockout);
    assert_eq!(h.state().panel.model_builds(), 2, "a saved change builds it once more");
}
