//! Architecture rules of the window that the compiler does not check (DESIGN.md
//! "Floors inside the layers"): under `src/ui/` a shared floor serves the panels; a
//! panel names no other panel and not the app shell (`app.rs`, which registers the
//! panels); the floor names no panel; and nothing outside `src/ui*` names the window's
//! modules, except `src/main.rs`, which starts it.
//!
//! The rules are read from the source text (as `tests/architecture.rs` does for
//! `src/domain/`): a module is named when its name is a segment of a path
//! (`super::results_ui::Slot`, `crate::ui::app`, `use super::{app, …}`).

use crate::common;

use common::source::rust_files;
use std::path::{Path, PathBuf};

/// The shared floor: what every panel may use.
const FLOOR: &[&str] = &[
    "change_words",
    "consequences",
    "dialog",
    "env",
    "fonts",
    "form",
    "hall_desk",
    "history_words",
    "i18n",
    "key_field",
    "memo",
    "panel",
    "status_bar",
    "prefs",
    "result_entry",
    "save_dialog",
    "session",
    "stage_words",
    "table",
    "team_words",
    "theme",
];

/// The app shell: it registers the panels; no panel names it.
const SHELL: &str = "app";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The text of a file without its comments (`//`, `///`, `//!` to the end of the line).
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().map(|line| line.find("//").map_or(line, |i| &line[..i])).collect::<Vec<_>>().join("\n")
}

