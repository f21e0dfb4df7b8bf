//! R-11.6 (issue 37, item 10): start numbers run 1…N within each group — the default
//! of a new event — or across the event; the command line shows and takes the numbers
//! of the group, a number several groups have is refused without `--group`, a
//! group's deleted number is not given to another player of it, and a file of an older
//! schema keeps its numbers across the event.

use crate::common::{bianpai, code, json, ok, stderr};
use bianpai::domain::command::Command;
use bianpai::domain::ids::GroupId;
use bianpai::domain::numbering::Numbering;
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::store::EventFile;
use std::path::Path;

/// A new huaiyin-2022 event: 成人组 甲 乙 丙, 少年组 丁 戊 己 庚, imported in one file
/// (rows of the two groups interleaved): start numbers 1–3 and 4–7.
fn two_groups(dir: &Path) -> String {
    let file = dir.join("h.bianpai").to_string_lossy().into_owned();
    ok(&["new", &file, "--preset", "huaiyin-2022"]);
    let roster = dir.join("r.csv");
    let rows = "姓名,组别,等级分\n甲,成人组,1500\n丁,少年组,1400\n乙,成人组,1600\n戊,少年组,1300\n丙,成人组,1700\n\
                己,少年组,1200\n庚,少年组,1100\n";
    std::fs::write(&roster, rows).unwrap();
    ok(&["players", "import", &file, roster.to_str().unwrap(), "--override-reason", "测试"]);
    file
}

/// `players list --json` of one group: (start_no, name) in listing order.
fn listed(file: &str, group: &str) -> Vec<(u64, String)> {
    crate::common::players_listed(file, Some(group))
}

fn named(pairs: &[(u64, &str)]) -> Vec<(u64, String)> {
    pairs.iter().map(|(n, s)| (*n, s.to_string())).collect()
}

// R-11.6 (issue 37, item 10): a new event numbers each group 1…N, in the table and in
// JSON.
#[test]
fn a_new_event_numbers_each_group_from_one() {
    let dir = tempfile::tempdir().unwrap();
    let f = two_groups(dir.path());
    assert_eq!(listed(&f, "成人组"), named(&[(1, "甲"), (2, "乙"), (3, "丙")]));
    assert_eq!(listed(&f, "少年组"), named(&[(1, "丁"), (2, "戊"), (3, "己"), (4, "庚")]));
    let table = ok(&["players", "list", &f, "--group", "少年组"]);
    let row = table.lines().find(|l| l.contains('庚')).unwrap();
    assert!(row.trim_start().starts_with("4 "), "{table}");
}

// R-11.6 (issue 37, item 10): `pairings`, `result` and `standings` show and take the
// group's numbers; `players withdraw` takes them with --group.
#[test]
fn pairings_results_and_standings_use_the_groups_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let f = two_groups(dir.path());
    ok(&["pair", &f, "--group", "少年组", "--seed", "1"]);
    let pairings = json(&["pairings", &f, "--group", "少年组", "--json"]);
    let mut numbers: Vec<u64> = pairings["boards"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|b| [b["red"]["start_no"].as_u64().unwrap(), b["black"]["start_no"].as_u64().unwrap()])
        .collect();
    numbers.sort();
    assert_eq!(numbers, [1, 2, 3, 4], "{pairings}");
    let board_1 = &pairings["boards"][0];
    let red = board_1["red"]["name"].as_str().unwrap().to_string();
    ok(&["result", &f, "--group", "少年组", "--round", "1", "--board", "1", "1-0"]);
    ok(&["result", &f, "--group", "少年组", "--round", "1", "--board", "2", "1/2"]);
    let standings = json(&["standings", &f, "--group", "少年组", "--json"]);
    let rows = standings["rows"].as_array().unwrap();
    assert_eq!(rows[0]["name"].as_str(), Some(red.as_str()), "{standings}");
    assert_eq!(rows[0]["start_no"], board_1["red"]["start_no"], "{standings}");
    let mut ranked: Vec<u64> = rows.iter().map(|r| r["start_no"].as_u64().unwrap()).collect();
    ranked.sort();
    assert_eq!(ranked, [1, 2, 3, 4]);
    let text = ok(&["standings", &f, "--group", "少年组"]);
    assert!(!text.contains(" 7 ") && !text.contains(" 6 "), "no start number of the event: {text}");

    let said = ok(&["players", "withdraw", &f, "4", "--group", "少年组"]);
    assert!(said.contains("4 庚"), "{said}");
    assert!(listed(&f, "成人组").iter().all(|(_, n)| n != "庚"));
}

