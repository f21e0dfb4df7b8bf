//! 出场名单: each team's line-up for a round of the team stage — the next
//! round (named before it is paired; the pairing seats it), or the last paired round
//! while the team's match has no result (its games are seated again). A team's
//! registered members are checkboxes in registered board order, reserves last, so a
//! line-up always keeps that order: the first checked plays board 1. Unchanged, a
//! line-up is the one saved — by default the first K who can play. 保存出场名单 sends
//! one `TeamCommand::SetLineup` per team changed; a refusal is shown under its team.
//! A line-up named for the next round that no longer holds (a player withdrawn or
//! moved since) is said under its team: pairing the round is refused until it is
//! named again (issue 38, item 17).

use crate::domain::command::{Command, TeamCommand};
use crate::domain::event::{Event, Stage, StageStatus};
use crate::domain::ids::{RoundNo, StartNo};
use crate::domain::model::team::{Team, TeamId, TeamStage};
use crate::domain::model::team_issue::TeamIssue;
use crate::domain::teams::lineup::{check_lineup, default_lineup};
use crate::lang::Lang;
use crate::lang::Words;
use crate::ui::env::Env;
use crate::ui::session::Job;
use egui::Ui;
use std::collections::BTreeMap;

/// The line-ups' own state.
#[derive(Debug, Clone, Default)]
pub(super) struct LineupsView {
    /// The round chosen; `None` for the default (the last paired round while it has
    /// no result, else the next).
    round: Option<RoundNo>,
    /// Line-ups changed and not yet saved.
    drafts: BTreeMap<(RoundNo, TeamId), Vec<StartNo>>,
    /// Why a team's line-up was refused.
    refusals: BTreeMap<(RoundNo, TeamId), Words>,
}

impl LineupsView {
    /// The rules refused a line-up: say why under its team.
    pub(super) fn refused(&mut self, round: RoundNo, team: TeamId, why: Words) {
        self.refusals.insert((round, team), why);
    }
}

/// A team's line-up as saved.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Saved {
    /// It may still change.
    Open(Vec<StartNo>),
    /// Its match has a result: it stays.
    Started(Vec<StartNo>),
    /// The team has no match in the round.
    NoMatch,
}

/// The rounds whose line-ups may change: the last paired round while one of its
/// matches has no result, then the next round if the stage has one; `true` for a
/// paired round.
pub(super) fn open_rounds(stage: &Stage, rules: &TeamStage) -> Vec<(RoundNo, bool)> {
    let mut rounds = Vec::new();
    if let Some(last) = stage.last_round()
        && let Some(tr) = &last.teams
        && tr.matches.iter().any(|m| !match_started(last, rules.boards, m))
    {
        rounds.push((last.no, true));
    }
    let next = stage.rounds.len() as u32 + 1;
    if stage.status != StageStatus::Closed && stage.rounds_planned.is_none_or(|p| next <= p) {
        rounds.push((RoundNo(next), false));
    }
    rounds
}

fn match_started(round: &crate::domain::event::Round, boards: u32, m: &crate::domain::model::team::TeamMatch) -> bool {
    (1..=boards).any(|b| round.games.iter().any(|g| g.board == m.board_no(boards, b) && g.result.is_some()))
}

/// The saved line-up of `team` in round `no`.
fn saved(event: &Event, stage: &Stage, rules: &TeamStage, no: RoundNo, team: &Team) -> Saved {
    match stage.round(no) {
        Some(round) => match round.teams.as_ref().and_then(|tr| tr.match_of(team.id)) {
            Some(m) => {
                let players = m.lineup_of(team.id).map(<[StartNo]>::to_vec).unwrap_or_default();
                if match_started(round, rules.boards, m) { Saved::Started(players) } else { Saved::Open(players) }
            }
            None => Saved::NoMatch,
        },
        None => Saved::Open(
            rules
                .planned_lineup(no, team.id)
                .map_or_else(|| default_lineup(event, team, rules.boards), |l| l.players.clone()),
        ),
    }
}

