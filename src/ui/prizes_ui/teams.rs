//! The prize view's team prizes: each team's prizes by its team rank, under
//! the players' list (or alone when the group gives team prizes only).

use crate::domain::event::{Event, Group};
use crate::domain::prizes::Prize;
use crate::domain::teams::prizes::{team_awards, team_ranks};
use crate::lang::Lang;
use egui::Ui;

/// One team's line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct TeamPrizeLine {
    rank: u32,
    team: String,
    items: Vec<Prize>,
}

/// The group's team prize lines; none without team prizes or a team ranking.
pub(super) fn team_prize_lines(event: &Event, group: &Group) -> Vec<TeamPrizeLine> {
    if group.prizes.team_prizes.is_empty() {
        return Vec::new();
    }
    let Ok(Some(ranks)) = team_ranks(event, group.id) else { return Vec::new() };
    team_awards(&ranks, &group.prizes.team_prizes)
        .into_iter()
        .map(|a| TeamPrizeLine {
            rank: a.rank,
            team: group.team(a.team).map(|t| t.name.clone()).unwrap_or_default(),
            items: a.prizes,
        })
        .collect()
}

/// Draws the team prizes under their heading; nothing when there are none.
pub(super) fn team_prizes_ui(ui: &mut Ui, lines: &[TeamPrizeLine], lang: Lang) {
    if lines.is_empty() {
        return;
    }
    ui.separator();
    ui.label(crate::ui::theme::widgets::section_heading(lang.t("团体奖", "Team prizes")));
    egui::Grid::new("team_prizes").striped(true).show(ui, |ui| {
        ui.strong(lang.t("名次", "Rank"));
        ui.strong(lang.t("队名", "Team"));
        ui.strong(lang.t("奖励", "Award"));
        ui.end_row();
        for line in lines {
            ui.label(line.rank.to_string());
            ui.label(&line.team);
            let items: Vec<String> = line.items.iter().map(|p| p.describe_in(lang)).collect();
            ui.label(items.join(lang.t("，", ", ")));
            ui.end_row();
        }
    });
}
