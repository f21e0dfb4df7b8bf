//! The primal-dual blossom algorithm itself, generic over the weight type: the
//! solver's state, the search (labelling, δ and the dual moves) and the two ways a
//! fresh search starts ([`Start`]). The submodules hold blossoms (`blossom`),
//! augmenting and the partial dissolution of trees after it (`augment`), the better
//! starts and resuming from an earlier optimum (`restart`), the blossom forest laid
//! out for pricing many pairs (`nesting`), and the tests'
//! consistency checks (`checks`). The algorithm is described in the module
//! documentation of `domain::matching`.

use super::weight::MatchWeight;

mod augment;
mod blossom;
mod build;
#[cfg(test)]
mod checks;
mod nesting;
mod restart;

pub(super) use build::index;

/// How a fresh search chooses its starting duals and matching. Both find a
/// maximum-weight matching; when several exist, they may find different ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// The textbook start: every vertex dual the heaviest weight, nothing matched.
    /// [`super::Matcher::max_weight_matching`] uses it (the Swiss `cxa` engine's pairings
    /// depend on which optimum it returns among equal ones). From it the search
    /// takes the steps of `mwmatching.py` with partial dissolution, as before the
    /// solvers were merged: every single vertex stays a root with the least vertex
    /// dual, so δ1 ends all trees at once with the matching as it is, and a tight
    /// edge never leads to an unlabelled single vertex.
    Uniform,
    /// Each vertex's dual its own heaviest edge, with a greedy matching of the edges
    /// that are then tight: much closer to the optimum, so faster on the Dutch graphs.
    HeaviestEdge,
}

/// A maximum-weight matching of `n` vertices; `edges` are `(u, v, w)` with `u != v`
/// and at most one edge per pair (an edge of weight ≤ 0 is never used). Returns the
/// partner of every vertex, or `None` if the solver's bookkeeping failed (a bug).
///
/// Unlike [`super::Matcher::max_weight_matching`] the input is not checked: the weights must
/// leave room for the doubled duals (the module documentation of `domain::matching`
/// gives the bound for `i128`).
pub(super) fn solve<W: MatchWeight>(n: usize, edges: &[(usize, usize, W)], start: Start) -> Option<Vec<Option<usize>>> {
    let mut solver = Solver::new(n, edges);
    if start == Start::HeaviestEdge {
        solver.jump_start();
    }
    solver.run();
    (!solver.failed()).then(|| solver.partners())
}

/// "No vertex / edge / endpoint / blossom".
const NONE: usize = usize::MAX;

/// Label of a top-level blossom: not in any alternating tree.
const FREE: u8 = 0;
/// Label of a top-level blossom: outer vertex/blossom, at even distance from a root.
const S: u8 = 1;
/// Label of a top-level blossom: inner vertex/blossom, at odd distance from a root.
const T: u8 = 2;
/// Added to an S label while tracing paths in [`Solver::scan_blossom`].
const BREADCRUMB: u8 = 4;

/// One edge as seen from one of its ends, stored contiguously per vertex so that
/// scanning a vertex reads memory in order. The edge's weight lives here only, at
/// both ends, with `u32` indices (issue 21: without a third copy in an edge array
/// and with half-width indices, a large sparse graph's edges take two thirds of
/// the memory; reading the weight from one array instead of the lists saved more
/// but slowed the searches by a quarter).
#[derive(Debug, Clone, Copy)]
struct Neighbour<W: MatchWeight> {
    /// Twice the edge's weight.
    weight2: W,
    /// The vertex at the other end.
    vertex: u32,
    /// The endpoint at the other end (`2k` or `2k + 1` for edge `k`).
    end: u32,
}

impl<W: MatchWeight> Neighbour<W> {
    /// The vertex at the other end, the endpoint there, and the edge.
    #[inline]
    fn parts(self) -> (usize, usize, usize) {
        let end = self.end as usize;
        (self.vertex as usize, end, end / 2)
    }
}

