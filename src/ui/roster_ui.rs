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
//! Actions on the selected player: edit (the form of [`super::roster_form_ui`]),
//! withdraw with a reason or reinstate, announce a requested bye or an absence for the
//! stage's next round and cancel it. Adding players (a late entry once rounds are
//! paired) uses the same form; importing a CSV/XLSX roster uses the dialog of
//! [`super::roster_import_ui`]. Every change is a [`Command`] sent as a [`Job`]; the
//! table shows it once the worker has saved it.
//!
//! Keys (when no text field or dialog has the keyboard): ↑/↓ move the selection,
//! PageUp/PageDown by a page, Home/End to the first/last row, Enter edits the
//! selected player; Ctrl+F goes to the search box (↓ or Enter there goes back to the
//! table), Ctrl+Shift+A adds a player (Ctrl+N is File → New), Ctrl+I imports a roster. Tab reaches every button of
//! the action bar; a right click on a row opens the same actions.

use super::env::Env;
use super::i18n::Lang;
use super::panel::Panel;
use super::roster_form_ui::{PlayerForm, player_form_ui};
use super::roster_import_ui::{ImportDialog, import_ui};
use super::session::Job;
use super::table::{Align, header_height, row_height, text_cell_ui};
use crate::domain::command::Command;
use crate::domain::event::{Bye, ByeKind, Event, PlannedBye, Stage, StageStatus, stage_entrants};
use crate::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use crate::domain::player::{Gender, Player, PlayerStatus};
use egui::{Key, KeyboardShortcut, Modifiers, Ui};
use egui_extras::{Column, TableBuilder};
use pinyin::ToPinyinMulti;
use std::cmp::Ordering;

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
    /// How each player of the group can be found, per saved event.
    index: Option<SearchIndex>,
    /// The rows shown, per search text and order.
    rows: Option<RowList>,
    /// The add / edit form, when open.
    form: Option<PlayerForm>,
    /// The import dialog, when open.
    import: Option<ImportDialog>,
    /// The withdrawal being confirmed, when open.
    withdraw: Option<Withdrawal>,
}

/// A withdrawal waiting for its reason.
#[derive(Debug, Clone)]
struct Withdrawal {
    start_no: StartNo,
    name: String,
    reason: String,
    focus: bool,
}

/// What each player of a group is found and sorted by, for one saved event.
#[derive(Debug)]
struct SearchIndex {
    revision: u64,
    group: GroupId,
    keys: Vec<SearchKey>,
}

#[derive(Debug)]
struct SearchKey {
    /// Position in `event.players`.
    index: usize,
    /// Name and club in lower case (Latin names).
    name: String,
    club: String,
    start_no: String,
    /// Every plain pinyin reading of each character of the name (`ü` as `v` and `u`);
    /// a Latin letter or digit reads as itself; other marks (·, spaces) are left out.
    readings: Vec<Vec<String>>,
    /// The first reading of each character, joined: the order of names and clubs.
    name_order: String,
    club_order: String,
}

/// The rows shown: positions in `event.players`, filtered and sorted.
#[derive(Debug)]
struct RowList {
    revision: u64,
    group: GroupId,
    stage: Option<StageNo>,
    filter: String,
    sort: Sort,
    rows: Vec<usize>,
}

