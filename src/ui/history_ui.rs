//! The history view (issue 8, R-4.3; issue 18, item 3): undo and redo, the audit log —
//! who did what when, each change in words (`第3轮第20台（张三 – 李四）：1-0 → 0-1（更正）`)
//! with what the rules did besides on a line of its own — filters by round and by
//! player, the chosen change's before → after in words (its stored JSON only behind
//! 详情), and the automatic backups with "restore".
//!
//! A click anywhere on a row chooses it; ↑ and ↓ move the choice while no text field
//! has the keyboard.

use super::change_words::{action_label, local_time};
use super::env::Env;
use super::history_words::{RowWords, row_words};
use super::memo::Memo;
use super::panel::Panel;
use super::session::Job;
use super::table::{
    Align, cell_text_ui, header_height, header_ui, passive_cell_ui, row_height, table_builder, under_table_ui,
};
use crate::domain::event::Event;
use crate::domain::ids::{RoundNo, StartNo};
use crate::lang::Lang;
use crate::lang::Words;
pub use crate::present::operator::operator_text;
use crate::present::search::{matches, search_keys};
use crate::store::AuditEntry;
use crate::ui::theme::{icons, widgets};
use egui::{Key, RichText, Sense, Ui};
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
    /// Only the rows of this round; `None`: every row.
    round: Option<RoundNo>,
    /// Only the rows of the players this finds (name, start number or pinyin).
    player: String,
    /// The rows in words.
    words: WordsCache,
    /// The players the player filter finds, at a revision.
    found: Memo<(u64, String), Vec<StartNo>>,
    /// The table scrolls to the chosen row on the next frame (after ↑ or ↓).
    scroll_to_selected: bool,
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
    undo_redo_ui(ui, history, lang, jobs);
    ui.separator();
    backups_ui(ui, state, &history.backups, lang, jobs);
    ui.separator();
    let entries = &history.entries;
    // Taken out of the state while the rows are drawn (the filters change the state).
    let mut cache = std::mem::take(&mut state.words);
    let words = cache.update(entries, env.event, lang);
    filters_ui(ui, state, &all_rounds(words), lang);
    let found = player_matches(state, env.event, env.revision);
    let text = state.player.trim().to_lowercase();
    // Newest first: indices into `entries` (and `words`) of the rows shown.
    let shown: Vec<usize> = (0..entries.len())
        .rev()
        .filter(|&i| words.get(i).is_some_and(|w| state.shows(w, found.as_deref(), &text)))
        .collect();
    ui.label(format!("{} {} / {}", lang.t("显示", "Showing"), shown.len(), entries.len()));
    move_selection_by_keys(ui, state, entries, &shown);
    // The chosen change's details under the table, which fills the height above.
    let chosen = state.selected.and_then(|id| shown.iter().copied().find(|&i| entries[i].id == id));
    if let Some(i) = chosen {
        under_table_ui(ui, "audit_details", |ui| {
            ui.separator();
            details_ui(ui, &entries[i], &words[i], lang);
        });
    }
    audit_table_ui(ui, state, entries, words, &shown, lang);
    state.words = cache;
}

/// The audit rows in words, kept between frames and extended as the log grows: a row
/// once in words stays so (the log only grows), so a change costs one row's words,
/// not the whole log's.
#[derive(Debug, Clone, Default)]
struct WordsCache {
    /// The language of the words.
    lang: Option<Lang>,
    /// The id and time of the last row in words: which log the words belong to (a
    /// restored backup has another).
    last: Option<(i64, String)>,
    rows: Vec<RowWords>,
}

impl WordsCache {
    /// The words of every row of `entries` (oldest first), putting the new ones (or, for
    /// another log or language, all) into words.
    fn update(&mut self, entries: &[AuditEntry], event: &Event, lang: Lang) -> &[RowWords] {
        let kept = self.rows.len();
        let same_log = kept <= entries.len()
            && kept.checked_sub(1).and_then(|i| entries.get(i)).map(|e| (e.id, e.at.clone())) == self.last;
        if self.lang != Some(lang) || !same_log {
            self.rows.clear();
        }
        let from = self.rows.len();
        self.rows.extend(entries.iter().skip(from).map(|e| row_words(e, entries, event, lang)));
        self.lang = Some(lang);
        self.last = entries.last().map(|e| (e.id, e.at.clone()));
        &self.rows
    }
}

