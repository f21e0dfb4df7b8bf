//! 对阵: the pairings of a chosen round of the stage — board, red player with their
//! points before the round, result, black player with theirs — followed by the
//! round's byes. Read-only for now.

use super::table::{Align, header_height, header_ui, row_height, text_cell_ui};
use crate::domain::event::{Bye, ByeKind, Event, Game, Group, Stage};
use crate::domain::ids::{RoundNo, StartNo};
use crate::domain::result::{GameResult, Outcome, ResultReason};
use crate::domain::standings::records_after;
use egui::Ui;
use egui_extras::{Column, TableBuilder};

/// The pairing view's own state.
#[derive(Debug, Clone, Default)]
pub struct PairingView {
    /// The round shown; `None` for the last paired round.
    pub round: Option<RoundNo>,
}

/// One line of the table: a game or a bye.
enum Line<'a> {
    Game(&'a Game),
    Bye(&'a Bye),
}

/// Draws the pairings of the chosen round of `stage`.
pub fn pairing_ui(ui: &mut Ui, state: &mut PairingView, event: &Event, group: &Group, stage: &Stage) {
    let Some(last) = stage.last_round() else {
        ui.heading("对阵表");
        ui.separator();
        ui.label("本阶段尚未编排任何轮次。");
        return;
    };
    let chosen = state.round.and_then(|no| stage.round(no)).unwrap_or(last);
    ui.horizontal_wrapped(|ui| {
        ui.heading("对阵表");
        ui.add_space(16.0);
        for round in &stage.rounds {
            let response = ui.selectable_label(round.no == chosen.no, format!("第{}轮", round.no));
            if response.clicked() {
                state.round = Some(round.no);
            }
        }
    });
    ui.separator();
    let done = chosen.games.iter().filter(|g| g.result.is_some()).count();
    let mut caption = format!(
        "{} {} 第{}轮：{} 台，已录入 {}/{} 个结果",
        group.name,
        stage.name,
        chosen.no,
        chosen.games.len(),
        done,
        chosen.games.len()
    );
    if let Some(schedule) = stage.schedule_of(chosen.no) {
        caption.push_str(&format!("，{} 开赛", schedule.start));
    }
    ui.label(caption);
    ui.add_space(4.0);

    let before = records_after(event, group.id, stage, chosen.no.0.saturating_sub(1));
    let points = |p: StartNo| before.get(&p).map(|r| r.total().to_string()).unwrap_or_default();
    let name = |p: StartNo| event.player(p).map(|pl| pl.entry.name.clone()).unwrap_or_default();
    let lines: Vec<Line<'_>> = chosen.games.iter().map(Line::Game).chain(chosen.byes.iter().map(Line::Bye)).collect();
    let headings: Vec<(String, Align)> = [
        ("台次", Align::Right),
        ("编号", Align::Right),
        ("红方", Align::Left),
        ("积分", Align::Right),
        ("结果", Align::Left),
        ("积分", Align::Right),
        ("黑方", Align::Left),
        ("编号", Align::Right),
    ]
    .into_iter()
    .map(|(h, a)| (h.to_string(), a))
    .collect();
    let (header_h, row_h) = (header_height(ui), row_height(ui));
    TableBuilder::new(ui)
        .id_salt(("pairings", group.id, stage.no, chosen.no))
        .striped(true)
        .resizable(true)
        .auto_shrink([false, false])
        .column(Column::exact(40.0))
        .column(Column::exact(40.0))
        .column(Column::initial(120.0).at_least(70.0))
        .column(Column::exact(44.0))
        .column(Column::initial(150.0).at_least(90.0))
        .column(Column::exact(44.0))
        .column(Column::initial(120.0).at_least(70.0))
        .column(Column::exact(40.0))
        .header(header_h, |header| header_ui(header, &headings))
        .body(|body| {
            body.rows(row_h, lines.len(), |mut row| match lines.get(row.index()) {
                Some(Line::Game(game)) => {
                    let id = ("board", game.board, game.game);
                    text_cell_ui(&mut row, id, Align::Right, game.board.to_string());
                    text_cell_ui(&mut row, id, Align::Right, game.red.to_string());
                    text_cell_ui(&mut row, id, Align::Left, name(game.red));
                    text_cell_ui(&mut row, id, Align::Right, points(game.red));
                    text_cell_ui(&mut row, id, Align::Left, game.result.map(result_label_zh).unwrap_or_default());
                    text_cell_ui(&mut row, id, Align::Right, points(game.black));
                    text_cell_ui(&mut row, id, Align::Left, name(game.black));
                    text_cell_ui(&mut row, id, Align::Right, game.black.to_string());
                }
                Some(Line::Bye(bye)) => {
                    let id = ("bye", bye.player);
                    text_cell_ui(&mut row, id, Align::Right, "");
                    text_cell_ui(&mut row, id, Align::Right, bye.player.to_string());
                    text_cell_ui(&mut row, id, Align::Left, name(bye.player));
                    text_cell_ui(&mut row, id, Align::Right, points(bye.player));
                    text_cell_ui(&mut row, id, Align::Left, bye_label_zh(bye.kind));
                    for _ in 0..3 {
                        text_cell_ui(&mut row, id, Align::Left, "");
                    }
                }
                None => {}
            });
        });
}

/// A result as a director reads it: notation, who won, and why when not on the board
/// as usual, e.g. `1-0 红胜（超时）`, `+- 黑方弃权`; fouls follow.
pub fn result_label_zh(result: GameResult) -> String {
    let outcome = match result.outcome {
        Outcome::RedWins => "红胜",
        Outcome::Draw => "和棋",
        Outcome::BlackWins => "黑胜",
        Outcome::RedWinsByForfeit => "黑方弃权",
        Outcome::BlackWinsByForfeit => "红方弃权",
        Outcome::BothForfeit => "双方弃权",
    };
    let mut label = format!("{} {outcome}", result.outcome.notation());
    if result.reason != ResultReason::Normal {
        label.push_str(&format!("（{}）", result.reason.label_zh()));
    }
    let fouls: Vec<String> = [("红", result.fouls_red), ("黑", result.fouls_black)]
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(side, n)| format!("{side}犯规{n}"))
        .collect();
    if !fouls.is_empty() {
        label.push(' ');
        label.push_str(&fouls.join(" "));
    }
    label
}

/// 轮空, 请假 or 缺席.
pub fn bye_label_zh(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::Pairing => "轮空",
        ByeKind::Requested => "请假",
        ByeKind::Absent => "缺席",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_labels_name_the_winner_reason_and_fouls() {
        assert_eq!(result_label_zh(GameResult::plain(Outcome::RedWins)), "1-0 红胜");
        assert_eq!(result_label_zh(GameResult::plain(Outcome::Draw)), "1/2 和棋");
        let late = GameResult { reason: ResultReason::Late, ..GameResult::plain(Outcome::RedWinsByForfeit) };
        assert_eq!(result_label_zh(late), "+- 黑方弃权（迟到）");
        let fouled = GameResult { fouls_black: 1, ..GameResult::plain(Outcome::BlackWins) };
        assert_eq!(result_label_zh(fouled), "0-1 黑胜 黑犯规1");
    }
}
