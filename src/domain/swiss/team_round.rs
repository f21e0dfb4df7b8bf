//! A team round: the teams are paired as players would be — a team Swiss by
//! the `cxa` rules on 场分 (no rematch, the bye to the lowest team and one each, home
//! and away balanced as colours are), or a team round robin by the Berger tables —
//! on a stand-in stage whose "players" are the teams and whose games are the matches
//! (home red, the match won, drawn or lost). Then each match gets its two line-ups
//! (named before the round, else the first K who can play) and its K games.
//!
//! A line-up named before the round is checked again against the event as it is when
//! the round is paired (issue 38, item 17): a player withdrawn or disqualified since,
//! moved to another team, or out of the team's registered order refuses the pairing
//! ([`PairingError::PlannedLineupInvalid`], naming the team, the round and the player),
//! and nothing is paired. The pairing does not fall back to the default line-up: the
//! named line-up is the captain's choice of who plays, and the first K who
//! can play may seat players the captain chose to rest; a notice beside a paired round
//! is easily missed once its sheets are printed, while the refusal costs the director
//! one step — name the team's line-up again — before the round exists at all.

use super::PairingError;
use crate::domain::event::{Bye, ByeKind, Event, Game, Group, Round, Stage, StageKind, StageStatus};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::model::numbering::Numbering;
use crate::domain::model::team::{Team, TeamId, TeamMatch, TeamRound, TeamStage};
use crate::domain::player::{Player, PlayerEntry, PlayerStatus};
use crate::domain::result::{GameResult, Outcome};
use crate::domain::rules::{PairingSystem, ScoringTable};
use crate::domain::teams::lineup::{check_lineup, default_lineup, match_games};
use crate::domain::teams::score_match;
use crate::domain::teams::standings::team_standings;
use std::collections::BTreeMap;

/// Pairs the next round of a team stage.
///
/// # Errors
/// As an individual round: the last round undecided, every round paired, fewer than
/// two teams ([`PairingError::TooFewTeams`]), no pairing without a rematch or a
/// second bye ([`PairingError::NoValidTeamPairing`], the teams by name).
pub(super) fn team_round(
    event: &Event,
    g: &Group,
    stage: &Stage,
    rules: &TeamStage,
    seed: u64,
) -> Result<Round, PairingError> {
    let numbers = Numbers::by_standings(event, g, stage, stage.rounds.len() as u32);
    let teams: Vec<&Team> = g
        .teams
        .iter()
        .filter(|t| t.roster().any(|p| event.player(p).is_some_and(|pl| pl.status.is_pairable())))
        .collect();
    let stand_in = stand_in_event(event, g, stage, rules, &numbers, &teams);
    // The stand-in's players are teams: its refusals are said of teams, by name.
    let paired = super::pair_next_round(&stand_in, g.id, stage.no, seed).map_err(|e| match e {
        PairingError::TooFewPlayers(n) => PairingError::TooFewTeams(n),
        PairingError::NoValidPairing { round, players } => {
            let name = |p: &StartNo| g.team(numbers.team(*p)).map_or_else(|| p.to_string(), |t| t.name.clone());
            PairingError::NoValidTeamPairing { round, teams: players.iter().map(name).collect() }
        }
        other => other,
    })?;
    let round_no = paired.no;
    let lineup = |id: TeamId| lineup_for(event, g, rules, round_no, id);
    let mut matches: Vec<TeamMatch> = paired
        .games
        .iter()
        .map(|game| {
            let (home, away) = (numbers.team(game.red), numbers.team(game.black));
            Ok(TeamMatch { no: game.board.0, home, away, home_lineup: lineup(home)?, away_lineup: lineup(away)? })
        })
        .collect::<Result<_, PairingError>>()?;
    matches.sort_by_key(|m| m.no);
    for (i, m) in matches.iter_mut().enumerate() {
        m.no = i as u32 + 1;
    }
    let games: Vec<Game> = matches.iter().flat_map(|m| match_games(m, rules.boards)).collect();
    let byes: Vec<TeamId> =
        paired.byes.iter().filter(|b| b.kind == ByeKind::Pairing).map(|b| numbers.team(b.player)).collect();
    Ok(Round {
        no: round_no,
        seed: Some(seed),
        games,
        byes: Vec::new(),
        warnings: Vec::new(),
        watches: Vec::new(),
        teams: Some(TeamRound { matches, byes }),
    })
}

