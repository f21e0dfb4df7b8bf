//! The prize view: the group's prize list by rank, each player's awards, totals
//! per kind and the prizes not yet paid out; under it, the players whose rank would
//! carry a prize but who get none, and why.
//!
//! The list is the one `bianpai prizes` prints ([`prize_outcome`]); the "paid" column
//! comes from the ledger's prize payouts (R-7, `LedgerKind::PrizePaid`). "发放 / Pay out"
//! on a row records the player's unpaid cash as a payout; "不予奖励 / Withhold" on a row
//! and "特批获奖 / Grant" on a player left out ask for the director's reason and record
//! the decision ([`decision`]). The list is computed only when the saved event
//! (`env.revision`) or the group changes, so that a 3,000-player event does not
//! recompute it every frame.

mod decision;
mod teams;
mod withheld;

use super::env::{Env, Sent};
use super::memo::Memo;
use super::panel::Panel;
use super::session::Job;
use super::table::{Align, header_height, header_ui, row_height, table_builder, text_cell_ui, under_table_ui};
use crate::domain::command::Command;
use crate::domain::event::{Event, Group};
use crate::domain::ids::{GroupId, StartNo};
use crate::domain::ledger::LedgerKind;
use crate::domain::money::yuan_in;
use crate::domain::prizes::{Prize, PrizeDecisionKind, PrizeTotals, PrizeVerdict, group_finished, prize_outcome};
use crate::lang::Lang;
use crate::lang::{Localized, Words};
use decision::{Pending, button_label, decision_ui};
use egui::Ui;
use egui_extras::Column;
use std::collections::BTreeMap;
use teams::{TeamPrizeLine, team_prize_lines, team_prizes_ui};
use withheld::{WithheldRow, withheld_rows, withheld_ui};

/// The prize view's own state.
#[derive(Debug, Clone, Default)]
pub struct PrizesView {
    /// Show only players whose cash prize is not (fully) paid out.
    pub unclaimed_only: bool,
    /// The note recorded with a payout (receipt, 微信, 现金 …).
    pub note: String,
    /// A prize decision waiting for its reason and confirmation.
    decision: Option<Pending>,
    /// Why the last prize decision sent was refused, until the next is sent.
    refusal: Option<Words>,
    /// The prize jobs sent and not yet answered, by ticket (issue 40, item 2).
    sent: Sent,
    /// The prize table of the group for the saved event, keyed on both.
    cache: Memo<(GroupId, u64), Result<PrizeTable, Words>>,
}

/// What the view shows, computed once per change.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct PrizeTable {
    /// The group has no prize rules.
    no_rules: bool,
    /// No round of the prize ranking is complete yet.
    no_ranking: bool,
    /// The group's last stage is not over: the list may still change.
    provisional: bool,
    /// Players with a prize, by rank then start number.
    rows: Vec<PrizeRow>,
    /// Totals per kind.
    totals: PrizeTotals,
    /// Cash paid out to the players of the list.
    paid_fen: i64,
    /// The players whose rank would carry a prize but who get none.
    withheld: Vec<WithheldRow>,
    /// The group gives team prizes only: no players' list.
    teams_only: bool,
    /// The team prizes.
    teams: Vec<TeamPrizeLine>,
}

/// One player's prizes and payouts.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PrizeRow {
    rank: u32,
    start_no: StartNo,
    /// The number shown for the player.
    no: u32,
    name: String,
    club: String,
    items: Vec<Prize>,
    cash_fen: i64,
    paid_fen: i64,
    /// The director granted the prizes, for this reason.
    granted: Option<String>,
}

impl PrizeRow {
    fn unpaid_fen(&self) -> i64 {
        (self.cash_fen - self.paid_fen).max(0)
    }
}

/// The prize table of the group for the saved event, computed when either changed.
fn table_for<'c>(
    cache: &'c mut Memo<(GroupId, u64), Result<PrizeTable, Words>>,
    event: &Event,
    group: &Group,
    revision: u64,
) -> &'c Result<PrizeTable, Words> {
    cache.get_or_compute((group.id, revision), || prize_table(event, group))
}

