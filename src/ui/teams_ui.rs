//! 队伍: the group's teams, in three tabs.
//!
//! - **队伍名单** (R-10.1): the teams — number, name, club, captain, members in board
//!   order, reserves — with 新建队伍…, 修改…, 删除… (asks first; a team that has played
//!   is refused, in words) and 按单位组队 (one team per club with at least the number
//!   typed of players not yet in a team). The team form (`form.rs`) picks members from
//!   the group's players not in another team (by name, start number or pinyin; Enter
//!   adds the first found), orders them (↑ ↓), moves them to the reserves and back, and
//!   names the captain.
//! - **出场名单** (R-10.3, team stages only): each team's line-up for the next round,
//!   or for the last paired round while its match has no result (`lineups.rs`): the
//!   team's registered members as checkboxes in board order, so the order is always
//!   the registered one; by default the first K who can play.
//! - **全赛事团体** (R-10.8): the event's clubs ranked across its individual groups —
//!   on or off, the groups counted, every member or the best N overall or per group —
//!   and the ranking itself (`event_ranking.rs`).
//! - **设置**: for a team stage its rules (boards K, 场分, what ranks first, the order
//!   of tiebreaks); for an individual stage 队员总分制 (R-10.2: on or off, N counted,
//!   teammates kept apart), and, before round 1, turning the stage into a team stage
//!   or back (`settings.rs`).
//!
//! Every change is a [`Command::Team`] sent as a [`Job`]; a refusal comes back in words
//! beside the control that sent it.
//!
//! # Keys (when no button, field or dialog has the keyboard)
//! | key | does |
//! |---|---|
//! | ↑ / ↓ | choose the previous / next team (a click on a row chooses it too) |
//! | Enter | edit the chosen team |
//! | Delete | remove the chosen team (asks first) |
//! | Ctrl+Shift+T | a new team |
//! | Tab, Space | reach and use every button, checkbox and field |

mod event_ranking;
mod form;
mod lineups;
mod list;
mod settings;
#[cfg(test)]
mod tests;

use crate::domain::command::{Command, TeamCommand};
use crate::domain::ids::GroupId;
use crate::domain::model::team::TeamId;
use crate::lang::Lang;
use crate::lang::{Localized, Words};
use crate::ui::dialog::{Answer, Confirmation, confirmation_ui};
use crate::ui::env::{Env, Sent};
use crate::ui::panel::Panel;
use crate::ui::session::Job;
use crate::ui::theme::{icons, widgets};
use egui::{Key, KeyboardShortcut, Modifiers, Ui};
use event_ranking::{EventRankingForm, event_ranking_ui};
use form::{TeamForm, team_form_ui};
use lineups::{LineupsView, lineups_ui};
use settings::{SettingsForm, settings_ui};

/// The tabs of the teams panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TeamsTab {
    /// 队伍名单: the teams.
    #[default]
    Teams,
    /// 出场名单: line-ups of a team stage's round.
    Lineups,
    /// 设置: 队员总分制 or the team stage's rules.
    Settings,
    /// 全赛事团体: the clubs ranked across the event's groups.
    EventTeams,
}

/// The teams panel's own state.
#[derive(Debug, Default)]
pub struct TeamsView {
    /// The tab shown.
    pub tab: TeamsTab,
    /// The chosen team.
    pub selected: Option<TeamId>,
    /// The group the state belongs to; another one starts afresh.
    shown: Option<GroupId>,
    /// The new or edited team, while its form is open.
    form: Option<TeamForm>,
    /// A removal waiting for the director's confirmation (`true` once shown).
    remove: Option<(TeamId, bool)>,
    /// 按单位组队: fewest players per club, as typed.
    clubs_min: String,
    /// Line-ups being named.
    lineups: LineupsView,
    /// The settings being edited.
    settings: SettingsForm,
    /// The event's team ranking across groups being edited.
    event_ranking: EventRankingForm,
    /// Why the last removal or 按单位组队 was refused.
    message: Option<Words>,
    /// The team commands sent and not yet answered, by ticket (issue 40, item 2).
    sent: Sent,
}

impl Panel for TeamsView {
    fn panel_ui(&mut self, ui: &mut Ui, env: &Env<'_>, jobs: &mut Vec<Job>) {
        teams_ui(ui, self, env, jobs);
    }
}

