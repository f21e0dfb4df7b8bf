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

// ---- Files that name each other (issue 40, item 4) ----

/// Which module (by path below the crate root) names which others.
type FileGraph = std::collections::BTreeMap<String, Vec<String>>;

/// A file's module path below the crate root: `domain::swiss::dutch::window` for
/// `src/domain/swiss/dutch/window.rs`, `domain::swiss` for `src/domain/swiss/mod.rs`.
fn module_path(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts.join("::")
}

/// A file's code without comments, test-only items and the test module at its end.
fn code_without_tests(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.starts_with("//"));
    while let Some(line) = lines.next() {
        if line == "#[cfg(test)]" {
            match lines.next() {
                Some(next) if next.starts_with("mod ") && next.ends_with('{') => break,
                _ => continue,
            }
        }
        out.push(line);
    }
    out.join("\n")
}

fn skip_blank(s: &[u8], at: &mut usize) {
    while s.get(*at).is_some_and(|c| c.is_ascii_whitespace()) {
        *at += 1;
    }
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Reads the path or use tree at `s[*at..]` below `prefix`, adding every path it
/// names to `out` (`a::{b, c::*}` names `a::b` and `a::c`).
fn read_tree(s: &[u8], at: &mut usize, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let depth = prefix.len();
    loop {
        skip_blank(s, at);
        if s.get(*at) == Some(&b'{') {
            *at += 1;
            loop {
                skip_blank(s, at);
                if matches!(s.get(*at), Some(b'}') | None) {
                    break;
                }
                read_tree(s, at, prefix, out);
                skip_blank(s, at);
                if s.get(*at) != Some(&b',') {
                    break;
                }
                *at += 1;
            }
            *at += 1;
            prefix.truncate(depth);
            return;
        }
        let start = *at;
        while s.get(*at).is_some_and(|&c| is_ident(c)) {
            *at += 1;
        }
        prefix.push(String::from_utf8_lossy(&s[start..*at]).into_owned());
        if s[*at..].starts_with(b"::") {
            *at += 2;
            continue;
        }
        out.push(prefix[..prefix.len()].iter().filter(|p| !p.is_empty()).cloned().collect());
        prefix.truncate(depth);
        skip_blank(s, at);
        if s.get(*at) == Some(&b'*') {
            *at += 1;
        } else if s[*at..].starts_with(b"as ") {
            *at += 3;
            skip_blank(s, at);
            while s.get(*at).is_some_and(|&c| is_ident(c)) {
                *at += 1;
            }
        }
        return;
    }
}

/// Every path a file's code names: its use trees and the paths written out from
/// `crate::`, `super::` or `self::`.
fn paths_named(code: &str) -> Vec<Vec<String>> {
    let s = code.as_bytes();
    let mut out = Vec::new();
    for start in ["use ", "crate::", "super::", "self::"] {
        for (i, _) in code.match_indices(start) {
            if i > 0 && (is_ident(s[i - 1]) || s[i - 1] == b':') {
                continue;
            }
            let mut at = if start == "use " { i + start.len() } else { i };
            read_tree(s, &mut at, &mut Vec::new(), &mut out);
        }
    }
    out
}

/// The module a `path` named in `module` lies in: the longest prefix that is one of
/// `modules` (`None` for other crates' paths).
fn resolve(module: &str, path: &[String], modules: &[String]) -> Option<String> {
    let mut base: Vec<&str> = if module.is_empty() { Vec::new() } else { module.split("::").collect() };
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().is_some_and(|p| p == "super") {
                base.pop();
                rest = &rest[1..];
            }
        }
        _ => {}
    }
    let base: Vec<String> = base.iter().map(|p| p.to_string()).collect();
    (0..=rest.len()).rev().map(|k| [&base[..], &rest[..k]].concat().join("::")).find(|m| modules.contains(m))
}

/// Whether one of two modules holds the other (`a` holds `a::b`; the crate root holds all).
fn nested(a: &str, b: &str) -> bool {
    a.is_empty() || b.is_empty() || a.starts_with(&format!("{b}::")) || b.starts_with(&format!("{a}::"))
}

/// Which module of the library (`src/`, without `main.rs`) names which others, by
/// `use` or a written-out path; a module and the modules it holds do not count.
fn file_graph() -> FileGraph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.retain(|f| f != &src.join("main.rs"));
    let mut modules: Vec<String> = files.iter().map(|f| module_path(&src, f)).collect();
    modules.sort();
    let mut graph = FileGraph::new();
    for file in &files {
        let module = module_path(&src, file);
        let mut named: Vec<String> = paths_named(&code_without_tests(file))
            .iter()
            .filter_map(|p| resolve(&module, p, &modules))
            .filter(|m| m != &module && !nested(m, &module))
            .collect();
        named.sort();
        named.dedup();
        graph.insert(module, named);
    }
    graph
}

