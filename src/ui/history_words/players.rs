//! Players' commands in words: registered, edited, deleted, withdrawn or reinstated,
//! checked in, renumbered; and a player's before → after field by field.

use super::{Ctx, Delta};
use crate::domain::command::{Command, LeftOutRow};
use crate::domain::ids::StartNo;
use crate::domain::numbering::Numbering;
use crate::domain::player::{Player, PlayerStatus, RenumberKey, Title};
use crate::domain::swiss::PairingEdit;
use crate::lang::Lang;

/// The rows of a roster the director left out of its import, by line and name.
fn left_out_words(left_out: &[LeftOutRow], ctx: &Ctx<'_>) -> String {
    let rows: Vec<String> = left_out
        .iter()
        .map(|r| match ctx.lang {
            Lang::Zh => format!("第 {} 行 {}", r.line, r.name),
            Lang::En => format!("line {} {}", r.line, r.name),
        })
        .collect();
    let head = match ctx.lang {
        Lang::Zh => format!("略过 {} 行：", left_out.len()),
        Lang::En => format!("{} row(s) left out: ", left_out.len()),
    };
    format!("{head}{}", rows.join(ctx.t("、", ", ")))
}

/// The sentence of a player command.
pub(super) fn headline(command: &Command, ctx: &Ctx<'_>) -> String {
    match command {
        Command::AddPlayers { group, override_reason, left_out, .. } => {
            let mut text = format!("{}{}", group_prefix(*group, ctx), added(ctx));
            if let Some(reason) = override_reason.as_deref().filter(|r| !r.trim().is_empty()) {
                text.push_str(&ctx.paren(&format!("{}{reason}", ctx.t("资格例外：", "eligibility waived: "))));
            }
            // Issue 39, item 3: the roster's rows the director left out.
            if !left_out.is_empty() {
                text.push_str(&ctx.paren(&left_out_words(left_out, ctx)));
            }
            text
        }
        Command::EditPlayer { start_no, .. } => {
            let verb = format!("{} {}", ctx.t("修改选手", "Edited player"), ctx.player(*start_no));
            match changed(*start_no, ctx) {
                Some((before, after)) => match field_changes(before, after, ctx) {
                    fields if fields.is_empty() => verb,
                    fields => format!("{verb}{}{}", ctx.colon(), ctx.list(&fields)),
                },
                None => verb,
            }
        }
        Command::EnterSecondEntries { group, players } => {
            let names: Vec<String> = players.iter().map(|p| ctx.player(*p)).collect();
            format!(
                "{}{}{}",
                group_prefix(*group, ctx),
                ctx.t("个人组选手另报本组：", "players of individual groups also entered: "),
                names.join(ctx.t("、", ", "))
            )
        }
        Command::DeletePlayer { start_no } => {
            format!("{} {}", ctx.t("删除选手", "Deleted player"), ctx.player(*start_no))
        }
        Command::SetPlayerStatus { start_no, status, reason } => {
            let was = changed(*start_no, ctx).map(|(b, _)| status_label(b.status, ctx.lang));
            let now = status_label(*status, ctx.lang);
            let mut text = format!("{}{}", ctx.player(*start_no), ctx.colon());
            text.push_str(&was.map_or_else(|| now.to_string(), |was| Ctx::arrow(was, now)));
            if !reason.trim().is_empty() {
                text.push_str(&ctx.paren(&super::reason_words(reason, ctx.lang)));
            }
            text
        }
        Command::SetCheckedIn { start_no, checked_in } => check_in_words(&[*start_no], *checked_in, false, ctx),
        Command::CheckInPlayers { start_nos, checked_in } => check_in_words(start_nos, *checked_in, true, ctx),
        Command::RenumberPlayers { group, by } => {
            let whom = group.map_or_else(|| ctx.t("全部组别", "all groups").to_string(), |g| ctx.group_name(g));
            let n = ctx.deltas.iter().filter(|d| matches!(d, Delta::Player { .. })).count();
            match ctx.lang {
                Lang::Zh => format!("重新编号（按{}，{whom}）：{n}名选手的编号改变", renumber_key(*by, ctx.lang)),
                Lang::En => format!(
                    "Renumbered players by {} ({whom}): {}",
                    renumber_key(*by, ctx.lang),
                    ctx.count(n, "", "number changed", "numbers changed")
                ),
            }
        }
        Command::SetNumbering { numbering } => match numbering {
            Numbering::PerGroup => ctx.t("编号改为各组别从1起", "Numbers now run from 1 in each group").to_string(),
            Numbering::PerEvent => ctx.t("编号改为全赛事统一", "Numbers now run across the event").to_string(),
        },
        _ => super::action_label(&serde_json::to_string(command).unwrap_or_default(), ctx.lang),
    }
}