/// The state of the primal-dual algorithm.
///
/// Vertices are `0..n`; non-trivial blossoms `n..2n`. Edge `k` has the endpoints
/// `2k` and `2k + 1`; `endpoint[p]` is the vertex of endpoint `p`, and `p ^ 1` is the
/// other end of the same edge. Names follow `mwmatching.py` and Galil's paper.
///
/// Unlike `mwmatching.py`, an augmentation does not end the search everywhere: only
/// the two alternating trees it joined are dissolved (their vertices become free;
/// see [`Solver::dissolve_trees`]). The other trees keep growing, so a vertex is
/// scanned again only when it becomes an S-vertex again, not once per augmentation;
/// this is what makes large dense graphs fast.
///
/// Least-slack edges are compared by keys that do not change while the duals move:
/// for an edge from S-vertex `v` to a free vertex, `dual[v] + shift − 2w`; for an
/// edge between two S-blossoms, its slack `+ 2·shift`, where `shift` is the sum of
/// all δ so far. The slack is recovered when needed.
pub(super) struct Solver<W: MatchWeight> {
    /// Number of vertices.
    n: usize,
    /// Vertex of each edge endpoint.
    endpoint: Vec<usize>,
    /// `neighbours[neighbour_start[v]..neighbour_end[v]]`: the edges at `v`, in
    /// edge order; up to `neighbour_limit[v]` room for edges added later.
    neighbour_start: Vec<usize>,
    /// See `neighbour_start`.
    neighbour_end: Vec<usize>,
    /// See `neighbour_start`.
    neighbour_limit: Vec<usize>,
    /// Entries of `neighbours` in lists left behind by a list that moved (see
    /// `build`): laid out again when they are a quarter of all.
    abandoned: usize,
    /// See `neighbour_start` (unused room holds no edge).
    neighbours: Vec<Neighbour<W>>,
    /// For endpoint `p`: the index in `neighbours` of its edge in the list of its
    /// vertex (the entry whose `end` is `p ^ 1`).
    list_slot: Vec<u32>,

    /// For a vertex: the remote endpoint of its matched edge, or `NONE` when single.
    mate: Vec<usize>,
    /// For a top-level blossom: `FREE`, `S` or `T`. For a vertex inside a T-blossom:
    /// `T` when it is reachable from an S-vertex outside the blossom by a tight edge.
    label: Vec<u8>,
    /// For a labelled top-level blossom: the remote endpoint of the edge through which
    /// it got its label, `NONE` for a single base. For a vertex inside a T-blossom with
    /// label `T`: the remote endpoint of the edge through which it is reachable.
    label_end: Vec<usize>,
    /// For a labelled top-level blossom: the root vertex of its alternating tree.
    tree: Vec<usize>,
    /// For a vertex: its top-level blossom (itself when not in a blossom).
    in_blossom: Vec<usize>,
    /// For a sub-blossom: its immediate parent; `NONE` for a top-level blossom.
    blossom_parent: Vec<usize>,
    /// For a non-trivial blossom: its sub-blossoms, starting with the one holding the
    /// base and going round the blossom.
    blossom_children: Vec<Vec<usize>>,
    /// For a blossom: its base vertex; `NONE` for an unused blossom number.
    blossom_base: Vec<usize>,
    /// For a non-trivial blossom: `blossom_endpoints[b][i]` is the endpoint on
    /// `blossom_children[b][i]` of the edge to `blossom_children[b][i + 1]` (cyclically).
    blossom_endpoints: Vec<Vec<usize>>,
    /// For a free vertex (or an unreached vertex inside a T-blossom): the least-slack
    /// edge to an S-vertex. For a top-level S-blossom: the least-slack edge to another
    /// S-blossom. `NONE` when there is no such edge.
    best_edge: Vec<usize>,
    /// The key of `best_edge` (see the type's documentation).
    best_key: Vec<W>,
    /// `dissolved_in` of the far end of `best_edge` when it was recorded: the edge is
    /// stale when the far end has been dissolved since (even if it is S again).
    best_far_since: Vec<u32>,
    /// For a non-trivial top-level S-blossom: the least-slack edges to neighbouring
    /// S-blossoms, or `None` when not computed.
    blossom_best_edges: Vec<Option<Vec<usize>>>,
    /// Blossom numbers not in use.
    unused_blossoms: Vec<usize>,
    /// For a vertex: twice its dual variable. For a non-trivial blossom: its dual
    /// variable (on the same doubled scale as the slacks).
    dual: Vec<W>,
    /// The sum of all δ so far: S-vertex duals have gone down by it since they became S.
    shift: W,
    /// For a vertex: `dual + shift`, which does not change while it is an S-vertex
    /// (kept so that scanning an edge to an S-vertex costs one subtraction).
    shifted_dual: Vec<W>,
    /// S-vertices still to scan.
    queue: Vec<usize>,
    /// Vertices inside T-blossoms marked as reached (some since unmarked).
    marked: Vec<usize>,
    /// Dissolved vertices whose least-slack edges are still to be found.
    unrepaired: Vec<usize>,

