//! What the Dutch system reads of each player (C.04.3 A): score, pairing number,
//! colour preference (A.6), floats (A.4) and bye eligibility (C.04.1 c, C.04.3 C2),
//! from the player's record of the stage.

use super::Input;
use crate::domain::event::ByeKind;
use crate::domain::ids::StartNo;
use crate::domain::rules::Colour;

/// A colour or none; White is red (先手), as in the TRF mapping.
pub(crate) type Side = Option<Colour>;

/// The other colour; none stays none.
pub(crate) fn invert(side: Side) -> Side {
    side.map(Colour::opposite)
}

/// The float of a player in a past round (C.04.3 A.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Float {
    /// Met a lower-scored opponent, or scored more than a loss without playing.
    Down,
    /// Met a higher-scored opponent.
    Up,
    /// Neither.
    None,
}

/// One player to pair, as the Dutch criteria see them.
#[derive(Debug, Clone)]
pub(crate) struct Player {
    /// Index in the caller's candidate list.
    pub candidate: usize,
    /// Score in tenths.
    pub score: i32,
    /// The pairing number (C.04.3 A.2) counted from 0 among the stage's entrants:
    /// breaks score ties and decides colours by parity (E.5).
    pub rank: usize,
    /// Games played on the board.
    pub played: u32,
    /// Colour preference (A.6): the colour the player should get, if any.
    pub pref: Side,
    /// |whites − blacks| over played games.
    pub imbalance: u32,
    /// The colour of the last two played games when they are the same.
    pub repeated: Side,
    /// A strong (non-absolute) preference, A.6.b.
    pub strong: bool,
    /// May receive the pairing-allocated bye (C.04.1 c, C2).
    pub bye_eligible: bool,
    /// Floats one and two rounds ago.
    pub floats: [Float; 2],
    /// Colours of the played games, oldest first.
    pub colours: Vec<Colour>,
}

impl Player {
    /// A colour difference beyond 1 (A.6.a).
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    /// An absolute colour preference (A.6.a): imbalance beyond 1 or the same colour
    /// twice in a row.
    pub fn absolute_pref(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

/// The players of `input`, in candidate order.
pub(crate) fn players(input: &Input<'_>) -> Vec<Player> {
    let done = input.done;
    let loss = input.scoring.loss(Colour::Red).tenths();
    let win = input.scoring.win(Colour::Red).tenths();
    // A.2 pairing numbers count the players in the pairing: those to pair now and
    // those who took part in an earlier pairing (a game or the pairing-allocated bye);
    // a player only ever absent does not count.
    let numbered: Vec<StartNo> = input
        .entrants
        .iter()
        .copied()
        .filter(|e| {
            input.candidates.iter().any(|c| c.start_no == *e)
                || input
                    .records
                    .get(e)
                    .is_some_and(|r| !r.games.is_empty() || r.byes.iter().any(|(_, kind)| *kind == ByeKind::Pairing))
        })
        .collect();
    input
        .candidates
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let record = &c.record;
            let played_colours: Vec<Colour> = record.games.iter().filter(|g| g.played()).map(|g| g.colour).collect();
            let (pref, imbalance, repeated, strong) = preference(&played_colours);
            let round_points =
                |r: u32| record.total_after(r).tenths() - record.total_after(r.saturating_sub(1)).tenths();
            let played_in = |r: u32| record.games.iter().find(|g| g.round == r && g.played());
            let bye_eligible = (1..=done).all(|r| {
                played_in(r).is_some()
                    || (round_points(r) < win
                        && !record.byes.iter().any(|(br, kind)| *br == r && *kind == ByeKind::Pairing))
            });
            let float = |back: u32| -> Float {
                if back > done {
                    return Float::None;
                }
                let r = done + 1 - back;
                match played_in(r) {
                    Some(game) => {
                        let mine = record.total_after(r - 1).tenths();
                        let theirs =
                            input.records.get(&game.opponent).map(|o| o.total_after(r - 1).tenths()).unwrap_or(mine);
                        match mine.cmp(&theirs) {
                            std::cmp::Ordering::Greater => Float::Down,
                            std::cmp::Ordering::Less => Float::Up,
                            std::cmp::Ordering::Equal => Float::None,
                        }
                    }
                    None if round_points(r) > loss => Float::Down,
                    None => Float::None,
                }
            };
            Player {
                candidate: k,
                score: c.points.tenths(),
                rank: numbered.binary_search(&c.start_no).unwrap_or(numbered.len() + k),
                played: played_colours.len() as u32,
                pref,
                imbalance,
                repeated,
                strong,
                bye_eligible,
                floats: [float(1), float(2)],
                colours: played_colours,
            }
        })
        .collect()
}

/// The colour preference from the colours of the played games (C.04.3 A.6):
/// (preference, imbalance, repeated colour, strong).
pub(crate) fn preference(colours: &[Colour]) -> (Side, u32, Side, bool) {
    let whites = colours.iter().filter(|c| **c == Colour::Red).count() as i64;
    let blacks = colours.len() as i64 - whites;
    let mut run = 0u32;
    let mut last: Side = None;
    for &c in colours {
        run = if last == Some(c) { run + 1 } else { 1 };
        last = Some(c);
    }
    let lower = if whites > blacks { Colour::Black } else { Colour::Red };
    let imbalance = (whites - blacks).unsigned_abs() as u32;
    // A.6.a absolute (imbalance > 1, or the same colour twice running), A.6.b strong
    // (imbalance 1), A.6.c mild (alternate with the last game).
    let pref = if imbalance > 1 {
        Some(lower)
    } else if run > 1 {
        invert(last)
    } else if imbalance > 0 {
        Some(lower)
    } else {
        invert(last)
    };
    let repeated = if run > 1 { last } else { None };
    let strong = !(imbalance > 1 || repeated.is_some()) && imbalance > 0;
    (pref, imbalance, repeated, strong)
}
