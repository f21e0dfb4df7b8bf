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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::GroupId;
    use crate::lang::{Lang, Words};
    use crate::ui::session::{Refusal, Tickets};

    // issue 40, item 2: a panel hears only about its own jobs — another panel's
    // refusal (ticket 5) is not its own, even for the same kind of command; its own
    // refusal (ticket 6) comes back with the commands it sent and why.
    #[test]
    fn a_panel_hears_about_its_own_tickets_only() {
        let event = crate::domain::presets::build("cxa-swiss", Some("票"), Some(3)).unwrap();
        let group = &event.groups[0];
        let show = std::cell::Cell::new(None);
        let hall = crate::ui::hall_desk::HallDesk::default();
        let remove = |g: u32| Command::RemoveGroup { group: GroupId(g) };
        let env = |tickets, refusals| Env {
            event: &event,
            group,
            stage: group.stages.first(),
            lang: Lang::Zh,
            busy: true,
            revision: 1,
            history: None,
            refusals,
            tickets,
            blacklist: None,
            show: &show,
            hall: &hall,
        };
        // Ticket 5 is another panel's job, pushed first in the frame; ours is 6.
        let other = Job::Execute { label: Words::same("别的"), commands: vec![remove(1)] };
        let ours = Job::Execute { label: Words::same("我的"), commands: vec![remove(2)] };
        let mut sent = Sent::default();
        let first = Ticket::numbered(5);
        sent.remember(&env(Tickets { first, ..Tickets::default() }, &[]), &[other, ours], 1);
        assert!(sent.waiting());
        let refusals = [
            Refusal { ticket: first, error: DomainError::UnknownGroup(GroupId(1)) },
            Refusal { ticket: first.after(1), error: DomainError::UnknownGroup(GroupId(2)) },
        ];
        let unsaved = [first, first.after(1)];
        let only_other =
            env(Tickets { first: first.after(2), through: Ticket::default(), unsaved: &unsaved[..1] }, &refusals);
        assert!(sent.answered(&only_other).is_empty(), "another panel's refusal is not ours");
        let both = env(Tickets { first: first.after(2), through: Ticket::default(), unsaved: &unsaved }, &refusals);
        let answered = sent.answered(&both);
        assert_eq!(answered.len(), 1);
        assert_eq!(answered[0].commands, vec![remove(2)]);
        assert_eq!(answered[0].refused, Some(DomainError::UnknownGroup(GroupId(2))));
        assert!(!sent.waiting());
    }
}
