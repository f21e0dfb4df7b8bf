//! A text as a QR code's modules (the hall's address in the window, and on the sheets
//! when the hall is served): the matrix only, which each medium draws as squares.

/// A QR code: `width` × `width` modules, row by row, `true` for dark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QrMatrix {
    /// Modules per side.
    pub width: usize,
    /// Row by row, `true` for a dark module.
    pub dark: Vec<bool>,
}

impl QrMatrix {
    /// The QR code of `text` (error correction level M), `None` when it is too long
    /// for a QR code.
    pub fn of(text: &str) -> Option<QrMatrix> {
        let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
        let dark = code.to_colors().into_iter().map(|c| c == qrcode::Color::Dark).collect();
        Some(QrMatrix { width: code.width(), dark })
    }

    /// Whether the module at column `x`, row `y` is dark.
    pub fn is_dark(&self, x: usize, y: usize) -> bool {
        x < self.width && self.dark.get(y * self.width + x).copied().unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // R-12.1 (issue 41): an address makes a square code with the three finder patterns
    // (7×7 dark rings) in its corners.
    #[test]
    fn an_address_is_a_square_code_with_finder_patterns() {
        let qr = QrMatrix::of("http://192.168.1.23:8080/").unwrap();
        assert_eq!(qr.dark.len(), qr.width * qr.width);
        assert!(qr.width >= 21);
        let w = qr.width;
        for (x0, y0) in [(0, 0), (w - 7, 0), (0, w - 7)] {
            assert!((0..7).all(|i| qr.is_dark(x0 + i, y0) && qr.is_dark(x0, y0 + i)), "finder at {x0},{y0}");
            assert!(!qr.is_dark(x0 + 1, y0 + 1) && qr.is_dark(x0 + 3, y0 + 3));
        }
    }
}
