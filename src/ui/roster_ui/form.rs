//! The add / edit player form of the roster: a window
//! with every field of a [`PlayerEntry`] — name, gender, birth date (YYYY-MM-DD,
//! checked as typed), club, rating, title (read by [`Title::parse`]), phone, and the
//! flags for a verified woman and a sponsor's nominee.
//!
//! A new player is checked live against the group's entry rules with
//! [`registration_issues`]; each broken rule is listed with its reason, and the entry
//! is accepted only with an override reason, which the event records with the player
//! . Adding a player after the group's first round is a late entry: the form
//! says from which round they play. Saving sends one [`Command::AddPlayers`] or
//! [`Command::EditPlayer`]; the form stays open until the worker has saved it, and
//! says so when the change was refused (the reason is in the status bar).
//!
//! The typed name (and birth date or phone) is also screened against the blacklist kept
//! across events: a hit is shown as a warning, never a block. The form never
//! reads the file: it asks the worker once per form ([`Job::LoadBlacklist`]) and screens
//! against the list the worker read ([`Env::blacklist`]).
//!
//! Keys: Ctrl+Enter saves, Esc closes the form without saving, Tab moves between the
//! fields.

use super::form_checks::{blacklist_warnings_ui, late_entry_note, message_for, parse_date};
use crate::domain::command::{Command, registration_issues};
use crate::domain::eligibility::EligibilityIssue;
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, StartNo};
use crate::domain::player::{Gender, Player, PlayerEntry, Title};
use crate::lang::Lang;
use crate::lang::Localized;
use crate::lang::Words;
use crate::ui::env::Env;
use crate::ui::form::labelled_text_ui;
use crate::ui::session::{Job, Ticket};
use crate::ui::theme::{icons, widgets};
use egui::{Key, KeyboardShortcut, Modifiers, Ui};
use std::collections::BTreeMap;

/// Whether the form adds a player or edits one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// A new player for this group.
    Add(GroupId),
    /// Correct this player's data.
    Edit(StartNo),
}

/// The form's own state: what is typed, as typed.
#[derive(Debug, Clone)]
pub(super) struct PlayerForm {
    mode: Mode,
    name: String,
    gender: Option<Gender>,
    born: String,
    club: String,
    rating: String,
    title: String,
    phone: String,
    /// The day of the entry, today by default.
    registered: String,
    verified_female: bool,
    nominee: bool,
    /// Imported columns Bianpai does not interpret, kept unchanged on edit.
    notes: BTreeMap<String, String>,
    /// Why an entry that breaks the group's rules is accepted.
    override_reason: String,
    /// The ticket of the save sent, until its answer arrives (issue 40, item 2);
    /// `None` while editing.
    submitted: Option<Ticket>,
    /// Start a fresh form once the new player is saved ("save and add another").
    add_another: bool,
    /// The last save was refused.
    failed: bool,
    /// Put the keyboard in the name field on the next frame.
    focus_name: bool,
    /// The worker was asked to read the blacklist for this form.
    blacklist_asked: bool,
}

/// A field that cannot be read, with why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Name,
    Born,
    Rating,
    Registered,
}

impl PlayerForm {
    /// An empty form for a new player of `group`.
    pub(super) fn add(group: GroupId) -> PlayerForm {
        PlayerForm {
            mode: Mode::Add(group),
            name: String::new(),
            gender: None,
            born: String::new(),
            club: String::new(),
            rating: String::new(),
            title: String::new(),
            phone: String::new(),
            registered: jiff::ZonedDateTime::now().datetime().date().to_string(),
            verified_female: false,
            nominee: false,
            notes: BTreeMap::new(),
            override_reason: String::new(),
            submitted: None,
            add_another: false,
            failed: false,
            focus_name: true,
            blacklist_asked: false,
        }
    }

