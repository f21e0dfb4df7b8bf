//! 重新编号…: giving the group's start numbers anew before round 1 (issue 17), by
//! rating, name (pinyin) or club. The director picks the order, sees the first new
//! numbers, and confirms; the renumbering is a command like any other (saved, audited,
//! undone with 撤销). Once round 1 is paired the action is offered disabled, with why.
//! While no group has begun play, the dialog also chooses whether numbers run 1…N
//! within each group or across the event.

use crate::domain::command::{Command, renumber_order, renumber_refusal};
use crate::domain::event::Event;
use crate::domain::ids::GroupId;
use crate::domain::numbering::Numbering;
use crate::domain::player::RenumberKey;
use crate::lang::Lang;
use crate::lang::Words;
use crate::ui::dialog::{Answer, Confirmation, confirmation_ui};
use crate::ui::session::Job;
use egui::Ui;

/// A renumbering waiting for its order and the director's confirmation.
#[derive(Debug, Clone)]
pub(super) struct Renumbering {
    pub group: GroupId,
    pub by: RenumberKey,
    /// Numbers within each group or across the event, as chosen.
    pub numbering: Numbering,
    /// The dialog was shown in an earlier frame, so Enter and Esc answer it.
    pub shown: bool,
}

impl Renumbering {
    pub(super) fn new(group: GroupId, numbering: Numbering) -> Renumbering {
        Renumbering { group, by: RenumberKey::Rating, numbering, shown: false }
    }
}

/// Why the group's players cannot be renumbered now, in the director's words.
pub(super) fn unavailable(event: &Event, group: GroupId, lang: Lang) -> Option<&'static str> {
    if renumber_refusal(event, Some(group)).is_err() {
        return Some(lang.t(
            "本组第一轮已编排，编号不能再改",
            "Round 1 of this group is paired: start numbers can no longer change",
        ));
    }
    (event.group_players(group).count() < 2).then(|| lang.t("本组不足两名选手", "Fewer than two players in this group"))
}

fn numbering_text(numbering: Numbering, lang: Lang) -> &'static str {
    match numbering {
        Numbering::PerGroup => lang.t("各组别从1起编号", "Numbers from 1 in each group"),
        Numbering::PerEvent => lang.t("全赛事统一编号", "Numbers across the event"),
    }
}

fn key_text(by: RenumberKey, lang: Lang) -> &'static str {
    match by {
        RenumberKey::Rating => lang.t("按等级分（高分在前）", "By rating (highest first)"),
        RenumberKey::Name => lang.t("按姓名（拼音顺序）", "By name (pinyin order)"),
        RenumberKey::Club => lang.t("按单位（同单位按等级分）", "By club (then rating)"),
    }
}

/// The renumbering dialog while one is pending; pushes the command when confirmed and
/// then says so (`true`: the numbers shown until now are about to change hands).
pub(super) fn renumber_ui(
    ui: &Ui,
    pending: &mut Option<Renumbering>,
    event: &Event,
    lang: Lang,
    jobs: &mut Vec<Job>,
) -> bool {
    let Some(state) = pending.as_mut() else { return false };
    let dialog = Confirmation {
        id: "bianpai-renumber-players",
        width: 460.0,
        accept: lang.t("重新编号 (Enter)", "Renumber (Enter)"),
        cancel: lang.t("取消 (Esc)", "Cancel (Esc)"),
        keys_live: state.shown,
    };
    let group = state.group;
    let answer = confirmation_ui(ui, dialog, |ui| {
        ui.heading(lang.t("重新编号", "Renumber"));
        ui.label(match state.numbering {
            Numbering::PerGroup => lang.t(
                "本组选手按所选顺序从1起重新编号；其他组别的编号不变。可用“撤销”恢复。",
                "The group's players are numbered from 1 in the chosen order; other groups keep theirs. 撤销 (undo) puts them back.",
            ),
            Numbering::PerEvent => lang.t(
                "本组选手按所选顺序重新领取本组已有的编号；其他组别的编号不变。可用“撤销”恢复。",
                "The group's players take the group's numbers again in the chosen order; other groups keep theirs. 撤销 (undo) puts them back.",
            ),
        });
        for by in RenumberKey::ALL {
            ui.radio_value(&mut state.by, by, key_text(by, lang));
        }
        // the way numbers run is the event's, chosen before any group plays.
        if renumber_refusal(event, None).is_ok() {
            ui.separator();
            for numbering in Numbering::ALL {
                ui.radio_value(&mut state.numbering, numbering, numbering_text(numbering, lang));
            }
        }
        ui.weak(preview(event, group, state.by, state.numbering, lang));
    });
    state.shown = true;
    match answer {
        Some(Answer::Accepted) => {
            let (by, numbering) = (state.by, state.numbering);
            let mut commands = Vec::new();
            if numbering != event.numbering {
                commands.push(Command::SetNumbering { numbering });
            }
            commands.push(Command::RenumberPlayers { group: Some(group), by });
            jobs.push(Job::Execute {
                label: Words::in_both(|lang| match lang {
                    Lang::Zh => format!("重新编号：{}", key_text(by, lang)),
                    Lang::En => format!("Renumbered {}", key_text(by, lang).to_lowercase()),
                }),
                commands,
            });
            *pending = None;
            true
        }
        Some(Answer::Cancelled) => {
            *pending = None;
            false
        }
        None => false,
    }
}

/// The first new numbers: `1 安然 · 2 李四 · 3 张三 …` — from 1 under per-group
/// numbering, the group's start numbers again under per-event numbering.
fn preview(event: &Event, group: GroupId, by: RenumberKey, numbering: Numbering, lang: Lang) -> String {
    const SHOWN: usize = 5;
    let order = renumber_order(event, Some(group), by);
    let mut numbers = order.clone();
    numbers.sort();
    let mut parts: Vec<String> = order
        .iter()
        .zip(&numbers)
        .enumerate()
        .take(SHOWN)
        .filter_map(|(i, (old, new))| {
            let new = if numbering == Numbering::PerGroup { i as u32 + 1 } else { new.0 };
            event.player(*old).map(|p| format!("{new} {}", p.name()))
        })
        .collect();
    if order.len() > SHOWN {
        parts.push("…".into());
    }
    format!("{}{}", lang.t("新编号：", "New numbers: "), parts.join(" · "))
}
