//! Start numbers as the command line reads them: a `START_NO` typed by the
//! director is the number shown for the player — within `--group` under per-group
//! numbering — and is turned here into the player's start number, the identity the
//! library works with. What the command line prints goes the other way through
//! [`Event::shown_no`].

use super::words::t;
use super::{GroupArg, InputError, resolve_group};
use crate::domain::event::{Event, Group};
use crate::domain::ids::{GroupId, StartNo};
use crate::domain::numbering::ShownLookup;

/// The player the director means by `shown`. Under per-event numbering the number is
/// the start number itself, checked later as before. Under per-group numbering it is
/// looked up in `--group` when given, else in every group: a number several groups
/// have is refused, naming them.
///
/// # Errors
/// [`InputError`] (exit code 2): no such group, nobody with the number, or a number of
/// several groups without `--group`.
pub(super) fn player_no(event: &Event, shown: u32, group: &GroupArg) -> Result<StartNo, InputError> {
    if !event.numbers_per_group() {
        return Ok(StartNo(shown));
    }
    let within = match group.group {
        Some(_) => Some(resolve_group(event, group)?),
        None => None,
    };
    lookup(event, shown, within)
}

fn lookup(event: &Event, shown: u32, within: Option<&Group>) -> Result<StartNo, InputError> {
    event.player_by_shown(shown, within.map(|g| g.id)).map_err(|why| match (why, within) {
        (ShownLookup::Unknown, Some(g)) => {
            let name = &g.name;
            InputError(t(format!("{shown}号选手不在组别“{name}”"), format!("No. {shown} is not in group “{name}”")))
        }
        (ShownLookup::Unknown, None) => {
            InputError(t(format!("没有编号为 {shown} 的选手"), format!("There is no player no. {shown}")))
        }
        (ShownLookup::Ambiguous(groups), _) => ambiguous(shown, &groups),
    })
}

/// [`player_no`] for each number of a list.
///
/// # Errors
/// As [`player_no`], for the first number that names no single player.
pub(super) fn player_nos(event: &Event, shown: &[u32], group: &GroupArg) -> Result<Vec<StartNo>, InputError> {
    shown.iter().map(|&n| player_no(event, n, group)).collect()
}

/// [`player_no`] within a group already chosen (the group of a stage or a team).
///
/// # Errors
/// As [`player_no`].
pub(super) fn player_in(event: &Event, shown: u32, group: GroupId) -> Result<StartNo, InputError> {
    if !event.numbers_per_group() {
        return Ok(StartNo(shown));
    }
    lookup(event, shown, event.group(group))
}

/// Numbers parsed as start numbers from a list (`--members 4,9,17`) read as shown
/// numbers: of `group` first, else of the one group that has the number (a person's
/// entry in another group, R-10.9).
///
/// # Errors
/// As [`player_no`].
pub(super) fn members_of(event: &Event, group: GroupId, typed: &[StartNo]) -> Result<Vec<StartNo>, InputError> {
    if !event.numbers_per_group() {
        return Ok(typed.to_vec());
    }
    typed
        .iter()
        .map(|n| match event.player_by_shown(n.0, Some(group)) {
            Ok(found) => Ok(found),
            Err(_) => lookup(event, n.0, None),
        })
        .collect()
}

fn ambiguous(shown: u32, groups: &[String]) -> InputError {
    let (zh, en) = (groups.join("、"), groups.join(", "));
    InputError(t(
        format!("编号 {shown} 在多个组别都有（{zh}），请用 --group 指定组别"),
        format!("no. {shown} is in several groups ({en}); choose one with --group"),
    ))
}
