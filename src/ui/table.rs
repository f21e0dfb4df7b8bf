//! Pieces shared by the views' tables: the header row, text cells scoped by an id
//! (so that widgets added to a row later cannot clash across rows), row height, and
//! the Chinese labels that more than one view shows.

use egui::{AsIdSalt, Layout, Ui, WidgetText};
use egui_extras::TableRow;

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

/// Height of a body row, in points: one line of body text with a little air.
pub fn row_height(ui: &Ui) -> f32 {
    ui.text_style_height(&egui::TextStyle::Body) + 6.0
}

/// Fills a header row with the column headings.
pub fn header_ui(mut header: TableRow<'_, '_>, headings: &[(String, Align)]) {
    for (heading, align) in headings {
        header.col(|ui| {
            aligned_ui(ui, *align, |ui| {
                ui.strong(heading.as_str());
            });
        });
    }
}

/// Adds a text cell to `row`, its contents under the row's `id` (a start number or
/// a board), so that every row's widgets have ids of their own.
pub fn text_cell_ui(row: &mut TableRow<'_, '_>, id: impl AsIdSalt, align: Align, text: impl Into<WidgetText>) {
    let text = text.into();
    row.col(|ui| {
        ui.push_id(id, |ui| {
            aligned_ui(ui, align, |ui| {
                ui.label(text);
            });
        });
    });
}

fn aligned_ui(ui: &mut Ui, align: Align, add_contents: impl FnOnce(&mut Ui)) {
    let layout = match align {
        Align::Left => Layout::left_to_right(egui::Align::Center),
        Align::Right => Layout::right_to_left(egui::Align::Center),
    };
    ui.with_layout(layout, add_contents);
}
