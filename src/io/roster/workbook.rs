//! Workbook rosters: the first sheet of an XLSX workbook, or of a legacy XLS one
//! (Excel 97–2003), read cell by cell into the raw table.

use super::table::{Cell, RawRow, Table, build_rows, is_blank_data};
use super::{RosterError, RosterRow};
use calamine::{Data, Reader, Xls, XlsError, Xlsx, XlsxError};
use std::collections::BTreeMap;
use std::path::Path;

/// The non-blank cells of a sheet by row, then column (0-based).
type SparseCells = BTreeMap<u32, BTreeMap<u32, Data>>;

/// The most rows and columns a roster sheet may use (issue 38, item 6: rows).
const MAX_SHEET_ROWS: u32 = 100_000;
const MAX_SHEET_COLUMNS: u32 = 1_000;
/// The most cells a roster sheet may fill, or lay out as rows × its widest row: a
/// roster of [`MAX_SHEET_ROWS`] players with 40 columns (issue 38, item 6).
const MAX_SHEET_CELLS: u64 = 4_000_000;

/// Reads the first sheet of an XLSX workbook: the first non-empty row is the header
/// row, each later row one player; rows whose cells are all empty are skipped.
/// Date-formatted cells and plain numbers (Excel date serials) are accepted in the
/// 出生日期/born column besides text dates. [`RosterRow::line`] is the sheet's row
/// number.
///
/// # Errors
/// - [`RosterError::Workbook`] if the file cannot be opened or the sheet read;
/// - [`RosterError::Empty`] if the workbook has no sheet, or the first sheet has no
///   header row or no player under it;
/// - [`RosterError::WorkbookUnpacksTooLarge`] for a part that unpacks to more than a
///   roster ever needs, refused before it is unpacked;
/// - [`RosterError::MissingNameColumn`], [`RosterError::DuplicateColumn`] for a bad
///   header row;
/// - [`RosterError::SheetTooLarge`], [`RosterError::Damaged`] for a sheet no roster
///   has;
/// - [`RosterError::BadRows`] listing every field that does not parse.
pub fn read_xlsx(path: &Path) -> Result<Vec<RosterRow>, RosterError> {
    let file = path.display().to_string();
    // calamine is handed only a workbook whose parts unpack within a roster's memory.
    super::xlsx_guard::check(path, &file)?;
    let workbook_error = |source: XlsxError| RosterError::Workbook { file: file.clone(), source };
    let mut workbook: Xlsx<_> = calamine::open_workbook(path).map_err(workbook_error)?;
    let is_1904 = workbook.has_1904_epoch();
    let Some(sheet) = workbook.sheet_names().first().cloned() else {
        return Err(RosterError::Empty { file });
    };
    // Cells are read one by one (not as calamine's dense Range, which would lay out
    // rows × columns cells for one stray far cell, calamine#693), and a panic inside
    // the reader (an impossible cell reference, calamine#694) is an error, not a crash.
    let read = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| xlsx_cells(&mut workbook, &sheet, &file)));
    let cells = match read {
        Ok(cells) => cells?,
        Err(_) => return Err(RosterError::Damaged { file, message: "an impossible cell reference".into() }),
    };
    sheet_rows(file, cells, is_1904)
}

/// Reads the first sheet of a legacy XLS workbook (Excel 97–2003, as older Chinese
/// Windows machines still save rosters), with the columns, cells and messages of
/// [`read_xlsx`].
///
/// # Errors
/// As [`read_xlsx`], with [`RosterError::Unreadable`] when the file cannot be read,
/// [`RosterError::OldWorkbook`] when it cannot be read as an XLS workbook, and
/// [`RosterError::WorkbookTooLarge`] or [`RosterError::Damaged`] for a damaged file
/// that calamine could not read within a roster's memory.
pub fn read_xls(path: &Path) -> Result<Vec<RosterRow>, RosterError> {
    let file = path.display().to_string();
    // calamine reads the whole workbook when it opens it; a panic there on a damaged
    // file is an error, not a crash.
    let read = std::panic::catch_unwind(|| xls_cells(path, &file));
    match read {
        Ok(Ok((cells, is_1904))) => sheet_rows(file, cells, is_1904),
        Ok(Err(error)) => Err(error),
        Err(_) => Err(RosterError::Damaged { file, message: "the workbook's records contradict each other".into() }),
    }
}

