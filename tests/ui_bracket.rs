//! The knockout bracket (对阵图, R-6.6) driven through the real window, headless
//! (egui_kittest): a lingting-cup event whose 8-player knockout is open with its first
//! round paired; results entered from the bracket by keyboard and by click are saved,
//! the winner (keeping the better seed, R-6.4) shows in the next round's box, a level
//! match gets its 25-minute playoff game, a correction asks first, and the
//! bracket's button pairs the semi-finals once every quarter-final is decided. A playoff
//! game appearing neither moves the keyboard's choice nor any other match's box
//! (issue 39, item 1).

use crate::common;

use bianpai::domain::command::Command;
use bianpai::domain::event::{Event, Game, StageStatus};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::EventFile;
use bianpai::ui::{BianpaiApp, View};
use common::ui::{WindowSetup, app_harness};
use egui::accesskit::Role;
use egui::{Event as InputEvent, Key};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::path::{Path, PathBuf};
use std::time::Duration;

const G: GroupId = GroupId(1);
const KNOCKOUT: StageNo = StageNo(3);

/// A lingting-cup event of 8 players: one round of the club qualifier, one of the
/// video Swiss (both advanced with `AdvanceStage`), and the knockout's first round
/// (quarter-finals) paired. Returns the file and the knockout's seeds, best first.
fn event_file(dir: &Path) -> (PathBuf, Vec<StartNo>) {
    let mut event = presets::build("lingting-cup", Some("对阵图测试赛"), Some(1)).unwrap();
    event.groups[0].stages[1].rounds_planned = Some(1);
    let path = dir.join("bracket.bianpai");
    let mut f = EventFile::create(&path, &event).unwrap();
    let entries = (1..=8)
        .map(|i| PlayerEntry { name: format!("棋手{i}"), rating: Some(2000 - i), ..Default::default() })
        .collect();
    f.execute(&Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    for stage in [StageNo(1), StageNo(2)] {
        let round = pair_next_round(f.event(), G, stage, 11).unwrap();
        let (no, boards): (RoundNo, Vec<BoardNo>) = (round.no, round.games.iter().map(|g| g.board).collect());
        f.execute(&Command::PairRound { group: G, stage, round }).unwrap();
        for board in boards {
            let result = Some(GameResult::plain(Outcome::RedWins));
            f.execute(&Command::RecordResult { group: G, stage, round: no, board, game: 1, result }).unwrap();
        }
        f.execute(&Command::AdvanceStage { group: G, stage, nominees: vec![] }).unwrap();
    }
    let knockout = f.event().group(G).unwrap().stage(KNOCKOUT).unwrap();
    assert_eq!(knockout.status, StageStatus::Open);
    let seeds = knockout.entrants.clone();
    assert_eq!(seeds.len(), 8, "the Swiss' top 16 of 8 players: all 8 enter the knockout");
    let round = pair_next_round(f.event(), G, KNOCKOUT, 1).unwrap();
    f.execute(&Command::PairRound { group: G, stage: KNOCKOUT, round }).unwrap();
    (path, seeds)
}

fn harness(path: &Path) -> Harness<'static, BianpaiApp> {
    let mut app = BianpaiApp::opening(path, None);
    app.set_view(View::Bracket);
    // The top bar's group selector is not this file's.
    let mut harness =
        app_harness(app, WindowSetup { size: [1280.0, 1000.0], accessibility_check: false, ..WindowSetup::default() });
    harness.run_steps(3);
    harness
}

/// Runs the queued input, lets the worker save, and shows the saved event.
fn settle(harness: &mut Harness<'_, BianpaiApp>) {
    harness.step();
    harness.state_mut().session_mut().wait_idle(Duration::from_secs(10));
    harness.run_steps(3);
}

/// Types `keys` into the focused widget: `\x1b` is Esc, `↑` `↓` arrows, anything else text.
fn type_keys(harness: &Harness<'_, BianpaiApp>, keys: &str) {
    for c in keys.chars() {
        match c {
            '\x1b' => harness.key_press(Key::Escape),
            '↑' => harness.key_press(Key::ArrowUp),
            '↓' => harness.key_press(Key::ArrowDown),
            c => harness.event(InputEvent::Text(c.to_string())),
        }
    }
}

