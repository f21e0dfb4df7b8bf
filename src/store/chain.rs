//! The audit log's hash chain (issue 22, item 6): a value changed in the file behind
//! Bianpai's back, or a history rewritten, is found when the file is opened.
//!
//! Each audit row carries the hash of the row before it (`prev_hash`), the digest of
//! the whole event as saved with it (`state_hash`, [`super::digest`]) and its own hash
//! (`row_hash`): SHA-256 over the previous hash, its id, time, actor, command, before,
//! after and state digest. The one row of `audit_chain` holds the event's digest when
//! the chain began (`start_state`; the first row's previous hash is [`start_hash`] of
//! it) and the newest row's hash (`head_hash`, so that rows cut off the end are seen).
//! [`verify`] walks the chain and compares the newest state digest with the event as
//! loaded; it names the first row that no longer matches.
//!
//! Hashes are stored as 32-byte BLOBs (`hex(row_hash)` shows one in any SQLite tool).

use super::AuditEntry;
use super::digest::StateDigest;
use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

/// A SHA-256 hash.
pub(super) type Hash = [u8; 32];

/// What no longer matches in an event file changed outside Bianpai or damaged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tamper {
    /// The history row itself was changed (or written by another program).
    Row,
    /// A row before it is missing, or rows were moved.
    Link,
    /// The rows from this one on are missing.
    Cut,
    /// The event's data differ from what was saved with this row, the newest (row 0:
    /// from what the file held before its first change).
    Data,
    /// The file's schema version number was set back while its tables stayed newer
    /// (issue 38, item 4): it would be taken for an older file and its edits hashed
    /// in; row 0.
    Version,
}

/// Where the chain broke: the first row that no longer matches, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Broken {
    pub row: i64,
    pub what: Tamper,
}

/// Why the chain could not be checked or written.
#[derive(Debug)]
pub(super) enum ChainError {
    Sqlite(rusqlite::Error),
    Broken(Broken),
}

impl From<rusqlite::Error> for ChainError {
    fn from(e: rusqlite::Error) -> ChainError {
        ChainError::Sqlite(e)
    }
}

/// The newest row of the chain: its id (0 before the first row) and its hash (the
/// chain's start before the first row).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Head {
    pub id: i64,
    pub hash: Hash,
}

/// An audit row's text, as hashed.
#[derive(Debug, Clone, Copy)]
pub(super) struct RowText<'a> {
    pub id: i64,
    pub at: &'a str,
    pub actor: &'a str,
    pub command: &'a str,
    pub before: &'a str,
    pub after: &'a str,
}

impl RowText<'_> {
    fn of(entry: &AuditEntry) -> RowText<'_> {
        RowText {
            id: entry.id,
            at: &entry.at,
            actor: &entry.actor,
            command: &entry.command,
            before: &entry.before,
            after: &entry.after,
        }
    }

    /// The text columns in the order they are hashed.
    fn fields(&self) -> [&[u8]; 5] {
        [self.at, self.actor, self.command, self.before, self.after].map(str::as_bytes)
    }
}

/// How much of the chain [`verify`] walks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Depth {
    /// Every row (the window, the reading commands).
    Whole,
    /// The newest row only, with the head and the state (one writing command).
    Newest,
}

/// The hash the first row names as its previous one.
pub(super) fn start_hash(start_state: &StateDigest) -> Hash {
    let mut hasher = Sha256::new();
    hasher.update(b"bianpai audit chain 1\0");
    hasher.update(start_state.to_bytes());
    hasher.finalize().into()
}

/// A row's own hash, from the previous row's hash, its id, its text columns (time,
/// actor, command, before, after) and its state digest.
fn row_hash(prev: &Hash, id: i64, fields: [&[u8]; 5], state: Option<&StateDigest>) -> Hash {
    let mut hasher = Sha256::new();
    hasher.update(b"bianpai audit row 1\0");
    hasher.update(prev);
    hasher.update(id.to_be_bytes());
    for field in fields {
        hasher.update((field.len() as u64).to_be_bytes());
        hasher.update(field);
    }
    match state {
        Some(state) => {
            hasher.update([1]);
            hasher.update(state.to_bytes());
        }
        None => hasher.update([0]),
    }
    hasher.finalize().into()
}

