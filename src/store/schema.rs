//! Schema migrations, kept in SQLite's `user_version`: migration `i` (0-based in
//! [`MIGRATIONS`]) takes a file from version `i` to `i + 1`.

use rusqlite::Connection;

/// The `application_id` of every Bianpai event file ("BPAI").
pub const APPLICATION_ID: i32 = 0x4250_4149;

/// Migrations in order; the schema version of a file is how many have run.
pub const MIGRATIONS: &[&str] = &[
    include_str!("migrations/001_initial.sql"),
    include_str!("migrations/002_ledger_checkin.sql"),
    include_str!("migrations/003_result_per_game.sql"),
    include_str!("migrations/004_registration_date.sql"),
    include_str!("migrations/005_board_watch.sql"),
    include_str!("migrations/006_team_rounds.sql"),
    include_str!("migrations/007_audit_chain.sql"),
    include_str!("migrations/008_second_entries.sql"),
    include_str!("migrations/009_event_team_ranking.sql"),
    include_str!("migrations/010_numbers_given.sql"),
    include_str!("migrations/011_undo_labels.sql"),
    include_str!("migrations/012_numbering.sql"),
    include_str!("migrations/013_games_by_player.sql"),
];

/// What each migration (0-based) adds that a file can be asked about: a table or an
/// index, or a column of a table (`Some`). A file whose `user_version` says it is older
/// than one of these while it already has it was not written so by Bianpai: its version
/// number was set back (issue 38, item 4), and migrating it would hash an edit into the
/// chain. Migration 2 changes rows only and has nothing to ask about.
const ADDS: &[(usize, &str, Option<&str>)] = &[
    (0, "event", None),
    (1, "ledger", None),
    (1, "players", Some("checked_in")),
    (3, "players", Some("registered")),
    (4, "board_watch", None),
    (5, "rounds", Some("teams")),
    (6, "audit_chain", None),
    (6, "audit_log", Some("prev_hash")),
    (7, "players", Some("second_entry_of")),
    (8, "event", Some("team_ranking")),
    (9, "event", Some("numbers_given")),
    (10, "audit_labels", None),
    (11, "event", Some("numbering")),
    (11, "players", Some("shown_no")),
    (12, "games_red", None),
    (12, "games_black", None),
];

/// The first schema whose audit rows keep a result's board only (see [`super::compact`]).
pub const RESULT_PER_GAME: i32 = 3;

/// The first schema whose audit log is hash-chained (see [`super::chain`]).
pub const AUDIT_CHAIN: i32 = 7;

/// The schema version this build writes.
pub fn current_version() -> i32 {
    MIGRATIONS.len() as i32
}

/// Runs the migrations from `from` up to [`current_version`] inside the caller's
/// transaction and records the new version.
///
/// # Errors
/// Any SQLite error; the caller's transaction then rolls everything back.
pub fn migrate(conn: &Connection, from: i32) -> rusqlite::Result<()> {
    for sql in MIGRATIONS.iter().skip(from.max(0) as usize) {
        conn.execute_batch(sql)?;
    }
    if from > 0 && from < RESULT_PER_GAME {
        super::compact::compact_audit_log(conn)?;
    }
    conn.pragma_update(None, "application_id", APPLICATION_ID)?;
    conn.pragma_update(None, "user_version", current_version())?;
    Ok(())
}

/// The newest schema whose tables or columns a file of `version` already has, when
/// that is newer than `version`: its version number went back (issue 38, item 4).
/// `None` for a file whose tables are no newer than it says.
///
/// # Errors
/// Any SQLite error reading the file's table list.
pub fn tables_newer_than(conn: &Connection, version: i32) -> rusqlite::Result<Option<i32>> {
    let mut newest = None;
    for (i, table, column) in ADDS.iter().filter(|(i, _, _)| *i as i32 >= version.max(0)) {
        let there = match column {
            Some(column) => has_column(conn, table, column)?,
            None => has_table_or_index(conn, table)?,
        };
        if there {
            newest = Some(*i as i32 + 1);
        }
    }
    Ok(newest)
}

/// Whether `table` has `column`.
fn has_column(conn: &Connection, table: &str, column: &str) -> rusqlite::Result<bool> {
    let mut stmt = conn.prepare("SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2")?;
    stmt.exists(rusqlite::params![table, column])
}

/// Whether the file has a table or an index called `name`.
fn has_table_or_index(conn: &Connection, name: &str) -> rusqlite::Result<bool> {
    let mut stmt = conn.prepare("SELECT 1 FROM sqlite_schema WHERE type IN ('table', 'index') AND name = ?1")?;
    stmt.exists(rusqlite::params![name])
}

#[cfg(test)]
mod tests {
    use super::*;

    // Every migration applies in order on an empty database, and the result passes
    // SQLite's own checks.
    #[test]
    fn migrations_apply_in_order_and_validate() {
        let conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "foreign_keys", "ON").unwrap();
        for (i, sql) in MIGRATIONS.iter().enumerate() {
            conn.execute_batch(sql).unwrap_or_else(|e| panic!("migration {} fails: {e}", i + 1));
        }
        let fk: Vec<String> = conn
            .prepare("PRAGMA foreign_key_check")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert!(fk.is_empty());
        let ok: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
        assert_eq!(ok, "ok");
    }

    // Issue 38 item 4: a file whose version number went back while its tables stayed
    // is found by its tables; a file really of each older version is not, and every
    // migration's addition is asked about (a migration that adds nothing asked about
    // is named here).
    #[test]
    fn a_version_set_back_is_found_by_its_tables() {
        let conn = Connection::open_in_memory().unwrap();
        migrate(&conn, 0).unwrap();
        for version in 0..current_version() {
            assert_eq!(tables_newer_than(&conn, version).unwrap(), Some(current_version()), "{version}");
        }
        assert_eq!(tables_newer_than(&conn, current_version()).unwrap(), None);
        for version in 0..current_version() {
            let old = Connection::open_in_memory().unwrap();
            for sql in &MIGRATIONS[..version as usize] {
                old.execute_batch(sql).unwrap();
            }
            assert_eq!(tables_newer_than(&old, version).unwrap(), None, "a real schema-{version} file");
            let asked = ADDS.iter().any(|(i, _, _)| *i == version as usize);
            assert!(asked || version == 2, "migration {version} adds nothing asked about");
        }
    }

    #[test]
    fn migrate_records_version_and_application_id() {
        let conn = Connection::open_in_memory().unwrap();
        migrate(&conn, 0).unwrap();
        let v: i32 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
        let id: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0)).unwrap();
        assert_eq!((v, id), (current_version(), APPLICATION_ID));
    }
}
