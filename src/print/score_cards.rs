//! Match score cards (对阵记录单, R-10.7): one per match of a team round, two to an A4
//! page with a dashed cut line between them (one when K boards do not leave room):
//! event, round, match number, both teams; per board the match board, the home
//! player, the home team's colour (red on odd boards, R-10.3), the away player and a
//! box for each side's 局分 (filled in once the board is decided); the 局分 and 场分
//! totals; signature lines for both captains (their names printed when the team names
//! one) and the arbiter.

use super::layout::{Align, Column, Orientation, Sheet};
use super::pairings::{round_details, round_label};
use super::team_pairings::{TeamRoundView, team_round};
use super::{Document, PrintError, Printable, Printed, font, name_of};
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, RoundNo, StartNo};
use crate::domain::model::team::{TeamId, TeamMatch};
use crate::domain::rules::Colour;
use crate::domain::teams::score_match;
use crate::lang::Lang;

/// Text size of a card's board table.
const TABLE_PT: f32 = 11.0;
/// A blank to write a number or a name on.
const BLANK: &str = "________";

/// One card as data.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoreCard {
    /// The event's name.
    pub event: String,
    /// Group, stage and round.
    pub round: String,
    /// 第1场.
    pub match_label: String,
    /// Start time and time control.
    pub details: String,
    /// 主队：A队.
    pub home: String,
    /// 客队：B队.
    pub away: String,
    /// The board table's columns.
    pub columns: Vec<Column>,
    /// One row per board.
    pub rows: Vec<Vec<String>>,
    /// 局分 and 场分 lines, blanks until the match is decided.
    pub totals: Vec<String>,
    /// 主队队长, 客队队长, 裁判 — each label with the captain's name when known.
    pub signatures: Vec<String>,
}

impl ScoreCard {
    /// Every string the card shows.
    pub fn strings(&self) -> Vec<String> {
        let mut out = vec![
            self.event.clone(),
            self.round.clone(),
            self.match_label.clone(),
            self.details.clone(),
            self.home.clone(),
            self.away.clone(),
        ];
        out.extend(self.columns.iter().map(|c| c.title.clone()));
        out.extend(self.rows.iter().flatten().filter(|c| !c.is_empty()).cloned());
        out.extend(self.totals.iter().cloned());
        out.extend(self.signatures.iter().cloned());
        out
    }

    /// The height the card needs, in points.
    fn height(&self) -> f32 {
        let table = (self.rows.len() + 1) as f32 * TABLE_PT * 1.7 + TABLE_PT * 0.85;
        20.0 + 24.0 + 18.0 + 26.0 + table + self.totals.len() as f32 * 18.0 + 46.0
    }
}

/// The columns of a card's board table.
fn columns(lang: Lang) -> Vec<Column> {
    vec![
        Column::new(lang.t("台次", "Board"), 3.0, Align::Center),
        Column::new(lang.t("主队队员", "Home player"), 10.0, Align::Left),
        Column::new(lang.t("主队执", "Home colour"), 5.0, Align::Center),
        Column::new(lang.t("客队队员", "Away player"), 10.0, Align::Left),
        Column::new(lang.t("主队局分", "Home pts"), 4.5, Align::Center),
        Column::new(lang.t("客队局分", "Away pts"), 4.5, Align::Center),
    ]
}

/// "12 王天一", or "（空缺）" for a side the line-up could not fill.
fn player_text(event: &Event, p: Option<StartNo>, lang: Lang) -> String {
    p.map_or_else(
        || lang.t("（空缺）", "(none)").to_string(),
        |p| format!("{} {}", event.shown_no(p), name_of(event, p)),
    )
}

/// A captain's signature label, with the name when the team names one.
fn captain_line(event: &Event, view: &TeamRoundView<'_>, team: TeamId, home: bool, lang: Lang) -> String {
    let label =
        if home { lang.t("主队队长：", "Home captain: ") } else { lang.t("客队队长：", "Away captain: ") };
    let name = view.group.team(team).and_then(|t| t.captain).map(|p| name_of(event, p));
    format!("{label}{}", name.unwrap_or_default())
}

