//! The team form: a new team or an edited one — name, club, the members in
//! board order (上移 / 下移), the reserves after them (改为替补 / 改为正选), the captain
//! (one of them), and the players to add: the group's active players not in another
//! team, found by name, start number or pinyin (the roster's search; Enter in the
//! search field adds the first found). 保存 (Ctrl+Enter) sends `TeamCommand::Add` or
//! `Edit`; the rules decide (a name, members, no player in two teams) and a refusal is
//! shown in the form, which stays open; once saved it closes. Esc closes it unsaved.

use super::list::player_text;
use crate::domain::command::{Command, TeamCommand};
use crate::domain::event::{Event, Group};
use crate::domain::ids::{GroupId, StartNo};
use crate::domain::model::team::{Team, TeamId};
use crate::domain::player::PlayerStatus;
use crate::lang::Lang;
use crate::lang::Words;
use crate::present::search::{SearchKey, matches, search_keys};
use crate::ui::env::Env;
use crate::ui::form::labelled_text_ui;
use crate::ui::memo::Memo;
use crate::ui::session::{Job, Ticket};
use egui::{Key, KeyboardShortcut, Modifiers, Ui};

/// The most players offered at once.
const OFFERED: usize = 12;

/// The team form's own state.
#[derive(Debug, Clone, Default)]
pub(super) struct TeamForm {
    /// The team edited; `None` for a new one.
    editing: Option<TeamId>,
    name: String,
    club: String,
    /// Regular members, board 1 first.
    members: Vec<StartNo>,
    /// Reserves, in order.
    reserves: Vec<StartNo>,
    captain: Option<StartNo>,
    /// The search for players to add.
    search: String,
    /// The group's search keys, per revision.
    keys: Memo<(u64, GroupId), Vec<SearchKey>>,
    /// Why the last save was refused.
    message: Option<Words>,
    /// The revision when the team was sent; a newer one means it was saved.
    submitted: Option<Ticket>,
    /// Put the keyboard in the name field on the next frame.
    focus_name: bool,
    /// Put the keyboard back in the search field on the next frame (after Enter).
    focus_search: bool,
}

/// A change to the lists asked for by a row's button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RowMove {
    Up,
    Down,
    /// To the reserves (from the members) or back.
    Switch,
    Remove,
    Captain,
}

impl TeamForm {
    /// The form of a new team.
    pub(super) fn add() -> TeamForm {
        TeamForm { focus_name: true, ..TeamForm::default() }
    }

    /// The form of `team`.
    pub(super) fn edit(team: &Team) -> TeamForm {
        TeamForm {
            editing: Some(team.id),
            name: team.name.clone(),
            club: team.club.clone(),
            members: team.members.clone(),
            reserves: team.reserves.clone(),
            captain: team.captain,
            focus_name: true,
            ..TeamForm::default()
        }
    }

    /// The rules refused the team: say why, keep the form open.
    pub(super) fn refused(&mut self, why: Words) {
        self.message = Some(why);
        self.submitted = None;
    }

    fn team(&self) -> Team {
        Team {
            id: self.editing.unwrap_or(TeamId(0)),
            name: self.name.trim().to_string(),
            club: self.club.trim().to_string(),
            captain: self.captain.filter(|c| self.members.contains(c) || self.reserves.contains(c)),
            members: self.members.clone(),
            reserves: self.reserves.clone(),
        }
    }

    /// The members and the reserves as they stand.
    #[cfg(test)]
    pub(super) fn lists(&self) -> (Vec<StartNo>, Vec<StartNo>) {
        (self.members.clone(), self.reserves.clone())
    }

    /// The captain named.
    #[cfg(test)]
    pub(super) fn captain(&self) -> Option<StartNo> {
        self.captain
    }

    /// Moves `player` (a reserve or not) as a row's button asks.
    pub(super) fn row_move(&mut self, player: StartNo, reserve: bool, change: RowMove) {
        let (list, other) =
            if reserve { (&mut self.reserves, &mut self.members) } else { (&mut self.members, &mut self.reserves) };
        let Some(i) = list.iter().position(|p| *p == player) else { return };
        match change {
            RowMove::Up if i > 0 => list.swap(i, i - 1),
            RowMove::Down if i + 1 < list.len() => list.swap(i, i + 1),
            RowMove::Switch => {
                list.remove(i);
                if reserve {
                    other.push(player);
                } else {
                    other.insert(0, player);
                }
            }
            RowMove::Remove => {
                list.remove(i);
                if self.captain == Some(player) {
                    self.captain = None;
                }
            }
            RowMove::Captain => {
                self.captain = if self.captain == Some(player) { None } else { Some(player) };
            }
            RowMove::Up | RowMove::Down => {}
        }
    }
}

