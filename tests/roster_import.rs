//! Roster import (CLI.md "Roster columns"; the birth dates, genders and titles it
//! reads feed the eligibility checks of, the flags ).

use crate::common;

use bianpai::domain::player::{Gender, Title};
use bianpai::io::roster::{RosterError, RowError, RowIssue, read_csv, read_roster, read_xls, read_xlsx};
use jiff::civil::date;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

fn bad_rows(result: Result<Vec<bianpai::io::roster::RosterRow>, RosterError>) -> Vec<RowError> {
    match result {
        Err(RosterError::BadRows { errors, .. }) => errors,
        other => panic!("expected BadRows, got {other:?}"),
    }
}

// CLI.md: Chinese headers, UTF-8 with a BOM.
#[test]
fn chinese_headers_with_bom() {
    let csv = "\u{feff}姓名,性别,出生日期,单位,等级分,称号,电话,组别,女子验证,提名\n\
               王天一,男,1989-02-27,杭州,2680,特级大师,13800138000,成人组,否,\n\
               唐丹,女,1991/03/06,北京,2500,女子特级大师,,成人组,是,是\n\
               \n\
               孟繁睿, m ,2009.7.6,,,,,少年组,,1\n";
    let rows = read_csv("roster.csv", csv.as_bytes()).expect("valid roster");
    assert_eq!(rows.len(), 3);

    let wang = &rows[0];
    assert_eq!(wang.line, 2);
    assert_eq!(wang.group.as_deref(), Some("成人组"));
    assert_eq!(wang.entry.name, "王天一", "the BOM must not reach the first header");
    assert_eq!(wang.entry.gender, Some(Gender::Male));
    assert_eq!(wang.entry.born, Some(date(1989, 2, 27)));
    assert_eq!(wang.entry.club, "杭州");
    assert_eq!(wang.entry.rating, Some(2680));
    assert_eq!(wang.entry.title, Some(Title::GrandMaster));
    assert_eq!(wang.entry.phone, "13800138000");
    assert!(!wang.entry.verified_female);
    assert!(!wang.entry.nominee, "an empty flag is no");
    assert!(wang.entry.notes.is_empty());

    let tang = &rows[1];
    assert_eq!(tang.line, 3);
    assert_eq!(tang.entry.born, Some(date(1991, 3, 6)), "YYYY/MM/DD accepted");
    assert_eq!(tang.entry.title, Some(Title::WomanGrandMaster));
    assert!(tang.entry.verified_female);
    assert!(tang.entry.nominee);

    let meng = &rows[2];
    assert_eq!(meng.line, 5, "the blank line 4 is skipped but still counted");
    assert_eq!(meng.entry.gender, Some(Gender::Male), "fields are trimmed");
    assert_eq!(meng.entry.born, Some(date(2009, 7, 6)), "YYYY.M.D accepted");
    assert_eq!(meng.entry.rating, None);
    assert_eq!(meng.entry.title, None);
    assert_eq!(meng.group.as_deref(), Some("少年组"));
    assert!(meng.entry.nominee);
}

// CLI.md: English headers, trimmed and in any case; no BOM; CRLF line ends.
#[test]
fn english_headers() {
    let csv = " Name ,GENDER,born,Club,rating,title,phone,Group,Verified_Female,nominee\r\n\
               Zheng Weitong,m,1988-01-01,Chengdu,2600,GM,139,adult,true,n\r\n\
               \"Zuo, Wenjing\",F,1990-05-02,,0,WGM,,adult,y,false\r\n";
    let rows = read_csv("roster.csv", csv.as_bytes()).expect("valid roster");
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].entry.name, "Zheng Weitong");
    assert_eq!(rows[0].entry.rating, Some(2600));
    assert!(rows[0].entry.verified_female);
    assert!(!rows[0].entry.nominee);
    assert_eq!(rows[1].line, 3);
    assert_eq!(rows[1].entry.name, "Zuo, Wenjing");
    assert_eq!(rows[1].entry.gender, Some(Gender::Female));
    assert_eq!(rows[1].entry.rating, Some(0));
    assert_eq!(rows[1].entry.title, Some(Title::WomanGrandMaster));
    assert_eq!(rows[1].group.as_deref(), Some("adult"));
}

