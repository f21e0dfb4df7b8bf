//! Prizes (R-7): prize rules as data, and the prize list they give over a final
//! ranking, in integer fen (0.01 元).
//!
//! [`awards`] is a pure function of the rules and a ranking ([`RankedPlayer`]s);
//! [`prize_ranking`] builds that ranking from an event: the final ranking of R-6.7 for
//! a knockout after a Swiss, else the current stage's standings.
//!
//! How the prizes of one player combine:
//! - every prize by rank ([`PrizeRules::by_rank`]) that covers the player's rank is
//!   given: cash, items and trophies of the same rank add up (seed 000: 第1名 500 元,
//!   two bottles of 指定酒 and the 冠军奖杯);
//! - each other prize (best progress, women's, lucky, participation) says by its
//!   [`Combine`] whether it adds up or goes only to players without a prize by rank.
//!   Seed defaults: lucky prizes add up ("均获得"); the participation prize goes only to
//!   those without a tier prize (seed 003 §11.4);
//! - with [`PrizeRules::require_every_round`] a player who missed a round gets nothing
//!   at all (seed 003 §11.5), and the prize of their rank is not passed down.

use super::knockout::final_ranking;
use super::model::change::DomainError;
use super::model::event::{ByeKind, Event, Stage, StageKind, stage_entrants};
use super::model::ids::{GroupId, StageNo, StartNo};
use super::model::player::PlayerStatus;
pub use super::model::prize_rules::{
    BestProgress, Combine, LuckyPrize, Participation, Prize, PrizeRules, ProgressBaseline, RankPrize, RankRange,
    WomenPrizes, WomenTier,
};
use super::standings::standings;
use std::collections::BTreeMap;

/// A player of the prize ranking, as [`awards`] needs them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RankedPlayer {
    /// Final rank, 1 = best (ranks restart per section where boys and girls are ranked
    /// separately).
    pub rank: u32,
    /// The player.
    pub start_no: StartNo,
    /// The rank the player was seeded at, for the best-progress prize.
    pub seed_rank: Option<u32>,
    /// A verified woman (R-7.5).
    pub verified_female: bool,
    /// Played every round: no absent or requested bye, no forfeit loss, not withdrawn.
    pub played_every_round: bool,
}

/// One player's prizes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Award {
    /// The player's rank.
    pub rank: u32,
    /// The player.
    pub start_no: StartNo,
    /// The prizes: cash, then items, then trophies; within a kind, prizes by rank first,
    /// then best progress, women's, lucky and participation prizes.
    pub items: Vec<Prize>,
}

/// Whether the group's last stage is over — closed, every planned round complete, or
/// (a knockout) no round left to pair — so that its prize list is final, not provisional.
pub fn group_finished(event: &Event, group: &super::model::event::Group) -> bool {
    use super::knockout::{KnockoutError, next_round};
    use super::model::event::StageStatus;
    let Some(last) = group.stages.last() else { return true };
    match (last.status, last.kind, &last.knockout) {
        (StageStatus::Closed, _, _) => true,
        (StageStatus::Pending, _, _) => false,
        (_, StageKind::Knockout, Some(rules)) => {
            let seeds = stage_entrants(event, group.id, last);
            matches!(next_round(&seeds, &last.rounds, &last.scoring, rules), Err(KnockoutError::Finished))
        }
        _ => last.rounds_planned.is_some_and(|n| last.completed_rounds() >= n),
    }
}

impl Award {
    /// The cash of all the player's prizes, in fen.
    pub fn cash_fen(&self) -> i64 {
        self.items.iter().map(|p| if let Prize::Cash { amount_fen, .. } = p { *amount_fen } else { 0 }).sum()
    }
}

/// The totals of a prize list (R-7.7).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PrizeTotals {
    /// All cash, in fen.
    pub cash_fen: i64,
    /// Items counted by label.
    pub items: BTreeMap<String, u32>,
    /// The number of trophies.
    pub trophies: u32,
}

/// Every award of a group and the totals (R-7.7).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PrizeList {
    /// Players with at least one prize, by rank then start number.
    pub awards: Vec<Award>,
    /// Totals per kind.
    pub totals: PrizeTotals,
}

