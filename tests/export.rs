//! `bianpai export FILE csv|xlsx|html` (R-9.2, R-7.7; CLI.md): the final ranking read
//! back from CSV (csv crate) and XLSX (calamine) equals `standings --json`; formula-like
//! names stay inert text; the web page escapes every name and shows every round, the
//! standings and the crosstable; a seed-000 knockout exports the final ranking
//! with its prizes.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::rules::Tiebreak;
use bianpai::domain::standings::standings;
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::EventFile;
use calamine::{Data, Reader, Xlsx, open_workbook};
use common::{bianpai, code, json, ok, stderr};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Names that a spreadsheet would evaluate, and one that is markup.
const TRICKY: [&str; 4] = ["=1+1", "@SUM(A1)", "-2", "<b>x</b>"];

/// A private copy of the shared finished event in `dir`: an open event file is held
/// exclusively, so tests running in parallel must not open the same file.
fn swiss_event_in(dir: &tempfile::TempDir) -> PathBuf {
    let copy = dir.path().join("swiss.bianpai");
    std::fs::copy(swiss_event(), &copy).unwrap();
    copy
}

/// A finished 5-round `cxa-swiss` event of 11 players (a bye every round), built once
/// through the command line; tests work on copies (`swiss_event_in`).
fn swiss_event() -> &'static Path {
    static FILE: OnceLock<PathBuf> = OnceLock::new();
    FILE.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("export-swiss");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("swiss.bianpai");
        let f = file.to_str().unwrap();
        ok(&["new", f, "--preset", "cxa-swiss", "--rounds", "5", "--name", "淮阴杯"]);
        let names = ["王天一", "郑惟桐", "谢靖", "蒋川", "许银川", "赵鑫鑫", "孙勇征"];
        let mut roster = String::from("姓名,性别,单位\n");
        for (i, n) in names.iter().chain(TRICKY.iter()).enumerate() {
            let gender = if i % 3 == 2 { "女" } else { "男" };
            roster.push_str(&format!(
                "\"{}\",{gender},{}队\n",
                n.replace('"', "\"\""),
                ["杭州", "北京", "四川"][i % 3]
            ));
        }
        let roster_file = dir.join("roster.csv");
        std::fs::write(&roster_file, roster).unwrap();
        ok(&["players", "import", f, roster_file.to_str().unwrap()]);
        for round in 1..=5u32 {
            ok(&["pair", f, "--seed", &round.to_string()]);
            for b in json(&["pairings", f, "--json"])["boards"].as_array().unwrap() {
                let board = b["board"].as_u64().unwrap();
                // Wins, losses and draws mixed so that tiebreaks decide some places.
                let result = ["1-0", "0-1", "1/2"][((u64::from(round) + board) % 3) as usize];
                ok(&["result", f, "--round", &round.to_string(), "--board", &board.to_string(), result]);
            }
        }
        file
    })
}

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// The tiebreak keys of `standings --json`, in the stage's order.
fn tiebreak_keys(standings: &Value) -> Vec<String> {
    standings["rows"][0]["tiebreaks"].as_object().unwrap().keys().cloned().collect()
}

fn label(key: &str) -> &'static str {
    Tiebreak::from_key(key).unwrap().label_zh()
}

fn column(headers: &[String], name: &str) -> usize {
    headers.iter().position(|h| h == name).unwrap_or_else(|| panic!("no column {name} in {headers:?}"))
}

