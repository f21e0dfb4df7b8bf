//! What the money view shows for one group and one saved event, computed once per
//! revision: the check-in rows (with their search keys), the forfeit fines with what
//! was paid, and the ledger entries with names; and the check-in search.

use crate::domain::event::{Event, Group};
use crate::domain::ids::StartNo;
use crate::domain::ledger::{
    Account, ForfeitFine, LedgerEntry, LedgerKind, LedgerTotals, RoundRef, accounts, forfeit_fines, totals,
};
use crate::domain::prizes::prize_outcome;
use pinyin::ToPinyin;
use std::collections::BTreeMap;

/// Everything the view shows for one group and one saved event.
#[derive(Debug, Clone)]
pub(super) struct MoneyCache {
    pub(super) players: Vec<CheckRow>,
    pub(super) fines: Vec<FineRow>,
    pub(super) entries: Vec<EntryRow>,
    pub(super) totals: LedgerTotals,
    pub(super) checked_in: usize,
}

/// A player of the check-in list.
#[derive(Debug, Clone)]
pub(super) struct CheckRow {
    pub(super) start_no: StartNo,
    /// The number shown and searched for.
    pub(super) no: u32,
    pub(super) name: String,
    pub(super) club: String,
    pub(super) fee_due_fen: i64,
    pub(super) fee_outstanding_fen: i64,
    pub(super) checked_in: bool,
    /// Lower-case name and club, pinyin initials and full pinyin of the name.
    pub(super) keys: [String; 4],
}

/// A forfeit fine with its player's name, stage name and payments.
#[derive(Debug, Clone)]
pub(super) struct FineRow {
    pub(super) fine: ForfeitFine,
    pub(super) name: String,
    pub(super) stage: String,
    pub(super) paid_fen: i64,
}

/// A ledger entry with its player's name.
#[derive(Debug, Clone)]
pub(super) struct EntryRow {
    pub(super) entry: LedgerEntry,
    pub(super) name: String,
}

/// The group's accounts, fines and ledger entries.
pub(super) fn money_cache(event: &Event, group: &Group) -> MoneyCache {
    let in_group = |p: StartNo| event.player(p).is_some_and(|pl| pl.group == group.id);
    let name = |p: StartNo| event.player(p).map(|pl| pl.name().to_string()).unwrap_or_default();
    let mut prize_cash: BTreeMap<StartNo, i64> = BTreeMap::new();
    if !group.prizes.is_empty()
        && let Ok(outcome) = prize_outcome(event, group.id, &group.prizes)
    {
        for award in outcome.list.awards {
            *prize_cash.entry(award.start_no).or_insert(0) += award.cash_fen();
        }
    }
    let list: Vec<Account> = accounts(event, &prize_cash).into_iter().filter(|a| in_group(a.start_no)).collect();
    let by_player: BTreeMap<StartNo, &Account> = list.iter().map(|a| (a.start_no, a)).collect();
    let mut players: Vec<CheckRow> = event
        .players
        .iter()
        .filter(|p| p.group == group.id)
        .map(|p| {
            let account = by_player.get(&p.start_no);
            let (initials, full) = pinyin_keys(p.name());
            CheckRow {
                start_no: p.start_no,
                no: p.shown(),
                name: p.name().to_string(),
                club: p.entry.club.clone(),
                fee_due_fen: account.map_or(0, |a| a.fee_due_fen),
                fee_outstanding_fen: account.map_or(0, |a| a.fee_outstanding_fen()),
                checked_in: p.checked_in,
                keys: [p.name().to_lowercase(), p.entry.club.to_lowercase(), initials, full],
            }
        })
        .collect();
    players.sort_by_key(|p| p.start_no);
    let checked_in = players.iter().filter(|p| p.checked_in).count();
    let mut fines_paid: BTreeMap<(StartNo, RoundRef), i64> = BTreeMap::new();
    for e in event.ledger.iter().filter(|e| e.kind == LedgerKind::FinePaid && !e.voided) {
        if let Some(at) = e.round {
            *fines_paid.entry((e.start_no, at)).or_default() += e.amount_fen;
        }
    }
    let fines = forfeit_fines(event)
        .into_iter()
        .filter(|f| f.round.group == group.id)
        .map(|fine| {
            let paid_fen = fines_paid.get(&(fine.start_no, fine.round)).copied().unwrap_or(0);
            let stage = group.stage(fine.round.stage).map(|s| s.name.clone()).unwrap_or_default();
            FineRow { fine, name: name(fine.start_no), stage, paid_fen }
        })
        .collect();
    let mut entries: Vec<EntryRow> = event
        .ledger
        .iter()
        .filter(|e| in_group(e.start_no))
        .map(|e| EntryRow { entry: e.clone(), name: name(e.start_no) })
        .collect();
    entries.sort_by_key(|e| e.entry.id);
    MoneyCache { players, fines, entries, totals: totals(&list), checked_in }
}

