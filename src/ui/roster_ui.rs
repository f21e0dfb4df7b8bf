//! 选手: the roster of the chosen group.
//!
//! A virtualised table — 编号, 姓名, 性别, 出生日期, 单位, 等级分, 称号, 女子验证, 提名,
//! 状态 — sorted by any column (click a heading; click again to reverse) and filtered
//! by a search box that matches the name, its pinyin (initials `wty` or full
//! `wangtianyi`, every reading of a character counts), the club, or the exact start
//! number. The filtered and sorted list is computed only when the search text, the
//! sort, the group, the stage or the saved event (`env.revision`) changes, so the
//! table stays smooth with thousands of players.
//!
//! Actions on the selected player: edit (the form of `roster_ui/form.rs`),
//! withdraw with a reason or reinstate, announce a requested bye or an absence for the
//! stage's next round and cancel it. Adding players (a late entry once rounds are
//! paired) uses the same form; importing a CSV/XLSX/XLS roster uses the dialog of
//! `roster_ui/import.rs`; before round 1, 重新编号… gives the group's start numbers
//! anew by rating, name or club (`roster_ui/renumber.rs`). Every change is a [`Command`] sent as a [`Job`]; the
//! table shows it once the worker has saved it.
//!
//! Keys (when no text field or dialog has the keyboard): ↑/↓ move the selection,
//! PageUp/PageDown by a page, Home/End to the first/last row, Enter edits the
//! selected player; Ctrl+F goes to the search box (↓ or Enter there goes back to the
//! table), Ctrl+Shift+A adds a player (Ctrl+N is File → New), Ctrl+I imports a roster. Tab reaches every button of
//! the action bar; a right click on a row opens the same actions.

mod delete;
mod form;
mod form_checks;
mod import;
mod import_teams;
mod model;
mod renumber;
mod search;
mod table;
mod withdraw;

use super::env::Env;
use super::memo::Memo;
use super::panel::Panel;
use super::session::Job;
use crate::domain::command::Command;
use crate::domain::event::{Bye, ByeKind, PlannedBye, Stage, StageStatus};
use crate::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use crate::domain::player::{Player, PlayerStatus};
use crate::lang::Lang;
use crate::lang::Words;
use crate::ui::theme::{icons, widgets};
use delete::{Deletion, delete_ui};
use egui::{Key, KeyboardShortcut, Modifiers, Ui};
use form::{PlayerForm, player_form_ui};
use import::{ImportDialog, import_dialog, import_ui};
use model::{ModelKey, RosterModel, RowFacts};
use renumber::{Renumbering, renumber_ui};
use search::{SearchKey, filtered_sorted, search_keys};
use std::sync::Arc;
use table::{table_keys, table_ui};
use withdraw::{Withdrawal, withdraw_ui};

/// A column of the roster table, each one sortable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortColumn {
    /// 编号
    #[default]
    StartNo,
    /// 姓名, by pinyin
    Name,
    /// 性别
    Gender,
    /// 出生日期
    Born,
    /// 单位, by pinyin
    Club,
    /// 等级分
    Rating,
    /// 称号, highest first
    Title,
    /// 女子验证
    VerifiedFemale,
    /// 提名
    Nominee,
    /// 状态
    Status,
}

impl SortColumn {
    /// Every column, in the table's order.
    pub const ALL: [SortColumn; 10] = [
        SortColumn::StartNo,
        SortColumn::Name,
        SortColumn::Gender,
        SortColumn::Born,
        SortColumn::Club,
        SortColumn::Rating,
        SortColumn::Title,
        SortColumn::VerifiedFemale,
        SortColumn::Nominee,
        SortColumn::Status,
    ];

    /// The column's heading.
    pub fn heading(self, lang: Lang) -> &'static str {
        match self {
            SortColumn::StartNo => lang.t("编号", "No."),
            SortColumn::Name => lang.t("姓名", "Name"),
            SortColumn::Gender => lang.t("性别", "Gender"),
            SortColumn::Born => lang.t("出生日期", "Born"),
            SortColumn::Club => lang.t("单位", "Club"),
            SortColumn::Rating => lang.t("等级分", "Rating"),
            SortColumn::Title => lang.t("称号", "Title"),
            SortColumn::VerifiedFemale => lang.t("女子验证", "Verified W"),
            SortColumn::Nominee => lang.t("提名", "Nominee"),
            SortColumn::Status => lang.t("状态", "Status"),
        }
    }
}

