//! The team pairing sheet of a team round: event, group, stage, round,
//! start time and time control as the individual sheet prints them; one block
//! per match — "第1场　A队（主）　—　B队（客）" — with its K boards: match board, the red
//! player with his team, the black player with his, and the result column (the home
//! team is red on odd boards); a board a line-up could not fill shows its forfeit; the
//! teams with a bye under the blocks, then the officials.

use super::layout::{Align, Column, Orientation};
use super::pairings::{resolve_round, round_details, round_label};
use super::{Document, PrintError, Printable, Report, Section, current_stage, group_of, name_of, officials_line};
use crate::domain::event::{Event, Game, Group, Round, Stage};
use crate::domain::ids::{GroupId, RoundNo, StartNo};
use crate::domain::model::team::{TeamId, TeamMatch, TeamRound};
use crate::domain::result::Outcome;
use crate::domain::rules::Colour;
use crate::domain::teams::score_match;
use crate::lang::Lang;

/// A team round of a group's current stage, as the team documents read it.
pub struct TeamRoundView<'e> {
    /// The group.
    pub group: &'e Group,
    /// Its current stage (a team stage).
    pub stage: &'e Stage,
    /// The round.
    pub round: &'e Round,
    /// The round's matches and team byes.
    pub teams: &'e TeamRound,
    /// Boards per match (K).
    pub boards: u32,
}

/// The team round asked for (the last paired one by default).
///
/// # Errors
/// [`PrintError`] for an unknown group or round, or [`PrintError::NotTeamRound`] when
/// the round has no team matches.
pub fn team_round(event: &Event, group: GroupId, round: Option<RoundNo>) -> Result<TeamRoundView<'_>, PrintError> {
    let g = group_of(event, group)?;
    let stage = current_stage(g)?;
    let r = resolve_round(g, stage, round)?;
    match (&stage.teams, &r.teams) {
        (Some(rules), Some(teams)) => Ok(TeamRoundView { group: g, stage, round: r, teams, boards: rules.boards }),
        _ => Err(PrintError::NotTeamRound { group: g.name.clone(), round: r.no.0 }),
    }
}

/// One board of a match: who sits there for each team, the home team's colour, and
/// the game when both sides were filled.
#[derive(Debug, Clone, Copy)]
pub struct MatchBoard<'e> {
    /// The match board, from 1.
    pub b: u32,
    /// The home team's player, `None` when its line-up is shorter.
    pub home: Option<StartNo>,
    /// The away team's player.
    pub away: Option<StartNo>,
    /// The home team's colour on this board (red on odd boards).
    pub home_colour: Colour,
    /// The game, when both sides were filled.
    pub game: Option<&'e Game>,
}

impl MatchBoard<'_> {
    /// The board's outcome (red named first): the game's result, or the forfeit of a
    /// side that could not be filled; `None` while unplayed.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(game) = self.game {
            return game.result.map(|r| r.outcome);
        }
        let home_red = self.home_colour == Colour::Red;
        match (self.home.is_some(), self.away.is_some()) {
            (true, false) if home_red => Some(Outcome::RedWinsByForfeit),
            (true, false) => Some(Outcome::BlackWinsByForfeit),
            (false, true) if home_red => Some(Outcome::BlackWinsByForfeit),
            (false, true) => Some(Outcome::RedWinsByForfeit),
            _ => Some(Outcome::BothForfeit),
        }
    }

    /// The player of `colour`, if that side was filled.
    pub fn player(&self, colour: Colour) -> Option<StartNo> {
        if colour == self.home_colour { self.home } else { self.away }
    }
}

impl TeamRoundView<'_> {
    /// The K boards of match `m`.
    pub fn boards_of(&self, m: &TeamMatch) -> Vec<MatchBoard<'_>> {
        (1..=self.boards)
            .map(|b| {
                let board = m.board_no(self.boards, b);
                MatchBoard {
                    b,
                    home: m.home_lineup.get(b as usize - 1).copied(),
                    away: m.away_lineup.get(b as usize - 1).copied(),
                    home_colour: TeamMatch::home_colour(b),
                    game: self.round.games.iter().find(|g| g.board == board && g.game == 1),
                }
            })
            .collect()
    }

    /// A team's name.
    pub fn team_name(&self, team: TeamId) -> String {
        self.group.team(team).map_or_else(|| format!("#{team}"), |t| t.name.clone())
    }

    /// "第1场" / "Match 1".
    pub fn match_label(m: &TeamMatch, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!("第{}场", m.no),
            Lang::En => format!("Match {}", m.no),
        }
    }

    /// The match's 局分 as "5 : 3" (home first) once every board is decided.
    pub fn score_text(&self, m: &TeamMatch) -> Option<String> {
        let score = score_match(self.stage, self.boards, self.round, m);
        score.complete.then(|| format!("{} : {}", score.home.game_points, score.away.game_points))
    }
}