/// Draws the line-ups of the chosen round of the team stage `stage`.
pub(super) fn lineups_ui(ui: &mut Ui, view: &mut LineupsView, env: &Env<'_>, stage: &Stage, jobs: &mut Vec<Job>) {
    let (event, group, lang) = (env.event, env.group, env.lang);
    let Some(rules) = &stage.teams else { return };
    let rounds = open_rounds(stage, rules);
    let Some(&(default, _)) = rounds.first() else {
        ui.label(lang.t("本阶段没有可以排出场名单的轮次。", "No round of this stage takes line-ups now."));
        return;
    };
    let no = view.round.filter(|r| rounds.iter().any(|(x, _)| x == r)).unwrap_or(default);
    let paired = rounds.iter().any(|(x, p)| *x == no && *p);
    ui.horizontal_wrapped(|ui| {
        for (r, paired) in &rounds {
            let text = match (lang, paired) {
                (Lang::Zh, true) => format!("第{r}轮（已编排）"),
                (Lang::Zh, false) => format!("第{r}轮（下一轮）"),
                (Lang::En, true) => format!("Round {r} (paired)"),
                (Lang::En, false) => format!("Round {r} (next)"),
            };
            if ui.selectable_label(*r == no, text).clicked() {
                view.round = Some(*r);
            }
        }
    });
    ui.weak(match lang {
        Lang::Zh => format!(
            "勾选各队本轮上场的队员（每场{}台），按报名的台次顺序上场；替补可替换正选。未改动时为能上场的前{}名。",
            rules.boards, rules.boards
        ),
        Lang::En => format!(
            "Tick each team's players for the round ({} boards a match); they play in registered board order, a reserve may step in. Unchanged: the first {} who can play.",
            rules.boards, rules.boards
        ),
    });
    ui.separator();
    let saved_of: BTreeMap<TeamId, Saved> =
        group.teams.iter().map(|t| (t.id, saved(event, stage, rules, no, t))).collect();
    // A draft the saved line-up has caught up with is done.
    view.drafts.retain(|(r, t), d| *r != no || saved_of.get(t) != Some(&Saved::Open(d.clone())));
    let changed: Vec<(TeamId, Vec<StartNo>)> =
        view.drafts.iter().filter(|((r, _), _)| *r == no).map(|((_, t), d)| (*t, d.clone())).collect();
    let too_long = changed.iter().any(|(_, d)| d.len() > rules.boards as usize);
    ui.horizontal(|ui| {
        let text = match lang {
            Lang::Zh => format!("保存出场名单（{}队）", changed.len()),
            Lang::En => format!("Save line-ups ({} teams)", changed.len()),
        };
        let enabled = !changed.is_empty() && !too_long && !env.busy;
        if ui.add_enabled(enabled, egui::Button::new(text)).clicked() {
            for (team, players) in &changed {
                view.refusals.remove(&(no, *team));
                jobs.push(lineup_job(env, stage, no, *team, players.clone()));
            }
        }
        if !changed.is_empty() && ui.button(lang.t("放弃修改", "Discard changes")).clicked() {
            view.drafts.retain(|(r, _), _| *r != no);
        }
    });
    egui::ScrollArea::vertical().id_salt("team_lineups").auto_shrink([false, false]).show(ui, |ui| {
        for team in &group.teams {
            let Some(saved) = saved_of.get(&team.id) else { continue };
            let stale = if paired { None } else { stale_lineup(event, rules, no, team) };
            let at = (no, rules.boards, stale.as_ref());
            ui.push_id(("lineup", team.id), |ui| team_lineup_ui(ui, view, env, at, team, saved));
            ui.separator();
        }
    });
}

/// Why the line-up named for round `no` (not yet paired) no longer holds, if it does not.
fn stale_lineup(event: &Event, rules: &TeamStage, no: RoundNo, team: &Team) -> Option<TeamIssue> {
    let planned = rules.planned_lineup(no, team.id)?;
    check_lineup(event, team, rules.boards, &planned.players).err()
}

