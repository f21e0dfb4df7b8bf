//! Exports of a group's results: the final ranking as CSV ([`csv`]) and
//! as an Excel workbook ([`xlsx`]), and a static web page ([`html`]).
//!
//! This module owns the format-neutral [`RankingTable`]: one row per player in
//! ranking order with typed [`Cell`]s, so that every format shows the same columns
//! and values. The final ranking is the one prizes use
//! ([`prize_ranking`]): for a knockout after a Swiss, the knockout's places then the
//! Swiss's order; for a Swiss or round robin, the standings after the last
//! complete round. Each row shows the player's line from the stage that decided their
//! place (points and tiebreaks of that stage), plus their prizes.

pub mod csv;
pub mod html;
pub mod xlsx;

use crate::domain::command::DomainError;
use crate::domain::event::{Event, Group, Stage, StageKind};
use crate::domain::ids::{GroupId, StageNo, StartNo};
use crate::domain::player::{Gender, PlayerStatus};
use crate::domain::points::Points;
use crate::domain::prizes::{Prize, PrizeError, PrizeRules, awards, prize_ranking};
use crate::domain::rules::Tiebreak;
use crate::domain::standings::tiebreaks::{TiebreakValue, Unit};
use crate::domain::standings::{Standings, StandingsRow, standings};
use std::borrow::Cow;
use std::collections::BTreeMap;

pub use crate::lang::Lang as Language;

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
    /// Writing the bytes failed.
    #[error("writing the export: {0}")]
    Io(#[from] std::io::Error),
}

/// One column of a [`RankingTable`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    /// 名次
    Rank,
    /// 编号 (start number)
    StartNo,
    /// 姓名
    Name,
    /// 性别
    Gender,
    /// 单位
    Club,
    /// 积分
    Points,
    /// A tiebreak of the stage, in the stage's order.
    Tiebreak(Tiebreak),
    /// Games played as red.
    RedGames,
    /// Games played as black.
    BlackGames,
    /// 在赛, 退赛, 取消资格
    Status,
    /// The stage whose standings decided the place (multi-stage rankings only).
    Stage,
    /// The player's prizes as text: 第1名 500元；指定酒×2；冠军奖杯.
    Prizes,
    /// The player's cash prizes in fen.
    CashFen,
}

impl Column {
    /// The column heading.
    pub fn header(self, lang: Language) -> &'static str {
        match self {
            Column::Rank => lang.t("名次", "Rank"),
            Column::StartNo => lang.t("编号", "No."),
            Column::Name => lang.t("姓名", "Name"),
            Column::Gender => lang.t("性别", "Gender"),
            Column::Club => lang.t("单位", "Club"),
            Column::Points => lang.t("积分", "Points"),
            Column::Tiebreak(t) => lang.t(t.label_zh(), t.label_en()),
            Column::RedGames => lang.t("执红", "Red"),
            Column::BlackGames => lang.t("执黑", "Black"),
            Column::Status => lang.t("状态", "Status"),
            Column::Stage => lang.t("阶段", "Stage"),
            Column::Prizes => lang.t("奖励", "Prizes"),
            Column::CashFen => lang.t("奖金（分）", "Cash (fen)"),
        }
    }
}

/// A typed cell: formats write numbers as numbers and text as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cell {
    /// A whole number (rank, start number, counts, fen).
    Int(i64),
    /// A decimal number held as an integer of `10^-places` units (points in tenths,
    /// Sonneborn-Berger in hundredths).
    Decimal {
        /// The value in units.
        units: i64,
        /// 1 for tenths, 2 for hundredths.
        places: u32,
    },
    /// Text.
    Text(String),
    /// Nothing (a tiebreak the row's stage does not have).
    Empty,
}

