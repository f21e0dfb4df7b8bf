//! Settings in words: a stage's rounds, rules, format, schedule, qualifiers and
//! knockout options, a stage closed and the next opened, the event's details, groups
//! added, changed and removed, a player's prizes granted or withheld; a stage's, a
//! group's and the event's before → after.

use super::money::money;
use super::{Ctx, Delta};
use crate::domain::command::{Command, EventInfo};
use crate::domain::event::{Group, KnockoutRules, Stage, StageKind, StageStatus};
use crate::domain::ids::{GroupId, StageNo};
use crate::domain::prizes::PrizeDecisionKind;
use crate::lang::Lang;
use crate::present::event_teams::{count_words, groups_words};

/// The sentence of a settings command.
pub(super) fn headline(command: &Command, ctx: &Ctx<'_>) -> String {
    match command {
        Command::SetRoundsPlanned { group, stage, .. }
        | Command::SetStageRules { group, stage, .. }
        | Command::SetStageFormat { group, stage, .. }
        | Command::SetStageSchedule { group, stage, .. }
        | Command::SetStageQualifiers { group, stage, .. }
        | Command::SetKnockoutRules { group, stage, .. }
        | Command::SetStageVideo { group, stage, .. } => stage_headline(*group, *stage, ctx),
        Command::AdvanceStage { group, stage, nominees } => advance_headline(*group, *stage, nominees.len(), ctx),
        Command::SetEventInfo { .. } => {
            let fields = ctx.deltas.iter().find_map(|d| match d {
                Delta::Event { before, after: Some(after) } => Some(event_changes(before, after, ctx)),
                _ => None,
            });
            let fields = fields.filter(|f| !f.is_empty()).map_or_else(|| unchanged(ctx), |f| ctx.list(&f));
            format!("{}{}{fields}", ctx.t("赛事信息", "Event details"), ctx.colon())
        }
        Command::AddGroup { name, like } => {
            let mut text = format!("{}{}", ctx.t("新增组别", "Added group "), quoted_group(name));
            if let Some(like) = like {
                let like = quoted_group(&ctx.group_name(*like));
                text.push_str(&ctx.paren(&format!("{}{like}", ctx.t("参照", "like "))));
            }
            text
        }
        Command::SetGroupRules { group, .. } => {
            let (name, fields) = match group_delta(*group, ctx) {
                Some((b, Some(a))) => (b.name.clone(), group_changes(b, a, ctx)),
                _ => (ctx.group_name(*group), Vec::new()),
            };
            let fields = if fields.is_empty() { unchanged(ctx) } else { ctx.list(&fields) };
            format!("{}{}{}{fields}", ctx.t("组别", "Group "), quoted_group(&name), ctx.colon())
        }
        Command::RemoveGroup { group } => {
            let name = group_delta(*group, ctx).map_or_else(|| ctx.group_name(*group), |(b, _)| b.name.clone());
            format!("{}{}", ctx.t("删除组别", "Removed group "), quoted_group(&name))
        }
        Command::SetPrizeRules { group, .. } => {
            let name = quoted_group(&ctx.group_name(*group));
            match ctx.lang {
                Lang::Zh => format!("组别{name}的奖项设置已修改"),
                Lang::En => format!("Prize rules of group {name} changed"),
            }
        }
        Command::AvoidPair { a, b, reason, .. } => {
            let (a, b) = (ctx.player(*a), ctx.player(*b));
            let why = if reason.trim().is_empty() { String::new() } else { ctx.paren(reason.trim()) };
            format!("{}{a}{}{b}{why}", ctx.t("回避：", "Never paired: "), ctx.t(" 与 ", " and "))
        }
        Command::RemoveAvoidedPair { a, b, .. } => {
            let (a, b) = (ctx.player(*a), ctx.player(*b));
            format!("{}{a}{}{b}", ctx.t("取消回避：", "May meet again: "), ctx.t(" 与 ", " and "))
        }
        Command::FixBoard { start_no, board: 0, .. } => {
            format!("{}{}", ctx.t("取消固定台次：", "Board no longer fixed: "), ctx.player(*start_no))
        }
        Command::FixBoard { start_no, board, .. } => match ctx.lang {
            Lang::Zh => format!("固定台次：{} 坐第{board}台", ctx.player(*start_no)),
            Lang::En => format!("Fixed board: {} always at board {board}", ctx.player(*start_no)),
        },
        Command::SetPrizeDecision { start_no, decision, reason, .. } => {
            let (player, reason) = (ctx.player(*start_no), reason.trim());
            match (decision, ctx.lang) {
                (PrizeDecisionKind::Grant, Lang::Zh) => format!("{player}特批获奖：{reason}"),
                (PrizeDecisionKind::Grant, Lang::En) => format!("Prize granted to {player}: {reason}"),
                (PrizeDecisionKind::Withhold, Lang::Zh) => format!("{player}不予奖励：{reason}"),
                (PrizeDecisionKind::Withhold, Lang::En) => format!("Prize withheld from {player}: {reason}"),
                (PrizeDecisionKind::Clear, Lang::Zh) => format!("{player}的奖励决定已撤回，按规则评定"),
                (PrizeDecisionKind::Clear, Lang::En) => {
                    format!("Prize decision for {player} cleared: the rules decide")
                }
            }
        }
        _ => super::action_label(&serde_json::to_string(command).unwrap_or_default(), ctx.lang),
    }
}

