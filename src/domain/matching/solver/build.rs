//! Building a [`Solver`] from a list of edges ([`Solver::new`]) and adding edges to
//! one mid-search ([`Solver::add_edges`], for the warm matcher's pricing), laid out
//! as `new` would lay out the longer list.

use super::{FREE, NONE, Neighbour, Solver};
use crate::domain::matching::weight::MatchWeight;

/// The edges of a solver: each edge's endpoints, each vertex's edges with their
/// doubled weights, and where each endpoint's entry is ([`Solver`]'s fields of the
/// same names).
pub(super) struct Adjacency<W: MatchWeight> {
    endpoint: Vec<usize>,
    neighbour_start: Vec<usize>,
    neighbours: Vec<Neighbour<W>>,
    list_slot: Vec<u32>,
}

impl<W: MatchWeight> Solver<W> {
    /// A solver for `n` vertices and `edges` `(u, v, weight)` with `u != v`, at most
    /// one edge per pair; an edge of weight < 0 is never tight, so never used (`warm`
    /// keeps absent pairs of its graph that way). Every dual starts at the
    /// heaviest weight.
    pub(in crate::domain::matching) fn new(n: usize, edges: &[(usize, usize, W)]) -> Solver<W> {
        let max_weight = edges.iter().map(|edge| edge.2).max().unwrap_or(W::ZERO).max(W::ZERO);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        for &(u, v, _) in edges {
            endpoint.push(u);
            endpoint.push(v);
        }
        let weight2: Vec<W> = edges.iter().map(|edge| edge.2.double()).collect();
        let (neighbour_start, neighbours, list_slot) = lists(n, &weight2, &endpoint);
        Solver::with_edges(n, Adjacency { endpoint, neighbour_start, neighbours, list_slot }, max_weight)
    }

    /// Adds `edges` (pairs not yet in the graph) after the edges there, keeping every
    /// edge's number, so the search's state stays valid; their slack is the
    /// caller's to settle ([`Solver::warm_start`] with them as changed pairs).
    pub(in crate::domain::matching) fn add_edges(&mut self, edges: &[(usize, usize, W)]) {
        if edges.is_empty() {
            return;
        }
        // Issue 21: the edge arrays grow by what is added (not doubled), and the old
        // adjacency is dropped before the new one is laid out: a graph grown by
        // pricing to hundreds of thousands of edges held both at once.
        let mut weight2 = Vec::with_capacity(self.edge_count() + edges.len());
        weight2.extend((0..self.edge_count()).map(|k| self.weight2(k)));
        self.endpoint.reserve_exact(2 * edges.len());
        for &(u, v, w) in edges {
            self.endpoint.push(u);
            self.endpoint.push(v);
            weight2.push(w.double());
        }
        self.neighbours = Vec::new();
        self.list_slot = Vec::new();
        (self.neighbour_start, self.neighbours, self.list_slot) = lists(self.n, &weight2, &self.endpoint);
    }

    /// How many edges the graph has: the next added edge's number.
    pub(in crate::domain::matching) fn edge_count(&self) -> usize {
        self.endpoint.len() / 2
    }

    /// The solver over `edges`, every dual starting at `max_weight`.
    fn with_edges(n: usize, edges: Adjacency<W>, max_weight: W) -> Solver<W> {
        let Adjacency { endpoint, neighbour_start, neighbours, list_slot } = edges;
        let mut dual = vec![max_weight; n];
        dual.resize(2 * n, W::ZERO);
        Solver {
            n,
            endpoint,
            neighbour_start,
            neighbours,
            list_slot,
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

/// Each vertex's edges with their doubled weights (`weight2`, by edge), in edge
/// order: where each vertex's list starts (and the end), the lists, and where each
/// endpoint's entry is ([`Solver`]'s fields of those names).
fn lists<W: MatchWeight>(n: usize, weight2: &[W], endpoint: &[usize]) -> (Vec<usize>, Vec<Neighbour<W>>, Vec<u32>) {
    let mut start = vec![0usize; n + 1];
    for &v in endpoint {
        start[v + 1] += 1;
    }
    for vertex in 0..n {
        start[vertex + 1] += start[vertex];
    }
    let mut next_slot = start.clone();
    let mut neighbours = vec![Neighbour { weight2: W::ZERO, vertex: 0, end: 0 }; endpoint.len()];
    let mut list_slot = vec![0u32; endpoint.len()];
    // Vertices, endpoints and slots fit in `u32`: a graph has far fewer than 2^31
    // edges (a warm matcher's window of 6,000 players has 18 million pairs).
    let index = |x: usize| u32::try_from(x).unwrap_or(u32::MAX);
    for (k, &weight2) in weight2.iter().enumerate() {
        let (u, v) = (endpoint[2 * k], endpoint[2 * k + 1]);
        neighbours[next_slot[u]] = Neighbour { weight2, vertex: index(v), end: index(2 * k + 1) };
        list_slot[2 * k] = index(next_slot[u]);
        next_slot[u] += 1;
        neighbours[next_slot[v]] = Neighbour { weight2, vertex: index(u), end: index(2 * k) };
        list_slot[2 * k + 1] = index(next_slot[v]);
        next_slot[v] += 1;
    }
    (start, neighbours, list_slot)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 21: edges added to a solver are laid out exactly as `new` lays out the
    // whole list (same edge numbers, same adjacency), so a graph grown by pricing
    // is the graph built at once.
    #[test]
    fn added_edges_are_laid_out_as_from_the_whole_list() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for n in [2usize, 3, 7, 12] {
            let edges: Vec<(usize, usize, i128)> = (0..n)
                .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
                .map(|(u, v)| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    (u, v, (seed % 9) as i128 - 2)
                })
                .collect();
            let half = edges.len() / 2;
            let mut grown = Solver::new(n, &edges[..half]);
            grown.add_edges(&edges[half..]);
            let whole = Solver::new(n, &edges);
            assert_eq!(grown.list_slot, whole.list_slot);
            assert_eq!(grown.endpoint, whole.endpoint);
            assert_eq!(grown.neighbour_start, whole.neighbour_start);
            let layout = |s: &Solver<i128>| s.neighbours.iter().map(|x| (x.weight2, x.parts())).collect::<Vec<_>>();
            assert_eq!(layout(&grown), layout(&whole), "n = {n}");
        }
    }
}
