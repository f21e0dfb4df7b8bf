//! Roster import: reads a list of players from a CSV file or from the first sheet of
//! an XLSX workbook (CLI.md, "Roster columns") into [`RosterRow`]s.
//!
//! This module owns the column names (Chinese or English), the parsing of each
//! field, and the all-or-nothing validation of a roster: every bad row is reported
//! at once in [`RosterError::BadRows`], and nothing is returned while any row is bad.
//! It does not decide eligibility, start numbers or groups of the event: that is the
//! domain's work once the rows are imported.
//!
//! Both formats go through the same path: the file is read into a header row and
//! raw cells, then each row is turned into a [`PlayerEntry`].

use crate::domain::player::{Gender, PlayerEntry, Title};
use calamine::{Data, ExcelDateTime, Reader, Xlsx, XlsxError};
use jiff::civil::Date;
use std::fmt::Write as _;
use std::path::Path;

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
    /// What is wrong, quoting the value.
    pub message: String,
}

/// Why a roster could not be imported. Nothing is imported on any error.
#[derive(Debug, thiserror::Error)]
pub enum RosterError {
    /// The file's extension is neither `.csv` nor `.xlsx`.
    #[error("{file}: unsupported roster format; use a .csv or .xlsx file")]
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
            write!(text, "{file} line {}: {}", error.line, error.message)
        } else {
            write!(text, "{file} line {}, field {}: {}", error.line, error.field, error.message)
        };
    }
    text
}

/// Reads a roster, choosing the format by the file's extension: `.csv` or `.xlsx`
/// (in any case).
///
/// # Errors
/// [`RosterError::UnsupportedFormat`] for any other extension, and every error of
/// [`read_csv`] and [`read_xlsx`]. Messages name the file as `path` displays.
pub fn read_roster(path: &Path) -> Result<Vec<RosterRow>, RosterError> {
    let file = path.display().to_string();
    let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("csv") => {
            let bytes = std::fs::read(path).map_err(|source| RosterError::Unreadable { file: file.clone(), source })?;
            read_csv(&file, &bytes)
        }
        Some("xlsx") => read_xlsx(path),
        _ => Err(RosterError::UnsupportedFormat { file }),
    }
}

/// The text of a CSV file as Excel and other programs save it: with a byte-order mark,
/// in its encoding (UTF-8, UTF-16LE/BE); else UTF-8 when the bytes are UTF-8; else the
/// encoding `chardetng` finds (the detector browsers use) when it is a Chinese one —
/// GBK/GB18030, as Excel's "CSV (逗号分隔)" saves on a Chinese Windows, or Big5 — decoded
/// without replacement characters. `Err` is the 1-based line of the first byte that is
/// not UTF-8 when no encoding fits.
fn decode_text(bytes: &[u8]) -> Result<std::borrow::Cow<'_, str>, usize> {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        let (text, malformed) = encoding.decode_without_bom_handling(&bytes[bom..]);
        if !malformed {
            return Ok(text);
        }
    }
    let error = match std::str::from_utf8(bytes) {
        Ok(text) => return Ok(std::borrow::Cow::Borrowed(text)),
        Err(error) => error,
    };
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(bytes, true);
    let guess = detector.guess(None, true);
    let chinese = [encoding_rs::GBK, encoding_rs::GB18030, encoding_rs::BIG5];
    if chinese.contains(&guess)
        && let Some(text) = guess.decode_without_bom_handling_and_without_replacement(bytes)
    {
        return Ok(text);
    }
    let before = &bytes[..error.valid_up_to()];
    Err(line_at(before, before.len()))
}