/// What the director asks for on a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RowAction {
    Edit,
    Withdraw,
    Reinstate,
    AnnounceBye(RoundNo, ByeKind),
    CancelBye(RoundNo),
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
    refresh(state, env);
    let total = state.index.as_ref().map_or(0, |i| i.keys.len());
    let dialog_open = state.form.is_some() || state.import.is_some() || state.withdraw.is_some();

    // Shortcuts that open things (not while a dialog has the keyboard).
    if !dialog_open {
        if ui.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::F))) {
            state.focus_search = true;
        }
        if ui.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::A))) {
            state.form = Some(PlayerForm::add(group));
        }
        if ui.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::I))) {
            state.import = Some(ImportDialog::new(group));
        }
    }

    // Toolbar: heading, search, count, add and import.
    let mut search_has_focus = false;
    let mut search_entered = false;
    ui.horizontal_wrapped(|ui| {
        ui.heading(lang.t("选手名单", "Players"));
        ui.add_space(16.0);
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
        let shown = state.rows.as_ref().map_or(0, |r| r.rows.len());
        ui.add_space(8.0);
        let wanted = !state.filter.trim().is_empty();
        ui.label(match (wanted, lang) {
            (false, Lang::Zh) => format!("共 {total} 名选手"),
            (false, Lang::En) => format!("{total} players"),
            (true, Lang::Zh) => format!("显示 {shown} / {total} 名选手"),
            (true, Lang::En) => format!("showing {shown} of {total} players"),
        });
        ui.add_space(16.0);
        if ui.button(lang.t("添加选手…", "Add player…")).on_hover_text("Ctrl+Shift+A").clicked() {
            state.form = Some(PlayerForm::add(group));
        }
        if ui.button(lang.t("导入名单…", "Import roster…")).on_hover_text("Ctrl+I").clicked() {
            state.import = Some(ImportDialog::new(group));
        }
    });

    // Keyboard moves in the table.
    if !dialog_open {
        let list = state.rows.take();
        let rows = list.as_ref().map_or(&[][..], |r| r.rows.as_slice());
        table_keys(ui, state, rows, event, search_has_focus, search_entered);
        state.rows = list;
    }

    // The selected player's actions.
    let stage = env.stage;
    let mut action: Option<(StartNo, RowAction)> = None;
    ui.horizontal_wrapped(|ui| {
        let selected = state.selected.and_then(|no| event.player(no)).filter(|p| p.group == group);
        match selected {
            Some(player) => {
                ui.label(match lang {
                    Lang::Zh => format!("已选 {} 号 {}：", player.start_no, player.entry.name),
                    Lang::En => format!("Selected {} {}:", player.start_no, player.entry.name),
                });
                if let Some(a) = row_actions_ui(ui, event, stage, player, lang) {
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
            "本组尚无选手。点“添加选手…”逐个登记，或“导入名单…”读入 CSV / XLSX 名单。",
            "No players in this group yet. Use “Add player…” or “Import roster…” (CSV / XLSX).",
        ));
    } else if let Some(a) = table_ui(ui, state, env) {
        action = Some(a);
    }

    if let Some((start_no, a)) = action {
        run_action(state, env, jobs, start_no, a);
    }

    // Dialogs.
    let ctx = ui.ctx().clone();
    player_form_ui(&ctx, &mut state.form, env, jobs);
    import_ui(&ctx, &mut state.import, env, jobs);
    withdraw_ui(&ctx, &mut state.withdraw, env, jobs);
}

/// Rebuilds the search index and the row list when what they depend on changed.
fn refresh(state: &mut RosterView, env: &Env<'_>) {
    let (event, group) = (env.event, env.group.id);
    let stale_index = state.index.as_ref().is_none_or(|i| i.revision != env.revision || i.group != group);
    if stale_index {
        state.index = Some(SearchIndex { revision: env.revision, group, keys: search_keys(event, group) });
    }
    let stage_no = env.stage.map(|s| s.no);
    let stale_rows = stale_index
        || state.rows.as_ref().is_none_or(|r| {
            r.revision != env.revision
                || r.group != group
                || r.stage != stage_no
                || r.filter != state.filter
                || r.sort != state.sort
        });
    if stale_rows && let Some(index) = &state.index {
        let rows = filtered_sorted(event, env.stage, &index.keys, &state.filter, state.sort);
        state.rows = Some(RowList {
            revision: env.revision,
            group,
            stage: stage_no,
            filter: state.filter.clone(),
            sort: state.sort,
            rows,
        });
    }
}

fn search_keys(event: &Event, group: GroupId) -> Vec<SearchKey> {
    event
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.group == group)
        .map(|(index, p)| {
            let readings = readings(&p.entry.name);
            SearchKey {
                index,
                name: p.entry.name.to_lowercase(),
                club: p.entry.club.to_lowercase(),
                start_no: p.start_no.to_string(),
                name_order: first_readings(&p.entry.name),
                club_order: first_readings(&p.entry.club),
                readings,
            }
        })
        .collect()
}