/// Draws the teams panel of the chosen group.
pub fn teams_ui(ui: &mut Ui, state: &mut TeamsView, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    if state.shown != Some(env.group.id) {
        *state = TeamsView { shown: Some(env.group.id), tab: state.tab, ..TeamsView::default() };
    }
    take_refusals(state, env);
    let from = jobs.len();
    let team_stage = env.stage.filter(|s| s.teams.is_some());
    if team_stage.is_none() && state.tab == TeamsTab::Lineups {
        state.tab = TeamsTab::Teams;
    }
    ui.horizontal_wrapped(|ui| {
        ui.heading(format!("{} {}", env.group.name, lang.t("队伍", "teams")));
        ui.add_space(crate::ui::theme::space::L);
        let tabs = [
            (TeamsTab::Teams, lang.t("队伍名单", "Teams"), true),
            (TeamsTab::Lineups, lang.t("出场名单", "Line-ups"), team_stage.is_some()),
            (TeamsTab::Settings, lang.t("设置", "Settings"), true),
            (TeamsTab::EventTeams, lang.t("全赛事团体", "Event teams"), true),
        ];
        for (tab, text, shown) in tabs {
            if shown && ui.selectable_label(state.tab == tab, text).clicked() {
                state.tab = tab;
            }
        }
    });
    ui.separator();
    match (state.tab, team_stage) {
        (TeamsTab::Lineups, Some(stage)) => lineups_ui(ui, &mut state.lineups, env, stage, jobs),
        (TeamsTab::EventTeams, _) => {
            egui::ScrollArea::vertical().id_salt("event_teams").auto_shrink([false, false]).show(ui, |ui| {
                event_ranking_ui(ui, &mut state.event_ranking, env, jobs);
            });
        }
        (TeamsTab::Settings, _) => {
            egui::ScrollArea::vertical().id_salt("team_settings").auto_shrink([false, false]).show(ui, |ui| {
                settings_ui(ui, &mut state.settings, env, jobs);
            });
        }
        _ => teams_tab_ui(ui, state, env, jobs),
    }
    state.sent.remember(env, jobs, from);
}

/// Keeps each refused team command's reason for the control that sent it: the panel
/// remembers the commands of each job by its ticket (issue 40, item 2).
fn take_refusals(state: &mut TeamsView, env: &Env<'_>) {
    for answered in state.sent.answered(env) {
        let Some(error) = answered.refused else { continue };
        let words = Words::new(error.message(Lang::Zh), error.message(Lang::En));
        for command in &answered.commands {
            if let Command::SetEventTeamRanking { .. } = command {
                state.event_ranking.refused(words.clone());
                continue;
            }
            let Command::Team { group, change } = command else { continue };
            if *group != env.group.id {
                continue;
            }
            match change {
                TeamCommand::Add { .. } | TeamCommand::Edit { .. } => match state.form.as_mut() {
                    Some(form) => form.refused(words.clone()),
                    None => state.message = Some(words.clone()),
                },
                TeamCommand::SetLineup { round, team, .. } => state.lineups.refused(*round, *team, words.clone()),
                TeamCommand::SetStage { .. } | TeamCommand::SetMemberRanking { .. } => {
                    state.settings.refused(words.clone());
                }
                TeamCommand::Remove { .. } | TeamCommand::FromClubs { .. } => state.message = Some(words.clone()),
            }
        }
    }
}

/// 队伍名单: the action bar, the teams, the team form and the removal's confirmation.
fn teams_tab_ui(ui: &mut Ui, state: &mut TeamsView, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let (group, lang) = (env.group, env.lang);
    let dialog_open = state.form.is_some() || state.remove.is_some();
    if state.selected.is_some_and(|t| group.team(t).is_none()) {
        state.selected = None;
    }
    if !dialog_open {
        team_keys(ui, state, env);
    }
    ui.horizontal_wrapped(|ui| {
        let add = widgets::primary_button(ui, icons::PLUS, lang.t("新建队伍…", "New team…"));
        if ui.add(add).on_hover_text("Ctrl+Shift+T").clicked() {
            state.form = Some(TeamForm::add());
        }
        let chosen = state.selected.and_then(|t| group.team(t));
        if let Some(team) = chosen {
            ui.label(match lang {
                Lang::Zh => format!("已选“{}”：", team.name),
                Lang::En => format!("Chosen: “{}”", team.name),
            });
            if ui.button(lang.t("修改…", "Edit…")).on_hover_text("Enter").clicked() {
                state.form = Some(TeamForm::edit(team));
            }
            if ui.button(lang.t("删除…", "Remove…")).on_hover_text("Delete").clicked() {
                state.remove = Some((team.id, false));
            }
        }
        ui.separator();
        from_clubs_ui(ui, state, env, jobs);
    });
    if let Some(message) = &state.message {
        ui.colored_label(ui.visuals().error_fg_color, message.get(lang));
    }
    ui.separator();
    if group.teams.is_empty() {
        ui.label(lang.t(
            "本组尚无队伍。点“新建队伍…”组队，或“按单位组队”把同一单位的选手编成一队。",
            "No teams in this group yet. Use “New team…”, or “Teams from clubs” to make one team per club.",
        ));
    } else if let Some(team) = list::teams_table_ui(ui, group, env.event, state.selected, lang) {
        state.selected = Some(team);
    }
    let ctx = ui.ctx().clone();
    team_form_ui(&ctx, &mut state.form, env, jobs);
    remove_ui(ui, state, env, jobs);
}

