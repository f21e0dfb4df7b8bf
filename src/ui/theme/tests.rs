//! The tokens hold what a director's eyes need (issue 39, item 9): readable contrast in
//! both themes, results told apart by colour, digits of one width, every icon drawn.

use super::*;
use crate::ui::fonts::install_fonts;
use egui::Color32;

/// WCAG's relative luminance of an sRGB colour.
fn luminance(c: Color32) -> f64 {
    let channel = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.040_45 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
}

/// WCAG's contrast ratio of two colours (1 … 21).
fn contrast(a: Color32, b: Color32) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

// Issue 39, item 9: body and secondary text, the primary action's words and every result
// colour are readable (WCAG AA, 4.5:1) on every background they are drawn on.
#[test]
fn every_text_colour_is_readable_on_its_backgrounds_in_both_themes() {
    for p in [&tokens::LIGHT, &tokens::DARK] {
        let texts = [
            ("text", p.text),
            ("text_strong", p.text_strong),
            ("text_weak", p.text_weak),
            ("win", p.win),
            ("draw", p.draw),
            ("forfeit", p.forfeit),
            ("bye", p.bye),
            ("warn", p.warn),
            ("error", p.error),
            ("red_side", p.red_side),
            ("accent_text", p.accent_text),
        ];
        for (name, colour) in texts {
            for (ground, back) in
                [("canvas", p.canvas), ("stripe", p.stripe), ("chrome", p.chrome), ("surface", p.surface)]
            {
                let ratio = contrast(colour, back);
                assert!(ratio >= 4.5, "dark={} {name} on {ground}: {ratio:.2}", p.dark);
            }
        }
        assert!(contrast(p.on_accent, p.accent) >= 4.5, "dark={} the primary action's words", p.dark);
        assert!(contrast(p.accent_text, p.accent_weak) >= 4.5, "dark={} the chosen view", p.dark);
        assert!(contrast(p.pending, p.surface) >= 3.0, "dark={} a pending result", p.dark);
    }
}

// Issue 39, item 9: a forfeit, a bye, a draw and a pending game never share a colour.
#[test]
fn result_colours_are_told_apart() {
    use widgets::ResultLook::*;
    for p in [&tokens::LIGHT, &tokens::DARK] {
        let looks = [Decided, Draw, Forfeit, Bye, Pending];
        for (i, a) in looks.iter().enumerate() {
            for b in &looks[i + 1..] {
                let (ca, cb) = (a.colour(p), b.colour(p));
                let distance = (i32::from(ca.r()) - i32::from(cb.r())).abs()
                    + (i32::from(ca.g()) - i32::from(cb.g())).abs()
                    + (i32::from(ca.b()) - i32::from(cb.b())).abs();
                assert!(distance >= 60, "dark={} {a:?} and {b:?} are too alike", p.dark);
            }
        }
    }
}

/// Lays out `text` in `style` and gives its width.
fn width(ctx: &egui::Context, text: &str, font: &FontId) -> f32 {
    let mut width = 0.0;
    let mut full = ctx.run_ui(egui::RawInput::default(), |ui| {
        let font = font.clone();
        width = ui.fonts_mut(|f| f.layout_no_wrap(text.to_string(), font, Color32::WHITE)).size().x;
    });
    full.textures_delta.clear();
    width
}

// Issue 39, item 9: numbers in tables are tabular figures: 111 and 888 are as wide, so
// points and numbers line up digit under digit.
#[test]
fn table_numbers_use_digits_of_one_width() {
    let ctx = egui::Context::default();
    install_fonts(&ctx);
    install(&ctx, false);
    let ones = width(&ctx, "111", &figures());
    assert!(ones > 0.0);
    for digits in ["000", "444", "777", "888"] {
        assert!((width(&ctx, digits, &figures()) - ones).abs() < 0.01, "{digits}");
    }
}

// Issue 39, item 9: every icon the window uses is in the bundled icon font.
#[test]
fn every_icon_is_in_the_icon_font() {
    let ctx = egui::Context::default();
    install_fonts(&ctx);
    let mut full = ctx.run_ui(egui::RawInput::default(), |_| {});
    full.textures_delta.clear();
    let font = FontId::new(16.0, FontFamily::Name(ICON_FAMILY.into()));
    for icon in icons::ALL {
        let has = ctx.fonts_mut(|f| f.has_glyph(&font, icon.0));
        assert!(has, "{:X}", u32::from(icon.0));
    }
}

// Issue 39, item 9: both themes come from the tokens, and switching changes the canvas.
#[test]
fn install_sets_both_themes_from_the_tokens() {
    let ctx = egui::Context::default();
    install(&ctx, false);
    assert_eq!(ctx.style_of(ctx.theme()).visuals.panel_fill, tokens::LIGHT.canvas);
    assert_eq!(ctx.style_of(Theme::Dark).visuals.panel_fill, tokens::DARK.canvas);
    install(&ctx, true);
    assert_eq!(ctx.style_of(ctx.theme()).visuals.panel_fill, tokens::DARK.canvas);
    assert_eq!(ctx.style_of(ctx.theme()).visuals.error_fg_color, tokens::DARK.error);
}
