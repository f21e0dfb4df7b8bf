//! Withdrawing a player from the roster: the reason, and for a person entered in two groups
//! whether the other entry goes too; confirmed with Enter, cancelled with Esc.
//! The withdrawal is one command per entry, sent as one job.

use crate::domain::command::Command;
use crate::domain::ids::StartNo;
use crate::domain::player::PlayerStatus;
use crate::lang::{Lang, Words};
use crate::ui::env::Env;
use crate::ui::session::Job;
use egui::Key;

/// A withdrawal waiting for its reason.
#[derive(Debug, Clone)]
pub(super) struct Withdrawal {
    pub(super) start_no: StartNo,
    /// The number shown for the player.
    pub(super) no: u32,
    pub(super) name: String,
    pub(super) reason: String,
    pub(super) focus: bool,
    /// Withdraw the person's other entry too.
    pub(super) every_entry: bool,
}

/// The withdrawal window: a reason, then confirm (Enter) or cancel (Esc).
pub(super) fn withdraw_ui(ctx: &egui::Context, withdraw: &mut Option<Withdrawal>, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let Some(w) = withdraw.as_mut() else { return };
    let lang = env.lang;
    let mut open = true;
    let mut done = false;
    egui::Window::new(lang.t("退赛", "Withdraw"))
        .id(egui::Id::unique("roster_withdraw"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(ctx.content_rect().center_top() + egui::vec2(0.0, 96.0))
        .show(ctx, |ui| {
            ui.label(match lang {
                Lang::Zh => format!("{} 号 {} 退出比赛：已赛成绩保留，以后各轮不再编排。", w.no, w.name),
                Lang::En => {
                    format!("{} {} leaves the event: games played count, later rounds are not paired.", w.no, w.name)
                }
            });
            let mut confirm = false;
            ui.horizontal(|ui| {
                let label = ui.label(lang.t("原因", "Reason"));
                let field = ui
                    .add(
                        egui::TextEdit::singleline(&mut w.reason)
                            .hint_text(lang.t("如 身体不适", "e.g. illness"))
                            .desired_width(220.0),
                    )
                    .labelled_by(label.id);
                if std::mem::take(&mut w.focus) {
                    field.request_focus();
                }
                confirm |= field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            });
            // the person's entry in another group stays unless the director says so.
            let others = env.event.entries_of_person(w.start_no);
            let other_groups: Vec<&str> = others
                .iter()
                .filter(|n| **n != w.start_no)
                .filter_map(|n| env.event.player(*n))
                .filter_map(|p| env.event.group(p.group))
                .map(|g| g.name.as_str())
                .collect();
            if !other_groups.is_empty() {
                let text = match lang {
                    Lang::Zh => format!("同时退出“{}”", other_groups.join("、")),
                    Lang::En => format!("Withdraw from {} too", other_groups.join(", ")),
                };
                ui.checkbox(&mut w.every_entry, text);
            }
            ui.horizontal(|ui| {
                confirm |= ui.button(lang.t("确认退赛", "Withdraw")).on_hover_text("Enter").clicked();
                done |= ui.button(lang.t("取消", "Cancel")).on_hover_text("Esc").clicked();
            });
            if confirm {
                let reason = w.reason.trim().to_string();
                jobs.push(Job::Execute {
                    label: Words::in_both(|lang| match lang {
                        Lang::Zh => format!("{} {} 退赛", w.no, w.name),
                        Lang::En => format!("{} {} withdrawn", w.no, w.name),
                    }),
                    commands: if w.every_entry { others } else { vec![w.start_no] }
                        .into_iter()
                        .map(|start_no| Command::SetPlayerStatus {
                            start_no,
                            status: PlayerStatus::Withdrawn,
                            reason: reason.clone(),
                        })
                        .collect(),
                });
                done = true;
            }
            if ui.input(|i| i.key_pressed(Key::Escape)) {
                done = true;
            }
        });
    if !open || done {
        *withdraw = None;
    }
}
