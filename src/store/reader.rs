//! Reading an event file beside its writer (issue 17): the command line's reading
//! commands (`players list`, `pairings`, `standings`, `prizes`, `ledger`, `print`,
//! `export`, `log`) work while the window has the event open.
//!
//! The window's connection is the file's one writer in WAL mode with normal locking
//! ([`super::EventFile::open`]); an [`EventReader`] is an ordinary SQLite reader of the
//! same file: it reads one snapshot — the last committed state when it opened — inside
//! one read transaction, and never writes. It neither migrates an older file (the
//! migration runs on a copy in memory), nor compacts, nor writes an audit row. It
//! checks the event's digest against the newest audit row as a writing command does,
//! and the whole hash chain when the audit log is read (issue 22, item 6): a file
//! changed outside Bianpai is refused by every command.
//!
//! While a `-wal` file lies beside the event (someone has it open, or the last session
//! did not close it), the reader opens it read-only. Otherwise nobody has it open and
//! the reader opens it read-write but `query_only`: as the last connection to close, it
//! then lets SQLite remove the `-wal`/`-shm` files it had to create (their log is empty,
//! so nothing is written to the event file itself). On read-only media, where SQLite
//! cannot read a `-wal` left beside the file, a private copy of both is read.

use super::chain::{self, Depth};
use super::{
    AuditEntry, StoreError, chain_error, classify, digest, load, read_audit_log, read_header, schema, wal_beside,
};
use crate::domain::event::Event;
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How long a reader waits for a writer that holds the file alone (a writing command
/// of the command line, or a window while it opens the file) before it says "in use".
const READER_WAIT: Duration = Duration::from_secs(3);

/// An event file opened to read: the event as last committed, and its audit log.
pub struct EventReader {
    conn: Connection,
    /// The private copy `conn` reads, for a file on read-only media with a `-wal`
    /// beside it; declared after `conn`, so removed after the connection closes.
    _copy: Option<super::read_only::PrivateCopy>,
    path: PathBuf,
    event: Event,
    /// The event's digest, when the file has a hash chain (schema 7 on).
    state: Option<digest::StateDigest>,
}

impl std::fmt::Debug for EventReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventReader").field("path", &self.path).finish_non_exhaustive()
    }
}

impl EventReader {
    /// Opens an event file to read it, beside a window that may have it open.
    ///
    /// # Errors
    /// [`StoreError::NotFound`], [`StoreError::NotAnEventFile`],
    /// [`StoreError::NewerVersion`], [`StoreError::Damaged`], [`StoreError::Tampered`];
    /// [`StoreError::InUse`] when a writing command holds the file alone for longer
    /// than a reader waits; SQLite errors. The file is never modified.
    pub fn open(path: &Path) -> Result<EventReader, StoreError> {
        if !path.is_file() {
            return Err(StoreError::NotFound { path: path.to_path_buf() });
        }
        // Read-only media (issue 22, item 3): nothing can change the file there, so it
        // is read as immutable — unless a `-wal` holds part of its content. A read-only
        // file is known at once (SQLite would leave a `-wal` and `-shm` beside it); a
        // read-only folder when the ordinary reader fails.
        let immutable = |path: &Path| {
            let conn = super::read_only::open_immutable(path).map_err(|source| classify(path, source))?;
            EventReader::read(conn, path)
        };
        let no_wal = !wal_beside(path).exists();
        if no_wal && super::read_only::file_read_only(path) {
            return immutable(path);
        }
        match EventReader::open_beside_writer(path) {
            Err(StoreError::Sqlite { .. } | StoreError::Io { .. })
                if no_wal && super::read_only::read_only_media(path) =>
            {
                immutable(path)
            }
            // With a `-wal` there, SQLite could not set up the index it reads the log
            // through (issue 38, item 9): a private copy keeps what the log holds.
            Err(StoreError::Sqlite { .. } | StoreError::Io { .. } | StoreError::ReadOnly { .. })
                if !no_wal && super::read_only::read_only_media(path) =>
            {
                EventReader::open_copy(path)
            }
            other => other,
        }
    }

    /// Reads a [`super::read_only::PrivateCopy`] of the file and its `-wal`; errors
    /// name the file itself.
    fn open_copy(path: &Path) -> Result<EventReader, StoreError> {
        let sql = |source: rusqlite::Error| classify(path, source);
        let copy = super::read_only::PrivateCopy::of(path, &wal_beside(path))?;
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(copy.file(), flags).map_err(sql)?;
        conn.pragma_update(None, "query_only", true).map_err(sql)?;
        let mut reader = EventReader::read(conn, path)?;
        reader._copy = Some(copy);
        Ok(reader)
    }

