//! English stand-ins for the file errors' words until their own impls land.

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

english_for_now!(
    crate::store::StoreError,
    crate::store::blacklist::BlacklistError,
    crate::io::roster::RosterError,
    crate::io::trf::TrfError,
    crate::io::export::ExportError,
    crate::io::trf::ExportError,
    crate::print::PrintError,
    crate::present::ranking::RankingError,
    crate::cli::trf::TrfPairError
);
