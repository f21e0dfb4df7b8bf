//! Running the `bianpai` binary from the command-line tests.
#![allow(dead_code)] // each test file uses a different part

pub mod pdf;
pub mod source;
pub mod ui;

use std::process::{Command, Output};

/// Runs `bianpai` with `args`.
pub fn bianpai(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bianpai")).args(args).output().unwrap()
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

/// The exit code (-1 when killed).
pub fn code(out: &Output) -> i32 {
    out.status.code().unwrap_or(-1)
}

/// The standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