    /// Scratch: least-slack edge to each S-blossom while a blossom is added, with its
    /// slack and its end in that blossom (edge `NONE` between uses).
    best_edge_to: Vec<(usize, W, usize)>,
    /// Scratch: the S-blossoms set in `best_edge_to`.
    best_edge_touched: Vec<usize>,
    /// Scratch: a list of leaves.
    leaves: Vec<usize>,
    /// Scratch: a stack for walking blossom trees.
    stack: Vec<usize>,
    /// Scratch for dissolving trees: per vertex or blossom, the number of the last
    /// dissolution that reset it.
    dissolved_in: Vec<u32>,
    /// Scratch for dissolving trees: per vertex, the number of the last dissolution
    /// that queued it to be scanned again.
    rescanned_in: Vec<u32>,
    /// Scratch for dissolving trees: per vertex, the number of the last dissolution
    /// after which its least-slack edge was found.
    repaired_in: Vec<u32>,
    /// Number of dissolutions so far.
    dissolutions: u32,
    /// What went wrong in the bookkeeping (a bug), by name: the result is not
    /// trusted unless this is empty.
    failures: Vec<&'static str>,
    /// Verify the bookkeeping after every substage and the final optimum (tests
    /// only: slow; see `checks`).
    #[cfg(test)]
    checks: bool,
}

impl<W: MatchWeight> Solver<W> {
    /// Twice the slack of edge `k` (meaningless inside blossoms).
    #[inline]
    fn slack(&self, k: usize) -> W {
        self.dual[self.endpoint[2 * k]] + self.dual[self.endpoint[2 * k + 1]] - self.weight2(k)
    }

    /// Twice the weight of edge `k`.
    #[inline]
    fn weight2(&self, k: usize) -> W {
        self.neighbours[self.list_slot[2 * k] as usize].weight2
    }

    /// Whether the bookkeeping went wrong (a bug): the result is not to be trusted.
    pub(super) fn failed(&self) -> bool {
        !self.failures.is_empty()
    }

    /// The matched partner of each vertex.
    pub(super) fn partners(&self) -> Vec<Option<usize>> {
        self.mate.iter().map(|&p| (p != NONE).then(|| self.endpoint[p])).collect()
    }

    /// The edges at vertex `v`.
    fn neighbours_of(&self, v: usize) -> &[Neighbour<W>] {
        &self.neighbours[self.neighbour_start[v]..self.neighbour_end[v]]
    }

    /// Replaces `self.leaves` by the leaf vertices of blossom `b`, in order.
    fn collect_leaves(&mut self, b: usize) {
        self.leaves.clear();
        push_leaves(&self.blossom_children, self.n, b, &mut self.stack, &mut self.leaves);
    }

    /// Offers edge `k` with `key` as the least-slack edge of `x` (a free vertex, an
    /// unreached vertex in a T-blossom, or a top-level S-blossom); `far` is its end at
    /// an S-vertex outside `x`.
    #[inline]
    fn offer_best_edge(&mut self, x: usize, k: usize, key: W, far: usize) {
        if self.best_edge[x] == NONE || key < self.best_key[x] {
            self.best_edge[x] = k;
            self.best_key[x] = key;
            self.best_far_since[x] = self.dissolved_in[far];
        }
    }