/// The card of match `m`.
fn card(event: &Event, view: &TeamRoundView<'_>, m: &TeamMatch, lang: Lang) -> ScoreCard {
    let table = &view.stage.scoring;
    let rows = view
        .boards_of(m)
        .iter()
        .map(|mb| {
            let colour = match mb.home_colour {
                Colour::Red => lang.t("红", "Red"),
                Colour::Black => lang.t("黑", "Black"),
            };
            let decided = if mb.game.is_some_and(|g| g.result.is_none()) { None } else { mb.outcome() };
            let points = |c: Colour| decided.map(|o| o.points_for(c, table).to_string()).unwrap_or_default();
            vec![
                mb.b.to_string(),
                player_text(event, mb.home, lang),
                colour.to_string(),
                player_text(event, mb.away, lang),
                points(mb.home_colour),
                points(mb.home_colour.opposite()),
            ]
        })
        .collect();
    let score = score_match(view.stage, view.boards, view.round, m);
    let (game, matchp) = match view.stage.teams.as_ref().filter(|_| score.complete) {
        Some(rules) => {
            let (h, a) = score.match_points(&rules.match_points);
            ([score.home.game_points.to_string(), score.away.game_points.to_string()], [h.to_string(), a.to_string()])
        }
        None => ([BLANK.to_string(), BLANK.to_string()], [BLANK.to_string(), BLANK.to_string()]),
    };
    let total = |label: &str, [h, a]: [String; 2]| match lang {
        Lang::Zh => format!("{label}　主队 {h}　客队 {a}"),
        Lang::En => format!("{label}  home {h}  away {a}"),
    };
    let (home, away) = (view.team_name(m.home), view.team_name(m.away));
    ScoreCard {
        event: event.name.clone(),
        round: round_label(view.group, view.stage, view.round.no, lang),
        match_label: TeamRoundView::match_label(m, lang),
        details: round_details(view.stage, view.round.no, lang).join(" "),
        home: format!("{}{home}", lang.t("主队：", "Home: ")),
        away: format!("{}{away}", lang.t("客队：", "Away: ")),
        columns: columns(lang),
        rows,
        totals: vec![total(lang.t("局分合计", "Game points"), game), total(lang.t("场分", "Match points"), matchp)],
        signatures: vec![
            captain_line(event, view, m.home, true, lang),
            captain_line(event, view, m.away, false, lang),
            lang.t("裁判：", "Arbiter: ").to_string(),
        ],
    }
}

/// The score cards of a team round, one per match.
///
/// # Errors
/// [`PrintError`] for an unknown group or round, or a round that is not a team round.
pub fn cards(event: &Event, group: GroupId, round: Option<RoundNo>, lang: Lang) -> Result<Vec<ScoreCard>, PrintError> {
    let view = team_round(event, group, round)?;
    Ok(view.teams.matches.iter().map(|m| card(event, &view, m, lang)).collect())
}

/// Draws one card from the cursor down.
fn card_ui(sheet: &mut Sheet, card: &ScoreCard, lang: Lang) {
    let (left, width) = (sheet.left(), sheet.inner_width());
    let mut y = sheet.y() - 10.0 - 13.0;
    sheet.text_shrunk(left, width * 0.75, y, 13.0, 8.0, &card.event, Align::Left);
    let title = format!("{}　{}", lang.t("对阵记录单", "Match score card"), card.match_label);
    sheet.text_in(left + width * 0.5, width * 0.5, y, 13.0, &title, Align::Right);
    y -= 18.0;
    sheet.text_in(left, width * 0.55, y, 10.0, &card.round, Align::Left);
    sheet.text_in(left + width * 0.45, width * 0.55, y, 9.0, &card.details, Align::Right);
    y -= 22.0;
    sheet.text_in(left, width / 2.0 - 6.0, y, 12.0, &card.home, Align::Left);
    sheet.text_in(left + width / 2.0, width / 2.0, y, 12.0, &card.away, Align::Left);
    let used = sheet.y() - y + 10.0;
    sheet.advance(used);
    sheet.table(&card.columns, &card.rows, TABLE_PT);
    for line in &card.totals {
        sheet.advance(6.0);
        let y = sheet.y() - 11.0;
        sheet.text(left, y, 11.0, line);
        sheet.advance(12.0);
    }
    let y = sheet.y() - 30.0;
    let third = width / 3.0;
    for (i, s) in card.signatures.iter().enumerate() {
        let x = left + third * i as f32;
        sheet.text_shrunk(x, third * 0.6, y, 10.0, 7.0, s, Align::Left);
        let start = x + sheet.font().width_pt(s, 10.0).min(third * 0.6) + 4.0;
        sheet.line((start, y - 2.0), (x + third - 12.0, y - 2.0), 0.5, false);
    }
}

/// Draws the score cards as a PDF: two to a page when they fit.
///
/// # Errors
/// [`PrintError::Font`] or [`PrintError::Pdf`].
pub(super) fn render(list: &[ScoreCard], lang: Lang) -> Result<Printed, PrintError> {
    let head = list.first().map(|c| format!("{} · {}", c.event, c.round)).unwrap_or_default();
    let title = format!("{} {}", head, SCORE_CARDS.title(lang));
    let mut sheet = Sheet::new(font::cjk()?, Orientation::Portrait, lang, &title, &title);
    let tallest = list.iter().map(ScoreCard::height).fold(0.0, f32::max);
    let per_page = if tallest * 2.0 <= sheet.room() { 2 } else { 1 };
    sheet.bands_ui(list, per_page, |sheet, card, _, _| card_ui(sheet, card, lang));
    sheet.finish()
}

/// Match score cards (对阵记录单) of a team round, one per match; `round` `None` is the last paired.
pub const SCORE_CARDS: Printable<Vec<ScoreCard>> = Printable::new(("对阵记录单", "match score cards"), cards);