/// `「预赛」：轮数 7 → 9`.
fn stage_headline(group: GroupId, stage: StageNo, ctx: &Ctx<'_>) -> String {
    let fields = ctx.deltas.iter().find_map(|d| match d {
        Delta::Stage { group: g, stage: s, before, after: Some(after) } if (*g, *s) == (group, stage) => {
            Some(stage_changes(before, after, ctx))
        }
        _ => None,
    });
    let fields = fields.filter(|f| !f.is_empty()).map_or_else(|| unchanged(ctx), |f| ctx.list(&f));
    format!("{}{}{}{fields}", group_prefix(group, ctx), ctx.stage_name(group, stage), ctx.colon())
}

/// `「预赛」结束，16人进入「淘汰赛」`.
fn advance_headline(group: GroupId, stage: StageNo, nominees: usize, ctx: &Ctx<'_>) -> String {
    let next = ctx.deltas.iter().find_map(|d| match d {
        Delta::Stage { group: g, stage: s, after: Some(after), .. } if *g == group && *s != stage => Some(after),
        _ => None,
    });
    let closed = ctx.stage_name(group, stage);
    let mut text = format!("{}{closed}", group_prefix(group, ctx));
    match (next, ctx.lang) {
        (Some(next), Lang::Zh) => {
            text.push_str(&format!("结束，{}人进入{}", next.entrants.len(), ctx.quoted(&next.name)));
        }
        (Some(next), Lang::En) => {
            let players = ctx.count(next.entrants.len(), "", "player goes", "players go");
            text.push_str(&format!(" closed; {players} on to {}", ctx.quoted(&next.name)));
        }
        (None, _) => text.push_str(ctx.t("结束", " closed")),
    }
    if nominees > 0 {
        let n = ctx.count(nominees, "人", "nominee", "nominees");
        text.push_str(&ctx.paren(&format!("{}{n}{}", ctx.t("含提名 ", ""), ctx.t("", " included"))));
    }
    text
}

fn unchanged(ctx: &Ctx<'_>) -> String {
    ctx.t("未改动", "unchanged").to_string()
}

fn group_prefix(group: GroupId, ctx: &Ctx<'_>) -> String {
    if ctx.event.groups.len() > 1 { format!("{} · ", ctx.group_name(group)) } else { String::new() }
}

/// `“成人组”`, in either language.
fn quoted_group(name: &str) -> String {
    format!("“{name}”")
}

/// The group's settings before and after in this row.
fn group_delta<'a>(group: GroupId, ctx: &Ctx<'a>) -> Option<(&'a Group, Option<&'a Group>)> {
    ctx.deltas.iter().find_map(|d| match d {
        Delta::Group { group: g, before: Some(b), after } if *g == group => Some((&**b, after.as_deref())),
        _ => None,
    })
}

