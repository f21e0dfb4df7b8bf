//! `bianpai pairings FILE --explain [--json]` (CLI.md, R-3.7): each board's explanation —
//! score group, float and why for both players, the colour rule — and each bye's, in
//! the `--lang` language; and how an edited round differs from the engine's pairing.

mod common;

use common::{json, ok};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

/// Seven players (so a bye), round 1 played (red wins everywhere), round 2 paired.
fn event(dir: &Path) -> String {
    event_with(dir, "1-0")
}

/// As [`event`], with `first` the result of round 1's board 1.
fn event_with(dir: &Path, first: &str) -> String {
    let file = dir.join("e.bianpai");
    let f = file.to_str().unwrap().to_string();
    ok(&["new", &f, "--preset", "cxa-swiss", "--rounds", "4"]);
    let roster = dir.join("r.csv");
    let text = (1..=7).fold(String::from("name,club,rating\n"), |s, i| s + &format!("P{i},C{},{}\n", i % 3, 2400 - i));
    std::fs::write(&roster, text).unwrap();
    ok(&["players", "import", &f, roster.to_str().unwrap()]);
    ok(&["pair", &f, "--seed", "3"]);
    let r1 = json(&["pairings", &f, "--json"]);
    for b in r1["boards"].as_array().unwrap() {
        let result = if b["board"] == 1 { first } else { "1-0" };
        ok(&["result", &f, "--round", "1", "--board", &b["board"].to_string(), result]);
    }
    ok(&["pair", &f, "--seed", "4"]);
    f
}

fn keys(v: &Value) -> BTreeSet<&str> {
    v.as_object().unwrap().keys().map(String::as_str).collect()
}

fn has_chinese(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

// CLI.md: `--explain --json` adds to each board `"explain": {"red": {"score_group",
// "float", "why"}, "black": {…}, "colour"}` and to each bye `"explain": "…"`, in the
// `--lang` language; without `--explain` the shape is unchanged.
#[test]
fn explain_json_adds_the_documented_keys_in_either_language() {
    let dir = tempfile::tempdir().unwrap();
    let f = event(dir.path());
    let plain = json(&["pairings", &f, "--json"]);
    assert!(plain["boards"][0].get("explain").is_none() && plain.get("engine_differences").is_none());
    for lang in ["zh", "en"] {
        let v = json(&["pairings", &f, "--explain", "--json", "--lang", lang]);
        let boards = v["boards"].as_array().unwrap();
        assert_eq!(boards.len(), 3);
        for b in boards {
            let x = &b["explain"];
            assert_eq!(keys(x), BTreeSet::from(["red", "black", "colour"]));
            let gap = (b["red"]["points"].as_f64().unwrap() - b["black"]["points"].as_f64().unwrap()).abs();
            for side in ["red", "black"] {
                // CLI.md: a float also carries the score difference of its board.
                if x[side]["float"] == "none" {
                    assert_eq!(keys(&x[side]), BTreeSet::from(["score_group", "float", "why"]));
                } else {
                    assert_eq!(keys(&x[side]), BTreeSet::from(["score_group", "float", "why", "distance"]));
                    assert_eq!(x[side]["distance"].as_f64(), Some(gap));
                }
                assert_eq!(x[side]["score_group"], b[side]["points"], "the score group is the total before the round");
                let why = x[side]["why"].as_str().unwrap();
                assert!(!why.is_empty() && has_chinese(why) == (lang == "zh"), "{lang}: {why}");
            }
            let (red, black) = (b["red"]["points"].as_f64().unwrap(), b["black"]["points"].as_f64().unwrap());
            let float = if red > black {
                "down"
            } else if red < black {
                "up"
            } else {
                "none"
            };
            assert_eq!(x["red"]["float"], float);
            let colour = x["colour"].as_str().unwrap();
            assert!(has_chinese(colour) == (lang == "zh"), "{lang}: {colour}");
        }
        let bye = &v["byes"][0];
        assert_eq!(bye["kind"], "pairing");
        let why = bye["explain"].as_str().unwrap();
        let expected =
            if lang == "zh" { "人数为奇数，轮空给" } else { "an odd number of players: the bye goes to" };
        assert!(why.starts_with(expected), "{why}");
        assert_eq!(v["engine_differences"], serde_json::json!([]), "an unedited round lists no difference");
    }
    // A drawn board in round 1 leaves odd score groups: the floats carry their distance
    // and say how far they went (issue 36).
    let dir = tempfile::tempdir().unwrap();
    let f = event_with(dir.path(), "1/2");
    let v = json(&["pairings", &f, "--explain", "--json", "--lang", "zh"]);
    let floats: Vec<&Value> = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| [&b["explain"]["red"], &b["explain"]["black"]])
        .filter(|x| x["float"] == "down")
        .collect();
    assert!(!floats.is_empty(), "{v}");
    for x in floats {
        assert_eq!(x["distance"], 1, "one score group down: {x}");
        assert!(x["why"].as_str().unwrap().contains("对手来自相邻分数组（分差 1 分）"), "{x}");
    }
}

// the text form has one explanation line under each board and bye, and says
// the round is as the engine paired it.
#[test]
fn explain_text_has_a_line_under_each_board_and_bye() {
    let dir = tempfile::tempdir().unwrap();
    let f = event(dir.path());
    for (lang, board, bye, same) in [
        ("zh", "    ↳ 红方 ", "    ↳ 轮空：", "与编排结果一致，未经手动修改。"),
        ("en", "    ↳ red no. ", "    ↳ bye: ", "As the engine paired it: no hand edits."),
    ] {
        let text = ok(&["pairings", &f, "--explain", "--lang", lang]);
        let lines: Vec<&str> = text.lines().collect();
        // Title, header, then each board or bye followed by its explanation.
        for k in 0..4 {
            let (row, note) = (lines[2 + 2 * k], lines[3 + 2 * k]);
            let expected = if k < 3 { board } else { bye };
            assert!(note.starts_with(expected), "{lang}: {row}\n{note}");
        }
        assert!(lines[3].contains(if lang == "zh" { "先后手：" } else { "colours: " }), "{}", lines[3]);
        assert_eq!(lines.last().copied(), Some(same));
    }
    assert!(!ok(&["pairings", &f]).contains('↳'), "no explanation without --explain");
}

// after a hand edit, the explanation lists how the round differs from the
// engine's pairing, in JSON and in text.
#[test]
fn an_edited_round_lists_its_differences_from_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let f = event(dir.path());
    let before = json(&["pairings", &f, "--json"]);
    let engine_red = before["boards"][1]["red"]["start_no"].as_u64().unwrap();
    ok(&["edit", &f, "--round", "2", "--confirm", "colours", "2"]);
    let zh = json(&["pairings", &f, "--explain", "--json", "--lang", "zh"]);
    assert_eq!(
        zh["engine_differences"],
        serde_json::json!([format!("第2台：先后手已交换（原编排 {engine_red}号执红）")])
    );
    assert!(zh["boards"][1]["explain"]["colour"].as_str().unwrap().starts_with("先后手经手动交换"));
    let en = ok(&["pairings", &f, "--explain", "--lang", "en"]);
    assert!(en.contains("Differences from the engine's pairing (hand edits):\n"), "{en}");
    assert!(en.contains(&format!("  - board 2: colours swapped (the engine gave red to no. {engine_red})")), "{en}");
}
