//! A roster's problems in the director's words, in both languages (issue 18): the
//! file as a whole ([`RosterError`]) and each bad row ([`RowError`], [`RowIssue`]),
//! which names its line and its column by the column's name in the language shown
//! (出生日期 / born), whichever language the file's header row uses.
//!
//! Values are quoted as found: “1990-13-01” in Chinese, '1990-13-01' in English.
//! The libraries' own texts stay in `Display`; here they become [`crate::os_words`].

use super::table::column_name;
use super::{RosterError, RowError, RowIssue};
use crate::lang::{Lang, Localized};
use crate::os_words::{io_words, workbook_read_words};

impl Localized for RowIssue {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (RowIssue::FieldCount { found, expected }, Lang::Zh) => {
                format!("这一行有 {found} 个字段，但标题行有 {expected} 个")
            }
            (RowIssue::FieldCount { found, expected }, Lang::En) => {
                format!("the row has {found} fields but the header row has {expected}")
            }
            (RowIssue::SpreadsheetError(value), Lang::Zh) => format!("单元格中是表格的错误值 {value}"),
            (RowIssue::SpreadsheetError(value), Lang::En) => format!("the cell holds the spreadsheet error {value}"),
            (RowIssue::EmptyName, Lang::Zh) => "姓名为空".to_string(),
            (RowIssue::EmptyName, Lang::En) => "the name is empty".to_string(),
            (RowIssue::NotGender(value), Lang::Zh) => format!("“{value}” 不是性别（应为 男 或 女）"),
            (RowIssue::NotGender(value), Lang::En) => format!("'{value}' is not a gender (m or f)"),
            (RowIssue::NotRating(value), Lang::Zh) => format!("“{value}” 不是等级分（应为 0 到 3500 的整数）"),
            (RowIssue::NotRating(value), Lang::En) => {
                format!("'{value}' is not a rating (a whole number from 0 to 3500)")
            }
            (RowIssue::TooLong { chars, max }, Lang::Zh) => format!("单元格有 {chars} 个字，最多 {max} 个"),
            (RowIssue::TooLong { chars, max }, Lang::En) => format!("the cell has {chars} characters; at most {max}"),
            (RowIssue::NotYesOrNo(value), Lang::Zh) => format!("“{value}” 不是“是”或“否”"),
            (RowIssue::NotYesOrNo(value), Lang::En) => format!("'{value}' is not yes or no (y or n)"),
            (RowIssue::NotDate(value), Lang::Zh) => format!("“{value}” 不是有效日期（应为 YYYY-MM-DD）"),
            (RowIssue::NotDate(value), Lang::En) => format!("'{value}' is not a date (YYYY-MM-DD)"),
            (RowIssue::BornInFuture(value), Lang::Zh) => format!("“{value}” 在今天之后，不是有效的出生日期"),
            (RowIssue::BornInFuture(value), Lang::En) => format!("'{value}' is after today, not a birth date"),
        }
    }
}

/// `第 7 行，出生日期：…` / `line 7, field born: …`; without a column when the whole
/// row is wrong.
impl Localized for RowError {
    fn message(&self, lang: Lang) -> String {
        let issue = self.issue.message(lang);
        let field = column_name(&self.field, lang);
        match (self.field.is_empty(), lang) {
            (true, Lang::Zh) => format!("第 {} 行：{issue}", self.line),
            (true, Lang::En) => format!("line {}: {issue}", self.line),
            (false, Lang::Zh) => format!("第 {} 行，{field}：{issue}", self.line),
            (false, Lang::En) => format!("line {}, field {field}: {issue}", self.line),
        }
    }
}

