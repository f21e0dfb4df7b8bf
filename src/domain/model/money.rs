//! Money as data: the ledger's recorded entries — payments,
//! payouts and excuses — and amounts in fen (0.01 元) with their yuan notation.
//! What is owed is derived by the rules (`domain::ledger`); this is what was recorded.

use super::ids::{GroupId, RoundNo, StageNo, StartNo};
use serde::{Deserialize, Serialize};
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