impl HistoryView {
    /// Whether the filters let `words` through: `found` is the players the player
    /// filter finds (`None`: no player filter), `text` that filter's text in lower case
    /// (a row naming it passes too: a player since deleted).
    fn shows(&self, words: &RowWords, found: Option<&[StartNo]>, text: &str) -> bool {
        let round_ok = self.round.is_none_or(|r| words.rounds.contains(&r));
        let player_ok = found.is_none_or(|found| {
            words.players.iter().any(|p| found.binary_search(p).is_ok()) || words.headline.to_lowercase().contains(text)
        });
        round_ok && player_ok
    }
}

/// Undo and redo, each naming the change it would take back or put back.
fn undo_redo_ui(ui: &mut Ui, history: &super::session::History, lang: Lang, jobs: &mut Vec<Job>) {
    ui.horizontal(|ui| {
        let named = |verb: &str, next: &Option<String>, keys: &str| match next {
            Some(command) => format!("{verb}{}{} ({keys})", lang.t("：", ": "), action_label(command, lang)),
            None => format!("{verb} ({keys})"),
        };
        let undo_text = named(lang.t("撤销", "Undo"), &history.next_undo, "Ctrl+Z");
        if ui.add_enabled(history.can_undo, widgets::icon_button(icons::ARROW_U_UP_LEFT, undo_text)).clicked() {
            jobs.push(Job::Undo);
        }
        let redo_text = named(lang.t("重做", "Redo"), &history.next_redo, "Ctrl+Shift+Z");
        if ui.add_enabled(history.can_redo, widgets::icon_button(icons::ARROW_U_UP_RIGHT, redo_text)).clicked() {
            jobs.push(Job::Redo);
        }
        ui.label(format!("{} {}", history.entries.len(), lang.t("条记录", "changes recorded")));
    });
}

/// Every round some row concerns, in order.
fn all_rounds(words: &[RowWords]) -> Vec<RoundNo> {
    let mut rounds: Vec<RoundNo> = words.iter().flat_map(|w| w.rounds.iter().copied()).collect();
    rounds.sort();
    rounds.dedup();
    rounds
}

/// The round and player filters.
fn filters_ui(ui: &mut Ui, state: &mut HistoryView, rounds: &[RoundNo], lang: Lang) {
    let round_text = |r: Option<RoundNo>| match (r, lang) {
        (None, _) => lang.t("全部轮次", "All rounds").to_string(),
        (Some(r), Lang::Zh) => format!("第{r}轮"),
        (Some(r), Lang::En) => format!("Round {r}"),
    };
    ui.horizontal(|ui| {
        let label = ui.label(lang.t("轮次", "Round"));
        egui::ComboBox::from_id_salt("history_round")
            .selected_text(round_text(state.round))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut state.round, None, round_text(None));
                for r in rounds {
                    ui.selectable_value(&mut state.round, Some(*r), round_text(Some(*r)));
                }
            })
            .response
            .labelled_by(label.id);
        ui.add_space(crate::ui::theme::space::M);
        let label = ui.label(lang.t("选手", "Player"));
        ui.add(
            egui::TextEdit::singleline(&mut state.player)
                .id_salt("history_player")
                .hint_text(lang.t("姓名、编号或拼音", "name, number or pinyin"))
                .desired_width(180.0),
        )
        .labelled_by(label.id);
        let filtered = state.round.is_some() || !state.player.trim().is_empty();
        if ui.add_enabled(filtered, egui::Button::new(lang.t("清除筛选", "Clear filters"))).clicked() {
            state.round = None;
            state.player.clear();
        }
    });
}

/// The players the player filter finds, sorted; `None` without a filter.
fn player_matches(state: &mut HistoryView, event: &Event, revision: u64) -> Option<Vec<StartNo>> {
    let text = state.player.trim().to_string();
    if text.is_empty() {
        return None;
    }
    let found = state.found.get_or_compute((revision, text.clone()), || {
        let mut found: Vec<StartNo> = event
            .groups
            .iter()
            .flat_map(|g| search_keys(event, g.id))
            .filter(|key| matches(key, &text))
            .filter_map(|key| event.players.get(key.index).map(|p| p.start_no))
            .collect();
        found.sort();
        found
    });
    Some(found.clone())
}