fn event(harness: &Harness<'_, BianpaiApp>) -> Event {
    harness.state().event().cloned().unwrap()
}

/// The games of a knockout match.
fn games(event: &Event, round: u32, board: u32) -> Vec<Game> {
    let stage = event.group(G).unwrap().stage(KNOCKOUT).unwrap();
    let round = stage.round(RoundNo(round)).unwrap();
    round.games.iter().filter(|g| g.board == BoardNo(board)).copied().collect()
}

fn outcomes(event: &Event, round: u32, board: u32) -> Vec<Option<Outcome>> {
    games(event, round, board).iter().map(|g| g.result.map(|r| r.outcome)).collect()
}

/// `[seed] name` of the player holding `seed` (1-based) of the knockout's seeding.
fn seeded(event: &Event, seeds: &[StartNo], shown_seed: u32, player_seed: usize) -> String {
    let name = &event.player(seeds[player_seed - 1]).unwrap().entry.name;
    format!("[{shown_seed}] {name}")
}

fn field_value(harness: &Harness<'_, BianpaiApp>) -> String {
    harness.get_by_role_and_label(Role::TextInput, "选定对局").value().unwrap_or_default()
}

// R-6.6 (issue acceptance): enter a knockout result from the bracket view and see the
// winner advance; level → playoff; correction asks; the next round paired from the
// bracket.
#[test]
fn results_entered_from_the_bracket_advance_the_winners() {
    let dir = tempfile::tempdir().unwrap();
    let (path, seeds) = event_file(dir.path());
    let mut h = harness(&path);
    let e = event(&h);

    // Three columns named from their matches; the empty ones hold the seeds to come.
    h.get_by_label("1/4决赛 · 第1轮");
    h.get_by_label("半决赛 · 第2轮");
    h.get_by_label("决赛与三四名 · 第3轮");
    h.get_by_label("[1] 待定（第1台胜者）");
    h.get_by_label("[4] 待定（第4台胜者）");
    h.get_by_label("第1局 红[1] 黑[8] 未赛");
    h.get_by_label("第2局 红[8] 黑[1] 未赛");
    assert_eq!(h.get_all_by_label(&seeded(&e, &seeds, 1, 1)).count(), 1);
    assert!(h.get_by_role_and_label(Role::TextInput, "选定对局").is_focused(), "the bracket holds the keyboard");
    assert!(field_value(&h).starts_with("第1轮 第1台 第1局"), "the first game without a result is chosen");

    // Match 1 (seed 1 – seed 8) by keyboard: 1 (red, seed 1, wins game 1), then the
    // choice moves to game 2 where seed 1 is black: 0 (black wins).
    type_keys(&h, "10");
    settle(&mut h);
    let e = event(&h);
    assert_eq!(outcomes(&e, 1, 1), [Some(Outcome::RedWins), Some(Outcome::BlackWins)], "both games saved");
    h.get_by_label("第1局 红[1] 黑[8] 1-0");
    h.get_by_label("第2局 红[8] 黑[1] 0-1");
    h.get_by_label("4 : 0");
    // The winner keeps seed 1 and now stands in the semi-final's box.
    assert!(h.query_by_label("[1] 待定（第1台胜者）").is_none());
    assert_eq!(h.get_all_by_label(&seeded(&e, &seeds, 1, 1)).count(), 2, "in match 1 and in the semi-final");

    // The choice moved on to the next undecided match in the column: match 4 (seed 4 –
    // seed 5). Two draws: level, and the 25-minute playoff game appears by itself.
    assert!(field_value(&h).starts_with("第1轮 第4台 第1局"), "{}", field_value(&h));
    type_keys(&h, "5=");
    settle(&mut h);
    h.get_by_label("加赛 25分钟 第3局 红[4] 黑[5] 未赛");
    h.get_by_label("2 : 2 加赛");
    assert_eq!(games(&event(&h), 1, 4).len(), 3, "the playoff game was added");
    // Issue 39, item 3: the choice moved on to the next match on screen, not into the
    // playoff game; the director picks that by hand.
    assert!(field_value(&h).starts_with("第1轮 第2台 第1局"), "{}", field_value(&h));
    h.get_by_label("加赛 25分钟 第3局 红[4] 黑[5] 未赛").click();
    h.run_steps(2);
    // Seed 4 (red in game 3) wins the playoff and advances.
    type_keys(&h, "1");
    settle(&mut h);
    let e = event(&h);
    assert_eq!(outcomes(&e, 1, 4), [Some(Outcome::Draw), Some(Outcome::Draw), Some(Outcome::RedWins)]);
    h.get_by_label("加赛 25分钟 第3局 红[4] 黑[5] 1-0");
    assert_eq!(h.get_all_by_label(&seeded(&e, &seeds, 4, 4)).count(), 2);

    // Match 2 (seed 2 – seed 7) by arrows: down to game 2 and back up, then 1 and =.
    assert!(field_value(&h).starts_with("第1轮 第2台 第1局"), "{}", field_value(&h));
    type_keys(&h, "↓");
    settle(&mut h);
    assert!(field_value(&h).starts_with("第1轮 第2台 第2局"));
    type_keys(&h, "↑");
    settle(&mut h);
    type_keys(&h, "1=");
    settle(&mut h);
    assert_eq!(outcomes(&event(&h), 1, 2), [Some(Outcome::RedWins), Some(Outcome::Draw)]);

    // Match 3 (seed 3 – seed 6) by mouse: click game 1, then the 0-1 button; seed 6
    // wins game 2 too and carries seed 3 into the semi-final.
    h.get_by_label("第1局 红[3] 黑[6] 未赛").click();
    h.run_steps(2);
    h.get_by_label("0-1").click();
    settle(&mut h);
    h.get_by_label("第2局 红[6] 黑[3] 未赛").click();
    h.run_steps(2);
    type_keys(&h, "1");
    settle(&mut h);
    let e = event(&h);
    assert_eq!(outcomes(&e, 1, 3), [Some(Outcome::BlackWins), Some(Outcome::RedWins)]);
    h.get_by_label(&seeded(&e, &seeds, 3, 6));

    // a second result on a game asks first; Esc keeps the saved one.
    h.get_by_label("第1局 红[1] 黑[8] 1-0").click();
    h.run_steps(2);
    type_keys(&h, "=");
    settle(&mut h);
    h.get_by_label("确认更正 (Enter)");
    h.get_by_label("原结果： 1-0 红胜");
    type_keys(&h, "\x1b");
    settle(&mut h);
    assert!(h.query_by_label("确认更正 (Enter)").is_none());
    assert_eq!(outcomes(&event(&h), 1, 1), [Some(Outcome::RedWins), Some(Outcome::BlackWins)]);

    // Every quarter-final decided: the bracket's button pairs the semi-finals —
    // seed 1 – seed 4 and seed 2 – seed 3 (held by the 6th seed).
    h.get_by_label("编排下一轮 (P)").click();
    settle(&mut h);
    let e = event(&h);
    let first = |board: u32| games(&e, 2, board).first().map(|g| (g.red, g.black));
    assert_eq!(first(1), Some((seeds[0], seeds[3])));
    assert_eq!(first(2), Some((seeds[1], seeds[5])));
    h.get_by_label("第1局 红[1] 黑[4] 未赛");
    h.get_by_label("第1局 红[2] 黑[3] 未赛");
    h.get_by_label("[1] 待定（第1台胜者）");
    assert!(field_value(&h).starts_with("第2轮 第1台 第1局"), "the choice moves into the new round");
}

