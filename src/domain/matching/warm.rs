//! A maximum-weight matching kept from one question of a caller (the Dutch procedure) to the
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
//!
//! The solver does not hold the whole graph (issue 21: on a window of 2,000
//! players that is two million pairs, each weight several times over). A fresh
//! solve starts on each vertex's few heaviest edges (equally heavy ones spread
//! over different partners); after each optimum of that sparse graph every other
//! pair is priced against the duals (`pricing`), and the pairs whose slack would
//! be negative — the most violated at each vertex, more each pass — join the graph
//! as changed pairs of a warm start, until none is left. The answer is then an
//! optimum of the whole graph: the duals are feasible for every pair and prove it.
//! A pair whose weight changes while outside the graph stays out while the last
//! pricing's duals vouch for it, and is priced again otherwise; in practice the
//! graph settles at a fraction of the pairs.
//!
//! The repair itself is the solver's (`solver::restart`); this module keeps the
//! weights, the sparse graph's pairs and says what changed.

use super::pairs::{NO_EDGE, Pairs, pair_index};
use super::pricing::Pricing;
use super::solver::{Solver, Start, index};
use super::weight::MatchWeight;

/// A complete graph on `n` vertices whose edge weights change between solves
/// (weight ≤ 0: no edge), and the matching of the last solve.
pub(super) struct Warm<W: MatchWeight> {
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
    /// How the next fresh start chooses its duals (see [`Warm::restart_uniform`]).
    start: Start,
    /// Each pair's (by [`pair_index`]) edge number in the solver's graph, or
    /// [`NO_EDGE`] (issue 21: a changed weight goes straight to its edge, where a
    /// search of the ends' edge lists was a tenth of a large round).
    edge: Vec<u32>,
    /// How many of its heaviest edges each vertex brings to a fresh solver.
    kept: usize,
    /// What the last pricing vouched for.
    pricing: Pricing<W>,
}

/// The pairs changed since the last solve that are edges of the solver's graph,
/// and those edges' numbers with their new weights.
struct Changes<W> {
    pairs: Vec<(usize, usize)>,
    edges: Vec<(usize, W)>,
}

/// How many of its heaviest edges each vertex brings to a fresh solver's graph (and
/// the first pass of pricing adds per vertex). Issue 21, round 2 of 3,000 players
/// back to back: 8 took 15.3–16.7 s, 12 13.5–13.8 s with less memory (fewer
/// pricing passes, the lists grown less often), 16 17.0 s, 4 23 s.
const KEPT_PER_VERTEX: usize = 12;

/// How many times a vertex's share of violated pairs doubles over the passes of
/// pricing (issue 21: more made a large bracket's graph a fifth of its pairs, and
/// every search slower; less, more passes).
const MAX_DOUBLINGS: usize = 2;

