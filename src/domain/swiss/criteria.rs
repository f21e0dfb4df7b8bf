//! The pairing criteria as one integer edge weight: fields packed most significant
//! first, each wide enough that no amount of a lower field can outweigh one unit of a
//! higher one (the encoding of bbpPairings and OpenGotha). Every field is a benefit:
//! the matching maximises the total.

use crate::domain::matching::MatchWeight;

/// The most a single edge may add to the rank field: costs above it are capped.
pub(crate) const RANK_COST_CAP: u64 = 255;

/// One field of the weight: the largest value one edge adds to it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Field {
    pub max_per_edge: u64,
}

/// Where each field sits in the weight.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    /// Bit offset of each field, in the order given to [`Layout::new`].
    offsets: Vec<u32>,
    /// Bits used in all.
    pub total_bits: u32,
}

fn bits_for(value: u128) -> u32 {
    u128::BITS - value.leading_zeros()
}

impl Layout {
    /// Lays out `fields` (most significant first) for matchings of at most `pairs` edges.
    pub fn new(fields: &[Field], pairs: usize) -> Layout {
        let mut offsets = vec![0; fields.len()];
        let mut offset = 0;
        for (i, field) in fields.iter().enumerate().rev() {
            offsets[i] = offset;
            offset += bits_for(u128::from(field.max_per_edge) * (pairs as u128 + 1));
        }
        Layout { offsets, total_bits: offset }
    }

    /// The weight of an edge with these field values (in the order of the fields), in
    /// an integer type at least [`Layout::total_bits`] wide.
    pub fn pack<W: MatchWeight>(&self, values: impl IntoIterator<Item = u64>) -> W {
        let mut weight = W::ZERO;
        for (v, off) in values.into_iter().zip(&self.offsets) {
            weight += W::from_u64(v).shl(*off);
        }
        weight
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // A single unit of a higher field outweighs the most the lower fields can add up to.
    #[test]
    fn a_higher_field_dominates_every_lower_total() {
        let fields = [Field { max_per_edge: 1 }, Field { max_per_edge: 255 }];
        let pairs = 1000;
        let layout = Layout::new(&fields, pairs);
        let all_lower = layout.pack::<i128>([0, 255]) * pairs as i128;
        assert!(layout.pack::<i128>([1, 0]) > all_lower);
    }
}
