//! The director's prize decision, asked in a dialog: grant the prizes of a
//! player's rank, withhold them, or clear the decision recorded — the first two with a
//! reason, which the command records in the audit log. Sent as one
//! [`Command::SetPrizeDecision`], undone with 撤销 like any other.

use crate::domain::command::Command;
use crate::domain::ids::{GroupId, StartNo};
use crate::domain::prizes::PrizeDecisionKind;
use crate::lang::Lang;
use crate::lang::Words;
use crate::ui::dialog::{Answer, Confirmation, confirmation_ui};
use crate::ui::session::Job;
use egui::Ui;

/// A decision waiting for its reason and the director's confirmation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Pending {
    /// The player.
    pub start_no: StartNo,
    /// The number shown for the player.
    pub no: u32,
    /// The player's name.
    pub name: String,
    /// Grant, withhold or clear.
    pub kind: PrizeDecisionKind,
    /// The reason typed so far.
    pub reason: String,
    /// Accepted without a reason: the dialog says one is needed.
    pub reason_missing: bool,
    /// The dialog was shown in an earlier frame, so Enter and Esc answer it.
    pub shown: bool,
}

impl Pending {
    /// A new dialog for `kind` on the player.
    pub fn new(start_no: StartNo, no: u32, name: &str, kind: PrizeDecisionKind) -> Pending {
        let name = name.to_string();
        Pending { start_no, no, name, kind, reason: String::new(), reason_missing: false, shown: false }
    }
}

/// The label of the button that opens the dialog for `kind`.
pub(super) fn button_label(kind: PrizeDecisionKind, lang: Lang) -> &'static str {
    match kind {
        PrizeDecisionKind::Grant => lang.t("特批获奖", "Grant"),
        PrizeDecisionKind::Withhold => lang.t("不予奖励", "Withhold"),
        PrizeDecisionKind::Clear => lang.t("撤回决定", "Clear decision"),
    }
}

/// Shows the dialog while a decision is pending; pushes the command when it is
/// accepted (with a reason where one is needed).
pub(super) fn decision_ui(ui: &Ui, pending: &mut Option<Pending>, group: GroupId, lang: Lang, jobs: &mut Vec<Job>) {
    let Some(decision) = pending.as_mut() else { return };
    let accept = match decision.kind {
        PrizeDecisionKind::Grant => lang.t("特批获奖 (Enter)", "Grant (Enter)"),
        PrizeDecisionKind::Withhold => lang.t("不予奖励 (Enter)", "Withhold (Enter)"),
        PrizeDecisionKind::Clear => lang.t("撤回决定 (Enter)", "Clear (Enter)"),
    };
    let dialog = Confirmation {
        id: "bianpai-prize-decision",
        width: 460.0,
        accept,
        cancel: lang.t("取消 (Esc)", "Cancel (Esc)"),
        keys_live: decision.shown,
    };
    let needs_reason = decision.kind != PrizeDecisionKind::Clear;
    let answer = confirmation_ui(ui, dialog, |ui| {
        let (no, name) = (decision.no, &decision.name);
        ui.label(match (decision.kind, lang) {
            (PrizeDecisionKind::Grant, Lang::Zh) => format!("特批 {no} 号 {name} 获得其名次的奖励。"),
            (PrizeDecisionKind::Grant, Lang::En) => format!("Grant {no} {name} the prizes of their rank."),
            (PrizeDecisionKind::Withhold, Lang::Zh) => format!("{no} 号 {name} 不予任何奖励。"),
            (PrizeDecisionKind::Withhold, Lang::En) => format!("Withhold every prize from {no} {name}."),
            (PrizeDecisionKind::Clear, Lang::Zh) => format!("撤回对 {no} 号 {name} 的奖励决定，按奖励规则评定。"),
            (PrizeDecisionKind::Clear, Lang::En) => {
                format!("Clear the prize decision on {no} {name}: the prize rules decide again.")
            }
        });
        if needs_reason {
            ui.horizontal(|ui| {
                let label = ui.label(lang.t("理由", "Reason"));
                let field =
                    ui.add(egui::TextEdit::singleline(&mut decision.reason).desired_width(320.0)).labelled_by(label.id);
                if !decision.shown {
                    field.request_focus();
                }
            });
            if decision.reason_missing {
                ui.colored_label(ui.visuals().error_fg_color, lang.t("请填写理由。", "A reason is needed."));
            }
        }
    });
    decision.shown = true;
    match answer {
        Some(Answer::Accepted) if needs_reason && decision.reason.trim().is_empty() => decision.reason_missing = true,
        Some(Answer::Accepted) => {
            let reason = decision.reason.trim().to_string();
            let (start_no, no, name) = (decision.start_no, decision.no, &decision.name);
            let what = button_label(decision.kind, lang);
            jobs.push(Job::Execute {
                label: Words::in_both(|lang| match lang {
                    Lang::Zh => format!("{what} {no} 号 {name}"),
                    Lang::En => format!("{what}: {no} {name}"),
                }),
                commands: vec![Command::SetPrizeDecision { group, start_no, decision: decision.kind, reason }],
            });
            *pending = None;
        }
        Some(Answer::Cancelled) => *pending = None,
        None => {}
    }
}
