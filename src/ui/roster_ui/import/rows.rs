//! The rows of a roster import: each row's group (its 组别 column, or the group chosen
//! in the dialog), the entry rules it breaks, whether its person is registered already
//! (or enters a team-match group as well, R-10.9), whether the director left it out
//! (issue 39, item 3), and the commands that import the rows kept.

use super::super::import_teams::TeamsOfImport;
use crate::domain::command::{Command, LeftOutRow, enters_again, registration_issues};
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, StartNo};
use crate::domain::model::registered::Registered;
use crate::domain::player::PlayerEntry;
use crate::domain::player::clean_text;
use crate::io::roster::RosterRow;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Clone)]
pub(super) struct RowCheck {
    /// The row's group, or why it has none.
    pub(super) group: Result<GroupId, GroupProblem>,
    /// The entry rules the row breaks in its group.
    pub(super) issues: Vec<crate::domain::eligibility::EligibilityIssue>,
    /// The player this row is registered as already: it is not imported again.
    pub(super) registered: Option<StartNo>,
    /// The person, registered in an individual group, enters the row's team-match
    /// group as well (R-10.9: one person, two entries).
    pub(super) second_entry: bool,
    /// The director left the row out of the import (issue 39, item 3).
    pub(super) left_out: bool,
}

impl RowCheck {
    /// Registered already and not entered anew: nothing to import.
    pub(super) fn skipped(&self) -> bool {
        self.registered.is_some() && !self.second_entry
    }

    /// Left out by the director, or nothing to import: the import does not add it.
    pub(super) fn not_imported(&self) -> bool {
        self.left_out || self.skipped()
    }
}

#[derive(Debug, Clone)]
pub(super) enum GroupProblem {
    /// The 组别 cell names no group of the event.
    Unknown(String),
    /// No group chosen (cannot happen in the window, which always has one).
    NoneChosen,
}

/// Each row's group and issues: rows of one group are checked together, in file
/// order, so that the group's capacity counts the rows before (as the import does).
/// The rows kept are checked without those `left_out` (by index); a row left out
/// shows what it breaks among all the rows.
pub(super) fn check_rows(
    event: &Event,
    default_group: GroupId,
    rows: &[RosterRow],
    left_out: &BTreeSet<usize>,
) -> Vec<RowCheck> {
    let registered = Registered::of(event);
    let mut checks: Vec<RowCheck> = rows
        .iter()
        .map(|row| {
            let group = match row.group.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
                Some(text) => event.find_group(text).map(|g| g.id).ok_or_else(|| GroupProblem::Unknown(text.into())),
                None => event.group(default_group).map(|g| g.id).ok_or(GroupProblem::NoneChosen),
            };
            let registered = registered.find(&row.entry);
            let second_entry = match (&group, registered) {
                (Ok(g), Some(no)) => enters_again(event, *g, no),
                _ => false,
            };
            RowCheck { group, issues: Vec::new(), registered, second_entry, left_out: false }
        })
        .collect();
    set_issues(event, rows, &mut checks);
    if !left_out.is_empty() {
        for &i in left_out {
            if let Some(check) = checks.get_mut(i) {
                check.left_out = true;
            }
        }
        for check in checks.iter_mut().filter(|c| !c.left_out) {
            check.issues.clear();
        }
        set_issues(event, rows, &mut checks);
    }
    checks
}

/// The entry rules each row to import breaks, group by group.
fn set_issues(event: &Event, rows: &[RosterRow], checks: &mut [RowCheck]) {
    for (group, indices) in by_group(checks) {
        let entries: Vec<PlayerEntry> = indices.iter().map(|&i| rows[i].entry.clone()).collect();
        for (k, issues) in registration_issues(event, group, &entries).unwrap_or_default() {
            if let Some(&i) = indices.get(k) {
                checks[i].issues = issues;
            }
        }
    }
}

/// The rows of each group to import, in file order (rows registered already and rows
/// left out are not among them).
pub(super) fn by_group(checks: &[RowCheck]) -> BTreeMap<GroupId, Vec<usize>> {
    let mut groups: BTreeMap<GroupId, Vec<usize>> = BTreeMap::new();
    for (i, check) in checks.iter().enumerate() {
        if let (Ok(group), None, false) = (&check.group, check.registered, check.left_out) {
            groups.entry(*group).or_default().push(i);
        }
    }
    groups
}

/// The rows the director left out, for the command's audit.
fn left_out_rows(rows: &[RosterRow], checks: &[RowCheck]) -> Vec<LeftOutRow> {
    rows.iter()
        .zip(checks)
        .filter(|(_, c)| c.left_out)
        .map(|(r, _)| LeftOutRow { line: u32::try_from(r.line).unwrap_or(u32::MAX), name: clean_text(&r.entry.name) })
        .collect()
}

/// The commands of an import: one `AddPlayers` per group, in group order (the first
/// one carries the rows left out, for the audit), then the teams its 队名 column makes
///
pub(super) fn import_commands(
    event: &Event,
    rows: &[RosterRow],
    checks: &[RowCheck],
    override_reason: Option<String>,
) -> Vec<Command> {
    let mut teams = TeamsOfImport::new(event);
    let mut commands: Vec<Command> = by_group(checks)
        .into_iter()
        .map(|(group, indices)| Command::AddPlayers {
            group,
            entries: indices.iter().map(|&i| teams.entry(group, &rows[i].entry)).collect(),
            override_reason: override_reason.clone(),
            left_out: Vec::new(),
        })
        .collect();
    if let Some(Command::AddPlayers { left_out, .. }) = commands.first_mut() {
        *left_out = left_out_rows(rows, checks);
    }
    // Second entries: a row with a team joins it by the person's number (the
    // team command enters him); the others are entered by themselves.
    let mut second: BTreeMap<GroupId, Vec<StartNo>> = BTreeMap::new();
    for (row, check) in rows.iter().zip(checks).filter(|(_, c)| c.second_entry && !c.left_out) {
        if let (Ok(group), Some(no)) = (&check.group, check.registered)
            && !teams.registered_member(*group, &row.entry, no)
        {
            second.entry(*group).or_default().push(no);
        }
    }
    commands.extend(second.into_iter().map(|(group, players)| Command::EnterSecondEntries { group, players }));
    commands.extend(teams.commands(event));
    commands
}
