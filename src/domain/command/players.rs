//! Handlers of the players' commands: registration (with the group's entry rules,
//! ), corrections, deletion of a player registered by mistake, status
//! (withdrawn, disqualified, reinstated) and check-in.

use crate::domain::model::change::{Applied, Change, DomainError, EntryProblem, EventInfo, player_mut};
use crate::domain::model::eligibility::EligibilityIssue;
use crate::domain::model::event::Event;
use crate::domain::model::ids::{GroupId, StartNo};
use crate::domain::model::player::{MAX_RATING, MAX_TEXT_CHARS, Player, PlayerEntry, PlayerStatus};

/// A row of an imported roster that the director left out of the import (issue 39,
/// item 3): where it was in the file and whom it named.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LeftOutRow {
    /// The row's line (CSV) or row (spreadsheet) in the file.
    pub line: u32,
    /// The name the row gives.
    pub name: String,
}

fn changed(start_no: StartNo, before: Box<Player>) -> Applied {
    Applied::one(Change::Player { start_no, before: Some(before) })
}

/// Changes one player with `f`, keeping the player before for the audit.
fn change_player(event: &mut Event, start_no: StartNo, f: impl FnOnce(&mut Player)) -> Result<Applied, DomainError> {
    let player = player_mut(event, start_no)?;
    let before = Box::new(player.clone());
    f(player);
    Ok(changed(start_no, before))
}

/// Corrects a player's personal data, in every entry of the person.
pub(super) fn edit(event: &mut Event, start_no: StartNo, entry: &PlayerEntry) -> Result<Applied, DomainError> {
    let entry = entry.cleaned();
    validate_entry(&entry)?;
    let others = other_entries(event, start_no);
    let mut applied = change_player(event, start_no, |p| p.entry = entry.clone())?;
    for other in others {
        applied.changes.extend(change_player(event, other, |p| p.entry = entry.clone())?.changes);
    }
    Ok(applied)
}

pub(super) fn delete(event: &mut Event, start_no: StartNo) -> Result<Applied, DomainError> {
    let at = event.players.iter().position(|p| p.start_no == start_no).ok_or(DomainError::UnknownPlayer(start_no))?;
    if event.player_has_history(start_no) {
        return Err(DomainError::PlayerHasHistory(start_no));
    }
    // Its number is not given to the next player: the highest deleted one is
    // kept with the event when it is above every other player's.
    let last_other = event.players.iter().filter(|p| p.start_no != start_no).map(|p| p.start_no.0).max();
    let keep_number = start_no.0 > last_other.unwrap_or(0).max(event.numbers_given);
    let info = keep_number.then(|| Box::new(EventInfo::of(event)));
    let before = Box::new(event.players.remove(at));
    let (group, shown_no) = (before.group, before.shown_no);
    let mut applied = changed(start_no, before);
    if let Some(before) = info {
        event.numbers_given = start_no.0;
        applied.changes.push(Change::EventInfo { before });
    }
    // Nor, under per-group numbering, is its shown number given to the next player of
    // the group.
    if let Some(shown) = shown_no
        && shown >= event.next_shown_no(group)
        && let Some(g) = event.groups.iter_mut().find(|g| g.id == group)
    {
        applied
            .changes
            .push(Change::Group { group, before: Some(Box::new(crate::domain::model::change::group_settings(g))) });
        g.numbers_given = shown;
    }
    // His second entries stand alone from now on.
    for p in event.players.iter_mut().filter(|p| p.second_entry_of == Some(start_no)) {
        applied.changes.push(Change::Player { start_no: p.start_no, before: Some(Box::new(p.clone())) });
        p.second_entry_of = None;
    }
    // The director's pairing controls forget him.
    for g in event.groups.iter_mut().filter(|g| g.pairing_controls.names(start_no)) {
        let settings = Some(Box::new(crate::domain::model::change::group_settings(g)));
        g.pairing_controls.forget(start_no);
        applied.changes.push(Change::Group { group: g.id, before: settings });
    }
    Ok(applied)
}

pub(super) fn set_status(
    event: &mut Event,
    start_no: StartNo,
    status: PlayerStatus,
    reason: &str,
) -> Result<Applied, DomainError> {
    change_player(event, start_no, |p| {
        p.status = status;
        p.status_reason = reason.to_string();
    })
}

pub(super) fn set_checked_in(event: &mut Event, start_no: StartNo, checked_in: bool) -> Result<Applied, DomainError> {
    change_player(event, start_no, |p| p.checked_in = checked_in)
}

