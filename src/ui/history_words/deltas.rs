//! An audit row's entities read back: each [`Change`] (the entity before) paired with
//! the same entity after, as the store wrote them side by side.

use crate::domain::command::{Change, EventInfo};
use crate::domain::event::{Game, Group, Round, Stage};
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::money::{LedgerEntry, LedgerId};
use crate::domain::player::Player;
use crate::domain::watch::BoardWatch;
use crate::store::AuditEntry;
use serde::de::DeserializeOwned;

/// One entity of a row, before and after (`None`: it did not exist).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Delta {
    /// A player.
    Player { start_no: StartNo, before: Option<Box<Player>>, after: Option<Box<Player>> },
    /// A stage's settings (without rounds).
    Stage { group: GroupId, stage: StageNo, before: Box<Stage>, after: Option<Box<Stage>> },
    /// A whole round.
    Round { group: GroupId, stage: StageNo, round: RoundNo, before: Option<Box<Round>>, after: Option<Box<Round>> },
    /// The games of one board.
    Board { group: GroupId, stage: StageNo, round: RoundNo, board: BoardNo, before: Vec<Game>, after: Vec<Game> },
    /// What a video stage records of one board.
    Watch {
        group: GroupId,
        stage: StageNo,
        round: RoundNo,
        board: BoardNo,
        before: Option<BoardWatch>,
        after: Option<BoardWatch>,
    },
    /// A group's own settings.
    Group { group: GroupId, before: Option<Box<Group>>, after: Option<Box<Group>> },
    /// The event's title, first day and officials.
    Event { before: Box<EventInfo>, after: Option<Box<EventInfo>> },
    /// A ledger entry.
    Ledger { id: LedgerId, before: Option<Box<LedgerEntry>>, after: Option<Box<LedgerEntry>> },
}

/// The row's entities; none when its JSON cannot be read.
pub(crate) fn read(entry: &AuditEntry) -> Vec<Delta> {
    let changes: Vec<Change> = serde_json::from_str(&entry.before).unwrap_or_default();
    let afters: Vec<serde_json::Value> = serde_json::from_str(&entry.after).unwrap_or_default();
    changes
        .into_iter()
        .enumerate()
        .map(|(i, change)| {
            let after = afters.get(i).cloned().unwrap_or_default();
            pair(change, after)
        })
        .collect()
}

fn value<T: DeserializeOwned>(after: serde_json::Value) -> Option<Box<T>> {
    serde_json::from_value::<Option<T>>(after).ok().flatten().map(Box::new)
}

fn pair(change: Change, after: serde_json::Value) -> Delta {
    match change {
        Change::Player { start_no, before } => Delta::Player { start_no, before, after: value(after) },
        Change::StageSettings { group, stage, before } => Delta::Stage { group, stage, before, after: value(after) },
        Change::Round { group, stage, round, before } => {
            Delta::Round { group, stage, round, before, after: value(after) }
        }
        Change::Board { group, stage, round, board, before } => {
            let after = serde_json::from_value(after).unwrap_or_default();
            Delta::Board { group, stage, round, board, before, after }
        }
        Change::Watch { group, stage, round, board, before } => {
            let after = serde_json::from_value(after).unwrap_or_default();
            Delta::Watch { group, stage, round, board, before, after }
        }
        Change::Group { group, before } => Delta::Group { group, before, after: value(after) },
        Change::EventInfo { before } => Delta::Event { before, after: value(after) },
        Change::LedgerEntry { id, before } => Delta::Ledger { id, before, after: value(after) },
    }
}

impl Delta {
    /// The round this entity is, or is in.
    pub(crate) fn round(&self) -> Option<RoundNo> {
        match self {
            Delta::Round { round, .. } | Delta::Board { round, .. } | Delta::Watch { round, .. } => Some(*round),
            Delta::Ledger { before, after, .. } => {
                after.as_ref().or(before.as_ref()).and_then(|e| e.round).map(|r| r.round)
            }
            _ => None,
        }
    }

    /// The players this entity is about: a player, a board's players, a ledger entry's
    /// player (a whole round names none: every pairing would match every player).
    pub(crate) fn players(&self) -> Vec<StartNo> {
        match self {
            Delta::Player { start_no, .. } => vec![*start_no],
            Delta::Board { before, after, .. } => before.iter().chain(after).flat_map(|g| [g.red, g.black]).collect(),
            Delta::Ledger { before, after, .. } => before.iter().chain(after).map(|e| e.start_no).collect(),
            _ => Vec::new(),
        }
    }
}