// A stage that is not a knockout shows a note instead of a bracket.
#[test]
fn a_swiss_stage_shows_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let event = presets::build("cxa-swiss", Some("瑞士制"), Some(3)).unwrap();
    let path = dir.path().join("swiss.bianpai");
    drop(EventFile::create(&path, &event).unwrap());
    let h = harness(&path);
    h.get_by_label_contains("对阵图用于淘汰赛阶段");
}

/// The quarter-finals' file of [`event_file`] with game 1 of match 1 (seed 1 – seed 8)
/// drawn and game 1 of match 4 (seed 4 – seed 5) won by red: a draw in match 1's game 2
/// makes it level.
fn nearly_level_file(dir: &Path) -> PathBuf {
    let (path, _) = event_file(dir);
    let mut f = EventFile::open(&path).unwrap();
    for (board, outcome) in [(1, Outcome::Draw), (4, Outcome::RedWins)] {
        let (round, board, result) = (RoundNo(1), BoardNo(board), Some(GameResult::plain(outcome)));
        f.execute(&Command::RecordResult { group: G, stage: KNOCKOUT, round, board, game: 1, result }).unwrap();
    }
    path
}

// Issue 39, item 1 (the bracket's keyboard): a result that makes match 1 level brings
// its playoff game while the choice stands on match 4's game 2; the choice stays there
// and the next result typed is saved on match 4's game 2, not in the new playoff game.
#[test]
fn a_new_playoff_game_does_not_take_the_keyboard() {
    let dir = tempfile::tempdir().unwrap();
    let path = nearly_level_file(dir.path());
    let mut h = harness(&path);
    h.get_by_label("第2局 红[8] 黑[1] 未赛").click();
    h.run_steps(2);
    assert!(field_value(&h).starts_with("第1轮 第1台 第2局"), "{}", field_value(&h));
    type_keys(&h, "=");
    h.run_steps(2);
    assert!(field_value(&h).starts_with("第1轮 第4台 第2局"), "on to the next game on screen: {}", field_value(&h));
    settle(&mut h);
    h.get_by_label("加赛 25分钟 第3局 红[1] 黑[8] 未赛");
    assert_eq!(games(&event(&h), 1, 1).len(), 3, "match 1 is level: its playoff game was added");
    assert!(field_value(&h).starts_with("第1轮 第4台 第2局"), "the choice stays put: {}", field_value(&h));
    type_keys(&h, "0");
    settle(&mut h);
    let e = event(&h);
    assert_eq!(outcomes(&e, 1, 4), [Some(Outcome::RedWins), Some(Outcome::BlackWins)], "saved on match 4's game 2");
    assert_eq!(outcomes(&e, 1, 1), [Some(Outcome::Draw), Some(Outcome::Draw), None], "the playoff game is untouched");
}

