//! Team matches: a team Swiss paired as the `cxa` rules pair players,
//! line-ups in registered order, 局分 → 场分, and team standings checked against
//! values computed by hand.

use crate::common;

use bianpai::domain::command::{Command, TeamCommand, apply};
use bianpai::domain::ids::{RoundNo, StartNo};
use bianpai::domain::model::team::{TeamId, TeamMatch, TeamTiebreak};
use bianpai::domain::points::Points;
use bianpai::domain::result::Outcome;
use bianpai::domain::rules::Colour;
use bianpai::domain::swiss::pair_next_round;
use bianpai::domain::teams::team_standings;
use common::teams::{G, S, pair_and_play, play, team_event};

// round 1 pairs every team, the home team red on odd boards, the default
// line-up the first K registered members, reserves left out.
#[test]
fn a_team_round_seats_the_first_k_members_home_red_on_odd_boards() {
    let e = team_event(4, 5, 4, 3);
    let round = pair_next_round(&e, G, S, 7).unwrap();
    let tr = round.teams.as_ref().unwrap();
    assert_eq!(tr.matches.len(), 2);
    assert!(tr.byes.is_empty());
    assert_eq!(round.games.len(), 8);
    for m in &tr.matches {
        let team_first = |t: TeamId| (t.0 - 1) * 5 + 1;
        let expected = |t: TeamId| (0..4).map(|i| StartNo(team_first(t) + i)).collect::<Vec<_>>();
        assert_eq!(m.home_lineup, expected(m.home));
        assert_eq!(m.away_lineup, expected(m.away));
        for b in 1..=4u32 {
            let game = round.games.iter().find(|g| g.board == m.board_no(4, b)).unwrap();
            let home_player = m.home_lineup[b as usize - 1];
            let colour = if b % 2 == 1 { Colour::Red } else { Colour::Black };
            assert_eq!(game.colour_of(home_player), Some(colour), "board {b} of match {}", m.no);
            assert_eq!(TeamMatch::home_colour(b), colour);
        }
    }
}

// an odd number of teams gives the lowest team the bye, and no team meets
// another twice over the rounds.
#[test]
fn five_teams_give_one_bye_a_round_and_never_a_rematch() {
    let mut e = team_event(5, 4, 2, 4);
    let mut met = std::collections::BTreeSet::new();
    let mut byes = Vec::new();
    for r in 0..4u64 {
        let no = pair_and_play(&mut e, 100 + r, |m, b| if (m + b) % 2 == 0 { Outcome::RedWins } else { Outcome::Draw });
        let tr = e.groups[0].stages[0].rounds[no.0 as usize - 1].teams.clone().unwrap();
        assert_eq!(tr.byes.len(), 1);
        byes.extend(tr.byes.iter().copied());
        for m in &tr.matches {
            assert!(met.insert((m.home.min(m.away), m.home.max(m.away))), "rematch in round {no}");
        }
    }
    let distinct: std::collections::BTreeSet<_> = byes.iter().collect();
    assert_eq!(distinct.len(), byes.len(), "a team had two byes: {byes:?}");
}

// 局分 decides the match; 场分 2/1/0; ties on 场分 broken by 局分,
// then 直胜; 台次分 weighs board 1 of 4 by 4.
#[test]
fn standings_rank_by_match_points_then_game_points_then_head_to_head() {
    let mut e = team_event(4, 4, 4, 3);
    // Round 1 (by the engine): record every match as home 3 boards to 1 —
    // home boards: b1 red 1-0, b2 black 0-1 (home wins), b3 red 1-0, b4 black 1-0 (away wins).
    let no = pair_and_play(&mut e, 1, |_, b| if b == 2 { Outcome::BlackWins } else { Outcome::RedWins });
    let stage = &e.groups[0].stages[0];
    let tr = stage.rounds[0].teams.clone().unwrap();
    let st = team_standings(&e, G, S, no.0).unwrap();
    for m in &tr.matches {
        let home = st.rows.iter().find(|r| r.team == m.home).unwrap();
        let away = st.rows.iter().find(|r| r.team == m.away).unwrap();
        // Home: 3 wins × 2 = 6 局分; away 1 win = 2.
        assert_eq!((home.match_points, home.game_points, home.wins), (Points(20), Points(60), 3));
        assert_eq!((away.match_points, away.game_points, away.wins), (Points(0), Points(20), 1));
        // 台次分: home won boards 1, 2, 3 of 4 → 2×4 + 2×3 + 2×2 = 18; away board 4 → 2×1.
        assert_eq!(home.board_points, Points(180));
        assert_eq!(away.board_points, Points(20));
        // 对手场分 after round 1: the home team's opponent has 0, the away team's 2.
        assert_eq!(away.opponents_match_points, Points(20));
    }
    // The two winners are level on 场分 and 局分 and have not met: 直胜 does not
    // separate them, 对手场分 is 0 for both, 台次分 is equal: they share rank 1.
    assert_eq!(st.rows[0].rank, 1);
    assert_eq!(st.rows[1].rank, 1);
    assert_eq!(st.rows[2].rank, 3);
    assert!(st.tiebreaks.contains(&TeamTiebreak::HeadToHead));
    let _ = RoundNo(1);
}

