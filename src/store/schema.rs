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
];

/// Migrations (0-based) that only add columns (the last one's table `IF NOT EXISTS`),
/// each named by the first column it adds: a file whose version number went back while
/// it kept the column skips them instead of failing on a duplicate column.
const ADDS_ONE_COLUMN: &[(usize, &str, &str)] = &[
    (3, "players", "registered"),
    (5, "rounds", "teams"),
    (6, "audit_log", "prev_hash"),
    (7, "players", "second_entry_of"),
    (8, "event", "team_ranking"),
    (9, "event", "numbers_given"),
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
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(from.max(0) as usize) {
        let added = ADDS_ONE_COLUMN.iter().find(|(k, _, _)| *k == i);
        if let Some((_, table, column)) = added
            && has_column(conn, table, column)?
        {
            continue;
        }
        conn.execute_batch(sql)?;
    }
    if from > 0 && from < RESULT_PER_GAME {
        super::compact::compact_audit_log(conn)?;
    }
    conn.pragma_update(None, "application_id", APPLICATION_ID)?;
    conn.pragma_update(None, "user_version", current_version())?;
    Ok(())
}

/// Whether `table` has `column`.
fn has_column(conn: &Connection, table: &str, column: &str) -> rusqlite::Result<bool> {
    let mut stmt = conn.prepare("SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2")?;
    stmt.exists(rusqlite::params![table, column])
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

    // A file whose version number went back but kept the columns added since
    // migrates again without failing on a duplicate column.
    #[test]
    fn a_lowered_version_keeps_its_added_columns() {
        let conn = Connection::open_in_memory().unwrap();
        migrate(&conn, 0).unwrap();
        migrate(&conn, 3).unwrap();
        assert!(has_column(&conn, "rounds", "teams").unwrap());
        assert!(has_column(&conn, "players", "registered").unwrap());
        assert!(has_column(&conn, "audit_log", "row_hash").unwrap());
        assert!(has_column(&conn, "event", "team_ranking").unwrap());
        assert!(has_column(&conn, "event", "numbers_given").unwrap());
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
