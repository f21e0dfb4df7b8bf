//! The team standings beside the individual ones: for a group
//! with teams, [`TeamTable`] — of team matches (场分, 局分, the stage's tiebreaks,
//! won/drawn/lost) or of 队员总分制 — after the chosen round, and for a team stage the
//! team crosstable ([`TeamCrosstable`]: each cell the row team's 局分 against the
//! column team). Both are the same models as the PDFs, the exports and the CLI.

use super::StandingsView;
use crate::domain::command::DomainError;
use crate::domain::event::Stage;
use crate::lang::Lang;
use crate::lang::Localized;
use crate::present::teams::{TeamColumn, TeamCrosstable, TeamRanking, TeamTable};
use crate::ui::env::Env;
use crate::ui::table::{Align, TableColumn, data_table_ui, text_cell_ui};
use egui::Ui;
use egui_extras::Column;

/// What the standings view shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StandingsMode {
    /// 个人: the players' standings.
    Individual,
    /// 团体: the team standings.
    Team,
    /// 团体交叉表: the team crosstable (team stages).
    TeamCrosstable,
}

/// The modes `stage` of a group with teams offers, and the one shown by default (the
/// team standings in a team stage).
pub(super) fn modes(env: &Env<'_>, stage: &Stage) -> (Vec<StandingsMode>, StandingsMode) {
    if env.group.teams.is_empty() {
        return (Vec::new(), StandingsMode::Individual);
    }
    match stage.teams {
        Some(_) => {
            (vec![StandingsMode::Individual, StandingsMode::Team, StandingsMode::TeamCrosstable], StandingsMode::Team)
        }
        None => (vec![StandingsMode::Individual, StandingsMode::Team], StandingsMode::Individual),
    }
}

/// The switch between the modes offered; the mode shown.
pub(super) fn mode_switch_ui(ui: &mut Ui, state: &mut StandingsView, env: &Env<'_>, stage: &Stage) -> StandingsMode {
    let lang = env.lang;
    let (offered, default) = modes(env, stage);
    let shown = state.mode.filter(|m| offered.contains(m)).unwrap_or(default);
    if offered.is_empty() {
        return shown;
    }
    ui.horizontal(|ui| {
        for mode in offered {
            let text = match mode {
                StandingsMode::Individual => lang.t("个人", "Individual"),
                StandingsMode::Team => lang.t("团体", "Team"),
                StandingsMode::TeamCrosstable => lang.t("团体交叉表", "Team crosstable"),
            };
            if ui.selectable_label(mode == shown, text).clicked() {
                state.mode = Some(mode);
            }
        }
    });
    shown
}

/// The team standings after round `after`.
pub(super) fn team_standings_ui(ui: &mut Ui, state: &mut StandingsView, env: &Env<'_>, stage: &Stage, after: u32) {
    let (event, group, lang) = (env.event, env.group, env.lang);
    let key = (group.id, stage.no, after, env.revision);
    let table = state.team_table.get_or_compute(key, || {
        TeamRanking::of_group(event, group.id, Some(stage.no), Some(after))
            .map(|ranking| ranking.map(|r| (TeamTable::of(event, group, &r), members_note(&r, lang))))
    });
    let (table, note) = match table {
        Ok(Some(found)) => found,
        Ok(None) => {
            ui.label(lang.t("本组没有队伍。", "This group has no teams."));
            return;
        }
        Err(e) => return error_ui(ui, e, lang),
    };
    if let Some(note) = note {
        ui.weak(note.as_str());
    }
    let columns: Vec<TableColumn> =
        table.columns.iter().map(|c| TableColumn::new(team_column(*c), c.header(lang), align_of(*c))).collect();
    data_table_ui(ui, ("team standings", group.id, stage.no), &columns, table.rows.len(), |mut row| {
        let Some(r) = table.rows.get(row.index()) else { return };
        for (column, cell) in table.columns.iter().zip(&r.cells) {
            text_cell_ui(&mut row, ("team", r.team), align_of(*column), cell.as_str());
        }
    });
}

