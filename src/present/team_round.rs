//! A team round as a pairing sheet: each match with its two teams,
//! its score, and its K boards — who sits red and black (the home team red on odd
//! boards), the recorded result, and a board one side could not fill shown with that
//! side empty and the forfeit it scores. The command line's `pairings` (text and JSON)
//! reads it; any other medium may.

use crate::domain::event::{Round, Stage};
use crate::domain::ids::{BoardNo, StartNo};
use crate::domain::model::team::{TeamId, TeamMatch};
use crate::domain::result::{GameResult, Outcome};
use crate::domain::rules::Colour;
use crate::domain::teams::{MatchScore, score_match};

/// A team round's matches and byes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRoundSheet {
    /// Boards per match (K).
    pub boards: u32,
    /// The matches in order.
    pub matches: Vec<MatchSheet>,
    /// Teams with a pairing bye.
    pub byes: Vec<TeamId>,
}

/// One match of the sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchSheet {
    /// The match number, 1 on top.
    pub no: u32,
    /// The first-named team, red on odd boards.
    pub home: TeamId,
    /// The second-named team.
    pub away: TeamId,
    /// 局分 so far, and whether every board is decided.
    pub score: MatchScore,
    /// Boards 1 … K.
    pub boards: Vec<BoardSheet>,
}

/// One board of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardSheet {
    /// The match board, 1 … K.
    pub board: u32,
    /// The round's board number: (m − 1)·K + board.
    pub round_board: BoardNo,
    /// The red player; `None` when that side has no player for the board.
    pub red: Option<StartNo>,
    /// The black player; `None` likewise.
    pub black: Option<StartNo>,
    /// The result recorded on the board's game, if any.
    pub recorded: Option<GameResult>,
}

impl BoardSheet {
    /// The board's outcome: the recorded one, or the forfeit of a side that had no
    /// player (both sides empty: both forfeit); `None` while a played board waits.
    pub fn outcome(&self) -> Option<Outcome> {
        match (self.red, self.black) {
            (Some(_), Some(_)) => self.recorded.map(|r| r.outcome),
            (Some(_), None) => Some(Outcome::RedWinsByForfeit),
            (None, Some(_)) => Some(Outcome::BlackWinsByForfeit),
            (None, None) => Some(Outcome::BothForfeit),
        }
    }

    /// Whether both sides have a player, so that the board has a game.
    pub fn is_seated(&self) -> bool {
        self.red.is_some() && self.black.is_some()
    }
}

impl TeamRoundSheet {
    /// The sheet of `round` of a team stage; `None` for a round or stage that is not a
    /// team one.
    pub fn of(stage: &Stage, round: &Round) -> Option<TeamRoundSheet> {
        let boards = stage.teams.as_ref()?.boards;
        let tr = round.teams.as_ref()?;
        let matches = tr
            .matches
            .iter()
            .map(|m| MatchSheet {
                no: m.no,
                home: m.home,
                away: m.away,
                score: score_match(stage, boards, round, m),
                boards: (1..=boards).map(|b| board_sheet(round, m, boards, b)).collect(),
            })
            .collect();
        Some(TeamRoundSheet { boards, matches, byes: tr.byes.clone() })
    }

    /// The match numbered `no`.
    pub fn match_no(&self, no: u32) -> Option<&MatchSheet> {
        self.matches.iter().find(|m| m.no == no)
    }
}

fn board_sheet(round: &Round, m: &TeamMatch, boards: u32, b: u32) -> BoardSheet {
    let home = m.home_lineup.get(b as usize - 1).copied();
    let away = m.away_lineup.get(b as usize - 1).copied();
    let (red, black) = match TeamMatch::home_colour(b) {
        Colour::Red => (home, away),
        Colour::Black => (away, home),
    };
    let round_board = m.board_no(boards, b);
    let recorded = round.games.iter().find(|g| g.board == round_board && g.game == 1).and_then(|g| g.result);
    BoardSheet { board: b, round_board, red, black, recorded }
}