#[test]
fn xlsx_gives_back_the_standings_with_formula_names_as_text() {
    // the Excel export holds exactly the standings, numbers as numbers.
    let own = tmp();
    let event = swiss_event_in(&own);
    let dir = tmp();
    let f = event.to_str().unwrap();
    let expected = json(&["standings", f, "--json"]);
    let out = dir.path().join("排名.xlsx");
    let said = ok(&["export", f, "xlsx", "--lang", "zh", "-o", out.to_str().unwrap()]);
    assert!(said.contains("排名.xlsx"), "{said}");

    let mut workbook: Xlsx<_> = open_workbook(&out).unwrap();
    assert_eq!(workbook.sheet_names()[0], "最终排名");
    let range = workbook.worksheet_range("最终排名").unwrap();
    let mut rows = range.rows();
    let headers: Vec<String> = rows.next().unwrap().iter().map(|c| c.to_string()).collect();
    let keys = tiebreak_keys(&expected);
    assert_eq!(keys, ["opponents_points", "wins", "fouls", "black_games"], "the cxa-swiss tiebreaks");
    // The tiebreak columns follow the points, in the stage's order.
    let points_col = column(&headers, "积分");
    let labels: Vec<&str> = keys.iter().map(|k| label(k)).collect();
    assert_eq!(headers[points_col + 1..points_col + 1 + keys.len()], labels[..]);

    let number = |cell: &Data| match cell {
        Data::Float(x) => *x,
        Data::Int(n) => *n as f64,
        other => panic!("{other:?} is not a number cell"),
    };
    let want_rows = expected["rows"].as_array().unwrap();
    let got_rows: Vec<&[Data]> = rows.collect();
    assert_eq!(got_rows.len(), want_rows.len(), "one row per player");
    assert_eq!(got_rows.len(), 11);
    for (got, want) in got_rows.iter().zip(want_rows) {
        assert_eq!(number(&got[column(&headers, "名次")]), want["rank"].as_f64().unwrap());
        assert_eq!(number(&got[column(&headers, "编号")]), want["start_no"].as_f64().unwrap());
        // Every name is a string cell, the formula-like ones included.
        assert_eq!(got[column(&headers, "姓名")], Data::String(want["name"].as_str().unwrap().to_string()));
        assert_eq!(number(&got[points_col]), want["points"].as_f64().unwrap());
        for key in &keys {
            let cell = &got[column(&headers, label(key))];
            assert_eq!(number(cell), want["tiebreaks"][key].as_f64().unwrap(), "{key} of {}", want["name"]);
        }
        assert_eq!(number(&got[column(&headers, "执红")]), want["red_games"].as_f64().unwrap());
        assert_eq!(number(&got[column(&headers, "执黑")]), want["black_games"].as_f64().unwrap());
        assert_eq!(got[column(&headers, "状态")], Data::String("在赛".into()));
    }
    let names: Vec<&Data> = got_rows.iter().map(|r| &r[column(&headers, "姓名")]).collect();
    assert!(names.contains(&&Data::String("=1+1".into())), "=1+1 comes back as the text =1+1");
    // No cell of the sheet is a formula.
    let formulas = workbook.worksheet_formula("最终排名").unwrap();
    assert!(formulas.used_cells().all(|(_, _, f)| f.is_empty()), "no formulas in the sheet");
    // The stage has its own sheet with the same order.
    assert_eq!(workbook.sheet_names().len(), 2, "{:?}", workbook.sheet_names());
}

/// Reads a CSV export: checks the BOM, returns the header and the rows.
fn read_csv(path: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let bytes = std::fs::read(path).unwrap();
    assert!(bytes.starts_with(b"\xEF\xBB\xBF"), "UTF-8 with BOM for Excel");
    let mut reader = csv::Reader::from_reader(&bytes[3..]);
    let headers = reader.headers().unwrap().iter().map(str::to_string).collect();
    let rows = reader.records().map(|r| r.unwrap().iter().map(str::to_string).collect()).collect();
    (headers, rows)
}

#[test]
fn csv_gives_back_the_standings_with_formula_names_neutralised() {
    // the CSV export holds the standings; names a spreadsheet would run start with '.
    let own = tmp();
    let event = swiss_event_in(&own);
    let dir = tmp();
    let f = event.to_str().unwrap();
    let expected = json(&["standings", f, "--json"]);
    let out = dir.path().join("ranking.csv");
    ok(&["export", f, "csv", "--lang", "zh", "-o", out.to_str().unwrap()]);
    let (headers, rows) = read_csv(&out);
    let keys = tiebreak_keys(&expected);
    let mut want_headers: Vec<String> = ["名次", "编号", "姓名", "性别", "单位", "积分"].map(String::from).to_vec();
    want_headers.extend(keys.iter().map(|k| label(k).to_string()));
    want_headers.extend(["执红", "执黑", "状态", "奖励", "奖金（元）"].map(String::from));
    assert_eq!(headers, want_headers);
    let want_rows = expected["rows"].as_array().unwrap();
    assert_eq!(rows.len(), want_rows.len());
    for (got, want) in rows.iter().zip(want_rows) {
        let name = want["name"].as_str().unwrap();
        let inert = if name.starts_with(['=', '+', '-', '@']) { format!("'{name}") } else { name.to_string() };
        assert_eq!(got[0], want["rank"].to_string());
        assert_eq!(got[1], want["start_no"].to_string());
        assert_eq!(got[2], inert);
        // Points as the CLI shows them: 7 or 6.5.
        assert_eq!(got[5], want["points"].to_string());
        for (i, key) in keys.iter().enumerate() {
            assert_eq!(got[6 + i], want["tiebreaks"][key].to_string(), "{key} of {name}");
        }
    }
    let names: Vec<&str> = rows.iter().map(|r| r[2].as_str()).collect();
    for inert in ["'=1+1", "'@SUM(A1)", "'-2"] {
        assert!(names.contains(&inert), "{inert} in {names:?}");
    }
    assert!(names.contains(&"王天一") && names.contains(&"<b>x</b>"), "other names untouched");
    assert!(rows.iter().any(|r| r[3] == "女" && r[4] == "四川队"), "gender and club");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file left behind");
}

