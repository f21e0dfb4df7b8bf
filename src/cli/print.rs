//! `bianpai print FILE WHAT [--group G] [--round R] -o OUT.pdf`: the PDFs of R-9.

use super::{GroupArg, PrintWhat};
use std::path::Path;

/// Writes the requested PDF.
pub(super) fn run(
    _file: &Path,
    what: PrintWhat,
    _group: &GroupArg,
    _round: Option<u32>,
    _output: &Path,
) -> anyhow::Result<String> {
    Err(anyhow::anyhow!("printing {what:?} is not available yet").context("bianpai print"))
}
