//! Chinese glyphs for the window. egui ships Latin and Cyrillic fonts only, so
//! the bundled CJK font — Noto Sans SC Regular subset to GBK,
//! `assets/fonts/NotoSansSC-GBK.ttf` (OFL-1.1, see `assets/fonts/README.md`) — is
//! compiled into the binary and added after egui's default fonts, for both the
//! proportional and the monospace family. Every machine draws Chinese names with the
//! same glyphs, and no system font is looked for.
//!
//! The subset holds every GBK hanzi (GB2312 lacks name characters such as 喆 堃 赟 昇
//! 玥 珺 祎 彧), CJK and full-width punctuation, and the traditional piece names 帥 將
//! 俥 傌.

use egui::{FontData, FontFamily, FontInsert, FontPriority, InsertFontFamily};

/// The name the CJK font is registered under in egui's font definitions.
pub const CJK_FONT_NAME: &str = "bianpai-cjk";

pub use crate::assets::CJK_FONT;

/// The CJK font that was installed, for the status bar and the about box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FontSource {
    /// The font's name, e.g. `Noto Sans SC (GBK)`.
    pub name: &'static str,
    /// The size of the font file, in bytes.
    pub size_bytes: usize,
}

/// Installs the bundled CJK font after egui's default fonts, for both the proportional
/// and the monospace family, and the icon font as a family of its own. Installing them
/// twice does nothing the second time.
pub fn install_fonts(ctx: &egui::Context) {
    let _ = install_fonts_reporting(ctx);
}

/// As [`install_fonts`], and says which font was installed. Always `Some` since the
/// font is compiled in; the `Option` remains for the status bar's warning.
pub fn install_fonts_reporting(ctx: &egui::Context) -> Option<FontSource> {
    ctx.add_font(FontInsert::new(
        CJK_FONT_NAME,
        FontData::from_static(CJK_FONT),
        vec![
            InsertFontFamily { family: FontFamily::Proportional, priority: FontPriority::Lowest },
            InsertFontFamily { family: FontFamily::Monospace, priority: FontPriority::Lowest },
        ],
    ));
    // The icons get a family of their own: never a fallback for text, so a private-use
    // character in a name is not drawn as an icon.
    ctx.add_font(FontInsert::new(
        super::theme::ICON_FAMILY,
        FontData::from_static(crate::assets::ICON_FONT),
        vec![InsertFontFamily {
            family: FontFamily::Name(super::theme::ICON_FAMILY.into()),
            priority: FontPriority::Highest,
        }],
    ));
    Some(FontSource { name: "Noto Sans SC (GBK)", size_bytes: CJK_FONT.len() })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Characters that a Chinese event needs and GB2312 does not all have.
    const NEEDED: &str = "编排王喆堃赟昇玥珺祎彧帥將俥傌炮仕象兵卒帅将车马相士，。：；“”（）《》—…·ＡＢ１２";

    #[test]
    fn the_bundled_font_is_a_truetype_file_of_the_expected_size() {
        assert_eq!(&CJK_FONT[..4], &[0, 1, 0, 0]);
        assert!(CJK_FONT.len() > 5_000_000 && CJK_FONT.len() < 8_500_000, "{}", CJK_FONT.len());
    }

    #[test]
    fn installed_font_covers_names_outside_gb2312_and_the_piece_names() {
        let ctx = egui::Context::default();
        let installed = install_fonts_reporting(&ctx);
        assert_eq!(installed.map(|f| f.size_bytes), Some(CJK_FONT.len()));
        let mut width = 0.0;
        let mut full = ctx.run_ui(egui::RawInput::default(), |ui| {
            width = ui.label("编排 王喆").rect.width();
        });
        // Headless: no renderer takes the font atlas updates.
        full.textures_delta.clear();
        assert!(width > 0.0);
        for family in [egui::FontId::proportional(14.0), egui::FontId::monospace(14.0)] {
            let has = ctx.fonts_mut(|f| f.has_glyphs(&family, NEEDED));
            assert!(has, "{family:?}");
        }
    }
}
