//! A writing command's event read in part (issue 38, item 18): a result entered on one
//! board, or an undo, reads the players, the stages and the rounds' byes and line-ups,
//! and of the games only those it reads — the round of the board, and every game of the
//! board's players in their group (the forfeit rules count their earlier forfeits) —
//! so that it costs after nine rounds what it costs after one. Any other command reads
//! every game first. Only a file exactly as its last writer sealed it is read in part:
//! any other has its whole event checked against its history, which needs every game.
//!
//! In debug builds (every test), each command applied to a part is applied again to
//! the whole event read afresh, and the two must change the same and end at the same
//! digest: the rules never see less of the event than they read.

use super::digest::{self, StateDigest};
use super::game_rows::{self, Which};
use super::row_values::RoundKey;
use super::row_values::row_error;
use super::{EventFile, StoreError, load, rows};
use crate::domain::command::{Applied, Change, Command, apply};
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, RoundNo, StageNo};
use rusqlite::Connection;
use std::collections::BTreeSet;
use std::path::Path;

/// Which games an event file is opened with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Games {
    /// Every game.
    All,
    /// Those the commands read, as they read them.
    AsNeeded,
}

/// Which games the event holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Loaded {
    /// Every game of the event.
    All,
    /// Every game of these rounds, and every game of these players (group, start
    /// number) in their group.
    Part {
        /// Rounds read whole.
        rounds: BTreeSet<RoundKey>,
        /// Players whose games were read.
        players: BTreeSet<(u32, u32)>,
    },
}

/// The event without its games, which a one-board command reads as it needs them.
pub(super) fn load_part(conn: &Connection, path: &Path) -> Result<Event, StoreError> {
    rows::load_event_with(conn, false).map_err(|e| row_error(path, e))
}

impl From<Games> for Loaded {
    fn from(games: Games) -> Loaded {
        match games {
            Games::All => Loaded::All,
            Games::AsNeeded => Loaded::Part { rounds: BTreeSet::new(), players: BTreeSet::new() },
        }
    }
}

impl EventFile {
    /// Opens an event file for one writing command of the command line, as
    /// [`EventFile::open_for_command`], reading of the games only those the command
    /// reads: for a result on one board (read the board's round first with
    /// [`EventFile::read_round`] to look at it) and for undo and redo. Any other
    /// command executed on it reads every game first, so it is never wrong, only slower.
    ///
    /// # Errors
    /// As [`EventFile::open_for_command`].
    pub fn open_for_one_board(path: &Path) -> Result<EventFile, StoreError> {
        EventFile::open_checking(path, super::command_check(path), super::Sharing::Alone, Games::AsNeeded)
    }

    /// Whether the event holds every game ([`EventFile::open_for_one_board`] reads them
    /// as needed).
    pub fn holds_every_game(&self) -> bool {
        self.games == Loaded::All
    }

    /// Reads every game of a round into the event, if not read yet.
    ///
    /// # Errors
    /// SQLite errors, or a value this build cannot read.
    pub fn read_round(&mut self, group: GroupId, stage: StageNo, round: RoundNo) -> Result<(), StoreError> {
        let key = (group.0, stage.0, round.0);
        let Loaded::Part { rounds, .. } = &self.games else { return Ok(()) };
        if rounds.contains(&key) {
            return Ok(());
        }
        self.add(Which::Round(key))?;
        if let Loaded::Part { rounds, .. } = &mut self.games {
            rounds.insert(key);
        }
        Ok(())
    }

    /// Reads every game of these players in their group, if not read yet.
    fn read_players(&mut self, group: GroupId, players: &[u32]) -> Result<(), StoreError> {
        let Loaded::Part { players: read, .. } = &self.games else { return Ok(()) };
        let new: Vec<u32> = players.iter().copied().filter(|p| !read.contains(&(group.0, *p))).collect();
        if new.is_empty() {
            return Ok(());
        }
        self.add(Which::Players { group: group.0, players: &new })?;
        if let Loaded::Part { players: read, .. } = &mut self.games {
            read.extend(new.iter().map(|p| (group.0, *p)));
        }
        Ok(())
    }

