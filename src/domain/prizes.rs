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

use super::command::DomainError;
use super::event::{ByeKind, Event, Stage, StageKind, stage_entrants};
use super::ids::{GroupId, StageNo, StartNo};
use super::knockout::final_ranking;
use super::player::PlayerStatus;
use super::standings::standings;
use crate::lang::Lang;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// One prize: cash, a number of items, or a trophy.
///
/// A label may hold `{rank}`, replaced by the player's rank (`第{rank}名` → `第1名`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Prize {
    /// Money, in fen.
    Cash {
        /// What it is for: 第1名, 幸运奖, 一等奖 …
        label: String,
        /// Amount in fen (0.01 元).
        amount_fen: i64,
    },
    /// Goods, counted: two bottles of 指定酒.
    Item {
        /// What the item is; items of the same label are counted together.
        label: String,
        /// How many.
        quantity: u32,
    },
    /// A trophy (奖杯).
    Trophy {
        /// Its name: 冠军奖杯, 最佳进步奖 …
        label: String,
    },
}

impl Prize {
    /// The prize as lists print it: `第1名 500元`, `指定酒×2`, `冠军奖杯`.
    pub fn describe(&self) -> String {
        self.describe_in(Lang::Zh)
    }

    /// The prize in a language: the labels are the director's; the money reads
    /// `500元` or `500 yuan`.
    pub fn describe_in(&self, lang: Lang) -> String {
        match self {
            Prize::Cash { label, amount_fen } => format!("{label} {}", super::ledger::yuan_in(*amount_fen, lang)),
            Prize::Item { label, quantity } => format!("{label}×{quantity}"),
            Prize::Trophy { label } => label.clone(),
        }
    }

    /// Cash with a label.
    pub fn cash(label: &str, amount_fen: i64) -> Prize {
        Prize::Cash { label: label.to_string(), amount_fen }
    }

    /// Items with a label.
    pub fn item(label: &str, quantity: u32) -> Prize {
        Prize::Item { label: label.to_string(), quantity }
    }

    /// A trophy.
    pub fn trophy(label: &str) -> Prize {
        Prize::Trophy { label: label.to_string() }
    }

    /// `cash`, `item` or `trophy`, as in `prizes --json`.
    pub fn kind(&self) -> &'static str {
        match self {
            Prize::Cash { .. } => "cash",
            Prize::Item { .. } => "item",
            Prize::Trophy { .. } => "trophy",
        }
    }

    /// The label.
    pub fn label(&self) -> &str {
        match self {
            Prize::Cash { label, .. } | Prize::Item { label, .. } | Prize::Trophy { label } => label,
        }
    }

    /// Printing order within an award: cash, then items, then trophies.
    fn kind_order(&self) -> u8 {
        match self {
            Prize::Cash { .. } => 0,
            Prize::Item { .. } => 1,
            Prize::Trophy { .. } => 2,
        }
    }

    /// The prize as given to the player of `rank`: `{rank}` in the label filled in.
    fn for_rank(&self, rank: u32) -> Prize {
        let fill = |label: &str| label.replace("{rank}", &rank.to_string());
        match self {
            Prize::Cash { label, amount_fen } => Prize::Cash { label: fill(label), amount_fen: *amount_fen },
            Prize::Item { label, quantity } => Prize::Item { label: fill(label), quantity: *quantity },
            Prize::Trophy { label } => Prize::Trophy { label: fill(label) },
        }
    }
}

/// Ranks `first..=last`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankRange {
    /// The first rank covered.
    pub first: u32,
    /// The last rank covered.
    pub last: u32,
}

impl RankRange {
    /// Ranks `first..=last`.
    pub fn new(first: u32, last: u32) -> RankRange {
        RankRange { first, last }
    }

    /// One rank.
    pub fn single(rank: u32) -> RankRange {
        RankRange { first: rank, last: rank }
    }

    /// Whether `rank` is in the range.
    pub fn contains(&self, rank: u32) -> bool {
        (self.first..=self.last).contains(&rank)
    }
}

/// A prize for every rank of a range (R-7.1, R-7.2, R-7.3, R-7.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankPrize {
    /// The ranks that get it.
    pub ranks: RankRange,
    /// What each of them gets.
    pub prize: Prize,
}

/// Whether a prize adds up with the prizes by rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Combine {
    /// Given in addition to any prize by rank.
    #[default]
    AddsUp,
    /// Given only to players without a prize by rank (replaced by it).
    OnlyWithoutRankPrize,
}