/// A stage's, a group's or the event's before → after.
pub(super) fn details(delta: &Delta, ctx: &Ctx<'_>) -> Vec<String> {
    let line = match delta {
        Delta::Stage { group, before, after: Some(after), .. } => {
            let fields = stage_changes(before, after, ctx);
            let fields =
                if fields.is_empty() { ctx.t("无改动", "no change").to_string() } else { ctx.list(&fields) };
            format!("{}{}{}{fields}", group_prefix(*group, ctx), ctx.quoted(&after.name), ctx.colon())
        }
        Delta::Group { before: None, after: Some(a), .. } => {
            format!("{}{}", ctx.t("新增组别", "Added group "), quoted_group(&a.name))
        }
        Delta::Group { before: Some(b), after: None, .. } => {
            format!("{}{}", ctx.t("删除组别", "Removed group "), quoted_group(&b.name))
        }
        Delta::Group { before: Some(b), after: Some(a), .. } => {
            let fields = group_changes(b, a, ctx);
            let fields =
                if fields.is_empty() { ctx.t("无改动", "no change").to_string() } else { ctx.list(&fields) };
            format!("{}{}{}{fields}", ctx.t("组别", "Group "), quoted_group(&b.name), ctx.colon())
        }
        Delta::Event { before, after: Some(after) } => {
            let fields = event_changes(before, after, ctx);
            let fields =
                if fields.is_empty() { ctx.t("无改动", "no change").to_string() } else { ctx.list(&fields) };
            format!("{}{}{fields}", ctx.t("赛事信息", "Event details"), ctx.colon())
        }
        _ => return Vec::new(),
    };
    vec![line]
}

/// `label before → after` for each pair that differs; `label changed` for the parts
/// shown only as changed.
fn diffs(ctx: &Ctx<'_>, pairs: Vec<((&str, &str), String, String)>, parts: Vec<((&str, &str), bool)>) -> Vec<String> {
    let mut out: Vec<String> = pairs
        .into_iter()
        .filter(|(_, b, a)| b != a)
        .map(|((zh, en), b, a)| format!("{} {}", ctx.t(zh, en), Ctx::arrow(b, a)))
        .collect();
    out.extend(parts.into_iter().filter(|(_, changed)| *changed).map(|((zh, en), _)| ctx.t(zh, en).to_string()));
    out
}

fn stage_changes(b: &Stage, a: &Stage, ctx: &Ctx<'_>) -> Vec<String> {
    let rounds = |s: &Stage| s.rounds_planned.map_or_else(|| ctx.t("未定", "undecided").to_string(), |n| n.to_string());
    let qualifiers = |s: &Stage| {
        s.qualifiers.map_or_else(|| ctx.t("全部在赛选手", "all active players").to_string(), |n| n.to_string())
    };
    let per_match = |s: &Stage| s.knockout.as_ref().map_or_else(|| "—".to_string(), |k| k.games_per_match.to_string());
    // The knockout options besides the games per match, shown as changed.
    let options = |s: &Stage| s.knockout.clone().map(|k| KnockoutRules { games_per_match: 0, ..k });
    let text = |s: &str| if s.trim().is_empty() { "—".to_string() } else { s.to_string() };
    let yes_no = |v: bool| ctx.t(if v { "是" } else { "否" }, if v { "yes" } else { "no" }).to_string();
    diffs(
        ctx,
        vec![
            (("名称", "name"), b.name.clone(), a.name.clone()),
            (("赛制", "format"), format_label(b, ctx.lang), format_label(a, ctx.lang)),
            (("轮数", "rounds"), rounds(b), rounds(a)),
            (("状态", "status"), status_label(b.status, ctx.lang), status_label(a.status, ctx.lang)),
            (("用时", "time control"), text(&b.time_control), text(&a.time_control)),
            (("晋级人数", "qualifiers"), qualifiers(b), qualifiers(a)),
            (("提名名额", "nominees"), b.nominees.to_string(), a.nominees.to_string()),
            (("每场局数", "games per match"), per_match(b), per_match(a)),
            (("参赛人数", "entrants"), b.entrants.len().to_string(), a.entrants.len().to_string()),
            (("视频赛", "video stage"), yes_no(b.video), yes_no(a.video)),
            (("同分规则版本", "tie-break edition"), b.fide_edition.label(ctx.lang), a.fide_edition.label(ctx.lang)),
        ],
        vec![
            (("计分已修改", "scoring changed"), b.scoring != a.scoring),
            (("对比顺序已修改", "tiebreak order changed"), b.tiebreaks != a.tiebreaks),
            (("编排选项已修改", "pairing options changed"), b.pairing != a.pairing),
            (("淘汰赛选项已修改", "knockout options changed"), options(b) != options(a)),
            (("弃权处罚规则已修改", "forfeit rules changed"), b.discipline != a.discipline),
            (("赛程已修改", "schedule changed"), b.schedule != a.schedule),
            (("预告轮空已修改", "announced byes changed"), b.planned_byes != a.planned_byes),
        ],
    )
}