/// Every plain reading of each character of `text` that has one (Latin letters and
/// digits read as themselves).
fn readings(text: &str) -> Vec<Vec<String>> {
    text.chars()
        .filter_map(|c| match c.to_pinyin_multi() {
            Some(multi) => {
                let mut all: Vec<String> = Vec::new();
                for p in multi {
                    let plain = p.plain();
                    for spelling in [plain.replace('ü', "v"), plain.replace('ü', "u")] {
                        if !all.contains(&spelling) {
                            all.push(spelling);
                        }
                    }
                }
                Some(all)
            }
            None if c.is_alphanumeric() => Some(vec![c.to_lowercase().collect()]),
            None => None,
        })
        .collect()
}

/// The first reading of each character, or the character itself: a sort key that puts
/// 安 before 王 before 张.
fn first_readings(text: &str) -> String {
    let mut key = String::new();
    for c in text.chars() {
        match c.to_pinyin_multi().and_then(|m| m.into_iter().next()) {
            Some(p) => key.push_str(&p.plain().replace('ü', "v")),
            None => key.extend(c.to_lowercase()),
        }
        key.push(' ');
    }
    key
}

/// Whether a run of consecutive characters reads as `query`: each character by a
/// non-empty prefix of one of its readings (`wty`, `wangtianyi`, `wangty`, `tianyi`).
fn pinyin_matches(readings: &[Vec<String>], query: &str) -> bool {
    let q = query.as_bytes();
    if q.is_empty() || readings.is_empty() {
        return false;
    }
    // (character, query position) pairs already known to lead nowhere.
    let mut dead = vec![false; (readings.len() + 1) * (q.len() + 1)];
    (0..readings.len()).any(|start| consume(readings, q, start, 0, &mut dead))
}

fn consume(readings: &[Vec<String>], q: &[u8], ci: usize, qi: usize, dead: &mut [bool]) -> bool {
    if qi == q.len() {
        return true;
    }
    let Some(options) = readings.get(ci) else { return false };
    let slot = ci * (q.len() + 1) + qi;
    if dead[slot] {
        return false;
    }
    for reading in options {
        let r = reading.as_bytes();
        let longest = r.len().min(q.len() - qi);
        for k in (1..=longest).rev() {
            if r[..k] == q[qi..qi + k] && consume(readings, q, ci + 1, qi + k, dead) {
                return true;
            }
        }
    }
    dead[slot] = true;
    false
}

/// Whether the player of `key` matches the search text (trimmed, any case): part of
/// the name or club, the exact start number, or the name's pinyin.
fn matches(key: &SearchKey, text: &str) -> bool {
    let text = text.trim().to_lowercase();
    if text.is_empty() {
        return true;
    }
    if key.name.contains(&text) || key.club.contains(&text) || key.start_no == text {
        return true;
    }
    let letters: String = text.chars().filter(|c| !matches!(c, ' ' | '\'' | '-' | '·')).collect();
    letters.chars().all(|c| c.is_ascii_lowercase()) && pinyin_matches(&key.readings, &letters)
}