/// ↑ ↓ choose a team, Enter edits it, Delete removes it, Ctrl+Shift+T makes one.
fn team_keys(ui: &mut Ui, state: &mut TeamsView, env: &Env<'_>) {
    let new_team = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::T);
    if ui.input_mut(|i| i.consume_shortcut(&new_team)) {
        state.form = Some(TeamForm::add());
        return;
    }
    // A focused button or field takes its own keys (Enter presses a button).
    if ui.memory(|m| m.focused().is_some()) || egui::Popup::is_any_open(ui.ctx()) {
        return;
    }
    let teams = &env.group.teams;
    let at = state.selected.and_then(|t| teams.iter().position(|x| x.id == t));
    let (up, down, enter, delete) = ui.input_mut(|i| {
        (
            i.consume_key(Modifiers::NONE, Key::ArrowUp),
            i.consume_key(Modifiers::NONE, Key::ArrowDown),
            i.consume_key(Modifiers::NONE, Key::Enter),
            i.consume_key(Modifiers::NONE, Key::Delete),
        )
    });
    let moved = match (at, up, down) {
        (Some(i), true, _) => Some(i.saturating_sub(1)),
        (Some(i), _, true) => Some((i + 1).min(teams.len().saturating_sub(1))),
        (None, true, _) | (None, _, true) => Some(0),
        _ => None,
    };
    if let Some(team) = moved.and_then(|i| teams.get(i)) {
        state.selected = Some(team.id);
    }
    let chosen = state.selected.and_then(|t| env.group.team(t));
    if let Some(team) = chosen {
        if enter {
            state.form = Some(TeamForm::edit(team));
        } else if delete {
            state.remove = Some((team.id, false));
        }
    }
}

/// 按单位组队: the fewest players per club, and the button.
fn from_clubs_ui(ui: &mut Ui, state: &mut TeamsView, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let lang = env.lang;
    let default_min = env.stage.and_then(|s| s.teams.as_ref()).map_or(2, |t| t.boards);
    let label = ui.label(lang.t("每队至少", "At least"));
    ui.add(egui::TextEdit::singleline(&mut state.clubs_min).hint_text(default_min.to_string()).desired_width(36.0))
        .labelled_by(label.id);
    ui.label(lang.t("人", "players"));
    let min = match state.clubs_min.trim() {
        "" => Some(default_min),
        text => text.parse::<u32>().ok().filter(|n| *n >= 1),
    };
    let button = ui.add_enabled(min.is_some(), egui::Button::new(lang.t("按单位组队", "Teams from clubs")));
    let button = button.on_hover_text(lang.t(
        "同一单位、尚未入队的选手按编号顺序编成一队（单位名即队名）",
        "Players of one club not yet in a team make one team, in start-number order (named after the club)",
    ));
    if let Some(min) = min.filter(|_| button.clicked()) {
        state.message = None;
        let label = Words::in_both(|lang| match lang {
            Lang::Zh => format!("按单位组队（每队至少{min}人）"),
            Lang::En => format!("Teams from clubs (at least {min} players)"),
        });
        let change = TeamCommand::FromClubs { min };
        jobs.push(Job::Execute { label, commands: vec![Command::Team { group: env.group.id, change }] });
    }
}

/// Asks to confirm a removal while one is pending; sends it when accepted.
fn remove_ui(ui: &Ui, state: &mut TeamsView, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let Some((team, shown)) = state.remove else { return };
    let lang = env.lang;
    let Some(name) = env.group.team(team).map(|t| t.name.clone()) else {
        state.remove = None;
        return;
    };
    let dialog = Confirmation {
        id: "bianpai-remove-team",
        width: 420.0,
        accept: lang.t("删除 (Enter)", "Remove (Enter)"),
        cancel: lang.t("取消 (Esc)", "Cancel (Esc)"),
        keys_live: shown,
    };
    let answer = confirmation_ui(ui, dialog, |ui| {
        ui.label(match lang {
            Lang::Zh => format!("删除“{name}”？队员仍留在名单中；可用“撤销”恢复。"),
            Lang::En => format!("Remove “{name}”? Its players stay registered; 撤销 (undo) brings the team back."),
        });
    });
    state.remove = Some((team, true));
    match answer {
        Some(Answer::Accepted) => {
            state.message = None;
            let label = Words::in_both(|lang| match lang {
                Lang::Zh => format!("删除队伍“{name}”"),
                Lang::En => format!("Team “{name}” removed"),
            });
            let change = TeamCommand::Remove { team };
            jobs.push(Job::Execute { label, commands: vec![Command::Team { group: env.group.id, change }] });
            state.remove = None;
        }
        Some(Answer::Cancelled) => state.remove = None,
        None => {}
    }
}
