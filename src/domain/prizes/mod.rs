//! Prizes (R-7): prize rules as data, and the prize list they give over a final
//! ranking, in integer fen (0.01 元).
//!
//! [`awards`] is a pure function of the rules and a ranking ([`RankedPlayer`]s), and
//! [`awards_with`] the same with the director's decisions (R-7.8); [`prize_ranking`]
//! builds that ranking from an event: the final ranking of R-6.7 for a knockout after
//! a Swiss, else the current stage's standings, a disqualified player left out and
//! the players below him moved up (R-4.5). [`prize_outcome`] gives the whole answer
//! for a group: its ranking, its prize list and the players whose rank would carry a
//! prize but who get none, with why ([`Withheld`], R-7.8).
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
//!   at all (seed 003 §11.5), unless the director granted it; a player the director
//!   withheld it from gets nothing either (R-7.8);
//! - prizes by rank go by rank among the players who receive prizes: the prize of a
//!   player who gets none passes down to the next one, unless the rules go
//!   [`PrizeRules::by_absolute_rank`]. The other prizes (best progress, women's, lucky)
//!   go by the player's own rank: a lucky rank is the rank itself.

mod ranking;
mod withheld;

use super::model::change::DomainError;
use super::model::event::{Event, StageKind, stage_entrants};
use super::model::ids::{StageNo, StartNo};
use super::model::player::Gender;
pub use super::model::prize_decision::{PrizeDecision, PrizeDecisionKind, PrizeVerdict};
pub use super::model::prize_rules::{
    BestProgress, Combine, LuckyPrize, Participation, Prize, PrizeRules, ProgressBaseline, RankPrize, RankRange,
    WomenPrizes, WomenTier,
};
pub use ranking::prize_ranking;
use std::collections::BTreeMap;
pub use withheld::{MissedRound, PrizeOutcome, Withheld, WithheldReason, prize_outcome};

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
    /// Finished the event: not withdrawn, and played at least one game on the board
    /// (R-11.2).
    pub finished: bool,
    /// The section the rank is counted in where boys and girls are ranked separately
    /// (R-5.3); `None` otherwise.
    pub section: Option<Gender>,
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
///         finished: true,
///         section: None,
///     })
///     .collect();
/// let list = awards(&PrizeRules::lingting_cup(), &ranking);
/// // Ranks 1–16 by R-7.1 plus ten lucky ranks of R-7.4 (2, 5, 10, 12 … 32).
/// assert_eq!(list.totals.cash_fen, 192_000 + 10 * 520);
/// assert_eq!(list.totals.items["指定酒"], 19);
/// assert_eq!(list.totals.trophies, 3, "nobody climbed: no best-progress trophy");
/// ```
pub fn awards(rules: &PrizeRules, ranking: &[RankedPlayer]) -> PrizeList {
    awards_with(rules, ranking, &[])
}

/// Whether a player of the ranking receives prizes: the director's decision if there is
/// one (R-7.8), else the rules (a player who missed a round gets none when every round
/// is required).
pub fn receives_prizes(rules: &PrizeRules, player: &RankedPlayer, decisions: &[PrizeDecision]) -> bool {
    match decisions.iter().find(|d| d.start_no == player.start_no).map(|d| d.verdict) {
        Some(PrizeVerdict::Grant) => true,
        Some(PrizeVerdict::Withhold) => false,
        None => {
            (!rules.require_every_round || player.played_every_round)
                && (!rules.withhold_non_finishers || player.finished)
        }
    }
}