/// The positions in `event.players` of the players matching `filter`, in `sort` order
/// (start number breaks ties).
fn filtered_sorted(event: &Event, stage: Option<&Stage>, keys: &[SearchKey], filter: &str, sort: Sort) -> Vec<usize> {
    let mut shown: Vec<&SearchKey> = keys.iter().filter(|k| matches(k, filter)).collect();
    let player = |k: &SearchKey| &event.players[k.index];
    let has_bye = |p: &Player| stage.is_some_and(|s| s.planned_byes.iter().any(|b| b.bye.player == p.start_no));
    shown.sort_by(|a, b| {
        let (pa, pb) = (player(a), player(b));
        let (ea, eb) = (&pa.entry, &pb.entry);
        let primary = match sort.column {
            SortColumn::StartNo => Ordering::Equal,
            SortColumn::Name => a.name_order.cmp(&b.name_order).then_with(|| ea.name.cmp(&eb.name)),
            SortColumn::Gender => ea.gender.cmp(&eb.gender),
            SortColumn::Born => ea.born.cmp(&eb.born),
            SortColumn::Club => a.club_order.cmp(&b.club_order).then_with(|| ea.club.cmp(&eb.club)),
            SortColumn::Rating => ea.rating.cmp(&eb.rating),
            SortColumn::Title => ea.title.cmp(&eb.title),
            SortColumn::VerifiedFemale => ea.verified_female.cmp(&eb.verified_female),
            SortColumn::Nominee => ea.nominee.cmp(&eb.nominee),
            SortColumn::Status => pa.status.cmp(&pb.status).then_with(|| has_bye(pa).cmp(&has_bye(pb))),
        };
        let primary = if sort.column == SortColumn::StartNo { pa.start_no.cmp(&pb.start_no) } else { primary };
        let primary = if sort.descending { primary.reverse() } else { primary };
        primary.then_with(|| pa.start_no.cmp(&pb.start_no))
    });
    shown.into_iter().map(|k| k.index).collect()
}

/// Arrow keys, Page keys, Home/End and Enter on the table; ↓ and Enter leave the
/// search box for the table.
fn table_keys(ui: &Ui, state: &mut RosterView, rows: &[usize], event: &Event, in_search: bool, search_entered: bool) {
    let nothing_focused = ui.memory(|m| m.focused().is_none());
    let position =
        state.selected.and_then(|no| rows.iter().position(|&i| event.players.get(i).is_some_and(|p| p.start_no == no)));
    let select = |state: &mut RosterView, at: usize| {
        if let Some(p) = rows.get(at).and_then(|&i| event.players.get(i)) {
            state.selected = Some(p.start_no);
            state.scroll_to_selected = true;
        }
    };
    if search_entered {
        if position.is_none() {
            select(state, 0);
        }
        return;
    }
    if in_search {
        if ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::ArrowDown)) {
            ui.memory_mut(|m| {
                if let Some(id) = m.focused() {
                    m.surrender_focus(id);
                }
            });
            select(state, position.map_or(0, |p| p + 1));
        }
        return;
    }
    if !nothing_focused || rows.is_empty() {
        return;
    }
    let last = rows.len() - 1;
    let page = 20;
    let moves = [
        (Key::ArrowDown, position.map_or(0, |p| (p + 1).min(last))),
        (Key::ArrowUp, position.map_or(0, |p| p.saturating_sub(1))),
        (Key::PageDown, position.map_or(0, |p| (p + page).min(last))),
        (Key::PageUp, position.map_or(0, |p| p.saturating_sub(page))),
        (Key::Home, 0),
        (Key::End, last),
    ];
    for (key, to) in moves {
        if ui.input_mut(|i| i.consume_key(Modifiers::NONE, key)) {
            select(state, to);
        }
    }
    if position.is_some()
        && ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Enter))
        && let Some(p) = state.selected.and_then(|no| event.player(no))
    {
        state.form = Some(PlayerForm::edit(p));
    }
}

/// The next round of `stage` that can still get an announced bye, if any.
fn next_round(stage: &Stage) -> Option<RoundNo> {
    let next = stage.rounds.len() as u32 + 1;
    let open = stage.status != StageStatus::Closed && stage.rounds_planned.is_none_or(|planned| next <= planned);
    open.then_some(RoundNo(next))
}

