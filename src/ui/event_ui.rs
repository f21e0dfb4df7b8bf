//! 赛事 / Event: the event's settings and those of each stage, edited in place.
//!
//! - 赛事信息: title, first day (the reference date for ages) and officials,
//!   saved with [`Command::SetEventInfo`].
//! - 组别与阶段: every group's stages; the chosen one's settings below:
//!   format (Swiss / round robin / double round robin / knockout, before its first round,
//!   [`Command::SetStageFormat`]), rounds planned with the suggestion from the entry
//!   count (R-3.5, [`Command::SetRoundsPlanned`]), the scoring table — six values, bye,
//!   requested bye, forfeit win and loss, as decimals — the ordered tiebreaks
//!   with, for FIDE tiebreaks, the edition of C.07 they follow, and
//!   the Swiss pairing options (rule set, round-1 draw, same-club avoidance,
//!   ) ([`Command::SetStageRules`]), and the time control and each round's
//!   start time and monitored boards (R-8.1, R-8.2, R-8.4, [`Command::SetStageSchedule`]);
//!   a stage followed by another, its qualifiers and nominees (R-1.4,
//!   [`Command::SetStageQualifiers`]); a knockout, its options (R-6,
//!   [`Command::SetKnockoutRules`]).
//! - 赛场网页 (`hall`): the hall on the LAN turned on and off, its address and QR code,
//!   and the first phone seen.
//! - The chosen group (`groups_ui`): its name and entry rules, capacity, registration
//!   window, phone rule and fee (R-1.2, R-1.3, [`Command::SetGroupRules`]), its prize
//!   rules (R-7, [`Command::SetPrizeRules`]); adding a group ([`Command::AddGroup`]) and
//!   removing one nobody has entered ([`Command::RemoveGroup`], confirmed first).
//!
//! Every form is checked as typed by the same rule its command applies (the model's
//! `group_rules`, `prize_checks`, `stage_checks`), so the panel names the field or row
//! at fault before anything is sent.
//!
//! Edits stay in the panel until 保存 / Apply, which sends only the commands that
//! change something, as one job (one transaction). A form without edits of its own
//! follows the saved event; edits survive changes saved elsewhere.
//!
//! Keys: Tab / Shift+Tab move between fields and buttons, Space or Enter presses the
//! focused button, check box or list entry; Ctrl+S (⌘S) applies every pending change
//! of the panel at once.

mod advance_form;
mod group_form;
mod groups_ui;
mod hall;
mod prize_form;
mod prize_rows;
mod stage_form;
mod tiebreak_form;

use super::env::Env;
use super::panel::Panel;
use super::session::Job;
use crate::domain::command::{Command, EventInfo};
use crate::domain::event::{Event, Official, Stage, StageKind};
use crate::domain::ids::{GroupId, StageNo};
use crate::lang::Lang;
use crate::lang::Words;
use crate::ui::theme::{icons, widgets};
use egui::{Key, KeyboardShortcut, Modifiers, TextEdit, Ui};
use groups_ui::{GroupSection, add_group_ui, group_ui};
use hall::{HallSection, hall_section_ui};
use stage_form::{StageForm, format_ui, kind_label, pairing_options_ui, schedule_ui, scoring_ui};
use tiebreak_form::tiebreaks_ui;

pub use tiebreak_form::tiebreak_label;

/// Ctrl+S: apply every pending change of the panel.
pub const APPLY_SHORTCUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);

/// The event panel's own state: the forms, the stage chosen and the hall pages.
#[derive(Debug, Default)]
pub struct EventView {
    info: InfoForm,
    /// The saved values the info form was last brought up to date with.
    info_base: Option<InfoForm>,
    /// The stage whose settings are shown; `None` for the window's group and stage.
    chosen: Option<(GroupId, StageNo)>,
    /// The stage the stage form belongs to.
    stage_key: Option<(GroupId, StageNo)>,
    stage: StageForm,
    stage_base: Option<StageForm>,
    /// The chosen group's rules and prizes, and adding or removing groups.
    groups: GroupSection,
    /// 赛场网页: the hall on the LAN, served while the window is open.
    hall: HallSection,
}

