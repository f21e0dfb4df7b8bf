//! 设置 of the teams panel. A team stage's rules: boards per match K
//! (fixed once a round is paired), 场分 for a won, drawn and lost match, whether 场分
//! or 局分 ranks first, the order of the tiebreaks (ticked ones count, ↑ ↓ order
//! them), a team bye's 局分 and the fewest games for a board prize — sent as
//! `TeamCommand::SetStage`. An individual stage's group has 队员总分制 instead (R-10.2:
//! on or off, the best N members counted, teammates kept apart off / in round 1 / in
//! every round, absolutely or as a criterion) — `TeamCommand::SetMemberRanking`. Before
//! round 1 a stage can be turned into a team stage (the `cxa-team` rules) or back.
//! The form reads the saved settings again after every saved change; a refusal is
//! shown under it.

use crate::domain::command::{Command, TeamCommand};
use crate::domain::event::{Stage, StageKind, StageStatus};
use crate::domain::ids::{GroupId, StageNo};
use crate::domain::model::team::{MatchPoints, MemberRanking, TeamPrimary, TeamStage, TeamTiebreak};
use crate::domain::points::Points;
use crate::domain::presets::DEFAULT_TEAM_BOARDS;
use crate::domain::rules::ClubAvoidance;
use crate::lang::Lang;
use crate::lang::Words;
use crate::present::teams::tiebreak_label;
use crate::ui::env::Env;
use crate::ui::form::labelled_text_ui;
use crate::ui::session::Job;
use egui::Ui;

/// The settings as edited.
#[derive(Debug, Clone, Default)]
pub(super) struct SettingsForm {
    /// What the fields were read from: revision, group, stage.
    loaded: Option<(u64, GroupId, Option<StageNo>)>,
    /// 队员总分制 is on.
    ranking_on: bool,
    /// N, as typed; empty counts every member.
    count: String,
    avoid: ClubAvoidance,
    avoid_absolute: bool,
    /// K, as typed.
    boards: String,
    /// 场分 for a won, drawn and lost match, as typed.
    match_points: [String; 3],
    primary: TeamPrimary,
    /// Every tiebreak in order, ticked when it counts.
    tiebreaks: Vec<(TeamTiebreak, bool)>,
    /// A team bye's 局分, as typed; empty: every board's bye points.
    bye_points: String,
    /// Fewest games for a board prize, as typed.
    min_games: String,
    /// Why the last change was refused, or a field cannot be read.
    message: Option<Words>,
}

impl SettingsForm {
    /// The rules refused the settings: say why.
    pub(super) fn refused(&mut self, why: Words) {
        self.message = Some(why);
    }

    /// Reads the saved settings of `env`'s group and stage into the fields.
    fn load(&mut self, env: &Env<'_>) {
        let ranking = env.group.member_ranking.as_ref();
        self.ranking_on = ranking.is_some();
        self.count = ranking.and_then(|r| r.count).map(|n| n.to_string()).unwrap_or_default();
        self.avoid = ranking.map_or(ClubAvoidance::Off, |r| r.avoid);
        self.avoid_absolute = ranking.is_some_and(|r| r.avoid_absolute);
        let rules = env.stage.and_then(|s| s.teams.clone()).unwrap_or_else(|| TeamStage::cxa(DEFAULT_TEAM_BOARDS));
        self.boards = rules.boards.to_string();
        let m = rules.match_points;
        self.match_points = [m.win.to_string(), m.draw.to_string(), m.loss.to_string()];
        self.primary = rules.primary;
        self.tiebreaks = rules.tiebreaks.iter().map(|t| (*t, true)).collect();
        for t in TeamTiebreak::ALL {
            if !rules.tiebreaks.contains(&t) {
                self.tiebreaks.push((t, false));
            }
        }
        self.bye_points = rules.bye_game_points.map(|p| p.to_string()).unwrap_or_default();
        self.min_games = rules.board_prize_min_games.to_string();
    }

    /// The team stage's rules as typed over `saved` (its planned line-ups kept).
    fn team_stage(&self, saved: &TeamStage) -> Result<TeamStage, Words> {
        let bad = |zh: &str, en: &str| Words::new(zh, en);
        let boards =
            self.boards.trim().parse::<u32>().map_err(|_| bad("每场台数应为2至8的整数。", "Boards: 2 to 8."))?;
        let points = |text: &String| {
            Points::parse(text)
                .map_err(|_| bad("场分应为数字，如 2 或 1.5。", "Match points are numbers such as 2 or 1.5."))
        };
        let [win, draw, loss] =
            [points(&self.match_points[0])?, points(&self.match_points[1])?, points(&self.match_points[2])?];
        let bye_game_points = match self.bye_points.trim() {
            "" => None,
            text => Some(
                Points::parse(text)
                    .map_err(|_| bad("轮空局分应为数字或留空。", "A bye's game points: a number, or empty."))?,
            ),
        };
        let min_games = match self.min_games.trim() {
            "" => 0,
            text => text
                .parse::<u32>()
                .map_err(|_| bad("台次奖最少局数应为整数。", "Fewest games for a board prize: a whole number."))?,
        };
        Ok(TeamStage {
            boards,
            match_points: MatchPoints { win, draw, loss },
            primary: self.primary,
            tiebreaks: self.tiebreaks.iter().filter(|(_, on)| *on).map(|(t, _)| *t).collect(),
            bye_game_points,
            board_prize_min_games: min_games,
            planned_lineups: saved.planned_lineups.clone(),
        })
    }

