//! The field of a Swiss round: who is paired (active, not absent or on an announced
//! bye), in rank order with their records, which round of how many this is, and before
//! round 1 of a later stage that stage's seeding.

use super::{Candidate, PairingError, suggested_rounds};
use crate::domain::event::{ByeKind, Event, PlannedBye, Stage};
use crate::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use crate::domain::standings::{record::Record, records_after, standings};
use std::collections::{BTreeMap, BTreeSet};

/// What every Swiss system starts from.
pub(super) struct Field<'a> {
    /// The round to pair.
    pub round_no: RoundNo,
    /// Rounds the stage plans.
    pub planned_rounds: u32,
    /// Announced byes and absences of this round: not paired.
    pub planned: Vec<&'a PlannedBye>,
    /// The players to pair, in rank order (start numbers before round 1).
    pub candidates: Vec<Candidate>,
    /// Every entrant's record so far.
    pub records: BTreeMap<StartNo, Record>,
    /// Round 1 of a stage after the first: the stage's seeding, the previous stage's
    /// final ranking then the nominees in the order named, which a first round
    /// by halves follows instead of ratings.
    pub seeding: Option<Vec<StartNo>>,
}

impl<'a> Field<'a> {
    /// Whether this is the stage's first round.
    pub fn first(&self) -> bool {
        self.round_no.0 == 1
    }

    /// The field of the stage's next round.
    ///
    /// # Errors
    /// Rounds not set or all paired, the last round incomplete, fewer than two players.
    pub fn gather(
        event: &Event,
        group: GroupId,
        stage: &'a Stage,
        entrants: &[StartNo],
    ) -> Result<Field<'a>, PairingError> {
        let planned_rounds = stage.rounds_planned.ok_or(PairingError::RoundsNotSet {
            stage: stage.no,
            players: entrants.len(),
            suggested: suggested_rounds(entrants.len()),
        })?;
        let done = stage.rounds.len() as u32;
        if done >= planned_rounds {
            return Err(PairingError::AllRoundsPaired(planned_rounds));
        }
        stage
            .ready_for_next_round()
            .map_err(|u| PairingError::RoundIncomplete { round: u.round, missing: u.missing })?;
        let round_no = RoundNo(done + 1);
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
        let order: Vec<StartNo> = standings(event, group, stage.no, done)
            .map(|s| s.rows.into_iter().map(|r| r.start_no).collect())
            .unwrap_or_else(|_| entrants.to_vec());
        let candidates = order
            .into_iter()
            .filter(|p| pairable.contains(p))
            .map(|p| candidate(event, p, records.get(&p).cloned().unwrap_or_default()))
            .collect();
        let seeding = (done == 0 && has_seeding(stage)).then(|| entrants.to_vec());
        Ok(Field { round_no, planned_rounds, planned, candidates, records, seeding })
    }
}

/// Whether `stage` has a seeding of its own: a stage after the first, whose
/// entrants closing the previous stage listed in its final ranking, then the nominees
/// in the order named. A first stage takes the group's players by start number and
/// orders round 1 by rating.
pub(super) fn has_seeding(stage: &Stage) -> bool {
    stage.no != StageNo(1) && !stage.entrants.is_empty()
}

pub(super) fn candidate(event: &Event, p: StartNo, record: Record) -> Candidate {
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
}
