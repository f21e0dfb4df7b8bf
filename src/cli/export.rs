//! `bianpai export FILE csv|xlsx|html|teams-csv|event-teams-csv [--group G] -o OUT`:
//! final rankings and web pages; for a group with teams the workbook has a
//! 团体名次 sheet and the page a team standings section, and `teams-csv` writes the team
//! standings alone — a CSV file holds one table. While the event ranks its
//! clubs across groups, the workbook and page of a group it counts carry that ranking
//! too, and `event-teams-csv` writes it alone, whatever the group.
//!
//! The file appears whole or not at all: it is written under a temporary name in the
//! output's directory, then renamed into place.

use super::output::{open_for_output, write_atomically};
use super::words::{t, wrote};
use super::{ExportFormat, GroupArg, InputError};
use crate::io::export::{self, Language};
use anyhow::Context;
use std::path::Path;

/// Writes the export in `format` (TRF goes through `trf::export`).
pub(super) fn run(
    file: &Path,
    format: ExportFormat,
    group: &GroupArg,
    lang: Language,
    output: &Path,
) -> anyhow::Result<String> {
    if format == ExportFormat::EventTeamsCsv {
        return event_teams(file, lang, output);
    }
    let (event, id) = open_for_output(file, group, output)?;
    let event = &event;
    let name = event.group(id).map(|g| g.name.clone()).unwrap_or_default();
    let format = match format {
        ExportFormat::Csv => export::Format::Csv,
        ExportFormat::Xlsx => export::Format::Xlsx,
        ExportFormat::Html => export::Format::Html,
        ExportFormat::TeamsCsv => export::Format::TeamCsv,
        ExportFormat::EventTeamsCsv => export::Format::EventTeamCsv,
        ExportFormat::Trf => {
            return Err(InputError(t("TRF 由 TRF 导出写出", "trf is written by the TRF exporter")).into());
        }
    };
    let bytes = export::final_ranking_as(event, id, format, lang)
        // ExportError::NoRanking (no round complete yet) and NoTeams are not bad input: exit 1.
        .with_context(|| {
            let file = file.display();
            t(format!("导出“{name}”（{file}）"), format!("export of {name} ({file})"))
        })?;
    write_atomically(output, &bytes)?;
    Ok(wrote(output, bytes.len()))
}

/// `event-teams-csv`: the event's team ranking across groups alone; no group needed.
fn event_teams(file: &Path, lang: Language, output: &Path) -> anyhow::Result<String> {
    super::output::check_output(output)?;
    let event = crate::store::EventReader::open(file)?.into_event();
    // ExportError::EventTeamsOff is not bad input: exit 1.
    let bytes = export::csv::event_teams(&event, lang).with_context(|| {
        let file = file.display();
        t(format!("导出全赛事团体排名（{file}）"), format!("export of the team ranking across the event ({file})"))
    })?;
    write_atomically(output, &bytes)?;
    Ok(wrote(output, bytes.len()))
}
