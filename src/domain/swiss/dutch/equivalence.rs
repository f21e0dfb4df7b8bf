//! Tests that the window form of the round's graph (`window`) pairs exactly as the
//! full graph (`graph::FullGraph`) on random rounds, and that it answers without
//! falling back on ordinary ones.

use super::brackets::{first_round_halves, pair, pair_ranking};
use super::graph::Failure;
use super::players::{Float, Player, preference};
use super::weights::{Compat, Layout};
use super::window::NARROWED;
use crate::domain::rules::Colour;
use crate::domain::swiss::wide::Wide;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A round of `n` players after `rounds` random rounds, in pairing order, and the
/// pairs that may not meet (`forbidden` per mille of the pairs).
fn random_round(n: usize, rounds: u32, forbidden: u32, seed: u64) -> (Vec<Player>, Vec<(usize, usize)>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut players: Vec<Player> = (0..n)
        .map(|k| {
            let mut colours: Vec<Colour> = Vec::new();
            for _ in 0..rounds {
                if rng.random_range(0..20) > 0 {
                    colours.push(if rng.random_bool(0.5) { Colour::Red } else { Colour::Black });
                }
            }
            let (pref, imbalance, repeated, strong) = preference(&colours);
            let float = |r: &mut ChaCha8Rng| match r.random_range(0..6) {
                0 => Float::Down,
                1 => Float::Up,
                _ => Float::None,
            };
            Player {
                candidate: k,
                score: (0..rounds).map(|_| rng.random_range(0..3) * 5).sum(),
                rank: k,
                played: colours.len() as u32,
                pref,
                imbalance,
                repeated,
                strong,
                bye_eligible: rng.random_range(0..10) > 0,
                floats: [float(&mut rng), float(&mut rng)],
                colours,
            }
        })
        .collect();
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
    let mut pairs = Vec::new();
    for a in 0..n {
        for b in 0..a {
            if rng.random_range(0..1000) < forbidden {
                pairs.push((b, a));
            }
        }
    }
    (players, pairs)
}

