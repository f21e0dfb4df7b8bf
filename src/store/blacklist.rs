//! The app-level blacklist file: one small SQLite database per computer, shared
//! by every event, that lists players barred for abuse or cheating. Unlike an event file
//! it is not held open: each call opens, reads or writes in one transaction, and closes.

use crate::domain::blacklist::BlacklistEntry;
use rusqlite::{Connection, OpenFlags, TransactionBehavior, params};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The `application_id` of the blacklist file ("BPBL").
pub const BLACKLIST_APPLICATION_ID: i32 = 0x4250_424C;

/// The environment variable that points to another blacklist file (tests, shared drives).
pub const BLACKLIST_ENV: &str = "BIANPAI_BLACKLIST";

const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS blacklist (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    name     TEXT NOT NULL CHECK (name <> ''),
    born     TEXT,                     -- YYYY-MM-DD
    phone    TEXT NOT NULL DEFAULT '',
    reason   TEXT NOT NULL CHECK (reason <> ''),
    event    TEXT NOT NULL DEFAULT '',
    added_at TEXT NOT NULL             -- RFC 3339, UTC
) STRICT;";

/// Errors of the blacklist file.
#[derive(Debug, thiserror::Error)]
pub enum BlacklistError {
    /// The file is something else.
    #[error("{path}: 不是 Bianpai 黑名单文件，未作改动 (not a Bianpai blacklist file; not changed)")]
    Foreign { path: PathBuf },
    /// A stored value cannot be read.
    #[error("{path}: 黑名单第 {id} 条已损坏 (blacklist entry {id} is damaged): {message}")]
    Damaged { path: PathBuf, id: u32, message: String },
    /// SQLite or the file system failed.
    #[error("{path}: {source}")]
    Sqlite { path: PathBuf, source: rusqlite::Error },
    /// The folder for the file could not be made.
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
}

/// Where the blacklist lives: `$BIANPAI_BLACKLIST`, else `blacklist.sqlite` in the app's
/// data folder (the one eframe keeps the window settings in).
pub fn default_path() -> Option<PathBuf> {
    std::env::var_os(BLACKLIST_ENV)
        .map(PathBuf::from)
        .or_else(|| eframe::storage_dir("bianpai").map(|d| d.join("blacklist.sqlite")))
}

/// Every entry of the blacklist at `path`, by id; an empty list when there is no file.
///
/// # Errors
/// A foreign or damaged file; SQLite errors.
pub fn load(path: &Path) -> Result<Vec<BlacklistEntry>, BlacklistError> {
    if !path.exists() {
        return Ok(Vec::new());
    }
    let conn = open(path, false)?;
    read_all(&conn, path)
}

/// Adds `entry` (its id is ignored) and returns the id given.
///
/// # Errors
/// A foreign file; SQLite or file-system errors (nothing is written then).
pub fn add(path: &Path, entry: &BlacklistEntry) -> Result<u32, BlacklistError> {
    let mut conn = open(path, true)?;
    let sql = |source| BlacklistError::Sqlite { path: path.to_path_buf(), source };
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(sql)?;
    tx.execute(
        "INSERT INTO blacklist (name, born, phone, reason, event, added_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            entry.name.trim(),
            entry.born.map(|d| d.to_string()),
            entry.phone.trim(),
            entry.reason.trim(),
            entry.event.trim(),
            jiff::Timestamp::now().to_string()
        ],
    )
    .map_err(sql)?;
    let id = tx.last_insert_rowid();
    tx.commit().map_err(sql)?;
    Ok(u32::try_from(id).unwrap_or(u32::MAX))
}

/// Removes entry `id`; returns whether it existed.
///
/// # Errors
/// A foreign file; SQLite errors.
pub fn remove(path: &Path, id: u32) -> Result<bool, BlacklistError> {
    if !path.exists() {
        return Ok(false);
    }
    let conn = open(path, false)?;
    let n = conn
        .execute("DELETE FROM blacklist WHERE id = ?1", params![id])
        .map_err(|source| BlacklistError::Sqlite { path: path.to_path_buf(), source })?;
    Ok(n > 0)
}

