//! Issue 39 item 6: prize money in yuan in the exports, and a group that ranks boys and
//! girls apart exported as two sections.

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, StageNo};
use bianpai::domain::player::{Gender, PlayerEntry};
use bianpai::domain::presets;
use bianpai::domain::prizes::{Prize, PrizeRules, RankPrize, RankRange};
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::io::export::{Language, csv, html, xlsx};
use calamine::{Data, Reader, Xlsx};

const G: GroupId = GroupId(1);

/// Four players (two boys, two girls), one round played, rank 1 paid `first_fen`
/// and rank 2 `second_fen`.
fn event(first_fen: i64, second_fen: i64, apart: bool) -> Event {
    let mut e = presets::build("cxa-swiss", None, Some(3)).unwrap();
    let people = [("甲", Gender::Male), ("乙", Gender::Female), ("丙", Gender::Male), ("丁", Gender::Female)];
    let entries =
        people.iter().map(|(n, g)| PlayerEntry { name: (*n).into(), gender: Some(*g), ..Default::default() }).collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    e.groups[0].rank_genders_separately = apart;
    let by_rank = vec![
        RankPrize { ranks: RankRange::single(1), prize: Prize::cash("第1名", first_fen) },
        RankPrize { ranks: RankRange::single(2), prize: Prize::cash("第2名", second_fen) },
    ];
    let rules = PrizeRules { by_rank, ..Default::default() };
    apply(&mut e, &Command::SetPrizeRules { group: G, rules }).unwrap();
    let round = pair_next_round(&e, G, StageNo(1), 7).unwrap();
    let (rno, boards): (_, Vec<BoardNo>) = (round.no, round.games.iter().map(|g| g.board).collect());
    apply(&mut e, &Command::PairRound { group: G, stage: StageNo(1), round }).unwrap();
    for board in boards {
        let result = Some(GameResult::plain(Outcome::RedWins));
        let cmd = Command::RecordResult { group: G, stage: StageNo(1), round: rno, board, game: 1, result };
        apply(&mut e, &cmd).unwrap();
    }
    e
}

/// Yuan from fen, computed here on its own: whole yuan, else two decimals with the
/// trailing zero dropped.
fn yuan(fen: i64) -> String {
    let (whole, cents) = (fen / 100, fen % 100);
    match cents {
        0 => whole.to_string(),
        c if c % 10 == 0 => format!("{whole}.{}", c / 10),
        c => format!("{whole}.{c:02}"),
    }
}

fn csv_rows(e: &Event, lang: Language) -> Vec<Vec<String>> {
    let bytes = csv::final_ranking(e, G, lang).unwrap();
    let mut reader = ::csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(&bytes[3..]);
    reader.records().map(|r| r.unwrap().iter().map(str::to_string).collect()).collect()
}

// Issue 39 item 6: the CSV shows 奖金（元） in yuan, exactly from the fen.
#[test]
fn csv_shows_prize_money_in_yuan() {
    let (first, second) = (150_000, 12_345);
    let e = event(first, second, false);
    let rows = csv_rows(&e, Language::Zh);
    let col = rows[0].iter().position(|h| h == "奖金（元）").expect("a 奖金（元） column");
    assert!(!rows[0].iter().any(|h| h == "奖金（分）"));
    let cash: Vec<&str> = rows[1..].iter().map(|r| r[col].as_str()).collect();
    assert_eq!(&cash[..2], [yuan(first).as_str(), yuan(second).as_str()]);
    assert_eq!(&cash[..2], ["1500", "123.45"]);
    let en = csv_rows(&e, Language::En);
    assert!(en[0].iter().any(|h| h == "Prize (yuan)"), "{:?}", en[0]);
}

// Issue 39 item 6: the workbook and the page show yuan too.
#[test]
fn xlsx_and_html_show_prize_money_in_yuan() {
    let e = event(150_000, 12_345, false);
    let bytes = xlsx::final_ranking(&e, G, Language::Zh).unwrap();
    let mut book = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    let range = book.worksheet_range("最终排名").unwrap();
    let header: Vec<String> = range.rows().next().unwrap().iter().map(|c| c.to_string()).collect();
    let col = header.iter().position(|h| h == "奖金（元）").expect("a 奖金（元） column");
    let cash: Vec<Data> = range.rows().skip(1).take(2).map(|r| r[col].clone()).collect();
    assert_eq!(cash, [Data::Float(1500.0), Data::Float(123.45)]);
    let page = html::page(&e, G, Language::Zh).unwrap();
    assert!(page.contains("<th>奖金（元）</th>"));
    assert!(page.contains(&format!("<td class=\"n\">{}</td>", yuan(12_345))), "123.45 on the page");
}

// Issue 39 item 6: a group ranking boys and girls apart exports two sections, each
// with its caption, header and own ranks from 1.
#[test]
fn boys_and_girls_ranked_apart_export_as_two_sections() {
    let e = event(10_000, 5_000, true);
    let rows = csv_rows(&e, Language::Zh);
    let boys = rows.iter().position(|r| r == &["男子"]).expect("a 男子 section");
    let girls = rows.iter().position(|r| r == &["女子"]).expect("a 女子 section");
    assert!(boys < girls);
    assert_eq!(rows[boys + 1][0], "名次");
    assert_eq!(rows[girls + 1][0], "名次");
    let ranks = |from: usize, to: usize| rows[from..to].iter().map(|r| r[0].clone()).collect::<Vec<_>>();
    assert_eq!(ranks(boys + 2, boys + 4), ["1", "2"]);
    assert_eq!(ranks(girls + 2, girls + 4), ["1", "2"]);
    let gender = rows[boys + 1].iter().position(|h| h == "性别").unwrap();
    assert!(rows[boys + 2..boys + 4].iter().all(|r| r[gender] == "男"));
    assert!(rows[girls + 2..girls + 4].iter().all(|r| r[gender] == "女"));

    let page = html::page(&e, G, Language::En).unwrap();
    let (b, g) = (page.find("<h4>Boys</h4>").expect("Boys"), page.find("<h4>Girls</h4>").expect("Girls"));
    assert!(b < g);

    let bytes = xlsx::final_ranking(&e, G, Language::Zh).unwrap();
    let mut book = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    let range = book.worksheet_range("最终排名").unwrap();
    let first: Vec<String> = range.rows().map(|r| r[0].to_string()).collect();
    let (b, g) = (first.iter().position(|c| c == "男子").unwrap(), first.iter().position(|c| c == "女子").unwrap());
    assert_eq!((first[b + 1].as_str(), first[g + 1].as_str()), ("名次", "名次"));
}
