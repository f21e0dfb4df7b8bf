//! The money of an event: entry fees, forfeit fines and prize
//! payouts, per player.
//!
//! What is *owed* is derived from the event, so that a corrected result or a changed fee
//! corrects the books by itself: every registered player owes the group's entry fee
//! (non-refundable, R-1.3); every round a player forfeits in a stage with a fine owes
//! the stage's unexcused-forfeit fine (seed 000 附二 A: 10 元) unless the director
//! excused it; prizes come from the prize list. What was *paid* (or excused) is
//! recorded as [`LedgerEntry`] rows by commands, audited like every other change.

use super::command::{Applied, Change, DomainError};
use super::event::Event;
use super::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use super::rules::Colour;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The number of a recorded ledger entry, unique in the event, counted from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LedgerId(pub u32);

impl std::fmt::Display for LedgerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What a recorded entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LedgerKind {
    /// The player paid (part of) the entry fee.
    FeePaid,
    /// The player paid a fine.
    FinePaid,
    /// The director excused a forfeit ("有事可提前说明"): its fine is not owed.
    FineExcused,
    /// The organisers paid out (part of) the player's cash prize.
    PrizePaid,
}

impl LedgerKind {
    /// Every kind, in display order.
    pub const ALL: [LedgerKind; 4] =
        [LedgerKind::FeePaid, LedgerKind::FinePaid, LedgerKind::FineExcused, LedgerKind::PrizePaid];

    /// The name used in the CLI and JSON.
    pub fn key(self) -> &'static str {
        match self {
            LedgerKind::FeePaid => "fee_paid",
            LedgerKind::FinePaid => "fine_paid",
            LedgerKind::FineExcused => "fine_excused",
            LedgerKind::PrizePaid => "prize_paid",
        }
    }

    /// The Chinese label.
    pub fn label_zh(self) -> &'static str {
        match self {
            LedgerKind::FeePaid => "已缴报名费",
            LedgerKind::FinePaid => "已缴罚款",
            LedgerKind::FineExcused => "免罚（事先说明）",
            LedgerKind::PrizePaid => "已发奖金",
        }
    }

    /// The English label.
    pub fn label_en(self) -> &'static str {
        match self {
            LedgerKind::FeePaid => "entry fee paid",
            LedgerKind::FinePaid => "fine paid",
            LedgerKind::FineExcused => "fine excused",
            LedgerKind::PrizePaid => "prize paid out",
        }
    }
}

/// The round a fine was charged for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct RoundRef {
    /// The group.
    pub group: GroupId,
    /// The stage.
    pub stage: StageNo,
    /// The round.
    pub round: RoundNo,
}

/// A recorded payment, payout or excuse.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedgerEntry {
    /// Its number.
    pub id: LedgerId,
    /// Whose account.
    pub start_no: StartNo,
    /// What it is.
    pub kind: LedgerKind,
    /// Amount in fen (positive); for an excuse, the fine excused.
    pub amount_fen: i64,
    /// The forfeit a fine payment or excuse is for; `None` otherwise.
    pub round: Option<RoundRef>,
    /// The director's note (receipt number, "微信红包", why excused …).
    #[serde(default)]
    pub note: String,
    /// Cancelled as recorded by mistake: kept for the record, counts for nothing.
    #[serde(default)]
    pub voided: bool,
}

/// A fine owed for a forfeited round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct ForfeitFine {
    /// The player fined.
    pub start_no: StartNo,
    /// The round forfeited.
    pub round: RoundRef,
    /// The board of the forfeited game.
    pub board: BoardNo,
    /// The fine, in fen.
    pub amount_fen: i64,
    /// The director excused it.
    pub excused: bool,
}

/// Every forfeit fine of the event, sorted by player and round: one per round a player
/// lost by forfeit (both-forfeit fines both players) in a stage whose discipline sets a
/// fine.
pub fn forfeit_fines(event: &Event) -> Vec<ForfeitFine> {
    let excused: Vec<(StartNo, RoundRef)> = event
        .ledger
        .iter()
        .filter(|e| e.kind == LedgerKind::FineExcused && !e.voided)
        .filter_map(|e| e.round.map(|r| (e.start_no, r)))
        .collect();
    let mut fines = Vec::new();
    for group in &event.groups {
        for stage in &group.stages {
            let amount_fen = stage.discipline.unexcused_forfeit_fine_fen;
            if amount_fen <= 0 {
                continue;
            }
            for round in &stage.rounds {
                let at = RoundRef { group: group.id, stage: stage.no, round: round.no };
                let mut fined: Vec<(StartNo, BoardNo)> = Vec::new();
                for game in &round.games {
                    let Some(result) = game.result else { continue };
                    for (player, colour) in [(game.red, Colour::Red), (game.black, Colour::Black)] {
                        if result.outcome.forfeited_by(colour) && !fined.iter().any(|(p, _)| *p == player) {
                            fined.push((player, game.board));
                        }
                    }
                }
                for (start_no, board) in fined {
                    let excused = excused.contains(&(start_no, at));
                    fines.push(ForfeitFine { start_no, round: at, board, amount_fen, excused });
                }
            }
        }
    }
    fines.sort();
    fines
}

