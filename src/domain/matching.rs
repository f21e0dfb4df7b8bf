//! Maximum-weight matching on a general (not necessarily bipartite) graph.
//!
//! This is the engine under the Swiss pairing: `domain::swiss` turns players into
//! vertices and the pairing criteria into edge weights, and this module finds the set
//! of disjoint edges of greatest total weight. It knows nothing about xiangqi.
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

use thiserror::Error;

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

/// A maximum-weight matching of the graph with `vertex_count` vertices and `edges`.
///
/// Returns `mate`, with `mate[i] == Some(j)` when vertex `i` is matched to `j` (and
/// then `mate[j] == Some(i)`), `None` when `i` stays unmatched. Every matched pair is
/// joined by an edge of the input. With `max_cardinality`, the matching has the most
/// edges possible and, among those, the greatest weight; without, the greatest weight
/// regardless of its size (edges of weight ≤ 0 are never used). See the module
/// documentation for self-loops, repeated edges and limits.
///
/// Time O(n³) for n vertices with edges (O(n·m + n³) with m edges); memory O(n + m).
///
/// # Errors
/// - [`MatchingError::VertexOutOfRange`] when an edge names a vertex `>= vertex_count`;
/// - [`MatchingError::WeightOutOfRange`] when a weight is beyond ±[`MAX_ABS_WEIGHT`];
/// - [`MatchingError::SpreadTooWide`] when, with `max_cardinality`, the weights span
///   too wide a range for the vertex count (see the module documentation).
///
/// # Examples
/// ```
/// use bianpai::domain::matching::{Edge, max_weight_matching};
///
/// // A path 0 – 1 – 2 – 3: the heavy middle edge wins on weight alone,
/// // the two outer edges win when the number of pairs comes first.
/// let edges = [Edge::new(0, 1, 5), Edge::new(1, 2, 11), Edge::new(2, 3, 5)];
/// let by_weight = max_weight_matching(4, &edges, false)?;
/// assert_eq!(by_weight, [None, Some(2), Some(1), None]);
/// let by_size = max_weight_matching(4, &edges, true)?;
/// assert_eq!(by_size, [Some(1), Some(0), Some(3), Some(2)]);
///
/// assert!(max_weight_matching(2, &[Edge::new(0, 2, 1)], false).is_err());
/// # Ok::<(), bianpai::domain::matching::MatchingError>(())
/// ```
pub fn max_weight_matching(
    vertex_count: usize,
    edges: &[Edge],
    max_cardinality: bool,
) -> Result<Vec<Option<usize>>, MatchingError> {
    let graph = Graph::new(vertex_count, edges, max_cardinality)?;
    let mut solver = Solver::new(graph.vertex_count(), &graph.edges);
    solver.run();
    Ok(graph.mates(&solver))
}

/// The input reduced to what the solver needs: vertices with an edge, numbered
/// densely, and one edge of positive weight per pair.
struct Graph {
    /// The caller's vertex count.
    original_count: usize,
    /// The caller's number of each dense vertex, ascending.
    original: Vec<usize>,
    /// Edges between dense vertices `(u, v, weight)` with `u < v` and `weight > 0`.
    edges: Vec<(usize, usize, Weight)>,
}

