//! Undo and redo (issue 8): the inverse of an applied command is to put every entity it
//! changed back to the value it had before ([`Change`] keeps it). [`revert`] does that and
//! returns the changes it made in turn, so that the revert is saved and audited like any
//! other command, and reverting a revert is a redo.
//!
//! Which audit row to undo or redo next is decided by [`UndoStacks`] from the sequence
//! of audit rows: ordinary commands push onto the done stack (and clear the redo stack),
//! an undo moves the top of the done stack to the redo stack, a redo moves it back.

use super::model::change::{
    Applied, Change, DomainError, EventInfo, board_games, board_watch, group_settings, settings_only, stage_mut,
};
use super::model::event::{Event, Group, Stage};
use super::model::watch::{BoardWatch, put_watch};
use serde::{Deserialize, Serialize};

/// Puts every entity in `changes` back to its `before` value, last change first.
///
/// # Errors
/// [`DomainError`] when an entity no longer fits (its group or stage is gone); the event
/// is then as before the call only if the caller applied this to a copy, as the store does.
pub fn revert(event: &mut Event, changes: &[Change]) -> Result<Applied, DomainError> {
    let mut done = Vec::with_capacity(changes.len());
    for change in changes.iter().rev() {
        done.push(revert_one(event, change)?);
    }
    Ok(Applied { changes: done, new_players: vec![] })
}

fn revert_one(event: &mut Event, change: &Change) -> Result<Change, DomainError> {
    Ok(match change {
        Change::Player { start_no, before } => {
            let now = put_back(&mut event.players, start_no, |p| p.start_no, before.as_deref());
            Change::Player { start_no: *start_no, before: now }
        }
        Change::StageSettings { group, stage, before } => {
            let st = stage_mut(event, *group, *stage)?;
            let now = Box::new(settings_only(st));
            *st = Stage { rounds: std::mem::take(&mut st.rounds), ..(**before).clone() };
            Change::StageSettings { group: *group, stage: *stage, before: now }
        }
        Change::Round { group, stage, round, before } => {
            let st = stage_mut(event, *group, *stage)?;
            let now = put_back(&mut st.rounds, round, |r| r.no, before.as_deref());
            Change::Round { group: *group, stage: *stage, round: *round, before: now }
        }
        Change::Board { group, stage, round, board, before } => {
            let st = stage_mut(event, *group, *stage)?;
            let rd = st.rounds.iter_mut().find(|r| r.no == *round).ok_or(DomainError::UnknownRound(*round))?;
            let now = board_games(rd, *board);
            rd.games.retain(|g| g.board != *board);
            rd.games.extend(before.iter().cloned());
            rd.games.sort_by_key(|g| (g.board, g.game));
            Change::Board { group: *group, stage: *stage, round: *round, board: *board, before: now }
        }
        Change::Watch { group, stage, round, board, before } => {
            let st = stage_mut(event, *group, *stage)?;
            let rd = st.rounds.iter_mut().find(|r| r.no == *round).ok_or(DomainError::UnknownRound(*round))?;
            let now = board_watch(rd, *board);
            let empty = BoardWatch { board: *board, time: None, watcher: None };
            put_watch(&mut rd.watches, before.clone().unwrap_or(empty));
            Change::Watch { group: *group, stage: *stage, round: *round, board: *board, before: now }
        }
        Change::Group { group, before } => {
            let now = restore_group(event, *group, before.as_deref());
            Change::Group { group: *group, before: now.map(Box::new) }
        }
        Change::EventInfo { before } => {
            let now = Box::new(EventInfo::of(event));
            event.name = before.name.clone();
            event.start_date = before.start_date;
            event.officials = before.officials.clone();
            event.team_ranking = before.team_ranking.clone();
            event.numbers_given = before.numbers_given;
            event.numbering = before.numbering;
            Change::EventInfo { before: now }
        }
        Change::LedgerEntry { id, before } => {
            let now = put_back(&mut event.ledger, id, |e| e.id, before.as_deref());
            Change::LedgerEntry { id: *id, before: now }
        }
    })
}

