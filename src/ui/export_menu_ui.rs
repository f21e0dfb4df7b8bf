//! The 导出 (Export) menu of the top bar: the chosen group's final ranking as an
//! Excel workbook, CSV or a web page, and its current stage as TRF for other pairing
//! programs. Each opens the shared save window, prefilled beside the event file
//! (`成人组-最终排名.xlsx`); the file is written on the worker thread, whole or not at all.
//! For a group with teams the workbook and the page carry the team standings, and
//! 团体名次（CSV） writes them alone; while the event ranks its clubs across
//! groups, 全赛事团体（CSV） writes that ranking.

use super::save_dialog::{SaveDialog, folder_beside, save_dialog_ui};
use super::session::{ExportKind, Job};
use crate::domain::event::Group;
use crate::io::export::Format;
use crate::lang::Lang;
use egui::Ui;
use std::path::Path;

/// The menu's own state: the save window and what it writes.
#[derive(Debug, Clone, Default)]
pub struct ExportMenu {
    save: Option<SaveDialog>,
    kind: Option<ExportKind>,
}

/// An export of the menu: its kind, labels and file type.
type Item = (ExportKind, &'static str, &'static str, (&'static str, &'static str));

/// The team standings as CSV, offered for a group with teams.
const TEAM_CSV: Item =
    (ExportKind::Ranking(Format::TeamCsv), "团体名次（CSV）", "Team standings (CSV)", ("CSV", "csv"));

/// The event's team ranking across groups as CSV, offered while it is on.
const EVENT_TEAMS_CSV: Item =
    (ExportKind::Ranking(Format::EventTeamCsv), "全赛事团体（CSV）", "Event teams (CSV)", ("CSV", "csv"));

/// Every export, in menu order: its kind, labels, file type and name ending.
const EXPORTS: [Item; 4] = [
    (ExportKind::Ranking(Format::Xlsx), "最终排名（Excel）", "Final ranking (Excel)", ("Excel", "xlsx")),
    (ExportKind::Ranking(Format::Csv), "最终排名（CSV）", "Final ranking (CSV)", ("CSV", "csv")),
    (ExportKind::Ranking(Format::Html), "最终排名（网页）", "Final ranking (web page)", ("HTML", "html")),
    (ExportKind::Trf, "本阶段（TRF）", "This stage (TRF)", ("TRF", "trf")),
];

/// A file name for the export: `成人组-最终排名.xlsx`, `成人组.trf`.
fn default_name(kind: ExportKind, group: &Group, extension: &str, lang: Lang) -> String {
    match kind {
        ExportKind::Ranking(Format::TeamCsv) => {
            format!("{}-{}.{extension}", group.name, lang.t("团体名次", "team standings"))
        }
        ExportKind::Ranking(Format::EventTeamCsv) => format!("{}.{extension}", lang.t("全赛事团体", "event teams")),
        ExportKind::Ranking(_) => format!("{}-{}.{extension}", group.name, lang.t("最终排名", "final ranking")),
        ExportKind::Trf => format!("{}.{extension}", group.name),
    }
}

/// Draws the 导出 menu and its save window; pushes [`Job::Export`] jobs. `event_path`
/// is the open file, beside which exports are saved by default; `event_teams`: the
/// event ranks its clubs across groups.
pub fn export_menu_ui(
    ui: &mut Ui,
    state: &mut ExportMenu,
    (group, event_teams): (Option<&Group>, bool),
    event_path: Option<&Path>,
    lang: Lang,
    jobs: &mut Vec<Job>,
) {
    let Some(group) = group else { return };
    let mut items = EXPORTS.to_vec();
    if !group.teams.is_empty() {
        items.insert(3, TEAM_CSV);
    }
    if event_teams {
        items.insert(items.len() - 1, EVENT_TEAMS_CSV);
    }
    let icon = super::theme::widgets::icon_atom(super::theme::icons::EXPORT, super::theme::size::ICON);
    ui.menu_button((icon, lang.t("导出", "Export")), |ui| {
        for (kind, zh, en, filter) in items {
            if ui.button(format!("{}…", lang.t(zh, en))).clicked() {
                let title = format!("{} — {}", lang.t("导出", "Export"), lang.t(zh, en));
                let name = default_name(kind, group, filter.1, lang);
                state.save = Some(SaveDialog::new(title, folder_beside(event_path).as_deref(), &name, filter));
                state.kind = Some(kind);
                ui.close();
            }
        }
    });
    if let (Some(path), Some(kind)) = (save_dialog_ui(ui.ctx(), &mut state.save, lang), state.kind) {
        jobs.push(Job::Export { kind, group: group.id, lang, path });
    }
}
