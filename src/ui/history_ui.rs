//! The history view (issue 8, R-4.3): undo and redo, the audit log — who did what when,
//! each change's entities before → after — and the automatic backups with "restore".

use super::change_words::{action_label, local_time};
use super::env::Env;
use super::i18n::Lang;
use super::panel::Panel;
use super::session::Job;
use super::table::{Align, header_height, header_ui, row_height, table_builder, text_cell_ui, under_table_ui};
use crate::store::AuditEntry;
use egui::Ui;
use egui_extras::Column;
use std::path::PathBuf;

/// The history view's own state.
#[derive(Debug, Clone, Default)]
pub struct HistoryView {
    /// The audit row whose before → after is shown.
    selected: Option<i64>,
    /// The backup the director asked to restore, waiting for confirmation.
    confirm_restore: Option<PathBuf>,
    /// The revision for which the history was last requested.
    requested: Option<u64>,
}

impl Panel for HistoryView {
    fn panel_ui(&mut self, ui: &mut Ui, env: &Env<'_>, jobs: &mut Vec<Job>) {
        history_ui(ui, self, env, jobs);
    }
}

/// Draws the history view. `env.history` is the session's copy, refreshed through
/// [`Job::LoadHistory`] whenever the event changed since it was read.
pub fn history_ui(ui: &mut Ui, state: &mut HistoryView, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    let history = env.history;
    let stale = history.is_none_or(|h| h.revision != env.revision);
    if stale && state.requested != Some(env.revision) && !env.busy {
        state.requested = Some(env.revision);
        jobs.push(Job::LoadHistory);
    }
    let Some(history) = history else {
        ui.spinner();
        return;
    };
    ui.horizontal(|ui| {
        // Each button names the change it would take back or put back.
        let named = |verb: &str, next: &Option<String>, keys: &str| match next {
            Some(command) => format!("{verb}{}{} ({keys})", lang.t("：", ": "), action_label(command, lang)),
            None => format!("{verb} ({keys})"),
        };
        let undo_text = named(lang.t("撤销", "Undo"), &history.next_undo, "Ctrl+Z");
        let undo = ui.add_enabled(history.can_undo, egui::Button::new(undo_text));
        if undo.clicked() {
            jobs.push(Job::Undo { lang });
        }
        let redo_text = named(lang.t("重做", "Redo"), &history.next_redo, "Ctrl+Shift+Z");
        let redo = ui.add_enabled(history.can_redo, egui::Button::new(redo_text));
        if redo.clicked() {
            jobs.push(Job::Redo { lang });
        }
        ui.label(format!("{} {}", history.entries.len(), lang.t("条记录", "changes recorded")));
    });
    ui.separator();
    backups_ui(ui, state, &history.backups, lang, jobs);
    ui.separator();
    // The chosen change's details under the table, which fills the height above.
    if let Some(entry) = state.selected.and_then(|id| history.entries.iter().find(|e| e.id == id)) {
        under_table_ui(ui, "audit_details", |ui| {
            ui.separator();
            details_ui(ui, entry, lang);
        });
    }
    audit_table_ui(ui, state, &history.entries, lang);
}

fn backups_ui(ui: &mut Ui, state: &mut HistoryView, backups: &[PathBuf], lang: Lang, jobs: &mut Vec<Job>) {
    egui::CollapsingHeader::new(format!("{} ({})", lang.t("自动备份", "Automatic backups"), backups.len()))
        .id_salt("backups")
        .show(ui, |ui| {
            if backups.is_empty() {
                ui.label(lang.t(
                    "每轮编排前自动备份一次，尚无备份。",
                    "A backup is made before each round is paired; none yet.",
                ));
            }
            for path in backups.iter().rev() {
                let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                ui.horizontal(|ui| {
                    ui.label(&name);
                    if state.confirm_restore.as_ref() == Some(path) {
                        ui.colored_label(
                            ui.visuals().warn_fg_color,
                            lang.t(
                                "当前文件将被替换（另存为 *.replaced.bianpai）。",
                                "The open file is replaced (kept as *.replaced.bianpai).",
                            ),
                        );
                        if ui.button(lang.t("确认恢复", "Confirm restore")).clicked() {
                            jobs.push(Job::Restore(path.clone()));
                            state.confirm_restore = None;
                        }
                        if ui.button(lang.t("取消", "Cancel")).clicked() {
                            state.confirm_restore = None;
                        }
                    } else if ui.button(lang.t("恢复", "Restore")).on_hover_text(path.display().to_string()).clicked()
                    {
                        state.confirm_restore = Some(path.clone());
                    }
                });
            }
        });
}

