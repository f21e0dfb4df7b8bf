//! Architecture rules that the compiler does not check (DESIGN.md "One package,
//! layered modules" and "Floors inside the layers"): `src/domain/` stays pure, and its
//! floors — model, rules, commands — name only the floors below them, without circles.

use crate::common;

use common::source::rust_files;
use std::path::{Path, PathBuf};

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

// ---- The domain's floors (issue 16) ----

/// The model floor's modules, and the names `domain/mod.rs` re-exports them under.
const MODEL: [&str; 12] = [
    "model",
    "change",
    "eligibility",
    "event",
    "ids",
    "money",
    "player",
    "points",
    "prize_rules",
    "result",
    "rules",
    "warning",
];

/// Top-level modules built on the commands floor.
const ABOVE_COMMANDS: [&str; 2] = ["command", "demo"];

fn domain_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/domain")
}

/// A file's text without comments and without its test module (tests may build
/// events through commands).
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let text = match text.find("#[cfg(test)]") {
        Some(i) => &text[..i],
        None => &text,
    };
    text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The top-level domain module a file belongs to (`swiss` for `swiss/dutch/x.rs`).
fn top_module(path: &Path) -> String {
    let rel = path.strip_prefix(domain_dir()).unwrap();
    let first = rel.components().next().unwrap().as_os_str().to_string_lossy().into_owned();
    first.trim_end_matches(".rs").to_string()
}

/// The top-level domain modules a text names: `crate::domain::x`, `domain::{x, y}`,
/// and `super::x` from a top-level file. Model names map to "model".
fn named_modules(text: &str, top_level_file: bool, all: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    let mut add = |name: &str| {
        let name = if MODEL.contains(&name) { "model" } else { name };
        if all.iter().any(|m| m == name) && !found.iter().any(|f: &String| f == name) {
            found.push(name.to_string());
        }
    };
    for (i, _) in text.match_indices("crate::domain::") {
        let rest = &text[i + "crate::domain::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for part in group[..end].split(',') {
                add(part.trim().split("::").next().unwrap_or("").trim());
            }
        } else {
            add(rest.split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or(""));
        }
    }
    if top_level_file {
        for (i, _) in text.match_indices("super::") {
            let rest = &text[i + "super::".len()..];
            add(rest.split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or(""));
        }
    }
    found
}

/// Which top-level domain modules each one names, outside tests.
fn domain_graph() -> std::collections::BTreeMap<String, Vec<String>> {
    let mut files = Vec::new();
    rust_files(&domain_dir(), &mut files);
    let mut all: Vec<String> = files.iter().map(|f| top_module(f)).filter(|m| m != "mod").collect();
    all.sort();
    all.dedup();
    let mut graph: std::collections::BTreeMap<String, Vec<String>> =
        all.iter().map(|m| (m.clone(), Vec::new())).collect();
    for file in &files {
        let top = top_module(file);
        if top == "mod" {
            continue;
        }
        let top_level_file = file.parent() == Some(domain_dir().as_path());
        for named in named_modules(&code_of(file), top_level_file, &all) {
            let deps = graph.get_mut(&top).unwrap();
            if named != top && !deps.contains(&named) {
                deps.push(named);
            }
        }
    }
    graph
}

/// A circle of modules in `graph`, if there is one.
fn find_circle(graph: &std::collections::BTreeMap<String, Vec<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &std::collections::BTreeMap<String, Vec<String>>,
        path: &mut Vec<String>,
        done: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            return Some(path[at..].to_vec());
        }
        if done.iter().any(|d| d == node) {
            return None;
        }
        path.push(node.to_string());
        for next in &graph[node] {
            if let Some(circle) = visit(next, graph, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        done.push(node.to_string());
        None
    }
    let mut done = Vec::new();
    graph.keys().find_map(|n| visit(n, graph, &mut Vec::new(), &mut done))
}

// Issue 16: no import circle among the domain's top-level modules.
#[test]
fn the_domain_has_no_import_circle() {
    let graph = domain_graph();
    assert!(graph.len() > 8, "{graph:?}");
    assert_eq!(find_circle(&graph), None, "import circle among src/domain's modules: {graph:#?}");
}

// Issue 16: the model floor names nothing else of the domain.
#[test]
fn the_model_floor_names_nothing_above_it() {
    let graph = domain_graph();
    assert_eq!(graph["model"], Vec::<String>::new(), "src/domain/model names other domain modules");
}

// Issue 16: only the commands floor (and what is built on it) names commands.
#[test]
fn only_the_commands_floor_names_commands() {
    let offenders: Vec<String> = domain_graph()
        .into_iter()
        .filter(|(m, deps)| !ABOVE_COMMANDS.contains(&m.as_str()) && deps.iter().any(|d| d == "command"))
        .map(|(m, _)| m)
        .collect();
    assert!(offenders.is_empty(), "rules modules naming commands: {offenders:?}");
}

#[test]
fn the_circle_check_finds_a_circle() {
    let graph: std::collections::BTreeMap<String, Vec<String>> = [
        ("a".to_string(), vec!["b".to_string()]),
        ("b".to_string(), vec!["c".to_string()]),
        ("c".to_string(), vec!["a".to_string()]),
        ("d".to_string(), vec![]),
    ]
    .into_iter()
    .collect();
    assert_eq!(find_circle(&graph), Some(vec!["a".to_string(), "b".to_string(), "c".to_string()]));
    let all: Vec<String> = ["command", "model", "swiss"].map(String::from).to_vec();
    assert_eq!(named_modules("use crate::domain::{event::Event, swiss};", false, &all), ["model", "swiss"]);
    assert_eq!(named_modules("use super::command::apply;", true, &all), ["command"]);
}

// ---- SQLite stays in the store (issue 40, item 1) ----

// Issue 40, item 1: SQLite is the store's business — its errors are worded in
// src/store/error_words.rs, and no module outside src/store/ (src/os_words.rs above
// all, which words the other libraries' errors) names rusqlite.
#[test]
fn only_the_store_names_rusqlite() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    assert!(files.iter().any(|f| f.ends_with("src/os_words.rs")), "the scan should see src/os_words.rs");
    let store = src.join("store");
    let offences: Vec<String> = files
        .iter()
        .filter(|f| !f.starts_with(&store))
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            let code: Vec<&str> = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
            names(&code.join("\n"), "rusqlite")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(offences.is_empty(), "only src/store/ may name rusqlite:\n{}", offences.join("\n"));
}
