//! The ranking table: one row per player in ranking order,
//! one typed [`Cell`] per [`Column`], so that the window, the standings PDF, the
//! CSV/XLSX/HTML exports and `bianpai standings` show the same columns and values.
//!
//! Three tables are built here:
//! - [`RankingTable::standings_after`]: a stage's standings after a chosen round —
//!   rank, player, club, points, the stage's tiebreak columns in the stage's order,
//!   games as red and as black, status (the window, the PDF, the command line);
//! - [`RankingTable::stage_standings`]: the same after the stage's last complete
//!   round (a knockout: its places so far), with genders (the exports' stage sheets);
//! - [`RankingTable::final_ranking`]: the ranking prizes go by
//!   ([`crate::domain::prizes::prize_ranking`]):
//!   for a knockout after a Swiss, the knockout's places then the Swiss's order
//!   for a Swiss or round robin, the standings after the last complete round.
//!   Each row shows the player's line from the stage that decided their place, plus
//!   their prizes. A disqualified player takes no rank: every table lists him
//!   after its ranked rows, with an empty rank cell and no prize.
//!
//! Values stay integers (points in tenths, Sonneborn-Berger in hundredths) until
//! [`Cell::display`] writes them. Headings come in two widths ([`Column::header`] for
//! the exports, [`Column::short_header`] for narrow tables); both are in the chosen
//! [`Lang`].

