//! What a panel is to the app shell ([`Panel`]: draw over an [`Env`], push [`Job`]s),
//! and [`PanelHost`], which draws one panel alone over an event held in memory — no
//! event file, no worker thread — and collects the jobs it emits. The shell registers
//! its panels through the trait; tests drive a single panel through the host, as
//! egui's demo tests each demo with `egui_kittest::Harness::new_ui_state`.

use super::env::{Env, Show};
use super::hall_desk::HallDesk;
use super::session::{BlacklistRead, History, Job, Refusal, Ticket, Tickets};
use crate::domain::command::apply;
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, StageNo};
use crate::lang::Lang;
use egui::Ui;

/// A view of the side panel: it keeps its own state, reads the [`Env`] and turns what
/// the director does into [`Job`]s for the worker.
pub trait Panel {
    /// Draws the panel into `ui`; the jobs it pushes go to the worker at the end of the
    /// frame.
    fn panel_ui(&mut self, ui: &mut Ui, env: &Env<'_>, jobs: &mut Vec<Job>);
}

/// One panel over an event in memory, with the jobs it has emitted; a stage the panel
/// asks to show ([`Show`]) becomes [`PanelHost::stage`], as in the window.
#[derive(Debug)]
pub struct PanelHost<P> {
    /// The panel and its state.
    pub panel: P,
    /// The event the panel reads.
    pub event: Event,
    /// The group shown; `None` for the first.
    pub group: Option<GroupId>,
    /// The stage shown; `None` for the group's current stage.
    pub stage: Option<StageNo>,
    /// The language.
    pub lang: Lang,
    /// Whether the panel is told that the worker is busy.
    pub busy: bool,
    /// The revision the panel sees; [`PanelHost::apply_jobs`] counts it up.
    pub revision: u64,
    /// The history the panel sees.
    pub history: Option<History>,
    /// Every job emitted so far, oldest first.
    pub jobs: Vec<Job>,
    /// The jobs [`PanelHost::apply_jobs`] saw refused, as the worker reports them.
    pub refusals: Vec<Refusal>,
    /// Jobs taken from [`PanelHost::jobs`] so far: the next job emitted gets the
    /// ticket after them, as the window's session numbers its jobs.
    taken: u64,
    /// Every job taken up to this ticket counts as answered.
    answered: Ticket,
    /// The tickets of the jobs refused.
    unsaved: Vec<Ticket>,
    /// The blacklist the panel sees, as if the worker had read it; `None` when unread.
    pub blacklist: Option<BlacklistRead>,
    /// The hall on the LAN, as the shell holds it (served on what a test asks for).
    pub hall: HallDesk,
}

impl<P: Panel> PanelHost<P> {
    /// `panel` over `event`, on its first group and that group's current stage.
    pub fn new(panel: P, event: Event) -> PanelHost<P> {
        PanelHost {
            panel,
            event,
            group: None,
            stage: None,
            lang: Lang::default(),
            busy: false,
            revision: 1,
            history: None,
            jobs: Vec::new(),
            refusals: Vec::new(),
            taken: 0,
            answered: Ticket::default(),
            unsaved: Vec::new(),
            blacklist: None,
            hall: HallDesk::default(),
        }
    }

    /// Draws the panel into `ui` over the event, collecting its jobs; an event without
    /// the group asked for draws a note.
    pub fn host_ui(&mut self, ui: &mut Ui) {
        let event = &self.event;
        let Some(group) = self.group.and_then(|id| event.group(id)).or_else(|| event.groups.first()) else {
            ui.label(self.lang.t("此赛事没有组别。", "This event has no groups."));
            return;
        };
        let stage = self.stage.and_then(|no| group.stage(no)).or_else(|| group.current_stage());
        let show = std::cell::Cell::new(None);
        let env = Env {
            event,
            group,
            stage,
            lang: self.lang,
            busy: self.busy,
            revision: self.revision,
            history: self.history.as_ref(),
            refusals: &self.refusals,
            tickets: Tickets {
                first: Ticket::numbered(self.taken + 1),
                through: self.answered,
                unsaved: &self.unsaved,
            },
            blacklist: self.blacklist.as_ref(),
            show: &show,
            hall: &self.hall,
        };
        self.panel.panel_ui(ui, &env, &mut self.jobs);
        // As the window does: the hall carries out what was asked, then follows the event.
        let event = &self.event;
        self.hall.settle(|| std::sync::Arc::new(event.clone()), self.revision);
        // As the window does: the stage asked for is shown from the next frame on.
        match show.get() {
            Some(Show::CurrentStage) => self.stage = None,
            Some(Show::Stage(no)) => self.stage = Some(no),
            None => {}
        }
    }

    /// Takes the jobs emitted so far (they are not answered until
    /// [`PanelHost::apply_jobs`] or [`PanelHost::answer_all`]).
    pub fn take_jobs(&mut self) -> Vec<Job> {
        self.taken += self.jobs.len() as u64;
        std::mem::take(&mut self.jobs)
    }

    /// The ticket of the `index`-th job of [`PanelHost::jobs`].
    pub fn ticket_of(&self, index: usize) -> Ticket {
        Ticket::numbered(self.taken + 1).after(index)
    }

    /// Counts every job taken so far as answered.
    pub fn answer_all(&mut self) {
        self.answered = Ticket::numbered(self.taken);
    }

    /// Applies the commands of the [`Job::Execute`]s emitted so far to the event, as the
    /// worker would (without a file): each job all or nothing, a refused one recorded
    /// by its ticket in [`PanelHost::refusals`] for the panel to see, as the window's
    /// session does. Counts the revision up; every job taken counts as answered; the
    /// others are returned untouched.
    pub fn apply_jobs(&mut self) -> Vec<Job> {
        let first = self.ticket_of(0);
        let jobs = self.take_jobs();
        let others = jobs.into_iter().enumerate().filter_map(|(i, job)| self.answer_job(first.after(i), job)).collect();
        self.answer_all();
        others
    }

    /// Answers one job taken earlier, the job of `ticket`, as the worker does — in
    /// order, so every job up to it counts as answered: a [`Job::Execute`] is applied
    /// (or refused, by its ticket); another job is returned untouched.
    pub fn answer_job(&mut self, ticket: Ticket, job: Job) -> Option<Job> {
        self.answered = self.answered.max(ticket);
        let Job::Execute { commands, .. } = job else { return Some(job) };
        let mut work = self.event.clone();
        match commands.iter().try_for_each(|c| apply(&mut work, c).map(drop)) {
            Ok(()) => {
                self.event = work;
                self.revision += 1;
            }
            Err(error) => {
                Refusal::record(&mut self.refusals, ticket, error);
                self.unsaved.push(ticket);
            }
        }
        None
    }
}
