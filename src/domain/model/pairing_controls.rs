//! The director's pairing controls of a group: pairs of players who must never
//! meet (回避: siblings, parent and child, the same coach), each with its reason, and
//! fixed boards (固定台次: a player who always sits at board K — a wheelchair user, the
//! broadcast board). The pairing engines take the avoided pairs as forbidden pairs in
//! the same matching as every other absolute rule; fixed boards are placed after the
//! board order, the rest keeping their order.

use super::game::Game;
use super::ids::{BoardNo, StartNo};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Two players who are never paired, and why.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct AvoidedPair {
    /// The lower start number.
    pub a: StartNo,
    /// The higher start number.
    pub b: StartNo,
    /// Why (the director's words); may be empty.
    #[serde(default)]
    pub reason: String,
}

/// A player who always sits at a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FixedBoard {
    /// The player.
    pub start_no: StartNo,
    /// The board.
    pub board: BoardNo,
}

/// A group's pairing controls, each list sorted by start numbers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingControls {
    /// Pairs never paired, sorted by (a, b) with a < b.
    #[serde(default)]
    pub avoided: Vec<AvoidedPair>,
    /// Fixed boards, sorted by start number.
    #[serde(default)]
    pub fixed_boards: Vec<FixedBoard>,
}

impl PairingControls {
    /// Whether nothing is set.
    pub fn is_empty(&self) -> bool {
        self.avoided.is_empty() && self.fixed_boards.is_empty()
    }

    /// The avoided pairs as (lower, higher) start numbers, as the engines forbid them.
    pub fn avoided_pairs(&self) -> BTreeSet<(StartNo, StartNo)> {
        self.avoided.iter().map(|p| (p.a, p.b)).collect()
    }

    /// The board `player` always sits at.
    pub fn board_of(&self, player: StartNo) -> Option<BoardNo> {
        self.fixed_boards.iter().find(|f| f.start_no == player).map(|f| f.board)
    }

    /// Sets (or, with the same pair, re-words) an avoided pair.
    pub fn avoid(&mut self, x: StartNo, y: StartNo, reason: &str) {
        let (a, b) = (x.min(y), x.max(y));
        self.avoided.retain(|p| (p.a, p.b) != (a, b));
        self.avoided.push(AvoidedPair { a, b, reason: reason.trim().to_string() });
        self.avoided.sort();
    }

    /// Drops an avoided pair; `false` when there was none.
    pub fn remove_avoided(&mut self, x: StartNo, y: StartNo) -> bool {
        let (a, b) = (x.min(y), x.max(y));
        let before = self.avoided.len();
        self.avoided.retain(|p| (p.a, p.b) != (a, b));
        self.avoided.len() != before
    }

    /// Fixes `player` at `board`, or frees him with `None`.
    pub fn fix(&mut self, player: StartNo, board: Option<BoardNo>) {
        self.fixed_boards.retain(|f| f.start_no != player);
        if let Some(board) = board {
            self.fixed_boards.push(FixedBoard { start_no: player, board });
            self.fixed_boards.sort();
        }
    }

    /// Forgets a player (deleted from the event).
    pub fn forget(&mut self, player: StartNo) {
        self.avoided.retain(|p| p.a != player && p.b != player);
        self.fixed_boards.retain(|f| f.start_no != player);
    }

    /// Whether the controls name `player`.
    pub fn names(&self, player: StartNo) -> bool {
        self.avoided.iter().any(|p| p.a == player || p.b == player) || self.board_of(player).is_some()
    }

    /// The same controls with start numbers given anew (`new_number(old)`).
    pub fn renumbered(&self, new_number: impl Fn(StartNo) -> StartNo) -> PairingControls {
        let mut next = PairingControls::default();
        for p in &self.avoided {
            next.avoid(new_number(p.a), new_number(p.b), &p.reason);
        }
        for f in &self.fixed_boards {
            next.fix(new_number(f.start_no), Some(f.board));
        }
        next
    }
}

