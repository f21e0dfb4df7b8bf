//! The prize view: the group's prize list by rank, each player's awards, totals
//! per kind and the prizes not yet paid out.

use super::app::Env;
use super::session::Job;
use egui::Ui;

/// The prize view's own state.
#[derive(Debug, Clone, Default)]
pub struct PrizesView {}

/// Draws the prize view.
pub fn prizes_ui(ui: &mut Ui, _state: &mut PrizesView, env: &Env<'_>, _jobs: &mut Vec<Job>) {
    ui.heading(env.lang.t("奖励", "Prizes"));
}