/// Reads a CSV roster: UTF-8 with or without a byte-order mark, UTF-16 with its mark,
/// GBK/GB18030 or Big5 (see [`decode_text`]), a header row, then
/// one player per record. Blank lines, and records whose fields are all empty, are
/// skipped. `name_for_messages` is how errors name the file.
///
/// # Errors
/// - [`RosterError::NotUtf8`] if the bytes are in none of those encodings;
/// - [`RosterError::Empty`] if there is no header row or no player under it;
/// - [`RosterError::MissingNameColumn`], [`RosterError::DuplicateColumn`] for a bad
///   header row;
/// - [`RosterError::BadRows`] listing every record with the wrong number of fields
///   or a field that does not parse (see [`RowError`]);
/// - [`RosterError::Csv`] for any other parser error.
pub fn read_csv(name_for_messages: &str, bytes: &[u8]) -> Result<Vec<RosterRow>, RosterError> {
    let file = name_for_messages.to_string();
    let text = decode_text(bytes).map_err(|line| RosterError::NotUtf8 { file: file.clone(), line })?;
    let bytes = text.as_bytes();

    let mut reader =
        csv::ReaderBuilder::new().has_headers(true).flexible(false).trim(csv::Trim::All).from_reader(bytes);
    let csv_error = |error: csv::Error| RosterError::Csv { file: file.clone(), message: error.to_string() };
    let headers: Vec<String> = reader.headers().map_err(csv_error)?.iter().map(|h| h.trim().to_string()).collect();

    let mut rows = Vec::new();
    let mut shape_errors = Vec::new();
    for record in reader.records() {
        match record {
            Ok(record) => {
                let line = record.position().map_or(0, |pos| record_line(bytes, byte_offset(pos)));
                let cells = record.iter().map(|field| Cell::Text(field.trim().to_string())).collect();
                rows.push(RawRow { line, cells });
            }
            Err(error) => match error.kind() {
                csv::ErrorKind::UnequalLengths { pos, expected_len, len } => {
                    let line = pos.as_ref().map_or(0, |pos| record_line(bytes, byte_offset(pos)));
                    shape_errors.push(RowError {
                        line,
                        field: String::new(),
                        message: format!("has {len} fields but the header row has {expected_len}"),
                    });
                }
                _ => return Err(csv_error(error)),
            },
        }
    }
    build_rows(Table { file, headers, rows, is_1904: false }, shape_errors)
}

/// Reads the first sheet of an XLSX workbook: the first non-empty row is the header
/// row, each later row one player; rows whose cells are all empty are skipped.
/// Date-formatted cells and plain numbers (Excel date serials) are accepted in the
/// 出生日期/born column besides text dates. [`RosterRow::line`] is the sheet's row
/// number.
///
/// # Errors
/// - [`RosterError::Workbook`] if the file cannot be opened or the sheet read;
/// - [`RosterError::Empty`] if the workbook has no sheet, or the first sheet has no
///   header row or no player under it;
/// - [`RosterError::MissingNameColumn`], [`RosterError::DuplicateColumn`] for a bad
///   header row;
/// - [`RosterError::BadRows`] listing every field that does not parse.
pub fn read_xlsx(path: &Path) -> Result<Vec<RosterRow>, RosterError> {
    let file = path.display().to_string();
    let workbook_error = |source: XlsxError| RosterError::Workbook { file: file.clone(), source };
    let mut workbook: Xlsx<_> = calamine::open_workbook(path).map_err(workbook_error)?;
    let is_1904 = workbook.has_1904_epoch();
    let Some(sheet) = workbook.sheet_names().first().cloned() else {
        return Err(RosterError::Empty { file });
    };
    // Cells are read one by one (not as calamine's dense Range, which would lay out
    // rows × columns cells for one stray far cell, calamine#693), and a panic inside
    // the reader (an impossible cell reference, calamine#694) is an error, not a crash.
    let read = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| sparse_cells(&mut workbook, &sheet, &file)));
    let cells = match read {
        Ok(cells) => cells?,
        Err(_) => return Err(RosterError::Damaged { file, message: "an impossible cell reference".into() }),
    };
    let width = cells.values().filter_map(|row| row.keys().next_back()).max().map_or(0, |c| *c as usize + 1);
    let mut sheet_rows = cells.into_iter().map(|(row, by_column)| {
        let mut line = vec![Cell::Text(String::new()); width];
        for (column, data) in by_column {
            line[column as usize] = Cell::from_data(&data);
        }
        (row as usize + 1, line)
    });
    let Some((_, header_row)) = sheet_rows.next() else {
        return Err(RosterError::Empty { file });
    };
    let headers = header_row.iter().map(|cell| cell.to_text().unwrap_or_default()).collect();
    let rows = sheet_rows.map(|(line, cells)| RawRow { line, cells }).collect();
    build_rows(Table { file, headers, rows, is_1904 }, Vec::new())
}

/// The most rows and columns a roster sheet may use.
const MAX_SHEET_ROWS: u32 = 200_000;
const MAX_SHEET_COLUMNS: u32 = 1_000;

