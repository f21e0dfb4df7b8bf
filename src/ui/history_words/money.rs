//! Money in words: a payment, fine, excuse or prize payout recorded or voided
//! (`张三：缴纳报名费 100.00 元`), and a ledger entry's before → after.

use super::{Ctx, Delta};
use crate::domain::command::Command;
use crate::domain::money::{LedgerEntry, LedgerKind};
use crate::lang::Lang;

/// An amount: `100.00 元` / `100.00 yuan`.
pub(super) fn money(fen: i64, lang: Lang) -> String {
    let sign = if fen < 0 { "-" } else { "" };
    let abs = fen.unsigned_abs();
    format!("{sign}{}.{:02} {}", abs / 100, abs % 100, lang.t("元", "yuan"))
}

/// The sentence of a ledger command.
pub(super) fn headline(command: &Command, ctx: &Ctx<'_>) -> String {
    let entry = |before: bool| {
        ctx.deltas.iter().find_map(|d| match d {
            Delta::Ledger { before: b, after: a, .. } => {
                if before {
                    b.as_deref()
                } else {
                    a.as_deref()
                }
            }
            _ => None,
        })
    };
    match command {
        Command::RecordLedgerEntry { start_no, kind, amount_fen, round, note } => match entry(false) {
            Some(e) => entry_words(e, ctx),
            None => {
                let e = LedgerEntry {
                    id: crate::domain::money::LedgerId(0),
                    start_no: *start_no,
                    kind: *kind,
                    amount_fen: *amount_fen,
                    round: *round,
                    note: note.clone(),
                    voided: false,
                };
                entry_words(&e, ctx)
            }
        },
        Command::VoidLedgerEntry { id } => {
            let what = entry(true).map_or_else(|| format!("#{id}"), |e| entry_words(e, ctx));
            format!("{}{}{what}", ctx.t("作废账目", "Voided"), ctx.colon())
        }
        _ => super::action_label(&serde_json::to_string(command).unwrap_or_default(), ctx.lang),
    }
}

/// `张三：缴纳报名费 100.00 元（第3轮）（微信）`.
fn entry_words(e: &LedgerEntry, ctx: &Ctx<'_>) -> String {
    let (zh, en) = match e.kind {
        LedgerKind::FeePaid => ("缴纳报名费", "paid the entry fee,"),
        LedgerKind::FinePaid => ("缴纳罚款", "paid a fine,"),
        LedgerKind::FineExcused => ("免除罚款", "fine excused,"),
        LedgerKind::PrizePaid => ("领取奖金", "prize paid out,"),
    };
    let mut text =
        format!("{}{}{} {}", ctx.name(e.start_no), ctx.colon(), ctx.t(zh, en), money(e.amount_fen, ctx.lang));
    if let Some(r) = e.round {
        text.push_str(&ctx.paren(&ctx.round(r.round, false)));
    }
    if !e.note.trim().is_empty() {
        text.push_str(&ctx.paren(e.note.trim()));
    }
    text
}

/// A ledger entry's before → after: recorded, voided, restored or moved to another
/// start number.
pub(super) fn details(delta: &Delta, ctx: &Ctx<'_>) -> Vec<String> {
    let Delta::Ledger { before, after, .. } = delta else { return Vec::new() };
    let (verb, entry) = match (before.as_deref(), after.as_deref()) {
        (None, Some(a)) => (ctx.t("记账", "Recorded"), a),
        (Some(b), None) => (ctx.t("删除", "Removed"), b),
        (Some(b), Some(a)) if !b.voided && a.voided => (ctx.t("作废", "Voided"), a),
        (Some(b), Some(a)) if b.voided && !a.voided => (ctx.t("恢复", "Restored"), a),
        (Some(b), Some(a)) if b.start_no != a.start_no => {
            let numbers = Ctx::arrow(ctx.number(b.start_no), ctx.number(a.start_no));
            return vec![format!("{}{}", entry_words(a, ctx), ctx.paren(&numbers))];
        }
        (Some(_), Some(a)) => (ctx.t("账目", "Entry"), a),
        (None, None) => return Vec::new(),
    };
    vec![format!("{verb}{}{}", ctx.colon(), entry_words(entry, ctx))]
}
