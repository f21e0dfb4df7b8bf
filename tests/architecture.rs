//! Architecture rules that the compiler does not check (DESIGN.md "One package,
//! layered modules"): `src/domain/` stays pure.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Whole-word occurrences of `word` in `text` (so `regulus` does not match `egui`).
fn names(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !ident(before) && !ident(after)
    })
}

// DESIGN.md: domain/ is PURE — no egui, eframe, rusqlite, printpdf, std::fs, clock or thread.
#[test]
fn domain_names_no_io_crates() {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/domain"), &mut files);
    assert!(files.len() > 5, "src/domain should hold the domain modules");
    let forbidden = [
        "egui",
        "eframe",
        "egui_extras",
        "rusqlite",
        "printpdf",
        "rfd",
        "std::fs",
        "std::thread",
        "std::time",
        "SystemTime",
        "Timestamp::now",
        "Zoned::now",
    ];
    let mut offences = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for word in forbidden {
            if names(&text, word) {
                offences.push(format!("{} names {word}", file.display()));
            }
        }
    }
    assert!(offences.is_empty(), "src/domain must stay pure:\n{}", offences.join("\n"));
}

#[test]
fn the_word_check_is_whole_word() {
    assert!(names("use egui::Ui;", "egui"));
    assert!(!names("let regui = 1;", "egui"));
    assert!(names("std::fs::read", "std::fs"));
}