/// The non-blank cells of a sheet by row, then column (0-based).
fn sparse_cells(
    workbook: &mut Xlsx<std::io::BufReader<std::fs::File>>,
    sheet: &str,
    file: &str,
) -> Result<std::collections::BTreeMap<u32, std::collections::BTreeMap<u32, Data>>, RosterError> {
    let workbook_error = |source: XlsxError| RosterError::Workbook { file: file.to_string(), source };
    let mut reader = workbook.worksheet_cells_reader(sheet).map_err(workbook_error)?;
    let mut cells: std::collections::BTreeMap<u32, std::collections::BTreeMap<u32, Data>> = Default::default();
    while let Some(cell) = reader.next_cell().map_err(workbook_error)? {
        let (row, column) = cell.get_position();
        if row >= MAX_SHEET_ROWS || column >= MAX_SHEET_COLUMNS {
            return Err(RosterError::SheetTooLarge {
                file: file.to_string(),
                row: u64::from(row) + 1,
                column: u64::from(column) + 1,
                max_rows: MAX_SHEET_ROWS,
                max_columns: MAX_SHEET_COLUMNS,
            });
        }
        let data = Data::from(cell.get_value().clone());
        if !is_blank_data(&data) {
            cells.entry(row).or_default().insert(column, data);
        }
    }
    Ok(cells)
}

// ---------------------------------------------------------------------------
// Raw table, shared by both formats

/// A cell as found in the file, before it is interpreted by its column.
#[derive(Debug, Clone)]
enum Cell {
    /// Text (every CSV field; XLSX strings, booleans, ISO dates), trimmed.
    Text(String),
    /// A numeric XLSX cell without a date format.
    Number(f64),
    /// A date-formatted XLSX cell.
    DateTime(ExcelDateTime),
    /// An XLSX error value such as `#N/A`.
    Error(String),
}

impl Cell {
    fn from_data(data: &Data) -> Cell {
        match data {
            Data::Empty => Cell::Text(String::new()),
            Data::String(s) | Data::DateTimeIso(s) | Data::DurationIso(s) => Cell::Text(s.trim().to_string()),
            Data::Bool(b) => Cell::Text(b.to_string()),
            Data::Int(i) => Cell::Number(*i as f64),
            Data::Float(f) => Cell::Number(*f),
            Data::DateTime(dt) if dt.is_datetime() => Cell::DateTime(*dt),
            // A duration ([h]:mm) is not a date; keep its number.
            Data::DateTime(dt) => Cell::Number(dt.as_f64()),
            Data::Error(e) => Cell::Error(e.to_string()),
        }
    }

    fn is_blank(&self) -> bool {
        matches!(self, Cell::Text(s) if s.is_empty())
    }

    /// The cell as text: numbers without a needless `.0`, dates as YYYY-MM-DD
    /// (with the time when there is one).
    fn to_text(&self) -> Result<String, String> {
        match self {
            Cell::Text(s) => Ok(s.clone()),
            Cell::Number(n) => Ok(number_text(*n)),
            Cell::DateTime(dt) => {
                let (y, mo, d, h, mi, s, _) = dt.to_ymd_hms_milli();
                if (h, mi, s) == (0, 0, 0) {
                    Ok(format!("{y:04}-{mo:02}-{d:02}"))
                } else {
                    Ok(format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}"))
                }
            }
            Cell::Error(e) => Err(format!("the cell holds the spreadsheet error {e}")),
        }
    }
}

fn is_blank_data(data: &Data) -> bool {
    match data {
        Data::Empty => true,
        Data::String(s) => s.trim().is_empty(),
        _ => false,
    }
}

fn number_text(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 { format!("{}", n as i64) } else { n.to_string() }
}

struct RawRow {
    line: usize,
    cells: Vec<Cell>,
}

struct Table {
    file: String,
    headers: Vec<String>,
    rows: Vec<RawRow>,
    /// Whether plain numbers read as dates count from 1904 (some old Mac workbooks).
    is_1904: bool,
}

// ---------------------------------------------------------------------------
// Columns

/// What a column of the roster means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Name,
    Gender,
    Born,
    Club,
    Rating,
    Title,
    Phone,
    Group,
    VerifiedFemale,
    Nominee,
}

impl Field {
    /// The field named by a header (already trimmed): Chinese exactly, English in any case.
    fn from_header(header: &str) -> Option<Field> {
        let field = match header {
            "姓名" => Field::Name,
            "性别" => Field::Gender,
            "出生日期" => Field::Born,
            "单位" => Field::Club,
            "等级分" => Field::Rating,
            "称号" => Field::Title,
            "电话" => Field::Phone,
            "组别" => Field::Group,
            "女子验证" => Field::VerifiedFemale,
            "提名" => Field::Nominee,
            _ => match header.to_ascii_lowercase().as_str() {
                "name" => Field::Name,
                "gender" => Field::Gender,
                "born" => Field::Born,
                "club" => Field::Club,
                "rating" => Field::Rating,
                "title" => Field::Title,
                "phone" => Field::Phone,
                "group" => Field::Group,
                "verified_female" => Field::VerifiedFemale,
                "nominee" => Field::Nominee,
                _ => return None,
            },
        };
        Some(field)
    }
}

