//! Unit tests of result entry by keyboard: board choice, result, reason and foul keys,
//! corrections, arrows, the late-arrival deadline, and each optimistic entry cleared by
//! the answer to its own ticket.

use super::*;
use crate::domain::event::Game;
use crate::domain::ids::BoardNo;
use crate::domain::result::Outcome;
use crate::ui::key_field::{FieldKey, fold};
use entry::lines_of;

fn round(results: &[Option<Outcome>]) -> Round {
    let games = results
        .iter()
        .enumerate()
        .map(|(i, r)| Game {
            board: BoardNo(i as u32 + 1),
            game: 1,
            red: StartNo(2 * i as u32 + 1),
            black: StartNo(2 * i as u32 + 2),
            result: r.map(GameResult::plain),
        })
        .collect();
    Round { no: RoundNo(2), seed: None, games, byes: vec![], warnings: vec![], watches: vec![], teams: None }
}

fn press(view: &mut ResultsView, round: &Round, keys: &str) {
    for c in keys.chars() {
        let key = match c {
            '\n' => FieldKey::Enter,
            '\x1b' => FieldKey::Escape,
            '\x08' => FieldKey::Backspace,
            '\x7f' => FieldKey::Delete,
            '↑' => FieldKey::Up,
            '↓' => FieldKey::Down,
            c => FieldKey::Char(fold(c)),
        };
        view.key(key, round, Lang::Zh);
    }
}

fn slot(board: u32) -> Slot {
    Slot { board: BoardNo(board), game: 1 }
}

#[test]
fn board_then_enter_then_key_records_and_suggests_the_next_board() {
    let r = round(&[None, None, None, None]);
    let mut v = ResultsView::default();
    press(&mut v, &r, "3\n1");
    assert_eq!(v.outbox.len(), 1);
    let c = v.outbox[0];
    assert_eq!(c.slot, slot(3));
    assert_eq!(c.after, Some(GameResult::plain(Outcome::RedWins)));
    assert!(!c.is_correction());
    assert_eq!(v.armed, None);
    // The suggestion is the next board without a result after 3: 4, then 1.
    assert_eq!(suggestion(&lines_of(&r, &v.sent), v.cursor), Some(slot(4)));
    press(&mut v, &r, "\n=\n0");
    let after: Vec<(Slot, Outcome)> = v.outbox.iter().map(|c| (c.slot, c.after.map(|a| a.outcome).unwrap())).collect();
    assert_eq!(after, vec![(slot(3), Outcome::RedWins), (slot(4), Outcome::Draw), (slot(1), Outcome::BlackWins)]);
}

#[test]
fn result_keys_need_a_chosen_board_and_digits_do_not_record() {
    let r = round(&[None, None, None, None, None, None, None, None, None, None, None, None]);
    let mut v = ResultsView::default();
    // "1" "2" type board 12, not a result on board 1.
    press(&mut v, &r, "12");
    assert!(v.outbox.is_empty());
    press(&mut v, &r, "\n");
    assert_eq!(v.armed, Some(slot(12)));
    // A digit that is no result key is refused while a board waits.
    press(&mut v, &r, "7");
    assert!(v.outbox.is_empty() && v.message.is_some());
    press(&mut v, &r, "5");
    assert_eq!(v.outbox[0].after.unwrap().outcome, Outcome::Draw);
    // No such board.
    press(&mut v, &r, "99\n");
    assert_eq!(v.armed, None);
    assert!(v.message.is_some());
    // A result key before Enter only hints.
    press(&mut v, &r, "3=");
    assert_eq!(v.outbox.len(), 1);
}

#[test]
fn every_result_key_maps_to_its_outcome_with_full_width_forms() {
    let keys = ["1", "＝", "0", "＋", "－", "＊", "5"];
    // The six keys in the order of the outcomes, then 5 for a draw.
    let wanted: Vec<Outcome> = Outcome::ALL.into_iter().chain([Outcome::Draw]).collect();
    for (k, o) in keys.iter().zip(wanted) {
        let r = round(&[None]);
        let mut v = ResultsView::default();
        press(&mut v, &r, &format!("１\n{k}"));
        assert_eq!(v.outbox[0].after.map(|a| a.outcome), Some(o), "key {k}");
    }
}

