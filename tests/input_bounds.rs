//! Issue 22, item 2: every input bounded. An oversized cell in a CSV or XLSX roster is
//! refused naming its line and column, and nothing is imported; a rating beyond 3500 is
//! refused; control characters never reach the event (a name with `\x1b[2J` or a line
//! break is cleaned), and a TRF export has one `001` line per player even for a name
//! stored with a line break by an older version; a payment beyond any real one is
//! refused, so ledger totals cannot overflow.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::ids::GroupId;
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::store::EventFile;
use common::{bianpai, bianpai_in};
use std::path::Path;

fn new_event(dir: &Path) -> String {
    let path = dir.join("e.bianpai");
    let out = bianpai(&["new", path.to_str().unwrap(), "--preset", "cxa-swiss", "--rounds", "5"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    path.to_str().unwrap().to_string()
}

fn players_listed(file: &str) -> usize {
    let out = bianpai(&["players", "list", file, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["players"].as_array().map_or(0, Vec::len)
}

// Item 2: a 5,000-character club in a CSV roster: refused with its line and column.
#[test]
fn an_oversized_csv_cell_is_refused_naming_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let file = new_event(dir.path());
    let roster = dir.path().join("r.csv");
    let club = "长".repeat(5000);
    std::fs::write(&roster, format!("姓名,单位\n甲,一中\n乙,{club}\n")).unwrap();
    let out = bianpai_in("zh", &["players", "import", &file, roster.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("第 3 行") && err.contains("单位") && err.contains("5000"), "{err}");
    assert_eq!(players_listed(&file), 0, "nothing imported");
}

// Item 2: the same in an XLSX roster, and a rating beyond 3500.
#[test]
fn an_oversized_xlsx_cell_and_an_impossible_rating_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = new_event(dir.path());
    let roster = dir.path().join("r.xlsx");
    let mut workbook = rust_xlsxwriter::Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.write_string(0, 0, "姓名").unwrap();
    sheet.write_string(0, 1, "等级分").unwrap();
    sheet.write_string(1, 0, "名".repeat(1000)).unwrap();
    sheet.write_number(1, 1, 1800).unwrap();
    sheet.write_string(2, 0, "乙").unwrap();
    sheet.write_number(2, 1, 90000).unwrap();
    workbook.save(&roster).unwrap();
    let out = bianpai_in("en", &["players", "import", &file, roster.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2") && err.contains("1000 characters"), "{err}");
    assert!(err.contains("line 3") && err.contains("90000"), "{err}");
    assert_eq!(players_listed(&file), 0);
}

// Item 2: control characters are cleaned out of names, clubs and notes.
#[test]
fn control_characters_never_reach_the_event() {
    let mut e = presets::build("cxa-swiss", None, Some(3)).unwrap();
    let entry = PlayerEntry { name: "\u{1b}[2J李\n四\u{7}".into(), club: "一\t中".into(), ..Default::default() };
    apply(
        &mut e,
        &Command::AddPlayers { group: GroupId(1), entries: vec![entry], override_reason: None, left_out: Vec::new() },
    )
    .unwrap();
    let p = &e.players[0];
    assert_eq!((p.entry.name.as_str(), p.entry.club.as_str()), ("[2J李 四", "一 中"));
    // A name beyond the limit is refused.
    let long = PlayerEntry { name: "x".repeat(201), ..Default::default() };
    assert!(
        apply(
            &mut e,
            &Command::AddPlayers {
                group: GroupId(1),
                entries: vec![long],
                override_reason: None,
                left_out: Vec::new()
            }
        )
        .is_err()
    );
}

// Item 2: a name stored with a line break (by an older version) does not forge a TRF
// player line.
#[test]
fn a_trf_export_has_one_player_line_per_player() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.bianpai");
    let mut e = presets::build("cxa-swiss", None, Some(3)).unwrap();
    let entries = (1..=3).map(|i| PlayerEntry { name: format!("P{i}"), ..Default::default() }).collect();
    apply(&mut e, &Command::AddPlayers { group: GroupId(1), entries, override_reason: None, left_out: Vec::new() })
        .unwrap();
    e.players[1].entry.name = "Evil\n001    9 m     Forged".into();
    drop(EventFile::create(&path, &e).unwrap());
    let out_path = dir.path().join("out.trf");
    let out = bianpai(&["export", path.to_str().unwrap(), "trf", "-o", out_path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&out_path).unwrap();
    assert_eq!(text.lines().filter(|l| l.starts_with("001")).count(), 3, "{text}");
}

// Item 2: two payments near the largest integer made the fee total negative; a
// payment beyond 100,000,000 元 is refused in words.
#[test]
fn a_payment_beyond_any_real_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = new_event(dir.path());
    let roster = dir.path().join("r.csv");
    std::fs::write(&roster, "姓名\n甲\n").unwrap();
    assert!(bianpai(&["players", "import", &file, roster.to_str().unwrap()]).status.success());
    let out = bianpai_in("zh", &["pay", &file, "1", "fee", "92233720368547758.07"]);
    assert_ne!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("金额不能超过"), "{err}");
    let out = bianpai(&["pay", &file, "1", "fee", "100"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
