//! Waiting for the event file's writer lock (issue 38, item 15). A writer — the window,
//! or a writing command of the command line — takes an EXCLUSIVE lock when it opens
//! the file ([`super::EventFile::open`]). Who else may hold the file decides whether
//! waiting makes sense:
//!
//! - another writing command, which holds the file alone (EXCLUSIVE) for the few
//!   milliseconds of its change: the writer waits for it, up to [`COMMAND_WAIT`];
//! - a window's session or a reader, which hold the SHARED lock a WAL connection holds
//!   while open: a reader lets go within moments, a window not before it closes — so
//!   the writer is refused once only such holders have kept it out for
//!   [`SESSION_GRACE`], at once as a director sees it.
//!
//! Which of the two holds the file is told by a probe that reads one page: it gets
//! the SHARED lock beside a window or reader, and not beside an EXCLUSIVE holder.
//!
//! Each attempt gives up at the first refusal and lets go of every lock before it
//! waits: SQLite's own busy wait would keep the SHARED lock of a WAL connection while
//! waiting for EXCLUSIVE, and two writers doing so wait for each other until one gives
//! up ("in use" for a third of racing commands).

use super::{StoreError, wal_beside};
use rusqlite::{Connection, ErrorCode, OpenFlags};
use std::path::Path;
use std::time::{Duration, Instant};

/// How long a writer waits for other writing commands before it says "in use".
pub(super) const COMMAND_WAIT: Duration = Duration::from_secs(5);

/// How long a writer waits while only windows or readers hold the file.
pub(super) const SESSION_GRACE: Duration = Duration::from_millis(500);

/// The longest pause between two attempts.
const MAX_PAUSE: Duration = Duration::from_millis(25);

/// Runs `attempt` (an opening that takes the writer's lock without waiting) until it
/// does anything but find the file in use, or the waiting above is over.
///
/// # Errors
/// What `attempt` returned last: [`StoreError::InUse`] when the wait is over.
pub(super) fn retry<T>(path: &Path, mut attempt: impl FnMut() -> Result<T, StoreError>) -> Result<T, StoreError> {
    let started = Instant::now();
    let mut session_since: Option<Instant> = None;
    let mut tries: u64 = 0;
    loop {
        let in_use = match attempt() {
            Err(in_use @ StoreError::InUse { .. }) => in_use,
            other => return other,
        };
        let now = Instant::now();
        if holder(path) == Holder::Session {
            if now.duration_since(*session_since.get_or_insert(now)) >= SESSION_GRACE {
                return Err(in_use);
            }
        } else {
            session_since = None;
        }
        if now.duration_since(started) >= COMMAND_WAIT {
            return Err(in_use);
        }
        tries += 1;
        std::thread::sleep(pause(tries));
    }
}

/// The pause before attempt `tries + 1`: growing from 1 ms to [`MAX_PAUSE`], spread by
/// the process so that racing writers do not keep meeting.
fn pause(tries: u64) -> Duration {
    let grown = Duration::from_millis(1u64 << tries.min(5)).min(MAX_PAUSE);
    let spread = (u64::from(std::process::id()).wrapping_mul(7919) ^ tries.wrapping_mul(104_729)) % 5;
    grown + Duration::from_millis(spread)
}

/// Who holds a file a writer could not lock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Holder {
    /// A connection that holds it alone (EXCLUSIVE): a writing command, or a window
    /// while it opens the file. Let go within moments.
    Command,
    /// Only connections that share it with readers (SHARED): a window's session, or
    /// readers. Possibly for as long as the window stays open.
    Session,
}

/// Reads one page of the file without waiting: refused (busy) beside an EXCLUSIVE
/// holder. Anything else — read, or another error — counts as [`Holder::Session`]:
/// the writer is then refused soon rather than waiting for nothing.
fn holder(path: &Path) -> Holder {
    // As a reader opens it: read-only beside a `-wal`, else `query_only`.
    let access =
        if wal_beside(path).exists() { OpenFlags::SQLITE_OPEN_READ_ONLY } else { OpenFlags::SQLITE_OPEN_READ_WRITE };
    let read = Connection::open_with_flags(path, access | OpenFlags::SQLITE_OPEN_NO_MUTEX).and_then(|conn| {
        conn.busy_timeout(Duration::ZERO)?;
        conn.pragma_update(None, "query_only", true)?;
        conn.query_row("PRAGMA schema_version", [], |r| r.get::<_, i64>(0))
    });
    match read.map_err(|e| e.sqlite_error_code()) {
        Err(Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)) => Holder::Command,
        _ => Holder::Session,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 38 item 15: the pauses stay short and differ between processes' tries.
    #[test]
    fn pauses_grow_to_a_bound() {
        assert!(pause(1) <= Duration::from_millis(6));
        assert!((1..100).all(|t| pause(t) <= MAX_PAUSE + Duration::from_millis(4)));
        assert!(pause(50) >= MAX_PAUSE);
    }
}