/// A stored hash: 32 bytes, `None` for anything else.
fn hash_of(blob: Option<&[u8]>) -> Option<Hash> {
    blob.and_then(|b| b.try_into().ok())
}

fn state_of(blob: Option<&[u8]>) -> Option<StateDigest> {
    hash_of(blob).map(|bytes| StateDigest::from_bytes(&bytes))
}

/// Starts the chain over the rows the log holds — none in a new file; every row of a
/// file from before schema 7, hashed in place, the newest carrying `state` (the older
/// ones carry none: their states are not known). Run inside the caller's transaction.
pub(super) fn seed(conn: &Connection, state: &StateDigest) -> rusqlite::Result<Head> {
    let newest: Option<i64> = conn.query_row("SELECT max(id) FROM audit_log", [], |r| r.get(0))?;
    let mut head = Head { id: 0, hash: start_hash(state) };
    let mut hashed: Vec<(i64, Hash, Option<StateDigest>, Hash)> = Vec::new();
    {
        let mut stmt = conn.prepare("SELECT id, at, actor, command, before, after FROM audit_log ORDER BY id")?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            let entry = AuditEntry::of_row(r)?;
            // Only the newest row's state is known: the event as it stands.
            let row_state = (Some(entry.id) == newest).then_some(*state);
            let hash = row_hash(&head.hash, entry.id, RowText::of(&entry).fields(), row_state.as_ref());
            hashed.push((entry.id, head.hash, row_state, hash));
            head = Head { id: entry.id, hash };
        }
    }
    let mut update =
        conn.prepare("UPDATE audit_log SET prev_hash = ?2, state_hash = ?3, row_hash = ?4 WHERE id = ?1")?;
    for (id, prev, row_state, hash) in &hashed {
        update.execute(params![id, prev, row_state.map(StateDigest::to_bytes), hash])?;
    }
    conn.execute(
        "INSERT OR REPLACE INTO audit_chain (id, start_state, head_hash) VALUES (1, ?1, ?2)",
        params![state.to_bytes(), head.hash],
    )?;
    Ok(head)
}

/// Appends a row after `head`, which becomes the row.
pub(super) fn append(
    conn: &Connection,
    head: &mut Head,
    row: &RowText<'_>,
    state: &StateDigest,
) -> rusqlite::Result<()> {
    let hash = row_hash(&head.hash, row.id, row.fields(), Some(state));
    conn.prepare_cached(
        "INSERT INTO audit_log (id, at, actor, command, before, after, prev_hash, state_hash, row_hash)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        row.id,
        row.at,
        row.actor,
        row.command,
        row.before,
        row.after,
        head.hash,
        state.to_bytes(),
        hash
    ])?;
    *head = Head { id: row.id, hash };
    Ok(())
}

/// Records `head` as the newest row, after the rows of a transaction are appended.
pub(super) fn set_head(conn: &Connection, head: &Head) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE audit_chain SET head_hash = ?1 WHERE id = 1")?.execute(params![head.hash])?;
    Ok(())
}

/// A stored row that hashes to what it holds: its id, the previous hash it names, its
/// hash and its state digest.
struct Checked {
    id: i64,
    prev: Hash,
    hash: Hash,
    state: Option<StateDigest>,
}

const ROW_COLUMNS: &str = "id, at, actor, command, before, after, prev_hash, state_hash, row_hash";

/// Checks one row of `SELECT {ROW_COLUMNS}` against its own hash, reading its columns
/// in place; a row whose columns are not what Bianpai writes is broken too.
fn check(r: &rusqlite::Row<'_>) -> Result<Checked, ChainError> {
    let id: i64 = r.get(0)?;
    let broken = || ChainError::Broken(Broken { row: id, what: Tamper::Row });
    let text = |i: usize| r.get_ref(i).map(|v| v.as_bytes().ok());
    let blob = |i: usize| r.get_ref(i).map(|v| v.as_bytes_or_null().ok().flatten());
    let fields = [text(1)?, text(2)?, text(3)?, text(4)?, text(5)?];
    let [Some(at), Some(actor), Some(command), Some(before), Some(after)] = fields else { return Err(broken()) };
    let (prev, state, hash) = (hash_of(blob(6)?), blob(7)?, hash_of(blob(8)?));
    let (Some(prev), Some(hash)) = (prev, hash) else { return Err(broken()) };
    let digest = state_of(state);
    if state.is_some() && digest.is_none() {
        return Err(broken());
    }
    if row_hash(&prev, id, [at, actor, command, before, after], digest.as_ref()) != hash {
        return Err(broken());
    }
    Ok(Checked { id, prev, hash, state: digest })
}

