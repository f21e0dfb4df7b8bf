//! Reading back the text of a PDF the program wrote, through its fonts' ToUnicode
//! CMaps (lopdf), for the printing tests.

use lopdf::content::Content;

/// A string drawn on a page: its baseline (in tenths of a point), its left edge, and
/// the text.
pub type Drawn = (i32, f32, String);

/// Every string drawn on each page, in drawing order.
pub fn drawn_strings(bytes: &[u8]) -> Vec<Vec<Drawn>> {
    let doc = lopdf::Document::load_mem(bytes).unwrap();
    let mut pages = Vec::new();
    for (_, page_id) in doc.get_pages() {
        let fonts = doc.get_page_fonts(page_id).unwrap();
        let encodings: Vec<(Vec<u8>, lopdf::Encoding)> =
            fonts.into_iter().map(|(name, font)| (name, font.get_font_encoding(&doc).unwrap())).collect();
        let content = Content::decode(&doc.get_page_content(page_id)).unwrap();
        let mut encoding = None;
        let mut pos = (0.0f32, 0.0f32);
        let mut drawn = Vec::new();
        for op in &content.operations {
            match op.operator.as_str() {
                "Tf" => {
                    let name = op.operands[0].as_name().unwrap();
                    encoding = encodings.iter().find(|(n, _)| n == name).map(|(_, e)| e);
                }
                "Tm" => {
                    let f = |i: usize| op.operands[i].as_float().unwrap();
                    pos = (f(4), f(5));
                }
                "Tj" | "TJ" => {
                    let enc = encoding.expect("a font is set before text");
                    let strings: Vec<&lopdf::Object> = match &op.operands[0] {
                        lopdf::Object::Array(items) => items.iter().collect(),
                        other => vec![other],
                    };
                    let mut text = String::new();
                    for s in strings {
                        if let lopdf::Object::String(bytes, _) = s {
                            text.push_str(&lopdf::Document::decode_text(enc, bytes).unwrap());
                        }
                    }
                    drawn.push(((pos.1 * 10.0).round() as i32, pos.0, text));
                }
                _ => {}
            }
        }
        pages.push(drawn);
    }
    pages
}

/// The text of each page as lines: cells grouped by baseline (top to bottom), left to
/// right, joined with " | ".
pub fn pages_text(bytes: &[u8]) -> Vec<Vec<String>> {
    let mut pages = Vec::new();
    for mut cells in drawn_strings(bytes) {
        cells.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.total_cmp(&b.1)));
        let mut lines: Vec<(i32, Vec<String>)> = Vec::new();
        for (y, _, text) in cells {
            match lines.last_mut() {
                Some((ly, line)) if (*ly - y).abs() <= 20 => line.push(text),
                _ => lines.push((y, vec![text])),
            }
        }
        pages.push(lines.into_iter().map(|(_, l)| l.join(" | ")).collect());
    }
    pages
}

/// Every page's lines, one text.
pub fn all_text(bytes: &[u8]) -> String {
    pages_text(bytes).into_iter().flatten().collect::<Vec<_>>().join("\n")
}

/// Keeps a PDF in `$BIANPAI_PDF_DIR` when set, so a person can look at it.
pub fn keep(name: &str, bytes: &[u8]) {
    if let Some(dir) = std::env::var_os("BIANPAI_PDF_DIR") {
        std::fs::write(std::path::PathBuf::from(dir).join(name), bytes).unwrap();
    }
}

/// Compares a PDF's text with `tests/golden/print/NAME`; `UPDATE_GOLDEN` or
/// `BIANPAI_BLESS` writes it instead.
pub fn golden(name: &str, actual: &str) {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/print").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() || std::env::var_os("BIANPAI_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("missing golden file {}", path.display()));
    assert_eq!(actual, expected, "PDF text differs from {}", path.display());
}
