//! A maximum-weight matching kept from one question of the Dutch procedure to the
//! next ([`Warm`]): most questions change the edges of a few vertices only, so the
//! previous optimum — matching, vertex duals and blossoms — is repaired around them
//! and the solver resumes from there instead of starting again.
//!
//! The repair keeps the duals feasible (every edge's slack ≥ 0) and every matched
//! edge tight, which is all the primal-dual algorithm needs besides its roots:
//! - blossoms holding a changed vertex are expanded, their duals handed to their
//!   vertices (an edge inside keeps its slack; the base's edge out of the blossom
//!   gains slack and is unmatched when no longer tight);
//! - a changed vertex's dual becomes the least that leaves none of its edges with
//!   negative slack (so a matched edge that got lighter may stay tight), and its
//!   matched edge, if no longer tight, is unmatched;
//! - single vertices with a positive dual become the roots of the next search; their
//!   duals are made even (by 1 more where odd), so that half the slack of an edge
//!   between two trees is whole.
//!
//! Even a question that re-weights half the bracket (the exchanges of step 3 in
//! `brackets`) is answered faster this way than from scratch; the caller starts
//! afresh ([`Warm::restart`]) only when every weight changes.

use super::{NONE, Neighbour, Solver};
use crate::domain::swiss::dutch::wide::Wt;

/// A complete graph on `n` vertices whose edge weights change between solves
/// (weight ≤ 0: no edge), and the matching of the last solve.
pub(crate) struct Warm<W: Wt> {
    n: usize,
    /// Weight of each pair, by [`pair_index`].
    weight: Vec<W>,
    /// Vertices taken out of the graph.
    removed: Vec<bool>,
    /// The solver holding the last optimum, if any.
    solver: Option<Solver<W>>,
    /// Pairs whose weight changed since the last solve.
    changed: Vec<(usize, usize)>,
    /// Vertices removed since the last solve.
    newly_removed: Vec<usize>,
    /// Whether the next solve starts from scratch.
    cold: bool,
    /// Whether a fresh start uses uniform duals (see [`Warm::restart_uniform`]).
    uniform: bool,
}

/// The index of pair `u < v` among the pairs of `n` vertices in lexicographic order.
#[inline]
fn pair_index(n: usize, u: usize, v: usize) -> usize {
    let (u, v) = if u < v { (u, v) } else { (v, u) };
    u * n - u * (u + 1) / 2 + (v - u - 1)
}

impl<W: Wt> Warm<W> {
    /// `n` vertices and no edges.
    pub fn new(n: usize) -> Warm<W> {
        Warm {
            n,
            weight: vec![W::ZERO; n * n.saturating_sub(1) / 2],
            removed: vec![false; n],
            solver: None,
            changed: Vec::new(),
            newly_removed: Vec::new(),
            cold: true,
            uniform: false,
        }
    }

    /// Sets the weight of `u`–`v`; a weight ≤ 0 removes the edge.
    pub fn set(&mut self, u: usize, v: usize, w: W) {
        if u == v || self.removed[u] || self.removed[v] {
            return;
        }
        let w = w.max(W::ZERO);
        let slot = pair_index(self.n, u, v);
        if self.weight[slot] != w {
            self.weight[slot] = w;
            if !self.cold {
                self.changed.push((u, v));
            }
        }
    }

    /// Forgets the last optimum: the next solve starts from scratch.
    pub fn restart(&mut self) {
        self.cold = true;
        self.changed.clear();
    }

    /// As [`Warm::restart`], with the textbook start (every dual the heaviest weight)
    /// instead of each vertex's own heaviest edge: another of the optima when
    /// several exist (see `window` on why that can matter).
    pub fn restart_uniform(&mut self) {
        self.restart();
        self.uniform = true;
    }

    /// Takes `v` out of the graph for good (its pair is settled).
    pub fn remove(&mut self, v: usize) {
        if self.removed[v] {
            return;
        }
        self.removed[v] = true;
        for u in 0..self.n {
            if u != v {
                let slot = pair_index(self.n, u, v);
                self.weight[slot] = W::ZERO;
            }
        }
        self.newly_removed.push(v);
    }

