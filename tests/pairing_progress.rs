//! A pairing reports its progress and can be cancelled without touching the event
//! (issue 21): the FIDE Dutch pairing reports score group k of n, and a cancelled
//! pairing — before it starts or while it runs — answers `Cancelled`.

use crate::common;

use bianpai::domain::swiss::{PairingError, PairingProgress, pair_next_round, pair_next_round_watched};
use common::big_event::{G, S, fide_swiss_played};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

#[test]
fn a_dutch_round_reports_its_score_groups_and_pairs_as_unwatched() {
    // issue 21
    let e = fide_swiss_played(60, 5, 3, 7);
    let standings = bianpai::domain::standings::standings(&e, G, S, 3).unwrap();
    let groups = standings.rows.iter().map(|r| r.points).collect::<BTreeSet<_>>().len() as u32;
    assert!(groups >= 4, "three rounds make several score groups: {groups}");
    let progress = PairingProgress::new();
    assert_eq!(progress.steps(), None);
    let watched = pair_next_round_watched(&e, G, S, 11, &progress).unwrap();
    assert_eq!(progress.steps(), Some((groups, groups)), "done reaches the score groups' count");
    assert_eq!(progress.fraction(), Some(1.0));
    assert_eq!(watched, pair_next_round(&e, G, S, 11).unwrap(), "watching changes no pairing");
}

#[test]
fn a_pairing_cancelled_before_it_starts_answers_cancelled() {
    // issue 21
    let e = fide_swiss_played(60, 5, 2, 3);
    let progress = PairingProgress::new();
    progress.cancel();
    assert_eq!(pair_next_round_watched(&e, G, S, 1, &progress), Err(PairingError::Cancelled));
    // A cxa round too (its matching stops; it reports no score groups).
    let mut cxa = e.clone();
    cxa.groups[0].stages[0].pairing.system = bianpai::domain::rules::PairingSystem::Cxa;
    assert_eq!(pair_next_round_watched(&cxa, G, S, 1, &progress), Err(PairingError::Cancelled));
}

#[test]
fn a_long_dutch_round_stops_soon_after_the_cancel() {
    // issue 21: 600 players, round 2 — seconds of work in a debug build.
    let e = fide_swiss_played(600, 5, 1, 5);
    let progress = PairingProgress::new();
    let watcher = progress.clone();
    let cancelled_at = std::thread::scope(|s| {
        let canceller = s.spawn(move || {
            // Cancel once the pairing has started its first score group.
            while watcher.steps().is_none() {
                std::thread::sleep(Duration::from_millis(1));
            }
            std::thread::sleep(Duration::from_millis(200));
            watcher.cancel();
            Instant::now()
        });
        let answer = pair_next_round_watched(&e, G, S, 2, &progress);
        let returned = Instant::now();
        let cancelled_at = canceller.join().unwrap();
        assert_eq!(answer, Err(PairingError::Cancelled));
        returned.saturating_duration_since(cancelled_at)
    });
    eprintln!("600 players: the pairing returned {cancelled_at:?} after the cancel");
    assert!(cancelled_at < Duration::from_secs(2), "a cancel is heeded within a solve: {cancelled_at:?}");
}
