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
//! The repair itself is the solver's (`solver::restart`); this module keeps the
//! weights and says what changed.

use super::solver::{Solver, Start};
use super::weight::MatchWeight;

/// A complete graph on `n` vertices whose edge weights change between solves
/// (weight ≤ 0: no edge), and the matching of the last solve.
pub(crate) struct Warm<W: MatchWeight> {
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
}

/// The index of pair `u < v` among the pairs of `n` vertices in lexicographic order.
#[inline]
pub(in crate::domain::matching) fn pair_index(n: usize, u: usize, v: usize) -> usize {
    let (u, v) = if u < v { (u, v) } else { (v, u) };
    u * n - u * (u + 1) / 2 + (v - u - 1)
}

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
    }

    /// The partner of every vertex in a maximum-weight matching, or `None` if the
    /// solver's bookkeeping failed (a bug).
    pub fn solve(&mut self) -> Option<Vec<Option<usize>>> {
        // A cancelled pairing (issue 21, `stop`) does not build a fresh solver first.
        if super::stop::requested() {
            return None;
        }
        if let (false, Some(solver)) = (self.cold, self.solver.as_mut()) {
            let cover = cover(self.n, &self.changed, &self.removed);
            let changed: Vec<(usize, usize, W)> =
                self.changed.iter().map(|&(u, v)| (u, v, self.weight[pair_index(self.n, u, v)])).collect();
            solver.warm_start(&cover, &changed, &self.newly_removed);
        } else {
            let n = self.n;
            let weight = |u: usize, v: usize| {
                let w = self.weight[pair_index(n, u, v)];
                if w > W::ZERO { w } else { W::ZERO - W::from_u64(1) }
            };
            let mut solver = Solver::complete(n, weight);
            match self.start {
                Start::Uniform => (0..n).filter(|&v| self.removed[v]).for_each(|v| solver.retire(v)),
                Start::HeaviestEdge => solver.jump_start(),
            }
            self.solver = Some(solver);
        }
        self.cold = false;
        self.start = Start::HeaviestEdge;
        self.changed.clear();
        self.newly_removed.clear();
        let solver = self.solver.as_mut()?;
        solver.run();
        if solver.failed() {
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
