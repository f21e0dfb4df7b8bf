//! The event file: one SQLite database per event, the only place that touches SQLite.
//!
//! [`EventFile`] opens or creates the file, is its one writer while open (a second
//! window or a writing command is told it is in use), refuses files that are not event
//! files or come from a newer Bianpai without modifying them, migrates older ones in
//! one transaction, and saves every [`Command`] together with its audit row in one
//! transaction. The audit rows are hash-chained and record the event's digest
//! (`chain`, `digest`): a file changed outside Bianpai or damaged is refused when
//! opened ([`StoreError::Tampered`]), by every writer before it writes, and so is a
//! file whose version number was set back over newer tables (`integrity`). No backup
//! is taken of such a file. [`EventReader`] reads the last committed state
//! beside the window without ever writing (the command line's reading commands).

pub mod backup;
pub mod blacklist;
mod chain;
mod changes;
mod compact;
mod digest;
mod error;
mod error_words;
mod game_rows;
pub mod guard;
mod integrity;
mod lazy;
mod lock_wait;
mod read_only;
mod reader;
mod row_values;
mod rows;
pub mod schema;
mod seal;
mod sharing;
mod undo_steps;

pub use chain::Tamper;
pub use error::StoreError;
pub(crate) use error::{classify, schema_mismatch};
use lazy::Games;
pub use reader::EventReader;
pub use rows::{BadValue, RowError};

use crate::domain::command::{Applied, Change, Command, apply};
use crate::domain::event::Event;
use crate::domain::undo::UndoStacks;
use chain::{Head, RowText};
use digest::StateDigest;
use integrity::{chain_error, read_header, verify_whole};
use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior, params};
use sharing::Sharing;
use std::cell::OnceCell;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// One row of the audit log.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditEntry {
    /// Sequence number, from 1.
    pub id: i64,
    /// When, RFC 3339 UTC.
    pub at: String,
    /// Who: the operator named in the window's preferences, else the OS user.
    pub actor: String,
    /// The command as JSON.
    pub command: String,
    /// The changed entities before the command, as JSON.
    pub before: String,
    /// The changed entities after the command, as JSON.
    pub after: String,
}

/// An open event file and the event it holds.
pub struct EventFile {
    conn: Connection,
    path: PathBuf,
    /// Shared, so that the window's worker hands the event as saved to the window
    /// without copying it (issue 40, item 2): a change works on a copy and swaps in a
    /// new snapshot once saved.
    event: Arc<Event>,
    /// Who the audit rows name; `None`: the OS user ([`EventFile::set_operator`]).
    operator: Option<String>,
    /// Backups kept; `None`: the default ([`EventFile::set_backups_kept`]).
    backups_kept: Option<usize>,
    /// Which games `event` holds: every one, or (a one-board command's) those read so
    /// far (`lazy`).
    games: lazy::Loaded,
    /// The newest audit row, which the next one links to.
    head: Head,
    /// The digest of `event`, as the newest audit row records it.
    state: StateDigest,
    /// Which rows undo and redo revert next: read from the log once, when first asked
    /// for, then followed row by row as this file saves (issue 38, item 18: undo stays
    /// as quick in round 9 as in round 1).
    stacks: OnceCell<UndoStacks>,
    /// Whether opening checked every audit row ([`EventFile::whole_history_checked`]).
    whole_history_checked: bool,
    /// SQLite's `data_version` as the file was read: another connection's commit
    /// changes it, and a file changed behind this writer's back is not sealed.
    data_version: Option<i64>,
    /// A handle on the file kept open while the connection holds it, closed only after
    /// the connection (fields drop in order): on Unix closing any handle of this process
    /// on the file would let its locks go.
    _held: Option<std::fs::File>,
}

