//! Handlers of the rounds: storing a pairing (made by the engine or by hand), editing
//! or removing the last one, and recording results. A result
//! changes one board: its [`Change::Board`] keeps only that board's games.

use super::discipline::apply_forfeit_rule;
use crate::domain::knockout::sync_playoffs;
use crate::domain::model::change::{Applied, Change, DomainError, board_games, stage_mut, stage_ref};
use crate::domain::model::event::{Event, Round, StageKind, StageStatus, stage_entrants};
use crate::domain::model::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use crate::domain::model::result::{GameResult, MAX_FOULS};
use crate::domain::model::team_issue::TeamIssue;
use crate::domain::model::warning::PairingWarning;
use crate::domain::swiss::{PairingEdit, check_round, edited};
use std::collections::{BTreeMap, BTreeSet};

/// Where a game is: group, stage, round, board and the game of the match.
#[derive(Debug, Clone, Copy)]
pub(super) struct GameAt {
    pub group: GroupId,
    pub stage: StageNo,
    pub round: RoundNo,
    pub board: BoardNo,
    pub game: u32,
}

/// Where a board is: group, stage, round and board.
#[derive(Debug, Clone, Copy)]
pub(super) struct BoardAt {
    pub group: GroupId,
    pub stage: StageNo,
    pub round: RoundNo,
    pub board: BoardNo,
}

/// Records, corrects or clears one game's result. A level knockout match gets its
/// next playoff game at once; the forfeit rule may change the players' status.
pub(super) fn record_result(event: &mut Event, at: GameAt, result: Option<GameResult>) -> Result<Applied, DomainError> {
    if let Some(fouls) = result.and_then(|r| [r.fouls_red, r.fouls_black].into_iter().find(|f| *f > MAX_FOULS)) {
        return Err(DomainError::FoulsOutOfRange(fouls));
    }
    let st = stage_mut(event, at.group, at.stage)?;
    let knockout = st.knockout.clone().filter(|_| st.kind == StageKind::Knockout);
    let scoring = st.scoring.clone();
    let rd = st.rounds.iter_mut().find(|r| r.no == at.round).ok_or(DomainError::UnknownRound(at.round))?;
    let before = board_games(rd, at.board);
    let g = rd.games.iter_mut().find(|g| g.board == at.board && g.game == at.game).ok_or(DomainError::UnknownGame {
        round: at.round,
        board: at.board,
        game: at.game,
    })?;
    // a late arrival is recorded as the forfeit it is.
    g.result = result.map(GameResult::as_recorded);
    let players = [g.red, g.black];
    if let Some(rules) = knockout {
        sync_playoffs(rd, at.board, &scoring, &rules);
    }
    let mut changes =
        vec![Change::Board { group: at.group, stage: at.stage, round: at.round, board: at.board, before }];
    changes.extend(apply_forfeit_rule(event, at.group, at.stage, &players));
    Ok(Applied::of(changes))
}

/// Adds the next round's pairing, as produced by the pairing engine or by hand.
pub(super) fn pair(
    event: &mut Event,
    group: GroupId,
    stage_no: StageNo,
    round: &Round,
) -> Result<Applied, DomainError> {
    let stage = stage_ref(event, group, stage_no)?;
    if stage.status != StageStatus::Open {
        return Err(DomainError::StageNotOpen(stage_no));
    }
    let expected = RoundNo(stage.rounds.len() as u32 + 1);
    if round.no != expected {
        return Err(DomainError::RoundOutOfOrder { expected, got: round.no });
    }
    if let Some(planned) = stage.rounds_planned
        && round.no.0 > planned
    {
        return Err(DomainError::AllRoundsPaired(planned));
    }
    stage.ready_for_next_round()?;
    let entrants: BTreeSet<StartNo> = stage_entrants(event, group, stage).into_iter().collect();
    check_seats(round, &entrants)?;
    let mut round = round.clone();
    round.games.sort_by_key(|g| (g.board, g.game));
    round.byes.sort_by_key(|b| b.player);
    // A pairing made by hand or imported keeps the rules it breaks on record (the
    // colour and rematch rules are the Swiss ones; a knockout match has its own).
    if stage.kind != StageKind::Knockout && round.teams.is_none() {
        let notices = round.warnings.iter().filter(|w| w.is_engine_notice()).cloned();
        let mut warnings: Vec<PairingWarning> =
            check_round(event, group, stage, &round).into_iter().chain(notices).collect();
        warnings.sort();
        round.warnings = warnings;
    }
    let round_no = round.no;
    stage_mut(event, group, stage_no)?.rounds.push(round);
    Ok(Applied::one(Change::Round { group, stage: stage_no, round: round_no, before: None }))
}

/// Every player of a new round sits once (all games of a knockout match on one
/// board, or a bye), is in the stage, and no game has a result yet.
fn check_seats(round: &Round, entrants: &BTreeSet<StartNo>) -> Result<(), DomainError> {
    let mut seat: BTreeMap<StartNo, Option<BoardNo>> = BTreeMap::new();
    let named = round
        .games
        .iter()
        .flat_map(|g| [(g.red, Some(g.board)), (g.black, Some(g.board))])
        .chain(round.byes.iter().map(|b| (b.player, None)));
    if let Some(g) = round.games.iter().find(|g| g.red == g.black) {
        return Err(DomainError::PlaysHimself(g.red));
    }
    for (p, board) in named {
        if !entrants.contains(&p) {
            return Err(DomainError::NotInStage(p));
        }
        if seat.insert(p, board).is_some_and(|earlier| earlier != board || board.is_none()) {
            return Err(DomainError::AppearsTwice(p));
        }
    }
    if round.games.iter().any(|g| g.result.is_some()) {
        return Err(DomainError::NewRoundHasResults);
    }
    Ok(())
}