/// A column of the file: a known field, or a note kept under its header.
#[derive(Debug, Clone)]
enum Column {
    Known(Field),
    Note(String),
}

fn columns(file: &str, headers: &[String]) -> Result<Vec<Column>, RosterError> {
    let mut columns = Vec::with_capacity(headers.len());
    for (i, header) in headers.iter().enumerate() {
        let column = match Field::from_header(header) {
            Some(field) => Column::Known(field),
            // A column without a header is kept under its position.
            None if header.is_empty() => Column::Note(format!("column {}", i + 1)),
            None => Column::Note(header.clone()),
        };
        let same = headers[..i].iter().zip(&columns).find(|(_, earlier)| match (earlier, &column) {
            (Column::Known(a), Column::Known(b)) => a == b,
            (Column::Note(a), Column::Note(b)) => a == b,
            _ => false,
        });
        if let Some((first, _)) = same {
            return Err(RosterError::DuplicateColumn {
                file: file.to_string(),
                first: first.clone(),
                second: header.clone(),
            });
        }
        columns.push(column);
    }
    if !columns.iter().any(|c| matches!(c, Column::Known(Field::Name))) {
        return Err(RosterError::MissingNameColumn { file: file.to_string() });
    }
    Ok(columns)
}

// ---------------------------------------------------------------------------
// Rows

fn build_rows(table: Table, mut errors: Vec<RowError>) -> Result<Vec<RosterRow>, RosterError> {
    let Table { file, headers, rows, is_1904 } = table;
    if headers.iter().all(String::is_empty) && rows.is_empty() && errors.is_empty() {
        return Err(RosterError::Empty { file });
    }
    let columns = columns(&file, &headers)?;

    let mut roster = Vec::new();
    for row in rows {
        if row.cells.iter().all(Cell::is_blank) {
            continue;
        }
        match parse_row(&headers, &columns, &row, is_1904) {
            Ok(parsed) => roster.push(parsed),
            Err(row_errors) => errors.extend(row_errors),
        }
    }
    if !errors.is_empty() {
        // Stable: within a line, errors stay in column order.
        errors.sort_by_key(|e| e.line);
        return Err(RosterError::BadRows { file, errors });
    }
    if roster.is_empty() {
        return Err(RosterError::Empty { file });
    }
    Ok(roster)
}

fn parse_row(headers: &[String], columns: &[Column], row: &RawRow, is_1904: bool) -> Result<RosterRow, Vec<RowError>> {
    let mut entry = PlayerEntry::default();
    let mut group = None;
    let mut errors = Vec::new();
    let blank = Cell::Text(String::new());

    for (i, column) in columns.iter().enumerate() {
        // An XLSX row may be shorter than the header row when its last cells are empty.
        let cell = row.cells.get(i).unwrap_or(&blank);
        let header = headers.get(i).map_or("", String::as_str);
        let result = match column {
            Column::Note(key) => cell.to_text().map(|text| {
                if !text.is_empty() {
                    entry.notes.insert(key.clone(), text);
                }
            }),
            Column::Known(Field::Born) => parse_born(cell, is_1904).map(|born| entry.born = born),
            Column::Known(field) => cell.to_text().and_then(|text| apply_text(*field, text, &mut entry, &mut group)),
        };
        if let Err(message) = result {
            errors.push(RowError { line: row.line, field: header.to_string(), message });
        }
    }
    if errors.is_empty() { Ok(RosterRow { line: row.line, group, entry }) } else { Err(errors) }
}

/// Stores one text field of a known column in the entry.
fn apply_text(field: Field, text: String, entry: &mut PlayerEntry, group: &mut Option<String>) -> Result<(), String> {
    match field {
        Field::Name => {
            if text.is_empty() {
                return Err("the name is empty".to_string());
            }
            entry.name = text;
        }
        Field::Gender => {
            if !text.is_empty() {
                entry.gender =
                    Some(Gender::parse(&text).ok_or_else(|| format!("'{text}' is not a gender (男/女/m/f)"))?);
            }
        }
        Field::Club => entry.club = text,
        Field::Rating => {
            if !text.is_empty() {
                let rating =
                    text.parse::<u32>().map_err(|_| format!("'{text}' is not a rating (a whole number, 0 or more)"))?;
                entry.rating = Some(rating);
            }
        }
        Field::Title => entry.title = Title::parse(&text),
        Field::Phone => entry.phone = text,
        Field::Group => *group = (!text.is_empty()).then_some(text),
        Field::VerifiedFemale => entry.verified_female = parse_flag(&text)?,
        Field::Nominee => entry.nominee = parse_flag(&text)?,
        // Read by parse_born from the cell itself.
        Field::Born => {}
    }
    Ok(())
}

