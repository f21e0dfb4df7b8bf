//! The bracket panel's model of a knockout stage ([`BracketModel`]): its seeds, why the
//! next round cannot be paired, the columns of match boxes with the results sent and
//! not yet saved, which columns are folded and where every box goes at zoom 1.
//! [`derive`] builds it once per change — a saved change, another group, stage or
//! language, a result sent, the finished rounds unfolded, another text size — and the
//! view keeps it, so that a frame only draws (issue 40, item 3).

use super::Sent;
use super::canvas::{Placement, game_rows, placement_of};
use super::fold::folded_columns;
use super::model::{Column, columns_of};
use crate::domain::event::{Event, KnockoutRules, Stage, stage_entrants};
use crate::domain::ids::{GroupId, StageNo, StartNo};
use crate::lang::Lang;

/// What a [`BracketModel`] was derived for.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct LayoutKey {
    /// The saved event's revision.
    pub(super) revision: u64,
    /// The group and the stage shown.
    pub(super) shown: (GroupId, StageNo),
    /// The language of the blocker's words.
    pub(super) lang: Lang,
    /// The results sent and not yet saved.
    pub(super) sent: Sent,
    /// The director unfolded the finished rounds.
    pub(super) unfolded: bool,
    /// The height of a row at zoom 1, as bits.
    pub(super) row_height: u32,
}

/// A knockout stage as the bracket panel draws it.
#[derive(Debug, Clone, Default)]
pub(super) struct BracketModel {
    /// The stage's seeds, in seeding order.
    pub(super) seeds: Vec<StartNo>,
    /// Why the next round cannot be paired, if it cannot (the worker's state aside).
    pub(super) blocker: Option<String>,
    /// The columns of match boxes (none with fewer than two seeds).
    pub(super) columns: Vec<Column>,
    /// Which columns are folded.
    pub(super) folded: Vec<bool>,
    /// Where the titles and boxes go at zoom 1.
    pub(super) placement: Placement,
}

/// The model of knockout `stage` of `group` under `rules`, with the results `sent`.
pub(super) fn derive(
    event: &Event,
    (group, stage, rules): (GroupId, &Stage, &KnockoutRules),
    sent: &Sent,
    (unfolded, row_height): (bool, f32),
    lang: Lang,
) -> BracketModel {
    let seeds = stage_entrants(event, group, stage);
    let blocker = super::pair_blocker(stage, &seeds, rules, lang);
    if seeds.len() < 2 {
        return BracketModel { seeds, blocker, ..BracketModel::default() };
    }
    let columns = columns_of(&seeds, stage, rules, sent);
    let folded = folded_columns(&columns, unfolded);
    let placement = placement_of(&columns, row_height, game_rows(rules), &folded);
    BracketModel { seeds, blocker, columns, folded, placement }
}
