//! Unit tests of the pairing panel: the seed field, colour histories, why pairing is
//! blocked, and hand edits that need confirmation.

use super::*;

#[test]
fn seeds_are_read_from_the_field() {
    assert_eq!(parse_seed("  "), Ok(None));
    assert_eq!(parse_seed(" 2025 "), Ok(Some(2025)));
    assert!(parse_seed("abc").is_err());
    assert!(parse_seed("-1").is_err());
}

/// The panel's environment over `group` of `event` (its first stage), in Chinese.
fn chinese_env<'a>(
    event: &'a crate::domain::event::Event,
    group: &'a crate::domain::event::Group,
    show: &'a std::cell::Cell<Option<crate::ui::env::Show>>,
) -> Env<'a> {
    let stage = group.stages.first();
    Env {
        event,
        group,
        stage,
        lang: Lang::Zh,
        busy: false,
        revision: 0,
        history: None,
        refusals: &[],
        tickets: Default::default(),
        blacklist: None,
        show,
        hall: Box::leak(Box::default()),
    }
}

fn demo() -> crate::domain::event::Event {
    crate::domain::demo::demo_event(7).unwrap()
}

#[test]
fn colour_histories_list_the_earlier_rounds() {
    let event = demo();
    let stage = &event.groups[0].stages[0];
    let last = stage.last_round().unwrap();
    let histories = colour_histories(stage, last.no, Lang::Zh);
    let game = last.games[0];
    // One mark per earlier round the player was in.
    assert_eq!(histories[&game.red].chars().count(), last.no.0 as usize - 1);
    assert!(histories[&game.red].chars().all(|c| "红黑－".contains(c)));
    assert!(colour_histories(stage, RoundNo(1), Lang::Zh).is_empty());
    let en = colour_histories(stage, last.no, Lang::En);
    assert!(en[&game.red].chars().all(|c| "RB-".contains(c)));
}

#[test]
fn pairing_is_blocked_while_the_last_round_is_incomplete() {
    let event = demo();
    let stage = &event.groups[0].stages[0];
    let complete = stage.last_round().unwrap().is_complete();
    let blocker = pair_blocker(stage, 8, Lang::En);
    assert_eq!(blocker.is_some(), !complete || stage.rounds_planned == Some(stage.rounds.len() as u32));
    let mut open = stage.clone();
    open.rounds.clear();
    open.rounds_planned = None;
    assert!(pair_blocker(&open, 16, Lang::Zh).unwrap().contains("建议 5 轮"));
    open.rounds_planned = Some(5);
    assert_eq!(pair_blocker(&open, 16, Lang::Zh), None);
    open.status = StageStatus::Closed;
    assert!(pair_blocker(&open, 16, Lang::Zh).is_some());
}

#[test]
fn an_edit_that_makes_a_rematch_needs_confirmation() {
    let event = demo();
    let group = &event.groups[0];
    let stage = &group.stages[0];
    let show = std::cell::Cell::new(None);
    let env = chinese_env(&event, group, &show);
    // Take round 2 as if it were being paired: swapping a player of board 1 with
    // an earlier opponent of the other makes a rematch.
    let round = stage.round(RoundNo(2)).unwrap().clone();
    let mut trimmed = stage.clone();
    trimmed.rounds.truncate(2);
    let first = stage.round(RoundNo(1)).unwrap();
    let (g, earlier) = round
        .games
        .iter()
        .find_map(|g| {
            let x = first.games_of(g.red).next()?;
            let opponent = if x.red == g.red { x.black } else { x.red };
            (opponent != g.black).then_some((*g, opponent))
        })
        .unwrap();
    let warnings = edit_warnings(&env, &trimmed, &round, PairingEdit::SwapPlayers { a: g.black, b: earlier }).unwrap();
    assert!(warnings.iter().any(|w| matches!(w, PairingWarning::Rematch { .. })), "{warnings:?}");
    assert!(edit_warnings(&env, &trimmed, &round, PairingEdit::SwapColours { board: BoardNo(999) }).is_err());
}

// Issue 36: a colour rule the engine relaxed in the last round is its own, never shown
// as a breach the director confirmed; a hand-made breach is.
#[test]
fn the_engines_colour_relaxation_is_not_shown_as_confirmed() {
    use crate::domain::rules::Colour;
    let engine = PairingWarning::ThirdSameColour { player: StartNo(2), colour: Colour::Red };
    let by_hand = PairingWarning::ThirdSameColour { player: StartNo(3), colour: Colour::Black };
    let notice = PairingWarning::ColoursRelaxed { players: vec![StartNo(2)] };
    let round = Round {
        no: RoundNo(3),
        seed: Some(3),
        games: vec![],
        byes: vec![],
        warnings: vec![engine.clone(), by_hand.clone(), notice.clone()],
        watches: vec![],
        teams: None,
    };
    assert_eq!(table::warning_note(&engine, &round, Lang::Zh), "（编排程序放宽）");
    assert_eq!(table::warning_note(&by_hand, &round, Lang::Zh), "（已确认）");
    assert_eq!(table::warning_note(&notice, &round, Lang::En), "");
}

// R-11.6 (issue 37, item 10): in a group numbered 1…N, a hand edit's label (the status
// bar's and the history's words) names the group's numbers, not the event's.
#[test]
fn hand_edits_name_the_groups_numbers() {
    use crate::domain::command::{Command, apply};
    use crate::domain::player::PlayerEntry;
    let mut event = crate::domain::presets::build_new("huaiyin-2022", None, Some(3)).unwrap();
    let (first, second) = (event.groups[0].id, event.groups[1].id);
    for (group, names) in [(first, ["甲", "乙", "丙", "丁"]), (second, ["戊", "己", "庚", "辛"])] {
        let entries = names.iter().map(|n| PlayerEntry { name: n.to_string(), ..Default::default() }).collect();
        let add = Command::AddPlayers { group, entries, override_reason: Some("测试".into()), left_out: Vec::new() };
        apply(&mut event, &add).unwrap();
    }
    let stage_no = event.groups[1].stages[0].no;
    let round = crate::domain::swiss::pair_next_round(&event, second, stage_no, 1).unwrap();
    apply(&mut event, &Command::PairRound { group: second, stage: stage_no, round }).unwrap();
    let group = &event.groups[1];
    let stage = &group.stages[0];
    let round = stage.round(RoundNo(1)).unwrap().clone();
    let show = std::cell::Cell::new(None);
    let env = chinese_env(&event, group, &show);
    let (a, b) = (round.games[0].red, round.games[1].black);
    assert!(a.0 > 4 && b.0 > 4, "the second group's start numbers follow the first's");
    let (shown_a, shown_b) = (event.shown_no(a), event.shown_no(b));
    assert!(shown_a <= 4 && shown_b <= 4);
    let Job::Execute { label, .. } = edit::edit_job(&env, stage, RoundNo(1), PairingEdit::SwapPlayers { a, b }, false)
    else {
        panic!("an edit is a command")
    };
    assert_eq!(label.zh, format!("第1轮 交换 {shown_a} 与 {shown_b}"));
}
