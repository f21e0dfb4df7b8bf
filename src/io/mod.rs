//! Format conversions: roster import (CSV, XLSX, XLS), the JSON shapes of CLI.md, TRF-16, and
//! the exports of final rankings (CSV, XLSX) and web pages (HTML).

pub mod export;
pub mod json;
pub mod roster;
pub mod trf;
