//! Zooming the bracket: 缩小 / 放大 / 适合窗口 (Ctrl+- / Ctrl+= / Ctrl+0). The bracket
//! fits the window by default — every column, the final and the third-place match
//! included, in view without scrolling — and follows the window's size until the
//! director zooms in or out; the canvas then scrolls both ways.

use crate::ui::i18n::Lang;
use egui::{Key, KeyboardShortcut, Modifiers, Ui, Vec2};

/// The smallest zoom (fitting never goes below it).
pub(super) const MIN_ZOOM: f32 = 0.3;
/// The largest zoom.
pub(super) const MAX_ZOOM: f32 = 2.0;
/// One step of 放大 or 缩小.
const STEP: f32 = 1.25;

/// How big the bracket is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(super) enum Zoom {
    /// As big as fits the space left in the panel, never above 1.
    #[default]
    Fit,
    /// At this zoom (1 = the window's text size).
    Fixed(f32),
}

/// The zoom at which `size` (at zoom 1) fits into `room`: at most 1, at least
/// [`MIN_ZOOM`].
pub(super) fn fit(size: Vec2, room: Vec2) -> f32 {
    let zoom = (room.x / size.x.max(1.0)).min(room.y / size.y.max(1.0));
    if zoom.is_finite() { zoom.clamp(MIN_ZOOM, 1.0) } else { 1.0 }
}

/// Zooms in (`in_`) or out one step from `now`, within [`MIN_ZOOM`]..=[`MAX_ZOOM`].
pub(super) fn step(now: f32, in_: bool) -> Zoom {
    let next = if in_ { now * STEP } else { now / STEP };
    Zoom::Fixed(next.clamp(MIN_ZOOM, MAX_ZOOM))
}

const ZOOM_IN: [KeyboardShortcut; 2] =
    [KeyboardShortcut::new(Modifiers::COMMAND, Key::Equals), KeyboardShortcut::new(Modifiers::COMMAND, Key::Plus)];
const ZOOM_OUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Minus);
const ZOOM_FIT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Num0);

/// The zoom buttons with the zoom `shown` last frame; with `keys_live`, their keys
/// too (taken before egui's own zoom of the whole window sees them).
pub(super) fn zoom_bar_ui(ui: &mut Ui, zoom: &mut Zoom, shown: f32, keys_live: bool, lang: Lang) {
    // Nothing drawn yet: the steps start from 1.
    let shown = if shown > 0.0 { shown } else { 1.0 };
    let (mut zoom_in, mut zoom_out, mut zoom_fit) = if keys_live {
        ui.input_mut(|i| {
            let zoom_in = ZOOM_IN.iter().any(|k| i.consume_shortcut(k));
            (zoom_in, i.consume_shortcut(&ZOOM_OUT), i.consume_shortcut(&ZOOM_FIT))
        })
    } else {
        (false, false, false)
    };
    ui.horizontal(|ui| {
        zoom_out |=
            ui.add_enabled(shown > MIN_ZOOM, egui::Button::new(lang.t("缩小 (Ctrl+-)", "Zoom out (Ctrl+-)"))).clicked();
        ui.label(format!("{:.0}%", shown * 100.0));
        zoom_in |=
            ui.add_enabled(shown < MAX_ZOOM, egui::Button::new(lang.t("放大 (Ctrl+=)", "Zoom in (Ctrl+=)"))).clicked();
        let fitting = *zoom == Zoom::Fit;
        zoom_fit |= ui
            .selectable_label(fitting, lang.t("适合窗口 (Ctrl+0)", "Fit window (Ctrl+0)"))
            .on_hover_text(lang.t("整个对阵图缩放到窗口大小", "Scales the whole bracket to the window"))
            .clicked();
    });
    if zoom_fit {
        *zoom = Zoom::Fit;
    } else if zoom_in {
        *zoom = step(shown, true);
    } else if zoom_out {
        *zoom = step(shown, false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitting_never_enlarges_and_never_goes_below_the_least_zoom() {
        assert_eq!(fit(egui::vec2(500.0, 400.0), egui::vec2(1000.0, 800.0)), 1.0);
        assert!((fit(egui::vec2(1000.0, 400.0), egui::vec2(800.0, 800.0)) - 0.8).abs() < 1e-6);
        assert!((fit(egui::vec2(400.0, 1000.0), egui::vec2(800.0, 500.0)) - 0.5).abs() < 1e-6);
        assert_eq!(fit(egui::vec2(10_000.0, 10_000.0), egui::vec2(100.0, 100.0)), MIN_ZOOM);
        assert_eq!(step(1.0, true), Zoom::Fixed(1.25));
        assert_eq!(step(MAX_ZOOM, true), Zoom::Fixed(MAX_ZOOM));
        assert_eq!(step(MIN_ZOOM, false), Zoom::Fixed(MIN_ZOOM));
    }
}
