//! One game on one board of a round ([`Game`]): who plays red and black, and the
//! result. Apart from `event` (which re-exports it) so that the files the event is
//! made of, such as `pairing_controls`, name a game without naming the event
//! (issue 40).

use super::ids::{BoardNo, StartNo};
use super::result::GameResult;
use super::rules::Colour;
use serde::{Deserialize, Serialize};

/// One game on one board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// Board number; 1 is the top board.
    pub board: BoardNo,
    /// Game of the match: 1 in Swiss; 1, 2 and playoffs 3 … in a knockout.
    pub game: u32,
    /// The red player (moves first).
    pub red: StartNo,
    /// The black player.
    pub black: StartNo,
    /// `None` while unplayed.
    pub result: Option<GameResult>,
}

impl Game {
    /// The colour `player` has in this game, if they play in it.
    pub fn colour_of(&self, player: StartNo) -> Option<Colour> {
        if self.red == player {
            Some(Colour::Red)
        } else if self.black == player {
            Some(Colour::Black)
        } else {
            None
        }
    }

    /// The player of the given colour.
    pub fn player(&self, colour: Colour) -> StartNo {
        match colour {
            Colour::Red => self.red,
            Colour::Black => self.black,
        }
    }
}
