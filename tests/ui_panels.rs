//! Each major panel alone on an event held in memory — no event file, no worker thread —
//! through `bianpai::ui::PanelHost` (as egui's demo tests each demo with
//! `Harness::new_ui_state`): what the director types becomes the panel's jobs.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::ui::bracket_ui::BracketView;
use bianpai::ui::pairing_ui::PairingView;
use bianpai::ui::results_ui::ResultsView;
use bianpai::ui::{Job, Panel, PanelHost};
use common::ui::{WindowSetup, panel_harness};
use egui::{Event as InputEvent, Key};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

const G: GroupId = GroupId(1);

/// Applies a command to the event in memory.
fn run(event: &mut Event, command: Command) {
    apply(event, &command).unwrap();
}

/// Pairs the next round of `stage` and, with `result`, records it on every board.
fn play_round(event: &mut Event, stage: StageNo, seed: u64, result: Option<Outcome>) {
    let round = pair_next_round(event, G, stage, seed).unwrap();
    let (no, boards): (RoundNo, Vec<BoardNo>) = (round.no, round.games.iter().map(|g| g.board).collect());
    run(event, Command::PairRound { group: G, stage, round });
    for board in boards.into_iter().filter(|_| result.is_some()) {
        let result = result.map(GameResult::plain);
        run(event, Command::RecordResult { group: G, stage, round: no, board, game: 1, result });
    }
}

/// A cxa-swiss event of 8 players with round 1 paired, and with `results` recorded.
fn swiss_event(results: bool) -> Event {
    let mut event = presets::build("cxa-swiss", Some("面板测试赛"), Some(3)).unwrap();
    let entries = (1..=8).map(|i| PlayerEntry { name: format!("棋手{i}"), ..Default::default() }).collect();
    run(&mut event, Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() });
    play_round(&mut event, StageNo(1), 7, results.then_some(Outcome::RedWins));
    event
}

/// A lingting-cup event of 8 players whose knockout (stage 3) has its quarter-finals paired.
fn knockout_event() -> Event {
    let mut event = presets::build("lingting-cup", Some("面板测试赛"), Some(1)).unwrap();
    event.groups[0].stages[1].rounds_planned = Some(1);
    let entries = (1..=8)
        .map(|i| PlayerEntry { name: format!("棋手{i}"), rating: Some(2000 - i), ..Default::default() })
        .collect();
    run(&mut event, Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() });
    for stage in [StageNo(1), StageNo(2)] {
        play_round(&mut event, stage, 11, Some(Outcome::RedWins));
        run(&mut event, Command::AdvanceStage { group: G, stage, nominees: vec![] });
    }
    play_round(&mut event, StageNo(3), 1, None);
    event
}

fn harness<P: Panel + 'static>(host: PanelHost<P>) -> Harness<'static, PanelHost<P>> {
    let mut h = panel_harness(host, WindowSetup::default());
    // A few frames: the keyboard field takes the focus.
    h.run_steps(3);
    h
}

/// Types `keys` into the focused widget (`\n` is Enter).
fn type_keys<P: Panel>(h: &mut Harness<'_, PanelHost<P>>, keys: &str) {
    for c in keys.chars() {
        match c {
            '\n' => h.key_press(Key::Enter),
            c => h.event(InputEvent::Text(c.to_string())),
        }
    }
    h.run_steps(2);
}

/// The `RecordResult` commands among `jobs`: (round, board, game, result).
fn recorded(jobs: &[Job]) -> Vec<(RoundNo, BoardNo, u32, Option<GameResult>)> {
    jobs.iter()
        .flat_map(|job| match job {
            Job::Execute { commands, .. } => commands.clone(),
            _ => Vec::new(),
        })
        .filter_map(|command| match command {
            Command::RecordResult { round, board, game, result, .. } => Some((round, board, game, result)),
            _ => None,
        })
        .collect()
}

