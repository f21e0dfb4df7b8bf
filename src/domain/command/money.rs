//! Handlers of the money commands: recording a payment, a payout
//! or an excused fine, and voiding an entry recorded by mistake. What is owed is
//! derived by `domain::ledger`.

use crate::domain::ledger::{forfeit_fines, next_id};
use crate::domain::model::change::{Applied, Change, DomainError};
use crate::domain::model::event::Event;
use crate::domain::model::ids::StartNo;
use crate::domain::model::money::{LedgerEntry, LedgerId, LedgerKind, RoundRef};

/// Records a payment, payout or excuse ([`super::Command::RecordLedgerEntry`]).
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
