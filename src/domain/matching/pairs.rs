//! The warm matcher's table of pairs, shared by `warm` (which keeps it) and
//! `pricing` (which reads it): each pair's index ([`pair_index`]), the mark of a
//! pair outside the solver's graph ([`NO_EDGE`]), and the view pricing gets
//! ([`Pairs`]). Kept apart so that neither of the two names the other's file
//! for it (issue 40).

/// A pair that is not an edge of the solver's graph (also what `index` stores for
/// an edge number past `u32::MAX`, which no window reaches).
pub(super) const NO_EDGE: u32 = u32::MAX;

/// The index of pair `u < v` among the pairs of `n` vertices in lexicographic order.
#[inline]
pub(super) fn pair_index(n: usize, u: usize, v: usize) -> usize {
    let (u, v) = if u < v { (u, v) } else { (v, u) };
    u * n - u * (u + 1) / 2 + (v - u - 1)
}

/// The warm matcher's pairs, by [`pair_index`]: their weights (≤ 0: no edge),
/// their edge numbers in the solver's graph ([`NO_EDGE`] when not in it), and the
/// vertices taken out.
pub(super) struct Pairs<'a, W> {
    pub weight: &'a [W],
    pub edge: &'a [u32],
    pub removed: &'a [bool],
}
