//! Team standings in the exports (R-10.7; CLI.md `bianpai export`): `teams-csv` writes
//! them alone, the workbook has a 团体名次 sheet after the final ranking, the web page a
//! team standings section with the team crosstable — each read back and compared with
//! values worked out by hand; a group without teams is refused in words. The clubs
//! ranked across the event's groups go in the workbook and the page of a group
//! they count, and alone in `event-teams-csv`.

use crate::common;

use bianpai::domain::model::team::TeamId;
use bianpai::domain::result::Outcome;
use bianpai::store::EventFile;
use calamine::{Data, Reader, Xlsx, open_workbook};
use common::teams::{pair_and_play, team_event};
use common::{bianpai, code, ok, stderr};
use std::path::{Path, PathBuf};

/// Four teams 队1 … 队4 of three players, two boards a match, one round played: in
/// match 1 red wins both boards (each side wins its red board: 2 : 2), in match 2
/// board 1 is drawn and black wins board 2 (the home team's black board: 3 : 1).
/// Returns the event file and the teams as (home 1, away 1, home 2, away 2).
fn event_file(dir: &Path) -> (PathBuf, [String; 4]) {
    let mut e = team_event(4, 3, 2, 3);
    pair_and_play(&mut e, 1, |m, b| match (m, b) {
        (1, _) => Outcome::RedWins,
        (_, 1) => Outcome::Draw,
        _ => Outcome::BlackWins,
    });
    let g = &e.groups[0];
    let matches = &g.stages[0].rounds[0].teams.as_ref().unwrap().matches;
    let name = |t: TeamId| g.team(t).unwrap().name.clone();
    let teams = [name(matches[0].home), name(matches[0].away), name(matches[1].home), name(matches[1].away)];
    let file = dir.join("teams.bianpai");
    drop(EventFile::create(&file, &e).unwrap());
    (file, teams)
}

/// The team standings by hand, in rank order (columns of the `cxa-team` stage: 名次,
/// 队名, 单位, 场分, 局分, 直胜, 对手场分, 台次分, 胜局, 犯规, 胜/和/负). Match 2's home
/// team won (场分 2, 局分 1+2 = 3, 台次分 1×2 + 2×1 = 4); match 1 was drawn 2 : 2 and
/// its home team won board 1 (台次分 2×2 = 4) against the away team's board 2 (2×1 = 2),
/// so it ranks second after 直胜 (1 : 1 between them) and 对手场分 (1 each) are level.
fn expected(teams: &[String; 4]) -> Vec<Vec<String>> {
    let [h1, a1, h2, a2] = teams;
    let rows = [
        ["1", h2, "", "2", "3", "0", "0", "4", "1", "0", "1/0/0"],
        ["2", h1, "", "1", "2", "1", "1", "4", "1", "0", "0/1/0"],
        ["3", a1, "", "1", "2", "1", "1", "2", "1", "0", "0/1/0"],
        ["4", a2, "", "0", "1", "0", "2", "2", "0", "0", "0/0/1"],
    ];
    rows.iter().map(|r| r.iter().map(|c| c.to_string()).collect()).collect()
}

const HEADERS: [&str; 11] =
    ["名次", "队名", "单位", "场分", "局分", "直胜", "对手场分", "台次分", "胜局", "犯规", "胜/和/负"];

// R-10.7: `export FILE teams-csv` is the team standings alone, one row per team.
#[test]
fn teams_csv_holds_the_team_standings() {
    let dir = tempfile::tempdir().unwrap();
    let (file, teams) = event_file(dir.path());
    let out = dir.path().join("teams.csv");
    ok(&["export", file.to_str().unwrap(), "teams-csv", "--lang", "zh", "-o", out.to_str().unwrap()]);
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with(b"\xEF\xBB\xBF"), "a BOM for Excel");
    let mut reader = csv::Reader::from_reader(&bytes[3..]);
    let headers: Vec<String> = reader.headers().unwrap().iter().map(str::to_string).collect();
    assert_eq!(headers, HEADERS);
    let rows: Vec<Vec<String>> = reader.records().map(|r| r.unwrap().iter().map(str::to_string).collect()).collect();
    assert_eq!(rows, expected(&teams));

    // English headings on request.
    ok(&["export", file.to_str().unwrap(), "teams-csv", "--lang", "en", "-o", out.to_str().unwrap()]);
    let text = String::from_utf8(std::fs::read(&out).unwrap()).unwrap();
    assert!(text.contains("Rank,Team,Club,Match pts,Game pts,Head-to-head,Opp. match pts,Board pts"), "{text}");
}

