//! Schema 3: audit rows of results made before a result was saved as one game.
//!
//! Until schema 2 a recorded result was audited with the whole round before and after
//! it (`Change::Round`), about 200 KB per result at 1,500 boards. A result changes one
//! board only, and undo reverts a row only when every later row has been undone, so the
//! round then differs from the row's `before` at that board alone: keeping that board's
//! games (`Change::Board`) undoes exactly the same. [`compact_audit_log`] rewrites such
//! rows — the results themselves and the undo/redo rows that reverted them — in the
//! migration's transaction, after the file was copied aside.

use rusqlite::{Connection, params};
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// Rewrites the bulky result rows of the audit log as per-board rows.
///
/// # Errors
/// SQLite errors; a row whose JSON cannot be read is left as it is.
pub fn compact_audit_log(conn: &Connection) -> rusqlite::Result<()> {
    let mut boards: BTreeMap<i64, u64> = BTreeMap::new();
    let mut rewrites: Vec<(i64, String, String)> = Vec::new();
    {
        let mut stmt = conn.prepare("SELECT id, command, before, after FROM audit_log ORDER BY id")?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let (id, command, before, after): (i64, String, String, String) =
                (row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?);
            let Some(board) = board_of(&command, &boards) else { continue };
            boards.insert(id, board);
            if let Some((before, after)) = compact_row(&before, &after, board) {
                rewrites.push((id, before, after));
            }
        }
    }
    let mut update = conn.prepare("UPDATE audit_log SET before = ?2, after = ?3 WHERE id = ?1")?;
    for (id, before, after) in rewrites {
        update.execute(params![id, before, after])?;
    }
    Ok(())
}

/// The board a row's command changed: a recorded result's board, or for an undo or
/// redo the board of the row it reverted.
fn board_of(command: &str, boards: &BTreeMap<i64, u64>) -> Option<u64> {
    let value: Value = serde_json::from_str(command).ok()?;
    match value.get("command")?.as_str()? {
        "record_result" => value.get("board")?.as_u64(),
        "undo" | "redo" => boards.get(&value.get("of")?.as_i64()?).copied(),
        _ => None,
    }
}

/// The row's `before` and `after` with every whole-round change cut down to `board`,
/// or `None` when there is nothing to cut.
fn compact_row(before: &str, after: &str, board: u64) -> Option<(String, String)> {
    let mut changes: Vec<Value> = serde_json::from_str(before).ok()?;
    let mut afters: Vec<Value> = serde_json::from_str(after).ok()?;
    if afters.len() != changes.len() {
        return None;
    }
    let mut cut = false;
    for (change, after) in changes.iter_mut().zip(afters.iter_mut()) {
        if change.get("entity").and_then(Value::as_str) != Some("round") {
            continue;
        }
        let Some(round_before) = change.get("before").filter(|b| b.is_object()) else { continue };
        let games_before = games_at(round_before, board);
        *change = json!({
            "entity": "board",
            "group": change.get("group").cloned().unwrap_or(Value::Null),
            "stage": change.get("stage").cloned().unwrap_or(Value::Null),
            "round": change.get("round").cloned().unwrap_or(Value::Null),
            "board": board,
            "before": games_before,
        });
        *after = if after.is_object() { games_at(after, board) } else { Value::Array(Vec::new()) };
        cut = true;
    }
    cut.then(|| (Value::Array(changes).to_string(), Value::Array(afters).to_string()))
}

/// The games of `board` in a round's JSON, in game order.
fn games_at(round: &Value, board: u64) -> Value {
    let games = round.get("games").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    Value::Array(games.iter().filter(|g| g.get("board").and_then(Value::as_u64) == Some(board)).cloned().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_json(results: [Option<&str>; 3]) -> Value {
        let games: Vec<Value> = results
            .iter()
            .enumerate()
            .map(|(i, r)| json!({"board": i + 1, "game": 1, "red": 2 * i + 1, "black": 2 * i + 2, "result": r}))
            .collect();
        json!({"no": 1, "seed": 7, "games": games, "byes": [], "warnings": []})
    }

    // Issue 16: an old whole-round result row keeps only its board, before and after.
    #[test]
    fn a_whole_round_result_row_is_cut_to_its_board() {
        let before = json!([{"entity": "round", "group": 1, "stage": 1, "round": 1,
            "before": round_json([None, None, None])}])
        .to_string();
        let after = json!([round_json([None, Some("x"), None])]).to_string();
        let (b, a) = compact_row(&before, &after, 2).unwrap();
        let b: Value = serde_json::from_str(&b).unwrap();
        let a: Value = serde_json::from_str(&a).unwrap();
        assert_eq!(b[0]["entity"], "board");
        assert_eq!(b[0]["board"], 2);
        assert_eq!(b[0]["before"].as_array().unwrap().len(), 1);
        assert_eq!(b[0]["before"][0]["red"], 3);
        assert_eq!(a[0].as_array().unwrap().len(), 1);
        assert_eq!(a[0][0]["result"], "x");
    }

    #[test]
    fn undo_rows_take_the_board_of_the_row_they_revert() {
        let boards = BTreeMap::from([(4, 9)]);
        assert_eq!(board_of(r#"{"command":"undo","of":4}"#, &boards), Some(9));
        assert_eq!(board_of(r#"{"command":"redo","of":5}"#, &boards), None);
        assert_eq!(board_of(r#"{"command":"record_result","board":3}"#, &boards), Some(3));
        assert_eq!(board_of(r#"{"command":"pair_round"}"#, &boards), None);
    }
}
