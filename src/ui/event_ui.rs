//! 赛事 / Event: the event's settings and those of each stage, edited in place.
//!
//! - 赛事信息: title, first day (the reference date for ages) and officials,
//!   saved with [`Command::SetEventInfo`].
//! - 组别与阶段: every group's stages; the chosen one's settings below:
//!   format (Swiss / round robin / double round robin, before its first round,
//!   [`Command::SetStageFormat`]), rounds planned with the suggestion from the entry
//!   count (R-3.5, [`Command::SetRoundsPlanned`]), the scoring table — six values, bye,
//!   requested bye, forfeit win and loss, as decimals — the ordered tiebreaks
//!   and the Swiss pairing options (rule set, round-1 draw, same-club avoidance,
//!   ) ([`Command::SetStageRules`]), and the time control and each round's
//!   start time and monitored boards (R-8.1, R-8.2, R-8.4, [`Command::SetStageSchedule`]).
//!
//! Edits stay in the panel until 保存 / Apply, which sends only the commands that
//! change something, as one job (one transaction). A form without edits of its own
//! follows the saved event; edits survive changes saved elsewhere.
//!
//! Keys: Tab / Shift+Tab move between fields and buttons, Space or Enter presses the
//! focused button, check box or list entry; Ctrl+S (⌘S) applies every pending change
//! of the panel at once.

use super::env::Env;
use super::i18n::Lang;
use super::panel::Panel;
use super::session::Job;
use super::table::{header_height, row_height};
use crate::domain::command::{Command, EventInfo};
use crate::domain::event::{Event, Official, RoundSchedule, Stage, StageKind, StageStatus, stage_entrants};
use crate::domain::ids::{GroupId, RoundNo, StageNo};
use crate::domain::points::Points;
use crate::domain::rules::{
    ClubAvoidance, Colour, FirstRoundMode, PairingOptions, PairingSystem, ScoringTable, Tiebreak,
};
use crate::domain::swiss::suggested_rounds;
use egui::{Key, KeyboardShortcut, Modifiers, TextEdit, Ui};
use egui_extras::{Column, TableBuilder};

/// Ctrl+S: apply every pending change of the panel.
pub const APPLY_SHORTCUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);

/// The event panel's own state: the forms and the stage chosen.
#[derive(Debug, Clone, Default)]
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
        let wanted = EventInfo { name: name.to_string(), start_date, officials };
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

/// One round of the schedule as typed.
#[derive(Debug, Clone, Default, PartialEq)]
struct ScheduleRow {
    start: String,
    monitored_boards: u32,
}

/// A stage's settings as typed.
#[derive(Debug, Clone, PartialEq)]
struct StageForm {
    kind: StageKind,
    double: bool,
    rounds: String,
    scoring: [String; 10],
    tiebreaks: Vec<Tiebreak>,
    pairing: PairingOptions,
    time_control: String,
    /// Row `i` is round `i + 1`.
    schedule: Vec<ScheduleRow>,
}

impl Default for StageForm {
    fn default() -> Self {
        StageForm {
            kind: StageKind::Swiss,
            double: false,
            rounds: String::new(),
            scoring: Default::default(),
            tiebreaks: Vec::new(),
            pairing: PairingOptions::default(),
            time_control: String::new(),
            schedule: Vec::new(),
        }
    }
}

impl StageForm {
    fn of(stage: &Stage) -> StageForm {
        let s = &stage.scoring;
        let scoring = [
            s.red_win,
            s.red_draw,
            s.red_loss,
            s.black_win,
            s.black_draw,
            s.black_loss,
            s.bye,
            s.requested_bye,
            s.forfeit_win.unwrap_or(Points::ZERO),
            s.forfeit_loss,
        ]
        .map(|p| p.to_string());
        let mut scoring = scoring;
        if s.forfeit_win.is_none() {
            scoring[FORFEIT_WIN].clear();
        }
        let rows = schedule_rows(stage, stage.rounds_planned);
        let schedule = (1..=rows)
            .map(|r| match stage.schedule_of(RoundNo(r)) {
                Some(s) => ScheduleRow { start: s.start.clone(), monitored_boards: s.monitored_boards },
                None => ScheduleRow::default(),
            })
            .collect();
        StageForm {
            kind: stage.kind,
            double: stage.double_round_robin,
            rounds: stage.rounds_planned.map(|r| r.to_string()).unwrap_or_default(),
            scoring,
            tiebreaks: stage.tiebreaks.clone(),
            pairing: stage.pairing.clone(),
            time_control: stage.time_control.clone(),
            schedule,
        }
    }

