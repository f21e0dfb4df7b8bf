//! Result entry shared by the results, pairing and bracket panels: which game a result
//! goes to ([`Slot`]), a change of one game's result ([`ResultChange`]) and the job that
//! saves it, the result keys ([`keys`]), the names of results, reasons and changes
//! ([`labels`]), the buttons that do what the keys do, and the dialog that confirms a
//! correction of an existing result ([`correction`]).

pub mod correction;
pub mod keys;
pub mod labels;

pub use correction::{Correction, correction_ui};
pub use keys::{foul_of_key, outcome_key, outcome_of_key, reason_key, reason_of_key};
pub use labels::{
    change_label, outcome_label, reason_label, refusal_text, result_label, result_label_zh, result_look,
    result_rich_text, short_result, slot_label,
};

use super::session::Job;
use crate::domain::command::Command;
use crate::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use crate::domain::result::{GameResult, Outcome, ResultReason};
use crate::lang::Lang;
use crate::lang::Words;
use egui::Ui;

/// One game of a round: its board and its game number in the match (1 in Swiss).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Slot {
    /// The board.
    pub board: BoardNo,
    /// The game of the match.
    pub game: u32,
}

/// The reason and fouls that go with a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Details {
    /// Why the game ended as it did.
    pub reason: ResultReason,
    /// Fouls against red.
    pub fouls_red: u32,
    /// Fouls against black.
    pub fouls_black: u32,
}

impl Details {
    /// The reason and fouls of `result`.
    pub fn of(result: &GameResult) -> Details {
        Details { reason: result.reason, fouls_red: result.fouls_red, fouls_black: result.fouls_black }
    }

    /// A result of `outcome` with these reason and fouls.
    pub fn with(self, outcome: Outcome) -> GameResult {
        GameResult { outcome, reason: self.reason, fouls_red: self.fouls_red, fouls_black: self.fouls_black }
    }
}

/// A change of one game's result, to send (or to confirm first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultChange {
    /// The round.
    pub round: RoundNo,
    /// The game.
    pub slot: Slot,
    /// The result it held.
    pub before: Option<GameResult>,
    /// The result it gets; `None` clears it.
    pub after: Option<GameResult>,
}

impl ResultChange {
    /// Whether the game had a result that this changes.
    pub fn is_correction(&self) -> bool {
        self.before.is_some()
    }

    /// The job that saves the change: one [`Command::RecordResult`], named `label`.
    pub fn job(&self, group: GroupId, stage: StageNo, label: Words) -> Job {
        Job::Execute {
            label,
            commands: vec![Command::RecordResult {
                group,
                stage,
                round: self.round,
                board: self.slot.board,
                game: self.slot.game,
                result: self.after,
            }],
        }
    }
}

/// The six outcomes as buttons, `current` shown chosen, each hovering its name and key
/// (what the keys do, for the mouse); the one clicked.
pub fn outcome_buttons_ui(ui: &mut Ui, current: Option<Outcome>, lang: Lang) -> Option<Outcome> {
    let mut clicked = None;
    for outcome in Outcome::ALL {
        let hover = format!("{} ({} {})", outcome_label(outcome, lang), lang.t("键", "key"), outcome_key(outcome));
        if ui.selectable_label(current == Some(outcome), outcome.notation()).on_hover_text(hover).clicked() {
            clicked = Some(outcome);
        }
    }
    clicked
}
