//! A look at an XLSX workbook before calamine reads it (issue 38, item 6). An XLSX file
//! is a zip archive of XML parts; a 23 MB file whose sheet unpacks to 5.4 GB made the
//! import ask for more memory than the machine had. This module reads only the
//! archive's directory — the size each part declares once unpacked — and refuses a
//! workbook with a part, or parts together, larger than any roster, before anything
//! is unpacked.
//!
//! A declared size can lie, but it bounds what is unpacked all the same: the zip
//! reader calamine uses stops with an error as soon as a part unpacks to more than
//! it declared, so no part is ever unpacked beyond the limits checked here.

use super::RosterError;
use std::path::Path;

/// The most one part of a roster workbook (its sheet, its shared strings …) may
/// unpack to: a roster of 100,000 players is a few tens of megabytes.
pub(super) const MAX_PART_BYTES: u64 = 200 * 1024 * 1024;

/// The most all parts of a roster workbook together may unpack to.
pub(super) const MAX_TOTAL_BYTES: u64 = 500 * 1024 * 1024;

/// Refuses an XLSX workbook whose parts unpack to more than a roster needs. A file
/// that is not a readable zip archive is left to calamine and its errors.
///
/// # Errors
/// [`RosterError::WorkbookUnpacksTooLarge`] naming the part (or none, for the parts
/// together) and the limit.
pub(super) fn check(path: &Path, file: &str) -> Result<(), RosterError> {
    let Ok(opened) = std::fs::File::open(path) else {
        return Ok(());
    };
    let Ok(mut archive) = zip::ZipArchive::new(std::io::BufReader::new(opened)) else {
        return Ok(());
    };
    let too_large = |part: Option<String>, max_bytes: u64| RosterError::WorkbookUnpacksTooLarge {
        file: file.to_string(),
        part,
        max_megabytes: max_bytes / (1024 * 1024),
    };
    let mut total: u64 = 0;
    for index in 0..archive.len() {
        let Ok(entry) = archive.by_index_raw(index) else {
            continue;
        };
        let size = entry.size();
        if size > MAX_PART_BYTES {
            let part = entry.name().map(|name| name.into_owned()).unwrap_or_default();
            return Err(too_large(Some(part), MAX_PART_BYTES));
        }
        total = total.saturating_add(size);
        if total > MAX_TOTAL_BYTES {
            return Err(too_large(None, MAX_TOTAL_BYTES));
        }
    }
    Ok(())
}
