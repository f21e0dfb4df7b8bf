//! How far the pairing of a round has got, and the director's wish to stop it
//! (issue 21): a 3,000-player FIDE Dutch round takes tens of seconds, so the window
//! shows a real progress bar (score group k of n) and offers to cancel.
//!
//! [`PairingProgress`] is shared between the thread that pairs and the window's
//! thread (a cheap handle: clones share the same counters, atomics only).
//! [`pair_next_round_watched`] pairs with it: for the length of the pairing it is this
//! thread's watched progress, so the Dutch bracket loop reports each score group
//! ([`step`]) and stops at the next group once cancelled, and the matching solver
//! stops at its next substage (`matching::watching`) — without a
//! parameter threaded through every pairing system, graph and solve. Whatever a
//! cancelled pairing computed is thrown away: the answer is
//! [`PairingError::Cancelled`], so the caller stores nothing and the event is left as
//! it was.
//!
//! The other systems (`cxa`, round robin, knockout) report no steps; a cancel stops
//! their matching all the same.

use super::{PairingError, pair_next_round};
use crate::domain::event::{Event, Round};
use crate::domain::ids::{GroupId, StageNo};
use crate::domain::matching;
use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The progress of one pairing: steps done of a total (score groups for the FIDE
/// Dutch system), and whether the director has cancelled it. Clones share both.
#[derive(Debug, Clone, Default)]
pub struct PairingProgress {
    /// Steps done in the high 32 bits, the total in the low 32 (0: nothing reported
    /// yet), so that a reader never sees one without the other.
    steps: Arc<AtomicU64>,
    cancelled: Arc<AtomicBool>,
}

impl PairingProgress {
    /// Nothing reported, not cancelled.
    pub fn new() -> PairingProgress {
        PairingProgress::default()
    }

    /// Records that `done` of `total` steps are done (`done` is capped at `total`).
    pub fn report(&self, done: u32, total: u32) {
        let packed = (u64::from(done.min(total)) << 32) | u64::from(total);
        self.steps.store(packed, Ordering::Relaxed);
    }

    /// `(done, total)` as last reported; `None` before the first report.
    pub fn steps(&self) -> Option<(u32, u32)> {
        let packed = self.steps.load(Ordering::Relaxed);
        let (done, total) = ((packed >> 32) as u32, packed as u32);
        (total > 0).then_some((done, total))
    }

    /// The share done, from 0 to 1; `None` before the first report.
    pub fn fraction(&self) -> Option<f32> {
        self.steps().map(|(done, total)| done as f32 / total as f32)
    }

    /// Asks the pairing to stop; it answers [`PairingError::Cancelled`].
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether the pairing was asked to stop.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}

thread_local! {
    /// The progress of the pairing under way on this thread, if it is watched.
    static WATCHED: RefCell<Option<PairingProgress>> = const { RefCell::new(None) };
}

/// [`pair_next_round`], reporting to `progress` and stopping when it is cancelled.
///
/// # Errors
/// [`PairingError::Cancelled`] when `progress` was cancelled before the round was
/// returned (even if the pairing had finished: the round is not handed out); else as
/// [`pair_next_round`].
pub fn pair_next_round_watched(
    event: &Event,
    group: GroupId,
    stage: StageNo,
    seed: u64,
    progress: &PairingProgress,
) -> Result<Round, PairingError> {
    struct Restore(Option<PairingProgress>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            WATCHED.with(|w| *w.borrow_mut() = previous);
        }
    }
    let previous = WATCHED.with(|w| w.borrow_mut().replace(progress.clone()));
    let _restore = Restore(previous);
    let round = matching::watching(&progress.cancelled, || pair_next_round(event, group, stage, seed));
    if progress.is_cancelled() {
        return Err(PairingError::Cancelled);
    }
    if let (Ok(_), Some((_, total))) = (&round, progress.steps()) {
        progress.report(total, total);
    }
    round
}

/// Reports `done` of `total` steps to the watched progress of this thread, if any.
/// Returns `false` when that pairing is cancelled: the caller stops (with any error;
/// [`pair_next_round_watched`] answers `Cancelled`).
pub(crate) fn step(done: usize, total: usize) -> bool {
    WATCHED.with(|w| match w.borrow().as_ref() {
        Some(progress) => {
            let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
            progress.report(clamp(done), clamp(total));
            !progress.is_cancelled()
        }
        None => true,
    })
}

/// Whether the watched pairing of this thread is cancelled.
pub(crate) fn cancelled() -> bool {
    WATCHED.with(|w| w.borrow().as_ref().is_some_and(PairingProgress::is_cancelled))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_progress_reports_steps_and_a_cancel_to_its_clones() {
        // issue 21
        let progress = PairingProgress::new();
        let window = progress.clone();
        assert_eq!((window.steps(), window.fraction()), (None, None));
        progress.report(3, 12);
        assert_eq!(window.steps(), Some((3, 12)));
        assert_eq!(window.fraction(), Some(0.25));
        progress.report(20, 12);
        assert_eq!(window.steps(), Some((12, 12)), "done is capped at the total");
        assert!(!progress.is_cancelled());
        window.cancel();
        assert!(progress.is_cancelled());
    }

    #[test]
    fn steps_reach_the_watched_progress_only() {
        // issue 21
        assert!(step(1, 2) && !cancelled(), "no pairing is watched: nothing to report to");
        let event = crate::domain::presets::build("cxa-swiss", None, Some(3)).unwrap();
        let progress = PairingProgress::new();
        progress.cancel();
        let answer = pair_next_round_watched(&event, GroupId(1), StageNo(1), 1, &progress);
        assert_eq!(answer, Err(PairingError::Cancelled), "a cancel wins over any other answer");
        assert!(step(1, 2) && !cancelled(), "the watch ends with the pairing");
    }
}
