//! The environment every panel reads in a frame ([`Env`]): the event as last saved, the
//! chosen group and stage, the language, whether the worker is busy, the revision that
//! caches key on, the history and the blacklist the worker last read, and the commands the rules refused
//! (typed, so the panel that sent one can take it back), the tickets of the jobs
//! (which the next job gets, which have been answered), and where a panel may ask the
//! window to show another stage ([`Show`]) without naming the shell. The app shell
//! builds it once a frame; a test builds it over an event in memory
//! ([`super::panel::PanelHost`]).

mod sent;

pub use sent::{Answered, Sent};

use super::hall_desk::HallDesk;
use super::session::{BlacklistRead, History, Job, Refusal, Ticket, Tickets};
use crate::domain::event::{Event, Group, Stage};
use crate::domain::ids::StageNo;
use crate::lang::Lang;
use egui::Ui;
use std::cell::Cell;

/// What a panel asks the window to show from the next frame on (the shell, or a
/// test's host, takes it after the panel is drawn).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Show {
    /// The group's current stage (its first open one): after a stage is closed, the
    /// next one as soon as the worker has saved the change — and still the closed one
    /// if the rules refused it.
    CurrentStage,
    /// This stage of the chosen group.
    Stage(StageNo),
}

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
    /// The latest jobs the rules refused, oldest first, each by its ticket.
    pub refusals: &'a [Refusal],
    /// Which ticket the frame's jobs get and which jobs have been answered.
    pub tickets: Tickets<'a>,
    /// The blacklist kept across events as the worker last read it (a panel asks for it
    /// with `Job::LoadBlacklist`; panels never read files themselves).
    pub blacklist: Option<&'a BlacklistRead>,
    /// Where a panel leaves its [`Show`] request ([`Env::show`]).
    pub show: &'a Cell<Option<Show>>,
    /// The hall on the LAN, held by the shell: its address, and where a panel asks for
    /// a start or a stop ([`HallDesk::ask`]).
    pub hall: &'a HallDesk,
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

    /// Pushes `job` onto the frame's list and returns the ticket it gets: the shell
    /// submits the list in order (issue 40, item 2).
    pub fn send(&self, jobs: &mut Vec<Job>, job: Job) -> Ticket {
        let ticket = self.tickets.ticket_at(jobs.len());
        jobs.push(job);
        ticket
    }

    /// Whether the job of `ticket` has been answered.
    pub fn answered(&self, ticket: Ticket) -> bool {
        self.tickets.answered(ticket)
    }

    /// Why the job of `ticket` was refused, if the rules refused it.
    pub fn refusal_of(&self, ticket: Ticket) -> Option<&'a Refusal> {
        self.refusals.iter().find(|r| r.ticket == ticket)
    }

    /// Asks the window to show `what` from the next frame on.
    pub fn show(&self, what: Show) {
        self.show.set(Some(what));
    }
}
