//! Small form pieces the panels share: a one-line text field with its label (the label
//! names the field for screen readers and for the tests that find it by label).

use egui::{Response, Ui};

/// A label and a one-line text field named by it, with a greyed `hint` while empty.
pub fn labelled_text_ui(ui: &mut Ui, label: &str, text: &mut String, hint: &str, width: f32) -> Response {
    let label = ui.label(label);
    ui.add(egui::TextEdit::singleline(text).hint_text(hint).desired_width(width)).labelled_by(label.id)
}
