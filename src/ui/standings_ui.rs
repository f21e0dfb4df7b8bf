//! 成绩: the standings of the stage after a chosen round — rank, player, points, the
//! stage's tiebreak columns in order, games as red and as black, status — with one
//! table for boys and one for girls when the group ranks them separately.
//!
//! The table is [`RankingTable::standings_after`], the same model as the standings PDF
//! and `bianpai standings`. Standings are derived from the event, never stored; the
//! last table computed, with its cells as text (`standings_ui/model.rs`), is kept until
//! the round, stage, group, language or revision changes or
//! [`StandingsView::invalidate`] is called (after any change to the event). When the
//! stage is played out and another follows, a line points to the pairing panel, where
//! the stage is closed and its players qualified.

mod model;
mod teams;

pub use teams::StandingsMode;

use super::env::Env;
use super::memo::Memo;
use super::table::{header_height, header_ui, row_height, stacked_heights, table_builder, text_cell_ui};
use crate::domain::command::DomainError;
use crate::domain::event::Stage;
use crate::domain::event::StageStatus;
use crate::domain::ids::{GroupId, RoundNo, StageNo};
use crate::domain::player::Gender;
use crate::lang::Localized;
use crate::present::ranking::Column as RankColumn;
use crate::present::teams::{TeamCrosstable, TeamTable};
use egui::Ui;
use egui_extras::Column;
use model::{ModelKey, Section, StandingsModel};

/// Which standings the cache holds.
/// Group, stage, round, and the event's revision (any saved change invalidates).
type CacheKey = (GroupId, StageNo, u32, u64);

/// The team standings table with 队员总分制's note (how many members count).
type TeamStandingsShown = (TeamTable, Option<String>);

/// The standings view's own state.
#[derive(Debug, Clone, Default)]
pub struct StandingsView {
    /// The round the standings are after; `None` for the last complete round.
    pub after_round: Option<u32>,
    /// Individual or team standings; `None` for the stage's default.
    pub mode: Option<StandingsMode>,
    /// The individual table as drawn, per group, stage, round, revision and language
    /// (issue 40, item 3).
    model: Memo<ModelKey, Result<StandingsModel, DomainError>>,
    /// The team standings (with 队员总分制's note), per group, stage, round, revision.
    team_table: Memo<CacheKey, Result<Option<TeamStandingsShown>, DomainError>>,
    /// The team crosstable, per group, stage and revision.
    crosstable: Memo<(GroupId, StageNo, u64), Result<TeamCrosstable, DomainError>>,
}

impl StandingsView {
    /// Forgets the cached standings: call after any change to the event.
    pub fn invalidate(&mut self) {
        self.model.clear();
        self.team_table.clear();
        self.crosstable.clear();
    }

    /// How many times the individual table was derived: once per change (a saved
    /// change, another round, the language), never once per frame.
    pub fn model_builds(&self) -> u64 {
        self.model.builds()
    }
}

/// Draws the standings of `stage` after the chosen round.
pub fn standings_ui(ui: &mut Ui, state: &mut StandingsView, env: &Env<'_>, stage: &Stage) {
    next_stage_ui(ui, env, stage);
    let (event, group, lang) = (env.event, env.group, env.lang);
    let paired = stage.rounds.len() as u32;
    let after_label = |r: u32| match (r, lang) {
        (0, _) => lang.t("赛前", "Before round 1").to_string(),
        (r, crate::ui::Lang::Zh) => format!("第{r}轮后"),
        (r, crate::ui::Lang::En) => format!("After round {r}"),
    };
    let after = state.after_round.filter(|r| *r <= paired).unwrap_or_else(|| stage.completed_rounds());
    ui.horizontal_wrapped(|ui| {
        ui.heading(lang.t("成绩表", "Standings"));
        ui.add_space(crate::ui::theme::space::L);
        for r in 0..=paired {
            let text = after_label(r);
            if ui.selectable_label(r == after, text).clicked() {
                state.after_round = Some(r);
            }
        }
    });
    let mode = teams::mode_switch_ui(ui, state, env, stage);
    ui.separator();
    let when = after_label(after);
    let mut caption = format!("{} {} {when}", group.name, stage.name);
    if let Some(planned) = stage.rounds_planned {
        caption.push_str(&match lang {
            crate::ui::Lang::Zh => format!("（共{planned}轮）"),
            crate::ui::Lang::En => format!(" (of {planned} rounds)"),
        });
    }
    // the edition of FIDE's tie-break rules the values follow.
    if let Some(edition) = stage.fide_edition_in_use(event.start_date) {
        caption.push_str(&format!(" · {}", edition.heading_words(lang)));
    }
    let incomplete = after > 0 && stage.round(RoundNo(after)).is_some_and(|r| !r.is_complete());
    if incomplete {
        caption.push_str(lang.t("，本轮尚有未录入的结果", "; results of this round are still missing"));
    }
    ui.label(caption);
    ui.add_space(crate::ui::theme::space::XS);
    match mode {
        StandingsMode::Team => return teams::team_standings_ui(ui, state, env, stage, after),
        StandingsMode::TeamCrosstable => return teams::crosstable_ui(ui, state, env, stage),
        StandingsMode::Individual => {}
    }

    let key = (group.id, stage.no, after, env.revision, lang);
    let table = match state.model.get_or_compute(key, || model::derive(event, (group.id, stage.no, after), lang)) {
        Ok(table) => table,
        Err(e) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("{}{}", lang.t("无法计算成绩：", "Standings unavailable: "), e.message(lang)),
            );
            return;
        }
    };
    sections_ui(ui, table, lang);
}