/// The prize list that `rules` give over `ranking` (R-7). Pure: the ranking decides
/// everything, in whatever order it is given.
///
/// # Examples
/// ```
/// use bianpai::domain::ids::StartNo;
/// use bianpai::domain::prizes::{PrizeRules, RankedPlayer, awards};
///
/// let ranking: Vec<RankedPlayer> = (1..=32)
///     .map(|rank| RankedPlayer {
///         rank,
///         start_no: StartNo(100 + rank),
///         seed_rank: Some(rank),
///         verified_female: false,
///         played_every_round: true,
///     })
///     .collect();
/// let list = awards(&PrizeRules::lingting_cup(), &ranking);
/// // Ranks 1–16 by R-7.1 plus ten lucky ranks of R-7.4 (2, 5, 10, 12 … 32).
/// assert_eq!(list.totals.cash_fen, 192_000 + 10 * 520);
/// assert_eq!(list.totals.items["指定酒"], 19);
/// assert_eq!(list.totals.trophies, 3, "nobody climbed: no best-progress trophy");
/// ```
pub fn awards(rules: &PrizeRules, ranking: &[RankedPlayer]) -> PrizeList {
    let mut players: Vec<RankedPlayer> = ranking.to_vec();
    players.sort_by_key(|p| (p.rank, p.start_no));
    let eligible = |p: &RankedPlayer| !rules.require_every_round || p.played_every_round;
    let mut items: Vec<Vec<Prize>> = vec![Vec::new(); players.len()];
    let mut has_rank_prize = vec![false; players.len()];

    for (i, p) in players.iter().enumerate().filter(|(_, p)| eligible(p)) {
        for rp in rules.by_rank.iter().filter(|rp| rp.ranks.contains(p.rank)) {
            items[i].push(rp.prize.for_rank(p.rank));
            has_rank_prize[i] = true;
        }
    }
    let may_get =
        |i: usize, combine: Combine| eligible(&players[i]) && (combine == Combine::AddsUp || !has_rank_prize[i]);

    if let Some(bp) = &rules.best_progress {
        let mut gains: Vec<(i64, usize)> = players
            .iter()
            .enumerate()
            .filter(|(i, _)| may_get(*i, bp.combine))
            .filter_map(|(i, p)| p.seed_rank.map(|seed| (i64::from(seed) - i64::from(p.rank), i)))
            .filter(|(gain, _)| *gain >= i64::from(bp.min_gain))
            .collect();
        // Biggest gain first; a tie goes to the better rank (players are in rank order).
        gains.sort_by_key(|&(gain, i)| (std::cmp::Reverse(gain), i));
        for &(_, i) in gains.iter().take(bp.count as usize) {
            items[i].push(bp.prize.for_rank(players[i].rank));
        }
    }
    if let Some(women) = &rules.women {
        let mut tiers: Vec<&WomenTier> = women.tiers.iter().collect();
        tiers.sort_by_key(|t| t.top);
        for (i, p) in players.iter().enumerate() {
            if !p.verified_female || !may_get(i, women.combine) {
                continue;
            }
            let reached = tiers.iter().filter(|t| p.rank <= t.top);
            let given: Vec<&&WomenTier> =
                if women.best_tier_only { reached.take(1).collect() } else { reached.collect() };
            items[i].extend(given.iter().map(|t| t.prize.for_rank(p.rank)));
        }
    }
    if let Some(lucky) = &rules.lucky {
        for (i, p) in players.iter().enumerate() {
            let in_range = lucky.max_rank.is_none_or(|max| p.rank <= max);
            if in_range && lucky.last_digits.contains(&(p.rank % 10)) && may_get(i, lucky.combine) {
                items[i].push(lucky.prize.for_rank(p.rank));
            }
        }
    }
    if let Some(participation) = &rules.participation {
        for (i, p) in players.iter().enumerate() {
            if may_get(i, participation.combine) {
                items[i].push(participation.prize.for_rank(p.rank));
            }
        }
    }

    let mut list = PrizeList::default();
    for (p, mut prizes) in players.iter().zip(items) {
        if prizes.is_empty() {
            continue;
        }
        prizes.sort_by_key(Prize::kind_order);
        for prize in &prizes {
            match prize {
                Prize::Cash { amount_fen, .. } => list.totals.cash_fen += amount_fen,
                Prize::Item { label, quantity } => *list.totals.items.entry(label.clone()).or_default() += quantity,
                Prize::Trophy { .. } => list.totals.trophies += 1,
            }
        }
        list.awards.push(Award { rank: p.rank, start_no: p.start_no, items: prizes });
    }
    list
}

