//! Maximum-weight matching on a general (not necessarily bipartite) graph.
//!
//! This is the engine under the Swiss pairings: `domain::swiss` (the `cxa` engine and
//! the FIDE Dutch procedure) turns players into vertices and the pairing criteria
//! into edge weights, and this module finds the set of disjoint edges of greatest
//! total weight. It knows nothing about xiangqi and imports nothing else of the
//! domain.
//!
//! # One face: [`Matcher`]
//! Callers outside this module go through [`Matcher`] only (issue 40), whose verbs
//! follow bbpPairings' matching computer:
//! - [`Matcher::max_weight_matching`]: the public, checked entry with `i128` weights
//!   ([`Weight`]), maximum weight or maximum cardinality, any vertex numbering, the
//!   textbook start (uniform duals).
//! - [`Matcher::compute_edges`]: the same solver, once, for any integer type with
//!   the [`MatchWeight`] operations (`weight`; the Dutch weights are wider than
//!   `i128`), unchecked input, and a choice of [`Start`]: uniform, or each
//!   vertex's heaviest edge with a greedy matching of the edges then tight.
//! - [`Matcher::new`], [`Matcher::set_weight`], [`Matcher::compute`] (and
//!   `remove_vertex`, `scale_weights`, `restart`, `never_paired`): a complete
//!   graph's weights kept between computations; each computation solves on a sparse
//!   part of the graph that pricing grows until its optimum is the whole graph's
//!   (`warm`, `pricing`), and after a few vertices' edges change repairs that
//!   optimum and resumes from it.
//!
//! The starts find optima of the same weight but, among equal ones, not always the
//! same matching: callers whose output depends on the choice keep one start.
//!
//! Layout: `matcher` (the face), `input` (checking and reducing the caller's graph), `solver` (the
//! algorithm: search and δ; `solver::blossom`, `solver::augment` for augmenting and
//! dissolving trees, `solver::restart` for the better starts, `solver::build` for
//! building and growing the graph, `solver::checks` for the tests' consistency
//! checks), `warm`, `pricing`, `pairs` (the pair table both share), `weight`, `stop` (a pairing cancelled
//! stops the solve on its thread); tests in `tests` and `warm_tests`.
//!
//! # Algorithm
//! Edmonds' blossom algorithm in the primal-dual form of Z. Galil, "Efficient
//! algorithms for finding maximum matching in graphs", ACM Computing Surveys 18 (1986),
//! following the structure of Joris van Rantwijk's public-domain `mwmatching.py`:
//! - alternating trees grow from all single vertices over tight edges (zero slack),
//!   odd cycles shrink into blossoms, and when two trees meet the matching is
//!   augmented along the path between their roots: at most n/2 augmentations;
//! - when no tight edge extends the trees, the dual variables move by the smallest
//!   δ that keeps them feasible (δ1: a vertex dual reaches zero, δ2: an edge from a
//!   tree to a free vertex becomes tight, δ3: an edge between two S-blossoms becomes
//!   tight, δ4: a T-blossom's dual reaches zero and it is expanded);
//! - the least-slack edge is tracked per free vertex and per S-blossom (with a list of
//!   least-slack edges to neighbouring S-blossoms kept for each non-trivial blossom),
//!   so that δ is found in O(n) rather than by looking at every edge.
//!
//! One departure from `mwmatching.py`, for speed: after an augmentation it unlabels
//! every tree and starts a new stage that scans every single vertex again, which costs
//! O(m) per augmentation and dominates on dense graphs. Here only the two trees that
//! met are dissolved and the other trees keep growing. What pointed into the dissolved
//! trees is mended: "reached" marks inside T-blossoms are cleared at once, the
//! dissolved vertices' least-slack edges are found before the duals next move, and a
//! least-slack edge elsewhere that led into them is recomputed only if it would decide
//! δ (its old slack is a lower bound of the new one). The worst case stays
//! O(n·m + n³) = O(n³); on a complete graph of 1,000 vertices with random weights the
//! matching takes about 0.15 s instead of 8 s.
//!
//! Vertex duals are stored doubled, so that with integer weights every dual, slack and
//! δ stays an integer: the arithmetic is exact, and an edge is tight exactly when its
//! computed slack is zero.
//!
//! # Semantics
//! - Self-loops are ignored; of several edges between the same two vertices the
//!   heaviest counts (the first of equally heavy ones).
//! - Maximum weight (`max_cardinality == false`): edges with a weight of zero or less
//!   can never improve a matching, so they are left out and never appear in the result.
//! - Maximum cardinality (`max_cardinality == true`): among the matchings with the most
//!   edges, one of greatest weight; negative weights then matter. This is solved as a
//!   maximum-weight problem on the weights `w − w_min + C` with
//!   `C = ⌊n/2⌋·(w_max − w_min) + 1`, where one more edge always outweighs any
//!   difference in the original weights, and equal-size matchings keep their order.
//! - Deterministic: the same input gives the same output, on every platform.
//!
//! # Limits
//! Every weight must lie within ±[`MAX_ABS_WEIGHT`] (2¹²⁰). Internally the weights
//! handed to the solver are positive and at most W ≤ 2¹²⁴: vertex duals then stay
//! within [0, 2W], blossom duals within [0, W] and the sum of all δ within [0, W], so
//! slacks and the comparison keys stay within ±6W < 2¹²⁷ and nothing overflows `i128`.
//! For the maximum-cardinality variant this means
//! `(⌊n/2⌋ + 1)·(w_max − w_min) + 1 ≤ 2¹²⁴` (n the vertices that have an edge): with
//! weights up to 2¹⁰⁰ in size, graphs of millions of vertices are fine. Otherwise
//! [`MatchingError::SpreadTooWide`] is returned.
//!
//! Single vertices need not start with equal duals (the better starts give them
//! different ones): the search starts from any feasible duals with a matching of tight
//! edges, grows trees from the single vertices whose dual is positive, and leaves an
//! S-vertex single when its dual reaches zero (its tree's root takes its place). From
//! the uniform start this ends exactly where the textbook algorithm ends.

