//! Swiss pairing (R-3, PAIRING.md): the next round of a stage from its standings and
//! history, under the stage's rule set (`cxa` or `fide-dutch`).
//!
//! [`pair_next_round`] dispatches on the stage's system, one function each
//! (`systems`): knockout, round robin, `fide-dutch` (`dutch`) and `cxa`. For a Swiss
//! round `field` gathers the candidates in rank order; `cxa` draws round 1
//! (`first_round`), hands the graph of allowed pairs with the rule set's criteria as
//! weights to the matching (`engine`, `criteria`), allocates colours (`colours`) and
//! orders the boards. Withdrawn and disqualified players, announced byes and absences
//! are not paired. [`pair_next_round_watched`] pairs while reporting its progress and
//! heeding a cancel (`progress`).

mod check;
mod colours;
mod criteria;
pub(crate) mod dutch;
mod edit;
mod engine;
pub mod explain;
mod field;
mod first_round;
mod measure;
mod progress;
mod systems;
mod team_round;
mod teammates;
mod wide;

use crate::domain::event::stage_entrants;
use crate::domain::event::{Event, Round, StageKind, StageStatus};
use crate::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use crate::domain::knockout::KnockoutError;
use crate::domain::model::pairing_controls::{PairingControls, place_fixed_boards};
use crate::domain::model::team_issue::TeamIssue;
use crate::domain::points::Points;
use crate::domain::rules::PairingSystem;
use crate::domain::standings::record::Record;
use std::collections::BTreeSet;
use thiserror::Error;

pub use check::{PairingWarning, check_round};
pub use edit::{PairingEdit, edited};
pub use progress::{PairingProgress, pair_next_round_watched};

/// Why no round could be paired.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PairingError {
    /// No such group or stage: the group by its name (issue 38, item 14), by its
    /// number when the event has no such group.
    #[error("group {group} has no stage {stage}")]
    UnknownStage { group: String, stage: StageNo },
    /// The stage is not a Swiss stage.
    #[error("stage {0} is not a Swiss stage")]
    NotSwiss(StageNo),
    /// The stage is not open.
    #[error("stage {0} is not open")]
    StageNotOpen(StageNo),
    /// The previous round still has games without a result.
    #[error("round {round} still has {missing} game(s) without a result")]
    RoundIncomplete { round: RoundNo, missing: usize },
    /// The knockout cannot go on.
    #[error(transparent)]
    Knockout(#[from] KnockoutError),
    /// Every planned round is paired.
    #[error("all {0} planned rounds have been paired")]
    AllRoundsPaired(u32),
    /// The number of rounds has not been set.
    #[error(
        "the number of rounds of stage {stage} has not been set; {suggested} rounds suit {players} players \
         (`bianpai rounds FILE {suggested}`)"
    )]
    RoundsNotSet { stage: StageNo, players: usize, suggested: u32 },
    /// Fewer than two players can be paired.
    #[error("only {0} player(s) can be paired")]
    TooFewPlayers(usize),
    /// Every pairing would break an absolute rule (rematch, second bye, colours, club).
    #[error(
        "no pairing of round {round} keeps the absolute rules (no rematch, one bye each, colours, clubs): {}",
        unpaired_list(players)
    )]
    NoValidPairing { round: RoundNo, players: Vec<StartNo> },
    /// The FIDE Dutch pairing of this round needs the whole field in one matching and
    /// that would take more memory than the budget (issue 10).
    #[error(
        "round {round}: the FIDE Dutch pairing of {players} players needs every player in one matching here \
         (the lower score groups cannot be completed on their own), which would take about {megabytes} MB; \
         pair this round with another system or split the group"
    )]
    DutchTooLarge { round: RoundNo, players: usize, megabytes: u64 },
    /// A pairing exists, but not one that keeps the director's avoided pairs.
    #[error("no pairing of round {round} keeps the avoided pairs {}", pair_list(pairs))]
    AvoidedPairsBlock { round: RoundNo, pairs: Vec<(StartNo, StartNo)> },
    /// Fewer than two teams of a team stage can field a player.
    #[error("only {0} team(s) can be paired")]
    TooFewTeams(usize),
    /// No pairing of a team round avoids a rematch and a second bye; the
    /// teams no pairing can place, by name, when known.
    #[error("no pairing of team round {round} keeps the absolute rules: {}", teams.join(", "))]
    NoValidTeamPairing { round: RoundNo, teams: Vec<String> },
    /// A line-up named before a team round no longer holds when the round is paired
    /// (issue 38, item 17): a player withdrawn or disqualified since, no longer of the
    /// team, or out of its registered order. Nothing is paired until it is named again.
    #[error("the line-up of team {team} named for round {round} no longer holds: {issue}")]
    PlannedLineupInvalid { round: RoundNo, team: String, issue: TeamIssue },
    /// The director cancelled the pairing (issue 21); nothing was paired.
    #[error("the pairing was cancelled; the event is unchanged")]
    Cancelled,
}

fn pair_list(pairs: &[(StartNo, StartNo)]) -> String {
    pairs.iter().map(|(a, b)| format!("{a}-{b}")).collect::<Vec<_>>().join(", ")
}

fn unpaired_list(players: &[StartNo]) -> String {
    if players.is_empty() {
        return "the players cannot all be paired".into();
    }
    let list: Vec<String> = players.iter().map(ToString::to_string).collect();
    format!("no opponent is left for player(s) {}", list.join(", "))
}

