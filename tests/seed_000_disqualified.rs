//! Issue 19, item 1: the seed-000 event played through
//! the library, in which a verified woman leads the video Swiss after five rounds,
//! then forfeits rounds 6 and 7 and is disqualified (two forfeits in a row). She is
//! kept out of the knockout, and she takes no place either: the standings list her
//! after every ranked player without a rank (`"rank": null` in `standings --json`),
//! the final ranking skips her and the players below move up, the 5.20 元 lucky prize
//! of rank 20 goes to the player now 20th, and she receives no prize of any kind — she
//! is listed among the players left out, as disqualified.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::knockout::final_ranking;
use bianpai::domain::player::{PlayerEntry, PlayerStatus};
use bianpai::domain::presets;
use bianpai::domain::prizes::{Prize, WithheldReason, prize_outcome, prize_ranking};
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::standings::standings;
use bianpai::domain::swiss::pair_next_round;
use bianpai::present::ranking::{Column, RankingTable};
use bianpai::store::EventFile;
use serde_json::Value;

const G: GroupId = GroupId(1);

fn record(e: &mut Event, stage: u32, round: RoundNo, board: BoardNo, game: u32, outcome: Outcome) {
    let result = Some(GameResult::plain(outcome));
    apply(e, &Command::RecordResult { group: G, stage: StageNo(stage), round, board, game, result }).unwrap();
}

/// Pairs and plays a Swiss round: red wins on odd boards, black on even ones, except
/// that `forfeiter` (if paired) does not turn up and loses by forfeit.
fn play_swiss_round(e: &mut Event, stage: u32, seed: u64, forfeiter: Option<StartNo>) {
    let round = pair_next_round(e, G, StageNo(stage), seed).unwrap();
    let rno = round.no;
    let games: Vec<(BoardNo, StartNo, StartNo)> = round.games.iter().map(|g| (g.board, g.red, g.black)).collect();
    apply(e, &Command::PairRound { group: G, stage: StageNo(stage), round }).unwrap();
    for (b, red, black) in games {
        let outcome = if Some(red) == forfeiter {
            Outcome::BlackWinsByForfeit
        } else if Some(black) == forfeiter {
            Outcome::RedWinsByForfeit
        } else if b.0 % 2 == 1 {
            Outcome::RedWins
        } else {
            Outcome::BlackWins
        };
        record(e, stage, rno, b, 1, outcome);
    }
}

/// Plays a knockout round of stage 3: the higher seed wins every match.
fn play_knockout_round(e: &mut Event) {
    let round = pair_next_round(e, G, StageNo(3), 1).unwrap();
    let rno = round.no;
    let mut boards: Vec<u32> = round.games.iter().map(|g| g.board.0).collect();
    boards.dedup();
    apply(e, &Command::PairRound { group: G, stage: StageNo(3), round }).unwrap();
    for b in boards {
        record(e, 3, rno, BoardNo(b), 1, Outcome::RedWins);
        record(e, 3, rno, BoardNo(b), 2, Outcome::Draw);
    }
}

/// The event after the video Swiss (stage 2) and the woman who left it: 60 players in
/// the club qualifier, its top 30 and two nominees in the Swiss; she leads after round
/// 5, is made a verified woman, forfeits rounds 6 and 7 and is disqualified.
fn swiss_played() -> (Event, StartNo) {
    swiss_played_by(true)
}

/// As [`swiss_played`]; the leader is made a verified woman only when `woman`.
fn swiss_played_by(woman: bool) -> (Event, StartNo) {
    let mut e = presets::build("lingting-cup", None, Some(5)).unwrap();
    let entries = (1..=60)
        .map(|i| PlayerEntry { name: format!("棋手{i}"), rating: Some(2000 - i), ..Default::default() })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    for r in 1..=5 {
        play_swiss_round(&mut e, 1, r, None);
    }
    let qualifier = standings(&e, G, StageNo(1), 5).unwrap();
    let nominees = vec![qualifier.rows[45].start_no, qualifier.rows[59].start_no];
    apply(&mut e, &Command::AdvanceStage { group: G, stage: StageNo(1), nominees }).unwrap();
    for r in 1..=5 {
        play_swiss_round(&mut e, 2, 100 + r, None);
    }
    let her = standings(&e, G, StageNo(2), 5).unwrap().rows[0].start_no;
    let mut entry = e.player(her).unwrap().entry.clone();
    entry.verified_female = woman;
    apply(&mut e, &Command::EditPlayer { start_no: her, entry }).unwrap();
    for r in 6..=7 {
        play_swiss_round(&mut e, 2, 100 + r, Some(her));
    }
    assert_eq!(e.player(her).unwrap().status, PlayerStatus::Disqualified, "R-4.4: two forfeits in a row");
    (e, her)
}

