//! The window's frame around the panels: the undo keys, the theme and title, and the
//! central panel that hosts the chosen view's panel.

use crate::domain::event::{Group, Stage};
use crate::lang::Lang;
use crate::ui::env::{Env, Show};
use crate::ui::hall_desk::HallDesk;
use crate::ui::panel::Panel;
use crate::ui::session::{Job, Session};
use crate::ui::status_bar::{open_error_ui, read_only_banner_ui};
use crate::ui::theme;
use egui::Ui;

/// The group and stage the window shows.
#[derive(Clone, Copy)]
pub(super) struct Chosen<'a> {
    pub(super) group: Option<&'a Group>,
    pub(super) stage: Option<&'a Stage>,
}

/// The central panel: the chosen view's panel, or why there is none.
pub(super) fn central_ui(
    ui: &mut Ui,
    session: &Session,
    panel: &mut dyn Panel,
    chosen: Chosen<'_>,
    lang: Lang,
    (show, hall): (&std::cell::Cell<Option<Show>>, &HallDesk),
    jobs: &mut Vec<Job>,
) {
    let event = session.event();
    match (event, chosen.group) {
        (None, _) => open_error_ui(ui, session, lang, jobs),
        (Some(_), None) => {
            ui.label(lang.t("此赛事没有组别。", "This event has no groups."));
        }
        (Some(event), Some(g)) => {
            if session.is_read_only() {
                read_only_banner_ui(ui, lang);
            }
            let env = Env {
                event,
                group: g,
                stage: chosen.stage,
                lang,
                busy: session.is_busy(),
                revision: session.revision(),
                history: session.history(),
                refusals: session.refusals(),
                tickets: session.tickets(),
                blacklist: session.blacklist(),
                show,
                hall,
            };
            panel.panel_ui(ui, &env, jobs);
        }
    }
}

/// Installs the theme (the frame's own style was taken before a first install or a
/// switch of theme) and gives the window its title when it changed.
pub(super) fn style_and_title(ui: &mut Ui, dark: bool, title: &mut String, now_title: String) {
    theme::install(ui.ctx(), dark);
    if ui.visuals().dark_mode != dark || ui.visuals().panel_fill != theme::palette(ui).canvas {
        ui.set_style(ui.ctx().style_of(ui.ctx().theme()));
    }
    if now_title != *title {
        ui.ctx().send_viewport_cmd(egui::ViewportCommand::Title(now_title.clone()));
        *title = now_title;
    }
}

/// Ctrl+Z undoes the newest change to the event, Ctrl+Shift+Z (or Ctrl+Y) redoes it,
/// when no text field has the keyboard: in a field they edit its text, so a director
/// fixing a typo never takes back a result by accident.
pub(super) fn undo_keys(ctx: &egui::Context, jobs: &mut Vec<Job>) {
    if crate::ui::key_field::typing(ctx) {
        return;
    }
    let redo = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, egui::Key::Z);
    let redo_y = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Y);
    let undo = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Z);
    ctx.input_mut(|i| {
        if i.consume_shortcut(&redo) || i.consume_shortcut(&redo_y) {
            jobs.push(Job::Redo);
        } else if i.consume_shortcut(&undo) {
            jobs.push(Job::Undo);
        }
    });
}
