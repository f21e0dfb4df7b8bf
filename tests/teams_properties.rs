//! Invariants of random team Swiss events (issue 20, R-10.3, R-10.4): no two teams meet
//! twice, no team has two byes, the home team is red on odd boards, every line-up keeps
//! the registered order, and 场分 and 局分 agree with the boards' results.

use crate::common;

use bianpai::domain::command::{Command, TeamCommand, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{RoundNo, StartNo};
use bianpai::domain::model::team::{TeamId, TeamMatch};
use bianpai::domain::points::Points;
use bianpai::domain::result::Outcome;
use bianpai::domain::rules::Colour;
use bianpai::domain::swiss::{PairingError, pair_next_round};
use bianpai::domain::teams::team_standings;
use common::teams::{G, S, play, team_event};
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};

/// A random event: teams, members per team, boards, rounds, and per round a seed,
/// outcomes and line-up choices.
#[derive(Debug, Clone)]
struct Plan {
    teams: u32,
    extra: u32,
    boards: u32,
    rounds: Vec<(u64, Vec<u8>, Vec<u8>)>,
}

fn plan() -> impl Strategy<Value = Plan> {
    (3u32..=11, 0u32..=2, 2u32..=5, 1usize..=5).prop_flat_map(|(teams, extra, boards, rounds)| {
        let round = (any::<u64>(), prop::collection::vec(0u8..6, 64), prop::collection::vec(any::<u8>(), 16));
        prop::collection::vec(round, rounds).prop_map(move |rounds| Plan { teams, extra, boards, rounds })
    })
}

/// Before a round, some teams name a line-up: a random subset of their roster in
/// registered order, at most K (possibly fewer, leaving boards to forfeit).
fn name_lineups(e: &mut Event, round: RoundNo, choices: &[u8]) {
    let g = &e.groups[0];
    let k = g.stages[0].teams.as_ref().unwrap().boards as usize;
    let commands: Vec<Command> = g
        .teams
        .iter()
        .zip(choices)
        .filter(|(_, c)| *c % 3 == 0)
        .map(|(t, c)| {
            let players: Vec<StartNo> =
                t.roster().enumerate().filter(|(i, _)| (c >> (i % 8)) & 1 == 1).map(|(_, p)| p).take(k).collect();
            Command::Team { group: G, change: TeamCommand::SetLineup { stage: S, round, team: t.id, players } }
        })
        .collect();
    for c in commands {
        apply(e, &c).unwrap();
    }
}

fn outcome(code: u8) -> Outcome {
    Outcome::ALL[code as usize % Outcome::ALL.len()]
}

/// 局分 of each side of a match, computed here from the games and line-ups alone.
fn game_points_of(e: &Event, round: RoundNo, m: &TeamMatch, k: u32) -> (i32, i32) {
    let stage = &e.groups[0].stages[0];
    let r = &stage.rounds[round.0 as usize - 1];
    let (mut home, mut away) = (0, 0);
    for b in 1..=k {
        let h = m.home_lineup.get(b as usize - 1);
        let a = m.away_lineup.get(b as usize - 1);
        let home_colour = if b % 2 == 1 { Colour::Red } else { Colour::Black };
        match (h, a) {
            (Some(_), Some(_)) => {
                let game = r.games.iter().find(|g| g.board == m.board_no(k, b)).unwrap();
                let res = game.result.unwrap();
                home += res.outcome.points_for(home_colour, &stage.scoring).0;
                away += res.outcome.points_for(home_colour.opposite(), &stage.scoring).0;
            }
            (Some(_), None) => home += stage.scoring.forfeit_win(home_colour).0,
            (None, Some(_)) => away += stage.scoring.forfeit_win(home_colour.opposite()).0,
            (None, None) => {}
        }
    }
    (home, away)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_team_swiss_events_keep_the_team_rules(plan in plan()) {
        let k = plan.boards;
        let mut e = team_event(plan.teams, k + plan.extra, k, plan.rounds.len() as u32);
        let mut met = BTreeSet::new();
        let mut byes: BTreeMap<TeamId, u32> = BTreeMap::new();
        let mut expected: BTreeMap<TeamId, (i32, i32)> = BTreeMap::new();
        for (seed, outcomes, lineups) in &plan.rounds {
            let no = RoundNo(e.groups[0].stages[0].rounds.len() as u32 + 1);
            name_lineups(&mut e, no, lineups);
            let round = match pair_next_round(&e, G, S, *seed) {
                Ok(r) => r,
                Err(PairingError::NoValidTeamPairing { .. }) => break,
                Err(other) => panic!("{other}"),
            };
            apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
            play(&mut e, no, |m, b| outcome(outcomes[((m * 7 + b) % 64) as usize]));
            let g = &e.groups[0];
            let r = &g.stages[0].rounds[no.0 as usize - 1];
            let tr = r.teams.as_ref().unwrap();
            for t in &tr.byes {
                *byes.entry(*t).or_default() += 1;
                let row = expected.entry(*t).or_default();
                row.0 += 20;
                row.1 += 20 * k as i32;
            }
            for m in &tr.matches {
                // no rematch.
                prop_assert!(met.insert((m.home.min(m.away), m.home.max(m.away))), "{:?} met twice", (m.home, m.away));
                for (team, lineup) in [(m.home, &m.home_lineup), (m.away, &m.away_lineup)] {
                    // a line-up keeps the registered order.
                    let places: Vec<usize> = lineup.iter().map(|p| g.team(team).unwrap().place_of(*p).unwrap()).collect();
                    prop_assert!(places.windows(2).all(|w| w[0] < w[1]), "line-up {lineup:?} out of order");
                    prop_assert!(lineup.len() <= k as usize);
                }
                for b in 1..=k {
                    if let (Some(h), Some(_)) = (m.home_lineup.get(b as usize - 1), m.away_lineup.get(b as usize - 1)) {
                        let game = r.games.iter().find(|x| x.board == m.board_no(k, b)).unwrap();
                        let home_colour = if b % 2 == 1 { Colour::Red } else { Colour::Black };
                        // the home team is red on odd boards.
                        prop_assert_eq!(game.colour_of(*h), Some(home_colour));
                    }
                }
                let (hp, ap) = game_points_of(&e, no, m, k);
                let (hm, am) = match hp.cmp(&ap) {
                    std::cmp::Ordering::Greater => (20, 0),
                    std::cmp::Ordering::Equal => (10, 10),
                    std::cmp::Ordering::Less => (0, 20),
                };
                let h = expected.entry(m.home).or_default();
                h.0 += hm;
                h.1 += hp;
                let a = expected.entry(m.away).or_default();
                a.0 += am;
                a.1 += ap;
            }
        }
        // one bye each at most.
        prop_assert!(byes.values().all(|n| *n <= 1), "byes {byes:?}");
        // 场分 and 局分 as the boards say.
        let played = e.groups[0].stages[0].rounds.len() as u32;
        let st = team_standings(&e, G, S, played).unwrap();
        for row in &st.rows {
            let (mp, gp) = expected.get(&row.team).copied().unwrap_or_default();
            prop_assert_eq!((row.match_points, row.game_points), (Points(mp), Points(gp)), "team {}", row.team);
        }
    }
}