// Issue 39, item 1 (the bracket's layout): the playoff game of match 1 appears in its
// own box; every other match's box and game cell stays where it was on screen.
#[test]
fn a_new_playoff_row_moves_no_other_box() {
    let dir = tempfile::tempdir().unwrap();
    let path = nearly_level_file(dir.path());
    let mut h = harness(&path);
    let watched =
        ["第4台", "第2台", "第3台", "第2局 红[5] 黑[4] 未赛", "第1局 红[2] 黑[7] 未赛", "第1局 红[3] 黑[6] 未赛"];
    let rects = |h: &Harness<'_, BianpaiApp>| watched.map(|label| h.get_by_label(label).rect());
    let before = rects(&h);
    let first_box = h.get_by_label("第1台").rect();
    h.get_by_label("第2局 红[8] 黑[1] 未赛").click();
    h.run_steps(2);
    type_keys(&h, "=");
    settle(&mut h);
    h.get_by_label("加赛 25分钟 第3局 红[1] 黑[8] 未赛");
    assert_eq!(h.get_by_label("第1台").rect(), first_box, "match 1's box keeps its place");
    for (label, (was, is)) in watched.iter().zip(before.iter().zip(rects(&h))) {
        assert_eq!(*was, is, "{label} moved when match 1's playoff game appeared");
    }
    // Nor does a hint about a key, or a chosen game with a result (清除结果 enabled).
    type_keys(&h, "7");
    h.run_steps(2);
    h.get_by_label("结果键：1 = 5 0 + - *");
    h.get_by_label("第1局 红[1] 黑[8] 1/2").click();
    h.run_steps(2);
    assert!(!h.get_by_label("清除结果 (Del)").accesskit_node().is_disabled());
    for (label, (was, is)) in watched.iter().zip(before.iter().zip(rects(&h))) {
        assert_eq!(*was, is, "{label} moved with the hint or the chosen game");
    }
}
