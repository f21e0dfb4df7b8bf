//! Prizes: the whole seed-000 prize list of a finished event played through the
//! library (as tests/knockout_event.rs plays it), the seed-003 prize tiers with players
//! who missed a round, and `bianpai prizes --json` through the binary (CLI.md).

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Bye, ByeKind, Event, PlannedBye, Stage};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::knockout::final_ranking;
use bianpai::domain::player::{Gender, PlayerEntry, PlayerStatus};
use bianpai::domain::presets;
use bianpai::domain::prizes::{Prize, PrizeList, PrizeRules, RankRange, RankedPlayer, awards, prize_ranking};
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::rules::Colour;
use bianpai::domain::standings::standings;
use bianpai::domain::swiss::pair_next_round;
use bianpai::store::EventFile;
use jiff::civil::date;
use serde_json::{Value, json};
use std::collections::BTreeMap;

const G: GroupId = GroupId(1);

fn stage(e: &Event, group: GroupId, no: u32) -> &Stage {
    e.group(group).unwrap().stage(StageNo(no)).unwrap()
}

fn record(e: &mut Event, group: GroupId, stage: u32, round: RoundNo, board: BoardNo, game: u32, outcome: Outcome) {
    let result = Some(GameResult::plain(outcome));
    apply(e, &Command::RecordResult { group, stage: StageNo(stage), round, board, game, result }).unwrap();
}

/// Pairs and plays a Swiss round: red wins on odd boards, black on even ones, except
/// that `forfeiter` (if paired) does not turn up and loses by forfeit.
fn play_swiss_round(e: &mut Event, group: GroupId, no: u32, seed: u64, forfeiter: Option<StartNo>) {
    let round = pair_next_round(e, group, StageNo(no), seed).unwrap();
    let rno = round.no;
    let games: Vec<(BoardNo, StartNo, StartNo)> = round.games.iter().map(|g| (g.board, g.red, g.black)).collect();
    apply(e, &Command::PairRound { group, stage: StageNo(no), round }).unwrap();
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
        record(e, group, no, rno, b, 1, outcome);
    }
}

/// Plays knockout round `round` of stage 3 as tests/knockout_event.rs does.
fn play_knockout_round(e: &mut Event, higher_wins: &dyn Fn(u32) -> bool, level: &[u32]) {
    let round = pair_next_round(e, G, StageNo(3), 1).unwrap();
    let rno = round.no;
    let mut boards: Vec<u32> = round.games.iter().map(|g| g.board.0).collect();
    boards.dedup();
    apply(e, &Command::PairRound { group: G, stage: StageNo(3), round }).unwrap();
    for b in boards {
        let board = BoardNo(b);
        if level.contains(&b) {
            record(e, G, 3, rno, board, 1, Outcome::RedWins);
            record(e, G, 3, rno, board, 2, Outcome::RedWins);
            record(e, G, 3, rno, board, 3, Outcome::Draw);
            record(e, G, 3, rno, board, 4, Outcome::RedWins);
        } else if higher_wins(b) {
            record(e, G, 3, rno, board, 1, Outcome::RedWins);
            record(e, G, 3, rno, board, 2, Outcome::Draw);
        } else {
            record(e, G, 3, rno, board, 1, Outcome::BlackWins);
            record(e, G, 3, rno, board, 2, Outcome::Draw);
        }
    }
}

