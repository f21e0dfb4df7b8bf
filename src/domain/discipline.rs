//! Discipline (R-4.4, seed 000 附二): the forfeit rule (2 in a row or 3 in all
//! disqualify, lifted again by a correction) and collusion (假棋/人情棋: both players of
//! the game are disqualified). Fines are money and live in [`super::ledger`].

use super::command::{Applied, Change, DomainError, player_mut};
use super::event::Event;
use super::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use super::player::PlayerStatus;

/// The reason recorded when a player is disqualified for collusion; the round, board
/// and the arbiters' finding follow it.
pub const COLLUSION_DISQUALIFICATION: &str = "假棋/人情棋，双方取消资格 (R-4.4)";

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
    let st = event.group(group).and_then(|g| g.stage(stage)).ok_or(DomainError::UnknownStage { group, stage })?;
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
    Ok(Applied { changes, new_players: vec![] })
}

/// The reason recorded when the forfeit rule disqualifies a player, so that a
/// correction can lift it again.
pub const FORFEIT_DISQUALIFICATION: &str = "弃权取消资格 (R-4.4)";

/// Forfeit discipline (R-4.4, seed 000 附二 A): a player who forfeits the stage's limit
/// of rounds in a row, or in total, is disqualified and no longer paired; when a
/// corrected result takes him back under the limits, the disqualification the rule
/// made is lifted. Rounds without a game for the player (byes, announced absences)
/// are not forfeits and do not break a run.
pub(super) fn apply_forfeit_rule(
    event: &mut Event,
    group: GroupId,
    stage_no: StageNo,
    players: &[StartNo],
) -> Vec<Change> {
    let Some(stage) = event.group(group).and_then(|g| g.stage(stage_no)) else { return Vec::new() };
    let rules = stage.discipline.clone();
    if rules.forfeits_in_a_row.is_none() && rules.forfeits_in_total.is_none() {
        return Vec::new();
    }
    let mut verdicts = Vec::new();
    for &p in players {
        let mut total = 0;
        let (mut run, mut longest) = (0, 0);
        for round in &stage.rounds {
            let Some(game) = round.games_of(p).find(|g| g.result.is_some()) else { continue };
            let (Some(colour), Some(result)) = (game.colour_of(p), game.result) else { continue };
            if result.outcome.forfeited_by(colour) {
                total += 1;
                run += 1;
                longest = longest.max(run);
            } else {
                run = 0;
            }
        }
        let over = rules.forfeits_in_a_row.is_some_and(|n| longest >= n)
            || rules.forfeits_in_total.is_some_and(|n| total >= n);
        verdicts.push((p, over));
    }
    let mut changes = Vec::new();
    for (p, over) in verdicts {
        let Some(player) = event.players.iter_mut().find(|pl| pl.start_no == p) else { continue };
        let by_rule = player.status == PlayerStatus::Disqualified && player.status_reason == FORFEIT_DISQUALIFICATION;
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