use crate::domain::command::DomainError;
use crate::domain::event::{Event, Group, Stage, StageKind};
use crate::domain::ids::{GroupId, StageNo, StartNo};
use crate::domain::player::{Gender, PlayerStatus};
use crate::domain::points::Points;
use crate::domain::prizes::{Prize, PrizeError, PrizeRules, prize_outcome};
use crate::domain::rules::Tiebreak;
use crate::domain::standings::tiebreaks::{TiebreakValue, Unit};
use crate::domain::standings::{Standings, StandingsRow, standings};
use crate::lang::Lang;
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Why a ranking table cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum RankingError {
    /// The group or a stage does not exist, or standings could not be computed.
    #[error(transparent)]
    Domain(#[from] DomainError),
    /// The group has no complete round yet: there is no ranking.
    #[error("group {group}: no round is complete yet, there is no ranking to export")]
    NoRanking {
        /// The group's name.
        group: String,
    },
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
    /// The player's cash prizes in yuan, written exactly from the fen kept inside
    /// (Issue 39 item 6).
    CashYuan,
}

impl Column {
    /// The column heading in full (the exports: 执红, 执黑).
    pub fn header(self, lang: Lang) -> &'static str {
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
            Column::CashYuan => lang.t("奖金（元）", "Prize (yuan)"),
        }
    }

    /// The heading of a narrow table (the window, the PDF, the terminal): the games
    /// as red and black are 红 and 黑; every other heading is [`Column::header`].
    pub fn short_header(self, lang: Lang) -> &'static str {
        match self {
            Column::RedGames => lang.t("红", "Red"),
            Column::BlackGames => lang.t("黑", "Black"),
            other => other.header(lang),
        }
    }

    /// Whether the column holds numbers (drawn right-aligned).
    pub fn is_numeric(self) -> bool {
        matches!(
            self,
            Column::Rank
                | Column::StartNo
                | Column::Points
                | Column::Tiebreak(_)
                | Column::RedGames
                | Column::BlackGames
                | Column::CashYuan
        )
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

/// One player's line of a [`RankingTable`].
#[derive(Debug, Clone, PartialEq)]
pub struct RankingRow {
    /// Rank in the ranking (within the section when genders are ranked apart); `None`
    /// for a disqualified player, listed after every ranked one.
    pub rank: Option<u32>,
    /// The player.
    pub start_no: StartNo,
    /// The number shown for the player (R-11.6: within the group under per-group
    /// numbering).
    pub shown_no: u32,
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

/// What a [`RankingTable`] ranks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    /// The group's final ranking, with prizes.
    Final,
    /// One stage's standings after a round (a knockout: its places so far).
    Stage {
        /// The stage's name.
        name: String,
        /// The round the standings are after (0: before the first round).
        after_round: u32,
        /// Whether the stage is a knockout.
        knockout: bool,
    },
}

/// A ranking as a table of typed cells, ready for any medium.
#[derive(Debug, Clone, PartialEq)]
pub struct RankingTable {
    /// The event's name.
    pub event: String,
    /// The group's name.
    pub group: String,
    /// What the table ranks.
    pub scope: Scope,
    /// The columns, in order.
    pub columns: Vec<Column>,
    /// The rows, in ranking order (by section first when genders are ranked apart).
    pub rows: Vec<RankingRow>,
}

impl RankingTable {
    /// The group's final ranking with prizes (see the module doc). Empty when no round
    /// is complete.
    ///
    /// # Errors
    /// [`RankingError::Domain`] when the group does not exist.
    pub fn final_ranking(event: &Event, group: GroupId) -> Result<RankingTable, RankingError> {
        let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
        // Before the stage the prize rules start from (the lingting qualifier), the
        // ranking is the current stage's, without prizes.
        let (rules, outcome) = match prize_outcome(event, group, &g.prizes) {
            Ok(outcome) => (g.prizes.clone(), outcome),
            Err(PrizeError::NotStarted(_)) => {
                let rules = PrizeRules::default();
                let outcome = prize_outcome(event, group, &rules).map_err(|e| prize_error(e, g))?;
                (rules, outcome)
            }
            Err(e) => return Err(prize_error(e, g)),
        };
        let prizes: BTreeMap<StartNo, Vec<Prize>> =
            outcome.list.awards.into_iter().map(|a| (a.start_no, a.items)).collect();
        let chain = ranking_chain(g, &rules);
        let tables = chain
            .iter()
            .map(|s| standings(event, group, s.no, decided_rounds(s)).map(|t| (*s, t)))
            .collect::<Result<Vec<(&Stage, Standings)>, DomainError>>()?;
        let mut rows = Vec::with_capacity(outcome.ranking.len() + outcome.disqualified.len());
        // the disqualified players after every ranked one, without a rank or prize.
        let players = outcome.ranking.iter().map(|p| (Some(p.rank), p.start_no));
        for (rank, start_no) in players.chain(outcome.disqualified.iter().map(|p| (None, p.start_no))) {
            // The latest stage of the chain that ranked the player decided the place.
            let found = tables
                .iter()
                .rev()
                .find_map(|(stage, table)| table.rows.iter().find(|r| r.start_no == start_no).map(|r| (*stage, r)));
            let Some((stage, standing)) = found else { continue };
            let mut row = row_of(event, stage, standing.clone());
            row.rank = rank;
            row.prizes = prizes.get(&start_no).cloned().unwrap_or_default();
            rows.push(row);
        }
        if tables.len() == 1 {
            // One stage, maybe ranked by section: each section's disqualified last in it.
            rows.sort_by_key(|r| (r.standing.section, r.rank.is_none()));
        }
        let mut stages_used: Vec<StageNo> = rows.iter().map(|r| r.stage).collect();
        stages_used.sort();
        stages_used.dedup();
        let tiebreaks = tiebreak_columns(tables.iter().map(|(s, _)| *s));
        let mut columns = base_columns(true, tiebreaks);
        if stages_used.len() > 1 {
            columns.push(Column::Stage);
        }
        columns.extend([Column::Prizes, Column::CashYuan]);
        Ok(RankingTable { event: event.name.clone(), group: g.name.clone(), scope: Scope::Final, columns, rows })
    }

    /// The standings of one stage after its last complete round (a knockout: its
    /// places so far), with genders and without prizes: the exports' stage tables.
    ///
    /// # Errors
    /// [`DomainError`] when the group or stage does not exist.
    pub fn stage_standings(event: &Event, group: GroupId, stage: StageNo) -> Result<RankingTable, DomainError> {
        let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
        let s = g.stage(stage).ok_or_else(|| DomainError::UnknownStage { group: g.name.clone(), stage })?;
        RankingTable::of_stage(event, g, s, decided_rounds(s), true)
    }

    /// The standings of `stage` after round `after_round` (0: before the first):
    /// rank, start number, name, club, points, the stage's tiebreak columns in its
    /// order, games as red and black, status — the table of the window, the standings
    /// PDF and `bianpai standings`.
    ///
    /// # Errors
    /// [`DomainError`] when the group or stage does not exist.
    pub fn standings_after(
        event: &Event,
        group: GroupId,
        stage: StageNo,
        after_round: u32,
    ) -> Result<RankingTable, DomainError> {
        let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
        let s = g.stage(stage).ok_or_else(|| DomainError::UnknownStage { group: g.name.clone(), stage })?;
        RankingTable::of_stage(event, g, s, after_round, false)
    }

    fn of_stage(
        event: &Event,
        group: &Group,
        stage: &Stage,
        after_round: u32,
        with_gender: bool,
    ) -> Result<RankingTable, DomainError> {
        let table = standings(event, group.id, stage.no, after_round)?;
        let rows = table.rows.into_iter().map(|r| row_of(event, stage, r)).collect();
        let columns = base_columns(with_gender, tiebreak_columns(std::iter::once(stage)));
        let scope = Scope::Stage {
            name: stage.name.clone(),
            after_round: table.after_round,
            knockout: stage.kind == StageKind::Knockout,
        };
        Ok(RankingTable { event: event.name.clone(), group: group.name.clone(), scope, columns, rows })
    }

    /// The table's title: `成人组 · 线上积分赛 · 第5轮后 成绩排名`, `成人组 · 淘汰赛 名次`,
    /// `成人组 · 最终排名` (English: `… · standings after round 5`, `… places`,
    /// `… · final ranking`).
    pub fn title(&self, lang: Lang) -> String {
        let g = &self.group;
        match (&self.scope, lang) {
            (Scope::Final, _) => format!("{g} · {}", lang.t("最终排名", "final ranking")),
            (Scope::Stage { name, knockout: true, .. }, _) => format!("{g} · {name} {}", lang.t("名次", "places")),
            (Scope::Stage { name, after_round, .. }, Lang::Zh) => {
                format!("{g} · {name} · 第{after_round}轮后 成绩排名")
            }
            (Scope::Stage { name, after_round, .. }, Lang::En) => {
                format!("{g} · {name} · standings after round {after_round}")
            }
        }
    }

    /// The headings of the columns, in full.
    pub fn headers(&self, lang: Lang) -> Vec<&'static str> {
        self.columns.iter().map(|c| c.header(lang)).collect()
    }

    /// The headings of the columns for a narrow table.
    pub fn short_headers(&self, lang: Lang) -> Vec<&'static str> {
        self.columns.iter().map(|c| c.short_header(lang)).collect()
    }

    /// The cells of a row, one per column.
    pub fn cells(&self, row: &RankingRow, lang: Lang) -> Vec<Cell> {
        self.columns.iter().map(|c| row.cell(*c, lang)).collect()
    }

    /// The rows by section, in order: one run per gender when the group ranks boys and
    /// girls apart, else one run of every row. Empty when there are no rows.
    pub fn sections(&self) -> Vec<(Option<Gender>, &[RankingRow])> {
        self.rows
            .chunk_by(|a, b| a.standing.section == b.standing.section)
            .map(|run| (run[0].standing.section, run))
            .collect()
    }

    /// Keeps only the columns `keep` accepts (a medium with less room).
    pub fn retain_columns(&mut self, keep: impl Fn(Column) -> bool) {
        self.columns.retain(|c| keep(*c));
    }
}