/// The table's order: a column, and whether it is reversed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Sort {
    /// The column sorted on.
    pub column: SortColumn,
    /// Reversed (largest, latest or last first).
    pub descending: bool,
}

/// The roster view's own state.
#[derive(Debug, Default)]
pub struct RosterView {
    /// What the search box holds.
    pub filter: String,
    /// The table's order.
    pub sort: Sort,
    /// The selected player.
    pub selected: Option<StartNo>,
    /// Scroll the selected row into view on the next frame.
    scroll_to_selected: bool,
    /// Put the keyboard in the search box on the next frame.
    focus_search: bool,
    /// How each player of the group can be found, per saved event and group.
    index: Memo<(u64, GroupId), Vec<SearchKey>>,
    /// The rows shown (positions in `event.players`), per search text and order.
    rows: Memo<RowsKey, Vec<usize>>,
    /// The group and stage as drawn, derived once per change (issue 40, item 3).
    model: Memo<ModelKey, Arc<RosterModel>>,
    /// Whether the selected player has a history (no delete then), per revision.
    history: Memo<(u64, StartNo), bool>,
    /// The add / edit form, when open.
    form: Option<PlayerForm>,
    /// The import dialog, when open.
    import: Option<ImportDialog>,
    /// The group the director last chose in the import dialog for rows without a 组别
    /// column: the next import starts with it (issue 39, item 3).
    import_group: Option<GroupId>,
    /// The withdrawal being confirmed, when open.
    withdraw: Option<Withdrawal>,
    /// The deletion being confirmed, when open.
    delete: Option<Deletion>,
    /// The renumbering being chosen and confirmed, when open.
    renumber: Option<Renumbering>,
}

/// What the row list was computed for.
#[derive(Debug, Clone, PartialEq)]
struct RowsKey {
    revision: u64,
    group: GroupId,
    stage: Option<StageNo>,
    filter: String,
    sort: Sort,
}

/// What the director asks for on a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RowAction {
    Edit,
    Delete,
    Withdraw,
    Reinstate,
    AnnounceBye(RoundNo, ByeKind),
    CancelBye(RoundNo),
}

impl RosterView {
    /// How many times the group's model, its search index and its rows were derived:
    /// once per change each, never once per frame.
    pub fn model_builds(&self) -> [u64; 3] {
        [self.model.builds(), self.index.builds(), self.rows.builds()]
    }
}

impl Panel for RosterView {
    fn panel_ui(&mut self, ui: &mut Ui, env: &Env<'_>, jobs: &mut Vec<Job>) {
        roster_ui(ui, self, env, jobs);
    }
}

