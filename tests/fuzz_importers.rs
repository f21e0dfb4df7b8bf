//! Issue 8 (reliability): the importers never panic, whatever the file holds. Each
//! importer — TRF (`bianpai::io::trf`: the document parser, the event import and the
//! pairing-output reader) and the roster readers (`bianpai::io::roster`: CSV, XLSX, XLS) —
//! gets 10,000 generated inputs per target: arbitrary bytes, and mutations of valid
//! files (characters replaced, lines duplicated, text inserted or cut, workbooks with
//! arbitrary cells or flipped bytes) so that the parsers get past their first check.
//! Every error must say what is wrong (a non-empty message).
//!
//! More cases: `PROPTEST_CASES=1000000 cargo test --release --test fuzz_importers`.
//! Failing cases are kept in `tests/fuzz_importers.proptest-regressions` and replayed
//! first on the next run.

use bianpai::io::roster::{RosterError, RosterRow, read_csv, read_xls, read_xlsx};
use bianpai::io::trf::{TrfDocument, TrfError, parse_pairing, to_event};
use proptest::prelude::*;
use proptest::sample::{Index, select};
use proptest::test_runner::FileFailurePersistence;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// 10,000 cases per target unless `PROPTEST_CASES` asks for another number.
pub(crate) fn config() -> ProptestConfig {
    config_with(10_000)
}

/// `cases` cases unless `PROPTEST_CASES` asks for another number.
fn config_with(cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(cases);
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("proptest-regressions"))),
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------
// Valid inputs to mutate

const SMALL_TRF: &str = include_str!("data/trf/small.trf");
const XXS_TRF: &str = include_str!("data/trf/xxs.trf");
const ROSTER_XLSX: &[u8] = include_bytes!("data/roster.xlsx");
const ROSTER_XLS: &[u8] = include_bytes!("data/roster.xls");
const ROSTER_LONG_XLS: &[u8] = include_bytes!("data/roster_long.xls");

/// The TRF files to mutate: the two of tests/data, and the three smallest bbpPairings
/// fixtures of ../shared when they are there (more rounds, byes, `XXR`/`XXC` lines).
fn trf_seeds() -> &'static [String] {
    static SEEDS: OnceLock<Vec<String>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let mut seeds = vec![SMALL_TRF.to_string(), XXS_TRF.to_string()];
        let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/fixtures/pairing/dutch"));
        if let Ok(entries) = std::fs::read_dir(&dir) {
            let mut files: Vec<(u64, PathBuf)> = entries
                .filter_map(Result::ok)
                .filter(|e| e.path().extension().is_some_and(|x| x == "trf"))
                .map(|e| (e.metadata().map_or(u64::MAX, |m| m.len()), e.path()))
                .collect();
            files.sort();
            seeds.extend(files.iter().take(3).filter_map(|(_, p)| std::fs::read_to_string(p).ok()));
        }
        seeds
    })
}

/// Any short text: any characters, control characters included.
pub(crate) fn short_string() -> impl Strategy<Value = String> + Clone {
    proptest::collection::vec(any::<char>(), 0..16).prop_map(String::from_iter)
}

const CSV_ZH: &str = "\u{feff}姓名,性别,出生日期,单位,等级分,称号,电话,组别,女子验证,提名,备注\n\
    王天一,男,1989-02-27,杭州,2680,特级大师,13800138000,成人组,否,,\n\
    唐丹,女,1991/03/06,北京,2500,女子特级大师,,成人组,是,是,\"队长, 老将\"\n\
    \n\
    孟繁睿, m ,2009.7.6,,,,,少年组,,1,\n";
const CSV_EN: &str = "Name,Gender,Born,Club,Rating,Title,Phone,Group,Verified_Female,Nominee\r\n\
    Wang Tianyi,m,1989-02-27,Hangzhou,2680,GM,138,adult,n,0\r\n\
    Tang Dan,f,1991-03-06,Beijing,2500,WGM,,adult,y,1\r\n";

/// Every header the roster readers know, and some they do not.
pub(crate) const HEADERS: &[&str] = &[
    "姓名",
    "性别",
    "出生日期",
    "单位",
    "等级分",
    "称号",
    "电话",
    "组别",
    "女子验证",
    "提名",
    "name",
    "NAME",
    "gender",
    "born",
    "club",
    "rating",
    "title",
    "phone",
    "group",
    "verified_female",
    "nominee",
    "备注",
    "",
    " 姓名 ",
];

