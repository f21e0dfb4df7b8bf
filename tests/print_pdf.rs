//! The PDFs of issue 7, read back with lopdf:
//! golden text of a pairing sheet and of standings for a Chinese event built through
//! the command line, every name and label coming back (no `.notdef`), a small file
//! (the font is subset), and `bianpai print` for all six documents.
//! `UPDATE_GOLDEN=1 cargo test --test print_pdf` rewrites `tests/golden/print/`;
//! `BIANPAI_PDF_DIR=DIR` also keeps the PDFs there for a look.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Event, KnockoutRules, Official, StageKind};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::print::{self, Document, Lang, Report};
use bianpai::store::EventFile;
use common::{bianpai, code, ok, stderr};
use std::path::{Path, PathBuf};

/// Twenty adults with Chinese names (some outside GB2312: 喆 堃 赟 昇 玥 珺 祎 彧) and clubs.
const ROSTER: &str = "姓名,性别,出生日期,单位,电话
王天一,男,1988-02-11,杭州队,13900000001
郑惟桐,男,1994-09-20,四川队,13900000002
赵鑫鑫,男,1988-06-07,浙江队,13900000003
许银川,男,1975-08-14,广东队,13900000004
洪智,男,1980-01-02,湖北队,13900000005
蒋川,男,1983-10-10,北京队,13900000006
王喆,男,1990-03-03,淮阴棋院,13900000007
李堃,男,1991-04-04,淮阴棋院,13900000008
陈赟,男,1992-05-05,上海队,13900000009
刘昇,男,1993-06-06,江苏队,13900000010
唐丹,女,1990-07-07,北京队,13900000011
王琳娜,女,1988-08-08,河北队,13900000012
张玥,女,1995-09-09,淮安队,13900000013
周珺,女,1996-10-10,淮安队,13900000014
林祎,女,1997-11-11,厦门队,13900000015
吴彧,男,1998-12-12,厦门队,13900000016
孙勇征,男,1979-01-13,上海队,13900000017
谢靖,男,1983-02-14,上海队,13900000018
汪洋,男,1986-03-15,湖北队,13900000019
黄竹风,男,1985-04-16,浙江队,13900000020
";

/// The huaiyin-2022 adult group through the CLI: 20 players, round 1 paired (seed 7)
/// and played (every result kind), round 2 paired with one result.
fn build_event(dir: &Path) -> PathBuf {
    let file = dir.join("huaiyin.bianpai");
    let f = file.to_str().unwrap();
    ok(&["new", f, "--preset", "huaiyin-2022"]);
    let roster = dir.join("roster.csv");
    std::fs::write(&roster, ROSTER).unwrap();
    ok(&["players", "import", f, roster.to_str().unwrap(), "--group", "adult"]);
    ok(&["pair", f, "--group", "adult", "--seed", "7"]);
    let results = ["1-0", "0-1", "1/2", "1-0", "+-", "0-1", "1-0", "1/2", "0-1", "1-0"];
    for (board, result) in results.iter().enumerate() {
        let board = (board + 1).to_string();
        ok(&["result", f, "--group", "adult", "--round", "1", "--board", &board, "--", result]);
    }
    ok(&["pair", f, "--group", "adult", "--seed", "7"]);
    ok(&["result", f, "--group", "adult", "--round", "2", "--board", "1", "1/2"]);
    file
}

/// The event of [`build_event`] with officials and video boards ([`event_with_officials`]),
/// built once for the tests that only read it.
fn shared_event() -> &'static Event {
    static EVENT: std::sync::OnceLock<Event> = std::sync::OnceLock::new();
    EVENT.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        event_with_officials(&build_event(dir.path()))
    })
}

/// The event in the file, with officials added and the top three boards of
/// round 2 under video watch, which the presets only do in rounds 6 and 7.
fn event_with_officials(file: &Path) -> Event {
    let mut e = EventFile::open(file).unwrap().event().clone();
    let officials = vec![
        Official { role: "裁判长".into(), name: "韩松龄".into() },
        Official { role: "编排长".into(), name: "罗乐珺".into() },
    ];
    let info = Command::SetEventInfo { name: e.name.clone(), start_date: e.start_date, officials };
    apply(&mut e, &info).unwrap();
    let stage = &mut e.groups[0].stages[0];
    stage.schedule.iter_mut().find(|s| s.round == RoundNo(2)).unwrap().monitored_boards = 3;
    e
}

