//! Blossoms: finding the base of a new odd cycle, shrinking it into a blossom (with
//! its least-slack edges to other S-blossoms), expanding a blossom again (relabelling
//! its sub-blossoms when it was a T-blossom) and rotating a blossom so that a given
//! vertex becomes its base after an augmentation.

use super::{BREADCRUMB, FREE, MatchWeight, NONE, S, Solver, T};

impl<W: MatchWeight> Solver<W> {
    /// Traces back from S-vertices `v` and `w`: the base of the new blossom, or `NONE`
    /// when the paths reach two different single vertices (an augmenting path).
    pub(super) fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = std::mem::take(&mut self.stack);
        path.clear();
        let (mut v, mut w) = (v, w);
        let mut base = NONE;
        while v != NONE {
            let b = self.in_blossom[v];
            if self.label[b] & BREADCRUMB != 0 {
                base = self.blossom_base[b];
                break;
            }
            path.push(b);
            self.label[b] = S | BREADCRUMB;
            if self.label_end[b] == NONE {
                // The base of b is single: this path ends here.
                v = NONE;
            } else {
                // One step back to the T-blossom, another to the next S-blossom.
                let t = self.in_blossom[self.endpoint[self.label_end[b]]];
                v = self.endpoint[self.label_end[t]];
            }
            // Alternate between the two paths.
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for &b in &path {
            self.label[b] = S;
        }
        self.stack = path;
        base
    }

    /// Makes a new S-blossom with base `base` from the cycle closed by edge `k`
    /// between two S-vertices; its T-vertices become S.
    pub(super) fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let Some(b) = self.unused_blossoms.pop() else {
            // Cannot happen: blossoms form a laminar family of odd sets of at least
            // three vertices, so fewer than n/2 exist at a time.
            self.failures.push("blossom numbers");
            return;
        };
        self.blossom_base[b] = base;
        self.blossom_parent[b] = NONE;
        self.blossom_parent[bb] = b;

        let mut children = std::mem::take(&mut self.blossom_children[b]);
        let mut endpoints = std::mem::take(&mut self.blossom_endpoints[b]);
        children.clear();
        endpoints.clear();
        // Trace back from v to the base.
        while bv != bb {
            self.blossom_parent[bv] = b;
            children.push(bv);
            endpoints.push(self.label_end[bv]);
            v = self.endpoint[self.label_end[bv]];
            bv = self.in_blossom[v];
        }
        children.push(bb);
        children.reverse();
        endpoints.reverse();
        endpoints.push(2 * k);
        // Trace back from w to the base.
        while bw != bb {
            self.blossom_parent[bw] = b;
            children.push(bw);
            endpoints.push(self.label_end[bw] ^ 1);
            w = self.endpoint[self.label_end[bw]];
            bw = self.in_blossom[w];
        }
        self.blossom_children[b] = children;
        self.blossom_endpoints[b] = endpoints;
        self.label[b] = S;
        self.label_end[b] = self.label_end[bb];
        self.tree[b] = self.tree[bb];
        self.dual[b] = W::ZERO;