/// The seed-000 event of tests/knockout_event.rs, finished: 60 players in the club
/// qualifier, top 30 + 2 nominees in the 7-round Swiss, top 16 in the knockout.
/// Knockout places by seed: 1 s3, 2 s9, 3 s4, 4 s2, 5–8 s1 s5 s6 s7, 9–16 s8 s10 … s16.
/// Returns the event and the final ranking of via `final_ranking`.
fn seed_000_finished() -> (Event, Vec<StartNo>) {
    let mut e = presets::build("lingting-cup", None, Some(5)).unwrap();
    let entries = (1..=60)
        .map(|i| PlayerEntry { name: format!("棋手{i}"), rating: Some(2000 - i), ..Default::default() })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    for r in 1..=5 {
        play_swiss_round(&mut e, G, 1, r, None);
    }
    let qualifier = standings(&e, G, StageNo(1), 5).unwrap();
    let nominees = vec![qualifier.rows[45].start_no, qualifier.rows[59].start_no];
    apply(&mut e, &Command::AdvanceStage { group: G, stage: StageNo(1), nominees }).unwrap();
    for r in 1..=7 {
        play_swiss_round(&mut e, G, 2, 100 + r, None);
    }
    apply(&mut e, &Command::AdvanceStage { group: G, stage: StageNo(2), nominees: vec![] }).unwrap();
    play_knockout_round(&mut e, &|_| true, &[8]);
    play_knockout_round(&mut e, &|b| b != 1, &[]);
    play_knockout_round(&mut e, &|b| b == 1, &[]);
    play_knockout_round(&mut e, &|_| false, &[]);
    assert!(pair_next_round(&e, G, StageNo(3), 1).is_err(), "the knockout is over");

    let seeds = stage(&e, G, 3).entrants.clone();
    let places: Vec<StartNo> = standings(&e, G, StageNo(3), 4).unwrap().rows.iter().map(|r| r.start_no).collect();
    let s = |k: usize| seeds[k - 1];
    assert_eq!(places, [3, 9, 4, 2, 1, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16].map(s).to_vec());
    let swiss: Vec<StartNo> = standings(&e, G, StageNo(2), 7).unwrap().rows.iter().map(|r| r.start_no).collect();
    let ranking = final_ranking(&places, &swiss);
    assert_eq!(ranking.len(), 32, "R-6.7: knockout places 1–16, then the Swiss's 17–32");
    (e, ranking)
}

fn cash(label: &str, fen: i64) -> Prize {
    Prize::cash(label, fen)
}

fn wine(n: u32) -> Prize {
    Prize::item("指定酒", n)
}

