//! Size bounds of the roster importers (issue 22, item 2): for random cells of random
//! length in a random text column, a CSV or XLSX roster is refused naming the cell's
//! line and column exactly when the cell is longer than a player's field may be, and
//! whatever is imported fits the bound.

use bianpai::domain::player::MAX_TEXT_CHARS;
use bianpai::io::roster::{RosterError, RowIssue, read_csv, read_xlsx};
use proptest::prelude::*;

const COLUMNS: [&str; 4] = ["姓名", "单位", "电话", "备注"];

/// A cell of `len` characters from a small alphabet of ASCII and Chinese.
fn cell(len: usize, seed: u64) -> String {
    let alphabet: Vec<char> = "abcXYZ07象棋队".chars().collect();
    (0..len).map(|i| alphabet[((seed as usize).wrapping_add(i * 7)) % alphabet.len()]).collect()
}

/// Checks a read roster against the long cell at (line 3, `column`) of `len` chars.
fn check(
    result: Result<Vec<bianpai::io::roster::RosterRow>, RosterError>,
    column: &str,
    len: usize,
) -> Result<(), String> {
    match result {
        Ok(rows) if len <= MAX_TEXT_CHARS => {
            for r in &rows {
                let texts = [&r.entry.name, &r.entry.club, &r.entry.phone];
                if texts
                    .iter()
                    .chain(r.entry.notes.values().collect::<Vec<_>>().iter())
                    .any(|t| t.chars().count() > MAX_TEXT_CHARS)
                {
                    return Err(format!("an imported field beyond the bound: {r:?}"));
                }
            }
            Ok(())
        }
        Ok(_) => Err(format!("a {len}-character cell in {column} was imported")),
        Err(RosterError::BadRows { errors, .. }) if len > MAX_TEXT_CHARS => {
            let named = errors.iter().any(|e| {
                e.line == 3 && e.field == column && matches!(e.issue, RowIssue::TooLong { chars, .. } if chars == len)
            });
            if named { Ok(()) } else { Err(format!("refused without naming line 3, {column}: {errors:?}")) }
        }
        Err(e) => Err(format!("{len} characters in {column}: {e}")),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn csv_cells_are_bounded(len in 1usize..600, column in 0usize..4, seed in any::<u64>()) {
        let header = COLUMNS.join(",");
        let mut row = ["乙".to_string(), String::new(), String::new(), String::new()];
        row[column] = cell(len, seed);
        let text = format!("{header}\n甲,,,\n{}\n", row.join(","));
        if let Err(problem) = check(read_csv("r.csv", text.as_bytes()), COLUMNS[column], len) {
            prop_assert!(false, "{}", problem);
        }
    }

    #[test]
    fn xlsx_cells_are_bounded(len in 1usize..600, column in 0usize..4, seed in any::<u64>()) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.xlsx");
        let mut workbook = rust_xlsxwriter::Workbook::new();
        let sheet = workbook.add_worksheet();
        for (c, h) in COLUMNS.iter().enumerate() {
            sheet.write_string(0, c as u16, *h).unwrap();
        }
        sheet.write_string(1, 0, "甲").unwrap();
        sheet.write_string(2, 0, "乙").unwrap();
        sheet.write_string(2, column as u16, cell(len, seed)).unwrap();
        workbook.save(&path).unwrap();
        if let Err(problem) = check(read_xlsx(&path), COLUMNS[column], len) {
            prop_assert!(false, "{}", problem);
        }
    }
}
