//! [`DomainError`] in the director's words, in both languages (issue 18).

use super::change::DomainError;
use crate::lang::{Lang, Localized};

impl Localized for DomainError {
    fn message(&self, _lang: Lang) -> String {
        self.to_string()
    }
}

impl Localized for super::eligibility::EligibilityIssue {
    fn message(&self, _lang: Lang) -> String {
        self.to_string()
    }
}

impl Localized for super::warning::PairingWarning {
    fn message(&self, _lang: Lang) -> String {
        self.to_string()
    }
}