/// The group's prize list with the payouts recorded so far.
fn prize_table(event: &Event, group: &Group) -> Result<PrizeTable, Words> {
    let teams = team_prize_lines(event, group);
    if group.prizes.is_empty() {
        let no_rules = group.prizes.team_prizes.is_empty();
        return Ok(PrizeTable { no_rules, teams_only: !no_rules, teams, ..PrizeTable::default() });
    }
    let outcome = prize_outcome(event, group.id, &group.prizes).map_err(|e| Words::of(&e))?;
    let list = &outcome.list;
    let mut paid: BTreeMap<StartNo, i64> = BTreeMap::new();
    for entry in event.ledger.iter().filter(|e| e.kind == LedgerKind::PrizePaid && !e.voided) {
        *paid.entry(entry.start_no).or_default() += entry.amount_fen;
    }
    let rows: Vec<PrizeRow> = list
        .awards
        .iter()
        .map(|a| {
            let player = event.player(a.start_no);
            PrizeRow {
                rank: a.rank,
                start_no: a.start_no,
                no: event.shown_no(a.start_no),
                name: player.map(|p| p.name().to_string()).unwrap_or_default(),
                club: player.map(|p| p.entry.club.clone()).unwrap_or_default(),
                items: a.items.clone(),
                cash_fen: a.cash_fen(),
                paid_fen: paid.get(&a.start_no).copied().unwrap_or(0),
                granted: group
                    .prize_decisions
                    .iter()
                    .find(|d| d.start_no == a.start_no && d.verdict == PrizeVerdict::Grant)
                    .map(|d| d.reason.clone()),
            }
        })
        .collect();
    let paid_fen = rows.iter().map(|r| r.paid_fen.min(r.cash_fen)).sum();
    Ok(PrizeTable {
        no_rules: false,
        no_ranking: outcome.ranking.is_empty(),
        provisional: !group_finished(event, group),
        rows,
        totals: list.totals.clone(),
        paid_fen,
        withheld: withheld_rows(event, group, &outcome.withheld),
        teams_only: false,
        teams,
    })
}

/// Fen as money in the window's language: `500元`, `5.20元`; `500 yuan` in English.
fn yuan_text(fen: i64, lang: Lang) -> String {
    yuan_in(fen, lang)
}

/// A row's payout state: `—` without cash, `已发`, `未发 500元`, or both parts.
fn paid_text(row: &PrizeRow, lang: Lang) -> String {
    let unpaid = row.unpaid_fen();
    match (row.cash_fen, unpaid, lang) {
        (0, _, _) => "—".to_string(),
        (_, 0, _) => lang.t("已发", "paid").to_string(),
        (cash, unpaid, Lang::Zh) if unpaid == cash => format!("未发 {}", yuan_text(unpaid, lang)),
        (cash, unpaid, Lang::En) if unpaid == cash => format!("unpaid {}", yuan_text(unpaid, lang)),
        (_, unpaid, Lang::Zh) => format!("已发 {}，未发 {}", yuan_text(row.paid_fen, lang), yuan_text(unpaid, lang)),
        (_, unpaid, Lang::En) => format!("paid {}, unpaid {}", yuan_text(row.paid_fen, lang), yuan_text(unpaid, lang)),
    }
}

impl Panel for PrizesView {
    fn panel_ui(&mut self, ui: &mut Ui, env: &Env<'_>, jobs: &mut Vec<Job>) {
        prizes_ui(ui, self, env, jobs);
    }
}

