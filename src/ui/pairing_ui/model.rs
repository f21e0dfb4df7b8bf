//! The pairing panel's model of the round shown ([`RoundModel`]): each player's
//! points before the round and colour history, and the text of each player's cell with
//! the round's warnings that concern them. [`derive`] builds it from the event once per
//! change — a saved change, another group, stage, round or language — and the view
//! keeps it, so that a frame only draws the rows in sight (issue 40, item 3); before,
//! every frame read the whole stage's records again.

use super::{WARNING_MARK, colour_histories};
use crate::domain::event::{Event, Round, Stage};
use crate::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use crate::domain::model::shown_numbers::shown_warning;
use crate::domain::standings::records_after;
use crate::lang::{Lang, Localized};
use std::collections::{BTreeMap, BTreeSet};

/// What a [`RoundModel`] was derived for: revision, group, stage, round, language.
pub(super) type ModelKey = (u64, GroupId, StageNo, RoundNo, Lang);

/// The round shown, as the pairing table draws it.
#[derive(Debug, Clone, Default)]
pub(super) struct RoundModel {
    /// Each player's points before the round.
    pub(super) points: BTreeMap<StartNo, String>,
    /// Each player's colours in the rounds before (`红黑－`).
    pub(super) histories: BTreeMap<StartNo, String>,
    /// The round's players' cells.
    pub(super) players: BTreeMap<StartNo, PlayerCell>,
}

/// A player's cell: `12 王天一`, marked ▲ when a warning concerns them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct PlayerCell {
    /// The number shown and the name, with the mark.
    pub(super) text: String,
    /// The warnings that concern the player, in words (shown on hover).
    pub(super) concerns: Vec<String>,
}

impl RoundModel {
    /// `p`'s points before the round, or nothing.
    pub(super) fn points(&self, p: StartNo) -> String {
        self.points.get(&p).cloned().unwrap_or_default()
    }

    /// `p`'s colour history, or nothing.
    pub(super) fn history(&self, p: StartNo) -> String {
        self.histories.get(&p).cloned().unwrap_or_default()
    }
}

/// The model of `round` of `stage` in `group`.
pub(super) fn derive(event: &Event, group: GroupId, stage: &Stage, round: &Round, lang: Lang) -> RoundModel {
    let before = records_after(event, group, stage, round.no.0.saturating_sub(1));
    let points = before.iter().map(|(p, r)| (*p, r.total().to_string())).collect();
    let histories = colour_histories(stage, round.no, lang);
    let mut concerns: BTreeMap<StartNo, Vec<String>> = BTreeMap::new();
    for w in &round.warnings {
        let words = shown_warning(event, w).message(lang);
        // Once per warning that names the player (as many times as it may name them).
        for p in w.players().into_iter().collect::<BTreeSet<_>>() {
            concerns.entry(p).or_default().push(words.clone());
        }
    }
    let in_round = round.games.iter().flat_map(|g| [g.red, g.black]).chain(round.byes.iter().map(|b| b.player));
    let players = in_round
        .map(|p| {
            let name = event.player(p).map(|pl| pl.entry.name.as_str()).unwrap_or("");
            let concerns = concerns.get(&p).cloned().unwrap_or_default();
            let no = event.shown_no(p);
            let text = if concerns.is_empty() { format!("{no} {name}") } else { format!("{no} {name} {WARNING_MARK}") };
            (p, PlayerCell { text, concerns })
        })
        .collect();
    RoundModel { points, histories, players }
}
