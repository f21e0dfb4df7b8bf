//! The event panel's group parts: adding a group (a copy of another's settings, or a
//! fresh one), the chosen group's name and entry rules, its prize rules, and removing
//! a group nobody has entered (confirmed first). Each part saves with its own button
//! or Ctrl+S, as one command; 还原 / Revert brings back the saved values.

use super::follow;
use super::group_form::{GroupForm, group_rules_ui};
use super::prize_form::{PrizeForm, prize_rules_ui};
use crate::domain::command::Command;
use crate::domain::event::{Event, Group};
use crate::domain::ids::{GroupId, StageNo};
use crate::lang::Lang;
use crate::lang::Words;
use crate::ui::dialog::{Answer, Confirmation, confirmation_ui};
use crate::ui::session::Job;
use crate::ui::theme::{icons, widgets};
use egui::Ui;

/// The state of the group parts.
#[derive(Debug, Clone, Default)]
pub(super) struct GroupSection {
    /// The group the forms belong to.
    key: Option<GroupId>,
    rules: GroupForm,
    rules_base: Option<GroupForm>,
    prizes: PrizeForm,
    prizes_base: Option<PrizeForm>,
    new_name: String,
    new_like: Option<GroupId>,
    /// A removal waiting for confirmation: the group, its name, shown before.
    removing: Option<(GroupId, String, bool)>,
}

impl GroupSection {
    /// Brings the forms up to date with the saved group.
    pub(super) fn follow(&mut self, group: &Group, event: &Event, lang: Lang) {
        if self.key != Some(group.id) {
            *self = GroupSection { new_name: std::mem::take(&mut self.new_name), ..GroupSection::default() };
            self.key = Some(group.id);
        }
        let unchanged = matches!(self.rules.command(event, group, lang), Ok(None));
        follow(&mut self.rules, &mut self.rules_base, GroupForm::of(group), unchanged);
        let unchanged = matches!(self.prizes.command(group, lang), Ok(None));
        follow(&mut self.prizes, &mut self.prizes_base, PrizeForm::of(&group.prizes), unchanged);
    }
}

/// A row to add a group: its name and the group whose settings it copies. Returns the
/// stage to show once it is added.
pub(super) fn add_group_ui(
    ui: &mut Ui,
    state: &mut GroupSection,
    event: &Event,
    lang: Lang,
    jobs: &mut Vec<Job>,
) -> Option<(GroupId, StageNo)> {
    let mut shown = None;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(lang.t("新组别", "New group"));
        ui.add(
            egui::TextEdit::singleline(&mut state.new_name)
                .hint_text(lang.t("名称，如 老年组", "name, e.g. Seniors"))
                .desired_width(140.0),
        )
        .labelled_by(label.id);
        let label = ui.label(lang.t("照搬设置", "Copy settings of"));
        let none = lang.t("（仅照搬第一个组别的赛制）", "(only the first group's stages)");
        let shown_like = state.new_like.and_then(|id| event.group(id)).map_or(none, |g| g.name.as_str());
        egui::ComboBox::from_id_salt("new-group-like")
            .selected_text(shown_like)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut state.new_like, None, none);
                for g in &event.groups {
                    ui.selectable_value(&mut state.new_like, Some(g.id), g.name.as_str());
                }
            })
            .response
            .labelled_by(label.id);
        let name = state.new_name.trim().to_string();
        if ui.add_enabled(!name.is_empty(), egui::Button::new(lang.t("添加组别", "Add group"))).clicked() {
            jobs.push(Job::Execute {
                label: Words::in_both(|lang| match lang {
                    Lang::Zh => format!("添加组别 {name}"),
                    Lang::En => format!("Group {name} added"),
                }),
                commands: vec![Command::AddGroup { name, like: state.new_like }],
            });
            let next = GroupId(event.groups.iter().map(|g| g.id.0).max().unwrap_or(0) + 1);
            shown = Some((next, StageNo(1)));
            state.new_name.clear();
        }
    });
    shown
}

