//! Issue 38, item 12: every number and text a director types is bounded, refused in
//! words through the command line (the window goes through the same commands; see
//! `src/domain/command/bounds_tests.rs`): fouls per game at most 9, a stage of 1 to
//! 99 rounds (`new --rounds`, `rounds`, a TRF file's `XXR`), an event title and a
//! team's club of at most 200 characters, no birth date after today, and no control
//! character in an event's title.

use crate::common::{bianpai, bianpai_in, code, stderr};
use std::path::Path;

fn new_event(dir: &Path, preset: &str) -> String {
    let path = dir.join("e.bianpai");
    let out = bianpai(&["new", path.to_str().unwrap(), "--preset", preset, "--rounds", "5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    path.to_str().unwrap().to_string()
}

fn import(dir: &Path, file: &str, csv: &str) {
    let roster = dir.join("ok.csv");
    std::fs::write(&roster, csv).unwrap();
    let out = bianpai(&["players", "import", file, roster.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
}

// Issue 38, item 12: 10 fouls for one side of one game is refused in words; 9 is kept.
#[test]
fn more_than_nine_fouls_in_a_game_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = new_event(dir.path(), "cxa-swiss");
    import(dir.path(), &file, "姓名\n甲\n乙\n");
    assert!(bianpai(&["pair", &file, "--seed", "1"]).status.success());
    for fouls in ["10,0", "0,1000"] {
        let out = bianpai_in("zh", &["result", &file, "--round", "1", "--board", "1", "1-0", "--fouls", fouls]);
        assert_eq!(code(&out), 2, "{fouls}: {}", stderr(&out));
        assert!(stderr(&out).contains("最多犯规 9 次"), "{}", stderr(&out));
    }
    let out = bianpai(&["result", &file, "--round", "1", "--board", "1", "1-0", "--fouls", "9,0"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = bianpai(&["pairings", &file, "--round", "1", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["boards"][0]["fouls"]["red"], 9);
}

// Issue 38, item 12: `new --rounds` and `rounds` take 1 to 99 rounds; nothing is created
// or changed otherwise.
#[test]
fn rounds_are_one_to_ninety_nine() {
    let dir = tempfile::tempdir().unwrap();
    for rounds in ["0", "100", "4000000000"] {
        let path = dir.path().join(format!("r{rounds}.bianpai"));
        let out = bianpai(&["new", path.to_str().unwrap(), "--preset", "cxa-swiss", "--rounds", rounds]);
        assert_eq!(code(&out), 2, "--rounds {rounds}: {}", stderr(&out));
        assert!(stderr(&out).contains("between 1 and 99"), "{}", stderr(&out));
        assert!(!path.exists(), "no file for --rounds {rounds}");
    }
    let file = new_event(dir.path(), "cxa-swiss");
    let out = bianpai_in("zh", &["rounds", &file, "100"]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("轮数应在 1 到 99 之间"), "{}", stderr(&out));
    let ninety_nine = dir.path().join("r99.bianpai");
    assert!(
        bianpai(&["new", ninety_nine.to_str().unwrap(), "--preset", "cxa-swiss", "--rounds", "99"]).status.success()
    );
}

// Issue 38, item 12: a TRF file whose XXR says 100 rounds is refused naming the file,
// the line and the field.
#[test]
fn a_trf_file_of_more_than_ninety_nine_rounds_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let small = include_str!("data/trf/small.trf");
    let xxr = small.lines().position(|l| l.starts_with("XXR")).expect("an XXR line") + 1;
    let text: String =
        small.lines().map(|l| if l.starts_with("XXR") { "XXR 100\n".into() } else { format!("{l}\n") }).collect();
    let trf = dir.path().join("big.trf");
    std::fs::write(&trf, text).unwrap();
    let out_file = dir.path().join("out.bianpai");
    let out = bianpai_in("zh", &["trf", "import", trf.to_str().unwrap(), out_file.to_str().unwrap()]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("big.trf") && err.contains(&format!("第 {xxr} 行")) && err.contains("XXR"), "{err}");
    assert!(err.contains("1 到 99"), "{err}");
    assert!(!out_file.exists(), "nothing written");
}

// Issue 38, item 12: an event title and a team's club of 201 characters are refused in
// words; 200 are kept.
#[test]
fn a_title_and_a_team_club_beyond_two_hundred_characters_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.bianpai");
    let out = bianpai_in("zh", &["new", path.to_str().unwrap(), "--preset", "cxa-swiss", "--name", &"长".repeat(201)]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("赛事名称最多 200 个字"), "{}", stderr(&out));
    assert!(!path.exists(), "nothing created");
    let out = bianpai(&["new", path.to_str().unwrap(), "--preset", "cxa-swiss", "--name", &"长".repeat(200)]);
    assert!(out.status.success(), "{}", stderr(&out));

    let file = new_event(dir.path(), "cxa-team");
    import(dir.path(), &file, "姓名\n甲\n乙\n丙\n丁\n");
    let out = bianpai(&["teams", "add", &file, "甲队", "--members", "1,2", "--club", &"会".repeat(201)]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("at most 200 characters"), "{}", stderr(&out));
    let out = bianpai(&["teams", "add", &file, "甲队", "--members", "1,2", "--club", &"会".repeat(200)]);
    assert!(out.status.success(), "{}", stderr(&out));
}

// Issue 38, item 12: a roster row born after today is refused naming the file, the line
// and the column; nothing is imported.
#[test]
fn a_birth_date_after_today_is_refused_on_import() {
    let dir = tempfile::tempdir().unwrap();
    let file = new_event(dir.path(), "cxa-swiss");
    let roster = dir.path().join("born.csv");
    std::fs::write(&roster, "姓名,出生日期\n甲,2001-01-01\n乙,2999-01-01\n").unwrap();
    let out = bianpai_in("zh", &["players", "import", &file, roster.to_str().unwrap()]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("born.csv 第 3 行，出生日期") && err.contains("2999-01-01"), "{err}");
    let out = bianpai(&["players", "list", &file, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["players"].as_array().map_or(0, Vec::len), 0, "nothing imported");
}

// Issue 38, item 12: `ESC[2J` in a title cleared the terminal; no control character
// (C0 or C1) reaches the event or the command line's output.
#[test]
fn a_title_never_carries_control_characters() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("esc.bianpai");
    let out =
        bianpai(&["new", path.to_str().unwrap(), "--preset", "cxa-swiss", "--name", "Open\u{1b}[2J\u{9b}2J Cup\n"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(!stdout.trim_end().chars().any(char::is_control), "{stdout:?}");
    let event = bianpai::store::EventFile::open(&path).unwrap();
    assert_eq!(event.event().name, "Open[2J2J Cup");
}

// Issue 38 item 12: a text typed into the event with control characters in it — here an
// avoid pair's reason and a withdrawal reason — never reaches the terminal as them: the
// listing shows the escape as a visible sign (␛), and so does a refusal naming a file.
#[test]
fn nothing_printed_carries_control_characters() {
    let dir = tempfile::tempdir().unwrap();
    let file = &crate::common::cli_event(dir.path(), 3, "姓名\n甲\n乙\n丙\n丁\n");
    let clear = "x\u{1b}[2J\u{1b}]0;title\u{7}y";
    crate::common::ok(&["avoid", file, "1", "3", "--reason", clear]);
    crate::common::ok(&["players", "withdraw", file, "2", "--reason", clear]);
    for args in [&["avoid", file, "--list"][..], &["players", "list", file], &["log", file]] {
        let out = bianpai(args);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(!text.contains('\u{1b}') && !text.contains('\u{7}'), "{args:?}: {text:?}");
    }
    let listed = crate::common::ok(&["avoid", file, "--list"]);
    assert!(listed.contains("x␛[2J␛]0;title␇y"), "{listed}");
    let missing = dir.path().join("a\u{1b}[2J.bianpai");
    let out = bianpai(&["players", "list", missing.to_str().unwrap()]);
    assert!(!stderr(&out).contains('\u{1b}') && stderr(&out).contains('␛'), "{}", stderr(&out));
}
