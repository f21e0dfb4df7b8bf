//! Standings after a round: the [`RankingTable`] of the window and
//! `bianpai standings` — rank, player, club, points, the stage's tiebreak columns in
//! its order, games as red and black, and status (withdrawn, disqualified) — one
//! section per gender where the group ranks them separately.

use super::layout::{Align, Column, Orientation};
use super::{PrintError, Printable, Report, Section, current_stage, group_of, officials_line};
use crate::domain::event::{Event, StageKind};
use crate::domain::ids::{GroupId, RoundNo};
use crate::domain::standings::StandingsRow;
use crate::lang::Lang;
use crate::present::ranking::{self, Column as RankColumn, RankingRow, RankingTable, Scope};

/// The round standings are printed after: the one asked for, else the last complete.
pub(super) fn after_round(
    group: &crate::domain::event::Group,
    stage: &crate::domain::event::Stage,
    round: Option<RoundNo>,
) -> Result<u32, PrintError> {
    match round {
        Some(r) if r.0 as usize > stage.rounds.len() => Err(PrintError::UnknownRound {
            group: group.name.clone(),
            stage: stage.no.0,
            round: r.0,
            paired: stage.rounds.len() as u32,
        }),
        Some(r) => Ok(r.0),
        None => Ok(stage.completed_rounds()),
    }
}

/// A row's status as printed; empty for active players, so that withdrawals and
/// knocked-out players stand out.
pub(super) fn status_label(row: &StandingsRow, lang: Lang) -> String {
    match row.status_code() {
        "active" => String::new(),
        _ => ranking::row_status_label(row, lang).to_string(),
    }
}

/// The width and alignment of a ranking column on the page.
fn page_column(column: RankColumn, lang: Lang) -> Column {
    let (width, align) = match column {
        RankColumn::Rank | RankColumn::StartNo | RankColumn::Points => (4.0, Align::Right),
        RankColumn::Name => (9.0, Align::Left),
        RankColumn::Club => (10.0, Align::Left),
        RankColumn::Tiebreak(_) => (5.0, Align::Right),
        RankColumn::RedGames | RankColumn::BlackGames => (3.0, Align::Right),
        RankColumn::Status => (6.0, Align::Center),
        other if other.is_numeric() => (5.0, Align::Right),
        _ => (8.0, Align::Left),
    };
    Column::new(column.short_header(lang), width, align)
}

/// The standings sections of a table: one per gender section, rows in rank order. A
/// knockout prints its places only (rank, player, club, status).
fn sections(mut table: RankingTable, lang: Lang) -> Vec<Section> {
    if matches!(table.scope, Scope::Stage { knockout: true, .. }) {
        table.retain_columns(|c| {
            matches!(
                c,
                RankColumn::Rank | RankColumn::StartNo | RankColumn::Name | RankColumn::Club | RankColumn::Status
            )
        });
    }
    let columns: Vec<Column> = table.columns.iter().map(|c| page_column(*c, lang)).collect();
    let mut out: Vec<Section> = table
        .sections()
        .into_iter()
        .map(|(gender, rows)| Section {
            caption: gender.map(|g| ranking::section_caption(g, lang).to_string()),
            columns: columns.clone(),
            rows: rows.iter().map(|r| row_strings(&table, r, lang)).collect(),
        })
        .collect();
    if out.is_empty() {
        out.push(Section { caption: None, columns, rows: Vec::new() });
    }
    out
}

/// A row as printed: the cells as displayed, an active player's status left blank.
fn row_strings(table: &RankingTable, row: &RankingRow, lang: Lang) -> Vec<String> {
    table
        .columns
        .iter()
        .map(|c| match c {
            RankColumn::Status => status_label(&row.standing, lang),
            other => row.cell(*other, lang).display().into_owned(),
        })
        .collect()
}

/// The standings as data.
///
/// # Errors
/// [`PrintError`] for an unknown group or a round not paired.
pub fn report(event: &Event, group: GroupId, round: Option<RoundNo>, lang: Lang) -> Result<Report, PrintError> {
    let g = group_of(event, group)?;
    let stage = current_stage(g)?;
    let after = after_round(g, stage, round)?;
    let table = RankingTable::standings_after(event, g.id, stage.no, after)?;
    let subtitle = table.title(lang);
    let order: Vec<String> = stage.tiebreaks.iter().map(|t| lang.t(t.label_zh(), t.label_en()).to_string()).collect();
    let mut details = Vec::new();
    if !order.is_empty() && stage.kind != StageKind::Knockout {
        let mut line =
            format!("{}{}", lang.t("排名依据：积分、", "Ranked by points, "), order.join(lang.t("、", ", ")));
        // the edition of FIDE's tie-break rules the values follow.
        if let Some(edition) = stage.fide_edition_in_use(event.start_date) {
            line.push_str(&match lang {
                Lang::Zh => format!("（{}）", edition.heading_words(lang)),
                Lang::En => format!(" ({})", edition.heading_words(lang)),
            });
        }
        details.push(line);
    }
    Ok(Report {
        link: None,
        orientation: Orientation::Portrait,
        title: event.name.clone(),
        subtitle,
        details,
        sections: sections(table, lang),
        notes: officials_line(event, lang).into_iter().collect(),
    })
}

/// Standings after a round; `round` `None` is after the last complete one.
pub const STANDINGS: Printable<Report> = Printable::new(("成绩排名", "standings"), report);