    /// 队员总分制 as typed; `None` when off.
    fn member_ranking(&self) -> Result<Option<MemberRanking>, Words> {
        if !self.ranking_on {
            return Ok(None);
        }
        let count = match self.count.trim() {
            "" => None,
            text => Some(text.parse::<u32>().ok().filter(|n| *n >= 1).ok_or_else(|| {
                Words::new(
                    "计分人数应为正整数，或留空计全部队员。",
                    "Members counted: a whole number above 0, or empty for all.",
                )
            })?),
        };
        Ok(Some(MemberRanking { count, avoid: self.avoid, avoid_absolute: self.avoid_absolute }))
    }
}

/// Draws the settings of the chosen group and stage.
pub(super) fn settings_ui(ui: &mut Ui, form: &mut SettingsForm, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    let key = (env.revision, env.group.id, env.stage.map(|s| s.no));
    if form.loaded != Some(key) {
        form.load(env);
        form.loaded = Some(key);
    }
    match env.stage {
        Some(stage) if stage.teams.is_some() => team_stage_ui(ui, form, env, stage, jobs),
        _ => member_ranking_ui(ui, form, env, jobs),
    }
    if let Some(stage) = env.stage {
        stage_kind_ui(ui, env, stage, jobs);
    }
    if let Some(why) = &form.message {
        ui.colored_label(ui.visuals().error_fg_color, why.get(lang));
    }
}

/// Sends one team command of the chosen group.
fn send(env: &Env<'_>, jobs: &mut Vec<Job>, label: Words, change: TeamCommand) {
    jobs.push(Job::Execute { label, commands: vec![Command::Team { group: env.group.id, change }] });
}

/// 队员总分制.
fn member_ranking_ui(ui: &mut Ui, form: &mut SettingsForm, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    ui.strong(lang.t("队员总分制", "Team ranking by members' points"));
    ui.weak(lang.t(
        "各队按队员个人积分之和排名（计前N名；同分看计分队员的对手分、最好名次、犯规）。",
        "Teams ranked by their members' individual points (best N; ties: their opponents' points, best rank, fouls).",
    ));
    ui.checkbox(&mut form.ranking_on, lang.t("启用队员总分制", "Rank teams by members' points"));
    ui.add_enabled_ui(form.ranking_on, |ui| {
        egui::Grid::new("member-ranking").num_columns(2).spacing([12.0, 6.0]).show(ui, |ui| {
            labelled_text_ui(
                ui,
                lang.t("每队计分人数", "Members counted"),
                &mut form.count,
                lang.t("留空则全部计分", "empty: all"),
                80.0,
            );
            ui.end_row();
            let label = ui.label(lang.t("队友回避", "Keep teammates apart"));
            let choices = [
                (ClubAvoidance::Off, lang.t("不回避", "Off")),
                (ClubAvoidance::FirstRound, lang.t("仅第一轮", "First round only")),
                (ClubAvoidance::EveryRound, lang.t("每一轮", "Every round")),
            ];
            combo_ui(ui, "teammates", &mut form.avoid, &choices).labelled_by(label.id);
            ui.end_row();
        });
        ui.add_enabled(
            form.avoid != ClubAvoidance::Off,
            egui::Checkbox::new(&mut form.avoid_absolute, lang.t("绝对回避（队友不相遇）", "Absolute (never paired)")),
        );
    });
    if ui.add_enabled(!env.busy, egui::Button::new(lang.t("保存队员总分制", "Save team ranking"))).clicked() {
        match form.member_ranking() {
            Ok(ranking) => {
                form.message = None;
                let label = Words::new("队员总分制", "Team ranking by members");
                send(env, jobs, label, TeamCommand::SetMemberRanking { ranking });
            }
            Err(why) => form.message = Some(why),
        }
    }
}

