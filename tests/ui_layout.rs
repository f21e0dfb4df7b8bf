//! The window's layout (issue 17, item 6), driven headless by labels (egui_kittest):
//! tables fill the panel's height, the knockout bracket fits the window by
//! default — final and third-place match in view — and zooms by keys, and a heading
//! cut by its column shows its full text on hover.

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::EventFile;
use bianpai::ui::standings_ui::StandingsView;
use bianpai::ui::{BianpaiApp, Lang, PanelHost, View};
use common::ui::{WindowSetup, app_harness, panel_harness};
use egui::{Key, Modifiers, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::path::Path;

const G: GroupId = GroupId(1);

/// The window's size when it opens (`bianpai::ui::run`).
const DEFAULT_WINDOW: [f32; 2] = [1180.0, 760.0];

/// Every text on screen with where it is.
fn texts<S>(harness: &Harness<'_, S>) -> Vec<(String, Rect)> {
    harness
        .query_all_by(|n| n.label().is_some() || n.value().is_some())
        .map(|n| {
            let node = n.accesskit_node();
            (node.label().or(node.value()).unwrap_or_default(), n.rect())
        })
        .collect()
}

/// Where the status bar starts: the bottom of the panels' space.
fn status_bar_top<S>(harness: &Harness<'_, S>) -> f32 {
    texts(harness).into_iter().find(|(t, _)| t.starts_with("赛事文件")).map(|(_, r)| r.top()).unwrap()
}

/// A `cxa-swiss` file of 60 players, 棋手1 … 棋手60, with round 1 paired.
fn sixty_players(path: &Path) {
    let event = presets::build("cxa-swiss", Some("六十人赛"), Some(7)).unwrap();
    let mut f = EventFile::create(path, &event).unwrap();
    let entries = (1..=60).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
    f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let round = pair_next_round(f.event(), G, StageNo(1), 5).unwrap();
    f.execute(&Command::PairRound { group: G, stage: StageNo(1), round }).unwrap();
}

/// The pairing panel of the 60-player round in a window of `size`: the rows drawn (in
/// view), the lowest row's bottom and the status bar's top.
fn pairing_rows(path: &Path, size: [f32; 2]) -> (usize, f32, f32) {
    let mut app = BianpaiApp::opening(path, None);
    app.set_view(View::Pairings);
    let setup = WindowSetup { size, accessibility_check: false, ..WindowSetup::default() };
    let mut harness = app_harness(app, setup);
    harness.run_steps(4);
    let status = status_bar_top(&harness);
    let cells: Vec<Rect> = texts(&harness).into_iter().filter(|(t, _)| t.contains(" 棋手")).map(|(_, r)| r).collect();
    let lowest = cells.iter().map(|r| r.bottom()).fold(0.0, f32::max);
    // Two players a board.
    (cells.len() / 2, lowest, status)
}

// Item 6: the pairing table fills the panel's height. In an 800-point window it shows
// more than 18 boards; in a 1000-point window the 30 boards all show (the table used
// to stop two rows short, with empty space below).
#[test]
fn the_pairing_table_fills_the_window_height() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sixty.bianpai");
    sixty_players(&path);
    let (rows, lowest, status) = pairing_rows(&path, [1280.0, 800.0]);
    assert!(rows > 18, "{rows} boards shown, the lowest ending at {lowest}");
    assert!(lowest >= status - 30.0, "the table reaches the status bar ({status}): its lowest row ends at {lowest}");
    let (rows, lowest, status) = pairing_rows(&path, [1600.0, 1000.0]);
    assert_eq!(rows, 30, "every board shows when there is room: the lowest ends at {lowest}, the panel at {status}");
}