/// Puts the item keyed `key` of a list sorted by `key_of` back as `before` (removing
/// it when `None`), and returns it as it was (`None`: it did not exist).
fn put_back<T: Clone, K: Ord>(
    items: &mut Vec<T>,
    key: &K,
    key_of: impl Fn(&T) -> K,
    before: Option<&T>,
) -> Option<Box<T>> {
    match (items.binary_search_by_key(key, key_of), before) {
        (Ok(i), Some(item)) => Some(Box::new(std::mem::replace(&mut items[i], item.clone()))),
        (Ok(i), None) => Some(Box::new(items.remove(i))),
        (Err(i), Some(item)) => {
            items.insert(i, item.clone());
            None
        }
        (Err(_), None) => None,
    }
}

/// Puts a group back as `before` (removing it when `None`), keeping the rounds of
/// stages it still has; returns the group's settings as they were.
fn restore_group(event: &mut Event, id: crate::domain::ids::GroupId, before: Option<&Group>) -> Option<Group> {
    let at = event.groups.binary_search_by_key(&id, |g| g.id);
    match (at, before) {
        (Ok(i), Some(b)) => {
            let now = group_settings(&event.groups[i]);
            let mut rounds: Vec<_> =
                event.groups[i].stages.iter_mut().map(|s| (s.no, std::mem::take(&mut s.rounds))).collect();
            let mut restored = b.clone();
            for stage in &mut restored.stages {
                if let Some((_, r)) = rounds.iter_mut().find(|(no, _)| *no == stage.no) {
                    stage.rounds = std::mem::take(r);
                }
            }
            event.groups[i] = restored;
            Some(now)
        }
        (Ok(i), None) => Some(group_settings(&event.groups.remove(i))),
        (Err(i), Some(b)) => {
            event.groups.insert(i, b.clone());
            None
        }
        (Err(_), None) => None,
    }
}

/// What an audit row did, as far as undo is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// An ordinary command.
    Command,
    /// Undid the row with this id.
    Undo(i64),
    /// Redid (reverted the undo row with this id).
    Redo(i64),
}

/// The rows that can be undone and redone, newest last.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UndoStacks {
    /// Rows whose effect is in the event now (ordinary commands and redos).
    pub done: Vec<i64>,
    /// Undo rows that a redo would revert.
    pub undone: Vec<i64>,
}

impl UndoStacks {
    /// Replays the audit rows (id, step), oldest first.
    pub fn replay(rows: impl IntoIterator<Item = (i64, Step)>) -> UndoStacks {
        let mut stacks = UndoStacks::default();
        for (id, step) in rows {
            stacks.push(id, step);
        }
        stacks
    }

    /// Follows one more audit row, newer than every row seen so far.
    pub fn push(&mut self, id: i64, step: Step) {
        match step {
            Step::Command => {
                self.done.push(id);
                self.undone.clear();
            }
            Step::Undo(of) => {
                if self.done.last() == Some(&of) {
                    self.done.pop();
                }
                self.undone.push(id);
            }
            Step::Redo(of) => {
                if self.undone.last() == Some(&of) {
                    self.undone.pop();
                }
                self.done.push(id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacks_follow_undo_and_redo() {
        use Step::*;
        let s = UndoStacks::replay([(1, Command), (2, Command), (3, Undo(2)), (4, Undo(1))]);
        assert_eq!((s.done.as_slice(), s.undone.as_slice()), (&[][..], &[3, 4][..]));
        let s = UndoStacks::replay([(1, Command), (2, Command), (3, Undo(2)), (4, Redo(3))]);
        assert_eq!((s.done.as_slice(), s.undone.as_slice()), (&[1, 4][..], &[][..]));
        // A new command after an undo forgets the redo.
        let s = UndoStacks::replay([(1, Command), (2, Undo(1)), (3, Command)]);
        assert_eq!((s.done.as_slice(), s.undone.as_slice()), (&[3][..], &[][..]));
    }
}
