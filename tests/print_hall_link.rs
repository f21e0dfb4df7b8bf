//! The hall's address on the posted sheets (R-12.1, issue 41): while the hall is
//! served, the pairing sheet and the standings print its address as a QR code and as
//! text. The squares drawn in the PDF are read back, compared with the address's own
//! QR code, and decoded by zbar (`zbarimg`, from `zbar-tools`; skipped locally without
//! it, a failure under CI).

use crate::common;

use bianpai::domain::demo::demo_event;
use bianpai::domain::ids::GroupId;
use bianpai::lang::Lang;
use bianpai::present::qr::QrMatrix;
use bianpai::print::{DocumentKind, Request, print};
use lopdf::content::Content;
use std::collections::BTreeSet;

const LINK: &str = "http://192.168.1.23:8080/";

fn printed(document: DocumentKind, hall_link: Option<&str>) -> Vec<u8> {
    let event = demo_event(bianpai::ui::DEMO_SEED).unwrap();
    let request =
        Request { document, group: GroupId(1), round: None, lang: Lang::Zh, hall_link: hall_link.map(str::to_string) };
    print(&event, &request).unwrap().bytes
}

/// The small filled squares of every page (`re` operands under 6 points high), as
/// (x, y, width, height) in points.
fn small_rectangles(bytes: &[u8]) -> Vec<(f32, f32, f32, f32)> {
    let doc = lopdf::Document::load_mem(bytes).unwrap();
    let mut found = Vec::new();
    for page in doc.get_pages().values() {
        let content = Content::decode(&doc.get_page_content(*page)).unwrap();
        for op in content.operations.iter().filter(|op| op.operator == "re") {
            let n: Vec<f32> = op.operands.iter().map(|o| o.as_float().unwrap()).collect();
            if n[3] < 6.0 {
                found.push((n[0], n[1], n[2], n[3]));
            }
        }
    }
    found
}

/// The QR code the rectangles draw: their module is their height, their corner the
/// top left of the code.
fn matrix_of(rects: &[(f32, f32, f32, f32)], width: usize) -> QrMatrix {
    let module = rects[0].3;
    let left = rects.iter().map(|r| r.0).fold(f32::MAX, f32::min);
    let top = rects.iter().map(|r| r.1 + r.3).fold(f32::MIN, f32::max);
    let mut dark = BTreeSet::new();
    for &(x, y, w, h) in rects {
        let row = ((top - (y + h)) / module).round() as usize;
        let first = ((x - left) / module).round() as usize;
        for col in first..first + (w / module).round() as usize {
            dark.insert((row, col));
        }
    }
    QrMatrix { width, dark: (0..width * width).map(|i| dark.contains(&(i / width, i % width))).collect() }
}

// R-12.1 (issue 41): the pairing sheet and the standings print the hall's address as
// the squares of its own QR code, and as text; without the hall, neither.
#[test]
fn the_posted_sheets_print_the_halls_address_as_a_qr_code() {
    let expected = QrMatrix::of(LINK).unwrap();
    for document in [DocumentKind::Pairings, DocumentKind::Standings] {
        let bytes = printed(document, Some(LINK));
        assert!(common::pdf::all_text(&bytes).contains(LINK), "{document:?}: the address as text");
        let drawn = matrix_of(&small_rectangles(&bytes), expected.width);
        assert_eq!(drawn, expected, "{document:?}: the squares are the address's QR code");

        let without = printed(document, None);
        assert!(!common::pdf::all_text(&without).contains("扫码"), "{document:?}: no hall, no code");
        assert!(small_rectangles(&without).is_empty());
    }
    // A sheet not posted in the hall leaves it out.
    assert!(!common::pdf::all_text(&printed(DocumentKind::Crosstable, Some(LINK))).contains(LINK));
}

// R-12.1 (issue 41): zbar reads the code the pairing sheet draws as the hall's address.
#[test]
fn zbar_reads_the_code_on_the_pairing_sheet() {
    let zbarimg = std::path::Path::new("/usr/bin/zbarimg");
    if !zbarimg.exists() {
        assert!(std::env::var_os("CI").is_none(), "CI needs zbar-tools (.ci/run installs it)");
        println!("skipped: /usr/bin/zbarimg is missing (Debian: apt-get install zbar-tools)");
        return;
    }
    let width = QrMatrix::of(LINK).unwrap().width;
    let drawn = matrix_of(&small_rectangles(&printed(DocumentKind::Pairings, Some(LINK))), width);
    // The squares as a picture, 8 pixels a module, with the quiet zone.
    let (scale, quiet) = (8, 4);
    let side = (width + 2 * quiet) * scale;
    let mut pixels = vec![255u8; side * side];
    for y in 0..side {
        for x in 0..side {
            let (row, col) = ((y / scale).wrapping_sub(quiet), (x / scale).wrapping_sub(quiet));
            if row < width && col < width && drawn.is_dark(col, row) {
                pixels[y * side + x] = 0;
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("code.png");
    let mut encoder = png::Encoder::new(std::fs::File::create(&path).unwrap(), side as u32, side as u32);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.write_header().unwrap().write_image_data(&pixels).unwrap();
    let out = std::process::Command::new(zbarimg).args(["--raw", "-q"]).arg(&path).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), LINK);
}
