//! Issue 18, item 4: every message a director sees about files — the event file, the
//! blacklist, rosters, TRF files, exports and PDFs — exists in Chinese and in English,
//! and none shows a raw operating-system or library error, a requirement id or the
//! command line's name.
//!
//! Each error enum is walked variant by variant: one sample per variant, and a
//! function with an exhaustive `match` (no wildcard) per enum, so that a new variant
//! does not compile here until it is named and given a sample below.

use bianpai::cli::trf::TrfPairError;
use bianpai::domain::command::DomainError;
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::prizes::PrizeError;
use bianpai::domain::swiss::PairingError;
use bianpai::io::export::ExportError;
use bianpai::io::roster::{RosterError, RowError, RowIssue, read_roster};
use bianpai::io::trf::{ExportError as TrfExportError, TrfDocument, TrfError};
use bianpai::lang::{Lang, Localized};
use bianpai::present::ranking::RankingError;
use bianpai::print::PrintError;
use bianpai::store::blacklist::BlacklistError;
use bianpai::store::{BadValue, RowError as StoreRowError, StoreError, Tamper};
use std::collections::BTreeSet;
use std::io::ErrorKind;
use std::path::PathBuf;

// ---------------------------------------------------------------------------
// The checks

/// Words no director should read: requirement ids, code, the command line's name, raw
/// operating-system or SQLite texts, library names.
const FORBIDDEN: [&str; 13] = [
    "`",
    "bianpai ",
    "os error",
    "Os {",
    "Error code",
    "SqliteFailure",
    "Some(",
    "rusqlite",
    "calamine",
    "csv::",
    "zip",
    "quick_xml",
    "xlsxwriter",
];

fn is_han(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}')
}

/// Chinese script or punctuation: CJK ideographs, CJK symbols, full-width forms and
/// Chinese quotation marks.
fn is_chinese(c: char) -> bool {
    is_han(c) || matches!(c, '\u{3000}'..='\u{303F}' | '\u{FF00}'..='\u{FFEF}' | '“' | '”')
}

/// `R-` followed by a digit.
fn names_requirement(text: &str) -> bool {
    text.match_indices("R-").any(|(i, _)| text[i + 2..].chars().next().is_some_and(|c| c.is_ascii_digit()))
}

fn check_clean(what: &str, text: &str) {
    assert!(!text.trim().is_empty(), "{what}: empty message");
    assert!(!names_requirement(text), "{what}: names a requirement id: {text}");
    for word in FORBIDDEN {
        assert!(!text.contains(word), "{what}: contains {word:?}: {text}");
    }
}

/// Both languages of `error`: Chinese with Chinese characters, English without any,
/// different from each other, neither with a forbidden word.
fn check_both(what: &str, error: &dyn Localized) {
    let (zh, en) = (error.message(Lang::Zh), error.message(Lang::En));
    check_clean(what, &zh);
    check_clean(what, &en);
    assert!(zh.chars().any(is_han), "{what}: the Chinese message has no Chinese: {zh}");
    assert!(!en.chars().any(is_chinese), "{what}: the English message has Chinese: {en}");
    assert_ne!(zh, en, "{what}: the same text in both languages");
}

/// A variant that wraps the rules' own refusal: its words are the refusal's (worded by
/// the domain), maybe after the file's name.
fn check_wraps(what: &str, error: &dyn Localized, inner: &dyn Localized) {
    for lang in [Lang::Zh, Lang::En] {
        let (outer, inner) = (error.message(lang), inner.message(lang));
        check_clean(what, &outer);
        assert!(outer.contains(&inner), "{what}: {outer:?} does not carry the rules' words {inner:?}");
    }
    // The rules now have words of their own: the wrapper is fully bilingual too.
    check_both(what, error);
}

/// Every sample's variant named once, and every variant of `all` sampled.
fn check_walk(enum_name: &str, all: &[&str], sampled: Vec<&'static str>) {
    let distinct: BTreeSet<&str> = sampled.iter().copied().collect();
    assert_eq!(distinct.len(), sampled.len(), "{enum_name}: a variant sampled twice: {sampled:?}");
    let all: BTreeSet<&str> = all.iter().copied().collect();
    assert_eq!(distinct, all, "{enum_name}: the samples do not cover every variant");
}