/// The pinyin initials and the full pinyin of a name (first reading of each
/// character; Latin letters and digits as themselves).
pub(super) fn pinyin_keys(name: &str) -> (String, String) {
    let (mut initials, mut full) = (String::new(), String::new());
    for c in name.chars() {
        match c.to_pinyin() {
            Some(p) => {
                initials.push_str(p.first_letter());
                full.push_str(p.plain());
            }
            None if c.is_alphanumeric() => {
                initials.extend(c.to_lowercase());
                full.extend(c.to_lowercase());
            }
            None => {}
        }
    }
    (initials, full)
}

/// Whether a check-in row matches the search: the exact number shown, or part of the
/// name, the club, or the name's pinyin (initials `zs` or full `zhangsan`).
pub(super) fn matches(row: &CheckRow, search: &str) -> bool {
    let query: String = search.trim().to_lowercase();
    if query.is_empty() {
        return true;
    }
    if query.parse::<u32>().is_ok_and(|n| n == row.no) {
        return true;
    }
    let compact: String = query.chars().filter(|c| !c.is_whitespace()).collect();
    row.keys[0].contains(&query) || row.keys[1].contains(&query) || {
        !compact.is_empty() && (row.keys[2].contains(&compact) || row.keys[3].contains(&compact))
    }
}

#[cfg(test)]
mod tests {
    use super::super::fee_text;
    use super::*;
    use crate::lang::Lang;

    fn row(start_no: u32, name: &str, club: &str) -> CheckRow {
        let (initials, full) = pinyin_keys(name);
        CheckRow {
            start_no: StartNo(start_no),
            no: start_no,
            name: name.into(),
            club: club.into(),
            fee_due_fen: 500,
            fee_outstanding_fen: 500,
            checked_in: false,
            keys: [name.to_lowercase(), club.to_lowercase(), initials, full],
        }
    }

    // the check-in desk finds a player by name, pinyin, club or number.
    #[test]
    fn the_check_in_search_finds_name_pinyin_club_and_number() {
        let r = row(12, "张三", "淮阴棋社");
        for hit in ["", "张", "张三", "zs", "zhangsan", "zhang san", "淮阴", "12"] {
            assert!(matches(&r, hit), "{hit:?}");
        }
        for miss in ["1", "李", "ls", "北京", "13"] {
            assert!(!matches(&r, miss), "{miss:?}");
        }
    }

    // the fee column says paid, owed, or — without a fee.
    #[test]
    fn fee_status_reads_paid_owed_or_none() {
        let mut r = row(1, "张三", "");
        assert_eq!(fee_text(&r, Lang::Zh), "欠 5 元");
        assert_eq!(fee_text(&r, Lang::En), "owes 5 yuan");
        r.fee_outstanding_fen = 0;
        assert_eq!(fee_text(&r, Lang::Zh), "已缴");
        r.fee_due_fen = 0;
        assert_eq!(fee_text(&r, Lang::Zh), "—");
    }
}
