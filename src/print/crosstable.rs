//! The crosstable (大表, R-9.2): a row per player in standings order, a column per
//! round with the opponent's place in this table, the player's colour and the result
//! (`5红胜`: against no. 5 as red, won; `*` marks a forfeit), then points. Landscape
//! once the rounds do not fit a portrait page.

use super::layout::{Align, Column, Orientation};
use super::pairings::bye_label;
use super::standings::{after_round, status_label};
use super::{Document, PrintError, Printable, Report, Section, current_stage, group_of, name_of, officials_line};
use crate::domain::event::{Event, Game, Round};
use crate::domain::ids::{GroupId, RoundNo, StartNo};
use crate::domain::rules::Colour;
use crate::domain::standings::standings;
use crate::lang::Lang;
use std::collections::BTreeMap;

/// Rounds that still fit a portrait page.
const PORTRAIT_ROUNDS: usize = 7;

/// One game from `player`'s side: opponent's place, colour, result.
fn game_cell(game: &Game, player: StartNo, place: &BTreeMap<StartNo, usize>, lang: Lang) -> String {
    let colour = game.colour_of(player).unwrap_or(Colour::Red);
    let opponent = game.player(colour.opposite());
    let opp = place.get(&opponent).map_or_else(|| format!("#{opponent}"), usize::to_string);
    let side = match colour {
        Colour::Red => lang.t("红", "r"),
        Colour::Black => lang.t("黑", "b"),
    };
    let result = match game.result {
        None => String::new(),
        Some(r) => {
            let o = r.outcome;
            let mark = if o.was_played() { "" } else { "*" };
            let word = if o.won_by(colour) {
                lang.t("胜", "+")
            } else if o == crate::domain::result::Outcome::Draw {
                lang.t("和", "=")
            } else {
                lang.t("负", "-")
            };
            format!("{word}{mark}")
        }
    };
    format!("{opp}{side}{result}")
}

/// What `player` did in `round`: games (several in a knockout match) or a bye.
fn round_cell(round: &Round, player: StartNo, place: &BTreeMap<StartNo, usize>, lang: Lang) -> String {
    let games: Vec<String> = round.games_of(player).map(|g| game_cell(g, player, place, lang)).collect();
    if !games.is_empty() {
        return games.join(" ");
    }
    round.bye_of(player).map(|b| bye_label(b.kind, lang).to_string()).unwrap_or_default()
}

/// The crosstable as data.
///
/// # Errors
/// [`PrintError`] for an unknown group or a round not paired.
pub fn report(event: &Event, group: GroupId, round: Option<RoundNo>, lang: Lang) -> Result<Report, PrintError> {
    let g = group_of(event, group)?;
    let stage = current_stage(g)?;
    let after = after_round(g, stage, round)?;
    let table = standings(event, g.id, stage.no, after)?;
    let place: BTreeMap<StartNo, usize> = table.rows.iter().enumerate().map(|(i, r)| (r.start_no, i + 1)).collect();
    let rounds: Vec<&Round> = stage.rounds.iter().filter(|r| r.no.0 <= after).collect();
    let mut columns = vec![
        Column::new(lang.t("序", "#"), 3.0, Align::Right),
        Column::new(lang.t("编号", "No."), 3.5, Align::Right),
        Column::new(lang.t("姓名", "Name"), 8.0, Align::Left),
    ];
    columns.extend(rounds.iter().map(|r| {
        let title = match lang {
            Lang::Zh => format!("第{}轮", r.no),
            Lang::En => format!("R{}", r.no),
        };
        Column::new(title, 5.0, Align::Center)
    }));
    columns.extend([
        Column::new(lang.t("积分", "Pts"), 3.5, Align::Right),
        Column::new(lang.t("名次", "Rank"), 3.5, Align::Right),
        Column::new(lang.t("状态", "Status"), 4.5, Align::Center),
    ]);
    let rows = table
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut row = vec![(i + 1).to_string(), event.shown_no(r.start_no).to_string(), name_of(event, r.start_no)];
            row.extend(rounds.iter().map(|round| round_cell(round, r.start_no, &place, lang)));
            row.extend([r.points.to_string(), r.rank_text(), status_label(r, lang)]);
            row
        })
        .collect();
    let name = CROSSTABLE.title(lang);
    let subtitle = match lang {
        Lang::Zh => format!("{} · {} · 第{}轮后 {name}", g.name, stage.name, after),
        Lang::En => format!("{} · {} · {name} after round {}", g.name, stage.name, after),
    };
    let mut notes = vec![
        lang.t(
            "说明：每格为对手序号、执红/执黑、胜/和/负；* 为不战。",
            "Each cell: opponent's #, colour (r/b), result (+ = -); * forfeit.",
        )
        .to_string(),
    ];
    notes.extend(officials_line(event, lang));
    Ok(Report {
        orientation: if rounds.len() > PORTRAIT_ROUNDS { Orientation::Landscape } else { Orientation::Portrait },
        title: event.name.clone(),
        subtitle,
        details: Vec::new(),
        sections: vec![Section { caption: None, columns, rows }],
        notes,
    })
}

/// The crosstable (R-9.2); `round` `None` is after the last complete one.
pub const CROSSTABLE: Printable<Report> = Printable::new(("成绩总表", "crosstable"), report);