    fn open_beside_writer(path: &Path) -> Result<EventReader, StoreError> {
        let sql = |source: rusqlite::Error| classify(path, source);
        let shared = wal_beside(path).exists();
        let access = if shared { OpenFlags::SQLITE_OPEN_READ_ONLY } else { OpenFlags::SQLITE_OPEN_READ_WRITE };
        let conn = Connection::open_with_flags(path, access | OpenFlags::SQLITE_OPEN_NO_MUTEX).map_err(sql)?;
        conn.busy_timeout(READER_WAIT).map_err(sql)?;
        conn.pragma_update(None, "query_only", true).map_err(sql)?;
        EventReader::read(conn, path)
    }

    /// Reads the event from an open connection in one read transaction.
    fn read(conn: Connection, path: &Path) -> Result<EventReader, StoreError> {
        let sql = |source: rusqlite::Error| classify(path, source);
        let owned = path.to_path_buf();
        // One read transaction from the header to the audit log: one snapshot.
        conn.execute_batch("BEGIN DEFERRED").map_err(sql)?;
        let version = read_header(&conn, path)?;
        let conn = if version < schema::current_version() {
            super::integrity::migrated_copy(&conn, version)
                .map_err(|source| super::schema_mismatch(path, version, source))?
        } else {
            conn
        };
        let event = load(&conn, path)?;
        // A file from before the chain has none to check (the window starts it).
        let state = (version >= schema::AUDIT_CHAIN).then(|| digest::of_event(&event));
        if let Some(state) = &state {
            chain::verify(&conn, state, Depth::Newest).map_err(|e| chain_error(path, e))?;
        }
        Ok(EventReader { conn, _copy: None, path: owned, event, state })
    }

    /// Writes a copy of the event file, audit log included, to a new file at `path`:
    /// how a director makes an editable copy of a file on read-only media ("save as").
    ///
    /// # Errors
    /// [`StoreError::AlreadyExists`] if `path` exists; SQLite or file-system errors.
    pub fn save_copy(&self, path: &Path) -> Result<(), StoreError> {
        // VACUUM runs outside a transaction: the reader's snapshot ends for the copy
        // and a new one begins (nothing can have changed a file on read-only media).
        let sql = |source: rusqlite::Error| classify(&self.path, source);
        if !self.conn.is_autocommit() {
            self.conn.execute_batch("COMMIT").map_err(sql)?;
        }
        let copied = super::backup::copy_into(&self.conn, path);
        self.conn.execute_batch("BEGIN DEFERRED").map_err(sql)?;
        copied
    }

    /// The event as last committed when the reader opened.
    pub fn event(&self) -> &Event {
        &self.event
    }

    /// The event, the file released: for work that takes long after reading it
    /// (printing, exporting), so that the window can open the file meanwhile.
    pub fn into_event(self) -> Event {
        self.event
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The audit log, oldest first, of the same snapshot as [`EventReader::event`],
    /// after checking its whole hash chain.
    ///
    /// # Errors
    /// [`StoreError::Tampered`] naming the first row that no longer matches; SQLite
    /// errors.
    pub fn audit_log(&self) -> Result<Vec<AuditEntry>, StoreError> {
        if let Some(state) = &self.state {
            chain::verify(&self.conn, state, Depth::Whole).map_err(|e| chain_error(&self.path, e))?;
        }
        read_audit_log(&self.conn, &self.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::command::Command;
    use crate::domain::ids::GroupId;
    use crate::domain::player::PlayerEntry;

    // Issue 38 item 9: the private copy of a file and its `-wal` reads what only the log
    // holds, names the file itself, and is removed with the reader.
    #[test]
    fn a_private_copy_reads_what_only_the_log_holds() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.bianpai");
        let event = crate::domain::presets::build("cxa-swiss", None, Some(3)).unwrap();
        drop(super::super::EventFile::create(&path, &event).unwrap());
        let mut window = super::super::EventFile::open(&path).unwrap();
        let entries = vec![PlayerEntry { name: "甲".into(), ..Default::default() }];
        window
            .execute(&Command::AddPlayers { group: GroupId(1), entries, override_reason: None, left_out: Vec::new() })
            .unwrap();
        assert!(wal_beside(&path).exists(), "the window's log holds the player");
        let reader = EventReader::open_copy(&path).unwrap();
        assert_eq!(reader.event().players.len(), 1);
        assert_eq!(reader.path(), path);
        assert_eq!(reader.audit_log().unwrap().len(), window.audit_log().unwrap().len());
        let copy = reader._copy.as_ref().unwrap().file().to_path_buf();
        assert!(copy.exists() && !copy.starts_with(dir.path()), "read from a copy elsewhere");
        drop(reader);
        assert!(!copy.parent().unwrap().exists(), "the copy's folder is removed");
    }
}
