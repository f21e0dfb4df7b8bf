//! The director's pairing controls in the pairing panel, under a collapsible
//! heading: the group's avoided pairs (two start numbers and a reason; 「取消」 drops
//! one) and fixed boards (a start number and a board; 「取消」 frees the player). Each
//! entry is a command — `AvoidPair`, `RemoveAvoidedPair`, `FixBoard` — saved, audited
//! and undoable; the next round paired keeps them.

use crate::domain::command::Command;
use crate::domain::ids::StartNo;
use crate::lang::Lang;
use crate::lang::Words;
use crate::ui::env::Env;
use crate::ui::session::Job;
use egui::{TextEdit, Ui};

/// The form's own state.
#[derive(Debug, Clone, Default)]
pub(crate) struct ControlsForm {
    /// First player of a pair, as typed.
    a: String,
    /// Second player of a pair.
    b: String,
    /// Why they are kept apart.
    reason: String,
    /// The player to fix.
    player: String,
    /// His board.
    board: String,
    /// Why the last entry was not sent.
    message: Option<String>,
}

/// A number typed — the number shown within the group — as the group's
/// player.
fn player_of(env: &Env<'_>, text: &str) -> Option<StartNo> {
    env.event.player_by_shown(text.trim().parse().ok()?, Some(env.group.id)).ok()
}

/// `12 张三` by the number shown, or the number alone.
fn named(env: &Env<'_>, p: StartNo) -> String {
    env.event.player(p).map_or_else(|| p.to_string(), |pl| format!("{} {}", pl.shown(), pl.entry.name))
}

/// The collapsible section with both lists and their entry rows.
pub(super) fn controls_ui(ui: &mut Ui, form: &mut ControlsForm, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    let controls = &env.group.pairing_controls;
    let count = controls.avoided.len() + controls.fixed_boards.len();
    let title = match lang {
        Lang::Zh => format!("回避与固定台次（{count}）"),
        Lang::En => format!("Avoided pairs and fixed boards ({count})"),
    };
    egui::CollapsingHeader::new(title).id_salt("pairing-controls").show(ui, |ui| {
        avoided_ui(ui, form, env, jobs);
        ui.add_space(crate::ui::theme::space::XS);
        fixed_ui(ui, form, env, jobs);
        if let Some(why) = &form.message {
            ui.colored_label(ui.visuals().error_fg_color, why.as_str());
        }
    });
}

fn avoided_ui(ui: &mut Ui, form: &mut ControlsForm, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let (lang, group) = (env.lang, env.group.id);
    for pair in &env.group.pairing_controls.avoided {
        ui.horizontal(|ui| {
            let why = if pair.reason.is_empty() { String::new() } else { format!(" · {}", pair.reason) };
            ui.label(format!("{} — {}{why}", named(env, pair.a), named(env, pair.b)));
            let label = |lang: Lang| {
                format!("{} {} — {}", lang.t("取消回避", "Remove"), named(env, pair.a), named(env, pair.b))
            };
            if ui.small_button(lang.t("取消", "Remove")).on_hover_text(label(lang)).clicked() {
                let command = Command::RemoveAvoidedPair { group, a: pair.a, b: pair.b };
                jobs.push(Job::Execute { label: Words::in_both(label), commands: vec![command] });
            }
        });
    }
    ui.horizontal(|ui| {
        let label = ui.label(lang.t("回避：编号", "Never pair: no."));
        ui.add(TextEdit::singleline(&mut form.a).desired_width(48.0)).labelled_by(label.id);
        let with = ui.label(lang.t("与编号", "and no."));
        ui.add(TextEdit::singleline(&mut form.b).desired_width(48.0)).labelled_by(with.id);
        let why = ui.label(lang.t("原因", "Reason"));
        ui.add(
            TextEdit::singleline(&mut form.reason).hint_text(lang.t("如：兄弟", "e.g. siblings")).desired_width(140.0),
        )
        .labelled_by(why.id);
        if ui.button(lang.t("添加回避", "Add pair")).clicked() {
            match (player_of(env, &form.a), player_of(env, &form.b)) {
                (Some(a), Some(b)) if a != b => {
                    let label = Words::in_both(|lang| {
                        format!("{} {} — {}", lang.t("回避", "Never pair"), named(env, a), named(env, b))
                    });
                    let command = Command::AvoidPair { group, a, b, reason: form.reason.trim().to_string() };
                    jobs.push(Job::Execute { label, commands: vec![command] });
                    *form = ControlsForm::default();
                }
                _ => {
                    form.message = Some(
                        lang.t(
                            "请填写本组两名不同选手的编号",
                            "Type the numbers of two different players of this group",
                        )
                        .to_string(),
                    );
                }
            }
        }
    });
}

fn fixed_ui(ui: &mut Ui, form: &mut ControlsForm, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let (lang, group) = (env.lang, env.group.id);
    for fixed in &env.group.pairing_controls.fixed_boards {
        ui.horizontal(|ui| {
            let who = named(env, fixed.start_no);
            ui.label(match lang {
                Lang::Zh => format!("{who} 固定坐第{}台", fixed.board),
                Lang::En => format!("{who} always at board {}", fixed.board),
            });
            let label = |lang: Lang| format!("{} {who}", lang.t("取消固定台次", "Free the board of"));
            if ui.small_button(lang.t("取消", "Remove")).on_hover_text(label(lang)).clicked() {
                let command = Command::FixBoard { group, start_no: fixed.start_no, board: 0 };
                jobs.push(Job::Execute { label: Words::in_both(label), commands: vec![command] });
            }
        });
    }
    ui.horizontal(|ui| {
        let label = ui.label(lang.t("固定台次：编号", "Fixed board: no."));
        ui.add(TextEdit::singleline(&mut form.player).desired_width(48.0)).labelled_by(label.id);
        let at = ui.label(lang.t("坐第几台", "at board"));
        ui.add(TextEdit::singleline(&mut form.board).desired_width(48.0)).labelled_by(at.id);
        if ui.button(lang.t("固定", "Fix")).clicked() {
            let board = form.board.trim().parse::<u32>().ok().filter(|b| (1..=9_999).contains(b));
            match (player_of(env, &form.player), board) {
                (Some(start_no), Some(board)) => {
                    let label = Words::in_both(|lang| {
                        format!("{} {} → {board}", lang.t("固定台次", "Fixed board"), named(env, start_no))
                    });
                    jobs.push(Job::Execute { label, commands: vec![Command::FixBoard { group, start_no, board }] });
                    *form = ControlsForm::default();
                }
                _ => {
                    form.message = Some(
                        lang.t(
                            "请填写本组选手的编号和 1–9999 的台次",
                            "Type a player of this group and a board from 1 to 9999",
                        )
                        .to_string(),
                    );
                }
            }
        }
    });
}
