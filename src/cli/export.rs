//! `bianpai export FILE csv|xlsx|html [--group G] -o OUT`: final rankings and web pages.

use super::{ExportFormat, GroupArg};
use std::path::Path;

/// Writes the export in `format` (TRF goes through `trf::export`).
pub(super) fn run(_file: &Path, format: ExportFormat, _group: &GroupArg, _output: &Path) -> anyhow::Result<String> {
    Err(anyhow::anyhow!("export to {format:?} is not available yet; trf is").context("bianpai export"))
}