// the full prize list of the finished seed-000 event.
#[test]
fn seed_000_full_prize_list() {
    let (mut e, ranking) = seed_000_finished();
    // two verified women, one finishing 6th (top 16), one 21st (17–32).
    for rank in [6, 21] {
        let p = ranking[rank - 1];
        let i = e.players.iter().position(|pl| pl.start_no == p).unwrap();
        e.players[i].entry.verified_female = true;
    }
    let rules = e.group(G).unwrap().prizes.clone();
    assert_eq!(rules, PrizeRules::lingting_cup(), "the preset carries seed 000's prizes");

    // The ranking the prizes go by, built by hand: final ranks from `final_ranking`;
    // seed ranks (R-7.3, the deciding stage's seed) are the knockout's seeds for places
    // 1–16 and the Swiss's seeding (qualifier ranking, then the nominees) for 17–32.
    let ko_seeds = stage(&e, G, 3).entrants.clone();
    let swiss_seeds = stage(&e, G, 2).entrants.clone();
    let position = |list: &[StartNo], p: StartNo| list.iter().position(|q| *q == p).map(|i| i as u32 + 1);
    let by_hand: Vec<RankedPlayer> = ranking
        .iter()
        .enumerate()
        .map(|(i, &p)| RankedPlayer {
            rank: i as u32 + 1,
            start_no: p,
            seed_rank: if i < 16 { position(&ko_seeds, p) } else { position(&swiss_seeds, p) },
            verified_female: i == 5 || i == 20,
            played_every_round: true,
            finished: true,
            section: None,
        })
        .collect();
    assert_eq!(prize_ranking(&e, G, &rules).unwrap(), by_hand, "prize_ranking follows R-6.7");

    // best progress, gain = seed rank − final rank. In the knockout the best is the
    // runner-up, seed 9 → 2nd: +7 (seed 3 → 1st: +2, seed 4 → 3rd: +1; the rest ≤ 0).
    // Places 17–32 are compared with their Swiss seeding; whoever gains most wins, a tie
    // going to the better rank.
    assert_eq!(by_hand[1].seed_rank, Some(9));
    let best = by_hand
        .iter()
        .max_by_key(|p| (p.seed_rank.unwrap() as i64 - p.rank as i64, std::cmp::Reverse(p.rank)))
        .unwrap();
    let best_gain = best.seed_rank.unwrap() as i64 - best.rank as i64;
    assert!(best_gain >= 7);
    // In this run: the nominee seeded 32nd in the Swiss finished 22nd (+10).

    let list = awards(&rules, &by_hand);

    // Expected, rank by rank (cash first, then items, then trophies):
    // cash 1–4 500/300/200/160 元, 5–8 120/100/80/60 元, 9–16 50 元;
    // 指定酒 ×2 for 1–3, ×1 for 4–16; 冠军/亚军/季军奖杯;
    // 幸运奖 5.20 元 for ranks 2, 5, 10, 12, 15, 20, 22, 25, 30, 32 on top;
    // rank 6 女子重大奖 (top 16: the major prize only), rank 21 女子特别奖.
    let rank_cash = [50_000, 30_000, 20_000, 16_000, 12_000, 10_000, 8_000, 6_000];
    let mut expected: BTreeMap<u32, Vec<Prize>> = BTreeMap::new();
    for rank in 1..=32u32 {
        let mut cash_items = Vec::new();
        let mut goods = Vec::new();
        let mut trophies = Vec::new();
        match rank {
            1..=8 => cash_items.push(cash(&format!("第{rank}名"), rank_cash[rank as usize - 1])),
            9..=16 => cash_items.push(cash(&format!("第{rank}名"), 5_000)),
            _ => {}
        }
        if [2, 5, 10, 12, 15, 20, 22, 25, 30, 32].contains(&rank) {
            cash_items.push(cash("幸运奖", 520));
        }
        match rank {
            1..=3 => goods.push(wine(2)),
            4..=16 => goods.push(wine(1)),
            _ => {}
        }
        match rank {
            6 => goods.push(Prize::item("女子重大奖", 1)),
            21 => goods.push(Prize::item("女子特别奖", 1)),
            _ => {}
        }
        match rank {
            1 => trophies.push(Prize::trophy("冠军奖杯")),
            2 => trophies.push(Prize::trophy("亚军奖杯")),
            3 => trophies.push(Prize::trophy("季军奖杯")),
            _ => {}
        }
        if rank == best.rank {
            trophies.push(Prize::trophy("最佳进步奖"));
        }
        let all: Vec<Prize> = cash_items.into_iter().chain(goods).chain(trophies).collect();
        if !all.is_empty() {
            expected.insert(rank, all);
        }
    }
    let got: BTreeMap<u32, Vec<Prize>> = list.awards.iter().map(|a| (a.rank, a.items.clone())).collect();
    assert_eq!(got, expected);
    for a in &list.awards {
        assert_eq!(a.start_no, ranking[a.rank as usize - 1], "award of rank {} to the right player", a.rank);
    }
    let ranks: Vec<u32> = list.awards.iter().map(|a| a.rank).collect();
    let mut sorted = ranks.clone();
    sorted.sort();
    assert_eq!(ranks, sorted, "sorted by rank");

    // Totals by hand:
    //   rank cash 500+300+200+160 = 1160 元; 120+100+80+60 = 360 元; 8 × 50 = 400 元
    //   → 1920 元 = 192 000 fen; lucky 10 × 5.20 元 = 52 元 = 5 200 fen
    //   → 197 200 fen.
    //   指定酒 3 × 2 + 13 × 1 = 19 bottles; 女子重大奖 1, 女子特别奖 1.
    //   Trophies: 冠军, 亚军, 季军 and 最佳进步奖 = 4.
    assert_eq!(list.totals.cash_fen, 197_200);
    let items: Vec<(&str, u32)> = list.totals.items.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    assert_eq!(items, [("女子特别奖", 1), ("女子重大奖", 1), ("指定酒", 19)]);
    assert_eq!(list.totals.trophies, 4);
}

