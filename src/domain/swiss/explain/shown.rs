//! An explanation with its players named as people read them: where a group
//! numbers its players 1…N, the explanation's start numbers are put into the group's
//! numbers before it is worded, so `5号` in an explanation is the 5 of the pairing
//! table. The explanation is computed on start numbers (the event's identities); only
//! its wording changes.

use super::{
    BoardExplanation, ByeExplanation, ByeWhy, ColourRule, ColourWhy, Comparison, Difference, DownWhy, NearerGroup,
    PairedWhy, PlayerExplanation, RoundExplanation,
};
use crate::domain::ids::StartNo;

/// A start number to the number shown.
pub type Shown<'a> = &'a dyn Fn(StartNo) -> StartNo;

fn all(list: &[StartNo], shown: Shown<'_>) -> Vec<StartNo> {
    list.iter().map(|p| shown(*p)).collect()
}

fn avoided(list: &[(StartNo, String)], shown: Shown<'_>) -> Vec<(StartNo, String)> {
    list.iter().map(|(p, reason)| (shown(*p), reason.clone())).collect()
}

impl RoundExplanation {
    /// The explanation with every player by his shown number. Look boards up as
    /// before; a bye by its player's shown number.
    pub fn with_shown_numbers(&self, shown: Shown<'_>) -> RoundExplanation {
        RoundExplanation {
            round: self.round,
            boards: self.boards.iter().map(|b| b.with_shown_numbers(shown)).collect(),
            byes: self.byes.iter().map(|b| b.with_shown_numbers(shown)).collect(),
            comparison: self.comparison.with_shown_numbers(shown),
        }
    }
}

impl BoardExplanation {
    fn with_shown_numbers(&self, shown: Shown<'_>) -> BoardExplanation {
        BoardExplanation {
            board: self.board,
            game: self.game,
            red: self.red.with_shown_numbers(shown),
            black: self.black.with_shown_numbers(shown),
            colour: self.colour.with_shown_numbers(shown),
        }
    }
}

impl PlayerExplanation {
    /// This with every player by his shown number.
    pub fn with_shown_numbers(&self, shown: Shown<'_>) -> PlayerExplanation {
        PlayerExplanation { player: shown(self.player), why: self.why.with_shown_numbers(shown), ..self.clone() }
    }
}

impl PairedWhy {
    fn with_shown_numbers(&self, shown: Shown<'_>) -> PairedWhy {
        match self {
            PairedWhy::Down(why) => PairedWhy::Down(why.with_shown_numbers(shown)),
            PairedWhy::Up { partner, partner_score } => {
                PairedWhy::Up { partner: shown(*partner), partner_score: *partner_score }
            }
            PairedWhy::HandEdited { engine_opponent } => {
                PairedWhy::HandEdited { engine_opponent: engine_opponent.map(shown) }
            }
            other => other.clone(),
        }
    }
}

impl DownWhy {
    fn with_shown_numbers(&self, shown: Shown<'_>) -> DownWhy {
        DownWhy {
            rematch: all(&self.rematch, shown),
            avoided: avoided(&self.avoided, shown),
            club: all(&self.club, shown),
            colour: all(&self.colour, shown),
            nearer: self.nearer.iter().map(|g| g.with_shown_numbers(shown)).collect(),
            ..self.clone()
        }
    }
}

impl NearerGroup {
    fn with_shown_numbers(&self, shown: Shown<'_>) -> NearerGroup {
        NearerGroup {
            score: self.score,
            rematch: all(&self.rematch, shown),
            avoided: avoided(&self.avoided, shown),
            club: all(&self.club, shown),
            colour: all(&self.colour, shown),
            elsewhere: all(&self.elsewhere, shown),
        }
    }
}

impl ColourWhy {
    /// This with every player by his shown number.
    pub fn with_shown_numbers(&self, shown: Shown<'_>) -> ColourWhy {
        ColourWhy {
            red: shown(self.red),
            rules_red: shown(self.rules_red),
            rule: self.rule.with_shown_numbers(shown),
            by_hand: self.by_hand,
        }
    }
}

impl ColourRule {
    fn with_shown_numbers(&self, shown: Shown<'_>) -> ColourRule {
        match self {
            ColourRule::FirstRoundAlternate { upper, upper_red } => {
                ColourRule::FirstRoundAlternate { upper: shown(*upper), upper_red: *upper_red }
            }
            ColourRule::HigherAlternates { higher } => ColourRule::HigherAlternates { higher: shown(*higher) },
            ColourRule::HigherRanked { higher } => ColourRule::HigherRanked { higher: shown(*higher) },
            ColourRule::StrongerPreference { player } => ColourRule::StrongerPreference { player: shown(*player) },
            ColourRule::HigherRankedPreference { higher } => {
                ColourRule::HigherRankedPreference { higher: shown(*higher) }
            }
            ColourRule::PairingNumber { higher } => ColourRule::PairingNumber { higher: shown(*higher) },
            other => other.clone(),
        }
    }
}

impl ByeExplanation {
    /// This with every player by his shown number.
    pub fn with_shown_numbers(&self, shown: Shown<'_>) -> ByeExplanation {
        let why = match &self.why {
            ByeWhy::Lowest { score, lowest_group, had_bye_below, others_below } => ByeWhy::Lowest {
                score: *score,
                lowest_group: *lowest_group,
                had_bye_below: all(had_bye_below, shown),
                others_below: all(others_below, shown),
            },
            ByeWhy::HandEdited { engine } => ByeWhy::HandEdited { engine: engine.map(shown) },
            other => other.clone(),
        };
        ByeExplanation { player: shown(self.player), why }
    }
}

impl Comparison {
    fn with_shown_numbers(&self, shown: Shown<'_>) -> Comparison {
        match self {
            Comparison::Differs(differences) => {
                Comparison::Differs(differences.iter().map(|d| d.with_shown_numbers(shown)).collect())
            }
            other => other.clone(),
        }
    }
}

impl Difference {
    /// This difference with every player by his shown number.
    pub fn with_shown_numbers(&self, shown: Shown<'_>) -> Difference {
        let pair = |p: &Option<(StartNo, StartNo)>| p.map(|(r, b)| (shown(r), shown(b)));
        match self {
            Difference::Pair { board, engine, now } => {
                Difference::Pair { board: *board, engine: pair(engine), now: pair(now) }
            }
            Difference::Colours { board, engine_red, engine_black } => Difference::Colours {
                board: *board,
                engine_red: shown(*engine_red),
                engine_black: shown(*engine_black),
            },
            Difference::Bye { engine, now } => Difference::Bye { engine: all(engine, shown), now: all(now, shown) },
        }
    }
}
