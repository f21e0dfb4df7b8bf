//! The stage form of the event panel: a stage's format, scoring table, tiebreak order
//! (drawn by `tiebreak_form`), Swiss pairing options and schedule as typed, checked and
//! turned into commands.

use super::advance_form::{KnockoutForm, QualifierForm};
use super::{FORFEIT_WIN, SCORING_FIELDS, format_editable, schedule_rows, section_ui};
use crate::domain::command::{Command, settings_only};
use crate::domain::event::{Event, KnockoutRules, RoundSchedule, Stage, StageKind, stage_entrants};
use crate::domain::ids::{GroupId, RoundNo};
use crate::domain::points::Points;
use crate::domain::rules::{
    ByeOpponent, ClubAvoidance, Colour, FideEditionChoice, FirstRoundMode, PairingOptions, PairingSystem, ScoringTable,
    Tiebreak,
};
use crate::domain::swiss::suggested_rounds;
use crate::lang::Lang;
use crate::ui::table::{header_height, row_height};
use egui::{TextEdit, Ui};
use egui_extras::{Column, TableBuilder};

/// One round of the schedule as typed.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct ScheduleRow {
    pub(super) start: String,
    pub(super) monitored_boards: u32,
}

/// A stage's settings as typed.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct StageForm {
    pub(super) kind: StageKind,
    pub(super) double: bool,
    pub(super) rounds: String,
    pub(super) scoring: [String; 10],
    pub(super) tiebreaks: Vec<Tiebreak>,
    /// The edition of C.07 the FIDE tiebreaks follow.
    pub(super) fide_edition: FideEditionChoice,
    /// What a bye adds to 对手分.
    pub(super) bye_opponent: ByeOpponent,
    pub(super) pairing: PairingOptions,
    pub(super) time_control: String,
    /// Row `i` is round `i + 1`.
    pub(super) schedule: Vec<ScheduleRow>,
    /// A video stage: game times and watching officials recorded per board.
    pub(super) video: bool,
    pub(super) advance: QualifierForm,
    /// A knockout's options; `None` until the stage is or becomes a knockout.
    pub(super) knockout: Option<KnockoutForm>,
}

impl Default for StageForm {
    fn default() -> Self {
        StageForm {
            kind: StageKind::Swiss,
            double: false,
            rounds: String::new(),
            scoring: Default::default(),
            tiebreaks: Vec::new(),
            fide_edition: FideEditionChoice::default(),
            bye_opponent: ByeOpponent::default(),
            pairing: PairingOptions::default(),
            time_control: String::new(),
            schedule: Vec::new(),
            video: false,
            advance: QualifierForm::default(),
            knockout: None,
        }
    }
}

impl StageForm {
    pub(super) fn of(stage: &Stage) -> StageForm {
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
            fide_edition: stage.fide_edition,
            bye_opponent: stage.scoring.bye_opponent,
            pairing: stage.pairing.clone(),
            time_control: stage.time_control.clone(),
            schedule,
            video: stage.video,
            advance: QualifierForm::of(stage),
            knockout: stage.knockout.as_ref().map(KnockoutForm::of),
        }
    }

    /// The scoring table typed.
    ///
    /// # Errors
    /// A message naming the first field that is not a number of points.
    pub(super) fn scoring(&self, lang: Lang) -> Result<ScoringTable, String> {
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
            bye_opponent: self.bye_opponent,
        })
    }

    /// Rounds planned as typed; `None` when empty.
    ///
    /// # Errors
    /// A message when it is not a whole number above 0.
    pub(super) fn rounds_planned(&self, lang: Lang) -> Result<Option<u32>, String> {
        match self.rounds.trim() {
            "" => Ok(None),
            text => match text.parse::<u32>() {
                Ok(n) if n > 0 => Ok(Some(n)),
                _ => Err(format!("{}: {text}", lang.t("轮数应为正整数", "rounds must be a whole number above 0"))),
            },
        }
    }

    /// The schedule typed: rounds with a start time or monitored boards.
    pub(super) fn schedule(&self) -> Vec<RoundSchedule> {
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
    pub(super) fn commands(
        &self,
        group: GroupId,
        stage: &Stage,
        has_next: bool,
        lang: Lang,
    ) -> Result<Vec<Command>, String> {
        let mut commands = Vec::new();
        let format_editable = format_editable(stage);
        let kind = if format_editable { self.kind } else { stage.kind };
        let double = self.double && kind == StageKind::RoundRobin;
        if format_editable && (kind != stage.kind || double != stage.double_round_robin) {
            commands.push(Command::SetStageFormat { group, stage: stage.no, kind, double });
        }
        commands.extend(self.advance.command(group, stage, has_next, lang)?);
        if let (StageKind::Knockout, Some(form)) = (kind, &self.knockout) {
            let as_knockout = (stage.kind != StageKind::Knockout).then(|| Stage {
                kind,
                knockout: Some(stage.knockout.clone().unwrap_or_else(KnockoutRules::lingting)),
                ..settings_only(stage)
            });
            commands.extend(form.command(group, as_knockout.as_ref().unwrap_or(stage), lang)?);
        }
        if kind != StageKind::RoundRobin
            && let Some(rounds) = self.rounds_planned(lang)?
            && (Some(rounds) != stage.rounds_planned || kind != stage.kind)
        {
            commands.push(Command::SetRoundsPlanned { group, stage: stage.no, rounds });
        }
        let scoring = self.scoring(lang)?;
        if scoring != stage.scoring
            || self.tiebreaks != stage.tiebreaks
            || self.fide_edition != stage.fide_edition
            || self.pairing != stage.pairing
        {
            commands.push(Command::SetStageRules {
                group,
                stage: stage.no,
                scoring,
                tiebreaks: self.tiebreaks.clone(),
                fide_edition: self.fide_edition,
                pairing: self.pairing.clone(),
            });
        }
        let schedule = self.schedule();
        let time_control = self.time_control.trim().to_string();
        if schedule != stage.schedule || time_control != stage.time_control {
            commands.push(Command::SetStageSchedule { group, stage: stage.no, time_control, schedule });
        }
        if self.video != stage.video {
            commands.push(Command::SetStageVideo { group, stage: stage.no, video: self.video });
        }
        Ok(commands)
    }
}

