//! Issue 19, item 7 (R-7.8, R-7.6): why a player gets no prize, and the director's
//! decisions. A seed-003 adult Swiss of 24 in which one player forfeits round 3, one is
//! absent in round 4 and one withdraws before round 6: `prizes --json` lists the three
//! in `withheld`, each with the rank, what it would carry and the reason; granting and
//! withholding a prize are commands that change the awards, are saved, audited and
//! undone; the tiers of the players left out pass down unless the rules go by absolute
//! rank; and a file written before the decisions existed still opens.

use crate::common;

use bianpai::domain::change::DomainError;
use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Bye, ByeKind, Event, PlannedBye};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::model::prize_decision::PrizeDecisionIssue;
use bianpai::domain::player::{Gender, PlayerEntry, PlayerStatus};
use bianpai::domain::presets;
use bianpai::domain::prizes::{
    MissedRound, Prize, PrizeDecisionKind, PrizeOutcome, PrizeRules, RankedPlayer, WithheldReason, awards,
    prize_outcome,
};
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;
use bianpai::print::Document;
use bianpai::store::EventFile;
use jiff::civil::date;
use serde_json::Value;

const S: StageNo = StageNo(1);
const FORFEITER: StartNo = StartNo(5);
const ABSENTEE: StartNo = StartNo(11);
const LEAVER: StartNo = StartNo(17);

/// Pairs and plays a round: red wins on odd boards, black on even ones, except that
/// `forfeiter` (if paired) loses by forfeit.
fn play_round(e: &mut Event, group: GroupId, seed: u64, forfeiter: Option<StartNo>) {
    let round = pair_next_round(e, group, S, seed).unwrap();
    let rno = round.no;
    let games: Vec<(BoardNo, StartNo, StartNo)> = round.games.iter().map(|g| (g.board, g.red, g.black)).collect();
    apply(e, &Command::PairRound { group, stage: S, round }).unwrap();
    for (board, red, black) in games {
        let outcome = if Some(red) == forfeiter {
            Outcome::BlackWinsByForfeit
        } else if Some(black) == forfeiter {
            Outcome::RedWinsByForfeit
        } else if board.0 % 2 == 1 {
            Outcome::RedWins
        } else {
            Outcome::BlackWins
        };
        let result = Some(GameResult::plain(outcome));
        apply(e, &Command::RecordResult { group, stage: S, round: rno, board, game: 1, result }).unwrap();
    }
}

/// The seed-003 adult group under the every-round option, played out (7 rounds, 24
/// players) with the forfeit of no. 5 in round 3, the absence of no. 11 in round 4 and
/// no. 17 withdrawn before round 6.
fn adult_event() -> (Event, GroupId) {
    let mut e = presets::build("huaiyin-2022", None, None).unwrap();
    let adult = e.find_group("adult").unwrap().id;
    // The every-round option (R-11.2 keeps it): each of the three who missed a round
    // is left out.
    e.groups.iter_mut().filter(|g| g.id == adult).for_each(|g| g.prizes.require_every_round = true);
    let entries = (1..=24)
        .map(|i| PlayerEntry {
            name: format!("选手{i}"),
            gender: Some(Gender::Male),
            born: Some(date(1990, 1, 1)),
            phone: "13800000000".into(),
            ..Default::default()
        })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: adult, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let bye = PlannedBye { round: RoundNo(4), bye: Bye::new(ABSENTEE, ByeKind::Absent) };
    apply(&mut e, &Command::AnnounceBye { group: adult, stage: S, planned: bye }).unwrap();
    for r in 1..=7 {
        if r == 6 {
            let status = PlayerStatus::Withdrawn;
            apply(&mut e, &Command::SetPlayerStatus { start_no: LEAVER, status, reason: "中途退赛".into() }).unwrap();
        }
        play_round(&mut e, adult, r, (r == 3).then_some(FORFEITER));
    }
    (e, adult)
}

fn outcome(e: &Event, group: GroupId) -> PrizeOutcome {
    prize_outcome(e, group, &e.group(group).unwrap().prizes).unwrap()
}

/// The adult tier of a prize rank (seed 003, the preset's ranges).
fn tier(rank: u32) -> Prize {
    match rank {
        1..=3 => Prize::cash("一等奖", 10_000),
        4..=10 => Prize::cash("二等奖", 5_000),
        11..=20 => Prize::cash("三等奖", 3_000),
        _ => Prize::cash("参赛奖", 1_000),
    }
}

fn rank_of(o: &PrizeOutcome, p: StartNo) -> u32 {
    o.ranking.iter().find(|r| r.start_no == p).unwrap().rank
}