// the lucky ranks over a ranking of 32, each in addition to any rank prize.
#[test]
fn lucky_ranks_end_in_5_2_0() {
    let ranking: Vec<RankedPlayer> = (1..=40)
        .map(|rank| RankedPlayer {
            rank,
            start_no: StartNo(rank),
            seed_rank: None,
            verified_female: false,
            played_every_round: true,
            finished: true,
            section: None,
        })
        .collect();
    let list = awards(&PrizeRules::lingting_cup(), &ranking);
    let lucky: Vec<u32> =
        list.awards.iter().filter(|a| a.items.iter().any(|p| p.label() == "幸运奖")).map(|a| a.rank).collect();
    assert_eq!(lucky, [2, 5, 10, 12, 15, 20, 22, 25, 30, 32], "ranks 35 and 40 are outside the 32 of R-6.7");
    assert_eq!(list.awards[1].items[..2], [cash("第2名", 30_000), cash("幸运奖", 520)]);
}

/// Adds `n` adults (born 1990) to a group.
fn add_adults(e: &mut Event, group: GroupId, n: u32) {
    let entries = (1..=n)
        .map(|i| PlayerEntry {
            name: format!("选手{i}"),
            gender: Some(Gender::Male),
            born: Some(date(1990, 1, 1)),
            phone: "13800000000".into(),
            ..Default::default()
        })
        .collect();
    apply(e, &Command::AddPlayers { group, entries, override_reason: None, left_out: Vec::new() }).unwrap();
}

// seed 003 §11: the adult tiers 一/二/三等奖 100/50/30 元 (ranks 1–3, 4–10,
// 11–20 by the preset's decision), 10 元 for every other finisher, and nothing at all
// for a player who missed a round (§11.5 未能坚持完赛7轮的一律不予奖励): here one
// forfeit loss, one announced absence and one withdrawal.
#[test]
fn seed_003_adult_tiers_and_missed_rounds() {
    let mut e = presets::build("huaiyin-2022", None, None).unwrap();
    let adult = e.find_group("adult").unwrap().id;
    add_adults(&mut e, adult, 24);
    let (forfeiter, absentee, leaver) = (StartNo(5), StartNo(11), StartNo(17));
    let bye = PlannedBye { round: RoundNo(4), bye: Bye::new(absentee, ByeKind::Absent) };
    apply(&mut e, &Command::AnnounceBye { group: adult, stage: StageNo(1), planned: bye }).unwrap();
    for r in 1..=7 {
        if r == 6 {
            let withdraw = Command::SetPlayerStatus {
                start_no: leaver,
                status: PlayerStatus::Withdrawn,
                reason: "中途退赛".into(),
            };
            apply(&mut e, &withdraw).unwrap();
        }
        play_swiss_round(&mut e, adult, 1, r, (r == 3).then_some(forfeiter));
    }
    let s = stage(&e, adult, 1);
    assert_eq!(s.completed_rounds(), 7);
    let forfeited =
        s.round(RoundNo(3)).unwrap().games.iter().any(|g| {
            g.colour_of(forfeiter).is_some_and(|c: Colour| g.result.is_some_and(|r| r.outcome.forfeited_by(c)))
        });
    assert!(forfeited, "the forfeit loss is on record");
    // Rounds 4, 6 and 7 have 23 players to pair: someone gets a pairing bye (轮空).
    let pairing_byes: Vec<StartNo> =
        s.rounds.iter().flat_map(|r| &r.byes).filter(|b| b.kind == ByeKind::Pairing).map(|b| b.player).collect();
    assert_eq!(pairing_byes.len(), 3);

    let rules = e.group(adult).unwrap().prizes.clone();
    assert_eq!(rules, PrizeRules::huaiyin_adult());
    for junior in ["youth", "children"] {
        assert_eq!(e.find_group(junior).unwrap().prizes, PrizeRules::huaiyin_junior(), "{junior}");
    }
    let ranking = prize_ranking(&e, adult, &rules).unwrap();
    assert_eq!(ranking.len(), 24);
    let missed: Vec<StartNo> = ranking.iter().filter(|p| !p.played_every_round).map(|p| p.start_no).collect();
    let mut expected_missed = vec![forfeiter, absentee, leaver];
    expected_missed.sort();
    let mut missed_sorted = missed.clone();
    missed_sorted.sort();
    assert_eq!(missed_sorted, expected_missed, "a pairing bye is not a missed round");
    assert!(pairing_byes.iter().any(|p| !missed.contains(p)));

    // The every-round option (R-11.2 keeps it for events that want it): each of the
    // three who missed a round gets nothing.
    let strict = PrizeRules { require_every_round: true, ..rules.clone() };
    let list = awards(&strict, &ranking);
    let tier = |rank: u32| match rank {
        1..=3 => cash("一等奖", 10_000),
        4..=10 => cash("二等奖", 5_000),
        11..=20 => cash("三等奖", 3_000),
        _ => cash("参赛奖", 1_000),
    };
    // the prizes go by rank among the players who receive prizes, so the tier
    // of a player who missed a round passes down to the next one.
    let missed_above = |rank: u32| ranking.iter().filter(|q| !q.played_every_round && q.rank < rank).count() as u32;
    let got: BTreeMap<StartNo, Vec<Prize>> = list.awards.iter().map(|a| (a.start_no, a.items.clone())).collect();
    for p in &ranking {
        if missed.contains(&p.start_no) {
            assert!(!got.contains_key(&p.start_no), "{} (rank {}) missed a round: nothing", p.start_no, p.rank);
        } else {
            assert_eq!(
                got[&p.start_no],
                vec![tier(p.rank - missed_above(p.rank))],
                "rank {}: one tier prize or the participation prize",
                p.rank
            );
        }
    }
    // Totals by hand: the 21 who played every round take the prizes of ranks 1–21:
    // 3 × 100 + 7 × 50 + 10 × 30 + 1 × 10 = 300 + 350 + 300 + 10 = 960 元 = 96 000 fen.
    assert_eq!(list.totals.cash_fen, 96_000);
    assert_eq!(list.awards.len(), 21);
    // The preset's own rule: only the one who withdrew goes without; the
    // forfeit loss and the announced absence keep their prizes.
    let default = awards(&rules, &ranking);
    let paid: Vec<StartNo> = default.awards.iter().map(|a| a.start_no).collect();
    assert!(!paid.contains(&leaver) && paid.contains(&forfeiter) && paid.contains(&absentee), "{paid:?}");
    assert_eq!(default.awards.len(), 23);
    assert!(list.totals.items.is_empty());
    assert_eq!(list.totals.trophies, 0);
}

