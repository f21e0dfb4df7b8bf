//! `bianpai prizes FILE [--group G] [--json]`: the group's prize list over its
//! prize ranking (the final ranking of after a knockout).

use super::table::{self, Align};
use super::words::{lang, t};
use super::{GroupArg, resolve_group};
use crate::domain::event::Event;
use crate::domain::ledger::yuan;
use crate::domain::prizes::{Prize, PrizeList, awards, group_finished, prize_ranking};
use crate::store::EventReader;
use anyhow::Context;
use serde_json::{Value, json};
use std::path::Path;

/// Prints the prize list of a group, as a table or as the JSON of CLI.md.
pub(super) fn prizes_out(file: &Path, group: &GroupArg, as_json: bool) -> anyhow::Result<String> {
    let f = EventReader::open(file)?;
    let event = f.event();
    let g = resolve_group(event, group)?;
    let ranking = prize_ranking(event, g.id, &g.prizes)
        .with_context(|| t(format!("“{}”的奖励", g.name), format!("prizes of {}", g.name)))?;
    let list = awards(&g.prizes, &ranking);
    if as_json {
        return Ok(format!("{}\n", prizes_json(event, &list)));
    }
    let mut out = t(format!("{} 奖励名单\n", g.name), format!("{}: prize list\n", g.name));
    if g.prizes.is_empty() {
        out.push_str(&t("（本组未设奖励）\n", "(no prizes in this group)\n"));
        return Ok(out);
    }
    if ranking.is_empty() {
        out.push_str(&t("（尚无完成的轮次）\n", "(no round is complete yet)\n"));
        return Ok(out);
    }
    if !group_finished(event, g) {
        out.push_str(&t("（比赛尚未结束，名单为暂定）\n", "(the event is not over; the list is provisional)\n"));
    }
    let rows: Vec<Vec<String>> = list
        .awards
        .iter()
        .map(|a| {
            let items: Vec<String> = a.items.iter().map(|p| p.describe_in(lang())).collect();
            vec![a.rank.to_string(), a.start_no.to_string(), name_of(event, a.start_no.0), items.join(&t("，", ", "))]
        })
        .collect();
    out.push_str(&table::render(
        &[
            ("名次", "Rank", Align::Right),
            ("编号", "No.", Align::Right),
            ("姓名", "Name", Align::Left),
            ("奖励", "Award", Align::Left),
        ],
        &rows,
    ));
    let cash = yuan(list.totals.cash_fen);
    out.push_str(&t(format!("奖金合计 {cash}元\n"), format!("Cash in total {cash} yuan\n")));
    for (label, quantity) in &list.totals.items {
        out.push_str(&format!("{label} {quantity}\n"));
    }
    let trophies = list.totals.trophies;
    out.push_str(&t(format!("奖杯 {trophies}\n"), format!("Trophies {trophies}\n")));
    Ok(out)
}

/// The `prizes --json` shape of CLI.md.
fn prizes_json(event: &Event, list: &PrizeList) -> Value {
    let awards: Vec<Value> = list
        .awards
        .iter()
        .map(|a| {
            let items: Vec<Value> = a
                .items
                .iter()
                .map(|p| match p {
                    Prize::Cash { label, amount_fen } => {
                        json!({"kind": "cash", "label": label, "amount_fen": amount_fen})
                    }
                    Prize::Item { label, quantity } => json!({"kind": "item", "label": label, "quantity": quantity}),
                    Prize::Trophy { label } => json!({"kind": "trophy", "label": label}),
                })
                .collect();
            json!({"rank": a.rank, "start_no": a.start_no.0, "name": name_of(event, a.start_no.0), "items": items})
        })
        .collect();
    let items: serde_json::Map<String, Value> =
        list.totals.items.iter().map(|(label, quantity)| (label.clone(), json!(quantity))).collect();
    json!({
        "awards": awards,
        "totals": {"cash_fen": list.totals.cash_fen, "items": items, "trophies": list.totals.trophies},
    })
}

fn name_of(event: &Event, start_no: u32) -> String {
    event.player(crate::domain::ids::StartNo(start_no)).map(|p| p.name().to_string()).unwrap_or_default()
}
