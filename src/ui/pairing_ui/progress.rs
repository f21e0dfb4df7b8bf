//! The pairing under way (issue 21): while the worker pairs the next round, the top
//! bar shows how long it has taken, a progress bar — score group k of n as the FIDE
//! Dutch pairing reports it, a moving bar before the first report and for the systems
//! that report none — and 「取消编排」 (also Esc). Cancelling asks the pairing to stop;
//! the worker then saves nothing and the status bar says the event is unchanged.

use crate::domain::swiss::PairingProgress;
use crate::lang::Lang;
use crate::ui::session::Ticket;
use egui::{Key, Modifiers, Ui};
use std::time::{Duration, Instant};

/// A pairing sent to the worker that has not come back.
#[derive(Debug, Clone)]
pub(super) struct PairingRun {
    /// When it was sent.
    started: Instant,
    /// What the worker reports, shared with its job.
    progress: PairingProgress,
    /// The ticket of its job: the run ends when the answer to it arrives (issue 40,
    /// item 2), not when the worker is next idle.
    ticket: Ticket,
}

impl PairingRun {
    /// A pairing starting now; its progress goes with the job.
    pub(super) fn start() -> PairingRun {
        PairingRun { started: Instant::now(), progress: PairingProgress::new(), ticket: Ticket::default() }
    }

    /// The run, its job sent with `ticket`.
    pub(super) fn sent_as(self, ticket: Ticket) -> PairingRun {
        PairingRun { ticket, ..self }
    }

    /// The ticket of its job.
    pub(super) fn ticket(&self) -> Ticket {
        self.ticket
    }

    /// The progress handle the worker reports to.
    pub(super) fn progress(&self) -> PairingProgress {
        self.progress.clone()
    }
}

/// What the panel says of the pairing under way.
pub(super) struct Pairing {
    /// The round being paired.
    pub round: usize,
    /// Players (or teams) in the stage.
    pub entrants: usize,
    /// A team stage: its entrants are teams.
    pub teams: bool,
}

/// The bar's text: score group k of n, or that the pairing is starting or stopping.
pub(super) fn bar_text(progress: &PairingProgress, lang: Lang) -> String {
    if progress.is_cancelled() {
        return lang.t("正在取消…", "Cancelling…").to_string();
    }
    match progress.steps() {
        None => lang.t("编排中…", "Pairing…").to_string(),
        Some((done, total)) => {
            let k = (done + 1).min(total);
            match lang {
                Lang::Zh => format!("编排中：分数组 {k}/{total}"),
                Lang::En => format!("Pairing: score group {k} of {total}"),
            }
        }
    }
}

/// The time taken, the progress bar and 「取消编排」; Esc cancels too when `keys_free`.
pub(super) fn pairing_progress_ui(ui: &mut Ui, run: &PairingRun, what: &Pairing, keys_free: bool, lang: Lang) {
    let Pairing { round, entrants, teams } = *what;
    let seconds = run.started.elapsed().as_secs();
    let unit = if teams { lang.t("支队伍", " teams") } else { lang.t("名选手", " players") };
    ui.label(match lang {
        Lang::Zh => format!("正在编排第{round}轮（{entrants} {unit}，已用 {seconds} 秒）"),
        Lang::En => format!("Pairing round {round} ({entrants}{unit}, {seconds} s)"),
    });
    let progress = &run.progress;
    let bar = egui::ProgressBar::new(progress.fraction().unwrap_or(0.0))
        .text(bar_text(progress, lang))
        .desired_width(240.0)
        .animate(!progress.is_cancelled());
    ui.add(bar);
    let cancel = egui::Button::new(lang.t("取消编排 (Esc)", "Cancel pairing (Esc)"));
    let clicked = ui
        .add_enabled(!progress.is_cancelled(), cancel)
        .on_hover_text(lang.t("停止编排，赛事保持不变", "Stops the pairing; the event stays as it is"))
        .clicked();
    let escape = keys_free && ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape));
    if clicked || escape {
        progress.cancel();
    }
    // The seconds and the bar move while the worker pairs.
    ui.ctx().request_repaint_after(Duration::from_millis(250));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_names_the_score_group_being_paired() {
        // issue 21
        let progress = PairingProgress::new();
        assert_eq!(bar_text(&progress, Lang::Zh), "编排中…");
        progress.report(2, 12);
        assert_eq!(bar_text(&progress, Lang::Zh), "编排中：分数组 3/12");
        assert_eq!(bar_text(&progress, Lang::En), "Pairing: score group 3 of 12");
        progress.report(12, 12);
        assert_eq!(bar_text(&progress, Lang::En), "Pairing: score group 12 of 12");
        progress.cancel();
        assert_eq!(bar_text(&progress, Lang::Zh), "正在取消…");
    }
}
