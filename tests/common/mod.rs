//! Running the `bianpai` binary from the command-line tests.
#![allow(dead_code)] // each test file uses a different part

pub mod big_event;
pub mod by_hand;
pub mod clubs;
pub mod cxa_reference;
pub mod domain_words;
pub mod file_words;
pub mod http;
pub mod locks;
pub mod old_schema;
pub mod pdf;
pub mod showcase;
pub mod source;
pub mod standings_table;
pub mod teams;
pub mod ui;

use std::process::{Command, Output};

/// Runs `bianpai` with `args`, under an English locale (CLI.md: messages follow
/// `LC_ALL`/`LANG` unless `--lang` is given), whatever the machine's own locale.
pub fn bianpai(args: &[&str]) -> Output {
    bianpai_in("C.UTF-8", args)
}

/// Runs `bianpai` with `args` and exactly these locale variables (`LC_ALL`, `LANG`).
pub fn bianpai_env(vars: &[(&str, &str)], args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_bianpai"));
    command.env_remove("LC_ALL").env_remove("LANG").envs(vars.iter().copied());
    command.args(args).output().unwrap()
}

/// Runs `bianpai` with `args` under the locale `lang` (`LANG`; `LC_ALL` unset).
pub fn bianpai_in(lang: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bianpai")).env_remove("LC_ALL").env("LANG", lang).args(args).output().unwrap()
}

/// A new `cxa-swiss` event of `rounds` rounds at `dir/e.bianpai` with `roster` (CSV
/// text) imported through the command line; returns the file's path.
pub fn cli_event(dir: &std::path::Path, rounds: u32, roster: &str) -> String {
    let file = dir.join("e.bianpai").to_string_lossy().into_owned();
    ok(&["new", &file, "--preset", "cxa-swiss", "--rounds", &rounds.to_string()]);
    let csv = dir.join("roster.csv");
    std::fs::write(&csv, roster).unwrap();
    ok(&["players", "import", &file, &csv.to_string_lossy()]);
    file
}

/// Runs `bianpai`, asserts success, returns its standard output.
pub fn ok(args: &[&str]) -> String {
    let out = bianpai(args);
    assert!(out.status.success(), "bianpai {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `bianpai` and parses its standard output as JSON.
pub fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).unwrap()
}

/// `players list --json` (of `group`, when named): each player's `start_no` and name,
/// in listing order.
pub fn players_listed(file: &str, group: Option<&str>) -> Vec<(u64, String)> {
    let mut args = vec!["players", "list", file, "--json"];
    if let Some(group) = group {
        args.extend(["--group", group]);
    }
    json(&args)["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["start_no"].as_u64().unwrap(), p["name"].as_str().unwrap().to_string()))
        .collect()
}

/// The exit code (-1 when killed).
pub fn code(out: &Output) -> i32 {
    out.status.code().unwrap_or(-1)
}

/// The standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Compares `actual` with the golden file `tests/golden/NAME`; `UPDATE_GOLDEN=1`
/// rewrites it first, after a deliberate change whose diff is reviewed like code.
pub fn golden(name: &str, actual: &str) {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, actual).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("missing golden file {}", path.display()));
    assert_eq!(actual, expected, "pairing differs from {}", path.display());
}