    /// The scoring table typed.
    ///
    /// # Errors
    /// A message naming the first field that is not a number of points.
    fn scoring(&self, lang: Lang) -> Result<ScoringTable, String> {
        let mut values = [Points::ZERO; 10];
        for (i, text) in self.scoring.iter().enumerate() {
            if i == FORFEIT_WIN && text.trim().is_empty() {
                continue;
            }
            let (zh, en) = SCORING_FIELDS[i];
            values[i] = Points::parse(text).map_err(|_| {
                format!("{}: {}", lang.t(zh, en), lang.t("应为分数，如 2 或 0.5", "must be points, e.g. 2 or 0.5"))
            })?;
        }
        Ok(ScoringTable {
            red_win: values[0],
            red_draw: values[1],
            red_loss: values[2],
            black_win: values[3],
            black_draw: values[4],
            black_loss: values[5],
            bye: values[6],
            requested_bye: values[7],
            forfeit_win: (!self.scoring[FORFEIT_WIN].trim().is_empty()).then_some(values[FORFEIT_WIN]),
            forfeit_loss: values[9],
        })
    }

    /// Rounds planned as typed; `None` when empty.
    ///
    /// # Errors
    /// A message when it is not a whole number above 0.
    fn rounds_planned(&self, lang: Lang) -> Result<Option<u32>, String> {
        match self.rounds.trim() {
            "" => Ok(None),
            text => match text.parse::<u32>() {
                Ok(n) if n > 0 => Ok(Some(n)),
                _ => Err(format!("{}: {text}", lang.t("轮数应为正整数", "rounds must be a whole number above 0"))),
            },
        }
    }

    /// The schedule typed: rounds with a start time or monitored boards.
    fn schedule(&self) -> Vec<RoundSchedule> {
        self.schedule
            .iter()
            .enumerate()
            .filter(|(_, row)| !row.start.trim().is_empty() || row.monitored_boards > 0)
            .map(|(i, row)| RoundSchedule {
                round: RoundNo(i as u32 + 1),
                start: row.start.trim().to_string(),
                monitored_boards: row.monitored_boards,
            })
            .collect()
    }

    /// The commands that save the form, only those that change something, in the order
    /// they must be applied (the format before the rounds).
    ///
    /// # Errors
    /// A message naming the field that cannot be read.
    fn commands(&self, group: GroupId, stage: &Stage, lang: Lang) -> Result<Vec<Command>, String> {
        let mut commands = Vec::new();
        let format_editable = format_editable(stage);
        let kind = if format_editable { self.kind } else { stage.kind };
        let double = self.double && kind == StageKind::RoundRobin;
        if format_editable && (kind != stage.kind || double != stage.double_round_robin) {
            commands.push(Command::SetStageFormat { group, stage: stage.no, kind, double });
        }
        if kind != StageKind::RoundRobin
            && let Some(rounds) = self.rounds_planned(lang)?
            && (Some(rounds) != stage.rounds_planned || kind != stage.kind)
        {
            commands.push(Command::SetRoundsPlanned { group, stage: stage.no, rounds });
        }
        let scoring = self.scoring(lang)?;
        if scoring != stage.scoring || self.tiebreaks != stage.tiebreaks || self.pairing != stage.pairing {
            commands.push(Command::SetStageRules {
                group,
                stage: stage.no,
                scoring,
                tiebreaks: self.tiebreaks.clone(),
                pairing: self.pairing.clone(),
            });
        }
        let schedule = self.schedule();
        let time_control = self.time_control.trim().to_string();
        if schedule != stage.schedule || time_control != stage.time_control {
            commands.push(Command::SetStageSchedule { group, stage: stage.no, time_control, schedule });
        }
        Ok(commands)
    }
}

