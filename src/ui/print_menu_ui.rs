//! The 打印 (Print) menu of the top bar (R-9): each document of the chosen group —
//! pairing sheet, result slips, standings, crosstable, bracket, prize list, check-in
//! list — is written as a PDF on the worker thread and opened in the system's PDF
//! viewer; "另存为 PDF…" writes it to a chosen path instead (the shared save window,
//! starting beside the event file). Ctrl+P prints the pairing sheet. A group whose
//! current stage plays team matches gets the team documents in place of the pairing
//! sheet and the slips — 团体对阵表, 对阵记录单 — and 团体名次, 团体交叉表, 台次奖; a
//! group with teams over an individual stage (队员总分制) gets 团体名次 (R-10.7). While
//! the event ranks its clubs across groups, every group gets 全赛事团体名次 (R-10.8).

use super::save_dialog::{SaveDialog, folder_beside, save_dialog_ui};
use super::session::{Job, PrintTarget};
use crate::domain::event::{Group, StageKind};
use crate::lang::Lang;
use crate::print::{DocumentKind, Request, RoundUse};
use egui::{Key, KeyboardShortcut, Modifiers, Ui};
use std::path::Path;

/// Ctrl+P: the pairing sheet of the last paired round, in the viewer.
pub const PRINT_SHORTCUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::P);

/// The print menu's own state: the "save as PDF" window and its document.
#[derive(Debug, Clone, Default)]
pub struct PrintMenu {
    save_as: Option<SaveDialog>,
    document: Option<DocumentKind>,
}

/// The file type of a printed document.
const PDF: (&str, &str) = ("PDF", "pdf");

/// A document of the menu with its labels.
type Item = (DocumentKind, &'static str, &'static str);

/// Every document of an individual group, in menu order, with its labels.
const DOCUMENTS: [Item; 7] = [
    (DocumentKind::Pairings, "对阵表", "Pairing sheet"),
    (DocumentKind::Slips, "记分单", "Result slips"),
    (DocumentKind::Standings, "成绩表", "Standings"),
    (DocumentKind::Crosstable, "大表", "Crosstable"),
    (DocumentKind::Bracket, "对阵图", "Bracket"),
    (DocumentKind::Prizes, "奖励名单", "Prize list"),
    (DocumentKind::CheckIn, "签到表", "Check-in list"),
];

/// The team documents (R-10.7), with their labels.
const TEAM_DOCUMENTS: [Item; 5] = [
    (DocumentKind::TeamPairings, "团体对阵表", "Team pairing sheet"),
    (DocumentKind::ScoreCards, "对阵记录单", "Match score cards"),
    (DocumentKind::TeamStandings, "团体名次", "Team standings"),
    (DocumentKind::TeamCrosstable, "团体交叉表", "Team crosstable"),
    (DocumentKind::BoardPrizes, "台次奖", "Board prizes"),
];

/// The event's clubs ranked across its groups (R-10.8), with its labels.
const EVENT_TEAMS: Item = (DocumentKind::EventTeams, "全赛事团体名次", "Team ranking across the event");

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

fn label(document: DocumentKind, lang: Lang) -> &'static str {
    let all = DOCUMENTS.iter().chain(&TEAM_DOCUMENTS).chain(std::iter::once(&EVENT_TEAMS));
    all.into_iter().find(|(d, _, _)| *d == document).map_or("", |(_, zh, en)| lang.t(zh, en))
}

/// The file name proposed for the document: `对阵表-成人组.pdf` once carried no round, and
/// round 5's sheet replaced round 1's (issue 39 item 2).
fn default_name(document: DocumentKind, group: &Group, lang: Lang) -> String {
    let stage = group.current_stage();
    let stage_name = stage.filter(|_| group.stages.len() > 1).map(|s| s.name.as_str());
    let round = stage.and_then(|s| match document.round_use() {
        RoundUse::Paired => s.last_round().map(|r| r.no.0),
        RoundUse::After => Some(s.completed_rounds()).filter(|&n| n > 0),
        RoundUse::None => None,
    });
    let group_name = (document != DocumentKind::EventTeams).then_some(group.name.as_str());
    pdf_file_name(label(document, lang), group_name, stage_name, round, lang)
}

