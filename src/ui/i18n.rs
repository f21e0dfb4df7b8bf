//! The window's two languages: Simplified Chinese by default, English on
//! request, switched live. Every string is written at its call site in both languages
//! (`lang.t("选手", "Players")`), so no key table can drift out of step with the code.

pub use crate::lang::Lang;