/// The event info as typed.
#[derive(Debug, Clone, Default, PartialEq)]
struct InfoForm {
    name: String,
    start_date: String,
    officials: Vec<Official>,
}

impl InfoForm {
    fn of(event: &Event) -> InfoForm {
        InfoForm {
            name: event.name.clone(),
            start_date: event.start_date.map(|d| d.to_string()).unwrap_or_default(),
            officials: event.officials.clone(),
        }
    }

    /// The command that saves the form, `None` when it changes nothing.
    ///
    /// # Errors
    /// A message naming the field that cannot be read.
    fn command(&self, event: &Event, lang: Lang) -> Result<Option<Command>, String> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err(lang.t("赛事名称不能为空。", "The event needs a name.").to_string());
        }
        let start_date = match self.start_date.trim() {
            "" => None,
            text => Some(text.parse::<jiff::civil::Date>().map_err(|_| {
                format!("{}: {text}", lang.t("开赛日期应为 YYYY-MM-DD", "the first day must be YYYY-MM-DD"))
            })?),
        };
        let mut officials = Vec::new();
        for (i, o) in self.officials.iter().enumerate() {
            let (role, person) = (o.role.trim(), o.name.trim());
            if role.is_empty() && person.is_empty() {
                continue;
            }
            if person.is_empty() {
                return Err(format!("{} {}: {}", lang.t("裁判人员", "Official"), i + 1, lang.t("缺少姓名", "no name")));
            }
            officials.push(Official { role: role.to_string(), name: person.to_string() });
        }
        let wanted = EventInfo {
            name: name.to_string(),
            start_date,
            officials,
            team_ranking: event.team_ranking.clone(),
            numbers_given: event.numbers_given,
            numbering: event.numbering,
        };
        if wanted == EventInfo::of(event) {
            return Ok(None);
        }
        Ok(Some(Command::SetEventInfo {
            name: wanted.name,
            start_date: wanted.start_date,
            officials: wanted.officials,
        }))
    }
}

/// The fields of the scoring table, in the form's order.
const SCORING_FIELDS: [(&str, &str); 10] = [
    ("红胜", "Red win"),
    ("红和", "Red draw"),
    ("红负", "Red loss"),
    ("黑胜", "Black win"),
    ("黑和", "Black draw"),
    ("黑负", "Black loss"),
    ("轮空", "Bye"),
    ("请假轮空", "Requested bye"),
    ("弃权胜", "Forfeit win"),
    ("弃权负", "Forfeit loss"),
];

/// Index of the forfeit win in [`SCORING_FIELDS`]: empty means the colour's win.
const FORFEIT_WIN: usize = 8;

/// A whole number typed in the field named `field`; `None` when empty.
///
/// # Errors
/// A message naming the field when it is not a whole number.
fn whole_number(text: &str, field: &str, lang: Lang) -> Result<Option<u32>, String> {
    match text.trim() {
        "" => Ok(None),
        t => {
            t.parse::<u32>().map(Some).map_err(|_| format!("{field}: {}", lang.t("应为整数", "must be a whole number")))
        }
    }
}

/// Rows the schedule shows: every round planned, paired or scheduled.
fn schedule_rows(stage: &Stage, planned: Option<u32>) -> u32 {
    let scheduled = stage.schedule.iter().map(|s| s.round.0).max().unwrap_or(0);
    let paired = stage.rounds.last().map_or(0, |r| r.no.0);
    planned.unwrap_or(0).max(scheduled).max(paired)
}

/// A stage's format can change before its first round.
fn format_editable(stage: &Stage) -> bool {
    stage.rounds.is_empty()
}

