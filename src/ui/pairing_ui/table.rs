//! The pairing table of a round — board, red, points before the round, colour history,
//! result, black likewise, in a video stage each board's agreed game time and watching
//! official, then the byes — with players and boards to click for an edit, board numbers
//! and byes to click for their explanation, and the round's warnings under it.

use super::explain::Chosen;
use super::model::RoundModel;
use super::{Line, PairingView, WARNING_MARK, bye_label};
use crate::domain::event::{Game, Round, Stage};
use crate::domain::ids::{BoardNo, RoundNo, StartNo};
use crate::domain::model::shown_numbers::shown_warning;
use crate::domain::warning::PairingWarning;
use crate::lang::Lang;
use crate::lang::Localized;
use crate::ui::env::Env;
use crate::ui::result_entry::result_rich_text;
use crate::ui::table::{Align, header_height, header_ui, row_height, table_builder, text_cell_ui, under_table_ui};
use egui::{AsIdSalt, Ui};
use egui_extras::{Column, TableBuilder, TableRow};
use std::collections::BTreeSet;

/// What the table lets the director choose: every player and board for a hand edit,
/// or only these boards (knockout matches whose colours may still swap).
pub(super) struct Choosable<'a> {
    /// Players and boards can be chosen.
    pub(super) players: bool,
    /// These boards can be chosen in any case.
    pub(super) boards: &'a BTreeSet<BoardNo>,
}

/// The table of games and byes, with what `choose` allows to be chosen.
pub(super) fn pairing_table_ui(
    ui: &mut Ui,
    state: &mut PairingView,
    env: &Env<'_>,
    (stage, chosen, model): (&Stage, &Round, &RoundModel),
    choose: Choosable<'_>,
) {
    let editable = choose.players;
    let video = stage.video;
    let (group, lang) = (env.group, env.lang);
    let lines: Vec<Line<'_>> = chosen.games.iter().map(Line::Game).chain(chosen.byes.iter().map(Line::Bye)).collect();
    let headings = headings(lang, video);
    let (header_h, row_h) = (header_height(ui), row_height(ui));
    let palette = crate::ui::theme::palette(ui);
    let mut picked_now: Option<StartNo> = None;
    let mut board_now: Option<BoardNo> = None;
    let mut bye_now: Option<StartNo> = None;
    let picked = state.picked.clone();
    let chosen_board = state.board;
    let explain = &state.explain;
    let explained = |line: Chosen| explain.is_chosen(chosen.no, line);
    let pickable = editable.then_some(picked.as_slice());
    let player_cell = |ui: &mut Ui, p: StartNo, picked_now: &mut Option<StartNo>| {
        if player_cell_ui(ui, model, p, pickable) {
            *picked_now = Some(p);
        }
    };
    // The table fills the height left (the warnings are drawn under it first).
    let builder = columns(table_builder(ui, ("pairings", group.id, stage.no, chosen.no)), video);
    builder.header(header_h, |header| header_ui(header, &headings)).body(|body| {
        body.rows(row_h, lines.len(), |mut row| match lines.get(row.index()).copied() {
            Some(Line::Game(game)) => {
                let id = ("game", game.board, game.game);
                let selected = chosen_board == Some(game.board) || explained(Chosen::Board(game.board));
                row.set_selected(selected);
                let hover = if editable || choose.boards.contains(&game.board) {
                    lang.t("选定本台：编排说明，交换先后手", "Choose the board: why so, swap colours")
                } else {
                    lang.t("选定本台：编排说明", "Choose the board: why it is paired so")
                };
                let cell = ("board", game.board, game.game);
                if choice_cell_ui(&mut row, cell, Align::Right, selected, game.board.to_string(), hover) {
                    board_now = Some(game.board);
                }
                row.col(|ui| player_cell(ui, game.red, &mut picked_now));
                text_cell_ui(&mut row, id, Align::Right, model.points(game.red));
                text_cell_ui(&mut row, id, Align::Left, model.history(game.red));
                let result = game.result.map(|r| result_rich_text(r, lang, palette)).unwrap_or_default();
                text_cell_ui(&mut row, id, Align::Left, result);
                row.col(|ui| player_cell(ui, game.black, &mut picked_now));
                text_cell_ui(&mut row, id, Align::Right, model.points(game.black));
                text_cell_ui(&mut row, id, Align::Left, model.history(game.black));
                if video {
                    let (time, watcher) = watch_cells(chosen, game);
                    text_cell_ui(&mut row, id, Align::Left, time);
                    text_cell_ui(&mut row, id, Align::Left, watcher);
                }
            }
            Some(Line::Bye(bye)) => {
                let id = ("bye", bye.player);
                let selected = explained(Chosen::Bye(bye.player));
                row.set_selected(selected);
                text_cell_ui(&mut row, id, Align::Right, String::new());
                row.col(|ui| player_cell(ui, bye.player, &mut picked_now));
                text_cell_ui(&mut row, id, Align::Right, model.points(bye.player));
                text_cell_ui(&mut row, id, Align::Left, model.history(bye.player));
                let kind = egui::RichText::new(bye_label(bye.kind, lang)).color(palette.bye);
                let hover = lang.t("为什么轮空", "Why this bye");
                if choice_cell_ui(&mut row, ("bye kind", bye.player), Align::Left, selected, kind, hover) {
                    bye_now = Some(bye.player);
                }
                for _ in 0..if video { 5 } else { 3 } {
                    text_cell_ui(&mut row, id, Align::Left, String::new());
                }
            }
            None => {}
        });
    });
    take_choices(state, chosen.no, &choose, (picked_now, board_now, bye_now));
}