// Issue 40, item 4: no two files of src/ name each other, directly or round a circle.
#[test]
fn no_two_files_name_each_other() {
    let graph = file_graph();
    assert!(graph.len() > 100, "{}", graph.len());
    let mut pairs = Vec::new();
    for (a, named) in &graph {
        pairs.extend(named.iter().filter(|b| a < *b && graph[*b].contains(a)).map(|b| (a, b)));
    }
    assert!(pairs.is_empty(), "files naming each other: {pairs:?}");
    let circle = find_circle(&graph);
    assert_eq!(circle, None, "files naming each other round a circle");
}

// Issue 40, item 4: the matcher's parts stay behind its face.
#[test]
fn only_the_matcher_names_its_parts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "tests", "benches"] {
        rust_files(&root.join(dir), &mut files);
    }
    let inside = root.join("src/domain/matching");
    let parts = ["warm", "pricing", "solver"].map(|p| format!("matching::{p}"));
    let offenders: Vec<String> = files
        .iter()
        .filter(|f| !f.starts_with(&inside))
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            parts.iter().any(|p| names(&text, p))
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(offenders.is_empty(), "files naming the matcher's parts: {offenders:?}");
}

#[test]
fn the_file_graph_reads_use_trees_and_paths() {
    // issue 40, item 4
    let paths = paths_named("use super::{a::B, c::{self, d as e}, f::*};\nlet x = crate::g::h(1);");
    let text: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert!(text.contains(&"super::a::B".to_string()), "{text:?}");
    assert!(text.contains(&"super::c::self".to_string()), "{text:?}");
    assert!(text.contains(&"super::c::d".to_string()), "{text:?}");
    assert!(text.contains(&"super::f".to_string()), "{text:?}");
    assert!(text.contains(&"crate::g::h".to_string()), "{text:?}");
    let modules = ["cli", "cli::trf", "cli::words", "domain::x"].map(String::from).to_vec();
    let trf = ["super", "trf", "run"].map(String::from);
    assert_eq!(resolve("cli::words", &trf, &modules), Some("cli::trf".to_string()));
    let own = ["self", "q"].map(String::from);
    assert_eq!(resolve("cli::words", &own, &modules), Some("cli::words".to_string()));
    assert!(nested("cli", "cli::trf") && !nested("cli::trf", "cli::words"));
    let graph: FileGraph = [("a", "b"), ("b", "a")].map(|(a, b)| (a.to_string(), vec![b.to_string()])).into();
    assert!(find_circle(&graph).is_some());
}

// Issue 40, item 1: one `Lang` path — every file imports the language from
// `crate::lang`, not through the window's, the print module's or a parent's re-export.
#[test]
fn lang_is_imported_one_way() {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    files.sort();
    let mut offences = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for line in text.lines().map(str::trim_start) {
            if line.starts_with("use ") && names(line, "Lang") && !line.starts_with("use crate::lang::") {
                offences.push(format!("{}: {line}", file.display()));
            }
        }
    }
    assert!(offences.is_empty(), "import Lang from crate::lang:\n{}", offences.join("\n"));
}

// Issue 41: the hall (src/hall/) stands on the domain, `present`, the store's readers
// and the language; only the command line and the window stand on it.
#[test]
fn the_hall_names_only_the_floors_below_it() {
    let graph = file_graph();
    let inside = |m: &str, top: &str| m == top || m.starts_with(&format!("{top}::"));
    assert!(graph.keys().any(|m| inside(m, "hall")), "the scan should see src/hall/");
    let below = ["domain", "present", "store", "lang", "os_words"];
    let mut offences = Vec::new();
    for (module, named) in &graph {
        if inside(module, "hall") {
            let wrong = named.iter().filter(|n| !inside(n, "hall") && !below.iter().any(|b| inside(n, b)));
            offences.extend(wrong.map(|n| format!("{module} names {n}")));
        } else if !inside(module, "cli") && !inside(module, "ui") {
            offences.extend(named.iter().filter(|n| inside(n, "hall")).map(|n| format!("{module} names {n}")));
        }
    }
    assert!(offences.is_empty(), "the hall's floor:\n{}", offences.join("\n"));
}
