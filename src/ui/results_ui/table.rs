//! The result panel's table of the round's boards: board, red, result, black and
//! late-arrival buttons; in a team round each match's heading row (with its score)
//! above its boards. A click on a game's row chooses its board.

use super::model::RoundModel;
use super::team::{BoardNames, BoardRow};
use super::{Line, ResultsView};
use crate::domain::event::{Event, Round};
use crate::domain::ids::StartNo;
use crate::lang::Lang;
use crate::ui::result_entry::result_rich_text;
use crate::ui::table::{Align, header_height, header_ui, passive_cell_ui, row_height, table_builder};
use crate::ui::theme::Palette;
use egui::{Sense, Ui};
use egui_extras::{Column, TableRow};

/// The rows of the round (games and, in a team round, the matches' headings).
pub(super) fn board_table_ui(
    ui: &mut Ui,
    state: &mut ResultsView,
    event: &Event,
    (round, model, names): (&Round, &RoundModel, BoardNames<'_>),
    lang: Lang,
) {
    let rows = model.rows.as_slice();
    let headings: Vec<(String, Align)> = [
        (lang.t("台次", "Board"), Align::Right),
        (lang.t("红方", "Red"), Align::Left),
        (lang.t("结果", "Result"), Align::Left),
        (lang.t("黑方", "Black"), Align::Left),
        (lang.t("迟到判负", "Late arrival"), Align::Left),
    ]
    .into_iter()
    .map(|(h, a)| (h.to_string(), a))
    .collect();
    let armed_index = state.armed.and_then(|s| rows.iter().position(|r| matches!(r, BoardRow::Game(l) if l.slot == s)));
    let (header_h, row_h) = (header_height(ui), row_height(ui));
    let palette = crate::ui::theme::palette(ui);
    let mut clicked: Option<Line> = None;
    let mut late: Option<(Line, bool, bool)> = None;
    let wide = names.several || names.team.is_some();
    let mut table = table_builder(ui, ("results", round.no))
        .sense(Sense::click())
        .column(Column::exact(if wide { 80.0 } else { 48.0 }))
        .column(Column::initial(160.0).at_least(80.0))
        .column(Column::initial(220.0).at_least(120.0))
        .column(Column::initial(160.0).at_least(80.0))
        .column(Column::remainder().at_least(160.0));
    if let Some(i) = armed_index {
        table = table.scroll_to_row(i, None);
    }
    table.header(header_h, |header| header_ui(header, &headings)).body(|body| {
        body.rows(row_h, rows.len(), |mut row| match rows.get(row.index()) {
            Some(BoardRow::Game(line)) => {
                row.set_selected(Some(row.index()) == armed_index);
                if let Some(l) = game_row_ui(&mut row, event, *line, names, (lang, palette)) {
                    late = Some(l);
                }
                if row.response().clicked() {
                    clicked = Some(*line);
                }
            }
            Some(BoardRow::Text(texts, strong)) => {
                let index = row.index();
                text_row_ui(&mut row, index, texts, *strong);
            }
            None => {}
        });
    });
    if let Some((line, red, black)) = late {
        state.late(round.no, line, red, black, lang);
        state.refocus = true;
    } else if let Some(line) = clicked {
        state.arm(line.slot, &model.lines);
        state.refocus = true;
    }
}

/// A game's row; the late arrival asked for by its buttons, if any.
fn game_row_ui(
    row: &mut TableRow<'_, '_>,
    event: &Event,
    line: Line,
    names: BoardNames<'_>,
    (lang, palette): (Lang, &Palette),
) -> Option<(Line, bool, bool)> {
    let name = |p: StartNo| {
        event.player(p).map(|pl| format!("{} {}", pl.shown(), pl.entry.name)).unwrap_or_else(|| p.to_string())
    };
    let id = ("result", line.slot.board, line.slot.game);
    passive_cell_ui(row, id, Align::Right, names.short(line.slot));
    passive_cell_ui(row, id, Align::Left, name(line.red));
    let result = line.result.map(|r| result_rich_text(r, lang, palette)).unwrap_or_default();
    passive_cell_ui(row, id, Align::Left, result);
    passive_cell_ui(row, id, Align::Left, name(line.black));
    let mut late = None;
    row.col(|ui| {
        ui.push_id(id, |ui| {
            ui.horizontal(|ui| {
                for (red, black, zh, en) in [
                    (true, false, "红迟到", "Red late"),
                    (false, true, "黑迟到", "Black late"),
                    (true, true, "双方", "Both"),
                ] {
                    let hover = match (red, black) {
                        (true, false) => lang.t("红方迟到：记 -+ 红方弃权（迟到）", "Red is late: -+ (late)"),
                        (false, true) => lang.t("黑方迟到：记 +- 黑方弃权（迟到）", "Black is late: +- (late)"),
                        _ => lang.t("双方迟到：记 -- 双方弃权（迟到）", "Both late: -- (late)"),
                    };
                    if ui.small_button(lang.t(zh, en)).on_hover_text(hover).clicked() {
                        late = Some((line, red, black));
                    }
                }
            });
        });
    });
    late
}

/// A row of text only: a match's heading (strong) or a board without a game.
fn text_row_ui(row: &mut TableRow<'_, '_>, index: usize, texts: &[String; 4], strong: bool) {
    let aligns = [Align::Right, Align::Left, Align::Left, Align::Left];
    for (text, align) in texts.iter().zip(aligns) {
        let text =
            if strong { egui::RichText::new(text.as_str()).strong() } else { egui::RichText::new(text.as_str()) };
        row.col(|ui| {
            ui.push_id(("text row", index), |ui| {
                let layout = match align {
                    Align::Left => egui::Layout::left_to_right(egui::Align::Center),
                    Align::Right => egui::Layout::right_to_left(egui::Align::Center),
                };
                ui.with_layout(layout, |ui| ui.add(egui::Label::new(text).selectable(false).sense(Sense::empty())));
            });
        });
    }
    row.col(|_| {});
}
