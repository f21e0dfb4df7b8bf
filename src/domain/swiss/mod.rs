//! Swiss pairing: the next round of a stage from its standings and history.
//!
//! This is the interim engine of the foundation: a score-group pairing that already
//! keeps the absolute rules (no rematch — a forfeit counts as a meeting — at most one
//! pairing-allocated bye, given to the lowest-ranked eligible player; withdrawn and
//! disqualified players are not paired) and the round-1 draws of PAIRING.md §3. The
//! weighted-matching engine of PAIRING.md replaces `score_groups` behind the same
//! [`pair_next_round`] interface.

mod colours;
mod score_groups;

use crate::domain::command::stage_entrants;
use crate::domain::event::{Bye, ByeKind, Event, Game, PlannedBye, Round, StageKind, StageStatus};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::points::Points;
use crate::domain::rules::FirstRoundMode;
use crate::domain::standings::{record::Record, records_after, standings};
use std::collections::{BTreeMap, BTreeSet};
use thiserror::Error;

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
    /// Every pairing would repeat a game or give a second bye.
    #[error("no pairing of round {0} avoids rematches and second byes")]
    NoValidPairing(RoundNo),
}

/// One player as the pairing sees them: rank order, score, history.
#[derive(Debug, Clone)]
pub(crate) struct Candidate {
    pub start_no: StartNo,
    pub points: Points,
    pub rating: Option<u32>,
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
    if stage.kind == StageKind::Knockout {
        return Err(PairingError::NotSwiss(stage_no));
    }
    if stage.status != StageStatus::Open {
        return Err(PairingError::StageNotOpen(stage_no));
    }
    let entrants = stage_entrants(event, group, stage);
    let planned = stage.rounds_planned.ok_or(PairingError::RoundsNotSet {
        stage: stage_no,
        players: entrants.len(),
        suggested: suggested_rounds(entrants.len()),
    })?;
    let done = stage.rounds.len() as u32;
    if done >= planned {
        return Err(PairingError::AllRoundsPaired(planned));
    }
    if let Some(last) = stage.rounds.last() {
        let missing = last.games.iter().filter(|g| g.result.is_none()).count();
        if missing > 0 {
            return Err(PairingError::RoundIncomplete { round: last.no, missing });
        }
    }
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
    let candidates: Vec<Candidate> = order
        .into_iter()
        .filter(|p| pairable.contains(p))
        .map(|p| {
            let record = records.get(&p).cloned().unwrap_or_default();
            Candidate {
                start_no: p,
                points: record.total(),
                rating: event.player(p).and_then(|pl| pl.entry.rating),
                had_pairing_bye: record.byes.iter().any(|(_, k)| *k == ByeKind::Pairing),
                had_forfeit_win: record.games.iter().any(|g| g.won() && !g.played()),
                record,
            }
        })
        .collect();
    let met = meetings(stage.rounds.iter());
    let pairs = if done == 0 {
        score_groups::first_round(&candidates, stage.pairing.first_round, seed)
    } else {
        score_groups::later_round(&candidates, &met).ok_or(PairingError::NoValidPairing(round_no))?
    };
    let first_round_colours = (done == 0).then_some(match stage.pairing.first_round {
        FirstRoundMode::Random => colours::FirstRoundColours::ByLot,
        FirstRoundMode::Halves | FirstRoundMode::HalvesLot => colours::FirstRoundColours::OddBoardsUpperRed,
    });
    let rank: BTreeMap<StartNo, usize> = candidates.iter().enumerate().map(|(i, c)| (c.start_no, i)).collect();
    let by_no: BTreeMap<StartNo, &Candidate> = candidates.iter().map(|c| (c.start_no, c)).collect();
    let mut games: Vec<(Points, Points, usize, Game)> = Vec::with_capacity(pairs.games.len());
    for (board_index, (a, b)) in pairs.games.iter().enumerate() {
        let (ca, cb) = (by_no[a], by_no[b]);
        let (red, black) = colours::allocate(ca, cb, rank[a] < rank[b], board_index, first_round_colours, seed);
        let high = ca.points.max(cb.points);
        let sum = ca.points + cb.points;
        let best_rank = rank[a].min(rank[b]);
        games.push((high, sum, best_rank, Game { board: BoardNo(0), game: 1, red, black, result: None }));
    }
    // Board order (PAIRING.md): higher score of the pair, then the pair's sum, then
    // the better rank of the pair's higher player.
    games.sort_by(|x, y| y.0.cmp(&x.0).then(y.1.cmp(&x.1)).then(x.2.cmp(&y.2)));
    let games = games.into_iter().enumerate().map(|(i, (.., g))| Game { board: BoardNo(i as u32 + 1), ..g }).collect();
    let mut byes: Vec<Bye> = pairs.bye.map(|p| Bye::new(p, ByeKind::Pairing)).into_iter().collect();
    byes.extend(planned.iter().map(|p| p.bye));
    byes.sort_by_key(|b| b.player);
    Ok(Round { no: round_no, seed: Some(seed), games, byes })
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

/// Every pair of players who were paired in the given rounds, forfeits included
/// (PAIRING.md cxa §2), as (lower, higher) start numbers.
pub fn meetings<'a>(rounds: impl Iterator<Item = &'a Round>) -> BTreeSet<(StartNo, StartNo)> {
    rounds.flat_map(|r| r.games.iter()).map(|g| (g.red.min(g.black), g.red.max(g.black))).collect()
}

/// The result of the score-group pairing: pairs in rank order, and the bye.
#[derive(Debug, Clone, Default)]
pub(crate) struct Pairs {
    pub games: Vec<(StartNo, StartNo)>,
    pub bye: Option<StartNo>,
}

#[cfg(test)]
mod tests {
    use super::suggested_rounds;

    // a suggestion from the entry count.
    #[test]
    fn suggested_rounds_grow_with_log2_of_the_field() {
        assert_eq!(suggested_rounds(2), 1);
        assert_eq!(suggested_rounds(4), 3);
        assert_eq!(suggested_rounds(20), 6);
        assert_eq!(suggested_rounds(32), 6);
        assert_eq!(suggested_rounds(33), 7);
        assert_eq!(suggested_rounds(80), 8);
    }
}
