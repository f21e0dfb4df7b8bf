//! Who a played-out stage hands on to the next (R-1.4): one rule for the command that
//! closes the stage and for the window's preview of it, so the two never disagree.

use super::{StandingsRow, standings};
use crate::domain::event::{Event, Stage};
use crate::domain::ids::GroupId;
use crate::domain::model::change::DomainError;
use crate::domain::player::PlayerStatus;

/// The qualifiers of `stage`: the top `stage.qualifiers` rows of its standings after
/// the last round paired, counting only players still active (a withdrawn or
/// disqualified player is passed over and the next one moves up), in standing order;
/// every active player when the stage sets no number.
///
/// # Errors
/// [`DomainError`] when the group or stage does not exist.
///
/// # Example
/// ```
/// use bianpai::domain::standings::qualifiers;
/// let event = bianpai::domain::demo::demo_event(7).unwrap();
/// let group = &event.groups[0];
/// let rows = qualifiers(&event, group.id, &group.stages[0]).unwrap();
/// assert!(rows.windows(2).all(|w| w[0].rank <= w[1].rank));
/// ```
pub fn qualifiers(event: &Event, group: GroupId, stage: &Stage) -> Result<Vec<StandingsRow>, DomainError> {
    let table = standings(event, group, stage.no, stage.rounds.len() as u32)?;
    let active = |row: &StandingsRow| event.player(row.start_no).is_some_and(|p| p.status == PlayerStatus::Active);
    let take = stage.qualifiers.map_or(usize::MAX, |q| q as usize);
    Ok(table.rows.into_iter().filter(active).take(take).collect())
}