/// The chosen group's rules and prizes, with their apply buttons; the commands to save
/// when applied (or `apply_all`).
pub(super) fn group_ui(
    ui: &mut Ui,
    state: &mut GroupSection,
    event: &Event,
    group: &Group,
    lang: Lang,
    apply_all: bool,
    jobs: &mut Vec<Job>,
) -> Vec<Command> {
    let mut pending = Vec::new();
    ui.horizontal_wrapped(|ui| {
        ui.heading(match lang {
            Lang::Zh => format!("{} · 组别设置", group.name),
            Lang::En => format!("{} · group settings", group.name),
        });
        remove_button_ui(ui, state, event, group, lang);
    });
    group_rules_ui(ui, &mut state.rules, lang);
    let command = state.rules.command(event, group, lang);
    if let Some(c) =
        apply_row_ui(ui, command, apply_all, lang.t("保存组别设置", "Apply group settings"), lang, || {
            state.rules = GroupForm::of(group);
        })
    {
        pending.push(c);
    }
    ui.add_space(crate::ui::theme::space::S);
    ui.strong(match lang {
        Lang::Zh => format!("{} · 奖励规则", group.name),
        Lang::En => format!("{} · prizes", group.name),
    });
    prize_rules_ui(ui, &mut state.prizes, group, lang);
    let command = state.prizes.command(group, lang);
    if let Some(c) = apply_row_ui(ui, command, apply_all, lang.t("保存奖励规则", "Apply prizes"), lang, || {
        state.prizes = PrizeForm::of(&group.prizes);
    }) {
        pending.push(c);
    }
    confirm_removal_ui(ui, state, lang, jobs);
    pending
}

/// The apply and revert buttons of a form and its error; the command when applied.
fn apply_row_ui(
    ui: &mut Ui,
    command: Result<Option<Command>, String>,
    apply_all: bool,
    apply_text: &str,
    lang: Lang,
    revert: impl FnOnce(),
) -> Option<Command> {
    let mut apply = apply_all;
    ui.horizontal(|ui| {
        let button = widgets::primary_button(ui, icons::CHECK, apply_text);
        apply |= ui.add_enabled(matches!(command, Ok(Some(_))), button).clicked();
        let name = format!("{} {apply_text}", lang.t("还原", "Revert"));
        if ui
            .add_enabled(!matches!(command, Ok(None)), egui::Button::new(lang.t("还原", "Revert")))
            .accessible_name(name)
            .clicked()
        {
            revert();
        }
        if let Err(why) = &command {
            ui.colored_label(ui.visuals().error_fg_color, why.as_str());
        }
    });
    match command {
        Ok(Some(command)) if apply => Some(command),
        _ => None,
    }
}

/// 删除此组别: enabled for a group nobody has entered, not the only one.
fn remove_button_ui(ui: &mut Ui, state: &mut GroupSection, event: &Event, group: &Group, lang: Lang) {
    let players = event.group_players(group.id).count();
    let why = if event.groups.len() == 1 {
        Some(lang.t("赛事至少保留一个组别。", "The event keeps at least one group.").to_string())
    } else if players > 0 {
        Some(match lang {
            Lang::Zh => format!("已有 {players} 名选手报名，不能删除。"),
            Lang::En => format!("{players} players have entered; it cannot be removed."),
        })
    } else {
        None
    };
    let button = ui.add_enabled(why.is_none(), egui::Button::new(lang.t("删除此组别…", "Remove group…")));
    let button = match &why {
        Some(why) => button.on_disabled_hover_text(why.as_str()),
        None => button,
    };
    if button.clicked() {
        state.removing = Some((group.id, group.name.clone(), false));
    }
}

fn confirm_removal_ui(ui: &Ui, state: &mut GroupSection, lang: Lang, jobs: &mut Vec<Job>) {
    let Some((group, name, shown)) = state.removing.as_mut() else { return };
    let dialog = Confirmation {
        id: "bianpai-remove-group",
        width: 420.0,
        accept: lang.t("删除 (Enter)", "Remove (Enter)"),
        cancel: lang.t("取消 (Esc)", "Cancel (Esc)"),
        keys_live: *shown,
    };
    let (group, name) = (*group, name.clone());
    let answer = confirmation_ui(ui, dialog, |ui| {
        ui.label(match lang {
            Lang::Zh => format!("删除组别“{name}”及其全部阶段设置？可用“撤销”恢复。"),
            Lang::En => format!("Remove the group “{name}” and its stages' settings? Undo brings it back."),
        });
    });
    if let Some((_, _, shown)) = state.removing.as_mut() {
        *shown = true;
    }
    match answer {
        Some(Answer::Accepted) => {
            jobs.push(Job::Execute {
                label: Words::in_both(|lang| match lang {
                    Lang::Zh => format!("删除组别 {name}"),
                    Lang::En => format!("Group {name} removed"),
                }),
                commands: vec![Command::RemoveGroup { group }],
            });
            state.removing = None;
        }
        Some(Answer::Cancelled) => state.removing = None,
        None => {}
    }
}
