//! The director's pairing controls as commands: avoid a pair, drop an avoided
//! pair, fix a player's board. Each changes the group's settings ([`Change::Group`]),
//! so it is saved, audited and undone like every other group setting.

use super::{Applied, Change, DomainError};
use crate::domain::model::change::{group_mut, group_settings};
use crate::domain::model::event::Event;
use crate::domain::model::ids::{BoardNo, GroupId, StartNo};

/// The highest board a player can be fixed at.
pub const MAX_FIXED_BOARD: u32 = 9_999;

/// The player must exist and be in `group`.
fn in_group(event: &Event, group: GroupId, player: StartNo) -> Result<(), DomainError> {
    let p = event.player(player).ok_or(DomainError::UnknownPlayer(player))?;
    if p.group != group {
        return Err(DomainError::not_in_group(event, player, group));
    }
    Ok(())
}

/// Applies `Command::AvoidPair`.
pub(super) fn avoid(
    event: &mut Event,
    group: GroupId,
    a: StartNo,
    b: StartNo,
    reason: &str,
) -> Result<Applied, DomainError> {
    if a == b {
        return Err(DomainError::AvoidSelf(a));
    }
    in_group(event, group, a)?;
    in_group(event, group, b)?;
    let g = group_mut(event, group)?;
    let before = Some(Box::new(group_settings(g)));
    g.pairing_controls.avoid(a, b, reason);
    Ok(Applied::one(Change::Group { group, before }))
}

/// Applies `Command::RemoveAvoidedPair`.
pub(super) fn remove_avoided(
    event: &mut Event,
    group: GroupId,
    a: StartNo,
    b: StartNo,
) -> Result<Applied, DomainError> {
    let g = group_mut(event, group)?;
    let before = Some(Box::new(group_settings(g)));
    if !g.pairing_controls.remove_avoided(a, b) {
        return Err(DomainError::NotAvoided { a: a.min(b), b: a.max(b) });
    }
    Ok(Applied::one(Change::Group { group, before }))
}

/// Applies `Command::FixBoard`: board 0 frees the player.
pub(super) fn fix_board(
    event: &mut Event,
    group: GroupId,
    player: StartNo,
    board: u32,
) -> Result<Applied, DomainError> {
    if board > MAX_FIXED_BOARD {
        return Err(DomainError::BoardOutOfRange(board));
    }
    in_group(event, group, player)?;
    let g = group_mut(event, group)?;
    let before = Some(Box::new(group_settings(g)));
    g.pairing_controls.fix(player, (board > 0).then_some(BoardNo(board)));
    Ok(Applied::one(Change::Group { group, before }))
}