/// The rank a player's progress is measured from (R-7.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum ProgressBaseline {
    /// The player's seed in the stage that decided their final rank: the knockout's
    /// seed for its players, the Swiss stage's seeding (start-number order for a first
    /// stage) for the others.
    #[default]
    DecidingStageSeed,
    /// The player's seed in the first stage of the prize ranking (seed 000: the video
    /// Swiss's seeding, i.e. the qualifier's ranking with the nominees after it).
    FirstStageSeed,
}

/// The "best progress" prize (R-7.3, seed 000 设最佳进步奖一名).
///
/// Rule: a player's gain is their seeding rank (see [`ProgressBaseline`]) minus their
/// final rank; the `count` players with the biggest gain win it, a tie going to the
/// better final rank (then the lower start number). Nobody wins it with a gain below
/// `min_gain`, and a player without a seeding rank cannot win it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestProgress {
    /// What the winner gets (seed 000: a crystal trophy, 最佳进步奖).
    pub prize: Prize,
    /// How many players win it (1).
    pub count: u32,
    /// The smallest gain that wins (1: someone must have climbed).
    pub min_gain: u32,
    /// The rank progress is measured from.
    #[serde(default)]
    pub baseline: ProgressBaseline,
    /// Whether it adds up with a prize by rank.
    #[serde(default)]
    pub combine: Combine,
}

/// Lucky prizes (R-7.4): every rank whose last digit is in the set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LuckyPrize {
    /// Last digits of the lucky ranks (seed 000: 5, 2, 0).
    pub last_digits: BTreeSet<u32>,
    /// Only ranks up to this one; `None` for the whole prize ranking (seed 000: the
    /// 32 players of the final ranking).
    #[serde(default)]
    pub max_rank: Option<u32>,
    /// What each lucky rank gets (5.20 元).
    pub prize: Prize,
    /// Whether it adds up with a prize by rank (seed 000 "均获得": yes).
    #[serde(default)]
    pub combine: Combine,
}

/// One level of the women's prize (R-7.5): a verified woman ranked `top` or better.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WomenTier {
    /// The lowest rank that still gets it (16, 32).
    pub top: u32,
    /// What she gets.
    pub prize: Prize,
}

/// Women's prizes (R-7.5) for players whose entry is a verified woman
/// (`PlayerEntry::verified_female`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WomenPrizes {
    /// The levels, in any order.
    pub tiers: Vec<WomenTier>,
    /// Only the best level reached is given (seed 000: the top 16 get the major prize
    /// instead of the special one); `false` gives every level reached.
    pub best_tier_only: bool,
    /// Whether it adds up with a prize by rank.
    #[serde(default)]
    pub combine: Combine,
}

/// A prize for every other ranked player (R-7.6, seed 003 §11.4: 10 元).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participation {
    /// What each gets.
    pub prize: Prize,
    /// Seed 003: only players without a tier prize ([`Combine::OnlyWithoutRankPrize`]).
    pub combine: Combine,
}

/// A group's prize rules (R-7). The default gives no prizes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct PrizeRules {
    /// The first stage the prize ranking covers (seed 000: stage 2, the video Swiss, so
    /// the ranking is the 32 players of R-6.7). `None`: the current stage, and the stage
    /// before it too when the current one is a knockout.
    #[serde(default)]
    pub ranking_from_stage: Option<StageNo>,
    /// Prizes by rank: each entry covering a player's rank is given.
    #[serde(default)]
    pub by_rank: Vec<RankPrize>,
    /// The best-progress prize.
    #[serde(default)]
    pub best_progress: Option<BestProgress>,
    /// Lucky prizes.
    #[serde(default)]
    pub lucky: Option<LuckyPrize>,
    /// Women's prizes.
    #[serde(default)]
    pub women: Option<WomenPrizes>,
    /// The prize for everyone else.
    #[serde(default)]
    pub participation: Option<Participation>,
    /// A player who missed a round — a bye of kind absent or requested, a forfeit loss,
    /// or withdrawn (or disqualified) — gets nothing (seed 003 §11.5).
    #[serde(default)]
    pub require_every_round: bool,
}

impl PrizeRules {
    /// Whether the rules give no prize at all.
    pub fn is_empty(&self) -> bool {
        self.by_rank.is_empty()
            && self.best_progress.is_none()
            && self.lucky.is_none()
            && self.women.is_none()
            && self.participation.is_none()
    }