/// Draws the roster of the chosen group, its dialogs, and sends the director's changes.
pub fn roster_ui(ui: &mut Ui, state: &mut RosterView, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let (event, group) = (env.event, env.group.id);
    let lang = env.lang;
    let model = refresh(state, env);
    let total = state.index.get().map_or(0, Vec::len);
    let dialog_open = state.form.is_some()
        || state.import.is_some()
        || state.withdraw.is_some()
        || state.delete.is_some()
        || state.renumber.is_some();

    // Shortcuts that open things (not while a dialog has the keyboard).
    if !dialog_open {
        shortcuts(ui, state, env);
    }

    // Toolbar: heading, search, count, add and import.
    let (search_has_focus, search_entered) = toolbar_ui(ui, state, env, (&model, total));

    // Keyboard moves in the table.
    if !dialog_open {
        let list = std::mem::take(&mut state.rows);
        let rows = list.get().map_or(&[][..], Vec::as_slice);
        table_keys(ui, state, rows, event, search_has_focus, search_entered);
        state.rows = list;
    }

    // The selected player's actions.
    let stage = env.stage;
    let mut action: Option<(StartNo, RowAction)> = None;
    let selected = state.selected.and_then(|no| event.player(no)).filter(|p| p.group == group);
    let history = selected
        .map(|p| *state.history.get_or_compute((env.revision, p.start_no), || event.player_has_history(p.start_no)));
    ui.horizontal_wrapped(|ui| {
        match selected.zip(history) {
            Some((player, history)) => {
                ui.label(match lang {
                    Lang::Zh => format!("已选 {} 号 {}：", player.start_no, player.entry.name),
                    Lang::En => format!("Selected {} {}:", player.start_no, player.entry.name),
                });
                let facts = model.facts(player.start_no, history);
                if let Some(a) = row_actions_ui(ui, stage, player, facts, lang) {
                    action = Some((player.start_no, a));
                }
            }
            None => {
                ui.weak(lang.t(
                    "单击选择选手（↑↓ 移动，Enter 修改，右键更多操作）；Ctrl+F 搜索，Ctrl+Shift+A 添加，Ctrl+I 导入。",
                    "Click a player to select (↑↓ move, Enter edits, right click for more); Ctrl+F search, Ctrl+Shift+A add, Ctrl+I import.",
                ));
            }
        }
    });
    ui.separator();

    if total == 0 {
        ui.label(lang.t(
            "本组尚无选手。点“添加选手…”逐个登记，或“导入名单…”读入 CSV / Excel 名单。",
            "No players in this group yet. Use “Add player…” or “Import roster…” (CSV / Excel).",
        ));
    } else if let Some(a) = table_ui(ui, state, env, &model) {
        action = Some(a);
    }

    if let Some((start_no, a)) = action {
        run_action(state, env, jobs, start_no, a);
    }

    dialogs_ui(ui, state, env, jobs);
}

/// The dialogs open: the player form, the import, a withdrawal, a deletion, a
/// renumbering.
fn dialogs_ui(ui: &mut Ui, state: &mut RosterView, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let ctx = ui.ctx().clone();
    player_form_ui(&ctx, &mut state.form, env, jobs);
    import_ui(&ctx, &mut state.import, env, jobs);
    if let Some(chosen) = state.import.as_ref().and_then(ImportDialog::chosen_group) {
        state.import_group = Some(chosen);
    }
    withdraw_ui(&ctx, &mut state.withdraw, env, jobs);
    delete_ui(ui, &mut state.delete, env.lang, jobs);
    if renumber_ui(ui, &mut state.renumber, env.event, env.lang, jobs) {
        // The selection is by start number, which now belongs to another player.
        state.selected = None;
    }
}

/// Ctrl+F goes to the search box, Ctrl+Shift+A adds a player, Ctrl+I imports a roster.
fn shortcuts(ui: &mut Ui, state: &mut RosterView, env: &Env<'_>) {
    let (event, group) = (env.event, env.group.id);
    if ui.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::F))) {
        state.focus_search = true;
    }
    if ui.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::A))) {
        state.form = Some(PlayerForm::add(group));
    }
    if ui.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::I))) {
        state.import = Some(import_dialog(state.import_group, event, group));
    }
}

