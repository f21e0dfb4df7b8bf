//! The matching module's one face ([`Matcher`]): the only way in for callers outside
//! `domain::matching`. Its verbs follow bbpPairings' matching computer — set an
//! edge's weight, compute, and compute again after some weights changed, resuming
//! from the last optimum — with the Dutch procedure's few more (remove a settled
//! vertex, scale every weight, restart, ask whether a pair is ruled out), and two
//! one-shot solves on a list of edges. What lies behind it (the solver, the warm
//! start and its pricing) stays private to the module.

use super::input::Graph;
use super::solver::{Solver, Start, solve};
use super::warm::Warm;
use super::weight::MatchWeight;
use super::{Edge, MatchingError, Weight};

/// A maximum-weight matching on a complete graph whose edge weights change between
/// computations (weight ≤ 0: no edge). Each [`Matcher::compute`] resumes from the
/// last optimum, repaired around the pairs whose weight changed, unless
/// [`Matcher::restart`] asked for a fresh start.
pub struct Matcher<W: MatchWeight = Weight> {
    /// The complete graph's weights, the sparse graph the solver holds and its
    /// last optimum.
    warm: Warm<W>,
}

impl Matcher<Weight> {
    /// A maximum-weight matching of the graph with `vertex_count` vertices and
    /// `edges`, the input checked.
    ///
    /// Returns `mate`, with `mate[i] == Some(j)` when vertex `i` is matched to `j`
    /// (and then `mate[j] == Some(i)`), `None` when `i` stays unmatched. Every matched
    /// pair is joined by an edge of the input. With `max_cardinality`, the matching
    /// has the most edges possible and, among those, the greatest weight; without,
    /// the greatest weight regardless of its size (edges of weight ≤ 0 are never
    /// used). See the module documentation of `domain::matching` for self-loops,
    /// repeated edges and limits.
    ///
    /// Time O(n³) for n vertices with edges (O(n·m + n³) with m edges); memory O(n + m).
    ///
    /// # Errors
    /// - [`MatchingError::VertexOutOfRange`] when an edge names a vertex `>= vertex_count`;
    /// - [`MatchingError::WeightOutOfRange`] when a weight is beyond
    ///   ±[`super::MAX_ABS_WEIGHT`];
    /// - [`MatchingError::SpreadTooWide`] when, with `max_cardinality`, the weights
    ///   span too wide a range for the vertex count.
    ///
    /// # Examples
    /// ```
    /// use bianpai::domain::matching::{Edge, Matcher};
    ///
    /// // A path 0 – 1 – 2 – 3: the heavy middle edge wins on weight alone,
    /// // the two outer edges win when the number of pairs comes first.
    /// let edges = [Edge::new(0, 1, 5), Edge::new(1, 2, 11), Edge::new(2, 3, 5)];
    /// let by_weight = Matcher::max_weight_matching(4, &edges, false)?;
    /// assert_eq!(by_weight, [None, Some(2), Some(1), None]);
    /// let by_size = Matcher::max_weight_matching(4, &edges, true)?;
    /// assert_eq!(by_size, [Some(1), Some(0), Some(3), Some(2)]);
    ///
    /// assert!(Matcher::max_weight_matching(2, &[Edge::new(0, 2, 1)], false).is_err());
    /// # Ok::<(), bianpai::domain::matching::MatchingError>(())
    /// ```
    pub fn max_weight_matching(
        vertex_count: usize,
        edges: &[Edge],
        max_cardinality: bool,
    ) -> Result<Vec<Option<usize>>, MatchingError> {
        let graph = Graph::new(vertex_count, edges, max_cardinality)?;
        let mut solver = Solver::new(graph.vertex_count(), &graph.edges);
        // The textbook start (`Start::Uniform`): the Swiss engine's pairings depend on
        // which of several optima this returns. A failed bookkeeping (a bug, never seen)
        // leaves a valid if perhaps not optimal matching, returned as it is.
        solver.run();
        Ok(graph.mates(solver.partners()))
    }
}

impl<W: MatchWeight> Matcher<W> {
    /// A maximum-weight matching of `n` vertices; `edges` are `(u, v, w)` with
    /// `u != v` and at most one edge per pair (an edge of weight ≤ 0 is never used),
    /// solved once from `start`. Returns the partner of every vertex, or `None` if
    /// the solver's bookkeeping failed (a bug) or the pairing was cancelled.
    ///
    /// Unlike [`Matcher::max_weight_matching`] the input is not checked: the weights
    /// must leave room for the doubled duals (the module documentation of
    /// `domain::matching` gives the bound for `i128`).
    pub fn compute_edges(n: usize, edges: &[(usize, usize, W)], start: Start) -> Option<Vec<Option<usize>>> {
        solve(n, edges, start)
    }

    /// A complete graph on `n` vertices without edges (every weight 0).
    pub fn new(n: usize) -> Matcher<W> {
        Matcher { warm: Warm::new(n) }
    }

    /// Sets the weight of `u`–`v`; a weight ≤ 0 removes the edge. The next
    /// [`Matcher::compute`] resumes from the last optimum around it.
    pub fn set_weight(&mut self, u: usize, v: usize, w: W) {
        self.warm.set(u, v, w);
    }

    /// Takes `v` out of the graph for good (its pair is settled).
    pub fn remove_vertex(&mut self, v: usize) {
        self.warm.remove(v);
    }

    /// Multiplies every weight by 2^`bits`; the last optimum stays optimal.
    pub fn scale_weights(&mut self, bits: u32) {
        self.warm.scale(bits);
    }

    /// Forgets the last optimum: the next [`Matcher::compute`] starts afresh, each
    /// vertex's dual its own heaviest edge ([`Start::HeaviestEdge`]).
    pub fn restart(&mut self) {
        self.warm.restart();
    }

    /// As [`Matcher::restart`], from the textbook start ([`Start::Uniform`]):
    /// another of the optima when several exist.
    pub fn restart_uniform(&mut self) {
        self.warm.restart_uniform();
    }

    /// The partner of every vertex in a maximum-weight matching of the weights now,
    /// resumed from the last optimum unless restarted; `None` if the solver's
    /// bookkeeping failed (a bug) or the pairing was cancelled.
    pub fn compute(&mut self) -> Option<Vec<Option<usize>>> {
        self.warm.solve()
    }

    /// Whether the last computation's duals prove that no maximum-weight matching of
    /// the weights with their low `bits` bits cleared pairs `u` with `v` (only while
    /// no weight changed since; see `warm`).
    pub fn never_paired(&self, u: usize, v: usize, bits: u32) -> bool {
        self.warm.never_paired(u, v, bits)
    }
}