/// Every string of the report is in the PDF's text, and nothing printed as `?` or U+FFFD.
fn assert_all_strings_present(report: &Report, text: &str) {
    assert!(!text.contains('\u{FFFD}'), "replacement character in:\n{text}");
    let flat = text.replace('\n', " | ");
    for s in report.strings() {
        // Long strings may wrap across lines; compare their words.
        for piece in s.split(' ').filter(|p| !p.is_empty()) {
            assert!(flat.contains(piece), "'{piece}' (from '{s}') missing from the PDF text:\n{text}");
        }
    }
}

// the pairing sheet shows event, group, stage, round, time,
// time control, each board's players with club and points before the round, the result
// column, the video-watched boards and the officials.
#[test]
fn pairing_sheet_text_is_golden_and_complete() {
    let e = shared_event();
    let printed = print::pairings::PAIRING_SHEET.print(e, GroupId(1), Some(RoundNo(2)), Lang::Zh).unwrap();
    assert!(printed.bytes.starts_with(b"%PDF"));
    assert_eq!(printed.pages, 1);
    common::pdf::keep("pairings.pdf", &printed.bytes);
    let text = common::pdf::all_text(&printed.bytes);
    common::pdf::golden("pairings_round2.txt", &(text.clone() + "\n"));
    assert!(text.contains("2022-12-02 20:00"), "R-8.2 start time: {text}");
    assert!(text.contains("每方25分钟包干，超时判负"), "R-8.1 time control: {text}");
    assert!(text.contains("1 ★") && text.contains("3 ★") && !text.contains("4 ★"), "R-8.4 boards 1-3 marked: {text}");
    assert!(text.contains("裁判长：韩松龄") && text.contains("编排长：罗乐珺"), "R-1.5 officials: {text}");
    assert!(text.contains("第 1 页 / 共 1 页"), "page numbers: {text}");
    let report = print::pairings::report(e, GroupId(1), Some(RoundNo(2)), Lang::Zh).unwrap();
    assert_all_strings_present(&report, &text);
    // Board 1's result is known, the others are blank: one "1/2" cell only.
    assert_eq!(text.matches("1/2").count(), 1, "{text}");
}

// standings after round 1 with the stage's tiebreak columns in its order.
#[test]
fn standings_text_is_golden_and_complete() {
    let e = shared_event();
    let printed = print::standings::STANDINGS.print(e, GroupId(1), Some(RoundNo(1)), Lang::Zh).unwrap();
    common::pdf::keep("standings.pdf", &printed.bytes);
    let text = common::pdf::all_text(&printed.bytes);
    common::pdf::golden("standings_after_round1.txt", &(text.clone() + "\n"));
    let header = text.lines().find(|l| l.starts_with("名次")).unwrap();
    assert_eq!(header, "名次 | 编号 | 姓名 | 单位 | 积分 | 对手分 | 胜局 | 犯规 | 后手局 | 后手胜局 | 红 | 黑 | 状态");
    let report = print::standings::report(e, GroupId(1), Some(RoundNo(1)), Lang::Zh).unwrap();
    assert_all_strings_present(&report, &text);
}

// the English sheet uses English labels and still prints the Chinese names.
#[test]
fn english_pairing_sheet_keeps_chinese_names() {
    let e = shared_event();
    let printed = print::pairings::PAIRING_SHEET.print(e, GroupId(1), Some(RoundNo(1)), Lang::En).unwrap();
    common::pdf::keep("pairings_en.pdf", &printed.bytes);
    let text = common::pdf::all_text(&printed.bytes);
    assert!(text.contains("Board | No. | Red | Club | Pts | Result"), "{text}");
    assert!(text.contains("Page 1 of 1"), "{text}");
    let report = print::pairings::report(e, GroupId(1), Some(RoundNo(1)), Lang::En).unwrap();
    assert_all_strings_present(&report, &text);
}

// the font is subset per document, so a 20-name sheet is small (the font is 7.6 MB).
#[test]
fn a_twenty_name_sheet_is_small() {
    let e = shared_event();
    for bytes in [
        print::pairings::PAIRING_SHEET.bytes(e, GroupId(1), None, Lang::Zh).unwrap(),
        print::standings::STANDINGS.bytes(e, GroupId(1), None, Lang::Zh).unwrap(),
        print::crosstable::CROSSTABLE.bytes(e, GroupId(1), None, Lang::Zh).unwrap(),
    ] {
        assert!(bytes.len() < 300_000, "{} bytes", bytes.len());
    }
}