/// The table, or the boys' and the girls' tables, each headed, sharing the
/// height left.
fn sections_ui(ui: &mut Ui, table: &StandingsModel, lang: crate::ui::Lang) {
    let sections = &table.sections;
    let (header_h, row_h) = (header_height(ui), row_height(ui));
    // The sections' tables share the height left, a heading before each: a short one
    // takes what it needs, the others the rest (issue 39, item 7).
    let spacing = ui.spacing().item_spacing.y;
    let heading_h = if sections.len() > 1 { row_h + 2.0 * spacing } else { 0.0 };
    let bodies = ui.available_height() - sections.len() as f32 * (heading_h + header_h + spacing);
    // A row takes its height and the spacing under it; one table alone takes it all.
    let needs: Vec<f32> = match sections.len() {
        1 => vec![f32::INFINITY],
        _ => sections.iter().map(|s| s.rows.len() as f32 * (row_h + spacing) + spacing).collect(),
    };
    let heights = stacked_heights(bodies, &needs, 3.0 * row_h);
    for (section, share) in sections.iter().zip(heights) {
        if let Some(heading) = &section.heading {
            ui.strong(heading.as_str());
        }
        ui.push_id(("standings-section", section.gender.map(Gender::code)), |ui| {
            section_table_ui(ui, lang, table, section, (header_h, row_h), share);
        });
    }
}

/// The width of a ranking column in the window.
fn table_column(column: RankColumn) -> Column {
    match column {
        RankColumn::Rank | RankColumn::StartNo => Column::exact(40.0),
        RankColumn::Name => Column::initial(110.0).at_least(70.0),
        RankColumn::Club => Column::initial(130.0).at_least(70.0),
        RankColumn::Points => Column::exact(44.0),
        RankColumn::RedGames | RankColumn::BlackGames => Column::exact(28.0),
        RankColumn::Status => Column::remainder().at_least(60.0),
        _ => Column::initial(56.0).at_least(40.0),
    }
}

/// One section's table: the ranking table's columns and cells as they are.
fn section_table_ui(
    ui: &mut Ui,
    lang: crate::ui::Lang,
    table: &StandingsModel,
    section: &Section,
    (header_h, row_h): (f32, f32),
    max_height: f32,
) {
    let rows = &section.rows;
    if rows.is_empty() {
        ui.label(lang.t("（无选手）", "(no players)"));
        return;
    }
    let mut builder = table_builder(ui, "standings").max_scroll_height(max_height);
    for column in &table.columns {
        builder = builder.column(table_column(*column));
    }
    builder.header(header_h, |header| header_ui(header, &table.headings)).body(|body| {
        body.rows(row_h, rows.len(), |mut row| {
            let Some(r) = rows.get(row.index()) else { return };
            // A tiebreak without a value for this player still takes its cell.
            for ((_, align), cell) in table.headings.iter().zip(&r.cells) {
                text_cell_ui(&mut row, r.start_no, *align, cell.as_str());
            }
        });
    });
}

/// When the stage is played out and another follows: where to close it (the pairing
/// panel shows who qualifies, picks the nominees and closes the stage, R-1.4).
fn next_stage_ui(ui: &mut Ui, env: &Env<'_>, stage: &Stage) {
    let lang = env.lang;
    let Some(next) = env.group.stage(StageNo(stage.no.0 + 1)) else { return };
    if stage.status != StageStatus::Open || !stage.is_played_out() || next.status != StageStatus::Pending {
        return;
    }
    ui.label(match lang {
        crate::ui::Lang::Zh => format!("本阶段已赛完：请在「对阵」页查看晋级名单、选择提名选手，并结束本阶段进入「{}」。", next.name),
        crate::ui::Lang::En => format!(
            "This stage is played out: the Pairings view shows who qualifies, picks the nominees and closes it for “{}”.",
            next.name
        ),
    });
    ui.separator();
}