/// Puts the games of fixed players at their boards, after the engine's board
/// order: fixed players are seated by board, then start number; a board beyond the
/// round's last goes to the last free one; a game already moved, or a board already
/// taken, keeps the first claim. Every other game keeps its order on the boards left.
/// Only for rounds of one game per board (not knockout matches).
pub fn place_fixed_boards(games: &mut [Game], fixed: &[FixedBoard]) {
    let n = games.len();
    if n == 0 || fixed.is_empty() {
        return;
    }
    let mut claims: Vec<FixedBoard> = fixed.to_vec();
    claims.sort_by_key(|f| (f.board, f.start_no));
    // seat[k] = index of the game sitting at board k + 1.
    let mut seat: Vec<Option<usize>> = vec![None; n];
    let mut placed = vec![false; n];
    for claim in claims {
        let Some(game) = games.iter().position(|g| g.red == claim.start_no || g.black == claim.start_no) else {
            continue;
        };
        if placed[game] {
            continue;
        }
        let wanted = (claim.board.0.max(1) as usize).min(n) - 1;
        let free = (0..=wanted).rev().chain(wanted + 1..n).find(|&k| seat[k].is_none());
        if let Some(k) = free {
            seat[k] = Some(game);
            placed[game] = true;
        }
    }
    let mut rest = (0..n).filter(|&i| !placed[i]);
    let order: Vec<usize> = seat.iter().map(|s| s.or_else(|| rest.next()).unwrap_or_default()).collect();
    let original = games.to_vec();
    for (k, &i) in order.iter().enumerate() {
        games[k] = Game { board: BoardNo(k as u32 + 1), ..original[i] };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(board: u32, red: u32, black: u32) -> Game {
        Game { board: BoardNo(board), game: 1, red: StartNo(red), black: StartNo(black), result: None }
    }

    fn seats(games: &[Game]) -> Vec<(u32, u32)> {
        games.iter().map(|g| (g.board.0, g.red.0)).collect()
    }

    // a fixed player's game moves to his board; the others keep their order.
    #[test]
    fn a_fixed_board_moves_one_game_and_keeps_the_order_of_the_rest() {
        let mut games = vec![game(1, 1, 2), game(2, 3, 4), game(3, 5, 6), game(4, 7, 8)];
        place_fixed_boards(&mut games, &[FixedBoard { start_no: StartNo(6), board: BoardNo(1) }]);
        assert_eq!(seats(&games), [(1, 5), (2, 1), (3, 3), (4, 7)]);
    }

    // two claims on one board: the first (by board, then start number) wins and
    // the other takes the nearest free board; a board past the last goes to the last.
    #[test]
    fn clashing_and_distant_claims_find_a_board() {
        let mut games = vec![game(1, 1, 2), game(2, 3, 4), game(3, 5, 6)];
        let fixed = [
            FixedBoard { start_no: StartNo(3), board: BoardNo(9) },
            FixedBoard { start_no: StartNo(5), board: BoardNo(1) },
            FixedBoard { start_no: StartNo(2), board: BoardNo(1) },
        ];
        place_fixed_boards(&mut games, &fixed);
        // 2 claims board 1 first (start number 2 < 5); 5 then takes the nearest free one
        // below or above (board 2); 3 asked for 9 and gets the last, board 3.
        assert_eq!(seats(&games), [(1, 1), (2, 5), (3, 3)]);
    }

    #[test]
    fn pairs_are_kept_sorted_and_reworded() {
        let mut c = PairingControls::default();
        c.avoid(StartNo(9), StartNo(2), "兄弟");
        c.avoid(StartNo(2), StartNo(9), " 父子 ");
        c.avoid(StartNo(1), StartNo(3), "");
        assert_eq!(
            c.avoided_pairs().into_iter().collect::<Vec<_>>(),
            [(StartNo(1), StartNo(3)), (StartNo(2), StartNo(9))]
        );
        assert_eq!(c.avoided[1].reason, "父子");
        assert!(c.remove_avoided(StartNo(9), StartNo(2)));
        assert!(!c.remove_avoided(StartNo(9), StartNo(2)));
    }
}
