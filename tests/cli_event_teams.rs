//! `bianpai teams event-ranking`: the clubs ranked across the event's groups,
//! set with `--set off|all|best-N|best-N-per-group` and `--groups`, shown as a table or
//! as JSON; values worked out by hand in `common::clubs`.

use crate::common;

use bianpai::store::EventFile;
use common::clubs::three_groups;
use common::{bianpai, code, json, ok, stderr};
use serde_json::json;
use std::path::{Path, PathBuf};

fn event_file(dir: &Path) -> PathBuf {
    let file = dir.join("clubs.bianpai");
    drop(EventFile::create(&file, &three_groups()).unwrap());
    file
}

// `--set best-1-per-group --json`: 甲 3 + 1 + 4, 乙 1 + 0 + 6 (对手分 15), 丙 4 + 3
// + 0 (对手分 12); each counted member with his group and points.
#[test]
fn event_ranking_json_per_group() {
    let dir = tempfile::tempdir().unwrap();
    let file = event_file(dir.path());
    let f = file.to_str().unwrap();
    let v = json(&["teams", "event-ranking", f, "--set", "best-1-per-group", "--json"]);
    assert_eq!(v["mode"], "best_per_group");
    assert_eq!(v["count"], 1);
    let after: Vec<(String, u64)> = v["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["group"].as_str().unwrap().to_string(), g["after_round"].as_u64().unwrap()))
        .collect();
    assert_eq!(after, [("成人组".into(), 2), ("少年组".into(), 2), ("儿童组".into(), 2)]);
    let rows = v["rows"].as_array().unwrap();
    let brief: Vec<(u64, &str, f64, f64, u64, bool)> = rows
        .iter()
        .map(|r| {
            let tb = &r["tiebreaks"];
            (
                r["rank"].as_u64().unwrap(),
                r["club"].as_str().unwrap(),
                r["points"].as_f64().unwrap(),
                tb["opponents_points"].as_f64().unwrap(),
                tb["best_rank"].as_u64().unwrap(),
                r["complete"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(brief, [(1, "甲", 8.0, 9.0, 2, true), (2, "乙", 7.0, 15.0, 1, true), (3, "丙", 7.0, 12.0, 1, true)]);
    let counted: Vec<(u64, &str, f64)> = rows[0]["counted"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["start_no"].as_u64().unwrap(), m["group"].as_str().unwrap(), m["points"].as_f64().unwrap()))
        .collect();
    assert_eq!(counted, [(12, "儿童组", 4.0), (4, "成人组", 3.0), (7, "少年组", 1.0)]);
    assert_eq!(rows[0]["tiebreaks"]["fouls"], 0);

    // Read again without --set: the file kept the setting; best 2 overall then ranks
    // the three clubs, level on 7, by 对手分 and best rank.
    let v = json(&["teams", "event-ranking", f, "--json"]);
    assert_eq!(v["mode"], "best_per_group");
    let v = json(&["teams", "event-ranking", f, "--set", "best-2", "--json"]);
    assert_eq!((v["mode"].clone(), v["count"].clone()), (json!("best_overall"), json!(2)));
    let clubs: Vec<&str> = v["rows"].as_array().unwrap().iter().map(|r| r["club"].as_str().unwrap()).collect();
    assert_eq!(clubs, ["乙", "丙", "甲"]);
    // Every member, two groups only.
    let v = json(&["teams", "event-ranking", f, "--set", "all", "--groups", "youth,儿童组", "--json"]);
    assert_eq!((v["mode"].clone(), v["count"].clone()), (json!("all"), json!(null)));
    let totals: Vec<(&str, f64)> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["club"].as_str().unwrap(), r["points"].as_f64().unwrap()))
        .collect();
    // 乙 6 + 0, 甲 1 + 4, 丙 3 + 0.
    assert_eq!(totals, [("乙", 6.0), ("甲", 5.0), ("丙", 3.0)]);
}

// the table in Chinese; off is said and refused for reading (exit 1); a bad
// --set or group is bad input (exit 2).
#[test]
fn event_ranking_table_off_and_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let file = event_file(dir.path());
    let f = file.to_str().unwrap();
    let off = bianpai(&["teams", "event-ranking", f]);
    assert_eq!(code(&off), 1, "{}", stderr(&off));
    assert!(stderr(&off).contains("--set"), "{}", stderr(&off));

    let out = ok(&["teams", "event-ranking", f, "--set", "best-4", "--lang", "zh"]);
    assert!(out.contains("全赛事团体：各单位计每个个人赛组别的总成绩前4名"), "{out}");
    assert!(out.contains("成绩：成人组第2轮后、少年组第2轮后、儿童组第2轮后"), "{out}");
    assert!(out.contains("名次  单位  积分"), "{out}");
    let line = |club: &str| out.lines().find(|l| l.contains(&format!(" {club} "))).unwrap_or_default().to_string();
    // 乙 has four ranked members and ranks first; 甲 (disqualified 5) is short.
    assert!(line("乙").trim_start().starts_with('1'), "{out}");
    assert!(line("乙").contains("9 C9（儿童组 6）"), "{out}");
    assert!(line("甲").trim_start().starts_with('2') && line("甲").contains("人数不足"), "{out}");

    let turned_off = ok(&["teams", "event-ranking", f, "--set", "off", "--lang", "en"]);
    assert_eq!(turned_off, "team ranking across the event turned off\n");
    let v = json(&["teams", "event-ranking", f, "--set", "off", "--json"]);
    assert_eq!(v["mode"], "off");

    for args in [
        vec!["--set", "best-0"],
        vec!["--set", "top-3"],
        vec!["--set", "all", "--groups", "青年组"],
        vec!["--groups", "成人组"],
    ] {
        let mut all = vec!["teams", "event-ranking", f];
        all.extend(&args);
        let bad = bianpai(&all);
        assert_eq!(code(&bad), 2, "{args:?}: {}", stderr(&bad));
    }
}
