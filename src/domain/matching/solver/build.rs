//! Building a [`Solver`]: from a list of edges ([`Solver::new`]) or, for the warm
//! matcher's complete graphs, straight from a weight function ([`Solver::complete`]),
//! which lays the edges out exactly as `new` would without the list.

use super::{FREE, NONE, Neighbour, Solver};
use crate::domain::matching::weight::MatchWeight;

/// The edges of a solver: each edge's doubled weight and endpoints, and each
/// vertex's edges ([`Solver`]'s fields of the same names).
pub(super) struct Adjacency<W: MatchWeight> {
    weight2: Vec<W>,
    endpoint: Vec<usize>,
    neighbour_start: Vec<usize>,
    neighbours: Vec<Neighbour<W>>,
}

impl<W: MatchWeight> Solver<W> {
    /// A solver for `n` vertices and `edges` `(u, v, weight)` with `u != v`, at most
    /// one edge per pair; an edge of weight < 0 is never tight, so never used (`warm`
    /// keeps absent pairs of its complete graph that way). Every dual starts at the
    /// heaviest weight.
    pub(in crate::domain::matching) fn new(n: usize, edges: &[(usize, usize, W)]) -> Solver<W> {
        let max_weight = edges.iter().map(|edge| edge.2).max().unwrap_or(W::ZERO).max(W::ZERO);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut start = vec![0usize; n + 1];
        for &(u, v, _) in edges {
            endpoint.push(u);
            endpoint.push(v);
            start[u + 1] += 1;
            start[v + 1] += 1;
        }
        for vertex in 0..n {
            start[vertex + 1] += start[vertex];
        }
        let mut next_slot = start.clone();
        let mut neighbours = vec![Neighbour { weight2: W::ZERO, vertex: 0, end: 0 }; 2 * edges.len()];
        for (k, &(u, v, weight)) in edges.iter().enumerate() {
            neighbours[next_slot[u]] = Neighbour { weight2: weight.double(), vertex: v, end: 2 * k + 1 };
            next_slot[u] += 1;
            neighbours[next_slot[v]] = Neighbour { weight2: weight.double(), vertex: u, end: 2 * k };
            next_slot[v] += 1;
        }
        let weight2 = edges.iter().map(|edge| edge.2.double()).collect();
        Solver::with_edges(n, Adjacency { weight2, endpoint, neighbour_start: start, neighbours }, max_weight)
    }

    /// A solver for the complete graph on `n` vertices, edge `k` the pair `u < v` at
    /// `warm::pair_index(n, u, v)` of weight `weight(u, v)` (< 0: never used): the
    /// same solver as [`Solver::new`] with those edges in that order, built without
    /// the list of edges (on a window of a few thousand players that list alone
    /// is hundreds of megabytes).
    pub(in crate::domain::matching) fn complete(n: usize, weight: impl Fn(usize, usize) -> W) -> Solver<W> {
        let pairs = n * n.saturating_sub(1) / 2;
        let mut weight2 = Vec::with_capacity(pairs);
        let mut endpoint = Vec::with_capacity(2 * pairs);
        let mut max_weight = W::ZERO;
        for u in 0..n {
            for v in u + 1..n {
                let w = weight(u, v);
                max_weight = max_weight.max(w);
                weight2.push(w.double());
                endpoint.push(u);
                endpoint.push(v);
            }
        }
        let neighbour_start: Vec<usize> = (0..=n).map(|x| x * n.saturating_sub(1)).collect();
        let mut neighbours = Vec::with_capacity(2 * pairs);
        for x in 0..n {
            // In edge order, as `new` lays them out: the pairs (u, x) with u < x, then (x, v).
            for u in 0..x {
                let k = crate::domain::matching::warm::pair_index(n, u, x);
                neighbours.push(Neighbour { weight2: weight2[k], vertex: u, end: 2 * k });
            }
            for v in x + 1..n {
                let k = crate::domain::matching::warm::pair_index(n, x, v);
                neighbours.push(Neighbour { weight2: weight2[k], vertex: v, end: 2 * k + 1 });
            }
        }
        Solver::with_edges(n, Adjacency { weight2, endpoint, neighbour_start, neighbours }, max_weight)
    }

    /// The solver over `edges`, every dual starting at `max_weight`.
    fn with_edges(n: usize, edges: Adjacency<W>, max_weight: W) -> Solver<W> {
        let Adjacency { weight2, endpoint, neighbour_start, neighbours } = edges;
        let mut dual = vec![max_weight; n];
        dual.resize(2 * n, W::ZERO);
        Solver {
            n,
            weight2,
            endpoint,
            neighbour_start,
            neighbours,
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            label_end: vec![NONE; 2 * n],
            tree: vec![NONE; 2 * n],
            in_blossom: (0..n).collect(),
            blossom_parent: vec![NONE; 2 * n],
            blossom_children: vec![Vec::new(); 2 * n],
            blossom_base: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossom_endpoints: vec![Vec::new(); 2 * n],
            best_edge: vec![NONE; 2 * n],
            best_key: vec![W::ZERO; 2 * n],
            best_far_since: vec![0; 2 * n],
            blossom_best_edges: vec![None; 2 * n],
            unused_blossoms: (n..2 * n).rev().collect(),
            shifted_dual: dual[..n].to_vec(),
            dual,
            shift: W::ZERO,
            queue: Vec::new(),
            marked: Vec::new(),
            unrepaired: Vec::new(),
            best_edge_to: vec![(NONE, W::ZERO, NONE); 2 * n],
            best_edge_touched: Vec::new(),
            leaves: Vec::new(),
            stack: Vec::new(),
            dissolved_in: vec![0; 2 * n],
            rescanned_in: vec![0; n],
            repaired_in: vec![0; n],
            dissolutions: 0,
            failures: Vec::new(),
            #[cfg(test)]
            checks: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::matching::warm::pair_index;

    // Issue 21: the complete graph built from a weight function is the very solver
    // `new` builds from the list of its edges (same edge numbers, same adjacency, same
    // duals), so the warm matcher's answers do not change.
    #[test]
    fn a_complete_graph_is_laid_out_as_from_its_edge_list() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for n in [0usize, 1, 2, 3, 7, 12] {
            let weights: Vec<i128> = (0..n * n.saturating_sub(1) / 2)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    (seed % 9) as i128 - 2
                })
                .collect();
            let weight = |u: usize, v: usize| weights[pair_index(n, u, v)];
            let edges: Vec<(usize, usize, i128)> =
                (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).map(|(u, v)| (u, v, weight(u, v))).collect();
            let (mut listed, mut complete) = (Solver::new(n, &edges), Solver::complete(n, weight));
            assert_eq!(listed.weight2, complete.weight2);
            assert_eq!(listed.endpoint, complete.endpoint);
            assert_eq!(listed.neighbour_start, complete.neighbour_start);
            let layout =
                |s: &Solver<i128>| s.neighbours.iter().map(|x| (x.weight2, x.vertex, x.end)).collect::<Vec<_>>();
            assert_eq!(layout(&listed), layout(&complete));
            assert_eq!(listed.dual, complete.dual);
            listed.run();
            complete.run();
            assert_eq!(listed.partners(), complete.partners(), "n = {n}");
        }
    }
}