fn open(path: &Path, create: bool) -> Result<Connection, BlacklistError> {
    let sql = |source| BlacklistError::Sqlite { path: path.to_path_buf(), source };
    if create && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| BlacklistError::Io { path: dir.to_path_buf(), source })?;
    }
    let fresh = !path.exists();
    let mut flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    if create {
        flags |= OpenFlags::SQLITE_OPEN_CREATE;
    }
    let mut conn = Connection::open_with_flags(path, flags).map_err(sql)?;
    conn.busy_timeout(Duration::from_secs(2)).map_err(sql)?;
    let id: i32 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .map_err(|_| BlacklistError::Foreign { path: path.to_path_buf() })?;
    if fresh {
        let tx = conn.transaction().map_err(sql)?;
        tx.execute_batch(SCHEMA).map_err(sql)?;
        tx.pragma_update(None, "application_id", BLACKLIST_APPLICATION_ID).map_err(sql)?;
        tx.commit().map_err(sql)?;
    } else if id != BLACKLIST_APPLICATION_ID {
        return Err(BlacklistError::Foreign { path: path.to_path_buf() });
    }
    Ok(conn)
}

fn read_all(conn: &Connection, path: &Path) -> Result<Vec<BlacklistEntry>, BlacklistError> {
    let sql = |source| BlacklistError::Sqlite { path: path.to_path_buf(), source };
    let mut stmt =
        conn.prepare("SELECT id, name, born, phone, reason, event FROM blacklist ORDER BY id").map_err(sql)?;
    let rows = stmt
        .query_map([], |r| {
            Ok((r.get::<_, u32>(0)?, r.get(1)?, r.get::<_, Option<String>>(2)?, r.get(3)?, r.get(4)?, r.get(5)?))
        })
        .map_err(sql)?;
    let mut entries = Vec::new();
    for row in rows {
        let (id, name, born, phone, reason, event) = row.map_err(sql)?;
        let born = born.map(|d| d.parse()).transpose().map_err(|e: jiff::Error| BlacklistError::Damaged {
            path: path.to_path_buf(),
            id,
            message: e.to_string(),
        })?;
        entries.push(BlacklistEntry { id, name, born, phone, reason, event });
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    // entries added from one event are read back by the next; removal works; a
    // file of another program is refused and left alone.
    #[test]
    fn entries_persist_across_opens() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("blacklist.sqlite");
        assert!(load(&path).unwrap().is_empty());
        let entry = |name: &str| BlacklistEntry {
            id: 0,
            name: name.into(),
            born: Some(jiff::civil::date(1990, 1, 1)),
            phone: String::new(),
            reason: "使用软件作弊".into(),
            event: "聆听杯".into(),
        };
        assert_eq!(add(&path, &entry("张三")).unwrap(), 1);
        assert_eq!(add(&path, &entry("李四")).unwrap(), 2);
        let names: Vec<_> = load(&path).unwrap().into_iter().map(|e| (e.id, e.name, e.born)).collect();
        assert_eq!(names, [(1, "张三".into(), entry("").born), (2, "李四".into(), entry("").born)]);
        assert!(remove(&path, 1).unwrap());
        assert!(!remove(&path, 1).unwrap());
        assert_eq!(load(&path).unwrap().len(), 1);

        let foreign = dir.path().join("other.sqlite");
        Connection::open(&foreign).unwrap().execute_batch("CREATE TABLE t (x)").unwrap();
        let before = std::fs::read(&foreign).unwrap();
        assert!(matches!(add(&foreign, &entry("王五")), Err(BlacklistError::Foreign { .. })));
        assert_eq!(std::fs::read(&foreign).unwrap(), before);
    }
}
