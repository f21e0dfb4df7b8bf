//! `bianpai prizes FILE [--group G] [--json]`: the group's prize list over its
//! prize ranking (the final ranking of after a knockout), and the players whose
//! rank would carry a prize but who get none, with why.

use super::table::{self, Align};
use super::words::{lang, t};
use super::{GroupArg, resolve_group};
use crate::domain::event::{Event, Group};
use crate::domain::ledger::yuan;
use crate::domain::prizes::{Prize, PrizeOutcome, Withheld, group_finished, prize_outcome};
use crate::domain::teams::prizes::{TeamAward, team_awards, team_ranks};
use crate::store::EventReader;
use anyhow::Context;
use serde_json::{Value, json};
use std::path::Path;

/// Prints the prize list of a group, as a table or as the JSON of CLI.md.
pub(super) fn prizes_out(file: &Path, group: &GroupArg, as_json: bool) -> anyhow::Result<String> {
    let f = EventReader::open(file)?;
    let event = f.event();
    let g = resolve_group(event, group)?;
    let outcome = prize_outcome(event, g.id, &g.prizes)
        .with_context(|| t(format!("“{}”的奖励", g.name), format!("prizes of {}", g.name)))?;
    // The team ranking is computed only for team prizes: over an individual group it
    // is a second pass of the standings.
    let team_awards = match g.prizes.team_prizes.is_empty() {
        true => Vec::new(),
        false => team_ranks(event, g.id)?.map(|ranks| team_awards(&ranks, &g.prizes.team_prizes)).unwrap_or_default(),
    };
    if as_json {
        let mut value = prizes_json(event, g, &outcome);
        if !g.prizes.team_prizes.is_empty() {
            value["team_awards"] = team_awards_json(g, &team_awards);
        }
        return Ok(format!("{value}\n"));
    }
    let mut out = t(format!("{} 奖励名单\n", g.name), format!("{}: prize list\n", g.name));
    if g.prizes.is_empty() {
        if g.prizes.team_prizes.is_empty() {
            out.push_str(&t("（本组未设奖励）\n", "(no prizes in this group)\n"));
        }
        out.push_str(&team_table(g, &team_awards));
        return Ok(out);
    }
    if outcome.ranking.is_empty() {
        out.push_str(&t("（尚无完成的轮次）\n", "(no round is complete yet)\n"));
        return Ok(out);
    }
    if !group_finished(event, g) {
        out.push_str(&t("（比赛尚未结束，名单为暂定）\n", "(the event is not over; the list is provisional)\n"));
    }
    let rows: Vec<Vec<String>> = outcome
        .list
        .awards
        .iter()
        .map(|a| {
            vec![
                a.rank.to_string(),
                event.shown_no(a.start_no).to_string(),
                name_of(event, a.start_no.0),
                items_text(&a.items),
            ]
        })
        .collect();
    let headings = [
        ("名次", "Rank", Align::Right),
        ("编号", "No.", Align::Right),
        ("姓名", "Name", Align::Left),
        ("奖励", "Award", Align::Left),
    ];
    out.push_str(&table::render(&headings, &rows));
    let totals = &outcome.list.totals;
    let cash = yuan(totals.cash_fen);
    out.push_str(&t(format!("奖金合计 {cash}元\n"), format!("Cash in total {cash} yuan\n")));
    for (label, quantity) in &totals.items {
        out.push_str(&format!("{label} {quantity}\n"));
    }
    let trophies = totals.trophies;
    out.push_str(&t(format!("奖杯 {trophies}\n"), format!("Trophies {trophies}\n")));
    out.push_str(&withheld_table(event, g, &outcome.withheld));
    out.push_str(&team_table(g, &team_awards));
    Ok(out)
}

/// The team prizes as a table under its heading; nothing without team prizes.
fn team_table(group: &Group, awards: &[TeamAward]) -> String {
    if group.prizes.team_prizes.is_empty() {
        return String::new();
    }
    let rows: Vec<Vec<String>> =
        awards.iter().map(|a| vec![a.rank.to_string(), team_name(group, a), items_text(&a.prizes)]).collect();
    let headings = [("名次", "Rank", Align::Right), ("队名", "Team", Align::Left), ("奖励", "Award", Align::Left)];
    format!("{}{}", t("\n团体奖\n", "\nTeam prizes\n"), table::render(&headings, &rows))
}