/// Cell values that reach every branch of the field parsers.
pub(crate) const CELLS: &[&str] = &[
    "",
    " ",
    "王天一",
    "男",
    "女",
    "m",
    "f",
    "x",
    "1989-02-27",
    "1989/2/7",
    "1989.02.27",
    "1989-02-30",
    "2024-13-01",
    "99999-01-01",
    "0000-01-01",
    "1989-02-27T10:00:00",
    "1989-02-27T",
    "T",
    "--",
    "//",
    "2680",
    "-1",
    "4294967296",
    "2680.5",
    "1e3",
    "特级大师",
    "大师",
    "GM",
    "WGM",
    "是",
    "否",
    "true",
    "FALSE",
    "1",
    "0",
    "y",
    "N",
    "maybe",
    "\"",
    "\"\"",
    ",",
    "\u{0}",
    "\u{feff}",
    "½",
    "#N/A",
];

// ---------------------------------------------------------------------------
// Mutations

/// One edit of a valid file.
#[derive(Debug, Clone)]
pub(crate) enum Edit<T> {
    /// Replace the unit at a position (keeps TRF columns aligned).
    Replace(Index, T),
    /// Insert a run of units.
    Insert(Index, Vec<T>),
    /// Delete a run of units.
    Delete(Index, usize),
    /// Copy a run of units to another place (a duplicated line, a repeated field).
    Copy(Index, usize, Index),
    /// Cut the file short.
    Truncate(Index),
}

pub(crate) fn apply_edits<T: Clone>(mut units: Vec<T>, edits: &[Edit<T>]) -> Vec<T> {
    for edit in edits {
        let len = units.len();
        match edit {
            Edit::Replace(at, unit) if len > 0 => units[at.index(len)] = unit.clone(),
            Edit::Insert(at, run) => {
                let at = at.index(len + 1);
                units.splice(at..at, run.iter().cloned());
            }
            Edit::Delete(at, n) if len > 0 => {
                let at = at.index(len);
                units.drain(at..(at + n).min(len));
            }
            Edit::Copy(from, n, to) if len > 0 => {
                let from = from.index(len);
                let run: Vec<T> = units[from..(from + n).min(len)].to_vec();
                let to = to.index(len + 1);
                units.splice(to..to, run);
            }
            Edit::Truncate(at) if len > 0 => units.truncate(at.index(len)),
            _ => {}
        }
    }
    units
}

pub(crate) fn edits<T: Clone + std::fmt::Debug + 'static>(
    unit: impl Strategy<Value = T> + Clone + 'static,
    run: impl Strategy<Value = Vec<T>> + Clone + 'static,
) -> impl Strategy<Value = Vec<Edit<T>>> {
    let edit = prop_oneof![
        6 => (any::<Index>(), unit).prop_map(|(at, u)| Edit::Replace(at, u)),
        3 => (any::<Index>(), run).prop_map(|(at, r)| Edit::Insert(at, r)),
        2 => (any::<Index>(), 1..200usize).prop_map(|(at, n)| Edit::Delete(at, n)),
        2 => (any::<Index>(), 1..200usize, any::<Index>()).prop_map(|(f, n, t)| Edit::Copy(f, n, t)),
        1 => any::<Index>().prop_map(Edit::Truncate),
    ];
    proptest::collection::vec(edit, 1..8)
}

/// A byte that matters to CSV or to a zip archive, or any byte.
fn byte() -> impl Strategy<Value = u8> + Clone {
    prop_oneof![
        select(&b",\"\n\r \t0123456789-/.:;PK\x00\x01\x03\x04\x08\x14\x7f\x80\xbf\xc0\xef\xbb\xff"[..]),
        any::<u8>()
    ]
}

fn bytes_run() -> impl Strategy<Value = Vec<u8>> + Clone {
    prop_oneof![
        proptest::collection::vec(byte(), 1..16),
        select(CELLS).prop_map(|s| s.as_bytes().to_vec()),
        select(HEADERS).prop_map(|s| format!("{s},").into_bytes()),
    ]
}

// ---------------------------------------------------------------------------
// Checks shared by the targets

/// Lines of a text, counting `\n`, `\r\n` and a lone `\r` as line ends, as the TRF
/// reader does.
fn lines(text: &str) -> usize {
    text.replace("\r\n", "\n").replace('\r', "\n").split('\n').count()
}

/// A TRF error names a line of the file and says what is wrong.
fn check_trf_error(error: &TrfError, text: &str) -> Result<(), TestCaseError> {
    prop_assert!(!error.message.trim().is_empty(), "TRF error without a message: {error:?}");
    prop_assert!(!error.field.trim().is_empty(), "TRF error without a field: {error:?}");
    prop_assert!(error.line >= 1 && error.line <= lines(text) + 1, "line out of the file: {error:?}");
    prop_assert!(error.to_string().starts_with(&error.file), "{error}");
    Ok(())
}

