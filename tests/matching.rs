//! The generic maximum-weight matching (`domain::matching`) through its public API:
//! brute force on small random graphs, the classic hard cases of `mwmatching.py`'s
//! test suite, input handling (loops, repeated edges, limits) and determinism.

use bianpai::domain::matching::{Edge, MAX_ABS_WEIGHT, Matcher, MatchingError, Weight};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The weight of each pair's heaviest edge (loops dropped), as a matrix.
fn best_edges(vertex_count: usize, edges: &[Edge]) -> Vec<Vec<Option<Weight>>> {
    let mut best = vec![vec![None; vertex_count]; vertex_count];
    for edge in edges.iter().filter(|edge| edge.u != edge.v) {
        for (a, b) in [(edge.u, edge.v), (edge.v, edge.u)] {
            let slot: &mut Option<Weight> = &mut best[a][b];
            *slot = Some(slot.map_or(edge.weight, |w| w.max(edge.weight)));
        }
    }
    best
}

/// Checks that `mate` is a matching of the graph and returns its (cardinality, weight).
fn score(vertex_count: usize, edges: &[Edge], mate: &[Option<usize>]) -> (usize, Weight) {
    assert_eq!(mate.len(), vertex_count, "one entry per vertex");
    let best = best_edges(vertex_count, edges);
    let mut pairs = 0;
    let mut weight = 0;
    for (v, m) in mate.iter().enumerate() {
        if let Some(m) = *m {
            assert_ne!(m, v, "vertex {v} matched to itself");
            assert_eq!(mate[m], Some(v), "mate is not symmetric at {v}");
            let w = best[v][m].unwrap_or_else(|| panic!("{v} and {m} are matched but have no edge"));
            if v < m {
                pairs += 1;
                weight += w;
            }
        }
    }
    (pairs, weight)
}

/// The best (cardinality, weight) over all matchings, by enumeration: the greatest
/// weight, or with `max_cardinality` the greatest cardinality and then weight.
fn brute_force(vertex_count: usize, edges: &[Edge], max_cardinality: bool) -> (usize, Weight) {
    fn search(
        best: &[Vec<Option<Weight>>],
        used: &mut [bool],
        from: usize,
        so_far: (usize, Weight),
        max_cardinality: bool,
        top: &mut (usize, Weight),
    ) {
        let better = if max_cardinality { so_far > *top } else { so_far.1 > top.1 };
        if better {
            *top = so_far;
        }
        let Some(u) = (from..used.len()).find(|&u| !used[u]) else { return };
        // u stays single...
        used[u] = true;
        search(best, used, u + 1, so_far, max_cardinality, top);
        // ...or is matched to a later free neighbour.
        for v in u + 1..used.len() {
            if let (false, Some(w)) = (used[v], best[u][v]) {
                used[v] = true;
                search(best, used, u + 1, (so_far.0 + 1, so_far.1 + w), max_cardinality, top);
                used[v] = false;
            }
        }
        used[u] = false;
    }
    let best = best_edges(vertex_count, edges);
    let mut top = (0, 0);
    search(&best, &mut vec![false; vertex_count], 0, (0, 0), max_cardinality, &mut top);
    top
}

/// `mwmatching.py`-style input: `(u, v, w)`, vertex count one past the largest vertex.
fn solve(edges: &[(usize, usize, Weight)], max_cardinality: bool) -> Vec<Option<usize>> {
    let count = edges.iter().map(|&(u, v, _)| u.max(v) + 1).max().unwrap_or(0);
    let edges: Vec<Edge> = edges.iter().map(|&(u, v, w)| Edge::new(u, v, w)).collect();
    let mate = Matcher::max_weight_matching(count, &edges, max_cardinality).unwrap();
    score(count, &edges, &mate);
    mate
}

/// `mwmatching.py`'s expected output, `-1` for unmatched.
fn expect(mates: &[i64]) -> Vec<Option<usize>> {
    mates.iter().map(|&m| usize::try_from(m).ok()).collect()
}