impl Cell {
    /// The cell as displayed: `12`, `12.5`, `6.25`, the text, or nothing. Decimals are
    /// written from their integer units, never through a float.
    pub fn display(&self) -> Cow<'_, str> {
        match self {
            Cell::Int(n) => Cow::Owned(n.to_string()),
            Cell::Decimal { units, places } => Cow::Owned(decimal_text(*units, *places)),
            Cell::Text(s) => Cow::Borrowed(s),
            Cell::Empty => Cow::Borrowed(""),
        }
    }

    /// The cell as a spreadsheet number, `None` for text and empty cells. Only at this
    /// output edge does a value become a float.
    pub fn number(&self) -> Option<f64> {
        match self {
            Cell::Int(n) => Some(*n as f64),
            Cell::Decimal { units, places } => Some(*units as f64 / 10f64.powi(*places as i32)),
            Cell::Text(_) | Cell::Empty => None,
        }
    }

    fn points(p: Points) -> Cell {
        Cell::Decimal { units: i64::from(p.tenths()), places: 1 }
    }

    fn tiebreak(v: TiebreakValue) -> Cell {
        match v.unit {
            Unit::Count => Cell::Int(v.raw),
            Unit::Tenths => Cell::Decimal { units: v.raw, places: 1 },
            Unit::Hundredths => Cell::Decimal { units: v.raw, places: 2 },
        }
    }
}

/// `units` × 10^-`places` as text, trailing zeros of the fraction dropped: 120 tenths
/// is `12`, 125 tenths `12.5`, 625 hundredths `6.25`, 650 hundredths `6.5`.
pub fn decimal_text(units: i64, places: u32) -> String {
    let sign = if units < 0 { "-" } else { "" };
    let scale = 10u64.pow(places);
    let abs = units.unsigned_abs();
    let (whole, mut fraction, mut digits) = (abs / scale, abs % scale, places as usize);
    if fraction == 0 {
        return format!("{sign}{whole}");
    }
    while fraction.is_multiple_of(10) {
        fraction /= 10;
        digits -= 1;
    }
    format!("{sign}{whole}.{fraction:0digits$}")
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

/// One player's line of a [`RankingTable`].
#[derive(Debug, Clone, PartialEq)]
pub struct RankingRow {
    /// Rank in the ranking (within the section when genders are ranked apart).
    pub rank: u32,
    /// The player.
    pub start_no: StartNo,
    /// Name as printed.
    pub name: String,
    /// Gender, when recorded.
    pub gender: Option<Gender>,
    /// 单位
    pub club: String,
    /// The line of the stage that decided the place.
    pub standing: StandingsRow,
    /// That stage.
    pub stage: StageNo,
    /// That stage's name.
    pub stage_name: String,
    /// The player's prizes (empty when none).
    pub prizes: Vec<Prize>,
}

/// A ranking as a table of typed cells, ready for any format.
#[derive(Debug, Clone, PartialEq)]
pub struct RankingTable {
    /// The event's name.
    pub event: String,
    /// The group's name.
    pub group: String,
    /// The columns, in order.
    pub columns: Vec<Column>,
    /// The rows, in ranking order.
    pub rows: Vec<RankingRow>,
}

impl RankingTable {
    /// The group's final ranking with prizes (see the module doc). Empty when no round
    /// is complete.
    ///
    /// # Errors
    /// [`ExportError::Domain`] when the group does not exist.
    pub fn final_ranking(event: &Event, group: GroupId) -> Result<RankingTable, ExportError> {
        let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
        // Before the stage the prize rules start from (the lingting qualifier), the
        // ranking is the current stage's, without prizes.
        let (rules, ranking) = match prize_ranking(event, group, &g.prizes) {
            Ok(ranking) => (g.prizes.clone(), ranking),
            Err(PrizeError::NotStarted(_)) => {
                let rules = PrizeRules::default();
                let ranking = prize_ranking(event, group, &rules).map_err(|e| prize_error(e, g))?;
                (rules, ranking)
            }
            Err(e) => return Err(prize_error(e, g)),
        };
        let prizes: BTreeMap<StartNo, Vec<Prize>> =
            awards(&rules, &ranking).awards.into_iter().map(|a| (a.start_no, a.items)).collect();
        let chain = ranking_chain(g, &rules);
        let tables = chain
            .iter()
            .map(|s| standings(event, group, s.no, decided_rounds(s)).map(|t| (*s, t)))
            .collect::<Result<Vec<(&Stage, Standings)>, DomainError>>()?;
        let mut rows = Vec::with_capacity(ranking.len());
        for ranked in &ranking {
            // The latest stage of the chain that ranked the player decided the place.
            let found = tables.iter().rev().find_map(|(stage, table)| {
                table.rows.iter().find(|r| r.start_no == ranked.start_no).map(|r| (*stage, r))
            });
            let Some((stage, standing)) = found else { continue };
            let mut row = row_of(event, stage, standing.clone());
            row.rank = ranked.rank;
            row.prizes = prizes.get(&ranked.start_no).cloned().unwrap_or_default();
            rows.push(row);
        }
        let stages_used: Vec<StageNo> = {
            let mut used: Vec<StageNo> = rows.iter().map(|r| r.stage).collect();
            used.sort();
            used.dedup();
            used
        };
        let tiebreaks = tiebreak_columns(tables.iter().map(|(s, _)| *s));
        let mut columns = base_columns(tiebreaks);
        if stages_used.len() > 1 {
            columns.push(Column::Stage);
        }
        columns.extend([Column::Prizes, Column::CashFen]);
        Ok(RankingTable { event: event.name.clone(), group: g.name.clone(), columns, rows })
    }

    /// The standings of one stage after its last complete round (a knockout: its
    /// places so far), without prizes.
    ///
    /// # Errors
    /// [`ExportError::Domain`] when the group or stage does not exist.
    pub fn stage_standings(event: &Event, group: GroupId, stage: StageNo) -> Result<RankingTable, ExportError> {
        let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
        let s = g.stage(stage).ok_or(DomainError::UnknownStage { group, stage })?;
        let table = standings(event, group, stage, decided_rounds(s))?;
        let rows = table.rows.into_iter().map(|r| row_of(event, s, r)).collect();
        let columns = base_columns(tiebreak_columns(std::iter::once(s)));
        Ok(RankingTable { event: event.name.clone(), group: g.name.clone(), columns, rows })
    }

    /// The headings of the columns.
    pub fn headers(&self, lang: Language) -> Vec<&'static str> {
        self.columns.iter().map(|c| c.header(lang)).collect()
    }

    /// The cells of a row, one per column.
    pub fn cells(&self, row: &RankingRow, lang: Language) -> Vec<Cell> {
        self.columns.iter().map(|c| row.cell(*c, lang)).collect()
    }
}