/// Draws the prize view.
pub fn prizes_ui(ui: &mut Ui, state: &mut PrizesView, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let (event, group, lang) = (env.event, env.group, env.lang);
    take_refusals(state, env);
    ui.horizontal_wrapped(|ui| {
        ui.heading(format!("{} {}", group.name, lang.t("奖励名单", "prize list")));
        ui.add_space(crate::ui::theme::space::L);
        ui.checkbox(&mut state.unclaimed_only, lang.t("只看未发放", "Unclaimed only"))
            .on_hover_text(lang.t("只列出奖金尚未发放的选手", "List only players whose cash prize is not paid out"));
        ui.add_space(crate::ui::theme::space::L);
        let label = ui.label(lang.t("发放备注", "Payout note"));
        ui.add(
            egui::TextEdit::singleline(&mut state.note)
                .hint_text(lang.t("收据号、现金、微信…", "receipt, cash, transfer…"))
                .desired_width(180.0),
        )
        .labelled_by(label.id);
    });
    if let Some(refusal) = &state.refusal {
        ui.colored_label(ui.visuals().error_fg_color, refusal.get(lang));
    }
    ui.separator();
    let from = jobs.len();
    decision_ui(ui, &mut state.decision, group.id, lang, jobs);
    if jobs[from..].iter().any(is_decision) {
        state.refusal = None;
    }
    state.sent.remember(env, jobs, from);

    let (unclaimed_only, note) = (state.unclaimed_only, state.note.trim().to_string());
    let table = match table_for(&mut state.cache, event, group, env.revision) {
        Ok(table) => table,
        Err(e) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("{}{}", lang.t("无法计算奖励：", "Prizes unavailable: "), e.get(lang)),
            );
            return;
        }
    };
    if !notice_ui(ui, table, lang) {
        team_prizes_ui(ui, &table.teams, lang);
        return;
    }
    let shown: Vec<&PrizeRow> = table.rows.iter().filter(|r| !unclaimed_only || r.unpaid_fen() > 0).collect();
    // The players left out and the totals under the table, which fills the height above.
    let decide = under_table_ui(ui, "prize_totals", |ui| {
        if shown.is_empty() {
            ui.label(if unclaimed_only {
                lang.t("奖金已全部发放。", "Every cash prize has been paid out.")
            } else {
                lang.t("（无人获奖）", "(no prizes awarded)")
            });
        }
        let mut decide = None;
        if !table.withheld.is_empty() {
            ui.separator();
            decide = withheld_ui(ui, &table.withheld, lang, env.busy)
                .map(|(r, kind)| (r.start_no, r.no, r.name.clone(), kind));
        }
        ui.separator();
        totals_ui(ui, table, lang);
        team_prizes_ui(ui, &table.teams, lang);
        decide
    });
    let action = if shown.is_empty() { None } else { awards_table_ui(ui, &shown, lang, env.busy) };
    match action {
        Some(RowAction::Pay(r)) => jobs.push(payout_job(r, note)),
        Some(RowAction::Decide(r, kind)) => state.decision = Some(Pending::new(r.start_no, r.no, &r.name, kind)),
        None => {}
    }
    if let Some((start_no, no, name, kind)) = decide {
        state.decision = Some(Pending::new(start_no, no, &name, kind));
    }
}

/// Says why there is no list, or that it is provisional; whether there is a list.
fn notice_ui(ui: &mut Ui, table: &PrizeTable, lang: Lang) -> bool {
    if table.no_rules {
        ui.label(lang.t(
            "本组未设奖励（可在赛事设置中填写奖励规则）。",
            "This group has no prize rules (set them in the event settings).",
        ));
        return false;
    }
    if table.teams_only {
        return false;
    }
    if table.no_ranking {
        ui.label(lang.t("尚无完成的轮次，暂无奖励名单。", "No round is complete yet: there is no prize list."));
        return false;
    }
    if table.provisional {
        ui.colored_label(
            ui.visuals().warn_fg_color,
            lang.t("比赛尚未结束，名单为暂定。", "The event is not finished yet: the list is provisional."),
        );
    }
    true
}

/// Whether a job records a prize decision.
fn is_decision(job: &Job) -> bool {
    matches!(job, Job::Execute { commands, .. } if commands.iter().any(|c| matches!(c, Command::SetPrizeDecision { .. })))
}

/// Keeps the newest refusal of a prize decision this view sent, in both languages.
fn take_refusals(state: &mut PrizesView, env: &Env<'_>) {
    for answered in state.sent.answered(env) {
        let Some(error) = answered.refused else { continue };
        if answered.commands.iter().any(|c| matches!(c, Command::SetPrizeDecision { .. })) {
            state.refusal = Some(Words::new(error.message(Lang::Zh), error.message(Lang::En)));
        }
    }
}

