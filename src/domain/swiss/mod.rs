//! Swiss pairing (R-3, PAIRING.md): the next round of a stage from its standings and
//! history, under the stage's rule set (`cxa` or `fide-dutch`).
//!
//! [`pair_next_round`] gathers the candidates in rank order, draws round 1
//! (`first_round`), hands the graph of allowed pairs with the rule set's criteria as
//! weights to the matching (`engine`, `criteria`), allocates colours (`colours`) and
//! orders the boards. Withdrawn and disqualified players, announced byes and absences
//! are not paired.

mod check;
mod colours;
mod criteria;
pub(crate) mod dutch;
mod edit;
mod engine;
mod first_round;

use crate::domain::event::stage_entrants;
use crate::domain::event::{Bye, ByeKind, Event, Game, PlannedBye, Round, Stage, StageKind, StageStatus};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::knockout::{self, KnockoutError};
use crate::domain::points::Points;
use crate::domain::round_robin;
use crate::domain::rules::{ClubAvoidance, Colour, FirstRoundMode, PairingSystem};
use crate::domain::standings::{record::Record, records_after, standings};
use colours::ColourState;
use std::collections::BTreeSet;
use thiserror::Error;

pub use check::{PairingWarning, check_round};
pub use edit::{PairingEdit, edited};

/// Why no round could be paired.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PairingError {
    /// No such group or stage.
    #[error("group {group} has no stage {stage}")]
    UnknownStage { group: GroupId, stage: StageNo },
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

/// Pairs the next round of a Swiss stage. `seed` drives every random draw and is
/// stored with the round.
///
/// # Errors
/// [`PairingError`] when the stage cannot be paired now or no valid pairing exists.
pub fn pair_next_round(event: &Event, group: GroupId, stage_no: StageNo, seed: u64) -> Result<Round, PairingError> {
    let stage = event
        .group(group)
        .and_then(|g| g.stage(stage_no))
        .ok_or(PairingError::UnknownStage { group, stage: stage_no })?;
    if stage.status != StageStatus::Open {
        return Err(PairingError::StageNotOpen(stage_no));
    }
    let entrants = stage_entrants(event, group, stage);
    if stage.kind == StageKind::Knockout {
        return knockout_round(stage, &entrants, seed);
    }
    if stage.kind == StageKind::RoundRobin {
        return round_robin_round(stage, &entrants, seed);
    }
    let planned_rounds = stage.rounds_planned.ok_or(PairingError::RoundsNotSet {
        stage: stage_no,
        players: entrants.len(),
        suggested: suggested_rounds(entrants.len()),
    })?;
    let done = stage.rounds.len() as u32;
    if done >= planned_rounds {
        return Err(PairingError::AllRoundsPaired(planned_rounds));
    }
    stage.ready_for_next_round().map_err(|u| PairingError::RoundIncomplete { round: u.round, missing: u.missing })?;
    let round_no = RoundNo(done + 1);
    // Announced byes and absences for this round are not paired.
    let planned: Vec<&PlannedBye> = stage.planned_byes.iter().filter(|p| p.round == round_no).collect();
    let pairable: BTreeSet<StartNo> = entrants
        .iter()
        .copied()
        .filter(|p| event.player(*p).is_some_and(|pl| pl.status.is_pairable()))
        .filter(|p| planned.iter().all(|b| b.bye.player != *p))
        .collect();
    if pairable.len() < 2 {
        return Err(PairingError::TooFewPlayers(pairable.len()));
    }
    let records = records_after(event, group, stage, done);
    // Rank order: the standings after the last round (start numbers before round 1).
    let order: Vec<StartNo> = standings(event, group, stage_no, done)
        .map(|s| s.rows.into_iter().map(|r| r.start_no).collect())
        .unwrap_or_else(|_| entrants.clone());
    let mut candidates: Vec<Candidate> = order
        .into_iter()
        .filter(|p| pairable.contains(p))
        .map(|p| {
            let record = records.get(&p).cloned().unwrap_or_default();
            let player = event.player(p);
            Candidate {
                start_no: p,
                points: record.total(),
                rating: player.and_then(|pl| pl.entry.rating),
                club: player.map(|pl| pl.entry.club.trim().to_string()).unwrap_or_default(),
                had_pairing_bye: record.byes.iter().any(|(_, k)| *k == ByeKind::Pairing),
                had_forfeit_win: record.games.iter().any(|g| g.won() && !g.played()),
                record,
            }
        })
        .collect();
    let options = &stage.pairing;
    let first = done == 0;
    if options.system == PairingSystem::FideDutch {
        // C.04.3 in full: the dedicated Dutch module.
        let mut forbidden = played_meetings(stage.rounds.iter());
        if options.club_avoidance_absolute
            && options.club_avoidance != ClubAvoidance::Off
            && (options.club_avoidance == ClubAvoidance::EveryRound || first)
        {
            for (k, a) in candidates.iter().enumerate() {
                for b in &candidates[k + 1..] {
                    if !a.club.is_empty() && a.club == b.club {
                        forbidden.insert((a.start_no.min(b.start_no), a.start_no.max(b.start_no)));
                    }
                }
            }
        }
        let mut by_number = entrants.clone();
        by_number.sort();
        let input = dutch::Input {
            candidates: &candidates,
            records: &records,
            entrants: &by_number,
            forbidden: &forbidden,
            done,
            planned: planned_rounds,
            scoring: &stage.scoring,
            initial: options.initial_colour.unwrap_or(Colour::Red),
        };
        return dutch::round(&input, round_no, seed, planned.iter().map(|p| p.bye));
    }
    let mut rules = engine::Rules {
        club: match options.club_avoidance {
            ClubAvoidance::Off => None,
            ClubAvoidance::FirstRound if !first => None,
            ClubAvoidance::FirstRound | ClubAvoidance::EveryRound => Some(options.club_avoidance_absolute),
        },
        last_round: round_no.0 == planned_rounds && !first,
        targets: None,
    };
    if first {
        let (drawn, targets) = first_round::draw(&candidates, options.first_round, seed);
        candidates = drawn;
        rules.targets = Some(targets);
    }
    // cxa: a forfeit counts as a meeting (fide-dutch returned above).
    let met = meetings(stage.rounds.iter());
    let solution = engine::solve(&candidates, &met, &rules)
        .map_err(|unpaired| PairingError::NoValidPairing { round: round_no, players: unpaired.0 })?;

    let states: Vec<ColourState> = candidates.iter().map(ColourState::of).collect();
    // Board order (PAIRING.md): the higher score of the pair, then the pair's sum, then
    // the better rank of the pair's higher player.
    let mut boards: Vec<(usize, usize)> = solution.pairs.clone();
    boards.sort_by(|x, y| {
        let key = |&(i, j): &(usize, usize)| {
            let (a, b) = (candidates[i].points, candidates[j].points);
            (std::cmp::Reverse(a.max(b)), std::cmp::Reverse(a + b), i.min(j))
        };
        key(x).cmp(&key(y))
    });
    let first_colours = first.then(|| {
        let mode = match options.first_round {
            FirstRoundMode::Random => colours::FirstRoundColours::ByLot,
            FirstRoundMode::Halves | FirstRoundMode::HalvesLot => colours::FirstRoundColours::OddBoardsUpperRed,
        };
        let mut list = colours::first_round_colours(mode, boards.len(), seed);
        // TRF `XXC black1`: the top board's upper player starts with black.
        if options.initial_colour == Some(Colour::Black) {
            list.iter_mut().for_each(|c| *c = c.opposite());
        }
        list
    });
    let games = boards
        .iter()
        .enumerate()
        .map(|(k, &(i, j))| {
            let (high, low) = (i.min(j), i.max(j));
            let colour = match &first_colours {
                Some(list) => list[k],
                None => colours::colour_of_higher(&states[high], &states[low]),
            };
            let (red, black) = if colour == Colour::Red { (high, low) } else { (low, high) };
            Game {
                board: BoardNo(k as u32 + 1),
                game: 1,
                red: candidates[red].start_no,
                black: candidates[black].start_no,
                result: None,
            }
        })
        .collect();
    let mut byes: Vec<Bye> =
        solution.bye.map(|i| Bye::new(candidates[i].start_no, ByeKind::Pairing)).into_iter().collect();
    byes.extend(planned.iter().map(|p| p.bye));
    byes.sort_by_key(|b| b.player);
    Ok(Round { no: round_no, seed: Some(seed), games, byes, warnings: Vec::new() })
}