/// One player's account: owed and paid, in fen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    /// The player.
    pub start_no: StartNo,
    /// The group's entry fee.
    pub fee_due_fen: i64,
    /// Entry fee paid.
    pub fee_paid_fen: i64,
    /// Fines owed (excused ones not counted).
    pub fines_fen: i64,
    /// Fines paid.
    pub fines_paid_fen: i64,
    /// Cash prizes won (from the prize list).
    pub prize_fen: i64,
    /// Cash prizes paid out.
    pub prize_paid_fen: i64,
}

impl Account {
    /// Entry fee still to pay.
    pub fn fee_outstanding_fen(&self) -> i64 {
        (self.fee_due_fen - self.fee_paid_fen).max(0)
    }

    /// Fines still to pay.
    pub fn fines_outstanding_fen(&self) -> i64 {
        (self.fines_fen - self.fines_paid_fen).max(0)
    }

    /// Prize money not yet paid out (unclaimed).
    pub fn prize_unpaid_fen(&self) -> i64 {
        (self.prize_fen - self.prize_paid_fen).max(0)
    }

    /// The entry fee is paid in full (or there is none).
    pub fn fee_settled(&self) -> bool {
        self.fee_paid_fen >= self.fee_due_fen
    }
}

/// Every player's account, sorted by start number. `prize_cash` gives each player's
/// cash prizes in fen (from [`super::prizes::awards`] of their group); players not in it
/// won none.
pub fn accounts(event: &Event, prize_cash: &BTreeMap<StartNo, i64>) -> Vec<Account> {
    let mut by_player: BTreeMap<StartNo, Account> = event
        .players
        .iter()
        .map(|p| {
            let fee = event.group(p.group).map_or(0, |g| g.entry_fee_fen);
            let prize = prize_cash.get(&p.start_no).copied().unwrap_or(0);
            let account = Account {
                start_no: p.start_no,
                fee_due_fen: fee,
                fee_paid_fen: 0,
                fines_fen: 0,
                fines_paid_fen: 0,
                prize_fen: prize,
                prize_paid_fen: 0,
            };
            (p.start_no, account)
        })
        .collect();
    for fine in forfeit_fines(event) {
        if let (Some(a), false) = (by_player.get_mut(&fine.start_no), fine.excused) {
            a.fines_fen += fine.amount_fen;
        }
    }
    for entry in event.ledger.iter().filter(|e| !e.voided) {
        let Some(a) = by_player.get_mut(&entry.start_no) else { continue };
        match entry.kind {
            LedgerKind::FeePaid => a.fee_paid_fen += entry.amount_fen,
            LedgerKind::FinePaid => a.fines_paid_fen += entry.amount_fen,
            LedgerKind::PrizePaid => a.prize_paid_fen += entry.amount_fen,
            LedgerKind::FineExcused => {}
        }
    }
    by_player.into_values().collect()
}

/// Totals over accounts, in fen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LedgerTotals {
    /// Entry fees due.
    pub fees_due_fen: i64,
    /// Entry fees received.
    pub fees_paid_fen: i64,
    /// Fines owed.
    pub fines_fen: i64,
    /// Fines received.
    pub fines_paid_fen: i64,
    /// Cash prizes won.
    pub prizes_fen: i64,
    /// Cash prizes paid out.
    pub prizes_paid_fen: i64,
}

/// Sums the accounts.
pub fn totals(accounts: &[Account]) -> LedgerTotals {
    accounts.iter().fold(LedgerTotals::default(), |t, a| LedgerTotals {
        fees_due_fen: t.fees_due_fen + a.fee_due_fen,
        fees_paid_fen: t.fees_paid_fen + a.fee_paid_fen,
        fines_fen: t.fines_fen + a.fines_fen,
        fines_paid_fen: t.fines_paid_fen + a.fines_paid_fen,
        prizes_fen: t.prizes_fen + a.prize_fen,
        prizes_paid_fen: t.prizes_paid_fen + a.prize_paid_fen,
    })
}

/// The next free entry number.
pub fn next_id(event: &Event) -> LedgerId {
    LedgerId(event.ledger.iter().map(|e| e.id.0).max().unwrap_or(0) + 1)
}

/// Formats fen as yuan without floats: `1000` → `10`, `520` → `5.20`, `-50` → `-0.50`.
pub fn yuan(fen: i64) -> String {
    let sign = if fen < 0 { "-" } else { "" };
    let abs = fen.unsigned_abs();
    if abs.is_multiple_of(100) {
        format!("{sign}{}", abs / 100)
    } else {
        format!("{sign}{}.{:02}", abs / 100, abs % 100)
    }
}