/// What a row's button asks for.
enum RowAction<'r> {
    /// Record the unpaid cash as paid out.
    Pay(&'r PrizeRow),
    /// Open the decision dialog.
    Decide(&'r PrizeRow, PrizeDecisionKind),
}

/// The awards table; returns the row whose button was clicked.
fn awards_table_ui<'r>(ui: &mut Ui, shown: &[&'r PrizeRow], lang: Lang, busy: bool) -> Option<RowAction<'r>> {
    let (header_h, row_h) = (header_height(ui), row_height(ui));
    let headings: Vec<(String, Align)> = vec![
        (lang.t("名次", "Rank").into(), Align::Right),
        (lang.t("编号", "No.").into(), Align::Right),
        (lang.t("姓名", "Name").into(), Align::Left),
        (lang.t("单位", "Club").into(), Align::Left),
        (lang.t("奖励", "Prizes").into(), Align::Left),
        (lang.t("奖金", "Cash").into(), Align::Right),
        (lang.t("发放情况", "Paid out").into(), Align::Left),
        (String::new(), Align::Left),
    ];
    let mut action = None;
    // The prizes column grows to its longest text (issue 39, item 7: never "女子重…");
    // the table scrolls sideways when the panel is narrower than its columns.
    egui::ScrollArea::horizontal().id_salt("prizes_sideways").show(ui, |ui| {
        table_builder(ui, "prizes")
            .column(Column::exact(40.0))
            .column(Column::exact(44.0))
            .column(Column::initial(100.0).at_least(60.0))
            .column(Column::initial(120.0).at_least(60.0))
            .column(Column::initial(300.0).at_least(120.0))
            .column(Column::initial(70.0).at_least(50.0))
            .column(Column::initial(150.0).at_least(60.0))
            .column(Column::remainder().at_least(140.0))
            .header(header_h, |header| header_ui(header, &headings))
            .body(|body| {
                body.rows(row_h, shown.len(), |mut row| {
                    let Some(r) = shown.get(row.index()).copied() else { return };
                    let id = r.start_no;
                    let mut items: Vec<String> = r.items.iter().map(|p| p.describe_in(lang)).collect();
                    if let Some(reason) = &r.granted {
                        items.push(format!("{}{reason}", lang.t("（特批：", "(granted: ")) + lang.t("）", ")"));
                    }
                    text_cell_ui(&mut row, id, Align::Right, r.rank.to_string());
                    text_cell_ui(&mut row, id, Align::Right, r.no.to_string());
                    text_cell_ui(&mut row, id, Align::Left, r.name.as_str());
                    text_cell_ui(&mut row, id, Align::Left, r.club.as_str());
                    text_cell_ui(&mut row, id, Align::Left, items.join(lang.t("，", ", ")));
                    let cash = if r.cash_fen > 0 { yuan_text(r.cash_fen, lang) } else { String::new() };
                    text_cell_ui(&mut row, id, Align::Right, cash);
                    text_cell_ui(&mut row, id, Align::Left, paid_text(r, lang));
                    row.col(|ui| {
                        ui.push_id(id, |ui| {
                            ui.horizontal(|ui| {
                                if let Some(a) = row_buttons_ui(ui, r, lang, busy) {
                                    action = Some(a);
                                }
                            });
                        });
                    });
                });
            });
    });
    action
}

/// A row's buttons: pay out the unpaid cash; withhold the prizes, or clear a grant.
fn row_buttons_ui<'r>(ui: &mut Ui, r: &'r PrizeRow, lang: Lang, busy: bool) -> Option<RowAction<'r>> {
    let mut action = None;
    if r.unpaid_fen() > 0 {
        let hint = match lang {
            Lang::Zh => format!("记录已向 {} {} 发放奖金 {}", r.start_no, r.name, yuan_text(r.unpaid_fen(), lang)),
            Lang::En => format!("Record {} paid out to {} {}", yuan_text(r.unpaid_fen(), lang), r.start_no, r.name),
        };
        let button = egui::Button::new(lang.t("发放", "Pay out"));
        if ui.add_enabled(!busy, button).on_hover_text(hint).clicked() {
            action = Some(RowAction::Pay(r));
        }
    }
    let kind = if r.granted.is_some() { PrizeDecisionKind::Clear } else { PrizeDecisionKind::Withhold };
    let hint = match lang {
        Lang::Zh => format!("{} 号 {}", r.start_no, r.name),
        Lang::En => format!("No. {} {}", r.start_no, r.name),
    };
    if ui.add_enabled(!busy, egui::Button::new(button_label(kind, lang))).on_hover_text(hint).clicked() {
        action = Some(RowAction::Decide(r, kind));
    }
    action
}