    /// A form holding `player`'s data, to correct it.
    pub(super) fn edit(player: &Player) -> PlayerForm {
        let e = &player.entry;
        PlayerForm {
            mode: Mode::Edit(player.start_no),
            name: e.name.clone(),
            gender: e.gender,
            born: e.born.map(|d| d.to_string()).unwrap_or_default(),
            club: e.club.clone(),
            rating: e.rating.map(|r| r.to_string()).unwrap_or_default(),
            title: e.title.as_ref().map(|t| t.label_zh().to_string()).unwrap_or_default(),
            phone: e.phone.clone(),
            registered: e.registered.map(|d| d.to_string()).unwrap_or_default(),
            verified_female: e.verified_female,
            nominee: e.nominee,
            notes: e.notes.clone(),
            ..PlayerForm::add(player.group)
        }
    }

    /// The entry as typed, or every field that cannot be read.
    fn entry(&self, lang: Lang) -> Result<PlayerEntry, Vec<(Field, String)>> {
        let mut errors = Vec::new();
        let name = self.name.trim().to_string();
        if name.is_empty() {
            errors.push((Field::Name, lang.t("请填写姓名", "a name is required").to_string()));
        }
        let born = parse_date(&self.born).unwrap_or_else(|message| {
            errors.push((Field::Born, message_for(lang, &message)));
            None
        });
        // Issue 38, item 12: nobody is born after today (the domain has no clock).
        if born.is_some_and(|b| b > jiff::ZonedDateTime::now().datetime().date()) {
            errors.push((Field::Born, lang.t("出生日期在今天之后", "the birth date is after today").to_string()));
        }
        let registered = parse_date(&self.registered).unwrap_or_else(|message| {
            errors.push((Field::Registered, message_for(lang, &message)));
            None
        });
        let rating = match self.rating.trim() {
            "" => None,
            text => match text.parse::<u32>() {
                Ok(r) => Some(r),
                Err(_) => {
                    errors.push((
                        Field::Rating,
                        lang.t("等级分应为不带小数的正整数", "the rating is a whole number").to_string(),
                    ));
                    None
                }
            },
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(PlayerEntry {
            name,
            gender: self.gender,
            born,
            club: self.club.trim().to_string(),
            rating,
            title: Title::parse(&self.title),
            phone: self.phone.trim().to_string(),
            verified_female: self.verified_female,
            nominee: self.nominee,
            notes: self.notes.clone(),
            registered,
        })
    }

    /// A fresh form after a saved player, keeping the group and club (entering a
    /// club's players one after another).
    fn next(&self) -> PlayerForm {
        PlayerForm {
            mode: self.mode,
            club: self.club.clone(),
            blacklist_asked: self.blacklist_asked,
            ..PlayerForm::add(GroupId(0))
        }
    }
}

/// The rules `entry` breaks: at registration into `group` (capacity counted), or for an
/// existing player, the group's rules without the capacity.
fn issues_for(event: &Event, mode: Mode, group: GroupId, entry: &PlayerEntry) -> Vec<EligibilityIssue> {
    match mode {
        Mode::Add(_) => registration_issues(event, group, std::slice::from_ref(entry))
            .map(|found| found.into_iter().flat_map(|(_, issues)| issues).collect())
            .unwrap_or_default(),
        Mode::Edit(_) => event.group(group).map_or_else(Vec::new, |g| {
            let mut issues = g.eligibility.check(entry, event.start_date);
            if g.phone_required && entry.phone.trim().is_empty() {
                issues.push(EligibilityIssue::PhoneMissing);
            }
            issues
        }),
    }
}

/// Draws the form while it is open and sends the save; closes it once saved.
pub(super) fn player_form_ui(ctx: &egui::Context, form: &mut Option<PlayerForm>, env: &Env<'_>, jobs: &mut Vec<Job>) {
    let Some(state) = form.as_mut() else { return };
    let lang = env.lang;
    // The answer to this form's save, by its ticket — not any other change saved.
    if let Some(sent) = state.submitted.filter(|t| env.answered(*t)) {
        if env.tickets.done(sent) {
            if state.add_another {
                *state = state.next();
            } else {
                *form = None;
                return;
            }
        } else {
            state.submitted = None;
            state.failed = true;
        }
    }
    let title = match state.mode {
        Mode::Add(_) => lang.t("添加选手", "Add a player").to_string(),
        Mode::Edit(no) => match lang {
            Lang::Zh => format!("修改选手 {no}"),
            Lang::En => format!("Edit player {no}"),
        },
    };
    let mut open = true;
    let mut close = false;
    egui::Window::new(title)
        .id(egui::Id::unique("roster_player_form"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_width(420.0)
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(ctx.content_rect().center_top() + egui::vec2(0.0, 64.0))
        .show(ctx, |ui| {
            close = form_body_ui(ui, state, env, jobs);
        });
    if !open || close {
        *form = None;
    }
}

/// The form's fields and buttons; `true` when the director closes it.
fn form_body_ui(ui: &mut Ui, state: &mut PlayerForm, env: &Env<'_>, jobs: &mut Vec<Job>) -> bool {
    let (lang, event) = (env.lang, env.event);
    let waiting = state.submitted.is_some();
    let group_id = match state.mode {
        Mode::Add(g) => g,
        Mode::Edit(no) => event.player(no).map_or(env.group.id, |p| p.group),
    };
    let parsed = state.entry(lang);
    let errors: &[(Field, String)] = parsed.as_ref().err().map_or(&[], Vec::as_slice);
    ui.add_enabled_ui(!waiting, |ui| {
        egui::Grid::new("roster_form_grid").num_columns(2).spacing([12.0, 6.0]).show(ui, |ui| {
            group_row_ui(ui, state, event, lang);
            identity_rows_ui(ui, state, errors, lang);
            rating_rows_ui(ui, state, errors, lang);
        });
    });
    let issues = parsed.as_ref().map(|entry| issues_for(event, state.mode, group_id, entry)).unwrap_or_default();
    ui.separator();
    rules_ui(ui, state, &issues, parsed.is_ok(), lang);
    if !state.blacklist_asked {
        // Read by the worker once per form, from its first frame on (issue 40, item 1).
        jobs.push(Job::LoadBlacklist);
        state.blacklist_asked = true;
    }
    if let (Ok(entry), Some(list)) = (&parsed, env.blacklist) {
        blacklist_warnings_ui(ui, list, entry, lang);
    }
    notes_ui(ui, state, event, group_id, lang);
    ui.separator();
    let is_add = matches!(state.mode, Mode::Add(_));
    let needs_reason = is_add && !issues.is_empty() && state.override_reason.trim().is_empty();
    let can_save = parsed.is_ok() && !needs_reason && !waiting;
    let (save, close) = buttons_ui(ui, state, can_save, needs_reason, lang);
    if save && let Ok(entry) = parsed {
        state.submitted = Some(env.send(jobs, save_job(state, entry, !issues.is_empty())));
        state.failed = false;
    }
    close
}

/// The message of `field`'s error, if it has one.
fn field_error(errors: &[(Field, String)], field: Field) -> Option<&str> {
    errors.iter().find(|(f, _)| *f == field).map(|(_, m)| m.as_str())
}

/// A row of the form's grid: a date field named by `label`, with why it cannot be read.
fn date_row_ui(ui: &mut Ui, label: &str, text: &mut String, error: Option<&str>) {
    let label = ui.label(label);
    ui.vertical(|ui| {
        ui.add(egui::TextEdit::singleline(text).hint_text("YYYY-MM-DD").desired_width(120.0)).labelled_by(label.id);
        if let Some(message) = error {
            ui.colored_label(ui.visuals().error_fg_color, message);
        }
    });
    ui.end_row();
}

/// A new player's group (an edit keeps the player's group).
fn group_row_ui(ui: &mut Ui, state: &mut PlayerForm, event: &Event, lang: Lang) {
    let Mode::Add(current) = state.mode else { return };
    let label = ui.label(lang.t("组别", "Group"));
    let mut chosen = current;
    let shown = event.group(current).map_or("", |g| g.name.as_str());
    egui::ComboBox::from_id_salt("roster_form_group")
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for g in &event.groups {
                ui.selectable_value(&mut chosen, g.id, g.name.as_str());
            }
        })
        .response
        .labelled_by(label.id);
    if chosen != current {
        state.mode = Mode::Add(chosen);
    }
    ui.end_row();
}

/// Name, gender, birth date and club.
fn identity_rows_ui(ui: &mut Ui, state: &mut PlayerForm, errors: &[(Field, String)], lang: Lang) {
    let label = ui.label(lang.t("姓名", "Name"));
    ui.vertical(|ui| {
        let response = ui.add(
            egui::TextEdit::singleline(&mut state.name).hint_text(lang.t("必填", "required")).desired_width(220.0),
        );
        let response = response.labelled_by(label.id);
        if state.focus_name {
            response.request_focus();
            state.focus_name = false;
        }
    });
    ui.end_row();

    ui.label(lang.t("性别", "Gender"));
    ui.horizontal(|ui| {
        ui.radio_value(&mut state.gender, None, lang.t("未填", "not given"));
        ui.radio_value(&mut state.gender, Some(Gender::Male), lang.t("男", "male"));
        ui.radio_value(&mut state.gender, Some(Gender::Female), lang.t("女", "female"));
    });
    ui.end_row();

    date_row_ui(ui, lang.t("出生日期", "Born"), &mut state.born, field_error(errors, Field::Born));

    let label = ui.label(lang.t("单位", "Club"));
    ui.add(
        egui::TextEdit::singleline(&mut state.club)
            .hint_text(lang.t("俱乐部、学校或城市", "club, school or city"))
            .desired_width(220.0),
    )
    .labelled_by(label.id);
    ui.end_row();
}

/// Rating, title, phone, the flags, and the imported notes.
fn rating_rows_ui(ui: &mut Ui, state: &mut PlayerForm, errors: &[(Field, String)], lang: Lang) {
    let error_colour = ui.visuals().error_fg_color;
    let label = ui.label(lang.t("等级分", "Rating"));
    ui.vertical(|ui| {
        ui.add(egui::TextEdit::singleline(&mut state.rating).hint_text("0–3000").desired_width(80.0))
            .labelled_by(label.id);
        if let Some(message) = field_error(errors, Field::Rating) {
            ui.colored_label(error_colour, message);
        }
    });
    ui.end_row();

    let label = ui.label(lang.t("称号", "Title"));
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut state.title)
                .hint_text(lang.t("如 棋协大师", "e.g. 棋协大师 or CM"))
                .desired_width(120.0),
        )
        .labelled_by(label.id);
        match Title::parse(&state.title) {
            Some(Title::Other(_)) => {
                ui.weak(lang.t("（非标准称号，照录）", "(not a CXA title; kept as typed)"));
            }
            Some(title) if title.label_zh() != state.title.trim() => {
                ui.weak(format!("= {title}"));
            }
            _ => {}
        }
    });
    ui.end_row();

    let label = ui.label(lang.t("电话", "Phone"));
    ui.add(egui::TextEdit::singleline(&mut state.phone).hint_text("138…").desired_width(160.0)).labelled_by(label.id);
    ui.end_row();

    date_row_ui(ui, lang.t("报名日期", "Registered on"), &mut state.registered, field_error(errors, Field::Registered));

    ui.label(lang.t("标记", "Flags"));
    ui.vertical(|ui| {
        ui.checkbox(&mut state.verified_female, lang.t("女子选手（已验证）", "verified woman"))
            .on_hover_text(lang.t("女子奖以此为准，而非性别栏", "the women's prize uses this flag"));
        ui.checkbox(&mut state.nominee, lang.t("赞助商提名", "sponsor nominee"));
    });
    ui.end_row();

    if !state.notes.is_empty() {
        ui.label(lang.t("备注", "Notes"));
        ui.vertical(|ui| {
            for (key, value) in &state.notes {
                ui.weak(format!("{key}: {value}"));
            }
        });
        ui.end_row();
    }
}

