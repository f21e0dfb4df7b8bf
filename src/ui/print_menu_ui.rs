//! The 打印 (Print) menu of the top bar: each document of the chosen group —
//! pairing sheet, result slips, standings, crosstable, bracket, prize list, check-in
//! list — is written
//! as a PDF on the worker thread and opened in the system's PDF viewer; "另存为 PDF…"
//! writes it to a chosen path instead. Ctrl+P prints the pairing sheet.

use super::i18n::Lang;
use super::session::{Job, PrintTarget};
use crate::domain::event::{Group, StageKind};
use crate::print::{Document, Request};
use egui::{Key, KeyboardShortcut, Modifiers, Ui};
use std::path::PathBuf;

/// Ctrl+P: the pairing sheet of the last paired round, in the viewer.
pub const PRINT_SHORTCUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::P);

/// The print menu's own state: the "save as PDF" dialog.
#[derive(Debug, Clone, Default)]
pub struct PrintMenu {
    save_as: Option<SaveAs>,
}

#[derive(Debug, Clone)]
struct SaveAs {
    document: Document,
    path: String,
    focus: bool,
}

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

/// Draws the 打印 menu and its dialog; pushes [`Job::Print`] jobs.
pub fn print_menu_ui(ui: &mut Ui, state: &mut PrintMenu, group: Option<&Group>, lang: Lang, jobs: &mut Vec<Job>) {
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
                    state.save_as = Some(SaveAs { document, path: default_name(document, group, lang), focus: true });
                    ui.close();
                }
            }
        });
    });
    save_as_window_ui(&ctx, state, group, lang, jobs);
}

fn save_as_window_ui(ctx: &egui::Context, state: &mut PrintMenu, group: &Group, lang: Lang, jobs: &mut Vec<Job>) {
    let Some(dialog) = state.save_as.as_mut() else { return };
    let mut open = true;
    let mut done = false;
    egui::Window::new(format!("{} — {}", lang.t("另存为 PDF", "Save as PDF"), label(dialog.document, lang)))
        .id(egui::Id::unique("bianpai-print-save-as"))
        .collapsible(false)
        .resizable(false)
        .open(&mut open)
        .show(ctx, |ui| {
            let mut entered = false;
            ui.horizontal(|ui| {
                let name = ui.label(lang.t("文件路径", "Path"));
                let field =
                    ui.add(egui::TextEdit::singleline(&mut dialog.path).desired_width(360.0)).labelled_by(name.id);
                if dialog.focus {
                    field.request_focus();
                    dialog.focus = false;
                }
                entered = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
                if ui.button(lang.t("浏览…", "Browse…")).clicked() {
                    // Modal: the native chooser holds the window until it closes.
                    let picked = rfd::FileDialog::new()
                        .set_title(lang.t("另存为 PDF", "Save as PDF"))
                        .set_file_name(dialog.path.as_str())
                        .add_filter("PDF", &["pdf"])
                        .save_file();
                    if let Some(picked) = picked {
                        dialog.path = picked.display().to_string();
                    }
                }
            });
            ui.horizontal(|ui| {
                let path = typed_pdf_path(&dialog.path);
                let save = ui.add_enabled(path.is_some(), egui::Button::new(lang.t("保存", "Save")));
                if let Some(path) = path.filter(|_| save.clicked() || entered) {
                    let request = Request { document: dialog.document, group: group.id, round: None, lang };
                    jobs.push(Job::Print { request, target: PrintTarget::File(path) });
                    done = true;
                }
                if ui.button(lang.t("取消", "Cancel")).clicked() || ui.input(|i| i.key_pressed(Key::Escape)) {
                    done = true;
                }
            });
        });
    if done || !open {
        state.save_as = None;
    }
}

/// The typed path, with `.pdf` added when it has no extension; `None` when empty.
fn typed_pdf_path(text: &str) -> Option<PathBuf> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let mut path = PathBuf::from(text);
    if path.extension().is_none() {
        path.set_extension("pdf");
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_paths_get_the_pdf_extension() {
        assert_eq!(typed_pdf_path(" 对阵表 "), Some(PathBuf::from("对阵表.pdf")));
        assert_eq!(typed_pdf_path("a/b.PDF"), Some(PathBuf::from("a/b.PDF")));
        assert_eq!(typed_pdf_path("  "), None);
    }
}
