//! Folding finished rounds (issue 39, item 1): once a later round is paired, a round
//! whose matches are all decided is drawn as a narrow column of its winners, one row a
//! match, so that the rounds still in play get the room. The director unfolds them
//! with 展开 (and folds them again with 折叠已赛完的轮次); the bar says which it is.
//! A folded column's games are not drawn, so the arrows skip it.

use super::model::{BoxKind, Column, Holder, MatchBox};
use crate::lang::Lang;
use egui::Ui;

/// Which columns are drawn folded: every paired round all of whose matches are
/// decided, with a later round paired — none when the director `unfolded` them.
pub(super) fn folded_columns(columns: &[Column], unfolded: bool) -> Vec<bool> {
    let last_paired = columns.iter().rposition(|c| c.paired);
    columns
        .iter()
        .enumerate()
        .map(|(k, c)| !unfolded && c.paired && last_paired.is_some_and(|last| k < last) && finished(c))
        .collect()
}

/// Every match of the column is decided (a bye passes by itself).
fn finished(column: &Column) -> bool {
    column.boxes.iter().all(|b| b.kind == BoxKind::Pass || b.winner().is_some())
}

/// The side a folded box shows: its winner (the bye's one player).
pub(super) fn winner_side(b: &MatchBox) -> usize {
    match b.winner() {
        Some(w) => b.sides.iter().position(|s| s.holder == Holder::Player(w)).unwrap_or(0),
        None => 0,
    }
}

/// The note and the button that fold or unfold the finished rounds, when there are any.
pub(super) fn fold_bar_ui(ui: &mut Ui, unfolded: &mut bool, columns: &[Column], lang: Lang) {
    if !folded_columns(columns, false).contains(&true) {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        if *unfolded {
            let fold = ui.button(lang.t("折叠已赛完的轮次", "Fold finished rounds")).on_hover_text(lang.t(
                "已赛完的轮次只列出胜者，给进行中的轮次留出位置",
                "Finished rounds list only their winners, leaving room for the rounds in play",
            ));
            if fold.clicked() {
                *unfolded = false;
            }
        } else {
            ui.weak(lang.t("已折叠已赛完的轮次（只列胜者）", "Finished rounds folded (winners only)"));
            let unfold = ui
                .button(lang.t("展开", "Unfold"))
                .on_hover_text(lang.t("显示已赛完轮次的全部对局", "Shows every game of the finished rounds"));
            if unfold.clicked() {
                *unfolded = true;
            }
        }
    });
}
