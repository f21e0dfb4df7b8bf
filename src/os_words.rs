//! Operating-system and library errors in a director's words, in both languages
//! (issue 18): the one place that turns a [`std::io::Error`] or a spreadsheet or CSV
//! library's error into a sentence such as “没有权限（文件或文件夹可能是只读的）”.
//! SQLite's errors are worded in `store` (`store/error_words.rs`), the only module that
//! knows SQLite (issue 40, item 1).
//!
//! The raw error never reaches a director: no error number, no library name, no
//! operating-system text. It stays in the `Display` of the error that carries it, for
//! logs and scripts. The callers name the file themselves (a file name is useful to
//! the director); these words say only what went wrong with it.

use crate::lang::Lang;
use std::io::ErrorKind;

/// What the file system's `error` means to a director.
pub fn io_words(error: &std::io::Error, lang: Lang) -> String {
    let (zh, en) = match error.kind() {
        ErrorKind::NotFound => ("找不到文件或文件夹", "no such file or folder"),
        ErrorKind::PermissionDenied => {
            ("没有权限（文件或文件夹可能是只读的）", "permission denied (the file or folder may be read-only)")
        }
        ErrorKind::ReadOnlyFilesystem => ("磁盘或文件夹是只读的", "the disk or folder is read-only"),
        ErrorKind::StorageFull | ErrorKind::QuotaExceeded => ("磁盘已满", "the disk is full"),
        ErrorKind::FileTooLarge => ("文件太大", "the file is too large"),
        ErrorKind::AlreadyExists => ("文件已存在", "the file already exists"),
        ErrorKind::ResourceBusy | ErrorKind::ExecutableFileBusy | ErrorKind::WouldBlock | ErrorKind::Deadlock => {
            in_use()
        }
        ErrorKind::IsADirectory => ("这是一个文件夹，不是文件", "this is a folder, not a file"),
        ErrorKind::NotADirectory => ("路径中有一部分不是文件夹", "part of the path is not a folder"),
        ErrorKind::DirectoryNotEmpty => ("文件夹不是空的", "the folder is not empty"),
        ErrorKind::InvalidFilename | ErrorKind::InvalidInput => {
            ("文件名或路径无效", "the file name or path is not valid")
        }
        ErrorKind::InvalidData | ErrorKind::UnexpectedEof => {
            ("文件内容无法读取（文件可能已损坏）", "the file's content cannot be read (the file may be damaged)")
        }
        ErrorKind::Interrupted | ErrorKind::TimedOut => {
            ("操作被中断，请重试", "the operation was interrupted; try again")
        }
        ErrorKind::OutOfMemory => ("内存不足", "not enough memory"),
        _ if windows_sharing_violation(error) => in_use(),
        _ => ("无法读写该文件", "the file cannot be read or written"),
    };
    lang.t(zh, en).to_string()
}

/// A file another program holds open (also said of SQLite's busy file, in `store`).
pub(crate) fn in_use() -> (&'static str, &'static str) {
    ("文件正被其他程序占用，请关闭后重试", "the file is in use by another program; close it and try again")
}

/// Windows' "used by another process" (sharing or lock violation), which the standard
/// library does not name by a kind.
fn windows_sharing_violation(error: &std::io::Error) -> bool {
    cfg!(windows) && matches!(error.raw_os_error(), Some(32 | 33))
}

/// Why a workbook (XLSX or XLS) could not be read, from the library's `error`: the
/// file system's words when the cause is a file error, else that the file is damaged
/// or not an Excel workbook.
pub fn workbook_read_words(error: &(dyn std::error::Error + 'static), lang: Lang) -> String {
    match io_cause(error) {
        Some(io) => io_words(io, lang),
        None => lang
            .t("文件可能已损坏，或不是 Excel 工作簿", "the file may be damaged, or not an Excel workbook")
            .to_string(),
    }
}

/// Why an Excel workbook could not be written, from the writer's `error`.
pub fn workbook_write_words(error: &rust_xlsxwriter::XlsxError, lang: Lang) -> String {
    match error {
        rust_xlsxwriter::XlsxError::IoError(io) => io_words(io, lang),
        rust_xlsxwriter::XlsxError::RowColumnLimitError => {
            lang.t("表格超出了 Excel 工作表的大小", "the table is larger than an Excel sheet allows").to_string()
        }
        other => match io_cause(other) {
            Some(io) => io_words(io, lang),
            None => lang.t("无法生成 Excel 工作簿", "the Excel workbook cannot be made").to_string(),
        },
    }
}

/// Why a CSV file could not be read or written, from the CSV library's `error`.
pub fn csv_words(error: &csv::Error, lang: Lang) -> String {
    match error.kind() {
        csv::ErrorKind::Io(io) => io_words(io, lang),
        _ => lang
            .t(
                "CSV 内容无法处理（可能有不成对的引号或不是文本）",
                "the CSV content cannot be handled (an unclosed quote, or not text)",
            )
            .to_string(),
    }
}

/// The first file-system error among `error` and its causes.
fn io_cause<'a>(error: &'a (dyn std::error::Error + 'static)) -> Option<&'a std::io::Error> {
    let mut next = Some(error);
    while let Some(current) = next {
        if let Some(io) = current.downcast_ref::<std::io::Error>() {
            return Some(io);
        }
        next = current.source();
    }
    None
}

/// `file：words` / `file: words` — a file's name before what went wrong with it.
pub fn on_file(file: &str, words: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{file}：{words}"),
        Lang::En => format!("{file}: {words}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cause_deep_in_the_chain_is_found() {
        let io = std::io::Error::from(ErrorKind::PermissionDenied);
        let wrapped = calamine::XlsxError::Io(io);
        assert_eq!(workbook_read_words(&wrapped, Lang::Zh), "没有权限（文件或文件夹可能是只读的）");
        let xml = calamine::XlsxError::FileNotFound("xl/workbook.xml".into());
        assert!(workbook_read_words(&xml, Lang::En).contains("damaged"));
    }

    #[test]
    fn other_errors_have_plain_words() {
        let other = std::io::Error::other("raw text of the system");
        assert_eq!(io_words(&other, Lang::En), "the file cannot be read or written");
        assert_eq!(on_file("a.csv", "x", Lang::Zh), "a.csv：x");
    }
}
