//! What the solver needs of an edge weight ([`MatchWeight`]): exact signed integer
//! arithmetic and order, doubling and halving (vertex duals are kept doubled) and
//! the shifts that rescale a warm-started problem. `i128` implements it here; the
//! Dutch pairing's wider fixed-width integers implement it where they are defined.

use std::fmt::Debug;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// An integer edge weight for the matching solver. Arithmetic must be exact for the
/// values the solver meets: the weights, twice the weights and the duals (see the
/// module documentation of `domain::matching` for the bound with `i128`).
pub trait MatchWeight: Copy + Ord + Debug + Add<Output = Self> + Sub<Output = Self> + AddAssign + SubAssign {
    /// Zero.
    const ZERO: Self;
    /// The width in bits.
    const BITS: u32;
    /// Twice the value.
    fn double(self) -> Self;
    /// Half the value, rounded down.
    fn half(self) -> Self;
    /// A small non-negative value.
    fn from_u64(value: u64) -> Self;
    /// The value shifted left by `bits` (bits beyond the width are lost).
    fn shl(self, bits: u32) -> Self;
    /// Whether the value is zero.
    fn is_zero(&self) -> bool;
}

impl MatchWeight for i128 {
    const ZERO: Self = 0;
    const BITS: u32 = i128::BITS;

    #[inline]
    fn double(self) -> Self {
        2 * self
    }

    #[inline]
    fn half(self) -> Self {
        // Rounded down, as for the wide integers (the solver only halves even,
        // non-negative values).
        self >> 1
    }

    fn from_u64(value: u64) -> Self {
        i128::from(value)
    }

    fn shl(self, bits: u32) -> Self {
        self.checked_shl(bits).unwrap_or(0)
    }

    fn is_zero(&self) -> bool {
        *self == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn i128_halves_downwards_and_shifts_out() {
        assert_eq!(7i128.half(), 3);
        assert_eq!((-7i128).half(), -4);
        assert_eq!(5i128.double(), 10);
        assert_eq!(1i128.shl(3), 8);
        assert_eq!(1i128.shl(200), 0);
        assert!(i128::from_u64(0).is_zero());
    }
}