/// Applies `Command::CheckInPlayers`: every player or none; a number named twice
/// counts once.
pub(super) fn check_in(event: &mut Event, start_nos: &[StartNo], checked_in: bool) -> Result<Applied, DomainError> {
    let players: std::collections::BTreeSet<StartNo> = start_nos.iter().copied().collect();
    if let Some(missing) = players.iter().find(|p| event.player(**p).is_none()) {
        return Err(DomainError::UnknownPlayer(*missing));
    }
    let mut applied = Applied { changes: Vec::new(), new_players: Vec::new() };
    for p in players {
        applied.changes.extend(set_checked_in(event, p, checked_in)?.changes);
    }
    Ok(applied)
}

/// An entry's own rules: a name, no field beyond its length, a rating in range.
fn validate_entry(entry: &PlayerEntry) -> Result<(), DomainError> {
    if !crate::domain::model::player::has_visible_text(&entry.name) {
        return Err(DomainError::InvalidEntry(EntryProblem::PlayerNameMissing));
    }
    if let Some((field, chars)) = entry.too_long() {
        return Err(DomainError::InvalidEntry(EntryProblem::FieldTooLong { field, chars, max: MAX_TEXT_CHARS }));
    }
    if let (Some(born), Some(day)) = (entry.born, entry.registered.filter(|day| entry.born_after(*day))) {
        return Err(DomainError::InvalidEntry(EntryProblem::BornInFuture { born, day }));
    }
    if let Some(r) = entry.rating.filter(|r| *r > MAX_RATING) {
        return Err(DomainError::InvalidEntry(EntryProblem::RatingOutOfRange(r)));
    }
    Ok(())
}

fn join_issues(issues: &[EligibilityIssue]) -> String {
    issues.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}

/// The person's other entries, which a correction of `start_no`'s personal data
/// follows (R-10.9: one person), with each one as it was.
fn other_entries(event: &Event, start_no: StartNo) -> Vec<StartNo> {
    event.entries_of_person(start_no).into_iter().filter(|n| *n != start_no).collect()
}

/// Every rule of the group that each entry breaks, counting the
/// entries before it towards the capacity: `(index in entries, issues)` for each
/// entry with issues, in entry order.
///
/// # Errors
/// [`DomainError::UnknownGroup`].
pub fn registration_issues(
    event: &Event,
    group: GroupId,
    entries: &[PlayerEntry],
) -> Result<Vec<(usize, Vec<EligibilityIssue>)>, DomainError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let already = event.group_players(group).count();
    let mut found = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let mut issues = g.eligibility.check(entry, event.start_date);
        if g.phone_required && entry.phone.trim().is_empty() {
            issues.push(EligibilityIssue::PhoneMissing);
        }
        if let (Some(date), Some((opens, closes))) = (entry.registered, g.registration)
            && !(opens..=closes).contains(&date)
        {
            issues.push(EligibilityIssue::OutsideRegistration { date, opens, closes });
        }
        if let Some(capacity) = g.capacity
            && (already + i) as u32 >= capacity
        {
            issues.push(EligibilityIssue::GroupFull { capacity });
        }
        if !issues.is_empty() {
            found.push((i, issues));
        }
    }
    Ok(found)
}

pub(super) fn add(
    event: &mut Event,
    group: GroupId,
    entries: &[PlayerEntry],
    override_reason: Option<&str>,
) -> Result<Applied, DomainError> {
    // Control characters never enter the event (issue 22, item 2).
    let entries: Vec<PlayerEntry> = entries.iter().map(PlayerEntry::cleaned).collect();
    let entries = entries.as_slice();
    for entry in entries {
        validate_entry(entry)?;
    }
    let override_reason = override_reason.map(str::trim).filter(|r| !r.is_empty());
    let mut notes: Vec<Option<String>> = vec![None; entries.len()];
    for (i, issues) in registration_issues(event, group, entries)? {
        match override_reason {
            None => return Err(DomainError::Ineligible { name: entries[i].name.clone(), issues }),
            Some(reason) => notes[i] = Some(format!("{reason} — {}", join_issues(&issues))),
        }
    }
    let mut next = event.next_start_no();
    // Under per-group numbering each new player also takes the group's next shown
    // number.
    let mut shown = event.shown_for_new(group);
    let mut applied = Applied { changes: Vec::new(), new_players: Vec::new() };
    for (entry, eligibility_override) in entries.iter().zip(notes) {
        let start_no = next;
        next = StartNo(next.0 + 1);
        let shown_no = shown;
        shown = shown.map(|n| n + 1);
        event.players.push(Player {
            start_no,
            group,
            entry: entry.clone(),
            status: PlayerStatus::Active,
            status_reason: String::new(),
            eligibility_override,
            checked_in: false,
            second_entry_of: None,
            shown_no,
        });
        applied.changes.push(Change::Player { start_no, before: None });
        applied.new_players.push(start_no);
    }
    Ok(applied)
}
