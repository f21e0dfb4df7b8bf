//! Teammates kept apart in an individual Swiss: with 队员总分制 set to avoid
//! teammates in every round, absolutely, no two members of a team are paired, while
//! without it the same draw pairs some of them.

use crate::common;

use bianpai::domain::command::{Command, TeamCommand, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, StageNo, StartNo};
use bianpai::domain::model::team::{MemberRanking, Team, TeamId};
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::rules::ClubAvoidance;
use bianpai::domain::swiss::pair_next_round;
use common::by_hand::event_with_players;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// 16 players in four teams of four: team t has players t, t+4, t+8, t+12, so that
/// round 1 by halves (1–9, 2–10 …) would pair teammates on every board.
fn event(avoid: ClubAvoidance) -> Event {
    let mut e = event_with_players("cxa-swiss", 16, 4);
    for t in 1..=4u32 {
        let members = (0..4).map(|k| StartNo(t + 4 * k)).collect();
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
    let ranking = Some(MemberRanking { count: Some(3), avoid, avoid_absolute: true });
    apply(&mut e, &Command::Team { group: G, change: TeamCommand::SetMemberRanking { ranking } }).unwrap();
    e
}

/// Pairs and plays four rounds (red wins on odd boards, draws on even ones) and counts
/// the games between teammates.
fn teammate_games(mut e: Event) -> usize {
    let mut count = 0;
    for r in 1..=4u64 {
        let round = pair_next_round(&e, G, S, r * 11).unwrap();
        let no = round.no;
        let team_of = |p: StartNo| (p.0 - 1) % 4;
        count += round.games.iter().filter(|g| team_of(g.red) == team_of(g.black)).count();
        let boards: Vec<_> = round.games.iter().map(|g| g.board).collect();
        apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
        for board in boards {
            let outcome = if board.0 % 2 == 1 { Outcome::RedWins } else { Outcome::Draw };
            let result = Some(GameResult::plain(outcome));
            apply(&mut e, &Command::RecordResult { group: G, stage: S, round: no, board, game: 1, result }).unwrap();
        }
    }
    count
}

// every round, absolutely: teammates never meet.
#[test]
fn teammates_never_meet_when_kept_apart() {
    assert_eq!(teammate_games(event(ClubAvoidance::EveryRound)), 0);
    assert!(teammate_games(event(ClubAvoidance::Off)) > 0, "without avoidance the draw pairs teammates");
}
