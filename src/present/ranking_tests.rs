//! Unit tests of the ranking table: its rows are the standings' order, its tiebreak
//! columns the stage's order, and its values are written from integers.

use super::*;
use crate::domain::demo::{DEMO_ROUNDS_PLAYED, demo_event};
use crate::domain::rules::Tiebreak;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

// points and tiebreaks read like the CLI, from integers.
#[test]
fn decimals_are_written_from_integer_units() {
    assert_eq!(decimal_text(120, 1), "12");
    assert_eq!(decimal_text(125, 1), "12.5");
    assert_eq!(decimal_text(625, 2), "6.25");
    assert_eq!(decimal_text(650, 2), "6.5");
    assert_eq!(decimal_text(-5, 1), "-0.5");
    assert_eq!(decimal_text(7, 2), "0.07");
}

// the prize text of the seed-000 champion and the cash total.
#[test]
fn prizes_read_as_one_text() {
    let prizes = [Prize::cash("第1名", 50_000), Prize::item("指定酒", 2), Prize::trophy("冠军奖杯")];
    assert_eq!(prizes_text(&prizes, Lang::Zh), "第1名 500元；指定酒×2；冠军奖杯");
    assert_eq!(prizes_text(&prizes, Lang::En), "第1名 500 yuan; 指定酒×2; 冠军奖杯");
    assert_eq!(cash_fen(&[Prize::cash("第1名", 50_000), Prize::cash("幸运奖", 520)]), 50_520);
}

// one row per player of the standings, in the standings' order, with the
// standings' own values.
#[test]
fn rows_follow_the_standings_order() {
    let event = demo_event(7).unwrap();
    let after = DEMO_ROUNDS_PLAYED;
    let table = RankingTable::standings_after(&event, G, S, after).unwrap();
    let want = standings(&event, G, S, after).unwrap();
    let got: Vec<(Option<u32>, StartNo)> = table.rows.iter().map(|r| (r.rank, r.start_no)).collect();
    let expected: Vec<(Option<u32>, StartNo)> = want.rows.iter().map(|r| (r.rank, r.start_no)).collect();
    assert_eq!(got, expected);
    for (row, standing) in table.rows.iter().zip(&want.rows) {
        assert_eq!(row.cell(Column::Points, Lang::Zh).display(), standing.points.to_string());
        for (t, v) in &standing.tiebreaks {
            assert_eq!(row.cell(Column::Tiebreak(*t), Lang::Zh).display(), v.to_string(), "{t:?}");
        }
    }
    assert_eq!(table.title(Lang::Zh), format!("公开组 · 积分编排赛 · 第{after}轮后 成绩排名"));
    assert_eq!(table.sections().len(), 1, "one section when genders rank together");
}

// the tiebreak columns follow the stage's order — whatever that order is —
// and leave out the tiebreaks without a value of their own.
#[test]
fn tiebreak_columns_follow_the_stage_order() {
    let mut event = demo_event(7).unwrap();
    let order = [Tiebreak::Wins, Tiebreak::PreviousRank, Tiebreak::BlackGames, Tiebreak::OpponentsPoints];
    event.groups[0].stages[0].tiebreaks = order.to_vec();
    let table = RankingTable::standings_after(&event, G, S, 2).unwrap();
    let tiebreaks: Vec<Tiebreak> =
        table.columns.iter().filter_map(|c| if let Column::Tiebreak(t) = c { Some(*t) } else { None }).collect();
    assert_eq!(tiebreaks, [Tiebreak::Wins, Tiebreak::BlackGames, Tiebreak::OpponentsPoints]);
    let headers = table.short_headers(Lang::Zh);
    assert_eq!(headers[..5], ["名次", "编号", "姓名", "单位", "积分"]);
    assert_eq!(headers[headers.len() - 3..], ["红", "黑", "状态"]);
    let full = RankingTable::stage_standings(&event, G, S).unwrap();
    assert!(full.headers(Lang::Zh).contains(&"执红") && full.columns.contains(&Column::Gender));
}

// boys and girls ranked apart come as two runs, boys first, each ranked from 1.
#[test]
fn sections_are_runs_of_one_gender() {
    let mut event = demo_event(7).unwrap();
    event.groups[0].rank_genders_separately = true;
    let table = RankingTable::standings_after(&event, G, S, DEMO_ROUNDS_PLAYED).unwrap();
    let sections = table.sections();
    let genders: Vec<Option<Gender>> = sections.iter().map(|(g, _)| *g).collect();
    assert_eq!(genders, [Some(Gender::Male), Some(Gender::Female)]);
    for (_, rows) in &sections {
        assert_eq!(rows[0].rank, Some(1));
    }
    assert_eq!(section_caption(Gender::Female, Lang::En), "Girls");
}