impl RankingRow {
    /// The cell of a column.
    pub fn cell(&self, column: Column, lang: Language) -> Cell {
        let s = &self.standing;
        match column {
            Column::Rank => Cell::Int(i64::from(self.rank)),
            Column::StartNo => Cell::Int(i64::from(self.start_no.0)),
            Column::Name => Cell::Text(self.name.clone()),
            Column::Gender => self.gender.map_or(Cell::Empty, |g| Cell::Text(gender_label(g, lang).to_string())),
            Column::Club => Cell::Text(self.club.clone()),
            Column::Points => Cell::points(s.points),
            Column::Tiebreak(t) => {
                s.tiebreaks.iter().find(|(k, _)| *k == t).map_or(Cell::Empty, |(_, v)| Cell::tiebreak(*v))
            }
            Column::RedGames => Cell::Int(i64::from(s.red_games)),
            Column::BlackGames => Cell::Int(i64::from(s.black_games)),
            Column::Status => Cell::Text(status_label(s.status, lang).to_string()),
            Column::Stage => Cell::Text(self.stage_name.clone()),
            Column::Prizes => Cell::Text(prizes_text(&self.prizes, lang)),
            Column::CashFen => Cell::Int(cash_fen(&self.prizes)),
        }
    }
}

fn prize_error(e: PrizeError, group: &Group) -> ExportError {
    match e {
        PrizeError::Domain(d) => ExportError::Domain(d),
        // Only reached with the default rules, which start at the current stage.
        PrizeError::NotStarted(_) => ExportError::NoRanking { group: group.name.clone() },
    }
}

/// The stages the ranking covers, as `prize_ranking` reads them: from the rules' first
/// stage (or the stage before a knockout) to the current stage.
fn ranking_chain<'g>(group: &'g Group, rules: &PrizeRules) -> Vec<&'g Stage> {
    let Some(current) = group.current_stage() else { return Vec::new() };
    let from = rules.ranking_from_stage.unwrap_or(if current.kind == StageKind::Knockout && current.no.0 > 1 {
        StageNo(current.no.0 - 1)
    } else {
        current.no
    });
    group.stages.iter().filter(|s| s.no >= from && s.no <= current.no).collect()
}