impl Graph {
    /// Validates `edges`, drops self-loops (and, for a maximum-weight matching,
    /// edges of weight ≤ 0), keeps the heaviest of repeated edges, and shifts the
    /// weights for a maximum-cardinality matching.
    fn new(vertex_count: usize, edges: &[Edge], max_cardinality: bool) -> Result<Graph, MatchingError> {
        for (index, edge) in edges.iter().enumerate() {
            for vertex in [edge.u, edge.v] {
                if vertex >= vertex_count {
                    return Err(MatchingError::VertexOutOfRange { edge: index, vertex, vertex_count });
                }
            }
            if !(-MAX_ABS_WEIGHT..=MAX_ABS_WEIGHT).contains(&edge.weight) {
                return Err(MatchingError::WeightOutOfRange { edge: index, weight: edge.weight });
            }
        }
        let kept = |edge: &&Edge| edge.u != edge.v && (max_cardinality || edge.weight > 0);

        // Bucket the edges by their lower end (a counting sort keeps the input order
        // within a bucket), then keep the heaviest edge to each higher end.
        let mut bucket_start = vec![0usize; vertex_count + 1];
        for edge in edges.iter().filter(kept) {
            bucket_start[edge.u.min(edge.v) + 1] += 1;
        }
        for vertex in 0..vertex_count {
            bucket_start[vertex + 1] += bucket_start[vertex];
        }
        let mut next_slot = bucket_start.clone();
        let mut bucketed = vec![0usize; bucket_start[vertex_count]];
        for (index, edge) in edges.iter().enumerate().filter(|(_, edge)| kept(edge)) {
            let low = edge.u.min(edge.v);
            bucketed[next_slot[low]] = index;
            next_slot[low] += 1;
        }
        let mut unique: Vec<(usize, usize, Weight)> = Vec::with_capacity(bucketed.len());
        // For each higher end, the position in `unique` of the latest edge to it.
        let mut latest = vec![usize::MAX; vertex_count];
        let mut active = vec![false; vertex_count];
        for low in 0..vertex_count {
            for &index in &bucketed[bucket_start[low]..bucket_start[low + 1]] {
                let edge = edges[index];
                let high = edge.u.max(edge.v);
                match unique.get_mut(latest[high]) {
                    Some(seen) if seen.0 == low => seen.2 = seen.2.max(edge.weight),
                    _ => {
                        latest[high] = unique.len();
                        unique.push((low, high, edge.weight));
                        active[low] = true;
                        active[high] = true;
                    }
                }
            }
        }

        let mut dense = vec![usize::MAX; vertex_count];
        let mut original = Vec::new();
        for (vertex, _) in active.iter().enumerate().filter(|(_, active)| **active) {
            dense[vertex] = original.len();
            original.push(vertex);
        }
        for edge in &mut unique {
            edge.0 = dense[edge.0];
            edge.1 = dense[edge.1];
        }

        if max_cardinality && !unique.is_empty() {
            let lightest = unique.iter().map(|edge| edge.2).min().unwrap_or(0);
            let heaviest = unique.iter().map(|edge| edge.2).max().unwrap_or(0);
            // Both within ±2^120, so the spread fits.
            let spread = heaviest - lightest;
            let too_wide = || MatchingError::SpreadTooWide { spread, vertex_count: original.len() };
            let pairs = Weight::try_from(original.len() / 2).map_err(|_| too_wide())?;
            let bonus = spread.checked_mul(pairs).and_then(|w| w.checked_add(1)).ok_or_else(too_wide)?;
            if bonus.checked_add(spread).is_none_or(|largest| largest > SOLVER_WEIGHT_LIMIT) {
                return Err(too_wide());
            }
            for edge in &mut unique {
                edge.2 = edge.2 - lightest + bonus;
            }
        }
        Ok(Graph { original_count: vertex_count, original, edges: unique })
    }

    /// Vertices handed to the solver.
    fn vertex_count(&self) -> usize {
        self.original.len()
    }

    /// The solver's matching in the caller's vertex numbers.
    fn mates(&self, solver: &Solver) -> Vec<Option<usize>> {
        let mut mate = vec![None; self.original_count];
        for (vertex, partner) in solver.partners().into_iter().enumerate() {
            if let Some(partner) = partner {
                mate[self.original[vertex]] = Some(self.original[partner]);
            }
        }
        mate
    }
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
/// scanning a vertex reads memory in order.
#[derive(Debug, Clone, Copy)]
struct Neighbour {
    /// Twice the edge's weight.
    weight2: Weight,
    /// The vertex at the other end.
    vertex: usize,
    /// The endpoint at the other end (`2k` or `2k + 1` for edge `k`).
    end: usize,
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
struct Solver {
    /// Number of vertices.
    n: usize,
    /// Twice the weight of each edge.
    weight2: Vec<Weight>,
    /// Vertex of each edge endpoint.
    endpoint: Vec<usize>,
    /// `neighbours[neighbour_start[v]..neighbour_start[v + 1]]`: the edges at `v`.
    neighbour_start: Vec<usize>,
    /// See `neighbour_start`.
    neighbours: Vec<Neighbour>,

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
    best_key: Vec<Weight>,
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
    dual: Vec<Weight>,
    /// The sum of all δ so far: S-vertex duals have gone down by it since they became S.
    shift: Weight,
    /// S-vertices still to scan.
    queue: Vec<usize>,
    /// Vertices inside T-blossoms marked as reached (some since unmarked).
    marked: Vec<usize>,
    /// Dissolved vertices whose least-slack edges are still to be found.
    unrepaired: Vec<usize>,

