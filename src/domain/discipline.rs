//! Discipline rules (R-4.4, R-4.5, seed 000 附二): who is over the forfeit limits (2 in a
//! row or 3 in all disqualify, counted over the group's rounds across its stages; an
//! announced absence is no forfeit and ends a run; a correction can lift it again), and
//! the reasons recorded when the forfeit rule or a finding of collusion disqualifies a
//! player. Applying them to the players is a command's job (`command::discipline`);
//! fines are money and live in [`super::ledger`].

use super::model::event::{Group, Round};
use super::model::ids::{StageNo, StartNo};

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

/// Whether each of `players` is over the forfeit limits of stage `stage` of `group`
/// (R-4.4, seed 000 附二 A: that stage's limit of forfeits in a row, or in total), with
/// the forfeits counted as says. `None` when the stage has no forfeit limits.
///
/// - A forfeit (弃赛) is a round the player lost by forfeit in a game he was paired in
///   ([`forfeited_in`]); a both-forfeit is one for each player.
/// - Forfeits are counted over the group's rounds in order, across its stages: a
///   forfeit in the last round of one stage and one in the first round of the next are
///   two in a row, and the total counts every stage.
/// - "In a row" means in consecutive rounds of the group, so every round the player did
///   not lose by forfeit ends a run: a game played (or not yet decided), an absence
///   announced before the round (请假, [`ByeKind::Absent`]: no 弃赛, R-4.5 says so), a
///   requested bye (also announced before the round, so treated like the absence), a
///   pairing-allocated bye (the player was not paired, so it is no 弃赛, and the round
///   still stands between the two forfeits) and a round he was left out of (withdrawn
///   or disqualified at the time).
///
/// [`ByeKind::Absent`]: super::model::event::ByeKind::Absent
pub fn over_forfeit_limits(group: &Group, stage: StageNo, players: &[StartNo]) -> Option<Vec<(StartNo, bool)>> {
    let rules = &group.stage(stage)?.discipline;
    if rules.forfeits_in_a_row.is_none() && rules.forfeits_in_total.is_none() {
        return None;
    }
    let rounds: Vec<&Round> = group.stages.iter().flat_map(|s| &s.rounds).collect();
    let verdicts = players
        .iter()
        .map(|&p| {
            let count = ForfeitCount::of(rounds.iter().map(|r| forfeited_in(r, p)));
            let over = rules.forfeits_in_a_row.is_some_and(|n| count.longest_run >= n)
                || rules.forfeits_in_total.is_some_and(|n| count.total >= n);
            (p, over)
        })
        .collect();
    Some(verdicts)
}

/// Whether `player` lost `round` by forfeit (R-4.5: a forfeit loss in a round he was
/// paired in): one of his games in it has a result he forfeited. A bye of any kind, an
/// announced absence and a game without a result are no forfeit.
pub fn forfeited_in(round: &Round, player: StartNo) -> bool {
    round.games_of(player).any(|g| {
        let (Some(colour), Some(result)) = (g.colour_of(player), g.result) else { return false };
        result.outcome.forfeited_by(colour)
    })
}

/// A player's forfeits over a sequence of rounds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ForfeitCount {
    /// Rounds forfeited in all.
    pub total: u32,
    /// The most rounds forfeited one after another.
    pub longest_run: u32,
}

impl ForfeitCount {
    /// Counts over rounds in order, `true` for a round forfeited; any other round ends
    /// a run.
    pub fn of(rounds: impl IntoIterator<Item = bool>) -> ForfeitCount {
        let mut count = ForfeitCount::default();
        let mut run = 0;
        for forfeited in rounds {
            if forfeited {
                count.total += 1;
                run += 1;
                count.longest_run = count.longest_run.max(run);
            } else {
                run = 0;
            }
        }
        count
    }
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
