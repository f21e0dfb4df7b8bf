//! The director's prize decisions: a prize granted to a player the rules leave
//! out (he missed a round under the every-round rule) or withheld from one they would
//! reward, each with its recorded reason; and why such a decision can be refused.

use super::ids::StartNo;
use crate::lang::Lang;
use serde::{Deserialize, Serialize};

/// What the director decided about one player's prizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrizeVerdict {
    /// The player receives the prizes of his rank although the rules leave him out.
    Grant,
    /// The player receives no prize although the rules would reward him.
    Withhold,
}

/// A recorded decision (kept with the group, one per player at most).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeDecision {
    /// The player.
    pub start_no: StartNo,
    /// Granted or withheld.
    pub verdict: PrizeVerdict,
    /// The director's reason, never empty.
    pub reason: String,
}

/// What `Command::SetPrizeDecision` asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrizeDecisionKind {
    /// Grant the prizes of the player's rank.
    Grant,
    /// Withhold every prize.
    Withhold,
    /// Drop the decision recorded: the rules decide again.
    Clear,
}

impl PrizeDecisionKind {
    /// The verdict recorded, `None` for [`PrizeDecisionKind::Clear`].
    pub fn verdict(self) -> Option<PrizeVerdict> {
        match self {
            PrizeDecisionKind::Grant => Some(PrizeVerdict::Grant),
            PrizeDecisionKind::Withhold => Some(PrizeVerdict::Withhold),
            PrizeDecisionKind::Clear => None,
        }
    }
}

/// Why a prize decision is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrizeDecisionIssue {
    /// A grant or a withholding needs the director's reason.
    ReasonMissing,
    /// A disqualified player receives no prize of any kind.
    Disqualified,
    /// The player is not in the group.
    NotInGroup,
    /// There is no decision to clear.
    NothingToClear,
}

impl PrizeDecisionIssue {
    /// The issue as a sentence in `lang`.
    pub fn describe(self, lang: Lang) -> String {
        match self {
            PrizeDecisionIssue::ReasonMissing => {
                lang.t("授予或取消奖励须填写理由。", "Granting or withholding a prize needs a reason.")
            }
            PrizeDecisionIssue::Disqualified => {
                lang.t("已取消资格的选手不能获得任何奖励。", "A disqualified player receives no prize of any kind.")
            }
            PrizeDecisionIssue::NotInGroup => lang.t("该选手不在本组别。", "The player is not in this group."),
            PrizeDecisionIssue::NothingToClear => {
                lang.t("该选手没有记录过奖励决定。", "No prize decision is recorded for this player.")
            }
        }
        .to_string()
    }
}
