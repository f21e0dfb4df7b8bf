//! The keyboard field of the result panel (台次) and the bracket (选定对局): a
//! one-line box that keeps the focus, lets no arrow key move it away, shows what the
//! panel says, and hands the panel the keys typed while it has the focus (full-width
//! forms of a Chinese input method folded to ASCII).

use super::table::row_height;
use egui::{EventFilter, Key, Response, Sense, Ui};

/// A key the field passes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FieldKey {
    /// A typed character, folded to ASCII.
    Char(char),
    /// Enter.
    Enter,
    /// Esc.
    Escape,
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
    /// ↑.
    Up,
    /// ↓.
    Down,
    /// ←.
    Left,
    /// →.
    Right,
}

/// How the field looks and behaves.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeyField<'a> {
    /// The accessible label (tests and screen readers find the field by it).
    pub label: &'a str,
    /// The hover text listing the keys.
    pub hover: &'a str,
    /// What the field shows.
    pub shown: &'a str,
    /// Its width in points.
    pub width: f32,
    /// A typing field (monospace, caret after the text; `weak` greys a suggestion)
    /// rather than a display of the selection.
    pub typing: bool,
    /// Show the text greyed, as a suggestion (typing fields only).
    pub weak: bool,
    /// Esc stays in the field instead of releasing the focus.
    pub keep_escape: bool,
}

/// Draws the field and returns its response and the keys typed into it this frame.
pub(crate) fn key_field_ui(ui: &mut Ui, field: KeyField<'_>) -> (Response, Vec<FieldKey>) {
    let height = ui.spacing().interact_size.y.max(row_height(ui));
    let (rect, response) = ui.allocate_exact_size(egui::vec2(field.width, height), Sense::click());
    if response.clicked() {
        response.request_focus();
    }
    let filter = EventFilter { tab: false, horizontal_arrows: true, vertical_arrows: true, escape: field.keep_escape };
    ui.memory_mut(|m| m.set_focus_lock_filter(response.id, filter));
    let focused = response.has_focus();
    if focused {
        ui.ctx().data_mut(|d| d.insert_temp(egui::Id::unique(FOCUSED_KEY_FIELD), response.id));
    }
    if ui.is_rect_visible(rect) {
        let visuals = ui.visuals();
        let stroke = if focused { visuals.selection.stroke } else { visuals.widgets.inactive.bg_stroke };
        let painter = ui.painter();
        painter.rect(
            rect,
            visuals.widgets.inactive.corner_radius,
            visuals.extreme_bg_color,
            stroke,
            egui::StrokeKind::Inside,
        );
        if field.typing {
            let colour = if field.weak { visuals.weak_text_color() } else { visuals.strong_text_color() };
            let font = egui::TextStyle::Monospace.resolve(ui.style());
            let galley = painter.layout_no_wrap(field.shown.to_string(), font, colour);
            let pos = egui::pos2(rect.left() + 6.0, rect.center().y - galley.size().y / 2.0);
            let caret_x = pos.x + if field.weak { 0.0 } else { galley.size().x } + 1.0;
            painter.galley(pos, galley, colour);
            if focused {
                let caret = [egui::pos2(caret_x, rect.top() + 4.0), egui::pos2(caret_x, rect.bottom() - 4.0)];
                painter.line_segment(caret, visuals.text_cursor.stroke);
            }
        } else {
            let font = egui::TextStyle::Body.resolve(ui.style());
            painter.with_clip_rect(rect.shrink(2.0)).text(
                egui::pos2(rect.left() + 6.0, rect.center().y),
                egui::Align2::LEFT_CENTER,
                field.shown,
                font,
                visuals.strong_text_color(),
            );
        }
    }
    response.widget_info(|| egui::WidgetInfo {
        label: Some(field.label.to_string()),
        current_text_value: Some(field.shown.to_string()),
        ..egui::WidgetInfo::new(egui::Role::TextInput)
    });
    let response = response.on_hover_text(field.hover);
    let keys = if focused {
        ui.input(|i| i.filtered_events(&filter)).iter().flat_map(keys_of_event).collect()
    } else {
        Vec::new()
    };
    (response, keys)
}

/// Where the key field that last had the keyboard leaves its id.
const FOCUSED_KEY_FIELD: &str = "bianpai-focused-key-field";

/// Whether the director is typing: a text field or a key field has the keyboard. Then
/// Ctrl+Z edits what is typed and never undoes a change to the event.
pub(crate) fn typing(ctx: &egui::Context) -> bool {
    let key_field = ctx.data(|d| d.get_temp::<egui::Id>(egui::Id::unique(FOCUSED_KEY_FIELD)));
    ctx.text_edit_focused() || key_field.is_some_and(|id| ctx.memory(|m| m.has_focus(id)))
}

/// The field's keys in one input event; shortcuts with Ctrl, Alt or Cmd are left to
/// the rest of the window, but Ctrl+Z (⌘Z) takes back the last key typed, as in any
/// text field.
fn keys_of_event(event: &egui::Event) -> Vec<FieldKey> {
    match event {
        egui::Event::Text(text) => text.chars().map(|c| FieldKey::Char(fold(c))).collect(),
        egui::Event::Key { key: Key::Z, pressed: true, modifiers, .. } if modifiers.command && !modifiers.shift => {
            vec![FieldKey::Backspace]
        }
        egui::Event::Key { key, pressed: true, modifiers, .. }
            if !(modifiers.ctrl || modifiers.alt || modifiers.command || modifiers.mac_cmd) =>
        {
            let k = match key {
                Key::Enter => FieldKey::Enter,
                Key::Escape => FieldKey::Escape,
                Key::Backspace => FieldKey::Backspace,
                Key::Delete => FieldKey::Delete,
                Key::ArrowUp => FieldKey::Up,
                Key::ArrowDown => FieldKey::Down,
                Key::ArrowLeft => FieldKey::Left,
                Key::ArrowRight => FieldKey::Right,
                _ => return Vec::new(),
            };
            vec![k]
        }
        _ => Vec::new(),
    }
}

/// Folds full-width keys (Chinese input) to their ASCII twins.
pub(crate) fn fold(c: char) -> char {
    match c {
        '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32).unwrap_or(c),
        '＝' => '=',
        '＋' => '+',
        '－' | '—' => '-',
        '＊' | '×' => '*',
        '【' | '［' => '[',
        '】' | '］' => ']',
        '｛' => '{',
        '｝' => '}',
        '　' => ' ',
        _ => c,
    }
}
