//! The caller's graph checked and reduced to what the solver needs (`Graph`):
//! vertices that have an edge, numbered densely; one edge per pair, the heaviest;
//! for a maximum-cardinality matching, the weights shifted so that one more edge
//! always outweighs any difference in weight. And the solver's answer mapped back.

use super::{Edge, MAX_ABS_WEIGHT, MatchingError, SOLVER_WEIGHT_LIMIT, Weight};

/// The input reduced to what the solver needs: vertices with an edge, numbered
/// densely, and one edge of positive weight per pair.
pub(super) struct Graph {
    /// The caller's vertex count.
    original_count: usize,
    /// The caller's number of each dense vertex, ascending.
    pub(super) original: Vec<usize>,
    /// Edges between dense vertices `(u, v, weight)` with `u < v` and `weight > 0`.
    pub(super) edges: Vec<(usize, usize, Weight)>,
}

impl Graph {
    /// Validates `edges`, drops self-loops (and, for a maximum-weight matching,
    /// edges of weight ≤ 0), keeps the heaviest of repeated edges, and shifts the
    /// weights for a maximum-cardinality matching.
    pub(super) fn new(vertex_count: usize, edges: &[Edge], max_cardinality: bool) -> Result<Graph, MatchingError> {
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
    pub(super) fn vertex_count(&self) -> usize {
        self.original.len()
    }

    /// The solver's matching (`partners`, in dense numbers) in the caller's vertex
    /// numbers.
    pub(super) fn mates(&self, partners: Vec<Option<usize>>) -> Vec<Option<usize>> {
        let mut mate = vec![None; self.original_count];
        for (vertex, partner) in partners.into_iter().enumerate() {
            if let Some(partner) = partner {
                mate[self.original[vertex]] = Some(self.original[partner]);
            }
        }
        mate
    }
}