        // Relabel: T-vertices inside become S-vertices to scan.
        self.collect_leaves(b);
        for index in 0..self.leaves.len() {
            let v = self.leaves[index];
            if self.label[self.in_blossom[v]] == T {
                self.queue.push(v);
            }
            self.in_blossom[v] = b;
        }
        self.find_blossom_best_edges(b);
    }

    /// The least-slack edges from new blossom `b` to each neighbouring S-blossom, from
    /// the sub-blossoms' lists where known, else from their vertices' edges; the least
    /// of them becomes `b`'s least-slack edge.
    fn find_blossom_best_edges(&mut self, b: usize) {
        for child_index in 0..self.blossom_children[b].len() {
            let child = self.blossom_children[b][child_index];
            if let Some(list) = self.blossom_best_edges[child].take() {
                for &k in &list {
                    let (i, j) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
                    let far = if self.in_blossom[i] == b { j } else { i };
                    let bj = self.in_blossom[far];
                    if bj != b && self.label[bj] == S {
                        self.consider_best_edge_to(bj, k, self.slack(k), far);
                    }
                }
            } else {
                self.collect_leaves(child);
                let leaves = std::mem::take(&mut self.leaves);
                for &v in &leaves {
                    for index in self.neighbour_start[v]..self.neighbour_end[v] {
                        let neighbour = self.neighbours[index];
                        let (w, _, k) = neighbour.parts();
                        let bw = self.in_blossom[w];
                        if bw != b && self.label[bw] == S {
                            let slack = self.dual[v] + self.dual[w] - neighbour.weight2;
                            self.consider_best_edge_to(bw, k, slack, w);
                        }
                    }
                }
                self.leaves = leaves;
            }
            self.best_edge[child] = NONE;
        }
        let mut list = Vec::with_capacity(self.best_edge_touched.len());
        self.best_edge[b] = NONE;
        for index in 0..self.best_edge_touched.len() {
            let other = self.best_edge_touched[index];
            let (k, kslack, far) = self.best_edge_to[other];
            self.best_edge_to[other].0 = NONE;
            list.push(k);
            self.offer_best_edge(b, k, kslack + self.shift.double(), far);
        }
        self.best_edge_touched.clear();
        self.blossom_best_edges[b] = Some(list);
    }

    /// Records edge `k` with slack `kslack` and end `far` in S-blossom `bj` as the
    /// least-slack edge from the blossom being made to `bj`, if it is.
    pub(super) fn consider_best_edge_to(&mut self, bj: usize, k: usize, kslack: W, far: usize) {
        let known = self.best_edge_to[bj];
        if known.0 == NONE {
            self.best_edge_touched.push(bj);
            self.best_edge_to[bj] = (k, kslack, far);
        } else if kslack < known.1 {
            self.best_edge_to[bj] = (k, kslack, far);
        }
    }

    /// Expands top-level blossom `b`: its sub-blossoms become top-level. With
    /// `dissolving` (its tree was just dissolved), sub-blossoms with zero dual are
    /// expanded too; otherwise `b` is a T-blossom and its sub-blossoms are relabelled.
    pub(super) fn expand_blossom(&mut self, b: usize, dissolving: bool) {
        let mut pending = vec![b];
        while let Some(b) = pending.pop() {
            let children = std::mem::take(&mut self.blossom_children[b]);
            for &s in &children {
                self.blossom_parent[s] = NONE;
                if s < self.n {
                    self.in_blossom[s] = s;
                } else if dissolving && self.dual[s] == W::ZERO {
                    pending.push(s);
                } else {
                    self.collect_leaves(s);
                    for index in 0..self.leaves.len() {
                        let v = self.leaves[index];
                        self.in_blossom[v] = s;
                    }
                }
            }
            if !dissolving && self.label[b] == T {
                self.relabel_expanded(b, &children);
            }
            // Recycle the blossom number.
            let mut children = children;
            children.clear();
            self.blossom_children[b] = children;
            self.blossom_endpoints[b].clear();
            self.label[b] = FREE;
            self.label_end[b] = NONE;
            self.tree[b] = NONE;
            self.blossom_base[b] = NONE;
            self.blossom_best_edges[b] = None;
            self.best_edge[b] = NONE;
            self.unused_blossoms.push(b);
        }
    }

    /// Relabels the sub-blossoms (`children`) of T-blossom `b` being expanded during a
    /// stage: the path from the sub-blossom through which `b` got its label to the base
    /// alternates T and S; the other sub-blossoms become T if reachable, else free.
    pub(super) fn relabel_expanded(&mut self, b: usize, children: &[usize]) {
        let endpoints = std::mem::take(&mut self.blossom_endpoints[b]);
        let len = children.len() as isize;
        let at = |j: isize| (if j < 0 { j + len } else { j }) as usize;
        // The sub-blossom through which b got its label.
        let entry_child = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]];
        let mut j = children.iter().position(|&c| c == entry_child).unwrap_or(0) as isize;
        // Go round the blossom the way that reaches the base over an even path.
        let (step, trick) = if j & 1 == 1 {
            j -= len;
            (1, 0usize)
        } else {
            (-1, 1)
        };
        let mut p = self.label_end[b];
        while j != 0 {
            // Relabel the T-sub-blossom.
            self.label[self.endpoint[p ^ 1]] = FREE;
            self.label[self.endpoint[endpoints[at(j - trick as isize)] ^ trick ^ 1]] = FREE;
            self.assign_label(self.endpoint[p ^ 1], T, p);
            // Step to the next S-sub-blossom and note its forward endpoint.
            j += step;
            p = endpoints[at(j - trick as isize)] ^ trick;
            // Step to the next T-sub-blossom.
            j += step;
        }
        // Relabel the base T-sub-blossom without stepping through to its mate.
        let bv = children[at(j)];
        let v = self.endpoint[p ^ 1];
        self.label[v] = T;
        self.label[bv] = T;
        self.label_end[v] = p;
        self.label_end[bv] = p;
        self.tree[bv] = self.tree[b];
        self.best_edge[bv] = NONE;
        // Continue round the blossom to the entry sub-blossom.
        j += step;
        while children[at(j)] != entry_child {
            let bv = children[at(j)];
            j += step;
            if self.label[bv] == S {
                // Just got label S through one of its neighbours.
                continue;
            }
            // Reachable from an S-vertex outside the expanding blossom? Then T.
            self.collect_leaves(bv);
            let reached = self.leaves.iter().copied().find(|&v| self.label[v] != FREE);
            if let Some(v) = reached {
                self.label[v] = FREE;
                self.label[self.endpoint[self.mate[self.blossom_base[bv]]]] = FREE;
                self.assign_label(v, T, self.label_end[v]);
            }
        }
        self.blossom_endpoints[b] = endpoints;
    }

    /// Swaps matched and unmatched edges on the alternating path inside blossom `b`
    /// from vertex `v` to the base; `v` becomes the base.
    pub(super) fn augment_blossom(&mut self, b: usize, v: usize) {
        // Each (blossom, vertex) is independent of the others on the stack: they touch
        // disjoint sub-blossoms, so no recursion is needed.
        let mut pending = vec![(b, v)];
        while let Some((b, v)) = pending.pop() {
            // The immediate sub-blossom of b that holds v.
            let mut t = v;
            while self.blossom_parent[t] != b {
                t = self.blossom_parent[t];
            }
            if t >= self.n {
                pending.push((t, v));
            }
            let children = &self.blossom_children[b];
            let endpoints = &self.blossom_endpoints[b];
            let len = children.len() as isize;
            let at = |j: isize| (if j < 0 { j + len } else { j }) as usize;
            let i = children.iter().position(|&c| c == t).unwrap_or(0);
            let mut j = i as isize;
            let (step, trick) = if j & 1 == 1 {
                j -= len;
                (1, 0usize)
            } else {
                (-1, 1)
            };
            while j != 0 {
                // Step to the next sub-blossom and augment it.
                j += step;
                let t = children[at(j)];
                let p = endpoints[at(j - trick as isize)] ^ trick;
                if t >= self.n {
                    pending.push((t, self.endpoint[p]));
                }
                // And the one after.
                j += step;
                let t = children[at(j)];
                if t >= self.n {
                    pending.push((t, self.endpoint[p ^ 1]));
                }
                // Match the edge between them.
                self.mate[self.endpoint[p]] = p ^ 1;
                self.mate[self.endpoint[p ^ 1]] = p;
            }
            // Rotate so that the new base comes first.
            self.blossom_children[b].rotate_left(i);
            self.blossom_endpoints[b].rotate_left(i);
            self.blossom_base[b] = v;
        }
    }
}
