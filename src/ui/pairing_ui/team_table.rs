//! A team round's pairings, by match: a heading row per match —
//! `第1场`, the home team (主), the score so far, the away team (客) — with its K boards
//! under it (`1.1 … 1.K`: match 1's boards): red and black with each
//! player's team, and the result; a board one side could not fill is a forfeit. The
//! teams with a bye are named under the table. Hand edits of single boards do not
//! apply to matches: line-ups are changed on the 队伍 panel while a match has no
//! result, and the whole round can be unpaired (U) while it has none.
//!
//! A match's 第1场 and a bye's 为什么轮空 are chosen (a click, or Tab and Space) to
//! explain them in the side pane (`explain.rs`, R-10.10).

use super::explain::{Chosen, explain_ui};
use super::table::choice_cell_ui;
use super::{Confirm, PairingView};
use crate::domain::event::{Round, Stage, StageStatus};
use crate::domain::ids::StartNo;
use crate::domain::model::team::{TeamId, TeamMatch, TeamRound};
use crate::lang::Lang;
use crate::ui::env::Env;
use crate::ui::result_entry::result_label;
use crate::ui::table::{Align, TableColumn, data_table_ui, text_cell_ui, under_table_ui};
use crate::ui::team_words::{board_label, match_heading, team_byes_text, team_name};
use egui::{Key, Ui};
use egui_extras::Column;