/// The toolbar: heading, search, count, add, import and renumber. Returns whether the
/// search box has the keyboard and whether Enter left it this frame.
fn toolbar_ui(
    ui: &mut Ui,
    state: &mut RosterView,
    env: &Env<'_>,
    (model, total): (&RosterModel, usize),
) -> (bool, bool) {
    let (event, group, lang) = (env.event, env.group.id, env.lang);
    let mut search_has_focus = false;
    let mut search_entered = false;
    ui.horizontal_wrapped(|ui| {
        ui.heading(lang.t("选手名单", "Players"));
        ui.add_space(crate::ui::theme::space::L);
        let label = ui.label(lang.t("搜索", "Search"));
        let search = ui
            .add(
                egui::TextEdit::singleline(&mut state.filter)
                    .hint_text(lang.t("姓名、拼音、单位或编号", "name, pinyin, club or number"))
                    .desired_width(200.0),
            )
            .labelled_by(label.id)
            .on_hover_text("Ctrl+F");
        if std::mem::take(&mut state.focus_search) {
            search.request_focus();
        }
        search_has_focus = search.has_focus();
        search_entered = search.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        // What was typed this frame is shown this frame.
        refresh(state, env);
        let shown = state.rows.get().map_or(0, Vec::len);
        ui.add_space(crate::ui::theme::space::S);
        let wanted = !state.filter.trim().is_empty();
        ui.label(match (wanted, lang) {
            (false, Lang::Zh) => format!("共 {total} 名选手"),
            (false, Lang::En) => format!("{total} players"),
            (true, Lang::Zh) => format!("显示 {shown} / {total} 名选手"),
            (true, Lang::En) => format!("showing {shown} of {total} players"),
        });
        ui.add_space(crate::ui::theme::space::L);
        let add = widgets::primary_button(ui, icons::USER_PLUS, lang.t("添加选手…", "Add player…"));
        if ui.add(add).on_hover_text("Ctrl+Shift+A").clicked() {
            state.form = Some(PlayerForm::add(group));
        }
        let import = widgets::icon_button(icons::UPLOAD_SIMPLE, lang.t("导入名单…", "Import roster…"));
        if ui.add(import).on_hover_text("Ctrl+I").clicked() {
            state.import = Some(import_dialog(state.import_group, event, group));
        }
        let blocked = model.renumber_blocked;
        let button = ui.add_enabled(blocked.is_none(), egui::Button::new(lang.t("重新编号…", "Renumber…")));
        let button = match blocked {
            Some(why) => button.on_disabled_hover_text(why),
            None => button.on_hover_text(lang.t(
                "第一轮编排前按等级分、姓名或单位重新编号",
                "Before round 1: new start numbers by rating, name or club",
            )),
        };
        if button.clicked() {
            state.renumber = Some(Renumbering::new(group, env.event.numbering));
        }
    });
    (search_has_focus, search_entered)
}

/// Rebuilds the search index, the row list and the model when what they depend on
/// changed; returns the model.
fn refresh(state: &mut RosterView, env: &Env<'_>) -> Arc<RosterModel> {
    let (event, group) = (env.event, env.group.id);
    let keys = state.index.get_or_compute((env.revision, group), || search_keys(event, group));
    let key = RowsKey {
        revision: env.revision,
        group,
        stage: env.stage.map(|s| s.no),
        filter: state.filter.clone(),
        sort: state.sort,
    };
    state.rows.get_or_compute(key, || filtered_sorted(event, env.stage, keys, &state.filter, state.sort));
    let key = (env.revision, group, env.stage.map(|s| s.no), env.lang);
    Arc::clone(state.model.get_or_compute(key, || Arc::new(model::derive(event, group, env.stage, env.lang))))
}

/// The next round of `stage` that can still get an announced bye, if any.
fn next_round(stage: &Stage) -> Option<RoundNo> {
    let next = stage.rounds.len() as u32 + 1;
    let open = stage.status != StageStatus::Closed && stage.rounds_planned.is_none_or(|planned| next <= planned);
    open.then_some(RoundNo(next))
}