fn audit_table_ui(ui: &mut Ui, state: &mut HistoryView, entries: &[AuditEntry], lang: Lang) {
    let headings: Vec<(String, Align)> = [
        (lang.t("序号", "#"), Align::Right),
        (lang.t("时间", "Time"), Align::Left),
        (lang.t("操作者", "By"), Align::Left),
        (lang.t("操作", "Action"), Align::Left),
        (lang.t("改动", "Changed"), Align::Left),
    ]
    .into_iter()
    .map(|(h, a)| (h.to_string(), a))
    .collect();
    let (row_h, header_h) = (row_height(ui), header_height(ui));
    table_builder(ui, "audit_log")
        .sense(egui::Sense::click())
        .column(Column::exact(48.0))
        .column(Column::exact(160.0))
        .column(Column::initial(80.0).at_least(40.0))
        .column(Column::initial(160.0).at_least(80.0))
        .column(Column::remainder().at_least(80.0))
        .header(header_h, |header| header_ui(header, &headings))
        .body(|body| {
            // Newest first.
            body.rows(row_h, entries.len(), |mut row| {
                let Some(e) = entries.len().checked_sub(row.index() + 1).and_then(|i| entries.get(i)) else { return };
                row.set_selected(state.selected == Some(e.id));
                let at = local_time(&e.at);
                text_cell_ui(&mut row, e.id, Align::Right, e.id.to_string());
                text_cell_ui(&mut row, e.id, Align::Left, at);
                text_cell_ui(&mut row, e.id, Align::Left, e.actor.clone());
                text_cell_ui(&mut row, e.id, Align::Left, action_label(&e.command, lang));
                text_cell_ui(&mut row, e.id, Align::Left, changed_summary(&e.before, lang));
                if row.response().clicked() {
                    state.selected = if state.selected == Some(e.id) { None } else { Some(e.id) };
                }
            });
        });
}

fn details_ui(ui: &mut Ui, entry: &AuditEntry, lang: Lang) {
    let pretty = |text: &str| {
        serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|v| serde_json::to_string_pretty(&v).ok())
            .unwrap_or_else(|| text.to_string())
    };
    ui.columns(2, |cols| {
        cols[0].label(format!("#{} {}", entry.id, lang.t("改动前", "before")));
        egui::ScrollArea::vertical().id_salt("before").max_height(150.0).show(&mut cols[0], |ui| {
            ui.monospace(pretty(&entry.before));
        });
        cols[1].label(lang.t("改动后", "after"));
        egui::ScrollArea::vertical().id_salt("after").max_height(150.0).show(&mut cols[1], |ui| {
            ui.monospace(pretty(&entry.after));
        });
    });
}

/// Which entities a change touched, e.g. "选手 ×3, 第2轮".
fn changed_summary(before: &str, lang: Lang) -> String {
    let changes: Vec<serde_json::Value> = serde_json::from_str(before).unwrap_or_default();
    let mut players = 0;
    let mut parts = Vec::new();
    for c in &changes {
        match c.get("entity").and_then(|e| e.as_str()) {
            Some("player") => players += 1,
            Some("round") => {
                let n = c.get("round").and_then(serde_json::Value::as_u64).unwrap_or(0);
                parts.push(lang.t("第{}轮", "round {}").replace("{}", &n.to_string()));
            }
            Some("stage_settings") => parts.push(lang.t("阶段设置", "stage settings").to_string()),
            Some("event_info") => parts.push(lang.t("赛事信息", "event details").to_string()),
            Some("ledger_entry") => parts.push(lang.t("账目", "ledger").to_string()),
            _ => {}
        }
    }
    if players > 0 {
        parts.insert(0, format!("{} ×{players}", lang.t("选手", "players")));
    }
    parts.join(", ")
}