fn items_of(o: &PrizeOutcome, p: StartNo) -> Option<Vec<Prize>> {
    o.list.awards.iter().find(|a| a.start_no == p).map(|a| a.items.clone())
}

// R-7.8: the three who missed a round are listed with their rank, what it would carry
// and why, in `prizes --json` as in the domain.
#[test]
fn the_players_left_out_and_why() {
    let (e, adult) = adult_event();
    let o = outcome(&e, adult);
    let at = |round| MissedRound { stage: S, round: RoundNo(round) };
    let expected = [
        (FORFEITER, WithheldReason::Forfeit(at(3))),
        (ABSENTEE, WithheldReason::MissedRound(at(4))),
        (LEAVER, WithheldReason::Withdrew { before: Some(at(6)) }),
    ];
    assert_eq!(o.withheld.len(), 3, "{:?}", o.withheld);
    for (player, reason) in &expected {
        let w = o.withheld.iter().find(|w| w.start_no == *player).unwrap();
        assert_eq!(&w.reason, reason, "{player}");
        assert_eq!(w.rank, rank_of(&o, *player));
        assert_eq!(w.items, vec![tier(w.rank)], "what rank {} would carry", w.rank);
        assert!(items_of(&o, *player).is_none(), "{player} gets nothing");
    }
    let ranks: Vec<(u32, StartNo)> = o.withheld.iter().map(|w| (w.rank, w.start_no)).collect();
    let mut sorted = ranks.clone();
    sorted.sort();
    assert_eq!(ranks, sorted, "sorted by rank");

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("adult.bianpai");
    drop(EventFile::create(&path, &e).unwrap());
    let f = path.to_str().unwrap();
    let out = common::json(&["prizes", f, "--group", "adult", "--json", "--lang", "en"]);
    let withheld = out["withheld"].as_array().unwrap();
    assert_eq!(withheld.len(), 3);
    let entry = |p: StartNo| withheld.iter().find(|w| w["start_no"] == p.0).unwrap();
    let forfeit = entry(FORFEITER);
    let mut keys: Vec<&str> = forfeit.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(keys, ["items", "name", "rank", "reason", "round", "stage", "start_no", "words"]);
    assert_eq!(forfeit["reason"], "forfeit");
    assert_eq!((forfeit["stage"].as_u64(), forfeit["round"].as_u64()), (Some(1), Some(3)));
    assert_eq!(forfeit["words"], "forfeit loss in round 3 (every round must be played)");
    assert_eq!(forfeit["name"], "选手5");
    let want = tier(rank_of(&o, FORFEITER));
    let Prize::Cash { label, amount_fen } = &want else { panic!("a cash tier") };
    assert_eq!(forfeit["items"], serde_json::json!([{"kind": "cash", "label": label, "amount_fen": amount_fen}]));
    assert_eq!(entry(ABSENTEE)["reason"], "missed_round");
    assert_eq!(entry(ABSENTEE)["words"], "did not play round 4 (every round must be played)");
    assert_eq!(entry(LEAVER)["reason"], "withdrew");
    assert_eq!(entry(LEAVER)["words"], "withdrew before round 6");
    let zh = common::json(&["prizes", f, "--group", "adult", "--json", "--lang", "zh"]);
    let forfeit_zh = zh["withheld"].as_array().unwrap().iter().find(|w| w["start_no"] == FORFEITER.0).unwrap().clone();
    assert_eq!(forfeit_zh["words"], "第3轮弃权负（须赛满全部轮次）");
    let text = common::ok(&["prizes", f, "--group", "adult", "--lang", "zh"]);
    assert!(text.contains("未获奖励的选手") && text.contains("第4轮缺赛"), "{text}");

    // The prize PDF has the same section, its rows drawn.
    let pdf = bianpai::print::prizes::PRIZE_LIST.print(&e, adult, None, bianpai::lang::Lang::Zh).unwrap().bytes;
    let drawn: Vec<String> = common::pdf::drawn_strings(&pdf).concat().into_iter().map(|(_, _, t)| t).collect();
    for want in ["未获奖励的选手", "第3轮弃权负（须赛满全部轮次）", "第4轮缺赛（须赛满全部轮次）", "第6轮前退赛"]
    {
        assert!(drawn.iter().any(|t| t == want), "{want} in {drawn:?}");
    }
}