/// "A队（主）" / "A队 (home)".
fn side(name: &str, home: bool, lang: Lang) -> String {
    match (lang, home) {
        (Lang::Zh, true) => format!("{name}（主）"),
        (Lang::Zh, false) => format!("{name}（客）"),
        (Lang::En, true) => format!("{name} (home)"),
        (Lang::En, false) => format!("{name} (away)"),
    }
}

/// The columns of a match block.
fn columns(lang: Lang) -> Vec<Column> {
    vec![
        Column::new(lang.t("台次", "Board"), 4.0, Align::Center),
        Column::new(lang.t("编号", "No."), 4.0, Align::Right),
        Column::new(lang.t("红方", "Red"), 9.0, Align::Left),
        Column::new(lang.t("队名", "Team"), 8.0, Align::Left),
        Column::new(lang.t("结果", "Result"), 5.0, Align::Center),
        Column::new(lang.t("黑方", "Black"), 9.0, Align::Left),
        Column::new(lang.t("队名", "Team"), 8.0, Align::Left),
        Column::new(lang.t("编号", "No."), 4.0, Align::Right),
    ]
}

/// The block of match `m`: its caption and one row per board.
fn match_section(event: &Event, view: &TeamRoundView<'_>, m: &TeamMatch, lang: Lang) -> Section {
    let (home, away) = (view.team_name(m.home), view.team_name(m.away));
    let mut caption = format!(
        "{}　{}　—　{}",
        TeamRoundView::match_label(m, lang),
        side(&home, true, lang),
        side(&away, false, lang)
    );
    if let Some(score) = view.score_text(m) {
        caption.push_str(&format!("　{}{score}", lang.t("局分 ", "game points ")));
    }
    let missing = lang.t("（空缺）", "(none)");
    let rows = view
        .boards_of(m)
        .iter()
        .map(|mb| {
            let seat = |colour: Colour| {
                let team = if colour == mb.home_colour { &home } else { &away };
                match mb.player(colour) {
                    Some(p) => [event.shown_no(p).to_string(), name_of(event, p), team.clone()],
                    None => [String::new(), missing.to_string(), team.clone()],
                }
            };
            let [red_no, red, red_team] = seat(Colour::Red);
            let [black_no, black, black_team] = seat(Colour::Black);
            let unplayed = mb.game.is_some_and(|g| g.result.is_none());
            let result = if unplayed { "" } else { mb.outcome().map_or("", Outcome::notation) };
            vec![mb.b.to_string(), red_no, red, red_team, result.to_string(), black, black_team, black_no]
        })
        .collect();
    Section { caption: Some(caption), columns: columns(lang), rows }
}

/// The team pairing sheet as data.
///
/// # Errors
/// [`PrintError`] for an unknown group or round, or a round that is not a team round.
pub fn report(event: &Event, group: GroupId, round: Option<RoundNo>, lang: Lang) -> Result<Report, PrintError> {
    let view = team_round(event, group, round)?;
    let mut details = round_details(view.stage, view.round.no, lang);
    details.push(match lang {
        Lang::Zh => format!("每场{}台；主队单数台执红，双数台执黑", view.boards),
        Lang::En => format!("{} boards a match; the home team is red on odd boards, black on even ones", view.boards),
    });
    let sections = view.teams.matches.iter().map(|m| match_section(event, &view, m, lang)).collect();
    let mut notes = Vec::new();
    if !view.teams.byes.is_empty() {
        let byes: Vec<String> = view.teams.byes.iter().map(|t| view.team_name(*t)).collect();
        notes.push(format!("{}{}", lang.t("轮空：", "Bye: "), byes.join(lang.t("、", ", "))));
    }
    notes.extend(officials_line(event, lang));
    Ok(Report {
        link: None,
        orientation: Orientation::Portrait,
        title: event.name.clone(),
        subtitle: format!(
            "{} {}",
            round_label(view.group, view.stage, view.round.no, lang),
            TEAM_PAIRING_SHEET.title(lang)
        ),
        details,
        sections,
        notes,
    })
}

/// The team pairing sheet of a team round.
pub const TEAM_PAIRING_SHEET: Printable<Report> = Printable::new(("团体对阵表", "team pairings"), report);