/// The actions for `player` as buttons; returns the one clicked.
fn row_actions_ui(
    ui: &mut Ui,
    stage: Option<&Stage>,
    player: &Player,
    facts: RowFacts,
    lang: Lang,
) -> Option<RowAction> {
    let mut chosen = None;
    if ui.button(lang.t("修改…", "Edit…")).on_hover_text("Enter").clicked() {
        chosen = Some(RowAction::Edit);
    }
    if !facts.has_history
        && ui
            .button(lang.t("删除…", "Delete…"))
            .on_hover_text(
                lang.t(
                    "从未编排的选手（如重复报名）可删除",
                    "A player never paired (a duplicate entry) can be deleted",
                ),
            )
            .clicked()
    {
        chosen = Some(RowAction::Delete);
    }
    if player.status == PlayerStatus::Active {
        if ui.button(lang.t("退赛…", "Withdraw…")).clicked() {
            chosen = Some(RowAction::Withdraw);
        }
    } else if ui.button(lang.t("恢复参赛", "Reinstate")).clicked() {
        chosen = Some(RowAction::Reinstate);
    }
    let Some(stage) = stage else { return chosen };
    // A player knocked out of the knockout plays no more rounds of it.
    let in_stage = facts.in_stage;
    let planned: Vec<&PlannedBye> = stage.planned_byes.iter().filter(|b| b.bye.player == player.start_no).collect();
    for bye in &planned {
        let text = match lang {
            Lang::Zh => format!("取消第 {} 轮{}", bye.round, bye_kind_text(bye.bye.kind, lang)),
            Lang::En => format!("Cancel round {} {}", bye.round, bye_kind_text(bye.bye.kind, lang)),
        };
        if ui.button(text).clicked() {
            chosen = Some(RowAction::CancelBye(bye.round));
        }
    }
    if let Some(next) = next_round(stage)
        && in_stage
        && player.status == PlayerStatus::Active
        && !planned.iter().any(|b| b.round == next)
    {
        for kind in [ByeKind::Requested, ByeKind::Absent] {
            let text = match lang {
                Lang::Zh => format!("第 {next} 轮{}", bye_kind_text(kind, lang)),
                Lang::En => format!("Round {next}: {}", bye_kind_text(kind, lang)),
            };
            let hint = match kind {
                ByeKind::Requested => lang.t(
                    "选手请求轮空：不编排，按本阶段规则计轮空分",
                    "The player asks for a bye: not paired, scored as the stage's rules say",
                ),
                _ => lang.t("已知缺席：不编排，不计分", "Known absence: not paired, no points"),
            };
            if ui.button(text).on_hover_text(hint).clicked() {
                chosen = Some(RowAction::AnnounceBye(next, kind));
            }
        }
    }
    chosen
}

fn bye_kind_text(kind: ByeKind, lang: Lang) -> &'static str {
    match kind {
        ByeKind::Requested => lang.t("请求轮空", "requested bye"),
        ByeKind::Absent => lang.t("缺席", "absent"),
        ByeKind::Pairing => lang.t("轮空", "bye"),
    }
}

/// Carries out a row action: opens a dialog or sends a command.
fn run_action(state: &mut RosterView, env: &Env<'_>, jobs: &mut Vec<Job>, start_no: StartNo, action: RowAction) {
    let Some(player) = env.event.player(start_no) else { return };
    let name = player.entry.name.as_str();
    let (group, no) = (player.group, player.shown());
    let stage = env.stage.map(|s| s.no);
    match action {
        RowAction::Edit => state.form = Some(PlayerForm::edit(player)),
        RowAction::Delete => state.delete = Some(Deletion { start_no, no, name: name.to_string(), shown: false }),
        RowAction::Withdraw => {
            state.withdraw = Some(Withdrawal {
                start_no,
                no,
                name: name.to_string(),
                reason: String::new(),
                focus: true,
                every_entry: false,
            });
        }
        RowAction::Reinstate => jobs.push(Job::Execute {
            label: Words::in_both(|lang| match lang {
                Lang::Zh => format!("{no} {name} 恢复参赛"),
                Lang::En => format!("{no} {name} reinstated"),
            }),
            commands: vec![Command::SetPlayerStatus { start_no, status: PlayerStatus::Active, reason: String::new() }],
        }),
        RowAction::AnnounceBye(round, kind) => {
            if let Some(stage) = stage {
                jobs.push(Job::Execute {
                    label: Words::in_both(|lang| match lang {
                        Lang::Zh => format!("{no} {name} 第{round}轮{}", bye_kind_text(kind, lang)),
                        Lang::En => format!("{no} {name}: round {round} {}", bye_kind_text(kind, lang)),
                    }),
                    commands: vec![Command::AnnounceBye {
                        group,
                        stage,
                        planned: PlannedBye { round, bye: Bye::new(start_no, kind) },
                    }],
                });
            }
        }
        RowAction::CancelBye(round) => {
            if let Some(stage) = stage {
                jobs.push(Job::Execute {
                    label: Words::in_both(|lang| match lang {
                        Lang::Zh => format!("{no} {name} 取消第{round}轮轮空"),
                        Lang::En => format!("{no} {name}: round {round} bye cancelled"),
                    }),
                    commands: vec![Command::CancelAnnouncedBye { group, stage, round, player: start_no }],
                });
            }
        }
    }
}

#[cfg(test)]
mod tests;
