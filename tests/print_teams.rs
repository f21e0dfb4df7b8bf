//! The team PDFs of, read back with lopdf: golden text of a team pairing sheet
//! and of the match score cards of a small team event (the home team red on odd
//! boards, a board a short line-up leaves empty, a team bye, both captains' signature
//! lines), team standings in Chinese and English, the team crosstable and the board
//! prizes, and `bianpai print` of a team round.
//! `UPDATE_GOLDEN=1 cargo test --test print_teams` rewrites `tests/golden/print/team_*`;
//! `BIANPAI_PDF_DIR=DIR` also keeps the PDFs there for a look.

use crate::common;

use bianpai::domain::command::{Command, TeamCommand, apply};
use bianpai::domain::event::{Event, Official};
use bianpai::domain::ids::{RoundNo, StartNo};
use bianpai::domain::result::Outcome;
use bianpai::domain::swiss::pair_next_round;
use bianpai::print::{self, Document, Lang};
use bianpai::store::EventFile;
use common::teams::{G, S, pair_and_play, team_event};
use common::ui::PLAYER_NAMES;
use common::{bianpai, code, ok, stderr};
use std::path::Path;

/// Five teams of a `cxa-team` event of 4 boards, players named from
/// [`PLAYER_NAMES`]: 杭州队 (1–4, captain 王天一), 北京队 (5–8, captain 许银川),
/// 上海队 (9–12), 广东队 (13–16, captain 孙勇征) and 淮阴队 (17–19: its board 4
/// stays empty). Round 1 paired with seed 5 and played: red wins every board but
/// board 2 of each match, drawn. Round 2 paired (seed 6), nothing played.
fn event() -> Event {
    let mut e = team_event(5, 4, 4, 3);
    e.name = "淮阴团体赛".into();
    for (p, name) in e.players.iter_mut().zip(PLAYER_NAMES) {
        p.entry.name = name.into();
    }
    let names = ["杭州队", "北京队", "上海队", "广东队", "淮阴队"];
    let captains = [Some(StartNo(1)), Some(StartNo(6)), None, Some(StartNo(16)), None];
    for (i, (name, captain)) in names.iter().zip(captains).enumerate() {
        let mut team = e.groups[0].teams[i].clone();
        team.name = name.to_string();
        team.captain = captain;
        if i == 4 {
            team.members.truncate(3);
        }
        apply(&mut e, &Command::Team { group: G, change: TeamCommand::Edit { team } }).unwrap();
    }
    let officials = vec![Official { role: "裁判长".into(), name: "韩松龄".into() }];
    let info = Command::SetEventInfo { name: e.name.clone(), start_date: e.start_date, officials };
    apply(&mut e, &info).unwrap();
    pair_and_play(&mut e, 5, |_, b| if b == 2 { Outcome::Draw } else { Outcome::RedWins });
    let round = pair_next_round(&e, G, S, 6).unwrap();
    apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
    e
}

/// The event of [`event`], built once.
fn shared() -> &'static Event {
    static EVENT: std::sync::OnceLock<Event> = std::sync::OnceLock::new();
    EVENT.get_or_init(event)
}

/// Every string of the report is in the PDF's text, nothing printed as U+FFFD.
fn assert_all_strings_present(strings: &[String], text: &str) {
    assert!(!text.contains('\u{FFFD}') && !text.contains('?'), "replacement character in:\n{text}");
    let flat = text.replace('\n', " | ");
    for s in strings {
        for piece in s.split(' ').filter(|p| !p.is_empty()) {
            assert!(flat.contains(piece), "'{piece}' (from '{s}') missing from the PDF text:\n{text}");
        }
    }
}

/// The rows of a page's text that begin with a board number: "1 | 1 | 王天一 | …".
fn board_lines(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| l.split(" | ").map(str::to_string).collect::<Vec<_>>())
        .filter(|cells| cells.len() >= 4 && cells[0].parse::<u32>().is_ok())
        .collect()
}

