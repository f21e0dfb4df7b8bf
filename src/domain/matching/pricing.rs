//! Pricing for the warm matcher (`warm`): which pairs outside the solver's sparse
//! graph would have negative slack under its duals, checking only the pairs whose
//! slack may have fallen since the last check.
//!
//! The matcher solves on each vertex's likeliest edges; an optimum there is an
//! optimum of the whole graph when every other pair's slack (its ends' duals and
//! the duals of the blossoms that hold both, less twice its weight) is ≥ 0. A pair
//! whose slack was ≥ 0 at the last check keeps it while neither end's dual fell,
//! its weight stayed (a changed pair is priced again unless its new weight keeps
//! the slack at the duals of that check ≥ 0: [`Pricing::vouches`]) and its ends shared
//! no blossom then (blossom duals only add to a slack, and nothing was added
//! then). So after the first check of a graph only the pairs at a vertex whose
//! dual fell or that had a violated pair left out of the graph, and the pairs
//! inside the blossoms of the last check, are checked again: after a warm start
//! that re-weights a few vertices, a small part of the window.

use super::pairs::{NO_EDGE, Pairs, pair_index};
use super::solver::Solver;
use super::weight::MatchWeight;

/// What the last check vouched for: every pair outside the graph had slack ≥ 0
/// then, except at `suspect` vertices.
pub(super) struct Pricing<W: MatchWeight> {
    /// Each vertex's doubled dual and top-level blossom, at the last check.
    checked: Vec<(W, usize)>,
    /// Vertices with a violated pair left out of the graph at the last check.
    suspect: Vec<bool>,
    /// Whether there was a last check of this graph.
    valid: bool,
}

impl<W: MatchWeight> Pricing<W> {
    pub fn new(n: usize) -> Pricing<W> {
        Pricing { checked: (0..n).map(|v| (W::ZERO, v)).collect(), suspect: vec![false; n], valid: false }
    }

    /// A fresh graph: the next check looks at every pair.
    pub fn forget(&mut self) {
        self.valid = false;
    }

    /// Every weight and dual was multiplied by 2^`bits`.
    pub fn scale(&mut self, bits: u32) {
        for (dual, _) in &mut self.checked {
            *dual = dual.shl(bits);
        }
    }

    /// Marks `u` and `v` for the next check (their violated pair stays outside).
    pub fn suspect(&mut self, u: usize, v: usize) {
        self.suspect[u] = true;
        self.suspect[v] = true;
    }

    /// Whether the last check vouches for a pair of doubled weight `w2` outside the
    /// graph: its slack under the duals then was ≥ 0 without the blossoms' duals
    /// (which only add to it), and stays so while neither end's dual falls.
    pub fn vouches(&self, u: usize, v: usize, w2: W) -> bool {
        self.valid && w2 <= self.checked[u].0 + self.checked[v].0
    }

    /// The pairs `u < v` outside the graph (`pairs`) whose slack under `solver`'s
    /// duals is negative, most violated first.
    pub fn violated(&mut self, solver: &Solver<W>, pairs: &Pairs<'_, W>) -> Vec<(W, usize, usize)> {
        let n = self.checked.len();
        // The duals and top-level blossoms now: what this check will vouch for.
        let now: Vec<(W, usize)> = (0..n).map(|v| solver.vertex_dual(v)).collect();
        let rows: Vec<bool> = (0..n)
            .map(|v| !pairs.removed[v] && (!self.valid || self.suspect[v] || now[v].0 < self.checked[v].0))
            .collect();
        let nesting = solver.nesting();
        // The blossoms holding the row's vertex (`row_chain.0`), found once per row.
        let mut row_chain: (usize, Vec<usize>) = (usize::MAX, Vec::new());
        let mut found = Vec::new();
        // The pair of `row` and `other` at `slot`.
        let mut price = |row: usize, other: usize, slot: usize| {
            let (u, v) = (row.min(other), row.max(other));
            if pairs.edge[slot] != NO_EDGE || pairs.removed[u] || pairs.removed[v] {
                return;
            }
            let w2 = pairs.weight[slot].double();
            // Blossom duals only add to a slack: most pairs are done with their ends' duals.
            if w2 <= W::ZERO || w2 <= now[u].0 + now[v].0 {
                return;
            }
            let mut slack = now[u].0 + now[v].0 - w2;
            if now[u].1 == now[v].1 {
                // One top-level blossom holds both: add the duals of those that do.
                if row_chain.0 != row {
                    row_chain = (row, nesting.chain(row));
                }
                slack += nesting.shared(&row_chain.1, other);
            }
            if slack < W::ZERO {
                found.push((slack, u, v));
            }
        };
        // Every pair with an end to check, once, row by row of the table (issue 21:
        // reading a checked row's pairs with smaller vertices jumped from row to row
        // of a table of hundreds of MB, a cache miss each).
        for u in (0..n).filter(|&u| !pairs.removed[u]) {
            let first = if u + 1 < n { pair_index(n, u, u + 1) } else { 0 };
            if rows[u] {
                for (offset, v) in (u + 1..n).enumerate() {
                    price(u, v, first + offset);
                }
            } else {
                for (offset, v) in (u + 1..n).enumerate().filter(|&(_, v)| rows[v]) {
                    price(u, v, first + offset);
                }
            }
        }
        // The pairs inside a blossom of the last check, not yet priced.
        let mut blossoms: Vec<(usize, usize)> = (0..n)
            .filter(|&v| self.valid && !rows[v] && !pairs.removed[v] && self.checked[v].1 != v)
            .map(|v| (self.checked[v].1, v))
            .collect();
        blossoms.sort_unstable();
        for group in blossoms.chunk_by(|a, b| a.0 == b.0) {
            for (k, &(_, u)) in group.iter().enumerate() {
                for &(_, v) in &group[k + 1..] {
                    price(u, v, pair_index(n, u, v));
                }
            }
        }
        found.sort_unstable();
        self.checked = now;
        self.suspect.iter_mut().for_each(|s| *s = false);
        self.valid = true;
        found
    }
}