impl<W: MatchWeight> Warm<W> {
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
            start: Start::HeaviestEdge,
            edge: vec![NO_EDGE; n * n.saturating_sub(1) / 2],
            pricing: Pricing::new(n),
            kept: KEPT_PER_VERTEX,
        }
    }

    /// As [`Warm::new`], each vertex bringing only its `kept` heaviest edges to a
    /// fresh solver (tests: more pricing).
    #[cfg(test)]
    pub fn keeping(n: usize, kept: usize) -> Warm<W> {
        Warm { kept: kept.max(1), ..Warm::new(n) }
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
        self.start = Start::Uniform;
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
        self.pricing.scale(bits);
    }

    /// The partner of every vertex in a maximum-weight matching, or `None` if the
    /// solver's bookkeeping failed (a bug) or the pairing was cancelled.
    pub fn solve(&mut self) -> Option<Vec<Option<usize>>> {
        // A cancelled pairing (issue 21, `stop`) does not build a fresh solver first.
        if super::stop::requested() {
            return None;
        }
        if let (false, Some(mut solver)) = (self.cold, self.solver.take()) {
            let changes = self.take_changes();
            let cover = cover(self.n, &changes.pairs, &self.removed);
            solver.warm_start(&cover, &changes.edges, &self.newly_removed);
            self.solver = Some(solver);
        } else {
            let mut solver = Solver::new(self.n, &self.likeliest_edges());
            self.pricing.forget();
            match self.start {
                Start::Uniform => (0..self.n).filter(|&v| self.removed[v]).for_each(|v| solver.retire(v)),
                Start::HeaviestEdge => solver.jump_start(),
            }
            self.solver = Some(solver);
        }
        self.cold = false;
        self.start = Start::HeaviestEdge;
        self.changed.clear();
        self.newly_removed.clear();
        let mut solver = self.solver.take()?;
        let solved = self.run_priced(&mut solver);
        let partners = solver.partners();
        self.solver = Some(solver);
        if !solved {
            self.cold = true;
            return None;
        }
        Some(partners)
    }

    /// Whether the last solve's duals prove that no maximum-weight matching of the
    /// weights with their low `bits` bits cleared pairs `u` with `v`: true when the
    /// pair's slack is at least 2^`bits` (a matching's bonus in the low bits stays
    /// below that, so such a pair would cost the matching more than any bonus can
    /// give back: every matching holding it weighs less than the last optimum less
    /// its bonus). Only while no weight changed since (settled vertices may have
    /// left). The duals of the blossoms holding both count too (issue 21: in the
    /// tight brackets of an early round nearly every pair's ends' duals leave it
    /// no slack, and one large blossom holds most of the bracket); they are summed
    /// only when the ends' duals alone fall short.
    pub fn never_paired(&self, u: usize, v: usize, bits: u32) -> bool {
        let Some(solver) = self.solver.as_ref() else { return false };
        if self.cold || !self.changed.is_empty() || self.removed[u] || self.removed[v] || u == v {
            return false;
        }
        let slack = self.ends_slack(solver, u, v);
        let needed = W::from_u64(2).shl(bits);
        let (top_u, top_v) = (solver.vertex_dual(u).1, solver.vertex_dual(v).1);
        slack >= needed || (top_u == top_v && slack + solver.shared_blossom_duals(u, v) >= needed)
    }

    /// Twice the slack of pair `u`–`v` under its ends' duals alone (the blossoms'
    /// duals only add to it).
    fn ends_slack(&self, solver: &Solver<W>, u: usize, v: usize) -> W {
        solver.vertex_dual(u).0 + solver.vertex_dual(v).0 - self.weight_of(u, v).double()
    }

    /// [`Warm::never_paired`] by the ends' duals alone (for the tests: which pairs
    /// only the blossoms' duals rule out).
    #[cfg(test)]
    pub(super) fn ends_rule_out(&self, u: usize, v: usize, bits: u32) -> bool {
        let Some(solver) = self.solver.as_ref() else { return false };
        self.never_paired(u, v, bits) && self.ends_slack(solver, u, v) >= W::from_u64(2).shl(bits)
    }

    /// The weight of pair `u`–`v` (≤ 0: no edge).
    fn weight_of(&self, u: usize, v: usize) -> W {
        self.weight[pair_index(self.n, u, v)]
    }

    /// The changed pairs since the last solve that are edges of the solver's graph,
    /// and those edges' numbers with their new weights. A changed pair outside the
    /// graph stays out when the last pricing's duals still vouch for it (twice its
    /// weight at most its ends' duals then: theirs only fall by a re-check of their
    /// rows); otherwise its ends are priced again after the next search, which
    /// brings it in if it is then violated. (Issue 21: an exchange re-weighs a
    /// whole remainder; adding every such pair made the graph half the bracket's
    /// pairs, and every search slower.)
    fn take_changes(&mut self) -> Changes<W> {
        let changed = std::mem::take(&mut self.changed);
        let (mut pairs, mut edges) = (Vec::new(), Vec::new());
        for (u, v) in changed {
            let slot = pair_index(self.n, u, v);
            if self.edge[slot] != NO_EDGE {
                pairs.push((u, v));
                edges.push((self.edge[slot] as usize, self.weight[slot]));
            } else if !self.removed[u] && !self.removed[v] && !self.pricing.vouches(u, v, self.weight[slot].double()) {
                self.pricing.suspect(u, v);
            }
        }
        Changes { pairs, edges }
    }

    /// The graph a fresh solver starts on: each vertex's [`KEPT_PER_VERTEX`] heaviest
    /// edges (pricing adds what the optimum needs besides).
    fn likeliest_edges(&mut self) -> Vec<(usize, usize, W)> {
        let n = self.n;
        self.edge.iter_mut().for_each(|e| *e = NO_EDGE);
        let mut row: Vec<(W, usize)> = Vec::with_capacity(n);
        let mut edges = Vec::new();
        for u in (0..n).filter(|&u| !self.removed[u]) {
            row.clear();
            row.extend((0..n).filter(|&v| v != u && !self.removed[v]).map(|v| (self.weight_of(u, v), v)));
            row.retain(|&(w, _)| w > W::ZERO);
            // Among equally heavy edges (most of a bracket's), each vertex takes its
            // own spread of partners, not everyone the same lowest-numbered ones: a
            // graph with a good matching.
            let heaviest_first =
                |a: &(W, usize), b: &(W, usize)| b.0.cmp(&a.0).then(mix(u, a.1).cmp(&mix(u, b.1))).then(a.1.cmp(&b.1));
            if row.len() > self.kept {
                row.select_nth_unstable_by(self.kept - 1, heaviest_first);
                row.truncate(self.kept);
            }
            row.sort_unstable_by(heaviest_first);
            for &(w, v) in &row {
                let slot = pair_index(n, u, v);
                if self.edge[slot] == NO_EDGE {
                    self.edge[slot] = index(edges.len());
                    edges.push((u.min(v), u.max(v), w));
                }
            }
        }
        edges
    }

    /// Runs the solver to an optimum of its graph, then prices every other pair
    /// against its duals: a pair whose slack would be negative joins the graph and
    /// the search resumes, until none is left (the optimum of the whole graph).
    /// Whether the solve ended without a failure.
    fn run_priced(&mut self, solver: &mut Solver<W>) -> bool {
        let mut rounds = 0;
        loop {
            solver.run();
            if solver.failed() {
                return false;
            }
            // A vertex with many violated pairs takes more of them pass after pass
            // (twice as many each time, up to four times), so that the passes stay
            // few but the graph does not fill with pairs the optimum never needed.
            let per_vertex = self.kept << rounds.min(MAX_DOUBLINGS);
            let violated = self.violated(solver, per_vertex);
            rounds += 1;
            if violated.is_empty() {
                return true;
            }
            solver.add_edges(&violated);
            let pairs: Vec<(usize, usize)> = violated.iter().map(|&(u, v, _)| (u, v)).collect();
            let cover = cover(self.n, &pairs, &self.removed);
            // The new edges came with their weights: only their ends' duals to settle.
            solver.warm_start(&cover, &[], &[]);
        }
    }

    /// Pairs outside the solver's graph whose slack under its duals is negative,
    /// numbered as the edges the solver will add next: the most violated
    /// `per_vertex` at each vertex (enough to move the duals; the rest are priced
    /// again after the next solve).
    fn violated(&mut self, solver: &Solver<W>, per_vertex: usize) -> Vec<(usize, usize, W)> {
        let n = self.n;
        let pairs = Pairs { weight: &self.weight, edge: &self.edge, removed: &self.removed };
        let found = self.pricing.violated(solver, &pairs);
        let mut taken = vec![0usize; n];
        let mut out = Vec::new();
        for (_, u, v) in found {
            if taken[u] < per_vertex || taken[v] < per_vertex {
                taken[u] += 1;
                taken[v] += 1;
                self.edge[pair_index(n, u, v)] = index(solver.edge_count() + out.len());
                out.push((u, v, self.weight_of(u, v)));
            } else {
                self.pricing.suspect(u, v);
            }
        }
        out
    }
}

/// A symmetric scramble of the pair `u`–`v`: the order in which a vertex takes
/// equally heavy edges.
fn mix(u: usize, v: usize) -> u64 {
    let (a, b) = (u.min(v) as u64, u.max(v) as u64);
    let mut x = a.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ b.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ (x >> 29)
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
