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
];

/// The first schema whose audit rows keep a result's board only (see [`super::compact`]).
pub const RESULT_PER_GAME: i32 = 3;

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

    #[test]
    fn migrate_records_version_and_application_id() {
        let conn = Connection::open_in_memory().unwrap();
        migrate(&conn, 0).unwrap();
        let v: i32 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
        let id: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0)).unwrap();
        assert_eq!((v, id), (current_version(), APPLICATION_ID));
    }
}
