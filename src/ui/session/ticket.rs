//! Every job's ticket (issue 40, item 2): the session numbers the jobs it is handed in
//! submit order ([`Ticket`]), every answer of the worker names the ticket it answers,
//! and a refusal names its ticket ([`Refusal`]) instead of echoing the commands back.
//! A panel that sent a job keeps its ticket, and what it sent, and reads in
//! [`Tickets`] when that job has been answered, and how.

use crate::domain::command::DomainError;

/// A job's number, issued by the session in submit order, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Ticket(u64);

impl Ticket {
    /// The ticket `n` jobs after this one.
    #[must_use]
    pub fn after(self, n: usize) -> Ticket {
        Ticket(self.0.saturating_add(u64::try_from(n).unwrap_or(u64::MAX)))
    }

    /// The ticket's number.
    pub fn number(self) -> u64 {
        self.0
    }

    /// The ticket numbered `n` (a test's host issues its own).
    pub fn numbered(n: u64) -> Ticket {
        Ticket(n)
    }
}

/// A job the rules refused, as the worker reported it: typed, so that the panel that
/// sent it — which kept its ticket and the commands it sent — can take back exactly its
/// optimistic entry and say why beside it.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// The ticket of the refused job (none of its commands was saved).
    pub ticket: Ticket,
    /// Why.
    pub error: DomainError,
}

/// How many refusals, and tickets answered without a save, the session keeps.
pub(super) const KEPT: usize = 32;

impl Refusal {
    /// Adds a refusal to `kept`, keeping the newest 32.
    pub fn record(kept: &mut Vec<Refusal>, ticket: Ticket, error: DomainError) {
        kept.push(Refusal { ticket, error });
        let excess = kept.len().saturating_sub(KEPT);
        kept.drain(..excess);
    }
}

/// The session's tickets as a panel reads them in a frame: which ticket its next job
/// gets, and which jobs have been answered, saved or not.
#[derive(Debug, Clone, Copy, Default)]
pub struct Tickets<'a> {
    /// The ticket of the first job of the frame's list (the shell submits the list in
    /// order, so the job at index *i* gets `first.after(i)`).
    pub first: Ticket,
    /// The worker answers in submit order: every job sent up to this ticket has been
    /// answered.
    pub through: Ticket,
    /// The latest tickets answered without a save — refused by the rules, failed, or
    /// refused by the session before reaching the worker (a change to a read-only file).
    pub unsaved: &'a [Ticket],
}

impl Tickets<'_> {
    /// The ticket of the job at `index` of the frame's list.
    pub fn ticket_at(&self, index: usize) -> Ticket {
        self.first.after(index)
    }

    /// Whether the job of `ticket` has been answered.
    pub fn answered(&self, ticket: Ticket) -> bool {
        ticket <= self.through || self.unsaved.contains(&ticket)
    }

    /// Whether the job of `ticket` has been answered and what it asked for done (a
    /// change saved, a file opened, a print made).
    pub fn done(&self, ticket: Ticket) -> bool {
        ticket <= self.through && !self.unsaved.contains(&ticket)
    }
}

/// Adds `ticket` to the tickets answered without a save, keeping the newest 32.
pub(super) fn record_unsaved(kept: &mut Vec<Ticket>, ticket: Ticket) {
    kept.push(ticket);
    let excess = kept.len().saturating_sub(KEPT);
    kept.drain(..excess);
}
