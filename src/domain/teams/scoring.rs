//! A team match's score: each board's 局分 by the stage's game table from the
//! side its team sat on, a board one side could not fill a forfeit, and from the 局分
//! the 场分; with 胜局, 台次分 and fouls for the standings.

use crate::domain::event::{Round, Stage};
use crate::domain::model::team::{MatchPoints, TeamMatch};
use crate::domain::points::Points;
use crate::domain::rules::Colour;

/// What one team made of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SideScore {
    /// 局分: the boards' points.
    pub game_points: Points,
    /// 胜局: boards won, forfeit wins included.
    pub wins: u32,
    /// 台次分: each board's 局分 × (K − b + 1).
    pub board_points: Points,
    /// Fouls of the team's players in the match.
    pub fouls: u32,
}

/// Both sides of a match, and whether every board is decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MatchScore {
    /// The home team's score.
    pub home: SideScore,
    /// The away team's score.
    pub away: SideScore,
    /// Every board has a result (a board one side could not fill is decided).
    pub complete: bool,
}

impl MatchScore {
    /// The 场分 of (home, away): more 局分 wins.
    pub fn match_points(&self, table: &MatchPoints) -> (Points, Points) {
        use std::cmp::Ordering::*;
        match self.home.game_points.cmp(&self.away.game_points) {
            Greater => (table.win, table.loss),
            Equal => (table.draw, table.draw),
            Less => (table.loss, table.win),
        }
    }
}

/// The score of match `m` of `round` in a team stage of `boards` boards.
pub fn score_match(stage: &Stage, boards: u32, round: &Round, m: &TeamMatch) -> MatchScore {
    let table = &stage.scoring;
    let mut score = MatchScore { complete: true, ..MatchScore::default() };
    for b in 1..=boards {
        let weight = (boards - b + 1) as i32;
        let home_colour = TeamMatch::home_colour(b);
        let home_here = m.home_lineup.get(b as usize - 1).is_some();
        let away_here = m.away_lineup.get(b as usize - 1).is_some();
        let (home, away, home_won, away_won) = match (home_here, away_here) {
            (true, true) => {
                let board = m.board_no(boards, b);
                let Some(game) = round.games.iter().find(|g| g.board == board && g.game == 1) else { continue };
                let Some(result) = game.result else {
                    score.complete = false;
                    continue;
                };
                score.home.fouls += result.fouls(home_colour);
                score.away.fouls += result.fouls(home_colour.opposite());
                (
                    result.outcome.points_for(home_colour, table),
                    result.outcome.points_for(home_colour.opposite(), table),
                    result.outcome.won_by(home_colour),
                    result.outcome.won_by(home_colour.opposite()),
                )
            }
            (true, false) => (table.forfeit_win(home_colour), table.forfeit_loss, true, false),
            (false, true) => (table.forfeit_loss, table.forfeit_win(home_colour.opposite()), false, true),
            (false, false) => (table.forfeit_loss, table.forfeit_loss, false, false),
        };
        add(&mut score.home, home, home_won, weight);
        add(&mut score.away, away, away_won, weight);
    }
    score
}

fn add(side: &mut SideScore, points: Points, won: bool, weight: i32) {
    side.game_points += points;
    side.board_points += Points(points.0 * weight);
    side.wins += u32::from(won);
}

/// A team bye's score: the match win and every board's bye points unless the stage
/// sets the bye's 局分; 台次分 weighs the boards as if won on each.
pub fn bye_score(stage: &Stage, boards: u32, bye_game_points: Option<Points>) -> SideScore {
    let per_board = stage.scoring.bye;
    let weights: i32 = (1..=boards).map(|b| (boards - b + 1) as i32).sum();
    match bye_game_points {
        Some(p) => SideScore { game_points: p, wins: 0, board_points: Points(0), fouls: 0 },
        None => SideScore {
            game_points: Points(per_board.0 * boards as i32),
            wins: boards,
            board_points: Points(per_board.0 * weights),
            fouls: 0,
        },
    }
}

/// The colour a team's player has on match board `b`.
pub fn colour_on(home: bool, b: u32) -> Colour {
    let c = TeamMatch::home_colour(b);
    if home { c } else { c.opposite() }
}
