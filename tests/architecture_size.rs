//! Size rules of the code (DESIGN.md's style floor; issue 40, item 3): no source file
//! over 600 lines, and few functions over 80 lines — a long function is split where a
//! part reads on its own (derive, then draw).

use crate::common;

use common::source::rust_files;
use std::path::{Path, PathBuf};

/// Functions over 80 lines the code may hold at most (issue 40, item 3: 15; 12 since the
/// panels derive, then draw — held where it is, so that none comes back).
const LONG_FUNCTIONS_ALLOWED: usize = 12;

fn source_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    files.sort();
    files
}

/// Each function of `text` with a body, by name, and its length in lines from its
/// signature to its closing brace (a brace at the signature's indentation; rustfmt
/// lays every function out so).
fn function_lengths(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let indent = line.len() - line.trim_start().len();
        let Some(name) = fn_name(line.trim_start()) else {
            i += 1;
            continue;
        };
        // A signature may run over several lines; a declaration ends in `;`.
        let Some(open) = (i..lines.len()).find(|&j| lines[j].contains('{') || lines[j].trim_end().ends_with(';'))
        else {
            break;
        };
        if !lines[open].contains('{') || lines[open].trim_end().ends_with('}') {
            i = open + 1;
            continue;
        }
        let close = (open + 1..lines.len()).find(|&k| {
            let l = lines[k];
            l.len() - l.trim_start().len() == indent && l.trim_start().starts_with('}')
        });
        let Some(close) = close else { break };
        found.push((name, close - i + 1));
        i = close + 1;
    }
    found
}

/// The name of the function a line declares, if it declares one.
fn fn_name(trimmed: &str) -> Option<String> {
    let mut rest = trimmed;
    for prefix in ["pub(crate) ", "pub(super) ", "pub ", "const ", "async ", "unsafe "] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    (!name.is_empty()).then_some(name)
}

// DESIGN.md: small modules with one job — no file over 600 lines.
#[test]
fn no_source_file_is_over_600_lines() {
    let long: Vec<String> = source_files()
        .iter()
        .filter_map(|f| {
            let n = std::fs::read_to_string(f).unwrap().lines().count();
            (n > 600).then(|| format!("{} ({n} lines)", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "files over 600 lines:\n{}", long.join("\n"));
}

// Issue 40, item 3: at most 12 functions over 80 lines in src/ (15 at first).
#[test]
fn few_functions_are_over_80_lines() {
    let mut long = Vec::new();
    for file in source_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        for (name, n) in function_lengths(&text) {
            if n > 80 {
                long.push(format!("{}: {name} ({n} lines)", file.display()));
            }
        }
    }
    assert!(
        long.len() <= LONG_FUNCTIONS_ALLOWED,
        "{} functions over 80 lines (at most {LONG_FUNCTIONS_ALLOWED}):\n{}",
        long.len(),
        long.join("\n")
    );
}

#[test]
fn function_lengths_are_measured_from_signature_to_brace() {
    let text = "fn a() {\n    1;\n}\n\npub(super) fn b(\n    x: u32,\n) -> u32 {\n    x\n}\nfn c();\nfn d() {}\n";
    assert_eq!(function_lengths(text), [("a".to_string(), 3), ("b".to_string(), 5)]);
}