/// Parses `text` as a TRF file and imports it as an event; neither may panic, and an
/// unmodified document writes back the exact text it was read from.
fn check_trf(text: &str) -> Result<(), TestCaseError> {
    match TrfDocument::parse("fuzz.trf", text) {
        Err(error) => check_trf_error(&error, text)?,
        Ok(doc) => {
            prop_assert_eq!(doc.to_text(), text, "a parsed TRF is written back byte for byte");
            if let Err(error) = to_event(&doc) {
                check_trf_error(&error, text)?;
            }
        }
    }
    if let Err(error) = parse_pairing("fuzz.txt", text) {
        check_trf_error(&error, text)?;
    }
    Ok(())
}

/// A roster error says what is wrong; every bad row names its line and has a message,
/// in file order; a roster read without error has a name on every row.
pub(crate) fn check_roster(result: Result<Vec<RosterRow>, RosterError>, file: &str) -> Result<(), TestCaseError> {
    match result {
        Ok(rows) => {
            prop_assert!(!rows.is_empty(), "an accepted roster lists players");
            for pair in rows.windows(2) {
                prop_assert!(pair[0].line < pair[1].line, "rows out of file order: {pair:?}");
            }
            for row in &rows {
                prop_assert!(row.line >= 2, "a player on the header line: {row:?}");
                prop_assert!(!row.entry.name.trim().is_empty(), "a player without a name: {row:?}");
            }
        }
        Err(error) => {
            let message = error.to_string();
            prop_assert!(message.contains(file), "the message names the file: {message}");
            prop_assert!(message.replace(file, "").trim().len() > 2, "a message that says nothing: {message}");
            match &error {
                RosterError::BadRows { errors, .. } => {
                    prop_assert!(!errors.is_empty(), "BadRows without a row");
                    for pair in errors.windows(2) {
                        prop_assert!(pair[0].line <= pair[1].line, "row errors out of order: {pair:?}");
                    }
                    for row in errors {
                        prop_assert!(row.line >= 1, "{row:?}");
                        prop_assert!(
                            !row.issue.to_string().trim().is_empty(),
                            "a row error without a message: {row:?}"
                        );
                    }
                }
                RosterError::Workbook { source, .. } => {
                    prop_assert!(!source.to_string().trim().is_empty(), "calamine's error says nothing: {error:?}");
                }
                _ => {}
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// TRF

/// A character that matters in a TRF file, or any character.
fn trf_char() -> impl Strategy<Value = char> + Clone {
    prop_oneof![
        4 => select(" 0123456789wbWBDLHFUZ=+-.,/:XRCSA\n\r\t中½".chars().collect::<Vec<_>>()),
        1 => any::<char>(),
    ]
}

fn trf_run() -> impl Strategy<Value = Vec<char>> + Clone {
    prop_oneof![
        proptest::collection::vec(trf_char(), 1..12),
        select(vec![
            "001 ",
            "XXR ",
            "XXC ",
            "XXS ",
            "XXC black1",
            "XXC rank",
            "XXS W=1.5",
            "XXS WW=",
            "XXS ZZ=1",
            "XXS D=-0.5",
            "  0000 - H",
            "  0000 - Z",
            "    12 w 1",
            "    99 b =",
            "  9999",
            "4294967296",
            "-1",
            "\r\n",
            "\n001 ",
            "XXR 0",
            "XXR 99999999999",
            "012 ",
            "092 ",
        ])
        .prop_map(|s| s.chars().collect()),
    ]
}

proptest! {
    #![proptest_config(config())]

    // Issue 8: arbitrary bytes (as the CLI reads them, lossily) never panic the TRF reader.
    #[test]
    fn trf_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        check_trf(&String::from_utf8_lossy(&bytes))?;
    }

    // Issue 8: mutated valid TRF files reach the field and round checks without a panic.
    #[test]
    fn trf_mutations(seed in any::<Index>(), edits in edits(trf_char(), trf_run())) {
        let seeds = trf_seeds();
        let text: String = apply_edits(seeds[seed.index(seeds.len())].chars().collect(), &edits).into_iter().collect();
        check_trf(&text)?;
    }
}

// ---------------------------------------------------------------------------
// Roster CSV

/// A CSV roster built from known headers and tricky cells; `quoted` writes it with the
/// csv crate (always well formed), otherwise cells are joined as they are.
fn csv_roster() -> impl Strategy<Value = Vec<u8>> {
    let cell = prop_oneof![3 => select(CELLS).prop_map(String::from), 1 => short_string()];
    let header = prop_oneof![4 => select(HEADERS).prop_map(String::from), 1 => short_string()];
    (
        proptest::collection::vec(header, 1..8),
        proptest::collection::vec(proptest::collection::vec(cell, 0..9), 0..6),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(headers, rows, quoted, bom)| {
            let mut out = if bom { b"\xEF\xBB\xBF".to_vec() } else { Vec::new() };
            if quoted {
                let mut writer = csv::WriterBuilder::new().flexible(true).from_writer(Vec::new());
                for record in std::iter::once(&headers).chain(&rows) {
                    // Writing to a Vec cannot fail.
                    let _ = writer.write_record(record);
                }
                out.extend(writer.into_inner().unwrap_or_default());
            } else {
                for record in std::iter::once(&headers).chain(&rows) {
                    out.extend(record.join(",").into_bytes());
                    out.push(b'\n');
                }
            }
            out
        })
}

proptest! {
    #![proptest_config(config())]

    // Issue 8: arbitrary bytes never panic the CSV roster reader.
    #[test]
    fn csv_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        check_roster(read_csv("fuzz.csv", &bytes), "fuzz.csv")?;
    }

    // Issue 8: mutated valid rosters, byte by byte.
    #[test]
    fn csv_mutations(english in any::<bool>(), edits in edits(byte(), bytes_run())) {
        let seed = if english { CSV_EN } else { CSV_ZH };
        let bytes = apply_edits(seed.as_bytes().to_vec(), &edits);
        check_roster(read_csv("fuzz.csv", &bytes), "fuzz.csv")?;
    }

    // Issue 8: rosters with known headers and arbitrary cells reach every field parser.
    #[test]
    fn csv_generated_rosters(bytes in csv_roster()) {
        check_roster(read_csv("fuzz.csv", &bytes), "fuzz.csv")?;
    }
}

// ---------------------------------------------------------------------------
// Roster XLSX

/// One cell of a generated workbook.
#[derive(Debug, Clone)]
enum XlsxCell {
    Text(String),
    Number(f64),
    /// A number with a date format: calamine reads it as a date-time.
    Date(f64),
    Bool(bool),
    Formula(String),
}

fn xlsx_cell() -> impl Strategy<Value = XlsxCell> {
    let number = prop_oneof![
        select(vec![0.0, 1.0, 59.0, 60.0, 61.0, 40_000.0, 2_958_465.0, 2_958_466.0, -1.0, 2680.0, 1e300, 0.5]),
        any::<f64>(),
    ];
    prop_oneof![
        4 => select(CELLS).prop_map(|s| XlsxCell::Text(s.to_string())),
        2 => short_string().prop_map(XlsxCell::Text),
        2 => number.clone().prop_map(XlsxCell::Number),
        2 => number.prop_map(XlsxCell::Date),
        1 => any::<bool>().prop_map(XlsxCell::Bool),
        1 => select(vec!["=1/0", "=NA()", "=\"王\"", "=A1", "=1+"]).prop_map(|f| XlsxCell::Formula(f.to_string())),
    ]
}

/// A workbook written by rust_xlsxwriter: a header row of known names at a random
/// place, then cells anywhere in a small area.
fn xlsx_workbook() -> impl Strategy<Value = Vec<u8>> {
    let header = prop_oneof![4 => select(HEADERS).prop_map(String::from), 1 => short_string()];
    (
        0..4u32,
        0..3u16,
        proptest::collection::vec(header, 1..8),
        proptest::collection::vec((0..10u32, 0..10u16, xlsx_cell()), 0..30),
    )
        .prop_map(|(top, left, headers, cells)| {
            let mut workbook = rust_xlsxwriter::Workbook::new();
            let date = rust_xlsxwriter::Format::new().set_num_format("yyyy-mm-dd");
            let sheet = workbook.add_worksheet();
            // A cell the writer refuses (too long a string, a NaN) is left out.
            for (i, h) in headers.iter().enumerate() {
                let _ = sheet.write_string(top, left + i as u16, h.as_str());
            }
            for (row, col, cell) in cells {
                let _ = match cell {
                    XlsxCell::Text(s) => sheet.write_string(row, col, s),
                    XlsxCell::Number(n) => sheet.write_number(row, col, n),
                    XlsxCell::Date(n) => sheet.write_number_with_format(row, col, n, &date),
                    XlsxCell::Bool(b) => sheet.write_boolean(row, col, b),
                    XlsxCell::Formula(f) => sheet.write_formula(row, col, f.as_str()),
                };
            }
            workbook.save_to_buffer().unwrap_or_default()
        })
}

thread_local! {
    /// One directory per test thread, removed when the thread ends.
    pub(crate) static DIR: Option<tempfile::TempDir> = tempfile::tempdir().ok();
}

/// Writes `bytes` to a new `.xlsx` file in this thread's directory, reads it as a
/// roster and removes it. (A new file each time: rewriting one file makes ext4 flush it
/// to disk, which took 3 ms a case.)
fn check_xlsx(bytes: &[u8]) -> Result<(), TestCaseError> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = format!("fuzz{}.xlsx", NEXT.fetch_add(1, Ordering::Relaxed));
    let path =
        DIR.with(|dir| dir.as_ref().map(|d| d.path().join(&name))).ok_or_else(|| TestCaseError::fail("no temp dir"))?;
    std::fs::write(&path, bytes).map_err(|e| TestCaseError::fail(format!("write {}: {e}", path.display())))?;
    let result = read_xlsx(&path);
    let _ = std::fs::remove_file(&path);
    check_roster(result, &name)
}

/// A small valid workbook written by rust_xlsxwriter, to mutate.
fn written_workbook() -> &'static [u8] {
    static WORKBOOK: OnceLock<Vec<u8>> = OnceLock::new();
    WORKBOOK.get_or_init(|| {
        let mut workbook = rust_xlsxwriter::Workbook::new();
        let sheet = workbook.add_worksheet();
        for (col, (h, v)) in [("姓名", "王天一"), ("出生日期", "1989-02-27"), ("等级分", "2680")].iter().enumerate()
        {
            let _ = sheet.write_string(0, col as u16, *h).and_then(|s| s.write_string(1, col as u16, *v));
        }
        workbook.save_to_buffer().unwrap_or_default()
    })
}

