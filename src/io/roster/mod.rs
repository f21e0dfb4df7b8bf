//! Roster import: reads a list of players from a CSV file or from the first sheet of
//! an XLSX or legacy XLS workbook (CLI.md, "Roster columns") into [`RosterRow`]s.
//!
//! This module owns the column names (Chinese or English), the parsing of each
//! field, and the all-or-nothing validation of a roster: every bad row is reported
//! at once in [`RosterError::BadRows`], and nothing is returned while any row is bad.
//! It does not decide eligibility, start numbers or groups of the event: that is the
//! domain's work once the rows are imported.
//!
//! Every format goes through the same path: the file is read into a header row and
//! raw cells (`csv_file.rs` after `decode.rs` found its text encoding; `workbook.rs`
//! for XLSX and XLS), then `table.rs` turns each row into a [`PlayerEntry`]. A 队名/team
//! column is kept in the entry's notes under [`TEAM_NOTE`] for the import to make teams.

mod csv_file;
mod decode;
mod error_words;
mod table;
mod workbook;
mod xls_guard;
mod xlsx_guard;

use crate::domain::player::PlayerEntry;
use calamine::{XlsError, XlsxError};
use std::fmt::Write as _;
use std::path::Path;

pub use csv_file::read_csv;
pub use workbook::{read_xls, read_xlsx};

/// The note under which a row's 队名/team column is kept in its entry: the
/// command line makes the teams from it ([`take_team`]); elsewhere it stays a note.
pub const TEAM_NOTE: &str = "队名";

/// Takes the 队名/team column's value out of an entry's notes: the team the row's
/// player belongs to, if the roster names one.
pub fn take_team(entry: &mut PlayerEntry) -> Option<String> {
    entry.notes.remove(TEAM_NOTE).filter(|t| !t.trim().is_empty()).map(|t| t.trim().to_string())
}

/// One player read from a roster, with where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RosterRow {
    /// 1-based line of the CSV file (the header is line 1) or row of the sheet
    /// where the player's record starts.
    pub line: usize,
    /// The 组别/group column, if the roster has one and the cell is not empty.
    pub group: Option<String>,
    /// The player's data.
    pub entry: PlayerEntry,
}

/// One problem with one field of one row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowError {
    /// 1-based line (CSV) or row (XLSX) number.
    pub line: usize,
    /// The column's header as written in the file; empty when the whole row is wrong
    /// (e.g. a CSV line with the wrong number of fields).
    pub field: String,
    /// What is wrong, with the value as found. `Display` is English (logs, the command
    /// line); both languages come from [`Localized`](crate::lang::Localized).
    pub issue: RowIssue,
}

/// What is wrong with a row or one of its fields, quoting the value as found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RowIssue {
    /// A CSV record with another number of fields than the header row.
    #[error("has {found} fields but the header row has {expected}")]
    FieldCount {
        /// The fields of the record.
        found: u64,
        /// The fields of the header row.
        expected: u64,
    },
    /// The cell holds a spreadsheet error value such as `#N/A`.
    #[error("the cell holds the spreadsheet error {0}")]
    SpreadsheetError(String),
    /// The 姓名/name cell is empty.
    #[error("the name is empty")]
    EmptyName,
    /// The 性别/gender cell is not a gender.
    #[error("'{0}' is not a gender (男/女/m/f)")]
    NotGender(String),
    /// The 等级分/rating cell is not a whole number from 0 to 3500.
    #[error("'{0}' is not a rating (a whole number from 0 to 3500)")]
    NotRating(String),
    /// A yes-or-no cell (女子验证/verified_female, 提名/nominee) is neither.
    #[error("'{0}' is not yes or no (是/否)")]
    NotYesOrNo(String),
    /// The 出生日期/born cell is not a date.
    #[error("'{0}' is not a date (YYYY-MM-DD)")]
    NotDate(String),
    /// A birth date after today (issue 38, item 12).
    #[error("'{0}' is in the future")]
    BornInFuture(String),
    /// A cell longer than a player's field may be (issue 22, item 2).
    #[error("the cell has {chars} characters; at most {max}")]
    TooLong {
        /// The cell's length.
        chars: usize,
        /// The limit.
        max: usize,
    },
}

