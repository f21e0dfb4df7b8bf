//! The check-in list (签到表, R-1.3): every player of the group by start number with
//! club, phone, the entry fee (paid, owed, or none), a tick for those already checked in
//! and a blank signature column for the desk.

use super::layout::{Align, Column, Orientation};
use super::{Document, PrintError, Printable, Report, Section, group_of, officials_line};
use crate::domain::event::Event;
use crate::domain::ids::GroupId;
use crate::domain::ledger::{accounts, yuan_in as yuan};
use crate::lang::Lang;
use std::collections::BTreeMap;

/// The check-in list as data.
///
/// # Errors
/// [`PrintError::UnknownGroup`].
pub fn report(event: &Event, group: GroupId, lang: Lang) -> Result<Report, PrintError> {
    let g = group_of(event, group)?;
    let columns = vec![
        Column::new(lang.t("编号", "No."), 3.5, Align::Right),
        Column::new(lang.t("姓名", "Name"), 7.0, Align::Left),
        Column::new(lang.t("单位", "Club"), 9.0, Align::Left),
        Column::new(lang.t("电话", "Phone"), 8.0, Align::Left),
        Column::new(lang.t("报名费", "Entry fee"), 7.0, Align::Left),
        Column::new(lang.t("已签到", "In"), 3.5, Align::Center),
        Column::new(lang.t("签名", "Signature"), 9.0, Align::Left),
    ];
    let accounts: BTreeMap<_, _> = accounts(event, &BTreeMap::new()).into_iter().map(|a| (a.start_no, a)).collect();
    let players: Vec<_> = event.players.iter().filter(|p| p.group == g.id).collect();
    let rows = players
        .iter()
        .map(|p| {
            let fee = match accounts.get(&p.start_no) {
                Some(a) if a.fee_due_fen == 0 => "—".to_string(),
                Some(a) if a.fee_settled() => lang.t("已缴", "paid").to_string(),
                Some(a) => format!("{}{}", lang.t("欠 ", "owes "), yuan(a.fee_outstanding_fen(), lang)),
                None => String::new(),
            };
            vec![
                p.shown().to_string(),
                p.name().to_string(),
                p.entry.club.clone(),
                p.entry.phone.clone(),
                fee,
                if p.checked_in { "√".to_string() } else { String::new() },
                String::new(),
            ]
        })
        .collect();
    let present = players.iter().filter(|p| p.checked_in).count();
    let mut notes = vec![format!("{} {present} / {}", lang.t("已签到", "Checked in:"), players.len())];
    if g.entry_fee_fen > 0 {
        notes.push(format!("{}{}", lang.t("报名费：每人 ", "Entry fee: "), yuan(g.entry_fee_fen, lang)));
    }
    notes.extend(officials_line(event, lang));
    Ok(Report {
        link: None,
        orientation: Orientation::Portrait,
        title: event.name.clone(),
        subtitle: format!("{} {}", g.name, CHECK_IN_LIST.title(lang)),
        details: Vec::new(),
        sections: vec![Section { caption: None, columns, rows }],
        notes,
    })
}

/// The check-in list with entry fees.
pub const CHECK_IN_LIST: Printable<Report> =
    Printable::new(("签到表", "check-in list"), |event, group, _, lang| report(event, group, lang));