fn escaped(name: &str) -> String {
    name.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

#[test]
fn html_page_escapes_names_and_shows_rounds_standings_and_crosstable() {
    // a static page per group.
    let own = tmp();
    let event = swiss_event_in(&own);
    let dir = tmp();
    let f = event.to_str().unwrap();
    let expected = json(&["standings", f, "--json"]);
    let out = dir.path().join("index.html");
    ok(&["export", f, "html", "--lang", "zh", "-o", out.to_str().unwrap()]);
    let page = std::fs::read_to_string(&out).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<html lang=\"zh-CN\">") && page.contains("<meta charset=\"utf-8\">"));
    for outside in ["<script", "src=", "href=", "http:", "https:", "@import", "url("] {
        assert!(!page.contains(outside), "self-contained: no {outside}");
    }
    assert!(page.contains("&lt;b&gt;x&lt;/b&gt;") && !page.contains("<b>x</b>"), "the markup name is escaped");
    assert!(page.contains("淮阴杯"));
    for round in 1..=5 {
        assert!(page.contains(&format!("<h3>第{round}轮</h3>")), "round {round} heading");
    }
    assert!(page.contains("第5轮后排名") && page.contains("成绩大表"));
    // The standings rows in rank order: rank, start number, escaped name.
    let from = page.find("第5轮后排名").unwrap();
    let to = page.find("成绩大表").unwrap();
    let section = &page[from..to];
    let mut at = 0;
    for row in expected["rows"].as_array().unwrap() {
        let cells = format!(
            "<tr><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td>",
            row["rank"],
            row["start_no"],
            escaped(row["name"].as_str().unwrap())
        );
        let found = section[at..].find(&cells).unwrap_or_else(|| panic!("standings row {cells} in order"));
        at += found + cells.len();
    }
    // The crosstable: every player's line in rank order, one cell per round
    // (opponent's start number, colour, result, or the bye), then the points.
    let pairings: Vec<Value> = (1..=5).map(|r| json(&["pairings", f, "--round", &r.to_string(), "--json"])).collect();
    let cell = |start_no: &Value, round: &Value| -> String {
        if round["byes"].as_array().unwrap().iter().any(|b| &b["start_no"] == start_no) {
            return "轮空".into();
        }
        let board = round["boards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| &b["red"]["start_no"] == start_no || &b["black"]["start_no"] == start_no);
        let board = board.unwrap();
        let red = &board["red"]["start_no"] == start_no;
        let (opponent, colour) = if red { (&board["black"], "红") } else { (&board["red"], "黑") };
        let result = match (board["result"].as_str().unwrap(), red) {
            ("1/2", _) => "和",
            ("1-0", true) | ("0-1", false) => "胜",
            _ => "负",
        };
        format!("{}{colour}{result}", opponent["start_no"])
    };
    let crosstable = &page[to..];
    let mut at = 0;
    for row in expected["rows"].as_array().unwrap() {
        let mut line = format!(
            "<tr><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td>",
            row["rank"],
            row["start_no"],
            escaped(row["name"].as_str().unwrap())
        );
        for round in &pairings {
            line.push_str(&format!("<td>{}</td>", cell(&row["start_no"], round)));
        }
        line.push_str(&format!("<td class=\"n\">{}</td></tr>", row["points"]));
        let found = crosstable[at..].find(&line).unwrap_or_else(|| panic!("crosstable line {line} in order"));
        at += found + line.len();
    }
    let byes = page.matches("轮空").count();
    assert!(byes >= 10, "the bye of each round, in the pairings and the crosstable: {byes}");
}

