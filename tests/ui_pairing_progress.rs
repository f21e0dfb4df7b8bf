//! A long pairing in the window (issue 21): round 2 of a 1,200-player `fide-swiss`
//! event (FIDE Dutch, tens of seconds in a debug build) shows a progress bar and
//! 「取消编排」 in the pairing panel while the worker pairs; cancelling — by the button,
//! then by Esc — stops it within a few seconds, the status bar says the pairing was
//! cancelled, and neither the window's event nor the file on disk has a new round, an
//! audit row or a backup.
//!
//! The pairing is made slow by the size of the event alone (no test hook): cancelling
//! takes a few frames after the click, while the first score group of 1,200 players
//! takes seconds even in an optimised build.

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::ids::RoundNo;
use bianpai::store::{EventFile, backup};
use bianpai::ui::{BianpaiApp, View};
use common::big_event::{G, S, fide_swiss_played};
use common::ui::{App, WindowSetup, app_harness, reopen, settle};
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};
use std::path::Path;
use std::time::{Duration, Instant};

const PLAYERS: u32 = 1200;
const CANCEL: &str = "取消编排 (Esc)";

/// The event file: round 1 paired and played, its last result entered through the
/// file (so the audit log has a row to count).
fn event_file(path: &Path) -> usize {
    let mut event = fide_swiss_played(PLAYERS, 5, 1, 21);
    let round = &mut event.groups[0].stages[0].rounds[0];
    let last = round.games.last_mut().expect("round 1 has games");
    let (board, result) = (last.board, last.result.take());
    let mut f = EventFile::create(path, &event).unwrap();
    f.execute(&Command::RecordResult { group: G, stage: S, round: RoundNo(1), board, game: 1, result }).unwrap();
    f.audit_log().unwrap().len()
}

/// Steps frames until `label` is on screen; panics after `limit`.
fn step_until_shown(h: &mut App, label: &str, limit: Duration) {
    let deadline = Instant::now() + limit;
    while h.query_by_label(label).is_none() {
        assert!(Instant::now() < deadline, "{label} was not shown within {limit:?}");
        h.step();
    }
}

/// The texts of the progress bars on screen (the status bar's spinner, also a progress
/// indicator, has none).
fn pairing_bars(h: &App) -> Vec<String> {
    h.query_all_by_role(Role::ProgressIndicator).filter_map(|n| n.accesskit_node().label()).collect()
}

/// Pairs the next round and cancels it with `cancel`; returns how long the worker took
/// to answer after the cancel.
fn pair_and_cancel(h: &mut App, cancel: impl FnOnce(&mut App)) -> Duration {
    h.get_by_label("编排下一轮 (P)").click();
    step_until_shown(h, CANCEL, Duration::from_secs(10));
    assert!(h.state_mut().session_mut().is_busy(), "the worker is still pairing when 取消编排 is shown");
    let bars = pairing_bars(h);
    assert_eq!(bars.len(), 1, "one progress bar in the pairing panel");
    assert!(bars[0].starts_with("编排中"), "the bar says the pairing is under way: {}", bars[0]);
    h.get_by_label_contains("正在编排第2轮（1200 名选手");
    // Round 2 has three score groups (won, drawn, lost); the first is reported soon.
    step_until_shown(h, "编排中：分数组 1/3", Duration::from_secs(10));
    let asked = Instant::now();
    cancel(h);
    settle(h);
    let took = asked.elapsed();
    h.get_by_label("编排：编排已取消，赛事未改变。");
    assert!(pairing_bars(h).is_empty(), "the bar is gone once the worker has answered");
    assert!(h.query_by_label(CANCEL).is_none());
    took
}

// issue 21: a progress bar in the pairing panel during a long pairing, and cancel
// leaves the event unchanged.
#[test]
fn a_long_pairing_shows_its_progress_and_cancel_leaves_the_event_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("大型公开赛.bianpai");
    let audit_rows = event_file(&path);
    let before = EventFile::open(&path).unwrap().event().clone();
    let mut app = BianpaiApp::opening(&path, None);
    app.set_view(View::Pairings);
    let mut h = app_harness(app, WindowSetup { accessibility_check: false, ..WindowSetup::default() });
    settle(&mut h);

    let by_button = pair_and_cancel(&mut h, |h| h.get_by_label(CANCEL).click());
    let by_escape = pair_and_cancel(&mut h, |h| h.key_press(egui::Key::Escape));
    eprintln!("{PLAYERS} players: the worker answered {by_button:?} / {by_escape:?} after the cancel");
    for took in [by_button, by_escape] {
        assert!(took < Duration::from_secs(15), "a cancel is heeded soon: {took:?}");
    }
    assert_eq!(h.state().event(), Some(&before), "the window's event is unchanged");
    drop(h);

    let reopened = reopen(&path);
    assert_eq!(reopened.event(), &before, "the file's event is unchanged");
    assert_eq!(reopened.event().groups[0].stages[0].rounds.len(), 1);
    assert_eq!(reopened.audit_log().unwrap().len(), audit_rows, "no audit row was written");
    assert!(backup::list_backups(&path).is_empty(), "no backup before a round that was never saved");
}