    /// Multiplies every weight by 2^`bits`; the last optimum stays optimal (its duals
    /// are scaled alike).
    pub fn scale(&mut self, bits: u32) {
        for w in &mut self.weight {
            *w = w.shl(bits);
        }
        if let Some(solver) = &mut self.solver {
            solver.scale(bits);
        }
    }

    /// The partner of every vertex in a maximum-weight matching, or `None` if the
    /// solver's bookkeeping failed (a bug).
    pub fn solve(&mut self) -> Option<Vec<Option<usize>>> {
        if let (false, Some(solver)) = (self.cold, self.solver.as_mut()) {
            let cover = cover(self.n, &self.changed, &self.removed);
            let changed: Vec<(usize, usize, W)> =
                self.changed.iter().map(|&(u, v)| (u, v, self.weight[pair_index(self.n, u, v)])).collect();
            solver.warm_start(&cover, &changed, &self.newly_removed);
        } else {
            let n = self.n;
            let mut edges = Vec::with_capacity(self.weight.len());
            for u in 0..n {
                for v in u + 1..n {
                    let w = self.weight[pair_index(n, u, v)];
                    edges.push((u, v, if w > W::ZERO { w } else { W::ZERO - W::from_u64(1) }));
                }
            }
            let mut solver = Solver::new(n, &edges);
            if self.uniform {
                for v in (0..n).filter(|&v| self.removed[v]) {
                    solver.dual[v] = W::ZERO;
                    solver.shifted_dual[v] = W::ZERO;
                }
            } else {
                solver.jump_start();
            }
            self.solver = Some(solver);
        }
        self.cold = false;
        self.uniform = false;
        self.changed.clear();
        self.newly_removed.clear();
        let solver = self.solver.as_mut()?;
        if !solver.run() || solver.failed {
            self.cold = true;
            return None;
        }
        Some(solver.partners())
    }
}

/// Vertices that touch every changed pair (`changed`, among `n` vertices, those with a
/// removed end left out), those with most changes first.
fn cover(n: usize, changed: &[(usize, usize)], removed: &[bool]) -> Vec<usize> {
    let mut pairs: Vec<(usize, usize)> =
        changed.iter().map(|&(u, v)| (u.min(v), u.max(v))).filter(|&(u, v)| !removed[u] && !removed[v]).collect();
    pairs.sort_unstable();
    pairs.dedup();
    let mut at: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(u, v) in &pairs {
        at[u].push(v);
        at[v].push(u);
    }
    let mut order: Vec<usize> = (0..n).filter(|&v| !at[v].is_empty()).collect();
    order.sort_by_key(|&v| (std::cmp::Reverse(at[v].len()), v));
    let mut chosen = vec![false; n];
    let mut cover = Vec::new();
    for v in order {
        if at[v].iter().any(|&u| !chosen[u]) {
            chosen[v] = true;
            cover.push(v);
        }
    }
    cover
}

impl<W: Wt> Solver<W> {
    /// Multiplies every weight and dual by 2^`bits`.
    fn scale(&mut self, bits: u32) {
        for w in &mut self.weight2 {
            *w = w.shl(bits);
        }
        for neighbour in &mut self.neighbours {
            neighbour.weight2 = neighbour.weight2.shl(bits);
        }
        for d in &mut self.dual {
            *d = d.shl(bits);
        }
    }

    /// The slot of `u`'s edge to `v` in `neighbours` (complete graphs only, as
    /// [`Warm`] builds them: each vertex's neighbours in increasing order).
    #[inline]
    fn slot(&self, u: usize, v: usize) -> usize {
        self.neighbour_start[u] + if v < u { v } else { v - 1 }
    }

    /// Sets the weight of `u`–`v` (complete graphs only); `w` ≤ 0: no edge.
    fn set_weight(&mut self, u: usize, v: usize, w: W) {
        let w2 = if w > W::ZERO { w.double() } else { W::ZERO - W::from_u64(2) };
        let k = pair_index(self.n, u, v);
        self.weight2[k] = w2;
        let (a, b) = (self.slot(u, v), self.slot(v, u));
        self.neighbours[a].weight2 = w2;
        self.neighbours[b].weight2 = w2;
    }

