//! How a round differs from the engine's pairing: the event as it stood when the round
//! was paired (the rounds before it, the stage open, the round's players active and
//! nobody else), paired again with the round's stored seed — the engine is
//! deterministic for a seed — and compared board by board with the round as it stands.
//! What differs is what the director changed by hand.
//!
//! What the event does not keep cannot be restored: a pairing control or a result of
//! an earlier round changed since makes the engine pair otherwise, and that shows as
//! a difference too.

use crate::domain::event::{ByeKind, Event, Round, Stage, StageKind, StageStatus, stage_entrants};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::player::PlayerStatus;
use crate::domain::swiss::pair_next_round;
use std::collections::{BTreeMap, BTreeSet};

/// How the round compares with the engine's pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Comparison {
    /// As the engine paired it.
    Same,
    /// Changed by hand: these differences, boards first, then the bye.
    Differs(Vec<Difference>),
    /// The engine's pairing cannot be made again.
    NotCompared(NotCompared),
}

impl Comparison {
    /// The differences (none when the round is as the engine paired it, or unknown).
    pub fn differences(&self) -> &[Difference] {
        match self {
            Comparison::Differs(d) => d,
            _ => &[],
        }
    }
}

/// Why the engine's pairing cannot be made again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotCompared {
    /// A knockout round (the higher seed may choose colours): not compared.
    Knockout,
    /// The round has no stored seed.
    NoSeed,
    /// The engine no longer pairs the round from the rounds before it.
    EngineFailed,
}

/// One difference from the engine's pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference {
    /// Another pair on the board: the engine's (red, black) and the round's, `None`
    /// where one of them has no such board.
    Pair { board: BoardNo, engine: Option<(StartNo, StartNo)>, now: Option<(StartNo, StartNo)> },
    /// The same pair with colours swapped: the engine's red and black.
    Colours { board: BoardNo, engine_red: StartNo, engine_black: StartNo },
    /// Another pairing-allocated bye: the engine's and the round's holders.
    Bye { engine: Vec<StartNo>, now: Vec<StartNo> },
}

/// The event as it stood when round `round_no` was paired: only the rounds before it,
/// the stage open, the round's players (games and byes) active and the stage's other
/// players out of the pairing. `None` when there is no such round.
pub(super) fn as_paired(event: &Event, group: GroupId, stage_no: StageNo, round_no: RoundNo) -> Option<Event> {
    let stage = event.group(group)?.stage(stage_no)?;
    let round = stage.round(round_no)?;
    let present: BTreeSet<StartNo> =
        round.games.iter().flat_map(|g| [g.red, g.black]).chain(round.byes.iter().map(|b| b.player)).collect();
    let entrants: BTreeSet<StartNo> = stage_entrants(event, group, stage).into_iter().collect();
    let mut before = event.clone();
    for player in before.players.iter_mut().filter(|p| entrants.contains(&p.start_no)) {
        if present.contains(&player.start_no) {
            player.status = PlayerStatus::Active;
        } else if player.status == PlayerStatus::Active {
            player.status = PlayerStatus::Withdrawn;
        }
    }
    let stage = before.groups.iter_mut().find(|g| g.id == group)?.stages.iter_mut().find(|s| s.no == stage_no)?;
    stage.rounds.retain(|r| r.no < round_no);
    stage.status = StageStatus::Open;
    let planned = stage.rounds_planned.unwrap_or(round_no.0);
    stage.rounds_planned = Some(planned.max(round_no.0));
    Some(before)
}

/// The engine's pairing of `round` (of `stage`) from `before`, the event as it stood.
pub(super) fn engine_round(before: &Event, group: GroupId, stage: &Stage, round: &Round) -> Result<Round, NotCompared> {
    if stage.kind == StageKind::Knockout {
        return Err(NotCompared::Knockout);
    }
    let seed = round.seed.ok_or(NotCompared::NoSeed)?;
    pair_next_round(before, group, stage.no, seed).map_err(|_| NotCompared::EngineFailed)
}

/// Board by board, what differs between the round `now` and the engine's pairing.
pub(super) fn differences(now: &Round, engine: &Round) -> Vec<Difference> {
    let boards = |r: &Round| -> BTreeMap<BoardNo, (StartNo, StartNo)> {
        r.games.iter().filter(|g| g.game == 1).map(|g| (g.board, (g.red, g.black))).collect()
    };
    let (was, is) = (boards(engine), boards(now));
    let numbers: BTreeSet<BoardNo> = was.keys().chain(is.keys()).copied().collect();
    let mut differences: Vec<Difference> = numbers
        .into_iter()
        .filter_map(|board| match (was.get(&board).copied(), is.get(&board).copied()) {
            (Some(e), Some(n)) if e == n => None,
            (Some(e), Some(n)) if e == (n.1, n.0) => {
                Some(Difference::Colours { board, engine_red: e.0, engine_black: e.1 })
            }
            (engine, now) => Some(Difference::Pair { board, engine, now }),
        })
        .collect();
    let byes = |r: &Round| -> Vec<StartNo> {
        r.byes.iter().filter(|b| b.kind == ByeKind::Pairing).map(|b| b.player).collect()
    };
    let (engine_byes, now_byes) = (byes(engine), byes(now));
    if engine_byes != now_byes {
        differences.push(Difference::Bye { engine: engine_byes, now: now_byes });
    }
    differences
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{Bye, Game};

    fn round(games: &[(u32, u32)], bye: Option<u32>) -> Round {
        let games = games
            .iter()
            .enumerate()
            .map(|(k, &(red, black))| Game {
                board: BoardNo(k as u32 + 1),
                game: 1,
                red: StartNo(red),
                black: StartNo(black),
                result: None,
            })
            .collect();
        let byes = bye.map(|p| Bye::new(StartNo(p), ByeKind::Pairing)).into_iter().collect();
        Round { no: RoundNo(2), seed: Some(1), games, byes, warnings: Vec::new(), watches: Vec::new(), teams: None }
    }

    // board by board — the same pair reversed is a colour swap, another pair a
    // pair difference (a board missing on one side too), then the bye.
    #[test]
    fn differences_are_read_board_by_board() {
        let engine = round(&[(1, 2), (3, 4), (5, 6)], Some(7));
        assert!(differences(&engine, &engine).is_empty());
        let now = round(&[(2, 1), (3, 7), (5, 6), (4, 8)], None);
        let s = StartNo;
        assert_eq!(
            differences(&now, &engine),
            vec![
                Difference::Colours { board: BoardNo(1), engine_red: s(1), engine_black: s(2) },
                Difference::Pair { board: BoardNo(2), engine: Some((s(3), s(4))), now: Some((s(3), s(7))) },
                Difference::Pair { board: BoardNo(4), engine: None, now: Some((s(4), s(8))) },
                Difference::Bye { engine: vec![s(7)], now: vec![] },
            ]
        );
    }
}
