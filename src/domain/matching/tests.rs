//! Tests of the solver through the `i128` front door, with the internal checks on:
//! the classic cases of `mwmatching.py`, its nasty blossom expansions, random graphs
//! from both starts, and the input reduction.

use super::solver::{push_leaves, solve};
use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `mwmatching.py`-style input: edges `(u, v, w)`, vertex count one past the largest.
fn run(edges: &[(usize, usize, Weight)], max_cardinality: bool) -> Vec<Option<usize>> {
    let count = edges.iter().map(|&(u, v, _)| u.max(v) + 1).max().unwrap_or(0);
    let edges: Vec<Edge> = edges.iter().map(|&(u, v, w)| Edge::new(u, v, w)).collect();
    let (mate, failures) = max_weight_matching_checked(count, &edges, max_cardinality).unwrap();
    assert!(failures.is_empty(), "internal checks failed: {failures:?}");
    mate
}

/// A test case of `mwmatching.py`: edges, `max_cardinality`, expected mates.
type Case = (&'static [(usize, usize, Weight)], bool, &'static [i64]);

/// `mwmatching.py`'s expected output: `-1` for unmatched.
fn mates(expected: &[i64]) -> Vec<Option<usize>> {
    expected.iter().map(|&m| usize::try_from(m).ok()).collect()
}

#[test]
fn classic_cases_pass_the_internal_checks() {
    let cases: &[Case] = &[
        (&[(0, 1, 1)], false, &[1, 0]),
        (&[(1, 2, 10), (2, 3, 11)], false, &[-1, -1, 3, 2]),
        (&[(1, 2, 5), (2, 3, 11), (3, 4, 5)], false, &[-1, -1, 3, 2, -1]),
        (&[(1, 2, 5), (2, 3, 11), (3, 4, 5)], true, &[-1, 2, 1, 4, 3]),
        (&[(1, 2, 2), (1, 3, -2), (2, 3, 1), (2, 4, -1), (3, 4, -6)], false, &[-1, 2, 1, -1, -1]),
        (&[(1, 2, 2), (1, 3, -2), (2, 3, 1), (2, 4, -1), (3, 4, -6)], true, &[-1, 3, 4, 1, 2]),
        (&[(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7)], false, &[-1, 2, 1, 4, 3]),
        (&[(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7), (1, 6, 5), (4, 5, 6)], false, &[-1, 6, 3, 2, 5, 4, 1]),
        (&[(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 4), (1, 6, 3)], false, &[-1, 6, 3, 2, 5, 4, 1]),
        (&[(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 3), (1, 6, 4)], false, &[-1, 6, 3, 2, 5, 4, 1]),
        (&[(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 3), (3, 6, 4)], false, &[-1, 2, 1, 6, 5, 4, 3]),
        (
            &[(1, 2, 9), (1, 3, 9), (2, 3, 10), (2, 4, 8), (3, 5, 8), (4, 5, 10), (5, 6, 6)],
            false,
            &[-1, 3, 4, 1, 2, 6, 5],
        ),
        (
            &[
                (1, 2, 10),
                (1, 7, 10),
                (2, 3, 12),
                (3, 4, 20),
                (3, 5, 20),
                (4, 5, 25),
                (5, 6, 10),
                (6, 7, 10),
                (7, 8, 8),
            ],
            false,
            &[-1, 2, 1, 4, 3, 6, 5, 8, 7],
        ),
        (
            &[
                (1, 2, 8),
                (1, 3, 8),
                (2, 3, 10),
                (2, 4, 12),
                (3, 5, 12),
                (4, 5, 14),
                (4, 6, 12),
                (5, 7, 12),
                (6, 7, 14),
                (7, 8, 12),
            ],
            false,
            &[-1, 2, 1, 5, 6, 3, 4, 8, 7],
        ),
        (
            &[(1, 2, 23), (1, 5, 22), (1, 6, 15), (2, 3, 25), (3, 4, 22), (4, 5, 25), (4, 8, 14), (5, 7, 13)],
            false,
            &[-1, 6, 3, 2, 8, 7, 1, 5, 4],
        ),
        (
            &[(1, 2, 19), (1, 3, 20), (1, 8, 8), (2, 3, 25), (2, 4, 18), (3, 5, 18), (4, 5, 13), (4, 7, 7), (5, 6, 7)],
            false,
            &[-1, 8, 3, 2, 7, 6, 5, 4, 1],
        ),
    ];
    for (index, &(edges, max_cardinality, expected)) in cases.iter().enumerate() {
        assert_eq!(run(edges, max_cardinality), mates(expected), "case {index}");
    }
}