    /// Grows alternating trees from all single vertices, augmenting whenever two
    /// trees meet, until the duals prove the matching optimal.
    ///
    /// Single vertices with a zero dual need no partner and are not roots (a warm
    /// start leaves them; see `warm`); the others' duals may differ, as long as they
    /// have the same parity (so that δ3 stays whole). If the bookkeeping goes wrong
    /// (a bug), the reason is left in `failures`.
    pub(super) fn run(&mut self) {
        for v in 0..self.n {
            if self.mate[v] == NONE && self.label[self.in_blossom[v]] == FREE && self.dual[v] > W::ZERO {
                self.assign_label(v, S, NONE);
            }
        }
        // Each substage ends with an augmentation or a dual adjustment; there are
        // O(n) of them per augmentation. The bound only guards against a bug.
        let substage_limit = 8 * (self.n + 2) * (self.n + 2);
        for _ in 0..substage_limit {
            // Issue 21: a pairing the director cancels stops here (`stop`).
            if super::stop::requested() {
                self.failures.push("stopped");
                return;
            }
            // Label everything reachable through tight alternating paths.
            let mut augmented = false;
            while let Some(v) = self.queue.pop() {
                if let Some(k) = self.scan(v) {
                    let roots = [
                        self.tree[self.in_blossom[self.endpoint[2 * k]]],
                        self.tree[self.in_blossom[self.endpoint[2 * k + 1]]],
                    ];
                    self.augment_matching(k);
                    self.dissolve_trees(roots);
                    augmented = true;
                    break;
                }
            }
            if augmented {
                continue;
            }
            if !self.unrepaired.is_empty() {
                self.repair_dissolved();
                if !self.queue.is_empty() {
                    continue;
                }
            }
            #[cfg(test)]
            self.check_bookkeeping();
            match self.adjust_duals() {
                Delta::Optimum => return self.finish(),
                Delta::ZeroDual => {
                    if self.release_zero_duals() {
                        return self.finish();
                    }
                }
                Delta::FreeEdge(k) => {
                    let (i, j) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
                    let i = if self.label[self.in_blossom[i]] == S { i } else { j };
                    self.queue.push(i);
                }
                Delta::BlossomEdge(k) => self.queue.push(self.endpoint[2 * k]),
                Delta::Expand(b) => self.expand_blossom(b, false),
            }
        }
        self.failures.push("substage limit");
    }

    /// The search has ended at an optimum (checked in tests).
    fn finish(&mut self) {
        #[cfg(test)]
        self.check_optimum();
    }

    /// Scans the edges of S-vertex `v`. Returns the edge of an augmenting path when
    /// it found one (the matching is not yet augmented).
    fn scan(&mut self, v: usize) -> Option<usize> {
        let shifted_dual = self.dual[v] + self.shift;
        let shift2 = self.shift.double();
        for index in self.neighbour_start[v]..self.neighbour_end[v] {
            let neighbour = self.neighbours[index];
            let (w, p, k) = neighbour.parts();
            let bv = self.in_blossom[v];
            let bw = self.in_blossom[w];
            if bv == bw {
                // An edge inside a blossom.
                continue;
            }
            let weight2 = neighbour.weight2;
            let kslack = self.dual[v] + self.dual[w] - weight2;
            if kslack <= W::ZERO {
                // A tight edge.
                match self.label[bw] {
                    FREE if self.mate[self.blossom_base[bw]] == NONE => {
                        // w's blossom has a single base: an augmenting path.
                        return Some(k);
                    }
                    FREE => {
                        // w is free: label it T and its mate S.
                        self.assign_label(w, T, p ^ 1);
                    }
                    S => {
                        // Two S-blossoms: a new blossom or an augmenting path.
                        let base = self.scan_blossom(v, w);
                        if base == NONE {
                            return Some(k);
                        }
                        self.add_blossom(base, k);
                    }
                    _ => {
                        if self.label[w] == FREE {
                            // w is inside a T-blossom and not yet reached from
                            // outside: remember how (to relabel when it expands).
                            self.label[w] = T;
                            self.label_end[w] = p ^ 1;
                            self.marked.push(w);
                        }
                    }
                }
            } else if self.label[bw] == S {
                // Least-slack edge to another S-blossom.
                self.offer_best_edge(bv, k, kslack + shift2, w);
            } else if self.label[w] == FREE {
                // Least-slack edge to a free vertex (or an unreached one in a T-blossom).
                self.offer_best_edge(w, k, shifted_dual - weight2, v);
            }
        }
        None
    }