// ---------------------------------------------------------------------------
// Real errors of the operating system and SQLite

fn io(kind: ErrorKind) -> std::io::Error {
    std::io::Error::from(kind)
}

/// An error with the operating system's own text, as `std::fs` gives it.
fn os_error() -> std::io::Error {
    std::fs::read("/no/such/folder/roster.csv").unwrap_err()
}

fn sqlite(code: std::ffi::c_int) -> rusqlite::Error {
    rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(code), None)
}

fn path(name: &str) -> PathBuf {
    PathBuf::from(name)
}

fn domain() -> DomainError {
    DomainError::UnknownGroup(GroupId(9))
}

// ---------------------------------------------------------------------------
// The store

fn store_variant(e: &StoreError) -> &'static str {
    match e {
        StoreError::InUse { .. } => "InUse",
        StoreError::NewerVersion { .. } => "NewerVersion",
        StoreError::NotAnEventFile { .. } => "NotAnEventFile",
        StoreError::AlreadyExists { .. } => "AlreadyExists",
        StoreError::NotFound { .. } => "NotFound",
        StoreError::NoFolder { .. } => "NoFolder",
        StoreError::ReadOnly { .. } => "ReadOnly",
        StoreError::Domain(_) => "Domain",
        StoreError::Damaged { .. } => "Damaged",
        StoreError::Sqlite { .. } => "Sqlite",
        StoreError::Io { .. } => "Io",
        StoreError::Tampered { .. } => "Tampered",
    }
}

// Issue 18, item 4: the event file's errors.
#[test]
fn store_errors_in_both_languages() {
    let p = || path("event.bianpai");
    let samples = vec![
        StoreError::InUse { path: p() },
        StoreError::NewerVersion { path: p(), found: 9, supported: 4 },
        StoreError::NotAnEventFile { path: p(), reason: "not an SQLite database".into() },
        StoreError::AlreadyExists { path: p() },
        StoreError::NotFound { path: p() },
        StoreError::NoFolder { path: p() },
        StoreError::ReadOnly { path: p() },
        StoreError::Damaged { path: p(), message: "database disk image is malformed".into() },
        StoreError::Sqlite { path: p(), source: sqlite(rusqlite::ffi::SQLITE_FULL) },
        StoreError::Sqlite { path: p(), source: sqlite(rusqlite::ffi::SQLITE_BUSY) },
        StoreError::Sqlite { path: p(), source: sqlite(rusqlite::ffi::SQLITE_READONLY) },
        StoreError::Sqlite { path: p(), source: sqlite(rusqlite::ffi::SQLITE_CORRUPT) },
        StoreError::Sqlite { path: p(), source: sqlite(rusqlite::ffi::SQLITE_NOTADB) },
        StoreError::Sqlite { path: p(), source: sqlite(rusqlite::ffi::SQLITE_ERROR) },
        StoreError::Sqlite { path: p(), source: rusqlite::Error::InvalidQuery },
        StoreError::Io { path: p(), source: io(ErrorKind::PermissionDenied) },
        StoreError::Io { path: p(), source: io(ErrorKind::StorageFull) },
        StoreError::Io { path: p(), source: os_error() },
        StoreError::Io { path: p(), source: std::io::Error::other("raw system text") },
        // Issue 22, item 6: each way a file changed outside Bianpai no longer matches.
        StoreError::Tampered { path: p(), row: 7, what: Tamper::Row, backup: Some(path("event.bak-r3.bianpai")) },
        StoreError::Tampered { path: p(), row: 7, what: Tamper::Link, backup: None },
        StoreError::Tampered { path: p(), row: 12, what: Tamper::Cut, backup: Some(path("event.bak-r3.bianpai")) },
        StoreError::Tampered { path: p(), row: 11, what: Tamper::Data, backup: Some(path("event.bak-r3.bianpai")) },
        StoreError::Tampered { path: p(), row: 0, what: Tamper::Data, backup: None },
    ];
    for error in &samples {
        check_both(&format!("{error:?}"), error);
        assert!(error.message(Lang::Zh).contains("event.bianpai"), "names the file: {error:?}");
    }
    let wrapped = StoreError::Domain(domain());
    check_wraps("StoreError::Domain", &wrapped, &domain());

    let mut sampled: Vec<&str> = samples.iter().map(store_variant).collect();
    sampled.dedup();
    sampled.push(store_variant(&wrapped));
    let all = [
        "InUse",
        "NewerVersion",
        "NotAnEventFile",
        "AlreadyExists",
        "NotFound",
        "NoFolder",
        "Damaged",
        "Sqlite",
        "Io",
        "Domain",
        "ReadOnly",
        "Tampered",
    ];
    check_walk("StoreError", &all, sampled);

    let full = StoreError::Io { path: p(), source: io(ErrorKind::StorageFull) };
    assert_eq!(full.message(Lang::Zh), "event.bianpai：磁盘已满");
    let busy = StoreError::Sqlite { path: p(), source: sqlite(rusqlite::ffi::SQLITE_BUSY) };
    assert!(busy.message(Lang::En).contains("in use"), "{}", busy.message(Lang::En));
}

