//! The final ranking as an Excel workbook, with `rust_xlsxwriter`: a
//! "最终排名" sheet with prizes, for a group with teams a "团体名次" sheet with the team
//! standings, while the event ranks its clubs across groups and counts the
//! group a "全赛事团体" sheet, then one sheet per stage with its standings. Numbers
//! are number cells, text is always written with `write_string` (never as a formula,
//! so a name like `=1+1` stays text), the header row is bold and frozen, and column
//! widths follow the widest cell (Chinese characters counting double).

use super::teams::{TeamExport, event_teams, team_standings};
use super::{Cell, ExportError, Language, RankingTable};
use crate::domain::event::{Event, Stage, StageKind};
use crate::domain::ids::GroupId;
use crate::present::event_teams::EventTeamTable;
use crate::present::ranking::section_caption;
use rust_xlsxwriter::{DocProperties, Format, Workbook, Worksheet};
use unicode_width::UnicodeWidthStr;

/// Excel's limit on sheet names.
const SHEET_NAME_MAX: usize = 31;

/// Writes `table` on `sheet`: the bold, frozen header row, then the rows. A group that
/// ranks boys and girls apart gets two sections on the sheet (Issue 39 item 6): a bold
/// caption row (男子, 女子), the header row and the section's rows, an empty row between.
///
/// # Errors
/// [`ExportError::Xlsx`] when the workbook refuses a cell.
pub fn write_sheet(sheet: &mut Worksheet, table: &RankingTable, lang: Language) -> Result<(), ExportError> {
    let bold = Format::new().set_bold();
    let headers = table.headers(lang);
    let mut widths: Vec<usize> = headers.iter().map(|h| h.width()).collect();
    let sections = table.sections();
    let mut r: u32 = 0;
    for (i, (gender, rows)) in sections.iter().enumerate() {
        if i > 0 {
            r += 1;
        }
        if let Some(gender) = gender {
            sheet.write_string_with_format(r, 0, section_caption(*gender, lang), &bold)?;
            r += 1;
        }
        write_header(sheet, r, &headers, &bold)?;
        r += 1;
        for row in *rows {
            write_row(sheet, r, &table.cells(row, lang), &mut widths)?;
            r = r.checked_add(1).ok_or(rust_xlsxwriter::XlsxError::RowColumnLimitError)?;
        }
    }
    if sections.is_empty() {
        write_header(sheet, 0, &headers, &bold)?;
    }
    for (col, width) in widths.iter().enumerate() {
        sheet.set_column_width(column(col)?, (*width + 2).clamp(6, 60) as f64)?;
    }
    // One header row to freeze; sections each have their own.
    if sections.len() <= 1 && sections.first().is_none_or(|(g, _)| g.is_none()) {
        sheet.set_freeze_panes(1, 0)?;
    }
    Ok(())
}

fn write_header(sheet: &mut Worksheet, r: u32, headers: &[&str], bold: &Format) -> Result<(), ExportError> {
    for (col, header) in headers.iter().enumerate() {
        sheet.write_string_with_format(r, column(col)?, *header, bold)?;
    }
    Ok(())
}

/// One row of typed cells: numbers as number cells, text as text, the widths grown.
fn write_row(sheet: &mut Worksheet, r: u32, cells: &[Cell], widths: &mut [usize]) -> Result<(), ExportError> {
    for (col, cell) in cells.iter().enumerate() {
        let c = column(col)?;
        match (cell, cell.number()) {
            (Cell::Empty, _) => {}
            (Cell::Text(text), _) => {
                sheet.write_string(r, c, text.as_str())?;
            }
            (_, Some(number)) => {
                sheet.write_number(r, c, number)?;
            }
            (_, None) => {}
        }
        if let Some(w) = widths.get_mut(col) {
            *w = (*w).max(cell.display().width());
        }
    }
    Ok(())
}

/// Writes a group's team standings on `sheet`: the bold, frozen header row, then one
/// row per team, numbers as number cells.
///
/// # Errors
/// [`ExportError::Xlsx`] when the workbook refuses a cell.
pub fn write_team_sheet(sheet: &mut Worksheet, teams: &TeamExport, lang: Language) -> Result<(), ExportError> {
    let numeric: Vec<bool> = teams.table.columns.iter().map(|c| c.is_numeric()).collect();
    let rows: Vec<&[String]> = teams.table.rows.iter().map(|r| r.cells.as_slice()).collect();
    write_text_sheet(sheet, &teams.headers(lang), &numeric, &rows)
}

/// Writes the event's team ranking across groups on `sheet`: the bold, frozen
/// header row, then one row per club, numbers as number cells.
///
/// # Errors
/// [`ExportError::Xlsx`] when the workbook refuses a cell.
pub fn write_event_team_sheet(
    sheet: &mut Worksheet,
    table: &EventTeamTable,
    lang: Language,
) -> Result<(), ExportError> {
    let numeric: Vec<bool> = table.columns.iter().map(|c| c.is_numeric()).collect();
    let rows: Vec<&[String]> = table.rows.iter().map(Vec::as_slice).collect();
    write_text_sheet(sheet, &table.headers(lang), &numeric, &rows)
}

