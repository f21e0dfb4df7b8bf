//! `bianpai undo | redo | log | backups | restore`: the event's history (issue 8) — undo
//! and redo through audited inverse changes, the audit log, and the automatic backups.

use super::InputError;
use crate::store::{EventFile, EventReader, backup};
use std::path::Path;

/// Undoes (or, with `redo`, redoes) the newest change.
pub(super) fn undo(file: &Path, redo: bool) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let done = if redo { f.redo()? } else { f.undo()? };
    let verb = if redo { "redo" } else { "undo" };
    match done {
        Some(applied) => Ok(format!("{verb}: {} change(s) reverted\n", applied.changes.len())),
        None => Err(anyhow::anyhow!("nothing to {verb}")),
    }
}

/// The audit log, oldest first: id, time, who, and the command's name.
pub(super) fn log(file: &Path, as_json: bool) -> anyhow::Result<String> {
    let f = EventReader::open(file)?;
    let entries = f.audit_log()?;
    if as_json {
        let rows: Vec<serde_json::Value> = entries
            .iter()
            .map(|e| {
                let parse = |t: &str| serde_json::from_str::<serde_json::Value>(t).unwrap_or_default();
                serde_json::json!({"id": e.id, "at": e.at, "actor": e.actor, "command": parse(&e.command),
                    "before": parse(&e.before), "after": parse(&e.after)})
            })
            .collect();
        return Ok(format!("{}\n", serde_json::json!({ "entries": rows })));
    }
    let mut out = String::new();
    for e in &entries {
        let command: serde_json::Value = serde_json::from_str(&e.command).unwrap_or_default();
        let name = command.get("command").and_then(|c| c.as_str()).unwrap_or("?");
        let of = command.get("of").and_then(serde_json::Value::as_i64).map_or(String::new(), |of| format!(" #{of}"));
        out.push_str(&format!("{:>5}  {}  {}  {name}{of}\n", e.id, e.at, e.actor));
    }
    Ok(out)
}

/// Lists the backups beside the event file, oldest first.
pub(super) fn backups(file: &Path) -> anyhow::Result<String> {
    let list = backup::list_backups(file);
    if list.is_empty() {
        return Ok("no backups yet (one is made before each round is paired)\n".into());
    }
    Ok(list.iter().map(|p| format!("{}\n", p.display())).collect())
}

/// Restores a backup over the event file.
pub(super) fn restore(file: &Path, from: &Path) -> anyhow::Result<String> {
    if !from.is_file() {
        return Err(InputError(format!("{}: no such backup", from.display())).into());
    }
    backup::restore(file, from)?;
    Ok(format!(
        "restored {} from {} (the replaced file is kept as *.replaced.bianpai)\n",
        file.display(),
        from.display()
    ))
}
