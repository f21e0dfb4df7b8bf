//! The window's look, in one place: the design tokens ([`tokens`]: palettes, spacing,
//! type scale), the icons ([`icons`]) and the few styled widgets every panel shares
//! ([`widgets`]: icon buttons, the primary action, the side bar's entries, result
//! colours). [`install`] turns the tokens into egui's light and dark styles once;
//! panels read colours through [`palette`] and never name a colour of their own.

pub mod icons;
pub mod qr;
pub mod tokens;
pub mod widgets;

pub use tokens::{Palette, radius, size, space};

use egui::{CornerRadius, FontFamily, FontId, Stroke, Style, TextStyle, Theme, Visuals};

/// The font family of the icon font (`assets/fonts/Phosphor-Bianpai.ttf`).
pub const ICON_FAMILY: &str = "bianpai-icons";

/// The font of numbers in tables: tabular figures, so that columns of points and numbers
/// line up digit under digit. A font, not a named text style: a panel drawn without the
/// theme installed (a test of one panel) still finds it.
pub fn figures() -> FontId {
    FontId::new(size::BODY, FontFamily::Monospace)
}

/// The font of the event's name in the top bar.
pub fn title() -> FontId {
    FontId::new(size::TITLE, FontFamily::Proportional)
}

/// The palette the window is drawn with now.
pub fn palette(ui: &egui::Ui) -> &'static Palette {
    Palette::of(ui.visuals().dark_mode)
}

/// Installs the light and dark styles made from the tokens and chooses one. Cheap to
/// call again: the styles are only rebuilt when they are not yet installed.
pub fn install(ctx: &egui::Context, dark: bool) {
    let installed = ctx.style_of(Theme::Light).visuals.panel_fill == tokens::LIGHT.canvas;
    if !installed {
        ctx.set_style_of(Theme::Light, style(&tokens::LIGHT));
        ctx.set_style_of(Theme::Dark, style(&tokens::DARK));
    }
    let theme = if dark { Theme::Dark } else { Theme::Light };
    if ctx.theme() != theme || !installed {
        ctx.set_theme(theme);
    }
}

/// egui's style for one palette.
pub fn style(palette: &Palette) -> Style {
    let text_styles = [
        (TextStyle::Heading, FontId::new(size::HEADING, FontFamily::Proportional)),
        (TextStyle::Body, FontId::new(size::BODY, FontFamily::Proportional)),
        (TextStyle::Button, FontId::new(size::BODY, FontFamily::Proportional)),
        (TextStyle::Small, FontId::new(size::SMALL, FontFamily::Proportional)),
        (TextStyle::Monospace, FontId::new(size::MONOSPACE, FontFamily::Monospace)),
    ]
    .into();
    let mut style = Style { text_styles, visuals: visuals(palette), ..Style::default() };
    let spacing = &mut style.spacing;
    spacing.item_spacing = egui::vec2(space::S, space::XS);
    spacing.button_padding = egui::vec2(10.0, 4.0);
    spacing.interact_size.y = 24.0;
    spacing.window_margin = egui::Margin::same(space::L as i8);
    spacing.menu_margin = egui::Margin::same(space::S as i8);
    style
}

/// egui's visuals for one palette.
fn visuals(p: &Palette) -> Visuals {
    let mut v = if p.dark { Visuals::dark() } else { Visuals::light() };
    let control = CornerRadius::same(radius::CONTROL);
    v.panel_fill = p.canvas;
    v.window_fill = p.surface;
    v.window_stroke = Stroke::new(1.0, p.border);
    v.window_corner_radius = CornerRadius::same(radius::WINDOW);
    v.menu_corner_radius = CornerRadius::same(radius::WINDOW);
    v.faint_bg_color = p.stripe;
    v.extreme_bg_color = p.surface;
    v.text_edit_bg_color = Some(p.surface);
    v.code_bg_color = p.stripe;
    v.hyperlink_color = p.accent_text;
    v.warn_fg_color = p.warn;
    v.error_fg_color = p.error;
    v.weak_text_color = Some(p.text_weak);
    v.selection.bg_fill = p.accent_weak;
    v.selection.stroke = Stroke::new(1.0, p.accent_text);
    let widgets = &mut v.widgets;
    widgets.noninteractive.bg_stroke = Stroke::new(1.0, p.border);
    widgets.noninteractive.fg_stroke = Stroke::new(1.0, p.text);
    widgets.noninteractive.bg_fill = p.canvas;
    for (state, face) in [
        (&mut widgets.inactive, p.button),
        (&mut widgets.hovered, p.button_hover),
        (&mut widgets.active, p.button_hover),
        (&mut widgets.open, p.button_hover),
    ] {
        state.weak_bg_fill = face;
        state.bg_fill = face;
        state.corner_radius = control;
        state.fg_stroke = Stroke::new(1.0, p.text);
    }
    widgets.inactive.bg_stroke = Stroke::new(1.0, p.border);
    widgets.active.fg_stroke = Stroke::new(1.0, p.text_strong);
    widgets.hovered.bg_stroke = Stroke::new(1.0, p.border);
    widgets.active.bg_stroke = Stroke::new(1.0, p.accent);
    widgets.noninteractive.corner_radius = control;
    v
}

#[cfg(test)]
mod tests;
