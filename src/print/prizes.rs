//! The prize list: every player's awards over the group's final ranking
//! the totals per kind (cash, items by label, trophies) and the cash total,
//! then the players whose rank would carry a prize but who get none, with why
//! — the same list as `bianpai prizes`, from `domain::prizes::prize_outcome`.

use super::layout::{Align, Column, Orientation};
use super::{Document, PrintError, Printable, Report, Section, club_of, group_of, name_of, officials_line};
use crate::domain::event::{Event, Group};
use crate::domain::ids::GroupId;
use crate::domain::ledger::yuan_in as yuan;
use crate::domain::prizes::{Prize, Withheld, group_finished, prize_outcome};
use crate::domain::teams::prizes::{team_awards, team_ranks};
use crate::lang::Lang;

/// The prize list as data.
///
/// # Errors
/// [`PrintError::Prizes`] when the ranking cannot be built.
pub fn report(event: &Event, group: GroupId, lang: Lang) -> Result<Report, PrintError> {
    let g = group_of(event, group)?;
    let outcome = prize_outcome(event, g.id, &g.prizes)?;
    let (ranking, list) = (&outcome.ranking, &outcome.list);
    let columns = vec![
        Column::new(lang.t("名次", "Rank"), 3.5, Align::Right),
        Column::new(lang.t("编号", "No."), 3.5, Align::Right),
        Column::new(lang.t("姓名", "Name"), 7.0, Align::Left),
        Column::new(lang.t("单位", "Club"), 8.0, Align::Left),
        Column::new(lang.t("奖励", "Awards"), 20.0, Align::Left),
        Column::new(lang.t("奖金", "Cash"), 6.0, Align::Right),
    ];
    let rows = list
        .awards
        .iter()
        .map(|a| {
            let items: Vec<String> = a.items.iter().map(|p| p.describe_in(lang)).collect();
            let cash = a.cash_fen();
            vec![
                a.rank.to_string(),
                event.shown_no(a.start_no).to_string(),
                name_of(event, a.start_no),
                club_of(event, a.start_no),
                items.join(lang.t("，", ", ")),
                if cash > 0 { yuan(cash, lang) } else { String::new() },
            ]
        })
        .collect();
    let mut details = Vec::new();
    if g.prizes.is_empty() && g.prizes.team_prizes.is_empty() {
        details.push(lang.t("（本组未设奖励）", "(no prizes in this group)").to_string());
    } else if ranking.is_empty() {
        details.push(lang.t("（尚无完成的轮次）", "(no round complete yet)").to_string());
    } else if !group_finished(event, g) {
        details.push(lang.t("（比赛尚未结束，名单为暂定）", "(the event is not over: provisional)").to_string());
    }
    let mut notes = vec![format!("{}{}", lang.t("奖金合计：", "Cash total: "), yuan(list.totals.cash_fen, lang))];
    for (label, quantity) in &list.totals.items {
        notes.push(format!("{label}{}{quantity}", lang.t(" 合计：", " total: ")));
    }
    notes.push(format!("{}{}", lang.t("奖杯：", "Trophies: "), list.totals.trophies));
    notes.extend(officials_line(event, lang));
    let mut sections = vec![Section { caption: None, columns, rows }];
    sections.extend(withheld_section(event, g, &outcome.withheld, lang));
    sections.extend(team_section(event, g, lang)?);
    Ok(Report {
        link: None,
        orientation: Orientation::Portrait,
        title: event.name.clone(),
        subtitle: format!("{} {}", g.name, PRIZE_LIST.title(lang)),
        details,
        sections,
        notes,
    })
}

/// The players whose rank would carry a prize but who get none, with why;
/// `None` when there are none.
fn withheld_section(event: &Event, group: &Group, withheld: &[Withheld], lang: Lang) -> Option<Section> {
    if withheld.is_empty() {
        return None;
    }
    let columns = vec![
        Column::new(lang.t("名次", "Rank"), 3.5, Align::Right),
        Column::new(lang.t("编号", "No."), 3.5, Align::Right),
        Column::new(lang.t("姓名", "Name"), 7.0, Align::Left),
        Column::new(lang.t("应得奖励", "Would carry"), 13.0, Align::Left),
        Column::new(lang.t("原因", "Why"), 13.0, Align::Left),
    ];
    let rows = withheld
        .iter()
        .map(|w| {
            vec![
                w.rank_text(),
                event.shown_no(w.start_no).to_string(),
                name_of(event, w.start_no),
                Prize::describe_all(&w.items, lang),
                w.reason.describe(lang, group),
            ]
        })
        .collect();
    Some(Section {
        caption: Some(lang.t("未获奖励的选手", "Players who get no prize").to_string()), columns, rows
    })
}

/// The team prizes by team rank; `None` without team prizes.
fn team_section(event: &Event, group: &Group, lang: Lang) -> Result<Option<Section>, PrintError> {
    if group.prizes.team_prizes.is_empty() {
        return Ok(None);
    }
    let ranks = team_ranks(event, group.id)?.unwrap_or_default();
    let columns = vec![
        Column::new(lang.t("名次", "Rank"), 3.5, Align::Right),
        Column::new(lang.t("队名", "Team"), 12.0, Align::Left),
        Column::new(lang.t("奖励", "Awards"), 20.0, Align::Left),
        Column::new(lang.t("奖金", "Cash"), 6.0, Align::Right),
    ];
    let rows = team_awards(&ranks, &group.prizes.team_prizes)
        .iter()
        .map(|a| {
            let items: Vec<String> = a.prizes.iter().map(|p| p.describe_in(lang)).collect();
            let cash: i64 =
                a.prizes.iter().map(|p| if let Prize::Cash { amount_fen, .. } = p { *amount_fen } else { 0 }).sum();
            vec![
                a.rank.to_string(),
                group.team(a.team).map(|t| t.name.clone()).unwrap_or_default(),
                items.join(lang.t("，", ", ")),
                if cash > 0 { yuan(cash, lang) } else { String::new() },
            ]
        })
        .collect();
    Ok(Some(Section { caption: Some(lang.t("团体奖", "Team prizes").to_string()), columns, rows }))
}

/// The prize list.
pub const PRIZE_LIST: Printable<Report> =
    Printable::new(("奖励名单", "prize list"), |event, group, _, lang| report(event, group, lang));