fn store_row_variant(e: &StoreRowError) -> &'static str {
    match e {
        StoreRowError::Sqlite(_) => "Sqlite",
        StoreRowError::Bad(_) => "Bad",
    }
}

// Issue 18, item 4: a value of the event file this build cannot read back.
#[test]
fn store_row_errors_in_both_languages() {
    let samples = vec![
        StoreRowError::Sqlite(sqlite(rusqlite::ffi::SQLITE_CORRUPT)),
        StoreRowError::Bad(BadValue { table: "players", message: "gender 'x'".into() }),
    ];
    for error in &samples {
        check_both(&format!("{error:?}"), error);
    }
    check_walk("store RowError", &["Sqlite", "Bad"], samples.iter().map(store_row_variant).collect());
    for table in ["event", "groups", "stages", "players", "rounds", "games", "byes", "ledger", "other"] {
        check_both(table, &BadValue { table, message: "unreadable JSON".into() });
    }
}

fn blacklist_variant(e: &BlacklistError) -> &'static str {
    match e {
        BlacklistError::Foreign { .. } => "Foreign",
        BlacklistError::Damaged { .. } => "Damaged",
        BlacklistError::Sqlite { .. } => "Sqlite",
        BlacklistError::Io { .. } => "Io",
    }
}

// Issue 18, item 4: the blacklist file's errors.
#[test]
fn blacklist_errors_in_both_languages() {
    let p = || path("blacklist.sqlite");
    let samples = vec![
        BlacklistError::Foreign { path: p() },
        BlacklistError::Damaged { path: p(), id: 3, message: "invalid date".into() },
        BlacklistError::Sqlite { path: p(), source: sqlite(rusqlite::ffi::SQLITE_LOCKED) },
        BlacklistError::Io { path: p(), source: io(ErrorKind::ReadOnlyFilesystem) },
    ];
    for error in &samples {
        check_both(&format!("{error:?}"), error);
    }
    let all = ["Foreign", "Damaged", "Sqlite", "Io"];
    check_walk("BlacklistError", &all, samples.iter().map(blacklist_variant).collect());
}

// ---------------------------------------------------------------------------
// Rosters

fn roster_variant(e: &RosterError) -> &'static str {
    match e {
        RosterError::UnsupportedFormat { .. } => "UnsupportedFormat",
        RosterError::Unreadable { .. } => "Unreadable",
        RosterError::NotUtf8 { .. } => "NotUtf8",
        RosterError::Csv { .. } => "Csv",
        RosterError::Workbook { .. } => "Workbook",
        RosterError::OldWorkbook { .. } => "OldWorkbook",
        RosterError::SheetTooLarge { .. } => "SheetTooLarge",
        RosterError::WorkbookTooLarge { .. } => "WorkbookTooLarge",
        RosterError::WorkbookUnpacksTooLarge { .. } => "WorkbookUnpacksTooLarge",
        RosterError::Damaged { .. } => "Damaged",
        RosterError::MissingNameColumn { .. } => "MissingNameColumn",
        RosterError::DuplicateColumn { .. } => "DuplicateColumn",
        RosterError::Empty { .. } => "Empty",
        RosterError::BadRows { .. } => "BadRows",
    }
}