// one block per match with its boards — the home team red on odd
// boards, black on even ones — results and the match's 局分, the team bye, the officials.
#[test]
fn team_pairing_sheet_is_golden_and_complete() {
    let e = shared();
    let printed = print::team_pairings::TEAM_PAIRING_SHEET.print(e, G, Some(RoundNo(1)), Lang::Zh).unwrap();
    assert_eq!(printed.pages, 1);
    common::pdf::keep("team_pairings.pdf", &printed.bytes);
    let text = common::pdf::all_text(&printed.bytes);
    common::pdf::golden("team_pairings_round1.txt", &(text.clone() + "\n"));
    assert!(text.contains("第1轮 团体对阵表"), "{text}");
    assert!(text.contains("第1场　杭州队（主）　—　北京队（客）　局分 5 : 3"), "{text}");
    assert!(text.contains("第2场　上海队（主）　—　广东队（客）　局分 5 : 3"), "{text}");
    assert!(text.contains("轮空：淮阴队") && text.contains("裁判长：韩松龄"), "{text}");
    // Red's team (column 4) is the home team on boards 1 and 3, the away team on 2 and 4.
    let rows = board_lines(&text);
    assert_eq!(rows.len(), 8, "{text}");
    for (i, row) in rows.iter().enumerate() {
        let (home, away) = if i < 4 { ("杭州队", "北京队") } else { ("上海队", "广东队") };
        let board: u32 = row[0].parse().unwrap();
        let (red, black) = if board % 2 == 1 { (home, away) } else { (away, home) };
        assert_eq!((row[3].as_str(), row[6].as_str()), (red, black), "board {board}: {row:?}");
    }
    let report = print::team_pairings::report(e, G, Some(RoundNo(1)), Lang::Zh).unwrap();
    assert_all_strings_present(&report.strings(), &text);
}

// the sheet of a round not yet played shows the empty board of a short line-up
// as a forfeit and no match score; in English, with the Chinese names.
#[test]
fn english_team_sheet_of_an_unplayed_round() {
    let e = shared();
    let printed = print::team_pairings::TEAM_PAIRING_SHEET.print(e, G, None, Lang::En).unwrap();
    let text = common::pdf::all_text(&printed.bytes);
    assert!(text.contains("round 2 team pairings"), "{text}");
    assert!(text.contains("Match 1　淮阴队 (home)　—　杭州队 (away)\n"), "{text}");
    assert!(text.contains("Board | No. | Red | Team | Result | Black | Team | No."), "{text}");
    // 淮阴队 fields three players: board 4 (home black) is won by 杭州队's red player.
    assert!(text.contains("4 | 4 | 蒋川 | 杭州队 | +- | (none) | 淮阴队"), "{text}");
    assert!(text.contains("Bye: 广东队"), "{text}");
    let report = print::team_pairings::report(e, G, None, Lang::En).unwrap();
    assert_all_strings_present(&report.strings(), &text);
}

// one score card per match, two to a page: both teams, the home team's colour on
// each board, result boxes, the 局分 and 场分 lines, both captains' signature lines with
// the names of the captains named, and the arbiter's.
#[test]
fn score_cards_are_golden_with_both_captains() {
    let e = shared();
    let cards = print::score_cards::cards(e, G, Some(RoundNo(2)), Lang::Zh).unwrap();
    assert_eq!(cards.len(), 2);
    let printed = print::score_cards::SCORE_CARDS.print(e, G, Some(RoundNo(2)), Lang::Zh).unwrap();
    assert_eq!(printed.pages, 1, "two cards to a page");
    common::pdf::keep("score_cards.pdf", &printed.bytes);
    let text = common::pdf::all_text(&printed.bytes);
    common::pdf::golden("team_score_cards_round2.txt", &(text.clone() + "\n"));
    for card in &cards {
        assert_all_strings_present(&card.strings(), &text);
    }
    assert_eq!(text.matches("主队队长：").count(), 2, "{text}");
    assert_eq!(text.matches("客队队长：").count(), 2, "{text}");
    assert_eq!(text.matches("裁判：").count(), 2, "{text}");
    assert!(text.contains("主队队长： | 客队队长：王天一 | 裁判："), "{text}");
    assert!(text.contains("主队队长：许银川 | 客队队长： | 裁判："), "{text}");
    // The home team's colour: red on odd boards.
    let colours: Vec<String> = board_lines(&text).into_iter().map(|r| r[2].clone()).collect();
    assert_eq!(colours, ["红", "黑", "红", "黑", "红", "黑", "红", "黑"], "{text}");
    // Unplayed: blanks to fill in; the empty board 4 already scored 0 : 2.
    assert!(text.contains("4 | （空缺） | 黑 | 4 蒋川 | 0 | 2"), "{text}");
    assert_eq!(text.matches("局分合计　主队 ________　客队 ________").count(), 2, "{text}");
}