/// The line-up of team `id` in round `round_no`: the one named before the round,
/// checked again against the event as it is now, else the first K who can play.
///
/// # Errors
/// [`PairingError::PlannedLineupInvalid`] when the named line-up no longer holds.
fn lineup_for(
    event: &Event,
    g: &Group,
    rules: &TeamStage,
    round_no: RoundNo,
    id: TeamId,
) -> Result<Vec<StartNo>, PairingError> {
    let Some(team) = g.team(id) else { return Ok(Vec::new()) };
    let Some(planned) = rules.planned_lineup(round_no, id) else {
        return Ok(default_lineup(event, team, rules.boards));
    };
    check_lineup(event, team, rules.boards, &planned.players).map_err(|issue| PairingError::PlannedLineupInvalid {
        round: round_no,
        team: team.name.clone(),
        issue,
    })?;
    Ok(planned.players.clone())
}

/// The stand-in of team round `round_no` as it was paired: every team
/// of the round a "player" numbered by the team standings before the round, every
/// round of the stage one of its rounds; with each stand-in number's team. The
/// explanation (`explain::team`) asks the individual explainer about this event.
/// `None` when the stage has no such round or is not a team stage.
pub(super) fn stand_in_of_round(
    event: &Event,
    group: GroupId,
    stage_no: StageNo,
    round_no: RoundNo,
) -> Option<(Event, BTreeMap<StartNo, TeamId>)> {
    let g = event.group(group)?;
    let stage = g.stage(stage_no)?;
    let rules = stage.teams.as_ref()?;
    let tr = stage.round(round_no)?.teams.as_ref()?;
    let numbers = Numbers::by_standings(event, g, stage, round_no.0.saturating_sub(1));
    // The round's teams, whoever of them can still field a player today.
    let teams: Vec<&Team> = g
        .teams
        .iter()
        .filter(|t| tr.matches.iter().any(|m| m.home == t.id || m.away == t.id) || tr.byes.contains(&t.id))
        .collect();
    let stand_in = stand_in_event(event, g, stage, rules, &numbers, &teams);
    Some((stand_in, numbers.team_of))
}

/// The stand-in's start numbers: every team of the group in the order of the team
/// standings after the rounds played (1 for the first), so that within a score group
/// the stand-in ranks the teams as the standings do and the bye goes to the lowest
/// team by them. Before round 1, and in a round robin, that is team number
/// order.
struct Numbers {
    of_team: BTreeMap<TeamId, StartNo>,
    team_of: BTreeMap<StartNo, TeamId>,
}

impl Numbers {
    /// The numbers after `done` rounds of the stage.
    fn by_standings(event: &Event, g: &Group, stage: &Stage, done: u32) -> Numbers {
        // A round robin keeps its Berger seats: team number order.
        let standings = (stage.kind != StageKind::RoundRobin).then(|| team_standings(event, g.id, stage.no, done));
        let mut order: Vec<TeamId> =
            standings.and_then(Result::ok).map(|s| s.rows.iter().map(|r| r.team).collect()).unwrap_or_default();
        let mut rest: Vec<TeamId> = g.teams.iter().map(|t| t.id).filter(|t| !order.contains(t)).collect();
        rest.sort();
        order.extend(rest);
        let of_team: BTreeMap<TeamId, StartNo> =
            order.iter().enumerate().map(|(k, t)| (*t, StartNo(k as u32 + 1))).collect();
        let team_of = of_team.iter().map(|(t, n)| (*n, *t)).collect();
        Numbers { of_team, team_of }
    }