fn row_issue_variant(issue: &RowIssue) -> &'static str {
    match issue {
        RowIssue::FieldCount { .. } => "FieldCount",
        RowIssue::SpreadsheetError(_) => "SpreadsheetError",
        RowIssue::EmptyName => "EmptyName",
        RowIssue::NotGender(_) => "NotGender",
        RowIssue::NotRating(_) => "NotRating",
        RowIssue::NotYesOrNo(_) => "NotYesOrNo",
        RowIssue::NotDate(_) => "NotDate",
        RowIssue::TooLong { .. } => "TooLong",
        RowIssue::BornInFuture(_) => "BornInFuture",
    }
}

fn row_issues() -> Vec<(&'static str, RowIssue)> {
    vec![
        ("", RowIssue::FieldCount { found: 3, expected: 4 }),
        ("rating", RowIssue::SpreadsheetError("#N/A".into())),
        ("name", RowIssue::EmptyName),
        ("gender", RowIssue::NotGender("x".into())),
        ("rating", RowIssue::NotRating("-5".into())),
        ("nominee", RowIssue::NotYesOrNo("maybe".into())),
        ("born", RowIssue::NotDate("1990-13-01".into())),
        ("club", RowIssue::TooLong { chars: 5000, max: 200 }),
        ("born", RowIssue::BornInFuture("2999-01-01".into())),
    ]
}

// Issue 18, item 4: every reason a roster row is refused, and every roster error.
#[test]
fn roster_errors_in_both_languages() {
    let issues = row_issues();
    for (_, issue) in &issues {
        check_both(&format!("{issue:?}"), issue);
    }
    let all_issues = [
        "FieldCount",
        "SpreadsheetError",
        "EmptyName",
        "NotGender",
        "NotRating",
        "NotYesOrNo",
        "NotDate",
        "TooLong",
        "BornInFuture",
    ];
    check_walk("RowIssue", &all_issues, issues.iter().map(|(_, issue)| row_issue_variant(issue)).collect());

    let file = || "roster.csv".to_string();
    let errors: Vec<RowError> = issues
        .into_iter()
        .enumerate()
        .map(|(i, (field, issue))| RowError { line: i + 2, field: field.into(), issue })
        .collect();
    let samples = vec![
        RosterError::UnsupportedFormat { file: "roster.ods".into() },
        RosterError::Unreadable { file: file(), source: io(ErrorKind::NotFound) },
        RosterError::NotUtf8 { file: file(), line: 3 },
        RosterError::Csv { file: file(), message: "CSV error: record 2 (line 3, byte 40): found record".into() },
        RosterError::Workbook {
            file: "roster.xlsx".into(),
            source: calamine::XlsxError::Io(io(ErrorKind::PermissionDenied)),
        },
        RosterError::OldWorkbook { file: "roster.xls".into(), source: calamine::XlsError::StackLen },
        RosterError::SheetTooLarge {
            file: "roster.xlsx".into(),
            row: 1_048_576,
            column: 3,
            max_rows: 200_000,
            max_columns: 1_000,
        },
        RosterError::WorkbookTooLarge { file: "roster.xls".into(), max_cells: 4_000_000 },
        RosterError::WorkbookUnpacksTooLarge {
            file: "roster.xlsx".into(),
            part: Some("xl/worksheets/sheet1.xml".into()),
            max_megabytes: 200,
        },
        RosterError::Damaged { file: "roster.xlsx".into(), message: "an impossible cell reference".into() },
        RosterError::MissingNameColumn { file: file() },
        RosterError::DuplicateColumn { file: file(), first: "born".into(), second: "Born".into() },
        RosterError::Empty { file: file() },
        RosterError::BadRows { file: file(), errors },
    ];
    for error in &samples {
        check_both(&format!("{error:?}"), error);
        assert!(error.message(Lang::En).contains("roster."), "names the file: {error:?}");
    }
    let all = [
        "UnsupportedFormat",
        "Unreadable",
        "NotUtf8",
        "Csv",
        "Workbook",
        "OldWorkbook",
        "SheetTooLarge",
        "WorkbookTooLarge",
        "WorkbookUnpacksTooLarge",
        "Damaged",
        "MissingNameColumn",
        "DuplicateColumn",
        "Empty",
        "BadRows",
    ];
    check_walk("RosterError", &all, samples.iter().map(roster_variant).collect());

    let RosterError::BadRows { errors, .. } = &samples[13] else { panic!("the last sample lists bad rows") };
    assert_eq!(errors[6].message(Lang::Zh), "第 8 行，出生日期：“1990-13-01” 不是有效日期（应为 YYYY-MM-DD）");
    assert_eq!(errors[6].message(Lang::En), "line 8, field born: '1990-13-01' is not a date (YYYY-MM-DD)");
    assert_eq!(errors[0].message(Lang::Zh), "第 2 行：这一行有 3 个字段，但标题行有 4 个");
}

