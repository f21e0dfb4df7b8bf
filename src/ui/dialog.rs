//! The window's confirmation dialog: a modal with a body, an accept button (Enter) and a
//! cancel button (Esc; a click beside the dialog cancels too). Result corrections, hand
//! edits of a pairing and unpairing all ask through it.

use egui::{Key, Modifiers, Ui};

/// The director's answer to a confirmation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Go on (the accept button or Enter).
    Accepted,
    /// Go back (the cancel button, Esc or a click beside the dialog).
    Cancelled,
}

/// How a confirmation looks.
#[derive(Debug, Clone, Copy)]
pub struct Confirmation<'a> {
    /// The modal's id (one per kind of dialog).
    pub id: &'a str,
    /// Its widest, in points.
    pub width: f32,
    /// The accept button's label, naming its key (`确认更正 (Enter)`).
    pub accept: &'a str,
    /// The cancel button's label (`取消 (Esc)`).
    pub cancel: &'a str,
    /// The dialog was already shown before this frame, so Enter and Esc answer it
    /// (and are not keys typed together with the one that opened it).
    pub keys_live: bool,
}

/// Shows the dialog with `body_ui` above its buttons; the answer, once given.
pub fn confirmation_ui(ui: &Ui, dialog: Confirmation<'_>, body_ui: impl FnOnce(&mut Ui)) -> Option<Answer> {
    let ctx = ui.ctx().clone();
    let (mut accepted, mut cancelled) = if dialog.keys_live {
        ctx.input_mut(|i| (i.consume_key(Modifiers::NONE, Key::Enter), i.consume_key(Modifiers::NONE, Key::Escape)))
    } else {
        (false, false)
    };
    let modal = egui::Modal::new(egui::Id::unique(dialog.id)).show(&ctx, |ui| {
        ui.set_max_width(dialog.width);
        body_ui(ui);
        ui.add_space(crate::ui::theme::space::XS);
        ui.horizontal(|ui| {
            if ui.button(dialog.accept).clicked() {
                accepted = true;
            }
            if ui.button(dialog.cancel).clicked() {
                cancelled = true;
            }
        });
    });
    if modal.backdrop_response.clicked() {
        cancelled = true;
    }
    if accepted {
        Some(Answer::Accepted)
    } else if cancelled {
        Some(Answer::Cancelled)
    } else {
        None
    }
}
