//! Pieces shared by the views' tables: the usual table set-up ([`table_builder`]: it
//! fills the width and the height left in the panel, its body scrolls; tables stacked
//! one above another share that height by what each needs, [`stacked_heights`]), a place for
//! what goes under a table ([`under_table_ui`], drawn first so that the table can take
//! every point above it), the header row, text cells scoped by an id (so that widgets
//! added to a row later cannot clash across rows), cells that let a click through to
//! the row, and row height.
//!
//! Every heading and text cell is drawn by [`cell_text_ui`]: one line; in a column
//! that clips, cut with `…` when too wide, and then the whole text on hover. Numbers
//! (right-aligned cells) are drawn in the theme's tabular figures.

use egui::{AsIdSalt, Layout, Response, Sense, TextWrapMode, Ui, WidgetText};
use egui_extras::{Column, TableBuilder, TableRow};

/// How a cell's text is aligned: text left, numbers right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Names, clubs, labels.
    Left,
    /// Numbers.
    Right,
}

/// Height of a header row, in points.
pub fn header_height(ui: &Ui) -> f32 {
    row_height(ui) + 2.0
}

/// Height of a body row, in points: one line of body text with a little air (the body text of the theme is 14 points).
pub fn row_height(ui: &Ui) -> f32 {
    ui.text_style_height(&egui::TextStyle::Body) + 4.0
}

/// The views' usual table: striped, resizable columns, filling the width and the
/// height left in `ui` — the body scrolls, and is never less than three rows tall.
/// Whatever belongs under the table goes into [`under_table_ui`] before it; a view
/// that stacks tables gives each its share with `max_scroll_height`.
pub fn table_builder(ui: &mut Ui, id_salt: impl AsIdSalt) -> TableBuilder<'_> {
    let least = 3.0 * row_height(ui);
    TableBuilder::new(ui)
        .id_salt(id_salt)
        .striped(true)
        .resizable(true)
        .auto_shrink([false, false])
        .min_scrolled_height(least)
}

/// The body heights of tables stacked in `height`, each needing `needs` (points): a
/// table needing less than an even share gets what it needs, and the others share
/// the rest; none is less than `least`.
pub fn stacked_heights(height: f32, needs: &[f32], least: f32) -> Vec<f32> {
    let mut order: Vec<usize> = (0..needs.len()).collect();
    order.sort_by(|a, b| needs[*a].total_cmp(&needs[*b]));
    let mut shares = vec![least; needs.len()];
    let mut left = height;
    for (k, &i) in order.iter().enumerate() {
        let even = left / (needs.len() - k) as f32;
        let share = needs[i].min(even).max(least);
        shares[i] = share;
        left -= share;
    }
    shares
}

/// Draws `add_contents` at the bottom of `ui`'s space (a frameless bottom panel that
/// takes the height its contents took), so that a table drawn after it fills exactly
/// the height above.
pub fn under_table_ui<R>(ui: &mut Ui, id_salt: impl AsIdSalt, add_contents: impl FnOnce(&mut Ui) -> R) -> R {
    egui::Panel::bottom(id_salt)
        .resizable(false)
        .show_separator_line(false)
        .frame(egui::Frame::NONE)
        .show(ui, add_contents)
        .inner
}

/// Whether a cell cuts `text`: the cell's column clips (exact widths, `Column::clip`)
/// and the text on one line is wider than what is left of the cell.
pub fn is_clipped(ui: &Ui, text: &WidgetText) -> bool {
    if ui.wrap_mode() != TextWrapMode::Truncate {
        return false;
    }
    let galley = text.clone().into_galley(ui, Some(TextWrapMode::Extend), f32::INFINITY, egui::TextStyle::Body);
    galley.size().x > ui.available_width() + 0.5
}

/// A cell's text on one line, sensing `sense`. In a column that clips (exact widths,
/// `Column::clip`) a text too wide is cut with `…` and shows the whole text on hover —
/// the one way every table shows a clipped heading or cell; other columns grow to
/// their text.
pub fn cell_text_ui(ui: &mut Ui, text: impl Into<WidgetText>, sense: Sense) -> Response {
    let text = text.into();
    let clipped = is_clipped(ui, &text);
    let full = text.text().to_string();
    // A cut text senses hover (for its tooltip) even where the row takes the clicks:
    // hovering does not take a click from the widget under it.
    let sense = if clipped { sense | Sense::hover() } else { sense };
    let label = egui::Label::new(text).selectable(false).show_tooltip_when_elided(false).sense(sense);
    let response = ui.add(label);
    if clipped { response.on_hover_text(full) } else { response }
}

/// Fills a header row with the column headings.
pub fn header_ui(mut header: TableRow<'_, '_>, headings: &[(String, Align)]) {
    for (heading, align) in headings {
        header.col(|ui| {
            aligned_ui(ui, *align, |ui| {
                cell_text_ui(ui, egui::RichText::new(heading.as_str()).strong(), Sense::hover());
            });
        });
    }
}