/// The round the stage's standings are taken after: the last complete round, or every
/// round of a knockout (its places so far).
pub(crate) fn decided_rounds(stage: &Stage) -> u32 {
    if stage.kind == StageKind::Knockout { stage.rounds.len() as u32 } else { stage.completed_rounds() }
}

/// The tiebreak columns of the stages, in stage order then each stage's order.
fn tiebreak_columns<'s>(stages: impl Iterator<Item = &'s Stage>) -> Vec<Tiebreak> {
    let mut columns: Vec<Tiebreak> = Vec::new();
    for stage in stages.filter(|s| s.kind != StageKind::Knockout) {
        for t in stage.tiebreaks.iter().copied().filter(|t| t.has_column()) {
            if !columns.contains(&t) {
                columns.push(t);
            }
        }
    }
    columns
}

fn base_columns(tiebreaks: Vec<Tiebreak>) -> Vec<Column> {
    let mut columns = vec![Column::Rank, Column::StartNo, Column::Name, Column::Gender, Column::Club, Column::Points];
    columns.extend(tiebreaks.into_iter().map(Column::Tiebreak));
    columns.extend([Column::RedGames, Column::BlackGames, Column::Status]);
    columns
}

fn row_of(event: &Event, stage: &Stage, standing: StandingsRow) -> RankingRow {
    let player = event.player(standing.start_no);
    RankingRow {
        rank: standing.rank,
        start_no: standing.start_no,
        name: player.map(|p| p.name().to_string()).unwrap_or_default(),
        gender: player.and_then(|p| p.entry.gender),
        club: player.map(|p| p.entry.club.clone()).unwrap_or_default(),
        standing,
        stage: stage.no,
        stage_name: stage.name.clone(),
        prizes: Vec::new(),
    }
}

/// 男/女 or M/F.
pub fn gender_label(gender: Gender, lang: Language) -> &'static str {
    match gender {
        Gender::Male => lang.t("男", "M"),
        Gender::Female => lang.t("女", "F"),
    }
}

/// 在赛/退赛/取消资格 or active/withdrawn/disqualified.
pub fn status_label(status: PlayerStatus, lang: Language) -> &'static str {
    match lang {
        Language::Zh => status.label_zh(),
        Language::En => status.label_en(),
    }
}

/// The prizes as one text: `第1名 500元；指定酒×2；冠军奖杯` (English: `第1名 500 yuan; …`).
pub fn prizes_text(prizes: &[Prize], lang: Language) -> String {
    let parts: Vec<String> = prizes.iter().map(|p| p.describe_in(lang)).collect();
    parts.join(lang.t("；", "; "))
}

/// The sum of the cash prizes, in fen.
pub fn cash_fen(prizes: &[Prize]) -> i64 {
    prizes.iter().map(|p| if let Prize::Cash { amount_fen, .. } = p { *amount_fen } else { 0 }).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    // points and tiebreaks read like the CLI, from integers.
    #[test]
    fn decimals_are_written_from_integer_units() {
        assert_eq!(decimal_text(120, 1), "12");
        assert_eq!(decimal_text(125, 1), "12.5");
        assert_eq!(decimal_text(625, 2), "6.25");
        assert_eq!(decimal_text(650, 2), "6.5");
        assert_eq!(decimal_text(-5, 1), "-0.5");
        assert_eq!(decimal_text(7, 2), "0.07");
    }

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

    // the prize text of the seed-000 champion and the cash total.
    #[test]
    fn prizes_read_as_one_text() {
        let prizes = [Prize::cash("第1名", 50_000), Prize::item("指定酒", 2), Prize::trophy("冠军奖杯")];
        assert_eq!(prizes_text(&prizes, Language::Zh), "第1名 500元；指定酒×2；冠军奖杯");
        assert_eq!(prizes_text(&prizes, Language::En), "第1名 500 yuan; 指定酒×2; 冠军奖杯");
        assert_eq!(cash_fen(&[Prize::cash("第1名", 50_000), Prize::cash("幸运奖", 520)]), 50_520);
    }
}
