//! CSV rosters: a header row, then one player per record, with the 1-based line of
//! each record for the messages.

use super::decode::{LineCounter, decode_text};
use super::table::{Cell, RawRow, Table, build_rows};
use super::{RosterError, RosterRow, RowError, RowIssue};

/// Reads a CSV roster: UTF-8 with or without a byte-order mark, UTF-16 with its mark,
/// GBK/GB18030 or Big5 (see `decode.rs`), a header row, then
/// one player per record. Blank lines, and records whose fields are all empty, are
/// skipped. `name_for_messages` is how errors name the file.
///
/// # Errors
/// - [`RosterError::NotUtf8`] if the bytes are in none of those encodings;
/// - [`RosterError::Empty`] if there is no header row or no player under it;
/// - [`RosterError::MissingNameColumn`], [`RosterError::DuplicateColumn`] for a bad
///   header row;
/// - [`RosterError::BadRows`] listing every record with the wrong number of fields
///   or a field that does not parse (see [`RowError`]);
/// - [`RosterError::Csv`] for any other parser error.
pub fn read_csv(name_for_messages: &str, bytes: &[u8]) -> Result<Vec<RosterRow>, RosterError> {
    let file = name_for_messages.to_string();
    let text = decode_text(bytes).map_err(|line| RosterError::NotUtf8 { file: file.clone(), line })?;
    let bytes = text.as_bytes();

    let mut reader =
        csv::ReaderBuilder::new().has_headers(true).flexible(false).trim(csv::Trim::All).from_reader(bytes);
    let csv_error = |error: csv::Error| RosterError::Csv { file: file.clone(), message: error.to_string() };
    let headers: Vec<String> = reader.headers().map_err(csv_error)?.iter().map(|h| h.trim().to_string()).collect();

    let mut rows = Vec::new();
    let mut shape_errors = Vec::new();
    // Records come in file order: their lines are counted in one pass (issue 22, item 4).
    let mut lines = LineCounter::new(bytes);
    for record in reader.records() {
        match record {
            Ok(record) => {
                let line = record.position().map_or(0, |pos| record_line(&mut lines, bytes, byte_offset(pos)));
                let cells = record.iter().map(|field| Cell::Text(field.trim().to_string())).collect();
                rows.push(RawRow { line, cells });
            }
            Err(error) => match error.kind() {
                csv::ErrorKind::UnequalLengths { pos, expected_len, len } => {
                    let line = pos.as_ref().map_or(0, |pos| record_line(&mut lines, bytes, byte_offset(pos)));
                    shape_errors.push(RowError {
                        line,
                        field: String::new(),
                        issue: RowIssue::FieldCount { found: *len, expected: *expected_len },
                    });
                }
                _ => return Err(csv_error(error)),
            },
        }
    }
    build_rows(Table { file, headers, rows, is_1904: false }, shape_errors)
}

fn byte_offset(pos: &csv::Position) -> usize {
    usize::try_from(pos.byte()).unwrap_or(usize::MAX)
}

/// The 1-based line where a record starting at byte `start` begins: the parser's
/// record position includes the blank lines it skipped before the record.
fn record_line(lines: &mut LineCounter<'_>, bytes: &[u8], start: usize) -> usize {
    let start = start.min(bytes.len());
    let skipped = bytes[start..].iter().position(|b| *b != b'\n' && *b != b'\r').unwrap_or(bytes.len() - start);
    lines.line_at(start + skipped)
}