    /// Scratch: least-slack edge to each S-blossom while a blossom is added, with its
    /// slack and its end in that blossom (edge `NONE` between uses).
    best_edge_to: Vec<(usize, Weight, usize)>,
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

    /// Verify the bookkeeping after every substage and the final optimum (tests
    /// only: slow).
    checks: bool,
    /// The checks that failed, by name.
    check_failures: Vec<&'static str>,
}

impl Solver {
    /// A solver for `n` vertices and `edges` `(u, v, weight)` with `u != v`,
    /// `0 < weight <= SOLVER_WEIGHT_LIMIT`, at most one edge per pair.
    fn new(n: usize, edges: &[(usize, usize, Weight)]) -> Solver {
        let max_weight = edges.iter().map(|edge| edge.2).max().unwrap_or(0).max(0);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut start = vec![0usize; n + 1];
        for &(u, v, _) in edges {
            endpoint.push(u);
            endpoint.push(v);
            start[u + 1] += 1;
            start[v + 1] += 1;
        }
        for vertex in 0..n {
            start[vertex + 1] += start[vertex];
        }
        let mut next_slot = start.clone();
        let mut neighbours = vec![Neighbour { weight2: 0, vertex: 0, end: 0 }; 2 * edges.len()];
        for (k, &(u, v, weight)) in edges.iter().enumerate() {
            neighbours[next_slot[u]] = Neighbour { weight2: 2 * weight, vertex: v, end: 2 * k + 1 };
            next_slot[u] += 1;
            neighbours[next_slot[v]] = Neighbour { weight2: 2 * weight, vertex: u, end: 2 * k };
            next_slot[v] += 1;
        }
        let mut dual = vec![max_weight; n];
        dual.resize(2 * n, 0);
        Solver {
            n,
            weight2: edges.iter().map(|edge| 2 * edge.2).collect(),
            endpoint,
            neighbour_start: start,
            neighbours,
            mate: vec![NONE; n],
            label: vec![FREE; 2 * n],
            label_end: vec![NONE; 2 * n],
            tree: vec![NONE; 2 * n],
            in_blossom: (0..n).collect(),
            blossom_parent: vec![NONE; 2 * n],
            blossom_children: vec![Vec::new(); 2 * n],
            blossom_base: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossom_endpoints: vec![Vec::new(); 2 * n],
            best_edge: vec![NONE; 2 * n],
            best_key: vec![0; 2 * n],
            best_far_since: vec![0; 2 * n],
            blossom_best_edges: vec![None; 2 * n],
            unused_blossoms: (n..2 * n).rev().collect(),
            dual,
            shift: 0,
            queue: Vec::new(),
            marked: Vec::new(),
            unrepaired: Vec::new(),
            best_edge_to: vec![(NONE, 0, NONE); 2 * n],
            best_edge_touched: Vec::new(),
            leaves: Vec::new(),
            stack: Vec::new(),
            dissolved_in: vec![0; 2 * n],
            rescanned_in: vec![0; n],
            repaired_in: vec![0; n],
            dissolutions: 0,
            checks: false,
            check_failures: Vec::new(),
        }
    }

    /// Twice the slack of edge `k` (meaningless inside blossoms).
    #[inline]
    fn slack(&self, k: usize) -> Weight {
        self.dual[self.endpoint[2 * k]] + self.dual[self.endpoint[2 * k + 1]] - self.weight2[k]
    }

    /// The matched partner of each vertex.
    fn partners(&self) -> Vec<Option<usize>> {
        self.mate.iter().map(|&p| (p != NONE).then(|| self.endpoint[p])).collect()
    }

