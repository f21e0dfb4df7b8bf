//! Issue 8 (reliability), continued from `fuzz_importers`: roster workbooks whose sheet
//! XML is written by hand — any cell type, style, reference and value — never make the
//! XLSX reader panic, and every refusal says what is wrong.

use crate::fuzz_importers::*;
use bianpai::io::roster::{RosterError, RosterRow, read_xlsx};
use proptest::prelude::*;
use proptest::sample::select;
use std::sync::atomic::{AtomicU64, Ordering};

// ---------------------------------------------------------------------------
// Roster XLSX, sheet XML written by hand

#[path = "common/reliability.rs"]
mod reliability;
use reliability::{cell_ref, escape, xlsx};

/// Writes a hand-made workbook to a new file and reads it, catching a panic so that a
/// test can say which input made calamine or the roster reader panic.
fn read_hand_made(bytes: &[u8]) -> std::thread::Result<Result<Vec<RosterRow>, RosterError>> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = format!("hand{}.xlsx", NEXT.fetch_add(1, Ordering::Relaxed));
    let path = DIR.with(|dir| dir.as_ref().map(|d| d.path().join(&name))).expect("a temp dir");
    std::fs::write(&path, bytes).expect("write the workbook");
    let result = std::panic::catch_unwind(|| read_xlsx(&path));
    let _ = std::fs::remove_file(&path);
    result
}

fn inline(r: &str, text: &str) -> String {
    format!(r#"<c r="{r}" t="inlineStr"><is><t>{}</t></is></c>"#, escape(text))
}

// The hand-made workbooks are real workbooks: the fuzz targets below start from them.
#[test]
fn a_hand_made_workbook_is_read() {
    let data = format!(
        r#"<row r="1">{}{}{}</row><row r="2">{}<c r="B2" s="1"><v>32566</v></c><c r="C2" t="s"><v>0</v></c></row>"#,
        inline("A1", "姓名"),
        inline("B1", "出生日期"),
        inline("C1", "单位"),
        inline("A2", "王天一"),
    );
    let rows = read_hand_made(&xlsx(&data, &["杭州"])).expect("no panic").expect("a valid workbook");
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].entry.name, "王天一");
    assert_eq!(rows[0].entry.club, "杭州");
    assert_eq!(rows[0].entry.born.map(|d| d.to_string()).as_deref(), Some("1989-02-27"));
}

// Issue 8: a cell reference too long for a number (a damaged or hand-edited file) is an
// error, not a panic.
#[test]
fn a_cell_reference_that_overflows_is_an_error() {
    for r in ["A99999999999", "ZZZZZZZZZ1"] {
        let data = format!("<row>{}{}</row>", inline("A1", "姓名"), inline(r, "王天一"));
        match read_hand_made(&xlsx(&data, &[])) {
            Ok(result) => {
                let error = result.expect_err("an impossible cell");
                assert!(error.to_string().contains("hand"), "{error}");
            }
            Err(_) => panic!("reading a cell at {r} panicked"),
        }
    }
}

