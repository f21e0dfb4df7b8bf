//! What each audit row did as far as undo is concerned, read cheaply (issue 38, item
//! 18). Undo and redo rows carry a short label (`{"command":"undo","of":N}`); every
//! other row holds a command, some of them as large as a whole round's pairing. Only
//! a command short enough to be a label is read (its length is known without
//! reading it) and only a label is parsed, so the stacks of a long event are rebuilt
//! without reading its commands.

use crate::domain::undo::{Step, UndoStacks};
use rusqlite::Connection;

/// Longer than any label: the head of a row's command that is read.
const LABEL_MAX: usize = 64;

/// The undo and redo stacks of the audit log in `conn`.
pub(super) fn read(conn: &Connection) -> rusqlite::Result<UndoStacks> {
    // `octet_length` is known without reading the text: a command longer than any
    // label (a round's pairing, a roster) is never loaded from its overflow pages, so
    // the stacks of a long event cost a walk over the rows, not their bytes.
    let mut stmt =
        conn.prepare("SELECT id, CASE WHEN octet_length(command) <= ?1 THEN command END FROM audit_log ORDER BY id")?;
    let rows = stmt.query_map([LABEL_MAX as i64], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, Option<String>>(1)?)))?;
    let mut stacks = UndoStacks::default();
    for row in rows {
        let (id, label) = row?;
        stacks.push(id, label.as_deref().map_or(Step::Command, step_of));
    }
    Ok(stacks)
}

/// The step of a row whose command (or its head) is `command`: an undo or redo label,
/// else an ordinary command.
pub(super) fn step_of(command: &str) -> Step {
    let is_label = command.len() <= LABEL_MAX
        && (command.starts_with(r#"{"command":"undo""#) || command.starts_with(r#"{"command":"redo""#));
    if !is_label {
        return Step::Command;
    }
    let value: serde_json::Value = serde_json::from_str(command).unwrap_or_default();
    let of = value.get("of").and_then(serde_json::Value::as_i64);
    match (value.get("command").and_then(serde_json::Value::as_str), of) {
        (Some("undo"), Some(of)) => Step::Undo(of),
        (Some("redo"), Some(of)) => Step::Redo(of),
        _ => Step::Command,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 38 item 18: a label is told from a command by its head alone.
    #[test]
    fn labels_are_steps_and_commands_are_not() {
        assert_eq!(step_of(r#"{"command":"undo","of":12}"#), Step::Undo(12));
        assert_eq!(step_of(r#"{"command":"redo","of":9007199254740}"#), Step::Redo(9007199254740));
        assert_eq!(step_of(r#"{"command":"record_result","group":1}"#), Step::Command);
        // A head cut from a long command never reads as a label.
        let long = format!(r#"{{"command":"undo","of":1,"pad":"{}"}}"#, "x".repeat(100));
        assert_eq!(step_of(&long[..LABEL_MAX + 1]), Step::Command);
    }
}
