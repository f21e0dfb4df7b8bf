//! Exports of a group's results: the final ranking as CSV ([`csv`]) and
//! as an Excel workbook ([`xlsx`]), and a static web page ([`html`]); for a group with
//! teams, its team standings too (R-10.7, [`teams`]): a sheet of the workbook, a section
//! of the page, or a CSV file of their own ([`Format::TeamCsv`]); and the event's team
//! ranking across groups likewise ([`Format::EventTeamCsv`]).
//!
//! The table itself is [`crate::present::ranking`]'s [`RankingTable`] — one model of a
//! ranking shared with the window, the standings PDF and the command line — re-exported
//! here with its [`Cell`]s, [`Column`]s and labels; this module writes it.

pub mod csv;
mod error_words;
pub mod html;
pub mod teams;
pub mod xlsx;

use crate::domain::command::DomainError;
use crate::domain::event::Event;
use crate::domain::ids::GroupId;
use std::borrow::Cow;

pub use crate::lang::Lang as Language;
pub use crate::present::ranking::{
    Cell, Column, RankingError, RankingRow, RankingTable, Scope, cash_fen, decimal_text, gender_label, prizes_text,
    status_label,
};

/// Why an export could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The group or a stage does not exist, or standings could not be computed.
    #[error(transparent)]
    Domain(#[from] DomainError),
    /// The group has no complete round yet: there is no ranking to export.
    #[error("group {group}: no round is complete yet, there is no ranking to export")]
    NoRanking {
        /// The group's name.
        group: String,
    },
    /// The CSV writer failed.
    #[error("CSV: {0}")]
    Csv(#[from] ::csv::Error),
    /// The workbook could not be built.
    #[error("XLSX: {0}")]
    Xlsx(#[from] rust_xlsxwriter::XlsxError),
    /// Team standings were asked of a group without teams.
    #[error("group {group} has no teams")]
    NoTeams {
        /// The group's name.
        group: String,
    },
    /// The event's team ranking across groups was asked while it is off.
    #[error("the team ranking across the event is off")]
    EventTeamsOff,
    /// Writing the bytes failed.
    #[error("writing the export: {0}")]
    Io(#[from] std::io::Error),
}

impl From<RankingError> for ExportError {
    fn from(e: RankingError) -> Self {
        match e {
            RankingError::Domain(d) => ExportError::Domain(d),
            RankingError::NoRanking { group } => ExportError::NoRanking { group },
        }
    }
}

/// What a final ranking is exported as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Comma-separated values with a BOM, for Excel.
    Csv,
    /// An Excel workbook.
    Xlsx,
    /// A static web page.
    Html,
    /// The team standings alone as CSV.
    TeamCsv,
    /// The event's team ranking across groups alone as CSV.
    EventTeamCsv,
}

impl Format {
    /// Every format, in menu order.
    pub const ALL: [Format; 5] = [Format::Xlsx, Format::Csv, Format::Html, Format::TeamCsv, Format::EventTeamCsv];

    /// The file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Csv | Format::TeamCsv | Format::EventTeamCsv => "csv",
            Format::Xlsx => "xlsx",
            Format::Html => "html",
        }
    }
}

/// The group's final ranking in `format`, as the bytes of the file; the
/// workbook and the page add the team standings of a group with teams and the event's
/// team ranking across groups when it counts the group, [`Format::TeamCsv`] is the team
/// standings alone and [`Format::EventTeamCsv`] the ranking across groups
/// alone.
///
/// # Errors
/// [`ExportError::NoRanking`] before any round is complete; [`ExportError::NoTeams`]
/// for team standings of a group without teams; writer errors.
pub fn final_ranking_as(event: &Event, group: GroupId, format: Format, lang: Language) -> Result<Vec<u8>, ExportError> {
    match format {
        Format::Csv => csv::final_ranking(event, group, lang),
        Format::Xlsx => xlsx::final_ranking(event, group, lang),
        Format::Html => html::page(event, group, lang).map(String::into_bytes),
        Format::TeamCsv => csv::team_standings(event, group, lang),
        Format::EventTeamCsv => csv::event_teams(event, lang),
    }
}

/// Makes a text cell inert for spreadsheets (OWASP "CSV injection"): a cell beginning
/// with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`, so that
/// Excel and LibreOffice show it as text instead of evaluating it.
pub fn neutralise_formula(cell: &str) -> Cow<'_, str> {
    match cell.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => Cow::Owned(format!("'{cell}")),
        _ => Cow::Borrowed(cell),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // formula-like text is made inert, other text is left alone.
    #[test]
    fn formula_like_cells_are_neutralised() {
        assert_eq!(neutralise_formula("=1+1"), "'=1+1");
        assert_eq!(neutralise_formula("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(neutralise_formula("-2"), "'-2");
        assert_eq!(neutralise_formula("+86 138"), "'+86 138");
        assert_eq!(neutralise_formula("\tx"), "'\tx");
        assert!(matches!(neutralise_formula("王天一"), Cow::Borrowed("王天一")));
        assert_eq!(neutralise_formula(""), "");
    }
}
