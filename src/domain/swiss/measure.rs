//! The measure of `cxa` rule 1 (PAIRING.md, 同分相遇、不同分就近): a round's score
//! differences, sorted largest first, compared lexicographically — first the largest
//! difference of any board, then how many boards have it, then the next largest.
//!
//! As edge weights ([`Levels`]): one field per size of difference, the largest most
//! significant, each counting the boards *not* of that size, so a maximum-weight
//! matching first avoids the largest difference, then has as few boards of it as it
//! can, and so on down; equal scores (difference 0) need no field. A field per size
//! costs as many bits as the count of boards needs, so the engine may weigh exactly
//! only the smallest sizes and lump all larger ones into one "far" field above them:
//! a pairing that uses no far pair is then optimal for the whole measure (any pairing
//! with a far pair has a difference above every one of its own), and one that does
//! bounds the largest difference an optimum can have ([`Levels::upto`]).

/// The sizes of score difference (in tenths) the weights tell apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Levels {
    /// The nonzero sizes weighed exactly, ascending.
    exact: Vec<u64>,
    /// Whether larger sizes exist, lumped into one field above the exact ones.
    far: bool,
}

impl Levels {
    /// Every size in `sizes` (any order, repeats allowed) weighed exactly.
    pub fn all(sizes: impl IntoIterator<Item = u64>) -> Levels {
        let mut exact: Vec<u64> = sizes.into_iter().filter(|d| *d > 0).collect();
        exact.sort_unstable();
        exact.dedup();
        Levels { exact, far: false }
    }

    /// The sizes up to `largest` weighed exactly; the larger ones dropped (the caller
    /// leaves their pairs out of the graph).
    pub fn upto(&self, largest: u64) -> Levels {
        Levels { exact: self.exact.iter().copied().filter(|d| *d <= largest).collect(), far: false }
    }

    /// The smallest `count` sizes weighed exactly, the rest lumped as far.
    pub fn truncated(&self, count: usize) -> Levels {
        if count >= self.exact.len() {
            return self.clone();
        }
        Levels { exact: self.exact[..count].to_vec(), far: true }
    }

    /// How many nonzero sizes there are to weigh exactly.
    pub fn sizes(&self) -> usize {
        self.exact.len()
    }

    /// How many weight fields the measure takes.
    pub fn fields(&self) -> usize {
        self.exact.len() + usize::from(self.far)
    }

    /// Whether a difference of this size is lumped with the far ones.
    pub fn is_far(&self, difference: u64) -> bool {
        self.far && difference > self.exact.last().copied().unwrap_or(0)
    }

    /// The field values of a pair with this difference, most significant first: each
    /// field is 1 unless the pair is of that field's size.
    pub fn values(&self, difference: u64) -> impl Iterator<Item = u64> + '_ {
        let far = self.far.then(|| u64::from(!self.is_far(difference)));
        far.into_iter().chain(self.exact.iter().rev().map(move |size| u64::from(*size != difference)))
    }
}

/// A pairing's score differences (any unit), largest first: the measure of rule 1,
/// where a smaller vector (in `Ord`) is the better pairing of the same players.
#[cfg(test)]
pub(crate) fn sorted_differences(differences: impl IntoIterator<Item = u64>) -> Vec<u64> {
    let mut sorted: Vec<u64> = differences.into_iter().collect();
    sorted.sort_unstable_by_key(|d| std::cmp::Reverse(*d));
    sorted
}

#[cfg(test)]
mod tests {
    use super::*;

    // PAIRING.md cxa §1: largest first, then how many boards have it.
    #[test]
    fn sorted_differences_compare_largest_first() {
        let leader_down = sorted_differences([16, 0]);
        let nearest = sorted_differences([2, 14]);
        assert!(nearest < leader_down);
        assert!(sorted_differences([5, 3, 3]) < sorted_differences([5, 5, 0]));
    }

    #[test]
    fn truncated_levels_lump_the_larger_sizes_above_the_exact_ones() {
        let levels = Levels::all([0, 30, 10, 20, 10]);
        assert_eq!(levels.sizes(), 3);
        let two = levels.truncated(2);
        assert_eq!(two.fields(), 3);
        assert!(two.is_far(30) && !two.is_far(20));
        assert_eq!(two.values(30).collect::<Vec<_>>(), [0, 1, 1]);
        assert_eq!(two.values(20).collect::<Vec<_>>(), [1, 0, 1]);
        assert_eq!(two.values(0).collect::<Vec<_>>(), [1, 1, 1]);
        assert_eq!(levels.upto(20), Levels::all([10, 20]));
        assert_eq!(levels.truncated(5), levels);
    }
}