// a played round's cards carry each board's 局分 and both totals.
#[test]
fn played_score_cards_carry_the_totals() {
    let e = shared();
    for lang in [Lang::Zh, Lang::En] {
        let text =
            common::pdf::all_text(&print::score_cards::SCORE_CARDS.print(e, G, Some(RoundNo(1)), lang).unwrap().bytes);
        let (game, matchp) = match lang {
            Lang::Zh => ("局分合计　主队 5　客队 3", "场分　主队 2　客队 0"),
            Lang::En => ("Game points  home 5  away 3", "Match points  home 2  away 0"),
        };
        assert_eq!(text.matches(game).count(), 2, "{text}");
        assert_eq!(text.matches(matchp).count(), 2, "{text}");
        let card = print::score_cards::cards(e, G, Some(RoundNo(1)), lang).unwrap();
        assert_eq!(card[0].rows[1], ["2", "2 郑惟桐", lang.t("黑", "Black"), "6 许银川", "1", "1"]);
        assert!(text.contains(lang.t("主队队长：王天一", "Home captain: 王天一")), "{text}");
    }
}

// team standings after round 1, checked by hand — the bye scores the
// match and 4 boards × 2; home 5 : 3 away in both matches; 台次分 weighs board b of 4
// by 5 − b — with the stage's order of tiebreaks, in Chinese and English.
#[test]
fn team_standings_in_both_languages() {
    let e = shared();
    let zh = common::pdf::all_text(&print::team_standings::TEAM_STANDINGS.print(e, G, None, Lang::Zh).unwrap().bytes);
    common::pdf::golden("team_standings_round1.txt", &(zh.clone() + "\n"));
    assert!(zh.contains("团体组 · 团体赛 · 第1轮后 团体名次"), "{zh}");
    assert!(zh.contains("排名依据：场分、局分、直胜、对手场分、台次分、胜局、犯规"), "{zh}");
    let rows = [
        "1 | 淮阴队 | 2 | 8 | 0 | 0 | 20 | 4 | 0 | 1/0/0",
        "2 | 杭州队 | 2 | 5 | 0 | 0 | 15 | 2 | 0 | 1/0/0",
        "2 | 上海队 | 2 | 5 | 0 | 0 | 15 | 2 | 0 | 1/0/0",
        "4 | 北京队 | 0 | 3 | 0 | 2 | 5 | 1 | 0 | 0/0/1",
        "4 | 广东队 | 0 | 3 | 0 | 2 | 5 | 1 | 0 | 0/0/1",
    ];
    for row in rows {
        assert!(zh.lines().any(|l| l == row), "'{row}' missing:\n{zh}");
    }
    let en = common::pdf::all_text(&print::team_standings::TEAM_STANDINGS.print(e, G, None, Lang::En).unwrap().bytes);
    assert!(en.contains("team standings after round 1"), "{en}");
    assert!(en.contains("Ranked by Match pts, Game pts, Head-to-head, Opp. match pts, Board pts"), "{en}");
    assert!(en.contains("Page 1 of 1") && !en.contains("名次"), "{en}");
    for row in rows {
        assert!(en.lines().any(|l| l == row), "'{row}' missing:\n{en}");
    }
    let report = print::team_standings::report(e, G, None, Lang::En).unwrap();
    assert_all_strings_present(&report.strings(), &en);
}

// the team crosstable (row team's 局分 first) and the board prizes.
#[test]
fn team_crosstable_and_board_prizes() {
    let e = shared();
    let report = print::team_standings::crosstable_report(e, G, Lang::Zh).unwrap();
    let text =
        common::pdf::all_text(&print::team_standings::TEAM_CROSSTABLE.print(e, G, None, Lang::Zh).unwrap().bytes);
    assert_all_strings_present(&report.strings(), &text);
    assert_eq!(text.matches("5:3").count(), 2, "{text}");
    assert_eq!(text.matches("3:5").count(), 2, "{text}");
    let report = print::board_prizes::report(e, G, Lang::Zh).unwrap();
    let text = common::pdf::all_text(&print::board_prizes::BOARD_PRIZES.print(e, G, None, Lang::Zh).unwrap().bytes);
    assert_all_strings_present(&report.strings(), &text);
    assert!(text.contains("第1台\n名次 | 编号 | 姓名 | 队名 | 局数 | 得分 | 得分率"), "{text}");
    assert!(text.contains("1 | 1 | 王天一 | 杭州队 | 1 | 2 | 100.0%"), "{text}");
    assert!(text.contains("1 | 2 | 郑惟桐 | 杭州队 | 1 | 1 | 50.0%"), "{text}");
}