/// A cell as text: whole numbers without a decimal point.
fn cell_text(cell: &Data) -> String {
    match cell {
        Data::Float(f) if f.fract() == 0.0 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::Int(i) => i.to_string(),
        Data::String(s) => s.clone(),
        Data::Empty => String::new(),
        other => format!("{other:?}"),
    }
}

// the workbook's second sheet is 团体名次, numbers as number cells.
#[test]
fn xlsx_has_a_team_standings_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let (file, teams) = event_file(dir.path());
    let out = dir.path().join("result.xlsx");
    ok(&["export", file.to_str().unwrap(), "xlsx", "--lang", "zh", "-o", out.to_str().unwrap()]);
    let mut book: Xlsx<_> = open_workbook(&out).unwrap();
    let names = book.sheet_names();
    assert_eq!(names[..2], ["最终排名".to_string(), "团体名次".to_string()], "{names:?}");
    let range = book.worksheet_range("团体名次").unwrap();
    let rows: Vec<Vec<String>> = range.rows().map(|r| r.iter().map(cell_text).collect()).collect();
    assert_eq!(rows[0], HEADERS);
    assert_eq!(rows[1..], expected(&teams)[..]);
    assert!(matches!(range.get((1, 3)), Some(Data::Float(_))), "场分 is a number cell");
    assert!(matches!(range.get((1, 10)), Some(Data::String(_))), "胜/和/负 is text");
}

// the web page has a team standings section and the team crosstable.
#[test]
fn html_has_the_team_standings_and_crosstable() {
    let dir = tempfile::tempdir().unwrap();
    let (file, teams) = event_file(dir.path());
    let out = dir.path().join("result.html");
    ok(&["export", file.to_str().unwrap(), "html", "--lang", "zh", "-o", out.to_str().unwrap()]);
    let page = std::fs::read_to_string(&out).unwrap();
    let section = &page[page.find("<section id=\"teams\">").expect("a team section")..];
    let section = &section[..section.find("</section>").unwrap()];
    assert!(section.contains("<h2>团体名次</h2>") && section.contains("第1轮后团体名次"), "{section}");
    for row in expected(&teams) {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if i == 1 || i == 2 || i == 10 { format!("<td>{c}</td>") } else { format!("<td class=\"n\">{c}</td>") }
            })
            .collect();
        assert!(section.contains(&cells.concat()), "{} missing:\n{section}", cells.concat());
    }
    assert!(section.contains("<h3>团体交叉表</h3>"), "{section}");
    assert_eq!(section.matches("<td>2:2</td>").count(), 2, "{section}");
    assert_eq!(section.matches("<td>3:1</td>").count(), 1, "{section}");
    assert_eq!(section.matches("<td>1:3</td>").count(), 1, "{section}");
    // After the final ranking, before the stages.
    let final_at = page.find("<section id=\"final\">").unwrap();
    assert!(final_at < page.find("<section id=\"teams\">").unwrap());
}

// team standings of a group without teams are refused in words (exit 1).
#[test]
fn teams_csv_without_teams_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solo.bianpai");
    ok(&["new", file.to_str().unwrap(), "--preset", "cxa-swiss", "--rounds", "3"]);
    let out = dir.path().join("teams.csv");
    let bad = bianpai(&["export", file.to_str().unwrap(), "teams-csv", "-o", out.to_str().unwrap()]);
    assert_eq!(code(&bad), 1, "{}", stderr(&bad));
    assert!(stderr(&bad).contains("has no teams"), "{}", stderr(&bad));
    assert!(!out.exists());
}

/// `common::clubs`' event with the clubs ranked across groups, the best member of each
/// group counting.
fn clubs_file(dir: &Path) -> PathBuf {
    use bianpai::domain::command::Command;
    use bianpai::domain::model::team::{EventTeamCount, EventTeamRanking};
    let file = dir.join("clubs.bianpai");
    let mut f = EventFile::create(&file, &common::clubs::three_groups()).unwrap();
    let ranking = Some(EventTeamRanking { groups: None, count: EventTeamCount::BestPerGroup(1) });
    f.execute(&Command::SetEventTeamRanking { ranking }).unwrap();
    file
}

