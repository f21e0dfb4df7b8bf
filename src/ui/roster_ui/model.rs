//! The roster panel's model of the chosen group and stage ([`RosterModel`]): who is
//! knocked out of a knockout stage and with which band of places, who plays in
//! the stage, and why renumbering is not offered. [`derive`] builds it once per change
//! — a saved change, another group, stage or language — and the view keeps it beside
//! the search index and the filtered, sorted rows, so that a frame only draws the rows
//! in sight (issue 40, item 3).

use super::renumber;
use crate::domain::event::{Event, Stage, stage_entrants};
use crate::domain::ids::{GroupId, StageNo, StartNo};
use crate::domain::knockout::stage_knocked_out;
use crate::lang::Lang;
use std::collections::{BTreeMap, BTreeSet};

/// What a [`RosterModel`] was derived for: revision, group, stage and language.
pub(super) type ModelKey = (u64, GroupId, Option<StageNo>, Lang);

/// The group and stage as the roster draws them.
#[derive(Debug, Clone, Default)]
pub(super) struct RosterModel {
    /// The players knocked out of the stage, with their band of places.
    pub(super) knocked_out: BTreeMap<StartNo, (u32, u32)>,
    /// The stage's entrants.
    pub(super) entrants: BTreeSet<StartNo>,
    /// Why 重新编号… is disabled, if it is.
    pub(super) renumber_blocked: Option<&'static str>,
}

/// What the actions of a player's row depend on besides the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct RowFacts {
    /// The player has a trace in the event (a game, a bye, a ledger entry …): no delete.
    pub(super) has_history: bool,
    /// The player plays in the stage and is not knocked out of it.
    pub(super) in_stage: bool,
}

impl RosterModel {
    /// The facts of `player`'s row, given whether the player has a history.
    pub(super) fn facts(&self, player: StartNo, has_history: bool) -> RowFacts {
        let in_stage = !self.knocked_out.contains_key(&player) && self.entrants.contains(&player);
        RowFacts { has_history, in_stage }
    }
}

/// The model of `group` (and `stage`, if any) of `event`.
pub(super) fn derive(event: &Event, group: GroupId, stage: Option<&Stage>, lang: Lang) -> RosterModel {
    RosterModel {
        knocked_out: stage.map(|s| stage_knocked_out(event, group, s)).unwrap_or_default(),
        entrants: stage.map(|s| stage_entrants(event, group, s).into_iter().collect()).unwrap_or_default(),
        renumber_blocked: renumber::unavailable(event, group, lang),
    }
}