fn both(
    players: &[Player],
    forbidden: &[(usize, usize)],
    last_round: bool,
) -> (Result<Vec<usize>, Failure>, Result<Vec<usize>, Failure>) {
    let layout = Layout::new(players, 4);
    let compat = Compat::new(players, |a, b| forbidden.contains(&(a.min(b), a.max(b))), last_round, 20);
    let windowed = pair::<Wide<16>>(players, &compat, &layout, true);
    let full = pair::<Wide<16>>(players, &compat, &layout, false);
    (windowed, full)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    /// R-3 (C.04.3): whenever the window form answers, it answers as the full graph.
    #[test]
    fn windowed_pairs_as_the_full_graph(n in 2usize..40, forbidden in 0u32..300, seed in any::<u64>(), last in any::<bool>()) {
        let (players, pairs) = random_round(n, 4, forbidden, seed);
        let (windowed, full) = both(&players, &pairs, last);
        if windowed != Err(Failure::Fallback) {
            prop_assert_eq!(windowed, full);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    /// R-3 (C.04.3 D.1, issue 21): step 4 ranking only each S1 player's first one or
    /// three candidates in a shared matching (a player whose partner is not among
    /// them starts the next matching, its ranked candidates ruled out, alone and
    /// with every candidate ranked when it was first), and in the window offering
    /// players their likeliest opponents between matchings, pairs as ranking every
    /// candidate. Few rounds and many forbidden pairs: large brackets whose best
    /// opponent is often further down.
    #[test]
    fn ranking_a_few_candidates_pairs_as_ranking_all(n in 2usize..48, rounds in 1u32..4, forbidden in 0u32..400, seed in any::<u64>(), last in any::<bool>()) {
        let (players, pairs) = random_round(n, rounds, forbidden, seed);
        let layout = Layout::new(&players, 4);
        let compat = Compat::new(&players, |a, b| pairs.contains(&(a.min(b), a.max(b))), last, 20);
        let all = pair_ranking::<Wide<16>>(&players, &compat, &layout, false, usize::MAX);
        for ranked in [1, 3] {
            prop_assert_eq!(&pair_ranking::<Wide<16>>(&players, &compat, &layout, false, ranked), &all, "ranked {}", ranked);
            let windowed = pair_ranking::<Wide<16>>(&players, &compat, &layout, true, ranked);
            if windowed != Err(Failure::Fallback) {
                prop_assert_eq!(&windowed, &all, "windowed, ranked {}", ranked);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
    /// R-3 (C.04.3 D.1, issue 21): early rounds with few forbidden pairs, where step 4
    /// is often solved on the remainder and the players its floaters meet only,
    /// pair as the full graph.
    #[test]
    fn early_rounds_pair_as_the_full_graph(n in 2usize..64, rounds in 1u32..3, forbidden in 0u32..40, seed in any::<u64>()) {
        let (players, pairs) = random_round(n, rounds, forbidden, seed);
        let (windowed, full) = both(&players, &pairs, false);
        if windowed != Err(Failure::Fallback) {
            prop_assert_eq!(windowed, full);
        }
    }
}

#[test]
fn step_four_is_narrowed_in_early_rounds_and_pairs_as_the_full_graph() {
    // R-3 (C.04.3 D.1, issue 21): in the second round of an open the S2 players of a
    // bracket are alike to the next score group, and step 4 leaves that group out.
    let narrowed = |seed: u64| {
        let (players, pairs) = random_round(90, 1, 0, seed);
        NARROWED.with(|n| n.set(0));
        let (windowed, full) = both(&players, &pairs, false);
        assert!(windowed.is_ok(), "seed {seed}: {windowed:?}");
        assert_eq!(windowed, full, "seed {seed}");
        NARROWED.with(std::cell::Cell::get)
    };
    let rounds = (0..8).filter(|&seed| narrowed(seed) > 0).count();
    assert!(rounds >= 4, "step 4 narrowed in {rounds} of 8 rounds");
}

#[test]
fn ordinary_rounds_do_not_fall_back() {
    // R-3 (issue 10): a large event with few rematches is paired by the window form.
    for seed in 0..4 {
        let (players, pairs) = random_round(120, 4, 20, seed);
        let (windowed, full) = both(&players, &pairs, false);
        assert!(windowed.is_ok(), "seed {seed}: {windowed:?}");
        assert_eq!(windowed, full, "seed {seed}");
    }
}

#[test]
fn a_first_round_with_a_bye_is_paired_in_the_window() {
    // R-3 (C.04.3 C9, issue 10): one score group and an odd count — the bye goes to the
    // top (only) score group, all in the window, so the window form answers.
    let (players, _) = random_round(41, 0, 0, 7);
    assert!(players.iter().all(|p| p.score == 0));
    let (windowed, full) = both(&players, &[], false);
    assert!(windowed.is_ok(), "{windowed:?}");
    assert_eq!(windowed, full);
}

#[test]
fn first_rounds_are_the_halves_the_procedure_gives() {
    // R-3 (C.04.3 B.4, D.1, C5): the shortcut for a round nobody has played pairs as the
    // full procedure does, for even and odd counts.
    for n in 2..=41 {
        let (mut players, _) = random_round(n, 0, 0, n as u64);
        for p in &mut players {
            p.floats = [Float::None; 2];
            p.bye_eligible = true;
        }
        let layout = Layout::new(&players, 0);
        let compat = Compat::new(&players, |_, _| false, false, 0);
        let halves = first_round_halves(&players, &compat).expect("a first round");
        assert_eq!(Ok(halves), pair::<Wide<16>>(&players, &compat, &layout, false), "{n} players");
    }
}

#[test]
fn the_full_graph_of_a_huge_field_is_refused_not_attempted() {
    // R-3 (issue 10): the fallback's memory is estimated before it is built; 3,000
    // players in the full layout would abort the process instead of pairing.
    use super::{FULL_GRAPH_BUDGET_MB, full_graph_megabytes};
    assert!(full_graph_megabytes(3000, 32) > FULL_GRAPH_BUDGET_MB);
    assert!(full_graph_megabytes(1000, 16) < FULL_GRAPH_BUDGET_MB);
    assert!(full_graph_megabytes(400, 12) < 100);
    let error = crate::domain::swiss::PairingError::DutchTooLarge {
        round: crate::domain::ids::RoundNo(11),
        players: 3000,
        megabytes: full_graph_megabytes(3000, 32),
    };
    let message = error.to_string();
    assert!(message.contains("3000 players") && message.contains("round 11"), "{message}");
}

#[test]
fn crowded_rounds_are_paired_in_the_window_or_its_tail() {
    // R-3 (C.04.3 C4, issue 10): when the later brackets cannot be completed on their
    // own (many forbidden pairs), the window takes the later players in (its tail)
    // instead of handing the round to the full graph, and still pairs as it does.
    let mut compared = 0;
    for seed in 0..48 {
        let (players, pairs) = random_round(36, 4, 350, seed);
        let (windowed, full) = both(&players, &pairs, seed % 2 == 0);
        if full.is_err() {
            continue;
        }
        assert_ne!(windowed, Err(Failure::Fallback), "seed {seed}");
        assert_eq!(windowed, full, "seed {seed}");
        compared += 1;
    }
    assert!(compared >= 24, "only {compared} rounds could be paired");
}
