//! Fresh seeds for draws: the one place outside the domain that reads the operating
//! system's randomness and the clock for a pairing. The domain only ever receives the
//! seed (stored with the round, so a draw can be reproduced); the window's pairing and
//! bracket panels and the CLI's `pair` draw it here.

/// A fresh seed for a draw: the operating system's randomness (through `RandomState`)
/// mixed with the clock.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(jiff::Timestamp::now().as_nanosecond())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_fresh_seeds_differ() {
        assert_ne!(fresh_seed(), fresh_seed());
    }
}
