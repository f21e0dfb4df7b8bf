//! Team events built in memory for the team tests: a `cxa-team` event of n
//! teams of m players each, registered through commands, and team rounds paired and
//! played by the engine with chosen board outcomes.

use bianpai::domain::command::{Command, TeamCommand, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::model::team::{Team, TeamId};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;

/// Group 1, stage 1.
pub const G: GroupId = GroupId(1);
/// Stage 1.
pub const S: StageNo = StageNo(1);

/// A `cxa-team` event of `boards` boards and `rounds` rounds with `teams` teams 队1 …
/// of `members` players each; team t's players are start numbers (t−1)·m+1 … t·m.
pub fn team_event(teams: u32, members: u32, boards: u32, rounds: u32) -> Event {
    let mut e = presets::build("cxa-team", None, Some(rounds)).unwrap();
    assert!(presets::set_team_boards(&mut e, boards));
    let entries = (1..=teams * members)
        .map(|i| PlayerEntry {
            name: format!("P{i}"),
            club: format!("C{}", (i - 1) / members + 1),
            ..Default::default()
        })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    for t in 1..=teams {
        let members = ((t - 1) * members + 1..=t * members).map(StartNo).collect();
        let team = Team {
            id: TeamId(0),
            name: format!("队{t}"),
            club: String::new(),
            captain: None,
            members,
            reserves: Vec::new(),
        };
        apply(&mut e, &Command::Team { group: G, change: TeamCommand::Add { team } }).unwrap();
    }
    e
}

/// Pairs the next team round with `seed` and records `outcome(match, board)` on every
/// board with a game (red named first).
pub fn pair_and_play(e: &mut Event, seed: u64, outcome: impl Fn(u32, u32) -> Outcome) -> RoundNo {
    let round = pair_next_round(e, G, S, seed).unwrap();
    let no = round.no;
    apply(e, &Command::PairRound { group: G, stage: S, round }).unwrap();
    play(e, no, outcome);
    no
}

/// Records `outcome(match, board)` on every board of round `no` that has a game.
pub fn play(e: &mut Event, no: RoundNo, outcome: impl Fn(u32, u32) -> Outcome) {
    let stage = &e.groups[0].stages[0];
    let k = stage.teams.as_ref().unwrap().boards;
    let boards: Vec<(BoardNo, u32, u32)> = stage.rounds[no.0 as usize - 1]
        .games
        .iter()
        .map(|g| (g.board, (g.board.0 - 1) / k + 1, (g.board.0 - 1) % k + 1))
        .collect();
    for (board, m, b) in boards {
        let result = Some(GameResult::plain(outcome(m, b)));
        apply(e, &Command::RecordResult { group: G, stage: S, round: no, board, game: 1, result }).unwrap();
    }
}

/// A board's result from the home team's side: won, drawn, lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Home {
    /// The home player won.
    W,
    /// Drawn.
    D,
    /// The home player lost.
    L,
}

/// The outcome (red named first) of match board `b` when the home player `result`s:
/// the home player is red on odd boards.
pub fn outcome_of(b: u32, result: Home) -> Outcome {
    let home_red = b % 2 == 1;
    match (result, home_red) {
        (Home::D, _) => Outcome::Draw,
        (Home::W, true) | (Home::L, false) => Outcome::RedWins,
        (Home::W, false) | (Home::L, true) => Outcome::BlackWins,
    }
}

/// Pairs team round `no` by hand — matches (home, away, each board's result from the
/// home side), team byes — with the default line-ups, and records the results.
pub fn play_teams_by_hand(e: &mut Event, no: u32, matches: &[(u32, u32, &[Home])], byes: &[u32]) {
    use bianpai::domain::event::Round;
    use bianpai::domain::model::team::{TeamMatch, TeamRound};
    use bianpai::domain::teams::lineup::{default_lineup, match_games};
    let g = &e.groups[0];
    let k = g.stages[0].teams.as_ref().unwrap().boards;
    let lineup = |t: u32| default_lineup(e, g.team(TeamId(t)).unwrap(), k);
    let paired: Vec<TeamMatch> = matches
        .iter()
        .enumerate()
        .map(|(i, (home, away, _))| TeamMatch {
            no: i as u32 + 1,
            home: TeamId(*home),
            away: TeamId(*away),
            home_lineup: lineup(*home),
            away_lineup: lineup(*away),
        })
        .collect();
    let games = paired.iter().flat_map(|m| match_games(m, k)).collect();
    let teams = Some(TeamRound { matches: paired.clone(), byes: byes.iter().map(|t| TeamId(*t)).collect() });
    let round = Round {
        no: RoundNo(no),
        seed: None,
        games,
        byes: Vec::new(),
        warnings: Vec::new(),
        watches: Vec::new(),
        teams,
    };
    apply(e, &Command::PairRound { group: G, stage: S, round }).unwrap();
    for (m, (_, _, boards)) in paired.iter().zip(matches) {
        for (i, home) in boards.iter().enumerate() {
            let b = i as u32 + 1;
            let result = Some(GameResult::plain(outcome_of(b, *home)));
            let board = m.board_no(k, b);
            apply(e, &Command::RecordResult { group: G, stage: S, round: RoundNo(no), board, game: 1, result })
                .unwrap();
        }
    }
}
