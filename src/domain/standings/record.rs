//! Each player's history in a stage, read once from the rounds: what happened to them
//! in every round, and their running totals. Tiebreaks and ranking read only this.

use crate::domain::event::{ByeKind, Stage};
use crate::domain::ids::StartNo;
use crate::domain::points::Points;
use crate::domain::result::Outcome;
use crate::domain::rules::Colour;
use std::collections::BTreeMap;

/// One game of a player, from their side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameEntry {
    /// Round number (1-based).
    pub round: u32,
    /// The opponent.
    pub opponent: StartNo,
    /// The player's colour.
    pub colour: Colour,
    /// The recorded outcome (red named first).
    pub outcome: Outcome,
    /// Points the player scored.
    pub points: Points,
    /// Fouls recorded against the player.
    pub fouls: u32,
}

impl GameEntry {
    /// Whether the player won, on the board or by forfeit.
    pub fn won(&self) -> bool {
        self.outcome.won_by(self.colour)
    }

    /// Whether the game was a draw on the board.
    pub fn drawn(&self) -> bool {
        self.outcome == Outcome::Draw
    }

    /// Whether the game was played on the board (no forfeit).
    pub fn played(&self) -> bool {
        self.outcome.was_played()
    }
}

/// A player's stage history up to the round the standings are for.
#[derive(Debug, Clone, Default)]
pub struct Record {
    /// Games with a result, in round order.
    pub games: Vec<GameEntry>,
    /// Byes: round and kind.
    pub byes: Vec<(u32, ByeKind)>,
    /// `totals[k]` is the total after round k (`totals[0]` is zero).
    pub totals: Vec<Points>,
}

impl Record {
    /// The total after round `k` (clamped to the rounds read).
    pub fn total_after(&self, k: u32) -> Points {
        let k = (k as usize).min(self.totals.len().saturating_sub(1));
        self.totals.get(k).copied().unwrap_or_default()
    }

    /// The total after the last round read.
    pub fn total(&self) -> Points {
        self.totals.last().copied().unwrap_or_default()
    }
}

/// Reads the records of `players` from rounds 1..=`after_round` of the stage.
/// Games without a result are not counted yet.
pub fn read_records(stage: &Stage, players: &[StartNo], after_round: u32) -> BTreeMap<StartNo, Record> {
    let mut records: BTreeMap<StartNo, Record> = players.iter().map(|p| (*p, Record::default())).collect();
    let mut round_points: BTreeMap<StartNo, Vec<Points>> =
        players.iter().map(|p| (*p, vec![Points::ZERO; after_round as usize + 1])).collect();
    for round in stage.rounds.iter().filter(|r| r.no.0 <= after_round) {
        let k = round.no.0;
        for game in &round.games {
            let Some(result) = game.result else { continue };
            for colour in [Colour::Red, Colour::Black] {
                let me = game.player(colour);
                let Some(record) = records.get_mut(&me) else { continue };
                let points = result.outcome.points_for(colour, &stage.scoring);
                record.games.push(GameEntry {
                    round: k,
                    opponent: game.player(colour.opposite()),
                    colour,
                    outcome: result.outcome,
                    points,
                    fouls: result.fouls(colour),
                });
                if let Some(per_round) = round_points.get_mut(&me) {
                    per_round[k as usize] += points;
                }
            }
        }
        for bye in &round.byes {
            let Some(record) = records.get_mut(&bye.player) else { continue };
            record.byes.push((k, bye.kind));
            let points = bye.points.unwrap_or(match bye.kind {
                ByeKind::Pairing => stage.scoring.bye,
                ByeKind::Requested => stage.scoring.requested_bye,
                ByeKind::Absent => Points::ZERO,
            });
            if let Some(per_round) = round_points.get_mut(&bye.player) {
                per_round[k as usize] += points;
            }
        }
    }
    for (player, record) in &mut records {
        let mut running = Points::ZERO;
        record.totals = round_points
            .get(player)
            .map(|per_round| {
                per_round
                    .iter()
                    .map(|p| {
                        running += *p;
                        running
                    })
                    .collect()
            })
            .unwrap_or_else(|| vec![Points::ZERO]);
    }
    records
}
