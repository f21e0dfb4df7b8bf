//! The seed-000 stages through the command line (R-1.4, R-6; CLI.md): `stage next`,
//! knockout `pairings --json` with game numbers, `result --game` with playoffs appearing
//! by themselves, and `standings --json` giving the final places 1–16.

use crate::common;

use common::{bianpai, json, ok};

use serde_json::Value;

/// Pairs and plays a Swiss round from the CLI: red wins on odd boards, black on even.
fn swiss_round(f: &str, round: u32) {
    ok(&["pair", f, "--seed", &round.to_string()]);
    for b in json(&["pairings", f, "--json"])["boards"].as_array().unwrap() {
        let board = b["board"].to_string();
        let result = if b["board"].as_u64().unwrap() % 2 == 1 { "1-0" } else { "0-1" };
        ok(&["result", f, "--round", &round.to_string(), "--board", &board, result]);
    }
}

#[test]
fn knockout_through_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lt.bianpai");
    let f = file.to_str().unwrap();
    ok(&["new", f, "--preset", "lingting-cup", "--rounds", "3"]);
    let roster = dir.path().join("r.csv");
    let text = (1..=24).fold(String::from("姓名,等级分\n"), |s, i| s + &format!("棋手{i},{}\n", 2100 - i));
    std::fs::write(&roster, text).unwrap();
    ok(&["players", "import", f, roster.to_str().unwrap()]);
    for r in 1..=3 {
        swiss_round(f, r);
    }
    // Stage 1 → 2: the top 30 (all 24 here) plus nominee… none left outside; no nominees.
    assert!(ok(&["stage", "next", f]).contains("24 players enter stage 2"));
    for r in 1..=7 {
        swiss_round(f, r);
    }
    let swiss = json(&["standings", f, "--json"]);
    let top16: Vec<u64> =
        swiss["rows"].as_array().unwrap().iter().take(16).map(|r| r["start_no"].as_u64().unwrap()).collect();
    let next = ok(&["stage", "next", f]);
    assert!(next.contains("16 players enter stage 3"), "{next}");
    // Issue 18, item 2: the stage change is announced: the old stage closed, the new open.
    assert!(next.contains("→ “") && next.contains("” closed") && next.contains("” opened"), "{next}");

    // Knockout round 1: 8 matches, games 1 and 2, seed k against seed 17−k.
    ok(&["pair", f]);
    let r1 = json(&["pairings", f, "--json"]);
    let boards = r1["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 16, "one entry per game");
    assert_eq!(boards[0]["game"], 1);
    assert_eq!(boards[1]["game"], 2);
    assert_eq!(boards[0]["red"]["start_no"].as_u64().unwrap(), top16[0]);
    assert_eq!(boards[0]["black"]["start_no"].as_u64().unwrap(), top16[15]);
    assert_eq!(boards[1]["red"]["start_no"].as_u64().unwrap(), top16[15], "colours swapped in game 2");
    // the higher seed of board 2 chooses black for game 1: both games swap.
    ok(&["edit", f, "--round", "1", "colours", "2"]);
    let chosen = json(&["pairings", f, "--json"]);
    let board2: Vec<&Value> = chosen["boards"].as_array().unwrap().iter().filter(|g| g["board"] == 2).collect();
    assert_eq!(board2[0]["black"]["start_no"].as_u64().unwrap(), top16[1], "seed 2 black in game 1");
    assert_eq!(board2[1]["red"]["start_no"].as_u64().unwrap(), top16[1], "and red in game 2");
    ok(&["edit", f, "--round", "1", "colours", "2"]);
    // Board 1 level after two games: game 3 (25 minutes) appears by itself.
    ok(&["result", f, "--round", "1", "--board", "1", "--game", "1", "1-0"]);
    // Issue 18, item 2: the command that made the match level announces the playoff.
    let said = ok(&["result", f, "--round", "1", "--board", "1", "--game", "2", "1-0"]);
    assert!(said.contains("→ round 1 board 1 is level: playoff game 3 added"), "{said}");
    let level = json(&["pairings", f, "--json"]);
    let playoff: Vec<&Value> =
        level["boards"].as_array().unwrap().iter().filter(|g| g["board"] == 1 && g["game"] == 3).collect();
    assert_eq!(playoff.len(), 1);
    assert_eq!(playoff[0]["playoff_minutes"], 25);
    assert_eq!(playoff[0]["red"]["start_no"].as_u64().unwrap(), top16[0], "colours alternate");
    ok(&["result", f, "--round", "1", "--board", "1", "--game", "3", "1-0"]);
    // Every other match: the higher seed (red in game 1) wins game 1, draws game 2.
    let play_round = |round: u32| {
        let pairing = json(&["pairings", f, "--json"]);
        for g in pairing["boards"].as_array().unwrap() {
            if !g["result"].is_null() {
                continue;
            }
            let result = if g["game"] == 1 { "1-0" } else { "1/2" };
            ok(&[
                "result",
                f,
                "--round",
                &round.to_string(),
                "--board",
                &g["board"].to_string(),
                "--game",
                &g["game"].to_string(),
                result,
            ]);
        }
    };
    play_round(1);
    for round in 2..=4 {
        ok(&["pair", f]);
        play_round(round);
    }
    assert_eq!(bianpai(&["pair", f]).status.code(), Some(1), "the knockout is over");
    // The higher seed won every match: places 1–16 are the seeds in order, except that
    // the final and third place go to the higher seeds 1 and 3, and orders the rest
    // by pre-knockout rank — which is again seed order.
    let places = json(&["standings", f, "--json"]);
    let got: Vec<u64> = places["rows"].as_array().unwrap().iter().map(|r| r["start_no"].as_u64().unwrap()).collect();
    assert_eq!(got, top16);
    let ranks: Vec<u64> = places["rows"].as_array().unwrap().iter().map(|r| r["rank"].as_u64().unwrap()).collect();
    assert_eq!(ranks, (1..=16).collect::<Vec<_>>());
}
