//! Event files as an older Bianpai wrote them: what each migration added taken away
//! again, down to the version asked for, and the version number set to it — a file
//! that really is of that version, as the store asks before it migrates one (issue
//! 38, item 4: a version number set back over newer tables is refused).

use std::path::Path;

/// What migration `k` (0-based, taking version `k` to `k + 1`) added, taken away.
fn undo_migration(k: i32) -> &'static str {
    match k {
        12 => "DROP INDEX games_red; DROP INDEX games_black;",
        11 => "ALTER TABLE event DROP COLUMN numbering; ALTER TABLE players DROP COLUMN shown_no;",
        10 => "DROP INDEX audit_labels;",
        9 => "ALTER TABLE event DROP COLUMN numbers_given;",
        8 => "ALTER TABLE event DROP COLUMN team_ranking;",
        7 => "ALTER TABLE players DROP COLUMN second_entry_of;",
        6 => {
            "DROP TABLE audit_chain; ALTER TABLE audit_log DROP COLUMN prev_hash;
              ALTER TABLE audit_log DROP COLUMN state_hash; ALTER TABLE audit_log DROP COLUMN row_hash;"
        }
        5 => "ALTER TABLE rounds DROP COLUMN teams;",
        4 => "DROP TABLE board_watch;",
        3 => "ALTER TABLE players DROP COLUMN registered;",
        // Migration 2 changed audit rows only (see `result_one_game.rs`).
        2 => "",
        1 => "DROP TABLE ledger; ALTER TABLE players DROP COLUMN checked_in;",
        _ => panic!("no file of schema {k} is made here"),
    }
}

/// Turns the current event file at `path` into what schema `version` wrote.
pub fn make_it_schema(path: &Path, version: i32) {
    let current = bianpai::store::schema::current_version();
    if version < 12 {
        // Older files number across the event: a per-group file set back
        // would lose its numbers and no longer match its history.
        let conn = rusqlite::Connection::open(path).unwrap();
        let numbering: String = conn.query_row("SELECT numbering FROM event", [], |r| r.get(0)).unwrap();
        assert_eq!(numbering, "per-event", "make the event per-event before setting it back");
    }
    let mut sql = String::new();
    for k in (version..current).rev() {
        sql.push_str(undo_migration(k));
    }
    sql.push_str(&format!("PRAGMA user_version = {version};"));
    rusqlite::Connection::open(path).unwrap().execute_batch(&sql).unwrap();
}
