//! Handlers of discipline (R-4.4, R-4.5, seed 000 附二): the forfeit rule applied after every
//! result (disqualify over the limits, lift a disqualification the rule made when a
//! correction takes the player back under them) and collusion (假棋/人情棋: both players
//! of the game are disqualified).

use crate::domain::discipline::{
    COLLUSION_DISQUALIFICATION, FORFEIT_DISQUALIFICATION, RuleReason, over_forfeit_limits, rule_reason,
};
use crate::domain::model::change::{Applied, Change, DomainError, player_mut, stage_ref};
use crate::domain::model::event::Event;
use crate::domain::model::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::model::player::PlayerStatus;

/// Disqualifies both players of the game on `board` of the round for collusion
/// (seed 000 附二 B). Their results stand as recorded; they are no longer paired.
///
/// # Errors
/// Unknown group, stage, round or board.
pub(super) fn collusion(
    event: &mut Event,
    group: GroupId,
    stage: StageNo,
    round: RoundNo,
    board: BoardNo,
    finding: &str,
) -> Result<Applied, DomainError> {
    let st = stage_ref(event, group, stage)?;
    let rd = st.round(round).ok_or(DomainError::UnknownRound(round))?;
    let game = rd.games.iter().find(|g| g.board == board).ok_or(DomainError::UnknownGame { round, board, game: 1 })?;
    let (red, black) = (game.red, game.black);
    let finding = finding.trim();
    let mut reason = format!("{COLLUSION_DISQUALIFICATION}：第{round}轮第{board}台");
    if !finding.is_empty() {
        reason.push('，');
        reason.push_str(finding);
    }
    let mut changes = Vec::new();
    for p in [red, black] {
        let player = player_mut(event, p)?;
        let before = Box::new(player.clone());
        player.status = PlayerStatus::Disqualified;
        player.status_reason = reason.clone();
        changes.push(Change::Player { start_no: p, before: Some(before) });
    }
    Ok(Applied::of(changes))
}

/// Applies the forfeit rule to `players` after a result in `stage`: disqualified when
/// over that stage's limits, the forfeits counted over the group's rounds across its
/// stages (R-4.5, [`over_forfeit_limits`]); a disqualification the rule made is lifted
/// when they are back under.
pub(super) fn apply_forfeit_rule(
    event: &mut Event,
    group: GroupId,
    stage: StageNo,
    players: &[StartNo],
) -> Vec<Change> {
    let Some(verdicts) = event.group(group).and_then(|g| over_forfeit_limits(g, stage, players)) else {
        return Vec::new();
    };
    let mut changes = Vec::new();
    for (p, over) in verdicts {
        let Ok(player) = player_mut(event, p) else { continue };
        let by_rule = player.status == PlayerStatus::Disqualified
            && rule_reason(&player.status_reason) == Some((RuleReason::Forfeits, ""));
        let next = match (over, player.status) {
            (true, PlayerStatus::Active) => Some((PlayerStatus::Disqualified, FORFEIT_DISQUALIFICATION.to_string())),
            (false, PlayerStatus::Disqualified) if by_rule => Some((PlayerStatus::Active, String::new())),
            _ => None,
        };
        if let Some((status, reason)) = next {
            let before = Box::new(player.clone());
            player.status = status;
            player.status_reason = reason;
            changes.push(Change::Player { start_no: p, before: Some(before) });
        }
    }
    changes
}