/// A row of the table.
enum Row<'a> {
    /// A match's heading.
    Head(&'a TeamMatch),
    /// Board `b` of a match.
    Board(&'a TeamMatch, u32),
}

/// The team round `chosen` of `stage`, by match, with the unpair button of the last
/// round while it has no result.
pub(super) fn team_round_ui(
    ui: &mut Ui,
    state: &mut PairingView,
    env: &Env<'_>,
    stage: &Stage,
    chosen: &Round,
    key: &dyn Fn(&mut Ui, Key) -> bool,
) {
    let lang = env.lang;
    let (Some(tr), Some(rules)) = (&chosen.teams, &stage.teams) else { return };
    let is_last = stage.last_round().is_some_and(|last| last.no == chosen.no);
    let untouched = chosen.games.iter().all(|g| g.result.is_none());
    ui.horizontal_wrapped(|ui| {
        if is_last && untouched && stage.status == StageStatus::Open {
            let unpair =
                ui.button(lang.t("取消本轮编排 (U)", "Unpair round (U)")).on_hover_text(lang.t(
                    "删除本轮对阵（可用同一种子重新编排）",
                    "Removes the round's pairing (the same seed redraws it)",
                ));
            if unpair.clicked() || key(ui, Key::U) {
                state.confirm = Some(Confirm::Unpair(chosen.no));
            }
        }
        ui.weak(lang.t(
            "团体赛按场次显示；各队出场名单在「队伍」页修改（本场有成绩前）。",
            "Team rounds are shown by match; line-ups are changed on the Teams view (before the match has results).",
        ));
    });
    team_byes_ui(ui, state, env, chosen, tr);
    explain_ui(ui, &mut state.explain, env, stage, chosen);
    let rows: Vec<Row<'_>> = tr
        .matches
        .iter()
        .flat_map(|m| std::iter::once(Row::Head(m)).chain((1..=rules.boards).map(move |b| Row::Board(m, b))))
        .collect();
    let columns = [
        TableColumn::new(Column::exact(56.0), lang.t("台次", "Board"), Align::Right),
        TableColumn::new(Column::initial(220.0).at_least(100.0), lang.t("红方", "Red"), Align::Left),
        TableColumn::new(Column::initial(200.0).at_least(90.0), lang.t("结果", "Result"), Align::Left),
        TableColumn::new(Column::remainder().at_least(100.0), lang.t("黑方", "Black"), Align::Left),
    ];
    let boards = rules.boards;
    let mut match_now = None;
    data_table_ui(ui, ("team pairings", env.group.id, stage.no, chosen.no), &columns, rows.len(), |mut row| match rows
        .get(row.index())
    {
        Some(Row::Head(m)) => {
            let head = match_heading(env.group, stage, chosen, m, lang);
            let id = ("match", m.no);
            let selected = state.explain.is_chosen(chosen.no, Chosen::Match(m.no));
            row.set_selected(selected);
            let hover = lang.t("选定本场：编排说明", "Choose the match: why it is paired so");
            if choice_cell_ui(&mut row, ("match no", m.no), Align::Right, selected, head.title, hover) {
                match_now = Some(m.no);
            }
            for text in [head.home, head.score, head.away] {
                row.col(|ui| {
                    ui.push_id(id, |ui| {
                        ui.strong(text);
                    });
                });
            }
        }
        Some(Row::Board(m, b)) => {
            let cells = board_cells(env, chosen, tr, boards, m, *b);
            let id = ("match board", m.no, *b);
            let [label, red, result, black] = cells;
            text_cell_ui(&mut row, id, Align::Right, label);
            text_cell_ui(&mut row, id, Align::Left, red);
            text_cell_ui(&mut row, id, Align::Left, result);
            text_cell_ui(&mut row, id, Align::Left, black);
        }
        None => {}
    });
    if let Some(no) = match_now {
        state.explain.toggle(chosen.no, Chosen::Match(no));
    }
}

/// The teams with a bye this round, each with its 为什么轮空 choice.
fn team_byes_ui(ui: &mut Ui, state: &mut PairingView, env: &Env<'_>, chosen: &Round, tr: &TeamRound) {
    let lang = env.lang;
    let Some(byes) = team_byes_text(env.group, tr, lang) else { return };
    let mut why_now = None;
    under_table_ui(ui, "team_byes", |ui| {
        ui.add_space(crate::ui::theme::space::XS);
        ui.horizontal_wrapped(|ui| {
            ui.strong(byes);
            for team in &tr.byes {
                let selected = state.explain.is_chosen(chosen.no, Chosen::TeamBye(*team));
                let text = match (tr.byes.len(), lang) {
                    (1, _) => lang.t("为什么轮空", "Why this bye").to_string(),
                    (_, Lang::Zh) => format!("{}为什么轮空", team_name(env.group, *team)),
                    (_, Lang::En) => format!("Why {} has a bye", team_name(env.group, *team)),
                };
                if ui.selectable_label(selected, text).clicked() {
                    why_now = Some(*team);
                }
            }
        });
    });
    if let Some(team) = why_now {
        state.explain.toggle(chosen.no, Chosen::TeamBye(team));
    }
}

/// The texts of board `b` of match `m`: `1.2`, red, result, black. A board one side
/// could not fill shows `（缺）` there and a forfeit.
fn board_cells(env: &Env<'_>, round: &Round, tr: &TeamRound, boards: u32, m: &TeamMatch, b: u32) -> [String; 4] {
    let lang = env.lang;
    let board = m.board_no(boards, b);
    let player = |p: Option<StartNo>, team: TeamId| match p {
        Some(p) => {
            let name = env.event.player(p).map_or("", |pl| pl.entry.name.as_str());
            format!("{p} {name} · {}", team_name(env.group, team))
        }
        None => format!("{}{}", lang.t("（缺）", "(missing) "), team_name(env.group, team)),
    };
    let home = m.home_lineup.get(b as usize - 1).copied();
    let away = m.away_lineup.get(b as usize - 1).copied();
    let home_red = TeamMatch::home_colour(b) == crate::domain::rules::Colour::Red;
    let (red, black) = if home_red {
        (player(home, m.home), player(away, m.away))
    } else {
        (player(away, m.away), player(home, m.home))
    };
    let game = round.games.iter().find(|g| g.board == board);
    let result = match game {
        Some(g) => g.result.map(|r| result_label(r, lang)).unwrap_or_default(),
        None => lang.t("弃权（缺人）", "forfeit (no player)").to_string(),
    };
    [board_label(tr, boards, board), red, result, black]
}