// the youth and children tiers 50/30/20 元 (ranks 1–3, 4–6, 7–10), 10 元 for
// the rest; ranges are data.
#[test]
fn junior_tiers_and_configurable_ranges() {
    let ranking: Vec<RankedPlayer> = (1..=12)
        .map(|rank| RankedPlayer {
            rank,
            start_no: StartNo(rank),
            seed_rank: None,
            verified_female: false,
            played_every_round: true,
            finished: true,
            section: None,
        })
        .collect();
    let fen = |list: &PrizeList| list.awards.iter().map(|a| a.items.len()).sum::<usize>();
    let junior = awards(&PrizeRules::huaiyin_junior(), &ranking);
    // 3 × 50 + 3 × 30 + 4 × 20 + 2 × 10 = 150 + 90 + 80 + 20 = 340 元.
    assert_eq!(junior.totals.cash_fen, 34_000);
    assert_eq!(fen(&junior), 12, "one prize each");
    let wider = PrizeRules::tiers([RankRange::new(1, 1), RankRange::new(2, 2), RankRange::new(3, 12)], [100, 50, 30]);
    assert_eq!(awards(&wider, &ranking).totals.cash_fen, 100 + 50 + 10 * 30);
}

/// Keys of a JSON object, sorted.
fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort();
    k
}