// R-7.8: a grant and a withholding, each with its reason, change the awards; they are
// saved and audited, undone and redone; the prizes pass down and back.
#[test]
fn grant_and_withhold_change_the_awards_and_undo() {
    let (e, adult) = adult_event();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("adult.bianpai");
    let mut f = EventFile::create(&path, &e).unwrap();
    let before = outcome(f.event(), adult);
    let first = before.ranking[0].start_no;
    let second = before.ranking[1].start_no;
    assert_eq!(items_of(&before, first), Some(vec![tier(1)]));

    let grant = Command::SetPrizeDecision {
        group: adult,
        start_no: FORFEITER,
        decision: PrizeDecisionKind::Grant,
        reason: "网络故障，经仲裁认定非本人责任".into(),
    };
    f.execute(&grant).unwrap();
    let granted = outcome(f.event(), adult);
    let rank = rank_of(&granted, FORFEITER);
    let left_out_above = [ABSENTEE, LEAVER].iter().filter(|p| rank_of(&granted, **p) < rank).count() as u32;
    assert_eq!(items_of(&granted, FORFEITER), Some(vec![tier(rank - left_out_above)]), "granted: his prize rank");
    assert!(granted.withheld.iter().all(|w| w.start_no != FORFEITER));
    assert_eq!(granted.list.awards.len(), 22);

    let withhold = Command::SetPrizeDecision {
        group: adult,
        start_no: first,
        decision: PrizeDecisionKind::Withhold,
        reason: "赛后查实违规".into(),
    };
    f.execute(&withhold).unwrap();
    let withheld = outcome(f.event(), adult);
    assert_eq!(items_of(&withheld, first), None, "withheld: nothing");
    assert_eq!(items_of(&withheld, second), Some(vec![tier(1)]), "rank 2 takes the first prize");
    let w = withheld.withheld.iter().find(|w| w.start_no == first).unwrap();
    assert_eq!((w.rank, &w.items), (1, &vec![tier(1)]));
    assert_eq!(w.reason, WithheldReason::Director("赛后查实违规".into()));
    let group = f.event().group(adult).unwrap().clone();
    assert_eq!(w.reason.describe(bianpai::lang::Lang::Zh, &group), "裁判长决定不予奖励：赛后查实违规");
    assert_eq!(f.audit_log().unwrap().len(), 2, "each decision audited");
    let after_both = f.event().clone();

    // Saved: the file opened again has both decisions.
    drop(f);
    let mut f = EventFile::open(&path).unwrap();
    assert_eq!(f.event(), &after_both);
    let decisions = &f.event().group(adult).unwrap().prize_decisions;
    assert_eq!(decisions.iter().map(|d| d.start_no).collect::<Vec<_>>(), {
        let mut v = vec![first, FORFEITER];
        v.sort();
        v
    });

    f.undo().unwrap().unwrap();
    assert_eq!(outcome(f.event(), adult).list, granted.list, "undo gives rank 1 his prize back");
    f.undo().unwrap().unwrap();
    assert_eq!(outcome(f.event(), adult), before, "and takes the grant back");
    f.redo().unwrap().unwrap();
    assert_eq!(outcome(f.event(), adult).list, granted.list);

    // Clearing a decision is a command too; the rules decide again.
    let clear = Command::SetPrizeDecision {
        group: adult,
        start_no: FORFEITER,
        decision: PrizeDecisionKind::Clear,
        reason: String::new(),
    };
    f.execute(&clear).unwrap();
    assert_eq!(outcome(f.event(), adult), before);
}

// R-7.8, R-4.5: a decision without a reason, a grant to a disqualified player, clearing
// nothing and a player of another group are refused, nothing changed.
#[test]
fn prize_decisions_that_are_refused() {
    let (mut e, adult) = adult_event();
    let decide = |start_no, decision, reason: &str| Command::SetPrizeDecision {
        group: adult,
        start_no,
        decision,
        reason: reason.into(),
    };
    let refused = |e: &mut Event, c: Command| {
        let before = e.clone();
        let err = apply(e, &c).unwrap_err();
        assert_eq!(e, &before, "nothing changed");
        err
    };
    let issue = |start_no, issue| DomainError::PrizeDecision { start_no, issue };
    assert_eq!(
        refused(&mut e, decide(FORFEITER, PrizeDecisionKind::Grant, "  ")),
        issue(FORFEITER, PrizeDecisionIssue::ReasonMissing)
    );
    assert_eq!(
        refused(&mut e, decide(FORFEITER, PrizeDecisionKind::Clear, "")),
        issue(FORFEITER, PrizeDecisionIssue::NothingToClear)
    );
    let status = PlayerStatus::Disqualified;
    apply(&mut e, &Command::SetPlayerStatus { start_no: StartNo(2), status, reason: "假棋".into() }).unwrap();
    assert_eq!(
        refused(&mut e, decide(StartNo(2), PrizeDecisionKind::Grant, "特批")),
        issue(StartNo(2), PrizeDecisionIssue::Disqualified)
    );
    let youth = e.find_group("youth").unwrap().id;
    let other = Command::SetPrizeDecision {
        group: youth,
        start_no: FORFEITER,
        decision: PrizeDecisionKind::Withhold,
        reason: "x".into(),
    };
    assert_eq!(refused(&mut e, other), issue(FORFEITER, PrizeDecisionIssue::NotInGroup));
    assert_eq!(
        refused(&mut e, decide(StartNo(999), PrizeDecisionKind::Withhold, "x")),
        DomainError::UnknownPlayer(StartNo(999))
    );
}