/// 队员总分制's note: how many members count.
fn members_note(ranking: &TeamRanking, lang: Lang) -> Option<String> {
    let TeamRanking::Members(s) = ranking else { return None };
    Some(match (s.count, lang) {
        (Some(n), Lang::Zh) => format!("队员总分制：每队计前{n}名队员的个人积分；不足{n}人的队排在后面。"),
        (Some(n), Lang::En) => {
            format!("Ranked by members' points: each team's best {n} count; a team with fewer ranks after.")
        }
        (None, Lang::Zh) => "队员总分制：每队全部队员的个人积分相加。".to_string(),
        (None, Lang::En) => "Ranked by members' points: every member counts.".to_string(),
    })
}

/// The team crosstable of the team stage, after every round paired.
pub(super) fn crosstable_ui(ui: &mut Ui, state: &mut StandingsView, env: &Env<'_>, stage: &Stage) {
    let (event, group, lang) = (env.event, env.group, env.lang);
    let key = (group.id, stage.no, env.revision);
    let cross = state.crosstable.get_or_compute(key, || TeamCrosstable::of_stage(event, group.id, stage.no));
    let cross = match cross {
        Ok(cross) => cross,
        Err(e) => return error_ui(ui, e, lang),
    };
    ui.weak(lang.t(
        "每格为横行队伍对纵列队伍的局分（赛完的场次）。",
        "Each cell: the row team's game points against the column team (matches played out).",
    ));
    let n = cross.teams.len();
    let mut columns = vec![
        TableColumn::new(Column::exact(40.0), lang.t("名次", "Rank"), Align::Right),
        TableColumn::new(Column::initial(120.0).at_least(70.0), lang.t("队名", "Team"), Align::Left),
    ];
    columns.extend((1..=n).map(|j| TableColumn::new(Column::initial(52.0).at_least(36.0), j.to_string(), Align::Left)));
    columns.push(TableColumn::new(Column::exact(56.0), lang.t("场分", "Match pts"), Align::Right));
    columns.push(TableColumn::new(Column::remainder().at_least(56.0), lang.t("局分", "Game pts"), Align::Right));
    data_table_ui(ui, ("team crosstable", group.id, stage.no), &columns, n, |mut row| {
        let i = row.index();
        let (Some((rank, team, name)), Some(cells), Some((mp, gp))) =
            (cross.teams.get(i), cross.cells.get(i), cross.totals.get(i))
        else {
            return;
        };
        let id = ("cross", *team);
        text_cell_ui(&mut row, id, Align::Right, rank.to_string());
        text_cell_ui(&mut row, id, Align::Left, name.as_str());
        for (j, cell) in cells.iter().enumerate() {
            let text = if i == j { "×".to_string() } else { cell.clone() };
            text_cell_ui(&mut row, (id, j), Align::Left, text);
        }
        text_cell_ui(&mut row, id, Align::Right, mp.as_str());
        text_cell_ui(&mut row, id, Align::Right, gp.as_str());
    });
}

fn error_ui(ui: &mut Ui, e: &DomainError, lang: Lang) {
    ui.colored_label(
        ui.visuals().error_fg_color,
        format!("{}{}", lang.t("无法计算团体成绩：", "Team standings unavailable: "), e.message(lang)),
    );
}

/// The width of a team standings column in the window.
fn team_column(column: TeamColumn) -> Column {
    match column {
        TeamColumn::Rank => Column::exact(40.0),
        TeamColumn::Team | TeamColumn::Club => Column::initial(120.0).at_least(70.0),
        TeamColumn::Members => Column::remainder().at_least(100.0),
        _ => Column::initial(64.0).at_least(44.0),
    }
}

fn align_of(column: TeamColumn) -> Align {
    if column.is_numeric() { Align::Right } else { Align::Left }
}
