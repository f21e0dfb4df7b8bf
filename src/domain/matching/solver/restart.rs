//! Starting a search from something better than the textbook duals: each vertex's
//! heaviest edge for a fresh solve (`jump_start`), or the last optimum repaired
//! around the vertices whose edges changed (`warm_start`, for [`Warm`]); see the
//! module documentation of `warm` for why the repair keeps the duals feasible.
//!
//! [`Warm`]: crate::domain::matching::warm::Warm

use super::{FREE, MatchWeight, NONE, Solver};

/// The doubled weight of an edge that is never used again (a removed vertex's, or
/// one whose weight fell to ≤ 0): negative, so never tight.
fn absent<W: MatchWeight>() -> W {
    W::ZERO - W::from_u64(2)
}

impl<W: MatchWeight> Solver<W> {
    /// Multiplies every weight and dual by 2^`bits`.
    pub(in crate::domain::matching) fn scale(&mut self, bits: u32) {
        for neighbour in &mut self.neighbours {
            neighbour.weight2 = neighbour.weight2.shl(bits);
        }
        for d in &mut self.dual {
            *d = d.shl(bits);
        }
    }

    /// Sets the doubled weight of edge `k` (in both ends' lists).
    fn set_weight2(&mut self, k: usize, w2: W) {
        for p in [2 * k, 2 * k + 1] {
            self.neighbours[self.list_slot[p] as usize].weight2 = w2;
        }
    }

    /// Vertex `v`'s doubled dual, and its top-level blossom (itself when in none):
    /// a pair's slack counts blossom duals only when both ends share that blossom.
    pub(in crate::domain::matching) fn vertex_dual(&self, v: usize) -> (W, usize) {
        (self.dual[v], self.in_blossom[v])
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
    pub(in crate::domain::matching) fn jump_start(&mut self) {
        for v in 0..self.n {
            let heaviest = self.neighbours_of(v).iter().map(|neighbour| neighbour.weight2).max();
            self.dual[v] = heaviest.unwrap_or(W::ZERO).max(W::ZERO).half();
        }
        for v in 0..self.n {
            if self.mate[v] != NONE || self.dual[v].is_zero() {
                continue;
            }
            let tight = self.neighbours_of(v).iter().find(|neighbour| {
                let u = neighbour.parts().0;
                self.mate[u] == NONE && self.dual[v] + self.dual[u] == neighbour.weight2
            });
            if let Some((u, p, _)) = tight.map(|neighbour| neighbour.parts()) {
                self.mate[v] = p;
                self.mate[u] = p ^ 1;
            }
        }
        self.even_out_roots();
    }

    /// Takes vertex `v` out of a fresh solver's search: a zero dual makes it no root
    /// (its edges must be absent, that is of negative weight).
    pub(in crate::domain::matching) fn retire(&mut self, v: usize) {
        self.dual[v] = W::ZERO;
        self.shifted_dual[v] = W::ZERO;
    }

    /// Clears everything a search leaves behind.
    fn reset_search(&mut self) {
        for x in 0..2 * self.n {
            self.label[x] = FREE;
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

    /// Repairs the last optimum after `changed` edges `(number, weight)` took new
    /// weights (every one touches a vertex of `cover`; edges added since the last
    /// run need only their ends in it) and `removed` vertices left the graph, ready
    /// for [`Solver::run`].
    pub(in crate::domain::matching) fn warm_start(
        &mut self,
        cover: &[usize],
        changed: &[(usize, W)],
        removed: &[usize],
    ) {
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
            for index in self.neighbour_start[v]..self.neighbour_end[v] {
                let k = self.neighbours[index].parts().2;
                self.set_weight2(k, absent());
            }
            self.dual[v] = W::ZERO;
        }
        for &(k, w) in changed {
            self.set_weight2(k, if w > W::ZERO { w.double() } else { absent() });
        }
        // Each changed vertex's dual becomes the least that keeps its edges' slack
        // ≥ 0 (lowered too where its edges got lighter, so that its matched edge
        // stays tight if it still can).
        for &v in cover {
            let mut need = W::ZERO;
            for index in self.neighbour_start[v]..self.neighbour_end[v] {
                let neighbour = self.neighbours[index];
                let d = neighbour.weight2 - self.dual[neighbour.parts().0];
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