impl RankingRow {
    /// The cell of a column.
    pub fn cell(&self, column: Column, lang: Lang) -> Cell {
        let s = &self.standing;
        match column {
            Column::Rank => self.rank.map_or(Cell::Empty, |r| Cell::Int(i64::from(r))),
            Column::StartNo => Cell::Int(i64::from(self.shown_no)),
            Column::Name => Cell::Text(self.name.clone()),
            Column::Gender => self.gender.map_or(Cell::Empty, |g| Cell::Text(gender_label(g, lang).to_string())),
            Column::Club => Cell::Text(self.club.clone()),
            Column::Points => Cell::points(s.points),
            Column::Tiebreak(t) => {
                s.tiebreaks.iter().find(|(k, _)| *k == t).map_or(Cell::Empty, |(_, v)| Cell::tiebreak(*v))
            }
            Column::RedGames => Cell::Int(i64::from(s.red_games)),
            Column::BlackGames => Cell::Int(i64::from(s.black_games)),
            Column::Status => Cell::Text(row_status_label(s, lang).to_string()),
            Column::Stage => Cell::Text(self.stage_name.clone()),
            Column::Prizes => Cell::Text(prizes_text(&self.prizes, lang)),
            Column::CashYuan => Cell::Decimal { units: cash_fen(&self.prizes), places: 2 },
        }
    }
}

