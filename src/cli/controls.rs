//! `bianpai avoid` and `bianpai fix-board`: the director's pairing controls —
//! pairs never paired, with their reasons, and players who always sit at one board.

use super::numbers::player_in;
use super::words::t;
use super::{GroupArg, InputError, resolve_group};
use crate::domain::command::Command;
use crate::domain::event::Event;
use crate::domain::ids::StartNo;
use crate::store::{EventFile, EventReader};
use std::path::Path;

/// The player's shown number and name, or the number and nothing for a
/// number the event does not hold.
fn name(event: &Event, p: StartNo) -> String {
    let name = event.player(p).map(|pl| pl.entry.name.clone()).unwrap_or_default();
    format!("{} {name}", event.shown_no(p))
}

/// `avoid FILE A B [--reason]`, `avoid FILE --list`, `avoid FILE A B --remove`.
pub(super) fn avoid(
    file: &Path,
    group: &GroupArg,
    players: &[u32],
    reason: &str,
    list: bool,
    remove: bool,
) -> anyhow::Result<String> {
    if list {
        return list_pairs(file, group);
    }
    let [a, b] = players else {
        return Err(InputError(t("请给出两名选手的编号", "give the two players' start numbers")).into());
    };
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?.id;
    let (a, b) = (player_in(f.event(), *a, g)?, player_in(f.event(), *b, g)?);
    if remove {
        f.execute(&Command::RemoveAvoidedPair { group: g, a, b })?;
        let (x, y) = (name(f.event(), a), name(f.event(), b));
        return Ok(t(format!("{x} 与 {y} 不再回避\n"), format!("{x} and {y} may meet again\n")));
    }
    f.execute(&Command::AvoidPair { group: g, a, b, reason: reason.to_string() })?;
    let (x, y) = (name(f.event(), a), name(f.event(), b));
    Ok(t(format!("{x} 与 {y} 互相回避，不会相遇\n"), format!("{x} and {y} are never paired\n")))
}

fn list_pairs(file: &Path, group: &GroupArg) -> anyhow::Result<String> {
    let f = EventReader::open(file)?;
    let event = f.event();
    let g = resolve_group(event, group)?;
    let controls = &g.pairing_controls;
    if controls.is_empty() {
        return Ok(t("没有回避对，也没有固定台次\n", "no avoided pairs and no fixed boards\n"));
    }
    let mut out = String::new();
    for p in &controls.avoided {
        let (x, y) = (name(event, p.a), name(event, p.b));
        let why = if p.reason.is_empty() {
            String::new()
        } else {
            t(format!("（{}）", p.reason), format!(" ({})", p.reason))
        };
        out.push_str(&t(format!("回避：{x} — {y}{why}\n"), format!("avoid: {x} — {y}{why}\n")));
    }
    for fixed in &controls.fixed_boards {
        let (who, board) = (name(event, fixed.start_no), fixed.board);
        out.push_str(&t(format!("固定台次：{who} 第{board}台\n"), format!("fixed board: {who} board {board}\n")));
    }
    Ok(out)
}

/// `fix-board FILE START_NO BOARD`: 0 clears.
pub(super) fn fix_board(file: &Path, group: &GroupArg, start_no: u32, board: u32) -> anyhow::Result<String> {
    let mut f = EventFile::open_for_command(file)?;
    let g = resolve_group(f.event(), group)?.id;
    let p = player_in(f.event(), start_no, g)?;
    f.execute(&Command::FixBoard { group: g, start_no: p, board })?;
    let who = name(f.event(), p);
    Ok(match board {
        0 => t(format!("{who} 不再固定台次\n"), format!("{who}: board no longer fixed\n")),
        _ => t(format!("{who} 固定坐第{board}台\n"), format!("{who} always sits at board {board}\n")),
    })
}