#[test]
fn reason_and_fouls_go_with_the_result() {
    let r = round(&[None, None]);
    let mut v = ResultsView::default();
    press(&mut v, &r, "2\nt[]]0");
    let after = v.outbox[0].after.unwrap();
    assert_eq!(
        after,
        GameResult { outcome: Outcome::BlackWins, reason: ResultReason::Time, fouls_red: 1, fouls_black: 2 }
    );
    // Late arrival: L then - records red's forfeit with reason late.
    press(&mut v, &r, "1\nL-");
    let late = v.outbox[1].after.unwrap();
    assert_eq!((late.outcome, late.reason), (Outcome::BlackWinsByForfeit, ResultReason::Late));
}

#[test]
fn a_result_on_a_board_with_one_is_a_correction_to_confirm() {
    let r = round(&[Some(Outcome::RedWins), None]);
    let mut v = ResultsView::default();
    press(&mut v, &r, "1\n0");
    assert!(v.outbox.is_empty());
    let pending = v.confirm.unwrap();
    assert_eq!(pending.before, Some(GameResult::plain(Outcome::RedWins)));
    assert_eq!(pending.after, Some(GameResult::plain(Outcome::BlackWins)));
    v.confirm_cancelled();
    assert!(v.confirm.is_none() && v.outbox.is_empty());
    press(&mut v, &r, "1\n0");
    v.confirm_accepted();
    assert_eq!(v.outbox.len(), 1);
    assert!(v.outbox[0].is_correction());
    // The same result again changes nothing.
    let mut w = ResultsView::default();
    press(&mut w, &r, "1\n1");
    assert!(w.confirm.is_none() && w.outbox.is_empty());
    // Delete asks before clearing.
    press(&mut w, &r, "1\n\x7f");
    assert_eq!(w.confirm.map(|c| c.after), Some(None));
}

#[test]
fn a_reason_key_on_a_board_with_a_result_corrects_it_at_once() {
    let r = round(&[Some(Outcome::RedWins)]);
    let mut v = ResultsView::default();
    press(&mut v, &r, "\n");
    // Every result is in: Enter suggests nothing.
    assert_eq!(v.armed, None);
    press(&mut v, &r, "1\nt");
    assert_eq!(v.outbox.len(), 1);
    assert_eq!(v.outbox[0].after.unwrap().reason, ResultReason::Time);
    assert_eq!(v.armed, Some(slot(1)));
}

#[test]
fn arrows_and_escape_move_between_boards() {
    let r = round(&[None, None, None]);
    let mut v = ResultsView::default();
    press(&mut v, &r, "↓");
    assert_eq!(v.armed, Some(slot(2)));
    press(&mut v, &r, "↓↓");
    assert_eq!(v.armed, Some(slot(3)));
    press(&mut v, &r, "↑");
    assert_eq!(v.armed, Some(slot(2)));
    press(&mut v, &r, "\x1b");
    assert_eq!(v.armed, None);
    // Enter on a chosen board skips it.
    press(&mut v, &r, "2\n\n");
    assert_eq!(v.armed, None);
    assert_eq!(suggestion(&lines_of(&r, &v.sent), v.cursor), Some(slot(3)));
}

#[test]
fn the_late_deadline_is_the_start_plus_the_minutes() {
    let d = late_deadline("2022-12-02 19:00", 5).unwrap();
    assert_eq!(d.strftime("%H:%M").to_string(), "19:05");
    assert!(late_deadline("evening", 5).is_none());
}

/// An environment over `event`'s first group and stage with these tickets answered.
fn env_with<'a>(
    event: &'a Event,
    show: &'a std::cell::Cell<Option<crate::ui::env::Show>>,
    refusals: &'a [crate::ui::session::Refusal],
    tickets: crate::ui::session::Tickets<'a>,
) -> Env<'a> {
    let group = &event.groups[0];
    Env {
        event,
        group,
        stage: group.stages.first(),
        lang: Lang::Zh,
        busy: true,
        revision: 1,
        history: None,
        refusals,
        tickets,
        blacklist: None,
        show,
        hall: Box::leak(Box::default()),
    }
}

