//! The rules a round's pairing breaks, as data ([`PairingWarning`]): kept with a round
//! that was edited or made by hand, and shown to the director. Finding them is the
//! pairing rules' job (`domain::swiss::check`).

use super::ids::StartNo;
use super::rules::Colour;
use crate::lang::{Lang, Localized};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A rule a pairing breaks.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum PairingWarning {
    /// The two have met before (a forfeit counts under `cxa`).
    Rematch { a: StartNo, b: StartNo },
    /// The player would have the same colour a third time running.
    ThirdSameColour { player: StartNo, colour: Colour },
    /// The player's colour difference would go beyond ±2.
    ColourDifference { player: StartNo, difference: i32 },
    /// A second pairing-allocated bye, or one after a forfeit win.
    SecondBye { player: StartNo },
    /// Club-mates paired while the stage avoids it.
    SameClub { a: StartNo, b: StartNo, club: String, forbidden: bool },
    /// An active player is neither paired nor given a bye.
    NotPaired { player: StartNo },
    /// The engine itself relaxed the colour rules for these players in the last round
    /// to keep equal or nearest scores (PAIRING.md cxa §4): a notice of the engine's,
    /// not a breach the director confirmed. Their colour warnings stand beside it.
    ColoursRelaxed { players: Vec<StartNo> },
}

impl PairingWarning {
    /// Whether the director must confirm the edit explicitly.
    pub fn is_absolute(&self) -> bool {
        match self {
            PairingWarning::Rematch { .. }
            | PairingWarning::ThirdSameColour { .. }
            | PairingWarning::ColourDifference { .. }
            | PairingWarning::SecondBye { .. } => true,
            PairingWarning::SameClub { forbidden, .. } => *forbidden,
            PairingWarning::NotPaired { .. } | PairingWarning::ColoursRelaxed { .. } => false,
        }
    }

    /// The player whose colour rule this warning says is broken (third same colour,
    /// difference beyond ±2); `None` for every other warning.
    pub fn colour_breach(&self) -> Option<StartNo> {
        match self {
            PairingWarning::ThirdSameColour { player, .. } | PairingWarning::ColourDifference { player, .. } => {
                Some(*player)
            }
            _ => None,
        }
    }

    /// Whether the engine made this breach itself: a colour rule broken for a player
    /// the round's [`PairingWarning::ColoursRelaxed`] notice names.
    pub fn by_engine(&self, round_warnings: &[PairingWarning]) -> bool {
        let relaxed = |p: StartNo| {
            round_warnings
                .iter()
                .any(|w| matches!(w, PairingWarning::ColoursRelaxed { players } if players.contains(&p)))
        };
        matches!(self, PairingWarning::ColoursRelaxed { .. }) || self.colour_breach().is_some_and(relaxed)
    }

    /// Whether the pairing engine, not a check of the round, gave this warning: kept
    /// when the round is stored or edited.
    pub fn is_engine_notice(&self) -> bool {
        matches!(self, PairingWarning::ColoursRelaxed { .. })
    }

    /// The players the warning is about, to show it on their board.
    pub fn players(&self) -> Vec<StartNo> {
        match self {
            PairingWarning::Rematch { a, b } | PairingWarning::SameClub { a, b, .. } => vec![*a, *b],
            PairingWarning::ThirdSameColour { player, .. }
            | PairingWarning::ColourDifference { player, .. }
            | PairingWarning::SecondBye { player }
            | PairingWarning::NotPaired { player } => vec![*player],
            PairingWarning::ColoursRelaxed { players } => players.clone(),
        }
    }
}

