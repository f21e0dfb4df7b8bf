//! Ending alternating trees: augmenting the matching along a path between two trees,
//! releasing vertices whose dual reached zero, and dissolving the trees involved
//! afterwards while the other trees keep growing — with the repair of what those
//! trees knew about the dissolved ones.

use super::{FREE, MatchWeight, NONE, S, Solver, T};

impl<W: MatchWeight> Solver<W> {
    /// After δ1: every S-vertex whose dual reached zero becomes single, its tree's
    /// root taking its place in the matching (the path between them is tight, so the
    /// matching stays optimal for the duals), and the tree is dissolved. Returns
    /// whether no tree is left.
    ///
    /// Roots are released first: in a uniform start every tree ends at once and the
    /// matching is left as it is.
    pub(super) fn release_zero_duals(&mut self) -> bool {
        let mut zero: Vec<usize> =
            (0..self.n).filter(|&v| self.label[self.in_blossom[v]] == S && self.dual[v].is_zero()).collect();
        zero.sort_by_key(|&v| self.mate[v] != NONE);
        for x in zero {
            let bx = self.in_blossom[x];
            if self.label[bx] != S {
                // Its tree was dissolved by an earlier one of these.
                continue;
            }
            let root = self.tree[bx];
            self.release(x);
            self.dissolve_trees([root, root]);
        }
        self.queue.is_empty() && (0..self.n).all(|v| self.label[self.in_blossom[v]] != S)
    }

    /// Swaps matched and unmatched edges on the tree path from S-vertex `x` to its
    /// root: the root becomes matched and `x` single.
    pub(super) fn release(&mut self, x: usize) {
        self.rematch_to_root(x, NONE);
    }

    /// Matches S-vertex `s` through endpoint `p` (`NONE`: leaves it single), swapping
    /// matched and unmatched edges on its tree path back to the root.
    pub(super) fn rematch_to_root(&mut self, s: usize, p: usize) {
        let (mut s, mut p) = (s, p);
        loop {
            let bs = self.in_blossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.label_end[bs] == NONE {
                // Reached the root (or an unlabelled single vertex).
                break;
            }
            let t = self.endpoint[self.label_end[bs]];
            let bt = self.in_blossom[t];
            let back = self.label_end[bt];
            s = self.endpoint[back];
            let j = self.endpoint[back ^ 1];
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = back;
            p = back ^ 1;
        }
    }

    /// Augments the matching along the path through edge `k` between two S-vertices
    /// whose trees have different roots.
    pub(super) fn augment_matching(&mut self, k: usize) {
        let (v, w) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
        self.rematch_to_root(v, 2 * k + 1);
        self.rematch_to_root(w, 2 * k);
    }

    /// After an augmentation: unlabels the two trees with these roots (as
    /// `mwmatching.py` unlabels all trees at the end of a stage, expanding their
    /// S-blossoms of zero dual), then repairs what the other trees knew about them.
    ///
    /// Least-slack edges elsewhere that lead into the dissolved trees are left as
    /// they are: such a stale edge's slack is still a lower bound of the true least
    /// slack (every other candidate was compared with it), so [`Solver::adjust_duals`]
    /// recomputes it only when it would decide δ. "Reached" marks inside T-blossoms
    /// are cleared at once, as the relabelling on expansion trusts them.
    pub(super) fn dissolve_trees(&mut self, roots: [usize; 2]) {
        let n = self.n;
        self.dissolutions += 1;
        let epoch = self.dissolutions;
        let in_trees = |solver: &Solver<W>, b: usize| solver.label[b] != FREE && roots.contains(&solver.tree[b]);
        let members: Vec<usize> = (0..n).filter(|&x| in_trees(self, self.in_blossom[x])).collect();

        // Expand their S-blossoms whose dual is zero.
        for &x in &members {
            let b = self.in_blossom[x];
            if b >= n && self.label[b] == S && self.dual[b] == W::ZERO && in_trees(self, b) {
                self.expand_blossom(b, true);
            }
        }
        // Unlabel their vertices and all blossoms around them.
        for &x in &members {
            self.dissolved_in[x] = epoch;
            self.unlabel(x);
            let mut b = self.blossom_parent[x];
            while b != NONE && self.dissolved_in[b] != epoch {
                self.dissolved_in[b] = epoch;
                self.unlabel(b);
                self.blossom_best_edges[b] = None;
                b = self.blossom_parent[b];
            }
        }
        self.queue.retain(|&v| self.dissolved_in[v] != epoch);

        // Vertices inside T-blossoms that were reached from a dissolved vertex are
        // no longer reached.
        let mut unreached = Vec::new();
        let mut marked = std::mem::take(&mut self.marked);
        marked.retain(|&w| {
            let bw = self.in_blossom[w];
            if self.label[bw] != T || bw == w || self.label[w] != T {
                // No longer marked.
                return false;
            }
            if self.dissolved_in[self.endpoint[self.label_end[w]]] != epoch {
                return true;
            }
            self.label[w] = FREE;
            self.label_end[w] = NONE;
            unreached.push(w);
            false
        });
        self.marked = marked;
        for &w in &unreached {
            self.repair_vertex(w);
        }
        // The dissolved vertices are free; their least-slack edges to S-vertices are
        // found before the duals next move (other trees may reach them first).
        self.unrepaired.extend(members);
    }

