//! A team round in words, for the panels that show one (pairing, results,
//! a match's heading — `第1场`, the home team (主) and the away team (客) —
//! and its score (局分 home:away, and 场分 once every board is decided), a board's
//! `match.board` label (`2.3`), a team's name, and the round's team byes.

use crate::domain::event::{Group, Round, Stage};
use crate::domain::ids::BoardNo;
use crate::domain::model::team::{TeamId, TeamMatch, TeamRound};
use crate::domain::teams::score_match;
use crate::lang::Lang;

/// A match of a team round in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchHeading {
    /// `第1场` / `Match 1`.
    pub title: String,
    /// `A队（主）` / `A (home)`.
    pub home: String,
    /// `B队（客）` / `B (away)`.
    pub away: String,
    /// `局分 3:1 · 场分 2:0`, `局分 1:0（进行中）`, or empty before any result.
    pub score: String,
}

/// The team's name, or its number when the group has no such team.
pub fn team_name(group: &Group, team: TeamId) -> String {
    group.team(team).map_or_else(|| team.to_string(), |t| t.name.clone())
}

/// The heading of match `m` of `round` (its score as `round` holds the results).
pub fn match_heading(group: &Group, stage: &Stage, round: &Round, m: &TeamMatch, lang: Lang) -> MatchHeading {
    let title = match lang {
        Lang::Zh => format!("第{}场", m.no),
        Lang::En => format!("Match {}", m.no),
    };
    let home = format!("{}{}", team_name(group, m.home), lang.t("（主）", " (home)"));
    let away = format!("{}{}", team_name(group, m.away), lang.t("（客）", " (away)"));
    MatchHeading { title, home, away, score: score_text(stage, round, m, lang) }
}

/// `局分 3:1 · 场分 2:0` once every board is decided, `局分 1:0（进行中）` before, empty
/// while no board of the match has a result.
pub fn score_text(stage: &Stage, round: &Round, m: &TeamMatch, lang: Lang) -> String {
    let Some(rules) = &stage.teams else { return String::new() };
    let boards = rules.boards;
    let started = (1..=boards).any(|b| {
        let board = m.board_no(boards, b);
        round.games.iter().any(|g| g.board == board && g.result.is_some())
    });
    if !started {
        return String::new();
    }
    let score = score_match(stage, boards, round, m);
    let games = format!("{} {}:{}", lang.t("局分", "Games"), score.home.game_points, score.away.game_points);
    if score.complete {
        let (home, away) = score.match_points(&rules.match_points);
        format!("{games} · {} {home}:{away}", lang.t("场分", "Match"))
    } else {
        format!("{games}{}", lang.t("（进行中）", " (in play)"))
    }
}

/// `2.3`: match 2, its board 3 — the label of a round's board `board`.
pub fn board_label(round: &TeamRound, boards: u32, board: BoardNo) -> String {
    match round.match_at(boards, board) {
        Some((m, b)) => format!("{}.{b}", m.no),
        None => board.to_string(),
    }
}

/// `第2场第3台` / `match 2, board 3`.
pub fn board_words(round: &TeamRound, boards: u32, board: BoardNo, lang: Lang) -> String {
    match (round.match_at(boards, board), lang) {
        (Some((m, b)), Lang::Zh) => format!("第{}场第{b}台", m.no),
        (Some((m, b)), Lang::En) => format!("match {}, board {b}", m.no),
        (None, Lang::Zh) => format!("第{board}台"),
        (None, Lang::En) => format!("board {board}"),
    }
}

/// The round's board of `match.board` typed as `2.3` (`．` and `。` count as the dot).
pub fn board_of_typed(round: &TeamRound, boards: u32, typed: &str) -> Option<BoardNo> {
    let typed = typed.replace(['．', '。'], ".");
    let (m, b) = typed.trim().split_once('.')?;
    let (m, b) = (m.parse::<u32>().ok()?, b.parse::<u32>().ok()?);
    let found = round.matches.iter().find(|x| x.no == m)?;
    (1..=boards).contains(&b).then(|| found.board_no(boards, b))
}

/// `轮空：C队、D队` / `Bye: C, D`, when teams have a bye.
pub fn team_byes_text(group: &Group, round: &TeamRound, lang: Lang) -> Option<String> {
    if round.byes.is_empty() {
        return None;
    }
    let names: Vec<String> = round.byes.iter().map(|t| team_name(group, *t)).collect();
    Some(match lang {
        Lang::Zh => format!("轮空：{}", names.join("、")),
        Lang::En => format!("Bye: {}", names.join(", ")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round() -> TeamRound {
        let m = |no, home, away| TeamMatch {
            no,
            home: TeamId(home),
            away: TeamId(away),
            home_lineup: Vec::new(),
            away_lineup: Vec::new(),
        };
        TeamRound { matches: vec![m(1, 1, 2), m(2, 3, 4)], byes: vec![TeamId(5)] }
    }

    // match m's board b is the round's board (m−1)·K+b, typed or shown as m.b.
    #[test]
    fn match_dot_board_is_the_rounds_board() {
        let r = round();
        assert_eq!(board_of_typed(&r, 4, "2.3"), Some(BoardNo(7)));
        assert_eq!(board_of_typed(&r, 4, "1．4"), Some(BoardNo(4)));
        assert_eq!(board_of_typed(&r, 4, "2.5"), None);
        assert_eq!(board_of_typed(&r, 4, "3.1"), None);
        assert_eq!(board_of_typed(&r, 4, "7"), None);
        assert_eq!(board_label(&r, 4, BoardNo(7)), "2.3");
        assert_eq!(board_words(&r, 4, BoardNo(5), Lang::Zh), "第2场第1台");
        assert_eq!(board_words(&r, 4, BoardNo(5), Lang::En), "match 2, board 1");
    }
}