/// The actions for `player` as buttons; returns the one clicked.
fn row_actions_ui(ui: &mut Ui, event: &Event, stage: Option<&Stage>, player: &Player, lang: Lang) -> Option<RowAction> {
    let mut chosen = None;
    if ui.button(lang.t("修改…", "Edit…")).on_hover_text("Enter").clicked() {
        chosen = Some(RowAction::Edit);
    }
    if player.status == PlayerStatus::Active {
        if ui.button(lang.t("退赛…", "Withdraw…")).clicked() {
            chosen = Some(RowAction::Withdraw);
        }
    } else if ui.button(lang.t("恢复参赛", "Reinstate")).clicked() {
        chosen = Some(RowAction::Reinstate);
    }
    let Some(stage) = stage else { return chosen };
    let in_stage = stage_entrants(event, player.group, stage).contains(&player.start_no);
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
    let lang = env.lang;
    let name = player.entry.name.as_str();
    let group = player.group;
    let stage = env.stage.map(|s| s.no);
    match action {
        RowAction::Edit => state.form = Some(PlayerForm::edit(player)),
        RowAction::Withdraw => {
            state.withdraw = Some(Withdrawal { start_no, name: name.to_string(), reason: String::new(), focus: true });
        }
        RowAction::Reinstate => jobs.push(Job::Execute {
            label: match lang {
                Lang::Zh => format!("{start_no} {name} 恢复参赛"),
                Lang::En => format!("{start_no} {name} reinstated"),
            },
            commands: vec![Command::SetPlayerStatus { start_no, status: PlayerStatus::Active, reason: String::new() }],
        }),
        RowAction::AnnounceBye(round, kind) => {
            if let Some(stage) = stage {
                jobs.push(Job::Execute {
                    label: match lang {
                        Lang::Zh => format!("{start_no} {name} 第{round}轮{}", bye_kind_text(kind, lang)),
                        Lang::En => format!("{start_no} {name}: round {round} {}", bye_kind_text(kind, lang)),
                    },
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
                    label: match lang {
                        Lang::Zh => format!("{start_no} {name} 取消第{round}轮轮空"),
                        Lang::En => format!("{start_no} {name}: round {round} bye cancelled"),
                    },
                    commands: vec![Command::CancelAnnouncedBye { group, stage, round, player: start_no }],
                });
            }
        }
    }
}

