//! Discipline rules (R-4.4, seed 000 附二): who is over the forfeit limits (2 in a row or
//! 3 in all disqualify; a correction can lift it again), and the reasons recorded when
//! the forfeit rule or a finding of collusion disqualifies a player. Applying them to
//! the players is a command's job (`command::discipline`); fines are money and live in
//! [`super::ledger`].

use super::model::event::Stage;
use super::model::ids::StartNo;

/// The reason recorded when a player is disqualified for collusion; the round, board
/// and the arbiters' finding follow it.
pub const COLLUSION_DISQUALIFICATION: &str = "假棋/人情棋，双方取消资格";

/// The reason recorded when the forfeit rule disqualifies a player, so that a
/// correction can lift it again.
pub const FORFEIT_DISQUALIFICATION: &str = "弃权取消资格";

/// What files written before issue 18 stored after each reason: the rule's id, which
/// a director never reads.
const LEGACY_RULE_ID: &str = " (R-4.4)";

/// A disqualification recorded by the rules rather than typed by the director.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleReason {
    /// Over the forfeit limits.
    Forfeits,
    /// Collusion found by the arbiters.
    Collusion,
}

/// Which rule recorded `stored`, and the text after the rule's own words (round,
/// board, the arbiters' finding), for reasons written now and before issue 18.
pub fn rule_reason(stored: &str) -> Option<(RuleReason, &str)> {
    let known = [(FORFEIT_DISQUALIFICATION, RuleReason::Forfeits), (COLLUSION_DISQUALIFICATION, RuleReason::Collusion)];
    known.into_iter().find_map(|(prefix, rule)| {
        let rest = stored.strip_prefix(prefix)?;
        Some((rule, rest.strip_prefix(LEGACY_RULE_ID).unwrap_or(rest)))
    })
}

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

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 18, item 4: reasons are stored without the rule's id now, and the reasons of
    // older files are still known as the rules' (so a correction can lift them).
    #[test]
    fn rule_reasons_are_known_with_and_without_the_old_rule_id() {
        assert_eq!(rule_reason(FORFEIT_DISQUALIFICATION), Some((RuleReason::Forfeits, "")));
        assert_eq!(rule_reason("弃权取消资格 (R-4.4)"), Some((RuleReason::Forfeits, "")));
        let collusion = "假棋/人情棋，双方取消资格 (R-4.4)：第2轮第3台";
        assert_eq!(rule_reason(collusion), Some((RuleReason::Collusion, "：第2轮第3台")));
        assert_eq!(rule_reason("顶撞裁判"), None);
        assert!(!FORFEIT_DISQUALIFICATION.contains("R-") && !COLLUSION_DISQUALIFICATION.contains("R-"));
    }
}
