//! The command line in the director's language (issue 18, items 2 and 4): every
//! refusal follows `LANG` / `LC_ALL` unless `--lang` says otherwise (CLI.md), and a
//! command that caused an automatic consequence — a fine, a disqualification, a
//! playoff game — says so in its output.

use crate::common;

use common::{bianpai_in, code, stderr};
use serde_json::Value;

const ZH: &str = "zh_CN.UTF-8";
const EN: &str = "en_US.UTF-8";

fn has_cjk(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

/// A requirement id such as in text a director reads.
fn names_a_requirement(text: &str) -> bool {
    text.as_bytes().windows(3).any(|w| w[0] == b'R' && w[1] == b'-' && w[2].is_ascii_digit())
}

fn ok_in(lang: &str, args: &[&str]) -> String {
    let out = bianpai_in(lang, args);
    assert!(out.status.success(), "bianpai {args:?}: {}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

/// Six ASCII-named players in a lingting-cup event (10 元 fines, two forfeits in a row
/// disqualify), round 1 paired.
fn lingting(dir: &std::path::Path) -> String {
    let file = dir.join("ev.bianpai").to_string_lossy().into_owned();
    let csv = dir.join("roster.csv");
    std::fs::write(&csv, "name\nAlpha\nBravo\nCharlie\nDelta\nEcho\nFoxtrot\n").unwrap();
    ok_in(EN, &["new", &file, "--preset", "lingting-cup", "--rounds", "5"]);
    ok_in(EN, &["players", "import", &file, &csv.to_string_lossy()]);
    ok_in(EN, &["pair", &file, "--seed", "1"]);
    file
}

/// The board on which `start_no` plays red in the last paired round, if any.
fn board_as_red(file: &str, start_no: u64) -> Option<String> {
    let pairings: Value = serde_json::from_str(&ok_in(EN, &["pairings", file, "--json"])).unwrap();
    pairings["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["red"]["start_no"] == start_no)
        .map(|b| b["board"].to_string())
}

/// Records results for every board of the last round: `start_no` forfeits (as red or
/// black), every other board is a red win. Returns the output of `start_no`'s result.
fn round_with_forfeit(file: &str, round: &str, start_no: u64, lang: &str) -> String {
    let pairings: Value = serde_json::from_str(&ok_in(EN, &["pairings", file, "--json"])).unwrap();
    let mut said = String::new();
    for b in pairings["boards"].as_array().unwrap() {
        let board = b["board"].to_string();
        let (red, black) = (&b["red"]["start_no"], &b["black"]["start_no"]);
        let result = if *red == start_no {
            "-+"
        } else if *black == start_no {
            "+-"
        } else {
            "1-0"
        };
        let out = ok_in(lang, &["result", file, "--round", round, "--board", &board, "--", result]);
        if *red == start_no || *black == start_no {
            said = out;
        }
    }
    said
}

// issue 18, item 2: the forfeit's fine and, at the second forfeit in a row, the
// disqualification are announced by the command that caused them, in its language.
#[test]
fn forfeits_announce_their_fine_and_the_disqualification() {
    let dir = tempfile::tempdir().unwrap();
    let file = lingting(dir.path());
    let player = 1;
    let first = round_with_forfeit(&file, "1", player, ZH);
    assert!(first.contains("→ 1 号 Alpha 第1轮弃权，应缴罚款 10 元"), "{first}");
    assert!(!first.contains("取消资格"), "one forfeit does not disqualify: {first}");
    ok_in(EN, &["pair", &file, "--seed", "2"]);
    let second = round_with_forfeit(&file, "2", player, EN);
    assert!(second.contains("→ 1 Alpha forfeited round 2 and owes a fine of 10 yuan"), "{second}");
    assert!(second.contains("→ 1 Alpha disqualified (too many forfeits"), "{second}");
    assert!(!names_a_requirement(&second), "{second}");
    // A result that changes nothing else announces nothing.
    let quiet = ok_in(EN, &["result", &file, "--round", "2", "--board", "1", "--", "1-0"]);
    if board_as_red(&file, player).as_deref() != Some("1") {
        assert!(!quiet.contains('→'), "{quiet}");
    }
}

// issue 18, item 4: under a Chinese locale every refusal is Chinese; `--lang en` gives
// English; neither names a requirement id.
#[test]
fn refusals_follow_the_locale_and_the_lang_flag() {
    let dir = tempfile::tempdir().unwrap();
    let file = lingting(dir.path());
    let missing = dir.path().join("missing.bianpai").to_string_lossy().into_owned();
    let bad_csv = dir.path().join("bad.csv");
    std::fs::write(&bad_csv, "name,born\nAlpha,1990-13-01\n").unwrap();
    let bad_csv = bad_csv.to_string_lossy().into_owned();
    let refusals: Vec<Vec<&str>> = vec![
        vec!["new", "x.bianpai", "--preset", "nope"],
        vec!["pair"],
        vec!["result", &file, "--round", "9", "--board", "1", "1-0"],
        vec!["result", &file, "--round", "1", "--board", "1", "2-0"],
        vec!["players", "list", &missing],
        vec!["players", "import", &file, &bad_csv],
        vec!["pay", &file, "1", "fee", "ten"],
        vec!["unpair", &file, "--round", "3"],
        vec!["export", &file, "csv", "-o", "/nonexistent-folder/out.csv"],
    ];
    for args in &refusals {
        let zh = bianpai_in(ZH, args);
        assert_ne!(code(&zh), 0, "{args:?} should be refused");
        let words = stderr(&zh);
        assert!(has_cjk(&words), "{args:?} under zh_CN: {words}");
        assert!(!names_a_requirement(&words) && !words.contains("os error"), "{args:?}: {words}");

        let mut english = args.clone();
        english.extend(["--lang", "en"]);
        let en = bianpai_in(ZH, &english);
        assert_eq!(code(&en), code(&zh), "{args:?}: the language does not change the exit code");
        let words = stderr(&en);
        assert!(!has_cjk(&words), "{args:?} with --lang en: {words}");
        assert!(!names_a_requirement(&words), "{args:?}: {words}");
    }
}

// issue 18, item 4 (CLI.md): LC_ALL wins over LANG; presets show their titles.
#[test]
fn lc_all_wins_and_presets_read_in_the_language() {
    let out = common::bianpai_env(&[("LC_ALL", "en_US.UTF-8"), ("LANG", ZH)], &["presets"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("lingting-cup") && !has_cjk(&text), "{text}");
    let zh = ok_in(ZH, &["presets"]);
    assert!(zh.contains("lingting-cup") && zh.contains("聆听杯"), "{zh}");
}

// CLI.md: every command takes `--lang`, also before the command's name.
#[test]
fn lang_may_come_before_the_command() {
    let out = common::bianpai(&["--lang", "zh", "presets"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("象棋积分编排赛"));
    let out = common::bianpai(&["presets", "--lang", "zh"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("象棋积分编排赛"));
}