/// The withdrawal window: a reason, then confirm (Enter) or cancel (Esc).
fn withdraw_ui(ctx: &egui::Context, withdraw: &mut Option<Withdrawal>, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let Some(w) = withdraw.as_mut() else { return };
    let lang = env.lang;
    let mut open = true;
    let mut done = false;
    egui::Window::new(lang.t("退赛", "Withdraw"))
        .id(egui::Id::unique("roster_withdraw"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(ctx.content_rect().center_top() + egui::vec2(0.0, 96.0))
        .show(ctx, |ui| {
            ui.label(match lang {
                Lang::Zh => format!("{} 号 {} 退出比赛：已赛成绩保留，以后各轮不再编排。", w.start_no, w.name),
                Lang::En => format!(
                    "{} {} leaves the event: games played count, later rounds are not paired.",
                    w.start_no, w.name
                ),
            });
            let mut confirm = false;
            ui.horizontal(|ui| {
                let label = ui.label(lang.t("原因", "Reason"));
                let field = ui
                    .add(
                        egui::TextEdit::singleline(&mut w.reason)
                            .hint_text(lang.t("如 身体不适", "e.g. illness"))
                            .desired_width(220.0),
                    )
                    .labelled_by(label.id);
                if std::mem::take(&mut w.focus) {
                    field.request_focus();
                }
                confirm |= field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            });
            ui.horizontal(|ui| {
                confirm |= ui.button(lang.t("确认退赛", "Withdraw")).on_hover_text("Enter").clicked();
                done |= ui.button(lang.t("取消", "Cancel")).on_hover_text("Esc").clicked();
            });
            if confirm {
                let reason = w.reason.trim().to_string();
                jobs.push(Job::Execute {
                    label: match lang {
                        Lang::Zh => format!("{} {} 退赛", w.start_no, w.name),
                        Lang::En => format!("{} {} withdrawn", w.start_no, w.name),
                    },
                    commands: vec![Command::SetPlayerStatus {
                        start_no: w.start_no,
                        status: PlayerStatus::Withdrawn,
                        reason,
                    }],
                });
                done = true;
            }
            if ui.input(|i| i.key_pressed(Key::Escape)) {
                done = true;
            }
        });
    if !open || done {
        *withdraw = None;
    }
}

/// The status cell: 在赛 / 退赛（原因）/ 取消资格, then the byes announced in the chosen
/// stage and an entry accepted by override.
fn status_text(player: &Player, stage: Option<&Stage>, lang: Lang) -> String {
    let mut text = match lang {
        Lang::Zh => player.status.label_zh().to_string(),
        Lang::En => player.status.code().to_string(),
    };
    if !player.status_reason.is_empty() {
        text.push_str(&match lang {
            Lang::Zh => format!("（{}）", player.status_reason),
            Lang::En => format!(" ({})", player.status_reason),
        });
    }
    for planned in stage.iter().flat_map(|s| &s.planned_byes).filter(|b| b.bye.player == player.start_no) {
        text.push_str(&match lang {
            Lang::Zh => format!(" · 第{}轮{}", planned.round, bye_kind_text(planned.bye.kind, lang)),
            Lang::En => format!(" · R{} {}", planned.round, bye_kind_text(planned.bye.kind, lang)),
        });
    }
    if player.eligibility_override.is_some() {
        text.push_str(lang.t(" · 破格报名", " · admitted by override"));
    }
    text
}

fn gender_text(gender: Option<Gender>, lang: Lang) -> &'static str {
    match (gender, lang) {
        (None, _) => "",
        (Some(g), Lang::Zh) => g.label_zh(),
        (Some(Gender::Male), Lang::En) => "M",
        (Some(Gender::Female), Lang::En) => "F",
    }
}

/// The table itself; returns an action chosen in a row's context menu.
fn table_ui(ui: &mut Ui, state: &mut RosterView, env: &Env<'_>) -> Option<(StartNo, RowAction)> {
    let (event, lang, stage) = (env.event, env.lang, env.stage);
    let scroll = std::mem::take(&mut state.scroll_to_selected);
    let mut sort = state.sort;
    let selected = state.selected;
    let rows: &[usize] = state.rows.as_ref().map_or(&[], |r| r.rows.as_slice());
    if rows.is_empty() {
        ui.label(lang.t("没有符合搜索条件的选手。", "No player matches the search."));
        return None;
    }
    let scroll_to = if scroll {
        state.selected.and_then(|no| rows.iter().position(|&i| event.players.get(i).is_some_and(|p| p.start_no == no)))
    } else {
        None
    };
    let (header_h, row_h) = (header_height(ui), row_height(ui));
    let mut clicked: Option<StartNo> = None;
    let mut double_clicked: Option<StartNo> = None;
    let mut action: Option<(StartNo, RowAction)> = None;
    ui.scope(|ui| {
        // Labels that select text would take the row's clicks.
        ui.style_mut().interaction.selectable_labels = false;
        let mut table = TableBuilder::new(ui)
            .id_salt(("roster", env.group.id))
            .striped(true)
            .resizable(true)
            .sense(egui::Sense::click())
            .auto_shrink([false, false])
            // Wide enough for each heading with its sort arrow.
            .column(Column::exact(64.0))
            .column(Column::initial(110.0).at_least(70.0))
            .column(Column::exact(60.0))
            .column(Column::initial(104.0).at_least(90.0))
            .column(Column::initial(150.0).at_least(80.0))
            .column(Column::exact(76.0))
            .column(Column::initial(96.0).at_least(70.0))
            .column(Column::exact(96.0))
            .column(Column::exact(76.0))
            .column(Column::remainder().at_least(80.0));
        if let Some(at) = scroll_to {
            table = table.scroll_to_row(at, None);
        }
        table
            .header(header_h, |mut header| {
                for column in SortColumn::ALL {
                    header.col(|ui| {
                        let mut text = column.heading(lang).to_string();
                        if sort.column == column {
                            text.push_str(if sort.descending { " ▼" } else { " ▲" });
                        }
                        let button =
                            egui::Button::selectable(sort.column == column, egui::RichText::new(text).strong());
                        let hint = lang.t("按此列排序，再点一次倒序", "Sort by this column; click again to reverse");
                        if ui.add(button).on_hover_text(hint).clicked() {
                            sort = if sort.column == column {
                                Sort { column, descending: !sort.descending }
                            } else {
                                Sort { column, descending: false }
                            };
                        }
                    });
                }
            })
            .body(|body| {
                body.rows(row_h, rows.len(), |mut row| {
                    let Some(player) = rows.get(row.index()).and_then(|&i| event.players.get(i)) else { return };
                    let id = player.start_no;
                    let e = &player.entry;
                    row.set_selected(selected == Some(id));
                    text_cell_ui(&mut row, id, Align::Right, id.to_string());
                    text_cell_ui(&mut row, id, Align::Left, e.name.as_str());
                    text_cell_ui(&mut row, id, Align::Left, gender_text(e.gender, lang));
                    text_cell_ui(&mut row, id, Align::Left, e.born.map(|d| d.to_string()).unwrap_or_default());
                    text_cell_ui(&mut row, id, Align::Left, e.club.as_str());
                    text_cell_ui(&mut row, id, Align::Right, e.rating.map(|r| r.to_string()).unwrap_or_default());
                    text_cell_ui(&mut row, id, Align::Left, e.title.as_ref().map_or("", |t| t.label_zh()));
                    text_cell_ui(&mut row, id, Align::Left, if e.verified_female { "√" } else { "" });
                    text_cell_ui(&mut row, id, Align::Left, if e.nominee { "√" } else { "" });
                    let status = status_text(player, stage, lang);
                    match &player.eligibility_override {
                        Some(reason) => {
                            row.col(|ui| {
                                ui.push_id(id, |ui| {
                                    ui.label(status).on_hover_text(match lang {
                                        Lang::Zh => format!("破格理由：{reason}"),
                                        Lang::En => format!("Override: {reason}"),
                                    });
                                });
                            });
                        }
                        None => text_cell_ui(&mut row, id, Align::Left, status),
                    }
                    let response = row.response();
                    if response.clicked() || response.secondary_clicked() {
                        clicked = Some(id);
                    }
                    if response.double_clicked() {
                        double_clicked = Some(id);
                    }
                    response.context_menu(|ui| {
                        ui.label(format!("{id} {}", e.name));
                        ui.separator();
                        if let Some(a) = row_actions_ui(ui, event, stage, player, lang) {
                            action = Some((id, a));
                            ui.close();
                        }
                    });
                });
            });
    });
    state.sort = sort;
    if let Some(no) = clicked {
        state.selected = Some(no);
    }
    if let Some(no) = double_clicked {
        state.selected = Some(no);
        action = Some((no, RowAction::Edit));
    }
    action
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::demo::demo_event;
    use crate::domain::player::PlayerEntry;

    fn key_of(name: &str, club: &str, start_no: u32) -> SearchKey {
        SearchKey {
            index: 0,
            name: name.to_lowercase(),
            club: club.to_lowercase(),
            start_no: start_no.to_string(),
            readings: readings(name),
            name_order: first_readings(name),
            club_order: first_readings(club),
        }
    }

    #[test]
    fn search_matches_name_pinyin_club_and_start_number() {
        let k = key_of("王天一", "杭州", 12);
        for hit in
            ["", "王天", "天一", "杭州", "12", "wty", "WTY", "wangtianyi", "wang tian yi", "tianyi", "wangty", "ty"]
        {
            assert!(matches(&k, hit), "{hit:?} should find 王天一");
        }
        for miss in ["1", "wtx", "zty", "北京", "wangtianyii", "yw"] {
            assert!(!matches(&k, miss), "{miss:?} should not find 王天一");
        }
    }

    #[test]
    fn every_reading_of_a_character_counts_and_u_umlaut_is_v_or_u() {
        // 曾 reads zeng or ceng; 单 dan, chan or shan; 吕 lü.
        assert!(matches(&key_of("曾益谦", "", 1), "zyq"));
        assert!(matches(&key_of("曾益谦", "", 1), "cengyiqian"));
        assert!(matches(&key_of("单霞丽", "", 1), "shanxiali"));
        assert!(matches(&key_of("吕钦", "", 1), "lvqin"));
        assert!(matches(&key_of("吕钦", "", 1), "luqin"));
        assert!(matches(&key_of("买买提·艾力", "", 1), "mmtal"));
        assert!(matches(&key_of("Alice Smith", "", 1), "alice"));
    }

    #[test]
    fn names_sort_by_pinyin() {
        let mut names = ["张强", "王天一", "安娜", "赵鑫鑫"];
        names.sort_by_key(|n| first_readings(n));
        assert_eq!(names, ["安娜", "王天一", "张强", "赵鑫鑫"]);
    }

    #[test]
    fn sorting_by_rating_puts_unrated_first_then_reverses_with_start_numbers_breaking_ties() {
        let mut event = demo_event(1).unwrap();
        let group = event.groups[0].id;
        for (i, p) in event.players.iter_mut().enumerate() {
            p.entry.rating = match i {
                0 => None,
                1 | 2 => Some(2000),
                _ => Some(1500 + i as u32),
            };
        }
        let keys = search_keys(&event, group);
        let ascending =
            filtered_sorted(&event, None, &keys, "", Sort { column: SortColumn::Rating, descending: false });
        assert_eq!(event.players[ascending[0]].entry.rating, None);
        let descending =
            filtered_sorted(&event, None, &keys, "", Sort { column: SortColumn::Rating, descending: true });
        let ratings: Vec<Option<u32>> = descending.iter().map(|&i| event.players[i].entry.rating).collect();
        assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
        assert_eq!(ratings.last(), Some(&None));
        let tied: Vec<StartNo> = descending
            .iter()
            .map(|&i| &event.players[i])
            .filter(|p| p.entry.rating == Some(2000))
            .map(|p| p.start_no)
            .collect();
        assert!(tied.windows(2).all(|w| w[0] < w[1]), "ties stay in start-number order: {tied:?}");
    }

    #[test]
    fn three_thousand_players_filter_and_sort_quickly() {
        let mut event = demo_event(1).unwrap();
        let group = event.groups[0].id;
        let surnames = ["王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周"];
        let given = ["天一", "伟", "芳", "娜", "敏", "静", "强", "磊", "军", "洋", "勇", "艳"];
        let base = event.players.len();
        for i in 0..3000 {
            let mut p = event.players[0].clone();
            p.start_no = StartNo((base + i + 1) as u32);
            p.entry = PlayerEntry {
                name: format!("{}{}", surnames[i % 10], given[i % 12]),
                club: format!("俱乐部{}", i % 37),
                rating: Some(1200 + (i as u32 * 7919) % 1500),
                ..PlayerEntry::default()
            };
            event.players.push(p);
        }
        let started = std::time::Instant::now();
        let keys = search_keys(&event, group);
        let all = filtered_sorted(&event, None, &keys, "", Sort { column: SortColumn::Name, descending: false });
        let found = filtered_sorted(&event, None, &keys, "wty", Sort { column: SortColumn::Rating, descending: true });
        let elapsed = started.elapsed();
        assert_eq!(all.len(), keys.len());
        let wang_tianyi = event.players.iter().filter(|p| p.entry.name == "王天一").count();
        assert!(wang_tianyi >= 50, "{wang_tianyi}");
        assert!(found.len() >= wang_tianyi);
        assert!(found.iter().all(|&i| pinyin_matches(&readings(&event.players[i].entry.name), "wty")));
        // Generous even for an unoptimised build on a slow machine; it runs only on change.
        assert!(elapsed.as_millis() < 2000, "{elapsed:?}");
    }

    #[test]
    fn status_shows_reason_announced_byes_and_overrides() {
        let mut event = demo_event(1).unwrap();
        let mut stage = event.groups[0].stages[0].clone();
        let p = &mut event.players[0];
        stage.planned_byes = vec![PlannedBye { round: RoundNo(5), bye: Bye::new(p.start_no, ByeKind::Requested) }];
        assert_eq!(status_text(p, Some(&stage), Lang::Zh), "在赛 · 第5轮请求轮空");
        p.status = PlayerStatus::Withdrawn;
        p.status_reason = "伤病".into();
        p.eligibility_override = Some("特邀".into());
        assert_eq!(status_text(p, None, Lang::Zh), "退赛（伤病） · 破格报名");
        assert_eq!(status_text(p, None, Lang::En), "withdrawn (伤病) · admitted by override");
    }
}