// the standings of the Swiss list her after every ranked player, without a
// rank; the players below her move up; `standings --json` writes `"rank": null`.
#[test]
fn the_disqualified_woman_has_no_rank_in_the_standings() {
    let (e, her) = swiss_played();
    let table = standings(&e, G, StageNo(2), 7).unwrap();
    let last = table.rows.last().unwrap();
    assert_eq!((last.start_no, last.rank), (her, None), "listed last, without a rank");
    assert!(last.place <= 16, "by her points she stands {}th, in the knockout places", last.place);
    let ranks: Vec<Option<u32>> = table.rows[..31].iter().map(|r| r.rank).collect();
    assert_eq!(ranks, (1..=31).map(Some).collect::<Vec<_>>(), "the 31 others ranked 1–31, no gap");
    for row in &table.rows[..31] {
        let moved_up = row.place > last.place;
        assert_eq!(row.rank, Some(if moved_up { row.place - 1 } else { row.place }), "{}", row.start_no);
    }

    // The window's, the PDF's and the exports' table: an empty rank cell, 取消资格.
    let ranking = RankingTable::standings_after(&e, G, StageNo(2), 7).unwrap();
    let row = ranking.rows.last().unwrap();
    assert_eq!(row.start_no, her);
    assert_eq!(row.cell(Column::Rank, bianpai::lang::Lang::Zh).display(), "");
    assert_eq!(row.cell(Column::Status, bianpai::lang::Lang::Zh).display(), "取消资格");

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("seed000.bianpai");
    drop(EventFile::create(&path, &e).unwrap());
    let out = common::json(&["standings", path.to_str().unwrap(), "--json"]);
    let rows = out["rows"].as_array().unwrap();
    assert_eq!(out["stage"], 2);
    assert_eq!(rows.len(), 32);
    let hers = rows.last().unwrap();
    assert_eq!(hers["start_no"], her.0);
    assert_eq!(hers["rank"], Value::Null, "CLI.md: a disqualified row has \"rank\": null");
    assert_eq!(hers["status"], "disqualified");
    let ranks: Vec<u64> = rows[..31].iter().map(|r| r["rank"].as_u64().unwrap()).collect();
    assert_eq!(ranks, (1..=31).collect::<Vec<u64>>(), "every ranked row before hers");
}

