//! The 打印 (Print) menu of the top bar: each document of the chosen group —
//! pairing sheet, result slips, standings, crosstable, bracket, prize list, check-in
//! list — is written
//! as a PDF on the worker thread and opened in the system's PDF viewer; "另存为 PDF…"
//! writes it to a chosen path instead (the shared save window, starting beside the
//! event file). Ctrl+P prints the pairing sheet.

use super::i18n::Lang;
use super::save_dialog::{SaveDialog, folder_beside, save_dialog_ui};
use super::session::{Job, PrintTarget};
use crate::domain::event::{Group, StageKind};
use crate::print::{Document, Request};
use egui::{Key, KeyboardShortcut, Modifiers, Ui};
use std::path::Path;

/// Ctrl+P: the pairing sheet of the last paired round, in the viewer.
pub const PRINT_SHORTCUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::P);

/// The print menu's own state: the "save as PDF" window and its document.
#[derive(Debug, Clone, Default)]
pub struct PrintMenu {
    save_as: Option<SaveDialog>,
    document: Option<Document>,
}

/// The file type of a printed document.
const PDF: (&str, &str) = ("PDF", "pdf");

/// Every document, in menu order, with its labels.
const DOCUMENTS: [(Document, &str, &str); 7] = [
    (Document::Pairings, "对阵表", "Pairing sheet"),
    (Document::Slips, "记分单", "Result slips"),
    (Document::Standings, "成绩表", "Standings"),
    (Document::Crosstable, "大表", "Crosstable"),
    (Document::Bracket, "对阵图", "Bracket"),
    (Document::Prizes, "奖励名单", "Prize list"),
    (Document::CheckIn, "签到表", "Check-in list"),
];

fn label(document: Document, lang: Lang) -> &'static str {
    DOCUMENTS.iter().find(|(d, _, _)| *d == document).map_or("", |(_, zh, en)| lang.t(zh, en))
}

/// A file name for the document: `对阵表-成人组.pdf`.
fn default_name(document: Document, group: &Group, lang: Lang) -> String {
    format!("{}-{}.pdf", label(document, lang), group.name)
}

/// Draws the 打印 menu and its dialog; pushes [`Job::Print`] jobs. `event_path` is the
/// open file, beside which PDFs are saved by default.
pub fn print_menu_ui(
    ui: &mut Ui,
    state: &mut PrintMenu,
    group: Option<&Group>,
    event_path: Option<&Path>,
    lang: Lang,
    jobs: &mut Vec<Job>,
) {
    let Some(group) = group else { return };
    let has_knockout = group.stages.iter().any(|s| s.kind == StageKind::Knockout);
    let request = |document| Request { document, group: group.id, round: None, lang };
    if ui.input_mut(|i| i.consume_shortcut(&PRINT_SHORTCUT)) {
        jobs.push(Job::Print { request: request(Document::Pairings), target: PrintTarget::Viewer });
    }
    let ctx = ui.ctx().clone();
    ui.menu_button(lang.t("打印", "Print"), |ui| {
        for (document, zh, en) in DOCUMENTS {
            let enabled = document != Document::Bracket || has_knockout;
            let mut button = egui::Button::new(lang.t(zh, en));
            if document == Document::Pairings {
                button = button.shortcut_text(ctx.format_shortcut(&PRINT_SHORTCUT));
            }
            if ui.add_enabled(enabled, button).clicked() {
                jobs.push(Job::Print { request: request(document), target: PrintTarget::Viewer });
                ui.close();
            }
        }
        ui.separator();
        ui.menu_button(lang.t("另存为 PDF…", "Save as PDF…"), |ui| {
            for (document, zh, en) in DOCUMENTS {
                let enabled = document != Document::Bracket || has_knockout;
                if ui.add_enabled(enabled, egui::Button::new(lang.t(zh, en))).clicked() {
                    let title = format!("{} — {}", lang.t("另存为 PDF", "Save as PDF"), label(document, lang));
                    let name = default_name(document, group, lang);
                    state.save_as = Some(SaveDialog::new(title, folder_beside(event_path).as_deref(), &name, PDF));
                    state.document = Some(document);
                    ui.close();
                }
            }
        });
    });
    if let (Some(path), Some(document)) = (save_dialog_ui(&ctx, &mut state.save_as, lang), state.document) {
        let request = Request { document, group: group.id, round: None, lang };
        jobs.push(Job::Print { request, target: PrintTarget::File(path) });
    }
}
