//! Team competitions from the command line (SPEC R-10, CLI.md "Team competitions"):
//! `new --boards`, a roster's 队名 column, `teams add | from-clubs | list | ranking |
//! standings`, `lineup`, `pair` and `pairings` of team rounds, `result --match`, in
//! both languages.

use crate::common;

use common::{bianpai, bianpai_in, code, json, ok, stderr};
use serde_json::{Value, json};
use std::path::Path;

const ZH: &str = "zh_CN.UTF-8";

/// A `cxa-team` event of `teams` teams 队1 … of `members` players each, made by the
/// roster's 队名 column; team t's players are start numbers (t−1)·m+1 … t·m, club C{t}.
fn team_event(dir: &Path, teams: u32, members: u32, boards: u32, rounds: u32) -> String {
    let f = dir.join("t.bianpai").to_str().unwrap().to_string();
    let said =
        ok(&["new", &f, "--preset", "cxa-team", "--boards", &boards.to_string(), "--rounds", &rounds.to_string()]);
    assert!(said.contains(&format!("{boards} boards per match")), "{said}");
    let mut csv = String::from("姓名,单位,队名\n");
    for t in 1..=teams {
        for i in 1..=members {
            csv.push_str(&format!("P{},C{t},队{t}\n", (t - 1) * members + i));
        }
    }
    let roster = dir.join("t.csv");
    std::fs::write(&roster, csv).unwrap();
    ok(&["players", "import", &f, roster.to_str().unwrap()]);
    f
}

/// The team number of a team named 队N.
fn team_no(side: &Value) -> u32 {
    side["team"].as_str().unwrap().trim_start_matches('队').parse().unwrap()
}

fn result_at(f: &str, round: u32, m: u64, b: u32, result: &str) {
    ok(&["result", f, "--round", &round.to_string(), "--match", &m.to_string(), "--board", &b.to_string(), result]);
}

// R-10.3, CLI.md `new … --boards K`: K is 2 … 8 and only for a preset with a team stage;
// refusals exit 2 in the run's language and create nothing.
#[test]
fn new_takes_boards_for_a_team_preset_only() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("n.bianpai");
    let f = f.to_str().unwrap();
    let out = bianpai(&["new", f, "--preset", "cxa-team", "--boards", "9"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("2 to 8 boards"), "{}", stderr(&out));
    let out = bianpai_in(ZH, &["new", f, "--preset", "cxa-swiss", "--boards", "4"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("没有团体赛阶段"), "{}", stderr(&out));
    assert!(!Path::new(f).exists(), "a refused `new` creates no file");
    let said = ok(&["new", f, "--preset", "cxa-team"]);
    assert!(said.contains("4 boards per match"), "default K is 4: {said}");
}

// R-10.1, CLI.md roster columns: a 队名 column makes the teams, members in the file's
// order (first-come, rows interleaved), the club when the members share one; a row
// without a team joins none, and the column is not kept as a note.
#[test]
fn a_roster_team_column_makes_the_teams_in_file_order() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("r.bianpai").to_str().unwrap().to_string();
    ok(&["new", &f, "--preset", "cxa-team", "--boards", "2"]);
    let roster = dir.path().join("r.csv");
    std::fs::write(
        &roster,
        "name,club,team\n甲一,淮阴,甲队\n乙一,淮安,乙队\n甲二,淮阴,甲队\n散人,,\n乙二,清河,乙队\n甲三,淮阴,甲队\n",
    )
    .unwrap();
    let said = ok(&["players", "import", &f, roster.to_str().unwrap()]);
    assert!(said.contains("made 2 team(s)"), "{said}");
    let teams = json(&["teams", "list", &f, "--json"]);
    assert_eq!(
        teams,
        json!({"teams": [
            {"team": "甲队", "club": "淮阴", "captain": null, "members": [1, 3, 6], "reserves": []},
            {"team": "乙队", "club": "", "captain": null, "members": [2, 5], "reserves": []},
        ]})
    );
    let players = json(&["players", "list", &f, "--json"]);
    assert_eq!(players["players"].as_array().unwrap().len(), 6);
    assert_eq!(players["players"][0]["notes"], json!({}), "队名 is not kept as a note");
}