fn team_name(group: &Group, award: &TeamAward) -> String {
    group.team(award.team).map(|t| t.name.clone()).unwrap_or_default()
}

/// `team_awards` of `prizes --json` (a field CLI.md does not name): each team with a
/// prize, by rank: `{"rank", "team", "items"}`.
fn team_awards_json(group: &Group, awards: &[TeamAward]) -> Value {
    awards
        .iter()
        .map(|a| {
            let items: Vec<Value> = a.prizes.iter().map(prize_json).collect();
            json!({"rank": a.rank, "team": team_name(group, a), "items": items})
        })
        .collect()
}

/// The players whose rank would carry a prize but who get none, with why, as a
/// table under its heading; nothing when there are none.
fn withheld_table(event: &Event, group: &Group, withheld: &[Withheld]) -> String {
    if withheld.is_empty() {
        return String::new();
    }
    let rows: Vec<Vec<String>> = withheld
        .iter()
        .map(|w| {
            vec![
                w.rank_text(),
                event.shown_no(w.start_no).to_string(),
                name_of(event, w.start_no.0),
                Prize::describe_all(&w.items, lang()),
                w.reason.describe(lang(), group),
            ]
        })
        .collect();
    let headings = [
        ("名次", "Rank", Align::Right),
        ("编号", "No.", Align::Right),
        ("姓名", "Name", Align::Left),
        ("应得奖励", "Would carry", Align::Left),
        ("原因", "Why", Align::Left),
    ];
    format!("{}{}", t("\n未获奖励的选手\n", "\nPlayers who get no prize\n"), table::render(&headings, &rows))
}

/// Prizes as one text: `第1名 500元，指定酒×2`.
fn items_text(items: &[Prize]) -> String {
    let items: Vec<String> = items.iter().map(|p| p.describe_in(lang())).collect();
    items.join(&t("，", ", "))
}

/// A prize as `prizes --json` writes it.
fn prize_json(p: &Prize) -> Value {
    match p {
        Prize::Cash { label, amount_fen } => json!({"kind": "cash", "label": label, "amount_fen": amount_fen}),
        Prize::Item { label, quantity } => json!({"kind": "item", "label": label, "quantity": quantity}),
        Prize::Trophy { label } => json!({"kind": "trophy", "label": label}),
    }
}

/// The `prizes --json` shape of CLI.md, with the field `withheld` added: every
/// player whose rank would carry a prize but who gets none — his rank (a disqualified
/// player's: the rank he would hold), the prizes it would carry, the reason's code
/// (`disqualified`, `withdrew`, `forfeit`, `missed_round`, `director`), the stage and
/// round it names (or null) and the reason in words in the run's language.
fn prizes_json(event: &Event, group: &Group, outcome: &PrizeOutcome) -> Value {
    let list = &outcome.list;
    let awards: Vec<Value> = list
        .awards
        .iter()
        .map(|a| {
            let items: Vec<Value> = a.items.iter().map(prize_json).collect();
            json!({"rank": a.rank, "start_no": event.shown_no(a.start_no), "name": name_of(event, a.start_no.0), "items": items})
        })
        .collect();
    let withheld: Vec<Value> = outcome
        .withheld
        .iter()
        .map(|w| {
            let at = w.reason.round();
            json!({
                "rank": w.rank,
                "start_no": event.shown_no(w.start_no),
                "name": name_of(event, w.start_no.0),
                "items": w.items.iter().map(prize_json).collect::<Vec<Value>>(),
                "reason": w.reason.code(),
                "stage": at.map(|a| a.stage.0),
                "round": at.map(|a| a.round.0),
                "words": w.reason.describe(lang(), group),
            })
        })
        .collect();
    let items: serde_json::Map<String, Value> =
        list.totals.items.iter().map(|(label, quantity)| (label.clone(), json!(quantity))).collect();
    json!({
        "awards": awards,
        "totals": {"cash_fen": list.totals.cash_fen, "items": items, "trophies": list.totals.trophies},
        "withheld": withheld,
    })
}

fn name_of(event: &Event, start_no: u32) -> String {
    event.player(crate::domain::ids::StartNo(start_no)).map(|p| p.name().to_string()).unwrap_or_default()
}