proptest! {
    #![proptest_config(config())]

    // Issue 8: arbitrary bytes never panic the XLSX roster reader.
    #[test]
    fn xlsx_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        check_xlsx(&bytes)?;
    }

    // Issue 8: valid workbooks with bytes flipped, cut or copied.
    #[test]
    fn xlsx_mutations(fixture in any::<bool>(), edits in edits(byte(), bytes_run())) {
        let seed = if fixture { ROSTER_XLSX } else { written_workbook() };
        check_xlsx(&apply_edits(seed.to_vec(), &edits))?;
    }
}

/// As [`check_xlsx`], for a legacy `.xls` workbook.
fn check_xls(bytes: &[u8]) -> Result<(), TestCaseError> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = format!("fuzz{}.xls", NEXT.fetch_add(1, Ordering::Relaxed));
    let path =
        DIR.with(|dir| dir.as_ref().map(|d| d.path().join(&name))).ok_or_else(|| TestCaseError::fail("no temp dir"))?;
    std::fs::write(&path, bytes).map_err(|e| TestCaseError::fail(format!("write {}: {e}", path.display())))?;
    let result = read_xls(&path);
    let _ = std::fs::remove_file(&path);
    check_roster(result, &name)
}

proptest! {
    #![proptest_config(config())]

    // Issue 17: arbitrary bytes never panic the XLS roster reader.
    #[test]
    fn xls_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        check_xls(&bytes)?;
    }

    // Issue 17: the XLS fixtures (workbook in the mini stream, or in regular sectors)
    // with bytes flipped, cut or copied: calamine reads them without a panic, an endless
    // chain or an allocation beyond a roster's (the guard of `io::roster` refuses those).
    #[test]
    fn xls_mutations(long in any::<bool>(), edits in edits(byte(), bytes_run())) {
        let seed = if long { ROSTER_LONG_XLS } else { ROSTER_XLS };
        check_xls(&apply_edits(seed.to_vec(), &edits))?;
    }
}

proptest! {
    // rust_xlsxwriter takes ~8 ms a workbook in debug builds: 1,000 workbooks (~11 s);
    // xlsx_sheet_xml below puts the same kinds of cells in 10,000 sheets far faster.
    #![proptest_config(config_with(1_000))]

    // Issue 8: workbooks with arbitrary cells (strings, numbers, dates, booleans,
    // formulas) reach every field parser without a panic.
    #[test]
    fn xlsx_generated_workbooks(bytes in xlsx_workbook()) {
        check_xlsx(&bytes)?;
    }
}
