//! What makes a group's prize rules unusable — a rank range that ends before it
//! starts, a prize without a label, an amount out of range, a lucky digit above 9, a
//! ranking that starts with a stage the group does not have — so that the event panel
//! and `Command::SetPrizeRules` refuse for the same reasons.

use super::event::Group;
use super::prize_rules::{Prize, PrizeRules};
use crate::lang::Lang;

/// Highest amount of one cash prize, in fen (1,000,000 元).
pub const PRIZE_MAX_FEN: i64 = 100_000_000;

/// Longest prize label accepted.
pub const PRIZE_LABEL_MAX_CHARS: usize = 40;

/// Where in the prize rules an issue is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrizePart {
    /// Row `n` (from 1) of the prizes by rank.
    ByRank(usize),
    /// The best-progress prize.
    BestProgress,
    /// The lucky prizes.
    Lucky,
    /// Tier `n` (from 1) of the women's prizes.
    Women(usize),
    /// The participation prize.
    Participation,
}

/// Why a group's prize rules cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrizeRulesIssue {
    /// A rank range starts at 0 or ends before it starts.
    BadRanks(PrizePart),
    /// A prize has no label, or one too long.
    BadLabel(PrizePart),
    /// A cash amount is negative or above [`PRIZE_MAX_FEN`].
    BadAmount(PrizePart),
    /// A number of items is 0.
    NoItems(PrizePart),
    /// A count (winners of the best progress, a women's tier's last rank) is 0.
    ZeroCount(PrizePart),
    /// No lucky digit, or one above 9.
    BadLuckyDigits,
    /// The prize ranking starts with a stage the group does not have.
    UnknownStage(u32),
}

impl PrizePart {
    fn describe(self, lang: Lang) -> String {
        match (self, lang) {
            (PrizePart::ByRank(n), Lang::Zh) => format!("名次奖第 {n} 行"),
            (PrizePart::ByRank(n), Lang::En) => format!("Rank prize row {n}"),
            (PrizePart::BestProgress, _) => lang.t("最佳进步奖", "Best progress").into(),
            (PrizePart::Lucky, _) => lang.t("幸运奖", "Lucky prize").into(),
            (PrizePart::Women(n), Lang::Zh) => format!("女子奖第 {n} 档"),
            (PrizePart::Women(n), Lang::En) => format!("Women's prize tier {n}"),
            (PrizePart::Participation, _) => lang.t("参赛奖", "Participation prize").into(),
        }
    }
}

impl PrizeRulesIssue {
    /// The issue in the director's language, naming the row.
    pub fn describe(&self, lang: Lang) -> String {
        let (part, zh, en) = match self {
            PrizeRulesIssue::BadRanks(p) => {
                (*p, "名次范围应从 1 起，且起点不大于终点", "ranks start at 1 or above and do not run backwards")
            }
            PrizeRulesIssue::BadLabel(p) => {
                (*p, "奖项名称不能为空，最多 40 个字", "a prize needs a name of at most 40 characters")
            }
            PrizeRulesIssue::BadAmount(p) => {
                (*p, "奖金应在 0 到 1000000 元之间", "the amount must be between 0 and 1,000,000 yuan")
            }
            PrizeRulesIssue::NoItems(p) => (*p, "奖品数量至少为 1", "at least one item"),
            PrizeRulesIssue::ZeroCount(p) => (*p, "人数或名次至少为 1", "the number must be at least 1"),
            PrizeRulesIssue::BadLuckyDigits => {
                return lang
                    .t("幸运奖的尾数应为 0–9 中的数字，至少一个。", "Lucky endings are digits 0–9, at least one.")
                    .into();
            }
            PrizeRulesIssue::UnknownStage(s) => {
                return match lang {
                    Lang::Zh => format!("本组别没有第 {s} 阶段，不能从它开始排名。"),
                    Lang::En => format!("The group has no stage {s} to start the prize ranking with."),
                };
            }
        };
        match lang {
            Lang::Zh => format!("{}：{zh}。", part.describe(lang)),
            Lang::En => format!("{}: {en}.", part.describe(lang)),
        }
    }
}

/// The first issue of `rules` for `group`; `None` when they can be used.
pub fn check_prize_rules(rules: &PrizeRules, group: &Group) -> Option<PrizeRulesIssue> {
    if let Some(stage) = rules.ranking_from_stage
        && group.stage(stage).is_none()
    {
        return Some(PrizeRulesIssue::UnknownStage(stage.0));
    }
    let by_rank = rules.by_rank.iter().enumerate().map(|(i, row)| {
        let part = PrizePart::ByRank(i + 1);
        let ranks_bad = row.ranks.first == 0 || row.ranks.first > row.ranks.last;
        if ranks_bad { Some(PrizeRulesIssue::BadRanks(part)) } else { prize_issue(&row.prize, part) }
    });
    let best = rules.best_progress.iter().map(|best| {
        let part = PrizePart::BestProgress;
        if best.count == 0 { Some(PrizeRulesIssue::ZeroCount(part)) } else { prize_issue(&best.prize, part) }
    });
    let lucky = rules.lucky.iter().map(|lucky| {
        if lucky.last_digits.is_empty() || lucky.last_digits.iter().any(|d| *d > 9) {
            Some(PrizeRulesIssue::BadLuckyDigits)
        } else if lucky.max_rank == Some(0) {
            Some(PrizeRulesIssue::ZeroCount(PrizePart::Lucky))
        } else {
            prize_issue(&lucky.prize, PrizePart::Lucky)
        }
    });
    let women = rules.women.iter().flat_map(|w| w.tiers.iter().enumerate()).map(|(i, tier)| {
        let part = PrizePart::Women(i + 1);
        if tier.top == 0 { Some(PrizeRulesIssue::ZeroCount(part)) } else { prize_issue(&tier.prize, part) }
    });
    let participation = rules.participation.iter().map(|p| prize_issue(&p.prize, PrizePart::Participation));
    by_rank.chain(best).chain(lucky).chain(women).chain(participation).flatten().next()
}

/// What is wrong with one prize, if anything.
fn prize_issue(prize: &Prize, part: PrizePart) -> Option<PrizeRulesIssue> {
    let label = prize.label().trim();
    if label.is_empty() || label.chars().count() > PRIZE_LABEL_MAX_CHARS {
        return Some(PrizeRulesIssue::BadLabel(part));
    }
    match prize {
        Prize::Cash { amount_fen, .. } if !(0..=PRIZE_MAX_FEN).contains(amount_fen) => {
            Some(PrizeRulesIssue::BadAmount(part))
        }
        Prize::Item { quantity: 0, .. } => Some(PrizeRulesIssue::NoItems(part)),
        _ => None,
    }
}