/// Why a roster could not be imported. Nothing is imported on any error.
#[derive(Debug, thiserror::Error)]
pub enum RosterError {
    /// The file's extension is none of `.csv`, `.xlsx` and `.xls`.
    #[error("{file}: unsupported roster format; use a .csv, .xlsx or .xls file")]
    UnsupportedFormat {
        /// The file as given.
        file: String,
    },
    /// The file could not be read.
    #[error("cannot read roster {file}: {source}")]
    Unreadable {
        /// The file as given.
        file: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A CSV file in no text encoding Bianpai reads (UTF-8, UTF-16 with its mark,
    /// GBK/GB18030 or Big5).
    #[error("{file} line {line} is not text in UTF-8, UTF-16, GBK or Big5; save the roster as \"CSV UTF-8\"")]
    NotUtf8 {
        /// The file as given.
        file: String,
        /// 1-based line of the first invalid byte.
        line: usize,
    },
    /// A CSV file the parser could not read.
    #[error("{file} is not a readable CSV file: {message}")]
    Csv {
        /// The file as given.
        file: String,
        /// The parser's message.
        message: String,
    },
    /// An XLSX workbook calamine could not open or read.
    #[error("cannot read workbook {file}: {source}")]
    Workbook {
        /// The file as given.
        file: String,
        /// The underlying error.
        #[source]
        source: XlsxError,
    },
    /// A legacy XLS workbook (Excel 97–2003) calamine could not open or read.
    #[error("cannot read workbook {file}: {source}")]
    OldWorkbook {
        /// The file as given.
        file: String,
        /// The underlying error.
        #[source]
        source: XlsError,
    },
    /// A cell lies beyond any roster's size, or its reference is impossible: such a
    /// sheet is refused instead of being laid out in memory.
    #[error(
        "{file}: the sheet has a cell at row {row}, column {column}, beyond a roster's size ({max_rows} rows, {max_columns} columns); delete the stray cell"
    )]
    SheetTooLarge {
        /// The file as given.
        file: String,
        /// 1-based row of the far cell.
        row: u64,
        /// 1-based column of the far cell.
        column: u64,
        /// The most rows read.
        max_rows: u32,
        /// The most columns read.
        max_columns: u32,
    },
    /// A legacy XLS workbook whose sheets (with their size records) lay out more cells
    /// than any roster: refused before it is read into memory.
    #[error(
        "{file}: the workbook's sheets span more than {max_cells} cells, far beyond a roster; copy the roster alone into a new workbook"
    )]
    WorkbookTooLarge {
        /// The file as given.
        file: String,
        /// The most cells read.
        max_cells: u64,
    },
    /// An XLSX workbook one of whose parts (or all together) unpacks to more than any
    /// roster: refused before anything is unpacked (issue 38, item 6).
    #[error(
        "{file}: {} unpacks to more than {max_megabytes} MB, far beyond a roster; copy the roster alone into a new workbook",
        part.as_ref().map_or_else(|| "the workbook".to_string(), |p| format!("the workbook's part {p}"))
    )]
    WorkbookUnpacksTooLarge {
        /// The file as given.
        file: String,
        /// The part (`xl/worksheets/sheet1.xml` …); `None` for all parts together.
        part: Option<String>,
        /// The limit in megabytes.
        max_megabytes: u64,
    },
    /// The workbook's XML could not be read (an impossible cell reference …).
    #[error("cannot read workbook {file}: {message}")]
    Damaged {
        /// The file as given.
        file: String,
        /// What went wrong.
        message: String,
    },
    /// The header row has no 姓名/name column.
    #[error("{file} has no 姓名/name column in its header row")]
    MissingNameColumn {
        /// The file as given.
        file: String,
    },
    /// Two columns of the header row mean the same thing.
    #[error("{file}: columns '{first}' and '{second}' are the same column")]
    DuplicateColumn {
        /// The file as given.
        file: String,
        /// The first header as written.
        first: String,
        /// The second header as written.
        second: String,
    },
    /// No header row, or no player rows under it.
    #[error("{file} lists no players")]
    Empty {
        /// The file as given.
        file: String,
    },
    /// One or more rows are wrong; every one is listed, in file order.
    #[error("{}", format_row_errors(file, errors))]
    BadRows {
        /// The file as given.
        file: String,
        /// Every problem found, sorted by line then column.
        errors: Vec<RowError>,
    },
}

fn format_row_errors(file: &str, errors: &[RowError]) -> String {
    let mut text = String::new();
    for (i, error) in errors.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        // Writing to a String cannot fail.
        let _ = if error.field.is_empty() {
            write!(text, "{file} line {}: {}", error.line, error.issue)
        } else {
            write!(text, "{file} line {}, field {}: {}", error.line, error.field, error.issue)
        };
    }
    text
}

/// Refuses a roster with a birth date after `today` — which the caller, at the edge,
/// takes from the clock (issue 38, item 12): every such row is listed by line and
/// column, and nothing is imported.
///
/// # Errors
/// [`RosterError::BadRows`] listing each row born after `today`.
pub fn refuse_future_births(file: &str, rows: &[RosterRow], today: jiff::civil::Date) -> Result<(), RosterError> {
    let errors: Vec<RowError> = rows
        .iter()
        .filter(|row| row.entry.born_after(today))
        .map(|row| RowError {
            line: row.line,
            field: "born".into(),
            issue: RowIssue::BornInFuture(row.entry.born.map(|d| d.to_string()).unwrap_or_default()),
        })
        .collect();
    if errors.is_empty() { Ok(()) } else { Err(RosterError::BadRows { file: file.to_string(), errors }) }
}

/// Reads a roster, choosing the format by the file's extension: `.csv`, `.xlsx` or
/// `.xls` (in any case).
///
/// # Errors
/// [`RosterError::UnsupportedFormat`] for any other extension, and every error of
/// [`read_csv`], [`read_xlsx`] and [`read_xls`]. Messages name the file as `path`
/// displays.
pub fn read_roster(path: &Path) -> Result<Vec<RosterRow>, RosterError> {
    let file = path.display().to_string();
    let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("csv") => {
            let bytes = std::fs::read(path).map_err(|source| RosterError::Unreadable { file: file.clone(), source })?;
            read_csv(&file, &bytes)
        }
        Some("xlsx") => read_xlsx(path),
        Some("xls") => read_xls(path),
        _ => Err(RosterError::UnsupportedFormat { file }),
    }
}