fn prize_error(e: PrizeError, group: &Group) -> RankingError {
    match e {
        PrizeError::Domain(d) => RankingError::Domain(d),
        // Only reached with the default rules, which start at the current stage.
        PrizeError::NotStarted(_) => RankingError::NoRanking { group: group.name.clone() },
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
pub fn decided_rounds(stage: &Stage) -> u32 {
    if stage.kind == StageKind::Knockout { stage.rounds.len() as u32 } else { stage.completed_rounds() }
}

/// The tiebreak columns of the stages, in stage order then each stage's order; a
/// knockout has none (its standings are places), nor do the tiebreaks without a value
/// of their own (previous rounds).
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

fn base_columns(with_gender: bool, tiebreaks: Vec<Tiebreak>) -> Vec<Column> {
    let mut columns = vec![Column::Rank, Column::StartNo, Column::Name];
    if with_gender {
        columns.push(Column::Gender);
    }
    columns.extend([Column::Club, Column::Points]);
    columns.extend(tiebreaks.into_iter().map(Column::Tiebreak));
    columns.extend([Column::RedGames, Column::BlackGames, Column::Status]);
    columns
}

fn row_of(event: &Event, stage: &Stage, standing: StandingsRow) -> RankingRow {
    let player = event.player(standing.start_no);
    RankingRow {
        rank: standing.rank,
        start_no: standing.start_no,
        shown_no: event.shown_no(standing.start_no),
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
pub fn gender_label(gender: Gender, lang: Lang) -> &'static str {
    match gender {
        Gender::Male => lang.t("男", "M"),
        Gender::Female => lang.t("女", "F"),
    }
}

/// The caption of a gender section: 男子/女子 or Boys/Girls.
pub fn section_caption(gender: Gender, lang: Lang) -> &'static str {
    match gender {
        Gender::Male => lang.t("男子", "Boys"),
        Gender::Female => lang.t("女子", "Girls"),
    }
}

/// 在赛/退赛/取消资格 or active/withdrawn/disqualified.
pub fn status_label(status: PlayerStatus, lang: Lang) -> &'static str {
    lang.t(status.label_zh(), status.label_en())
}

/// A standings row's status: 已淘汰 / eliminated for a player knocked out of the
/// knockout, else the player's status.
pub fn row_status_label(row: &StandingsRow, lang: Lang) -> &'static str {
    match row.status_code() {
        "eliminated" => lang.t("已淘汰", "eliminated"),
        _ => status_label(row.status, lang),
    }
}

/// The prizes as one text: `第1名 500元；指定酒×2；冠军奖杯` (English: `第1名 500 yuan; …`).
pub fn prizes_text(prizes: &[Prize], lang: Lang) -> String {
    let parts: Vec<String> = prizes.iter().map(|p| p.describe_in(lang)).collect();
    parts.join(lang.t("；", "; "))
}

/// The sum of the cash prizes, in fen.
pub fn cash_fen(prizes: &[Prize]) -> i64 {
    prizes.iter().map(|p| if let Prize::Cash { amount_fen, .. } = p { *amount_fen } else { 0 }).sum()
}

#[cfg(test)]
#[path = "ranking_tests.rs"]
mod tests;
