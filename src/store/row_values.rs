//! The values every reader of rows shares: what a row that cannot be read back is
//! ([`BadValue`], [`RowError`], and [`row_error`], the store's error for it) and a
//! round's place in the tables ([`RoundKey`]).

use super::{StoreError, classify};
use std::path::Path;

/// A value in the file that this build cannot read back.
#[derive(Debug, thiserror::Error)]
#[error("{table}: {message}")]
pub struct BadValue {
    /// The table holding it.
    pub table: &'static str,
    /// What is wrong.
    pub message: String,
}

/// Errors while reading rows.
#[derive(Debug, thiserror::Error)]
pub enum RowError {
    /// SQLite failed.
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
    /// A stored value is not valid.
    #[error(transparent)]
    Bad(#[from] BadValue),
}

pub(super) fn bad(table: &'static str, message: impl Into<String>) -> BadValue {
    BadValue { table, message: message.into() }
}

/// A round's place: group, stage and round number.
pub(super) type RoundKey = (u32, u32, u32);

/// A row that could not be read, as the store tells it.
pub(super) fn row_error(path: &Path, e: RowError) -> StoreError {
    match e {
        RowError::Sqlite(source) => classify(path, source),
        RowError::Bad(bad) => StoreError::Damaged { path: path.to_path_buf(), message: bad.to_string() },
    }
}
