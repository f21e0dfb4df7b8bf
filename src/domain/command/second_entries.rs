//! One person, two entries: a player registered in an individual group also
//! plays for a team in a team-match group of the same event. The team-match group gets
//! a second entry of the same person — its own start number, results and status (a
//! withdrawal from one competition is not one from the other), the personal data kept
//! the same in both — so that the rules of each group keep holding for its own
//! players. A second entry is made by [`super::Command::EnterSecondEntries`] (an
//! import, the roster), or by a team or a line-up that names the person's number in
//! the individual group: the person's entry in the team-match group stands in for it,
//! made on the spot when there is none.

use super::players::registration_issues;
use crate::domain::model::change::{Applied, Change, DomainError};
use crate::domain::model::event::Event;
use crate::domain::model::ids::{GroupId, StartNo};
use crate::domain::model::player::{Player, PlayerStatus};

/// Applies [`super::Command::EnterSecondEntries`]: each of `players` (entries in an
/// individual group) gets an entry in the team-match group `group`; a person who has
/// one already keeps it. All or nothing.
///
/// # Errors
/// As [`entry_for`].
pub(super) fn enter(event: &mut Event, group: GroupId, players: &[StartNo]) -> Result<Applied, DomainError> {
    all_or_nothing(event, |event| {
        let mut applied = Applied { changes: Vec::new(), new_players: Vec::new() };
        for &player in players {
            entry_for(event, group, player, &mut applied)?;
        }
        Ok(applied)
    })
}

/// Runs `f` on a copy of the event and keeps the copy only when `f` succeeds: a
/// refusal after some second entries were made leaves the event as it was.
pub(super) fn all_or_nothing(
    event: &mut Event,
    f: impl FnOnce(&mut Event) -> Result<Applied, DomainError>,
) -> Result<Applied, DomainError> {
    let mut copy = event.clone();
    let applied = f(&mut copy)?;
    *event = copy;
    Ok(applied)
}

/// Whether `players` name somebody outside `group` whom a team of the team-match group
/// `group` would take in by a second entry.
pub(super) fn names_outsiders(event: &Event, group: GroupId, players: &[StartNo]) -> bool {
    event.group(group).is_some_and(|g| g.plays_team_matches())
        && players.iter().any(|p| event.player(*p).is_some_and(|pl| pl.group != group))
}

/// Whether `player` would get a second entry in `group`: `group` plays team
/// matches, his own group is an individual one, and he has no entry in `group` yet.
/// The one rule the command, the window's import and the command line's import read.
pub fn enters_again(event: &Event, group: GroupId, player: StartNo) -> bool {
    let own = event.player(player).and_then(|p| event.group(p.group));
    own.zip(event.group(group))
        .is_some_and(|(own, target)| own.id != target.id && target.plays_team_matches() && !own.plays_team_matches())
        && event.entry_in(player, group).is_none()
}

/// The person `player` is an entry of, as an entry of `group`: the player himself when
/// he is in `group`; his second entry there when `group` plays team matches and he is
/// in an individual group (made now, and recorded in `applied`, when he has none).
///
/// # Errors
/// [`DomainError::UnknownGroup`], [`DomainError::UnknownPlayer`];
/// [`DomainError::NotInGroup`] when `player` is in another group and `group` does not
/// play team matches or his own group does; [`DomainError::Ineligible`] when the
/// person breaks the team-match group's entry rules.
pub(super) fn entry_for(
    event: &mut Event,
    group: GroupId,
    player: StartNo,
    applied: &mut Applied,
) -> Result<StartNo, DomainError> {
    event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let source = event.player(player).ok_or(DomainError::UnknownPlayer(player))?;
    if source.group == group {
        return Ok(player);
    }
    if let Some(entry) = event.entry_in(player, group) {
        return Ok(entry);
    }
    if !enters_again(event, group, player) {
        return Err(DomainError::not_in_group(event, player, group));
    }
    let entry = source.entry.clone();
    let first = source.second_entry_of.unwrap_or(player);
    if let Some((_, issues)) = registration_issues(event, group, std::slice::from_ref(&entry))?.into_iter().next() {
        return Err(DomainError::Ineligible { name: entry.name, issues });
    }
    let start_no = event.next_start_no();
    let shown_no = event.shown_for_new(group);
    event.players.push(Player {
        start_no,
        group,
        entry,
        status: PlayerStatus::Active,
        status_reason: String::new(),
        eligibility_override: None,
        checked_in: false,
        second_entry_of: Some(first),
        shown_no,
    });
    applied.changes.push(Change::Player { start_no, before: None });
    applied.new_players.push(start_no);
    Ok(start_no)
}