fn weight_strategy() -> impl Strategy<Value = Weight> {
    prop_oneof![
        3 => -10 as Weight..=20,
        1 => -(1 as Weight) << 100..=(1 as Weight) << 100,
        // Near 2^100 and close together: differences far below the magnitude.
        1 => (0 as Weight..=8).prop_map(|d| ((1 as Weight) << 100) - d),
        1 => prop_oneof![Just(MAX_ABS_WEIGHT), Just(-MAX_ABS_WEIGHT), Just(0)],
    ]
}

/// Up to 10 vertices, up to 30 edges with loops and repeats allowed.
fn graph_strategy() -> impl Strategy<Value = (usize, Vec<Edge>)> {
    (1usize..=10).prop_flat_map(|n| {
        let edge = (0..n, 0..n, weight_strategy()).prop_map(|(u, v, w)| Edge::new(u, v, w));
        (Just(n), prop::collection::vec(edge, 0..=30))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn maximum_weight_agrees_with_brute_force((n, edges) in graph_strategy()) {
        let mate = Matcher::max_weight_matching(n, &edges, false).unwrap();
        let (_, weight) = score(n, &edges, &mate);
        prop_assert_eq!(weight, brute_force(n, &edges, false).1);
        // Edges of weight <= 0 are never used.
        let best = best_edges(n, &edges);
        for (v, m) in mate.iter().enumerate() {
            if let Some(m) = *m {
                prop_assert!(best[v][m].is_some_and(|w| w > 0));
            }
        }
        prop_assert_eq!(Matcher::max_weight_matching(n, &edges, false).unwrap(), mate);
    }

    #[test]
    fn maximum_cardinality_agrees_with_brute_force((n, edges) in graph_strategy()) {
        let mate = Matcher::max_weight_matching(n, &edges, true).unwrap();
        prop_assert_eq!(score(n, &edges, &mate), brute_force(n, &edges, true));
        prop_assert_eq!(Matcher::max_weight_matching(n, &edges, true).unwrap(), mate);
    }

    /// Dense graphs with few distinct weights: many ties and blossoms.
    #[test]
    fn dense_tied_graphs_agree_with_brute_force(
        n in 2usize..=10,
        weights in prop::collection::vec(prop::option::weighted(0.8, 1 as Weight..=4), 45),
    ) {
        let mut edges = Vec::new();
        let mut next = weights.iter();
        for u in 0..n {
            for v in u + 1..n {
                if let Some(Some(w)) = next.next() {
                    edges.push(Edge::new(u, v, *w));
                }
            }
        }
        for max_cardinality in [false, true] {
            let mate = Matcher::max_weight_matching(n, &edges, max_cardinality).unwrap();
            let found = score(n, &edges, &mate);
            let best = brute_force(n, &edges, max_cardinality);
            if max_cardinality {
                prop_assert_eq!(found, best);
            } else {
                prop_assert_eq!(found.1, best.1);
            }
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Renumbering the vertices and reordering the edges changes at most which of
    /// several optimal matchings is found, never its value.
    #[test]
    fn renumbering_keeps_the_optimum(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = rng.random_range(20..=80);
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if rng.random_bool(0.3) {
                    edges.push(Edge::new(u, v, rng.random_range(-50..=1000)));
                }
            }
        }
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let mut renumbered: Vec<Edge> =
            edges.iter().map(|e| Edge::new(order[e.v], order[e.u], e.weight)).collect();
        renumbered.reverse();
        for max_cardinality in [false, true] {
            let a = Matcher::max_weight_matching(n, &edges, max_cardinality).unwrap();
            let b = Matcher::max_weight_matching(n, &renumbered, max_cardinality).unwrap();
            prop_assert_eq!(score(n, &edges, &a), score(n, &renumbered, &b));
        }
    }
}

#[test]
fn empty_graphs() {
    assert_eq!(Matcher::max_weight_matching(0, &[], false), Ok(vec![]));
    assert_eq!(Matcher::max_weight_matching(0, &[], true), Ok(vec![]));
    assert_eq!(Matcher::max_weight_matching(4, &[], true), Ok(vec![None; 4]));
}

#[test]
fn single_edge() {
    assert_eq!(solve(&[(0, 1, 1)], false), [Some(1), Some(0)]);
    assert_eq!(Matcher::max_weight_matching(3, &[Edge::new(2, 0, 7)], false), Ok(vec![Some(2), None, Some(0)]));
}

#[test]
fn non_positive_edges_count_only_for_cardinality() {
    for weight in [0, -3, -MAX_ABS_WEIGHT] {
        let edges = [Edge::new(0, 1, weight)];
        assert_eq!(Matcher::max_weight_matching(2, &edges, false), Ok(vec![None, None]));
        assert_eq!(Matcher::max_weight_matching(2, &edges, true), Ok(vec![Some(1), Some(0)]));
    }
}

#[test]
fn max_cardinality_changes_the_answer() {
    // A path whose heavy middle edge blocks both outer edges (mwmatching test 13/14).
    assert_eq!(solve(&[(1, 2, 5), (2, 3, 11), (3, 4, 5)], false), expect(&[-1, -1, 3, 2, -1]));
    assert_eq!(solve(&[(1, 2, 5), (2, 3, 11), (3, 4, 5)], true), expect(&[-1, 2, 1, 4, 3]));
    // Negative weights (test 16): everyone paired costs -3 but beats one pair of +2.
    let edges = [(1, 2, 2), (1, 3, -2), (2, 3, 1), (2, 4, -1), (3, 4, -6)];
    assert_eq!(solve(&edges, false), expect(&[-1, 2, 1, -1, -1]));
    assert_eq!(solve(&edges, true), expect(&[-1, 3, 4, 1, 2]));
}

#[test]
fn mwmatching_basic_cases() {
    assert_eq!(solve(&[(1, 2, 10), (2, 3, 11)], false), expect(&[-1, -1, 3, 2]));
    // Test 15 uses float weights (π, e, 3, √2); scaled to integers.
    assert_eq!(
        solve(&[(1, 2, 3_141_593), (2, 3, 2_718_282), (1, 3, 3_000_000), (1, 4, 1_414_214)], false),
        expect(&[-1, 4, 3, 2, 1])
    );
}

#[test]
fn blossom_creation_and_augmentation() {
    // S-blossom used for augmentation.
    assert_eq!(solve(&[(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7)], false), expect(&[-1, 2, 1, 4, 3]));
    assert_eq!(
        solve(&[(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7), (1, 6, 5), (4, 5, 6)], false),
        expect(&[-1, 6, 3, 2, 5, 4, 1])
    );
    // S-blossom relabelled as T-blossom, used for augmentation.
    assert_eq!(
        solve(&[(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 4), (1, 6, 3)], false),
        expect(&[-1, 6, 3, 2, 5, 4, 1])
    );
    assert_eq!(
        solve(&[(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 3), (1, 6, 4)], false),
        expect(&[-1, 6, 3, 2, 5, 4, 1])
    );
    assert_eq!(
        solve(&[(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 3), (3, 6, 4)], false),
        expect(&[-1, 2, 1, 6, 5, 4, 3])
    );
}

#[test]
fn nested_blossoms() {
    // Nested S-blossom used for augmentation.
    assert_eq!(
        solve(&[(1, 2, 9), (1, 3, 9), (2, 3, 10), (2, 4, 8), (3, 5, 8), (4, 5, 10), (5, 6, 6)], false),
        expect(&[-1, 3, 4, 1, 2, 6, 5])
    );
    // S-blossom relabelled as S, included in a nested S-blossom.
    assert_eq!(
        solve(
            &[
                (1, 2, 10),
                (1, 7, 10),
                (2, 3, 12),
                (3, 4, 20),
                (3, 5, 20),
                (4, 5, 25),
                (5, 6, 10),
                (6, 7, 10),
                (7, 8, 8)
            ],
            false
        ),
        expect(&[-1, 2, 1, 4, 3, 6, 5, 8, 7])
    );
}

#[test]
fn blossom_expansion() {
    // Nested S-blossom, augment, expand recursively.
    assert_eq!(
        solve(
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
                (7, 8, 12)
            ],
            false
        ),
        expect(&[-1, 2, 1, 5, 6, 3, 4, 8, 7])
    );
    // S-blossom relabelled as T, expanded.
    assert_eq!(
        solve(&[(1, 2, 23), (1, 5, 22), (1, 6, 15), (2, 3, 25), (3, 4, 22), (4, 5, 25), (4, 8, 14), (5, 7, 13)], false),
        expect(&[-1, 6, 3, 2, 8, 7, 1, 5, 4])
    );
    // Nested S-blossom relabelled as T, expanded.
    assert_eq!(
        solve(
            &[(1, 2, 19), (1, 3, 20), (1, 8, 8), (2, 3, 25), (2, 4, 18), (3, 5, 18), (4, 5, 13), (4, 7, 7), (5, 6, 7)],
            false
        ),
        expect(&[-1, 8, 3, 2, 7, 6, 5, 4, 1])
    );
    // Nested S-blossom relabelled as S, expanded recursively.
    assert_eq!(
        solve(
            &[
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
                (4, 9, 30)
            ],
            false
        ),
        expect(&[-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8])
    );
}

#[test]
fn nasty_t_blossom_cases() {
    let nasty = |e48: Weight, e57: Weight| {
        [
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
    let expected = expect(&[-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9]);
    // Blossom relabelled as T in more than one way, expanded, augmented.
    assert_eq!(solve(&nasty(35, 26), false), expected);
    // The same, slightly different.
    assert_eq!(solve(&nasty(26, 40), false), expected);
    // Expansion produces a new least-slack S-to-free edge.
    assert_eq!(solve(&nasty(28, 26), false), expected);
    // Nested blossom relabelled as T in more than one way; expanding the outer blossom
    // puts the inner one on an augmenting path.
    assert_eq!(
        solve(
            &[
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
                (11, 12, 5)
            ],
            false
        ),
        expect(&[-1, 8, 3, 2, 6, 9, 4, 10, 1, 5, 7, 12, 11])
    );
}

#[test]
fn classic_cases_survive_huge_weights() {
    // The nasty case scaled to weights near 2^100 plus an offset: same answer.
    let scale: Weight = 1 << 93;
    let edges = [
        (1, 2, 45),
        (1, 5, 45),
        (2, 3, 50),
        (3, 4, 45),
        (4, 5, 50),
        (1, 6, 30),
        (3, 9, 35),
        (4, 8, 35),
        (5, 7, 26),
        (9, 10, 5),
    ]
    .map(|(u, v, w): (usize, usize, Weight)| (u, v, w * scale + 12345));
    assert_eq!(solve(&edges, false), expect(&[-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9]));
    assert_eq!(solve(&edges, true), expect(&[-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9]));
}

#[test]
fn loops_and_repeated_edges() {
    // The loop is ignored; of the two edges 0–1 the heavier (9) counts, beating 1–2.
    let edges = [Edge::new(0, 0, 100), Edge::new(0, 1, 1), Edge::new(1, 2, 5), Edge::new(1, 0, 9)];
    assert_eq!(Matcher::max_weight_matching(3, &edges, false), Ok(vec![Some(1), Some(0), None]));
    // Only a loop: nothing to match.
    assert_eq!(Matcher::max_weight_matching(2, &[Edge::new(1, 1, 5)], true), Ok(vec![None, None]));
}

#[test]
fn invalid_input_is_an_error() {
    assert_eq!(
        Matcher::max_weight_matching(3, &[Edge::new(0, 1, 1), Edge::new(1, 3, 1)], false),
        Err(MatchingError::VertexOutOfRange { edge: 1, vertex: 3, vertex_count: 3 })
    );
    assert_eq!(
        Matcher::max_weight_matching(0, &[Edge::new(0, 0, 1)], true),
        Err(MatchingError::VertexOutOfRange { edge: 0, vertex: 0, vertex_count: 0 })
    );
    for weight in [MAX_ABS_WEIGHT + 1, -MAX_ABS_WEIGHT - 1, Weight::MAX, Weight::MIN] {
        assert_eq!(
            Matcher::max_weight_matching(2, &[Edge::new(0, 1, weight)], false),
            Err(MatchingError::WeightOutOfRange { edge: 0, weight })
        );
    }
}

#[test]
fn the_weight_limits() {
    // ±2^120 is accepted in both modes while the vertex count keeps the span small.
    let edges =
        [Edge::new(0, 1, MAX_ABS_WEIGHT), Edge::new(1, 2, MAX_ABS_WEIGHT - 1), Edge::new(2, 3, -MAX_ABS_WEIGHT)];
    assert_eq!(Matcher::max_weight_matching(4, &edges, false), Ok(vec![Some(1), Some(0), None, None]));
    assert_eq!(Matcher::max_weight_matching(4, &edges, true), Ok(vec![Some(1), Some(0), Some(3), Some(2)]));
    // A span of 2^121 on 18 vertices: (9 + 1) * 2^121 > 2^124.
    let mut wide: Vec<Edge> = (0..9).map(|i| Edge::new(2 * i, 2 * i + 1, MAX_ABS_WEIGHT)).collect();
    wide.push(Edge::new(0, 17, -MAX_ABS_WEIGHT));
    assert_eq!(
        Matcher::max_weight_matching(18, &wide, true),
        Err(MatchingError::SpreadTooWide { spread: 2 * MAX_ABS_WEIGHT, vertex_count: 18 })
    );
    assert!(Matcher::max_weight_matching(18, &wide, false).is_ok());
    // Weights of 2^100 leave room for graphs far larger than any tournament.
    let mut big: Vec<Edge> = (0..2000).map(|i| Edge::new(i, i + 1, 1 << 100)).collect();
    big.push(Edge::new(0, 2001, -(1 << 100)));
    let mate = Matcher::max_weight_matching(2002, &big, true).unwrap();
    assert_eq!(score(2002, &big, &mate).0, 1001);
}

#[test]
fn vertices_without_edges_stay_unmatched() {
    let edges = [Edge::new(1, 4, 3), Edge::new(4, 6, 2), Edge::new(6, 8, 3)];
    let mate = Matcher::max_weight_matching(10, &edges, true).unwrap();
    assert_eq!(mate, [None, Some(4), None, None, Some(1), None, Some(8), None, Some(6), None]);
}

#[test]
fn the_same_input_gives_the_same_output() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let n = 300;
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.random_bool(0.2) {
                // Few distinct weights: many optimal matchings to choose from.
                edges.push(Edge::new(u, v, rng.random_range(0..4)));
            }
        }
    }
    for max_cardinality in [false, true] {
        let first = Matcher::max_weight_matching(n, &edges, max_cardinality).unwrap();
        for _ in 0..3 {
            assert_eq!(Matcher::max_weight_matching(n, &edges, max_cardinality).unwrap(), first);
        }
    }
}

#[test]
fn complete_graph_with_equal_weights_is_perfect() {
    for n in [2, 7, 40, 101] {
        let edges: Vec<Edge> = (0..n).flat_map(|u| (u + 1..n).map(move |v| Edge::new(u, v, 1))).collect();
        for max_cardinality in [false, true] {
            let mate = Matcher::max_weight_matching(n, &edges, max_cardinality).unwrap();
            assert_eq!(score(n, &edges, &mate), (n / 2, (n / 2) as Weight));
        }
    }
}

#[test]
fn odd_cycles_need_blossoms() {
    // Two triangles joined by an edge of negative weight: the best uses one edge of
    // each, and the link only under max cardinality.
    let edges = [(0, 1, 10), (1, 2, 10), (0, 2, 10), (3, 4, 10), (4, 5, 10), (3, 5, 10), (2, 3, -1)];
    let mate = solve(&edges, false);
    let list: Vec<Edge> = edges.iter().map(|&(u, v, w)| Edge::new(u, v, w)).collect();
    assert_eq!(score(6, &list, &mate), (2, 20));
    let mate = solve(&edges, true);
    assert_eq!(score(6, &list, &mate), (3, 19));
}
