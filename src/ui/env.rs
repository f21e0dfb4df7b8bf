//! The environment every panel reads in a frame ([`Env`]): the event as last saved, the
//! chosen group and stage, the language, whether the worker is busy, the revision that
//! caches key on, the history the worker last read, and the commands the rules refused
//! (typed, so the panel that sent one can take it back). The app shell builds it once a
//! frame; a test builds it over an event in memory ([`super::panel::PanelHost`]).

use super::i18n::Lang;
use super::session::{History, Refusal};
use crate::domain::event::{Event, Group, Stage};
use egui::Ui;

/// What every panel may read this frame.
#[derive(Debug, Clone, Copy)]
pub struct Env<'a> {
    /// The event as last saved.
    pub event: &'a Event,
    /// The chosen group.
    pub group: &'a Group,
    /// The chosen stage, if the group has one.
    pub stage: Option<&'a Stage>,
    /// The window's language.
    pub lang: Lang,
    /// Jobs are still running on the worker (a pairing, a save).
    pub busy: bool,
    /// Counts saved changes, for caches.
    pub revision: u64,
    /// The audit log, undo state and backups as the worker last read them.
    pub history: Option<&'a History>,
    /// The latest commands the rules refused, oldest first.
    pub refusals: &'a [Refusal],
}

impl<'a> Env<'a> {
    /// The chosen stage; without one, says so in `ui` (`<group> 没有比赛阶段。`) and
    /// returns `None` — for the panels that show a stage.
    pub fn stage_or_note_ui(&self, ui: &mut Ui) -> Option<&'a Stage> {
        if self.stage.is_none() {
            ui.label(format!("{} {}", self.group.name, self.lang.t("没有比赛阶段。", "has no stages.")));
        }
        self.stage
    }
}