/// One team: its members as checkboxes (or why its line-up cannot change), the count,
/// why a line-up named before no longer holds, and any refusal.
fn team_lineup_ui(
    ui: &mut Ui,
    view: &mut LineupsView,
    env: &Env<'_>,
    (no, boards, stale): (RoundNo, u32, Option<&TeamIssue>),
    team: &Team,
    saved: &Saved,
) {
    let (event, lang) = (env.event, env.lang);
    let key = (no, team.id);
    let (players, open) = match saved {
        Saved::Open(p) => (view.drafts.get(&key).unwrap_or(p).clone(), true),
        Saved::Started(p) => (p.clone(), false),
        Saved::NoMatch => (Vec::new(), false),
    };
    ui.horizontal_wrapped(|ui| {
        ui.strong(team.name.as_str());
        let count = match lang {
            Lang::Zh => format!("已选 {}/{boards}", players.len()),
            Lang::En => format!("{}/{boards} chosen", players.len()),
        };
        if players.len() > boards as usize {
            ui.colored_label(ui.visuals().error_fg_color, count);
        } else {
            ui.label(count);
        }
        match saved {
            Saved::NoMatch => {
                ui.weak(lang.t("本轮没有比赛（轮空）", "No match this round (bye)"));
            }
            Saved::Started(_) => {
                ui.weak(lang.t("本场已有成绩，出场名单不能再改", "The match has results; its line-up stays"));
            }
            Saved::Open(_) if view.drafts.contains_key(&key) => {
                ui.colored_label(ui.visuals().warn_fg_color, lang.t("已修改，未保存", "changed, not saved"));
            }
            Saved::Open(_) => {}
        }
    });
    let toggled = checkboxes_ui(ui, event, team, &players, open, lang);
    if let Some(p) = toggled {
        let mut chosen: Vec<StartNo> = players.clone();
        if let Some(i) = chosen.iter().position(|x| *x == p) {
            chosen.remove(i);
        } else {
            chosen.push(p);
        }
        // The registered board order, whatever order the boxes were ticked in.
        let ordered: Vec<StartNo> = team.roster().filter(|x| chosen.contains(x)).collect();
        view.drafts.insert(key, ordered);
    }
    if players.len() > boards as usize {
        ui.colored_label(
            ui.visuals().error_fg_color,
            match lang {
                Lang::Zh => format!("每场只有{boards}台，请少选{}名。", players.len() - boards as usize),
                Lang::En => format!("A match has {boards} boards: untick {}.", players.len() - boards as usize),
            },
        );
    }
    if let Some(issue) = stale.filter(|_| !view.drafts.contains_key(&key)) {
        let why = crate::lang::Localized::message(issue, lang);
        let said = match lang {
            Lang::Zh => format!("事先排定的出场名单已不再有效：{why}请重新勾选并保存，否则本轮不能编排。"),
            Lang::En => format!(
                "The line-up named for this round no longer holds: {why} Tick it again and save; until then the round cannot be paired."
            ),
        };
        ui.colored_label(ui.visuals().error_fg_color, said);
    }
    if let Some(why) = view.refusals.get(&key) {
        ui.colored_label(ui.visuals().error_fg_color, why.get(lang));
    }
}

/// The team's registered members as checkboxes, in board order, reserves marked; the
/// member whose box was ticked or unticked.
fn checkboxes_ui(
    ui: &mut Ui,
    event: &Event,
    team: &Team,
    players: &[StartNo],
    open: bool,
    lang: Lang,
) -> Option<StartNo> {
    let mut toggled = None;
    ui.horizontal_wrapped(|ui| {
        for p in team.roster() {
            let Some(player) = event.player(p) else { continue };
            let mut checked = players.contains(&p);
            let text = if team.reserves.contains(&p) {
                format!("{} {}{}", p, player.entry.name, lang.t("（替补）", " (reserve)"))
            } else {
                format!("{} {}", p, player.entry.name)
            };
            let can_play = player.status.is_pairable();
            // A member who can no longer play may still be taken out of a line-up.
            let response = ui.add_enabled(open && (can_play || checked), egui::Checkbox::new(&mut checked, text));
            let response = if can_play {
                response
            } else {
                response.on_disabled_hover_text(lang.t("已退赛或被取消资格", "withdrawn or disqualified"))
            };
            if response.changed() {
                toggled = Some(p);
            }
        }
    });
    toggled
}

/// The job naming `team`'s line-up for round `no`.
fn lineup_job(env: &Env<'_>, stage: &Stage, no: RoundNo, team: TeamId, players: Vec<StartNo>) -> Job {
    let name = env.group.team(team).map_or_else(|| team.to_string(), |t| t.name.clone());
    let label = Words::in_both(|lang| match lang {
        Lang::Zh => format!("第{no}轮“{name}”出场名单"),
        Lang::En => format!("Round {no} line-up of “{name}”"),
    });
    let change = TeamCommand::SetLineup { stage: stage.no, round: no, team, players };
    Job::Execute { label, commands: vec![Command::Team { group: env.group.id, change }] }
}