// a line-up may be changed until the match's first result, in registered
// order with a reserve stepping in; afterwards it is refused.
#[test]
fn a_line_up_changes_until_the_first_result() {
    let mut e = team_event(2, 6, 4, 1);
    let round = pair_next_round(&e, G, S, 3).unwrap();
    apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
    let m = e.groups[0].stages[0].rounds[0].teams.as_ref().unwrap().matches[0].clone();
    let team = m.home;
    let first = (team.0 - 1) * 6 + 1;
    // Members first+0 … first+3 played by default; field 0, 2, 3, 5 instead.
    let lineup: Vec<StartNo> = [0, 2, 3, 5].iter().map(|i| StartNo(first + i)).collect();
    let set = |players: Vec<StartNo>| Command::Team {
        group: G,
        change: TeamCommand::SetLineup { stage: S, round: RoundNo(1), team, players },
    };
    apply(&mut e, &set(lineup.clone())).unwrap();
    let round = &e.groups[0].stages[0].rounds[0];
    assert_eq!(round.teams.as_ref().unwrap().matches[0].home_lineup, lineup);
    assert_eq!(round.games.len(), 4);
    assert!(round.games.iter().any(|g| g.red == StartNo(first + 5) || g.black == StartNo(first + 5)));
    // Out of registered order: refused.
    let wrong: Vec<StartNo> = [2, 0, 3, 5].iter().map(|i| StartNo(first + i)).collect();
    assert!(apply(&mut e, &set(wrong)).is_err());
    play(&mut e, RoundNo(1), |_, _| Outcome::Draw);
    assert!(apply(&mut e, &set(lineup)).is_err(), "a line-up after the first result");
}

// a team round robin by the Berger tables — five teams play five rounds, every
// two teams meet once and each team sits out once.
#[test]
fn a_team_round_robin_meets_every_team_once() {
    use bianpai::domain::event::StageKind;
    let mut e = team_event(5, 3, 2, 5);
    apply(&mut e, &Command::SetStageFormat { group: G, stage: S, kind: StageKind::RoundRobin, double: false }).unwrap();
    let mut met = std::collections::BTreeSet::new();
    let mut byes = Vec::new();
    for r in 0..5u64 {
        let no = pair_and_play(&mut e, r, |_, _| Outcome::Draw);
        let tr = e.groups[0].stages[0].rounds[no.0 as usize - 1].teams.clone().unwrap();
        byes.extend(tr.byes.iter().map(|t| t.0));
        for m in &tr.matches {
            assert!(met.insert((m.home.min(m.away), m.home.max(m.away))));
        }
    }
    assert_eq!(met.len(), 10);
    byes.sort();
    assert_eq!(byes, vec![1, 2, 3, 4, 5]);
    assert!(pair_next_round(&e, G, S, 9).is_err(), "a sixth round");
}

// home and away are balanced over the rounds as colours are: after four rounds
// of eight teams no team has been home (or away) more than three times.
#[test]
fn home_and_away_are_balanced_like_colours() {
    let mut e = team_event(8, 2, 2, 4);
    for r in 0..4u64 {
        pair_and_play(&mut e, 50 + r, |m, b| {
            if (m + b + r as u32).is_multiple_of(3) { Outcome::RedWins } else { Outcome::BlackWins }
        });
    }
    let mut home = std::collections::BTreeMap::<TeamId, i32>::new();
    for round in &e.groups[0].stages[0].rounds {
        for m in &round.teams.as_ref().unwrap().matches {
            *home.entry(m.home).or_default() += 1;
            *home.entry(m.away).or_default() -= 1;
        }
    }
    assert!(home.values().all(|d| d.abs() <= 2), "home minus away: {home:?}");
}

// a team round's refusals are said of teams, by name — not of "players"
// numbered as the teams are.
#[test]
fn a_team_round_that_cannot_be_paired_names_the_teams() {
    use bianpai::domain::swiss::PairingError;
    use bianpai::lang::{Lang, Words};
    let mut e = team_event(2, 2, 2, 3);
    pair_and_play(&mut e, 1, |_, _| Outcome::Draw);
    let refused = pair_next_round(&e, G, S, 2).unwrap_err();
    assert_eq!(
        refused,
        PairingError::NoValidTeamPairing { round: RoundNo(2), teams: vec!["队1".into(), "队2".into()] }
    );
    let zh = Words::of(&refused).get(Lang::Zh).to_string();
    assert!(zh.contains("队1、队2") && !zh.contains("选手"), "{zh}");

    let single = team_event(1, 2, 2, 3);
    let refused = pair_next_round(&single, G, S, 1).unwrap_err();
    assert_eq!(refused, PairingError::TooFewTeams(1));
    assert!(Words::of(&refused).get(Lang::En).contains("1 team"), "{refused}");
}