// Issue 18, item 4: a real bad roster read from disk names each bad row's line and
// column in the language shown, whichever language its header row is in.
#[test]
fn a_bad_roster_file_names_line_and_column_in_both_languages() {
    let dir = tempfile::tempdir().expect("temp dir");
    let english = dir.path().join("roster.csv");
    std::fs::write(&english, "name,born,rating\nWang,1989-02-27,2600\nTang,1990-13-01,2500\n").expect("write");
    let error = read_roster(&english).unwrap_err();
    let (zh, en) = (error.message(Lang::Zh), error.message(Lang::En));
    assert!(zh.ends_with("roster.csv 第 3 行，出生日期：“1990-13-01” 不是有效日期（应为 YYYY-MM-DD）"), "{zh}");
    assert!(en.ends_with("roster.csv line 3, field born: '1990-13-01' is not a date (YYYY-MM-DD)"), "{en}");
    assert!(error.to_string().ends_with("roster.csv line 3, field born: '1990-13-01' is not a date (YYYY-MM-DD)"));

    let chinese = dir.path().join("chinese.csv");
    std::fs::write(&chinese, "姓名,性别,等级分\n王天一,男,2600\n唐丹,x,abc\n").expect("write");
    let error = read_roster(&chinese).unwrap_err();
    let (zh, en) = (error.message(Lang::Zh), error.message(Lang::En));
    assert!(zh.contains("chinese.csv 第 3 行，性别：“x” 不是性别"), "{zh}");
    assert!(zh.contains("chinese.csv 第 3 行，等级分：“abc” 不是等级分"), "{zh}");
    assert!(en.contains("chinese.csv line 3, field gender: 'x' is not a gender"), "{en}");
    assert!(en.contains("chinese.csv line 3, field rating: 'abc' is not a rating"), "{en}");
    // The file's own text is the only Chinese the English message may quote: here none.
    assert!(!en.chars().any(is_chinese), "{en}");

    // The temporary folder's random name is left out of the checks.
    let missing = read_roster(&dir.path().join("missing.csv")).unwrap_err();
    let folder = dir.path().display().to_string();
    let (zh, en) =
        (missing.message(Lang::Zh).replace(&folder, "DIR"), missing.message(Lang::En).replace(&folder, "DIR"));
    check_clean("a missing roster", &zh);
    check_clean("a missing roster", &en);
    assert!(zh.ends_with("missing.csv：找不到文件或文件夹"), "{zh}");
    assert!(en.ends_with("missing.csv: no such file or folder"), "{en}");
    assert!(missing.to_string().contains("os error"), "Display keeps the raw error for logs: {missing}");
}

// ---------------------------------------------------------------------------
// TRF files

// Issue 18, item 4: a TRF file's problem names its line and field in both languages.
#[test]
fn trf_errors_in_both_languages() {
    let text = "012 Mini\n\
                001    1      A                                                                  1.0    1     2 w X\n";
    let error: TrfError = TrfDocument::parse("mini.trf", text).unwrap_err();
    check_both("TrfError", &error);
    assert!(error.message(Lang::Zh).starts_with("mini.trf 第 2 行，第 1 轮结果："), "{}", error.message(Lang::Zh));
    assert_eq!(error.message(Lang::En), error.to_string());

    let empty = bianpai::io::trf::parse_pairing("pairs.txt", "").unwrap_err();
    check_both("parse_pairing", &empty);
}

fn trf_export_variant(e: &TrfExportError) -> &'static str {
    match e {
        TrfExportError::UnknownGroup(_) => "UnknownGroup",
        TrfExportError::UnknownStage { .. } => "UnknownStage",
        TrfExportError::Unrepresentable { .. } => "Unrepresentable",
    }
}

