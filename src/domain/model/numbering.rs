//! Shown start numbers (编号, R-11.6): the number people read and type for a player.
//!
//! A player's [`StartNo`] stays the event-wide identity every stage, round and ledger
//! entry names. What people see is the shown number: the start number itself when the
//! event numbers across the event ([`Numbering::PerEvent`], files from before it), or
//! the player's number within the group, 1…N ([`Numbering::PerGroup`], the Chinese
//! practice for multi-group events). Within a group, shown numbers follow the order of
//! the start numbers, so the seeding of a first stage is the same read either way.
//! A deleted shown number is never given to another player of its group silently.

use super::event::Event;
use super::ids::{GroupId, StartNo};
use super::player::Player;

pub use super::ids::Numbering;

impl Player {
    /// The number people read and type for the player: the number within the group
    /// under [`Numbering::PerGroup`], else the start number.
    pub fn shown(&self) -> u32 {
        self.shown_no.unwrap_or(self.start_no.0)
    }
}

/// Why a typed number names no single player ([`Event::player_by_shown`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShownLookup {
    /// No player has the number (in the group, when one was named).
    Unknown,
    /// Several groups have a player of this number and no group was named: the groups'
    /// names, in group order.
    Ambiguous(Vec<String>),
}

impl Event {
    /// The number people read and type for `start_no` ([`Player::shown`]); the start
    /// number itself for a number no player has.
    pub fn shown_no(&self, start_no: StartNo) -> u32 {
        self.player(start_no).map_or(start_no.0, Player::shown)
    }

    /// Whether numbers run within each group.
    pub fn numbers_per_group(&self) -> bool {
        self.numbering == Numbering::PerGroup
    }

    /// The player people mean by `shown` — in `group` when one is named.
    ///
    /// # Errors
    /// [`ShownLookup::Unknown`] when nobody has the number; [`ShownLookup::Ambiguous`]
    /// when no group is named and players of several groups have it.
    pub fn player_by_shown(&self, shown: u32, group: Option<GroupId>) -> Result<StartNo, ShownLookup> {
        if !self.numbers_per_group() {
            let player = self.player(StartNo(shown)).filter(|p| group.is_none_or(|g| p.group == g));
            return player.map(|p| p.start_no).ok_or(ShownLookup::Unknown);
        }
        let found: Vec<&Player> =
            self.players.iter().filter(|p| p.shown() == shown && group.is_none_or(|g| p.group == g)).collect();
        match found.as_slice() {
            [] => Err(ShownLookup::Unknown),
            [one] => Ok(one.start_no),
            many => {
                let holds = |g: &&super::event::Group| many.iter().any(|p| p.group == g.id);
                Err(ShownLookup::Ambiguous(self.groups.iter().filter(holds).map(|g| g.name.clone()).collect()))
            }
        }
    }

    /// The shown number the next player registered in `group` gets under
    /// [`Numbering::PerGroup`]: above every number the group's players have and the
    /// highest one deleted from it ([`super::event::Group::numbers_given`]).
    pub fn next_shown_no(&self, group: GroupId) -> u32 {
        let highest = self.group_players(group).map(Player::shown).max().unwrap_or(0);
        let deleted = self.group(group).map_or(0, |g| g.numbers_given);
        highest.max(deleted) + 1
    }

    /// The shown number for a player about to be registered in `group`: the group's
    /// next one under [`Numbering::PerGroup`], none (the start number) otherwise.
    pub fn shown_for_new(&self, group: GroupId) -> Option<u32> {
        self.numbers_per_group().then(|| self.next_shown_no(group))
    }
}

/// The shown number every player takes when each group is numbered from 1 in
/// start-number order under `numbering`: `None` (the start number) under
/// [`Numbering::PerEvent`].
pub fn numbered_from_one(event: &Event, numbering: Numbering) -> Vec<(StartNo, Option<u32>)> {
    let mut next: std::collections::BTreeMap<GroupId, u32> = std::collections::BTreeMap::new();
    event
        .players
        .iter()
        .map(|p| {
            let n = next.entry(p.group).or_insert(0);
            *n += 1;
            (p.start_no, (numbering == Numbering::PerGroup).then_some(*n))
        })
        .collect()
}