/// Edits the last round's pairing by hand. New broken absolute rules need
/// `confirmed`; the warnings are kept with the round. A team round's boards follow its
/// line-ups and are not edited by hand; refusals are said of an edit (issue 38, item
/// 14).
pub(super) fn edit(
    event: &mut Event,
    group: GroupId,
    stage_no: StageNo,
    round_no: RoundNo,
    edit: PairingEdit,
    confirmed: bool,
) -> Result<Applied, DomainError> {
    let stage = stage_ref(event, group, stage_no)?;
    if stage.teams.is_some() {
        return Err(TeamIssue::NoHandEdit(round_no).into());
    }
    if let (StageKind::Knockout, PairingEdit::SwapColours { board }) = (stage.kind, edit) {
        return swap_match_colours(event, BoardAt { group, stage: stage_no, round: round_no, board });
    }
    let last = last_round_without_results(&stage.rounds, round_no).map_err(said_as_edit)?;
    let mut next = edited(last, edit)?;
    // The Swiss rules do not apply to a knockout match's colours.
    let warnings = if stage.kind == StageKind::Knockout { Vec::new() } else { check_round(event, group, stage, &next) };
    let new_absolute: Vec<PairingWarning> =
        warnings.iter().filter(|w| w.is_absolute() && !last.warnings.contains(w)).cloned().collect();
    if !new_absolute.is_empty() && !confirmed {
        return Err(DomainError::NeedsConfirmation(new_absolute));
    }
    next.warnings = with_engine_notices(warnings, &last.warnings);
    let before = Box::new(last.clone());
    if let Some(r) = stage_mut(event, group, stage_no)?.rounds.last_mut() {
        *r = next;
    }
    Ok(Applied::one(Change::Round { group, stage: stage_no, round: round_no, before: Some(before) }))
}

/// The round's warnings after an edit, with the engine's notice of relaxed colours
/// kept for the players whose colour rules are still broken.
fn with_engine_notices(mut warnings: Vec<PairingWarning>, before: &[PairingWarning]) -> Vec<PairingWarning> {
    let still_broken = |p: &StartNo| warnings.iter().any(|w| w.colour_breach() == Some(*p));
    let kept: Vec<PairingWarning> = before
        .iter()
        .filter_map(|w| match w {
            PairingWarning::ColoursRelaxed { players } => {
                let players: Vec<StartNo> = players.iter().copied().filter(|p| still_broken(p)).collect();
                (!players.is_empty()).then_some(PairingWarning::ColoursRelaxed { players })
            }
            _ => None,
        })
        .collect();
    warnings.extend(kept);
    warnings.sort();
    warnings
}

/// The higher seed's choice of colours in a knockout match: every game of the
/// match swaps, so colours still alternate from game 1 (and the playoffs follow game
/// 1). Allowed on a match of the last round before any of its games has a result,
/// whatever the other matches of the round have.
fn swap_match_colours(event: &mut Event, at: BoardAt) -> Result<Applied, DomainError> {
    let stage = stage_mut(event, at.group, at.stage)?;
    let last = stage.rounds.last_mut().ok_or(DomainError::UnknownRound(at.round))?;
    if last.no != at.round {
        return Err(DomainError::EditNotLastRound(last.no));
    }
    let before = board_games(last, at.board);
    if before.is_empty() {
        return Err(DomainError::UnknownBoard { round: at.round, board: at.board });
    }
    if before.iter().any(|g| g.result.is_some()) {
        return Err(DomainError::MatchHasResults { round: at.round, board: at.board });
    }
    for game in last.games.iter_mut().filter(|g| g.board == at.board) {
        std::mem::swap(&mut game.red, &mut game.black);
    }
    Ok(Applied::one(Change::Board { group: at.group, stage: at.stage, round: at.round, board: at.board, before }))
}

/// Removes the last round's pairing while no result is recorded in it.
pub(super) fn unpair(
    event: &mut Event,
    group: GroupId,
    stage: StageNo,
    round: RoundNo,
) -> Result<Applied, DomainError> {
    let st = stage_mut(event, group, stage)?;
    last_round_without_results(&st.rounds, round)?;
    let removed = st.rounds.pop().map(Box::new);
    Ok(Applied::one(Change::Round { group, stage, round, before: removed }))
}

/// `round` if it is the stage's last round and has no result yet: only such a round
/// can be edited or removed.
/// The refusals an edit shares with an unpairing, said of an edit (issue 38, item 14).
fn said_as_edit(e: DomainError) -> DomainError {
    match e {
        DomainError::NotLastRound(r) => DomainError::EditNotLastRound(r),
        DomainError::RoundHasResults(r) => DomainError::EditRoundHasResults(r),
        other => other,
    }
}

fn last_round_without_results(rounds: &[Round], round: RoundNo) -> Result<&Round, DomainError> {
    let last = rounds.last().ok_or(DomainError::UnknownRound(round))?;
    if last.no != round {
        return Err(DomainError::NotLastRound(last.no));
    }
    if last.games.iter().any(|g| g.result.is_some()) {
        return Err(DomainError::RoundHasResults(round));
    }
    Ok(last)
}