/// The prize list that `rules` give over `ranking` with the director's `decisions`
/// (R-7.8): a withheld player gets nothing, a granted one is treated as if he had
/// played every round. Prizes by rank go by rank among the players who receive prizes
/// (the next one takes the prize of a player left out) unless the rules go by
/// absolute rank; the other prizes go by the player's own rank.
pub fn awards_with(rules: &PrizeRules, ranking: &[RankedPlayer], decisions: &[PrizeDecision]) -> PrizeList {
    let mut players: Vec<RankedPlayer> = ranking.to_vec();
    players.sort_by_key(|p| (p.rank, p.start_no));
    let eligible: Vec<bool> = players.iter().map(|p| receives_prizes(rules, p, decisions)).collect();
    let prize_ranks = prize_ranks(rules, &players, &eligible);
    let mut items: Vec<Vec<Prize>> = vec![Vec::new(); players.len()];
    let mut has_rank_prize = vec![false; players.len()];

    for (i, &prize_rank) in prize_ranks.iter().enumerate().filter(|(i, _)| eligible[*i]) {
        for rp in rules.by_rank.iter().filter(|rp| rp.ranks.contains(prize_rank)) {
            items[i].push(rp.prize.for_rank(prize_rank));
            has_rank_prize[i] = true;
        }
    }
    let may_get = |i: usize, combine: Combine| eligible[i] && (combine == Combine::AddsUp || !has_rank_prize[i]);

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

/// Each player's rank for the prizes by rank: the rank itself by absolute rank, else
/// the rank less the players of the same section ranked above who receive no prize.
/// `players` are in rank order.
fn prize_ranks(rules: &PrizeRules, players: &[RankedPlayer], eligible: &[bool]) -> Vec<u32> {
    let mut left_out: BTreeMap<Option<Gender>, u32> = BTreeMap::new();
    let mut ranks = Vec::with_capacity(players.len());
    for (p, &gets) in players.iter().zip(eligible) {
        let above = left_out.get(&p.section).copied().unwrap_or(0);
        ranks.push(if rules.by_absolute_rank { p.rank } else { p.rank.saturating_sub(above) });
        if !gets {
            *left_out.entry(p.section).or_default() += 1;
        }
    }
    ranks
}

/// The prizes a player of this rank would receive on his own — prizes by rank (or the
/// participation prize without one), women's and lucky prizes — as the list of players
/// left out shows them (R-7.8). The best-progress prize, which depends on the others,
/// is not among them.
pub fn prizes_of_rank(rules: &PrizeRules, player: &RankedPlayer) -> Vec<Prize> {
    let rank = player.rank;
    let mut items: Vec<Prize> =
        rules.by_rank.iter().filter(|rp| rp.ranks.contains(rank)).map(|rp| rp.prize.for_rank(rank)).collect();
    let has_rank_prize = !items.is_empty();
    let may = |combine: Combine| combine == Combine::AddsUp || !has_rank_prize;
    if let Some(women) = rules.women.as_ref().filter(|w| player.verified_female && may(w.combine)) {
        let mut tiers: Vec<&WomenTier> = women.tiers.iter().filter(|t| rank <= t.top).collect();
        tiers.sort_by_key(|t| t.top);
        let take = if women.best_tier_only { 1 } else { tiers.len() };
        items.extend(tiers.iter().take(take).map(|t| t.prize.for_rank(rank)));
    }
    let lucky_rank = |l: &LuckyPrize| l.max_rank.is_none_or(|max| rank <= max) && l.last_digits.contains(&(rank % 10));
    if let Some(lucky) = rules.lucky.as_ref().filter(|l| may(l.combine) && lucky_rank(l)) {
        items.push(lucky.prize.for_rank(rank));
    }
    if let Some(participation) = rules.participation.as_ref().filter(|p| may(p.combine)) {
        items.push(participation.prize.for_rank(rank));
    }
    items.sort_by_key(Prize::kind_order);
    items
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
                finished: true,
                section: None,
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

    // R-7.6, R-7.8: tiers replace the participation prize; under the every-round option
    // a missed round gets nothing and the tier passes down to the next player who
    // played every round.
    #[test]
    fn tiers_replace_participation_and_missing_a_round_loses_all() {
        let mut players = ranking(25);
        players[1].played_every_round = false;
        players[21].played_every_round = false;
        let strict = PrizeRules { require_every_round: true, ..PrizeRules::huaiyin_adult() };
        let list = awards(&strict, &players);
        assert_eq!(cash_of(&list, 1), 10_000);
        assert_eq!(cash_of(&list, 2), 0, "missed a round: nothing");
        assert_eq!(cash_of(&list, 4), 10_000, "rank 4 is the third to get a prize: 一等奖");
        assert_eq!(cash_of(&list, 5), 5_000);
        assert_eq!(cash_of(&list, 21), 3_000, "the 20th to get a prize");
        assert_eq!(cash_of(&list, 22), 0);
        assert_eq!(cash_of(&list, 23), 1_000);
        assert!(list.awards.iter().all(|a| a.items.len() == 1));
        // By absolute rank the tier of rank 2 is not given; rank 4 keeps 二等奖.
        let absolute = PrizeRules { by_absolute_rank: true, ..strict };
        let list = awards(&absolute, &players);
        assert_eq!((cash_of(&list, 3), cash_of(&list, 4), cash_of(&list, 21)), (10_000, 5_000, 1_000));
    }

    // R-11.2: by default one forfeit loss while present (late once) keeps the prize and
    // the participation award; a player who did not finish (withdrew) gets nothing.
    #[test]
    fn only_players_who_did_not_finish_lose_their_prize_by_default() {
        let mut players = ranking(25);
        players[1].played_every_round = false;
        players[21].played_every_round = false;
        players[4].played_every_round = false;
        players[4].finished = false;
        let list = awards(&PrizeRules::huaiyin_adult(), &players);
        assert_eq!(cash_of(&list, 2), 10_000, "late once: still 一等奖");
        assert_eq!(cash_of(&list, 22), 1_000, "late once: still the 10 元 participation award");
        assert_eq!(cash_of(&list, 5), 0, "withdrew: nothing");
        assert_eq!(cash_of(&list, 6), 5_000, "the tier passes down past the one who withdrew");
        let junior = awards(&PrizeRules::huaiyin_junior(), &players);
        assert_eq!(cash_of(&junior, 22), 1_000, "a junior late once keeps the 10 元");
    }

    // R-7.8: a grant makes a player who missed a round eligible, a withholding takes
    // everything from one who did not; both by the director's recorded decision.
    #[test]
    fn decisions_grant_and_withhold() {
        let mut players = ranking(12);
        players[0].played_every_round = false;
        let decisions = [
            PrizeDecision { start_no: StartNo(1), verdict: PrizeVerdict::Grant, reason: "准假".into() },
            PrizeDecision { start_no: StartNo(2), verdict: PrizeVerdict::Withhold, reason: "违规".into() },
        ];
        let list = awards_with(&PrizeRules::huaiyin_junior(), &players, &decisions);
        assert_eq!((cash_of(&list, 1), cash_of(&list, 2), cash_of(&list, 3)), (5_000, 0, 5_000));
        assert_eq!(cash_of(&list, 4), 5_000, "rank 2's 一等奖 passes down");
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
