//! Discipline rules (R-4.4, seed 000 附二): who is over the forfeit limits (2 in a row or
//! 3 in all disqualify; a correction can lift it again), and the reasons recorded when
//! the forfeit rule or a finding of collusion disqualifies a player. Applying them to
//! the players is a command's job (`command::discipline`); fines are money and live in
//! [`super::ledger`].

use super::model::event::Stage;
use super::model::ids::StartNo;

/// The reason recorded when a player is disqualified for collusion; the round, board
/// and the arbiters' finding follow it.
pub const COLLUSION_DISQUALIFICATION: &str = "假棋/人情棋，双方取消资格 (R-4.4)";

/// The reason recorded when the forfeit rule disqualifies a player, so that a
/// correction can lift it again.
pub const FORFEIT_DISQUALIFICATION: &str = "弃权取消资格 (R-4.4)";

/// Whether each of `players` is over the stage's forfeit limits (seed 000 附二 A): the
/// stage's limit of forfeits in a row, or in total. Rounds without a game for the
/// player (byes, announced absences) are not forfeits and do not break a run. `None`
/// when the stage has no forfeit limits.
pub fn over_forfeit_limits(stage: &Stage, players: &[StartNo]) -> Option<Vec<(StartNo, bool)>> {
    let rules = &stage.discipline;
    if rules.forfeits_in_a_row.is_none() && rules.forfeits_in_total.is_none() {
        return None;
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
    Some(verdicts)
}