// R-11.6 (issue 37, item 10): a number two groups have is refused without --group,
// naming both; with --group it is the group's player.
#[test]
fn a_number_of_several_groups_needs_the_group() {
    let dir = tempfile::tempdir().unwrap();
    let f = two_groups(dir.path());
    let out = bianpai(&["players", "delete", &f, "2"]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("成人组") && stderr(&out).contains("少年组"), "{}", stderr(&out));
    assert!(stderr(&out).contains("--group"), "{}", stderr(&out));
    let zh = crate::common::bianpai_in("zh_CN.UTF-8", &["players", "delete", &f, "2"]);
    assert!(stderr(&zh).contains("多个组别"), "{}", stderr(&zh));
    // A number only one group has needs no --group.
    let said = ok(&["players", "delete", &f, "4"]);
    assert!(said.contains("4 庚"), "{said}");
    ok(&["players", "delete", &f, "2", "--group", "成人组"]);
    assert_eq!(listed(&f, "成人组"), named(&[(1, "甲"), (3, "丙")]));
    assert_eq!(listed(&f, "少年组"), named(&[(1, "丁"), (2, "戊"), (3, "己")]));
}

// R-11.6 (issue 37, item 10): renumbering one group numbers it from 1 and leaves the
// other group's numbers alone.
#[test]
fn renumbering_a_group_numbers_it_from_one() {
    let dir = tempfile::tempdir().unwrap();
    let f = two_groups(dir.path());
    ok(&["players", "delete", &f, "1", "--group", "少年组"]);
    let said = ok(&["players", "renumber", &f, "--group", "少年组", "--by", "name"]);
    assert!(said.contains("→"), "{said}");
    // 戊 wu, 己 ji, 庚 geng: pinyin order geng, ji, wu.
    assert_eq!(listed(&f, "少年组"), named(&[(1, "庚"), (2, "己"), (3, "戊")]));
    assert_eq!(listed(&f, "成人组"), named(&[(1, "甲"), (2, "乙"), (3, "丙")]));
    ok(&["players", "renumber", &f, "--group", "成人组", "--by", "rating"]);
    assert_eq!(listed(&f, "成人组"), named(&[(1, "丙"), (2, "乙"), (3, "甲")]));
    assert_eq!(listed(&f, "少年组"), named(&[(1, "庚"), (2, "己"), (3, "戊")]));
}

// R-11.6 (issue 37, item 10): a group's deleted number is not given to the next
// player of the group; the other group numbers on as before.
#[test]
fn a_groups_deleted_number_is_not_reused_in_it() {
    let dir = tempfile::tempdir().unwrap();
    let f = two_groups(dir.path());
    let said = ok(&["players", "delete", &f, "4", "--group", "少年组"]);
    assert!(said.contains("number 4 will not be given to another player"), "{said}");
    ok(&["players", "delete", &f, "3", "--group", "少年组"]);
    let roster = dir.path().join("more.csv");
    std::fs::write(&roster, "姓名,组别\n辛,少年组\n壬,成人组\n").unwrap();
    ok(&["players", "import", &f, roster.to_str().unwrap(), "--override-reason", "测试"]);
    assert_eq!(listed(&f, "少年组"), named(&[(1, "丁"), (2, "戊"), (5, "辛")]));
    assert_eq!(listed(&f, "成人组"), named(&[(1, "甲"), (2, "乙"), (3, "丙"), (4, "壬")]));
    // Undoing the import (a step per group) and a deletion gives the player back his
    // number.
    for _ in 0..3 {
        ok(&["undo", &f]);
    }
    assert_eq!(listed(&f, "少年组"), named(&[(1, "丁"), (2, "戊"), (3, "己")]));
}

// R-11.6 (issue 37, item 10): the numbering is a command, before round 1 only; per
// event the start numbers show again.
#[test]
fn the_numbering_changes_before_play_only() {
    let dir = tempfile::tempdir().unwrap();
    let f = two_groups(dir.path());
    ok(&["players", "numbering", &f, "per-event"]);
    assert_eq!(listed(&f, "少年组"), named(&[(4, "丁"), (5, "戊"), (6, "己"), (7, "庚")]));
    ok(&["players", "numbering", &f, "per-group"]);
    assert_eq!(listed(&f, "少年组"), named(&[(1, "丁"), (2, "戊"), (3, "己"), (4, "庚")]));
    ok(&["pair", &f, "--group", "少年组", "--seed", "1"]);
    let out = bianpai(&["players", "numbering", &f, "per-event"]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert_eq!(listed(&f, "少年组"), named(&[(1, "丁"), (2, "戊"), (3, "己"), (4, "庚")]));
}

// R-11.6 (issue 37, item 10): a file of the schema before numbering keeps its numbers
// across the event, read as it is and after the upgrade of its first write.
#[test]
fn an_older_file_keeps_its_numbers_across_the_event() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.bianpai");
    let event = presets::build("huaiyin-2022", None, None).unwrap();
    let mut f = EventFile::create(&path, &event).unwrap();
    for (group, names) in [(1, ["甲", "乙"]), (2, ["丙", "丁"])] {
        let entries = names.iter().map(|n| PlayerEntry { name: n.to_string(), ..Default::default() }).collect();
        let add = Command::AddPlayers {
            group: GroupId(group),
            entries,
            override_reason: Some("测试".into()),
            left_out: Vec::new(),
        };
        f.execute(&add).unwrap();
    }
    drop(f);
    crate::common::old_schema::make_it_schema(&path, 11);
    let file = path.to_str().unwrap();
    assert_eq!(listed(file, "少年组"), named(&[(3, "丙"), (4, "丁")]));
    let roster = dir.path().join("more.csv");
    std::fs::write(&roster, "姓名,组别\n戊,少年组\n").unwrap();
    ok(&["players", "import", file, roster.to_str().unwrap(), "--override-reason", "测试"]);
    assert_eq!(listed(file, "少年组"), named(&[(3, "丙"), (4, "丁"), (5, "戊")]));
    let f = EventFile::open(&path).unwrap();
    assert_eq!(f.event().numbering, Numbering::PerEvent);
    assert!(f.event().players.iter().all(|p| p.shown_no.is_none()));
}

