//! `bianpai blacklist …` and `bianpai collusion`: the event series' blacklist kept across
//! events (R-4.4, seed 000 附二 C/D), the warning at registration, and disqualifying
//! both players of a game for collusion (附二 B).

use super::{BlacklistCmd, GroupArg, InputError, current_stage, resolve_group};
use crate::domain::blacklist::{BlacklistEntry, MatchStrength, screen};
use crate::domain::command::Command;
use crate::domain::ids::{BoardNo, RoundNo, StartNo};
use crate::domain::player::{PlayerEntry, PlayerStatus};
use crate::store::EventFile;
use crate::store::blacklist::{self, default_path};
use std::path::{Path, PathBuf};

fn path() -> Result<PathBuf, InputError> {
    default_path().ok_or_else(|| {
        InputError(format!("no folder for the blacklist on this system; set {}", blacklist::BLACKLIST_ENV))
    })
}

/// Runs a `blacklist` subcommand.
pub(super) fn run(cmd: BlacklistCmd) -> anyhow::Result<String> {
    let path = path()?;
    match cmd {
        BlacklistCmd::List { json } => {
            let list = blacklist::load(&path)?;
            if json {
                return Ok(format!("{}\n", serde_json::json!({ "entries": list })));
            }
            let mut out = format!("黑名单 {}（{} 人）\n", path.display(), list.len());
            for e in &list {
                out.push_str(&format!(
                    "{:>4}  {}  {}  {}  {}  {}\n",
                    e.id,
                    e.name,
                    e.born.map(|d| d.to_string()).unwrap_or_default(),
                    e.phone,
                    e.event,
                    e.reason
                ));
            }
            Ok(out)
        }
        BlacklistCmd::Add { name, born, phone, reason, event } => {
            let born = born
                .map(|d| d.parse::<jiff::civil::Date>())
                .transpose()
                .map_err(|e| InputError(format!("--born: {e} (use YYYY-MM-DD)")))?;
            let entry = BlacklistEntry { id: 0, name, born, phone: phone.unwrap_or_default(), reason, event };
            check(&entry)?;
            let id = blacklist::add(&path, &entry)?;
            Ok(format!("黑名单第 {id} 条：{} (added)\n", entry.name))
        }
        BlacklistCmd::Player { file, start_no, reason } => {
            let mut f = EventFile::open_for_command(&file)?;
            let start_no = StartNo(start_no);
            let player =
                f.event().player(start_no).ok_or(crate::domain::command::DomainError::UnknownPlayer(start_no))?;
            let entry = BlacklistEntry {
                id: 0,
                name: player.name().to_string(),
                born: player.entry.born,
                phone: player.entry.phone.clone(),
                reason: reason.clone(),
                event: f.event().name.clone(),
            };
            check(&entry)?;
            // 附二 C/D: disqualified and put on the list.
            f.execute(&Command::SetPlayerStatus {
                start_no,
                status: PlayerStatus::Disqualified,
                reason: format!("取消比赛资格，列入黑名单：{}", reason.trim()),
            })?;
            let id = blacklist::add(&path, &entry)?;
            Ok(format!("{start_no} {} 已取消资格并列入黑名单第 {id} 条 (disqualified, blacklisted)\n", entry.name))
        }
        BlacklistCmd::Remove { id } => {
            if blacklist::remove(&path, id)? {
                Ok(format!("黑名单第 {id} 条已删除 (removed)\n"))
            } else {
                Err(InputError(format!("the blacklist has no entry {id}")).into())
            }
        }
    }
}

fn check(entry: &BlacklistEntry) -> Result<(), InputError> {
    if entry.name.trim().is_empty() {
        return Err(InputError("a blacklist entry needs a name".into()));
    }
    if entry.reason.trim().is_empty() {
        return Err(InputError("a blacklist entry needs a reason (--reason)".into()));
    }
    Ok(())
}

/// Warning lines for registered entries that match the blacklist; a blacklist
/// that cannot be read is itself a warning, never a reason to refuse the registration.
pub(super) fn registration_warnings(entries: &[PlayerEntry]) -> String {
    let Some(path) = default_path() else { return String::new() };
    warnings_from(&path, entries)
}

fn warnings_from(path: &Path, entries: &[PlayerEntry]) -> String {
    let list = match blacklist::load(path) {
        Ok(list) => list,
        Err(e) => return format!("警告 (warning): 黑名单无法读取: {e}\n"),
    };
    let mut out = String::new();
    for entry in entries {
        for hit in screen(&list, entry) {
            let how = match hit.strength {
                MatchStrength::Confirmed => "黑名单人员",
                MatchStrength::NameOnly => "与黑名单同名，请核实",
            };
            out.push_str(&format!(
                "警告 (warning): {}：{how}（第 {} 条，{}，{}）\n",
                entry.name, hit.entry.id, hit.entry.event, hit.entry.reason
            ));
        }
    }
    out
}

/// `bianpai collusion FILE --round R --board B`: both players are disqualified.
pub(super) fn collusion(file: &Path, group: &GroupArg, round: u32, board: u32, reason: &str) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?;
    let stage = current_stage(g)?;
    let command = Command::DisqualifyForCollusion {
        group: g.id,
        stage: stage.no,
        round: RoundNo(round),
        board: BoardNo(board),
        reason: reason.to_string(),
    };
    let applied = f.execute(&command)?;
    let names: Vec<String> = applied
        .changes
        .iter()
        .filter_map(|c| match c {
            crate::domain::command::Change::Player { start_no, .. } => {
                f.event().player(*start_no).map(|p| format!("{start_no} {}", p.name()))
            }
            _ => None,
        })
        .collect();
    Ok(format!("假棋/人情棋：{} 取消资格 (both disqualified)\n", names.join("、")))
}
