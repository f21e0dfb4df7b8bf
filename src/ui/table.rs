//! Pieces shared by the views' tables: the usual table set-up with its header row
//! ([`data_table_ui`]), text cells scoped by an id (so that widgets added to a row later
//! cannot clash across rows), cells that let a click through to the row, and row height.

use egui::{AsIdSalt, Layout, Sense, Ui, WidgetText};
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

/// Adds a text cell that lets clicks through to the row (for tables whose rows are
/// clicked), its contents under the row's `id`.
pub fn passive_cell_ui(row: &mut TableRow<'_, '_>, id: impl AsIdSalt, align: Align, text: String) {
    row.col(|ui| {
        ui.push_id(id, |ui| {
            aligned_ui(ui, align, |ui| {
                ui.add(egui::Label::new(text).selectable(false).sense(Sense::empty()));
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

/// The views' usual table: striped, resizable, filling the space, with a header row of
/// the columns' headings and `rows` body rows drawn by `row_ui`.
pub fn data_table_ui(
    ui: &mut Ui,
    id_salt: impl AsIdSalt,
    columns: &[TableColumn],
    rows: usize,
    row_ui: impl FnMut(TableRow<'_, '_>),
) {
    let (header_h, row_h) = (header_height(ui), row_height(ui));
    let headings: Vec<(String, Align)> = columns.iter().map(|c| (c.heading.clone(), c.align)).collect();
    let mut table = TableBuilder::new(ui).id_salt(id_salt).striped(true).resizable(true).auto_shrink([false, false]);
    for column in columns {
        table = table.column(column.width);
    }
    table.header(header_h, |header| header_ui(header, &headings)).body(|body| {
        body.rows(row_h, rows, row_ui);
    });
}

fn aligned_ui(ui: &mut Ui, align: Align, add_contents: impl FnOnce(&mut Ui)) {
    let layout = match align {
        Align::Left => Layout::left_to_right(egui::Align::Center),
        Align::Right => Layout::right_to_left(egui::Align::Center),
    };
    ui.with_layout(layout, add_contents);
}