    /// Expands the blossoms around `x` down to `x` itself, each blossom's dual handed
    /// to its vertices; the bases of the expanded blossoms go to `loose` (their edge
    /// out of the blossom may no longer be tight).
    fn flatten_to(&mut self, x: usize, loose: &mut Vec<usize>) {
        while self.in_blossom[x] != x {
            let b = self.in_blossom[x];
            let z = self.dual[b];
            self.collect_leaves(b);
            for index in 0..self.leaves.len() {
                let v = self.leaves[index];
                self.dual[v] += z;
            }
            self.dual[b] = W::ZERO;
            loose.push(self.blossom_base[b]);
            self.expand_blossom(b, true);
        }
    }

    /// Unmatches `v` and its partner when their edge is not tight (neither is in a
    /// blossom holding the other).
    fn unmatch_if_loose(&mut self, v: usize) {
        let p = self.mate[v];
        if p == NONE || self.slack(p / 2).is_zero() {
            return;
        }
        let u = self.endpoint[p];
        self.mate[v] = NONE;
        self.mate[u] = NONE;
    }

    /// Replaces the uniform starting duals of a fresh solver by each vertex's
    /// heaviest edge (still feasible, and much closer to the optimum's), with a
    /// greedy matching of the edges that are then tight, and the single vertices'
    /// duals made even.
    pub(super) fn jump_start(&mut self) {
        for v in 0..self.n {
            let heaviest = self.neighbours_of(v).iter().map(|neighbour| neighbour.weight2).max();
            self.dual[v] = heaviest.unwrap_or(W::ZERO).max(W::ZERO).half();
        }
        for v in 0..self.n {
            if self.mate[v] != NONE || self.dual[v].is_zero() {
                continue;
            }
            let tight = self.neighbours_of(v).iter().find(|neighbour| {
                self.mate[neighbour.vertex] == NONE && self.dual[v] + self.dual[neighbour.vertex] == neighbour.weight2
            });
            if let Some(&Neighbour { vertex: u, end: p, .. }) = tight {
                self.mate[v] = p;
                self.mate[u] = p ^ 1;
            }
        }
        self.even_out_roots();
    }

    /// Clears everything a search leaves behind.
    fn reset_search(&mut self) {
        for x in 0..2 * self.n {
            self.label[x] = super::FREE;
            self.label_end[x] = NONE;
            self.tree[x] = NONE;
            self.best_edge[x] = NONE;
            self.blossom_best_edges[x] = None;
        }
        self.queue.clear();
        self.marked.clear();
        self.unrepaired.clear();
        self.shift = W::ZERO;
    }

    /// Repairs the last optimum after `changed` pairs took new weights (every one
    /// touches a vertex of `cover`) and `removed` vertices left the graph, ready for
    /// [`Solver::run`].
    fn warm_start(&mut self, cover: &[usize], changed: &[(usize, usize, W)], removed: &[usize]) {
        self.reset_search();
        let mut loose = Vec::new();
        for &v in removed.iter().chain(cover) {
            self.flatten_to(v, &mut loose);
        }
        for &v in removed {
            let p = self.mate[v];
            if p != NONE {
                let u = self.endpoint[p];
                self.mate[u] = NONE;
                self.mate[v] = NONE;
                loose.push(u);
            }
            for u in 0..self.n {
                if u != v {
                    self.set_weight(u, v, W::ZERO);
                }
            }
            self.dual[v] = W::ZERO;
        }
        for &(u, v, w) in changed {
            self.set_weight(u, v, w);
        }
        // Each changed vertex's dual becomes the least that keeps its edges' slack
        // ≥ 0 (lowered too where its edges got lighter, so that its matched edge
        // stays tight if it still can).
        for &v in cover {
            let mut need = W::ZERO;
            for index in self.neighbour_start[v]..self.neighbour_start[v + 1] {
                let neighbour = self.neighbours[index];
                let d = neighbour.weight2 - self.dual[neighbour.vertex];
                if d > need {
                    need = d;
                }
            }
            self.dual[v] = need;
        }
        for &v in cover.iter().chain(&loose) {
            self.unmatch_if_loose(v);
        }
        self.even_out_roots();
    }