// R-7.6, R-7.8: the tier of a player left out passes down to the next one who gets
// prizes, unless the rules say "by absolute rank".
#[test]
fn tiers_pass_down_unless_by_absolute_rank() {
    let ranking: Vec<RankedPlayer> = (1..=12)
        .map(|rank| RankedPlayer {
            rank,
            start_no: StartNo(rank),
            seed_rank: None,
            verified_female: false,
            played_every_round: rank != 3,
            finished: rank != 3,
            section: None,
        })
        .collect();
    let cash_of = |list: &bianpai::domain::prizes::PrizeList, rank: u32| -> Vec<Prize> {
        list.awards.iter().find(|a| a.rank == rank).map(|a| a.items.clone()).unwrap_or_default()
    };
    // Youth tiers: 一等奖 50 元 ranks 1–3, 二等奖 30 元 4–6, 三等奖 20 元 7–10, 参赛奖 10 元.
    let passing = PrizeRules::huaiyin_junior();
    let list = awards(&passing, &ranking);
    assert!(cash_of(&list, 3).is_empty(), "rank 3 missed a round");
    assert_eq!(cash_of(&list, 4), [Prize::cash("一等奖", 5_000)], "rank 4 takes the first tier");
    assert_eq!(cash_of(&list, 7), [Prize::cash("二等奖", 3_000)]);
    assert_eq!(cash_of(&list, 11), [Prize::cash("三等奖", 2_000)]);
    assert_eq!(cash_of(&list, 12), [Prize::cash("参赛奖", 1_000)]);
    // 3 × 50 + 3 × 30 + 4 × 20 + 1 × 10 = 330 元.
    assert_eq!(list.totals.cash_fen, 33_000);

    let absolute = PrizeRules { by_absolute_rank: true, ..PrizeRules::huaiyin_junior() };
    let list = awards(&absolute, &ranking);
    assert!(cash_of(&list, 3).is_empty());
    assert_eq!(cash_of(&list, 4), [Prize::cash("二等奖", 3_000)], "by absolute rank: rank 4 keeps its own");
    assert_eq!(cash_of(&list, 11), [Prize::cash("参赛奖", 1_000)]);
    // 2 × 50 + 3 × 30 + 4 × 20 + 2 × 10 = 290 元: the third tier-1 prize is not given.
    assert_eq!(list.totals.cash_fen, 29_000);

    // The option is data with a default: rules saved before it pass down.
    let old: PrizeRules = serde_json::from_str(r#"{"require_every_round": true}"#).unwrap();
    assert!(!old.by_absolute_rank);
}

// A file written before prize decisions and the absolute-rank option existed (its
// group settings without them) opens, and then records a decision.
#[test]
fn an_older_file_opens_and_records_a_decision() {
    let (e, adult) = adult_event();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("older.bianpai");
    drop(EventFile::create(&path, &e).unwrap());
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "UPDATE groups SET settings = json_remove(settings, '$.prize_decisions', '$.prizes.by_absolute_rank');",
        )
        .unwrap();
        let has: i64 = conn
            .query_row("SELECT count(*) FROM groups WHERE settings LIKE '%by_absolute_rank%'", [], |r| r.get(0))
            .unwrap();
        assert_eq!(has, 0, "the settings as an older build wrote them");
    }
    let mut f = EventFile::open(&path).unwrap();
    assert_eq!(f.event(), &e, "read back with the defaults");
    let grant = Command::SetPrizeDecision {
        group: adult,
        start_no: ABSENTEE,
        decision: PrizeDecisionKind::Grant,
        reason: "事先请假获准".into(),
    };
    f.execute(&grant).unwrap();
    drop(f);
    let f = EventFile::open(&path).unwrap();
    assert_eq!(f.event().group(adult).unwrap().prize_decisions.len(), 1);
    assert!(outcome(f.event(), adult).list.awards.iter().any(|a| a.start_no == ABSENTEE));
    let json: Value = serde_json::to_value(f.event().group(adult).unwrap()).unwrap();
    assert_eq!(json["prize_decisions"][0]["verdict"], "grant");
}
