//! The standings panel's model of an individual table ([`StandingsModel`]): the
//! ranking table's columns and headings, and its rows' cells as text, in one section or
//! in a boys' and a girls' section. [`derive`] builds it from the event once
//! per change — a saved change, another group, stage, round or language — and the view
//! keeps it, so that a frame only draws the rows in sight (issue 40, item 3).

use crate::domain::command::DomainError;
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, StageNo, StartNo};
use crate::domain::player::Gender;
use crate::lang::Lang;
use crate::present::ranking::{Column as RankColumn, RankingRow, RankingTable};
use crate::ui::table::Align;

/// What a [`StandingsModel`] was derived for: group, stage, the round the standings
/// are after, the event's revision and the language.
pub(super) type ModelKey = (GroupId, StageNo, u32, u64, Lang);

/// An individual standings table as the panel draws it.
#[derive(Debug, Clone)]
pub(super) struct StandingsModel {
    /// The ranking table's columns, in order.
    pub(super) columns: Vec<RankColumn>,
    /// Their narrow headings and alignments.
    pub(super) headings: Vec<(String, Align)>,
    /// One section, or the boys' and the girls'.
    pub(super) sections: Vec<Section>,
}

/// The rows of one section of the table.
#[derive(Debug, Clone)]
pub(super) struct Section {
    /// The section's gender when the group ranks them apart.
    pub(super) gender: Option<Gender>,
    /// The section's heading (`男子组`, `Boys`), when there are several.
    pub(super) heading: Option<String>,
    /// Its rows in rank order.
    pub(super) rows: Vec<ShownRow>,
}

/// A row's player and its cells, one per column.
#[derive(Debug, Clone)]
pub(super) struct ShownRow {
    /// The player.
    pub(super) start_no: StartNo,
    /// The cells' texts (a tiebreak without a value for this player is empty).
    pub(super) cells: Vec<String>,
}

/// How a ranking column's cells are aligned: numbers right.
fn align_of(column: RankColumn) -> Align {
    if column.is_numeric() { Align::Right } else { Align::Left }
}

/// The standings of `stage` of `group` after round `after`, as the panel draws them.
///
/// # Errors
/// The standings cannot be computed (the rules refuse the stage's settings).
pub(super) fn derive(
    event: &Event,
    (group, stage, after): (GroupId, StageNo, u32),
    lang: Lang,
) -> Result<StandingsModel, DomainError> {
    let table = RankingTable::standings_after(event, group, stage, after)?;
    let by_gender = event.group(group).is_some_and(|g| g.rank_genders_separately);
    let row = |r: &RankingRow| ShownRow {
        start_no: r.start_no,
        cells: table.cells(r, lang).iter().map(|c| c.display().into_owned()).collect(),
    };
    let sections = if by_gender {
        [Gender::Male, Gender::Female]
            .into_iter()
            .map(|g| Section {
                gender: Some(g),
                heading: Some(section_heading(g, lang)),
                rows: table.rows.iter().filter(|r| r.standing.section == Some(g)).map(row).collect(),
            })
            .collect()
    } else {
        vec![Section { gender: None, heading: None, rows: table.rows.iter().map(row).collect() }]
    };
    let headings = table.columns.iter().map(|c| (c.short_header(lang).to_string(), align_of(*c))).collect();
    Ok(StandingsModel { columns: table.columns.clone(), headings, sections })
}

/// A section's heading: `男子组` / `Boys`.
fn section_heading(gender: Gender, lang: Lang) -> String {
    match (gender, lang) {
        (_, Lang::Zh) => format!("{}子组", gender.label_zh()),
        (Gender::Male, Lang::En) => "Boys".to_string(),
        (Gender::Female, Lang::En) => "Girls".to_string(),
    }
}