/// Why a prize ranking cannot be built.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PrizeError {
    /// The group or a stage is missing.
    #[error(transparent)]
    Domain(#[from] DomainError),
    /// The rules rank players from a stage that has not started yet.
    #[error("the prize ranking starts with stage {0}, which has not started yet")]
    NotStarted(StageNo),
}

/// The ranking a group's prizes go by, with what [`awards`] needs of each player
/// (empty until the first stage of the ranking has a complete round):
/// - the stages from `rules.ranking_from_stage` (default: the current stage, and the
///   one before it when the current one is a knockout) to the current stage;
/// - the current stage's standings (after its last complete round; a knockout after
///   every round paired), followed by the players of each earlier stage who did not
///   reach the later one, in that stage's order (R-6.7: knockout places 1–16, then the
///   Swiss's 17–32). With a single stage the standings' ranks are kept (ranked per
///   section where boys and girls are ranked separately, R-5.3);
/// - the seed rank by `rules.best_progress`'s baseline (the deciding stage's seed when
///   there is no best-progress prize);
/// - played every round: active (not withdrawn or disqualified), and in every stage of
///   the ranking no absent or requested bye, no forfeit loss (a both-forfeit included),
///   and in a Swiss or round robin a game or a pairing bye in every round paired.
///
/// # Errors
/// [`PrizeError::Domain`] for an unknown group; [`PrizeError::NotStarted`] when the
/// rules' first stage comes after the current stage.
pub fn prize_ranking(event: &Event, group: GroupId, rules: &PrizeRules) -> Result<Vec<RankedPlayer>, PrizeError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let Some(current) = g.current_stage() else { return Ok(Vec::new()) };
    let from = rules.ranking_from_stage.unwrap_or(if current.kind == StageKind::Knockout && current.no.0 > 1 {
        StageNo(current.no.0 - 1)
    } else {
        current.no
    });
    if from > current.no {
        return Err(PrizeError::NotStarted(from));
    }
    let chain: Vec<&Stage> = g.stages.iter().filter(|s| s.no >= from && s.no <= current.no).collect();
    if chain.first().is_none_or(|first| first.completed_rounds() == 0) {
        return Ok(Vec::new());
    }

    // Each stage's order; the last one's ranks as the standings give them.
    let mut orders: Vec<Vec<(u32, StartNo)>> = Vec::with_capacity(chain.len());
    for stage in &chain {
        let after =
            if stage.kind == StageKind::Knockout { stage.rounds.len() as u32 } else { stage.completed_rounds() };
        let table = standings(event, group, stage.no, after)?;
        orders.push(table.rows.iter().map(|r| (r.rank, r.start_no)).collect());
    }
    let ranked: Vec<(u32, StartNo)> = match orders.as_slice() {
        [] => Vec::new(),
        [only] => only.clone(),
        [earlier @ .., last] => {
            let mut order: Vec<StartNo> = last.iter().map(|(_, p)| *p).collect();
            for previous in earlier.iter().rev() {
                let previous: Vec<StartNo> = previous.iter().map(|(_, p)| *p).collect();
                order = final_ranking(&order, &previous);
            }
            order.into_iter().enumerate().map(|(i, p)| (i as u32 + 1, p)).collect()
        }
    };

    let seedings: Vec<Vec<StartNo>> = chain.iter().map(|s| stage_entrants(event, group, s)).collect();
    let seed_in = |k: usize, p: StartNo| seedings[k].iter().position(|q| *q == p).map(|i| i as u32 + 1);
    let baseline = rules.best_progress.as_ref().map_or(ProgressBaseline::default(), |bp| bp.baseline);
    Ok(ranked
        .into_iter()
        .map(|(rank, start_no)| {
            let seed_rank = match baseline {
                ProgressBaseline::FirstStageSeed => seed_in(0, start_no),
                ProgressBaseline::DecidingStageSeed => (0..chain.len()).rev().find_map(|k| seed_in(k, start_no)),
            };
            let player = event.player(start_no);
            let active = player.is_some_and(|p| p.status == PlayerStatus::Active);
            let missed = chain
                .iter()
                .zip(&seedings)
                .any(|(s, entrants)| entrants.contains(&start_no) && missed_a_round(s, start_no));
            RankedPlayer {
                rank,
                start_no,
                seed_rank,
                verified_female: player.is_some_and(|p| p.entry.verified_female),
                played_every_round: active && !missed,
            }
        })
        .collect())
}

