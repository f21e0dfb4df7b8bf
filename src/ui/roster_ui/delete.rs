//! Deleting a player registered by mistake (a duplicate row, a typo that made two
//! players): offered only for a player never paired, qualified or paid — the others
//! are withdrawn instead — and confirmed first. The deletion is a command like any
//! other: saved, audited, and undone with 撤销.

use crate::domain::command::Command;
use crate::domain::ids::StartNo;
use crate::lang::Lang;
use crate::lang::Words;
use crate::ui::dialog::{Answer, Confirmation, confirmation_ui};
use crate::ui::session::Job;
use egui::Ui;

/// A deletion waiting for the director's confirmation.
#[derive(Debug, Clone)]
pub(super) struct Deletion {
    pub start_no: StartNo,
    /// The number shown for the player.
    pub no: u32,
    pub name: String,
    /// The dialog was shown in an earlier frame, so Enter and Esc answer it.
    pub shown: bool,
}

/// Asks to confirm the deletion while one is pending; pushes the command when accepted.
pub(super) fn delete_ui(ui: &Ui, pending: &mut Option<Deletion>, lang: Lang, jobs: &mut Vec<Job>) {
    let Some(deletion) = pending.as_mut() else { return };
    let dialog = Confirmation {
        id: "bianpai-delete-player",
        width: 420.0,
        accept: lang.t("删除 (Enter)", "Delete (Enter)"),
        cancel: lang.t("取消 (Esc)", "Cancel (Esc)"),
        keys_live: deletion.shown,
    };
    let (start_no, no, name) = (deletion.start_no, deletion.no, deletion.name.clone());
    let answer = confirmation_ui(ui, dialog, |ui| {
        ui.label(match lang {
            Lang::Zh => {
                format!("删除 {no} 号 {name}？此选手从未编排，可用“撤销”恢复。编号 {no} 不会再分配给其他棋手。")
            }
            Lang::En => format!(
                "Delete {no} {name}? The player was never paired; 撤销 (undo) brings them back. \
                 Number {no} will not be given to another player."
            ),
        });
    });
    deletion.shown = true;
    match answer {
        Some(Answer::Accepted) => {
            jobs.push(Job::Execute {
                label: Words::in_both(|lang| match lang {
                    Lang::Zh => format!("删除 {no} 号 {name}，编号不再分配"),
                    Lang::En => format!("{no} {name} deleted; the number is not given again"),
                }),
                commands: vec![Command::DeletePlayer { start_no }],
            });
            *pending = None;
        }
        Some(Answer::Cancelled) => *pending = None,
        None => {}
    }
}