/// 是/否, true/false, 1/0, y/n (any case); empty means no.
fn parse_flag(text: &str) -> Result<bool, String> {
    match text.to_lowercase().as_str() {
        "" | "否" | "false" | "0" | "n" => Ok(false),
        "是" | "true" | "1" | "y" => Ok(true),
        _ => Err(format!("'{text}' is not yes or no (是/否)")),
    }
}

const DATE_HINT: &str = "is not a date (YYYY-MM-DD)";

/// The 出生日期/born cell: empty, a text date, a date cell, or an Excel date serial.
fn parse_born(cell: &Cell, is_1904: bool) -> Result<Option<Date>, String> {
    match cell {
        Cell::Text(text) if text.is_empty() => Ok(None),
        Cell::Text(text) => {
            // ISO date-times from XLSX cells of type "d" carry a time after 'T'.
            let date_part = match text.split_once('T') {
                Some((date, time)) if time.chars().all(|c| c.is_ascii_digit() || c == ':' || c == '.') => date,
                _ => text.as_str(),
            };
            parse_date_text(date_part).map(Some).ok_or_else(|| format!("'{text}' {DATE_HINT}"))
        }
        Cell::DateTime(dt) => excel_date(dt).map(Some).ok_or_else(|| format!("'{}' {DATE_HINT}", dt.as_f64())),
        Cell::Number(n) => {
            let dt = ExcelDateTime::new(*n, calamine::ExcelDateTimeType::DateTime, is_1904);
            excel_date(&dt).map(Some).ok_or_else(|| format!("'{}' {DATE_HINT}", number_text(*n)))
        }
        Cell::Error(e) => Err(format!("the cell holds the spreadsheet error {e}")),
    }
}

/// YYYY-MM-DD, YYYY/MM/DD or YYYY.MM.DD (one separator throughout; month and day may
/// have one or two digits).
fn parse_date_text(text: &str) -> Option<Date> {
    let separator = ['-', '/', '.'].into_iter().find(|s| text.contains(*s))?;
    let mut parts = text.split(separator);
    let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let digits = |s: &str, lengths: std::ops::RangeInclusive<usize>| {
        lengths.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
    };
    if !digits(year, 4..=4) || !digits(month, 1..=2) || !digits(day, 1..=2) {
        return None;
    }
    Date::new(year.parse().ok()?, month.parse().ok()?, day.parse().ok()?).ok()
}

/// The calendar date of an Excel serial, or `None` outside Excel's range
/// (calamine clamps such values instead of failing) or on Excel's 1900-02-29.
fn excel_date(dt: &ExcelDateTime) -> Option<Date> {
    let serial = dt.as_f64();
    if !(1.0..2_958_466.0).contains(&serial) {
        return None;
    }
    let (year, month, day, ..) = dt.to_ymd_hms_milli();
    Date::new(i16::try_from(year).ok()?, i8::try_from(month).ok()?, i8::try_from(day).ok()?).ok()
}

// ---------------------------------------------------------------------------
// CSV line numbers

fn byte_offset(pos: &csv::Position) -> usize {
    usize::try_from(pos.byte()).unwrap_or(usize::MAX)
}

/// The 1-based line where a record starting at byte `start` begins: the parser's
/// record position includes the blank lines it skipped before the record.
fn record_line(bytes: &[u8], start: usize) -> usize {
    let start = start.min(bytes.len());
    let skipped = bytes[start..].iter().position(|b| *b != b'\n' && *b != b'\r').unwrap_or(bytes.len() - start);
    line_at(bytes, start + skipped)
}

/// The 1-based line of byte `offset`, counting `\n`, `\r\n` and a lone `\r` as line ends.
fn line_at(bytes: &[u8], offset: usize) -> usize {
    let head = &bytes[..offset.min(bytes.len())];
    let mut lines = 1;
    for (i, b) in head.iter().enumerate() {
        match b {
            b'\n' => lines += 1,
            b'\r' if head.get(i + 1) != Some(&b'\n') => lines += 1,
            _ => {}
        }
    }
    lines
}
