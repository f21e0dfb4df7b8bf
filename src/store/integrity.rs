//! What is checked before an event file is trusted, and above all before it is written
//! or copied aside (issue 22, item 6; issue 38, items 3 and 4): the header
//! ([`read_header`]: ours, of a version this build reads, and truly of that version —
//! a version number set back over newer tables is a file changed outside Bianpai),
//! SQLite's own check of every page ([`verify_whole`]), an older file's history before
//! it is copied aside and migrated ([`check_older_chain`], [`migrate_older`]), the
//! history under the event as loaded, in full or, for a sealed file, its newest row
//! ([`sealed_newest`], [`checked_whole`]), and the file as it stands
//! on disk before a backup is taken of it ([`EventFile::check_on_disk`]). A broken
//! chain becomes [`StoreError::Tampered`] naming the newest backup that would restore
//! ([`chain_error`]).

use super::chain::{self, Broken, ChainError, Depth, Head, Tamper};
use super::digest::StateDigest;
use super::{EventFile, StoreError, backup, classify, digest, load, schema, schema_mismatch};
use crate::domain::event::Event;
use rusqlite::backup::Backup;
use rusqlite::{Connection, TransactionBehavior};
use std::path::Path;
use std::time::Duration;

/// Reads `application_id` and `user_version` (before any pragma that writes) and
/// returns the schema version of an event file this build reads. A file whose tables
/// are newer than its version number says is refused as changed outside Bianpai: it
/// would otherwise be migrated, and an older file's history hashed in place over
/// whatever was edited (issue 38, item 4).
pub(super) fn read_header(conn: &Connection, path: &Path) -> Result<i32, StoreError> {
    let sql = |source: rusqlite::Error| classify(path, source);
    let application_id: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0)).map_err(sql)?;
    let version: i32 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(sql)?;
    if application_id != schema::APPLICATION_ID {
        return Err(StoreError::NotAnEventFile {
            path: path.to_path_buf(),
            reason: "another program's SQLite database".into(),
        });
    }
    if version > schema::current_version() {
        return Err(StoreError::NewerVersion {
            path: path.to_path_buf(),
            found: version,
            supported: schema::current_version(),
        });
    }
    if version < schema::current_version() && schema::tables_newer_than(conn, version).map_err(sql)?.is_some() {
        return Err(chain_error(path, ChainError::Broken(Broken { row: 0, what: Tamper::Version })));
    }
    Ok(version)
}

/// `PRAGMA integrity_check` of the whole file: a damaged file is refused untouched.
pub(super) fn verify_whole(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let owned = path.to_path_buf();
    let check: Vec<String> = conn
        .prepare("PRAGMA integrity_check(5)")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .map_err(|source| match classify(path, source) {
            StoreError::Sqlite { source, .. } => {
                StoreError::Damaged { path: path.to_path_buf(), message: source.to_string() }
            }
            other => other,
        })?;
    if check.first().is_none_or(|first| first != "ok") {
        return Err(StoreError::Damaged { path: owned, message: check.join("; ") });
    }
    Ok(())
}

/// Checks the whole history of a file of an older schema that already has a hash chain
/// (schema 7 on), read through a copy migrated in memory, before the file itself is
/// copied aside and migrated (issue 38, item 3): a damaged file is neither backed up
/// nor changed. Files from before the chain have none to check.
pub(super) fn check_older_chain(conn: &Connection, path: &Path, version: i32) -> Result<(), StoreError> {
    if version < schema::AUDIT_CHAIN {
        return Ok(());
    }
    let copy = migrated_copy(conn, version).map_err(|source| super::schema_mismatch(path, version, source))?;
    let state = digest::of_event(&load(&copy, path)?);
    chain::verify(&copy, &state, Depth::Whole).map_err(|e| chain_error(path, e))?;
    Ok(())
}