/// Whether `player` missed a round of the stage: an absent or requested bye, a forfeit
/// loss, or (outside a knockout, where a player out of the bracket is not missing) a
/// round paired without them.
fn missed_a_round(stage: &Stage, player: StartNo) -> bool {
    stage.rounds.iter().any(|round| {
        if let Some(bye) = round.bye_of(player) {
            return bye.kind != ByeKind::Pairing;
        }
        let mut games = round.games_of(player).peekable();
        if games.peek().is_none() {
            return stage.kind != StageKind::Knockout;
        }
        games.any(|g| match (g.colour_of(player), g.result) {
            (Some(colour), Some(result)) => result.outcome.forfeited_by(colour),
            _ => false,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranking(n: u32) -> Vec<RankedPlayer> {
        (1..=n)
            .map(|rank| RankedPlayer {
                rank,
                start_no: StartNo(rank),
                seed_rank: Some(rank),
                verified_female: false,
                played_every_round: true,
            })
            .collect()
    }

    fn cash_of(list: &PrizeList, rank: u32) -> i64 {
        list.awards
            .iter()
            .filter(|a| a.rank == rank)
            .flat_map(|a| &a.items)
            .map(|p| if let Prize::Cash { amount_fen, .. } = p { *amount_fen } else { 0 })
            .sum()
    }

    // R-7.6: tiers replace the participation prize; a missed round gets nothing.
    #[test]
    fn tiers_replace_participation_and_missing_a_round_loses_all() {
        let mut players = ranking(25);
        players[1].played_every_round = false;
        players[21].played_every_round = false;
        let list = awards(&PrizeRules::huaiyin_adult(), &players);
        assert_eq!(cash_of(&list, 1), 10_000);
        assert_eq!(cash_of(&list, 2), 0, "missed a round: nothing, and rank 3 keeps its own prize");
        assert_eq!(cash_of(&list, 4), 5_000);
        assert_eq!(cash_of(&list, 20), 3_000);
        assert_eq!(cash_of(&list, 21), 1_000);
        assert_eq!(cash_of(&list, 22), 0);
        assert!(list.awards.iter().all(|a| a.items.len() == 1));
    }

    // R-7.3: biggest gain wins; a tie goes to the better final rank.
    #[test]
    fn best_progress_ties_go_to_the_better_rank() {
        let mut players = ranking(10);
        players[3].seed_rank = Some(9); // rank 4, +5
        players[6].seed_rank = Some(12); // rank 7, +5
        let rules = PrizeRules { best_progress: PrizeRules::lingting_cup().best_progress, ..PrizeRules::default() };
        let list = awards(&rules, &players);
        assert_eq!(list.awards.len(), 1);
        assert_eq!((list.awards[0].rank, list.totals.trophies), (4, 1));
    }

    // Combine::OnlyWithoutRankPrize on the lucky prize.
    #[test]
    fn lucky_prize_can_be_made_exclusive() {
        let mut rules = PrizeRules::lingting_cup();
        if let Some(lucky) = &mut rules.lucky {
            lucky.combine = Combine::OnlyWithoutRankPrize;
        }
        let list = awards(&rules, &ranking(32));
        assert_eq!(cash_of(&list, 2), 30_000);
        assert_eq!(cash_of(&list, 20), 520);
        // Lucky ranks beyond the 16 with cash: 20, 22, 25, 30, 32.
        assert_eq!(list.totals.cash_fen, 192_000 + 5 * 520);
    }

    #[test]
    fn rules_round_trip_through_json() {
        let rules = PrizeRules::lingting_cup();
        let text = serde_json::to_string(&rules).unwrap_or_default();
        assert!(text.contains(r#"{"kind":"cash","label":"第{rank}名","amount_fen":50000}"#), "{text}");
        let back: PrizeRules = serde_json::from_str(&text).unwrap_or_default();
        assert_eq!(back, rules);
        let empty: PrizeRules = serde_json::from_str("{}").unwrap_or_else(|_| PrizeRules::lingting_cup());
        assert!(empty.is_empty());
    }
}