/// The first sheet of an XLS workbook as sparse cells, and whether it counts dates
/// from 1904.
fn xls_cells(path: &Path, file: &str) -> Result<(SparseCells, bool), RosterError> {
    let bytes = std::fs::read(path).map_err(|source| RosterError::Unreadable { file: file.to_string(), source })?;
    // calamine is handed only a file it reads within a roster's memory.
    super::xls_guard::check(&bytes, file)?;
    let workbook_error = |source: XlsError| RosterError::OldWorkbook { file: file.to_string(), source };
    let mut workbook: Xls<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).map_err(workbook_error)?;
    let is_1904 = workbook.has_1904_epoch();
    let Some(sheet) = workbook.sheet_names().first().cloned() else {
        return Err(RosterError::Empty { file: file.to_string() });
    };
    let range = workbook.worksheet_range(&sheet).map_err(workbook_error)?;
    let (top, left) = range.start().unwrap_or((0, 0));
    let mut cells = SparseCells::new();
    let mut filled = 0;
    for (row, column, data) in range.used_cells() {
        // Positions in the range count from its first used cell; the sheet's from A1.
        let (row, column) = (top.saturating_add(row as u32), left.saturating_add(column as u32));
        check_size(file, row, column)?;
        if !is_blank_data(data) {
            check_count(file, &mut filled)?;
            cells.entry(row).or_default().insert(column, data.clone());
        }
    }
    Ok((cells, is_1904))
}

/// The non-blank cells of an XLSX sheet, read one by one.
fn xlsx_cells(
    workbook: &mut Xlsx<std::io::BufReader<std::fs::File>>,
    sheet: &str,
    file: &str,
) -> Result<SparseCells, RosterError> {
    let workbook_error = |source: XlsxError| RosterError::Workbook { file: file.to_string(), source };
    let mut reader = workbook.worksheet_cells_reader(sheet).map_err(workbook_error)?;
    let mut cells = SparseCells::new();
    let mut filled = 0;
    while let Some(cell) = reader.next_cell().map_err(workbook_error)? {
        let (row, column) = cell.get_position();
        check_size(file, row, column)?;
        let data = Data::from(cell.get_value().clone());
        if !is_blank_data(&data) {
            check_count(file, &mut filled)?;
            cells.entry(row).or_default().insert(column, data);
        }
    }
    Ok(cells)
}

/// A cell beyond any roster's size is refused rather than laid out in memory.
fn check_size(file: &str, row: u32, column: u32) -> Result<(), RosterError> {
    if row >= MAX_SHEET_ROWS || column >= MAX_SHEET_COLUMNS {
        return Err(RosterError::SheetTooLarge {
            file: file.to_string(),
            row: u64::from(row) + 1,
            column: u64::from(column) + 1,
            max_rows: MAX_SHEET_ROWS,
            max_columns: MAX_SHEET_COLUMNS,
        });
    }
    Ok(())
}

/// Counts one more filled cell, refusing a sheet with more than any roster has.
fn check_count(file: &str, filled: &mut u64) -> Result<(), RosterError> {
    *filled += 1;
    if *filled > MAX_SHEET_CELLS {
        return Err(RosterError::WorkbookTooLarge { file: file.to_string(), max_cells: MAX_SHEET_CELLS });
    }
    Ok(())
}

/// The sheet's first non-empty row as the header row, each later row a player; the
/// line of a row is its number on the sheet.
fn sheet_rows(file: String, cells: SparseCells, is_1904: bool) -> Result<Vec<RosterRow>, RosterError> {
    let width = cells.values().filter_map(|row| row.keys().next_back()).max().map_or(0, |c| *c as usize + 1);
    // Each row is laid out as wide as the widest: one far column on one row must not
    // make every row that wide in memory.
    if (width as u64).saturating_mul(cells.len() as u64) > MAX_SHEET_CELLS {
        return Err(RosterError::WorkbookTooLarge { file, max_cells: MAX_SHEET_CELLS });
    }
    let mut sheet_rows = cells.into_iter().map(|(row, by_column)| {
        let mut line = vec![Cell::Text(String::new()); width];
        for (column, data) in by_column {
            line[column as usize] = Cell::from_data(&data);
        }
        (row as usize + 1, line)
    });
    let Some((_, header_row)) = sheet_rows.next() else {
        return Err(RosterError::Empty { file });
    };
    let headers = header_row.iter().map(|cell| cell.to_text().unwrap_or_default()).collect();
    let rows = sheet_rows.map(|(line, cells)| RawRow { line, cells }).collect();
    build_rows(Table { file, headers, rows, is_1904 }, Vec::new())
}