    /// Seed 000 appendix 1 (R-7.1–R-7.5), over the video stage's final ranking:
    /// - cash 1–4: 500/300/200/160 元, 5–8: 120/100/80/60 元, 9–16: 50 元 each;
    /// - 指定酒: two bottles for 1–3, one for 4–16;
    /// - crystal trophies 冠军/亚军/季军奖杯 for 1–3, and one 最佳进步奖 (the biggest gain
    ///   from the seed in the deciding stage, see [`BestProgress`]), in addition;
    /// - 幸运奖 5.20 元 for every rank ending in 5, 2 or 0, in addition;
    /// - 女子重大奖 for a verified woman in the top 16, else 女子特别奖 in the top 32. The
    ///   rule book names no value: each is one item of that label.
    pub fn lingting_cup() -> PrizeRules {
        let cash =
            [(1, 50_000), (2, 30_000), (3, 20_000), (4, 16_000), (5, 12_000), (6, 10_000), (7, 8_000), (8, 6_000)];
        let mut by_rank: Vec<RankPrize> = cash
            .iter()
            .map(|&(rank, fen)| RankPrize { ranks: RankRange::single(rank), prize: Prize::cash("第{rank}名", fen) })
            .collect();
        by_rank.push(RankPrize { ranks: RankRange::new(9, 16), prize: Prize::cash("第{rank}名", 5_000) });
        by_rank.push(RankPrize { ranks: RankRange::new(1, 3), prize: Prize::item("指定酒", 2) });
        by_rank.push(RankPrize { ranks: RankRange::new(4, 16), prize: Prize::item("指定酒", 1) });
        for (rank, label) in [(1, "冠军奖杯"), (2, "亚军奖杯"), (3, "季军奖杯")] {
            by_rank.push(RankPrize { ranks: RankRange::single(rank), prize: Prize::trophy(label) });
        }
        PrizeRules {
            ranking_from_stage: Some(StageNo(2)),
            by_rank,
            best_progress: Some(BestProgress {
                prize: Prize::trophy("最佳进步奖"),
                count: 1,
                min_gain: 1,
                baseline: ProgressBaseline::DecidingStageSeed,
                combine: Combine::AddsUp,
            }),
            lucky: Some(LuckyPrize {
                last_digits: BTreeSet::from([0, 2, 5]),
                max_rank: Some(32),
                prize: Prize::cash("幸运奖", 520),
                combine: Combine::AddsUp,
            }),
            women: Some(WomenPrizes {
                tiers: vec![
                    WomenTier { top: 16, prize: Prize::item("女子重大奖", 1) },
                    WomenTier { top: 32, prize: Prize::item("女子特别奖", 1) },
                ],
                best_tier_only: true,
                combine: Combine::AddsUp,
            }),
            participation: None,
            require_every_round: false,
        }
    }

    /// Seed 003 §11 (R-7.6) with tier prizes 一/二/三等奖 of `amounts_fen` for the rank
    /// ranges `tiers`, 10 元 for every other finisher, nothing for a player who missed
    /// a round.
    pub fn tiers(tiers: [RankRange; 3], amounts_fen: [i64; 3]) -> PrizeRules {
        let by_rank = tiers
            .iter()
            .zip(amounts_fen)
            .zip(["一等奖", "二等奖", "三等奖"])
            .map(|((ranks, fen), label)| RankPrize { ranks: *ranks, prize: Prize::cash(label, fen) })
            .collect();
        PrizeRules {
            ranking_from_stage: None,
            by_rank,
            best_progress: None,
            lucky: None,
            women: None,
            participation: Some(Participation {
                prize: Prize::cash("参赛奖", 1_000),
                combine: Combine::OnlyWithoutRankPrize,
            }),
            require_every_round: true,
        }
    }

    /// Seed 003 adult group (成人组): 一/二/三等奖 100/50/30 元.
    ///
    /// Decision: the rule book does not say how many players win each tier. Of a field
    /// of up to 80, 一等奖 goes to ranks 1–3, 二等奖 to 4–10 and 三等奖 to 11–20 (the top
    /// quarter); the ranges are data and can be changed per event.
    pub fn huaiyin_adult() -> PrizeRules {
        PrizeRules::tiers([RankRange::new(1, 3), RankRange::new(4, 10), RankRange::new(11, 20)], [10_000, 5_000, 3_000])
    }

    /// Seed 003 youth and children groups (少年组, 儿童组): 一/二/三等奖 50/30/20 元.
    ///
    /// Decision: of fields of up to 20 (youth, boys and girls ranked separately) and
    /// 30 (children), 一等奖 goes to ranks 1–3, 二等奖 to 4–6 and 三等奖 to 7–10 (in each
    /// section where boys and girls are ranked apart).
    pub fn huaiyin_junior() -> PrizeRules {
        PrizeRules::tiers([RankRange::new(1, 3), RankRange::new(4, 6), RankRange::new(7, 10)], [5_000, 3_000, 2_000])
    }
}

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
pub fn group_finished(event: &Event, group: &super::event::Group) -> bool {
    use super::event::StageStatus;
    use super::knockout::{KnockoutError, next_round};
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