/// Whether the group has a stage after this one.
fn has_next(event: &Event, group: GroupId, stage: &Stage) -> bool {
    next_stage(event, group, stage).is_some()
}

/// The group's stage after this one.
fn next_stage<'a>(event: &'a Event, group: GroupId, stage: &Stage) -> Option<&'a Stage> {
    event.group(group).and_then(|g| g.stage(StageNo(stage.no.0 + 1)))
}

/// Brings a form up to date with the saved values `fresh`: a form without edits of its
/// own (`unchanged`) follows them; edits survive.
fn follow<F: Clone + PartialEq>(form: &mut F, base: &mut Option<F>, fresh: F, unchanged: bool) {
    if base.as_ref() == Some(&fresh) {
        return;
    }
    if base.is_none() || base.as_ref() == Some(&*form) || unchanged {
        *form = fresh.clone();
    }
    *base = Some(fresh);
}

impl Panel for EventView {
    fn panel_ui(&mut self, ui: &mut Ui, env: &Env<'_>, jobs: &mut Vec<Job>) {
        event_ui(ui, self, env, jobs);
    }
}

/// Draws the event panel.
pub fn event_ui(ui: &mut Ui, state: &mut EventView, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let (event, lang) = (env.event, env.lang);
    let unchanged = matches!(state.info.command(event, lang), Ok(None));
    follow(&mut state.info, &mut state.info_base, InfoForm::of(event), unchanged);

    let chosen = state
        .chosen
        .and_then(|(g, s)| event.group(g).and_then(|gr| gr.stage(s)).map(|st| (g, st)))
        .or_else(|| env.stage.map(|s| (env.group.id, s)));
    if let Some((group, stage)) = chosen {
        let key = Some((group, stage.no));
        if state.stage_key != key {
            state.stage_key = key;
            state.stage_base = None;
        }
        let unchanged =
            state.stage.commands(group, stage, has_next(event, group, stage), lang).is_ok_and(|c| c.is_empty());
        follow(&mut state.stage, &mut state.stage_base, StageForm::of(stage), unchanged);
    }
    let group = chosen.and_then(|(g, _)| event.group(g)).unwrap_or(env.group);
    state.groups.follow(group, event, lang);

    let apply_all = ui.input_mut(|i| !i.modifiers.shift && i.consume_shortcut(&APPLY_SHORTCUT));
    let mut pending: Vec<Command> = Vec::new();

    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.heading(lang.t("赛事设置", "Event settings"));
            ui.add_space(crate::ui::theme::space::L);
            ui.weak(lang.t(
                "修改后按“保存”生效 · Ctrl+S 保存本页全部修改 · Tab 切换输入框",
                "Changes take effect on Apply · Ctrl+S applies everything on this page · Tab moves between fields",
            ));
        });
        ui.separator();
        if let Some(command) = info_ui(ui, &mut state.info, event, lang, apply_all) {
            pending.push(command);
        }
        ui.add_space(crate::ui::theme::space::S);
        ui.separator();
        hall_section_ui(ui, &mut state.hall, env);
        ui.separator();
        stages_list_ui(ui, state, event, chosen.map(|(g, s)| (g, s.no)), lang);
        if let Some(shown) = add_group_ui(ui, &mut state.groups, event, lang, jobs) {
            state.chosen = Some(shown);
        }
        ui.separator();
        pending.extend(group_ui(ui, &mut state.groups, event, group, lang, apply_all, jobs));
        ui.separator();
        match chosen {
            None => {
                ui.label(lang.t("此组别没有比赛阶段。", "This group has no stages."));
            }
            Some((group, stage)) => {
                pending.extend(stage_ui(ui, &mut state.stage, event, group, stage, lang, apply_all));
            }
        }
    });
    if !pending.is_empty() {
        jobs.push(Job::Execute { label: Words::new("赛事设置", "Event settings"), commands: pending });
    }
}

