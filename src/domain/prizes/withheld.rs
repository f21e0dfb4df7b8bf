//! Why no prize: the players whose rank would carry a prize but who get none —
//! disqualified, withdrawn, a forfeit loss or a missed round under the
//! every-round rule, or withheld by the director — each with the rank, the prizes that
//! rank would carry and the reason; and [`prize_outcome`], the group's whole prize
//! answer (ranking, list, players left out) that every medium shows.

use super::ranking::{Miss, Ranking, build, first_miss};
use super::{Prize, receives_prizes};
use super::{PrizeError, PrizeList, PrizeRules, PrizeVerdict, RankedPlayer, awards_with, prizes_of_rank};
use crate::domain::model::change::DomainError;
use crate::domain::model::event::{Event, Group};
use crate::domain::model::ids::{GroupId, RoundNo, StageNo, StartNo};
use crate::domain::model::player::PlayerStatus;
use crate::lang::Lang;

/// A round of one of the ranking's stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MissedRound {
    /// The stage.
    pub stage: StageNo,
    /// The round.
    pub round: RoundNo,
}

/// Why a player whose rank would carry a prize gets none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WithheldReason {
    /// Disqualified: no rank and no prize of any kind.
    Disqualified,
    /// Withdrew: before this round (the first played without him), or after the last.
    Withdrew {
        /// The first round played without him, if any.
        before: Option<MissedRound>,
    },
    /// A forfeit loss in this round, where every round must be played.
    Forfeit(MissedRound),
    /// Absent (an absence or a requested bye) or not paired in this round, where every
    /// round must be played.
    MissedRound(MissedRound),
    /// The director withheld the prize, for this reason.
    Director(String),
}

impl WithheldReason {
    /// The code `prizes --json` writes: `disqualified`, `withdrew`, `forfeit`,
    /// `missed_round` or `director`.
    pub fn code(&self) -> &'static str {
        match self {
            WithheldReason::Disqualified => "disqualified",
            WithheldReason::Withdrew { .. } => "withdrew",
            WithheldReason::Forfeit(_) => "forfeit",
            WithheldReason::MissedRound(_) => "missed_round",
            WithheldReason::Director(_) => "director",
        }
    }

    /// The round the reason names, if any.
    pub fn round(&self) -> Option<MissedRound> {
        match self {
            WithheldReason::Withdrew { before } => *before,
            WithheldReason::Forfeit(at) | WithheldReason::MissedRound(at) => Some(*at),
            WithheldReason::Disqualified | WithheldReason::Director(_) => None,
        }
    }

    /// The reason in words: `第6轮弃权负（须赛满全部轮次）`, `forfeit loss in round 6
    /// (every round must be played)`. The round is named with its stage when the group
    /// has more than one.
    pub fn describe(&self, lang: Lang, group: &Group) -> String {
        let round = |at: &MissedRound| {
            let stage = group.stages.iter().find(|s| s.no == at.stage).filter(|_| group.stages.len() > 1);
            match (lang, stage) {
                (Lang::Zh, Some(s)) => format!("{}第{}轮", s.name, at.round),
                (Lang::Zh, None) => format!("第{}轮", at.round),
                (Lang::En, Some(s)) => format!("round {} of {}", at.round, s.name),
                (Lang::En, None) => format!("round {}", at.round),
            }
        };
        match (self, lang) {
            (WithheldReason::Disqualified, _) => lang.t("取消资格", "disqualified").to_string(),
            (WithheldReason::Withdrew { before: None }, _) => lang.t("退赛", "withdrew").to_string(),
            (WithheldReason::Withdrew { before: Some(at) }, Lang::Zh) => format!("{}前退赛", round(at)),
            (WithheldReason::Withdrew { before: Some(at) }, Lang::En) => format!("withdrew before {}", round(at)),
            (WithheldReason::Forfeit(at), Lang::Zh) => format!("{}弃权负（须赛满全部轮次）", round(at)),
            (WithheldReason::Forfeit(at), Lang::En) => {
                format!("forfeit loss in {} (every round must be played)", round(at))
            }
            (WithheldReason::MissedRound(at), Lang::Zh) => format!("{}缺赛（须赛满全部轮次）", round(at)),
            (WithheldReason::MissedRound(at), Lang::En) => {
                format!("did not play {} (every round must be played)", round(at))
            }
            (WithheldReason::Director(why), Lang::Zh) => format!("裁判长决定不予奖励：{why}"),
            (WithheldReason::Director(why), Lang::En) => format!("withheld by the director: {why}"),
        }
    }
}