/// A file of an older schema, copied into memory and migrated there: read as this
/// build reads, the file itself left as it is.
pub(super) fn migrated_copy(conn: &Connection, version: i32) -> rusqlite::Result<Connection> {
    let mut memory = Connection::open_in_memory()?;
    Backup::new(conn, &mut memory)?.run_to_completion(256, Duration::ZERO, None)?;
    let tx = memory.transaction()?;
    schema::migrate(&tx, version)?;
    tx.commit()?;
    memory.execute_batch("BEGIN DEFERRED")?;
    Ok(memory)
}

/// A chain that could not be read, or that broke: [`StoreError::Tampered`] naming the
/// newest backup beside the file that would restore.
pub(super) fn chain_error(path: &Path, error: ChainError) -> StoreError {
    match error {
        ChainError::Sqlite(source) => classify(path, source),
        ChainError::Broken(broken) => StoreError::Tampered {
            path: path.to_path_buf(),
            row: broken.row,
            what: broken.what,
            backup: backup::newest_restorable(path),
        },
    }
}

impl EventFile {
    /// Checks that the file still holds what this writer saved — the event as loaded
    /// from it now, its whole history — before a copy of it is kept as a backup (issue
    /// 38, item 3): while the window has the file open, another program may write to
    /// it, and a backup of that would carry the damage.
    ///
    /// # Errors
    /// [`StoreError::Tampered`]; SQLite errors.
    pub(super) fn check_on_disk(&self) -> Result<(), StoreError> {
        let state = digest::of_event(&load(&self.conn, &self.path)?);
        let head = chain::verify(&self.conn, &state, Depth::Whole).map_err(|e| chain_error(&self.path, e))?;
        if head != self.head || state != self.state {
            let broken = Broken { row: head.id, what: Tamper::Data };
            return Err(chain_error(&self.path, ChainError::Broken(broken)));
        }
        Ok(())
    }
}

/// Checks the history under the event as loaded, for every writer: nothing is written
/// on top of a damaged history, nor copied aside into a backup (issue 38, item 3).
/// The chain's head and the event's digest of a file exactly as its last writer sealed
/// it (`sealed`, its head): that writer checked every row, and the event against the
/// newest row's digest, so only the newest row and the head are checked here, and the
/// digest that row records is the event's (issue 38, item 18). `None` for any other
/// file, whose rows and event are all to be checked ([`checked_whole`]).
pub(super) fn sealed_newest(
    conn: &Connection,
    path: &Path,
    sealed: Option<Head>,
) -> Result<Option<(Head, StateDigest)>, StoreError> {
    let Some(sealed) = sealed else { return Ok(None) };
    let (newest, state) = chain::newest(conn).map_err(|e| chain_error(path, e))?;
    Ok((newest == sealed).then_some((newest, state)))
}

/// Checks every audit row and the whole event's digest against the newest row's;
/// returns the chain's head and the digest.
pub(super) fn checked_whole(conn: &Connection, path: &Path, event: &Event) -> Result<(Head, StateDigest), StoreError> {
    let state = digest::of_event(event);
    let head = chain::verify(conn, &state, Depth::Whole).map_err(|e| chain_error(path, e))?;
    Ok((head, state))
}

/// Migrates an older file in one transaction, after copying it aside: its history is
/// checked first, and a damaged file is neither copied nor changed (issue 38, item 3).
/// A file from before the audit chain has the chain started over its rows as they are.
pub(super) fn migrate_older(conn: &mut Connection, path: &Path, version: i32) -> Result<(), StoreError> {
    let sql = |source: rusqlite::Error| classify(path, source);
    check_older_chain(conn, path, version)?;
    let target = path.with_file_name(format!(
        "{}.bak-v{version}.bianpai",
        path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
    ));
    backup::write_backup(conn, path, &target, backup::keep())?;
    let tx = conn.transaction_with_behavior(TransactionBehavior::Exclusive).map_err(sql)?;
    schema::migrate(&tx, version).map_err(|source| schema_mismatch(path, version, source))?;
    if version < schema::AUDIT_CHAIN {
        chain::seed(&tx, &digest::of_event(&load(&tx, path)?)).map_err(sql)?;
    }
    tx.commit().map_err(sql)
}