/// ↑ and ↓ choose the newer or older row shown, while no text field has the keyboard.
fn move_selection_by_keys(ui: &Ui, state: &mut HistoryView, entries: &[AuditEntry], shown: &[usize]) {
    if shown.is_empty() || super::key_field::typing(ui.ctx()) {
        return;
    }
    let (up, down) = ui.input_mut(|i| {
        (i.consume_key(egui::Modifiers::NONE, Key::ArrowUp), i.consume_key(egui::Modifiers::NONE, Key::ArrowDown))
    });
    if !up && !down {
        return;
    }
    let at = state.selected.and_then(|id| shown.iter().position(|&i| entries[i].id == id));
    let next = match (at, down) {
        (None, _) => 0,
        (Some(at), true) => (at + 1).min(shown.len() - 1),
        (Some(at), false) => at.saturating_sub(1),
    };
    state.selected = Some(entries[shown[next]].id);
    state.scroll_to_selected = true;
}

fn backups_ui(ui: &mut Ui, state: &mut HistoryView, backups: &[(PathBuf, Words)], lang: Lang, jobs: &mut Vec<Job>) {
    let heading = match lang {
        Lang::Zh => format!("自动备份（{}）", backups.len()),
        Lang::En => format!("Automatic backups ({})", backups.len()),
    };
    egui::CollapsingHeader::new(heading).id_salt("backups").show(ui, |ui| {
        if backups.is_empty() {
            ui.label(
                lang.t("每轮编排前自动备份一次，尚无备份。", "A backup is made before each round is paired; none yet."),
            );
        }
        for (path, said) in backups.iter().rev() {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            ui.horizontal(|ui| {
                // What it was made before and when; the file's name on hover.
                ui.label(said.get(lang)).on_hover_text(&name);
                if state.confirm_restore.as_ref() == Some(path) {
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        lang.t(
                            "当前文件将被替换（另存为 *.replaced*.bianpai，不覆盖已保留的文件）。",
                            "The open file is replaced (kept as *.replaced*.bianpai, never over a kept copy).",
                        ),
                    );
                    if ui.button(lang.t("确认恢复", "Confirm restore")).clicked() {
                        jobs.push(Job::Restore(path.clone()));
                        state.confirm_restore = None;
                    }
                    if ui.button(lang.t("取消", "Cancel")).clicked() {
                        state.confirm_restore = None;
                    }
                } else if ui.button(lang.t("恢复", "Restore")).on_hover_text(path.display().to_string()).clicked() {
                    state.confirm_restore = Some(path.clone());
                }
            });
        }
    });
}

/// The audit log, newest first: number, time, operator and the change in words, with
/// its consequences on lines of their own; a click anywhere on a row chooses it.
fn audit_table_ui(
    ui: &mut Ui,
    state: &mut HistoryView,
    entries: &[AuditEntry],
    words: &[RowWords],
    shown: &[usize],
    lang: Lang,
) {
    let headings: Vec<(String, Align)> = [
        (lang.t("序号", "#"), Align::Right),
        (lang.t("时间", "Time"), Align::Left),
        (lang.t("操作者", "By"), Align::Left),
        (lang.t("改动", "Change"), Align::Left),
    ]
    .into_iter()
    .map(|(h, a)| (h.to_string(), a))
    .collect();
    let (row_h, header_h) = (row_height(ui), header_height(ui));
    let line_h = ui.text_style_height(&egui::TextStyle::Body);
    let heights = shown.iter().map(|&i| row_h + line_h * words[i].consequences.len() as f32);
    let mut table = table_builder(ui, "audit_log")
        .sense(Sense::click())
        .column(Column::exact(48.0))
        .column(Column::exact(150.0))
        .column(Column::initial(90.0).at_least(40.0).clip(true))
        .column(Column::remainder().at_least(120.0));
    if std::mem::take(&mut state.scroll_to_selected)
        && let Some(row) = state.selected.and_then(|id| shown.iter().position(|&i| entries[i].id == id))
    {
        table = table.scroll_to_row(row, None);
    }
    let mut clicked = None;
    table.header(header_h, |header| header_ui(header, &headings)).body(|body| {
        body.heterogeneous_rows(heights, |mut row| {
            let Some(&i) = shown.get(row.index()) else { return };
            let (e, w) = (&entries[i], &words[i]);
            row.set_selected(state.selected == Some(e.id));
            passive_cell_ui(&mut row, e.id, Align::Right, e.id.to_string());
            passive_cell_ui(&mut row, e.id, Align::Left, local_time(&e.at));
            passive_cell_ui(&mut row, e.id, Align::Left, operator_text(&e.actor, lang));
            row.col(|ui| {
                ui.push_id(e.id, |ui| {
                    ui.vertical(|ui| {
                        ui.spacing_mut().item_spacing.y = 0.0;
                        cell_text_ui(ui, w.headline.as_str(), Sense::empty());
                        for line in &w.consequences {
                            let text = RichText::new(format!("→ {line}")).color(ui.visuals().warn_fg_color);
                            cell_text_ui(ui, text, Sense::empty());
                        }
                    });
                });
            });
            if row.response().clicked() {
                clicked = Some(e.id);
            }
        });
    });
    if clicked.is_some() {
        state.selected = clicked;
    }
}

