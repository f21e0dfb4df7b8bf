//! Handlers of the video stage: marking a stage as one, and recording each
//! board's agreed game time (08:00–22:00) and the official who watches it (挂盘手).

use super::rounds::BoardAt;
use crate::domain::model::change::{Applied, Change, DomainError, board_watch, settings_only, stage_mut, stage_ref};
use crate::domain::model::event::Event;
use crate::domain::model::ids::{GroupId, StageNo};
use crate::domain::model::watch::{BoardWatch, GameTime, put_watch};

/// Marks a stage as a video stage, or not. The records of its boards stay either way.
pub(super) fn set_video(
    event: &mut Event,
    group: GroupId,
    stage: StageNo,
    video: bool,
) -> Result<Applied, DomainError> {
    let st = stage_mut(event, group, stage)?;
    let before = Box::new(settings_only(st));
    st.video = video;
    Ok(Applied::one(Change::StageSettings { group, stage, before }))
}

/// Records, changes or clears (both `None`) what a video stage keeps of one board.
///
/// # Errors
/// The stage is not a video stage; the round or board does not exist; the time is
/// outside 08:00–22:00; the watcher is not one of the event's officials.
pub(super) fn set_watch(
    event: &mut Event,
    at: BoardAt,
    time: Option<GameTime>,
    watcher: Option<&str>,
) -> Result<Applied, DomainError> {
    let stage = stage_ref(event, at.group, at.stage)?;
    if !stage.video {
        return Err(DomainError::NotVideoStage(at.stage));
    }
    let round = stage.round(at.round).ok_or(DomainError::UnknownRound(at.round))?;
    if !round.games.iter().any(|g| g.board == at.board) {
        return Err(DomainError::UnknownBoard { round: at.round, board: at.board });
    }
    if let Some(t) = time.filter(|t| !t.within_hours()) {
        return Err(DomainError::GameTimeOutsideHours(t));
    }
    let watcher = watcher.map(str::trim).filter(|w| !w.is_empty());
    if let Some(name) = watcher
        && !event.officials.iter().any(|o| o.name.trim() == name)
    {
        return Err(DomainError::WatcherNotOfficial(name.to_string()));
    }
    let watch = BoardWatch { board: at.board, time, watcher: watcher.map(str::to_string) };
    let rd = stage_mut(event, at.group, at.stage)?
        .rounds
        .iter_mut()
        .find(|r| r.no == at.round)
        .ok_or(DomainError::UnknownRound(at.round))?;
    let before = board_watch(rd, at.board);
    put_watch(&mut rd.watches, watch);
    Ok(Applied::one(Change::Watch { group: at.group, stage: at.stage, round: at.round, board: at.board, before }))
}