/// The ranking by hand (`common::clubs`): 甲 3 + 1 + 4, 乙 1 + 0 + 6 (对手分 15), 丙 4 +
/// 3 + 0 (对手分 12).
const EVENT_TEAMS: [[&str; 7]; 3] = [
    ["1", "甲", "8", "12 C12（儿童组 4）、4 C4（成人组 3）、7 C7（少年组 1）", "9", "2", "0"],
    ["2", "乙", "7", "9 C9（儿童组 6）、3 C3（成人组 1）、6 C6（少年组 0）", "15", "1", "0"],
    ["3", "丙", "7", "1 C1（成人组 4）、8 C8（少年组 3）、10 C10（儿童组 0）", "12", "1", "0"],
];
const EVENT_TEAM_HEADERS: [&str; 7] = ["名次", "单位", "积分", "计分队员", "对手分", "最好名次", "犯规"];

// the workbook of a counted group has a 全赛事团体 sheet, numbers as number cells;
// `event-teams-csv` writes the ranking alone without --group; off, it is refused (exit 1).
#[test]
fn the_event_team_ranking_is_exported() {
    let dir = tempfile::tempdir().unwrap();
    let file = clubs_file(dir.path());
    let f = file.to_str().unwrap();
    let out = dir.path().join("adult.xlsx");
    ok(&["export", f, "xlsx", "--group", "adult", "--lang", "zh", "-o", out.to_str().unwrap()]);
    let mut book: Xlsx<_> = open_workbook(&out).unwrap();
    assert!(book.sheet_names().contains(&"全赛事团体".to_string()), "{:?}", book.sheet_names());
    let range = book.worksheet_range("全赛事团体").unwrap();
    let rows: Vec<Vec<String>> = range.rows().map(|r| r.iter().map(cell_text).collect()).collect();
    assert_eq!(rows[0], EVENT_TEAM_HEADERS);
    assert_eq!(rows[1..], EVENT_TEAMS.map(|r| r.map(str::to_string).to_vec()));
    assert!(matches!(range.get((1, 2)), Some(Data::Float(_))), "积分 is a number cell");

    let csv_out = dir.path().join("event.csv");
    ok(&["export", f, "event-teams-csv", "--lang", "zh", "-o", csv_out.to_str().unwrap()]);
    let bytes = std::fs::read(&csv_out).unwrap();
    let mut reader = csv::Reader::from_reader(&bytes[3..]);
    assert_eq!(reader.headers().unwrap().iter().collect::<Vec<_>>(), EVENT_TEAM_HEADERS);
    let rows: Vec<Vec<String>> = reader.records().map(|r| r.unwrap().iter().map(str::to_string).collect()).collect();
    assert_eq!(rows, EVENT_TEAMS.map(|r| r.map(str::to_string).to_vec()));

    let page = dir.path().join("adult.html");
    ok(&["export", f, "html", "--group", "adult", "--lang", "zh", "-o", page.to_str().unwrap()]);
    let page = std::fs::read_to_string(&page).unwrap();
    let section = &page[page.find("<section id=\"event-teams\">").expect("a section")..];
    assert!(section.contains("<h2>全赛事团体</h2>"), "{section}");
    assert!(section.contains("<td>12 C12（儿童组 4）、4 C4（成人组 3）、7 C7（少年组 1）</td>"), "{section}");

    // Turned off: the workbook has no such sheet and the CSV is refused in words.
    ok(&["teams", "event-ranking", f, "--set", "off"]);
    ok(&["export", f, "xlsx", "--group", "adult", "-o", out.to_str().unwrap()]);
    let book: Xlsx<_> = open_workbook(&out).unwrap();
    assert!(!book.sheet_names().iter().any(|n| n == "Event teams" || n == "全赛事团体"));
    let bad = bianpai(&["export", f, "event-teams-csv", "-o", csv_out.to_str().unwrap()]);
    assert_eq!(code(&bad), 1, "{}", stderr(&bad));
    assert!(stderr(&bad).contains("is off"), "{}", stderr(&bad));
}
