//! Tests of `completion`: answers against brute force and the generic solver, and
//! the hand cases that need a blossom or a search from the base's free vertices.

use super::*;
use crate::domain::matching::{Edge, Matcher};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Checks `pairs` is a completion of `set`: sorted, everyone once, partners mutual and
/// allowed, one `bye_ok` vertex left out when the count is odd, none when even.
fn check_completion(
    set: &[usize],
    pairs: &[(usize, usize)],
    allowed: &impl Fn(usize, usize) -> bool,
    bye_ok: &impl Fn(usize) -> bool,
) -> Result<(), String> {
    let mut sorted = set.to_vec();
    sorted.sort_unstable();
    let vertices: Vec<usize> = pairs.iter().map(|&(v, _)| v).collect();
    if vertices != sorted {
        return Err(format!("vertices {vertices:?}, expected {sorted:?}"));
    }
    let partner = |v: usize| pairs.iter().find(|&&(w, _)| w == v).map(|&(_, p)| p);
    let mut left_out = 0;
    for &(v, p) in pairs {
        if p == v {
            left_out += 1;
            if !bye_ok(v) {
                return Err(format!("{v} left out without bye_ok"));
            }
        } else if partner(p) != Some(v) {
            return Err(format!("{v} -> {p} is not mutual"));
        } else if !allowed(v, p) {
            return Err(format!("{v} - {p} is not allowed"));
        }
    }
    if left_out != set.len() % 2 {
        return Err(format!("{left_out} left out of {}", set.len()));
    }
    Ok(())
}

/// A small graph on local vertices `0..k`, vertex `i` having id `3 * i + 1`.
#[derive(Debug, Clone)]
struct Small {
    k: usize,
    adjacency: Vec<Vec<bool>>,
    bye: Vec<bool>,
    /// Local vertices in the order given to the code.
    order: Vec<usize>,
    /// Whether each local vertex is an extra (else in the base).
    extra: Vec<bool>,
}

impl Small {
    fn id(i: usize) -> usize {
        3 * i + 1
    }
    fn local(id: usize) -> usize {
        (id - 1) / 3
    }
    fn allowed(&self, a: usize, b: usize) -> bool {
        assert_ne!(a, b, "allowed is never asked for a == b");
        self.adjacency[Self::local(a)][Self::local(b)]
    }
    fn bye_ok(&self, v: usize) -> bool {
        self.bye[Self::local(v)]
    }
    fn base(&self) -> Vec<usize> {
        self.order.iter().filter(|&&i| !self.extra[i]).map(|&i| Self::id(i)).collect()
    }
    fn extras(&self) -> Vec<usize> {
        self.order.iter().filter(|&&i| self.extra[i]).map(|&i| Self::id(i)).collect()
    }

    /// Brute force over all matchings (memoised over the set of vertices left).
    fn completable(&self) -> bool {
        fn go(s: &Small, left: usize, bye_left: bool, memo: &mut [[Option<bool>; 2]]) -> bool {
            if left == 0 {
                return true;
            }
            if let Some(known) = memo[left][usize::from(bye_left)] {
                return known;
            }
            let v = left.trailing_zeros() as usize;
            let rest = left & !(1 << v);
            let mut found = bye_left && s.bye[v] && go(s, rest, false, memo);
            for u in 0..s.k {
                if found {
                    break;
                }
                if rest & (1 << u) != 0 && s.adjacency[v][u] {
                    found = go(s, rest & !(1 << u), bye_left, memo);
                }
            }
            memo[left][usize::from(bye_left)] = Some(found);
            found
        }
        let mut memo = vec![[None; 2]; 1 << self.k];
        go(self, (1 << self.k) - 1, self.k % 2 == 1, &mut memo)
    }