#[test]
fn nasty_expansions_pass_the_internal_checks() {
    let nasty = |e48: Weight, e57: Weight| {
        vec![
            (1, 2, 45),
            (1, 5, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 50),
            (1, 6, 30),
            (3, 9, 35),
            (4, 8, e48),
            (5, 7, e57),
            (9, 10, 5),
        ]
    };
    let expected = mates(&[-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9]);
    assert_eq!(run(&nasty(35, 26), false), expected);
    assert_eq!(run(&nasty(26, 40), false), expected);
    assert_eq!(run(&nasty(28, 26), false), expected);
    let nested = [
        (1, 2, 45),
        (1, 7, 45),
        (2, 3, 50),
        (3, 4, 45),
        (4, 5, 95),
        (4, 6, 94),
        (5, 6, 94),
        (6, 7, 50),
        (1, 8, 30),
        (3, 11, 35),
        (5, 9, 36),
        (7, 10, 26),
        (11, 12, 5),
    ];
    assert_eq!(run(&nested, false), mates(&[-1, 8, 3, 2, 6, 9, 4, 10, 1, 5, 7, 12, 11]));
    let relabel = [
        (1, 2, 40),
        (1, 3, 40),
        (2, 3, 60),
        (2, 4, 55),
        (3, 5, 55),
        (4, 5, 50),
        (1, 8, 15),
        (5, 7, 30),
        (7, 6, 10),
        (8, 10, 10),
        (4, 9, 30),
    ];
    assert_eq!(run(&relabel, false), mates(&[-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8]));
}

/// Checks `rounds` random graphs of `sizes` vertices with weights drawn from
/// `weights` in both modes: the bookkeeping agrees with a direct computation after
/// every substage, and the final duals prove the matching optimal.
fn check_random_graphs(
    seed: u64,
    rounds: usize,
    sizes: std::ops::RangeInclusive<usize>,
    weights: impl Fn(&mut ChaCha8Rng) -> Weight,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for round in 0..rounds {
        let n = rng.random_range(sizes.clone());
        let density = rng.random_range(0.05..=1.0);
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if rng.random_bool(density) {
                    edges.push(Edge::new(u, v, weights(&mut rng)));
                }
            }
        }
        for max_cardinality in [false, true] {
            let (mate, failures) = max_weight_matching_checked(n, &edges, max_cardinality).unwrap();
            assert!(failures.is_empty(), "seed {seed} round {round}: checks failed: {failures:?}");
            for (v, m) in mate.iter().enumerate() {
                if let Some(m) = *m {
                    assert_eq!(mate[m], Some(v));
                }
            }
        }
        // The heaviest-edge start on the same (reduced) graph: checks hold and the
        // matching is as heavy.
        let graph = Graph::new(n, &edges, false).unwrap();
        let mut solver = Solver::new(graph.vertex_count(), &graph.edges);
        solver.enable_checks();
        solver.jump_start();
        solver.run();
        assert!(solver.failures().is_empty(), "seed {seed} round {round}: jump start: {:?}", solver.failures());
        let total = |mate: &[Option<usize>]| -> Weight {
            graph.edges.iter().filter(|&&(u, v, _)| mate[u] == Some(v)).map(|edge| edge.2).sum()
        };
        let uniform = solve(graph.vertex_count(), &graph.edges, Start::Uniform).unwrap();
        assert_eq!(total(&solver.partners()), total(&uniform), "seed {seed} round {round}");
    }
}

#[test]
fn random_graphs_pass_the_internal_checks() {
    // Weights of every size, some negative.
    check_random_graphs(2024, 200, 2..=60, |rng| {
        let max: Weight = 1 << rng.random_range(2..=100);
        rng.random_range(-max / 4..=max)
    });
    // Few distinct weights: ties, tight edges everywhere, many blossoms.
    check_random_graphs(7, 2000, 2..=14, |rng| rng.random_range(0..=2));
    check_random_graphs(8, 200, 2..=40, |rng| rng.random_range(-1..=5));
    // Larger graphs, tied and not.
    check_random_graphs(9, 6, 100..=150, |rng| rng.random_range(1..=4));
    check_random_graphs(10, 6, 100..=150, |rng| rng.random_range(1..=1 << 40));
}

#[test]
fn leaves_come_in_pre_order() {
    let mut children = vec![Vec::new(); 10];
    children[6] = vec![0, 7, 4];
    children[7] = vec![3, 1, 2];
    let mut out = Vec::new();
    push_leaves(&children, 5, 6, &mut Vec::new(), &mut out);
    assert_eq!(out, [0, 3, 1, 2, 4]);
}

#[test]
fn repeated_edges_keep_the_heaviest_and_loops_are_dropped() {
    let edges = [Edge::new(1, 0, 3), Edge::new(0, 1, 7), Edge::new(2, 2, 100), Edge::new(0, 1, -5), Edge::new(3, 1, 2)];
    let graph = Graph::new(5, &edges, false).unwrap();
    assert_eq!(graph.original, [0, 1, 3]);
    assert_eq!(graph.edges, [(0, 1, 7), (1, 2, 2)]);
    let graph = Graph::new(5, &edges, true).unwrap();
    // Shifted: w − 2 + (1·5 + 1).
    assert_eq!(graph.edges, [(0, 1, 11), (1, 2, 6)]);
}
