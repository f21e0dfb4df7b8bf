//! `bianpai pairings FILE --explain [--json]` (CLI.md, R-3.7): each board's explanation —
//! score group, float and why for both players, the colour rule — and each bye's, in
//! the `--lang` language; and how an edited round differs from the engine's pairing.

use crate::common;

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

/// A `cxa-team` event of five teams 队1 … 队5 of two players (club C{t}), 2 boards,
/// 4 rounds, round 1 paired with seed 5.
fn team_event(dir: &Path) -> String {
    let f = dir.join("t.bianpai").to_str().unwrap().to_string();
    ok(&["new", &f, "--preset", "cxa-team", "--boards", "2", "--rounds", "4"]);
    let mut csv = String::from("姓名,单位,队名\n");
    for t in 1..=5 {
        csv.push_str(&format!("P{},C{t},队{t}\nP{},C{t},队{t}\n", 2 * t - 1, 2 * t));
    }
    let roster = dir.join("t.csv");
    std::fs::write(&roster, csv).unwrap();
    ok(&["players", "import", &f, roster.to_str().unwrap()]);
    ok(&["pair", &f, "--seed", "5"]);
    f
}

// CLI.md: `pairings --explain --json` of a team round adds to each match
// `"explain": {"home", "away", "colour"}` — an individual board's keys with home and
// away — and to each bye `"explain"`, in the `--lang` language. Round 1: the bye is
// the last team of the draw. Every home team wins board 1; match 1's away team draws
// board 2, match 2's home team wins it. Round 2: the bye goes to the lowest team of the
// lowest score group — match 2's away team (0 场分, 0 局分, below match 1's away team's
// 局分 1) — and match 1's away team floats up to a 2-point team.
#[test]
fn explain_json_of_a_team_round_has_home_and_away_and_the_bye_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let f = team_event(dir.path());
    let r1 = json(&["pairings", &f, "--explain", "--json", "--lang", "en"]);
    assert_eq!(r1["byes"][0]["explain"], "round 1 with an odd number of teams: the last team of the order", "{r1}");
    let r1_away = |m: usize| r1["matches"][m]["away"]["team"].as_str().unwrap().to_string();
    let r1_home = |m: usize| r1["matches"][m]["home"]["team"].as_str().unwrap().to_string();
    for (m, board2) in [(1, "1/2"), (2, "home")] {
        ok(&["result", &f, "--round", "1", "--match", &m.to_string(), "--board", "1", "1-0"]);
        // The home team is black on board 2: its win is 0-1.
        let board2 = if board2 == "home" { "0-1" } else { board2 };
        ok(&["result", &f, "--round", "1", "--match", &m.to_string(), "--board", "2", board2]);
    }
    ok(&["pair", &f, "--seed", "6"]);
    let plain = json(&["pairings", &f, "--json"]);
    assert!(plain["matches"][0].get("explain").is_none() && plain["byes"][0].get("explain").is_none());
    for lang in ["zh", "en"] {
        let v = json(&["pairings", &f, "--explain", "--json", "--lang", lang]);
        let byes = v["byes"].as_array().unwrap();
        assert_eq!(byes.len(), 1);
        assert_eq!(byes[0]["team"], r1_away(1).as_str(), "the lowest team of the lowest group has the bye");
        let bye = if lang == "zh" {
            "队数为奇数，轮空给最低分组（0 分）中团体排名最后、此前未轮空的队"
        } else {
            "an odd number of teams: the bye goes to the lowest team by the team standings of the lowest score \
             group (score 0) that has not had one"
        };
        assert_eq!(byes[0]["explain"], bye);
        assert_eq!(v["engine_differences"], serde_json::json!([]), "as the engine paired it");
        for m in v["matches"].as_array().unwrap() {
            let x = &m["explain"];
            assert_eq!(keys(x), BTreeSet::from(["home", "away", "colour"]), "{m}");
            let (home, away) =
                (m["home"]["match_points"].as_f64().unwrap(), m["away"]["match_points"].as_f64().unwrap());
            for (side, mine, theirs) in [("home", home, away), ("away", away, home)] {
                let float = if mine > theirs {
                    "down"
                } else if mine < theirs {
                    "up"
                } else {
                    "none"
                };
                assert_eq!(x[side]["float"], float, "{m}");
                assert_eq!(x[side]["score_group"], m[side]["match_points"], "match points before the round");
                if float == "none" {
                    assert_eq!(keys(&x[side]), BTreeSet::from(["score_group", "float", "why"]));
                } else {
                    assert_eq!(x[side]["distance"].as_f64(), Some((mine - theirs).abs()));
                }
                let why = x[side]["why"].as_str().unwrap();
                assert!(!why.is_empty() && has_chinese(&why.replace('队', "")) == (lang == "zh"), "{lang}: {why}");
            }
            let home_team = m["home"]["team"].as_str().unwrap();
            let colour = x["colour"].as_str().unwrap();
            let head = if lang == "zh" {
                format!("{home_team}为主队（单数台执红）")
            } else {
                format!("{home_team} is home")
            };
            assert!(colour.starts_with(&head), "{colour}");
        }
        // Match 1's away team in round 1 (局分 1) is the 0-point group's other team: it
        // floats up to a 2-point team other than the one it met.
        let floated = r1_away(0);
        let m = v["matches"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["home"]["team"] == floated.as_str() || m["away"]["team"] == floated.as_str())
            .expect("it plays");
        let (mine, theirs) = if m["home"]["team"] == floated.as_str() { ("home", "away") } else { ("away", "home") };
        let opponent = m[theirs]["team"].as_str().unwrap();
        assert_ne!(opponent, r1_home(0), "no rematch");
        let up = if lang == "zh" {
            format!("上浮与从 2 分组下浮的 {opponent}对阵")
        } else {
            format!("paired up with {opponent}, who floated down from the 2-point score group")
        };
        assert_eq!(m["explain"][mine]["why"], up.as_str());
        assert_eq!(m["explain"][mine]["float"], "up");
    }
    let text = ok(&["pairings", &f, "--explain", "--lang", "en"]);
    assert!(text.contains("    ↳ home "), "{text}");
    assert!(text.contains(&format!("    ↳ {} bye: an odd number of teams", r1_away(1))), "{text}");
    assert!(text.ends_with("As the engine paired it: no hand edits.\n"), "{text}");
}
