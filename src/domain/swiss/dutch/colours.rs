//! Colour allocation of a pair (C.04.3 E.1–E.5), as the FIDE-endorsed engine
//! bbpPairings applies them.

use super::players::{Player, Side, invert};
use super::weights::prefs_compatible;
use crate::domain::rules::Colour;

/// Whether `a` ranks below `b`: lower score, or the same score and a larger
/// pairing number (C.04.3 A.2).
pub(crate) fn ranks_below(a: &Player, b: &Player) -> bool {
    (a.score, b.rank) < (b.score, a.rank)
}

/// Which of the colour allocation rules (C.04.3 E.1–E.5) decided a pair's colours,
/// as seen from `player` (the pairing explanation names it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rule {
    /// E.1: both preferences granted.
    BothPreferences,
    /// E.2: the stronger preference wins; `player_s`: it was the player's.
    Stronger { player_s: bool },
    /// E.3: alternate from the latest round in which they had different colours.
    Alternate,
    /// E.4: the higher-ranked player's preference; `player_higher`: the player ranks higher.
    HigherPreference { player_higher: bool },
    /// E.5: no preferences: the higher-ranked player's pairing number and the initial colour.
    PairingNumber { player_higher: bool },
}

/// The colour `player` gets against `opponent` when the rules E.1–E.4 decide it,
/// else none, with the rule.
fn by_preferences(player: &Player, opponent: &Player) -> Option<(Colour, Rule)> {
    if prefs_compatible(player, opponent) {
        // E.1: both preferences are granted.
        return player.pref.or(invert(opponent.pref)).map(|c| (c, Rule::BothPreferences));
    }
    let mine = |side: Side| side.map(|c| (c, Rule::Stronger { player_s: true }));
    let theirs = |side: Side| invert(side).map(|c| (c, Rule::Stronger { player_s: false }));
    // E.2: the stronger preference wins (absolute over strong over mild; of two
    // absolute ones, the wider colour imbalance).
    if player.absolute_pref() && (player.imbalance > opponent.imbalance || !opponent.absolute_pref()) {
        return mine(player.pref);
    }
    if opponent.absolute_pref() && (opponent.imbalance > player.imbalance || !player.absolute_pref()) {
        return theirs(opponent.pref);
    }
    if player.strong && !opponent.strong {
        return mine(player.pref);
    }
    if opponent.strong && !player.strong {
        return theirs(opponent.pref);
    }
    // E.3: alternate from the latest round in which they had different colours.
    let differing = player.colours.iter().rev().zip(opponent.colours.iter().rev()).find(|(a, b)| a != b);
    differing.map(|(_, theirs)| (*theirs, Rule::Alternate))
}

/// The colour `player` gets against `opponent`; `initial` is the colour drawn for
/// the top player in round 1 (TRF `XXC white1` / `black1`).
pub(crate) fn colour_of(player: &Player, opponent: &Player, initial: Colour) -> Colour {
    allocate(player, opponent, initial).0
}

/// [`colour_of`] with the rule that decided it.
pub(crate) fn allocate(player: &Player, opponent: &Player, initial: Colour) -> (Colour, Rule) {
    if let Some(decided) = by_preferences(player, opponent) {
        return decided;
    }
    let player_lower = ranks_below(player, opponent);
    let player_higher = !player_lower;
    match player.pref {
        // E.5: no preferences: the higher-ranked player gets the initial colour with
        // an odd pairing number, the other with an even one.
        None => {
            let (higher, flip) = if player_lower { (opponent, false) } else { (player, true) };
            let higher_gets = if higher.rank % 2 == 1 { initial.opposite() } else { initial };
            let colour = if flip { higher_gets } else { higher_gets.opposite() };
            (colour, Rule::PairingNumber { player_higher })
        }
        // E.4: the higher-ranked player's preference is granted.
        Some(pref) => {
            let colour = if player_lower { opponent.pref.map_or(pref, Colour::opposite) } else { pref };
            (colour, Rule::HigherPreference { player_higher })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::swiss::dutch::players::Float;

    fn player(rank: usize, score: i32, colours: &[Colour]) -> Player {
        let (pref, imbalance, repeated, strong) = crate::domain::swiss::dutch::players::preference(colours);
        Player {
            candidate: rank,
            score,
            rank,
            played: colours.len() as u32,
            pref,
            imbalance,
            repeated,
            strong,
            bye_eligible: true,
            floats: [Float::None; 2],
            colours: colours.to_vec(),
        }
    }

    #[test]
    fn preferences_follow_a6() {
        // R-3 (C.04.3 A.6): two reds running is absolute for black, one red more is
        // strong, alternation is mild.
        let (r, b) = (Colour::Red, Colour::Black);
        let twice = player(0, 0, &[r, r]);
        assert_eq!((twice.pref, twice.absolute_pref(), twice.strong), (Some(b), true, false));
        let one_more = player(0, 0, &[r, b, r]);
        assert_eq!((one_more.pref, one_more.absolute_pref(), one_more.strong), (Some(b), false, true));
        let mild = player(0, 0, &[b, r]);
        assert_eq!((mild.pref, mild.absolute_pref(), mild.strong), (Some(b), false, false));
    }

    #[test]
    fn colours_follow_e1_to_e5() {
        // R-3 (C.04.3 E.1): compatible preferences are both granted.
        let (r, b) = (Colour::Red, Colour::Black);
        assert_eq!(colour_of(&player(0, 10, &[b]), &player(1, 10, &[r]), Colour::Red), Colour::Red);
        // E.2: the absolute preference beats the mild one.
        assert_eq!(colour_of(&player(0, 10, &[b]), &player(1, 10, &[r, r]), Colour::Red), Colour::Red);
        assert_eq!(colour_of(&player(1, 10, &[r, r]), &player(0, 10, &[b]), Colour::Red), Colour::Black);
        // E.4: equal mild preferences: the higher-ranked player gets theirs.
        assert_eq!(colour_of(&player(3, 10, &[b]), &player(2, 10, &[b]), Colour::Red), Colour::Black);
        assert_eq!(colour_of(&player(2, 10, &[b]), &player(3, 10, &[b]), Colour::Red), Colour::Red);
        // E.5: no history: the higher-ranked player with an odd pairing number (rank
        // 0) gets the initial colour, with an even one (rank 1) the other.
        assert_eq!(colour_of(&player(0, 0, &[]), &player(5, 0, &[]), Colour::Red), Colour::Red);
        assert_eq!(colour_of(&player(1, 0, &[]), &player(5, 0, &[]), Colour::Red), Colour::Black);
        assert_eq!(colour_of(&player(5, 0, &[]), &player(0, 0, &[]), Colour::Black), Colour::Red);
    }
}