/// Rows the schedule shows: every round planned, paired or scheduled.
fn schedule_rows(stage: &Stage, planned: Option<u32>) -> u32 {
    let scheduled = stage.schedule.iter().map(|s| s.round.0).max().unwrap_or(0);
    let paired = stage.rounds.last().map_or(0, |r| r.no.0);
    planned.unwrap_or(0).max(scheduled).max(paired)
}

/// A stage's format can change before its first round, and never for a knockout.
fn format_editable(stage: &Stage) -> bool {
    stage.rounds.is_empty() && stage.kind != StageKind::Knockout
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
        let unchanged = state.stage.commands(group, stage, lang).is_ok_and(|c| c.is_empty());
        follow(&mut state.stage, &mut state.stage_base, StageForm::of(stage), unchanged);
    }

    let apply_all = ui.input_mut(|i| !i.modifiers.shift && i.consume_shortcut(&APPLY_SHORTCUT));
    let mut pending: Vec<Command> = Vec::new();

    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.heading(lang.t("赛事设置", "Event settings"));
            ui.add_space(16.0);
            ui.weak(lang.t(
                "修改后按“保存”生效 · Ctrl+S 保存本页全部修改 · Tab 切换输入框",
                "Changes take effect on Apply · Ctrl+S applies everything on this page · Tab moves between fields",
            ));
        });
        ui.separator();
        if let Some(command) = info_ui(ui, &mut state.info, event, lang, apply_all) {
            pending.push(command);
        }
        ui.add_space(8.0);
        ui.separator();
        stages_list_ui(ui, state, event, chosen.map(|(g, s)| (g, s.no)), lang);
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
        jobs.push(Job::Execute { label: lang.t("赛事设置", "Event settings").to_string(), commands: pending });
    }
}