    /// A team's stand-in number (0 for a team the group does not have).
    fn of(&self, team: TeamId) -> StartNo {
        self.of_team.get(&team).copied().unwrap_or(StartNo(0))
    }

    /// The team of a stand-in number.
    fn team(&self, no: StartNo) -> TeamId {
        self.team_of.get(&no).copied().unwrap_or(TeamId(no.0))
    }
}

/// The stand-in event: one "player" per team of `teams` (start number by `numbers`,
/// club = the team's club), one stage with the team stage's format, 场分 as its table,
/// and one game per match of the stage's rounds.
fn stand_in_event(
    event: &Event,
    g: &Group,
    stage: &Stage,
    rules: &TeamStage,
    numbers: &Numbers,
    teams: &[&Team],
) -> Event {
    let mut players: Vec<Player> = teams
        .iter()
        .map(|t| Player {
            start_no: numbers.of(t.id),
            group: g.id,
            entry: PlayerEntry { name: t.name.clone(), club: t.club.clone(), ..PlayerEntry::default() },
            status: PlayerStatus::Active,
            status_reason: String::new(),
            eligibility_override: None,
            checked_in: false,
            second_entry_of: None,
            shown_no: None,
        })
        .collect();
    let mp = &rules.match_points;
    let mut scoring = ScoringTable::symmetric(mp.win, mp.draw, mp.loss);
    scoring.bye = mp.win;
    let mut pairing = stage.pairing.clone();
    pairing.system = PairingSystem::Cxa;
    players.sort_by_key(|p| p.start_no);
    let rounds = stage.rounds.iter().map(|r| stand_in_round(stage, rules, r, numbers)).collect();
    let stand_in_stage = Stage {
        kind: if stage.kind == StageKind::RoundRobin { StageKind::RoundRobin } else { StageKind::Swiss },
        scoring,
        tiebreaks: Vec::new(),
        pairing,
        knockout: None,
        entrants: players.iter().map(|p| p.start_no).collect(),
        planned_byes: Vec::new(),
        teams: None,
        status: StageStatus::Open,
        rounds,
        ..stage.clone()
    };
    let group = Group {
        stages: vec![stand_in_stage],
        teams: Vec::new(),
        member_ranking: None,
        pairing_controls: Default::default(),
        ..g.clone()
    };
    Event {
        name: event.name.clone(),
        preset: event.preset.clone(),
        start_date: event.start_date,
        officials: Vec::new(),
        groups: vec![group],
        players,
        ledger: Vec::new(),
        team_ranking: None,
        numbers_given: 0,
        numbering: Numbering::PerEvent,
    }
}

/// A played team round as the stand-in stage sees it: each match one game, home red,
/// its result the match's (undecided while a board is); each team bye a pairing bye.
fn stand_in_round(stage: &Stage, rules: &TeamStage, round: &Round, numbers: &Numbers) -> Round {
    let tr = round.teams.clone().unwrap_or_default();
    let games = tr
        .matches
        .iter()
        .map(|m| {
            let score = score_match(stage, rules.boards, round, m);
            let outcome = match score.home.game_points.cmp(&score.away.game_points) {
                std::cmp::Ordering::Greater => Outcome::RedWins,
                std::cmp::Ordering::Equal => Outcome::Draw,
                std::cmp::Ordering::Less => Outcome::BlackWins,
            };
            Game {
                board: BoardNo(m.no),
                game: 1,
                red: numbers.of(m.home),
                black: numbers.of(m.away),
                result: score.complete.then(|| GameResult::plain(outcome)),
            }
        })
        .collect();
    let byes = tr.byes.iter().map(|t| Bye::new(numbers.of(*t), ByeKind::Pairing)).collect();
    Round { no: round.no, seed: round.seed, games, byes, warnings: Vec::new(), watches: Vec::new(), teams: None }
}