/// One player as the pairing sees them: rank order, score, history.
#[derive(Debug, Clone)]
pub(crate) struct Candidate {
    pub start_no: StartNo,
    pub points: Points,
    pub rating: Option<u32>,
    pub club: String,
    pub record: Record,
    pub had_pairing_bye: bool,
    pub had_forfeit_win: bool,
}

/// Pairs the next round of a stage with its system: a knockout's next matches,
/// a round robin's Berger round, or a Swiss round under `cxa` or `fide-dutch`. `seed`
/// drives every random draw and is stored with the round.
///
/// # Errors
/// [`PairingError`] when the stage cannot be paired now or no valid pairing exists.
pub fn pair_next_round(event: &Event, group: GroupId, stage_no: StageNo, seed: u64) -> Result<Round, PairingError> {
    let unknown = |name: String| PairingError::UnknownStage { group: name, stage: stage_no };
    let g = event.group(group).ok_or_else(|| unknown(group.to_string()))?;
    let stage = g.stage(stage_no).ok_or_else(|| unknown(g.name.clone()))?;
    let controls = &g.pairing_controls;
    if stage.status != StageStatus::Open {
        return Err(PairingError::StageNotOpen(stage_no));
    }
    if let Some(rules) = &stage.teams {
        return team_round::team_round(event, g, stage, rules, seed);
    }
    let entrants = stage_entrants(event, group, stage);
    let mut round = match stage.kind {
        StageKind::Knockout => return systems::knockout_round(stage, &entrants, seed),
        StageKind::RoundRobin => systems::round_robin_round(stage, &entrants, seed)?,
        StageKind::Swiss => match teammates::apart(event, group, stage) {
            Some((seen, stage)) => swiss_round(&seen, group, &stage, &entrants, controls, seed)?,
            None => swiss_round(event, group, stage, &entrants, controls, seed)?,
        },
    };
    // fixed boards are placed after the board order.
    place_fixed_boards(&mut round.games, &controls.fixed_boards);
    if stage.kind == StageKind::Swiss {
        round.warnings = engine_notices(event, group, stage, &round);
    }
    Ok(round)
}

/// The engine's own notices on a round it paired: the players whose colour rules it
/// relaxed (in the last round only, to keep equal or nearest scores; PAIRING.md cxa
/// §4), so that the window says so instead of showing a breach the director approved.
fn engine_notices(
    event: &Event,
    group: GroupId,
    stage: &crate::domain::event::Stage,
    round: &Round,
) -> Vec<PairingWarning> {
    let mut players: Vec<StartNo> =
        check_round(event, group, stage, round).iter().filter_map(PairingWarning::colour_breach).collect();
    players.sort();
    players.dedup();
    if players.is_empty() { Vec::new() } else { vec![PairingWarning::ColoursRelaxed { players }] }
}

/// A Swiss round with the director's avoided pairs forbidden in the same matching as
/// every other absolute rule. When no pairing keeps them but one exists without
/// them, the refusal names the pairs instead of the players left over.
fn swiss_round(
    event: &Event,
    group: GroupId,
    stage: &crate::domain::event::Stage,
    entrants: &[StartNo],
    controls: &PairingControls,
    seed: u64,
) -> Result<Round, PairingError> {
    let pair_with = |avoided: &BTreeSet<(StartNo, StartNo)>| {
        let field = field::Field::gather(event, group, stage, entrants)?;
        match stage.pairing.system {
            PairingSystem::FideDutch => systems::dutch_round(stage, &field, entrants, seed, avoided),
            PairingSystem::Cxa => systems::cxa_round(stage, field, seed, avoided),
        }
    };
    let present: BTreeSet<StartNo> = entrants.iter().copied().collect();
    let avoided: BTreeSet<(StartNo, StartNo)> =
        controls.avoided_pairs().into_iter().filter(|(a, b)| present.contains(a) && present.contains(b)).collect();
    match pair_with(&avoided) {
        Err(PairingError::NoValidPairing { round, .. })
            if !avoided.is_empty() && !progress::cancelled() && pair_with(&BTreeSet::new()).is_ok() =>
        {
            Err(PairingError::AvoidedPairsBlock { round, pairs: avoided.into_iter().collect() })
        }
        other => other,
    }
}

/// Rounds to suggest for a Swiss of `players`: one more than the rounds a
/// knockout would need (⌈log₂ n⌉ + 1), so that a sole leader usually emerges, but never
/// more than a round robin (n − 1).
pub fn suggested_rounds(players: usize) -> u32 {
    if players < 2 {
        return 0;
    }
    let knockout = usize::BITS - (players - 1).leading_zeros();
    (knockout + 1).min(players as u32 - 1)
}

/// Every pair of players who played a game on the board in the given rounds, as (lower,
/// higher) start numbers: `fide-dutch`'s C.04.3 C.1 (C.04.1.b, no two players meet
/// twice) counts games played, so a forfeited game is no meeting.
pub fn played_meetings<'a>(rounds: impl Iterator<Item = &'a Round>) -> BTreeSet<(StartNo, StartNo)> {
    rounds
        .flat_map(|r| r.games.iter())
        .filter(|g| g.result.is_none_or(|r| r.outcome.was_played()))
        .map(|g| (g.red.min(g.black), g.red.max(g.black)))
        .collect()
}

/// Every pair of players who were paired in the given rounds, forfeits included
/// (PAIRING.md cxa §2), as (lower, higher) start numbers.
pub fn meetings<'a>(rounds: impl Iterator<Item = &'a Round>) -> BTreeSet<(StartNo, StartNo)> {
    rounds.flat_map(|r| r.games.iter()).map(|g| (g.red.min(g.black), g.red.max(g.black))).collect()
}
