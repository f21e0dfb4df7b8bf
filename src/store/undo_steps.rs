//! What each audit row did as far as undo is concerned, read cheaply (issue 38, item
//! 18). Undo and redo rows carry a short label (`{"command":"undo","of":N}`); every
//! other row holds a command, some of them as large as a whole round's pairing. The
//! rows short enough to be a label are indexed (schema 11, `audit_labels`); only they
//! are read and parsed, so the stacks of a long event are rebuilt without reading its
//! commands.

use crate::domain::undo::{Step, UndoStacks};
use rusqlite::Connection;

/// Longer than any label: the head of a row's command that is read.
const LABEL_MAX: usize = 64;

/// The undo and redo stacks of the audit log in `conn`, whose newest row is `newest`.
/// Rows are numbered 1, 2, 3 … with none missing (the chain, checked on opening, links
/// each to the one before): every row the `audit_labels` index does not list is a
/// command, so only the short rows are read, whatever the length of the event.
pub(super) fn read(conn: &Connection, newest: i64) -> rusqlite::Result<UndoStacks> {
    // The index's own condition, word for word, so that it is the index that is used.
    let sql = format!(
        "SELECT id, command FROM audit_log INDEXED BY audit_labels WHERE length(command) <= {LABEL_MAX} ORDER BY id"
    );
    let mut stmt = conn.prepare(&sql)?;
    let labels = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
    let mut labels = labels.collect::<rusqlite::Result<Vec<_>>>()?.into_iter().peekable();
    let mut stacks = UndoStacks::default();
    for id in 1..=newest {
        let step = match labels.next_if(|(label_id, _)| *label_id == id) {
            Some((_, command)) => step_of(&command),
            None => Step::Command,
        };
        stacks.push(id, step);
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
