//! `bianpai blacklist …` and `bianpai collusion`: the event series' blacklist kept across
//! events (R-4.4, seed 000 附二 C/D), the warning at registration, and disqualifying
//! both players of a game for collusion (附二 B).

use super::words::t;
use super::{BlacklistCmd, GroupArg, InputError, JsonArg, current_stage, resolve_group};
use crate::domain::blacklist::{BlacklistEntry, MatchStrength, screen};
use crate::domain::command::Command;
use crate::domain::ids::{BoardNo, RoundNo};
use crate::domain::player::{PlayerEntry, PlayerStatus};
use crate::lang::Localized;
use crate::store::EventFile;
use crate::store::blacklist::{self, default_path};
use std::path::{Path, PathBuf};

fn path() -> Result<PathBuf, InputError> {
    default_path().ok_or_else(|| {
        let env = blacklist::BLACKLIST_ENV;
        InputError(t(
            format!("本机没有可存放黑名单的文件夹；请设置环境变量 {env}"),
            format!("no folder for the blacklist on this system; set {env}"),
        ))
    })
}

/// Runs a `blacklist` subcommand.
pub(super) fn run(cmd: BlacklistCmd) -> anyhow::Result<String> {
    let path = path()?;
    match cmd {
        BlacklistCmd::List { json: JsonArg { json } } => {
            let list = blacklist::load(&path)?;
            if json {
                return Ok(format!("{}\n", serde_json::json!({ "entries": list })));
            }
            let (shown, count) = (path.display(), list.len());
            let mut out = t(format!("黑名单 {shown}（{count} 人）\n"), format!("Blacklist {shown} ({count})\n"));
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
                .map_err(|_| InputError(t("--born：日期格式应为 YYYY-MM-DD", "--born: use YYYY-MM-DD")))?;
            let entry = BlacklistEntry { id: 0, name, born, phone: phone.unwrap_or_default(), reason, event };
            check(&entry)?;
            let id = blacklist::add(&path, &entry)?;
            let name = &entry.name;
            Ok(t(format!("已加入黑名单第 {id} 条：{name}\n"), format!("added blacklist entry {id}: {name}\n")))
        }
        BlacklistCmd::Player { file, start_no, reason, group } => {
            let mut f = EventFile::open_for_command(&file)?;
            let (shown, start_no) = (start_no, super::numbers::player_no(f.event(), start_no, &group)?);
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
            let name = &entry.name;
            Ok(t(
                format!("{shown} {name} 已取消资格并列入黑名单第 {id} 条\n"),
                format!("{shown} {name} disqualified and put on the blacklist as entry {id}\n"),
            ))
        }
        BlacklistCmd::Remove { id } => {
            if blacklist::remove(&path, id)? {
                Ok(t(format!("黑名单第 {id} 条已删除\n"), format!("blacklist entry {id} removed\n")))
            } else {
                Err(InputError(t(format!("黑名单没有第 {id} 条"), format!("the blacklist has no entry {id}"))).into())
            }
        }
    }
}

fn check(entry: &BlacklistEntry) -> Result<(), InputError> {
    if entry.name.trim().is_empty() {
        return Err(InputError(t("黑名单条目需要姓名", "a blacklist entry needs a name")));
    }
    if entry.reason.trim().is_empty() {
        return Err(InputError(t("黑名单条目需要原因（--reason）", "a blacklist entry needs a reason (--reason)")));
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
        Err(e) => {
            let why = e.message(super::words::lang());
            return t(
                format!("警告：黑名单无法读取：{why}\n"),
                format!("warning: the blacklist cannot be read: {why}\n"),
            );
        }
    };
    let mut out = String::new();
    for entry in entries {
        for hit in screen(&list, entry) {
            let how = match hit.strength {
                MatchStrength::Confirmed => t("黑名单人员", "on the blacklist"),
                MatchStrength::NameOnly => t("与黑名单同名，请核实", "same name as a blacklist entry; please check"),
            };
            let (name, id, event, reason) = (&entry.name, hit.entry.id, &hit.entry.event, &hit.entry.reason);
            out.push_str(&t(
                format!("警告：{name}：{how}（第 {id} 条，{event}，{reason}）\n"),
                format!("warning: {name}: {how} (entry {id}, {event}, {reason})\n"),
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
                f.event().player(*start_no).map(|p| format!("{} {}", p.shown(), p.name()))
            }
            _ => None,
        })
        .collect();
    Ok(t(
        format!("假棋/人情棋：{} 取消资格\n", names.join("、")),
        format!("collusion: {} disqualified\n", names.join(", ")),
    ))
}