/// Draws the form while it is open and sends the team when saved.
pub(super) fn team_form_ui(ctx: &egui::Context, form: &mut Option<TeamForm>, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let Some(state) = form.as_mut() else { return };
    // Closed by the answer to its own save (issue 40, item 2); a refusal keeps it open
    // with why (`refused`), a failure lets the director save again.
    if let Some(sent) = state.submitted.filter(|t| env.answered(*t)) {
        if env.tickets.done(sent) {
            *form = None;
            return;
        }
        state.submitted = None;
    }
    let lang = env.lang;
    let title = match (state.editing.and_then(|t| env.group.team(t)), lang) {
        (Some(team), Lang::Zh) => format!("修改队伍“{}”", team.name),
        (Some(team), Lang::En) => format!("Edit team “{}”", team.name),
        (None, _) => lang.t("新建队伍", "New team").to_string(),
    };
    let mut open = true;
    let mut close = false;
    egui::Window::new(title)
        .id(egui::Id::unique("teams_team_form"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_width(520.0)
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(ctx.content_rect().center_top() + egui::vec2(0.0, 64.0))
        .show(ctx, |ui| {
            close = form_body_ui(ui, state, env, jobs);
        });
    if !open || close {
        *form = None;
    }
}

/// The fields, the lists, the search and the buttons; `true` when the director closes.
fn form_body_ui(ui: &mut Ui, state: &mut TeamForm, env: &Env<'_>, jobs: &mut Vec<Job>) -> bool {
    let (event, lang) = (env.event, env.lang);
    let waiting = state.submitted.is_some();
    ui.add_enabled_ui(!waiting, |ui| {
        ui.horizontal(|ui| {
            let name = labelled_text_ui(ui, lang.t("队名", "Team name"), &mut state.name, "", 200.0);
            if std::mem::take(&mut state.focus_name) {
                name.request_focus();
            }
            labelled_text_ui(ui, lang.t("单位", "Club"), &mut state.club, lang.t("可留空", "optional"), 160.0);
        });
        ui.separator();
        members_ui(ui, state, event, lang);
        ui.separator();
        add_players_ui(ui, state, env);
    });
    if let Some(why) = &state.message {
        ui.colored_label(ui.visuals().error_fg_color, why.get(lang));
    }
    ui.separator();
    let save_key = KeyboardShortcut::new(Modifiers::COMMAND, Key::Enter);
    let mut close = false;
    ui.horizontal(|ui| {
        let save = ui.add_enabled(!waiting, egui::Button::new(lang.t("保存", "Save"))).on_hover_text("Ctrl+Enter");
        if !waiting && (save.clicked() || ui.input_mut(|i| i.consume_shortcut(&save_key))) {
            let team = state.team();
            let editing = state.editing.is_some();
            let verb =
                if editing { Words::new("修改队伍", "Edit team") } else { Words::new("新建队伍", "New team") };
            let label = Words::in_both(|lang| {
                format!("{} {}{}", verb.get(lang), team.name, second_entries_said(state, event, env.group.id, lang))
            });
            let change = if editing { TeamCommand::Edit { team } } else { TeamCommand::Add { team } };
            let job = Job::Execute { label, commands: vec![Command::Team { group: env.group.id, change }] };
            state.submitted = Some(env.send(jobs, job));
            state.message = None;
        }
        close |= ui.button(lang.t("取消", "Cancel")).on_hover_text("Esc").clicked();
        if waiting {
            ui.spinner();
        }
    });
    close || ui.input(|i| i.key_pressed(Key::Escape))
}

/// What saving does besides the team: `（王天一、李四另报本组）` for the members who
/// are players of individual groups and get an entry here; empty otherwise.
fn second_entries_said(state: &TeamForm, event: &Event, group: GroupId, lang: Lang) -> String {
    let outside: Vec<&str> = state
        .members
        .iter()
        .chain(&state.reserves)
        .filter_map(|p| event.player(*p))
        .filter(|p| p.group != group)
        .map(|p| p.entry.name.as_str())
        .collect();
    match (outside.is_empty(), lang) {
        (true, _) => String::new(),
        (false, Lang::Zh) => format!("（{}另报本组）", outside.join("、")),
        (false, Lang::En) => format!(" ({} also entered in this group)", outside.join(", ")),
    }
}

/// The members and the reserves, each with its buttons.
fn members_ui(ui: &mut Ui, state: &mut TeamForm, event: &Event, lang: Lang) {
    ui.strong(match lang {
        Lang::Zh => format!("队员（按台次，{}人）", state.members.len()),
        Lang::En => format!("Members in board order ({})", state.members.len()),
    });
    let mut change: Option<(StartNo, bool, RowMove)> = None;
    let rows = state.members.iter().map(|p| (*p, false)).chain(state.reserves.iter().map(|p| (*p, true)));
    let rows: Vec<(StartNo, bool)> = rows.collect();
    if rows.is_empty() {
        ui.weak(lang.t("在下面查找并添加队员。", "Find and add members below."));
    }
    let mut reserve_no = 0;
    for (i, (p, reserve)) in rows.iter().copied().enumerate() {
        if reserve && reserve_no == 0 {
            ui.strong(lang.t("替补", "Reserves"));
        }
        let place = if reserve {
            reserve_no += 1;
            format!("{}{reserve_no}", lang.t("替补", "Reserve "))
        } else {
            match lang {
                Lang::Zh => format!("第{}台", i + 1),
                Lang::En => format!("Board {}", i + 1),
            }
        };
        ui.push_id(("member", p), |ui| {
            ui.horizontal(|ui| {
                ui.label(format!("{place}  {}", player_text(event, p)));
                let name = event.player(p).map_or_else(|| p.to_string(), |pl| pl.entry.name.clone());
                if let Some(m) = row_buttons_ui(ui, &name, reserve, state.captain == Some(p), lang) {
                    change = Some((p, reserve, m));
                }
            });
        });
    }
    if let Some((p, reserve, m)) = change {
        state.row_move(p, reserve, m);
    }
}

/// A member's buttons, each named with the member for screen readers; the one used.
fn row_buttons_ui(ui: &mut Ui, name: &str, reserve: bool, captain: bool, lang: Lang) -> Option<RowMove> {
    let mut chosen = None;
    let named = |r: egui::Response, what: &str| r.accessible_name(format!("{what} {name}"));
    let captain_text = lang.t("队长", "Captain");
    if named(ui.radio(captain, captain_text), captain_text).clicked() {
        chosen = Some(RowMove::Captain);
    }
    let switch = if reserve { lang.t("改为正选", "Make regular") } else { lang.t("改为替补", "Make reserve") };
    let buttons = [
        (RowMove::Up, lang.t("上移", "Up")),
        (RowMove::Down, lang.t("下移", "Down")),
        (RowMove::Switch, switch),
        (RowMove::Remove, lang.t("移除", "Remove")),
    ];
    for (m, text) in buttons {
        if named(ui.small_button(text), text).clicked() {
            chosen = Some(m);
        }
    }
    chosen
}

/// The players the form offers: the group's own; in a team-match group also the
/// players of the individual groups who have no entry in it yet (R-10.9: one person,
/// two entries — saving the team enters them).
fn offer_keys(event: &Event, group: &Group) -> Vec<SearchKey> {
    let mut keys = search_keys(event, group.id);
    if group.plays_team_matches() {
        for other in event.groups.iter().filter(|g| g.id != group.id && !g.plays_team_matches()) {
            let outside = search_keys(event, other.id).into_iter();
            keys.extend(outside.filter(|k| {
                event.players.get(k.index).is_some_and(|p| event.entry_in(p.start_no, group.id).is_none())
            }));
        }
    }
    keys
}

/// The search for players to add and the players offered; Enter adds the first.
fn add_players_ui(ui: &mut Ui, state: &mut TeamForm, env: &Env<'_>) {
    let (event, group, lang) = (env.event, env.group, env.lang);
    let hint = lang.t("姓名、编号或拼音，回车添加第一名", "name, start number or pinyin; Enter adds the first");
    let field = labelled_text_ui(ui, lang.t("添加队员", "Add a member"), &mut state.search, hint, 260.0);
    if std::mem::take(&mut state.focus_search) {
        field.request_focus();
    }
    let text = state.search.trim().to_string();
    let keys = state.keys.get_or_compute((env.revision, group.id), || offer_keys(event, group));
    let taken = |p: StartNo| {
        state.members.contains(&p)
            || state.reserves.contains(&p)
            || group.teams.iter().any(|t| Some(t.id) != state.editing && t.has(p))
    };
    let offered: Vec<StartNo> = keys
        .iter()
        .filter(|k| text.is_empty() || matches(k, &text))
        .filter_map(|k| event.players.get(k.index))
        .filter(|p| p.status == PlayerStatus::Active && !taken(p.start_no))
        .map(|p| p.start_no)
        .collect();
    let mut add = None;
    ui.horizontal_wrapped(|ui| {
        for p in offered.iter().take(OFFERED) {
            let club = event.player(*p).map(|pl| pl.entry.club.as_str()).filter(|c| !c.is_empty());
            let mut text = match club {
                Some(club) => format!("＋ {} · {club}", player_text(event, *p)),
                None => format!("＋ {}", player_text(event, *p)),
            };
            // A player of an individual group: entered here as well on saving.
            if let Some(other) = event.player(*p).filter(|pl| pl.group != group.id).and_then(|pl| event.group(pl.group))
            {
                text.push_str(&match lang {
                    Lang::Zh => format!("（{}）", other.name),
                    Lang::En => format!(" ({})", other.name),
                });
            }
            if ui.button(text).clicked() {
                add = Some(*p);
            }
        }
    });
    if offered.is_empty() {
        ui.weak(lang.t(
            "没有可加入的选手（已在其他队或已退赛的不列出）。",
            "No player to add (those in another team or withdrawn are not listed).",
        ));
    } else if offered.len() > OFFERED {
        ui.weak(match lang {
            Lang::Zh => format!("还有 {} 名，请输入更多字。", offered.len() - OFFERED),
            Lang::En => format!("{} more: type more to narrow the search.", offered.len() - OFFERED),
        });
    }
    if field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter)) {
        // Enter in an empty field adds nobody.
        add = add.or(offered.first().copied().filter(|_| !text.is_empty()));
        state.focus_search = true;
    }
    if let Some(p) = add {
        state.members.push(p);
        state.search.clear();
    }
}