    /// The size of a maximum matching of the base, by brute force.
    fn base_maximum(&self) -> usize {
        fn go(s: &Small, left: usize, memo: &mut [Option<usize>]) -> usize {
            if left == 0 {
                return 0;
            }
            if let Some(known) = memo[left] {
                return known;
            }
            let v = left.trailing_zeros() as usize;
            let rest = left & !(1 << v);
            let mut best = go(s, rest, memo);
            for u in 0..s.k {
                if rest & (1 << u) != 0 && s.adjacency[v][u] {
                    best = best.max(1 + go(s, rest & !(1 << u), memo));
                }
            }
            memo[left] = Some(best);
            best
        }
        let base: usize = (0..self.k).filter(|&i| !self.extra[i]).map(|i| 1 << i).sum();
        let mut memo = vec![None; 1 << self.k];
        go(self, base, &mut memo)
    }
}

/// Up to 12 vertices, any density, random bye rights and base/extra split.
fn small() -> impl Strategy<Value = Small> {
    (0usize..=12).prop_flat_map(|k| {
        (
            Just(k),
            0u8..=100,
            prop::collection::vec(0u8..100, k * k),
            prop::collection::vec(any::<bool>(), k),
            Just((0..k).collect::<Vec<usize>>()).prop_shuffle(),
            prop::collection::vec(prop::bool::weighted(0.3), k),
        )
            .prop_map(|(k, density, coins, bye, order, extra)| {
                let mut adjacency = vec![vec![false; k]; k];
                for a in 0..k {
                    for b in a + 1..k {
                        let on = coins[a * k + b] < density;
                        adjacency[a][b] = on;
                        adjacency[b][a] = on;
                    }
                }
                Small { k, adjacency, bye, order, extra }
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// R-3.2 (C.04.3 C4): the answer agrees with a search over all matchings, and a
    /// "yes" comes with a valid completion.
    #[test]
    fn completion_agrees_with_brute_force(s in small()) {
        let allowed = |a: usize, b: usize| s.allowed(a, b);
        let bye_ok = |v: usize| s.bye_ok(v);
        let base = Cardinality::new(3 * s.k + 1, &s.base(), &allowed);
        let answer = base.complete_with(&s.extras(), &allowed, &bye_ok);
        prop_assert_eq!(answer.is_some(), s.completable());
        if let Some(pairs) = &answer {
            let set: Vec<usize> = (0..s.k).map(Small::id).collect();
            prop_assert_eq!(check_completion(&set, pairs, &allowed, &bye_ok), Ok(()));
        }
        // Deterministic, and `self` is left as it was.
        prop_assert_eq!(base.complete_with(&s.extras(), &allowed, &bye_ok), answer);
    }

    /// R-3.2: `new` finds a maximum matching of the base (the early "too many free
    /// base vertices" answer relies on it).
    #[test]
    fn base_matching_is_maximum(s in small()) {
        let allowed = |a: usize, b: usize| s.allowed(a, b);
        let base = Cardinality::new(3 * s.k + 1, &s.base(), &allowed);
        prop_assert!(base.maximum);
        let mut size = 0;
        for &v in &base.vertices {
            let m = base.mate[v];
            if m != NONE {
                prop_assert_eq!(base.mate[m], v);
                prop_assert!(allowed(v, m));
                size += 1;
            }
        }
        prop_assert_eq!(size / 2, s.base_maximum());
        prop_assert_eq!(base.free.len(), base.vertices.len() - size);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// on larger random graphs, the answer agrees with the generic
    /// maximum-cardinality solver (`domain::matching`) run on the whole set plus the
    /// bye dummy.
    #[test]
    fn completion_agrees_with_the_generic_solver(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let k: usize = rng.random_range(20..=60);
        let density = rng.random_range(0.02..0.3);
        let mut pairs = Vec::new();
        for a in 0..k {
            for b in a + 1..k {
                if rng.random_bool(density) {
                    pairs.push((a, b));
                }
            }
        }
        let mut adjacency = vec![vec![false; k]; k];
        for &(a, b) in &pairs {
            adjacency[a][b] = true;
            adjacency[b][a] = true;
        }
        let bye: Vec<bool> = (0..k).map(|_| rng.random_bool(0.2)).collect();
        let extras: Vec<usize> = (0..k).filter(|_| rng.random_bool(0.1)).collect();
        let base: Vec<usize> = (0..k).filter(|v| !extras.contains(v)).collect();
        let allowed = |a: usize, b: usize| adjacency[a][b];
        let bye_ok = |v: usize| bye[v];

        let mut edges: Vec<Edge> = pairs.iter().map(|&(a, b)| Edge::new(a, b, 1)).collect();
        if k % 2 == 1 {
            edges.extend((0..k).filter(|&a| bye[a]).map(|a| Edge::new(a, k, 1)));
        }
        let total = k + k % 2;
        let mate = Matcher::max_weight_matching(total, &edges, true).unwrap();
        let perfect = mate.iter().all(Option::is_some);

        let answer = Cardinality::new(k, &base, &allowed).complete_with(&extras, &allowed, &bye_ok);
        prop_assert_eq!(answer.is_some(), perfect);
        if let Some(pairs) = &answer {
            let set: Vec<usize> = (0..k).collect();
            prop_assert_eq!(check_completion(&set, pairs, &allowed, &bye_ok), Ok(()));
        }
    }
}

/// an odd cycle must be contracted. Base: stem 0=1, blossom 1-2=3-4=5-1, and 6
/// hanging off 2; the extra 7 meets only 0. The only completion goes 7-0=1-5=4-3=2-6,
/// round the blossom the long way.
#[test]
fn augmenting_through_a_blossom() {
    let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 1), (2, 6), (7, 0)];
    let allowed = |a: usize, b: usize| edges.contains(&(a, b)) || edges.contains(&(b, a));
    let base = Cardinality::new(8, &[0, 1, 2, 3, 4, 5, 6], &allowed);
    // The greedy start and the failed search from 6 leave 0=1, 2=3, 4=5 and 6 free.
    assert_eq!(&base.mate[..7], &[1, 0, 3, 2, 5, 4, NONE]);
    assert_eq!(base.free, [6]);
    let pairs = base.complete_with(&[7], &allowed, &|_| false);
    assert_eq!(pairs, Some(vec![(0, 7), (1, 5), (2, 6), (3, 4), (4, 3), (5, 1), (6, 2), (7, 0)]));
}

/// a 5-cycle with a pendant path, odd in total: the bye must go to the end of
/// the path or to a cycle vertex whose removal leaves the rest matchable.
#[test]
fn odd_cycle_with_a_pendant_path_and_a_bye() {
    // Cycle 0-1-2-3-4-0, path 0-5-6.
    let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 5), (5, 6)];
    let allowed = |a: usize, b: usize| edges.contains(&(a, b)) || edges.contains(&(b, a));
    let base = Cardinality::new(7, &[0, 1, 2, 3, 4], &allowed);
    // Only 5 may take the bye: 0-1? then 2-3, 4 alone: no. 6 must meet 5, so 5 cannot
    // be left out: impossible.
    assert_eq!(base.complete_with(&[5, 6], &allowed, &|v| v == 5), None);
    // 1 may take the bye: 6-5, 0-4, 2-3.
    let pairs = base.complete_with(&[5, 6], &allowed, &|v| v == 1);
    assert_eq!(pairs, Some(vec![(0, 4), (1, 1), (2, 3), (3, 2), (4, 0), (5, 6), (6, 5)]));
    // Nobody may take the bye: impossible with 7 players.
    assert_eq!(base.complete_with(&[5, 6], &allowed, &|_| false), None);
}

/// a complete graph of 3,001 players plus 3 more is completed, and with one more
/// player the bye goes to the only player allowed it.
#[test]
fn complete_graph_of_three_thousand() {
    let n = 3_010;
    let allowed = |_: usize, _: usize| true;
    let vertices: Vec<usize> = (0..3_001).collect();
    let base = Cardinality::new(n, &vertices, &allowed);
    assert_eq!(base.free.len(), 1);
    let extras = [3_001, 3_002, 3_003];
    let set: Vec<usize> = (0..3_004).collect();
    let pairs = base.complete_with(&extras, &allowed, &|_| false).unwrap();
    assert_eq!(check_completion(&set, &pairs, &allowed, &|_| false), Ok(()));

    let bye_ok = |v: usize| v == 1_234;
    let pairs = base.complete_with(&[3_001, 3_002, 3_003, 3_004], &allowed, &bye_ok).unwrap();
    assert_eq!(pairs[1_234], (1_234, 1_234));
    let set: Vec<usize> = (0..3_005).collect();
    assert_eq!(check_completion(&set, &pairs, &allowed, &bye_ok), Ok(()));
}

/// R-3.2 (C.04.3 C1): forbidden pairs (players who met) can make completion impossible.
#[test]
fn forbidden_pairs_block_completion() {
    // Base 0..4 all allowed; the extras 4 and 5 may meet only 0, not each other.
    let allowed = |a: usize, b: usize| {
        let (a, b) = (a.min(b), a.max(b));
        b < 4 || a == 0
    };
    let base = Cardinality::new(6, &[0, 1, 2, 3], &allowed);
    assert_eq!(base.complete_with(&[4, 5], &allowed, &|_| true), None);
    // Either one alone is fine when 1, 2 or 3 may take the bye.
    let pairs = base.complete_with(&[4], &allowed, &|v| v == 3).unwrap();
    assert_eq!(pairs, vec![(0, 4), (1, 2), (2, 1), (3, 3), (4, 0)]);
    // If the extra 4 may only take the bye and nobody else may, 0..4 pair up.
    let only_bye = |a: usize, b: usize| a.max(b) < 4;
    let base = Cardinality::new(6, &[0, 1, 2, 3], &only_bye);
    let pairs = base.complete_with(&[4], &only_bye, &|v| v == 4).unwrap();
    assert_eq!(pairs[4], (4, 4));
    // Too many free base vertices for the extras: the base 0..5 is a star centred on
    // 0 (three left free), the extra 5 may meet anybody.
    let star = |a: usize, b: usize| a.min(b) == 0 || a.max(b) == 5;
    let base = Cardinality::new(6, &[0, 1, 2, 3, 4], &star);
    assert_eq!(base.free.len(), 3);
    assert_eq!(base.complete_with(&[5], &star, &|_| true), None);
}

/// augmenting from the new vertices alone is not enough. The extras x = 6 and
/// y = 7 meet each other first (each reaches only matched base vertices before the
/// other); the base's free vertices u = 4 and w = 5 then need the path
/// u-b=a-x=y-c=d-w (a = 0, b = 1, c = 2, d = 3), found from u.
#[test]
fn free_base_vertices_are_roots_too() {
    let edges = [(0, 1), (2, 3), (1, 4), (3, 5), (6, 0), (7, 2), (6, 7)];
    let allowed = |a: usize, b: usize| edges.contains(&(a, b)) || edges.contains(&(b, a));
    let base = Cardinality::new(8, &[0, 1, 2, 3, 4, 5], &allowed);
    assert_eq!(base.free, [4, 5]);
    let pairs = base.complete_with(&[6, 7], &allowed, &|_| false);
    assert_eq!(pairs, Some(vec![(0, 6), (1, 4), (2, 7), (3, 5), (4, 1), (5, 3), (6, 0), (7, 2)]));
}

/// empty and one-player sets.
#[test]
fn tiny_sets() {
    let allowed = |_: usize, _: usize| true;
    let empty = Cardinality::new(3, &[], &allowed);
    assert_eq!(empty.complete_with(&[], &allowed, &|_| false), Some(vec![]));
    assert_eq!(empty.complete_with(&[2], &allowed, &|_| true), Some(vec![(2, 2)]));
    assert_eq!(empty.complete_with(&[2], &allowed, &|_| false), None);
    // Ids at or beyond `n` are tolerated.
    assert_eq!(empty.complete_with(&[7, 9], &allowed, &|_| false), Some(vec![(7, 9), (9, 7)]));
}
