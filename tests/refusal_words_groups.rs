//! Issue 38, item 14: refusals name a group by its name, not its number ("No. 4 is not
//! in group 1" was what a director read), and a refused `edit … colours` is said as an
//! edit of the pairing, not as an unpairing; a team round's pairing is not edited by
//! hand at all (its boards follow the line-ups, R-10.3).

use crate::common;

use common::{bianpai_in, code, ok, stderr};

/// A `huaiyin-2022` event: 甲 丙 丁 in 成人组 (1–3), 乙 in 少年组 (4); the number of
/// 成人组.
fn two_groups(dir: &std::path::Path) -> (String, u32) {
    let file = dir.join("h.bianpai");
    let f = file.to_str().unwrap().to_string();
    ok(&["new", &f, "--preset", "huaiyin-2022"]);
    let roster = dir.join("h.csv");
    std::fs::write(
        &roster,
        "姓名,出生日期,组别\n甲,1990-01-01,成人组\n乙,2008-01-01,少年组\n丙,1990-01-01,成人组\n丁,1991-01-01,成人组\n",
    )
    .unwrap();
    ok(&["players", "import", &f, roster.to_str().unwrap(), "--override-reason", "测试"]);
    let reader = bianpai::store::EventReader::open(&file).unwrap();
    let adults = reader.event().groups.iter().find(|g| g.name == "成人组").unwrap().id.0;
    (f, adults)
}

/// Runs a refused command in both languages: exit 2, the group's name in both
/// messages, its bare number in neither.
fn refused_naming_the_group(args: &[&str], id: u32, code_wanted: i32) -> (String, String) {
    let en = bianpai_in("en", args);
    let zh = bianpai_in("zh_CN.UTF-8", args);
    let (en_said, zh_said) = (stderr(&en), stderr(&zh));
    assert_eq!(code(&en), code_wanted, "{args:?}: {en_said}");
    assert!(en_said.contains("“成人组”"), "{args:?}: {en_said}");
    assert!(zh_said.contains("“成人组”"), "{args:?}: {zh_said}");
    assert!(!en_said.to_lowercase().contains(&format!("group {id}")), "{args:?}: {en_said}");
    assert!(!zh_said.contains(&format!("组别 {id}")), "{args:?}: {zh_said}");
    (en_said, zh_said)
}

// Issue 38 item 14: another group's player named to `avoid`, `fix-board` or `bye`, and
// a renumbering after play began, are refused naming 成人组 by name.
#[test]
fn refusals_name_the_group_by_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let (f, id) = two_groups(dir.path());
    let g = ["--group", "成人组"];
    let avoid = [&["avoid", f.as_str(), "1", "4"][..], &g].concat();
    let (en, zh) = refused_naming_the_group(&avoid, id, 2);
    assert!(en.contains("No. 4 is not in group “成人组”"), "{en}");
    assert!(zh.contains("4号选手不在组别“成人组”"), "{zh}");
    refused_naming_the_group(&[&["fix-board", f.as_str(), "4", "3"][..], &g].concat(), id, 2);
    refused_naming_the_group(&[&["bye", f.as_str(), "4", "--round", "1"][..], &g].concat(), id, 2);

    ok(&["pair", &f, "--group", "成人组", "--seed", "1"]);
    let renumber = [&["players", "renumber", f.as_str(), "--by", "name"][..], &g].concat();
    let (en, _) = refused_naming_the_group(&renumber, id, 1);
    assert!(en.contains("Group “成人组” has begun play"), "{en}");
}

/// A `cxa-swiss` event of four players with round 1 paired.
fn swiss_round_one(dir: &std::path::Path) -> String {
    let file = dir.join("s.bianpai");
    let f = file.to_str().unwrap().to_string();
    ok(&["new", &f, "--preset", "cxa-swiss", "--rounds", "3"]);
    let roster = dir.join("s.csv");
    std::fs::write(&roster, "name\nA\nB\nC\nD\n").unwrap();
    ok(&["players", "import", &f, roster.to_str().unwrap()]);
    ok(&["pair", &f, "--seed", "1"]);
    f
}

// Issue 38 item 14: `edit … colours` on a round with results, or on a round before the
// last, is refused as an edit of the pairing (it said "can be unpaired").
#[test]
fn a_refused_colours_edit_is_said_as_an_edit() {
    let dir = tempfile::tempdir().unwrap();
    let f = swiss_round_one(dir.path());
    ok(&["result", &f, "--round", "1", "--board", "1", "1-0"]);
    let with_results = bianpai_in("en", &["edit", &f, "--round", "1", "colours", "2"]);
    assert_eq!(code(&with_results), 1);
    assert!(
        stderr(&with_results).contains("Round 1 has results; its pairing can no longer be edited"),
        "{}",
        stderr(&with_results)
    );
    let zh = bianpai_in("zh_CN.UTF-8", &["edit", &f, "--round", "1", "colours", "2"]);
    assert!(stderr(&zh).contains("第1轮已有成绩，对阵不能再修改"), "{}", stderr(&zh));

    ok(&["result", &f, "--round", "1", "--board", "2", "1-0"]);
    ok(&["pair", &f, "--seed", "1"]);
    let earlier = bianpai_in("en", &["edit", &f, "--round", "1", "colours", "1"]);
    assert_eq!(code(&earlier), 1);
    let said = stderr(&earlier);
    assert!(said.contains("Only the pairing of the last round (round 2) can be edited"), "{said}");
    assert!(!said.contains("unpaired"), "{said}");
    let zh = stderr(&bianpai_in("zh_CN.UTF-8", &["edit", &f, "--round", "1", "colours", "1"]));
    assert!(zh.contains("只能修改最后一轮（第2轮）的对阵") && !zh.contains("取消"), "{zh}");
}

// Issue 38 item 14: a team round's colours follow home and away; a hand edit
// of its pairing is refused in words, and the round is left as paired.
#[test]
fn a_team_rounds_pairing_is_not_edited_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.bianpai");
    let f = file.to_str().unwrap();
    ok(&["new", f, "--preset", "cxa-team", "--rounds", "3", "--boards", "2"]);
    let roster = dir.path().join("r.csv");
    std::fs::write(&roster, "姓名,队名\nA1,甲\nA2,甲\nB1,乙\nB2,乙\n").unwrap();
    ok(&["players", "import", f, roster.to_str().unwrap()]);
    ok(&["pair", f, "--seed", "1"]);
    let before = ok(&["pairings", f, "--json"]);
    let edit = bianpai_in("en", &["edit", f, "--round", "1", "colours", "1"]);
    assert_eq!(code(&edit), 2, "{}", stderr(&edit));
    assert!(stderr(&edit).contains("its pairing cannot be edited by hand; change the line-ups"), "{}", stderr(&edit));
    let zh = bianpai_in("zh_CN.UTF-8", &["edit", f, "--round", "1", "colours", "1"]);
    assert!(stderr(&zh).contains("对阵不能手工修改"), "{}", stderr(&zh));
    assert_eq!(ok(&["pairings", f, "--json"]), before, "the round is left as paired");
}