/// A check-in or its undoing: of one player, or (`listed`) of several at once.
fn check_in_words(start_nos: &[StartNo], checked_in: bool, listed: bool, ctx: &Ctx<'_>) -> String {
    let names: Vec<String> = start_nos.iter().map(|p| ctx.player(*p)).collect();
    if !listed {
        let player = names.join("");
        return match (ctx.lang, checked_in) {
            (Lang::Zh, true) => format!("{player}已签到"),
            (Lang::Zh, false) => format!("{player}取消签到"),
            (Lang::En, true) => format!("{player} checked in"),
            (Lang::En, false) => format!("{player}: check-in taken back"),
        };
    }
    let (n, names) = (names.len(), names.join(ctx.t("、", ", ")));
    match (ctx.lang, checked_in) {
        (Lang::Zh, true) => format!("{n}名选手已签到：{names}"),
        (Lang::Zh, false) => format!("{n}名选手取消签到：{names}"),
        (Lang::En, true) => format!("{n} player(s) checked in: {names}"),
        (Lang::En, false) => format!("{n} player(s): check-in taken back: {names}"),
    }
}

/// `成人组 · ` in an event of several groups.
fn group_prefix(group: crate::domain::ids::GroupId, ctx: &Ctx<'_>) -> String {
    if ctx.event.groups.len() > 1 { format!("{} · ", ctx.group_name(group)) } else { String::new() }
}

/// `新增选手 张三（编号 41）`, or for several `新增选手 12名：张三、李四、王五等`.
fn added(ctx: &Ctx<'_>) -> String {
    let new: Vec<StartNo> = ctx
        .deltas
        .iter()
        .filter_map(|d| match d {
            Delta::Player { start_no, before: None, .. } => Some(*start_no),
            _ => None,
        })
        .collect();
    match new.as_slice() {
        [one] => format!("{} {}", ctx.t("新增选手", "Added player"), ctx.player(*one)),
        many => {
            let names: Vec<String> = many.iter().take(3).map(|no| ctx.name(*no)).collect();
            let more = many.len() > 3;
            match ctx.lang {
                Lang::Zh => format!("新增选手 {}名：{}{}", many.len(), names.join("、"), if more { "等" } else { "" }),
                Lang::En => {
                    format!("Added {} players: {}{}", many.len(), names.join(", "), if more { ", …" } else { "" })
                }
            }
        }
    }
}

/// The player before and after, when the row changed (not added or removed) them.
fn changed<'a>(no: StartNo, ctx: &Ctx<'a>) -> Option<(&'a Player, &'a Player)> {
    ctx.deltas.iter().find_map(|d| match d {
        Delta::Player { start_no, before: Some(b), after: Some(a) } if *start_no == no => Some((&**b, &**a)),
        _ => None,
    })
}

