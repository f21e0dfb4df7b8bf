//! Handlers of the money commands: recording a payment, a payout
//! or an excused fine, and voiding an entry recorded by mistake. What is owed is
//! derived by `domain::ledger`.

use crate::domain::ledger::{forfeit_fines, next_id};
use crate::domain::model::change::{Applied, Change, DomainError, EntryProblem};
use crate::domain::model::event::Event;
use crate::domain::model::ids::StartNo;
use crate::domain::model::money::{LedgerEntry, LedgerId, LedgerKind, RoundRef};

/// Records a payment, payout or excuse ([`super::Command::RecordLedgerEntry`]).
/// A fine payment or excuse names a round the player forfeited in a stage with a fine;
/// an excuse covers the whole fine and is recorded once; fees and prizes name no round.
/// The largest single payment: 100,000,000 元. A million such entries still sum within
/// an `i64` of fen.
pub const MAX_AMOUNT_FEN: i64 = 10_000_000_000;

pub(super) fn record(
    event: &mut Event,
    start_no: StartNo,
    kind: LedgerKind,
    amount_fen: i64,
    round: Option<RoundRef>,
    note: &str,
) -> Result<Applied, DomainError> {
    let player = event.player(start_no).ok_or(DomainError::UnknownPlayer(start_no))?;
    let name = player.name().to_string();
    let amount_fen = match (kind, round) {
        (LedgerKind::FinePaid | LedgerKind::FineExcused, None) => {
            return Err(DomainError::InvalidEntry(EntryProblem::FineWithoutRound { start_no, name }));
        }
        (LedgerKind::FeePaid | LedgerKind::PrizePaid, Some(_)) => {
            return Err(DomainError::InvalidEntry(EntryProblem::RoundNotExpected { start_no, name, kind }));
        }
        (LedgerKind::FinePaid | LedgerKind::FineExcused, Some(at)) => {
            let Some(fine) = forfeit_fines(event).into_iter().find(|f| f.start_no == start_no && f.round == at) else {
                return Err(DomainError::InvalidEntry(EntryProblem::NoFine { start_no, name, round: at }));
            };
            if fine.excused {
                return Err(DomainError::InvalidEntry(EntryProblem::FineAlreadyExcused { start_no, name, round: at }));
            }
            if kind == LedgerKind::FineExcused { fine.amount_fen } else { amount_fen }
        }
        (LedgerKind::FeePaid | LedgerKind::PrizePaid, None) => amount_fen,
    };
    if amount_fen <= 0 {
        return Err(DomainError::InvalidEntry(EntryProblem::AmountNotPositive { start_no, name }));
    }
    // Issue 22, item 2: two payments near i64::MAX made a total negative.
    if amount_fen > MAX_AMOUNT_FEN {
        return Err(DomainError::InvalidEntry(EntryProblem::AmountTooLarge {
            start_no,
            name,
            max_fen: MAX_AMOUNT_FEN,
        }));
    }
    let id = next_id(event);
    let entry = LedgerEntry { id, start_no, kind, amount_fen, round, note: note.trim().to_string(), voided: false };
    event.ledger.push(entry);
    Ok(Applied::one(Change::LedgerEntry { id, before: None }))
}

/// Voids a ledger entry recorded by mistake; it stays in the books, struck out.
pub(super) fn void(event: &mut Event, id: LedgerId) -> Result<Applied, DomainError> {
    let entry = event.ledger.iter_mut().find(|e| e.id == id).ok_or(DomainError::UnknownLedgerEntry(id))?;
    if entry.voided {
        return Err(DomainError::LedgerEntryVoid(id));
    }
    let before = Box::new(entry.clone());
    entry.voided = true;
    Ok(Applied::one(Change::LedgerEntry { id, before: Some(before) }))
}