#[test]
fn export_refuses_without_a_ranking_and_bad_paths() {
    // CLI.md exit codes: 1 impossible now, 2 bad input; nothing is written on failure.
    let dir = tmp();
    let file = dir.path().join("e.bianpai");
    let f = file.to_str().unwrap();
    ok(&["new", f, "--preset", "cxa-swiss", "--rounds", "5"]);
    let roster = dir.path().join("r.csv");
    std::fs::write(&roster, "姓名\n甲\n乙\n").unwrap();
    ok(&["players", "import", f, roster.to_str().unwrap()]);
    let out = dir.path().join("x.csv");
    let refused = bianpai(&["export", f, "csv", "-o", out.to_str().unwrap()]);
    assert_eq!(code(&refused), 1, "{}", stderr(&refused));
    assert!(stderr(&refused).contains("no round is complete"), "{}", stderr(&refused));
    assert!(!out.exists());
    let missing = dir.path().join("nowhere").join("x.xlsx");
    let bad = bianpai(&["export", f, "xlsx", "-o", missing.to_str().unwrap()]);
    assert_eq!(code(&bad), 2, "{}", stderr(&bad));
    let group = bianpai(&["export", f, "html", "--group", "少年组", "-o", out.to_str().unwrap()]);
    assert_eq!(code(&group), 2, "{}", stderr(&group));
    // A page can be made before any round: the players have no rounds yet.
    let page = dir.path().join("p.html");
    ok(&["export", f, "html", "--lang", "zh", "-o", page.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&page).unwrap().contains("</html>"));
}

const G: GroupId = GroupId(1);

fn record(e: &mut Event, stage: u32, round: RoundNo, board: BoardNo, game: u32, outcome: Outcome) {
    let result = Some(GameResult::plain(outcome));
    apply(e, &Command::RecordResult { group: G, stage: StageNo(stage), round, board, game, result }).unwrap();
}

/// Pairs and plays a round of stage `stage`. Swiss: red wins on odd boards, black on
/// even ones. Knockout: the higher seed (red in game 1) wins game 1, game 2 is drawn.
fn play_round(e: &mut Event, stage: u32, seed: u64) {
    let round = pair_next_round(e, G, StageNo(stage), seed).unwrap();
    let rno = round.no;
    let mut boards: Vec<BoardNo> = round.games.iter().map(|g| g.board).collect();
    boards.dedup();
    let knockout = round.games.iter().any(|g| g.game == 2);
    apply(e, &Command::PairRound { group: G, stage: StageNo(stage), round }).unwrap();
    for b in boards {
        if knockout {
            record(e, stage, rno, b, 1, Outcome::RedWins);
            record(e, stage, rno, b, 2, Outcome::Draw);
        } else {
            let outcome = if b.0 % 2 == 1 { Outcome::RedWins } else { Outcome::BlackWins };
            record(e, stage, rno, b, 1, outcome);
        }
    }
}

