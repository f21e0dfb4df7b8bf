//! Prize rules as data: what each rank, the best progress, women, lucky ranks
//! and participation receive, with the presets' tables from the rule books. The prize
//! list they give over a ranking is computed by `domain::prizes`.

use super::ids::StageNo;
use super::money::yuan_in;
use crate::lang::Lang;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

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
            Prize::Cash { label, amount_fen } => format!("{label} {}", yuan_in(*amount_fen, lang)),
            Prize::Item { label, quantity } => format!("{label}×{quantity}"),
            Prize::Trophy { label } => label.clone(),
        }
    }

    /// Several prizes as one list prints them: `第1名 500元，指定酒×2`; `—` for none
    /// (a disqualified player whose rank would carry nothing, R-7.8).
    pub fn describe_all(prizes: &[Prize], lang: Lang) -> String {
        if prizes.is_empty() {
            return "—".to_string();
        }
        let parts: Vec<String> = prizes.iter().map(|p| p.describe_in(lang)).collect();
        parts.join(lang.t("，", ", "))
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

    /// The label, to change it.
    fn label_mut(&mut self) -> &mut String {
        match self {
            Prize::Cash { label, .. } | Prize::Item { label, .. } | Prize::Trophy { label } => label,
        }
    }

    /// Printing order within an award: cash, then items, then trophies.
    pub fn kind_order(&self) -> u8 {
        match self {
            Prize::Cash { .. } => 0,
            Prize::Item { .. } => 1,
            Prize::Trophy { .. } => 2,
        }
    }

    /// The prize as given to the player of `rank`: `{rank}` in the label filled in.
    pub fn for_rank(&self, rank: u32) -> Prize {
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

/// A prize for every rank of a range.
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

/// The rank a player's progress is measured from.
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

/// Lucky prizes: every rank whose last digit is in the set.
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

/// One level of the women's prize: a verified woman ranked `top` or better.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WomenTier {
    /// The lowest rank that still gets it (16, 32).
    pub top: u32,
    /// What she gets.
    pub prize: Prize,
}

/// Women's prizes for players whose entry is a verified woman
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

/// A group's prize rules. The default gives no prizes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct PrizeRules {
    /// The first stage the prize ranking covers (seed 000: stage 2, the video Swiss, so
    /// the ranking is the 32 players of ). `None`: the current stage, and the stage
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
    /// A player who did not finish — withdrew (or never played a game on the board) —
    /// gets nothing (seed 003 §11.5 "未能坚持完赛…不予奖励", R-11.2); a forfeit loss in
    /// a round he was there for (late once) does not withhold his prize. The stricter
    /// [`PrizeRules::require_every_round`] withholds that too.
    #[serde(default)]
    pub withhold_non_finishers: bool,
    /// Prizes by rank go by the absolute rank: the prize of a player who gets none
    /// (missed a round, withheld) is not given to anyone. By default (`false`) they go
    /// by rank among the players who receive prizes, so that such a player's prize
    /// passes down to the next one.
    #[serde(default)]
    pub by_absolute_rank: bool,
    /// Team prizes by team rank: each entry covering a team's rank is given to
    /// the team.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub team_prizes: Vec<RankPrize>,
}

impl PrizeRules {
    /// Every prize of the rules, in the order they are written.
    pub fn prizes(&self) -> Vec<&Prize> {
        let mut all: Vec<&Prize> = self.by_rank.iter().map(|p| &p.prize).collect();
        all.extend(self.best_progress.iter().map(|b| &b.prize));
        all.extend(self.lucky.iter().map(|l| &l.prize));
        all.extend(self.women.iter().flat_map(|w| w.tiers.iter().map(|t| &t.prize)));
        all.extend(self.participation.iter().map(|p| &p.prize));
        all.extend(self.team_prizes.iter().map(|p| &p.prize));
        all
    }

    /// The rules with every label cleaned of control characters (issue 38, item 12: a
    /// label prints on lists, certificates and the terminal).
    pub fn cleaned(&self) -> PrizeRules {
        let mut rules = self.clone();
        let mut prizes: Vec<&mut Prize> = rules.by_rank.iter_mut().map(|p| &mut p.prize).collect();
        prizes.extend(rules.best_progress.iter_mut().map(|b| &mut b.prize));
        prizes.extend(rules.lucky.iter_mut().map(|l| &mut l.prize));
        prizes.extend(rules.women.iter_mut().flat_map(|w| w.tiers.iter_mut().map(|t| &mut t.prize)));
        prizes.extend(rules.participation.iter_mut().map(|p| &mut p.prize));
        prizes.extend(rules.team_prizes.iter_mut().map(|p| &mut p.prize));
        for prize in prizes {
            let label = prize.label_mut();
            *label = super::player::clean_text(label);
        }
        rules
    }

    /// Whether the rules give no prize at all.
    pub fn is_empty(&self) -> bool {
        self.by_rank.is_empty()
            && self.best_progress.is_none()
            && self.lucky.is_none()
            && self.women.is_none()
            && self.participation.is_none()
    }

    /// Seed 000 appendix 1, over the video stage's final ranking:
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
            withhold_non_finishers: false,
            by_absolute_rank: false,
            team_prizes: Vec::new(),
        }
    }

    /// Seed 003 §11 with tier prizes 一/二/三等奖 of `amounts_fen` for the rank
    /// ranges `tiers`, 10 元 for every other finisher, nothing for a player who did not
    /// finish (R-11.2: withdrew or never played; a forfeit loss while there, such as
    /// being late once, keeps the prize).
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
            require_every_round: false,
            withhold_non_finishers: true,
            by_absolute_rank: false,
            team_prizes: Vec::new(),
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
