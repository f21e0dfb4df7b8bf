//! Why the event file could not be opened, created or written ([`StoreError`]), and
//! SQLite's errors turned into the ones a director can act on ([`classify`]). Their
//! words in both languages are in `error_words`.

use super::chain::Tamper;
use crate::domain::command::DomainError;
use rusqlite::ErrorCode;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why the event file could not be opened, created or written.
#[derive(Debug, Error)]
pub enum StoreError {
    /// Another program (another Bianpai) has the file open.
    #[error(
        "{path}: 赛事文件正被另一个 Bianpai 窗口或命令使用，请关闭后重试 \
         (the event file is in use by another Bianpai window or command; close it and try again)"
    )]
    InUse { path: PathBuf },
    /// The file was written by a newer Bianpai.
    #[error(
        "{path}: 此文件由更新版本的 Bianpai 写入，文件未作改动，请升级后打开 \
         (written by a newer Bianpai: file schema {found}, this version reads up to {supported}; \
         the file was not changed — update Bianpai to open it)"
    )]
    NewerVersion { path: PathBuf, found: i32, supported: i32 },
    /// Not a Bianpai event file.
    #[error(
        "{path}: 不是 Bianpai 赛事文件，文件未作改动 (not a Bianpai event file: {reason}; the file was not changed)"
    )]
    NotAnEventFile { path: PathBuf, reason: String },
    /// `create` refuses to overwrite.
    #[error("{path}: 文件已存在，Bianpai 不覆盖赛事文件 (already exists; Bianpai does not overwrite event files)")]
    AlreadyExists { path: PathBuf },
    /// No such file.
    #[error("{path}: 找不到赛事文件 (no such event file)")]
    NotFound { path: PathBuf },
    /// The folder a new file should go in does not exist.
    #[error("{path}: 文件夹不存在 (no such folder)")]
    NoFolder { path: PathBuf },
    /// The command was refused by the rules; nothing was saved.
    #[error(transparent)]
    Domain(#[from] DomainError),
    /// A value in the file cannot be read by this build.
    #[error("{path}: 赛事文件已损坏 (damaged event file): {message}")]
    Damaged { path: PathBuf, message: String },
    /// SQLite reported an error.
    #[error("{path}: {source}")]
    Sqlite { path: PathBuf, source: rusqlite::Error },
    /// The file system reported an error.
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    /// The file or its folder is read-only: it can be read, not changed (issue 22).
    #[error("{path}: 文件或所在文件夹是只读的 (the file or its folder is read-only; it can be read but not changed)")]
    ReadOnly { path: PathBuf },
    /// The file was changed outside Bianpai, or damaged: its audit log's hash chain or
    /// the event's digest no longer match from audit row `row` on (issue 22, item 6).
    #[error(
        "{path}: 赛事文件在 Bianpai 之外被改动或已损坏 (the event file was changed outside Bianpai, or damaged: \
         {what:?} at history row {row}; newest backup: {backup:?})"
    )]
    Tampered {
        /// The event file.
        path: PathBuf,
        /// The first audit row that no longer matches (0: before the first row).
        row: i64,
        /// What no longer matches.
        what: Tamper,
        /// The newest backup beside the file, to restore.
        backup: Option<PathBuf>,
    },
}

/// Turns SQLite's error into the one a director can act on.
pub(crate) fn classify(path: &Path, source: rusqlite::Error) -> StoreError {
    let path = path.to_path_buf();
    match source.sqlite_error_code() {
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::InUse { path },
        Some(ErrorCode::NotADatabase) => StoreError::NotAnEventFile { path, reason: "not an SQLite database".into() },
        Some(ErrorCode::DatabaseCorrupt) => StoreError::Damaged { path, message: source.to_string() },
        Some(ErrorCode::ReadOnly) => StoreError::ReadOnly { path },
        _ => StoreError::Sqlite { path, source },
    }
}

/// A migration that failed on a file's own tables (a table or column it adds is
/// already there): the file's version number does not match what it holds — it went
/// back, or another program changed the file. Other failures are classified as usual.
pub(crate) fn schema_mismatch(path: &Path, version: i32, source: rusqlite::Error) -> StoreError {
    // A statement of the migration failed (`SqlInputError` carries the code apart).
    let code = match &source {
        rusqlite::Error::SqlInputError { error, .. } | rusqlite::Error::SqliteFailure(error, _) => Some(error.code),
        _ => None,
    };
    match code {
        Some(ErrorCode::Unknown) => StoreError::Damaged {
            path: path.to_path_buf(),
            message: format!("schema version {version} does not match the file's tables: {source}"),
        },
        _ => classify(path, source),
    }
}