    /// Labels the top-level blossom of `w` with `t`, reached through the edge with
    /// remote endpoint `p` (`NONE` for a root); a T-blossom's mate becomes S.
    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let root = if p == NONE { w } else { self.tree[self.in_blossom[self.endpoint[p]]] };
        let (mut w, mut t, mut p) = (w, t, p);
        loop {
            let b = self.in_blossom[w];
            self.label[w] = t;
            self.label[b] = t;
            self.label_end[w] = p;
            self.label_end[b] = p;
            self.tree[b] = root;
            self.best_edge[w] = NONE;
            self.best_edge[b] = NONE;
            if t == S {
                // Its vertices become S-vertices to scan.
                push_leaves(&self.blossom_children, self.n, b, &mut self.stack, &mut self.queue);
                return;
            }
            // A T-blossom: only its base has a mate outside, which becomes S.
            let base_mate = self.mate[self.blossom_base[b]];
            w = self.endpoint[base_mate];
            t = S;
            p = base_mate ^ 1;
        }
    }

    /// Computes δ, applies it to the duals and says what to do next.
    fn adjust_duals(&mut self) -> Delta {
        // δ1: the least dual of an S-vertex; without S-vertices there is no tree left.
        let Some(delta1) = (0..self.n).filter(|&v| self.label[self.in_blossom[v]] == S).map(|v| self.dual[v]).min()
        else {
            return Delta::Optimum;
        };
        let (delta, action) = self.least_delta(delta1);
        self.move_duals(delta);
        action
    }

    /// The least of `delta1` and δ2–δ4, with what it leads to; on a tie the earlier
    /// kind wins. Stale least-slack edges that would decide are recomputed first.
    fn least_delta(&mut self, delta1: W) -> (W, Delta) {
        let n = self.n;
        let (mut delta, mut action) = (delta1, Delta::ZeroDual);
        // δ2: the least slack of an edge between an S-vertex and a free vertex.
        for v in 0..n {
            if self.label[self.in_blossom[v]] != FREE {
                continue;
            }
            for attempt in 0..2 {
                let k = self.best_edge[v];
                if k == NONE {
                    break;
                }
                let d = self.best_key[v] - self.shift + self.dual[v];
                if d >= delta {
                    break;
                }
                if attempt == 0 && self.best_edge_is_stale(v, k) {
                    // A lower bound only: find the true least slack.
                    self.repair_vertex(v);
                    continue;
                }
                delta = d;
                action = Delta::FreeEdge(k);
                break;
            }
        }
        // δ3: half the least slack of an edge between two S-blossoms.
        let shift2 = self.shift.double();
        for b in 0..2 * n {
            if self.blossom_parent[b] != NONE || self.label[b] != S {
                continue;
            }
            for attempt in 0..2 {
                let k = self.best_edge[b];
                if k == NONE {
                    break;
                }
                let d = (self.best_key[b] - shift2).half();
                if d >= delta {
                    break;
                }
                if attempt == 0 && self.best_edge_is_stale(b, k) {
                    self.repair_s_blossom(b);
                    continue;
                }
                delta = d;
                action = Delta::BlossomEdge(k);
                break;
            }
        }
        // δ4: the least dual of a T-blossom.
        for b in n..2 * n {
            if self.blossom_base[b] != NONE
                && self.blossom_parent[b] == NONE
                && self.label[b] == T
                && self.dual[b] < delta
            {
                delta = self.dual[b];
                action = Delta::Expand(b);
            }
        }
        (delta, action)
    }

    /// Moves the duals by `delta`: S-vertices and T-blossoms down, T-vertices and
    /// S-blossoms up; `shift` and the cached `dual + shift` follow.
    fn move_duals(&mut self, delta: W) {
        let n = self.n;
        self.shift += delta;
        for v in 0..n {
            match self.label[self.in_blossom[v]] {
                S => self.dual[v] -= delta,
                T => {
                    self.dual[v] += delta;
                    self.shifted_dual[v] = self.dual[v] + self.shift;
                }
                _ => self.shifted_dual[v] = self.dual[v] + self.shift,
            }
        }
        for b in n..2 * n {
            if self.blossom_base[b] != NONE && self.blossom_parent[b] == NONE {
                match self.label[b] {
                    S => self.dual[b] += delta,
                    T => self.dual[b] -= delta,
                    _ => {}
                }
            }
        }
    }
}

/// What the dual adjustment found to do next.
enum Delta {
    /// No alternating tree is left: the matching is optimal.
    Optimum,
    /// δ1: the dual of an S-vertex reached zero; it may stay single.
    ZeroDual,
    /// δ2: this edge between an S-vertex and a free vertex became tight.
    FreeEdge(usize),
    /// δ3: this edge between two S-blossoms became tight.
    BlossomEdge(usize),
    /// δ4: this T-blossom's dual reached zero; expand it.
    Expand(usize),
}

/// Appends the leaf vertices of blossom `b` to `out` in order (pre-order over the
/// sub-blossom tree), using `stack` as scratch.
pub(super) fn push_leaves(children: &[Vec<usize>], n: usize, b: usize, stack: &mut Vec<usize>, out: &mut Vec<usize>) {
    if b < n {
        out.push(b);
        return;
    }
    stack.clear();
    stack.push(b);
    while let Some(x) = stack.pop() {
        if x < n {
            out.push(x);
        } else {
            stack.extend(children[x].iter().rev());
        }
    }
}
