//! The money of an event: entry fees, forfeit fines and prize
//! payouts, per player.
//!
//! What is *owed* is derived from the event, so that a corrected result or a changed fee
//! corrects the books by itself: every registered player owes the group's entry fee
//! (non-refundable, R-1.3); every round a player forfeits in a stage with a fine owes
//! the stage's unexcused-forfeit fine (seed 000 附二 A: 10 元) unless the director
//! excused it; prizes come from the prize list. What was *paid* (or excused) is
//! recorded as [`LedgerEntry`] rows by commands, audited like every other change.

use super::model::event::Event;
use super::model::ids::{BoardNo, StartNo};
pub use super::model::money::{BadAmount, LedgerEntry, LedgerId, LedgerKind, RoundRef, parse_yuan, yuan, yuan_in};
use super::model::rules::Colour;
use std::collections::BTreeMap;

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
/// fine. Only a game forfeited is fined: an absence announced before the round (请假) or
/// a requested bye is a bye, not a game, and is never fined.
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
/// cash prizes in fen (from [`super::prizes::prize_outcome`] of their group); players not in it
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
