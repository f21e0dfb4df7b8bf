//! The money view: the check-in list with fee status, forfeit fines and
//! the ledger of payments, payouts and excuses.

use super::app::Env;
use super::session::Job;
use egui::Ui;

/// The money view's own state.
#[derive(Debug, Clone, Default)]
pub struct MoneyView {}

/// Draws the money view.
pub fn money_ui(ui: &mut Ui, _state: &mut MoneyView, env: &Env<'_>, _jobs: &mut Vec<Job>) {
    ui.heading(env.lang.t("财务", "Money"));
}