/// Closing the file seals it (`seal`): the next writing command that finds it byte for
/// byte as left need not re-check the rows this writer checked and wrote.
impl Drop for EventFile {
    fn drop(&mut self) {
        // Only what this writer checked and wrote is sealed: not a file another
        // program wrote to beside the window.
        if self.data_version.is_none() || seal::data_version(&self.conn) != self.data_version {
            return;
        }
        // The connection is closed first, so that its `-wal` is folded into the file.
        let Ok(spare) = Connection::open_in_memory() else { return };
        let conn = std::mem::replace(&mut self.conn, spare);
        if conn.close().is_ok() {
            seal::write(&self.path, self.head);
        }
    }
}

impl std::fmt::Debug for EventFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventFile").field("path", &self.path).finish_non_exhaustive()
    }
}

impl EventFile {
    /// Creates a new event file holding `event`. The file appears whole or not at all:
    /// it is written under a temporary name and renamed into place.
    ///
    /// # Errors
    /// [`StoreError::AlreadyExists`] if `path` exists; SQLite or file-system errors.
    pub fn create(path: &Path, event: &Event) -> Result<EventFile, StoreError> {
        if path.exists() {
            return Err(StoreError::AlreadyExists { path: path.to_path_buf() });
        }
        // A missing folder is said as such, not as a read-only one (issue 38, item 11).
        if path.parent().is_some_and(|d| !d.as_os_str().is_empty() && !d.is_dir()) {
            return Err(StoreError::NoFolder { path: path.to_path_buf() });
        }
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".creating");
        let tmp = PathBuf::from(tmp);
        let _ = std::fs::remove_file(&tmp);
        let written =
            write_new(&tmp, event).map_err(|source| StoreError::Sqlite { path: path.to_path_buf(), source }).and_then(
                |()| std::fs::rename(&tmp, path).map_err(|source| StoreError::Io { path: path.to_path_buf(), source }),
            );
        if let Err(e) = written {
            let _ = std::fs::remove_file(&tmp);
            return Err(read_only::read_only_or(e, path));
        }
        EventFile::open(path)
    }

    /// Opens an existing event file the window's way, after checking the whole file
    /// (`PRAGMA integrity_check`, then every audit row's hash and the event's digest),
    /// and holds it until dropped as its one writer: readers ([`EventReader`], the
    /// command line's reading commands) may read it meanwhile; any other writer is told
    /// it is in use. Opening waits up to 5 s while a writing command holds the file,
    /// and 0.5 s while a window (or only readers) do (`lock_wait`).
    ///
    /// # Errors
    /// [`StoreError::InUse`], [`StoreError::NewerVersion`], [`StoreError::NotAnEventFile`],
    /// [`StoreError::NotFound`], [`StoreError::Damaged`], [`StoreError::Tampered`] — in
    /// each case the file is left as it was — or SQLite errors.
    pub fn open(path: &Path) -> Result<EventFile, StoreError> {
        EventFile::open_checking(path, Check::Whole, Sharing::WithReaders, Games::All)
    }

    /// Opens an event file for one writing command of the command line, which holds it
    /// alone (no reader either) for its short life. The whole-file check costs time in
    /// proportion to the file (about 25 ms at 3,000 players after nine rounds), paid
    /// again by every command of a script; so it runs here only when a write-ahead log
    /// is left beside the file (the last session did not close it cleanly, or another
    /// program has it open — and then the command is refused anyway). Otherwise
    /// SQLite's own checks of every page the command reads or writes apply, and the
    /// window checks the whole file when it opens it. The audit log's chain, though, is
    /// checked row by row as the window checks it, with the event's digest: a command
    /// never writes on top of a damaged history, nor copies it into a backup (issue 38,
    /// item 3).
    ///
    /// # Errors
    /// As [`EventFile::open`].
    pub fn open_for_command(path: &Path) -> Result<EventFile, StoreError> {
        EventFile::open_checking(path, command_check(path), Sharing::Alone, Games::All)
    }

    fn open_checking(path: &Path, check: Check, sharing: Sharing, games: Games) -> Result<EventFile, StoreError> {
        // A file nothing may write: refused before SQLite leaves a `-wal` beside it.
        if path.is_file() && read_only::file_read_only(path) {
            return Err(StoreError::ReadOnly { path: path.to_path_buf() });
        }
        // Another command's moments with the file are waited for; a window's session not.
        lock_wait::retry(path, || EventFile::open_writer(path, check, sharing, games))
            .map_err(|e| read_only::read_only_or(e, path))
    }

    fn open_writer(path: &Path, check: Check, sharing: Sharing, games: Games) -> Result<EventFile, StoreError> {
        let owned = path.to_path_buf();
        if !path.is_file() {
            return Err(StoreError::NotFound { path: owned });
        }
        let sql = |source: rusqlite::Error| classify(path, source);
        let mut conn =
            Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)
                .map_err(sql)?;
        // No waiting while it takes the lock: `lock_wait` waits with every lock let go.
        conn.busy_timeout(Duration::ZERO).map_err(sql)?;
        // Nothing is written before the file is known to be ours, of a version we
        // read, and (with `Check::Whole`) whole.
        let version = read_header(&conn, path)?;
        if check == Check::Whole {
            verify_whole(&conn, path)?;
        }
        // Alone with the file from here on, until `share_with_readers` (the window).
        sharing::hold_alone(&conn).map_err(sql)?;
        conn.busy_timeout(Duration::from_millis(250)).map_err(sql)?;
        // Held alone and not yet written to: is it byte for byte as a writer sealed it?
        // The file's bytes are read through a handle kept open as long as the
        // connection (`EventFile::held`): closing it now would drop this process's lock.
        let held = std::fs::File::open(path).ok();
        let sealed = match &held {
            Some(held) if check == Check::PagesRead && version == schema::current_version() => {
                seal::sealed_head(path, held)
            }
            _ => None,
        };
        // The file's one writer now: what a killed backup left is stale.
        backup::remove_stale_writes(path);
        if version < schema::current_version() {
            integrity::migrate_older(&mut conn, path, version)?;
        }
        if version > 0 && version < schema::RESULT_PER_GAME {
            // The compacted audit rows leave free pages; give them back to the disk.
            conn.execute_batch("VACUUM").map_err(sql)?;
        }
        if sharing == Sharing::WithReaders {
            sharing::share_with_readers(&conn).map_err(sql)?;
        }
        let data_version = seal::data_version(&conn);
        let trusted = integrity::sealed_newest(&conn, path, sealed)?;
        // Only a file whose history is known good is read in part (issue 38, item 18).
        let games = if trusted.is_some() { games } else { Games::All };
        let event = match games {
            Games::All => load(&conn, path)?,
            Games::AsNeeded => lazy::load_part(&conn, path)?,
        };
        let (head, state, whole_history_checked) = match trusted {
            Some((head, state)) => (head, state, false),
            None => {
                let (head, state) = integrity::checked_whole(&conn, path, &event)?;
                (head, state, true)
            }
        };
        Ok(EventFile {
            conn,
            path: owned,
            event: Arc::new(event),
            games: lazy::Loaded::from(games),
            operator: None,
            backups_kept: None,
            head,
            state,
            stacks: OnceCell::new(),
            whole_history_checked,
            data_version,
            _held: held,
        })
    }

    /// Whether opening the file checked every row of its audit log (`false`: the file
    /// was as its last writer sealed it, and its newest row was checked).
    #[doc(hidden)]
    pub fn whole_history_checked(&self) -> bool {
        self.whole_history_checked
    }

    /// The event as saved.
    pub fn event(&self) -> &Event {
        &self.event
    }

    /// The event as saved, shared: a snapshot that no later change alters (each change
    /// swaps in a new one), handed on without a copy.
    pub fn shared_event(&self) -> Arc<Event> {
        Arc::clone(&self.event)
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Names who makes the changes from now on in the audit log (issue 18, item 5: the
    /// window's operator preference); `None` or blanks: the operating-system user.
    pub fn set_operator(&mut self, operator: Option<String>) {
        self.operator = operator.map(|name| name.trim().to_string()).filter(|name| !name.is_empty());
    }

    /// Applies a command and saves what it changed together with its audit row in one
    /// transaction. When this returns `Ok`, the change is durable on disk.
    ///
    /// # Errors
    /// [`StoreError::Domain`] when the rules refuse the command (nothing changes);
    /// SQLite errors, after which the event is reloaded from the file as it was.
    pub fn execute(&mut self, command: &Command) -> Result<Applied, StoreError> {
        let mut applied = self.execute_all(std::slice::from_ref(command))?;
        Ok(applied.remove(0))
    }

    /// Applies several commands as one: all are saved, each with its audit row, in one
    /// transaction, or none is (a whole roster import across groups).
    ///
    /// # Errors
    /// As [`EventFile::execute`]; on any error the event is as before the first command.
    pub fn execute_all(&mut self, commands: &[Command]) -> Result<Vec<Applied>, StoreError> {
        Ok(self.execute_and_swap(commands)?.0)
    }

    /// As [`EventFile::execute_all`], and hands back the event as it was before the
    /// commands, for a caller that compares before with after (the command line's
    /// announcements) without copying the whole event first.
    ///
    /// # Errors
    /// As [`EventFile::execute_all`].
    pub fn execute_all_keeping_before(&mut self, commands: &[Command]) -> Result<(Vec<Applied>, Event), StoreError> {
        let (applied, before) = self.execute_and_swap(commands)?;
        // Not copied unless someone still shares the snapshot.
        Ok((applied, Arc::unwrap_or_clone(before)))
    }

    /// Applies and saves `commands` on a copy of the event, then swaps the copy in and
    /// hands back the snapshot it replaced.
    fn execute_and_swap(&mut self, commands: &[Command]) -> Result<(Vec<Applied>, Arc<Event>), StoreError> {
        self.cover(commands)?;
        let mut work = Event::clone(&self.event);
        let mut applied = Vec::with_capacity(commands.len());
        let mut states = Vec::with_capacity(commands.len());
        let mut state = self.state;
        for command in commands {
            // A refusal names players by the numbers people read.
            let done = apply(&mut work, command).map_err(|e| e.with_shown_numbers(&work))?;
            // The event's digest after each command, from what it changed.
            state = digest::advance(state, &done.changes, &work);
            if self.holds_every_game() {
                digest::debug_check(state, &work);
            }
            states.push(state);
            applied.push(done);
        }
        self.debug_check_part(commands, &applied, state);
        // A copy of the file as it was, before a round is paired — of a file that still
        // holds what was saved, never of damage (issue 38, item 3).
        let pairs = commands.iter().any(|c| matches!(c, Command::PairRound { .. }));
        if pairs && self.backups_kept() > 0 {
            self.check_on_disk()?;
        }
        let several_groups = self.event.groups.len() > 1;
        for command in commands {
            if let Command::PairRound { group, stage, round } = command {
                let target = backup::backup_path(&self.path, several_groups.then_some(*group), *stage, round.no);
                backup::write_backup(&self.conn, &self.path, &target, self.backups_kept())?;
            }
        }
        let rows: Vec<(String, &Applied, StateDigest)> = commands
            .iter()
            .zip(&applied)
            .zip(states)
            .map(|((c, a), s)| Ok((serde_json::to_string(c)?, a, s)))
            .collect::<Result<_, serde_json::Error>>()
            .map_err(|e| classify(&self.path, rusqlite::Error::ToSqlConversionFailure(Box::new(e))))?;
        let saved = self.save(&work, &rows);
        match saved {
            Ok(()) => Ok((applied, std::mem::replace(&mut self.event, Arc::new(work)))),
            Err(source) => Err(classify(&self.path, source)),
        }
    }

    /// Undoes the newest change still in effect (a command or a redo): every entity it
    /// changed goes back to its value before, saved and audited as an `undo` row.
    /// `Ok(None)` when there is nothing to undo.
    ///
    /// # Errors
    /// SQLite errors, or a damaged audit row; nothing changes then.
    pub fn undo(&mut self) -> Result<Option<Applied>, StoreError> {
        Ok(self.revert_next(false)?.map(|(_, applied)| applied))
    }

    /// Redoes the newest undo, if no other change came after it. `Ok(None)` when there
    /// is nothing to redo.
    ///
    /// # Errors
    /// As [`EventFile::undo`].
    pub fn redo(&mut self) -> Result<Option<Applied>, StoreError> {
        Ok(self.revert_next(true)?.map(|(_, applied)| applied))
    }

    /// Undoes (or, with `redo`, redoes) the newest change as [`EventFile::undo`] and
    /// [`EventFile::redo`] do, and says which audit row it reverted, so that the
    /// caller can name the change without reading the log again.
    ///
    /// # Errors
    /// As [`EventFile::undo`].
    pub fn revert_next(&mut self, redo: bool) -> Result<Option<(i64, Applied)>, StoreError> {
        let stacks = self.undo_stacks()?;
        let (next, verb) = if redo { (stacks.undone.last(), "redo") } else { (stacks.done.last(), "undo") };
        match next {
            Some(&id) => self.revert_row(id, verb).map(|applied| Some((id, applied))),
            None => Ok(None),
        }
    }

    /// Which audit rows undo and redo would revert next.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn undo_stacks(&self) -> Result<UndoStacks, StoreError> {
        if let Some(stacks) = self.stacks.get() {
            return Ok(stacks.clone());
        }
        let stacks = undo_steps::read(&self.conn, self.head.id).map_err(|source| classify(&self.path, source))?;
        Ok(self.stacks.get_or_init(|| stacks).clone())
    }

    fn revert_row(&mut self, id: i64, verb: &str) -> Result<Applied, StoreError> {
        let sql = |source| classify(&self.path, source);
        // Its `before` is put back: it must read as it was written.
        chain::check_row(&self.conn, id).map_err(|e| chain_error(&self.path, e))?;
        let before: String = self
            .conn
            .query_row("SELECT before FROM audit_log WHERE id = ?1", params![id], |r| r.get(0))
            .map_err(sql)?;
        let changes: Vec<Change> = serde_json::from_str(&before).map_err(|e| StoreError::Damaged {
            path: self.path.clone(),
            message: format!("audit_log row {id}: {e}"),
        })?;
        self.cover_changes(&changes)?;
        let mut work = Event::clone(&self.event);
        let applied = crate::domain::undo::revert(&mut work, &changes)?;
        let label = serde_json::json!({ "command": verb, "of": id }).to_string();
        let state = digest::advance(self.state, &applied.changes, &work);
        if self.holds_every_game() {
            digest::debug_check(state, &work);
        }
        self.debug_check_revert(&changes, &applied, state);
        self.save(&work, &[(label, &applied, state)]).map_err(|source| classify(&self.path, source))?;
        self.event = Arc::new(work);
        Ok(applied)
    }

    /// Saves what `rows` changed, as `event` now has it, with one audit row each —
    /// its command, changes before and after, and the event's digest after it —
    /// chained to the newest row, in one transaction.
    fn save(&mut self, event: &Event, rows: &[(String, &Applied, StateDigest)]) -> rusqlite::Result<()> {
        let to_sql = |e: serde_json::Error| rusqlite::Error::ToSqlConversionFailure(Box::new(e));
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let at = jiff::Timestamp::now().to_string();
        let actor = self.operator.clone().unwrap_or_else(actor);
        let mut head = self.head;
        for (command, applied, state) in rows {
            let mut after = Vec::with_capacity(applied.changes.len());
            for change in &applied.changes {
                after.push(changes::save_change(&tx, event, change)?);
            }
            let before = serde_json::to_string(&applied.changes).map_err(to_sql)?;
            let after = format!("[{}]", after.join(","));
            let row = RowText { id: head.id + 1, at: &at, actor: &actor, command, before: &before, after: &after };
            chain::append(&tx, &mut head, &row, state)?;
        }
        chain::set_head(&tx, &head)?;
        tx.commit()?;
        if let Some(stacks) = self.stacks.get_mut() {
            for (offset, (command, _, _)) in (1..).zip(rows) {
                stacks.push(self.head.id + offset, undo_steps::step_of(command));
            }
        }
        self.head = head;
        if let Some((_, _, state)) = rows.last() {
            self.state = *state;
        }
        Ok(())
    }

    /// Writes a consistent copy of the event file, audit log included, to a new file at
    /// `path` (SQLite's `VACUUM INTO`), for "save as". This file stays open; the copy
    /// appears whole or not at all (written under a temporary name, then renamed).
    ///
    /// # Errors
    /// [`StoreError::AlreadyExists`] if `path` exists; SQLite or file-system errors.
    pub fn save_copy(&self, path: &Path) -> Result<(), StoreError> {
        backup::copy_into(&self.conn, path)
    }

    /// The audit log, oldest first.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn audit_log(&self) -> Result<Vec<AuditEntry>, StoreError> {
        read_audit_log(&self.conn, &self.path)
    }

    /// The command (as JSON) of audit row `id`, `None` if there is no such row.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn audit_command(&self, id: i64) -> Result<Option<String>, StoreError> {
        self.conn
            .query_row("SELECT command FROM audit_log WHERE id = ?1", params![id], |r| r.get(0))
            .optional()
            .map_err(|source| classify(&self.path, source))
    }
}