// CLI.md: "Unknown columns are kept as notes, not dropped."
#[test]
fn unknown_column_kept_as_note() {
    let csv = "姓名,身份证号,备注\n王天一,330102198902270011,\n唐丹,,队长\n";
    let rows = read_csv("roster.csv", csv.as_bytes()).expect("valid roster");
    assert_eq!(rows[0].entry.notes.get("身份证号").map(String::as_str), Some("330102198902270011"));
    assert!(!rows[0].entry.notes.contains_key("备注"), "empty values are not kept");
    assert_eq!(rows[1].entry.notes.get("备注").map(String::as_str), Some("队长"));
    assert_eq!(rows[1].entry.notes.len(), 1);
}

// One bad row among good ones: the error names line and field; nothing is imported.
#[test]
fn bad_date_names_line_and_field() {
    let csv = "姓名,出生日期\n王天一,1989-02-27\n唐丹,1991-03-06\n赵鑫鑫,1990-13-01\n许银川,1975-08-13\n";
    let result = read_csv("roster.csv", csv.as_bytes());
    let message = result.as_ref().map(|_| ()).unwrap_err().to_string();
    assert_eq!(message, "roster.csv line 4, field 出生日期: '1990-13-01' is not a date (YYYY-MM-DD)");
    let errors = bad_rows(result);
    assert_eq!(
        errors,
        vec![RowError { line: 4, field: "出生日期".into(), issue: RowIssue::NotDate("1990-13-01".into()) }]
    );
}

// Every bad row is reported, not only the first; a wrong field count is one of them.
#[test]
fn two_bad_rows_both_named() {
    let csv = "name,born,rating,gender\n\
               A,1990-01-01,1800,m\n\
               B,1990-02-30,1800,m\n\
               C,1990-01-01,-5,x\n\
               ,1990-01-01,1800,f\n\
               D,1990-01-01\n";
    let result = read_csv("r.csv", csv.as_bytes());
    let message = result.as_ref().map(|_| ()).unwrap_err().to_string();
    let lines: Vec<&str> = message.lines().collect();
    assert_eq!(
        lines,
        vec![
            "r.csv line 3, field born: '1990-02-30' is not a date (YYYY-MM-DD)",
            "r.csv line 4, field rating: '-5' is not a rating (a whole number from 0 to 3500)",
            "r.csv line 4, field gender: 'x' is not a gender (男/女/m/f)",
            "r.csv line 5, field name: the name is empty",
            "r.csv line 6: has 2 fields but the header row has 4",
        ]
    );
    let errors = bad_rows(result);
    assert_eq!(errors.iter().map(|e| e.line).collect::<Vec<_>>(), [3, 4, 4, 5, 6]);
}

#[test]
fn missing_name_column() {
    let csv = "性别,出生日期\n男,1989-02-27\n";
    let result = read_csv("roster.csv", csv.as_bytes());
    assert!(matches!(&result, Err(RosterError::MissingNameColumn { file }) if file == "roster.csv"), "{result:?}");
}

#[test]
fn empty_and_header_only_rosters() {
    for csv in ["", "\u{feff}", "姓名,性别\n", "姓名,性别\n\n,\n"] {
        let result = read_csv("roster.csv", csv.as_bytes());
        assert!(matches!(result, Err(RosterError::Empty { .. })), "{csv:?}: {result:?}");
    }
}

#[test]
fn duplicate_column_is_refused() {
    let result = read_csv("roster.csv", "姓名,Name\n王天一,王天一\n".as_bytes());
    assert!(matches!(result, Err(RosterError::DuplicateColumn { .. })), "{result:?}");
}

/// A roster of Chinese names as Excel writes it.
const ROSTER: &str = "姓名,性别,单位\n王天一,男,杭州\n郑惟桐,男,四川\n赵冠芳,女,浙江\n唐丹,女,北京\n蒋川,男,北京\n";