impl fmt::Display for PairingWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let colour = |c: &Colour| if *c == Colour::Red { "red (红)" } else { "black (黑)" };
        match self {
            PairingWarning::Rematch { a, b } => write!(f, "{a} and {b} have met before (重复对局)"),
            PairingWarning::ThirdSameColour { player, colour: c } => {
                write!(f, "{player} would have {} three times running (连续三局同色)", colour(c))
            }
            PairingWarning::ColourDifference { player, difference } => {
                write!(f, "{player} would have a colour difference of {difference:+} (先后手差超过2)")
            }
            PairingWarning::SecondBye { player } => {
                write!(f, "{player} already had a bye or a forfeit win (再次轮空)")
            }
            PairingWarning::SameClub { a, b, club, .. } => write!(f, "{a} and {b} are both of {club} (同单位)"),
            PairingWarning::NotPaired { player } => write!(f, "{player} is neither paired nor given a bye (未编排)"),
            PairingWarning::ColoursRelaxed { players } => {
                let list: Vec<String> = players.iter().map(ToString::to_string).collect();
                write!(f, "the engine relaxed the colour rules for {} to keep scores (放宽先后手规则)", list.join(", "))
            }
        }
    }
}

/// A broken pairing rule as the pairing table, its tooltips and the confirmation of a
/// hand edit list it: a phrase without a full stop, in the director's language.
impl Localized for PairingWarning {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (PairingWarning::Rematch { a, b }, Lang::Zh) => format!("{a}号与{b}号重复对局，此前已经交过手"),
            (PairingWarning::Rematch { a, b }, Lang::En) => format!("no. {a} and no. {b} have met before"),
            (PairingWarning::ThirdSameColour { player, colour }, Lang::Zh) => {
                let side = if *colour == Colour::Red { "红" } else { "黑" };
                format!("{player}号将连续三局执{side}（连续三局同色）")
            }
            (PairingWarning::ThirdSameColour { player, colour }, Lang::En) => {
                let side = if *colour == Colour::Red { "red" } else { "black" };
                format!("no. {player} would have {side} three times running")
            }
            (PairingWarning::ColourDifference { player, difference }, Lang::Zh) => {
                let (more, fewer) = if *difference >= 0 { ("红", "黑") } else { ("黑", "红") };
                let by = difference.unsigned_abs();
                format!("{player}号执{more}将比执{fewer}多{by}局（先后手差超过2）")
            }
            (PairingWarning::ColourDifference { player, difference }, Lang::En) => {
                let (more, fewer) = if *difference >= 0 { ("red", "black") } else { ("black", "red") };
                let by = difference.unsigned_abs();
                format!("no. {player} would have {more} {by} times more than {fewer}")
            }
            (PairingWarning::SecondBye { player }, Lang::Zh) => {
                format!("{player}号此前已轮空或得过弃权胜，再次轮空")
            }
            (PairingWarning::SecondBye { player }, Lang::En) => {
                format!("no. {player} already had a bye or a forfeit win and would get the bye again")
            }
            (PairingWarning::SameClub { a, b, club, .. }, Lang::Zh) => format!("{a}号与{b}号同属{club}（同单位）"),
            (PairingWarning::SameClub { a, b, club, .. }, Lang::En) => {
                format!("no. {a} and no. {b} are both of {club}")
            }
            (PairingWarning::NotPaired { player }, Lang::Zh) => format!("{player}号既未编排对局，也未轮空"),
            (PairingWarning::NotPaired { player }, Lang::En) => {
                format!("no. {player} is neither paired nor given a bye")
            }
            (PairingWarning::ColoursRelaxed { players }, Lang::Zh) => {
                let list: Vec<String> = players.iter().map(ToString::to_string).collect();
                format!("本轮为确保同分/就近编对，放宽先后手规则（{}号）", list.join("、"))
            }
            (PairingWarning::ColoursRelaxed { players }, Lang::En) => {
                let list: Vec<String> = players.iter().map(ToString::to_string).collect();
                let who = if players.len() == 1 { "no." } else { "nos." };
                format!(
                    "to keep equal or nearest scores, the engine relaxed the colour rules in this last round ({who} {})",
                    list.join(", ")
                )
            }
        }
    }
}