/// The players a command names itself (besides the entities it changed).
pub(super) fn command_players(command: &Command) -> Vec<StartNo> {
    match command {
        Command::EditPlayer { start_no, .. }
        | Command::DeletePlayer { start_no }
        | Command::SetPlayerStatus { start_no, .. }
        | Command::SetCheckedIn { start_no, .. }
        | Command::SetPrizeDecision { start_no, .. }
        | Command::RecordLedgerEntry { start_no, .. } => vec![*start_no],
        Command::CancelAnnouncedBye { player, .. } => vec![*player],
        Command::CheckInPlayers { start_nos, .. } => start_nos.clone(),
        Command::AnnounceBye { planned, .. } => vec![planned.bye.player],
        Command::AdvanceStage { nominees, .. } => nominees.clone(),
        Command::EditPairing { edit, .. } => match edit {
            PairingEdit::SwapPlayers { a, b } => vec![*a, *b],
            PairingEdit::MoveToBye { player } => vec![*player],
            PairingEdit::SwapColours { .. } => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// A player's before → after: added, deleted, another holder of the number (after a
/// renumbering), or the fields that changed.
pub(super) fn details(delta: &Delta, command: Option<&Command>, ctx: &Ctx<'_>) -> Vec<String> {
    let Delta::Player { start_no, before, after } = delta else { return Vec::new() };
    let line = match (before.as_deref(), after.as_deref()) {
        (None, Some(a)) => {
            let group = ctx.group_name(a.group);
            format!("{}{}{}{}{group}", ctx.t("新增", "Added"), ctx.colon(), ctx.player(*start_no), ctx.t("，", ", "))
        }
        (Some(_), None) => format!("{}{}{}", ctx.t("删除", "Deleted"), ctx.colon(), ctx.player(*start_no)),
        (Some(b), Some(a)) if matches!(command, Some(Command::RenumberPlayers { .. })) => {
            let number = match (ctx.lang, b.shown_no.zip(a.shown_no)) {
                // a shown number that changed with the start number.
                (Lang::Zh, Some((was, now))) if was != now => format!("编号 {was} → {now}"),
                (Lang::En, Some((was, now))) if was != now => format!("No. {was} → {now}"),
                (Lang::Zh, _) => format!("编号 {}", a.shown()),
                (Lang::En, _) => format!("No. {}", a.shown()),
            };
            format!("{number}{}{}", ctx.colon(), Ctx::arrow(&b.entry.name, &a.entry.name))
        }
        (Some(b), Some(a)) => {
            let fields = field_changes(b, a, ctx);
            let what = if fields.is_empty() { ctx.t("无改动", "no change").to_string() } else { ctx.list(&fields) };
            format!("{}{}{what}", ctx.player(*start_no), ctx.colon())
        }
        (None, None) => return Vec::new(),
    };
    vec![line]
}

/// Each field that differs: `单位 杭州 → 上海`.
fn field_changes(b: &Player, a: &Player, ctx: &Ctx<'_>) -> Vec<String> {
    let lang = ctx.lang;
    let none = || "—".to_string();
    let text = |s: &str| if s.trim().is_empty() { none() } else { s.to_string() };
    let date = |d: Option<jiff::civil::Date>| d.map_or_else(none, |d| d.to_string());
    let yes_no = |v: bool| lang.t(if v { "是" } else { "否" }, if v { "yes" } else { "no" }).to_string();
    let (be, ae) = (&b.entry, &a.entry);
    let fields = [
        (("姓名", "name"), text(&be.name), text(&ae.name)),
        (("组别", "group"), ctx.group_name(b.group), ctx.group_name(a.group)),
        (
            ("性别", "gender"),
            be.gender.map_or_else(none, |g| gender(g, lang)),
            ae.gender.map_or_else(none, |g| gender(g, lang)),
        ),
        (("出生日期", "born"), date(be.born), date(ae.born)),
        (("单位", "club"), text(&be.club), text(&ae.club)),
        (
            ("等级分", "rating"),
            be.rating.map_or_else(none, |r| r.to_string()),
            ae.rating.map_or_else(none, |r| r.to_string()),
        ),
        (
            ("称号", "title"),
            be.title.as_ref().map_or_else(none, |t| title(t, lang)),
            ae.title.as_ref().map_or_else(none, |t| title(t, lang)),
        ),
        (("电话", "phone"), text(&be.phone), text(&ae.phone)),
        (("女子资格已核验", "female eligibility verified"), yes_no(be.verified_female), yes_no(ae.verified_female)),
        (("赞助提名", "sponsor nominee"), yes_no(be.nominee), yes_no(ae.nominee)),
        (("报名日期", "registered"), date(be.registered), date(ae.registered)),
        (("状态", "status"), status_label(b.status, lang).to_string(), status_label(a.status, lang).to_string()),
        (("签到", "checked in"), yes_no(b.checked_in), yes_no(a.checked_in)),
        (
            ("资格例外", "eligibility waived"),
            b.eligibility_override.as_deref().map_or_else(none, text),
            a.eligibility_override.as_deref().map_or_else(none, text),
        ),
    ];
    let mut out: Vec<String> = fields
        .into_iter()
        .filter(|(_, before, after)| before != after)
        .map(|((zh, en), before, after)| format!("{} {}", lang.t(zh, en), Ctx::arrow(before, after)))
        .collect();
    if be.notes != ae.notes {
        out.push(ctx.t("备注已修改", "notes changed").to_string());
    }
    out
}

/// A status in the window's language.
pub(super) fn status_label(status: PlayerStatus, lang: Lang) -> &'static str {
    lang.t(status.label_zh(), status.label_en())
}

fn gender(g: crate::domain::player::Gender, lang: Lang) -> String {
    use crate::domain::player::Gender;
    lang.t(g.label_zh(), if g == Gender::Male { "male" } else { "female" }).to_string()
}

fn title(t: &Title, lang: Lang) -> String {
    let en = match t {
        Title::InternationalGrandMaster => "international grandmaster",
        Title::InternationalMaster => "international master",
        Title::GrandMaster => "grandmaster",
        Title::Master => "master",
        Title::WomanGrandMaster => "woman grandmaster",
        Title::WomanMaster => "woman master",
        Title::CandidateMaster => "candidate master",
        Title::FirstClass => "first class",
        Title::SecondClass => "second class",
        Title::ThirdClass => "third class",
        Title::Other(text) => text,
    };
    lang.t(t.label_zh(), en).to_string()
}

fn renumber_key(key: RenumberKey, lang: Lang) -> &'static str {
    match key {
        RenumberKey::Rating => lang.t("等级分", "rating"),
        RenumberKey::Name => lang.t("姓名", "name"),
        RenumberKey::Club => lang.t("单位", "club"),
    }
}