/// A lingting-cup event of 16 players through the qualifier and the video Swiss (one
/// round each), whose knockout has its round of 16 paired.
fn sixteen_player_knockout() -> Event {
    use bianpai::domain::command::apply;
    let mut event = presets::build("lingting-cup", Some("对阵图布局"), Some(1)).unwrap();
    event.groups[0].stages[1].rounds_planned = Some(1);
    let entries = (1..=16)
        .map(|i| PlayerEntry { name: format!("选手{i}"), rating: Some(2400 - i), ..Default::default() })
        .collect();
    apply(&mut event, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    for stage in [StageNo(1), StageNo(2)] {
        let round = pair_next_round(&event, G, stage, 3).unwrap();
        let (no, boards): (RoundNo, Vec<BoardNo>) = (round.no, round.games.iter().map(|g| g.board).collect());
        apply(&mut event, &Command::PairRound { group: G, stage, round }).unwrap();
        for board in boards {
            let result = Some(GameResult::plain(Outcome::RedWins));
            apply(&mut event, &Command::RecordResult { group: G, stage, round: no, board, game: 1, result }).unwrap();
        }
        apply(&mut event, &Command::AdvanceStage { group: G, stage, nominees: vec![] }).unwrap();
    }
    let round = pair_next_round(&event, G, StageNo(3), 1).unwrap();
    apply(&mut event, &Command::PairRound { group: G, stage: StageNo(3), round }).unwrap();
    event
}

/// The zoom shown beside the zoom buttons, in per cent.
fn zoom_shown<S>(harness: &Harness<'_, S>) -> u32 {
    texts(harness).into_iter().find_map(|(t, _)| t.strip_suffix('%').and_then(|n| n.parse().ok())).unwrap()
}

// Item 6, R-6.6: at the window's opening size the 16-player bracket fits — the final
// and the third-place match are in view, not cut off at the right or the bottom; Ctrl+=
// zooms in (the canvas then scrolls), Ctrl+- out, Ctrl+0 fits again.
#[test]
fn the_bracket_fits_the_window_and_zooms_by_keys() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bracket.bianpai");
    EventFile::create(&path, &sixteen_player_knockout()).unwrap();
    let mut app = BianpaiApp::opening(&path, None);
    app.set_view(View::Bracket);
    let setup = WindowSetup { size: DEFAULT_WINDOW, accessibility_check: false, ..WindowSetup::default() };
    let mut harness = app_harness(app, setup);
    harness.run_steps(4);
    let window = Rect::from_min_max(egui::Pos2::ZERO, egui::pos2(DEFAULT_WINDOW[0], status_bar_top(&harness)));
    let shown = texts(&harness);
    for title in ["决赛", "三四名"] {
        let (_, rect) = shown.iter().find(|(t, _)| t == title).unwrap_or_else(|| panic!("no {title} box"));
        assert!(window.contains_rect(*rect), "{title} at {rect:?} is cut off by the window {window:?}");
    }
    let fitted = zoom_shown(&harness);
    assert!(fitted < 100, "a 16-player bracket is scaled down to fit: {fitted}%");
    harness.get_by_label("适合窗口 (Ctrl+0)");

    harness.key_press_modifiers(Modifiers::COMMAND, Key::Equals);
    harness.run_steps(2);
    let zoomed = zoom_shown(&harness);
    assert!(zoomed > fitted, "Ctrl+= zooms in: {fitted}% → {zoomed}%");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Minus);
    harness.run_steps(2);
    assert!(zoom_shown(&harness) < zoomed, "Ctrl+- zooms out");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Equals);
    harness.run_steps(2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Num0);
    harness.run_steps(2);
    assert_eq!(zoom_shown(&harness), fitted, "Ctrl+0 fits the window again");
    assert_eq!(harness.ctx.zoom_factor(), 1.0, "the keys zoom the bracket, not the whole window");
    harness.get_by_label("放大 (Ctrl+=)").click();
    harness.run_steps(2);
    assert!(zoom_shown(&harness) > fitted, "the button zooms in too");
}

// Item 6: a heading cut by its column ("Black" in the standings' narrow colour column,
// shown "Bl…") shows its full text on hover.
#[test]
fn a_clipped_heading_shows_its_full_text_on_hover() {
    let mut host = PanelHost::new(StandingsView::default(), bianpai::domain::demo::demo_event(3).unwrap());
    host.lang = Lang::En;
    let mut harness = panel_harness(host, WindowSetup { accessibility_check: false, ..WindowSetup::default() });
    harness.run_steps(3);
    let count = |harness: &Harness<'_, _>| texts(harness).iter().filter(|(t, _)| t == "Black").count();
    let before = count(&harness);
    let (_, heading) = texts(&harness).into_iter().find(|(t, _)| t == "Black").expect("the heading");
    // The column is 28 points wide; "Black" needs more, so it shows cut ("Bl…").
    assert!(heading.width() < 30.0, "{heading:?}");
    harness.hover_at(heading.center());
    harness.run_steps(3);
    // egui shows a tooltip once the pointer has rested half a second (real time).
    std::thread::sleep(std::time::Duration::from_millis(800));
    harness.run_steps(3);
    assert!(count(&harness) > before, "hovering the cut heading shows “Black”");
}