// Board 3, Enter, `0` on the results panel: one RecordResult job; applied in memory,
// the panel then shows the board as entered.
#[test]
fn typing_a_result_on_the_results_panel_emits_a_record_result() {
    let mut h = harness(PanelHost::new(ResultsView::default(), swiss_event(false)));
    h.get_by_label("已录入 0/4");
    type_keys(&mut h, "3\n0");
    let jobs = h.state_mut().take_jobs();
    let black_wins = Some(GameResult::plain(Outcome::BlackWins));
    assert_eq!(recorded(&jobs), vec![(RoundNo(1), BoardNo(3), 1, black_wins)]);
    let Job::Execute { label, .. } = &jobs[0] else { panic!("{jobs:?}") };
    assert_eq!(label.zh, "第1轮 第3台 0-1");

    h.state_mut().jobs = jobs;
    assert!(h.state_mut().apply_jobs().is_empty());
    h.run_steps(2);
    h.get_by_label("已录入 1/4");
    let round = &h.state().event.groups[0].stages[0].rounds[0];
    assert_eq!(round.games.iter().find(|g| g.board == BoardNo(3)).unwrap().result, black_wins);
}

// `P` on the pairing panel, with round 1 complete, asks the worker to pair round 2.
#[test]
fn the_p_key_on_the_pairing_panel_emits_a_pair_job() {
    let mut h = harness(PanelHost::new(PairingView::default(), swiss_event(true)));
    h.get_by_label("编排下一轮 (P)");
    h.key_press(Key::P);
    h.run_steps(2);
    let jobs = h.state_mut().take_jobs();
    assert!(
        matches!(jobs.as_slice(), [Job::Pair { group: G, stage: StageNo(1), .. }]),
        "one pairing of stage 1: {jobs:?}"
    );
}

// issue 40, item 2: the pairing's progress ends when the answer to its own job arrives,
// though the worker is still busy with a job sent after it.
#[test]
fn the_pairing_progress_ends_with_its_own_answer() {
    let mut h = harness(PanelHost::new(PairingView::default(), swiss_event(true)));
    let ticket = h.state().ticket_of(0);
    h.key_press(Key::P);
    h.run_steps(2);
    let mut jobs = h.state_mut().take_jobs();
    assert!(matches!(jobs.as_slice(), [Job::Pair { .. }]), "{jobs:?}");
    h.state_mut().busy = true;
    h.run_steps(2);
    assert!(h.query_by_label("取消编排 (Esc)").is_some(), "the pairing is under way");
    let pair = jobs.remove(0);
    assert!(h.state_mut().answer_job(ticket, pair).is_some(), "a pairing is no command");
    h.run_steps(2);
    assert!(h.state().busy, "another job is still with the worker");
    assert!(h.query_by_label("取消编排 (Esc)").is_none(), "its own answer ends the run");
}

// A result key in the bracket records the chosen game (the first of the quarter-finals)
// with the bracket's label.
#[test]
fn a_result_key_in_the_bracket_emits_a_record_result() {
    let mut host = PanelHost::new(BracketView::default(), knockout_event());
    host.stage = Some(StageNo(3));
    let mut h = harness(host);
    h.get_by_label("1/4决赛 · 第1轮");
    type_keys(&mut h, "1");
    let jobs = h.state_mut().take_jobs();
    assert_eq!(recorded(&jobs), vec![(RoundNo(1), BoardNo(1), 1, Some(GameResult::plain(Outcome::RedWins)))]);
    let Job::Execute { label, .. } = &jobs[0] else { panic!("{jobs:?}") };
    assert_eq!(label.zh, "对阵图 第1轮 第1台第1局 1-0");
    h.state_mut().jobs = jobs;
    h.state_mut().apply_jobs();
    h.run_steps(2);
    assert_eq!(h.state().revision, 2, "one change applied in memory");
}

