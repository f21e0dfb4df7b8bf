//! Pairing from the command line (R-3.3, R-3.4, PAIRING.md "Interfaces"): impossible
//! pairings, hand edits with warnings, announced byes, and `trf pair`.

use crate::common;

use common::{bianpai, ok, stderr};

use std::path::Path;

fn event(dir: &Path, players: usize, rounds: u32) -> String {
    let file = dir.join("e.bianpai");
    let f = file.to_str().unwrap().to_string();
    ok(&["new", &f, "--preset", "cxa-swiss", "--rounds", &rounds.to_string()]);
    let roster = dir.join("r.csv");
    let text = (1..=players).fold(String::from("name,club\n"), |s, i| s + &format!("P{i},C{}\n", i % 2));
    std::fs::write(&roster, text).unwrap();
    ok(&["players", "import", &f, roster.to_str().unwrap()]);
    f
}

fn play_round(f: &str, round: u32) {
    let json: serde_json::Value = serde_json::from_str(&ok(&["pairings", f, "--json"])).unwrap();
    for b in json["boards"].as_array().unwrap() {
        ok(&["result", f, "--round", &round.to_string(), "--board", &b["board"].to_string(), "1-0"]);
    }
}

// Issue 3 acceptance: 3 players, 3 rounds played → exit 1 with a message saying why.
#[test]
fn an_impossible_pairing_exits_1_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let f = event(dir.path(), 3, 4);
    for r in 1..=3 {
        ok(&["pair", &f, "--seed", &r.to_string()]);
        play_round(&f, r);
    }
    let out = bianpai(&["pair", &f]);
    assert_eq!(out.status.code(), Some(1));
    let message = stderr(&out);
    assert!(message.to_lowercase().contains("no pairing of round 4"), "{message}");
    assert!(message.contains("no rematch"), "{message}");
}