/// Format and rounds planned.
pub(super) fn format_ui(ui: &mut Ui, form: &mut StageForm, event: &Event, group: GroupId, stage: &Stage, lang: Lang) {
    section_ui(ui, lang.t("赛制", "Format"));
    ui.horizontal_wrapped(|ui| {
        if format_editable(stage) {
            ui.radio_value(&mut form.kind, StageKind::Swiss, lang.t("瑞士制", "Swiss"));
            ui.radio_value(&mut form.kind, StageKind::RoundRobin, lang.t("循环赛", "Round robin"));
            ui.radio_value(&mut form.kind, StageKind::Knockout, lang.t("淘汰赛", "Knockout"));
            if form.kind == StageKind::Knockout && form.knockout.is_none() {
                form.knockout = Some(KnockoutForm::of(&KnockoutRules::lingting()));
            }
            ui.add_enabled(
                form.kind == StageKind::RoundRobin,
                egui::Checkbox::new(
                    &mut form.double,
                    lang.t("双循环（第二循环交换先后手）", "Double (colours reversed in the second cycle)"),
                ),
            );
        } else {
            ui.label(kind_label(stage.kind, stage.double_round_robin, lang));
            ui.weak(lang.t("（已开始编排，赛制不可更改）", "(rounds are paired; the format is fixed)"));
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
pub(super) fn scoring_ui(ui: &mut Ui, form: &mut StageForm, lang: Lang) {
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

/// Rule set, first round, same-club avoidance and the colour of round 1's top board.
/// `seeded`: a stage after the first, whose round 1 by halves follows the previous
/// stage's ranking rather than ratings.
pub(super) fn pairing_options_ui(ui: &mut Ui, pairing: &mut PairingOptions, seeded: bool, lang: Lang) {
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
            (FirstRoundMode::Halves, halves_label(seeded, lang)),
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
pub(super) fn combo_ui<T: Copy + PartialEq>(
    ui: &mut Ui,
    id: &str,
    value: &mut T,
    choices: &[(T, &str)],
) -> egui::Response {
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

/// Time control, video stage, and each round's start and monitored boards.
pub(super) fn schedule_ui(ui: &mut Ui, form: &mut StageForm, stage: &Stage, lang: Lang) {
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
    ui.checkbox(&mut form.video, lang.t("视频赛：每台记录约定的对局时间和挂盘手", "Video stage: each board's agreed game time and watcher are recorded"))
        .on_hover_text(lang.t(
            "选手约定 08:00 至 22:00 之间的对局时间，由裁判人员挂盘观战；显示在对阵表并打印",
            "Players agree a game time between 08:00 and 22:00 and an official watches the game; shown on the pairings and printed",
        ));
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
    schedule_table_ui(ui, &mut form.schedule, stage, lang);
}

/// Each round's start time and boards watched by video, one row a round.
fn schedule_table_ui(ui: &mut Ui, schedule: &mut [ScheduleRow], stage: &Stage, lang: Lang) {
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
                body.rows(row_h, schedule.len(), |mut row| {
                    let i = row.index();
                    let round = i + 1;
                    let entry = &mut schedule[i];
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
pub(super) fn kind_label(kind: StageKind, double: bool, lang: Lang) -> &'static str {
    match (kind, double) {
        (StageKind::Swiss, _) => lang.t("瑞士制", "Swiss"),
        (StageKind::RoundRobin, false) => lang.t("循环赛", "round robin"),
        (StageKind::RoundRobin, true) => lang.t("双循环", "double round robin"),
        (StageKind::Knockout, _) => lang.t("淘汰赛", "knockout"),
    }
}

/// The name of the first round by halves: by rating in a first stage, by the previous
/// stage's ranking (the stage's seeding) after it.
fn halves_label(seeded: bool, lang: Lang) -> &'static str {
    if seeded {
        lang.t("按上阶段排名拦腰对阵", "By the previous stage's ranking, top half against bottom half")
    } else {
        lang.t("按等级分拦腰对阵", "By rating, top half against bottom half")
    }
}