/// The entry rules, live: met, or each broken one with the override reason to give.
fn rules_ui(ui: &mut Ui, state: &mut PlayerForm, issues: &[EligibilityIssue], parsed: bool, lang: Lang) {
    let is_add = matches!(state.mode, Mode::Add(_));
    if issues.is_empty() {
        if parsed {
            ui.label(lang.t("符合本组报名条件。", "Meets the group's entry rules."));
        }
        return;
    }
    let heading = if is_add {
        lang.t("不符合本组报名条件：", "Does not meet the group's entry rules:")
    } else {
        lang.t("不符合本组报名条件（修改仍可保存）：", "Breaks the group's entry rules (the edit can still be saved):")
    };
    ui.colored_label(ui.visuals().warn_fg_color, heading);
    for issue in issues {
        ui.colored_label(ui.visuals().warn_fg_color, format!("• {}", issue.message(lang)));
    }
    if is_add {
        ui.add_enabled_ui(state.submitted.is_none(), |ui| {
            ui.horizontal(|ui| {
                let hint = lang.t("必填，随选手记录", "required; recorded with the player");
                let label = lang.t("破格理由", "Override reason");
                labelled_text_ui(ui, label, &mut state.override_reason, hint, 260.0);
            });
        });
    }
}

/// An edited player's override, or what a late entry means.
fn notes_ui(ui: &mut Ui, state: &PlayerForm, event: &Event, group_id: GroupId, lang: Lang) {
    if let Mode::Edit(no) = state.mode
        && let Some(reason) = event.player(no).and_then(|p| p.eligibility_override.as_ref())
    {
        ui.weak(match lang {
            Lang::Zh => format!("{no} 号报名时破格：{reason}"),
            Lang::En => format!("Player {no} was admitted by override: {reason}"),
        });
    }
    if matches!(state.mode, Mode::Add(_))
        && let Some(group) = event.group(group_id)
        && let Some(note) = late_entry_note(group, lang)
    {
        ui.label(note);
    }
}

