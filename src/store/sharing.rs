//! How the event file's one writer holds it (issue 17, item 4; issue 39, item 8): in
//! WAL mode, first alone — an EXCLUSIVE lock while it checks, migrates and reads the
//! file ([`hold_alone`]) — then, for the window, beside readers
//! ([`share_with_readers`]): the SHARED lock a WAL connection holds while open, the
//! log's index in the shared `-shm` file that readers in other processes use too. A
//! writing command of the command line stays alone for its short life.

use rusqlite::Connection;

/// Whether the connection shares the file with readers ([`super::EventFile::open`]) or
/// holds it alone ([`super::EventFile::open_for_command`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sharing {
    /// No other connection at all.
    Alone,
    /// Readers may read while this connection is the one writer.
    WithReaders,
}

/// Puts the file in WAL mode (`enter_wal`), then takes the EXCLUSIVE lock: the first
/// transaction in exclusive locking mode takes it, which fails while anyone else has
/// the file open; it is then held until [`share_with_readers`] or the connection's end.
pub(super) fn hold_alone(conn: &Connection) -> rusqlite::Result<()> {
    enter_wal(conn)?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.pragma_update(None, "locking_mode", "EXCLUSIVE")?;
    conn.execute_batch("BEGIN EXCLUSIVE; COMMIT;")
}

/// Puts the file in WAL mode and opens its write-ahead log while the connection is
/// still in normal locking mode (issue 39, item 8). On a file in rollback mode — one
/// just created (新建…), a "save as" copy, a file an older build left so — `PRAGMA
/// journal_mode=WAL` only marks the file; SQLite opens the log at the connection's next
/// read. Were that read the first transaction in exclusive locking mode, SQLite would
/// keep the log's index in this process's memory instead of the shared `-shm` file,
/// and the connection could never leave exclusive locking mode: every reader beside the
/// window would be told "in use" until it closed. One read here opens the log, its
/// index in `-shm`.
fn enter_wal(conn: &Connection) -> rusqlite::Result<()> {
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get::<_, i64>(0)).map(drop)
}

/// Leaves exclusive locking mode while still the one writer: back in normal mode, the
/// next transaction's end drops the EXCLUSIVE lock to the SHARED lock that a WAL
/// connection holds as long as it is open. Readers (SHARED too) may then come and go;
/// a writer of this program asks for EXCLUSIVE first and is refused while this
/// connection is open.
pub(super) fn share_with_readers(conn: &Connection) -> rusqlite::Result<()> {
    // SQLite answers with the mode the connection is in now: still "exclusive" when
    // its log was opened in exclusive locking mode, which `enter_wal` prevents.
    let mode: String = conn.pragma_update_and_check(None, "locking_mode", "NORMAL", |r| r.get(0))?;
    debug_assert_eq!(mode, "normal", "the window's connection must share the file with readers");
    conn.execute_batch("BEGIN IMMEDIATE; COMMIT;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::OpenFlags;
    use std::path::Path;

    /// A file in rollback mode, as `VACUUM INTO` or a new file leaves it.
    fn rollback_file(path: &Path) {
        let conn = Connection::open(path).unwrap();
        conn.execute_batch("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1);").unwrap();
        let mode: String = conn.pragma_query_value(None, "journal_mode", |r| r.get(0)).unwrap();
        assert_eq!(mode, "delete");
    }

    fn another_reader_reads(path: &Path) -> rusqlite::Result<i64> {
        let reader = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        reader.busy_timeout(std::time::Duration::ZERO)?;
        reader.query_row("SELECT x FROM t", [], |r| r.get(0))
    }

    // Issue 39, item 8: the cause. Marked WAL but its log opened only in exclusive
    // locking mode, a connection cannot go back to normal mode, and keeps readers out.
    #[test]
    fn a_log_opened_in_exclusive_mode_keeps_the_connection_exclusive() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.db");
        rollback_file(&path);
        let conn = Connection::open(&path).unwrap();
        conn.pragma_update(None, "journal_mode", "WAL").unwrap();
        conn.pragma_update(None, "locking_mode", "EXCLUSIVE").unwrap();
        conn.execute_batch("BEGIN EXCLUSIVE; COMMIT;").unwrap();
        let mode: String = conn.pragma_update_and_check(None, "locking_mode", "NORMAL", |r| r.get(0)).unwrap();
        assert_eq!(mode, "exclusive");
        assert!(!dir.path().join("e.db-shm").exists(), "the log's index is in this process's memory");
    }

    // Issue 39, item 8: a file in rollback mode, held as the window holds it, is read
    // beside it.
    #[test]
    fn a_file_in_rollback_mode_is_shared_with_readers() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.db");
        rollback_file(&path);
        let conn = Connection::open(&path).unwrap();
        conn.busy_timeout(std::time::Duration::ZERO).unwrap();
        hold_alone(&conn).unwrap();
        let busy = another_reader_reads(&path).unwrap_err().sqlite_error_code();
        assert_eq!(busy, Some(rusqlite::ErrorCode::DatabaseBusy), "held alone, nobody reads");
        share_with_readers(&conn).unwrap();
        assert!(dir.path().join("e.db-shm").exists(), "the log's index is shared");
        assert_eq!(another_reader_reads(&path).unwrap(), 1);
        conn.execute_batch("UPDATE t SET x = 2").unwrap();
        assert_eq!(another_reader_reads(&path).unwrap(), 2, "readers see each commit");
    }
}