    /// The edges at vertex `v`.
    fn neighbours_of(&self, v: usize) -> &[Neighbour] {
        &self.neighbours[self.neighbour_start[v]..self.neighbour_start[v + 1]]
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
    fn offer_best_edge(&mut self, x: usize, k: usize, key: Weight, far: usize) {
        if self.best_edge[x] == NONE || key < self.best_key[x] {
            self.best_edge[x] = k;
            self.best_key[x] = key;
            self.best_far_since[x] = self.dissolved_in[far];
        }
    }

    /// Grows alternating trees from all single vertices, augmenting whenever two
    /// trees meet, until the duals prove the matching optimal.
    fn run(&mut self) {
        for v in 0..self.n {
            if self.mate[v] == NONE && self.label[self.in_blossom[v]] == FREE {
                self.assign_label(v, S, NONE);
            }
        }
        // Each substage ends with an augmentation or a dual adjustment; there are
        // O(n) of them per augmentation. The bound only guards against a bug.
        let substage_limit = 8 * (self.n + 2) * (self.n + 2);
        for _ in 0..substage_limit {
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
            if self.checks {
                self.check_bookkeeping();
            }
            match self.adjust_duals() {
                Delta::Optimum => {
                    if self.checks && !self.optimum_is_verified() {
                        self.check_failures.push("optimum");
                    }
                    return;
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
        self.check_failures.push("substage limit");
    }

    /// Scans the edges of S-vertex `v`. Returns the edge of an augmenting path when
    /// it found one (the matching is not yet augmented).
    fn scan(&mut self, v: usize) -> Option<usize> {
        let shifted_dual = self.dual[v] + self.shift;
        for index in self.neighbour_start[v]..self.neighbour_start[v + 1] {
            let Neighbour { weight2, vertex: w, end: p } = self.neighbours[index];
            let k = p / 2;
            let bv = self.in_blossom[v];
            let bw = self.in_blossom[w];
            if bv == bw {
                // An edge inside a blossom.
                continue;
            }
            let kslack = self.dual[v] + self.dual[w] - weight2;
            if kslack <= 0 {
                // A tight edge.
                match self.label[bw] {
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
                self.offer_best_edge(bv, k, kslack + 2 * self.shift, w);
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

    /// Traces back from S-vertices `v` and `w`: the base of the new blossom, or `NONE`
    /// when the paths reach two different single vertices (an augmenting path).
    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
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
    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let Some(b) = self.unused_blossoms.pop() else {
            // Cannot happen: blossoms form a laminar family of odd sets of at least
            // three vertices, so fewer than n/2 exist at a time.
            self.check_failures.push("blossom numbers");
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
        self.dual[b] = 0;

        // Relabel: T-vertices inside become S-vertices to scan.
        self.collect_leaves(b);
        for index in 0..self.leaves.len() {
            let v = self.leaves[index];
            if self.label[self.in_blossom[v]] == T {
                self.queue.push(v);
            }
            self.in_blossom[v] = b;
        }

        // The least-slack edges from the new blossom to each neighbouring S-blossom,
        // from the sub-blossoms' lists where known, else from their vertices' edges.
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
                    for index in self.neighbour_start[v]..self.neighbour_start[v + 1] {
                        let Neighbour { weight2, vertex: w, end: p } = self.neighbours[index];
                        let bw = self.in_blossom[w];
                        if bw != b && self.label[bw] == S {
                            self.consider_best_edge_to(bw, p / 2, self.dual[v] + self.dual[w] - weight2, w);
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
            self.offer_best_edge(b, k, kslack + 2 * self.shift, far);
        }
        self.best_edge_touched.clear();
        self.blossom_best_edges[b] = Some(list);
    }

    /// Records edge `k` with slack `kslack` and end `far` in S-blossom `bj` as the
    /// least-slack edge from the blossom being made to `bj`, if it is.
    fn consider_best_edge_to(&mut self, bj: usize, k: usize, kslack: Weight, far: usize) {
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
    fn expand_blossom(&mut self, b: usize, dissolving: bool) {
        let mut pending = vec![b];
        while let Some(b) = pending.pop() {
            let children = std::mem::take(&mut self.blossom_children[b]);
            for &s in &children {
                self.blossom_parent[s] = NONE;
                if s < self.n {
                    self.in_blossom[s] = s;
                } else if dissolving && self.dual[s] == 0 {
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
    fn relabel_expanded(&mut self, b: usize, children: &[usize]) {
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
    fn augment_blossom(&mut self, b: usize, v: usize) {
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

    /// Augments the matching along the path through edge `k` between two S-vertices
    /// whose trees have different roots.
    fn augment_matching(&mut self, k: usize) {
        let (v, w) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
        for (s, p) in [(v, 2 * k + 1), (w, 2 * k)] {
            // Match s to p, then trace back to the root, swapping edges.
            let (mut s, mut p) = (s, p);
            loop {
                let bs = self.in_blossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.label_end[bs] == NONE {
                    // Reached a single vertex.
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
    fn dissolve_trees(&mut self, roots: [usize; 2]) {
        let n = self.n;
        self.dissolutions += 1;
        let epoch = self.dissolutions;
        let in_trees = |solver: &Solver, b: usize| solver.label[b] != FREE && roots.contains(&solver.tree[b]);
        let members: Vec<usize> = (0..n).filter(|&x| in_trees(self, self.in_blossom[x])).collect();

        // Expand their S-blossoms whose dual is zero.
        for &x in &members {
            let b = self.in_blossom[x];
            if b >= n && self.label[b] == S && self.dual[b] == 0 && in_trees(self, b) {
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
    fn repair_dissolved(&mut self) {
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
            if k != NONE && self.label[bx] == FREE && self.best_key[x] - self.shift + self.dual[x] <= 0 {
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
    fn unlabel(&mut self, x: usize) {
        self.label[x] = FREE;
        self.label_end[x] = NONE;
        self.tree[x] = NONE;
        self.best_edge[x] = NONE;
    }

    /// Whether least-slack edge `k` of `x` (a free vertex, a vertex inside a
    /// T-blossom, or a top-level S-blossom) no longer leads to the S-vertex it was
    /// recorded for: that vertex has been dissolved since.
    fn best_edge_is_stale(&self, x: usize, k: usize) -> bool {
        let (i, j) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
        let near = if x < self.n && self.label[self.in_blossom[x]] != S { self.in_blossom[x] } else { x };
        let far = if self.in_blossom[i] == near { j } else { i };
        self.dissolved_in[far] != self.best_far_since[x]
    }

    /// Recomputes the least-slack edge from vertex `y` (free, or inside a T-blossom)
    /// to an S-vertex; an unreached vertex in a T-blossom with a tight such edge
    /// becomes reached.
    fn repair_vertex(&mut self, y: usize) {
        let by = self.in_blossom[y];
        if self.label[by] == S || (self.label[by] == T && (by == y || self.label[y] == T)) {
            return;
        }
        let inside_t = self.label[by] == T;
        self.best_edge[y] = NONE;
        for index in self.neighbour_start[y]..self.neighbour_start[y + 1] {
            let Neighbour { weight2, vertex: w, end: p } = self.neighbours[index];
            let bw = self.in_blossom[w];
            if bw == by || self.label[bw] != S {
                continue;
            }
            if inside_t && self.label[y] == FREE && self.dual[y] + self.dual[w] - weight2 <= 0 {
                // Reached from outside its T-blossom.
                self.label[y] = T;
                self.label_end[y] = p;
                self.marked.push(y);
            }
            self.offer_best_edge(y, p / 2, self.dual[w] + self.shift - weight2, w);
        }
    }

    /// Recomputes the least-slack edge from top-level S-blossom `b` to another
    /// S-blossom, from its list when it has one, else from its vertices' edges.
    fn repair_s_blossom(&mut self, b: usize) {
        self.best_edge[b] = NONE;
        let edges: Vec<usize> = match &self.blossom_best_edges[b] {
            Some(list) => list.clone(),
            None => {
                self.collect_leaves(b);
                self.leaves
                    .iter()
                    .flat_map(|&v| self.neighbours_of(v).iter().map(|neighbour| neighbour.end / 2))
                    .collect()
            }
        };
        for k in edges {
            let (i, j) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
            let (bi, bj) = (self.in_blossom[i], self.in_blossom[j]);
            if bi != bj && self.label[bi] == S && self.label[bj] == S {
                let far = if bi == b { j } else { i };
                self.offer_best_edge(b, k, self.slack(k) + 2 * self.shift, far);
            }
        }
    }

    /// Computes δ, applies it to the duals and says what to do next.
    fn adjust_duals(&mut self) -> Delta {
        let n = self.n;
        // δ1: the least vertex dual.
        let mut delta = self.dual[..n].iter().copied().min().unwrap_or(0);
        let mut action = Delta::Optimum;
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
        for b in 0..2 * n {
            if self.blossom_parent[b] != NONE || self.label[b] != S {
                continue;
            }
            for attempt in 0..2 {
                let k = self.best_edge[b];
                if k == NONE {
                    break;
                }
                let d = (self.best_key[b] - 2 * self.shift) / 2;
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

        for v in 0..n {
            match self.label[self.in_blossom[v]] {
                S => self.dual[v] -= delta,
                T => self.dual[v] += delta,
                _ => {}
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
        self.shift += delta;
        action
    }

    /// Runs the consistency checks of the bookkeeping (tests only).
    fn check_bookkeeping(&mut self) {
        let failures = [
            ("delta2", self.delta2_is_consistent()),
            ("delta3", self.delta3_is_consistent()),
            ("reached", self.reached_marks_are_consistent()),
            ("queue", self.queue.iter().all(|&v| self.label[self.in_blossom[v]] == S)),
        ];
        for (name, holds) in failures {
            if !holds && !self.check_failures.contains(&name) {
                self.check_failures.push(name);
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
                        let bw = self.in_blossom[neighbour.vertex];
                        bw != self.in_blossom[v] && self.label[bw] == S
                    })
                    .map(|neighbour| self.slack(neighbour.end / 2))
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
        let mut least = None::<Weight>;
        let mut known = None::<Weight>;
        for b in 0..2 * self.n {
            if self.blossom_parent[b] != NONE || self.label[b] != S {
                continue;
            }
            let mut leaves = Vec::new();
            let mut stack = Vec::new();
            push_leaves(&self.blossom_children, self.n, b, &mut stack, &mut leaves);
            for &v in &leaves {
                for neighbour in self.neighbours_of(v) {
                    let bw = self.in_blossom[neighbour.vertex];
                    if bw != b && self.label[bw] == S {
                        let s = self.slack(neighbour.end / 2);
                        least = Some(least.map_or(s, |l| l.min(s)));
                    }
                }
            }
            let k = self.best_edge[b];
            if k != NONE {
                let bound = self.best_key[b] - 2 * self.shift;
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
                bs != by && self.label[bs] == S && self.slack(p / 2) == 0
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
        if self.dual.iter().any(|&d| d < 0) {
            return false;
        }
        // Every edge has non-negative slack, matched edges zero slack.
        for k in 0..self.weight2.len() {
            let (i, j) = (self.endpoint[2 * k], self.endpoint[2 * k + 1]);
            let mut s = self.slack(k);
            let ancestors = |v: usize| {
                let mut chain = vec![v];
                let mut x = v;
                while self.blossom_parent[x] != NONE {
                    x = self.blossom_parent[x];
                    chain.push(x);
                }
                chain.reverse();
                chain
            };
            for (bi, bj) in ancestors(i).into_iter().zip(ancestors(j)) {
                if bi != bj {
                    break;
                }
                s += 2 * self.dual[bi];
            }
            if s < 0 {
                return false;
            }
            let matched_i = self.mate[i] != NONE && self.mate[i] / 2 == k;
            let matched_j = self.mate[j] != NONE && self.mate[j] / 2 == k;
            if matched_i != matched_j || (matched_i && s != 0) {
                return false;
            }
        }
        // Single vertices have zero dual.
        if (0..n).any(|v| self.mate[v] == NONE && self.dual[v] != 0) {
            return false;
        }
        // Blossoms with positive dual are full.
        for b in n..2 * n {
            if self.blossom_base[b] != NONE && self.dual[b] > 0 {
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

/// What the dual adjustment found to do next.
enum Delta {
    /// δ1: a vertex dual reached zero; no better matching exists.
    Optimum,
    /// δ2: this edge between an S-vertex and a free vertex became tight.
    FreeEdge(usize),
    /// δ3: this edge between two S-blossoms became tight.
    BlossomEdge(usize),
    /// δ4: this T-blossom's dual reached zero; expand it.
    Expand(usize),
}

/// Appends the leaf vertices of blossom `b` to `out` in order (pre-order over the
/// sub-blossom tree), using `stack` as scratch.
fn push_leaves(children: &[Vec<usize>], n: usize, b: usize, stack: &mut Vec<usize>, out: &mut Vec<usize>) {
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
    solver.checks = true;
    solver.run();
    Ok((graph.mates(&solver), solver.check_failures.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// `mwmatching.py`-style input: edges `(u, v, w)`, vertex count one past the largest.
    fn run(edges: &[(usize, usize, Weight)], max_cardinality: bool) -> Vec<Option<usize>> {
        let count = edges.iter().map(|&(u, v, _)| u.max(v) + 1).max().unwrap_or(0);
        let edges: Vec<Edge> = edges.iter().map(|&(u, v, w)| Edge::new(u, v, w)).collect();
        let (mate, failures) = max_weight_matching_checked(count, &edges, max_cardinality).unwrap();
        assert!(failures.is_empty(), "internal checks failed: {failures:?}");
        mate
    }

    /// A test case of `mwmatching.py`: edges, `max_cardinality`, expected mates.
    type Case = (&'static [(usize, usize, Weight)], bool, &'static [i64]);

    /// `mwmatching.py`'s expected output: `-1` for unmatched.
    fn mates(expected: &[i64]) -> Vec<Option<usize>> {
        expected.iter().map(|&m| usize::try_from(m).ok()).collect()
    }

    #[test]
    fn classic_cases_pass_the_internal_checks() {
        let cases: &[Case] = &[
            (&[(0, 1, 1)], false, &[1, 0]),
            (&[(1, 2, 10), (2, 3, 11)], false, &[-1, -1, 3, 2]),
            (&[(1, 2, 5), (2, 3, 11), (3, 4, 5)], false, &[-1, -1, 3, 2, -1]),
            (&[(1, 2, 5), (2, 3, 11), (3, 4, 5)], true, &[-1, 2, 1, 4, 3]),
            (&[(1, 2, 2), (1, 3, -2), (2, 3, 1), (2, 4, -1), (3, 4, -6)], false, &[-1, 2, 1, -1, -1]),
            (&[(1, 2, 2), (1, 3, -2), (2, 3, 1), (2, 4, -1), (3, 4, -6)], true, &[-1, 3, 4, 1, 2]),
            (&[(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7)], false, &[-1, 2, 1, 4, 3]),
            (&[(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7), (1, 6, 5), (4, 5, 6)], false, &[-1, 6, 3, 2, 5, 4, 1]),
            (&[(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 4), (1, 6, 3)], false, &[-1, 6, 3, 2, 5, 4, 1]),
            (&[(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 3), (1, 6, 4)], false, &[-1, 6, 3, 2, 5, 4, 1]),
            (&[(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 3), (3, 6, 4)], false, &[-1, 2, 1, 6, 5, 4, 3]),
            (
                &[(1, 2, 9), (1, 3, 9), (2, 3, 10), (2, 4, 8), (3, 5, 8), (4, 5, 10), (5, 6, 6)],
                false,
                &[-1, 3, 4, 1, 2, 6, 5],
            ),
            (
                &[
                    (1, 2, 10),
                    (1, 7, 10),
                    (2, 3, 12),
                    (3, 4, 20),
                    (3, 5, 20),
                    (4, 5, 25),
                    (5, 6, 10),
                    (6, 7, 10),
                    (7, 8, 8),
                ],
                false,
                &[-1, 2, 1, 4, 3, 6, 5, 8, 7],
            ),
            (
                &[
                    (1, 2, 8),
                    (1, 3, 8),
                    (2, 3, 10),
                    (2, 4, 12),
                    (3, 5, 12),
                    (4, 5, 14),
                    (4, 6, 12),
                    (5, 7, 12),
                    (6, 7, 14),
                    (7, 8, 12),
                ],
                false,
                &[-1, 2, 1, 5, 6, 3, 4, 8, 7],
            ),
            (
                &[(1, 2, 23), (1, 5, 22), (1, 6, 15), (2, 3, 25), (3, 4, 22), (4, 5, 25), (4, 8, 14), (5, 7, 13)],
                false,
                &[-1, 6, 3, 2, 8, 7, 1, 5, 4],
            ),
            (
                &[
                    (1, 2, 19),
                    (1, 3, 20),
                    (1, 8, 8),
                    (2, 3, 25),
                    (2, 4, 18),
                    (3, 5, 18),
                    (4, 5, 13),
                    (4, 7, 7),
                    (5, 6, 7),
                ],
                false,
                &[-1, 8, 3, 2, 7, 6, 5, 4, 1],
            ),
        ];
        for (index, &(edges, max_cardinality, expected)) in cases.iter().enumerate() {
            assert_eq!(run(edges, max_cardinality), mates(expected), "case {index}");
        }
    }

    #[test]
    fn nasty_expansions_pass_the_internal_checks() {
        let nasty = |e48: Weight, e57: Weight| {
            vec![
                (1, 2, 45),
                (1, 5, 45),
                (2, 3, 50),
                (3, 4, 45),
                (4, 5, 50),
                (1, 6, 30),
                (3, 9, 35),
                (4, 8, e48),
                (5, 7, e57),
                (9, 10, 5),
            ]
        };
        let expected = mates(&[-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9]);
        assert_eq!(run(&nasty(35, 26), false), expected);
        assert_eq!(run(&nasty(26, 40), false), expected);
        assert_eq!(run(&nasty(28, 26), false), expected);
        let nested = [
            (1, 2, 45),
            (1, 7, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 95),
            (4, 6, 94),
            (5, 6, 94),
            (6, 7, 50),
            (1, 8, 30),
            (3, 11, 35),
            (5, 9, 36),
            (7, 10, 26),
            (11, 12, 5),
        ];
        assert_eq!(run(&nested, false), mates(&[-1, 8, 3, 2, 6, 9, 4, 10, 1, 5, 7, 12, 11]));
        let relabel = [
            (1, 2, 40),
            (1, 3, 40),
            (2, 3, 60),
            (2, 4, 55),
            (3, 5, 55),
            (4, 5, 50),
            (1, 8, 15),
            (5, 7, 30),
            (7, 6, 10),
            (8, 10, 10),
            (4, 9, 30),
        ];
        assert_eq!(run(&relabel, false), mates(&[-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8]));
    }

    /// Checks `rounds` random graphs of `sizes` vertices with weights drawn from
    /// `weights` in both modes: the bookkeeping agrees with a direct computation after
    /// every substage, and the final duals prove the matching optimal.
    fn check_random_graphs(
        seed: u64,
        rounds: usize,
        sizes: std::ops::RangeInclusive<usize>,
        weights: impl Fn(&mut ChaCha8Rng) -> Weight,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for round in 0..rounds {
            let n = rng.random_range(sizes.clone());
            let density = rng.random_range(0.05..=1.0);
            let mut edges = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if rng.random_bool(density) {
                        edges.push(Edge::new(u, v, weights(&mut rng)));
                    }
                }
            }
            for max_cardinality in [false, true] {
                let (mate, failures) = max_weight_matching_checked(n, &edges, max_cardinality).unwrap();
                assert!(failures.is_empty(), "seed {seed} round {round}: checks failed: {failures:?}");
                for (v, m) in mate.iter().enumerate() {
                    if let Some(m) = *m {
                        assert_eq!(mate[m], Some(v));
                    }
                }
            }
        }
    }

    #[test]
    fn random_graphs_pass_the_internal_checks() {
        // Weights of every size, some negative.
        check_random_graphs(2024, 200, 2..=60, |rng| {
            let max: Weight = 1 << rng.random_range(2..=100);
            rng.random_range(-max / 4..=max)
        });
        // Few distinct weights: ties, tight edges everywhere, many blossoms.
        check_random_graphs(7, 2000, 2..=14, |rng| rng.random_range(0..=2));
        check_random_graphs(8, 200, 2..=40, |rng| rng.random_range(-1..=5));
        // Larger graphs, tied and not.
        check_random_graphs(9, 6, 100..=150, |rng| rng.random_range(1..=4));
        check_random_graphs(10, 6, 100..=150, |rng| rng.random_range(1..=1 << 40));
    }

    #[test]
    fn leaves_come_in_pre_order() {
        let mut children = vec![Vec::new(); 10];
        children[6] = vec![0, 7, 4];
        children[7] = vec![3, 1, 2];
        let mut out = Vec::new();
        push_leaves(&children, 5, 6, &mut Vec::new(), &mut out);
        assert_eq!(out, [0, 3, 1, 2, 4]);
    }

    #[test]
    fn repeated_edges_keep_the_heaviest_and_loops_are_dropped() {
        let edges =
            [Edge::new(1, 0, 3), Edge::new(0, 1, 7), Edge::new(2, 2, 100), Edge::new(0, 1, -5), Edge::new(3, 1, 2)];
        let graph = Graph::new(5, &edges, false).unwrap();
        assert_eq!(graph.original, [0, 1, 3]);
        assert_eq!(graph.edges, [(0, 1, 7), (1, 2, 2)]);
        let graph = Graph::new(5, &edges, true).unwrap();
        // Shifted: w − 2 + (1·5 + 1).
        assert_eq!(graph.edges, [(0, 1, 11), (1, 2, 6)]);
    }
}
