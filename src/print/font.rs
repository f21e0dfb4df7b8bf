//! The CJK font of every PDF: the bundled Noto Sans SC (GBK subset, the same file the
//! window uses), parsed once per process, measured here for layout, and embedded by
//! printpdf as a per-document subset holding only the glyphs a document shows.

use super::PrintError;
use printpdf::ParsedFont;
use std::sync::OnceLock;

/// The bundled font file, shared with the window (`crate::assets`).
static FONT_BYTES: &[u8] = crate::assets::CJK_FONT;

/// The parsed font and what layout needs of it.
pub struct Font {
    /// The parsed face, handed to printpdf (which keeps the source bytes for subsetting).
    pub parsed: ParsedFont,
    units_per_em: f32,
}

static FONT: OnceLock<Option<Font>> = OnceLock::new();

/// The bundled font, parsed on first use (about a tenth of a second) and then shared.
///
/// # Errors
/// [`PrintError::Font`] when the bundled file cannot be parsed.
pub fn cjk() -> Result<&'static Font, PrintError> {
    FONT.get_or_init(|| {
        let parsed = ParsedFont::from_bytes(FONT_BYTES, 0, &mut Vec::new())?;
        let units_per_em = f32::from(parsed.pdf_font_metrics.units_per_em.max(1));
        Some(Font { parsed, units_per_em })
    })
    .as_ref()
    .ok_or(PrintError::Font)
}

impl Font {
    /// Whether the font has a glyph for `c` (anything else would print as `.notdef`).
    pub fn has_glyph(&self, c: char) -> bool {
        c == ' ' || self.parsed.lookup_glyph_index(c as u32).is_some_and(|g| g != 0)
    }

    /// The advance width of `text` at `size_pt`, in points.
    pub fn width_pt(&self, text: &str, size_pt: f32) -> f32 {
        let units: u32 = text
            .chars()
            .map(|c| {
                self.parsed.lookup_glyph_index(c as u32).map_or(0, |g| u32::from(self.parsed.get_horizontal_advance(g)))
            })
            .sum();
        units as f32 / self.units_per_em * size_pt
    }

    /// `text` with every character the font lacks replaced by `?`, so that nothing
    /// prints as an empty box.
    pub fn printable(&self, text: &str) -> String {
        text.chars()
            .map(|c| {
                if c.is_control() {
                    ' '
                } else if self.has_glyph(c) {
                    c
                } else {
                    '?'
                }
            })
            .collect()
    }

    /// `text` cut to fit `width_pt` at `size_pt`, ending in `…` when cut.
    pub fn fit(&self, text: &str, size_pt: f32, width_pt: f32) -> String {
        if self.width_pt(text, size_pt) <= width_pt {
            return text.to_string();
        }
        let ellipsis = self.width_pt("…", size_pt);
        let mut out = String::new();
        let mut used = 0.0;
        for c in text.chars() {
            let w = self.width_pt(c.encode_utf8(&mut [0; 4]), size_pt);
            if used + w + ellipsis > width_pt {
                break;
            }
            used += w;
            out.push(c);
        }
        out.push('…');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // the names GB2312 lacks have glyphs; a character outside the font prints as `?`.
    #[test]
    fn names_outside_gb2312_have_glyphs_and_unknown_characters_become_question_marks() {
        let font = cjk().unwrap();
        assert!("王喆李堃陈赟刘昇张玥周珺林祎吴彧帥將俥傌".chars().all(|c| font.has_glyph(c)));
        assert_eq!(font.printable("王\u{10FFFD}喆"), "王?喆");
    }

    // Cells are cut to their width with an ellipsis, never overflowing.
    #[test]
    fn fit_cuts_long_text_to_the_width() {
        let font = cjk().unwrap();
        let name = "淮阴区象棋协会青少年培训中心";
        let width = font.width_pt("淮阴区象棋", 10.0);
        let cut = font.fit(name, 10.0, width);
        assert!(cut.ends_with('…') && name.starts_with(cut.trim_end_matches('…')), "{cut}");
        assert!(font.width_pt(&cut, 10.0) <= width + 0.01);
        assert_eq!(font.fit("王天一", 10.0, 100.0), "王天一");
    }
}