fn format_label(stage: &Stage, lang: Lang) -> String {
    match (stage.kind, stage.double_round_robin) {
        (StageKind::Swiss, _) => lang.t("瑞士制", "Swiss").to_string(),
        (StageKind::RoundRobin, false) => lang.t("单循环", "round robin").to_string(),
        (StageKind::RoundRobin, true) => lang.t("双循环", "double round robin").to_string(),
        (StageKind::Knockout, _) => lang.t("淘汰赛", "knockout").to_string(),
    }
}

fn status_label(status: StageStatus, lang: Lang) -> String {
    match status {
        StageStatus::Pending => lang.t("未开始", "pending"),
        StageStatus::Open => lang.t("进行中", "in play"),
        StageStatus::Closed => lang.t("已结束", "closed"),
    }
    .to_string()
}

fn group_changes(b: &Group, a: &Group, ctx: &Ctx<'_>) -> Vec<String> {
    let yes_no = |v: bool| ctx.t(if v { "是" } else { "否" }, if v { "yes" } else { "no" }).to_string();
    let capacity = |g: &Group| g.capacity.map_or_else(|| ctx.t("不限", "no limit").to_string(), |n| n.to_string());
    let window = |g: &Group| match g.registration {
        Some((from, to)) => format!("{from}{}{to}", ctx.t(" 至 ", " to ")),
        None => ctx.t("不限", "any time").to_string(),
    };
    diffs(
        ctx,
        vec![
            (("名称", "name"), b.name.clone(), a.name.clone()),
            (("报名费", "entry fee"), money(b.entry_fee_fen, ctx.lang), money(a.entry_fee_fen, ctx.lang)),
            (("名额", "capacity"), capacity(b), capacity(a)),
            (("报名期", "registration"), window(b), window(a)),
            (("须填电话", "phone required"), yes_no(b.phone_required), yes_no(a.phone_required)),
            (
                ("男女分别排名", "boys and girls ranked apart"),
                yes_no(b.rank_genders_separately),
                yes_no(a.rank_genders_separately),
            ),
        ],
        vec![
            (("参赛资格已修改", "eligibility changed"), b.eligibility != a.eligibility || b.aliases != a.aliases),
            (("奖项设置已修改", "prize rules changed"), b.prizes != a.prizes),
            (("奖励决定已修改", "prize decisions changed"), b.prize_decisions != a.prize_decisions),
        ],
    )
}

fn event_changes(b: &EventInfo, a: &EventInfo, ctx: &Ctx<'_>) -> Vec<String> {
    let date = |d: Option<jiff::civil::Date>| d.map_or_else(|| "—".to_string(), |d| d.to_string());
    let officials = |info: &EventInfo| {
        let names: Vec<String> =
            info.officials.iter().map(|o| format!("{} {}", o.role, o.name).trim().to_string()).collect();
        if names.is_empty() { "—".to_string() } else { names.join(ctx.t("、", ", ")) }
    };
    // A deleted player's number kept from the next player.
    let numbers = |info: &EventInfo| match info.numbers_given {
        0 => "—".to_string(),
        n => n.to_string(),
    };
    let ranking = |info: &EventInfo| match &info.team_ranking {
        None => ctx.t("未启用", "off").to_string(),
        Some(r) => format!("{}{}", groups_words(ctx.event, r, ctx.lang), ctx.paren(&count_words(r.count, ctx.lang))),
    };
    diffs(
        ctx,
        vec![
            (("名称", "name"), b.name.clone(), a.name.clone()),
            (("开赛日期", "first day"), date(b.start_date), date(a.start_date)),
            (("裁判名单", "officials"), officials(b), officials(a)),
            (("全赛事团体排名", "team ranking across the event"), ranking(b), ranking(a)),
            (("不再分配的编号至", "numbers not given again up to"), numbers(b), numbers(a)),
        ],
        Vec::new(),
    )
}
