//! Hand edits of a paired round: swap two players' seats, swap a board's
//! colours, move a player to the bye. Each edit makes a new round; the command that
//! applies it checks the result with [`super::check_round`].

use crate::domain::event::{Bye, ByeKind, Round};
use crate::domain::ids::{BoardNo, StartNo};
use crate::domain::model::change::DomainError;
use serde::{Deserialize, Serialize};

/// One hand edit of a round's pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "edit", rename_all = "snake_case")]
pub enum PairingEdit {
    /// The two players exchange seats (board and colour, or the bye).
    SwapPlayers {
        /// One player.
        a: StartNo,
        /// The other.
        b: StartNo,
    },
    /// Red and black change places on a board.
    SwapColours {
        /// The board.
        board: BoardNo,
    },
    /// The player takes the pairing-allocated bye: the current holder takes his seat,
    /// or, with no bye in the round, his opponent gets a bye too.
    MoveToBye {
        /// The player.
        player: StartNo,
    },
}

/// Where a player sits in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seat {
    Red(usize),
    Black(usize),
    Bye(usize),
}

fn seat_of(round: &Round, p: StartNo) -> Option<Seat> {
    round
        .games
        .iter()
        .enumerate()
        .find_map(|(i, g)| {
            if g.red == p {
                Some(Seat::Red(i))
            } else if g.black == p {
                Some(Seat::Black(i))
            } else {
                None
            }
        })
        .or_else(|| round.byes.iter().position(|b| b.player == p).map(Seat::Bye))
}

fn put(round: &mut Round, seat: Seat, p: StartNo) {
    match seat {
        Seat::Red(i) => round.games[i].red = p,
        Seat::Black(i) => round.games[i].black = p,
        Seat::Bye(i) => round.byes[i].player = p,
    }
}

/// The round after the edit, or a message saying why the edit does not fit the round.
///
/// # Errors
/// A player or board not in the round.
pub fn edited(round: &Round, edit: PairingEdit) -> Result<Round, DomainError> {
    let mut next = round.clone();
    match edit {
        PairingEdit::SwapPlayers { a, b } => {
            let sa = seat_of(round, a).ok_or(DomainError::NotInRound { player: a, round: round.no })?;
            let sb = seat_of(round, b).ok_or(DomainError::NotInRound { player: b, round: round.no })?;
            put(&mut next, sa, b);
            put(&mut next, sb, a);
        }
        PairingEdit::SwapColours { board } => {
            // Every game of the board: a knockout match keeps its colours alternating
            // when the higher seed chooses black for game 1.
            let mut found = false;
            for game in next.games.iter_mut().filter(|g| g.board == board) {
                std::mem::swap(&mut game.red, &mut game.black);
                found = true;
            }
            if !found {
                return Err(DomainError::UnknownBoard { round: round.no, board });
            }
        }
        PairingEdit::MoveToBye { player } => {
            let seat = seat_of(round, player).ok_or(DomainError::NotInRound { player, round: round.no })?;
            let holder = round.byes.iter().find(|b| b.kind == ByeKind::Pairing).map(|b| b.player);
            match (seat, holder) {
                (Seat::Bye(_), _) => return Err(DomainError::AlreadyHasBye(player)),
                (_, Some(holder)) => return edited(round, PairingEdit::SwapPlayers { a: player, b: holder }),
                (Seat::Red(i) | Seat::Black(i), None) => {
                    let game = next.games.remove(i);
                    next.byes.push(Bye::new(game.red, ByeKind::Pairing));
                    next.byes.push(Bye::new(game.black, ByeKind::Pairing));
                    for (k, g) in next.games.iter_mut().enumerate() {
                        g.board = BoardNo(k as u32 + 1);
                    }
                }
            }
        }
    }
    next.byes.sort_by_key(|b| b.player);
    Ok(next)
}