fn is_ident(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// Whether `code` names the module `module` as a path segment: the whole word preceded
/// by `::`, or by `{` / `,` inside a `use` list, or followed by `::`.
fn names_module(code: &str, module: &str) -> bool {
    code.match_indices(module).any(|(i, _)| {
        let before = &code[..i];
        let after = &code[i + module.len()..];
        if is_ident(before.chars().next_back()) || is_ident(after.chars().next()) {
            return false;
        }
        let before = before.trim_end();
        let last_use =
            before.rmatch_indices("use ").map(|(u, _)| u).find(|&u| !is_ident(before[..u].chars().next_back()));
        let in_use_list =
            (before.ends_with('{') || before.ends_with(',')) && last_use.is_some_and(|u| !before[u..].contains(';'));
        before.ends_with("::") || in_use_list || after.trim_start().starts_with("::")
    })
}

/// The top-level modules of `src/ui/`: `x.rs` files and `x/` folders.
fn ui_modules() -> Vec<String> {
    let mut modules: Vec<String> = std::fs::read_dir(root().join("src/ui"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| {
            let name = p.file_stem()?.to_str()?.to_string();
            (p.is_dir() || p.extension().is_some_and(|e| e == "rs")).then_some(name)
        })
        .collect();
    modules.sort();
    modules.dedup();
    modules
}

/// The files of a top-level module of `src/ui/`: `x.rs` and everything under `x/`.
fn files_of(module: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let file = root().join("src/ui").join(format!("{module}.rs"));
    if file.exists() {
        files.push(file);
    }
    let dir = root().join("src/ui").join(module);
    if dir.is_dir() {
        rust_files(&dir, &mut files);
    }
    files.sort();
    files
}

/// The panels: every top-level module of `src/ui/` that is neither floor nor shell.
fn panels() -> Vec<String> {
    ui_modules().into_iter().filter(|m| !FLOOR.contains(&m.as_str()) && m != SHELL).collect()
}

// Every module of src/ui/ is floor, shell, or a panel named `*_ui` (a new floor module
// must be added to FLOOR above, deliberately).
#[test]
fn every_ui_module_is_floor_shell_or_a_panel() {
    let panels = panels();
    for needed in ["results_ui", "pairing_ui", "bracket_ui", "roster_ui", "event_ui", "money_ui"] {
        assert!(panels.iter().any(|p| p == needed), "{needed} should be a panel: {panels:?}");
    }
    for panel in &panels {
        assert!(panel.ends_with("_ui"), "src/ui/{panel}: a panel is named `*_ui`, or add it to FLOOR");
    }
    for floor in FLOOR {
        assert!(!files_of(floor).is_empty(), "FLOOR names {floor}, which src/ui/ does not hold");
    }
}

// DESIGN.md: a panel imports the floor, never another panel or the app shell.
#[test]
fn no_panel_names_another_panel_or_the_app_shell() {
    let panels = panels();
    let mut broken = Vec::new();
    for panel in &panels {
        for file in files_of(panel) {
            let code = code_of(&file);
            for other in panels.iter().filter(|o| *o != panel).map(String::as_str).chain([SHELL]) {
                if names_module(&code, other) {
                    broken.push(format!("{} names {other}", file.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "panels must use only the floor:\n{}", broken.join("\n"));
}

// The floor lies under the panels: it names none of them (nor the shell).
#[test]
fn the_floor_names_no_panel() {
    let panels = panels();
    let mut broken = Vec::new();
    for floor in FLOOR {
        for file in files_of(floor) {
            let code = code_of(&file);
            for other in panels.iter().map(String::as_str).chain([SHELL]) {
                if names_module(&code, other) {
                    broken.push(format!("{} names {other}", file.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "the floor must not depend on panels:\n{}", broken.join("\n"));
}

// Nothing outside the window names it: the CLI, store, print and io stand without it;
// only src/main.rs starts the window (bianpai::ui::run).
#[test]
fn nothing_outside_the_window_names_it() {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    let ui_dir = root().join("src/ui");
    let outside: Vec<PathBuf> = files
        .into_iter()
        .filter(|f| !f.starts_with(&ui_dir) && !f.ends_with("src/ui.rs") && !f.ends_with("src/main.rs"))
        .collect();
    assert!(outside.iter().any(|f| f.ends_with("src/cli/rounds.rs")), "the scan should see the CLI");
    let broken: Vec<String> =
        outside.iter().filter(|f| names_module(&code_of(f), "ui")).map(|f| f.display().to_string()).collect();
    assert!(broken.is_empty(), "only src/main.rs may name the window's modules:\n{}", broken.join("\n"));
}

// The scanner itself: what counts as naming a module.
#[test]
fn module_names_are_found_in_paths_only() {
    assert!(names_module("use super::pairing_ui::fresh_seed;", "pairing_ui"));
    assert!(names_module("use crate::ui::app::Env;", "app"));
    assert!(names_module("use super::{\n    app::Env,\n    table,\n};", "app"));
    assert!(names_module("use super::{env::Env, results_ui};", "results_ui"));
    assert!(names_module("let x = crate::ui::results_ui :: short_result(r);", "results_ui"));
    assert!(names_module("use crate::ui::pairing_ui::fresh_seed;", "ui"));
    assert!(!names_module("fn pairing_ui(ui: &mut Ui) {}", "pairing_ui"));
    assert!(!names_module("let app = 1; f(app, 2);", "app"));
    assert!(!names_module("use egui::Ui; egui_extras::Column::auto()", "ui"));
    assert!(!names_module("pairing_ui_extra::x()", "pairing_ui"));
}

/// Every file of the window but the theme's own.
fn ui_files_outside_the_theme() -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(&root().join("src/ui"), &mut files);
    files.push(root().join("src/ui.rs"));
    let theme = root().join("src/ui/theme");
    files.retain(|f| !f.starts_with(&theme) && !f.ends_with("src/ui/theme.rs"));
    files.sort();
    files
}

// Issue 39, item 9: colours and gaps come from the theme's tokens, so one change there
// changes every panel alike, in light and dark: no panel names a colour of its own or
// spaces its controls by a number of points.
#[test]
fn panels_take_colours_and_gaps_from_the_theme() {
    let files = ui_files_outside_the_theme();
    assert!(files.iter().any(|f| f.ends_with("src/ui/pairing_ui/table.rs")), "the scan should see the panels");
    let mut broken = Vec::new();
    for file in &files {
        let code = code_of(file);
        for (i, line) in code.lines().enumerate() {
            let colour = line.match_indices("Color32::").any(|(at, _)| {
                let rest = &line[at + "Color32::".len()..];
                rest.starts_with("from_") || rest.starts_with(|c: char| c.is_ascii_uppercase())
            });
            let gap = line
                .match_indices("add_space(")
                .any(|(at, _)| line[at + "add_space(".len()..].starts_with(|c: char| c.is_ascii_digit()));
            if colour || gap {
                broken.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(broken.is_empty(), "use theme::palette / theme::space:\n{}", broken.join("\n"));
}

/// The files of the window allowed to touch files: the worker's session, and the
/// screenshot walk (`BIANPAI_SCREENSHOTS`, a tool mode that writes its pictures and
/// closes; no panel).
fn may_touch_files(file: &Path) -> bool {
    let ui = root().join("src/ui");
    file.starts_with(ui.join("session")) || file == ui.join("session.rs") || file == ui.join("app/screenshots.rs")
}

// Issue 40, item 1: panels never touch files — the worker's session reads and writes
// them (the blacklist too) and hands the panels data; no other file under src/ui/
// names std::fs or reads the blacklist.
#[test]
fn only_the_session_touches_files() {
    let mut files = Vec::new();
    rust_files(&root().join("src/ui"), &mut files);
    files.sort();
    assert!(files.iter().any(|f| f.ends_with("src/ui/roster_ui/form_checks.rs")), "the scan should see the form");
    assert!(files.iter().any(|f| may_touch_files(f)), "the scan should see the session");
    let forbidden = ["std::fs", "blacklist::load", "blacklist::default_path"];
    let mut broken = Vec::new();
    for file in files.iter().filter(|f| !may_touch_files(f)) {
        let code = code_of(file);
        for word in forbidden.iter().filter(|w| code.contains(*w)) {
            broken.push(format!("{} names {word}", file.display()));
        }
    }
    assert!(broken.is_empty(), "only the session may touch files:\n{}", broken.join("\n"));
}
