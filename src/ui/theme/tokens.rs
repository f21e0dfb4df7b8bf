//! The design tokens: the two palettes (light and dark), the spacing steps and the type
//! scale. Every colour, gap and text size the window draws with comes from here, so
//! one change here changes every panel alike.

use egui::Color32;

/// The colours of one theme.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Palette {
    /// Is this the dark palette.
    pub dark: bool,
    /// The working area behind the panels' content.
    pub canvas: Color32,
    /// The top bar, the side bar and the status bar.
    pub chrome: Color32,
    /// Windows, menus and text fields.
    pub surface: Color32,
    /// Every other row of a table.
    pub stripe: Color32,
    /// Lines between areas, frames of fields.
    pub border: Color32,
    /// Body text.
    pub text: Color32,
    /// Strong text: section headings, totals.
    pub text_strong: Color32,
    /// Secondary text: hints, notes, captions.
    pub text_weak: Color32,
    /// The primary action, the chosen view, links.
    pub accent: Color32,
    /// The accent as the colour of words (the chosen view, links).
    pub accent_text: Color32,
    /// The primary action under the pointer.
    pub accent_hover: Color32,
    /// Text drawn on the accent colour.
    pub on_accent: Color32,
    /// The chosen view's and a selection's background.
    pub accent_weak: Color32,
    /// A buttons's face.
    pub button: Color32,
    /// A button's face under the pointer.
    pub button_hover: Color32,
    /// 红方: the red side's mark.
    pub red_side: Color32,
    /// A decided game (a win either way).
    pub win: Color32,
    /// A draw.
    pub draw: Color32,
    /// A forfeit (弃权) or a late arrival.
    pub forfeit: Color32,
    /// A bye (轮空).
    pub bye: Color32,
    /// A game without its result yet.
    pub pending: Color32,
    /// Warnings: something the director should look at.
    pub warn: Color32,
    /// Errors and refusals.
    pub error: Color32,
}

/// The light theme (the default).
pub const LIGHT: Palette = Palette {
    dark: false,
    canvas: Color32::from_rgb(0xFB, 0xFB, 0xFC),
    chrome: Color32::from_rgb(0xF1, 0xF3, 0xF6),
    surface: Color32::from_rgb(0xFF, 0xFF, 0xFF),
    stripe: Color32::from_rgb(0xF3, 0xF5, 0xF8),
    border: Color32::from_rgb(0xD3, 0xD8, 0xDF),
    text: Color32::from_rgb(0x24, 0x29, 0x30),
    text_strong: Color32::from_rgb(0x0A, 0x0D, 0x12),
    text_weak: Color32::from_rgb(0x5A, 0x63, 0x6E),
    accent: Color32::from_rgb(0x23, 0x5A, 0xA6),
    accent_text: Color32::from_rgb(0x23, 0x5A, 0xA6),
    accent_hover: Color32::from_rgb(0x1B, 0x4A, 0x8C),
    on_accent: Color32::from_rgb(0xFF, 0xFF, 0xFF),
    accent_weak: Color32::from_rgb(0xDC, 0xE7, 0xF6),
    button: Color32::from_rgb(0xE6, 0xE9, 0xEE),
    button_hover: Color32::from_rgb(0xD9, 0xDE, 0xE5),
    red_side: Color32::from_rgb(0xB8, 0x2C, 0x24),
    win: Color32::from_rgb(0x1F, 0x6F, 0x3A),
    draw: Color32::from_rgb(0x55, 0x5E, 0x69),
    forfeit: Color32::from_rgb(0xA8, 0x4B, 0x00),
    bye: Color32::from_rgb(0x1D, 0x6A, 0x85),
    pending: Color32::from_rgb(0x8A, 0x92, 0x9C),
    warn: Color32::from_rgb(0x94, 0x5C, 0x00),
    error: Color32::from_rgb(0xB4, 0x1F, 0x1F),
};

/// The dark theme.
pub const DARK: Palette = Palette {
    dark: true,
    canvas: Color32::from_rgb(0x1A, 0x1D, 0x22),
    chrome: Color32::from_rgb(0x13, 0x16, 0x1A),
    surface: Color32::from_rgb(0x22, 0x26, 0x2C),
    stripe: Color32::from_rgb(0x21, 0x25, 0x2B),
    border: Color32::from_rgb(0x39, 0x40, 0x4A),
    text: Color32::from_rgb(0xDC, 0xDF, 0xE4),
    text_strong: Color32::from_rgb(0xFF, 0xFF, 0xFF),
    text_weak: Color32::from_rgb(0xA0, 0xA8, 0xB3),
    accent: Color32::from_rgb(0x2F, 0x66, 0xC2),
    accent_text: Color32::from_rgb(0x8A, 0xB4, 0xF8),
    accent_hover: Color32::from_rgb(0x52, 0x8A, 0xE6),
    on_accent: Color32::from_rgb(0xFF, 0xFF, 0xFF),
    accent_weak: Color32::from_rgb(0x24, 0x3A, 0x5C),
    button: Color32::from_rgb(0x2C, 0x31, 0x39),
    button_hover: Color32::from_rgb(0x37, 0x3E, 0x48),
    red_side: Color32::from_rgb(0xFF, 0x7A, 0x6E),
    win: Color32::from_rgb(0x6C, 0xCB, 0x7D),
    draw: Color32::from_rgb(0xB4, 0xBB, 0xC5),
    forfeit: Color32::from_rgb(0xF5, 0xA0, 0x5A),
    bye: Color32::from_rgb(0x6C, 0xC6, 0xE3),
    pending: Color32::from_rgb(0x85, 0x8E, 0x99),
    warn: Color32::from_rgb(0xF2, 0xBE, 0x4E),
    error: Color32::from_rgb(0xFF, 0x7B, 0x7B),
};

impl Palette {
    /// The palette of a theme.
    pub fn of(dark: bool) -> &'static Palette {
        if dark { &DARK } else { &LIGHT }
    }
}

/// Gaps, in points: every margin and spacing is one of these steps.
pub mod space {
    /// Between an icon and its label, inside dense rows.
    pub const XS: f32 = 4.0;
    /// Between controls of one group.
    pub const S: f32 = 8.0;
    /// Between groups of controls.
    pub const M: f32 = 12.0;
    /// Around a panel's content.
    pub const L: f32 = 16.0;
    /// Between a heading and the controls beside it.
    pub const XL: f32 = 24.0;
}

/// Corner radii, in points.
pub mod radius {
    /// Buttons, fields, chips.
    pub const CONTROL: u8 = 5;
    /// Windows and menus.
    pub const WINDOW: u8 = 8;
}

/// The type scale, in points.
pub mod size {
    /// The event's name in the top bar.
    pub const TITLE: f32 = 19.0;
    /// A panel's heading.
    pub const HEADING: f32 = 18.0;
    /// Body text, buttons, table cells.
    pub const BODY: f32 = 14.0;
    /// A section's heading inside a panel.
    pub const SECTION: f32 = 15.5;
    /// Captions, notes, the status bar.
    pub const SMALL: f32 = 12.0;
    /// Code-like text (seeds, file names in the log).
    pub const MONOSPACE: f32 = 13.0;
    /// Icons beside a label.
    pub const ICON: f32 = 16.0;
    /// The side bar's icons.
    pub const NAV_ICON: f32 = 18.0;
    /// Height of a button or field.
    pub const CONTROL_HEIGHT: f32 = 28.0;
    /// Height of a side-bar entry.
    pub const NAV_HEIGHT: f32 = 34.0;
}