// Issue 16: a refusal reaches the results panel typed: exactly the refused entry is
// taken back (another one still waiting for the worker stays), and the reason shows
// beside the board field in the director's language.
#[test]
fn a_refused_result_is_taken_back_alone_and_explained() {
    let mut host = PanelHost::new(ResultsView::default(), swiss_event(false));
    host.busy = true; // the worker has not answered yet: entries are shown as sent
    let mut h = harness(host);
    type_keys(&mut h, "3\n0");
    type_keys(&mut h, "2\n1");
    h.get_by_label("已录入 2/4");
    let first = h.state().ticket_of(0);
    let jobs = h.state_mut().take_jobs();
    assert_eq!(recorded(&jobs).len(), 2);
    // The rules refuse board 3's result (the stage was closed meanwhile); it was sent
    // first, so the worker answers it first, by its ticket (issue 40, item 2).
    let (i, board_3) =
        jobs.into_iter().enumerate().find(|(_, j)| recorded(std::slice::from_ref(j))[0].1 == BoardNo(3)).unwrap();
    assert_eq!(i, 0);
    let state = h.state_mut();
    state.event.groups[0].stages[0].status = bianpai::domain::event::StageStatus::Closed;
    assert!(state.answer_job(first.after(i), board_3).is_none());
    state.event.groups[0].stages[0].status = bianpai::domain::event::StageStatus::Open;
    assert_eq!(state.refusals.len(), 1);
    h.run_steps(2);
    h.get_by_label("已录入 1/4");
    h.get_by_label("未保存：第1阶段已结束，成绩不能再改。");
}

/// The `EditPairing` commands among `jobs`.
fn edits(jobs: &[Job]) -> Vec<Command> {
    jobs.iter()
        .flat_map(|job| match job {
            Job::Execute { commands, .. } => commands.clone(),
            _ => Vec::new(),
        })
        .filter(|c| matches!(c, Command::EditPairing { .. } | Command::SetBoardWatch { .. }))
        .collect()
}

fn swap_of(board: u32) -> Command {
    use bianpai::domain::swiss::PairingEdit;
    let edit = PairingEdit::SwapColours { board: BoardNo(board) };
    Command::EditPairing { group: G, stage: StageNo(3), round: RoundNo(1), edit, confirmed: false }
}

/// Board 1's games of the knockout's round 1 as (red, black).
fn board_1(event: &Event) -> Vec<(u32, u32)> {
    let round = &event.groups[0].stages[2].rounds[0];
    round.games.iter().filter(|g| g.board == BoardNo(1)).map(|g| (g.red.0, g.black.0)).collect()
}

// R-6.2 (issue 19 item 3): on the pairing panel of a knockout round without results the
// director records the higher seed's choice of colours — click the match's number, then
// 交换先后手 (C) — with no "the round has results" notice; after a result of the match
// choosing its number no longer enables the swap and C sends nothing.
#[test]
fn the_pairing_panel_swaps_a_knockout_matchs_colours_until_its_first_result() {
    use egui::accesskit::Role;
    let mut host = PanelHost::new(PairingView::default(), knockout_event());
    host.stage = Some(StageNo(3));
    let mut h = harness(host);
    assert!(h.query_by_label_contains("本轮已有结果").is_none(), "no result yet");
    let before = board_1(&h.state().event);
    h.get_all_by_role_and_label(Role::Button, "1").next().expect("board 1 can be chosen").click();
    h.run_steps(2);
    assert!(!h.get_by_label("交换先后手 (C)").accesskit_node().is_disabled());
    h.get_by_label("交换先后手 (C)").click();
    h.run_steps(2);
    let jobs = h.state_mut().take_jobs();
    assert_eq!(edits(&jobs), vec![swap_of(1)]);
    h.state_mut().jobs = jobs;
    assert!(h.state_mut().apply_jobs().is_empty());
    h.run_steps(2);
    let swapped: Vec<(u32, u32)> = before.iter().map(|(r, b)| (*b, *r)).collect();
    assert_eq!(board_1(&h.state().event), swapped, "both games swap");

    run(
        &mut h.state_mut().event,
        Command::RecordResult {
            group: G,
            stage: StageNo(3),
            round: RoundNo(1),
            board: BoardNo(1),
            game: 1,
            result: Some(GameResult::plain(Outcome::Draw)),
        },
    );
    h.state_mut().revision += 1;
    h.run_steps(2);
    // Board 1 can still be chosen for its explanation, no longer for a swap.
    h.get_all_by_role_and_label(Role::Button, "1").next().expect("board 1, for its explanation").click();
    h.run_steps(2);
    assert!(h.get_by_label("交换先后手 (C)").accesskit_node().is_disabled(), "board 1 has a result");
    h.key_press(Key::C);
    h.run_steps(2);
    assert!(edits(&h.state_mut().take_jobs()).is_empty());
    assert!(h.query_by_label_contains("本轮已有结果").is_none(), "other matches can still choose");
}