// CLI.md `prizes --json` on a finished small event file: a 10-player, 4-round Swiss
// under the seed-000 prize rules (ranked over its one stage).
#[test]
fn cli_prizes_json_shape() {
    let mut e = presets::build("cxa-swiss", None, Some(4)).unwrap();
    let entries = (1..=10)
        .map(|i| PlayerEntry { name: format!("棋手{i}"), verified_female: i == 7, ..Default::default() })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    e.groups[0].prizes = PrizeRules { ranking_from_stage: None, ..PrizeRules::lingting_cup() };
    for r in 1..=4 {
        play_swiss_round(&mut e, G, 1, r, None);
    }
    let table = standings(&e, G, StageNo(1), 4).unwrap();
    let rules = e.groups[0].prizes.clone();
    let list = awards(&rules, &prize_ranking(&e, G, &rules).unwrap());

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("small.bianpai");
    drop(EventFile::create(&path, &e).unwrap());
    let f = path.to_str().unwrap();
    let out = common::json(&["prizes", f, "--json"]);

    // CLI.md's two fields, and `withheld`, added: nobody is left out here.
    assert_eq!(keys(&out), ["awards", "totals", "withheld"]);
    assert_eq!(out["withheld"], json!([]));
    let awards_json = out["awards"].as_array().unwrap();
    assert_eq!(awards_json.len(), 10, "every rank of 10 has a cash prize (9 and 10: 50 元 each)");
    let first = &awards_json[0];
    assert_eq!(keys(first), ["items", "name", "rank", "start_no"]);
    let winner = table.rows[0].start_no;
    assert_eq!(first["rank"], 1);
    assert_eq!(first["start_no"], winner.0);
    assert_eq!(first["name"], format!("棋手{}", winner.0));
    // CLI.md's example, to the letter: cash, item, trophy.
    assert_eq!(
        first["items"].as_array().unwrap()[..3],
        [
            json!({"kind": "cash", "label": "第1名", "amount_fen": 50000}),
            json!({"kind": "item", "label": "指定酒", "quantity": 2}),
            json!({"kind": "trophy", "label": "冠军奖杯"}),
        ]
    );
    for a in awards_json {
        for item in a["items"].as_array().unwrap() {
            let expected_keys: &[&str] = match item["kind"].as_str().unwrap() {
                "cash" => &["amount_fen", "kind", "label"],
                "item" => &["kind", "label", "quantity"],
                "trophy" => &["kind", "label"],
                other => panic!("unknown kind {other}"),
            };
            assert_eq!(keys(item), expected_keys);
        }
    }
    let ranks: Vec<u64> = awards_json.iter().map(|a| a["rank"].as_u64().unwrap()).collect();
    assert_eq!(ranks, (1..=10).collect::<Vec<u64>>());
    let totals = &out["totals"];
    assert_eq!(keys(totals), ["cash_fen", "items", "trophies"]);
    // Ranks 1–10: 500+300+200+160+120+100+80+60+50+50 = 1620 元, plus lucky ranks 2, 5,
    // 10 at 5.20 元 = 15.60 元 → 163 560 fen. 指定酒 2+2+2+1×7 = 13.
    assert_eq!(totals["cash_fen"], 163_560);
    assert_eq!(totals["items"]["指定酒"], 13);
    assert_eq!(totals["cash_fen"], list.totals.cash_fen);
    assert_eq!(totals["trophies"], list.totals.trophies);
    // The woman (start number 7) gets 女子重大奖: every rank here is in the top 16.
    let hers = awards_json.iter().find(|a| a["start_no"] == 7).unwrap();
    assert!(hers["items"].as_array().unwrap().contains(&json!({"kind": "item", "label": "女子重大奖", "quantity": 1})));
    assert_eq!(totals["items"]["女子重大奖"], 1);

    // The table form names the totals.
    let text = common::ok(&["prizes", f, "--lang", "zh"]);
    assert!(text.contains("第1名 500元"), "{text}");
    assert!(text.contains("奖金合计 1635.60元"), "{text}");
    assert!(text.contains("指定酒 13"), "{text}");
}

// CLI.md: `--group` picks the group (aliases accepted); several groups need it (exit 2).
#[test]
fn cli_prizes_group_choice() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huaiyin.bianpai");
    let f = path.to_str().unwrap();
    common::ok(&["new", f, "--preset", "huaiyin-2022"]);
    let out = common::bianpai(&["prizes", f, "--json"]);
    assert_eq!(common::code(&out), 2, "{}", common::stderr(&out));
    // Nothing played yet: an empty list, zero totals.
    let out = common::json(&["prizes", f, "--group", "adult", "--json"]);
    assert_eq!(out, json!({"awards": [], "totals": {"cash_fen": 0, "items": {}, "trophies": 0}, "withheld": []}));
}