    /// Finds the least-slack edges to S-vertices of the dissolved vertices that are
    /// still free (or unreached inside a T-blossom), and queues the S-vertices that
    /// reach them by a tight edge to be scanned again.
    pub(super) fn repair_dissolved(&mut self) {
        let epoch = self.dissolutions;
        let unrepaired = std::mem::take(&mut self.unrepaired);
        for &x in &unrepaired {
            let bx = self.in_blossom[x];
            let waiting = self.label[bx] == FREE || (self.label[bx] == T && bx != x && self.label[x] == FREE);
            if !waiting || self.repaired_in[x] == epoch {
                continue;
            }
            self.repaired_in[x] = epoch;
            self.repair_vertex(x);
            let k = self.best_edge[x];
            if k != NONE && self.label[bx] == FREE && self.best_key[x] - self.shift + self.dual[x] <= W::ZERO {
                let (i, j) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
                let s = if i == x { j } else { i };
                if self.rescanned_in[s] != epoch {
                    self.rescanned_in[s] = epoch;
                    self.queue.push(s);
                }
            }
        }
        self.unrepaired = unrepaired;
        self.unrepaired.clear();
    }

    /// Clears the labels and least-slack edge of vertex or blossom `x`.
    pub(super) fn unlabel(&mut self, x: usize) {
        self.label[x] = FREE;
        self.label_end[x] = NONE;
        self.tree[x] = NONE;
        self.best_edge[x] = NONE;
    }

    /// Whether least-slack edge `k` of `x` (a free vertex, a vertex inside a
    /// T-blossom, or a top-level S-blossom) no longer leads to the S-vertex it was
    /// recorded for: that vertex has been dissolved since.
    pub(super) fn best_edge_is_stale(&self, x: usize, k: usize) -> bool {
        let (i, j) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
        let near = if x < self.n && self.label[self.in_blossom[x]] != S { self.in_blossom[x] } else { x };
        let far = if self.in_blossom[i] == near { j } else { i };
        self.dissolved_in[far] != self.best_far_since[x]
    }

    /// Recomputes the least-slack edge from vertex `y` (free, or inside a T-blossom)
    /// to an S-vertex; an unreached vertex in a T-blossom with a tight such edge
    /// becomes reached.
    pub(super) fn repair_vertex(&mut self, y: usize) {
        let by = self.in_blossom[y];
        if self.label[by] == S || (self.label[by] == T && (by == y || self.label[y] == T)) {
            return;
        }
        let inside_t = self.label[by] == T;
        self.best_edge[y] = NONE;
        for index in self.neighbour_start[y]..self.neighbour_end[y] {
            let neighbour = self.neighbours[index];
            let (w, p, k) = neighbour.parts();
            let bw = self.in_blossom[w];
            if bw == by || self.label[bw] != S {
                continue;
            }
            let weight2 = neighbour.weight2;
            if inside_t && self.label[y] == FREE && self.dual[y] + self.dual[w] - weight2 <= W::ZERO {
                // Reached from outside its T-blossom.
                self.label[y] = T;
                self.label_end[y] = p;
                self.marked.push(y);
            }
            self.offer_best_edge(y, k, self.shifted_dual[w] - weight2, w);
        }
    }

    /// Recomputes the least-slack edge from top-level S-blossom `b` to another
    /// S-blossom, from its list when it has one, else from its vertices' edges.
    pub(super) fn repair_s_blossom(&mut self, b: usize) {
        self.best_edge[b] = NONE;
        let edges: Vec<usize> = match &self.blossom_best_edges[b] {
            Some(list) => list.clone(),
            None => {
                self.collect_leaves(b);
                self.leaves
                    .iter()
                    .flat_map(|&v| self.neighbours_of(v).iter().map(|neighbour| neighbour.parts().2))
                    .collect()
            }
        };
        let shift2 = self.shift.double();
        for k in edges {
            let (i, j) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
            let (bi, bj) = (self.in_blossom[i], self.in_blossom[j]);
            if bi != bj && self.label[bi] == S && self.label[bj] == S {
                let far = if bi == b { j } else { i };
                self.offer_best_edge(b, k, self.slack(k) + shift2, far);
            }
        }
    }
}