/// A `<c>` element of a sheet at column `col` of row `row`: any type, style and value,
/// with its reference right, missing or wrong.
fn sheet_cell() -> impl Strategy<Value = (u32, String)> {
    let value = prop_oneof![
        3 => select(CELLS).prop_map(String::from),
        2 => select(vec!["0", "1", "2", "-1", "32566", "60", "2958465", "2958466", "1e308", "NaN", "inf", "0.5", "-0", "1989-02-27T00:00:00"])
            .prop_map(String::from),
        1 => short_string(),
    ];
    (
        0..30u32,
        select(vec!["right", "right", "right", "none", "", "A0", "0A", "a1", "中1", "A-1", "1"]),
        select(vec![
            None,
            Some("s"),
            Some("str"),
            Some("inlineStr"),
            Some("n"),
            Some("b"),
            Some("e"),
            Some("d"),
            Some("x"),
        ]),
        select(vec![None, Some("0"), Some("1"), Some("7")]),
        value,
        any::<bool>(),
    )
        .prop_map(|(col, r, t, s, value, empty)| {
            let r = match r {
                "right" => format!(r#" r="{}""#, cell_ref(ROW_PLACEHOLDER, col)),
                "none" => String::new(),
                other => format!(r#" r="{other}""#),
            };
            let t = t.map_or(String::new(), |t| format!(r#" t="{t}""#));
            let s = s.map_or(String::new(), |s| format!(r#" s="{s}""#));
            let value = escape(&value);
            let body = if empty {
                String::new()
            } else if t == r#" t="inlineStr""# {
                format!("<is><t>{value}</t></is>")
            } else {
                format!("<v>{value}</v>")
            };
            (col, format!("<c{r}{t}{s}>{body}</c>"))
        })
}

/// Stands for the row number in a generated cell reference until the cell is placed.
const ROW_PLACEHOLDER: u32 = 999_998;

/// The `<sheetData>` of a roster: a header row of known names, then rows of any cells.
fn sheet_data() -> impl Strategy<Value = String> {
    let header = prop_oneof![4 => select(HEADERS).prop_map(String::from), 1 => short_string()];
    (
        0..3u32,
        proptest::collection::vec(header, 1..8),
        proptest::collection::vec((0..40u32, any::<bool>(), proptest::collection::vec(sheet_cell(), 0..10)), 0..8),
    )
        .prop_map(|(top, headers, rows)| {
            let mut data = format!(r#"<row r="{}">"#, top + 1);
            for (col, h) in headers.iter().enumerate() {
                data.push_str(&inline(&cell_ref(top, col as u32), h));
            }
            data.push_str("</row>");
            for (row, numbered, cells) in rows {
                let placeholder = cell_ref(ROW_PLACEHOLDER, 0)[1..].to_string();
                data.push_str(&if numbered { format!(r#"<row r="{}">"#, row + 1) } else { "<row>".to_string() });
                for (_, cell) in cells {
                    data.push_str(&cell.replace(&placeholder, &(row + 1).to_string()));
                }
                data.push_str("</row>");
            }
            data
        })
}

/// A character or a piece of markup that matters in a sheet's XML.
fn xml_run() -> impl Strategy<Value = Vec<char>> + Clone {
    select(vec![
        "<",
        ">",
        "/",
        "\"",
        "&",
        "&amp;",
        "&#0;",
        "&#x1F600;",
        "&bogus;",
        "<![CDATA[",
        "]]>",
        "<c>",
        "</c>",
        "<v>",
        "</v>",
        "<row>",
        "</row>",
        " t=\"s\"",
        " t=\"e\"",
        " s=\"1\"",
        "<is><t>",
        "</t></is>",
        "<f>A1</f>",
        "<!--",
        "-->",
        "\u{0}",
        "中",
    ])
    .prop_map(|s| s.chars().collect())
}

fn xml_char() -> impl Strategy<Value = char> + Clone {
    prop_oneof![3 => select("<>/\"&=ABZrstvc019 ".chars().collect::<Vec<_>>()), 1 => any::<char>()]
}

/// Every `r="…"` value of a sheet's XML.
fn references(xml: &str) -> impl Iterator<Item = &str> {
    xml.split(r#"r=""#).skip(1).map(|rest| rest.split('"').next().unwrap_or(rest))
}

/// Whether a reference is one of the known failures of `a_far_cell_does_not_abort_the_import`
/// and `a_cell_reference_that_overflows_is_an_error`: a cell so far away that the sheet's
/// dense range cannot be held, or a number too long for calamine's arithmetic.
fn far_or_overflowing(reference: &str) -> bool {
    if !reference.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return false;
    }
    let letters = reference.bytes().take_while(u8::is_ascii_alphabetic).count();
    let (column, row) = reference.split_at(letters);
    if letters > 4 || row.len() > 7 {
        return true;
    }
    let column = column.bytes().fold(0u64, |n, b| n * 26 + u64::from(b.to_ascii_uppercase() - b'A') + 1);
    let row: u64 = row.parse().unwrap_or(0);
    column.max(1) * row.max(1) > 100_000
}

proptest! {
    #![proptest_config(config())]

    // Issue 8: sheets with cells of every type (shared strings in and out of range,
    // errors, booleans, dates, inline strings), references right, missing or wrong, and
    // broken markup, read without a panic. Far cells are left to their own test.
    #[test]
    fn xlsx_sheet_xml(
        data in sheet_data(),
        shared in proptest::collection::vec(prop_oneof![select(CELLS).prop_map(String::from), short_string()], 0..4),
        edits in proptest::option::of(edits(xml_char(), xml_run())),
    ) {
        let edits: Vec<Edit<char>> =
            edits.unwrap_or_default().into_iter().filter(|e| !matches!(e, Edit::Copy(..))).collect();
        let data: String = apply_edits(data.chars().collect(), &edits).into_iter().collect();
        prop_assume!(!references(&data).any(far_or_overflowing));
        let shared: Vec<&str> = shared.iter().map(String::as_str).collect();
        match read_hand_made(&xlsx(&data, &shared)) {
            Ok(result) => check_roster(result, "hand")?,
            Err(_) => prop_assert!(false, "the roster reader panicked on sheet data {data:?} with shared strings {shared:?}"),
        }
    }
}

/// Set, it makes [`a_far_cell_does_not_abort_the_import`] read its workbook in this
/// process; the parent runs it so that an abort ends the child, not the test binary.
const FAR_CELL_CHILD: &str = "BIANPAI_FAR_CELL_CHILD";

// Issue 8: a roster whose sheet has one stray value far from the players — in the last
// cell of the sheet, XFD1048576, or at a row past the sheet's limit in a damaged file —
// is refused or read; the import must not try to hold every empty cell in between
// (17 billion of them) and abort.
#[test]
#[cfg(unix)]
fn a_far_cell_does_not_abort_the_import() {
    let far = ["XFD1048576", "A4000000000"];
    if let Ok(r) = std::env::var(FAR_CELL_CHILD) {
        let data =
            format!("<row>{}{}</row><row>{}</row>", inline("A1", "姓名"), inline("A2", "王天一"), inline(&r, "x"));
        let outcome = read_hand_made(&xlsx(&data, &[]));
        println!("\nread: {}", matches!(outcome, Ok(Ok(_)) | Ok(Err(_))));
        return;
    }
    let exe = std::env::current_exe().expect("the test binary");
    for r in far {
        // 2 GB of address space at most, so that a machine that overcommits memory is safe.
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg("ulimit -v 2000000 && exec \"$0\" \"$@\"")
            .arg(&exe)
            .args(["fuzz_importers_xlsx::a_far_cell_does_not_abort_the_import", "--exact", "--nocapture"])
            .env(FAR_CELL_CHILD, r)
            .output()
            .expect("run the child");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains("read: true"),
            "a value at {r} made the import {}:\n{stdout}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