/// The table's headings: board, each side's player, points and colours, the result,
/// and in a video stage the game time and the watching official.
fn headings(lang: Lang, video: bool) -> Vec<(String, Align)> {
    [
        (lang.t("台次", "Board"), Align::Right),
        (lang.t("红方", "Red"), Align::Left),
        (lang.t("积分", "Pts"), Align::Right),
        (lang.t("色序", "Colours"), Align::Left),
        (lang.t("结果", "Result"), Align::Left),
        (lang.t("黑方", "Black"), Align::Left),
        (lang.t("积分", "Pts"), Align::Right),
        (lang.t("色序", "Colours"), Align::Left),
    ]
    .into_iter()
    .chain(
        video
            .then_some([(lang.t("对局时间", "Game time"), Align::Left), (lang.t("挂盘手", "Watched by"), Align::Left)])
            .into_iter()
            .flatten(),
    )
    .map(|(h, a)| (h.to_string(), a))
    .collect()
}

/// The table's columns, the video stage's two more among them.
fn columns(builder: TableBuilder<'_>, video: bool) -> TableBuilder<'_> {
    let builder = builder
        .column(Column::exact(44.0))
        .column(Column::initial(130.0).at_least(80.0))
        .column(Column::exact(40.0))
        .column(Column::initial(70.0).at_least(40.0))
        .column(Column::initial(170.0).at_least(90.0))
        .column(Column::initial(130.0).at_least(80.0))
        .column(Column::exact(40.0));
    if video {
        builder
            .column(Column::initial(70.0).at_least(40.0))
            .column(Column::initial(130.0).at_least(70.0))
            .column(Column::remainder().at_least(60.0))
    } else {
        builder.column(Column::remainder().at_least(40.0))
    }
}

/// A player's cell, marked when a warning concerns them (the warnings on hover); with
/// `picked` (a hand edit is possible), a choice that is on for the players picked.
/// `true` when it was chosen this frame.
fn player_cell_ui(ui: &mut Ui, model: &RoundModel, p: StartNo, picked: Option<&[StartNo]>) -> bool {
    let cell = model.players.get(&p);
    let text = cell.map_or_else(|| p.to_string(), |c| c.text.clone());
    let concerns = cell.map_or(&[][..], |c| c.concerns.as_slice());
    let mut chosen = false;
    ui.push_id(("player", p), |ui| {
        ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
            let response = match picked {
                Some(picked) => ui.selectable_label(picked.contains(&p), text),
                None => ui.add(egui::Label::new(text).selectable(false)),
            };
            let response = if concerns.is_empty() { response } else { response.on_hover_text(concerns.join("\n")) };
            chosen = picked.is_some() && response.clicked();
        });
    });
    chosen
}