mod input;
mod matcher;
mod pairs;
mod pricing;
mod solver;
mod stop;
#[cfg(test)]
mod tests;
mod warm;
#[cfg(test)]
mod warm_tests;
mod weight;

#[cfg(test)]
use input::Graph;
#[cfg(test)]
use solver::Solver;
use thiserror::Error;

pub use matcher::Matcher;
pub use solver::Start;
pub(crate) use stop::watching;
#[cfg(test)]
pub(crate) use warm_tests::check_warm_solves;
pub use weight::MatchWeight;

/// Edge weights: signed 128-bit integers, so that callers can encode several criteria
/// lexicographically in one number. Internally duals are kept doubled so everything
/// stays integral.
pub type Weight = i128;

/// The largest magnitude of an edge weight: 2¹²⁰.
pub const MAX_ABS_WEIGHT: Weight = 1 << 120;

/// The largest weight handed to the solver after the maximum-cardinality shift.
const SOLVER_WEIGHT_LIMIT: Weight = 1 << 124;

/// An undirected edge between vertices `u` and `v`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Edge {
    /// One end (a vertex index below the vertex count).
    pub u: usize,
    /// The other end.
    pub v: usize,
    /// The weight; within ±[`MAX_ABS_WEIGHT`].
    pub weight: Weight,
}

impl Edge {
    /// An edge between `u` and `v` of weight `weight`.
    pub const fn new(u: usize, v: usize, weight: Weight) -> Edge {
        Edge { u, v, weight }
    }
}

/// Why a matching could not be computed: the input is invalid.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum MatchingError {
    /// An edge names a vertex that does not exist.
    #[error("edge {edge} names vertex {vertex}, but the graph has only {vertex_count} vertices")]
    VertexOutOfRange {
        /// Index of the edge in the input.
        edge: usize,
        /// The vertex it names.
        vertex: usize,
        /// The number of vertices of the graph.
        vertex_count: usize,
    },
    /// An edge's weight is beyond ±[`MAX_ABS_WEIGHT`].
    #[error("edge {edge} has weight {weight}, beyond the limit of ±2^120")]
    WeightOutOfRange {
        /// Index of the edge in the input.
        edge: usize,
        /// Its weight.
        weight: Weight,
    },
    /// For a maximum-cardinality matching, `(⌊n/2⌋ + 1)·(w_max − w_min) + 1` exceeds 2¹²⁴.
    #[error(
        "the weights span {spread}: too wide for a maximum-cardinality matching on {vertex_count} vertices \
         ((n/2 + 1) x span must stay below 2^124)"
    )]
    SpreadTooWide {
        /// `w_max − w_min` over the edges.
        spread: Weight,
        /// The vertices that have at least one edge.
        vertex_count: usize,
    },
}

/// Runs the solver with its internal checks on; returns the matching and the names of
/// the checks that failed.
#[cfg(test)]
fn max_weight_matching_checked(
    vertex_count: usize,
    edges: &[Edge],
    max_cardinality: bool,
) -> Result<(Vec<Option<usize>>, Vec<&'static str>), MatchingError> {
    let graph = Graph::new(vertex_count, edges, max_cardinality)?;
    let mut solver = Solver::new(graph.vertex_count(), &graph.edges);
    solver.enable_checks();
    solver.run();
    let failures = solver.failures().to_vec();
    Ok((graph.mates(solver.partners()), failures))
}