/// A table of texts on `sheet`: the bold, frozen header row, then the rows, a cell of a
/// `numeric` column that reads as a number written as one.
fn write_text_sheet(
    sheet: &mut Worksheet,
    headers: &[&str],
    numeric: &[bool],
    rows: &[&[String]],
) -> Result<(), ExportError> {
    let bold = Format::new().set_bold();
    let mut widths: Vec<usize> = headers.iter().map(|h| h.width()).collect();
    for (col, header) in headers.iter().enumerate() {
        sheet.write_string_with_format(0, column(col)?, *header, &bold)?;
    }
    for (i, cells) in rows.iter().enumerate() {
        let r = u32::try_from(i + 1).map_err(|_| rust_xlsxwriter::XlsxError::RowColumnLimitError)?;
        for (col, text) in cells.iter().enumerate() {
            let c = column(col)?;
            match text.parse::<f64>() {
                _ if text.is_empty() => {}
                Ok(number) if numeric.get(col).copied().unwrap_or(false) => {
                    sheet.write_number(r, c, number)?;
                }
                _ => {
                    sheet.write_string(r, c, text.as_str())?;
                }
            }
            if let Some(w) = widths.get_mut(col) {
                *w = (*w).max(text.width());
            }
        }
    }
    for (col, width) in widths.iter().enumerate() {
        sheet.set_column_width(column(col)?, (*width + 2).clamp(6, 60) as f64)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    Ok(())
}

fn column(index: usize) -> Result<u16, ExportError> {
    u16::try_from(index).map_err(|_| ExportError::Xlsx(rust_xlsxwriter::XlsxError::RowColumnLimitError))
}

/// A valid, unique sheet name: `[]:*?/\` replaced, at most 31 characters.
fn sheet_name(wanted: &str, taken: &[String]) -> String {
    let clean: String =
        wanted.chars().map(|c| if matches!(c, '[' | ']' | ':' | '*' | '?' | '/' | '\\') { '_' } else { c }).collect();
    let clean = clean.trim_matches('\'').to_string();
    let base: String = clean.chars().take(SHEET_NAME_MAX).collect();
    let mut name = if base.is_empty() { "Sheet".to_string() } else { base };
    let mut k = 2;
    while taken.iter().any(|t| t.to_lowercase() == name.to_lowercase()) {
        let suffix = format!(" ({k})");
        let keep = SHEET_NAME_MAX - suffix.chars().count();
        name = format!("{}{suffix}", clean.chars().take(keep).collect::<String>());
        k += 1;
    }
    name
}

/// Whether a stage has standings worth a sheet: a decided round, or a knockout round.
fn has_standings(stage: &Stage) -> bool {
    if stage.kind == StageKind::Knockout { !stage.rounds.is_empty() } else { stage.completed_rounds() > 0 }
}

/// The group's workbook: the final ranking with prizes on the first sheet, the team
/// standings of a group with teams, the event's team ranking across groups, then the standings of every stage that has any, as
/// `.xlsx` bytes.
///
/// # Errors
/// [`ExportError::NoRanking`] before any round is complete; [`ExportError::Domain`]
/// for an unknown group; [`ExportError::Xlsx`] when the workbook cannot be built.
pub fn final_ranking(event: &Event, group: GroupId, lang: Language) -> Result<Vec<u8>, ExportError> {
    let table = RankingTable::final_ranking(event, group)?;
    if table.rows.is_empty() {
        return Err(ExportError::NoRanking { group: table.group });
    }
    let mut workbook = Workbook::new();
    let title = format!("{} {} {}", table.event, table.group, lang.t("最终排名", "final ranking"));
    workbook.set_properties(&DocProperties::new().set_title(title));
    let mut taken: Vec<String> = Vec::new();
    let first = sheet_name(lang.t("最终排名", "Final ranking"), &taken);
    write_sheet(workbook.add_worksheet().set_name(first.as_str())?, &table, lang)?;
    taken.push(first);
    if let Some(teams) = team_standings(event, group)? {
        let name = sheet_name(lang.t("团体名次", "Team standings"), &taken);
        write_team_sheet(workbook.add_worksheet().set_name(name.as_str())?, &teams, lang)?;
        taken.push(name);
    }
    if let Some(table) = event_teams(event, group, lang)? {
        let name = sheet_name(lang.t("全赛事团体", "Event teams"), &taken);
        write_event_team_sheet(workbook.add_worksheet().set_name(name.as_str())?, &table, lang)?;
        taken.push(name);
    }
    let stages = event.group(group).map(|g| g.stages.as_slice()).unwrap_or_default();
    for stage in stages.iter().filter(|s| has_standings(s)) {
        let standings = RankingTable::stage_standings(event, group, stage.no)?;
        let name = sheet_name(&format!("{} {}", stage.no, stage.name), &taken);
        write_sheet(workbook.add_worksheet().set_name(name.as_str())?, &standings, lang)?;
        taken.push(name);
    }
    Ok(workbook.save_to_buffer()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    // every stage gets a sheet Excel accepts, even with odd names.
    #[test]
    fn sheet_names_are_valid_and_unique() {
        let taken = vec!["最终排名".to_string()];
        assert_eq!(sheet_name("1 俱乐部/选拔赛?", &taken), "1 俱乐部_选拔赛_");
        assert_eq!(sheet_name("最终排名", &taken), "最终排名 (2)");
        let long = "长".repeat(40);
        assert_eq!(sheet_name(&long, &taken).chars().count(), SHEET_NAME_MAX);
    }
}
