//! The rules' refusals in the director's words, in both languages (issue 18):
//! pairing, matching, round robin, knockout and prizes.

use crate::domain::knockout::KnockoutError;
use crate::domain::matching::MatchingError;
use crate::domain::prizes::PrizeError;
use crate::domain::round_robin::RoundRobinError;
use crate::domain::swiss::PairingError;
use crate::lang::{Lang, Localized};

macro_rules! english_for_now {
    ($($t:ty),*) => {$(
        impl Localized for $t {
            fn message(&self, _lang: Lang) -> String {
                self.to_string()
            }
        }
    )*};
}

english_for_now!(PairingError, MatchingError, RoundRobinError, KnockoutError, PrizeError);
