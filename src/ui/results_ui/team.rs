//! A team round in the result panel. Its games are the round's
//! ordinary games, so results are typed as in any round; what changes is how boards
//! are named and shown. The board field takes either the round's board number (`7`)
//! or `match.board` (`2.3`: match 2, its board 3; `．` and `。` count as the dot), and
//! the table groups the boards by match under a heading row with the match's score
//! (局分 home:away, 场分 once every board is decided), counted from the results shown —
//! those sent and not yet saved included.

use super::Line;
use crate::domain::event::{Group, Round, Stage};
use crate::domain::ids::BoardNo;
use crate::domain::model::team::{TeamMatch, TeamRound};
use crate::domain::rules::Colour;
use crate::lang::Lang;
use crate::ui::result_entry::{Slot, slot_label};
use crate::ui::team_words::{board_label, board_of_typed, board_words, match_heading, team_name};

/// A row of the board table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum BoardRow {
    /// A game to enter.
    Game(Line),
    /// Text only: a match's heading (strong), or a board one side could not fill.
    Text([String; 4], bool),
}

/// How the view names a round's boards: by number (`7`, `7.2` for a match's games),
/// or in a team round by match and board (`2.3`).
#[derive(Debug, Clone, Copy)]
pub(super) struct BoardNames<'a> {
    /// Some boards have several games (a knockout match).
    pub several: bool,
    /// The team round and its boards per match, in a team round.
    pub team: Option<(&'a TeamRound, u32)>,
}

impl<'a> BoardNames<'a> {
    /// The names of `round`'s boards in `stage`.
    pub(super) fn of(stage: &Stage, round: &'a Round) -> BoardNames<'a> {
        let several = round.games.iter().any(|g| g.game > 1);
        let team = round.teams.as_ref().zip(stage.teams.as_ref().map(|t| t.boards));
        BoardNames { several, team }
    }

    /// The board column's text: `7`, `7.2` or `2.3`.
    pub(super) fn short(&self, slot: Slot) -> String {
        match self.team {
            Some((tr, k)) => board_label(tr, k, slot.board),
            None if self.several => format!("{}.{}", slot.board, slot.game),
            None => slot.board.to_string(),
        }
    }

    /// What the board field shows for a chosen or suggested board: `7`, or `2.3`.
    pub(super) fn field(&self, slot: Slot) -> String {
        match self.team {
            Some((tr, k)) => board_label(tr, k, slot.board),
            None => slot.board.to_string(),
        }
    }

    /// The board in words: `第7台`, `第7台第2局` or `第2场第3台`.
    pub(super) fn words(&self, slot: Slot, lang: Lang) -> String {
        match self.team {
            Some((tr, k)) => board_words(tr, k, slot.board, lang),
            None => slot_label(slot, self.several, lang),
        }
    }

    /// The board typed: a number, or in a team round `match.board`.
    pub(super) fn typed(&self, text: &str) -> Option<BoardNo> {
        match self.team {
            Some((tr, k)) if text.contains(['.', '．', '。']) => board_of_typed(tr, k, text),
            _ => text.parse::<u32>().ok().map(BoardNo),
        }
    }

    /// The rows of the table: in a team round each match's heading, then its boards;
    /// else the games.
    pub(super) fn rows(
        &self,
        group: &Group,
        stage: &Stage,
        saved: &Round,
        lines: &[Line],
        lang: Lang,
    ) -> Vec<BoardRow> {
        let Some((tr, k)) = self.team else {
            return lines.iter().copied().map(BoardRow::Game).collect();
        };
        // The score counts the results shown, those not yet saved too.
        let mut shown = saved.clone();
        for game in &mut shown.games {
            if let Some(line) = lines.iter().find(|l| l.slot == Slot { board: game.board, game: game.game }) {
                game.result = line.result;
            }
        }
        let mut rows = Vec::new();
        for m in &tr.matches {
            let head = match_heading(group, stage, &shown, m, lang);
            rows.push(BoardRow::Text([head.title, head.home, head.score, head.away], true));
            for b in 1..=k {
                let board = m.board_no(k, b);
                let games: Vec<&Line> = lines.iter().filter(|l| l.slot.board == board).collect();
                if games.is_empty() {
                    rows.push(BoardRow::Text(missing_board(group, tr, k, m, b, lang), false));
                }
                rows.extend(games.into_iter().copied().map(BoardRow::Game));
            }
        }
        // Games outside every match (none, as the rules build rounds) stay reachable.
        let in_match = |l: &Line| tr.match_at(k, l.slot.board).is_some();
        rows.extend(lines.iter().filter(|l| !in_match(l)).copied().map(BoardRow::Game));
        rows
    }
}

/// A board one side could not fill: `2.4`, the player or `（缺）A队` on each side, and
/// the forfeit it is scored as.
fn missing_board(group: &Group, tr: &TeamRound, k: u32, m: &TeamMatch, b: u32, lang: Lang) -> [String; 4] {
    let side = |lineup: &[crate::domain::ids::StartNo], team| match lineup.get(b as usize - 1) {
        Some(p) => format!("{p} · {}", team_name(group, team)),
        None => format!("{}{}", lang.t("（缺）", "(missing) "), team_name(group, team)),
    };
    let (home, away) = (side(&m.home_lineup, m.home), side(&m.away_lineup, m.away));
    let (red, black) = if TeamMatch::home_colour(b) == Colour::Red { (home, away) } else { (away, home) };
    [board_label(tr, k, m.board_no(k, b)), red, lang.t("弃权（缺人）", "forfeit (no player)").to_string(), black]
}