/// The event's title, first day and officials; the command to save them when applied.
fn info_ui(ui: &mut Ui, form: &mut InfoForm, event: &Event, lang: Lang, apply_all: bool) -> Option<Command> {
    ui.strong(lang.t("赛事信息", "Event"));
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
    ui.add_space(4.0);
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
    ui.add_space(4.0);
    let command = form.command(event, lang);
    let mut apply = apply_all;
    ui.horizontal(|ui| {
        let ready = matches!(command, Ok(Some(_)));
        apply |= ui.add_enabled(ready, egui::Button::new(lang.t("保存赛事信息", "Apply event info"))).clicked();
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
    ui.strong(lang.t("组别与阶段", "Groups and stages"));
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
        ui.add_space(12.0);
        let status = match stage.status {
            StageStatus::Pending => lang.t("未开始", "pending"),
            StageStatus::Open => lang.t("进行中", "in play"),
            StageStatus::Closed => lang.t("已结束", "closed"),
        };
        let paired = stage.rounds.len();
        ui.label(match lang {
            Lang::Zh => format!("{status} · 已编排 {paired} 轮"),
            Lang::En => format!("{status} · {paired} rounds paired"),
        });
    });
    ui.add_space(4.0);
    format_ui(ui, form, event, group, stage, lang);
    section_ui(ui, lang.t("计分", "Scoring"));
    scoring_ui(ui, form, lang);
    section_ui(ui, lang.t("小分顺序（同分时依次比较）", "Tiebreaks (applied in order when points are equal)"));
    tiebreaks_ui(ui, form, lang);
    if form.kind == StageKind::Swiss {
        section_ui(ui, lang.t("编排选项", "Pairing"));
        pairing_ui(ui, &mut form.pairing, lang);
    }
    section_ui(ui, lang.t("赛程与用时", "Schedule and time control"));
    schedule_ui(ui, form, stage, lang);
    ui.add_space(8.0);
    let commands = form.commands(group, stage, lang);
    let mut apply = apply_all;
    ui.horizontal(|ui| {
        let ready = commands.as_ref().is_ok_and(|c| !c.is_empty());
        apply |= ui.add_enabled(ready, egui::Button::new(lang.t("保存阶段设置", "Apply stage settings"))).clicked();
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
    ui.add_space(16.0);
    match commands {
        Ok(commands) if apply => commands,
        _ => Vec::new(),
    }
}

fn section_ui(ui: &mut Ui, title: &str) {
    ui.add_space(8.0);
    ui.strong(title);
}

/// Format and rounds planned.
fn format_ui(ui: &mut Ui, form: &mut StageForm, event: &Event, group: GroupId, stage: &Stage, lang: Lang) {
    section_ui(ui, lang.t("赛制", "Format"));
    ui.horizontal_wrapped(|ui| {
        if format_editable(stage) {
            ui.radio_value(&mut form.kind, StageKind::Swiss, lang.t("瑞士制", "Swiss"));
            ui.radio_value(&mut form.kind, StageKind::RoundRobin, lang.t("循环赛", "Round robin"));
            ui.add_enabled(
                form.kind == StageKind::RoundRobin,
                egui::Checkbox::new(
                    &mut form.double,
                    lang.t("双循环（第二循环交换先后手）", "Double (colours reversed in the second cycle)"),
                ),
            );
        } else {
            ui.label(kind_label(stage.kind, stage.double_round_robin, lang));
            let why = if stage.kind == StageKind::Knockout {
                lang.t("（淘汰赛的赛制不可更改）", "(a knockout keeps its format)")
            } else {
                lang.t("（已开始编排，赛制不可更改）", "(rounds are paired; the format is fixed)")
            };
            ui.weak(why);
        }
    });
    let players = stage_entrants(event, group, stage).len();
    if form.kind == StageKind::RoundRobin {
        let rounds = players.saturating_sub(1) + players % 2;
        ui.label(match lang {
            Lang::Zh => format!("循环赛轮数由人数决定：{players} 人，每循环 {rounds} 轮。"),
            Lang::En => {
                format!("A round robin's rounds follow from the players: {players} players, {rounds} rounds per cycle.")
            }
        });
        return;
    }
    ui.horizontal(|ui| {
        let label = ui.label(lang.t("计划轮数", "Rounds planned"));
        ui.add(TextEdit::singleline(&mut form.rounds).id_salt("rounds-planned").desired_width(48.0))
            .labelled_by(label.id);
        if stage.kind == StageKind::Swiss {
            let suggested = suggested_rounds(players);
            ui.weak(match (lang, suggested) {
                (Lang::Zh, 0) => format!("{players} 名选手，报名后可得建议轮数"),
                (Lang::En, 0) => format!("{players} players; a suggestion follows from the entries"),
                (Lang::Zh, _) => format!("建议 {suggested} 轮（{players} 名选手）"),
                (Lang::En, _) => format!("suggested: {suggested} ({players} players)"),
            });
        }
        if let Err(why) = form.rounds_planned(lang) {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
    });
}

/// The ten values of the scoring table, three to a row.
fn scoring_ui(ui: &mut Ui, form: &mut StageForm, lang: Lang) {
    egui::Grid::new("scoring").num_columns(6).spacing([8.0, 6.0]).show(ui, |ui| {
        for (i, text) in form.scoring.iter_mut().enumerate() {
            let (zh, en) = SCORING_FIELDS[i];
            let label = ui.label(lang.t(zh, en));
            let mut edit = TextEdit::singleline(text).id_salt(("scoring", i)).desired_width(64.0);
            if i == FORFEIT_WIN {
                edit = edit.hint_text(lang.t("同胜", "= win"));
            }
            let response = ui.add(edit).labelled_by(label.id);
            if Points::parse(text).is_err() && !(i == FORFEIT_WIN && text.trim().is_empty()) {
                response.highlight();
            }
            if matches!(i, 2 | 5 | 7) {
                ui.end_row();
            }
        }
        ui.end_row();
    });
    ui.weak(lang.t(
        "分数可带一位小数，如 0.5。弃权胜留空表示按所执颜色的胜局计分。",
        "Points take one decimal, e.g. 0.5. An empty forfeit win scores the win of the colour paired.",
    ));
    if let Err(why) = form.scoring(lang) {
        ui.colored_label(ui.visuals().error_fg_color, why);
    }
}

/// The ordered tiebreaks: ↑ / ↓ to move, × to remove, and a list to add from.
fn tiebreaks_ui(ui: &mut Ui, form: &mut StageForm, lang: Lang) {
    let count = form.tiebreaks.len();
    let mut action: Option<(usize, isize)> = None;
    let mut remove = None;
    egui::Grid::new("tiebreak-order").num_columns(4).spacing([6.0, 4.0]).show(ui, |ui| {
        for (i, tiebreak) in form.tiebreaks.iter().enumerate() {
            let name = tiebreak_label(*tiebreak, lang);
            ui.label(format!("{}. {name}", i + 1));
            let up = ui.add_enabled(i > 0, egui::Button::new("↑")).on_hover_text(lang.t("上移", "Move up"));
            if up.accessible_name(format!("{} {name}", lang.t("上移", "Move up"))).clicked() {
                action = Some((i, -1));
            }
            let down = ui.add_enabled(i + 1 < count, egui::Button::new("↓")).on_hover_text(lang.t("下移", "Move down"));
            if down.accessible_name(format!("{} {name}", lang.t("下移", "Move down"))).clicked() {
                action = Some((i, 1));
            }
            let gone = ui.button("×").on_hover_text(lang.t("移除", "Remove"));
            if gone.accessible_name(format!("{} {name}", lang.t("移除", "Remove"))).clicked() {
                remove = Some(i);
            }
            ui.end_row();
        }
    });
    if count == 0 {
        ui.weak(lang.t("（无小分：同分按编号排列）", "(none: equal points rank by start number)"));
    }
    if let Some((i, step)) = action {
        let j = i.saturating_add_signed(step);
        if j < count {
            form.tiebreaks.swap(i, j);
        }
    }
    if let Some(i) = remove {
        form.tiebreaks.remove(i);
    }
    let missing: Vec<Tiebreak> = Tiebreak::ALL.into_iter().filter(|t| !form.tiebreaks.contains(t)).collect();
    if !missing.is_empty() {
        let mut added = None;
        egui::ComboBox::from_id_salt("add-tiebreak")
            .selected_text(lang.t("添加小分…", "Add tiebreak…"))
            .width(200.0)
            .show_ui(ui, |ui| {
                for t in missing {
                    if ui.selectable_label(false, tiebreak_label(t, lang)).clicked() {
                        added = Some(t);
                    }
                }
            })
            .response
            .accessible_name(lang.t("添加小分", "Add tiebreak"));
        if let Some(t) = added {
            form.tiebreaks.push(t);
        }
    }
}

/// Rule set, first round, same-club avoidance and the colour of round 1's top board.
fn pairing_ui(ui: &mut Ui, pairing: &mut PairingOptions, lang: Lang) {
    egui::Grid::new("pairing").num_columns(2).spacing([12.0, 6.0]).show(ui, |ui| {
        let label = ui.label(lang.t("编排规则", "Rule set"));
        let systems = [
            (PairingSystem::Cxa, lang.t("象棋积分编排（中国象棋协会）", "CXA xiangqi Swiss")),
            (PairingSystem::FideDutch, lang.t("FIDE 荷兰制", "FIDE Dutch")),
        ];
        combo_ui(ui, "system", &mut pairing.system, &systems).labelled_by(label.id);
        ui.end_row();
        let label = ui.label(lang.t("第一轮", "Round 1"));
        let modes = [
            (FirstRoundMode::Random, lang.t("电脑随机抽签", "Random draw")),
            (FirstRoundMode::Halves, lang.t("按等级分拦腰对阵", "By rating, top half against bottom half")),
            (FirstRoundMode::HalvesLot, lang.t("拦腰后抽签定对手", "Halves, opponents drawn by lot")),
        ];
        combo_ui(ui, "first-round", &mut pairing.first_round, &modes).labelled_by(label.id);
        ui.end_row();
        let label = ui.label(lang.t("同单位回避", "Same-club avoidance"));
        ui.horizontal(|ui| {
            let avoidance = [
                (ClubAvoidance::Off, lang.t("不回避", "Off")),
                (ClubAvoidance::FirstRound, lang.t("仅第一轮", "First round only")),
                (ClubAvoidance::EveryRound, lang.t("每一轮", "Every round")),
            ];
            combo_ui(ui, "club", &mut pairing.club_avoidance, &avoidance).labelled_by(label.id);
            ui.add_enabled(
                pairing.club_avoidance != ClubAvoidance::Off,
                egui::Checkbox::new(
                    &mut pairing.club_avoidance_absolute,
                    lang.t("绝对回避（同单位不相遇）", "Absolute (never paired)"),
                ),
            );
        });
        ui.end_row();
        let label = ui.label(lang.t("首轮第1台执色", "Board 1 colour, round 1"));
        let colours = [
            (None, lang.t("按第一轮规则", "By the round-1 rule")),
            (Some(Colour::Red), lang.t("上位选手执红", "Top player has red")),
            (Some(Colour::Black), lang.t("上位选手执黑", "Top player has black")),
        ];
        combo_ui(ui, "initial-colour", &mut pairing.initial_colour, &colours).labelled_by(label.id);
        ui.end_row();
    });
}

/// A combo box over `choices`, showing the chosen one's text.
fn combo_ui<T: Copy + PartialEq>(ui: &mut Ui, id: &str, value: &mut T, choices: &[(T, &str)]) -> egui::Response {
    let shown = choices.iter().find(|(v, _)| v == value).map_or("", |(_, text)| text);
    egui::ComboBox::from_id_salt(id)
        .selected_text(shown)
        .width(260.0)
        .show_ui(ui, |ui| {
            for (v, text) in choices {
                ui.selectable_value(value, *v, *text);
            }
        })
        .response
}

/// Time control and each round's start and monitored boards.
fn schedule_ui(ui: &mut Ui, form: &mut StageForm, stage: &Stage, lang: Lang) {
    ui.horizontal(|ui| {
        let label = ui.label(lang.t("用时", "Time control"));
        ui.add(
            TextEdit::singleline(&mut form.time_control)
                .id_salt("time-control")
                .hint_text(lang.t("如 局时20分钟，步时3分钟，读秒30秒", "e.g. 20 min + 3 min per move + 30 s byo-yomi"))
                .desired_width(420.0),
        )
        .labelled_by(label.id);
    });
    let planned = form.rounds_planned(lang).ok().flatten().or(stage.rounds_planned);
    let rows = schedule_rows(stage, planned) as usize;
    if form.schedule.len() < rows {
        form.schedule.resize_with(rows, ScheduleRow::default);
    }
    ui.horizontal(|ui| {
        if ui.button(lang.t("＋ 加一轮", "+ Add a round")).clicked() {
            form.schedule.push(ScheduleRow::default());
        }
        let removable =
            form.schedule.len() > rows && form.schedule.last().is_some_and(|r| *r == ScheduleRow::default());
        if ui.add_enabled(removable, egui::Button::new(lang.t("－ 减一轮", "− Remove a round"))).clicked() {
            form.schedule.pop();
        }
        ui.weak(lang.t(
            "开赛时间如 2022-12-02 19:00；迟到5分钟判负。",
            "Start e.g. 2022-12-02 19:00; 5 minutes late is a forfeit.",
        ));
    });
    if form.schedule.is_empty() {
        return;
    }
    let (header_h, row_h) = (header_height(ui), row_height(ui) + 4.0);
    let headings =
        [lang.t("轮次", "Round"), lang.t("开赛时间", "Start"), lang.t("视频监控台数", "Boards watched by video")];
    ui.push_id(("schedule", stage.no.0), |ui| {
        TableBuilder::new(ui)
            .vscroll(false)
            .striped(true)
            .column(Column::exact(64.0))
            .column(Column::exact(200.0))
            .column(Column::remainder().at_least(120.0))
            .header(header_h, |mut header| {
                for heading in headings {
                    header.col(|ui| {
                        ui.strong(heading);
                    });
                }
            })
            .body(|body| {
                body.rows(row_h, form.schedule.len(), |mut row| {
                    let i = row.index();
                    let round = i + 1;
                    let entry = &mut form.schedule[i];
                    row.col(|ui| {
                        ui.label(match lang {
                            Lang::Zh => format!("第{round}轮"),
                            Lang::En => format!("Round {round}"),
                        });
                    });
                    row.col(|ui| {
                        ui.push_id(("start", round), |ui| {
                            ui.add(
                                TextEdit::singleline(&mut entry.start)
                                    .hint_text("YYYY-MM-DD HH:MM")
                                    .desired_width(180.0),
                            )
                            .accessible_name(match lang {
                                Lang::Zh => format!("第{round}轮开赛时间"),
                                Lang::En => format!("Round {round} start"),
                            });
                        });
                    });
                    row.col(|ui| {
                        ui.push_id(("monitored", round), |ui| {
                            ui.add(egui::DragValue::new(&mut entry.monitored_boards).range(0..=999)).accessible_name(
                                match lang {
                                    Lang::Zh => format!("第{round}轮视频监控台数"),
                                    Lang::En => format!("Round {round} boards watched"),
                                },
                            );
                        });
                    });
                });
            });
    });
}

/// 瑞士制, 循环赛, 双循环, 淘汰赛.
fn kind_label(kind: StageKind, double: bool, lang: Lang) -> &'static str {
    match (kind, double) {
        (StageKind::Swiss, _) => lang.t("瑞士制", "Swiss"),
        (StageKind::RoundRobin, false) => lang.t("循环赛", "round robin"),
        (StageKind::RoundRobin, true) => lang.t("双循环", "double round robin"),
        (StageKind::Knockout, _) => lang.t("淘汰赛", "knockout"),
    }
}

/// A tiebreak's name in the window's language.
pub fn tiebreak_label(tiebreak: Tiebreak, lang: Lang) -> &'static str {
    let en = match tiebreak {
        Tiebreak::OpponentsPoints => "Opponents' points",
        Tiebreak::Progressive => "Progressive score",
        Tiebreak::Wins => "Wins",
        Tiebreak::BlackGames => "Games as black",
        Tiebreak::BlackWins => "Wins as black",
        Tiebreak::Fouls => "Fouls (fewer first)",
        Tiebreak::HeadToHead => "Head to head",
        Tiebreak::SonnebornBerger => "Sonneborn-Berger",
        Tiebreak::BuchholzCut1 => "Buchholz Cut-1",
        Tiebreak::Buchholz => "Buchholz",
        Tiebreak::Median => "Median Buchholz",
        Tiebreak::PreviousRank => "Previous round's rank",
        Tiebreak::PreviousScore => "Previous rounds' points",
    };
    lang.t(tiebreak.label_zh(), en)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::presets;

    fn huaiyin() -> Event {
        presets::build("huaiyin-2022", None, None).unwrap()
    }

    #[test]
    fn an_untouched_stage_form_sends_nothing() {
        for preset in ["lingting-cup", "huaiyin-2022", "cxa-swiss", "fide-swiss"] {
            let event = presets::build(preset, None, None).unwrap();
            for group in &event.groups {
                for stage in &group.stages {
                    let form = StageForm::of(stage);
                    assert_eq!(form.commands(group.id, stage, Lang::Zh), Ok(vec![]), "{preset} {}", stage.name);
                }
            }
            assert_eq!(InfoForm::of(&event).command(&event, Lang::Zh), Ok(None));
        }
    }

    #[test]
    fn an_edited_stage_form_sends_only_what_changed_and_applies() {
        let mut event = huaiyin();
        let group = event.groups[0].id;
        let stage = event.groups[0].stages[0].clone();
        let mut form = StageForm::of(&stage);
        form.scoring[3] = "5".into();
        form.tiebreaks.swap(0, 1);
        form.schedule[0].start = "2022-12-02 19:30".into();
        form.time_control = "包干25分钟".into();
        let commands = form.commands(group, &stage, Lang::Zh).unwrap();
        assert_eq!(commands.len(), 2);
        assert!(
            matches!(&commands[0], Command::SetStageRules { scoring, .. } if scoring.black_win == Points::whole(5))
        );
        for command in &commands {
            crate::domain::command::apply(&mut event, command).unwrap();
        }
        let saved = &event.groups[0].stages[0];
        assert_eq!(saved.tiebreaks[0], Tiebreak::Wins);
        assert_eq!(saved.schedule[0].start, "2022-12-02 19:30");
        assert_eq!(saved.schedule.len(), 7);
        assert_eq!(StageForm::of(saved).commands(group, saved, Lang::Zh), Ok(vec![]));
    }

    #[test]
    fn format_goes_before_rounds_and_bad_fields_are_named() {
        let event = presets::build("cxa-swiss", None, None).unwrap();
        let group = event.groups[0].id;
        let stage = &event.groups[0].stages[0];
        let mut form = StageForm::of(stage);
        form.kind = StageKind::RoundRobin;
        form.double = true;
        form.rounds = "9".into();
        let commands = form.commands(group, stage, Lang::En).unwrap();
        assert_eq!(
            commands,
            vec![Command::SetStageFormat { group, stage: stage.no, kind: StageKind::RoundRobin, double: true }]
        );
        form.kind = StageKind::Swiss;
        let commands = form.commands(group, stage, Lang::En).unwrap();
        assert_eq!(commands, vec![Command::SetRoundsPlanned { group, stage: stage.no, rounds: 9 }]);
        form.scoring[3] = "2.25".into();
        assert!(form.commands(group, stage, Lang::En).unwrap_err().starts_with("Black win"));
        form.scoring[3] = "2".into();
        form.rounds = "0".into();
        assert!(form.commands(group, stage, Lang::En).is_err());
    }

    #[test]
    fn the_info_form_checks_date_and_officials() {
        let event = huaiyin();
        let mut form = InfoForm::of(&event);
        form.start_date = "2022-13-01".into();
        assert!(form.command(&event, Lang::En).is_err());
        form.start_date = "2022-12-02".into();
        form.officials.push(Official { role: "总裁判".into(), name: " 王喆 ".into() });
        form.officials.push(Official { role: String::new(), name: String::new() });
        let Ok(Some(Command::SetEventInfo { officials, start_date, .. })) = form.command(&event, Lang::En) else {
            panic!()
        };
        assert_eq!(officials, vec![Official { role: "总裁判".into(), name: "王喆".into() }]);
        assert_eq!(start_date, Some(jiff::civil::date(2022, 12, 2)));
        form.officials.push(Official { role: "编排长".into(), name: String::new() });
        assert!(form.command(&event, Lang::En).is_err());
    }

    #[test]
    fn a_form_follows_the_saved_values_unless_edited() {
        let (mut form, mut base) = (1, None);
        follow(&mut form, &mut base, 2, false);
        assert_eq!((form, base), (2, Some(2)));
        form = 5;
        follow(&mut form, &mut base, 3, false);
        assert_eq!((form, base), (5, Some(3)));
        follow(&mut form, &mut base, 4, true);
        assert_eq!((form, base), (4, Some(4)));
    }
}
