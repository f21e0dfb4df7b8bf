//! Colours (PAIRING.md cxa §4): each player's colour history and what it allows and
//! prefers this round, and the allocation of red and black to a pair.
//!
//! Only games played on the board count towards the history (a forfeited game was
//! never played with its colour), as FIDE C.04.3 A.6 counts the colour difference
//! ("games played with white minus games played with black"). The strengths follow
//! A.6: absolute when the difference is beyond ±1 or the last two games had the same
//! colour, strong for a difference of ±1, mild after a balanced history.

use super::Candidate;
use crate::domain::rules::Colour;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// How strongly a player wants a colour this round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    /// Alternation after a balanced history.
    Mild,
    /// A colour difference of one.
    Strong,
    /// The other colour would break an absolute rule (third in a row, difference beyond ±2).
    Absolute,
}

/// A player's colour situation before the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ColourState {
    /// Red games minus black games played.
    pub difference: i32,
    /// Red games played.
    pub reds: u32,
    /// The colours of the last two games played, most recent first.
    pub last_two: [Option<Colour>; 2],
    /// The round of the most recent game played as black.
    pub last_black_round: Option<u32>,
}

impl ColourState {
    /// Reads the history of a candidate.
    pub fn of(c: &Candidate) -> ColourState {
        let mut played: Vec<_> = c.record.games.iter().filter(|g| g.played()).collect();
        played.sort_by_key(|g| g.round);
        let difference = played.iter().map(|g| if g.colour == Colour::Red { 1 } else { -1 }).sum();
        let reds = played.iter().filter(|g| g.colour == Colour::Red).count() as u32;
        let mut recent = played.iter().rev().map(|g| g.colour);
        let last_two = [recent.next(), recent.next()];
        let last_black_round = played.iter().rev().find(|g| g.colour == Colour::Black).map(|g| g.round);
        ColourState { difference, reds, last_two, last_black_round }
    }

    /// Whether taking `colour` keeps both absolute rules: no third same colour in a row,
    /// no colour difference beyond ±2.
    pub fn allows(&self, colour: Colour) -> bool {
        let step = if colour == Colour::Red { 1 } else { -1 };
        let third_in_a_row = self.last_two == [Some(colour), Some(colour)];
        !third_in_a_row && (self.difference + step).abs() <= 2
    }

    /// The colour the player wants and how strongly, if any.
    pub fn preference(&self) -> Option<(Colour, Strength)> {
        let allowed = [Colour::Red, Colour::Black].map(|c| self.allows(c));
        match allowed {
            [true, false] => return Some((Colour::Red, Strength::Absolute)),
            [false, true] => return Some((Colour::Black, Strength::Absolute)),
            _ => {}
        }
        match self.difference {
            d if d < 0 => Some((Colour::Red, Strength::Strong)),
            d if d > 0 => Some((Colour::Black, Strength::Strong)),
            _ => self.last_two[0].map(|last| (last.opposite(), Strength::Mild)),
        }
    }
}

/// Whether the pair can be given colours without breaking an absolute rule.
pub(crate) fn compatible(a: &ColourState, b: &ColourState) -> bool {
    [Colour::Red, Colour::Black].into_iter().any(|c| a.allows(c) && b.allows(c.opposite()))
}

/// How the two players' wishes clash: `(absolute or strong clashes, mild clashes)`,
/// each 0 or 1. A red-surplus player against a black-surplus player clashes nowhere.
pub(crate) fn clash(a: &ColourState, b: &ColourState) -> (u32, u32) {
    match (a.preference(), b.preference()) {
        (Some((ca, sa)), Some((cb, sb))) if ca == cb => {
            if sa >= Strength::Strong && sb >= Strength::Strong {
                (1, 0)
            } else {
                (0, 1)
            }
        }
        _ => (0, 0),
    }
}

/// How round-1 colours are decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FirstRoundColours {
    /// Drawn by lot from the round's seed.
    ByLot,
    /// Odd boards: the upper player has red.
    OddBoardsUpperRed,
}

/// Which rule of PAIRING.md cxa §4 decided a pair's colours (the pairing explanation
/// names it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CxaRule {
    /// Only one way keeps both absolute rules (no third same colour, difference ±2).
    OnlyAllowed,
    /// The player with fewer reds relative to blacks takes red.
    Difference,
    /// Equal differences: the player with fewer reds takes red.
    FewerReds,
    /// The one who had black more recently takes red.
    BlackMoreRecently,
    /// Identical histories: the higher-ranked player alternates his last colour.
    Alternates,
    /// No history at all: red for the higher-ranked player.
    NoHistory,
}

/// The colour the higher-ranked player `high` takes against `low` (PAIRING.md cxa §4):
/// absolute rules first; then the player with fewer reds relative to blacks takes red;
/// then the one who had black more recently; then `high` alternates his last colour.
/// With no history at all, red for `high` (round-1 rules are applied by the caller).
pub(crate) fn colour_of_higher(high: &ColourState, low: &ColourState) -> Colour {
    colour_rule_of_higher(high, low).0
}

/// [`colour_of_higher`] with the rule that decided it.
pub(crate) fn colour_rule_of_higher(high: &ColourState, low: &ColourState) -> (Colour, CxaRule) {
    let feasible: Vec<Colour> =
        [Colour::Red, Colour::Black].into_iter().filter(|c| high.allows(*c) && low.allows(c.opposite())).collect();
    if let [only] = feasible.as_slice() {
        return (*only, CxaRule::OnlyAllowed);
    }
    let red_if = |high_red: bool| if high_red { Colour::Red } else { Colour::Black };
    if high.difference != low.difference {
        return (red_if(high.difference < low.difference), CxaRule::Difference);
    }
    if high.reds != low.reds {
        return (red_if(high.reds < low.reds), CxaRule::FewerReds);
    }
    match (high.last_black_round, low.last_black_round) {
        (Some(h), Some(l)) if h != l => return (red_if(h > l), CxaRule::BlackMoreRecently),
        (Some(_), None) => return (Colour::Red, CxaRule::BlackMoreRecently),
        (None, Some(_)) => return (Colour::Black, CxaRule::BlackMoreRecently),
        _ => {}
    }
    match high.last_two[0] {
        Some(last) => (last.opposite(), CxaRule::Alternates),
        None => (Colour::Red, CxaRule::NoHistory),
    }
}

/// Round-1 colours for board index `i` (0-based): by lot from the seed, or the upper
/// player red on odd boards.
pub(crate) fn first_round_colours(mode: FirstRoundColours, boards: usize, seed: u64) -> Vec<Colour> {
    match mode {
        FirstRoundColours::OddBoardsUpperRed => {
            (0..boards).map(|i| if i.is_multiple_of(2) { Colour::Red } else { Colour::Black }).collect()
        }
        FirstRoundColours::ByLot => {
            // Half the boards red for the upper player, drawn from the round's seed.
            let mut colours: Vec<Colour> =
                (0..boards).map(|i| if i.is_multiple_of(2) { Colour::Red } else { Colour::Black }).collect();
            let mut rng = ChaCha8Rng::seed_from_u64(seed.rotate_left(17) ^ 0x5851_F42D_4C95_7F2D);
            colours.shuffle(&mut rng);
            colours
        }
    }
}