/// Fen as money in a language: `500元`, `5.20元`; `500 yuan` in English.
pub fn yuan_in(fen: i64, lang: crate::lang::Lang) -> String {
    match lang {
        crate::lang::Lang::Zh => format!("{}元", yuan(fen)),
        crate::lang::Lang::En => format!("{} yuan", yuan(fen)),
    }
}

/// Why an amount of money could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not an amount of yuan (e.g. 10, 5.2 or 5.20; at most two decimals)")]
pub struct BadAmount(pub String);

/// Reads an amount of yuan (`10`, `5.2`, `5.20`, optional `元`) as fen, without floats.
///
/// # Errors
/// [`BadAmount`] for anything else, negative amounts included.
pub fn parse_yuan(text: &str) -> Result<i64, BadAmount> {
    let bad = || BadAmount(text.to_string());
    let t = text.trim().trim_end_matches('元').trim();
    let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || frac.len() > 2 {
        return Err(bad());
    }
    if !frac.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let whole: i64 = whole.parse().map_err(|_| bad())?;
    let cents: i64 = if frac.is_empty() { 0 } else { format!("{frac:0<2}").parse().map_err(|_| bad())? };
    whole.checked_mul(100).and_then(|w| w.checked_add(cents)).ok_or_else(bad)
}

/// Records a payment, payout or excuse ([`super::command::Command::RecordLedgerEntry`]).
/// A fine payment or excuse names a round the player forfeited in a stage with a fine;
/// an excuse covers the whole fine and is recorded once; fees and prizes name no round.
pub(super) fn record(
    event: &mut Event,
    start_no: StartNo,
    kind: LedgerKind,
    amount_fen: i64,
    round: Option<RoundRef>,
    note: &str,
) -> Result<Applied, DomainError> {
    let invalid = |message: String| DomainError::InvalidEntry { name: start_no.to_string(), field: "ledger", message };
    let player = event.player(start_no).ok_or(DomainError::UnknownPlayer(start_no))?;
    let name = player.name().to_string();
    let amount_fen = match (kind, round) {
        (LedgerKind::FinePaid | LedgerKind::FineExcused, None) => {
            return Err(invalid(format!("{name}: a fine payment or excuse names the forfeited round")));
        }
        (LedgerKind::FeePaid | LedgerKind::PrizePaid, Some(_)) => {
            return Err(invalid(format!("{name}: {} names no round", kind.label_en())));
        }
        (LedgerKind::FinePaid | LedgerKind::FineExcused, Some(at)) => {
            let fine = forfeit_fines(event)
                .into_iter()
                .find(|f| f.start_no == start_no && f.round == at)
                .ok_or_else(|| invalid(format!("{name} has no forfeit fine in round {}", at.round)))?;
            if fine.excused {
                return Err(invalid(format!("{name}'s fine of round {} is excused already", at.round)));
            }
            if kind == LedgerKind::FineExcused { fine.amount_fen } else { amount_fen }
        }
        (LedgerKind::FeePaid | LedgerKind::PrizePaid, None) => amount_fen,
    };
    if amount_fen <= 0 {
        return Err(invalid(format!("{name}: the amount must be more than 0")));
    }
    let id = next_id(event);
    let entry = LedgerEntry { id, start_no, kind, amount_fen, round, note: note.trim().to_string(), voided: false };
    event.ledger.push(entry);
    Ok(Applied { changes: vec![Change::LedgerEntry { id, before: None }], new_players: vec![] })
}

/// Voids a ledger entry recorded by mistake; it stays in the books, struck out.
pub(super) fn void(event: &mut Event, id: LedgerId) -> Result<Applied, DomainError> {
    let entry = event
        .ledger
        .iter_mut()
        .find(|e| e.id == id)
        .ok_or_else(|| DomainError::InvalidEdit(format!("no ledger entry {id}")))?;
    if entry.voided {
        return Err(DomainError::InvalidEdit(format!("ledger entry {id} is void already")));
    }
    let before = Box::new(entry.clone());
    entry.voided = true;
    Ok(Applied { changes: vec![Change::LedgerEntry { id, before: Some(before) }], new_players: vec![] })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yuan_round_trips_without_floats() {
        assert_eq!(yuan(1000), "10");
        assert_eq!(yuan(520), "5.20");
        assert_eq!(yuan(5), "0.05");
        assert_eq!(parse_yuan("5.2"), Ok(520));
        assert_eq!(parse_yuan("10元"), Ok(1000));
        assert_eq!(parse_yuan(" 0.05 "), Ok(5));
        for bad in ["", "-1", "1.234", "1,5", "abc", ".5"] {
            assert!(parse_yuan(bad).is_err(), "{bad}");
        }
    }
}