/// Runs `bianpai print` in Chinese and returns the text of the written PDF.
fn print_cli(f: &str, what: &str, extra: &[&str], out: &Path) -> String {
    let mut args = vec!["print", f, what, "--lang", "zh"];
    args.extend_from_slice(extra);
    args.extend(["-o", out.to_str().unwrap()]);
    let stdout = ok(&args);
    assert!(stdout.contains(out.to_str().unwrap()), "{stdout}");
    common::pdf::all_text(&std::fs::read(out).unwrap())
}

// CLI.md `bianpai print`: `pairings` and `slips` of a team round are the team
// sheet and the score cards; the team documents by name; refusals for a group without
// teams.
#[test]
fn print_command_prints_the_team_documents() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("team.bianpai");
    drop(EventFile::create(&file, shared()).unwrap());
    let f = file.to_str().unwrap();
    let out = |name: &str| dir.path().join(name);
    assert!(print_cli(f, "pairings", &[], &out("p.pdf")).contains("第2轮 团体对阵表"));
    assert!(print_cli(f, "pairings", &["--round", "1"], &out("p1.pdf")).contains("局分 5 : 3"));
    assert!(print_cli(f, "team-pairings", &[], &out("tp.pdf")).contains("团体对阵表"));
    for what in ["slips", "scorecards"] {
        let text = print_cli(f, what, &[], &out(&format!("{what}.pdf")));
        assert_eq!(text.matches("对阵记录单　第").count(), 2, "{what}: {text}");
    }
    assert!(print_cli(f, "team-standings", &[], &out("ts.pdf")).contains("第1轮后 团体名次"));
    assert!(print_cli(f, "team-standings", &["--round", "0"], &out("ts0.pdf")).contains("第0轮后 团体名次"));
    assert!(print_cli(f, "team-crosstable", &[], &out("tc.pdf")).contains("团体交叉表"));
    assert!(print_cli(f, "board-prizes", &[], &out("bp.pdf")).contains("台次奖"));

    // A group without teams: impossible (exit 1), said in words, nothing written.
    let solo = dir.path().join("solo.bianpai");
    ok(&["new", solo.to_str().unwrap(), "--preset", "cxa-swiss", "--rounds", "3"]);
    let o = out("bad.pdf");
    for (what, words) in [("team-standings", "has no teams"), ("team-crosstable", "not a team stage")] {
        let bad = bianpai(&["print", solo.to_str().unwrap(), what, "-o", o.to_str().unwrap()]);
        assert_eq!(code(&bad), 1, "{}", stderr(&bad));
        assert!(stderr(&bad).contains(words), "{}", stderr(&bad));
    }
    assert!(!o.exists());
}

// CLI.md `bianpai print`: `event-teams` prints the clubs ranked across the
// event's groups (no --group needed, the event has three), every string of the report
// in the PDF; while the ranking is off it is refused in words (exit 1).
#[test]
fn print_command_prints_the_event_team_ranking() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("clubs.bianpai");
    drop(EventFile::create(&file, &common::clubs::three_groups()).unwrap());
    let f = file.to_str().unwrap();
    let o = dir.path().join("event.pdf");
    let bad = bianpai(&["print", f, "event-teams", "-o", o.to_str().unwrap()]);
    assert_eq!(code(&bad), 1, "{}", stderr(&bad));
    assert!(stderr(&bad).contains("is off"), "{}", stderr(&bad));
    ok(&["teams", "event-ranking", f, "--set", "best-1-per-group"]);
    let text = print_cli(f, "event-teams", &[], &o);
    let e = bianpai::store::EventReader::open(&file).unwrap().into_event();
    let report = print::event_teams::report(&e, Lang::Zh).unwrap();
    assert_all_strings_present(&report.strings(), &text);
    assert!(text.contains("全赛事团体名次"), "{text}");
    // 甲 3 + 1 + 4 = 8 first (common::clubs).
    assert!(text.contains("1 | 甲 | 8 |"), "{text}");
}