// the final ranking skips her, the players below
// move up, the lucky prize of rank 20 goes to the player now 20th, no women's prize for
// her; she is left out as disqualified, with the rank she would have held.
#[test]
fn the_final_ranking_skips_her_and_her_prizes_go_nowhere() {
    let (mut e, her) = swiss_played();
    let swiss = standings(&e, G, StageNo(2), 7).unwrap();
    apply(&mut e, &Command::AdvanceStage { group: G, stage: StageNo(2), nominees: vec![] }).unwrap();
    let knockout = e.group(G).unwrap().stage(StageNo(3)).unwrap().entrants.clone();
    assert!(!knockout.contains(&her), "kept out of the knockout");
    for _ in 0..4 {
        play_knockout_round(&mut e);
    }
    let ko = standings(&e, G, StageNo(3), 4).unwrap();
    let places: Vec<StartNo> = ko.rows.iter().map(|r| r.start_no).collect();
    // the knockout's places are all ranked; those out in the first round
    // (places 9–16) still show as eliminated, the champion as active.
    assert_eq!(ko.rows.iter().map(|r| r.rank).collect::<Vec<_>>(), (1..=16).map(Some).collect::<Vec<_>>());
    assert!(ko.rows[8..].iter().all(|r| r.knocked_out && r.status_code() == "eliminated"));
    assert_eq!(ko.rows[0].status_code(), "active");
    // The Swiss order by points, hers included, and the ranking of without her.
    let mut by_place: Vec<_> = swiss.rows.iter().collect();
    by_place.sort_by_key(|r| r.place);
    let swiss_order: Vec<StartNo> = by_place.iter().map(|r| r.start_no).collect();
    let with_her = final_ranking(&places, &swiss_order);
    assert_eq!(with_her[16], her, "by points she would be 17th: the old, wrong ranking");
    let expected: Vec<StartNo> = with_her.iter().copied().filter(|p| *p != her).collect();

    let rules = e.group(G).unwrap().prizes.clone();
    let ranking = prize_ranking(&e, G, &rules).unwrap();
    let got: Vec<(u32, StartNo)> = ranking.iter().map(|p| (p.rank, p.start_no)).collect();
    let want: Vec<(u32, StartNo)> = expected.iter().enumerate().map(|(i, p)| (i as u32 + 1, *p)).collect();
    assert_eq!(got, want, "31 ranks, the players below her one place up");

    let outcome = prize_outcome(&e, G, &rules).unwrap();
    assert!(outcome.list.awards.iter().all(|a| a.start_no != her), "no prize of any kind");
    let lucky_20 = outcome.list.awards.iter().find(|a| a.rank == 20).unwrap();
    assert_eq!(lucky_20.start_no, with_her[20], "rank 20 is the player who was 21st");
    assert!(lucky_20.items.contains(&Prize::cash("幸运奖", 520)));
    assert!(!outcome.list.totals.items.contains_key("女子特别奖"), "the only woman gets no women's prize");
    let left_out: Vec<_> = outcome.withheld.iter().filter(|w| w.start_no == her).collect();
    assert_eq!(left_out.len(), 1);
    assert_eq!(left_out[0].rank, 17, "the rank she would have held");
    assert_eq!(left_out[0].rank_text(), "(17)", "printed as a rank she does not hold");
    assert_eq!(left_out[0].reason, WithheldReason::Disqualified);
    assert_eq!(left_out[0].items, vec![Prize::item("女子特别奖", 1)]);

    // The final ranking of the exports: her row after the 31 ranked ones, no rank, no prize.
    let table = RankingTable::final_ranking(&e, G).unwrap();
    assert_eq!(table.rows.len(), 32);
    let row = table.rows.last().unwrap();
    assert_eq!((row.start_no, row.rank, row.prizes.is_empty()), (her, None, true));
    assert_eq!(table.rows[19].start_no, with_her[20]);

    // `prizes --json`: her entry in `withheld`, none in `awards`.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("seed000.bianpai");
    drop(EventFile::create(&path, &e).unwrap());
    let out = common::json(&["prizes", path.to_str().unwrap(), "--json", "--lang", "zh"]);
    assert!(out["awards"].as_array().unwrap().iter().all(|a| a["start_no"] != her.0));
    let hers = out["withheld"].as_array().unwrap().iter().find(|w| w["start_no"] == her.0).unwrap();
    assert_eq!(hers["rank"], 17);
    assert_eq!(hers["reason"], "disqualified");
    assert_eq!(hers["words"], "取消资格");
    assert_eq!(hers["round"], Value::Null);
}

// Issue 37 item 7: a man disqualified in the video Swiss stands after
// the knockout's sixteen places, at a rank that carries nothing; he is still listed
// among the players left out — in the library, `prizes --json` and the text — as the
// single-stage events list their disqualified players.
#[test]
fn a_man_put_out_of_the_swiss_is_listed_though_his_rank_carries_nothing() {
    let (mut e, him) = swiss_played_by(false);
    apply(&mut e, &Command::AdvanceStage { group: G, stage: StageNo(2), nominees: vec![] }).unwrap();
    for _ in 0..4 {
        play_knockout_round(&mut e);
    }
    let rules = e.group(G).unwrap().prizes.clone();
    let outcome = prize_outcome(&e, G, &rules).unwrap();
    let his: Vec<_> = outcome.withheld.iter().filter(|w| w.start_no == him).collect();
    assert_eq!(his.len(), 1, "listed once among the players left out");
    assert_eq!((his[0].rank, his[0].reason.clone()), (17, WithheldReason::Disqualified));
    assert!(his[0].items.is_empty(), "rank 17 carries no prize of the 聆听杯 table");

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("seed000-man.bianpai");
    drop(EventFile::create(&path, &e).unwrap());
    let out = common::json(&["prizes", path.to_str().unwrap(), "--json", "--lang", "en"]);
    let withheld = out["withheld"].as_array().unwrap();
    let entry = withheld.iter().find(|w| w["start_no"] == him.0).expect("in `withheld`");
    assert_eq!((entry["rank"].as_u64(), entry["reason"].as_str()), (Some(17), Some("disqualified")));
    assert_eq!(entry["items"], serde_json::json!([]));
    assert_eq!(entry["words"], "disqualified");
    let text = common::ok(&["prizes", path.to_str().unwrap(), "--lang", "en"]);
    let line = text.lines().find(|l| l.contains("(17)")).expect("his line in the text list");
    assert!(line.contains('—') && line.contains("disqualified"), "{line}");
}
