//! The crosstable (大表, R-9.2): a row per player in standings order, a column per
//! round with the opponent's place in this table, the player's colour and the result
//! (`5红胜`: against no. 5 as red, won; `*` marks a forfeit), then points. Landscape
//! once the rounds do not fit a portrait page.

use super::layout::{Align, Column, Orientation};
use super::standings::{after_round, status_label};
use super::{Document, PrintError, Printable, Report, Section, current_stage, group_of, officials_line};
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, RoundNo};
use crate::lang::Lang;
use crate::present::crosstable::Crosstable;

/// Rounds that still fit a portrait page.
const PORTRAIT_ROUNDS: usize = 7;

/// The crosstable as data.
///
/// # Errors
/// [`PrintError`] for an unknown group or a round not paired.
pub fn report(event: &Event, group: GroupId, round: Option<RoundNo>, lang: Lang) -> Result<Report, PrintError> {
    let g = group_of(event, group)?;
    let stage = current_stage(g)?;
    let after = after_round(g, stage, round)?;
    let table = Crosstable::of(event, g, stage, after, lang)?;
    let mut columns = vec![
        Column::new(lang.t("序", "#"), 3.0, Align::Right),
        Column::new(lang.t("编号", "No."), 3.5, Align::Right),
        Column::new(lang.t("姓名", "Name"), 8.0, Align::Left),
    ];
    columns.extend(table.rounds.iter().map(|r| {
        let title = match lang {
            Lang::Zh => format!("第{r}轮"),
            Lang::En => format!("R{r}"),
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
        .into_iter()
        .map(|r| {
            let mut row = vec![r.place.to_string(), r.shown_no.to_string(), r.name];
            row.extend(r.cells);
            row.extend([r.standing.points.to_string(), r.standing.rank_text(), status_label(&r.standing, lang)]);
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
        link: None,
        orientation: if table.rounds.len() > PORTRAIT_ROUNDS { Orientation::Landscape } else { Orientation::Portrait },
        title: event.name.clone(),
        subtitle,
        details: Vec::new(),
        sections: vec![Section { caption: None, columns, rows }],
        notes,
    })
}

/// The crosstable; `round` `None` is after the last complete one.
pub const CROSSTABLE: Printable<Report> = Printable::new(("成绩总表", "crosstable"), report);