/// A player whose rank would carry a prize but who gets none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Withheld {
    /// The player's rank; for a disqualified player, the rank he would hold.
    pub rank: u32,
    /// The player.
    pub start_no: StartNo,
    /// What that rank would carry on its own (prizes by rank or the participation
    /// prize, women's and lucky prizes); empty for a prize the director withheld from a
    /// rank that carries none, or a disqualified player whose rank would carry none.
    pub items: Vec<Prize>,
    /// Why he gets none.
    pub reason: WithheldReason,
}

impl Withheld {
    /// The rank as lists print it: `17`, or `(17)` for the rank a disqualified player
    /// would hold (he holds none, R-4.5).
    pub fn rank_text(&self) -> String {
        match self.reason {
            WithheldReason::Disqualified => format!("({})", self.rank),
            _ => self.rank.to_string(),
        }
    }
}

/// A group's prizes: the ranking they go by, the list and the players left out.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PrizeOutcome {
    /// The prize ranking (disqualified players left out, R-4.5).
    pub ranking: Vec<RankedPlayer>,
    /// The disqualified players of the ranking's stages, each with the rank he would
    /// hold, in that order.
    pub disqualified: Vec<RankedPlayer>,
    /// The prize list with the director's decisions applied.
    pub list: PrizeList,
    /// The players whose rank would carry a prize but who get none, and every
    /// disqualified player of the ranking's stages, by rank then start number.
    pub withheld: Vec<Withheld>,
}

/// The prizes `rules` give in the group, with the director's decisions recorded there
/// the ranking, the list, and every player left out with why.
///
/// # Errors
/// As [`super::prize_ranking`].
pub fn prize_outcome(event: &Event, group: GroupId, rules: &PrizeRules) -> Result<PrizeOutcome, PrizeError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let ranking = build(event, group, rules)?;
    let decisions = &g.prize_decisions;
    let list = awards_with(rules, &ranking.ranked, decisions);
    let mut withheld = Vec::new();
    for p in ranking.ranked.iter().filter(|p| !receives_prizes(rules, p, decisions)) {
        let items = prizes_of_rank(rules, p);
        let director = decisions.iter().find(|d| d.start_no == p.start_no && d.verdict == PrizeVerdict::Withhold);
        let reason = match director {
            Some(d) => WithheldReason::Director(d.reason.clone()),
            None if items.is_empty() => continue,
            None => missed_reason(event, &ranking, p.start_no),
        };
        withheld.push(Withheld { rank: p.rank, start_no: p.start_no, items, reason });
    }
    // A disqualified player is always listed: he gets nothing, not even
    // what every finisher gets, whatever the rank he would hold carries. In a
    // multi-stage event that rank can carry nothing (disqualified in the Swiss, he
    // stands after the knockout's places) though he led the stage he was put out of.
    for p in &ranking.disqualified {
        let items = prizes_of_rank(rules, p);
        withheld.push(Withheld { rank: p.rank, start_no: p.start_no, items, reason: WithheldReason::Disqualified });
    }
    withheld.sort_by_key(|w| (w.rank, w.start_no));
    Ok(PrizeOutcome { ranking: ranking.ranked, disqualified: ranking.disqualified, list, withheld })
}

/// Why a ranked player did not play every round: the first round of the ranking's
/// stages he missed (a round played without a withdrawn player is the round he
/// withdrew before), else his withdrawal.
fn missed_reason(event: &Event, ranking: &Ranking<'_>, player: StartNo) -> WithheldReason {
    let withdrawn = event.player(player).is_some_and(|p| p.status == PlayerStatus::Withdrawn);
    let first = ranking.chain.iter().filter(|(_, entrants)| entrants.contains(&player)).find_map(|(stage, _)| {
        first_miss(stage, player).map(|(round, miss)| (MissedRound { stage: stage.no, round }, miss))
    });
    match first {
        Some((at, Miss::NotPaired)) if withdrawn => WithheldReason::Withdrew { before: Some(at) },
        Some((at, Miss::Forfeit)) => WithheldReason::Forfeit(at),
        Some((at, _)) => WithheldReason::MissedRound(at),
        None => WithheldReason::Withdrew { before: None },
    }
}