/// The first row of `sql`'s answer, checked; `None` when there is none.
fn check_first(conn: &Connection, sql: &str, params: impl rusqlite::Params) -> Result<Option<Checked>, ChainError> {
    let mut stmt = conn.prepare(sql)?;
    let mut rows = stmt.query(params)?;
    rows.next()?.map(check).transpose()
}

/// Checks that audit row `id` still reads as it was written (before undo reverts it).
pub(super) fn check_row(conn: &Connection, id: i64) -> Result<(), ChainError> {
    check_first(conn, &format!("SELECT {ROW_COLUMNS} FROM audit_log WHERE id = ?1"), params![id]).map(drop)
}

/// Checks the chain against `state`, the digest of the event as loaded, and returns
/// its head: every row's link and hash (or, at [`Depth::Newest`], the newest row's
/// hash), the head recorded beside the rows, and the newest row's state digest.
pub(super) fn verify(conn: &Connection, state: &StateDigest, depth: Depth) -> Result<Head, ChainError> {
    let (head, newest_state) = walk(conn, depth)?;
    if newest_state != *state {
        return Err(ChainError::Broken(Broken { row: head.id, what: Tamper::Data }));
    }
    Ok(head)
}

/// The newest row, its hash checked, with the head recorded beside the rows, and the
/// event's digest it records: for a file as its last writer sealed it, whose event
/// that writer had checked against the chain (`seal`).
pub(super) fn newest(conn: &Connection) -> Result<(Head, StateDigest), ChainError> {
    walk(conn, Depth::Newest)
}

/// Walks the chain to `depth` and returns its head, checked against the head recorded
/// beside the rows, and the state digest its newest row records.
fn walk(conn: &Connection, depth: Depth) -> Result<(Head, StateDigest), ChainError> {
    let anchor: Option<(Vec<u8>, Vec<u8>)> = conn
        .query_row("SELECT start_state, head_hash FROM audit_chain WHERE id = 1", [], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    // Without its start the chain links to nothing: broken before the first row.
    let no_start = ChainError::Broken(Broken { row: 1, what: Tamper::Link });
    let Some((start_state, recorded_head)) = anchor else { return Err(no_start) };
    let Some(start_state) = state_of(Some(&start_state)) else { return Err(no_start) };
    let mut head = Head { id: 0, hash: start_hash(&start_state) };
    let mut newest_state = Some(start_state);
    match depth {
        Depth::Whole => {
            let mut stmt = conn.prepare(&format!("SELECT {ROW_COLUMNS} FROM audit_log ORDER BY id"))?;
            let mut rows = stmt.query([])?;
            while let Some(r) = rows.next()? {
                let row = check(r)?;
                if row.prev != head.hash {
                    return Err(ChainError::Broken(Broken { row: row.id, what: Tamper::Link }));
                }
                (head, newest_state) = (Head { id: row.id, hash: row.hash }, row.state);
            }
        }
        Depth::Newest => {
            let sql = format!("SELECT {ROW_COLUMNS} FROM audit_log ORDER BY id DESC LIMIT 1");
            if let Some(row) = check_first(conn, &sql, [])? {
                (head, newest_state) = (Head { id: row.id, hash: row.hash }, row.state);
            }
        }
    }
    if hash_of(Some(&recorded_head)) != Some(head.hash) {
        return Err(ChainError::Broken(Broken { row: head.id + 1, what: Tamper::Cut }));
    }
    match newest_state {
        Some(state) => Ok((head, state)),
        None => Err(ChainError::Broken(Broken { row: head.id, what: Tamper::Data })),
    }
}