    /// Gives the roots of the next search — the single vertices, whose dual is
    /// positive — even duals (one more where odd, after taking the vertex out of its
    /// blossoms, whose base it is, so no matched edge is loosened), and makes the
    /// cached `dual + shift` match the duals.
    fn even_out_roots(&mut self) {
        let odd = |w: W| w.half().double() != w;
        let mut loose = Vec::new();
        for v in 0..self.n {
            if self.mate[v] != NONE || !odd(self.dual[v]) {
                continue;
            }
            self.flatten_to(v, &mut loose);
            if odd(self.dual[v]) {
                self.dual[v] += W::from_u64(1);
            }
        }
        for v in 0..self.n {
            self.shifted_dual[v] = self.dual[v] + self.shift;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::matching::{self, Edge};
    use crate::domain::swiss::dutch::wide::Wide;
    use proptest::prelude::*;

    type W3 = Wide<3>;

    /// A tiny xorshift for the test's own draws.
    struct Draw(u64);
    impl Draw {
        fn next(&mut self, below: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % below
        }
    }

    /// The weight of the reference solver's maximum matching of `weights` (u64 by pair).
    fn best_total(n: usize, weights: &[u64], removed: &[bool]) -> u64 {
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                let w = weights[pair_index(n, u, v)];
                if w > 0 && !removed[u] && !removed[v] {
                    edges.push(Edge { u, v, weight: w as _ });
                }
            }
        }
        let mates = matching::max_weight_matching(n, &edges, false).expect("solved");
        edges.iter().filter(|e| mates[e.u] == Some(e.v)).map(|e| e.weight as u64).sum()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]
        /// R-3 (issue 10): a matching carried from question to question — a few
        /// vertices' edges re-weighted, settled pairs removed, all weights scaled —
        /// is after every solve as heavy as a fresh solve of the same graph.
        #[test]
        fn warm_solves_are_optimal(n in 2usize..26, density in 3u64..11, seed in any::<u64>(), steps in 1usize..14) {
            let mut draw = Draw(seed | 1);
            let mut warm: Warm<W3> = Warm::new(n);
            let mut weights = vec![0u64; n * (n - 1) / 2];
            let mut removed = vec![false; n];
            for u in 0..n {
                for v in u + 1..n {
                    if draw.next(10) < density {
                        let w = 1 + draw.next(40);
                        weights[pair_index(n, u, v)] = w;
                        warm.set(u, v, W3::from_u64(w));
                    }
                }
            }
            let mut mates = warm.solve().expect("solved");
            for _ in 0..steps {
                match draw.next(6) {
                    0 => {
                        // Settle a matched pair.
                        if let Some(v) = (0..n).find(|&v| mates[v].is_some()) {
                            let u = mates[v].expect("matched");
                            for x in [u, v] {
                                removed[x] = true;
                                warm.remove(x);
                                for y in 0..n {
                                    if y != x {
                                        weights[pair_index(n, x, y)] = 0;
                                    }
                                }
                            }
                        }
                    }
                    1 => {
                        let bits = 1 + draw.next(3) as u32;
                        warm.scale(bits);
                        for w in &mut weights {
                            *w <<= bits;
                        }
                    }
                    _ => {
                        // Re-weight (up, down, on or off) some edges of one or two vertices.
                        for _ in 0..1 + draw.next(2) {
                            let v = draw.next(n as u64) as usize;
                            for u in 0..n {
                                if u == v || removed[u] || removed[v] || draw.next(3) == 0 {
                                    continue;
                                }
                                let slot = pair_index(n, u, v);
                                let w = match draw.next(4) {
                                    0 => 0,
                                    1 => weights[slot] + 1 + draw.next(8),
                                    2 => weights[slot].saturating_sub(1 + draw.next(8)),
                                    _ => 1 + draw.next(40 << 6),
                                };
                                weights[slot] = w;
                                warm.set(u, v, W3::from_u64(w));
                            }
                        }
                    }
                }
                mates = warm.solve().expect("solved");
                let mut total = 0u64;
                for v in 0..n {
                    if let Some(u) = mates[v] {
                        prop_assert_eq!(mates[u], Some(v));
                        prop_assert!(!removed[v]);
                        let w = weights[pair_index(n, u, v)];
                        prop_assert!(w > 0, "{}-{} has no edge", u, v);
                        if u < v {
                            total += w;
                        }
                    }
                }
                prop_assert_eq!(total, best_total(n, &weights, &removed));
            }
        }
    }
}
