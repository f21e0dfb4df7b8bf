//! The styled widgets every panel shares: a button with an icon, the panel's primary
//! action, the side bar's entries and the colours of results. The icon is painted, not
//! written: a button's label (what a screen reader and the tests read) is its words
//! alone.

use super::icons::Icon;
use super::{ICON_FAMILY, Palette, palette, size};
use egui::{Align2, Atom, Button, Color32, FontFamily, FontId, RichText, Ui};

/// An icon as a painted atom of `points` size, in the colour of the text beside it.
pub fn icon_atom(icon: Icon, points: f32) -> Atom<'static> {
    let glyph = icon.glyph();
    Atom::paint(egui::vec2(points, points), move |ui, args| {
        let family = FontFamily::Name(ICON_FAMILY.into());
        // A context without the icon font (a test that set up none) leaves the space
        // empty: egui would refuse a family it does not know.
        if ui.ctx().fonts(|f| f.definitions().families.contains_key(&family)) {
            let font = FontId::new(points, family);
            ui.painter().text(
                args.rect.center(),
                Align2::CENTER_CENTER,
                glyph.as_str(),
                font,
                args.fallback_text_color,
            );
        }
    })
}

/// A button with an icon before its words.
pub fn icon_button(icon: Icon, words: impl Into<String>) -> Button<'static> {
    Button::new((icon_atom(icon, size::ICON), words.into()))
}

/// A panel's primary action: filled with the accent colour, words on the accent.
pub fn primary_button(ui: &Ui, icon: Icon, words: impl Into<String>) -> Button<'static> {
    let p = palette(ui);
    let text = RichText::new(words.into()).color(p.on_accent);
    Button::new((icon_atom(icon, size::ICON), text)).fill(p.accent).min_size(egui::vec2(0.0, size::CONTROL_HEIGHT))
}

/// A side-bar entry: icon and words, the chosen one marked by the accent.
pub fn nav_button(ui: &Ui, chosen: bool, icon: Icon, words: &str, width: f32) -> Button<'static> {
    let p = palette(ui);
    let (text, fill) = if chosen {
        (RichText::new(words).color(p.accent_text).strong(), p.accent_weak)
    } else {
        (RichText::new(words).color(p.text), Color32::TRANSPARENT)
    };
    Button::selectable(chosen, (icon_atom(icon, size::NAV_ICON), text))
        .fill(fill)
        .min_size(egui::vec2(width, size::NAV_HEIGHT))
}

/// A section's heading inside a panel: a step above body text, in the strong colour.
pub fn section_heading(words: impl Into<String>) -> RichText {
    RichText::new(words).size(size::SECTION).strong()
}

/// What a result cell shows, for its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultLook {
    /// A game won on the board by either side.
    Decided,
    /// A draw.
    Draw,
    /// A forfeit, one side or both.
    Forfeit,
    /// A bye.
    Bye,
    /// No result yet.
    Pending,
}

impl ResultLook {
    /// The colour a result of this kind is written in.
    pub fn colour(self, p: &Palette) -> Color32 {
        match self {
            ResultLook::Decided => p.text,
            ResultLook::Draw => p.draw,
            ResultLook::Forfeit => p.forfeit,
            ResultLook::Bye => p.bye,
            ResultLook::Pending => p.pending,
        }
    }
}
