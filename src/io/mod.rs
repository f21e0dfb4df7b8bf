//! Format conversions: roster import (CSV, XLSX) and the JSON shapes of CLI.md.

pub mod json;
pub mod roster;
pub mod trf;