// Issue 17: Excel's "CSV (逗号分隔)" on a Chinese Windows is GBK; "Unicode text" is
// UTF-16 with its mark; "CSV UTF-8" has a BOM. All read to the same players.
#[test]
fn gbk_utf16_and_utf8_bom_rosters_read_alike() {
    let utf8 = read_csv("roster.csv", ROSTER.as_bytes()).unwrap();
    let (gbk, _, unmappable) = encoding_rs::GBK.encode(ROSTER);
    assert!(!unmappable);
    let mut utf16le = vec![0xFF, 0xFE];
    utf16le.extend(ROSTER.encode_utf16().flat_map(u16::to_le_bytes));
    let mut utf16be = vec![0xFE, 0xFF];
    utf16be.extend(ROSTER.encode_utf16().flat_map(u16::to_be_bytes));
    let bom = [b"\xEF\xBB\xBF".as_slice(), ROSTER.as_bytes()].concat();
    for (what, bytes) in [("GBK", gbk.to_vec()), ("UTF-16LE", utf16le), ("UTF-16BE", utf16be), ("UTF-8 BOM", bom)] {
        let rows = read_csv("roster.csv", &bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(rows, utf8, "{what}");
    }
    assert_eq!(utf8[2].entry.name, "赵冠芳");
}

// Bytes in no encoding a roster comes in are refused, naming the line.
#[test]
fn bytes_in_no_known_encoding_are_refused_with_their_line() {
    let bytes = b"name\nA\n\x80\xff\xfe\x81\n";
    let result = read_csv("roster.csv", bytes);
    assert!(matches!(result, Err(RosterError::NotUtf8 { line: 3, .. })), "{result:?}");
}

#[test]
fn read_roster_dispatches_by_extension() {
    let dir = tempfile::tempdir().expect("temp dir");
    let upper = dir.path().join("ROSTER.CSV");
    std::fs::write(&upper, "姓名\n王天一\n").expect("write");
    let rows = read_roster(&upper).expect("upper-case .CSV is read");
    assert_eq!(rows[0].entry.name, "王天一");

    let txt = dir.path().join("roster.txt");
    std::fs::write(&txt, "姓名\n王天一\n").expect("write");
    let error = read_roster(&txt).unwrap_err();
    assert!(matches!(error, RosterError::UnsupportedFormat { .. }));
    assert!(error.to_string().contains("roster.txt"), "{error}");

    let missing = dir.path().join("missing.csv");
    let error = read_roster(&missing).unwrap_err();
    assert!(matches!(error, RosterError::Unreadable { .. }));
    assert!(error.to_string().contains("missing.csv"), "{error}");
}

// CLI.md: XLSX first sheet; a date cell, a text date, and a plain Excel serial.
#[test]
fn xlsx_first_sheet() {
    let rows = read_roster(&fixture("roster.xlsx")).expect("valid workbook");
    assert_eq!(rows.len(), 3);

    let wang = &rows[0];
    assert_eq!(wang.line, 2);
    assert_eq!(wang.entry.name, "王天一");
    assert_eq!(wang.entry.gender, Some(Gender::Male));
    assert_eq!(wang.entry.born, Some(date(1989, 2, 27)), "date cell");
    assert_eq!(wang.entry.club, "杭州");
    assert_eq!(wang.entry.rating, Some(2680), "numeric cell");
    assert_eq!(wang.entry.phone, "13800138000", "numeric phone without .0");
    assert_eq!(wang.group.as_deref(), Some("成人组"));
    assert!(!wang.entry.verified_female);
    assert!(wang.entry.notes.is_empty());

    let tang = &rows[1];
    assert_eq!(tang.line, 3);
    assert_eq!(tang.entry.born, Some(date(1991, 3, 6)), "text date");
    assert!(tang.entry.verified_female);
    assert_eq!(tang.entry.notes.get("备注").map(String::as_str), Some("队长"));

    let meng = &rows[2];
    assert_eq!(meng.line, 5, "row 4 is blank and skipped");
    assert_eq!(meng.entry.born, Some(date(2009, 7, 6)), "serial 40000");
    assert_eq!(meng.group.as_deref(), Some("少年组"));
}

#[test]
fn xlsx_that_is_not_a_workbook() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("roster.xlsx");
    std::fs::write(&path, "姓名\n王天一\n").expect("write");
    let error = read_xlsx(&path).unwrap_err();
    assert!(matches!(error, RosterError::Workbook { .. }), "{error:?}");
    assert!(error.to_string().contains("roster.xlsx"), "{error}");
}