#[test]
fn knockout_event_exports_the_final_ranking_with_prizes() {
    // places 1–16 from the knockout, then the Swiss's order; prizes
    // on each row as `prizes --json` gives them.
    let mut e = presets::build("lingting-cup", Some("聆听杯"), Some(2)).unwrap();
    let entries = (1..=24)
        .map(|i| PlayerEntry { name: format!("棋手{i}"), rating: Some(2000 - i), ..Default::default() })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    for r in 1..=2 {
        play_round(&mut e, 1, r);
    }
    apply(&mut e, &Command::AdvanceStage { group: G, stage: StageNo(1), nominees: vec![] }).unwrap();
    for r in 1..=7 {
        play_round(&mut e, 2, 100 + r);
    }
    let swiss: Vec<StartNo> = standings(&e, G, StageNo(2), 7).unwrap().rows.iter().map(|r| r.start_no).collect();
    apply(&mut e, &Command::AdvanceStage { group: G, stage: StageNo(2), nominees: vec![] }).unwrap();
    for _ in 1..=4 {
        play_round(&mut e, 3, 1);
    }
    assert!(pair_next_round(&e, G, StageNo(3), 1).is_err(), "the knockout is over");
    let dir = tmp();
    let file = dir.path().join("lt.bianpai");
    EventFile::create(&file, &e).unwrap();
    let f = file.to_str().unwrap();

    let out = dir.path().join("final.csv");
    ok(&["export", f, "csv", "--lang", "zh", "-o", out.to_str().unwrap()]);
    let (headers, rows) = read_csv(&out);
    assert_eq!(rows.len(), 24, "all 24 players of the video Swiss");
    let places = json(&["standings", f, "--json"]);
    let knockout: Vec<String> = places["rows"].as_array().unwrap().iter().map(|r| r["start_no"].to_string()).collect();
    let mut want: Vec<String> = knockout.clone();
    want.extend(swiss.iter().map(|p| p.0.to_string()).filter(|p| !knockout.contains(p)));
    let got: Vec<String> = rows.iter().map(|r| r[column(&headers, "编号")].clone()).collect();
    assert_eq!(got, want, "R-6.7: knockout places 1–16, then the Swiss's ranks 17–24");
    let ranks: Vec<String> = rows.iter().map(|r| r[0].clone()).collect();
    assert_eq!(ranks, (1..=24).map(|r: u32| r.to_string()).collect::<Vec<_>>());
    let stage = column(&headers, "阶段");
    assert_ne!(rows[0][stage], rows[23][stage], "each row names the stage that decided it");

    let (prize_col, cash_col) = (column(&headers, "奖励"), column(&headers, "奖金（元）"));
    assert!(rows[0][prize_col].starts_with("第1名 500元；指定酒×2；冠军奖杯"), "{}", rows[0][prize_col]);
    assert_eq!(rows[0][cash_col], "500"); // Issue 39 item 6: yuan
    let prizes = json(&["prizes", f, "--json"]);
    let awards = prizes["awards"].as_array().unwrap();
    let mut cash_total = 0;
    for row in &rows {
        let start_no = &row[column(&headers, "编号")];
        // Issue 39 item 6: yuan (5.2 is 520 fen).
        let cash = fen_of_yuan(&row[cash_col]);
        cash_total += cash;
        match awards.iter().find(|a| &a["start_no"].to_string() == start_no) {
            Some(award) => {
                let items = award["items"].as_array().unwrap();
                let want_cash: i64 = items.iter().filter_map(|i| i["amount_fen"].as_i64()).sum();
                assert_eq!(cash, want_cash, "cash of {start_no}");
                for item in items {
                    let label = item["label"].as_str().unwrap();
                    assert!(row[prize_col].contains(label), "{label} for {start_no}: {}", row[prize_col]);
                }
            }
            None => assert!(row[prize_col].is_empty() && cash == 0, "no prize for {start_no}"),
        }
    }
    assert_eq!(cash_total, prizes["totals"]["cash_fen"].as_i64().unwrap(), "R-7.7 cash total");

    // The workbook: the final ranking, then a sheet per stage.
    let xlsx = dir.path().join("final.xlsx");
    ok(&["export", f, "xlsx", "--lang", "zh", "-o", xlsx.to_str().unwrap()]);
    let mut workbook: Xlsx<_> = open_workbook(&xlsx).unwrap();
    assert_eq!(workbook.sheet_names().len(), 4, "{:?}", workbook.sheet_names());
    let range = workbook.worksheet_range("最终排名").unwrap();
    let first = range.rows().nth(1).unwrap();
    assert_eq!(first[cash_col], Data::Float(500.0));
    assert!(first[prize_col].to_string().starts_with("第1名 500元"));

    // The page: the final ranking with prizes, and the knockout's games numbered.
    let html = dir.path().join("final.html");
    ok(&["export", f, "html", "--lang", "zh", "-o", html.to_str().unwrap()]);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("<td>第1名 500元；指定酒×2；冠军奖杯"), "prizes on the page");
    assert!(page.contains("<th>局</th>"), "knockout games are numbered");
    assert_eq!(page.matches("<section id=\"stage-").count(), 3, "every stage");
}

/// Fen from a yuan text: `500` → 50000, `5.2` → 520, `123.45` → 12345.
fn fen_of_yuan(text: &str) -> i64 {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().unwrap() };
    let frac: i64 = format!("{frac:0<2}").parse().unwrap();
    whole * 100 + frac
}

#[test]
fn english_headers_on_request() {
    // Chinese by default, English available.
    let mut e = presets::build("cxa-swiss", None, Some(3)).unwrap();
    let entries = ["甲", "乙", "丙", "丁"].map(|n| PlayerEntry { name: n.into(), ..Default::default() }).to_vec();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    play_round(&mut e, 1, 7);
    let csv_bytes = |lang| bianpai::io::export::csv::final_ranking(&e, G, lang).unwrap();
    let header = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap().lines().next().unwrap().to_string();
    let en = header(csv_bytes(bianpai::io::export::Language::En));
    assert_eq!(
        en,
        "\u{feff}Rank,No.,Name,Gender,Club,Points,Opp. pts,Wins,Fouls,As black,Red,Black,Status,Prizes,Prize (yuan)"
    );
    let zh = header(csv_bytes(bianpai::io::export::Language::default()));
    assert!(zh.starts_with("\u{feff}名次,编号,姓名"), "{zh}");
    let page = bianpai::io::export::html::page(&e, G, bianpai::io::export::Language::En).unwrap();
    assert!(page.contains("<html lang=\"en\">") && page.contains("<h3>Round 1</h3>"));
}
