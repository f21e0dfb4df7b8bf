//! What a panel sent and is waiting to hear about ([`Sent`], issue 40, item 2): the
//! ticket of each job it pushed and the commands in it. When the answer to a ticket
//! arrives the panel takes the job back with why, if it was refused — so a refusal is
//! said by the control that sent it, never matched on what another panel sent.

use super::Env;
use crate::domain::command::{Command, DomainError};
use crate::ui::session::{Job, Ticket};
use std::collections::BTreeMap;

/// A panel's jobs not yet answered, by ticket, with their commands.
#[derive(Debug, Clone, Default)]
pub struct Sent {
    jobs: BTreeMap<Ticket, Vec<Command>>,
}

/// A job of the panel's that has been answered: its commands and, when the rules
/// refused it, why.
#[derive(Debug, Clone)]
pub struct Answered {
    /// The commands the panel sent.
    pub commands: Vec<Command>,
    /// Why the rules refused them; `None` when saved (or failed otherwise, which the
    /// status bar says).
    pub refused: Option<DomainError>,
}

impl Sent {
    /// Remembers the [`Job::Execute`]s the panel pushed this frame: those of `jobs`
    /// from index `from` (the list's length before the panel drew) on.
    pub fn remember(&mut self, env: &Env<'_>, jobs: &[Job], from: usize) {
        for (i, job) in jobs.iter().enumerate().skip(from) {
            if let Job::Execute { commands, .. } = job {
                self.jobs.insert(env.tickets.ticket_at(i), commands.clone());
            }
        }
    }

    /// Takes the jobs that have been answered, oldest first.
    pub fn answered(&mut self, env: &Env<'_>) -> Vec<Answered> {
        let done: Vec<Ticket> = self.jobs.keys().copied().filter(|t| env.answered(*t)).collect();
        done.into_iter()
            .filter_map(|ticket| {
                let commands = self.jobs.remove(&ticket)?;
                Some(Answered { commands, refused: env.refusal_of(ticket).map(|r| r.error.clone()) })
            })
            .collect()
    }

    /// Whether a job is still waiting for its answer.
    pub fn waiting(&self) -> bool {
        !self.jobs.is_empty()
    }
}
