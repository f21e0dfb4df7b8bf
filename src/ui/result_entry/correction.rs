//! The dialog that confirms a correction or clearing of a result that is already in:
//! it names the game, shows the previous and the new result, and says what follows.
//! Enter confirms, Esc cancels.

use super::ResultChange;
use super::labels::result_label;
use crate::lang::Lang;
use crate::ui::dialog::{Answer, Confirmation, confirmation_ui};
use egui::Ui;

/// What the correction dialog shows besides the change.
#[derive(Debug, Clone)]
pub struct Correction<'a> {
    /// The modal's id (one per panel).
    pub id: &'a str,
    /// Its widest, in points.
    pub width: f32,
    /// The game and its players: `第3轮 第5台  1 王天一 — 赵鑫鑫 2`.
    pub place: String,
    /// What follows from the correction (standings, playoff games …).
    pub note: &'a str,
    /// The dialog was already shown before this frame (Enter and Esc answer it).
    pub keys_live: bool,
}

/// Shows the confirmation of `change`; the director's answer, once given.
pub fn correction_ui(ui: &Ui, change: &ResultChange, dialog: &Correction<'_>, lang: Lang) -> Option<Answer> {
    let confirmation = Confirmation {
        id: dialog.id,
        width: dialog.width,
        accept: lang.t("确认更正 (Enter)", "Confirm (Enter)"),
        cancel: lang.t("取消 (Esc)", "Cancel (Esc)"),
        keys_live: dialog.keys_live,
    };
    confirmation_ui(ui, confirmation, |ui| {
        ui.heading(if change.after.is_some() {
            lang.t("更正结果？", "Correct the result?")
        } else {
            lang.t("清除结果？", "Clear the result?")
        });
        ui.label(dialog.place.as_str());
        ui.add_space(crate::ui::theme::space::XS);
        if let Some(before) = change.before {
            ui.label(format!("{} {}", lang.t("原结果：", "Previous result:"), result_label(before, lang)));
        }
        match change.after {
            Some(after) => ui.strong(format!("{} {}", lang.t("改为：", "New result:"), result_label(after, lang))),
            None => ui.strong(lang.t("改为：无结果", "New result: none")),
        };
        ui.add_space(crate::ui::theme::space::XS);
        ui.weak(dialog.note);
    })
}