// Issue 18, item 4: what TRF cannot hold, in both languages.
#[test]
fn trf_export_errors_in_both_languages() {
    let mut event = bianpai::domain::presets::build("fide-swiss", Some("Open"), Some(5)).expect("preset");
    let entry = bianpai::domain::player::PlayerEntry { name: "A".into(), ..Default::default() };
    let command = bianpai::domain::command::Command::AddPlayers {
        group: GroupId(1),
        entries: vec![entry],
        override_reason: None,
        left_out: Vec::new(),
    };
    bianpai::domain::command::apply(&mut event, &command).expect("a player");
    // A rating no entry may have now (issue 22), as an older file may hold.
    event.players[0].entry.rating = Some(12_000);
    let too_high = bianpai::io::trf::from_stage(&event, GroupId(1), StageNo(1)).unwrap_err();
    let samples = vec![
        TrfExportError::UnknownGroup(GroupId(9)),
        TrfExportError::UnknownStage { group: "Open".into(), stage: StageNo(4) },
        too_high,
    ];
    for error in &samples {
        check_both(&format!("{error:?}"), error);
    }
    let all = ["UnknownGroup", "UnknownStage", "Unrepresentable"];
    check_walk("trf ExportError", &all, samples.iter().map(trf_export_variant).collect());
    assert!(samples[2].message(Lang::Zh).contains("12000"), "{}", samples[2].message(Lang::Zh));
}

fn trf_pair_variant(e: &TrfPairError) -> &'static str {
    match e {
        TrfPairError::NoPairing { .. } => "NoPairing",
        TrfPairError::Invalid(_) => "Invalid",
        TrfPairError::NoStage { .. } => "NoStage",
        TrfPairError::Refused { .. } => "Refused",
        TrfPairError::Unpaired { .. } => "Unpaired",
        TrfPairError::File { .. } => "File",
    }
}

// Issue 18, item 4: why `trf pair` stopped.
#[test]
fn trf_pair_errors_in_both_languages() {
    let name = || "mini.trf".to_string();
    let invalid = TrfDocument::parse("mini.trf", "XXR x\n").unwrap_err();
    let own = vec![
        TrfPairError::Invalid(invalid),
        TrfPairError::NoStage { name: name() },
        TrfPairError::File { path: path("out.txt"), source: io(ErrorKind::PermissionDenied) },
        TrfPairError::File { path: path("mini.trf"), source: os_error() },
    ];
    for error in &own {
        check_both(&format!("{error:?}"), error);
    }
    let too_few = PairingError::TooFewPlayers(1);
    let not_open = PairingError::StageNotOpen(StageNo(1));
    let wrapping = vec![
        (TrfPairError::NoPairing { name: name(), source: too_few.clone() }, Box::new(too_few) as Box<dyn Localized>),
        (TrfPairError::Refused { name: name(), source: domain() }, Box::new(domain())),
        (TrfPairError::Unpaired { name: name(), source: not_open.clone() }, Box::new(not_open)),
    ];
    for (error, inner) in &wrapping {
        check_wraps(&format!("{error:?}"), error, inner.as_ref());
        assert!(error.message(Lang::Zh).starts_with("mini.trf："), "{}", error.message(Lang::Zh));
    }
    let mut sampled: Vec<&str> = own.iter().map(trf_pair_variant).collect();
    sampled.dedup();
    sampled.extend(wrapping.iter().map(|(error, _)| trf_pair_variant(error)));
    let all = ["NoPairing", "Invalid", "NoStage", "Refused", "Unpaired", "File"];
    check_walk("TrfPairError", &all, sampled);
}

// ---------------------------------------------------------------------------
// Exports, rankings and PDFs

fn export_variant(e: &ExportError) -> &'static str {
    match e {
        ExportError::Domain(_) => "Domain",
        ExportError::NoRanking { .. } => "NoRanking",
        ExportError::NoTeams { .. } => "NoTeams",
        ExportError::EventTeamsOff => "EventTeamsOff",
        ExportError::Csv(_) => "Csv",
        ExportError::Xlsx(_) => "Xlsx",
        ExportError::Io(_) => "Io",
    }
}

