//! Zooming the bracket: 缩小 / 放大 / 适合窗口 (Ctrl+- / Ctrl+= / Ctrl+0). The bracket
//! fits the window by default and follows the window's size until the director zooms
//! in or out; the canvas scrolls both ways.
//!
//! Fitting never makes the text unreadable (issue 39, item 1): it stops at the zoom
//! that draws the bracket's text at [`READABLE_TEXT`] points (11 at the window's zoom
//! 1). A bracket too big for the window at that size — 16 players on a 1366×768 laptop
//! — is drawn at it and scrolls, and the panel says so under the zoom buttons. Only an
//! explicit 缩小 goes below it, down to [`MIN_ZOOM`].

use crate::lang::Lang;
use egui::{Key, KeyboardShortcut, Modifiers, Ui, Vec2};

/// The smallest text 适合窗口 draws, in points (logical pixels at the window's zoom 1).
pub(super) const READABLE_TEXT: f32 = 11.0;
/// The smallest zoom 缩小 reaches.
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

/// How 适合窗口 draws the bracket.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Fitted {
    /// The zoom.
    pub(super) zoom: f32,
    /// The whole bracket is in view at it; otherwise the canvas scrolls.
    pub(super) whole: bool,
}

/// The zoom of text `body` points high (at zoom 1) drawn at [`READABLE_TEXT`]: the
/// least zoom 适合窗口 uses (at most 1: fitting never enlarges).
pub(super) fn readable_zoom(body: f32) -> f32 {
    let zoom = READABLE_TEXT / body.max(1.0);
    if zoom.is_finite() { zoom.min(1.0) } else { 1.0 }
}

/// The zoom at which `size` (at zoom 1) fits into `room`: at most 1, and never below
/// `least` (from [`readable_zoom`]): then the bracket is drawn at `least` and scrolls.
pub(super) fn fit(size: Vec2, room: Vec2, least: f32) -> Fitted {
    let zoom = (room.x / size.x.max(1.0)).min(room.y / size.y.max(1.0));
    let zoom = if zoom.is_finite() { zoom.min(1.0) } else { 1.0 };
    if zoom < least { Fitted { zoom: least, whole: false } } else { Fitted { zoom, whole: true } }
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
            .on_hover_text(lang.t(
                "对阵图缩放到窗口大小，字号不小于 11 像素；放不下时可滚动查看",
                "Scales the bracket to the window, its text never below 11 px; what does not fit scrolls",
            ))
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

/// The note under the zoom buttons when 适合窗口 cannot show the whole bracket readably.
pub(super) fn scroll_note_ui(ui: &mut Ui, lang: Lang) {
    ui.weak(lang.t(
        "对阵图较大：为保证字号清晰（不小于 11 像素）未再缩小，请滚动查看其余部分。",
        "The bracket is large: kept readable (text at least 11 px) rather than shrunk further; scroll to see the rest.",
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitting_never_enlarges_and_never_goes_below_readable_text() {
        let fitted = |size: Vec2, room: Vec2| fit(size, room, 0.4);
        assert_eq!(fitted(egui::vec2(500.0, 400.0), egui::vec2(1000.0, 800.0)), Fitted { zoom: 1.0, whole: true });
        assert!((fitted(egui::vec2(1000.0, 400.0), egui::vec2(800.0, 800.0)).zoom - 0.8).abs() < 1e-6);
        assert!((fitted(egui::vec2(400.0, 1000.0), egui::vec2(800.0, 500.0)).zoom - 0.5).abs() < 1e-6);
        // Issue 39, item 1: too big to fit readably: drawn at the readable zoom, scrolling.
        let big = fitted(egui::vec2(10_000.0, 10_000.0), egui::vec2(100.0, 100.0));
        assert_eq!(big, Fitted { zoom: 0.4, whole: false });
        assert!((readable_zoom(12.5) * 12.5 - READABLE_TEXT).abs() < 1e-4);
        assert_eq!(readable_zoom(10.0), 1.0, "fitting never enlarges");
        assert_eq!(step(1.0, true), Zoom::Fixed(1.25));
        assert_eq!(step(MAX_ZOOM, true), Zoom::Fixed(MAX_ZOOM));
        assert_eq!(step(MIN_ZOOM, false), Zoom::Fixed(MIN_ZOOM));
    }
}
