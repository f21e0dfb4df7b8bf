//! The result-entry and pairing panels driven through the real window, headless
//! (egui_kittest): results typed by keyboard are saved, a correction asks
//! first and shows the previous result, a late arrival is a forfeit with reason
//! `late`, and the pairing panel pairs round 2, reproduces a draw from its seed
//! and edits it by hand with the broken rules confirmed and shown.

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::event::{Event, RoundSchedule};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome, ResultReason};
use bianpai::domain::swiss::{PairingWarning, pair_next_round};
use bianpai::store::EventFile;
use bianpai::ui::{BianpaiApp, View};
use common::ui::{WindowSetup, app_harness};
use egui::accesskit::Role;
use egui::{Event as InputEvent, Key};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::{Path, PathBuf};
use std::time::Duration;

const GROUP: GroupId = GroupId(1);
const STAGE: StageNo = StageNo(1);

/// A cxa-swiss event of 8 players (3 rounds, round 1 starting at 09:00, 5 minutes late
/// forfeits) with round 1
/// paired, and — with `results` — every result of round 1 recorded.
fn event_file(dir: &Path, results: bool) -> PathBuf {
    let mut event = presets::build("cxa-swiss", Some("界面测试赛"), Some(3)).unwrap();
    event.groups[0].stages[0].schedule.push(RoundSchedule {
        round: RoundNo(1),
        start: "2025-05-01 09:00".into(),
        monitored_boards: 0,
    });
    event.groups[0].stages[0].discipline.late_minutes = Some(5);
    let path = dir.join("ui.bianpai");
    let mut f = EventFile::create(&path, &event).unwrap();
    let entries = (1..=8)
        .map(|i| PlayerEntry { name: format!("棋手{i}"), club: format!("棋社{i}"), ..Default::default() })
        .collect();
    f.execute(&Command::AddPlayers { group: GROUP, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let round = pair_next_round(f.event(), GROUP, STAGE, 7).unwrap();
    f.execute(&Command::PairRound { group: GROUP, stage: STAGE, round }).unwrap();
    if results {
        for board in 1..=4 {
            let outcome = if board % 2 == 1 { Outcome::RedWins } else { Outcome::BlackWins };
            f.execute(&Command::RecordResult {
                group: GROUP,
                stage: STAGE,
                round: RoundNo(1),
                board: BoardNo(board),
                game: 1,
                result: Some(GameResult::plain(outcome)),
            })
            .unwrap();
        }
    }
    path
}

fn harness(path: &Path, view: View) -> Harness<'static, BianpaiApp> {
    let mut app = BianpaiApp::opening(path, None);
    app.set_view(view);
    // The top bar's group selector is not this file's; `assert_panels_named` checks ours.
    let mut harness = app_harness(app, WindowSetup { accessibility_check: false, ..WindowSetup::default() });
    // A few frames: the board field takes the focus.
    harness.run_steps(3);
    harness
}

/// Every input widget below the top bar has an accessible name (so it can be reached
/// by a screen reader and by label in these tests).
fn assert_panels_named(harness: &Harness<'_, BianpaiApp>) {
    let top_of = |w: &String| {
        let at = w.find("y0: ")? + 4;
        w[at..].split([',', ' ']).next()?.parse::<f32>().ok()
    };
    let unnamed: Vec<String> =
        harness.unnamed_widgets().into_iter().filter(|w| top_of(w).is_none_or(|y| y > 48.0)).collect();
    assert!(unnamed.is_empty(), "unnamed widgets: {unnamed:?}");
}

/// Runs the queued input, lets the worker save, and shows the saved event.
fn settle(harness: &mut Harness<'_, BianpaiApp>) {
    harness.step();
    harness.state_mut().session_mut().wait_idle(Duration::from_secs(10));
    harness.run_steps(3);
}

/// Types `keys` into the focused widget: `\n` is Enter, `\x1b` Esc, anything else text.
fn type_keys(harness: &Harness<'_, BianpaiApp>, keys: &str) {
    for c in keys.chars() {
        match c {
            '\n' => harness.key_press(Key::Enter),
            '\x1b' => harness.key_press(Key::Escape),
            c => harness.event(InputEvent::Text(c.to_string())),
        }
    }
}

fn event(harness: &Harness<'_, BianpaiApp>) -> Event {
    harness.state().event().cloned().unwrap()
}

fn result_on(event: &Event, round: u32, board: u32) -> Option<GameResult> {
    let stage = &event.groups[0].stages[0];
    stage.round(RoundNo(round)).and_then(|r| r.games.iter().find(|g| g.board == BoardNo(board))).and_then(|g| g.result)
}

// board, Enter, one key — in board order Enter takes the suggested
// board; reasons and fouls go with the result.
#[test]
fn results_typed_by_keyboard_are_saved() {
    let dir = tempfile::tempdir().unwrap();
    let path = event_file(dir.path(), false);
    let mut h = harness(&path, View::Results);
    assert!(h.get_by_role_and_label(Role::TextInput, "台次").is_focused(), "the board field has the focus");
    h.get_by_label("已录入 0/4");
    h.get_by_label_contains("迟到 5 分钟判负");

    // Board 1 (suggested): red wins. Board 2 (suggested next): draw with "5".
    type_keys(&h, "\n1\n5");
    // Board 4: time, one foul for black, black wins.
    type_keys(&h, "4\nt]0");
    // Board 3: black is late: L, then + (red wins by forfeit).
    type_keys(&h, "3\nL+");
    settle(&mut h);

    let e = event(&h);
    assert_eq!(result_on(&e, 1, 1), Some(GameResult::plain(Outcome::RedWins)));
    assert_eq!(result_on(&e, 1, 2), Some(GameResult::plain(Outcome::Draw)));
    assert_eq!(
        result_on(&e, 1, 3),
        Some(GameResult { reason: ResultReason::Late, ..GameResult::plain(Outcome::RedWinsByForfeit) })
    );
    assert_eq!(
        result_on(&e, 1, 4),
        Some(GameResult { outcome: Outcome::BlackWins, reason: ResultReason::Time, fouls_red: 0, fouls_black: 1 })
    );
    h.get_by_label("已录入 4/4");
    assert!(h.get_by_role_and_label(Role::TextInput, "台次").is_focused(), "the focus stays in the board field");
    // The chosen board's editor is shown with its buttons once a board is chosen.
    type_keys(&h, "2\n");
    h.run_steps(3);
    h.get_by_label("清除结果 (Del)");
    assert_panels_named(&h);
}

// a result on a board that has one asks first and shows the previous result;
// Esc keeps it, Enter corrects it.
#[test]
fn a_correction_asks_for_confirmation() {
    let dir = tempfile::tempdir().unwrap();
    let path = event_file(dir.path(), true);
    let mut h = harness(&path, View::Results);
    h.get_by_label("已录入 4/4");

    // Board 1 holds 1-0: typing 0 asks.
    type_keys(&h, "1\n0");
    settle(&mut h);
    h.get_by_label("确认更正 (Enter)");
    h.get_by_label("原结果： 1-0 红胜");
    assert_eq!(result_on(&event(&h), 1, 1), Some(GameResult::plain(Outcome::RedWins)));

    // Esc cancels: nothing changes.
    type_keys(&h, "\x1b");
    settle(&mut h);
    assert!(h.query_by_label("确认更正 (Enter)").is_none());
    assert_eq!(result_on(&event(&h), 1, 1), Some(GameResult::plain(Outcome::RedWins)));

    // Again, and Enter confirms.
    type_keys(&h, "1\n0");
    settle(&mut h);
    h.get_by_label("确认更正 (Enter)");
    type_keys(&h, "\n");
    settle(&mut h);
    assert!(h.query_by_label("确认更正 (Enter)").is_none());
    assert_eq!(result_on(&event(&h), 1, 1), Some(GameResult::plain(Outcome::BlackWins)));
    // This session's corrections are listed.
    h.get_by_label("本次更正记录 (1)");

    // Late-arrival buttons correct too (after asking): red late on board 2.
    h.get_all_by_label("红迟到").next().unwrap().click();
    settle(&mut h);
    h.get_by_label("原结果： 0-1 黑胜");
    h.get_by_label("确认更正 (Enter)").click();
    settle(&mut h);
    let late = result_on(&event(&h), 1, 1).unwrap();
    assert_eq!((late.outcome, late.reason), (Outcome::BlackWinsByForfeit, ResultReason::Late));
}

// the pairing panel pairs round 2 on the worker (from a typed seed, the
// same draw as the library's), swaps colours, asks before a rematch and shows it on
// the boards, and unpairs the round after asking.
#[test]
fn the_pairing_panel_pairs_edits_and_unpairs_round_two() {
    let dir = tempfile::tempdir().unwrap();
    let path = event_file(dir.path(), true);
    let mut h = harness(&path, View::Pairings);
    h.get_by_label("本轮抽签种子：7");

    let seed_field = h.get_by_label("种子");
    seed_field.click();
    h.run_steps(2);
    h.get_by_label("种子").type_text("42");
    h.run_steps(2);
    h.get_by_label("编排下一轮 (P)").click();
    settle(&mut h);
    let e = event(&h);
    let stage = &e.groups[0].stages[0];
    assert_eq!(stage.rounds.len(), 2);
    let round2 = stage.round(RoundNo(2)).unwrap().clone();
    assert_eq!(round2.seed, Some(42));
    let mut before = e.clone();
    before.groups[0].stages[0].rounds.truncate(1);
    let expected = pair_next_round(&before, GROUP, STAGE, 42).unwrap();
    assert_eq!(round2.games, expected.games, "the typed seed reproduces the library's draw");
    h.get_by_label("本轮抽签种子：42");
    h.get_by_label_contains("首轮抽签种子：7");
    // Colour histories of round 1 are shown ("红" or "黑").
    assert!(h.query_all_by_label("红").next().is_some() && h.query_all_by_label("黑").next().is_some());

    // Swap colours on board 1: no absolute rule breaks after one round, so no question.
    let board1 = round2.games[0];
    h.get_by_role_and_label(Role::Button, "1").click();
    h.run_steps(2);
    h.get_by_label("交换先后手 (C)").click();
    settle(&mut h);
    let swapped = event(&h).groups[0].stages[0].round(RoundNo(2)).unwrap().games[0];
    assert_eq!((swapped.red, swapped.black), (board1.black, board1.red));

    // Put board 1's player against his round-1 opponent: a rematch, confirmed by Enter.
    let e = event(&h);
    let stage = &e.groups[0].stages[0];
    let g = stage.round(RoundNo(2)).unwrap().games[0];
    let r1 = stage.round(RoundNo(1)).unwrap().games_of(g.red).next().copied().unwrap();
    let old_opponent = if r1.red == g.red { r1.black } else { r1.red };
    let label = |p: StartNo| format!("{p} 棋手{p}");
    h.get_by_label(&label(g.black)).click();
    h.run_steps(2);
    h.get_by_label(&label(old_opponent)).click();
    h.run_steps(2);
    h.key_press(Key::S);
    settle(&mut h);
    h.get_by_label("此修改违反编排规则");
    assert_eq!(event(&h).groups[0].stages[0].round(RoundNo(2)).unwrap().games[0], g, "nothing sent before confirming");
    h.key_press(Key::Enter);
    settle(&mut h);
    let e = event(&h);
    let round2 = e.groups[0].stages[0].round(RoundNo(2)).unwrap();
    let rematch = PairingWarning::Rematch { a: g.red.min(old_opponent), b: g.red.max(old_opponent) };
    assert!(round2.warnings.contains(&rematch), "{:?}", round2.warnings);
    // The warning is shown on the players' boards and listed under the table.
    h.get_by_label(&format!("{} ▲", label(g.red)));
    h.get_by_label_contains("重复对局");

    assert_panels_named(&h);

    // Unpair with U, confirmed by Enter.
    h.key_press(Key::U);
    settle(&mut h);
    h.get_by_label("取消编排 (Enter)");
    h.key_press(Key::Enter);
    settle(&mut h);
    assert_eq!(event(&h).groups[0].stages[0].rounds.len(), 1);
}

// The pair button says why it cannot pair while round 1 lacks results.
#[test]
fn pairing_waits_for_the_last_round_results() {
    let dir = tempfile::tempdir().unwrap();
    let path = event_file(dir.path(), false);
    let mut h = harness(&path, View::Pairings);
    h.get_by_label("第1轮还有 4 台未录入结果。");
    h.key_press(Key::P);
    settle(&mut h);
    assert_eq!(event(&h).groups[0].stages[0].rounds.len(), 1);
    h.state_mut().set_lang(bianpai::ui::Lang::En);
    h.run_steps(2);
    h.get_by_label("Round 1 still has 4 board(s) without a result.");
}

// The P key pairs the next round (keyboard, no text field focused).
#[test]
fn the_p_key_pairs_the_next_round() {
    let dir = tempfile::tempdir().unwrap();
    let path = event_file(dir.path(), true);
    let mut h = harness(&path, View::Pairings);
    h.key_press(Key::P);
    settle(&mut h);
    let e = event(&h);
    assert_eq!(e.groups[0].stages[0].rounds.len(), 2);
    assert!(e.groups[0].stages[0].rounds[1].seed.is_some(), "a fresh seed is recorded");
}

// A fast typist: "1, Enter, 0, Enter" arriving in one frame on a board with a result
// opens the confirmation but does not confirm it — the Enter typed with the key that
// opened the dialog is not an answer to it.
#[test]
fn keys_typed_with_the_one_that_opens_a_confirmation_do_not_confirm_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = event_file(dir.path(), true);
    let mut h = harness(&path, View::Results);
    let enter = |pressed| InputEvent::Key {
        key: Key::Enter,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    };
    h.input_mut().events.extend([
        InputEvent::Text("1".into()),
        enter(true),
        enter(false),
        InputEvent::Text("0".into()),
        enter(true),
        enter(false),
    ]);
    settle(&mut h);
    h.get_by_label("确认更正 (Enter)");
    assert_eq!(result_on(&event(&h), 1, 1), Some(GameResult::plain(Outcome::RedWins)));
    type_keys(&h, "\n");
    settle(&mut h);
    assert_eq!(result_on(&event(&h), 1, 1), Some(GameResult::plain(Outcome::BlackWins)));
}

// Issue 8: Ctrl+Z in the window takes back the newest result (saved, audited), and
// Ctrl+Shift+Z puts it back — once no field has the keyboard (issue 18: in the board
// field Ctrl+Z takes back the key typed, see tests/ui_text_undo.rs).
#[test]
fn ctrl_z_undoes_the_last_result_and_ctrl_shift_z_redoes_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = event_file(dir.path(), false);
    let mut h = harness(&path, View::Results);
    type_keys(&h, "\n1");
    settle(&mut h);
    assert_eq!(result_on(&event(&h), 1, 1).map(|r| r.outcome), Some(Outcome::RedWins));
    h.state_mut().set_view(View::Standings);
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(result_on(&event(&h), 1, 1), None, "undone");
    h.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, Key::Z);
    settle(&mut h);
    assert_eq!(result_on(&event(&h), 1, 1).map(|r| r.outcome), Some(Outcome::RedWins), "redone");
    drop(h);
    let saved = EventFile::open(&path).unwrap();
    assert_eq!(result_on(saved.event(), 1, 1).map(|r| r.outcome), Some(Outcome::RedWins));
    assert!(saved.audit_log().unwrap().iter().any(|e| e.command.contains("\"undo\"")));
}