/// Adds a text cell to `row`, its contents under the row's `id` (a start number or
/// a board), so that every row's widgets have ids of their own.
pub fn text_cell_ui(row: &mut TableRow<'_, '_>, id: impl AsIdSalt, align: Align, text: impl Into<WidgetText>) {
    let text = figures_if_right(align, text.into());
    row.col(|ui| {
        ui.push_id(id, |ui| {
            aligned_ui(ui, align, |ui| {
                cell_text_ui(ui, text, Sense::hover());
            });
        });
    });
}

/// Adds a text cell that lets clicks through to the row (for tables whose rows are
/// clicked), its contents under the row's `id`.
pub fn passive_cell_ui(row: &mut TableRow<'_, '_>, id: impl AsIdSalt, align: Align, text: impl Into<WidgetText>) {
    let text = figures_if_right(align, text.into());
    row.col(|ui| {
        ui.push_id(id, |ui| {
            aligned_ui(ui, align, |ui| {
                cell_text_ui(ui, text, Sense::empty());
            });
        });
    });
}

/// One column of a [`data_table_ui`]: its width rule, heading and alignment.
#[derive(Debug, Clone)]
pub struct TableColumn {
    /// How wide the column is.
    pub width: Column,
    /// The heading.
    pub heading: String,
    /// How the heading (and, by custom, the cells) align.
    pub align: Align,
}

impl TableColumn {
    /// A column of `width` headed `heading`.
    pub fn new(width: Column, heading: impl Into<String>, align: Align) -> TableColumn {
        TableColumn { width, heading: heading.into(), align }
    }
}

/// The views' usual table ([`table_builder`]) with a header row of the columns'
/// headings and `rows` body rows drawn by `row_ui`.
pub fn data_table_ui(
    ui: &mut Ui,
    id_salt: impl AsIdSalt,
    columns: &[TableColumn],
    rows: usize,
    row_ui: impl FnMut(TableRow<'_, '_>),
) {
    let (header_h, row_h) = (header_height(ui), row_height(ui));
    let headings: Vec<(String, Align)> = columns.iter().map(|c| (c.heading.clone(), c.align)).collect();
    let mut table = table_builder(ui, id_salt);
    for column in columns {
        table = table.column(column.width);
    }
    table.header(header_h, |header| header_ui(header, &headings)).body(|body| {
        body.rows(row_h, rows, row_ui);
    });
}

/// A plain text in a numbers' column is drawn in tabular figures
/// ([`theme::figures`](super::theme::figures)), so numbers line up digit under digit; a
/// text styled by its panel is left as it is.
fn figures_if_right(align: Align, text: WidgetText) -> WidgetText {
    match (align, text) {
        (Align::Right, WidgetText::Text(plain)) => egui::RichText::new(plain).font(super::theme::figures()).into(),
        (_, text) => text,
    }
}

fn aligned_ui(ui: &mut Ui, align: Align, add_contents: impl FnOnce(&mut Ui)) {
    let layout = match align {
        Align::Left => Layout::left_to_right(egui::Align::Center),
        Align::Right => Layout::right_to_left(egui::Align::Center),
    };
    ui.with_layout(layout, add_contents);
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 17: only a column that clips cuts a text, and only a text too wide for it.
    #[test]
    fn only_a_clipping_cell_cuts_a_text_too_wide() {
        let ctx = egui::Context::default();
        let mut seen = Vec::new();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            ui.allocate_ui(egui::vec2(24.0, 20.0), |ui| {
                let (wide, short) = (WidgetText::from("Black games"), WidgetText::from("B"));
                seen.push(is_clipped(ui, &wide));
                ui.style_mut().wrap_mode = Some(TextWrapMode::Truncate);
                seen.push(is_clipped(ui, &wide));
                seen.push(is_clipped(ui, &short));
            });
        });
        // Headless: no renderer takes the font atlas.
        output.textures_delta.clear();
        assert_eq!(seen, [false, true, false], "growing column, clipping column, a text that fits");
    }

    // Issue 39, item 7: 4 girls take what they need, the 30 boys the rest of the height
    // (not half of it); both fit when there is room; none is less than the least.
    #[test]
    fn a_short_section_leaves_its_share_to_the_long_one() {
        assert_eq!(stacked_heights(600.0, &[600.0, 80.0], 60.0), [520.0, 80.0]);
        assert_eq!(stacked_heights(600.0, &[200.0, 80.0], 60.0), [200.0, 80.0]);
        assert_eq!(stacked_heights(600.0, &[900.0, 900.0], 60.0), [300.0, 300.0]);
        assert_eq!(stacked_heights(100.0, &[900.0, 20.0], 60.0), [60.0, 60.0]);
    }
}