// issue 40, item 2: two results are entered and the first is refused — only the first's
// optimistic entry is taken back, with why; the second stays until its own answer.
#[test]
fn each_optimistic_entry_clears_when_its_own_answer_arrives() {
    use crate::domain::command::DomainError;
    use crate::ui::session::{Refusal, Tickets};
    let event = crate::domain::presets::build("cxa-swiss", Some("票"), Some(3)).unwrap();
    let stage = &event.groups[0].stages[0];
    let show = std::cell::Cell::new(None);
    let r = round(&[None, None, None]);
    let mut v = ResultsView::default();
    press(&mut v, &r, "1\n1");
    press(&mut v, &r, "2\n0");
    // The frame's list already holds a job of the menus: the results get tickets 8 and 9.
    let mut jobs = vec![Job::LoadHistory];
    let first = Ticket::numbered(7);
    let sending = env_with(&event, &show, &[], Tickets { first, ..Tickets::default() });
    send_changes(&mut v, &sending, stage, false, &mut jobs);
    assert_eq!(jobs.len(), 3);
    // The label is worded in both languages where it is made, for a later switch.
    let Job::Execute { label, .. } = &jobs[1] else { panic!("{jobs:?}") };
    assert!(label.zh.starts_with("第2轮") && label.en.starts_with("Round 2"), "{label:?}");
    let (one, two) = (first.after(1), first.after(2));
    assert_eq!(v.asked.keys().copied().collect::<Vec<_>>(), vec![one, two]);
    let shown = |v: &ResultsView| v.sent.keys().map(|(_, s)| s.board.0).collect::<Vec<_>>();
    assert_eq!(shown(&v), vec![1, 2]);

    // The first is refused; the second is not answered yet (the worker is busy).
    let refusals = [Refusal { ticket: one, error: DomainError::UnknownRound(RoundNo(2)) }];
    let unsaved = [one];
    let refused =
        env_with(&event, &show, &refusals, Tickets { first: first.after(3), through: one, unsaved: &unsaved });
    take_answers(&mut v, &refused);
    assert_eq!(shown(&v), vec![2], "only the refused entry is taken back");
    assert!(v.message.as_deref().is_some_and(|m| !m.is_empty()), "why is said beside the field");
    v.message = None;

    // Another job's answer (the menu's) does not clear it either; its own does.
    take_answers(&mut v, &refused);
    assert_eq!(shown(&v), vec![2]);
    let saved = env_with(&event, &show, &refusals, Tickets { first: first.after(3), through: two, unsaved: &unsaved });
    take_answers(&mut v, &saved);
    assert!(v.sent.is_empty() && v.asked.is_empty());
    assert_eq!(v.message, None, "a saved result says nothing beside the field");
}

// issue 40, item 2: a board sent again before the first answer keeps its newer entry
// until that job is answered too.
#[test]
fn a_board_sent_twice_keeps_the_newer_entry_until_its_answer() {
    use crate::ui::session::Tickets;
    let event = crate::domain::presets::build("cxa-swiss", Some("票"), Some(3)).unwrap();
    let stage = &event.groups[0].stages[0];
    let show = std::cell::Cell::new(None);
    let r = round(&[None]);
    let mut v = ResultsView::default();
    press(&mut v, &r, "1\n1");
    let mut jobs = Vec::new();
    let first = Ticket::numbered(1);
    send_changes(
        &mut v,
        &env_with(&event, &show, &[], Tickets { first, ..Tickets::default() }),
        stage,
        false,
        &mut jobs,
    );
    // Amended before the first answer: a reason key on the board shown with 1-0.
    let r1 = round(&[Some(Outcome::RedWins)]);
    press(&mut v, &r1, "1\nt");
    send_changes(
        &mut v,
        &env_with(&event, &show, &[], Tickets { first, ..Tickets::default() }),
        stage,
        false,
        &mut jobs,
    );
    assert_eq!(v.asked.len(), 2);
    let first_answered = Tickets { first: first.after(2), through: first, unsaved: &[] };
    take_answers(&mut v, &env_with(&event, &show, &[], first_answered));
    assert_eq!(v.sent.len(), 1, "the newer entry stays");
    let both = Tickets { first: first.after(2), through: first.after(1), unsaved: &[] };
    take_answers(&mut v, &env_with(&event, &show, &[], both));
    assert!(v.sent.is_empty());
}