/// What the director chose in the table this frame: a player for an edit, a board
/// (for an edit where it may be chosen, and its explanation), a bye's explanation.
fn take_choices(
    state: &mut PairingView,
    round: RoundNo,
    choose: &Choosable<'_>,
    (picked, board, bye): (Option<StartNo>, Option<BoardNo>, Option<StartNo>),
) {
    if let Some(p) = picked {
        state.pick(p);
    }
    if let Some(b) = board {
        // One choice: the board for an edit (where it may be chosen) and its explanation.
        let on = !(state.board == Some(b) || state.explain.is_chosen(round, Chosen::Board(b)));
        if choose.players || choose.boards.contains(&b) {
            state.board = on.then_some(b);
            state.message = None;
        }
        state.explain.choose(round, on.then_some(Chosen::Board(b)));
    }
    if let Some(p) = bye {
        state.explain.toggle(round, Chosen::Bye(p));
    }
}

/// A cell with a label to choose (a board number, a bye's kind); `true` when it was
/// clicked (or reached by the keyboard and pressed) this frame.
pub(super) fn choice_cell_ui(
    row: &mut TableRow<'_, '_>,
    id: impl AsIdSalt,
    align: Align,
    selected: bool,
    text: impl Into<egui::WidgetText>,
    hover: &str,
) -> bool {
    let layout = match align {
        Align::Left => egui::Layout::left_to_right(egui::Align::Center),
        Align::Right => egui::Layout::right_to_left(egui::Align::Center),
    };
    let mut clicked = false;
    row.col(|ui| {
        ui.push_id(id, |ui| {
            ui.with_layout(layout, |ui| clicked = ui.selectable_label(selected, text).on_hover_text(hover).clicked());
        });
    });
    clicked
}

/// A video stage's game time and watching official of the game's board, on the first
/// game of the board only (a knockout match's record is the match's).
fn watch_cells(round: &Round, game: &Game) -> (String, String) {
    let first = round.games.iter().find(|g| g.board == game.board).is_some_and(|g| g.game == game.game);
    match round.watch_of(game.board).filter(|_| first) {
        Some(w) => (w.time.map(|t| t.to_string()).unwrap_or_default(), w.watcher.clone().unwrap_or_default()),
        None => (String::new(), String::new()),
    }
}

/// What a warning's line adds after it: an absolute rule the director confirmed, or
/// one the engine relaxed itself in the last round (never shown as confirmed).
pub(super) fn warning_note(w: &PairingWarning, round: &Round, lang: Lang) -> &'static str {
    match (w.by_engine(&round.warnings), w.is_absolute()) {
        (true, true) => lang.t("（编排程序放宽）", " (relaxed by the engine)"),
        (false, true) => lang.t("（已确认）", " (confirmed)"),
        (_, false) => "",
    }
}

/// The round's warnings, under the table: draw them before the table, which then
/// fills the height above them.
pub(super) fn warnings_ui(ui: &mut Ui, event: &crate::domain::event::Event, round: &Round, lang: Lang) {
    if round.warnings.is_empty() {
        return;
    }
    under_table_ui(ui, "pairing_warnings", |ui| {
        ui.add_space(crate::ui::theme::space::XS);
        ui.strong(format!("{WARNING_MARK} {}", lang.t("本轮对阵违反的规则：", "Rules this pairing breaks:")));
        egui::ScrollArea::vertical().id_salt("pairing_warnings").max_height(6.0 * row_height(ui)).show(ui, |ui| {
            for w in &round.warnings {
                let words = shown_warning(event, w).message(lang);
                ui.label(format!("{WARNING_MARK} {words}{}", warning_note(w, round, lang)));
            }
        });
    });
}