// the crosstable has a column per round with opponent, colour and result, and
// the prize list's totals; slips carry both players of every board.
#[test]
fn crosstable_slips_and_prizes_carry_their_content() {
    let e = shared_event();
    let cross = print::crosstable::report(e, GroupId(1), Some(RoundNo(1)), Lang::Zh).unwrap();
    let bytes = print::crosstable::CROSSTABLE.print(e, GroupId(1), Some(RoundNo(1)), Lang::Zh).unwrap().bytes;
    common::pdf::keep("crosstable.pdf", &bytes);
    let text = common::pdf::all_text(&bytes);
    assert_all_strings_present(&cross, &text);
    // Every row's round-1 cell is "<opponent's place><红|黑><胜|和|负>[*]".
    for row in &cross.sections[0].rows {
        let cell = &row[3];
        assert!(cell.contains('红') || cell.contains('黑'), "{cell}");
        assert!(["胜", "和", "负"].iter().any(|w| cell.contains(w)), "{cell}");
    }
    // The forfeit of round 1 board 5 is starred on both sides.
    assert_eq!(cross.sections[0].rows.iter().filter(|r| r[3].ends_with('*')).count(), 2);

    let slips = print::slips::slips(e, GroupId(1), Some(RoundNo(2)), Lang::Zh).unwrap();
    assert_eq!(slips.len(), 10);
    let printed = print::slips::RESULT_SLIPS.print(e, GroupId(1), Some(RoundNo(2)), Lang::Zh).unwrap();
    assert_eq!(printed.pages, 3, "four slips a page");
    common::pdf::keep("slips.pdf", &printed.bytes);
    let text = common::pdf::all_text(&printed.bytes);
    for slip in &slips {
        let heading = format!("{} | {}", slip.event, slip.board);
        assert!(text.lines().any(|l| l == heading), "'{heading}' missing:\n{text}");
        for s in slip.strings() {
            assert!(text.contains(&s), "'{s}' missing:\n{text}");
        }
    }
    for label in ["红胜", "和棋", "黑胜", "红方签名", "黑方签名", "裁判签名"] {
        assert_eq!(text.matches(label).count(), 10, "{label} on every slip");
    }

    let prizes = print::prizes::report(e, GroupId(1), Lang::Zh).unwrap();
    let bytes = print::prizes::PRIZE_LIST.print(e, GroupId(1), None, Lang::Zh).unwrap().bytes;
    common::pdf::keep("prizes.pdf", &bytes);
    let text = common::pdf::all_text(&bytes);
    assert_all_strings_present(&prizes, &text);
    assert!(text.contains("奖金合计："), "{text}");
}