    fn add(&mut self, which: Which<'_>) -> Result<(), StoreError> {
        let games = game_rows::read(&self.conn, which).map_err(|e| row_error(&self.path, e))?;
        game_rows::add_to(std::sync::Arc::make_mut(&mut self.event), games)
            .map_err(|bad| row_error(&self.path, bad.into()))
    }

    /// Reads every game the event does not hold yet.
    fn read_all(&mut self) -> Result<(), StoreError> {
        if self.games != Loaded::All {
            self.event = std::sync::Arc::new(load(&self.conn, &self.path)?);
            self.games = Loaded::All;
        }
        Ok(())
    }

    /// Makes the event hold every game `commands` read: a result's round and its
    /// players' games; for any other command, every game.
    pub(super) fn cover(&mut self, commands: &[Command]) -> Result<(), StoreError> {
        for command in commands {
            if self.games == Loaded::All {
                return Ok(());
            }
            let Command::RecordResult { group, stage, round, board, .. } = command else { return self.read_all() };
            self.read_round(*group, *stage, *round)?;
            let seated: Vec<u32> = self
                .event
                .group(*group)
                .and_then(|g| g.stage(*stage))
                .and_then(|s| s.round(*round))
                .map(|r| r.games.iter().filter(|g| g.board == *board).flat_map(|g| [g.red.0, g.black.0]).collect())
                .unwrap_or_default();
            self.read_players(*group, &seated)?;
        }
        Ok(())
    }

    /// Makes the event hold every game that reverting `changes` puts back or reads:
    /// the rounds they name whole; for a whole group, every game.
    pub(super) fn cover_changes(&mut self, changes: &[Change]) -> Result<(), StoreError> {
        for change in changes {
            match change {
                Change::Board { group, stage, round, .. }
                | Change::Watch { group, stage, round, .. }
                | Change::Round { group, stage, round, .. } => self.read_round(*group, *stage, *round)?,
                Change::Group { .. } => return self.read_all(),
                Change::Player { .. }
                | Change::StageSettings { .. }
                | Change::EventInfo { .. }
                | Change::LedgerEntry { .. } => {}
            }
        }
        Ok(())
    }

    /// In debug builds, for an event read in part: `commands` applied to the whole
    /// event as the file holds it change what they changed on the part (`applied`) and
    /// end at the same digest (`state`).
    pub(super) fn debug_check_part(&self, commands: &[Command], applied: &[Applied], state: StateDigest) {
        let Some(mut whole) = self.whole_to_compare() else { return };
        for (command, done) in commands.iter().zip(applied) {
            let again = apply(&mut whole, command);
            debug_assert_eq!(again.as_ref().ok(), Some(done), "a command read games its event part lacks");
        }
        debug_assert_eq!(digest::of_event(&whole), state, "a command on part of the event changed other parts");
    }

    /// In debug builds, for an event read in part: reverting `changes` on the whole
    /// event changes what it changed on the part and ends at the same digest.
    pub(super) fn debug_check_revert(&self, changes: &[Change], reverted: &Applied, state: StateDigest) {
        let Some(mut whole) = self.whole_to_compare() else { return };
        let again = crate::domain::undo::revert(&mut whole, changes);
        debug_assert_eq!(again.as_ref().ok(), Some(reverted), "an undo read games its event part lacks");
        debug_assert_eq!(digest::of_event(&whole), state, "an undo on part of the event changed other parts");
    }

    /// The whole event read afresh, to apply a command on part of it to again: in debug
    /// builds, for an event read in part and small enough to hash whole each time.
    fn whole_to_compare(&self) -> Option<Event> {
        if !cfg!(debug_assertions) || self.games == Loaded::All || self.event.players.len() > 400 {
            return None;
        }
        load(&self.conn, &self.path).ok()
    }
}