/// The chosen row: when and by whom, what changed in words, what the rules did besides,
/// each entity before → after; the stored JSON behind 详情 (closed at first).
fn details_ui(ui: &mut Ui, entry: &AuditEntry, words: &RowWords, lang: Lang) {
    let by = operator_text(&entry.actor, lang);
    ui.weak(format!("#{} · {} · {by}", entry.id, local_time(&entry.at)));
    ui.label(RichText::new(words.headline.as_str()).strong());
    for line in &words.consequences {
        ui.colored_label(ui.visuals().warn_fg_color, format!("→ {line}"));
    }
    egui::ScrollArea::vertical().id_salt("audit_words").max_height(120.0).show(ui, |ui| {
        for line in words.details.iter().filter(|d| **d != words.headline) {
            ui.label(format!("· {line}"));
        }
    });
    egui::CollapsingHeader::new(lang.t("详情", "Details")).id_salt("audit_raw").default_open(false).show(ui, |ui| {
        raw_ui(ui, entry, lang);
    });
}

/// The row as stored: the command, and the changed entities before and after.
fn raw_ui(ui: &mut Ui, entry: &AuditEntry, lang: Lang) {
    let pretty = |text: &str| {
        serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|v| serde_json::to_string_pretty(&v).ok())
            .unwrap_or_else(|| text.to_string())
    };
    ui.monospace(pretty(&entry.command));
    ui.columns(2, |cols| {
        cols[0].label(lang.t("改动前", "Before"));
        egui::ScrollArea::vertical().id_salt("before").max_height(150.0).show(&mut cols[0], |ui| {
            ui.monospace(pretty(&entry.before));
        });
        cols[1].label(lang.t("改动后", "After"));
        egui::ScrollArea::vertical().id_salt("after").max_height(150.0).show(&mut cols[1], |ui| {
            ui.monospace(pretty(&entry.after));
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: i64, at: &str) -> AuditEntry {
        let command = r#"{"command":"set_rounds_planned","group":1,"stage":1,"rounds":5}"#.to_string();
        let (before, after) = ("[]".to_string(), "[]".to_string());
        AuditEntry { id, at: at.into(), actor: String::new(), command, before, after }
    }

    // Issue 18, item 3: the words grow with the log; another language or another log
    // (a restored backup) puts every row into words again.
    #[test]
    fn the_words_follow_the_log_and_the_language() {
        let event = crate::domain::presets::build("cxa-swiss", None, None).unwrap();
        let mut cache = WordsCache::default();
        let log = vec![entry(1, "a"), entry(2, "b")];
        assert_eq!(cache.update(&log[..1], &event, Lang::Zh).len(), 1);
        let words = cache.update(&log, &event, Lang::Zh).to_vec();
        assert_eq!(words.len(), 2);
        assert!(words[1].headline.starts_with('「'), "{words:?}");
        assert!(cache.update(&log, &event, Lang::En)[0].headline.starts_with('“'));
        let restored = vec![entry(1, "c")];
        assert_eq!(cache.update(&restored, &event, Lang::En).len(), 1);
    }
}