/// The next round of a knockout stage: seeds are the entrants in seeding order.
fn knockout_round(stage: &Stage, seeds: &[StartNo], seed: u64) -> Result<Round, PairingError> {
    let rules = stage.knockout.as_ref().ok_or(KnockoutError::NoRules)?;
    let (games, passes) = knockout::next_round(seeds, &stage.rounds, &stage.scoring, rules)?;
    let round_no = RoundNo(stage.rounds.len() as u32 + 1);
    let byes = passes.into_iter().map(|p| Bye::new(p, ByeKind::Pairing)).collect();
    Ok(Round { no: round_no, seed: Some(seed), games, byes, warnings: Vec::new() })
}

/// The next round of a round-robin stage from the Berger tables: seat k is the
/// k-th entrant in seeding order; every seat keeps its games, so a withdrawn player's
/// opponents are recorded as winning by forfeit.
fn round_robin_round(stage: &Stage, entrants: &[StartNo], seed: u64) -> Result<Round, PairingError> {
    stage.ready_for_next_round().map_err(|u| PairingError::RoundIncomplete { round: u.round, missing: u.missing })?;
    let total = stage.rounds_planned.unwrap_or(round_robin::rounds_needed(entrants.len(), stage.double_round_robin));
    let round_no = RoundNo(stage.rounds.len() as u32 + 1);
    if round_no.0 > total {
        return Err(PairingError::AllRoundsPaired(total));
    }
    let table = round_robin::berger_round(entrants.len(), round_no.0, stage.double_round_robin)
        .map_err(|_| PairingError::TooFewPlayers(entrants.len()))?;
    let seat = |k: usize| entrants[k - 1];
    let games = table
        .boards
        .iter()
        .enumerate()
        .map(|(i, (red, black))| Game {
            board: BoardNo(i as u32 + 1),
            game: 1,
            red: seat(*red),
            black: seat(*black),
            result: None,
        })
        .collect();
    let byes = table.bye.map(|k| Bye::new(seat(k), ByeKind::Pairing)).into_iter().collect();
    Ok(Round { no: round_no, seed: Some(seed), games, byes, warnings: Vec::new() })
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