// CLI.md `teams list --json`: exactly the contract's example — members the whole
// registered list in board order, reserves last; the captain's number.
#[test]
fn teams_list_json_is_the_contract_shape() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("l.bianpai").to_str().unwrap().to_string();
    ok(&["new", &f, "--preset", "cxa-team"]);
    let roster = dir.path().join("l.csv");
    std::fs::write(&roster, (1..=30).fold(String::from("姓名\n"), |s, i| s + &format!("选手{i}\n"))).unwrap();
    ok(&["players", "import", &f, roster.to_str().unwrap()]);
    let said = ok(&[
        "teams",
        "add",
        &f,
        "甲队",
        "--members",
        "4,9,17,22",
        "--reserves",
        "30",
        "--captain",
        "4",
        "--club",
        "…",
    ]);
    assert!(said.contains("team 1 甲队"), "{said}");
    assert_eq!(
        ok(&["teams", "list", &f, "--json"]),
        r#"{"teams":[{"team":"甲队","club":"…","captain":4,"members":[4,9,17,22,30],"reserves":[30]}]}"#.to_string()
            + "\n"
    );
    // R-10.1: a player is in at most one team of the group.
    let out = bianpai(&["teams", "add", &f, "乙队", "--members", "5,9"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("already in “甲队”"), "{}", stderr(&out));
    let out = bianpai(&["teams", "add", &f, "乙队", "--members", "5,x"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("'x' is not a start number"), "{}", stderr(&out));
}

// R-10.3, CLI.md `pairings --json` of a team round: matches with home/away, home red on
// odd boards and black on even ones, the default line-up the first K members (reserves
// out), result null until every board of the match has one, then the 局分; `result
// --match M --board B` is the round's board (M−1)·K+B.
#[test]
fn a_team_round_is_paired_shown_and_scored_by_match() {
    let dir = tempfile::tempdir().unwrap();
    let f = team_event(dir.path(), 4, 5, 4, 3);
    let said = ok(&["pair", &f, "--seed", "7"]);
    assert!(said.contains("2 match(es) of 4 boards"), "{said}");
    assert!(said.contains("Match 1 队") && said.contains("Match 2 队"), "pair names the matches: {said}");
    let p = json(&["pairings", &f, "--json"]);
    assert_eq!((p["group"].as_str(), p["stage"].as_u64(), p["round"].as_u64()), (Some("团体组"), Some(1), Some(1)));
    assert_eq!(p["byes"], json!([]));
    let matches = p["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 2);
    let mut teams_seen = Vec::new();
    for (i, m) in matches.iter().enumerate() {
        assert_eq!(m["match"], i + 1);
        assert_eq!(m["result"], Value::Null);
        let (home, away) = (team_no(&m["home"]), team_no(&m["away"]));
        teams_seen.extend([home, away]);
        assert_eq!((&m["home"]["match_points"], &m["home"]["game_points"]), (&json!(0), &json!(0)));
        let boards = m["boards"].as_array().unwrap();
        assert_eq!(boards.len(), 4);
        for (b, board) in boards.iter().enumerate() {
            let b = b as u32 + 1;
            assert_eq!(board["board"], b);
            assert_eq!(board["round_board"], i as u32 * 4 + b);
            // The b-th member of each team: (t−1)·5 + b.
            let (home_player, away_player) = ((home - 1) * 5 + b, (away - 1) * 5 + b);
            let (red, black) = if b % 2 == 1 { (home_player, away_player) } else { (away_player, home_player) };
            assert_eq!(board["red"], json!({"start_no": red, "name": format!("P{red}")}), "match {} board {b}", i + 1);
            assert_eq!(board["black"]["start_no"], black);
            assert_eq!((&board["result"], &board["reason"]), (&Value::Null, &Value::Null));
            assert_eq!(board["fouls"], json!({"red": 0, "black": 0}));
        }
    }
    teams_seen.sort();
    assert_eq!(teams_seen, [1, 2, 3, 4]);

    // Match 1: 1-0, 1/2, 1-0, 1-0 (red named first) with a foul on black at board 3.
    result_at(&f, 1, 1, 1, "1-0");
    result_at(&f, 1, 1, 2, "1/2");
    let p = json(&["pairings", &f, "--json"]);
    assert_eq!(p["matches"][0]["result"], Value::Null, "two boards still open");
    assert_eq!(p["matches"][0]["boards"][1]["result"], "1/2");
    ok(&["result", &f, "--round", "1", "--match", "1", "--board", "3", "1-0", "--fouls", "0,1"]);
    let said = ok(&["result", &f, "--round", "1", "--match", "1", "--board", "4", "--", "1-0"]);
    assert!(said.contains("match 1 board 4 (round board 4)"), "{said}");
    // Home: red on 1 and 3, black on 2 and 4 → 2 + 1 + 2 + 0 = 5; away 0 + 1 + 0 + 2 = 3
    // (a score that would be 3 : 5 with the colours the other way round).
    assert!(said.contains("5 : 3"), "the decided match is announced: {said}");
    let p = json(&["pairings", &f, "--json"]);
    let m1 = &p["matches"][0];
    assert_eq!(m1["result"], json!({"home": 5, "away": 3}));
    assert_eq!(m1["boards"][2]["fouls"], json!({"red": 0, "black": 1}));
    assert_eq!(m1["boards"][2]["reason"], "normal");
    assert_eq!(p["matches"][1]["result"], Value::Null);
    // Without --match, --board is the round's board: board 7 is match 2 board 3.
    let said = ok(&["result", &f, "--round", "1", "--board", "7", "1/2"]);
    assert!(said.contains("match 2 board 3"), "{said}");
    assert_eq!(json(&["pairings", &f, "--json"])["matches"][1]["boards"][2]["result"], "1/2");

    let text = ok(&["pairings", &f]);
    let heading =
        format!("Match 1 {} — {}  5 : 3", m1["home"]["team"].as_str().unwrap(), m1["away"]["team"].as_str().unwrap());
    assert!(text.contains(&heading), "{text}");
    let zh = String::from_utf8(bianpai_in(ZH, &["pairings", &f]).stdout).unwrap();
    assert!(
        zh.contains(&format!(
            "第1场 {} — {}",
            m1["home"]["team"].as_str().unwrap(),
            m1["away"]["team"].as_str().unwrap()
        )),
        "{zh}"
    );

    // A match has boards 1 … K; there is no match 3.
    let out = bianpai(&["result", &f, "--round", "1", "--match", "2", "--board", "5", "1-0"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("boards 1 to 4"), "{}", stderr(&out));
    let out = bianpai_in(ZH, &["result", &f, "--round", "1", "--match", "3", "--board", "1", "1-0"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("第1轮没有第3场"), "{}", stderr(&out));
}

// R-10.3: `--match` belongs to team rounds; in an individual round it is refused in
// words, in English and in Chinese, and nothing is recorded.
#[test]
fn match_is_refused_in_an_individual_round_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("i.bianpai").to_str().unwrap().to_string();
    ok(&["new", &f, "--preset", "cxa-swiss", "--rounds", "3"]);
    let roster = dir.path().join("i.csv");
    std::fs::write(&roster, "name\nA\nB\nC\nD\n").unwrap();
    ok(&["players", "import", &f, roster.to_str().unwrap()]);
    ok(&["pair", &f, "--seed", "1"]);
    let args = ["result", &f, "--round", "1", "--match", "1", "--board", "1", "1-0"];
    let en = bianpai(&args);
    assert_eq!(code(&en), 2);
    assert!(stderr(&en).contains("round 1 is not a team round"), "{}", stderr(&en));
    let zh = bianpai_in(ZH, &args);
    assert_eq!(code(&zh), 2);
    assert!(stderr(&zh).contains("不是团体赛轮次"), "{}", stderr(&zh));
    assert_eq!(json(&["pairings", &f, "--json"])["boards"][0]["result"], Value::Null);
    // 队员总分制 is for individual groups; a team stage refuses it.
    let t = team_event(dir.path(), 2, 2, 2, 1);
    let out = bianpai(&["teams", "ranking", &t, "--count", "2"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("plays team matches"), "{}", stderr(&out));
}

// R-10.3: a line-up names K members in registered order (a reserve may step in); set
// for the next round it is used when that round is paired; in a paired round it reseats
// its match until the match's first result, then it is refused (exit 1) in words.
#[test]
fn a_lineup_reseats_its_match_until_the_first_result() {
    let dir = tempfile::tempdir().unwrap();
    let f = team_event(dir.path(), 2, 5, 4, 2);
    // Team 2 (players 6 … 10) lets its reserve-by-order 10 play board 4 in round 1.
    let said = ok(&["lineup", &f, "--round", "1", "队2", "6,7,8,10"]);
    assert!(said.contains("used when round 1 is paired"), "{said}");
    ok(&["pair", &f, "--seed", "3"]);
    let p = json(&["pairings", &f, "--json"]);
    let m = &p["matches"][0];
    let two_is_home = team_no(&m["home"]) == 2;
    let board4 = &m["boards"][3];
    // Board 4 is even: the home team has black.
    let two_on_4 = if two_is_home { &board4["black"] } else { &board4["red"] };
    assert_eq!(two_on_4["start_no"], 10);
    // Out of registered order is refused (exit 2), by name or number.
    let out = bianpai(&["lineup", &f, "--round", "1", "1", "2", "1", "3", "4"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("out of the board order"), "{}", stderr(&out));
    // Team 1 fields three: board 4 is then a forfeit for team 2.
    let said = ok(&["lineup", &f, "--round", "1", "1", "1,2,3"]);
    assert!(said.contains("seated anew"), "{said}");
    let p = json(&["pairings", &f, "--json"]);
    let board4 = &p["matches"][0]["boards"][3];
    let (one_side, two_side) = if two_is_home { ("red", "black") } else { ("black", "red") };
    assert_eq!(board4[one_side], Value::Null);
    assert_eq!(board4[two_side]["start_no"], 10);
    assert_eq!(board4["result"], if two_side == "red" { "+-" } else { "-+" });
    let out = bianpai(&["result", &f, "--round", "1", "--match", "1", "--board", "4", "1-0"]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    result_at(&f, 1, 1, 1, "1/2");
    let args = ["lineup", &f, "--round", "1", "队1", "1,2,3,4"];
    let en = bianpai(&args);
    assert_eq!(code(&en), 1);
    assert!(stderr(&en).contains("Match 1 of round 1 has results"), "{}", stderr(&en));
    let zh = bianpai_in(ZH, &args);
    assert_eq!(code(&zh), 1);
    assert!(stderr(&zh).contains("出场名单不能再改"), "{}", stderr(&zh));
    assert_eq!(json(&["pairings", &f, "--json"])["matches"][0]["boards"][3][one_side], Value::Null, "unchanged");
}

// R-10.4, R-10.5, CLI.md `teams standings --json`: four teams over three rounds meet
// each other once, the lower-numbered team winning each match 5 : 3 (boards 1-2 won,
// 3 drawn, 4 lost), so the table is known by hand whatever the draw:
//   team   场分  局分  胜局  台次分 (4·3·2·1 weights)     对手场分
//   队1    6     15    6     3 × 16 = 48                 4+2+0 = 6
//   队2    4     13    5     16+16+4 = 36                6+2+0 = 8
//   队3    2     11    4     16+4+4 = 24                 6+4+0 = 10
//   队4    0      9    3     3 × 4 = 12                  6+4+2 = 12
// (lower team: 2+2+1+0 = 5, 2 wins, 2·4+2·3+1·2 = 16; higher: 0+0+1+2 = 3, 1 win,
// 1·2+2·1 = 4). 直胜 stays 0: no two teams are level on 场分. The 场分/局分 shown with
// each match are the totals before its round.
#[test]
fn team_standings_after_three_rounds_match_the_hand_count() {
    let dir = tempfile::tempdir().unwrap();
    let f = team_event(dir.path(), 4, 4, 4, 3);
    let mut match_points = [0u32; 5];
    let mut game_points = [0u32; 5];
    for round in 1..=3u32 {
        ok(&["pair", &f, "--seed", &(40 + round).to_string()]);
        let p = json(&["pairings", &f, "--json"]);
        for m in p["matches"].as_array().unwrap() {
            let (home, away) = (team_no(&m["home"]), team_no(&m["away"]));
            for (side, t) in [("home", home), ("away", away)] {
                assert_eq!(m[side]["match_points"], match_points[t as usize], "round {round} team {t}");
                assert_eq!(m[side]["game_points"], game_points[t as usize], "round {round} team {t}");
            }
            let lower_is_home = home < away;
            for b in 1..=4u32 {
                // The home team is red on odd boards.
                let home_red = b % 2 == 1;
                let lower_red = home_red == lower_is_home;
                let result = match (b, lower_red) {
                    (1 | 2, true) | (4, false) => "1-0",
                    (1 | 2, false) | (4, true) => "0-1",
                    _ => "1/2",
                };
                result_at(&f, round, m["match"].as_u64().unwrap(), b, result);
            }
            let (low, high) = (home.min(away) as usize, home.max(away) as usize);
            match_points[low] += 2;
            game_points[low] += 5;
            game_points[high] += 3;
            let p = json(&["pairings", &f, "--json"]);
            let decided = &p["matches"][m["match"].as_u64().unwrap() as usize - 1]["result"];
            let expected = if lower_is_home { json!({"home": 5, "away": 3}) } else { json!({"home": 3, "away": 5}) };
            assert_eq!(decided, &expected);
        }
    }
    let s = json(&["teams", "standings", &f, "--json"]);
    let row = |rank: u32, team: &str, mp: u32, gp: u32, omp: u32, bp: u32, wins: u32, members: [u32; 4]| {
        json!({"rank": rank, "team": team, "match_points": mp, "game_points": gp,
               "tiebreaks": {"head_to_head": 0, "opponents_match_points": omp, "board_points": bp,
                             "wins": wins, "fouls": 0},
               "members": members, "matches": 3, "won_drawn_lost": [(4 - rank), 0, rank - 1]})
    };
    assert_eq!(
        s,
        json!({"group": "团体组", "stage": 1, "after_round": 3, "mode": "matches", "rows": [
            row(1, "队1", 6, 15, 6, 48, 6, [1, 2, 3, 4]),
            row(2, "队2", 4, 13, 8, 36, 5, [5, 6, 7, 8]),
            row(3, "队3", 2, 11, 10, 24, 4, [9, 10, 11, 12]),
            row(4, "队4", 0, 9, 12, 12, 3, [13, 14, 15, 16]),
        ]})
    );
    // The tiebreak keys follow the stage's order (cxa-team: 直胜, 对手场分, 台次分, 胜局, 犯规).
    let keys: Vec<&String> = s["rows"][0]["tiebreaks"].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["head_to_head", "opponents_match_points", "board_points", "wins", "fouls"]);
    let text = String::from_utf8(bianpai_in(ZH, &["teams", "standings", &f]).stdout).unwrap();
    assert!(text.contains("第3轮后团体排名"), "{text}");
    let first = text.lines().nth(2).unwrap();
    assert!(first.contains("队1") && first.contains("48"), "{text}");
    // `standings` stays the players' own table (R-10: boards are games).
    let players = json(&["standings", &f, "--json"]);
    assert_eq!(players["rows"].as_array().unwrap().len(), 16);
    // 队1's boards 1 and 2 and 队4's board 4 won all three games: 6 points each, on top.
    let mut top: Vec<u64> = (0..3).map(|i| players["rows"][i]["start_no"].as_u64().unwrap()).collect();
    top.sort();
    assert_eq!(top, [1, 2, 16]);
    assert!((0..3).all(|i| players["rows"][i]["points"] == 6), "{players}");
    assert_eq!(players["rows"][3]["points"], 4, "the next won two");
}

// R-10.1, CLI.md `teams from-clubs`: one team per club with N or more players not yet
// in a team (default 2), named after the club, members in start-number order.
#[test]
fn teams_from_clubs_name_each_team_after_its_club() {
    let dir = tempfile::tempdir().unwrap();
    let roster = dir.path().join("c.csv");
    std::fs::write(&roster, "name,club\nA1,甲社\nB1,乙社\nA2,甲社\nC1,丙社\nB2,乙社\nA3,甲社\n").unwrap();
    let make = |name: &str| {
        let f = dir.path().join(name).to_str().unwrap().to_string();
        ok(&["new", &f, "--preset", "cxa-swiss", "--rounds", "3"]);
        ok(&["players", "import", &f, roster.to_str().unwrap()]);
        f
    };
    let f = make("a.bianpai");
    let said = ok(&["teams", "from-clubs", &f]);
    assert!(said.contains("made 2 team(s)"), "{said}");
    let teams = json(&["teams", "list", &f, "--json"]);
    assert_eq!(
        teams["teams"],
        json!([
            {"team": "乙社", "club": "乙社", "captain": null, "members": [2, 5], "reserves": []},
            {"team": "甲社", "club": "甲社", "captain": null, "members": [1, 3, 6], "reserves": []},
        ])
    );
    // Everyone with a club of two or more is in a team now: a second run makes none.
    assert!(ok(&["teams", "from-clubs", &f]).contains("no team made"));
    let g = make("b.bianpai");
    ok(&["teams", "from-clubs", &g, "--min", "3"]);
    let names: Vec<Value> =
        json(&["teams", "list", &g, "--json"])["teams"].as_array().unwrap().iter().map(|t| t["team"].clone()).collect();
    assert_eq!(names, [json!("甲社")]);
}

// R-10.2, CLI.md `teams ranking` and `teams standings` in `members` mode: 队员总分制 on
// a huaiyin-2022 group — each team's best N members by the individual standings, their
// points summed, tiebreaks 对手分, best rank, fouls; no 场分/局分.
#[test]
fn teams_ranking_on_huaiyin_ranks_by_the_best_members() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("h.bianpai").to_str().unwrap().to_string();
    ok(&["new", &f, "--preset", "huaiyin-2022"]);
    let roster = dir.path().join("h.csv");
    let rows = (1..=8).fold(String::from("name,gender,born,club,phone\n"), |s, i| {
        s + &format!("P{i},m,1990-01-0{i},{},1390000000{i}\n", if i % 2 == 0 { "双社" } else { "单社" })
    });
    std::fs::write(&roster, rows).unwrap();
    ok(&["players", "import", &f, roster.to_str().unwrap(), "--group", "adult"]);
    ok(&["teams", "from-clubs", &f, "--group", "adult"]);
    let said = ok(&["teams", "ranking", &f, "--group", "adult", "--count", "2", "--avoid", "round1"]);
    assert!(said.contains("best 2 members") && said.contains("kept apart in round 1"), "{said}");
    let zh = String::from_utf8(bianpai_in(ZH, &["teams", "ranking", &f, "--group", "成人组", "--count", "2"]).stdout)
        .unwrap();
    assert!(zh.contains("每队计成绩最好的 2 名队员"), "{zh}");
    ok(&["pair", &f, "--group", "adult", "--seed", "11"]);
    let p = json(&["pairings", &f, "--group", "adult", "--json"]);
    for b in p["boards"].as_array().unwrap() {
        ok(&["result", &f, "--group", "adult", "--round", "1", "--board", &b["board"].to_string(), "1-0"]);
    }
    let s = json(&["teams", "standings", &f, "--group", "adult", "--json"]);
    assert_eq!(
        (s["mode"].as_str(), s["after_round"].as_u64(), s["count"].as_u64()),
        (Some("members"), Some(1), Some(2))
    );
    let individual = json(&["standings", &f, "--group", "adult", "--json"]);
    let order: Vec<u64> =
        individual["rows"].as_array().unwrap().iter().map(|r| r["start_no"].as_u64().unwrap()).collect();
    let points_of = |p: u64| {
        individual["rows"].as_array().unwrap().iter().find(|r| r["start_no"] == p).unwrap()["points"].as_u64().unwrap()
    };
    let rows = s["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for row in rows {
        assert!(row.get("match_points").is_none() && row.get("game_points").is_none(), "{row}");
        let keys: Vec<&String> = row["tiebreaks"].as_object().unwrap().keys().collect();
        assert_eq!(keys, ["opponents_points", "best_rank", "fouls"]);
        let members: Vec<u64> = row["members"].as_array().unwrap().iter().map(|m| m.as_u64().unwrap()).collect();
        // The counted members are the team's two best in the individual standings.
        let mut best: Vec<u64> = order.iter().copied().filter(|p| members.contains(p)).take(2).collect();
        let counted: Vec<u64> = row["counted"].as_array().unwrap().iter().map(|m| m.as_u64().unwrap()).collect();
        assert_eq!(counted, best);
        best.truncate(2);
        assert_eq!(row["points"].as_u64().unwrap(), best.iter().map(|p| points_of(*p)).sum::<u64>());
        let rank_of = |p: u64| {
            individual["rows"].as_array().unwrap().iter().find(|r| r["start_no"] == p).unwrap()["rank"]
                .as_u64()
                .unwrap()
        };
        assert_eq!(row["tiebreaks"]["best_rank"].as_u64().unwrap(), rank_of(best[0]));
    }
    assert!(rows[0]["points"].as_u64() >= rows[1]["points"].as_u64());
}

// R-10.3, R-10.4: with an odd number of teams one has the bye — listed by name — and it
// scores the match win and every board's bye points (2 boards × 2 = 局分 4), which the
// next round shows as its totals before the round.
#[test]
fn a_team_bye_is_named_and_scores_the_match_and_its_boards() {
    let dir = tempfile::tempdir().unwrap();
    let f = team_event(dir.path(), 3, 2, 2, 2);
    let said = ok(&["pair", &f, "--seed", "5"]);
    let p = json(&["pairings", &f, "--json"]);
    let byes = p["byes"].as_array().unwrap();
    assert_eq!(byes.len(), 1);
    let bye = byes[0]["team"].as_str().unwrap().to_string();
    assert_eq!(byes[0], json!({"team": bye}));
    assert!(said.contains(&format!("bye: {bye}")), "{said}");
    let m = &p["matches"][0];
    for b in 1..=2 {
        result_at(&f, 1, 1, b, "1/2");
    }
    assert_eq!(json(&["pairings", &f, "--json"])["matches"][0]["result"], json!({"home": 2, "away": 2}));
    ok(&["pair", &f, "--seed", "6"]);
    let p = json(&["pairings", &f, "--json"]);
    let sides: Vec<&Value> = p["matches"].as_array().unwrap().iter().flat_map(|m| [&m["home"], &m["away"]]).collect();
    let bye_side = sides.iter().find(|s| s["team"] == bye.as_str()).expect("the bye team plays round 2");
    assert_eq!((&bye_side["match_points"], &bye_side["game_points"]), (&json!(2), &json!(4)));
    for team in [&m["home"]["team"], &m["away"]["team"]] {
        if let Some(side) = sides.iter().find(|s| &s["team"] == team) {
            assert_eq!((&side["match_points"], &side["game_points"]), (&json!(1), &json!(2)));
        }
    }
}
