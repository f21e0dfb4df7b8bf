//! Building a [`Solver`] from a list of edges ([`Solver::new`]) and adding edges to
//! one mid-search ([`Solver::add_edges`], for the warm matcher's pricing): each
//! vertex's list holds its edges in edge order, as `new` would list the longer
//! list's, so the search visits them in the same order either way.

use super::{FREE, NONE, Neighbour, Solver};
use crate::domain::matching::weight::MatchWeight;

/// The edges of a solver: each edge's endpoints, each vertex's edges with their
/// doubled weights, and where each endpoint's entry is ([`Solver`]'s fields of the
/// same names).
pub(super) struct Adjacency<W: MatchWeight> {
    endpoint: Vec<usize>,
    neighbour_start: Vec<usize>,
    neighbour_end: Vec<usize>,
    neighbour_limit: Vec<usize>,
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
        Solver::with_edges(n, lists(n, &weight2, endpoint, |_| 0), max_weight)
    }

    /// Adds `edges` (pairs not yet in the graph) after the edges there, keeping every
    /// edge's number, so the search's state stays valid; their slack is the
    /// caller's to settle ([`Solver::warm_start`] with them as changed pairs).
    ///
    /// Issue 21: each pass of pricing adds edges; laying every list out again each
    /// time was a tenth of a large round, and still a sixth when only a full list
    /// did. The lists keep room for more, the new edges go into it, a list without
    /// room moves to the end of the others with room for half as many again, and
    /// only when the lists left behind are a quarter of the whole is everything
    /// laid out again.
    pub(in crate::domain::matching) fn add_edges(&mut self, edges: &[(usize, usize, W)]) {
        if edges.is_empty() {
            return;
        }
        let mut adding = vec![0usize; self.n];
        for &(u, v, _) in edges {
            adding[u] += 1;
            adding[v] += 1;
        }
        let full: Vec<usize> =
            (0..self.n).filter(|&v| self.neighbour_end[v] + adding[v] > self.neighbour_limit[v]).collect();
        let moving: usize = full.iter().map(|&v| self.list_len(v) + adding[v]).sum();
        if 4 * (self.abandoned + moving) > self.neighbours.len() + moving {
            self.lay_out_with(edges);
            return;
        }
        self.neighbours.reserve_exact(full.iter().map(|&v| room_after_move(self.list_len(v) + adding[v])).sum());
        for v in full {
            self.move_list(v, adding[v]);
        }
        // Grown by doubling, not exactly: small additions come often.
        self.endpoint.reserve(2 * edges.len());
        self.list_slot.reserve(2 * edges.len());
        for &(u, v, w) in edges {
            let (far_of_u, far_of_v) = (self.endpoint.len() + 1, self.endpoint.len());
            self.endpoint.push(u);
            self.endpoint.push(v);
            let weight2 = w.double();
            for (at, other, far) in [(u, v, far_of_u), (v, u, far_of_v)] {
                let slot = self.neighbour_end[at];
                self.neighbours[slot] = Neighbour { weight2, vertex: index(other), end: index(far) };
                self.list_slot.push(index(slot));
                self.neighbour_end[at] += 1;
            }
        }
    }

    /// How many edges `v` has.
    fn list_len(&self, v: usize) -> usize {
        self.neighbour_end[v] - self.neighbour_start[v]
    }

    /// Moves `v`'s list to the end of the others, with room for `adding` edges and
    /// half as many again as it will then have; its old place is abandoned.
    fn move_list(&mut self, v: usize, adding: usize) {
        let (start, end) = (self.neighbour_start[v], self.neighbour_end[v]);
        let capacity = room_after_move(end - start + adding);
        let at = self.neighbours.len();
        self.neighbours.extend_from_within(start..end);
        self.neighbours.resize(at + capacity, Neighbour { weight2: W::ZERO, vertex: 0, end: 0 });
        for slot in at..at + (end - start) {
            // This entry is the one of endpoint `end ^ 1`.
            let own = self.neighbours[slot].end as usize ^ 1;
            self.list_slot[own] = index(slot);
        }
        self.abandoned += self.neighbour_limit[v] - start;
        self.neighbour_start[v] = at;
        self.neighbour_end[v] = at + (end - start);
        self.neighbour_limit[v] = at + capacity;
    }

    /// Lays every list out again with `edges` added after the others.
    fn lay_out_with(&mut self, edges: &[(usize, usize, W)]) {
        // The old adjacency is dropped before the new one is laid out: a graph grown
        // by pricing to hundreds of thousands of edges held both at once.
        let mut weight2 = Vec::with_capacity(self.edge_count() + edges.len());
        weight2.extend((0..self.edge_count()).map(|k| self.weight2(k)));
        let mut endpoint = std::mem::take(&mut self.endpoint);
        endpoint.reserve_exact(2 * edges.len());
        for &(u, v, w) in edges {
            endpoint.push(u);
            endpoint.push(v);
            weight2.push(w.double());
        }
        self.neighbours = Vec::new();
        self.list_slot = Vec::new();
        let Adjacency { endpoint, neighbour_start, neighbour_end, neighbour_limit, neighbours, list_slot } =
            lists(self.n, &weight2, endpoint, |count| count / 4 + 4);
        (self.endpoint, self.neighbour_start, self.neighbour_end) = (endpoint, neighbour_start, neighbour_end);
        (self.neighbour_limit, self.neighbours, self.list_slot) = (neighbour_limit, neighbours, list_slot);
        self.abandoned = 0;
    }

    /// How many edges the graph has: the next added edge's number.
    pub(in crate::domain::matching) fn edge_count(&self) -> usize {
        self.endpoint.len() / 2
    }

    /// The solver over `edges`, every dual starting at `max_weight`.
    fn with_edges(n: usize, edges: Adjacency<W>, max_weight: W) -> Solver<W> {
        let Adjacency { endpoint, neighbour_start, neighbour_end, neighbour_limit, neighbours, list_slot } = edges;
        let mut dual = vec![max_weight; n];
        dual.resize(2 * n, W::ZERO);
        Solver {
            n,
            endpoint,
            neighbour_start,
            neighbour_end,
            neighbour_limit,
            abandoned: 0,
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

/// The entries a list of `len` edges takes after it moved: half as many again for
/// the edges pricing may add later.
fn room_after_move(len: usize) -> usize {
    len + len / 2 + 4
}

/// Each vertex's edges with their doubled weights (`weight2`, by edge) and
/// endpoints, in edge order, each list followed by `room(its length)` free entries.
fn lists<W: MatchWeight>(n: usize, weight2: &[W], endpoint: Vec<usize>, room: impl Fn(usize) -> usize) -> Adjacency<W> {
    let mut count = vec![0usize; n];
    for &v in &endpoint {
        count[v] += 1;
    }
    let mut start = vec![0usize; n + 1];
    for vertex in 0..n {
        start[vertex + 1] = start[vertex] + count[vertex] + room(count[vertex]);
    }
    let mut next_slot = start[..n].to_vec();
    let mut neighbours = vec![Neighbour { weight2: W::ZERO, vertex: 0, end: 0 }; start[n]];
    let mut list_slot = vec![0u32; endpoint.len()];
    for (k, &weight2) in weight2.iter().enumerate() {
        let (u, v) = (endpoint[2 * k], endpoint[2 * k + 1]);
        neighbours[next_slot[u]] = Neighbour { weight2, vertex: index(v), end: index(2 * k + 1) };
        list_slot[2 * k] = index(next_slot[u]);
        next_slot[u] += 1;
        neighbours[next_slot[v]] = Neighbour { weight2, vertex: index(u), end: index(2 * k) };
        list_slot[2 * k + 1] = index(next_slot[v]);
        next_slot[v] += 1;
    }
    let neighbour_limit = start[1..].to_vec();
    Adjacency { endpoint, neighbour_start: start, neighbour_end: next_slot, neighbour_limit, neighbours, list_slot }
}

/// A vertex, endpoint or list slot as stored: they fit in `u32`, a graph having far
/// fewer than 2^31 edges (a warm matcher's window of 6,000 players has 18 million
/// pairs).
pub(in crate::domain::matching) fn index(x: usize) -> u32 {
    u32::try_from(x).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    type Entry = (usize, usize, i128);

    /// Each vertex's list (far vertex, far endpoint, doubled weight, in order), and
    /// each endpoint's entry as found through `list_slot`.
    fn layout(s: &Solver<i128>) -> (Vec<Vec<Entry>>, Vec<Entry>) {
        let entry = |x: &Neighbour<i128>| (x.parts().0, x.parts().1, x.weight2);
        let lists = (0..s.n).map(|v| s.neighbours_of(v).iter().map(entry).collect()).collect();
        let slots = s.list_slot.iter().map(|&slot| entry(&s.neighbours[slot as usize])).collect();
        (lists, slots)
    }

    // Issue 21: edges added to a solver, in the room left in its lists, in a list
    // moved to the end, or laid out again, are listed exactly as `new` lists the whole list (same edge numbers,
    // same order at every vertex), so a graph grown by pricing is searched as the
    // graph built at once.
    #[test]
    fn added_edges_are_listed_as_from_the_whole_list() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for n in [2usize, 3, 7, 12, 30] {
            let edges: Vec<(usize, usize, i128)> = (0..n)
                .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
                .map(|(u, v)| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    (u, v, (seed % 9) as i128 - 2)
                })
                .collect();
            // Grown in steps of one to a few edges: some fit in the room, some do not.
            let mut grown = Solver::new(n, &edges[..edges.len() / 3]);
            let mut at = edges.len() / 3;
            let (mut in_place, mut moved, mut laid_out) = (0, 0, 0);
            while at < edges.len() {
                let step = (1 + (seed % 5) as usize).min(edges.len() - at);
                seed = seed.rotate_left(7) ^ 0x5555;
                let (room_before, abandoned_before) = (grown.neighbours.len(), grown.abandoned);
                grown.add_edges(&edges[at..at + step]);
                in_place += usize::from(grown.neighbours.len() == room_before);
                moved += usize::from(grown.abandoned > abandoned_before);
                laid_out += usize::from(abandoned_before > 0 && grown.abandoned == 0);
                at += step;
                let whole = Solver::new(n, &edges[..at]);
                assert_eq!(grown.endpoint, whole.endpoint);
                assert_eq!(layout(&grown), layout(&whole), "n = {n}, {at} edges");
            }
            assert!(n < 12 || in_place > 0, "n = {n}: no edges went into the room");
            assert!(n < 12 || (moved > 0 && laid_out > 0), "n = {n}: {moved} lists moved, {laid_out} lay-outs");
        }
    }
}
