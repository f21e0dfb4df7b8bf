//! Consistency checks of the solver's bookkeeping, for the tests: after every
//! substage, that the least-slack edges and "reached" marks agree with a direct
//! computation; at the end, that the duals prove the matching optimal
//! (complementary slackness). Slow; off unless a test turns them on.

use super::{FREE, MatchWeight, NONE, S, Solver, T, push_leaves};

impl<W: MatchWeight> Solver<W> {
    /// Turns the checks on (slow).
    pub(in crate::domain::matching) fn enable_checks(&mut self) {
        self.checks = true;
    }

    /// The names of the failed checks and bookkeeping failures.
    pub(in crate::domain::matching) fn failures(&self) -> &[&'static str] {
        &self.failures
    }

    /// At the end of a search: checks that the duals prove the matching optimal.
    pub(super) fn check_optimum(&mut self) {
        if self.checks && !self.optimum_is_verified() {
            self.failures.push("optimum");
        }
    }

    /// Runs the consistency checks of the bookkeeping, when on.
    pub(super) fn check_bookkeeping(&mut self) {
        if !self.checks {
            return;
        }
        let failures = [
            ("delta2", self.delta2_is_consistent()),
            ("delta3", self.delta3_is_consistent()),
            ("reached", self.reached_marks_are_consistent()),
            ("queue", self.queue.iter().all(|&v| self.label[self.in_blossom[v]] == S)),
        ];
        for (name, holds) in failures {
            if !holds && !self.failures.contains(&name) {
                self.failures.push(name);
            }
        }
    }

    /// Whether `best_edge` of each free vertex, and of each unreached vertex inside a
    /// T-blossom, is a least-slack edge to an S-vertex with the right key, or a stale
    /// edge whose key gives a lower bound.
    fn delta2_is_consistent(&self) -> bool {
        (0..self.n)
            .filter(|&v| {
                let bv = self.in_blossom[v];
                self.label[bv] == FREE || (self.label[bv] == T && bv != v && self.label[v] == FREE)
            })
            .all(|v| {
                let least = self
                    .neighbours_of(v)
                    .iter()
                    .filter(|neighbour| {
                        let bw = self.in_blossom[neighbour.parts().0];
                        bw != self.in_blossom[v] && self.label[bw] == S
                    })
                    .map(|neighbour| self.slack(neighbour.parts().2))
                    .min();
                let known = self.best_edge[v];
                if known == NONE {
                    return least.is_none();
                }
                let bound = self.best_key[v] - self.shift + self.dual[v];
                if self.best_edge_is_stale(v, known) {
                    least.is_none_or(|least| bound <= least)
                } else {
                    least == Some(bound) && self.slack(known) == bound
                }
            })
    }

    /// Whether the least slack between two S-blossoms is covered by `best_edge`: no
    /// known slack or lower bound exceeds it, and the valid ones are right.
    fn delta3_is_consistent(&self) -> bool {
        let mut least = None::<W>;
        let mut known = None::<W>;
        for b in 0..2 * self.n {
            if self.blossom_parent[b] != NONE || self.label[b] != S {
                continue;
            }
            let mut leaves = Vec::new();
            let mut stack = Vec::new();
            push_leaves(&self.blossom_children, self.n, b, &mut stack, &mut leaves);
            for &v in &leaves {
                for neighbour in self.neighbours_of(v) {
                    let bw = self.in_blossom[neighbour.parts().0];
                    if bw != b && self.label[bw] == S {
                        let s = self.slack(neighbour.parts().2);
                        least = Some(least.map_or(s, |l| l.min(s)));
                    }
                }
            }
            let k = self.best_edge[b];
            if k != NONE {
                let bound = self.best_key[b] - self.shift.double();
                if !self.best_edge_is_stale(b, k) {
                    let (i, j) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
                    if (self.in_blossom[i] != b && self.in_blossom[j] != b) || self.slack(k) != bound {
                        return false;
                    }
                }
                known = Some(known.map_or(bound, |l| l.min(bound)));
            }
        }
        match (least, known) {
            (None, _) => true,
            (Some(least), Some(known)) => known <= least,
            (Some(_), None) => false,
        }
    }

    /// Whether every reached vertex inside a T-blossom is reached by a tight edge from
    /// an S-vertex, and every labelled top-level blossom belongs to a tree.
    fn reached_marks_are_consistent(&self) -> bool {
        let marks_hold = (0..self.n).all(|y| {
            let by = self.in_blossom[y];
            if self.label[by] != T || by == y || self.label[y] != T {
                return true;
            }
            let p = self.label_end[y];
            p != NONE && {
                let bs = self.in_blossom[self.endpoint[p]];
                bs != by && self.label[bs] == S && self.slack(p / 2).is_zero()
            }
        });
        let trees_hold = (0..2 * self.n)
            .filter(|&b| self.blossom_parent[b] == NONE && (b < self.n || self.blossom_base[b] != NONE))
            .all(|b| self.label[b] == FREE || self.tree[b] != NONE);
        marks_hold && trees_hold
    }

    /// Checks the complementary slackness conditions that prove the matching optimal.
    fn optimum_is_verified(&self) -> bool {
        let n = self.n;
        // Duals are non-negative.
        if self.dual.iter().any(|&d| d < W::ZERO) {
            return false;
        }
        // Every edge has non-negative slack, matched edges zero slack.
        let nesting = self.nesting();
        for k in 0..self.edge_count() {
            let (i, j) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
            // The blossoms holding both ends add their duals (found by walking up
            // both trees here; pricing's `nesting` must agree).
            let shared = self.shared_blossom_duals(i, j);
            if nesting.shared(&nesting.chain(i), j) != shared || nesting.shared(&nesting.chain(j), i) != shared {
                return false;
            }
            let s = self.slack(k) + shared;
            if s < W::ZERO {
                return false;
            }
            let matched_i = self.mate[i] != NONE && self.mate[i] / 2 == k;
            let matched_j = self.mate[j] != NONE && self.mate[j] / 2 == k;
            if matched_i != matched_j || (matched_i && !s.is_zero()) {
                return false;
            }
        }
        // Single vertices have zero dual.
        if (0..n).any(|v| self.mate[v] == NONE && !self.dual[v].is_zero()) {
            return false;
        }
        // Blossoms with positive dual are full.
        for b in n..2 * n {
            if self.blossom_base[b] != NONE && self.dual[b] > W::ZERO {
                let endpoints = &self.blossom_endpoints[b];
                if endpoints.len() % 2 != 1 {
                    return false;
                }
                for &p in endpoints.iter().skip(1).step_by(2) {
                    if self.mate[self.endpoint[p]] != p ^ 1 || self.mate[self.endpoint[p ^ 1]] != p {
                        return false;
                    }
                }
            }
        }
        true
    }
}