/// How much of the file [`EventFile::open`] verifies before using it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Check {
    /// `PRAGMA integrity_check` over the whole file.
    Whole,
    /// SQLite's checks of the pages a command reads and writes.
    PagesRead,
}

/// Loads the whole event through `conn`.
fn load(conn: &Connection, path: &Path) -> Result<Event, StoreError> {
    rows::load_event(conn).map_err(|e| row_values::row_error(path, e))
}

/// How a writing command checks the file it opens ([`EventFile::open_for_command`]).
fn command_check(path: &Path) -> Check {
    if wal_beside(path).exists() { Check::Whole } else { Check::PagesRead }
}

/// The audit log, oldest first.
fn read_audit_log(conn: &Connection, path: &Path) -> Result<Vec<AuditEntry>, StoreError> {
    let sql = |source| classify(path, source);
    let mut stmt =
        conn.prepare("SELECT id, at, actor, command, before, after FROM audit_log ORDER BY id").map_err(sql)?;
    let rows = stmt.query_map([], AuditEntry::of_row).map_err(sql)?;
    rows.collect::<Result<Vec<_>, _>>().map_err(sql)
}

impl AuditEntry {
    /// The entry from a row whose first six columns are `id, at, actor, command,
    /// before, after`.
    fn of_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<AuditEntry> {
        Ok(AuditEntry {
            id: r.get(0)?,
            at: r.get(1)?,
            actor: r.get(2)?,
            command: r.get(3)?,
            before: r.get(4)?,
            after: r.get(5)?,
        })
    }
}

/// The write-ahead log SQLite leaves beside a file that is open (in WAL mode) or was
/// not closed cleanly.
fn wal_beside(path: &Path) -> PathBuf {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    PathBuf::from(wal)
}

/// Writes a whole new event file at `path` in one transaction, its audit log's chain
/// starting from the event's digest.
fn write_new(path: &Path, event: &Event) -> rusqlite::Result<()> {
    let mut conn = Connection::open(path)?;
    let tx = conn.transaction()?;
    schema::migrate(&tx, 0)?;
    rows::insert_event(&tx, event)?;
    chain::seed(&tx, &digest::of_event(event))?;
    tx.commit()
}

/// Who is at the keyboard when no operator is named: the operating-system user.
fn actor() -> String {
    std::env::var("USER").or_else(|_| std::env::var("USERNAME")).unwrap_or_default()
}
