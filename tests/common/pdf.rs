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
