//! The roster table: its rows (start number, name, gender, birth date, club, rating,
//! title, flags, status), sorting by a click on a heading, the keys that move the
//! selection, and the context menu of a row.

use super::form::PlayerForm;
use super::model::RosterModel;
use super::{RosterView, RowAction, Sort, SortColumn, bye_kind_text, row_actions_ui};
use crate::domain::event::{Event, Stage};
use crate::domain::ids::StartNo;
use crate::domain::player::{Gender, Player, PlayerStatus};
use crate::lang::Lang;
use crate::ui::consequences::reason_words;
use crate::ui::env::Env;
use crate::ui::table::{Align, header_height, is_clipped, row_height, table_builder, text_cell_ui};
use egui::{Key, Modifiers, Ui};
use egui_extras::Column;

/// Arrow keys, Page keys, Home/End and Enter on the table; ↓ and Enter leave the
/// search box for the table.
pub(super) fn table_keys(
    ui: &Ui,
    state: &mut RosterView,
    rows: &[usize],
    event: &Event,
    in_search: bool,
    search_entered: bool,
) {
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

/// The status cell: 在赛 / 退赛（原因）/ 取消资格 — or 已淘汰 with the band of places
/// for a player `knocked_out` of the knockout — then the byes announced in the
/// chosen stage and an entry accepted by override.
pub(super) fn status_text(
    player: &Player,
    stage: Option<&Stage>,
    knocked_out: Option<(u32, u32)>,
    lang: Lang,
) -> String {
    let mut text = match (knocked_out.filter(|_| player.status == PlayerStatus::Active), lang) {
        (Some((first, last)), Lang::Zh) => format!("已淘汰 · 第{first}–{last}名"),
        (Some((first, last)), Lang::En) => format!("eliminated · places {first}–{last}"),
        (None, Lang::Zh) => player.status.label_zh().to_string(),
        (None, Lang::En) => player.status.code().to_string(),
    };
    if !player.status_reason.is_empty() {
        let reason = reason_words(&player.status_reason, lang);
        text.push_str(&match lang {
            Lang::Zh => format!("（{reason}）"),
            Lang::En => format!(" ({reason})"),
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

pub(super) fn gender_text(gender: Option<Gender>, lang: Lang) -> &'static str {
    match (gender, lang) {
        (None, _) => "",
        (Some(g), Lang::Zh) => g.label_zh(),
        (Some(Gender::Male), Lang::En) => "M",
        (Some(Gender::Female), Lang::En) => "F",
    }
}

/// A player's cells, from the number shown to the status (an entry accepted by
/// override shows its reason on hover).
fn player_cells_ui(row: &mut egui_extras::TableRow<'_, '_>, player: &Player, status: String, lang: Lang) {
    let id = player.start_no;
    let e = &player.entry;
    text_cell_ui(row, id, Align::Right, player.shown().to_string());
    text_cell_ui(row, id, Align::Left, e.name.as_str());
    text_cell_ui(row, id, Align::Left, gender_text(e.gender, lang));
    text_cell_ui(row, id, Align::Left, e.born.map(|d| d.to_string()).unwrap_or_default());
    text_cell_ui(row, id, Align::Left, e.club.as_str());
    text_cell_ui(row, id, Align::Right, e.rating.map(|r| r.to_string()).unwrap_or_default());
    let title = e.title.as_ref().map_or("", |t| lang.t(t.label_zh(), t.label_en()));
    text_cell_ui(row, id, Align::Left, title);
    text_cell_ui(row, id, Align::Left, if e.verified_female { "√" } else { "" });
    text_cell_ui(row, id, Align::Left, if e.nominee { "√" } else { "" });
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
        None => text_cell_ui(row, id, Align::Left, status),
    }
}

/// The headings, each a button that sorts by its column (again: reversed).
fn sort_header_ui(mut header: egui_extras::TableRow<'_, '_>, sort: &mut Sort, lang: Lang) {
    for column in SortColumn::ALL {
        header.col(|ui| {
            let mut text = column.heading(lang).to_string();
            if sort.column == column {
                text.push_str(if sort.descending { " ▼" } else { " ▲" });
            }
            let text = egui::WidgetText::from(egui::RichText::new(text).strong());
            let hint = lang.t("按此列排序，再点一次倒序", "Sort by this column; click again to reverse");
            // A heading cut by its column shows in full above the hint.
            let hint = if is_clipped(ui, &text) { format!("{}\n{hint}", text.text()) } else { hint.to_string() };
            let button = egui::Button::selectable(sort.column == column, text);
            if ui.add(button).on_hover_text(hint).clicked() {
                *sort = if sort.column == column {
                    Sort { column, descending: !sort.descending }
                } else {
                    Sort { column, descending: false }
                };
            }
        });
    }
}

/// The table itself; returns an action chosen in a row's context menu.
pub(super) fn table_ui(
    ui: &mut Ui,
    state: &mut RosterView,
    env: &Env<'_>,
    model: &RosterModel,
) -> Option<(StartNo, RowAction)> {
    let (event, lang, stage) = (env.event, env.lang, env.stage);
    let out = &model.knocked_out;
    let scroll = std::mem::take(&mut state.scroll_to_selected);
    let mut sort = state.sort;
    let selected = state.selected;
    let rows: &[usize] = state.rows.get().map_or(&[], Vec::as_slice);
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
        let mut table = table_builder(ui, ("roster", env.group.id))
            .sense(egui::Sense::click())
            // Wide enough for each heading with its sort arrow.
            .column(Column::exact(76.0))
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
        table.header(header_h, |header| sort_header_ui(header, &mut sort, lang)).body(|body| {
            body.rows(row_h, rows.len(), |mut row| {
                let Some(player) = rows.get(row.index()).and_then(|&i| event.players.get(i)) else { return };
                let id = player.start_no;
                row.set_selected(selected == Some(id));
                let status = status_text(player, stage, out.get(&player.start_no).copied(), lang);
                player_cells_ui(&mut row, player, status, lang);
                let response = row.response();
                if response.clicked() || response.secondary_clicked() {
                    clicked = Some(id);
                }
                if response.double_clicked() {
                    double_clicked = Some(id);
                }
                response.context_menu(|ui| {
                    ui.label(format!("{id} {}", player.entry.name));
                    ui.separator();
                    let facts = model.facts(id, event.player_has_history(id));
                    if let Some(a) = row_actions_ui(ui, stage, player, facts, lang) {
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