/// A 4-player knockout (stage 1) with round 1 played: seeds 1 and 4 level after two
/// games (a playoff appears), seeds 2 and 3 decided.
fn knockout_event() -> Event {
    let mut e = presets::build("cxa-swiss", Some("淘汰赛测试"), Some(3)).unwrap();
    let stage = &mut e.groups[0].stages[0];
    stage.kind = StageKind::Knockout;
    stage.knockout = Some(KnockoutRules::lingting());
    let entries = ["王天一", "郑惟桐", "王喆", "李堃"]
        .iter()
        .map(|n| PlayerEntry { name: n.to_string(), club: "淮阴棋院".into(), ..Default::default() })
        .collect();
    let (g, s) = (GroupId(1), StageNo(1));
    apply(&mut e, &Command::AddPlayers { group: g, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let round = pair_next_round(&e, g, s, 1).unwrap();
    apply(&mut e, &Command::PairRound { group: g, stage: s, round }).unwrap();
    let play = |e: &mut Event, board: u32, game: u32, outcome: Outcome| {
        let result = Some(GameResult::plain(outcome));
        let command =
            Command::RecordResult { group: g, stage: s, round: RoundNo(1), board: BoardNo(board), game, result };
        apply(e, &command).unwrap();
    };
    play(&mut e, 1, 1, Outcome::RedWins);
    play(&mut e, 1, 2, Outcome::RedWins);
    play(&mut e, 2, 1, Outcome::RedWins);
    play(&mut e, 2, 2, Outcome::Draw);
    e
}

// the bracket shows each match's score, games and winner, and a level match's playoff.
#[test]
fn bracket_shows_scores_and_winners() {
    let e = knockout_event();
    let report = print::bracket::report(&e, GroupId(1), Lang::Zh).unwrap();
    let bytes = print::bracket::BRACKET.print(&e, GroupId(1), None, Lang::Zh).unwrap().bytes;
    common::pdf::keep("bracket.pdf", &bytes);
    let text = common::pdf::all_text(&bytes);
    assert_all_strings_present(&report, &text);
    let rows = &report.sections[0].rows;
    assert_eq!(rows[0][3], "2 : 2", "one win each: level");
    assert_eq!(rows[0][7], "加赛");
    assert_eq!(rows[1][3], "3 : 1");
    assert_eq!(rows[1][7], rows[1][2], "the first-named player won");
}

/// Runs `bianpai print` and returns the written bytes.
fn print_cli(f: &str, what: &str, extra: &[&str], out: &Path) -> Vec<u8> {
    let mut args = vec!["print", f, what, "--lang", "zh"];
    args.extend_from_slice(extra);
    args.extend(["-o", out.to_str().unwrap()]);
    let stdout = ok(&args);
    assert!(stdout.contains(out.to_str().unwrap()) && stdout.contains("页"), "{stdout}");
    std::fs::read(out).unwrap()
}

// CLI.md `bianpai print`: all six documents, exit 0, a PDF; bad rounds exit 2 naming the round.
#[test]
fn print_command_writes_every_document() {
    let dir = tempfile::tempdir().unwrap();
    let file = build_event(dir.path());
    let f = file.to_str().unwrap();
    for what in ["pairings", "slips", "standings", "crosstable", "prizes"] {
        let out = dir.path().join(format!("{what}.pdf"));
        let bytes = print_cli(f, what, &["--group", "adult"], &out);
        assert!(bytes.starts_with(b"%PDF"), "{what}");
    }
    let out = dir.path().join("round1.pdf");
    let text = common::pdf::all_text(&print_cli(f, "pairings", &["--group", "成人组", "--round", "1"], &out));
    assert!(text.contains("第1轮 对阵表"), "{text}");

    // Bracket: a knockout event saved to a file.
    let ko = dir.path().join("ko.bianpai");
    drop(EventFile::create(&ko, &knockout_event()).unwrap());
    let out = dir.path().join("bracket.pdf");
    assert!(print_cli(ko.to_str().unwrap(), "bracket", &[], &out).starts_with(b"%PDF"));

    // Bad input: a round never paired → exit 2, the round named, nothing written.
    let out = dir.path().join("bad.pdf");
    let o = out.to_str().unwrap();
    let bad = bianpai(&["print", f, "pairings", "--group", "adult", "--round", "9", "-o", o]);
    assert_eq!(code(&bad), 2, "{}", stderr(&bad));
    assert!(stderr(&bad).contains("round 9"), "{}", stderr(&bad));
    assert!(!out.exists());
    let bad = bianpai(&["print", f, "standings", "--group", "adult", "--round", "9", "-o", o]);
    assert_eq!(code(&bad), 2, "{}", stderr(&bad));
    assert!(stderr(&bad).contains("round 9"), "{}", stderr(&bad));
    // Impossible: no knockout in this event → exit 1.
    let bad = bianpai(&["print", f, "bracket", "--group", "adult", "-o", o]);
    assert_eq!(code(&bad), 1, "{}", stderr(&bad));
    assert!(stderr(&bad).contains("knockout"), "{}", stderr(&bad));
    // Impossible: nothing paired yet in the youth group → exit 1.
    let bad = bianpai(&["print", f, "pairings", "--group", "youth", "-o", o]);
    assert_eq!(code(&bad), 1, "{}", stderr(&bad));
    assert!(!out.exists());
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "no temporary files left behind");
}

// a long table breaks across pages with its header row on every page, and every
// page is numbered "第 N 页 / 共 M 页".
#[test]
fn long_tables_repeat_their_header_on_every_page() {
    use bianpai::print::Section;
    use bianpai::print::layout::{Align, Column, Orientation};
    let report = Report {
        link: None,
        orientation: Orientation::Portrait,
        title: "测试赛".into(),
        subtitle: "长表".into(),
        details: Vec::new(),
        sections: vec![Section {
            caption: None,
            columns: vec![Column::new("台次", 1.0, Align::Right), Column::new("姓名", 3.0, Align::Left)],
            rows: (1..=150).map(|i| vec![i.to_string(), format!("棋手{i}")]).collect(),
        }],
        notes: vec!["完".into()],
    };
    let printed = report.render(Lang::Zh).unwrap();
    let pages = common::pdf::pages_text(&printed.bytes);
    assert_eq!(pages.len(), printed.pages);
    assert!(pages.len() >= 3, "{} pages", pages.len());
    for (i, page) in pages.iter().enumerate() {
        assert!(page.iter().any(|l| l == "台次 | 姓名"), "header on page {}", i + 1);
        let footer = format!("第 {} 页 / 共 {} 页", i + 1, pages.len());
        assert!(page.last().unwrap().ends_with(&footer), "{:?}", page.last());
    }
    // Every row printed once, in order.
    let rows: Vec<&String> = pages.iter().flatten().filter(|l| l.contains(" | 棋手")).collect();
    assert_eq!(rows.len(), 150);
    assert_eq!(rows[0], "1 | 棋手1");
    assert_eq!(rows[149], "150 | 棋手150");
}

// a group that ranks boys and girls separately prints one table each,
// and a withdrawn player keeps their row with the status printed.
#[test]
fn standings_print_gender_sections_and_status() {
    use bianpai::domain::player::{Gender, PlayerStatus};
    let mut e = presets::build("huaiyin-2022", None, None).unwrap();
    let (g, s) = (GroupId(2), StageNo(1));
    let names = ["张子涵", "李玥", "王昇", "周珺", "陈彧", "林祎"];
    let entries = names
        .iter()
        .enumerate()
        .map(|(i, n)| PlayerEntry {
            name: n.to_string(),
            gender: Some(if i % 2 == 0 { Gender::Male } else { Gender::Female }),
            born: Some(jiff::civil::date(2008, 1, 1 + i as i8)),
            club: "淮阴棋院".into(),
            phone: format!("1380000000{i}"),
            ..Default::default()
        })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: g, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let round = pair_next_round(&e, g, s, 3).unwrap();
    let boards: Vec<BoardNo> = round.games.iter().map(|gm| gm.board).collect();
    apply(&mut e, &Command::PairRound { group: g, stage: s, round }).unwrap();
    for board in boards {
        let result = Some(GameResult::plain(Outcome::RedWins));
        apply(&mut e, &Command::RecordResult { group: g, stage: s, round: RoundNo(1), board, game: 1, result })
            .unwrap();
    }
    let withdrawn = e.players.iter().find(|p| p.entry.name == "王昇").unwrap().start_no;
    let status =
        Command::SetPlayerStatus { start_no: withdrawn, status: PlayerStatus::Withdrawn, reason: "病".into() };
    apply(&mut e, &status).unwrap();
    let report = print::standings::report(&e, g, None, Lang::Zh).unwrap();
    let captions: Vec<_> = report.sections.iter().map(|s| s.caption.clone().unwrap_or_default()).collect();
    assert_eq!(captions, ["男子", "女子"]);
    assert!(report.sections.iter().all(|s| s.rows.len() == 3 && s.rows[0][0] == "1"), "ranks restart per section");
    let row = report.sections[0].rows.iter().find(|r| r[2] == "王昇").unwrap();
    assert_eq!(row.last().unwrap(), "退赛");
    let bytes = print::standings::STANDINGS.print(&e, g, None, Lang::Zh).unwrap().bytes;
    common::pdf::keep("standings_youth.pdf", &bytes);
    let text = common::pdf::all_text(&bytes);
    assert_all_strings_present(&report, &text);
}

// Issue 7: a 1,500-board pairing sheet (3,000 players) stays under 1 MB — the font is
// subset, not embedded whole (its speed is `benches/print.rs`).
#[test]
fn a_1500_board_sheet_is_under_one_megabyte() {
    const G: GroupId = GroupId(1);
    const S: StageNo = StageNo(1);
    let mut e = presets::build("cxa-swiss", None, Some(7)).unwrap();
    let surnames = ["王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙"];
    let given = ["天一", "惟桐", "喆", "堃", "赟", "昇", "玥", "珺", "祎", "彧", "少华", "建国"];
    let entries = (0..3000usize)
        .map(|i| PlayerEntry {
            name: format!("{}{}", surnames[i % surnames.len()], given[(i / 12) % given.len()]),
            club: format!("第{}棋社", i % 97),
            ..Default::default()
        })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    // Round 1 seated by hand (1 v 1501 …): the sheet, not the engine, is under test.
    let games = (1..=1500u32)
        .map(|b| bianpai::domain::event::Game {
            board: BoardNo(b),
            game: 1,
            red: bianpai::domain::ids::StartNo(b),
            black: bianpai::domain::ids::StartNo(b + 1500),
            result: None,
        })
        .collect();
    let round = bianpai::domain::event::Round {
        no: RoundNo(1),
        seed: None,
        games,
        byes: vec![],
        warnings: vec![],
        watches: vec![],
        teams: None,
    };
    apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
    let printed = print::pairings::PAIRING_SHEET.print(&e, G, Some(RoundNo(1)), Lang::Zh).unwrap();
    assert!(printed.pages >= 30, "{} pages", printed.pages);
    assert!(printed.bytes.len() < 1_000_000, "{} bytes", printed.bytes.len());
    let text = common::pdf::all_text(&printed.bytes);
    assert!(text.contains("王天一") && text.contains("第96棋社"), "names and clubs come back from the PDF");
}

// issue 7: the check-in list carries every player with the fee status and the
// check-in mark, and every string comes back from the PDF.
#[test]
fn check_in_list_shows_fees_and_marks() {
    let mut e = presets::build("huaiyin-2022", None, None).unwrap();
    let adult = e.find_group("成人组").unwrap().id;
    let entries = ["喆堃", "赟昇"]
        .iter()
        .map(|n| PlayerEntry {
            name: n.to_string(),
            born: Some(jiff::civil::date(1990, 1, 1)),
            phone: "13800000000".into(),
            ..Default::default()
        })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: adult, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let first = e.players[0].start_no;
    apply(&mut e, &Command::SetCheckedIn { start_no: first, checked_in: true }).unwrap();
    let fee = Command::RecordLedgerEntry {
        start_no: first,
        kind: bianpai::domain::ledger::LedgerKind::FeePaid,
        amount_fen: 500,
        round: None,
        note: String::new(),
    };
    apply(&mut e, &fee).unwrap();
    let report = print::checkin::report(&e, adult, Lang::Zh).unwrap();
    let rows = &report.sections[0].rows;
    assert_eq!((rows[0][4].as_str(), rows[0][5].as_str()), ("已缴", "√"));
    assert_eq!((rows[1][4].as_str(), rows[1][5].as_str()), ("欠 5元", ""));
    assert!(report.notes.contains(&"已签到 1 / 2".to_string()));
    let printed = print::checkin::CHECK_IN_LIST.print(&e, adult, None, Lang::Zh).unwrap();
    assert_all_strings_present(&report, &common::pdf::all_text(&printed.bytes));
}

// R-9.1 (issue 19 item 6): a video stage's pairing sheet has the columns 对局时间
// and 挂盘手 with each board's agreed game time and watching official (a knockout
// match's on its first game); other stages' sheets have neither.
#[test]
fn a_video_stages_pairing_sheet_shows_game_times_and_watchers() {
    let mut e = knockout_event();
    let (g, s) = (GroupId(1), StageNo(1));
    let plain = print::pairings::report(&e, g, Some(RoundNo(1)), Lang::Zh).unwrap();
    assert!(!plain.sections[0].columns.iter().any(|c| c.title == "挂盘手"), "not a video stage");
    let officials = vec![Official { role: "挂盘裁判".into(), name: "韩松龄".into() }];
    let info = Command::SetEventInfo { name: e.name.clone(), start_date: None, officials };
    apply(&mut e, &info).unwrap();
    apply(&mut e, &Command::SetStageVideo { group: g, stage: s, video: true }).unwrap();
    let time = bianpai::domain::watch::GameTime::parse("2025-06-01 19:30");
    let watch = Command::SetBoardWatch {
        group: g,
        stage: s,
        round: RoundNo(1),
        board: BoardNo(2),
        time,
        watcher: Some("韩松龄".into()),
    };
    apply(&mut e, &watch).unwrap();
    let report = print::pairings::report(&e, g, Some(RoundNo(1)), Lang::Zh).unwrap();
    let printed = print::pairings::PAIRING_SHEET.print(&e, g, Some(RoundNo(1)), Lang::Zh).unwrap();
    common::pdf::keep("pairings_video.pdf", &printed.bytes);
    let text = common::pdf::all_text(&printed.bytes);
    assert_all_strings_present(&report, &text);
    assert!(text.contains("对局时间") && text.contains("挂盘手"), "{text}");
    assert!(text.contains("2025-06-01 19:30") && text.contains("韩松龄"), "{text}");
    let rows = &report.sections[0].rows;
    let board_2: Vec<&Vec<String>> = rows.iter().filter(|r| r[0] == "2").collect();
    assert_eq!(board_2[0][board_2[0].len() - 1], "韩松龄", "on the match's first game");
    assert_eq!(board_2[1][board_2[1].len() - 1], "", "not repeated on game 2");
}