/// A PDF's file name from its parts: the document, the group, the stage (given when the
/// group has more than one) and the round — `对阵表-少年组-第5轮.pdf`,
/// `pairing-sheet-Juniors-round-5.pdf`. Characters no file name may hold become `_`.
pub fn pdf_file_name(
    document: &str,
    group: Option<&str>,
    stage: Option<&str>,
    round: Option<u32>,
    lang: Lang,
) -> String {
    let document = match lang {
        Lang::Zh => document.to_string(),
        Lang::En => document.to_lowercase().replace(' ', "-"),
    };
    let round = round.map(|n| match lang {
        Lang::Zh => format!("第{n}轮"),
        Lang::En => format!("round-{n}"),
    });
    let parts = std::iter::once(document)
        .chain(group.map(str::to_string))
        .chain(stage.map(str::to_string))
        .chain(round)
        .map(|p| file_safe(p.trim()))
        .filter(|p| !p.is_empty());
    format!("{}.pdf", parts.collect::<Vec<_>>().join("-"))
}

/// `text` with the characters a file name may not hold on any system replaced by `_`.
fn file_safe(text: &str) -> String {
    text.chars().map(|c| if c.is_control() || r#"/\:*?"<>|"#.contains(c) { '_' } else { c }).collect()
}

/// Draws the 打印 menu and its dialog; pushes [`Job::Print`] jobs. `event_path` is the
/// open file, beside which PDFs are saved by default; `event_teams`: the event ranks its
/// clubs across groups; `hall_link`: the hall's address while it is served (the posted
/// sheets print it as a QR code).
pub fn print_menu_ui(
    ui: &mut Ui,
    state: &mut PrintMenu,
    (group, event_teams): (Option<&Group>, bool),
    (event_path, hall_link): (Option<&Path>, Option<&str>),
    lang: Lang,
    jobs: &mut Vec<Job>,
) {
    let Some(group) = group else { return };
    let has_knockout = group.stages.iter().any(|s| s.kind == StageKind::Knockout);
    let hall_link = hall_link.map(str::to_string);
    let request = |document| Request { document, group: group.id, round: None, lang, hall_link: hall_link.clone() };
    if ui.input_mut(|i| i.consume_shortcut(&PRINT_SHORTCUT)) {
        let name = default_name(DocumentKind::Pairings, group, lang);
        jobs.push(Job::Print { request: request(DocumentKind::Pairings), target: PrintTarget::Viewer(name) });
    }
    let ctx = ui.ctx().clone();
    let items = documents(group, event_teams);
    let icon = super::theme::widgets::icon_atom(super::theme::icons::PRINTER, super::theme::size::ICON);
    ui.menu_button((icon, lang.t("打印", "Print")), |ui| {
        for &(document, zh, en) in &items {
            let enabled = document != DocumentKind::Bracket || has_knockout;
            let mut button = egui::Button::new(lang.t(zh, en));
            if matches!(document, DocumentKind::Pairings | DocumentKind::TeamPairings) {
                button = button.shortcut_text(ctx.format_shortcut(&PRINT_SHORTCUT));
            }
            if ui.add_enabled(enabled, button).clicked() {
                let name = default_name(document, group, lang);
                jobs.push(Job::Print { request: request(document), target: PrintTarget::Viewer(name) });
                ui.close();
            }
        }
        ui.separator();
        ui.menu_button(lang.t("另存为 PDF…", "Save as PDF…"), |ui| {
            for &(document, zh, en) in &items {
                let enabled = document != DocumentKind::Bracket || has_knockout;
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
        let request = Request { document, group: group.id, round: None, lang, hall_link };
        jobs.push(Job::Print { request, target: PrintTarget::File(path) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 39 item 2: every round's sheet was proposed as `对阵表-少年组.pdf`.
    #[test]
    fn a_pdf_name_carries_document_group_stage_and_round() {
        let zh = pdf_file_name("对阵表", Some("少年组"), None, Some(5), Lang::Zh);
        assert_eq!(zh, "对阵表-少年组-第5轮.pdf");
        let en = pdf_file_name("Pairing sheet", Some("Juniors"), None, Some(5), Lang::En);
        assert_eq!(en, "pairing-sheet-Juniors-round-5.pdf");
        let staged = pdf_file_name("成绩表", Some("公开组"), Some("视频积分赛"), Some(3), Lang::Zh);
        assert_eq!(staged, "成绩表-公开组-视频积分赛-第3轮.pdf");
        assert_eq!(pdf_file_name("签到表", Some("A/B"), None, None, Lang::Zh), "签到表-A_B.pdf");
        assert_eq!(pdf_file_name("全赛事团体名次", None, None, None, Lang::Zh), "全赛事团体名次.pdf");
    }

    // Issue 39 item 2: the menu's name follows the group's last paired round and stage.
    #[test]
    fn the_menu_names_the_sheet_after_the_last_paired_round() {
        let mut event = crate::domain::presets::build("lingting-cup", None, None).unwrap_or_else(|| panic!("preset"));
        let group = &mut event.groups[0];
        let name = default_name(DocumentKind::Pairings, group, Lang::Zh);
        assert!(name.starts_with("对阵表-") && name.contains("棋社海选赛"), "{name}");
        assert!(!name.contains('轮'), "nothing paired yet: {name}");
        group.stages.truncate(1);
        let name = default_name(DocumentKind::Pairings, group, Lang::Zh);
        assert!(!name.contains("棋社海选赛"), "one stage is not named: {name}");
    }

    // Issue 39 item 5: Ctrl+P's PDF is named as 另存为 PDF names it (the viewer's title
    // bar shows it), never by an internal document name.
    #[test]
    fn ctrl_p_names_its_pdf_for_the_director() {
        let event = crate::domain::presets::build("cxa-swiss", Some("杯"), Some(5)).unwrap_or_else(|| panic!("preset"));
        let group = &event.groups[0];
        let ctx = egui::Context::default();
        let ctrl_p = egui::Event::Key {
            key: Key::P,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: Modifiers::COMMAND,
        };
        let input = egui::RawInput { events: vec![ctrl_p], ..Default::default() };
        let mut jobs = Vec::new();
        let mut output = ctx.run_ui(input, |ui| {
            print_menu_ui(ui, &mut PrintMenu::default(), (Some(group), false), (None, None), Lang::Zh, &mut jobs);
        });
        output.textures_delta.clear();
        let names: Vec<&str> = jobs
            .iter()
            .filter_map(|job| match job {
                Job::Print { target: PrintTarget::Viewer(name), .. } => Some(name.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(names, [default_name(DocumentKind::Pairings, group, Lang::Zh).as_str()]);
        assert!(names[0].starts_with("对阵表") && names[0].ends_with(".pdf"), "{names:?}");

        // R-12.1 (issue 41): while the hall is served, the sheet carries its address.
        let ctrl_p = egui::RawInput { events: output_events(), ..Default::default() };
        let mut jobs = Vec::new();
        let link = Some("http://192.168.1.23:8080/");
        let mut output = ctx.run_ui(ctrl_p, |ui| {
            print_menu_ui(ui, &mut PrintMenu::default(), (Some(group), false), (None, link), Lang::Zh, &mut jobs);
        });
        output.textures_delta.clear();
        let links: Vec<Option<&str>> = jobs
            .iter()
            .filter_map(|job| match job {
                Job::Print { request, .. } => Some(request.hall_link.as_deref()),
                _ => None,
            })
            .collect();
        assert_eq!(links, [link]);
    }

    /// Ctrl+P pressed.
    fn output_events() -> Vec<egui::Event> {
        vec![egui::Event::Key {
            key: Key::P,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: Modifiers::COMMAND,
        }]
    }
}
