//! Stopping a long solve from outside (issue 21: the director cancels a pairing).
//!
//! A solve on a window of a few thousand players can take seconds, and the Dutch
//! procedure asks hundreds of them; the director must be able to stop a pairing
//! between two checks of a flag, not only between score groups. The flag is not
//! passed through every caller of the solver (the Swiss systems, the Dutch brackets
//! and their graphs, the warm start): the thread that pairs sets it for the duration
//! of the pairing ([`watching`]) and the solver's search loop reads it at every
//! substage (`Solver::run`; a thread-local and an atomic load, nothing beside the
//! substage's own O(n) work). A stopped solve reports a failure (its result is
//! not trusted) and the caller that set the flag discards whatever came of it.
//!
//! The flag is the pairing thread's own (a thread-local holding an atomic that the
//! window's thread sets), so solves on other threads — tests run side by side, the
//! window's own explanations — are never stopped by it.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

thread_local! {
    /// The stop flag of the solves on this thread, if any.
    static STOP: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Runs `f` with `flag` as this thread's stop flag (the previous one is put back
/// afterwards, even when `f` panics).
pub(crate) fn watching<R>(flag: &Arc<AtomicBool>, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<Arc<AtomicBool>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            STOP.with(|stop| *stop.borrow_mut() = previous);
        }
    }
    let previous = STOP.with(|stop| stop.borrow_mut().replace(Arc::clone(flag)));
    let _restore = Restore(previous);
    f()
}

/// Whether the solves on this thread are asked to stop.
pub(super) fn requested() -> bool {
    STOP.with(|stop| stop.borrow().as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_holds_inside_the_scope_only() {
        // issue 21
        let (set, unset) = (Arc::new(AtomicBool::new(true)), Arc::new(AtomicBool::new(false)));
        assert!(!requested());
        let (outer, inner) = watching(&set, || (requested(), watching(&unset, requested)));
        assert!(outer);
        assert!(!inner, "an inner scope's flag holds inside it");
        assert!(!requested(), "the flag is put back after the scope");
        // Set from elsewhere while the scope runs.
        assert!(watching(&unset, || {
            unset.store(true, Ordering::Relaxed);
            requested()
        }));
    }
}
