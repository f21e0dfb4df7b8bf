//! Each major panel alone on an event held in memory — no event file, no worker thread —
//! through `bianpai::ui::PanelHost` (as egui's demo tests each demo with
//! `Harness::new_ui_state`): what the director types becomes the panel's jobs.

mod common;

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
use egui_kittest::kittest::Queryable;

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
    run(&mut event, Command::AddPlayers { group: G, entries, override_reason: None });
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
    run(&mut event, Command::AddPlayers { group: G, entries, override_reason: None });
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
    assert_eq!(label, "第1轮 第3台 0-1");

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
    assert_eq!(label, "对阵图 第1轮 第1台第1局 1-0");
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
    let jobs = h.state_mut().take_jobs();
    assert_eq!(recorded(&jobs).len(), 2);
    // The rules refuse board 3's result (the stage was closed meanwhile).
    let board_3 = jobs.into_iter().find(|j| recorded(std::slice::from_ref(j))[0].1 == BoardNo(3)).unwrap();
    let state = h.state_mut();
    state.event.groups[0].stages[0].status = bianpai::domain::event::StageStatus::Closed;
    state.jobs = vec![board_3];
    assert!(state.apply_jobs().is_empty());
    state.event.groups[0].stages[0].status = bianpai::domain::event::StageStatus::Open;
    assert_eq!(state.refusals.len(), 1);
    h.run_steps(2);
    h.get_by_label("已录入 1/4");
    h.get_by_label("未保存：第1阶段已结束，成绩不能再改。");
}