// R-6.2 (issue 19 item 3): the bracket offers 交换先后手 (C) on the chosen match while it
// has no result — by the button or the C key — and not once it has one.
#[test]
fn the_bracket_swaps_colours_only_before_the_matchs_first_result() {
    let mut host = PanelHost::new(BracketView::default(), knockout_event());
    host.stage = Some(StageNo(3));
    let mut h = harness(host);
    h.get_by_label("交换先后手 (C)").click();
    h.run_steps(2);
    type_keys(&mut h, "c");
    let jobs = h.state_mut().take_jobs();
    assert_eq!(edits(&jobs), vec![swap_of(1), swap_of(1)], "button and key, the chosen match 1");
    // A result on match 1 (the choice moves to its game 2): no swap offered.
    type_keys(&mut h, "1");
    let jobs = h.state_mut().take_jobs();
    h.state_mut().jobs = jobs;
    h.state_mut().apply_jobs();
    h.run_steps(2);
    // Issue 39, item 1: disabled, not hidden, so that the bar keeps its place.
    assert!(h.get_by_label("交换先后手 (C)").accesskit_node().is_disabled(), "match 1 has begun");
    type_keys(&mut h, "c");
    assert!(edits(&h.state_mut().take_jobs()).is_empty());
}

// R-8.3 (issue 19 item 6): in a video stage the pairing panel records a board's agreed
// game time — 07:59 refused with the reason, 08:00 sent — and shows the time and the
// watching official in the table.
#[test]
fn the_pairing_panel_records_game_times_and_watchers_of_a_video_stage() {
    use bianpai::domain::watch::GameTime;
    use egui::accesskit::Role;
    let mut host = PanelHost::new(PairingView::default(), knockout_event());
    host.stage = Some(StageNo(3));
    let mut h = harness(host);
    h.get_by_label("对局时间与挂盘手");
    let field = || Role::TextInput;
    h.get_by_role_and_label(field(), "对局时间").focus();
    h.get_by_role_and_label(field(), "对局时间").type_text("07:59");
    h.key_press(Key::Enter);
    h.run_steps(2);
    h.get_by_label("对局时间 07:59 不在规定的 08:00 至 22:00 之间。");
    assert!(edits(&h.state_mut().take_jobs()).is_empty(), "nothing sent");
    h.get_by_role_and_label(field(), "对局时间").focus();
    for _ in 0..5 {
        h.key_press(Key::Backspace);
    }
    h.get_by_role_and_label(field(), "对局时间").type_text("08:00");
    h.key_press(Key::Enter);
    h.run_steps(2);
    let jobs = h.state_mut().take_jobs();
    let expected = Command::SetBoardWatch {
        group: G,
        stage: StageNo(3),
        round: RoundNo(1),
        board: BoardNo(1),
        time: GameTime::at(8, 0),
        watcher: None,
    };
    assert_eq!(edits(&jobs), vec![expected]);
    h.state_mut().jobs = jobs;
    assert!(h.state_mut().apply_jobs().is_empty());
    let watcher = Command::SetBoardWatch {
        group: G,
        stage: StageNo(3),
        round: RoundNo(1),
        board: BoardNo(2),
        time: GameTime::at(21, 30),
        watcher: Some("蛋总".into()),
    };
    run(&mut h.state_mut().event, watcher);
    h.state_mut().revision += 1;
    h.run_steps(3);
    assert!(h.get_all_by_label("挂盘手").count() >= 2, "the form's field and the table's column");
    assert!(h.get_all_by_label("08:00").count() >= 1, "board 1's time in the table");
    assert!(h.get_all_by_label("21:30").count() >= 1 && h.get_all_by_label("蛋总").count() >= 1);
}