/// The event's title, first day and officials; the command to save them when applied.
fn info_ui(ui: &mut Ui, form: &mut InfoForm, event: &Event, lang: Lang, apply_all: bool) -> Option<Command> {
    ui.label(widgets::section_heading(lang.t("赛事信息", "Event")));
    egui::Grid::new("event-info").num_columns(2).spacing([12.0, 6.0]).show(ui, |ui| {
        let label = ui.label(lang.t("赛事名称", "Event name"));
        ui.add(TextEdit::singleline(&mut form.name).id_salt("event-name").desired_width(480.0)).labelled_by(label.id);
        ui.end_row();
        let label = ui.label(lang.t("开赛日期", "First day"));
        ui.horizontal(|ui| {
            ui.add(
                TextEdit::singleline(&mut form.start_date)
                    .id_salt("start-date")
                    .hint_text("YYYY-MM-DD")
                    .desired_width(120.0),
            )
            .labelled_by(label.id);
            ui.weak(lang.t("（计算年龄的基准日）", "(the date ages are computed on)"));
        });
        ui.end_row();
    });
    ui.add_space(crate::ui::theme::space::XS);
    ui.label(lang.t("裁判人员（按打印顺序）", "Officials (in printing order)"));
    let mut remove = None;
    for (i, official) in form.officials.iter_mut().enumerate() {
        ui.push_id(("official", i), |ui| {
            ui.horizontal(|ui| {
                ui.label(format!("{}.", i + 1));
                ui.add(
                    TextEdit::singleline(&mut official.role)
                        .hint_text(lang.t("职务，如 总裁判", "role, e.g. chief arbiter"))
                        .desired_width(140.0),
                )
                .accessible_name(format!("{} {}", lang.t("职务", "Role"), i + 1));
                ui.add(TextEdit::singleline(&mut official.name).hint_text(lang.t("姓名", "name")).desired_width(160.0))
                    .accessible_name(format!("{} {}", lang.t("姓名", "Name"), i + 1));
                if ui
                    .button("×")
                    .on_hover_text(lang.t("删除此人", "Remove"))
                    .accessible_name(format!("{} {}", lang.t("删除裁判人员", "Remove official"), i + 1))
                    .clicked()
                {
                    remove = Some(i);
                }
            });
        });
    }
    if let Some(i) = remove {
        form.officials.remove(i);
    }
    if ui.button(lang.t("＋ 添加裁判人员", "+ Add official")).clicked() {
        form.officials.push(Official { role: String::new(), name: String::new() });
    }
    ui.add_space(crate::ui::theme::space::XS);
    let command = form.command(event, lang);
    let mut apply = apply_all;
    ui.horizontal(|ui| {
        let ready = matches!(command, Ok(Some(_)));
        let button = widgets::primary_button(ui, icons::CHECK, lang.t("保存赛事信息", "Apply event info"));
        apply |= ui.add_enabled(ready, button).clicked();
        if ui
            .add_enabled(!matches!(command, Ok(None)), egui::Button::new(lang.t("还原", "Revert")))
            .accessible_name(lang.t("还原赛事信息", "Revert event info"))
            .clicked()
        {
            *form = InfoForm::of(event);
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

/// Every group's stages; a click chooses the stage whose settings are shown.
fn stages_list_ui(ui: &mut Ui, state: &mut EventView, event: &Event, shown: Option<(GroupId, StageNo)>, lang: Lang) {
    ui.label(widgets::section_heading(lang.t("组别与阶段", "Groups and stages")));
    egui::Grid::new("stages-list").num_columns(2).spacing([12.0, 4.0]).show(ui, |ui| {
        for group in &event.groups {
            ui.label(group.name.as_str());
            ui.horizontal_wrapped(|ui| {
                for stage in &group.stages {
                    let text = format!(
                        "{} {} · {}",
                        stage.no,
                        stage.name,
                        kind_label(stage.kind, stage.double_round_robin, lang)
                    );
                    let selected = shown == Some((group.id, stage.no));
                    let name = format!("{} {text}", group.name);
                    let item = ui.push_id((group.id.0, stage.no.0), |ui| ui.selectable_label(selected, text)).inner;
                    if item.accessible_name(name).clicked() {
                        state.chosen = Some((group.id, stage.no));
                    }
                }
                if group.stages.is_empty() {
                    ui.weak(lang.t("（没有阶段）", "(no stages)"));
                }
            });
            ui.end_row();
        }
    });
}

/// The chosen stage's settings; the commands to save them when applied.
fn stage_ui(
    ui: &mut Ui,
    form: &mut StageForm,
    event: &Event,
    group: GroupId,
    stage: &Stage,
    lang: Lang,
    apply_all: bool,
) -> Vec<Command> {
    let group_name = event.group(group).map_or("", |g| g.name.as_str());
    ui.horizontal_wrapped(|ui| {
        ui.heading(format!("{group_name} · {} {}", stage.no, stage.name));
        ui.add_space(crate::ui::theme::space::M);
        let status = crate::ui::stage_words::stage_status_words(stage, lang);
        let paired = stage.rounds.len();
        ui.label(match lang {
            Lang::Zh => format!("{status} · 已编排 {paired} 轮"),
            Lang::En => format!("{status} · {paired} rounds paired"),
        });
    });
    ui.add_space(crate::ui::theme::space::XS);
    format_ui(ui, form, event, group, stage, lang);
    let next = next_stage(event, group, stage);
    if next.is_some() || stage.qualifiers.is_some() {
        section_ui(ui, lang.t("晋级", "Qualifying"));
        advance_form::qualifiers_ui(ui, &mut form.advance, next.map(|n| (n.no, n.name.as_str())), lang);
    }
    if form.kind == StageKind::Knockout
        && let Some(knockout) = &mut form.knockout
    {
        section_ui(ui, lang.t("淘汰赛选项", "Knockout options"));
        advance_form::knockout_ui(ui, knockout, lang);
    }
    section_ui(ui, lang.t("计分", "Scoring"));
    scoring_ui(ui, form, lang);
    section_ui(ui, lang.t("小分顺序（同分时依次比较）", "Tiebreaks (applied in order when points are equal)"));
    tiebreaks_ui(ui, form, event.start_date, lang);
    if form.kind == StageKind::Swiss {
        section_ui(ui, lang.t("编排选项", "Pairing"));
        pairing_options_ui(ui, &mut form.pairing, stage.no != StageNo(1), lang);
    }
    section_ui(ui, lang.t("赛程与用时", "Schedule and time control"));
    schedule_ui(ui, form, stage, lang);
    ui.add_space(crate::ui::theme::space::S);
    let commands = form.commands(group, stage, next.is_some(), lang);
    let mut apply = apply_all;
    ui.horizontal(|ui| {
        let ready = commands.as_ref().is_ok_and(|c| !c.is_empty());
        let button = widgets::primary_button(ui, icons::CHECK, lang.t("保存阶段设置", "Apply stage settings"));
        apply |= ui.add_enabled(ready, button).clicked();
        let unchanged = commands.as_ref().is_ok_and(|c| c.is_empty());
        if ui
            .add_enabled(!unchanged, egui::Button::new(lang.t("还原", "Revert")))
            .accessible_name(lang.t("还原阶段设置", "Revert stage settings"))
            .clicked()
        {
            *form = StageForm::of(stage);
        }
        if let Err(why) = &commands {
            ui.colored_label(ui.visuals().error_fg_color, why.as_str());
        }
    });
    ui.add_space(crate::ui::theme::space::L);
    match commands {
        Ok(commands) if apply => commands,
        _ => Vec::new(),
    }
}

fn section_ui(ui: &mut Ui, title: &str) {
    ui.add_space(crate::ui::theme::space::S);
    ui.strong(title);
}

#[cfg(test)]
mod tests;