/// A team stage's rules.
fn team_stage_ui(ui: &mut Ui, form: &mut SettingsForm, env: &Env<'_>, stage: &Stage, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    let Some(saved) = &stage.teams else { return };
    ui.strong(format!("{} {}", stage.name, lang.t("团体赛设置", "team match rules")));
    ui.add_enabled_ui(stage.rounds.is_empty(), |ui| {
        ui.horizontal(|ui| {
            labelled_text_ui(ui, lang.t("每场台数", "Boards per match"), &mut form.boards, "2–8", 48.0)
                .on_disabled_hover_text(lang.t("已经编排，台数不能再改", "Rounds are paired: the boards are fixed"));
        });
    });
    ui.horizontal(|ui| {
        ui.label(lang.t("场分", "Match points"));
        let [win, draw, loss] = &mut form.match_points;
        labelled_text_ui(ui, lang.t("胜", "won"), win, "", 36.0);
        labelled_text_ui(ui, lang.t("和", "drawn"), draw, "", 36.0);
        labelled_text_ui(ui, lang.t("负", "lost"), loss, "", 36.0);
    });
    ui.horizontal(|ui| {
        let label = ui.label(lang.t("名次先看", "Ranked first by"));
        let choices = [
            (TeamPrimary::MatchPoints, lang.t("场分", "Match points")),
            (TeamPrimary::GamePoints, lang.t("局分", "Game points")),
        ];
        combo_ui(ui, "team-primary", &mut form.primary, &choices).labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        let hint = lang.t("留空则每台按轮空分", "empty: each board's bye points");
        labelled_text_ui(ui, lang.t("轮空局分", "Bye game points"), &mut form.bye_points, hint, 120.0);
        let label = lang.t("台次奖最少局数", "Fewest games for a board prize");
        labelled_text_ui(ui, label, &mut form.min_games, "0", 48.0);
    });
    ui.add_space(crate::ui::theme::space::XS);
    ui.label(lang.t("破同分顺序（勾选者有效）", "Tiebreaks in order (ticked ones count)"));
    tiebreaks_ui(ui, form, lang);
    if ui.add_enabled(!env.busy, egui::Button::new(lang.t("保存团体赛设置", "Save team match rules"))).clicked()
    {
        match form.team_stage(saved) {
            Ok(rules) => {
                form.message = None;
                let label =
                    Words::in_both(|lang| format!("{} {}", stage.name, lang.t("团体赛设置", "team match rules")));
                send(env, jobs, label, TeamCommand::SetStage { stage: stage.no, rules: Some(rules) });
            }
            Err(why) => form.message = Some(why),
        }
    }
}

/// The tiebreaks, each ticked or not, with ↑ ↓ to order them.
fn tiebreaks_ui(ui: &mut Ui, form: &mut SettingsForm, lang: Lang) {
    let count = form.tiebreaks.len();
    let mut swap = None;
    egui::Grid::new("team-tiebreaks").num_columns(3).spacing([6.0, 4.0]).show(ui, |ui| {
        for (i, (t, on)) in form.tiebreaks.iter_mut().enumerate() {
            let name = tiebreak_label(*t, lang);
            ui.checkbox(on, format!("{}. {name}", i + 1));
            let up = ui.add_enabled(i > 0, egui::Button::new("↑"));
            if up.accessible_name(format!("{} {name}", lang.t("上移", "Move up"))).clicked() {
                swap = Some((i, i - 1));
            }
            let down = ui.add_enabled(i + 1 < count, egui::Button::new("↓"));
            if down.accessible_name(format!("{} {name}", lang.t("下移", "Move down"))).clicked() {
                swap = Some((i, i + 1));
            }
            ui.end_row();
        }
    });
    if let Some((i, j)) = swap {
        form.tiebreaks.swap(i, j);
    }
}

/// Before round 1: the stage becomes a team stage (the `cxa-team` rules) or individual.
fn stage_kind_ui(ui: &mut Ui, env: &Env<'_>, stage: &Stage, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    if !stage.rounds.is_empty() || stage.status == StageStatus::Closed || stage.kind == StageKind::Knockout {
        return;
    }
    ui.separator();
    let (text, rules, kind) = match &stage.teams {
        Some(_) => (lang.t("改为个人赛阶段", "Make it an individual stage"), None, Words::new("个人赛", "individual")),
        None => (
            lang.t("改为团体赛阶段", "Make it a team stage"),
            Some(TeamStage::cxa(DEFAULT_TEAM_BOARDS)),
            Words::new("团体赛", "team matches"),
        ),
    };
    let hover = lang.t(
        "第一轮编排前可改：团体赛阶段由本组各队对阵，每场若干台",
        "Before round 1: in a team stage the group's teams play matches of several boards",
    );
    if ui.add_enabled(!env.busy, egui::Button::new(text)).on_hover_text(hover).clicked() {
        let label = Words::in_both(|lang| format!("{} → {}", stage.name, kind.get(lang)));
        send(env, jobs, label, TeamCommand::SetStage { stage: stage.no, rules });
    }
}

/// A combo box over `choices`, showing the chosen one's text.
fn combo_ui<T: Copy + PartialEq>(ui: &mut Ui, id: &str, value: &mut T, choices: &[(T, &str)]) -> egui::Response {
    let shown = choices.iter().find(|(v, _)| v == value).map_or("", |(_, text)| text);
    egui::ComboBox::from_id_salt(id)
        .selected_text(shown)
        .width(200.0)
        .show_ui(ui, |ui| {
            for (v, text) in choices {
                ui.selectable_value(value, *v, *text);
            }
        })
        .response
}