/// The job that records `r`'s unpaid cash as paid out.
fn payout_job(r: &PrizeRow, note: String) -> Job {
    let amount_fen = r.unpaid_fen();
    Job::Execute {
        label: Words::in_both(|lang| match lang {
            Lang::Zh => format!("发放奖金 {} {} {}", r.start_no, r.name, yuan_text(amount_fen, lang)),
            Lang::En => format!("prize paid out to {} {}: {}", r.start_no, r.name, yuan_text(amount_fen, lang)),
        }),
        commands: vec![Command::RecordLedgerEntry {
            start_no: r.start_no,
            kind: LedgerKind::PrizePaid,
            amount_fen,
            round: None,
            note,
        }],
    }
}

/// The foot: cash won, paid and unpaid; items by label; the number of trophies.
fn totals_ui(ui: &mut Ui, table: &PrizeTable, lang: Lang) {
    let totals = &table.totals;
    let unpaid = (totals.cash_fen - table.paid_fen).max(0);
    ui.label(match lang {
        Lang::Zh => format!(
            "奖金合计 {}（已发 {}，未发 {}）",
            yuan_text(totals.cash_fen, lang),
            yuan_text(table.paid_fen, lang),
            yuan_text(unpaid, lang)
        ),
        Lang::En => format!(
            "Cash total {} (paid out {}, unpaid {})",
            yuan_text(totals.cash_fen, lang),
            yuan_text(table.paid_fen, lang),
            yuan_text(unpaid, lang)
        ),
    });
    let items: Vec<String> = totals.items.iter().map(|(label, quantity)| format!("{label}×{quantity}")).collect();
    let items = if items.is_empty() { "—".to_string() } else { items.join(lang.t("，", ", ")) };
    ui.label(match lang {
        Lang::Zh => format!("奖品：{items} · 奖杯 {} 座", totals.trophies),
        Lang::En => format!("Items: {items} · trophies: {}", totals.trophies),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    // each award reads as in `bianpai prizes`.
    #[test]
    fn prizes_are_described_as_the_cli_prints_them() {
        assert_eq!(Prize::describe(&Prize::cash("第1名", 50_000)), "第1名 500元");
        assert_eq!(Prize::describe(&Prize::cash("幸运奖", 520)), "幸运奖 5.20元");
        assert_eq!(Prize::describe(&Prize::item("指定酒", 2)), "指定酒×2");
        assert_eq!(Prize::describe(&Prize::trophy("冠军奖杯")), "冠军奖杯");
    }

    // the paid column tells paid, unpaid and partly paid cash apart.
    #[test]
    fn a_row_says_what_is_still_to_pay() {
        let mut row = PrizeRow {
            rank: 1,
            start_no: StartNo(3),
            no: 3,
            name: "张三".into(),
            club: String::new(),
            items: vec![Prize::cash("第1名", 50_000)],
            cash_fen: 50_000,
            paid_fen: 0,
            granted: None,
        };
        assert_eq!(paid_text(&row, Lang::Zh), "未发 500元");
        row.paid_fen = 20_000;
        assert_eq!(paid_text(&row, Lang::Zh), "已发 200元，未发 300元");
        row.paid_fen = 50_000;
        assert_eq!(paid_text(&row, Lang::En), "paid");
        row.cash_fen = 0;
        assert_eq!(paid_text(&row, Lang::Zh), "—");
    }

    // R-7.7 (3,000 players): the list is computed once per saved change and group, not
    // per frame.
    #[test]
    fn the_table_is_recomputed_only_when_the_revision_or_group_changes() {
        let mut event = crate::domain::presets::build("cxa-swiss", None, Some(3)).unwrap();
        let mut view = PrizesView::default();
        let no_rules = |view: &mut PrizesView, event: &Event, revision: u64| {
            table_for(&mut view.cache, event, &event.groups[0], revision).as_ref().map(|t| t.no_rules).unwrap_or(false)
        };
        assert!(no_rules(&mut view, &event, 1));
        event.groups[0].prizes = crate::domain::prizes::PrizeRules::huaiyin_adult();
        assert!(no_rules(&mut view, &event, 1), "same revision: the cached table");
        assert!(!no_rules(&mut view, &event, 2), "a new revision: computed again");
    }
}