// an edit that breaks an absolute rule needs --confirm; the warning stays with the round.
#[test]
fn hand_edits_warn_and_need_confirmation() {
    let dir = tempfile::tempdir().unwrap();
    let f = event(dir.path(), 4, 3);
    ok(&["pair", &f, "--seed", "1"]);
    play_round(&f, 1);
    ok(&["pair", &f, "--seed", "2"]);
    let r1: serde_json::Value = serde_json::from_str(&ok(&["pairings", &f, "--round", "1", "--json"])).unwrap();
    let r2: serde_json::Value = serde_json::from_str(&ok(&["pairings", &f, "--json"])).unwrap();
    // Swap so that board 1 of round 1 meets again.
    let a = r1["boards"][0]["red"]["start_no"].as_u64().unwrap();
    let b = r1["boards"][0]["black"]["start_no"].as_u64().unwrap();
    let boards = r2["boards"].as_array().unwrap();
    let opponent_of_a = boards
        .iter()
        .find_map(|g| {
            let (r, k) = (g["red"]["start_no"].as_u64().unwrap(), g["black"]["start_no"].as_u64().unwrap());
            if r == a {
                Some(k)
            } else if k == a {
                Some(r)
            } else {
                None
            }
        })
        .unwrap();
    let refused = bianpai(&["edit", &f, "--round", "2", "swap", &opponent_of_a.to_string(), &b.to_string()]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(stderr(&refused).contains("met before"), "{}", stderr(&refused));
    assert_eq!(ok(&["pairings", &f, "--json"]), serde_json::to_string(&r2).unwrap() + "\n", "nothing changed");
    let out = ok(&["edit", &f, "--round", "2", "--confirm", "swap", &opponent_of_a.to_string(), &b.to_string()]);
    assert!(out.contains("warning:") && out.contains("met before"), "{out}");
    let edited: serde_json::Value = serde_json::from_str(&ok(&["pairings", &f, "--json"])).unwrap();
    assert_eq!(edited["warnings"][0]["rule"], "rematch");
    assert_eq!(edited["warnings"][0]["absolute"], true);
    // Colours swap on a board, and the round can be unpaired while empty of results.
    ok(&["edit", &f, "--round", "2", "--confirm", "colours", "1"]);
    ok(&["unpair", &f, "--round", "2"]);
    assert_eq!(bianpai(&["pairings", &f, "--round", "2"]).status.code(), Some(2));
}

// an announced bye or absence keeps the player out of that round's pairing.
#[test]
fn announced_byes_are_respected() {
    let dir = tempfile::tempdir().unwrap();
    let f = event(dir.path(), 6, 3);
    ok(&["bye", &f, "2", "--round", "1"]);
    ok(&["bye", &f, "5", "--round", "1", "--absent"]);
    ok(&["pair", &f, "--seed", "3"]);
    let r1: serde_json::Value = serde_json::from_str(&ok(&["pairings", &f, "--json"])).unwrap();
    assert_eq!(r1["boards"].as_array().unwrap().len(), 2);
    let byes: Vec<(u64, String)> = r1["byes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["start_no"].as_u64().unwrap(), b["kind"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(byes, vec![(2, "requested".to_string()), (5, "absent".to_string())]);
}

// PAIRING.md: `trf pair` exit codes — 0 paired, 3 malformed input naming the line, 5 file error.
#[test]
fn trf_pair_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf/small.trf");
    let out_file = dir.path().join("out.txt");
    let out = out_file.to_str().unwrap();
    ok(&["trf", "pair", "--system", "cxa", fixture.to_str().unwrap(), "-p", out]);
    let written = std::fs::read_to_string(&out_file).unwrap();
    let pairs: usize = written.lines().next().unwrap().trim().parse().unwrap();
    assert_eq!(written.lines().count(), pairs + 1);

    let bad = dir.path().join("bad.trf");
    let text = std::fs::read_to_string(&fixture).unwrap();
    // Player 1's round-1 result becomes '7', which is no TRF result code.
    assert!(text.contains("2 w 1"));
    let broken = text.replacen("2 w 1", "2 w 7", 1);
    std::fs::write(&bad, broken).unwrap();
    let refused = bianpai(&["trf", "pair", "--system", "fide-dutch", bad.to_str().unwrap(), "-p", out]);
    assert_eq!(refused.status.code(), Some(3), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("line 6"), "names the line: {}", stderr(&refused));

    let missing = bianpai(&["trf", "pair", "--system", "cxa", "/nonexistent/x.trf", "-p", out]);
    assert_eq!(missing.status.code(), Some(5));
}

// a round robin from the Berger tables; every pair meets once, one bye each.
#[test]
fn a_round_robin_plays_every_pair_once() {
    let dir = tempfile::tempdir().unwrap();
    let f = event(dir.path(), 5, 9);
    ok(&["format", &f, "round-robin"]);
    let mut pairs = std::collections::BTreeSet::new();
    let mut byes = Vec::new();
    for r in 1..=5 {
        ok(&["pair", &f, "--seed", "1"]);
        let json: serde_json::Value = serde_json::from_str(&ok(&["pairings", &f, "--json"])).unwrap();
        for b in json["boards"].as_array().unwrap() {
            let (x, y) = (b["red"]["start_no"].as_u64().unwrap(), b["black"]["start_no"].as_u64().unwrap());
            assert!(pairs.insert((x.min(y), x.max(y))), "{x} and {y} meet twice");
        }
        byes.push(json["byes"][0]["start_no"].as_u64().unwrap());
        play_round(&f, r);
    }
    assert_eq!(pairs.len(), 10);
    byes.sort();
    assert_eq!(byes, [1, 2, 3, 4, 5]);
    let over = bianpai(&["pair", &f]);
    assert_eq!(over.status.code(), Some(1), "{}", stderr(&over));
}

// PAIRING.md: TRF import as a new event and export of a stage; the round trip keeps the games.
#[test]
fn trf_import_and_export_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf/small.trf");
    let file = dir.path().join("t.bianpai");
    let f = file.to_str().unwrap();
    assert!(ok(&["trf", "import", fixture.to_str().unwrap(), f]).contains("created"));
    let before: serde_json::Value = serde_json::from_str(&ok(&["standings", f, "--json"])).unwrap();
    let out = dir.path().join("out.trf");
    ok(&["export", f, "trf", "-o", out.to_str().unwrap()]);
    let again = dir.path().join("again.bianpai");
    ok(&["trf", "import", out.to_str().unwrap(), again.to_str().unwrap()]);
    let after: serde_json::Value =
        serde_json::from_str(&ok(&["standings", again.to_str().unwrap(), "--json"])).unwrap();
    assert_eq!(before["rows"], after["rows"]);
    let csv = dir.path().join("x.csv");
    assert_eq!(bianpai(&["export", f, "csv", "-o", csv.to_str().unwrap()]).status.code(), Some(0));
    assert!(std::fs::read_to_string(&csv).unwrap().contains(before["rows"][0]["name"].as_str().unwrap()));
}