/// Save, save and add another, cancel, and their keys; `(save, close)`.
fn buttons_ui(ui: &mut Ui, state: &mut PlayerForm, can_save: bool, needs_reason: bool, lang: Lang) -> (bool, bool) {
    let is_add = matches!(state.mode, Mode::Add(_));
    let waiting = state.submitted.is_some();
    let (mut save, mut close) = (false, false);
    ui.horizontal(|ui| {
        let save_button = ui
            .add_enabled(can_save, widgets::primary_button(ui, icons::CHECK, lang.t("保存", "Save")))
            .on_hover_text("Ctrl+Enter");
        let save_button = if needs_reason {
            save_button.on_disabled_hover_text(lang.t("请先填写破格理由", "Give an override reason first"))
        } else {
            save_button
        };
        if save_button.clicked() {
            save = true;
            state.add_another = false;
        }
        if is_add
            && ui.add_enabled(can_save, egui::Button::new(lang.t("保存并继续添加", "Save and add another"))).clicked()
        {
            save = true;
            state.add_another = true;
        }
        if ui.button(lang.t("取消", "Cancel")).on_hover_text("Esc").clicked() {
            close = true;
        }
        if waiting {
            ui.spinner();
            ui.label(lang.t("保存中…", "Saving…"));
        }
    });
    if state.failed {
        ui.colored_label(
            ui.visuals().error_fg_color,
            lang.t("未保存：原因见窗口底部的状态栏。", "Not saved: the status bar says why."),
        );
    }
    if can_save && ui.input_mut(|i| i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::Enter))) {
        save = true;
        state.add_another = false;
    }
    if ui.input(|i| i.key_pressed(Key::Escape)) {
        close = true;
    }
    (save, close)
}

/// The job that saves the form's entry: add (with the override reason when rules are
/// broken) or edit.
fn save_job(state: &PlayerForm, entry: PlayerEntry, breaks_rules: bool) -> Job {
    let label = Words::in_both(|lang| match (state.mode, lang) {
        (Mode::Add(_), Lang::Zh) => format!("添加选手 {}", entry.name),
        (Mode::Add(_), Lang::En) => format!("added player {}", entry.name),
        (Mode::Edit(no), Lang::Zh) => format!("修改选手 {no} {}", entry.name),
        (Mode::Edit(no), Lang::En) => format!("edited player {no} {}", entry.name),
    });
    let command = match state.mode {
        Mode::Add(group) => Command::AddPlayers {
            group,
            override_reason: breaks_rules.then(|| state.override_reason.trim().to_string()),
            left_out: Vec::new(),
            entries: vec![entry],
        },
        Mode::Edit(start_no) => Command::EditPlayer { start_no, entry },
    };
    Job::Execute { label, commands: vec![command] }
}

#[cfg(test)]
mod tests;
