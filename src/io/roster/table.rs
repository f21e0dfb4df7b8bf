//! The raw table every roster format is read into (a header row and cells), its
//! columns (Chinese or English headers), and each row turned into a [`PlayerEntry`]
//! with every bad field named by line and column.

use super::{RosterError, RosterRow, RowError, RowIssue};
use crate::domain::player::{Gender, MAX_RATING, MAX_TEXT_CHARS, PlayerEntry, Title};
use crate::lang::Lang;
use calamine::{Data, ExcelDateTime};
use jiff::civil::Date;

/// A cell as found in the file, before it is interpreted by its column.
#[derive(Debug, Clone)]
pub(super) enum Cell {
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
    pub(super) fn from_data(data: &Data) -> Cell {
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
    pub(super) fn to_text(&self) -> Result<String, RowIssue> {
        match self {
            // Issue 22, item 2: a 300 MB cell is refused here, naming its line and column.
            Cell::Text(s) if s.len() > MAX_TEXT_CHARS && s.chars().count() > MAX_TEXT_CHARS => {
                Err(RowIssue::TooLong { chars: s.chars().count(), max: MAX_TEXT_CHARS })
            }
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
            Cell::Error(e) => Err(RowIssue::SpreadsheetError(e.clone())),
        }
    }
}

pub(super) fn is_blank_data(data: &Data) -> bool {
    match data {
        Data::Empty => true,
        Data::String(s) => s.trim().is_empty(),
        _ => false,
    }
}

fn number_text(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 { format!("{}", n as i64) } else { n.to_string() }
}

pub(super) struct RawRow {
    pub(super) line: usize,
    pub(super) cells: Vec<Cell>,
}

pub(super) struct Table {
    pub(super) file: String,
    pub(super) headers: Vec<String>,
    pub(super) rows: Vec<RawRow>,
    /// Whether plain numbers read as dates count from 1904 (some old Mac workbooks).
    pub(super) is_1904: bool,
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
    /// 队名: the player's team, kept in the notes under [`super::TEAM_NOTE`]
    /// until the import makes the teams.
    Team,
}

impl Field {
    /// The field named by a header (already trimmed): Chinese exactly — simplified, the
    /// traditional forms a Big5 roster has, and the common variants (联系电话, 手机) —
    /// English in any case.
    fn from_header(header: &str) -> Option<Field> {
        let field = match header {
            "姓名" => Field::Name,
            "性别" | "性別" => Field::Gender,
            "出生日期" | "出生年月日" => Field::Born,
            "单位" | "單位" => Field::Club,
            "等级分" | "等級分" => Field::Rating,
            "称号" | "稱號" => Field::Title,
            "电话" | "電話" | "联系电话" | "聯繫電話" | "聯絡電話" | "手机" | "手機" | "手机号" | "手機號" => {
                Field::Phone
            }
            "组别" | "組別" => Field::Group,
            "女子验证" | "女子驗證" => Field::VerifiedFemale,
            "提名" => Field::Nominee,
            "队名" | "队伍" | "隊名" | "隊伍" => Field::Team,
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
                "team" => Field::Team,
                _ => return None,
            },
        };
        Some(field)
    }
}

impl Field {
    /// The column's name in `lang`: the Chinese header, or the English one.
    fn name(self, lang: Lang) -> &'static str {
        let (zh, en) = match self {
            Field::Name => ("姓名", "name"),
            Field::Gender => ("性别", "gender"),
            Field::Born => ("出生日期", "born"),
            Field::Club => ("单位", "club"),
            Field::Rating => ("等级分", "rating"),
            Field::Title => ("称号", "title"),
            Field::Phone => ("电话", "phone"),
            Field::Group => ("组别", "group"),
            Field::VerifiedFemale => ("女子验证", "verified_female"),
            Field::Nominee => ("提名", "nominee"),
            Field::Team => ("队名", "team"),
        };
        lang.t(zh, en)
    }
}

/// A column's header as a message names it in `lang`: a known column by its name in
/// that language (`born` read from a file headed 出生日期), any other as written.
pub(super) fn column_name(header: &str, lang: Lang) -> &str {
    Field::from_header(header).map_or(header, |field| field.name(lang))
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

pub(super) fn build_rows(table: Table, mut errors: Vec<RowError>) -> Result<Vec<RosterRow>, RosterError> {
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
        if let Err(issue) = result {
            errors.push(RowError { line: row.line, field: header.to_string(), issue });
        }
    }
    if errors.is_empty() { Ok(RosterRow { line: row.line, group, entry }) } else { Err(errors) }
}

/// Stores one text field of a known column in the entry.
fn apply_text(field: Field, text: String, entry: &mut PlayerEntry, group: &mut Option<String>) -> Result<(), RowIssue> {
    match field {
        Field::Name => {
            if text.is_empty() {
                return Err(RowIssue::EmptyName);
            }
            entry.name = text;
        }
        Field::Gender => {
            if !text.is_empty() {
                entry.gender = Some(Gender::parse(&text).ok_or_else(|| RowIssue::NotGender(text.clone()))?);
            }
        }
        Field::Club => entry.club = text,
        Field::Rating => {
            if !text.is_empty() {
                let rating = text
                    .parse::<u32>()
                    .ok()
                    .filter(|r| *r <= MAX_RATING)
                    .ok_or_else(|| RowIssue::NotRating(text.clone()))?;
                entry.rating = Some(rating);
            }
        }
        Field::Title => entry.title = Title::parse(&text),
        Field::Phone => entry.phone = text,
        Field::Group => *group = (!text.is_empty()).then_some(text),
        Field::VerifiedFemale => entry.verified_female = parse_flag(&text)?,
        Field::Nominee => entry.nominee = parse_flag(&text)?,
        Field::Team => {
            if !text.is_empty() {
                entry.notes.insert(super::TEAM_NOTE.to_string(), text);
            }
        }
        // Read by parse_born from the cell itself.
        Field::Born => {}
    }
    Ok(())
}

/// 是/否, true/false, 1/0, y/n (any case); empty means no.
fn parse_flag(text: &str) -> Result<bool, RowIssue> {
    match text.to_lowercase().as_str() {
        "" | "否" | "false" | "0" | "n" => Ok(false),
        "是" | "true" | "1" | "y" => Ok(true),
        _ => Err(RowIssue::NotYesOrNo(text.to_string())),
    }
}

/// The 出生日期/born cell: empty, a text date, a date cell, or an Excel date serial.
fn parse_born(cell: &Cell, is_1904: bool) -> Result<Option<Date>, RowIssue> {
    match cell {
        Cell::Text(text) if text.is_empty() => Ok(None),
        Cell::Text(text) => {
            // ISO date-times from XLSX cells of type "d" carry a time after 'T'.
            let date_part = match text.split_once('T') {
                Some((date, time)) if time.chars().all(|c| c.is_ascii_digit() || c == ':' || c == '.') => date,
                _ => text.as_str(),
            };
            parse_date_text(date_part).map(Some).ok_or_else(|| RowIssue::NotDate(text.clone()))
        }
        Cell::DateTime(dt) => excel_date(dt).map(Some).ok_or_else(|| RowIssue::NotDate(dt.as_f64().to_string())),
        Cell::Number(n) => {
            let dt = ExcelDateTime::new(*n, calamine::ExcelDateTimeType::DateTime, is_1904);
            excel_date(&dt).map(Some).ok_or_else(|| RowIssue::NotDate(number_text(*n)))
        }
        Cell::Error(e) => Err(RowIssue::SpreadsheetError(e.clone())),
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
