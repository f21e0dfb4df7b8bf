//! The checks the file-error word tests share (issue 18, item 4): both languages
//! present and different, none with a requirement id, code, the command line's name
//! or a raw operating-system, SQLite or library text; and real errors of the
//! operating system and SQLite to wrap.

use bianpai::domain::command::DomainError;
use bianpai::domain::ids::GroupId;
use bianpai::lang::{Lang, Localized};
use std::collections::BTreeSet;
use std::io::ErrorKind;
use std::path::PathBuf;
// ---------------------------------------------------------------------------
// The checks

/// Words no director should read: requirement ids, code, the command line's name, raw
/// operating-system or SQLite texts, library names.
pub const FORBIDDEN: [&str; 13] = [
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

pub fn is_han(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}')
}

/// Chinese script or punctuation: CJK ideographs, CJK symbols, full-width forms and
/// Chinese quotation marks.
pub fn is_chinese(c: char) -> bool {
    is_han(c) || matches!(c, '\u{3000}'..='\u{303F}' | '\u{FF00}'..='\u{FFEF}' | '“' | '”')
}

/// `R-` followed by a digit.
pub fn names_requirement(text: &str) -> bool {
    text.match_indices("R-").any(|(i, _)| text[i + 2..].chars().next().is_some_and(|c| c.is_ascii_digit()))
}

pub fn check_clean(what: &str, text: &str) {
    assert!(!text.trim().is_empty(), "{what}: empty message");
    assert!(!names_requirement(text), "{what}: names a requirement id: {text}");
    for word in FORBIDDEN {
        assert!(!text.contains(word), "{what}: contains {word:?}: {text}");
    }
}

/// Both languages of `error`: Chinese with Chinese characters, English without any,
/// different from each other, neither with a forbidden word.
pub fn check_both(what: &str, error: &dyn Localized) {
    let (zh, en) = (error.message(Lang::Zh), error.message(Lang::En));
    check_clean(what, &zh);
    check_clean(what, &en);
    assert!(zh.chars().any(is_han), "{what}: the Chinese message has no Chinese: {zh}");
    assert!(!en.chars().any(is_chinese), "{what}: the English message has Chinese: {en}");
    assert_ne!(zh, en, "{what}: the same text in both languages");
}

/// A variant that wraps the rules' own refusal: its words are the refusal's (worded by
/// the domain), maybe after the file's name.
pub fn check_wraps(what: &str, error: &dyn Localized, inner: &dyn Localized) {
    for lang in [Lang::Zh, Lang::En] {
        let (outer, inner) = (error.message(lang), inner.message(lang));
        check_clean(what, &outer);
        assert!(outer.contains(&inner), "{what}: {outer:?} does not carry the rules' words {inner:?}");
    }
    // The rules now have words of their own: the wrapper is fully bilingual too.
    check_both(what, error);
}

/// Every sample's variant named once, and every variant of `all` sampled.
pub fn check_walk(enum_name: &str, all: &[&str], sampled: Vec<&'static str>) {
    let distinct: BTreeSet<&str> = sampled.iter().copied().collect();
    assert_eq!(distinct.len(), sampled.len(), "{enum_name}: a variant sampled twice: {sampled:?}");
    let all: BTreeSet<&str> = all.iter().copied().collect();
    assert_eq!(distinct, all, "{enum_name}: the samples do not cover every variant");
}

// ---------------------------------------------------------------------------
// Real errors of the operating system and SQLite

pub fn io(kind: ErrorKind) -> std::io::Error {
    std::io::Error::from(kind)
}

/// An error with the operating system's own text, as `std::fs` gives it.
pub fn os_error() -> std::io::Error {
    std::fs::read("/no/such/folder/roster.csv").unwrap_err()
}

pub fn sqlite(code: std::ffi::c_int) -> rusqlite::Error {
    rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(code), None)
}

pub fn path(name: &str) -> PathBuf {
    PathBuf::from(name)
}

pub fn domain() -> DomainError {
    DomainError::UnknownGroup(GroupId(9))
}
