//! The 打印 (Print) menu of the top bar: each document of the chosen group —
//! pairing sheet, result slips, standings, crosstable, bracket, prize list, check-in
//! list — is written as a PDF on the worker thread and opened in the system's PDF
//! viewer; "另存为 PDF…" writes it to a chosen path instead (the shared save window,
//! starting beside the event file). Ctrl+P prints the pairing sheet. A group whose
//! current stage plays team matches gets the team documents in place of the pairing
//! sheet and the slips — 团体对阵表, 对阵记录单 — and 团体名次, 团体交叉表, 台次奖; a
//! group with teams over an individual stage (队员总分制) gets 团体名次. While
//! the event ranks its clubs across groups, every group gets 全赛事团体名次.

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

/// A document of the menu with its labels.
type Item = (Document, &'static str, &'static str);

/// Every document of an individual group, in menu order, with its labels.
const DOCUMENTS: [Item; 7] = [
    (Document::Pairings, "对阵表", "Pairing sheet"),
    (Document::Slips, "记分单", "Result slips"),
    (Document::Standings, "成绩表", "Standings"),
    (Document::Crosstable, "大表", "Crosstable"),
    (Document::Bracket, "对阵图", "Bracket"),
    (Document::Prizes, "奖励名单", "Prize list"),
    (Document::CheckIn, "签到表", "Check-in list"),
];

/// The team documents, with their labels.
const TEAM_DOCUMENTS: [Item; 5] = [
    (Document::TeamPairings, "团体对阵表", "Team pairing sheet"),
    (Document::ScoreCards, "对阵记录单", "Match score cards"),
    (Document::TeamStandings, "团体名次", "Team standings"),
    (Document::TeamCrosstable, "团体交叉表", "Team crosstable"),
    (Document::BoardPrizes, "台次奖", "Board prizes"),
];

/// The event's clubs ranked across its groups, with its labels.
const EVENT_TEAMS: Item = (Document::EventTeams, "全赛事团体名次", "Team ranking across the event");

/// The documents the menu offers for `group`: a team stage's sheet and slips are the
/// team ones, and its team tables follow the individual ones; 队员总分制 adds 团体名次;
/// the event's ranking across groups, when on, comes last.
fn documents(group: &Group, event_teams: bool) -> Vec<Item> {
    let mut out = group_documents(group);
    if event_teams {
        out.push(EVENT_TEAMS);
    }
    out
}

fn group_documents(group: &Group) -> Vec<Item> {
    let team_stage = group.current_stage().is_some_and(|s| s.teams.is_some());
    if team_stage {
        let mut out = TEAM_DOCUMENTS[..2].to_vec();
        out.extend(DOCUMENTS[2..4].iter().copied());
        out.extend(TEAM_DOCUMENTS[2..].iter().copied());
        out.extend(DOCUMENTS[4..].iter().copied());
        return out;
    }
    let mut out = DOCUMENTS.to_vec();
    if !group.teams.is_empty() {
        out.insert(4, TEAM_DOCUMENTS[2]);
    }
    out
}

fn label(document: Document, lang: Lang) -> &'static str {
    let all = DOCUMENTS.iter().chain(&TEAM_DOCUMENTS).chain(std::iter::once(&EVENT_TEAMS));
    all.into_iter().find(|(d, _, _)| *d == document).map_or("", |(_, zh, en)| lang.t(zh, en))
}

/// A file name for the document: `对阵表-成人组.pdf`.
fn default_name(document: Document, group: &Group, lang: Lang) -> String {
    format!("{}-{}.pdf", label(document, lang), group.name)
}

/// Draws the 打印 menu and its dialog; pushes [`Job::Print`] jobs. `event_path` is the
/// open file, beside which PDFs are saved by default; `event_teams`: the event ranks its
/// clubs across groups.
pub fn print_menu_ui(
    ui: &mut Ui,
    state: &mut PrintMenu,
    (group, event_teams): (Option<&Group>, bool),
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
    let items = documents(group, event_teams);
    ui.menu_button(lang.t("打印", "Print"), |ui| {
        for &(document, zh, en) in &items {
            let enabled = document != Document::Bracket || has_knockout;
            let mut button = egui::Button::new(lang.t(zh, en));
            if matches!(document, Document::Pairings | Document::TeamPairings) {
                button = button.shortcut_text(ctx.format_shortcut(&PRINT_SHORTCUT));
            }
            if ui.add_enabled(enabled, button).clicked() {
                jobs.push(Job::Print { request: request(document), target: PrintTarget::Viewer });
                ui.close();
            }
        }
        ui.separator();
        ui.menu_button(lang.t("另存为 PDF…", "Save as PDF…"), |ui| {
            for &(document, zh, en) in &items {
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
