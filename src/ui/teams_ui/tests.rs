//! Unit tests of the teams panel's parts: the team form's moves and the rounds whose
//! line-ups may still change (the panel itself is driven in `tests/ui_teams.rs`).

use super::form::TeamForm;
use super::lineups::open_rounds;
use crate::domain::command::{Command, TeamCommand, apply};
use crate::domain::event::Event;
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::model::team::{Team, TeamId};
use crate::domain::player::PlayerEntry;
use crate::domain::result::{GameResult, Outcome};

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// A cxa-team event of two boards and 3 rounds with 4 teams of 3 (players 3t−2 … 3t).
fn four_teams() -> Event {
    let mut e = crate::domain::presets::build("cxa-team", None, Some(3)).unwrap();
    assert!(crate::domain::presets::set_team_boards(&mut e, 2));
    let entries = (1..=12).map(|i| PlayerEntry { name: format!("P{i}"), ..Default::default() }).collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    for t in 0..4u32 {
        let members = (1..=3).map(|i| StartNo(3 * t + i)).collect();
        let team = Team {
            id: TeamId(0),
            name: format!("T{t}"),
            club: String::new(),
            captain: None,
            members,
            reserves: vec![],
        };
        apply(&mut e, &Command::Team { group: G, change: TeamCommand::Add { team } }).unwrap();
    }
    e
}

// members move up and down, to the reserves (first of them) and back (last of
// the members); removing the captain leaves none.
#[test]
fn the_team_form_orders_members_and_reserves() {
    let e = four_teams();
    let mut form = TeamForm::edit(&e.groups[0].teams[0]);
    form.row_move(StartNo(3), false, super::form::RowMove::Up);
    assert_eq!(form.lists(), (vec![StartNo(1), StartNo(3), StartNo(2)], vec![]));
    form.row_move(StartNo(1), false, super::form::RowMove::Switch);
    assert_eq!(form.lists(), (vec![StartNo(3), StartNo(2)], vec![StartNo(1)]));
    form.row_move(StartNo(1), true, super::form::RowMove::Switch);
    assert_eq!(form.lists(), (vec![StartNo(3), StartNo(2), StartNo(1)], vec![]));
    form.row_move(StartNo(2), false, super::form::RowMove::Captain);
    form.row_move(StartNo(2), false, super::form::RowMove::Remove);
    assert_eq!(form.lists(), (vec![StartNo(3), StartNo(1)], vec![]));
    assert_eq!(form.captain(), None);
}

// before round 1 only the next round takes line-ups; once round 1 is paired it
// does too, until every match has a result; the last planned round has no next.
#[test]
fn line_ups_change_for_the_next_round_and_a_paired_one_without_results() {
    let mut e = four_teams();
    let rules = |e: &Event| e.groups[0].stages[0].teams.clone().unwrap();
    assert_eq!(open_rounds(&e.groups[0].stages[0], &rules(&e)), [(RoundNo(1), false)]);
    let round = crate::domain::swiss::pair_next_round(&e, G, S, 1).unwrap();
    apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
    assert_eq!(open_rounds(&e.groups[0].stages[0], &rules(&e)), [(RoundNo(1), true), (RoundNo(2), false)]);
    // A result on each match's first board: the round's line-ups stay.
    for board in [BoardNo(1), BoardNo(3)] {
        let result = Some(GameResult::plain(Outcome::Draw));
        apply(&mut e, &Command::RecordResult { group: G, stage: S, round: RoundNo(1), board, game: 1, result })
            .unwrap();
    }
    assert_eq!(open_rounds(&e.groups[0].stages[0], &rules(&e)), [(RoundNo(2), false)]);
    e.groups[0].stages[0].rounds_planned = Some(1);
    assert!(open_rounds(&e.groups[0].stages[0], &rules(&e)).is_empty());
}