// Issue 17 item 5: a legacy Excel 97–2003 workbook (.xls, tests/data/make_roster_xls.py)
// reads as the same roster as the XLSX one — date cell, text date, Excel serial, numbers
// without ".0", notes, the blank row counted — and a sheet after the first is ignored.
#[test]
fn xls_reads_like_xlsx() {
    let xls = read_roster(&fixture("roster.xls")).expect("valid legacy workbook");
    let xlsx = read_roster(&fixture("roster.xlsx")).expect("valid workbook");
    assert_eq!(xls, xlsx);
    assert_eq!(xls.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 3, 5]);
    assert_eq!(xls[0].entry.born, Some(date(1989, 2, 27)));
    assert_eq!(xls[0].entry.phone, "13800138000");
    assert_eq!(xls[2].entry.born, Some(date(2009, 7, 6)), "serial 40000");
}

// Issue 17 item 5: a longer .xls, whose workbook lies in the file's regular sectors
// (a short one lies in its mini stream), reads every row.
#[test]
fn a_long_xls_roster_reads_every_row() {
    let rows = read_roster(&fixture("roster_long.xls")).expect("valid legacy workbook");
    assert_eq!(rows.len(), 300);
    assert_eq!((rows[299].line, rows[299].entry.name.as_str()), (301, "棋手300"));
    assert_eq!(rows[299].entry.rating, Some(1500));
    assert_eq!(rows[6].entry.club, "棋社0");
}

// Issue 17 item 5: bad fields of an .xls roster are named by sheet row and column header
// as in XLSX and CSV, every one, and nothing is imported.
#[test]
fn xls_bad_rows_name_line_and_column() {
    let path = fixture("roster_bad.xls");
    let errors = bad_rows(read_xls(&path));
    let issues: Vec<String> = errors.iter().map(|e| e.issue.to_string()).collect();
    let found: Vec<(usize, &str, &str)> =
        errors.iter().zip(&issues).map(|(e, issue)| (e.line, e.field.as_str(), issue.as_str())).collect();
    assert_eq!(
        found,
        [
            (3, "性别", "'x' is not a gender (男/女/m/f)"),
            (3, "出生日期", "'1991-13-06' is not a date (YYYY-MM-DD)"),
            (3, "等级分", "'-5' is not a rating (a whole number from 0 to 3500)"),
            (4, "姓名", "the name is empty"),
        ]
    );
    let message = read_roster(&path).unwrap_err().to_string();
    assert!(message.contains("roster_bad.xls line 3, field 性别: 'x' is not a gender"), "{message}");
}

#[test]
fn xls_that_is_not_a_workbook() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("roster.XLS");
    std::fs::write(&path, "姓名\n王天一\n").expect("write");
    let error = read_roster(&path).unwrap_err();
    assert!(matches!(error, RosterError::OldWorkbook { .. }), "{error:?}");
    assert!(error.to_string().contains("roster.XLS"), "{error}");
}

