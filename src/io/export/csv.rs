//! The final ranking as CSV, and a group's team standings or the
//! event's team ranking across groups as a file of their own: RFC 4180 through the `csv` crate, UTF-8 with a byte-order mark so
//! that Excel opens Chinese text correctly, one header row, and formula-like text made
//! inert ([`neutralise_formula`]).

use super::teams::{self, TeamExport};
use super::{Cell, ExportError, Language, RankingTable, neutralise_formula};
use crate::domain::event::Event;
use crate::domain::ids::GroupId;
use crate::present::event_teams::EventTeamTable;
use crate::present::ranking::section_caption;
use std::io::Write;

/// The UTF-8 byte-order mark.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Writes `table` as CSV to `out`: the BOM, the header row, one row per player.
/// Numbers are written as plain numbers (`12.5`), text cells through
/// [`neutralise_formula`]. A group that ranks boys and girls apart gets two sections
/// (Issue 39 item 6): a caption row (男子, 女子), the header row and the section's
/// rows, an empty row between the sections.
///
/// # Errors
/// [`ExportError::Io`] or [`ExportError::Csv`] when writing fails.
pub fn write_table<W: Write>(table: &RankingTable, lang: Language, mut out: W) -> Result<(), ExportError> {
    out.write_all(BOM)?;
    let mut writer = ::csv::WriterBuilder::new().flexible(true).from_writer(out);
    let headers: Vec<String> = table.headers(lang).iter().map(|h| neutralise_formula(h).into_owned()).collect();
    for (i, (gender, rows)) in table.sections().into_iter().enumerate() {
        if i > 0 {
            writer.write_record([""])?;
        }
        if let Some(gender) = gender {
            writer.write_record([section_caption(gender, lang)])?;
        }
        writer.write_record(&headers)?;
        for row in rows {
            let cells = table.cells(row, lang);
            writer.write_record(cells.iter().map(|c| match c {
                Cell::Text(text) => neutralise_formula(text).into_owned(),
                other => other.display().into_owned(),
            }))?;
        }
    }
    if table.rows.is_empty() {
        writer.write_record(&headers)?;
    }
    writer.flush()?;
    Ok(())
}

/// The group's final ranking with prizes as CSV bytes.
///
/// # Errors
/// [`ExportError::NoRanking`] before any round is complete; [`ExportError::Domain`]
/// for an unknown group.
pub fn final_ranking(event: &Event, group: GroupId, lang: Language) -> Result<Vec<u8>, ExportError> {
    let table = RankingTable::final_ranking(event, group)?;
    if table.rows.is_empty() {
        return Err(ExportError::NoRanking { group: table.group });
    }
    let mut bytes = Vec::new();
    write_table(&table, lang, &mut bytes)?;
    Ok(bytes)
}

/// Writes a group's team standings as CSV to `out`: the BOM, the header row, one row
/// per team; text cells through [`neutralise_formula`], numbers as printed.
///
/// # Errors
/// [`ExportError::Io`] or [`ExportError::Csv`] when writing fails.
pub fn write_team_table<W: Write>(teams: &TeamExport, lang: Language, mut out: W) -> Result<(), ExportError> {
    out.write_all(BOM)?;
    let mut writer = ::csv::Writer::from_writer(out);
    writer.write_record(teams.headers(lang))?;
    for row in &teams.table.rows {
        let cells = teams.table.columns.iter().zip(&row.cells);
        writer.write_record(
            cells.map(|(c, text)| if c.is_numeric() { text.clone() } else { neutralise_formula(text).into_owned() }),
        )?;
    }
    writer.flush()?;
    Ok(())
}

/// The group's team standings after the current stage's last complete round as CSV
/// bytes.
///
/// # Errors
/// [`ExportError::NoTeams`] for a group without teams; [`ExportError::NoRanking`]
/// before any round is complete; [`ExportError::Domain`] for an unknown group.
pub fn team_standings(event: &Event, group: GroupId, lang: Language) -> Result<Vec<u8>, ExportError> {
    let teams = teams::required(event, group)?;
    let mut bytes = Vec::new();
    write_team_table(&teams, lang, &mut bytes)?;
    Ok(bytes)
}

/// Writes the event's team ranking across groups as CSV to `out`: the BOM, the header
/// row, one row per club; text cells through [`neutralise_formula`].
///
/// # Errors
/// [`ExportError::Io`] or [`ExportError::Csv`] when writing fails.
pub fn write_event_team_table<W: Write>(table: &EventTeamTable, lang: Language, mut out: W) -> Result<(), ExportError> {
    out.write_all(BOM)?;
    let mut writer = ::csv::Writer::from_writer(out);
    writer.write_record(table.headers(lang))?;
    for row in &table.rows {
        let cells = table.columns.iter().zip(row);
        writer.write_record(
            cells.map(|(c, text)| if c.is_numeric() { text.clone() } else { neutralise_formula(text).into_owned() }),
        )?;
    }
    writer.flush()?;
    Ok(())
}

/// The event's team ranking across groups as CSV bytes.
///
/// # Errors
/// [`ExportError::EventTeamsOff`] while the ranking is off; [`ExportError::Domain`].
pub fn event_teams(event: &Event, lang: Language) -> Result<Vec<u8>, ExportError> {
    let table = teams::event_teams_required(event, lang)?;
    let mut bytes = Vec::new();
    write_event_team_table(&table, lang, &mut bytes)?;
    Ok(bytes)
}
