//! The event's team ranking across groups as a PDF (全赛事团体名次, R-10.8):
//! `present::event_teams`' [`EventTeamTable`] — the same columns as the window, the
//! exports and `bianpai teams event-ranking` — under its rule and the standings it
//! reads, landscape so that the counted members with their groups fit.

use super::layout::{Align, Column, Orientation};
use super::{Document, PrintError, Printable, Report, Section, officials_line};
use crate::domain::event::Event;
use crate::lang::Lang;
use crate::present::event_teams::{EventTeamColumn, EventTeamTable};

/// The width and alignment of a column on the page.
fn page_column(column: EventTeamColumn, lang: Lang) -> Column {
    let (width, align) = match column {
        EventTeamColumn::Rank => (3.5, Align::Right),
        EventTeamColumn::Club => (10.0, Align::Left),
        EventTeamColumn::Counted => (34.0, Align::Left),
        EventTeamColumn::Note => (5.5, Align::Center),
        _ => (5.0, Align::Right),
    };
    Column::new(column.header(lang), width, align)
}

/// The event's team ranking as data.
///
/// # Errors
/// [`PrintError::EventTeamsOff`] while the ranking is off; a stage's standings that
/// cannot be computed.
pub fn report(event: &Event, lang: Lang) -> Result<Report, PrintError> {
    let table = EventTeamTable::of_event(event, lang)?.ok_or(PrintError::EventTeamsOff)?;
    let columns = table.columns.iter().map(|c| page_column(*c, lang)).collect();
    Ok(Report {
        link: None,
        orientation: Orientation::Landscape,
        title: event.name.clone(),
        subtitle: EVENT_TEAMS.title(lang).to_string(),
        details: vec![table.rule, table.basis],
        sections: vec![Section { caption: None, columns, rows: table.rows }],
        notes: officials_line(event, lang).into_iter().collect(),
    })
}

/// The event's clubs ranked across its groups.
pub const EVENT_TEAMS: Printable<Report> =
    Printable::new(("全赛事团体名次", "Team ranking across the event"), |event, _, _, lang| report(event, lang));
