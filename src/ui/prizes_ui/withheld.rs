//! The prize view's list of players whose rank would carry a prize but who get none
//! rank, player, what the rank would carry and why — disqualified, withdrew,
//! a forfeit loss or a missed round under the every-round rule, withheld by the
//! director — with a button to grant the prize (or to clear the director's decision).

use super::decision::button_label;
use crate::domain::event::{Event, Group};
use crate::domain::ids::StartNo;
use crate::domain::prizes::{Prize, PrizeDecisionKind, Withheld, WithheldReason};
use crate::lang::{Lang, Words};
use egui::Ui;

/// One player left out, as the view shows him.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct WithheldRow {
    /// The rank, or `(17)`: the rank a disqualified player would hold.
    pub rank: String,
    /// The player.
    pub start_no: StartNo,
    /// The number shown for the player.
    pub no: u32,
    /// The player's name.
    pub name: String,
    /// What the rank would carry.
    pub items: Vec<Prize>,
    /// Why he gets none.
    pub why: Words,
    /// What the director can do: grant, clear his own decision, or nothing (a
    /// disqualified player gets no prize of any kind).
    pub action: Option<PrizeDecisionKind>,
}

/// The view's rows of the players left out.
pub(super) fn withheld_rows(event: &Event, group: &Group, withheld: &[Withheld]) -> Vec<WithheldRow> {
    withheld
        .iter()
        .map(|w| WithheldRow {
            rank: w.rank_text(),
            start_no: w.start_no,
            no: event.shown_no(w.start_no),
            name: event.player(w.start_no).map(|p| p.name().to_string()).unwrap_or_default(),
            items: w.items.clone(),
            why: Words::new(w.reason.describe(Lang::Zh, group), w.reason.describe(Lang::En, group)),
            action: match w.reason {
                WithheldReason::Disqualified => None,
                WithheldReason::Director(_) => Some(PrizeDecisionKind::Clear),
                _ => Some(PrizeDecisionKind::Grant),
            },
        })
        .collect()
}

/// Draws the list; returns the row whose button was clicked, with its action.
pub(super) fn withheld_ui<'r>(
    ui: &mut Ui,
    rows: &'r [WithheldRow],
    lang: Lang,
    busy: bool,
) -> Option<(&'r WithheldRow, PrizeDecisionKind)> {
    ui.label(crate::ui::theme::widgets::section_heading(lang.t("未获奖励的选手", "Players who get no prize")));
    let mut clicked = None;
    egui::ScrollArea::vertical().id_salt("prize_withheld").max_height(150.0).show(ui, |ui| {
        egui::Grid::new("prize_withheld_grid").striped(true).num_columns(6).show(ui, |ui| {
            for heading in [
                lang.t("名次", "Rank"),
                lang.t("编号", "No."),
                lang.t("姓名", "Name"),
                lang.t("应得奖励", "Would carry"),
                lang.t("原因", "Why"),
            ] {
                ui.strong(heading);
            }
            ui.end_row();
            for row in rows {
                ui.label(row.rank.as_str());
                ui.label(row.no.to_string());
                ui.label(row.name.as_str());
                ui.label(Prize::describe_all(&row.items, lang));
                ui.label(row.why.get(lang));
                match row.action {
                    Some(action) => {
                        let button = egui::Button::new(button_label(action, lang));
                        let hint = match lang {
                            Lang::Zh => format!("{} 号 {}", row.start_no, row.name),
                            Lang::En => format!("No. {} {}", row.start_no, row.name),
                        };
                        let response = ui.push_id(row.start_no, |ui| ui.add_enabled(!busy, button)).inner;
                        if response.on_hover_text(hint).clicked() {
                            clicked = Some((row, action));
                        }
                    }
                    None => {
                        ui.label("—").on_hover_text(lang.t(
                            "已取消资格的选手不能获得任何奖励。",
                            "A disqualified player receives no prize of any kind.",
                        ));
                    }
                }
                ui.end_row();
            }
        });
    });
    clicked
}