// Issue 17 item 5: `bianpai players import FILE ROSTER.xls` registers the roster.
#[test]
fn the_command_line_imports_an_xls_roster() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("e.bianpai");
    let f = file.to_str().unwrap();
    common::ok(&["new", f, "--preset", "huaiyin-2022"]);
    let out = common::bianpai(&["players", "import", f, fixture("roster.xls").to_str().unwrap()]);
    // 唐丹 and 孟繁睿 give no phone, which the groups require: the whole roster is refused.
    assert_eq!(common::code(&out), 2, "{}", common::stderr(&out));
    assert!(common::stderr(&out).contains("line 5"), "{}", common::stderr(&out));
    common::ok(&["players", "import", f, fixture("roster.xls").to_str().unwrap(), "--override-reason", "补报"]);
    let list = common::json(&["players", "list", f, "--json"]);
    let names: Vec<&str> = list["players"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["王天一", "唐丹", "孟繁睿"]);
}

/// The fixture roster.xls with `patch` applied to its bytes, written to a temp dir.
fn patched_xls(dir: &Path, patch: impl FnOnce(&mut Vec<u8>)) -> PathBuf {
    let mut bytes = std::fs::read(fixture("roster.xls")).expect("fixture");
    patch(&mut bytes);
    let path = dir.join("damaged.xls");
    std::fs::write(&path, bytes).expect("write");
    path
}

fn u32_at(bytes: &[u8], at: usize) -> usize {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize
}

// Issue 17 item 5: a damaged .xls whose directory's sector chain loops is refused at
// once (calamine alone follows such a chain for ever, growing until the system kills
// the program).
#[test]
fn xls_with_a_looping_sector_chain_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = patched_xls(dir.path(), |bytes| {
        let directory = u32_at(bytes, 48);
        let fat = (u32_at(bytes, 76) + 1) * 512;
        bytes[fat + 4 * directory..fat + 4 * directory + 4].copy_from_slice(&(directory as u32).to_le_bytes());
    });
    let error = read_roster(&path).unwrap_err();
    assert!(matches!(error, RosterError::Damaged { .. }), "{error:?}");
    assert!(error.to_string().contains("damaged.xls"), "{error}");
}

// Issue 17 item 5: a sheet size record claiming millions of rows is refused before
// calamine reserves memory for them.
#[test]
fn xls_claiming_a_huge_sheet_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = patched_xls(dir.path(), |bytes| {
        // DIMENSIONS (0x0200, 14 bytes): first row, last row + 1, first column, last column + 1.
        let at = bytes.windows(4).position(|w| w == [0x00, 0x02, 0x0E, 0x00]).expect("a size record");
        bytes[at + 8..at + 12].copy_from_slice(&0x00FF_FFFFu32.to_le_bytes());
    });
    let error = read_roster(&path).unwrap_err();
    assert!(matches!(error, RosterError::WorkbookTooLarge { .. }), "{error:?}");
}

// Issue 38, item 13: a roster saved from a traditional-Chinese Excel (Big5) names its
// columns 性別, 單位, 等級分, 電話 …, and many rosters call the phone 联系电话: every one
// is read as its column, not kept as a note (a whole roster failed "phone required").
#[test]
fn traditional_and_common_variant_headers() {
    let text = "姓名,性別,出生日期,單位,等級分,稱號,聯絡電話,組別,隊名\n\
                王天一,男,1989-02-27,杭州,2680,特級大師,13800138000,成人組,甲隊\n";
    let (big5, _, unmappable) = encoding_rs::BIG5.encode(text);
    assert!(!unmappable);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("名單.csv");
    std::fs::write(&path, &big5).unwrap();
    let rows = read_roster(&path).expect("a Big5 roster with traditional headers");
    let e = &rows[0].entry;
    assert_eq!((e.gender, e.born, e.club.as_str()), (Some(Gender::Male), Some(date(1989, 2, 27)), "杭州"));
    assert_eq!((e.rating, e.phone.as_str()), (Some(2680), "13800138000"));
    assert_eq!(rows[0].group.as_deref(), Some("成人組"));
    assert!(!e.notes.contains_key("聯絡電話") && !e.notes.contains_key("性別"), "{:?}", e.notes);

    let simplified = "姓名,联系电话\n郑惟桐,13900139000\n";
    let rows = read_csv("roster.csv", simplified.as_bytes()).unwrap();
    assert_eq!(rows[0].entry.phone, "13900139000");
}
