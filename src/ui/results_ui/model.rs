//! The result panel's model of the round shown ([`RoundModel`]): its games with the
//! results sent and not yet saved ([`lines_of`]), the table's rows (in a team round
//! each match's heading with its score) and how many games have a result. It is
//! derived by [`derive`] once per change — a saved change, another group, stage, round
//! or language, a result sent or taken back — and kept in the view, so that drawing a
//! frame only reads it (issue 40, item 3).

use super::Line;
use super::entry::lines_of;
use super::team::{BoardNames, BoardRow};
use crate::domain::event::{Group, Round, Stage};
use crate::domain::ids::{GroupId, RoundNo, StageNo};
use crate::domain::result::GameResult;
use crate::lang::Lang;
use crate::ui::result_entry::Slot;
use std::collections::BTreeMap;

/// Results sent to the worker and not yet seen in the saved event.
pub(super) type Sent = BTreeMap<(RoundNo, Slot), Option<GameResult>>;

/// What a [`RoundModel`] was derived for.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ModelKey {
    /// The saved event's revision.
    pub(super) revision: u64,
    /// The group shown.
    pub(super) group: GroupId,
    /// The stage shown.
    pub(super) stage: StageNo,
    /// The round shown.
    pub(super) round: RoundNo,
    /// The language of the rows' texts.
    pub(super) lang: Lang,
    /// The results sent and not yet saved.
    pub(super) sent: Sent,
}

/// The round shown, as the panel draws it.
#[derive(Debug, Clone, Default)]
pub(super) struct RoundModel {
    /// The round's games, the results sent and not yet saved included.
    pub(super) lines: Vec<Line>,
    /// The table's rows: the games, in a team round under their match's heading.
    pub(super) rows: Vec<BoardRow>,
    /// The games with a result.
    pub(super) done: usize,
}

/// The model of `round` of `stage` in `group`, with the results `sent` shown.
pub(super) fn derive(group: &Group, stage: &Stage, round: &Round, sent: &Sent, lang: Lang) -> RoundModel {
    let lines = lines_of(round, sent);
    let rows = BoardNames::of(stage, round).rows(group, stage, round, &lines, lang);
    let done = lines.iter().filter(|l| l.result.is_some()).count();
    RoundModel { lines, rows, done }
}
