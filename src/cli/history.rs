//! `bianpai undo | redo | log | backups | restore`: the event's history (issue 8) — undo
//! and redo through audited inverse changes, the audit log, and the automatic backups.

use super::InputError;
use super::words::{Impossible, lang, t};
use crate::present::operator::operator_text;
use crate::store::{EventFile, EventReader, backup};
use std::path::Path;

/// Undoes (or, with `redo`, redoes) the newest change.
pub(super) fn undo(file: &Path, redo: bool) -> anyhow::Result<String> {
    // Of the games, only those the change put back are read (issue 38, item 18).
    let mut f = EventFile::open_for_one_board(file)?;
    let done = if redo { f.redo()? } else { f.undo()? };
    match (done, redo) {
        (Some(applied), false) => {
            let n = applied.changes.len();
            Ok(t(format!("已撤销：还原了 {n} 项修改\n"), format!("undo: {n} change(s) reverted\n")))
        }
        (Some(applied), true) => {
            let n = applied.changes.len();
            Ok(t(format!("已重做：重新应用了 {n} 项修改\n"), format!("redo: {n} change(s) applied again\n")))
        }
        (None, false) => Err(Impossible(t("没有可撤销的修改", "nothing to undo")).into()),
        (None, true) => Err(Impossible(t("没有可重做的修改", "nothing to redo")).into()),
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
        let actor = operator_text(&e.actor, lang());
        out.push_str(&format!("{:>5}  {}  {actor}  {name}{of}\n", e.id, e.at));
    }
    Ok(out)
}

/// Lists the backups beside the event file, oldest first.
pub(super) fn backups(file: &Path) -> anyhow::Result<String> {
    let list = backup::list_backups(file);
    let replaced = backup::list_replaced(file);
    if list.is_empty() && replaced.is_empty() {
        return Ok(t(
            "还没有备份（每轮编排前自动备份一次）\n",
            "no backups yet (one is made before each round is paired)\n",
        ));
    }
    // Each path, then what it was made before and when; then the copies that
    // restores kept of the files they replaced (issue 38, item 1).
    let lang = super::words::lang();
    let backups = list.iter().map(|p| format!("{}  {}\n", p.display(), backup::backup_words(file, p).get(lang)));
    let kept = replaced.iter().map(|p| format!("{}  {}\n", p.display(), backup::replaced_words(p).get(lang)));
    Ok(backups.chain(kept).collect())
}

/// Restores a backup over the event file.
pub(super) fn restore(file: &Path, from: &Path) -> anyhow::Result<String> {
    if !from.is_file() {
        let from = from.display();
        return Err(InputError(t(format!("{from}：没有这个备份"), format!("{from}: no such backup"))).into());
    }
    let kept = backup::restore(file, from)?;
    let (file, from) = (file.display(), from.display());
    Ok(match kept {
        Some(kept) => {
            let kept = kept.display();
            t(
                format!("已从 {from} 恢复 {file}（被替换的文件保留为 {kept}）\n"),
                format!("restored {file} from {from} (the replaced file is kept as {kept})\n"),
            )
        }
        None => t(format!("已从 {from} 恢复 {file}\n"), format!("restored {file} from {from}\n")),
    })
}