impl Localized for RosterError {
    fn message(&self, lang: Lang) -> String {
        let (zh, en) = words(self);
        match lang {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

/// The error in Chinese and in English.
fn words(error: &RosterError) -> (String, String) {
    let both = |f: &dyn Fn(Lang) -> String| (f(Lang::Zh), f(Lang::En));
    match error {
        RosterError::BadRows { file, errors } => both(&|lang| {
            errors.iter().map(|error| format!("{file} {}", error.message(lang))).collect::<Vec<_>>().join("\n")
        }),
        RosterError::Unreadable { file, source } => (
            format!("无法读取名单 {file}：{}", io_words(source, Lang::Zh)),
            format!("cannot read the roster {file}: {}", io_words(source, Lang::En)),
        ),
        RosterError::Workbook { file, source } => {
            both(&|lang| workbook(file, &workbook_read_words(source, lang), lang))
        }
        RosterError::OldWorkbook { file, source } => {
            both(&|lang| workbook(file, &workbook_read_words(source, lang), lang))
        }
        RosterError::Damaged { file, .. } => {
            both(&|lang| workbook(file, lang.t("文件已损坏", "the file is damaged"), lang))
        }
        RosterError::UnsupportedFormat { file } => (
            format!("{file}：不支持此名单格式，请使用 .csv、.xlsx 或 .xls 文件"),
            format!("{file}: this roster format is not supported; use a .csv, .xlsx or .xls file"),
        ),
        RosterError::NotUtf8 { file, line } => (
            format!("{file} 第 {line} 行不是 UTF-8、UTF-16、GBK 或 Big5 编码的文本；请将名单另存为“CSV UTF-8”格式"),
            format!("{file} line {line} is not text in UTF-8, UTF-16, GBK or Big5; save the roster as 'CSV UTF-8'"),
        ),
        RosterError::Csv { file, .. } => (
            format!("{file} 不是可读取的 CSV 文件（可能有不成对的引号，或不是文本文件）"),
            format!("{file} is not a readable CSV file (a quote may be left open, or it is not a text file)"),
        ),
        RosterError::SheetTooLarge { file, row, column, max_rows, max_columns } => (
            format!(
                "{file}：工作表第 {row} 行第 {column} 列有一个单元格，超出了名单的大小\
                 （{max_rows} 行、{max_columns} 列）；请删除这个多余的单元格"
            ),
            format!(
                "{file}: the sheet has a cell at row {row}, column {column}, beyond a roster's size \
                 ({max_rows} rows, {max_columns} columns); delete the stray cell"
            ),
        ),
        RosterError::WorkbookTooLarge { file, max_cells } => (
            format!("{file}：工作簿的工作表超过 {max_cells} 个单元格，远超名单的大小；请把名单单独复制到一个新工作簿"),
            format!(
                "{file}: the workbook's sheets span more than {max_cells} cells, far beyond a roster; \
                 copy the roster alone into a new workbook"
            ),
        ),
        RosterError::WorkbookUnpacksTooLarge { file, part: Some(part), max_megabytes } => (
            format!(
                "{file}：工作簿中的“{part}”解压后超过 {max_megabytes} MB，远超名单的大小；请把名单单独复制到一个新工作簿"
            ),
            format!(
                "{file}: the workbook's part '{part}' unpacks to more than {max_megabytes} MB, far beyond a roster; \
                 copy the roster alone into a new workbook"
            ),
        ),
        RosterError::WorkbookUnpacksTooLarge { file, part: None, max_megabytes } => (
            format!("{file}：工作簿解压后超过 {max_megabytes} MB，远超名单的大小；请把名单单独复制到一个新工作簿"),
            format!(
                "{file}: the workbook unpacks to more than {max_megabytes} MB, far beyond a roster; \
                 copy the roster alone into a new workbook"
            ),
        ),
        RosterError::MissingNameColumn { file } => {
            (format!("{file} 的标题行没有“姓名”列"), format!("{file} has no 'name' column in its header row"))
        }
        RosterError::DuplicateColumn { file, first, second } => (
            format!("{file}：“{first}”和“{second}”两列是同一列"),
            format!("{file}: columns '{first}' and '{second}' are the same column"),
        ),
        RosterError::Empty { file } => (format!("{file} 中没有选手"), format!("{file} lists no players")),
    }
}

/// `无法读取工作簿 a.xlsx：…` / `cannot read the workbook a.xlsx: …`.
fn workbook(file: &str, words: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("无法读取工作簿 {file}：{words}"),
        Lang::En => format!("cannot read the workbook {file}: {words}"),
    }
}