// Issue 18, item 4: why an export could not be made.
#[test]
fn export_errors_in_both_languages() {
    let samples = vec![
        ExportError::NoRanking { group: "Open".into() },
        ExportError::NoTeams { group: "Open".into() },
        ExportError::EventTeamsOff,
        ExportError::Csv(csv::Error::from(io(ErrorKind::StorageFull))),
        ExportError::Xlsx(rust_xlsxwriter::XlsxError::RowColumnLimitError),
        ExportError::Xlsx(rust_xlsxwriter::XlsxError::IoError(io(ErrorKind::PermissionDenied))),
        ExportError::Io(os_error()),
    ];
    for error in &samples {
        check_both(&format!("{error:?}"), error);
    }
    let wrapped = ExportError::Domain(domain());
    check_wraps("ExportError::Domain", &wrapped, &domain());
    let mut sampled: Vec<&str> = samples.iter().map(export_variant).collect();
    sampled.dedup();
    sampled.push(export_variant(&wrapped));
    check_walk("ExportError", &["Domain", "NoRanking", "NoTeams", "EventTeamsOff", "Csv", "Xlsx", "Io"], sampled);
}

fn ranking_variant(e: &RankingError) -> &'static str {
    match e {
        RankingError::Domain(_) => "Domain",
        RankingError::NoRanking { .. } => "NoRanking",
    }
}

// Issue 18, item 4: why a ranking table cannot be built.
#[test]
fn ranking_errors_in_both_languages() {
    let no_ranking = RankingError::NoRanking { group: "Open".into() };
    check_both("RankingError::NoRanking", &no_ranking);
    let wrapped = RankingError::Domain(domain());
    check_wraps("RankingError::Domain", &wrapped, &domain());
    check_walk("RankingError", &["Domain", "NoRanking"], vec![ranking_variant(&no_ranking), ranking_variant(&wrapped)]);
}

fn print_variant(e: &PrintError) -> &'static str {
    match e {
        PrintError::Domain(_) => "Domain",
        PrintError::Prizes(_) => "Prizes",
        PrintError::UnknownGroup(_) => "UnknownGroup",
        PrintError::UnknownRound { .. } => "UnknownRound",
        PrintError::NothingPaired { .. } => "NothingPaired",
        PrintError::NoKnockout { .. } => "NoKnockout",
        PrintError::NotTeamRound { .. } => "NotTeamRound",
        PrintError::NoTeams { .. } => "NoTeams",
        PrintError::NoTeamStage { .. } => "NoTeamStage",
        PrintError::EventTeamsOff => "EventTeamsOff",
        PrintError::Font => "Font",
        PrintError::Pdf(_) => "Pdf",
    }
}

// Issue 18, item 4: why a document cannot be printed.
#[test]
fn print_errors_in_both_languages() {
    let samples = vec![
        PrintError::UnknownGroup(GroupId(9)),
        PrintError::UnknownRound { group: "Open".into(), stage: 1, round: 7, paired: 3 },
        PrintError::NothingPaired { group: "Open".into() },
        PrintError::NoKnockout { group: "Open".into() },
        PrintError::NotTeamRound { group: "Open".into(), round: 2 },
        PrintError::NoTeams { group: "Open".into() },
        PrintError::NoTeamStage { group: "Open".into() },
        PrintError::EventTeamsOff,
        PrintError::Font,
        PrintError::Pdf("printpdf: glyph 12 out of range".into()),
    ];
    for error in &samples {
        check_both(&format!("{error:?}"), error);
    }
    assert!(!PrintError::Pdf("printpdf internals".into()).message(Lang::En).contains("printpdf"));
    let prize = PrizeError::NotStarted(StageNo(2));
    let wrapping = vec![
        (PrintError::Domain(domain()), Box::new(domain()) as Box<dyn Localized>),
        (PrintError::Prizes(prize.clone()), Box::new(prize)),
    ];
    for (error, inner) in &wrapping {
        check_wraps(&format!("{error:?}"), error, inner.as_ref());
    }
    let mut sampled: Vec<&str> = samples.iter().map(print_variant).collect();
    sampled.extend(wrapping.iter().map(|(error, _)| print_variant(error)));
    let all = [
        "Domain",
        "Prizes",
        "UnknownGroup",
        "UnknownRound",
        "NothingPaired",
        "NoKnockout",
        "NotTeamRound",
        "NoTeams",
        "NoTeamStage",
        "EventTeamsOff",
        "Font",
        "Pdf",
    ];
    check_walk("PrintError", &all, sampled);
}
