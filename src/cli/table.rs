//! Plain-text tables for the terminal, aligned by display width so that Chinese
//! names (two columns per character) line up.

use unicode_width::UnicodeWidthStr;

/// Column alignment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Text.
    Left,
    /// Numbers.
    Right,
}

/// Renders a header — each column's heading in Chinese and English, shown in the run's
/// language — and rows; every row has as many cells as the header.
pub fn render(columns: &[(&str, &str, Align)], rows: &[Vec<String>]) -> String {
    let lang = super::words::lang();
    let header: Vec<(&str, Align)> = columns.iter().map(|(zh, en, align)| (lang.t(zh, en), *align)).collect();
    let mut widths: Vec<usize> = header.iter().map(|(h, _)| h.width()).collect();
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            if let Some(w) = widths.get_mut(i) {
                *w = (*w).max(cell.width());
            }
        }
    }
    let line = |cells: Vec<&str>| {
        let mut out = String::new();
        for (i, cell) in cells.iter().enumerate() {
            let pad = widths[i].saturating_sub(cell.width());
            if i > 0 {
                out.push_str("  ");
            }
            match header[i].1 {
                Align::Left => {
                    out.push_str(cell);
                    if i + 1 < cells.len() {
                        out.push_str(&" ".repeat(pad));
                    }
                }
                Align::Right => {
                    out.push_str(&" ".repeat(pad));
                    out.push_str(cell);
                }
            }
        }
        out.push('\n');
        out
    };
    let mut out = line(header.iter().map(|(h, _)| *h).collect());
    for row in rows {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    out
}
