//! The command-line contract of ../shared/CLI.md, driven through the real binary.

use crate::common;

use common::{bianpai, code, ok, stderr};

use std::path::{Path, PathBuf};
use std::process::Command;

/// A cxa-swiss event of the five players below, 3 rounds.
fn five_player_event(dir: &Path) -> String {
    let file = dir.join("c.bianpai");
    let roster = dir.join("c.csv");
    std::fs::write(
        &roster,
        "name,gender,club\n王天一,m,杭州\n郑惟桐,m,四川\n唐丹,f,北京\n许银川,m,广东\n赵鑫鑫,m,浙江\n",
    )
    .unwrap();
    let f = file.to_str().unwrap().to_string();
    ok(&["new", &f, "--preset", "cxa-swiss", "--rounds", "3"]);
    ok(&["players", "import", &f, roster.to_str().unwrap()]);
    f
}

// CLI.md `standings --json`, R-5.1, R-5.4: exact shape, key order and hand-checked values.
#[test]
fn standings_json_follows_the_contract_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let f = five_player_event(dir.path());
    // Seed 1 draws round 1 as 5–4, 2–3, bye 1 (pinned by `pairings` below).
    ok(&["pair", &f, "--seed", "1"]);
    let r1 = ok(&["pairings", &f, "--json"]);
    assert!(
        r1.contains(r#""boards":[{"board":1,"red":{"start_no":5,"name":"赵鑫鑫","points":0},"black":{"start_no":4"#),
        "{r1}"
    );
    assert!(r1.contains(r#""byes":[{"start_no":1,"name":"王天一","kind":"pairing"}]"#), "{r1}");
    ok(&["result", &f, "--round", "1", "--board", "1", "1-0"]);
    ok(&["result", &f, "--round", "1", "--board", "2", "1/2", "--fouls", "0,1"]);
    // Round 2: the bye to 4 (lowest group); 2–3 met, so 1–2 and 3–5 (no colour clash).
    ok(&["pair", &f, "--seed", "2"]);
    let r2 = ok(&["pairings", &f, "--json"]);
    assert!(
        r2.contains(r#"{"board":1,"red":{"start_no":1,"name":"王天一","points":2},"black":{"start_no":2,"name":"郑惟桐","points":1}"#),
        "{r2}"
    );
    assert!(
        r2.contains(r#"{"board":2,"red":{"start_no":3,"name":"唐丹","points":1},"black":{"start_no":5,"name":"赵鑫鑫","points":2}"#),
        "{r2}"
    );
    ok(&["result", &f, "--round", "2", "--board", "1", "0-1", "--reason", "time"]);
    ok(&["result", &f, "--round", "2", "--board", "2", "-+"]);
    ok(&["players", "withdraw", &f, "5", "--reason", "退赛"]);
    // By hand (2/1/0, bye 2; bye value for 对手分 = lowest total above zero = 1, player 3):
    //   totals: 1: 2+0=2, 2: 1+2=3, 3: 1+0=1, 4: 0+2=2, 5: 2+2=4
    //   对手分: 1: bye 1 + p2 3 = 4; 2: p3 1 + p1 2 = 3; 3: p2 3 + p5 4 = 7;
    //           4: p5 4 + bye 1 = 5; 5: p4 2 + p3 1 = 3
    //   wins (forfeit wins count): 5: 2, 2: 1; fouls: 3: 1;
    //   后手局 (played as black): 2: 1 (r2), 3: 1 (r1), 4: 1 (r1); 5's r2 black game was a forfeit.
    //   1 and 4 tie on 2 points: 对手分 5 > 4 puts 4 first.
    let expected = concat!(
        r#"{"group":"公开组","stage":1,"after_round":2,"rows":["#,
        r#"{"rank":1,"start_no":5,"name":"赵鑫鑫","points":4,"tiebreaks":{"opponents_points":3,"wins":2,"fouls":0,"black_games":0},"red_games":1,"black_games":0,"status":"withdrawn"},"#,
        r#"{"rank":2,"start_no":2,"name":"郑惟桐","points":3,"tiebreaks":{"opponents_points":3,"wins":1,"fouls":0,"black_games":1},"red_games":1,"black_games":1,"status":"active"},"#,
        r#"{"rank":3,"start_no":4,"name":"许银川","points":2,"tiebreaks":{"opponents_points":5,"wins":0,"fouls":0,"black_games":1},"red_games":0,"black_games":1,"status":"active"},"#,
        r#"{"rank":4,"start_no":1,"name":"王天一","points":2,"tiebreaks":{"opponents_points":4,"wins":0,"fouls":0,"black_games":0},"red_games":1,"black_games":0,"status":"active"},"#,
        r#"{"rank":5,"start_no":3,"name":"唐丹","points":1,"tiebreaks":{"opponents_points":7,"wins":0,"fouls":1,"black_games":1},"red_games":0,"black_games":1,"status":"active"}"#,
        "]}\n"
    );
    assert_eq!(ok(&["standings", &f, "--json"]), expected);
    // R-5.2: standings after an earlier round.
    let after1: serde_json::Value = serde_json::from_str(&ok(&["standings", &f, "--round", "1", "--json"])).unwrap();
    assert_eq!(after1["after_round"], 1);
    assert_eq!(after1["rows"][0]["start_no"], 1, "after round 1 the bye (对手分 1) ranks above 2 (对手分 0)");
    // A withdrawn player is not paired again (R-3.4).
    ok(&["pair", &f, "--seed", "3"]);
    let r3 = ok(&["pairings", &f, "--json"]);
    assert!(!r3.contains(r#""start_no":5"#), "withdrawn player 5 was paired: {r3}");
}

// CLI.md: `-+` works without `--` as the last argument; `-- --` and `both-forfeit` too.
#[test]
fn forfeit_results_parse_in_every_documented_form() {
    let dir = tempfile::tempdir().unwrap();
    let f = five_player_event(dir.path());
    ok(&["pair", &f, "--seed", "1"]);
    ok(&["result", &f, "--round", "1", "--board", "1", "-+"]);
    assert!(ok(&["pairings", &f, "--json"]).contains(r#""result":"-+""#));
    ok(&["result", &f, "--round", "1", "--board", "1", "--", "--"]);
    assert!(ok(&["pairings", &f, "--json"]).contains(r#""result":"--""#));
    ok(&["result", &f, "--round", "1", "--board", "2", "both-forfeit", "--reason", "late"]);
    ok(&["result", &f, "--round", "1", "--board", "2", "--", "+-"]);
    let json = ok(&["pairings", &f, "--json"]);
    assert!(json.contains(r#""result":"+-","reason":"normal""#), "{json}");
}

// CLI.md exit codes: 2 bad usage or input, 1 impossible now.
#[test]
fn exit_codes_follow_the_contract() {
    let dir = tempfile::tempdir().unwrap();
    let f = five_player_event(dir.path());
    let unknown_preset = bianpai(&["new", dir.path().join("x.bianpai").to_str().unwrap(), "--preset", "nope"]);
    assert_eq!(code(&unknown_preset), 2);
    assert!(stderr(&unknown_preset).contains("lingting-cup"), "lists the presets");
    assert_eq!(code(&bianpai(&["new", &f, "--preset", "cxa-swiss"])), 2, "refuses to overwrite");
    ok(&["pair", &f, "--seed", "1"]);
    let bad_result = bianpai(&["result", &f, "--round", "1", "--board", "1", "2-0"]);
    assert_eq!(code(&bad_result), 2);
    assert!(stderr(&bad_result).contains("2-0"));
    assert_eq!(code(&bianpai(&["result", &f, "--round", "1", "--board", "9", "1-0"])), 2);
    let early = bianpai(&["pair", &f]);
    assert_eq!(code(&early), 1, "round 1 is not finished");
    assert!(stderr(&early).contains("without a result"), "{}", stderr(&early));
    assert_eq!(code(&bianpai(&["standings", &f, "--group", "少年组"])), 2);
    assert_eq!(code(&bianpai(&["frobnicate"])), 2);
}

// R-1.2 / CLI.md: several groups need --group; group names and aliases both work.
#[test]
fn groups_are_chosen_by_name_or_alias() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("h.bianpai");
    let f = f.to_str().unwrap();
    ok(&["new", f, "--preset", "huaiyin-2022"]);
    let roster = dir.path().join("y.csv");
    std::fs::write(
        &roster,
        "姓名,性别,出生日期,电话\n小明,男,2008-05-01,13800000001\n小红,女,2009-06-02,13800000002\n",
    )
    .unwrap();
    let ambiguous = bianpai(&["players", "import", f, roster.to_str().unwrap()]);
    assert_eq!(code(&ambiguous), 2);
    assert!(stderr(&ambiguous).contains("--group"), "{}", stderr(&ambiguous));
    ok(&["players", "import", f, roster.to_str().unwrap(), "--group", "youth"]);
    let list: serde_json::Value =
        serde_json::from_str(&ok(&["players", "list", f, "--group", "少年组", "--json"])).unwrap();
    assert_eq!(list["players"].as_array().unwrap().len(), 2);
    assert_eq!(list["players"][1]["name"], "小红");
    assert_eq!(list["players"][1]["gender"], "f");
}

// Issue 2 acceptance: a roster with one bad row imports nothing and names the row.
#[test]
fn a_roster_with_one_bad_row_imports_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("e.bianpai");
    let f = f.to_str().unwrap();
    ok(&["new", f, "--preset", "cxa-swiss", "--rounds", "5"]);
    let roster = dir.path().join("roster.csv");
    std::fs::write(&roster, "姓名,出生日期\n甲,1990-01-01\n乙,1990-13-01\n丙,1991-02-03\n").unwrap();
    let out = bianpai(&["players", "import", f, roster.to_str().unwrap()]);
    assert_eq!(code(&out), 2);
    let message = stderr(&out);
    assert!(message.contains("line 3") && message.contains("born"), "names row and field: {message}");
    let list: serde_json::Value = serde_json::from_str(&ok(&["players", "list", f, "--json"])).unwrap();
    assert_eq!(list["players"].as_array().unwrap().len(), 0, "nothing imported");
}

// Issue 17: the same roster imported twice adds nobody the second time and names the
// rows registered already (same name and birth date, or same phone); a new row still
// comes in.
#[test]
fn a_roster_imported_twice_adds_only_the_new_players() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("e.bianpai");
    let f = f.to_str().unwrap();
    ok(&["new", f, "--preset", "cxa-swiss", "--rounds", "5"]);
    let roster = dir.path().join("roster.csv");
    std::fs::write(&roster, "姓名,出生日期,电话\n甲,1990-01-01,\n乙,,13800000000\n").unwrap();
    let roster = roster.to_str().unwrap();
    ok(&["players", "import", f, roster]);
    let again = ok(&["players", "import", f, roster]);
    assert!(again.contains("line 2: 甲 is registered already (no. 1)"), "{again}");
    assert!(again.contains("line 3: 乙 is registered already (no. 2)"), "{again}");
    assert!(again.contains("nothing imported"), "{again}");
    let more = dir.path().join("more.csv");
    std::fs::write(&more, "姓名,出生日期,电话\n甲,1990-01-01,\n乙二,,13800000000\n丙,1991-02-03,\n").unwrap();
    let out = ok(&["players", "import", f, more.to_str().unwrap()]);
    assert!(out.contains("skipped 2 row(s)") && out.contains("imported 1 player(s)"), "{out}");
    let list: serde_json::Value = serde_json::from_str(&ok(&["players", "list", f, "--json"])).unwrap();
    assert_eq!(list["players"].as_array().unwrap().len(), 3);
}

// Issue 17: `players delete` removes a player never paired (undo puts them back) and
// refuses one who has played, naming the way out.
#[test]
fn only_a_player_never_paired_can_be_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let f = &common::cli_event(dir.path(), 3, "姓名\n甲\n乙\n丙\n丁\n戊\n");
    let count = || {
        let list: serde_json::Value = serde_json::from_str(&ok(&["players", "list", f, "--json"])).unwrap();
        list["players"].as_array().unwrap().len()
    };
    assert!(ok(&["players", "delete", f, "5"]).contains("deleted 5 戊"));
    assert_eq!(count(), 4);
    ok(&["undo", f]);
    assert_eq!(count(), 5, "undo puts the player back");
    ok(&["players", "delete", f, "5"]);
    ok(&["pair", f, "--seed", "1"]);
    let out = bianpai(&["players", "delete", f, "1"]);
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("withdraw"), "{}", stderr(&out));
    assert_eq!(count(), 4);
}

// R-1.2: an entry that breaks the group's rules is refused with the reason, or
// accepted with a recorded override reason.
#[test]
fn ineligible_rows_are_refused_or_overridden_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("h.bianpai");
    let f = f.to_str().unwrap();
    ok(&["new", f, "--preset", "huaiyin-2022"]);
    let roster = dir.path().join("a.csv");
    std::fs::write(
        &roster,
        "姓名,出生日期,称号,电话\n老将,1950-03-01,,139\n大师,1980-01-01,大师,138\n新手,1990-01-01,,137\n",
    )
    .unwrap();
    let out = bianpai(&["players", "import", f, roster.to_str().unwrap(), "--group", "adult"]);
    assert_eq!(code(&out), 2);
    let message = stderr(&out);
    assert!(message.contains("line 2") && message.contains("1952-01-01"), "{message}");
    assert!(message.contains("line 3") && message.contains("大师"), "{message}");
    ok(&["players", "import", f, roster.to_str().unwrap(), "--group", "adult", "--override-reason", "组委会特批"]);
    let list: serde_json::Value =
        serde_json::from_str(&ok(&["players", "list", f, "--group", "adult", "--json"])).unwrap();
    let overrides: Vec<_> =
        list["players"].as_array().unwrap().iter().map(|p| p["eligibility_override"].clone()).collect();
    assert!(overrides[0].as_str().unwrap().starts_with("组委会特批"));
    assert!(overrides[2].is_null(), "eligible entries carry no override");
}

// Issue 2 acceptance: a second process changing the same file is told it is in use;
// issue 17 (CLI.md): a command that only reads works beside the window.
#[test]
fn a_second_process_is_told_the_file_is_in_use() {
    let dir = tempfile::tempdir().unwrap();
    let f = five_player_event(dir.path());
    let held = bianpai::store::EventFile::open(Path::new(&f)).unwrap();
    let out = bianpai(&["players", "withdraw", &f, "2"]);
    assert_eq!(code(&out), 1);
    assert!(stderr(&out).contains("in use"), "{}", stderr(&out));
    assert!(ok(&["players", "list", &f]).contains("郑惟桐"), "readers work beside the window");
    drop(held);
    ok(&["players", "withdraw", &f, "2"]);
}

fn results_in(file: &Path) -> Vec<(u32, Option<String>)> {
    let f = bianpai::store::EventFile::open(file).unwrap();
    f.event().groups[0].stages[0].rounds[0]
        .games
        .iter()
        .map(|g| (g.board.0, g.result.map(|r| r.outcome.notation().to_string())))
        .collect()
}

// Issue 2 acceptance: killing the process loses nothing already reported as saved,
// and the file stays sound.
#[test]
fn killed_result_commands_lose_nothing_reported_saved() {
    let dir = tempfile::tempdir().unwrap();
    let file: PathBuf = dir.path().join("k.bianpai");
    let f = file.to_str().unwrap();
    ok(&["new", f, "--preset", "cxa-swiss", "--rounds", "3"]);
    let roster = dir.path().join("k.csv");
    let mut text = String::from("name\n");
    for i in 1..=40 {
        text.push_str(&format!("棋手{i}\n"));
    }
    std::fs::write(&roster, text).unwrap();
    ok(&["players", "import", f, roster.to_str().unwrap()]);
    ok(&["pair", f, "--seed", "5"]);
    let mut reported_saved = Vec::new();
    for board in 1..=20u32 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bianpai"))
            .args(["result", f, "--round", "1", "--board", &board.to_string(), "1-0"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Kill at a different moment each time: right away, or after a few milliseconds.
        std::thread::sleep(std::time::Duration::from_millis(u64::from(board % 7) * 3));
        let _ = child.kill();
        let out = child.wait_with_output().unwrap();
        if out.status.success() && String::from_utf8_lossy(&out.stdout).contains("saved") {
            reported_saved.push(board);
        }
    }
    eprintln!("reported saved before the kill: {reported_saved:?}");
    let results = results_in(&file);
    for board in &reported_saved {
        assert_eq!(results[*board as usize - 1].1.as_deref(), Some("1-0"), "board {board} was reported saved");
    }
    let conn = rusqlite::Connection::open(&file).unwrap();
    let check: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(check, "ok");
    drop(conn);
    // The survivors of the kills and a plain run agree: every board can still be entered.
    for board in 1..=20u32 {
        ok(&["result", f, "--round", "1", "--board", &board.to_string(), "0-1"]);
    }
    assert!(results_in(&file).iter().all(|(_, r)| r.as_deref() == Some("0-1")));
}

// R-3.5: the director chooses the rounds, with a suggestion from the entry count.
#[test]
fn rounds_are_set_by_the_director_with_a_suggestion() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("r.bianpai");
    let f = f.to_str().unwrap();
    ok(&["new", f, "--preset", "cxa-swiss"]);
    let roster = dir.path().join("r.csv");
    std::fs::write(&roster, (1..=20).fold(String::from("name\n"), |s, i| s + &format!("P{i}\n"))).unwrap();
    ok(&["players", "import", f, roster.to_str().unwrap()]);
    let unset = bianpai(&["pair", f]);
    assert_eq!(code(&unset), 1);
    assert!(stderr(&unset).contains("6 rounds suit 20 players"), "{}", stderr(&unset));
    ok(&["rounds", f, "6"]);
    assert!(ok(&["pair", f, "--seed", "9"]).contains("paired round 1: 10 board(s)"));
}

// Issue 17 (CLI.md `players renumber FILE [--group G] --by rating|name|club`): start
// numbers given anew by rating before round 1; undone by `undo`; refused once round 1
// is paired (exit 1, naming the rule).
#[test]
fn players_renumber_by_rating_before_round_one_only() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.bianpai");
    let roster = dir.path().join("r.csv");
    std::fs::write(&roster, "姓名,单位,等级分\n张三,北京,1800\n安然,上海,2100\n王五,北京,\n李四,,2100\n").unwrap();
    let f = file.to_str().unwrap();
    ok(&["new", f, "--preset", "cxa-swiss", "--rounds", "3"]);
    ok(&["players", "import", f, roster.to_str().unwrap()]);
    let order = || -> Vec<(u64, String)> {
        let list: serde_json::Value = serde_json::from_str(&ok(&["players", "list", f, "--json"])).unwrap();
        let players = list["players"].as_array().unwrap().iter();
        players.map(|p| (p["start_no"].as_u64().unwrap(), p["name"].as_str().unwrap().to_string())).collect()
    };
    let registered = order();
    let out = ok(&["players", "renumber", f, "--by", "rating"]);
    assert!(out.contains("1 → 3") && out.contains("4 start number(s) changed"), "{out}");
    let names: Vec<String> = order().into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["安然", "李四", "张三", "王五"], "highest first, ties by pinyin, unrated last");
    ok(&["undo", f]);
    assert_eq!(order(), registered, "undo restores every number");
    ok(&["players", "renumber", f, "--by", "name"]);
    let names: Vec<String> = order().into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["安然", "李四", "王五", "张三"]);

    ok(&["pair", f, "--seed", "1"]);
    let out = bianpai(&["players", "renumber", f, "--by", "club"]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(stderr(&out).contains("only before round 1 of the first stage"), "{}", stderr(&out));
    let out = bianpai(&["players", "renumber", f, "--by", "age"]);
    assert_eq!(code(&out), 2, "an unknown key is bad usage");
}

// CLI.md `standings --json`, R-11.4: a stage with FIDE tiebreaks names the edition of
// C.07 it follows, right after `after_round`; the edition follows the TRF's 042 start
// date. small.trf after round 2 (1 / ½ / 0): player 5 had a pairing-allocated bye, then
// won by forfeit against 1 (who finished on 1); 5 has 2 points.
//   2024 (042 2024/05/01): both dummies have 5's own 2: BH 4, BH-C1 2, SB 2·1 + 2·1 = 4.
//   2026 (042 2026-03-01 with a time, or no 042): the bye's dummy is min(2, ½ × 2) = 1,
//   the forfeit's min(2, 1's 1) = 1: BH 2, BH-C1 1, SB 2.
#[test]
fn standings_json_names_the_fide_tiebreak_edition() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf/small.trf");
    let text = std::fs::read_to_string(&fixture).unwrap();
    let standings_of = |name: &str, text: &str| {
        let trf = dir.path().join(format!("{name}.trf"));
        std::fs::write(&trf, text).unwrap();
        let file = dir.path().join(format!("{name}.bianpai"));
        let f = file.to_str().unwrap();
        ok(&["trf", "import", trf.to_str().unwrap(), f]);
        let out = ok(&["standings", f, "--json"]);
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        let row = json["rows"].as_array().unwrap().iter().find(|r| r["start_no"] == 5).unwrap().clone();
        (out, json["fide_tiebreak_edition"].clone(), row["tiebreaks"].to_string(), ok(&["standings", f]))
    };
    assert!(text.contains("\n042 2024/05/01\n"));
    let (out, edition, five, heading) = standings_of("y2024", &text);
    assert!(
        out.starts_with(r#"{"group":"#) && out.contains(r#""after_round":2,"fide_tiebreak_edition":"2024","rows":["#),
        "{out}"
    );
    assert_eq!(edition, "2024");
    assert_eq!(five, r#"{"buchholz_cut1":2,"buchholz":4,"sonneborn_berger":4}"#);
    assert!(heading.lines().next().unwrap().ends_with(" · FIDE tie-break rules, 2024 edition"), "{heading}");

    let (_, edition, five, heading) = standings_of("y2026", &text.replace("042 2024/05/01", "042 2026-03-01 09:30  "));
    assert_eq!(edition, "2026");
    assert_eq!(five, r#"{"buchholz_cut1":1,"buchholz":2,"sonneborn_berger":2}"#);
    assert!(heading.lines().next().unwrap().ends_with(" · FIDE tie-break rules, 2026 edition"), "{heading}");

    let undated: String = text.lines().filter(|l| !l.starts_with("042")).map(|l| format!("{l}\n")).collect();
    let (_, edition, five, _) = standings_of("undated", &undated);
    assert_eq!(edition, "2026");
    assert_eq!(five, r#"{"buchholz_cut1":1,"buchholz":2,"sonneborn_berger":2}"#);
}