// R-11.6 (issue 37, item 10): the exports of a group — CSV, and TRF with its players
// and opponents — number the players as the group shows them.
#[test]
fn exports_number_a_groups_players_as_shown() {
    let dir = tempfile::tempdir().unwrap();
    let f = two_groups(dir.path());
    ok(&["pair", &f, "--group", "少年组", "--seed", "1"]);
    ok(&["result", &f, "--group", "少年组", "--round", "1", "--board", "1", "1-0"]);
    ok(&["result", &f, "--group", "少年组", "--round", "1", "--board", "2", "0-1"]);
    let csv = dir.path().join("y.csv");
    ok(&["export", &f, "csv", "--group", "少年组", "-o", csv.to_str().unwrap()]);
    let text = std::fs::read_to_string(&csv).unwrap();
    // A section line (the group ranks boys and girls apart), the header, the rows.
    let mut lines = text.lines().skip_while(|l| !l.starts_with("Rank,"));
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let no = header.iter().position(|h| *h == "No.").unwrap_or_else(|| panic!("{header:?}"));
    let mut numbers: Vec<u32> = lines.map(|l| l.split(',').nth(no).unwrap().parse().unwrap()).collect();
    numbers.sort();
    assert_eq!(numbers, [1, 2, 3, 4], "{text}");

    let trf = dir.path().join("y.trf");
    ok(&["export", &f, "trf", "--group", "少年组", "-o", trf.to_str().unwrap()]);
    let text = std::fs::read_to_string(&trf).unwrap();
    let players: Vec<&str> = text.lines().filter(|l| l.starts_with("001")).collect();
    let numbers: Vec<u32> = players.iter().map(|l| l[4..8].trim().parse().unwrap()).collect();
    assert_eq!(numbers, [1, 2, 3, 4], "{text}");
    // Each round cell (opponent, colour, result) names the opponent by his number in
    // the group: 1 to 4.
    for line in players {
        let cell: Vec<&str> = line.split_whitespace().rev().take(3).collect();
        let opponent: u32 = cell[2].parse().unwrap_or_else(|_| panic!("{line}"));
        assert!((1..=4).contains(&opponent), "{line}");
    }
}

/// Every number a Chinese text names as a player (`5号`, `3、5号`).
fn players_named(text: &str) -> Vec<u64> {
    let mut found = Vec::new();
    let mut run = String::new();
    let mut list: Vec<u64> = Vec::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            run.push(c);
            continue;
        }
        if !run.is_empty() {
            list.push(run.parse().unwrap());
            run.clear();
        }
        match c {
            '号' => found.append(&mut list),
            '、' => {}
            _ => list.clear(),
        }
    }
    found
}

// R-11.6 (issue 37, item 10): the pairing explanation names players by the numbers of
// the pairing table — the group's own — in text and JSON, byes included.
#[test]
fn the_pairing_explanation_names_the_groups_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let f = two_groups(dir.path());
    ok(&["pair", &f, "--group", "少年组", "--seed", "1"]);
    ok(&["result", &f, "--group", "少年组", "--round", "1", "--board", "1", "1-0"]);
    ok(&["result", &f, "--group", "少年组", "--round", "1", "--board", "2", "0-1"]);
    ok(&["players", "withdraw", &f, "4", "--group", "少年组"]);
    ok(&["pair", &f, "--group", "少年组", "--seed", "2"]);
    let mut named = Vec::new();
    for round in ["1", "2"] {
        let text = ok(&["pairings", &f, "--group", "少年组", "--round", round, "--explain", "--lang", "zh"]);
        named.extend(players_named(&text));
        let value =
            json(&["pairings", &f, "--group", "少年组", "--round", round, "--explain", "--json", "--lang", "zh"]);
        named.extend(players_named(&value.to_string()));
        if round == "2" {
            assert!(text.contains("轮空："), "the bye is explained: {text}");
            assert!(value["byes"][0]["explain"].is_string(), "{value}");
        }
    }
    assert!(!named.is_empty(), "the explanations name players");
    assert!(named.iter().all(|n| (1..=4).contains(n)), "only 少年组's numbers 1–4: {named:?}");
}
