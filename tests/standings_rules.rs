//! Acceptance tests of the standings rules (SPEC.md R-2, R-4.2, R-5): points under
//! the presets' scoring tables, every tiebreak of R-5.4 computed by hand, the
//! previous-round step of seed 003, the CXA bye rule for 对手分 (PAIRING.md cxa §5)
//! and separate boys'/girls' rankings.
//!
//! Every event is built in memory from a preset and paired by hand, so each number
//! below can be checked against the hand computation in the comments.
//! Points and point-valued tiebreaks are in tenths: `40` is 4 points.

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Bye, ByeKind, Event, Game, Round};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::player::{Gender, PlayerEntry, PlayerStatus};
use bianpai::domain::points::Points;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome, ResultReason};
use bianpai::domain::rules::Tiebreak;
use bianpai::domain::standings::tiebreaks::Unit;
use bianpai::domain::standings::{Standings, standings};
use jiff::civil::{Date, date};

const ADULT: GroupId = GroupId(1);
const YOUTH: GroupId = GroupId(2);
const STAGE: StageNo = StageNo(1);

use Tiebreak::{BlackGames, BlackWins, Fouls, OpponentsPoints, Progressive, Wins};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn entry(name: &str, born: Date, gender: Option<Gender>) -> PlayerEntry {
    PlayerEntry { name: name.into(), born: Some(born), gender, phone: "13800000000".into(), ..Default::default() }
}

/// Registers `n` adults (born 1990, phone given) in `group`: start numbers 1 … n.
fn add_adults(e: &mut Event, group: GroupId, n: u32) {
    let entries = (1..=n).map(|i| entry(&format!("选手{i}"), date(1990, 1, 1), Some(Gender::Male))).collect();
    let applied = apply(e, &Command::AddPlayers { group, entries, override_reason: None, left_out: Vec::new() })
        .expect("players accepted");
    let expected: Vec<StartNo> = (1..=n).map(StartNo).collect();
    assert_eq!(applied.new_players, expected, "start numbers are given 1, 2, 3 … in order");
}

/// Pairs round `no` by hand: `games` are (red, black) on boards 1, 2, …; `byes` are
/// players not paired, with the kind of bye.
fn pair(e: &mut Event, group: GroupId, no: u32, games: &[(u32, u32)], byes: &[(u32, ByeKind)]) {
    let round = Round {
        no: RoundNo(no),
        seed: None,
        games: games
            .iter()
            .enumerate()
            .map(|(i, &(red, black))| Game {
                board: BoardNo(i as u32 + 1),
                game: 1,
                red: StartNo(red),
                black: StartNo(black),
                result: None,
            })
            .collect(),
        byes: byes.iter().map(|&(p, kind)| Bye::new(StartNo(p), kind)).collect(),
        warnings: Vec::new(),
        watches: Vec::new(),
        teams: None,
    };
    apply(e, &Command::PairRound { group, stage: STAGE, round }).unwrap_or_else(|err| panic!("round {no}: {err}"));
}

/// Records the result of board `board` of round `round` with the fouls of each side.
fn result(e: &mut Event, group: GroupId, round: u32, board: u32, outcome: Outcome, fouls_red: u32, fouls_black: u32) {
    let result = GameResult { outcome, reason: ResultReason::Normal, fouls_red, fouls_black };
    apply(
        e,
        &Command::RecordResult {
            group,
            stage: STAGE,
            round: RoundNo(round),
            board: BoardNo(board),
            game: 1,
            result: Some(result),
        },
    )
    .unwrap_or_else(|err| panic!("round {round} board {board}: {err}"));
}

fn table(e: &Event, group: GroupId, after_round: u32) -> Standings {
    let s = standings(e, group, STAGE, after_round).expect("standings");
    assert_eq!(s.after_round, after_round);
    s
}

/// One expected line: rank, start number, points in tenths, then the raw value of
/// each tiebreak column in the stage's order.
type Line = (u32, u32, i32, Vec<i64>);

/// Asserts the whole table: order, ranks, points and every tiebreak value with its
/// unit (point-valued tiebreaks in tenths, counts as plain numbers).
fn assert_table(s: &Standings, columns: &[Tiebreak], expected: &[Line]) {
    let got: Vec<Line> = s
        .rows
        .iter()
        .map(|r| {
            let names: Vec<Tiebreak> = r.tiebreaks.iter().map(|(t, _)| *t).collect();
            assert_eq!(names, columns, "tiebreak columns of player {}", r.start_no);
            for (t, v) in &r.tiebreaks {
                let unit = if matches!(t, OpponentsPoints | Progressive) { Unit::Tenths } else { Unit::Count };
                assert_eq!(v.unit, unit, "unit of {t:?} for player {}", r.start_no);
            }
            (r.rank.unwrap_or(0), r.start_no.0, r.points.tenths(), r.tiebreaks.iter().map(|(_, v)| v.raw).collect())
        })
        .collect();
    assert_eq!(got, expected, "standings after round {}", s.after_round);
}

/// (start number, games played as red, games played as black): forfeits are not
/// games played.
fn assert_colours(s: &Standings, expected: &[(u32, u32, u32)]) {
    let mut got: Vec<(u32, u32, u32)> = s.rows.iter().map(|r| (r.start_no.0, r.red_games, r.black_games)).collect();
    got.sort();
    assert_eq!(got, expected, "red/black games after round {}", s.after_round);
}

// ---------------------------------------------------------------------------
// 1. Seed 000 (lingting-cup stage 1): asymmetric scoring, bye, absence, forfeit
// ---------------------------------------------------------------------------

/// Six players, three rounds of the 聆听杯 club qualifier.
/// Scoring (R-2.1): red win 4 / draw 2 / loss 0; black win 5 / draw 3 / loss 0;
/// pairing bye 4; a forfeit win scores the win of the colour as paired (R-2.2).
///
/// Round 1: B1 1(red)–2(black) 1-0        → 1: +4, 2: +0
///          B2 3–4 draw                     → 3: +2, 4: +3
///          B3 5–6 -+ (red 5 absent)        → 5: +0, 6: +5 (black's win, R-2.2)
///   totals: 1:4  2:0  3:2  4:3  5:0  6:5
/// Round 2: B1 4–1 0-1                      → 4: +0, 1: +5
///          B2 2–3 1-0                      → 2: +4, 3: +0
///          5 pairing bye                   → 5: +4
///          6 absent                        → 6: +0
///   totals: 1:9  2:4  3:2  4:3  5:4  6:5
/// Round 3: B1 1–6 draw                     → 1: +2, 6: +3
///          B2 5–3 0-1                      → 5: +0, 3: +5
///          B3 2–4 draw                     → 2: +2, 4: +3
///   totals: 1:11 2:6  3:7  4:6  5:4  6:8
fn lingting_event() -> Event {
    let mut e = presets::build("lingting-cup", None, Some(3)).expect("preset");
    add_adults(&mut e, ADULT, 6);
    pair(&mut e, ADULT, 1, &[(1, 2), (3, 4), (5, 6)], &[]);
    result(&mut e, ADULT, 1, 1, Outcome::RedWins, 0, 0);
    result(&mut e, ADULT, 1, 2, Outcome::Draw, 0, 0);
    result(&mut e, ADULT, 1, 3, Outcome::BlackWinsByForfeit, 0, 0);
    pair(&mut e, ADULT, 2, &[(4, 1), (2, 3)], &[(5, ByeKind::Pairing), (6, ByeKind::Absent)]);
    result(&mut e, ADULT, 2, 1, Outcome::BlackWins, 0, 0);
    result(&mut e, ADULT, 2, 2, Outcome::RedWins, 0, 0);
    pair(&mut e, ADULT, 3, &[(1, 6), (5, 3), (2, 4)], &[]);
    result(&mut e, ADULT, 3, 1, Outcome::Draw, 0, 0);
    result(&mut e, ADULT, 3, 2, Outcome::BlackWins, 0, 0);
    result(&mut e, ADULT, 3, 3, Outcome::Draw, 0, 0);
    e
}

// R-2.1, R-2.2, R-5.1, R-5.2, R-5.4: standings after round 2 of the seed-000 event.
#[test]
fn lingting_standings_after_round_2() {
    let e = lingting_event();
    let s = table(&e, ADULT, 2);
    // Totals after round 2: 1:9 2:4 3:2 4:3 5:4 6:5.
    // The lowest total above zero after round 2 is 2 (player 3): that is what
    // player 5's pairing bye adds to 对手分 (R-5.4, CXA 14.4).
    //
    // 对手分 (opponents' totals after round 2; forfeits count, absence adds nothing):
    //   1: 2(4) + 4(3)             = 7
    //   2: 1(9) + 3(2)             = 11
    //   3: 4(3) + 2(4)             = 7
    //   4: 3(2) + 1(9)             = 11
    //   5: 6(5) [forfeit] + bye(2) = 7
    //   6: 5(4) [forfeit] + absent = 4
    // 累进分 (running totals after rounds 1, 2):
    //   1: 4+9=13  2: 0+4=4  3: 2+2=4  4: 3+3=6  5: 0+4=4  6: 5+5=10
    // 胜局 (forfeit wins count, byes do not):
    //   1: 2  2: 1  3: 0  4: 0  5: 0  6: 1 (forfeit win in round 1)
    // 后手局 (played as black; forfeits excluded):
    //   1: 1 (r2)  2: 1 (r1)  3: 1 (r2)  4: 1 (r1)  5: 0  6: 0 (r1 was a forfeit)
    //
    // Ranking: 1 (9); 6 (5); 2 and 5 on 4 points: 对手分 11 > 7 → 2 then 5;
    //          4 (3); 3 (2).
    assert_table(
        &s,
        &[OpponentsPoints, Progressive, Wins, BlackGames],
        &[
            (1, 1, 90, vec![70, 130, 2, 1]),
            (2, 6, 50, vec![40, 100, 1, 0]),
            (3, 2, 40, vec![110, 40, 1, 1]),
            (4, 5, 40, vec![70, 40, 0, 0]),
            (5, 4, 30, vec![110, 60, 0, 1]),
            (6, 3, 20, vec![70, 40, 0, 1]),
        ],
    );
    // Played games by colour: 1 red r1, black r2; 2 black r1, red r2; 3 red r1,
    // black r2; 4 black r1, red r2; 5 only a forfeit and a bye; 6 only a forfeit.
    assert_colours(&s, &[(1, 1, 1), (2, 1, 1), (3, 1, 1), (4, 1, 1), (5, 0, 0), (6, 0, 0)]);
    assert!(s.rows.iter().all(|r| r.section.is_none() && r.status == PlayerStatus::Active));
}

// R-2.1, R-2.2, R-5.1, R-5.4: final standings after round 3 of the seed-000 event.
#[test]
fn lingting_standings_after_round_3() {
    let e = lingting_event();
    let s = table(&e, ADULT, 3);
    // Totals after round 3: 1:11 2:6 3:7 4:6 5:4 6:8.
    // Lowest total above zero after round 3: 4 (player 5 himself, the lowest).
    //
    // 对手分:
    //   1: 2(6) + 4(6) + 6(8)                = 20
    //   2: 1(11) + 3(7) + 4(6)               = 24
    //   3: 4(6) + 2(6) + 5(4)                = 16
    //   4: 3(7) + 1(11) + 2(6)               = 24
    //   5: 6(8) [forfeit] + bye(4) + 3(7)    = 19
    //   6: 5(4) [forfeit] + absent(0) + 1(11) = 15
    // 累进分 (running totals after rounds 1, 2, 3):
    //   1: 4+9+11=24  2: 0+4+6=10  3: 2+2+7=11  4: 3+3+6=12  5: 0+4+4=8  6: 5+5+8=18
    // 胜局:
    //   1: 2 (r1, r2)  2: 1 (r2)  3: 1 (r3)  4: 0  5: 0 (bye is no win)  6: 1 (forfeit, r1)
    // 后手局 (played as black):
    //   1: 1 (r2)  2: 1 (r1)  3: 2 (r2, r3)  4: 2 (r1, r3)  5: 0  6: 1 (r3; r1 forfeit excluded)
    //
    // Ranking: 1 (11); 6 (8); 3 (7); 4 and 2 on 6 points with 对手分 24 each:
    //          累进分 12 > 10 → 4 then 2; 5 (4).
    assert_table(
        &s,
        &[OpponentsPoints, Progressive, Wins, BlackGames],
        &[
            (1, 1, 110, vec![200, 240, 2, 1]),
            (2, 6, 80, vec![150, 180, 1, 1]),
            (3, 3, 70, vec![160, 110, 1, 2]),
            (4, 4, 60, vec![240, 120, 0, 2]),
            (5, 2, 60, vec![240, 100, 1, 1]),
            (6, 5, 40, vec![190, 80, 0, 0]),
        ],
    );
    // Red games played: 1: r1, r3; 2: r2, r3; 3: r1; 4: r2; 5: r3 (r1 forfeit); 6: none.
    assert_colours(&s, &[(1, 2, 1), (2, 2, 1), (3, 1, 2), (4, 1, 2), (5, 1, 0), (6, 0, 1)]);
}

// ---------------------------------------------------------------------------
// 2. Seed 003 (huaiyin-2022): the previous-round step of the tiebreak chain
// ---------------------------------------------------------------------------

// R-5.1, R-5.4 previous_rank: players 1 and 2 are equal on points, 对手分, 胜局, 犯规,
// 后走局数 and 后走胜局 after round 2; player 2 was ranked above player 1 after
// round 1, so player 2 ranks above player 1 after round 2 — against start-number order.
#[test]
fn huaiyin_previous_round_rank_decides_a_full_tie() {
    let mut e = presets::build("huaiyin-2022", None, None).expect("preset");
    add_adults(&mut e, ADULT, 4);
    // Scoring 2/1/0 for both colours (R-2.1, seed 003).
    // Round 1: B1 2(red)–3(black) 1-0          → 2: 2, 3: 0
    //          B2 4(red)–1(black) draw, 1 foul against black (player 1)
    //                                           → 4: 1, 1: 1
    pair(&mut e, ADULT, 1, &[(2, 3), (4, 1)], &[]);
    result(&mut e, ADULT, 1, 1, Outcome::RedWins, 0, 0);
    result(&mut e, ADULT, 1, 2, Outcome::Draw, 0, 1);
    // Round 2: B1 1(red)–3(black) 1-0          → 1: 3, 3: 0
    //          B2 4(red)–2(black) draw, 1 foul against black (player 2)
    //                                           → 4: 2, 2: 3
    pair(&mut e, ADULT, 2, &[(1, 3), (4, 2)], &[]);
    result(&mut e, ADULT, 2, 1, Outcome::RedWins, 0, 0);
    result(&mut e, ADULT, 2, 2, Outcome::Draw, 0, 1);

    let columns = [OpponentsPoints, Wins, Fouls, BlackGames, BlackWins];

    // After round 1: totals 1:1 2:2 3:0 4:1.
    //   对手分: 1: 4(1)=1  2: 3(0)=0  3: 2(2)=2  4: 1(1)=1
    //   胜局: 2: 1, others 0.   犯规: 1: 1, others 0.
    //   后走局数: 1: 1, 3: 1, 2: 0, 4: 0.   后走胜局: all 0.
    // Ranking: 2 (2); 4 and 1 on 1 point: 对手分 1 = 1, 胜局 0 = 0, 犯规 0 < 1 → 4
    //          then 1; 3 (0).
    let s1 = table(&e, ADULT, 1);
    assert_table(
        &s1,
        &columns,
        &[
            (1, 2, 20, vec![0, 1, 0, 0, 0]),
            (2, 4, 10, vec![10, 0, 0, 0, 0]),
            (3, 1, 10, vec![10, 0, 1, 1, 0]),
            (4, 3, 0, vec![20, 0, 0, 1, 0]),
        ],
    );

    // After round 2: totals 1:3 2:3 3:0 4:2.
    //   对手分: 1: 4(2) + 3(0) = 2      2: 3(0) + 4(2) = 2
    //           3: 2(3) + 1(3) = 6      4: 1(3) + 2(3) = 6
    //   胜局:   1: 1 (r2)  2: 1 (r1)  3: 0  4: 0
    //   犯规:   1: 1 (r1)  2: 1 (r2)  3: 0  4: 0
    //   后走局数: 1: 1 (r1)  2: 1 (r2)  3: 2  4: 0
    //   后走胜局: all 0 (both black games of 1 and 2 were draws)
    // Players 1 and 2: 3 points each, and 2 = 2, 1 = 1, 1 = 1, 1 = 1, 0 = 0 on the
    // five tiebreaks. Previous round: 2 was 1st, 1 was 3rd after round 1 → 2 then 1,
    // although 1 has the lower start number.
    // Ranking: 2, 1 (3); 4 (2); 3 (0).
    let s2 = table(&e, ADULT, 2);
    assert_table(
        &s2,
        &columns,
        &[
            (1, 2, 30, vec![20, 1, 1, 1, 0]),
            (2, 1, 30, vec![20, 1, 1, 1, 0]),
            (3, 4, 20, vec![60, 0, 0, 0, 0]),
            (4, 3, 0, vec![60, 0, 0, 2, 0]),
        ],
    );
    let rank_of = |s: &Standings, p: u32| s.rows.iter().find(|r| r.start_no == StartNo(p)).map(|r| r.rank);
    assert!(rank_of(&s1, 2) < rank_of(&s1, 1), "2 above 1 after round 1");
    assert!(rank_of(&s2, 2) < rank_of(&s2, 1), "and therefore after round 2");
}

/// Six adults, three rounds, 2/1/0 for both colours, no fouls. Players 1 and 2 stay
/// level on points and on every tiebreak with a column after rounds 2 and 3, so do
/// players 4 and 5 after rounds 2 and 3.
///
/// Round 1: B1 2(red)–4(black) 1-0   B2 3(red)–1(black) draw   B3 5(red)–6(black) draw
///   totals: 1:1  2:2  3:1  4:0  5:1  6:1
/// Round 2: B1 1(red)–5(black) 1-0   B2 6(red)–2(black) draw   B3 4(red)–3(black) draw
///   totals: 1:3  2:3  3:2  4:1  5:1  6:2
/// Round 3: B1 1(red)–4(black) 1-0   B2 2(red)–5(black) 1-0    B3 6(red)–3(black) draw
///   totals: 1:5  2:5  3:3  4:1  5:1  6:3
fn level_pairs_event(preset: &str) -> Event {
    let mut e = presets::build(preset, None, Some(3)).expect("preset");
    add_adults(&mut e, ADULT, 6);
    let rounds: [[(u32, u32, Outcome); 3]; 3] = [
        [(2, 4, Outcome::RedWins), (3, 1, Outcome::Draw), (5, 6, Outcome::Draw)],
        [(1, 5, Outcome::RedWins), (6, 2, Outcome::Draw), (4, 3, Outcome::Draw)],
        [(1, 4, Outcome::RedWins), (2, 5, Outcome::RedWins), (6, 3, Outcome::Draw)],
    ];
    for (i, games) in rounds.iter().enumerate() {
        let no = i as u32 + 1;
        let pairs: Vec<(u32, u32)> = games.iter().map(|&(r, b, _)| (r, b)).collect();
        pair(&mut e, ADULT, no, &pairs, &[]);
        for (board, &(_, _, outcome)) in games.iter().enumerate() {
            result(&mut e, ADULT, no, board as u32 + 1, outcome, 0, 0);
        }
    }
    e
}

// R-5.1 ("if still tied, compare the two players' ranks after the previous round, and
// so on back"), R-5.4 previous_rank: the ranks after round r − 1 are themselves
// computed with the same rules, including their own previous-round step.
#[test]
fn huaiyin_previous_round_rank_goes_back_round_by_round() {
    let e = level_pairs_event("huaiyin-2022");
    let columns = [OpponentsPoints, Wins, Fouls, BlackGames, BlackWins];

    // After round 1: totals 1:1 2:2 3:1 4:0 5:1 6:1.
    //   对手分: 1: 3(1)=1  2: 4(0)=0  3: 1(1)=1  4: 2(2)=2  5: 6(1)=1  6: 5(1)=1
    //   胜局: 2: 1.  后走局数: 1, 4, 6: 1.  后走胜局: none.
    // Ranking: 2 (2); on 1 point 1, 3, 5, 6 with 对手分 1 and no wins: 后走局数
    //          1 = 6 = 1 > 3 = 5 = 0; then start numbers (round 1) → 1, 6, 3, 5; 4 (0).
    assert_table(
        &table(&e, ADULT, 1),
        &columns,
        &[
            (1, 2, 20, vec![0, 1, 0, 0, 0]),
            (2, 1, 10, vec![10, 0, 0, 1, 0]),
            (3, 6, 10, vec![10, 0, 0, 1, 0]),
            (4, 3, 10, vec![10, 0, 0, 0, 0]),
            (5, 5, 10, vec![10, 0, 0, 0, 0]),
            (6, 4, 0, vec![20, 0, 0, 1, 0]),
        ],
    );

    // After round 2: totals 1:3 2:3 3:2 4:1 5:1 6:2.
    //   对手分: 1: 3(2)+5(1)=3  2: 4(1)+6(2)=3  3: 1(3)+4(1)=4
    //           4: 2(3)+3(2)=5  5: 6(2)+1(3)=5  6: 5(1)+2(3)=4
    //   胜局: 1: 1, 2: 1.  后走局数: every player 1.  后走胜局: none.
    // 1 vs 2, 6 vs 3 and 5 vs 4 are level on all five tiebreaks; the ranks after
    // round 1 decide: 2 (1st) > 1 (2nd); 6 (3rd) > 3 (4th); 5 (5th) > 4 (6th).
    assert_table(
        &table(&e, ADULT, 2),
        &columns,
        &[
            (1, 2, 30, vec![30, 1, 0, 1, 0]),
            (2, 1, 30, vec![30, 1, 0, 1, 0]),
            (3, 6, 20, vec![40, 0, 0, 1, 0]),
            (4, 3, 20, vec![40, 0, 0, 1, 0]),
            (5, 5, 10, vec![50, 0, 0, 1, 0]),
            (6, 4, 10, vec![50, 0, 0, 1, 0]),
        ],
    );

    // After round 3: totals 1:5 2:5 3:3 4:1 5:1 6:3.
    //   对手分: 1: 3(3)+5(1)+4(1)=5   2: 4(1)+6(3)+5(1)=5   3: 1(5)+4(1)+6(3)=9
    //           4: 2(5)+3(3)+1(5)=13  5: 6(3)+1(5)+2(5)=13  6: 5(1)+2(5)+3(3)=9
    //   胜局: 1: 2, 2: 2.  后走局数: 1: 1  2: 1  3: 2  4: 2  5: 2  6: 1.  后走胜局: none.
    // 1 vs 2 and 5 vs 4 are level again; after round 2, 2 was above 1 and 5 above 4
    // (each decided by round 1) → 2, 1 and 5, 4. 3 vs 6: 后走局数 2 > 1 → 3, 6.
    assert_table(
        &table(&e, ADULT, 3),
        &columns,
        &[
            (1, 2, 50, vec![50, 2, 0, 1, 0]),
            (2, 1, 50, vec![50, 2, 0, 1, 0]),
            (3, 3, 30, vec![90, 0, 0, 2, 0]),
            (4, 6, 30, vec![90, 0, 0, 1, 0]),
            (5, 5, 10, vec![130, 0, 0, 2, 0]),
            (6, 4, 10, vec![130, 0, 0, 2, 0]),
        ],
    );
}

// R-5.4 previous_score (CXA 14.3.1 比较前一轮成绩): the same games under cxa-swiss;
// level players are compared on their totals after r − 1, then r − 2 …, and the start
// number decides when every earlier total is equal — unlike previous_rank above.
#[test]
fn cxa_previous_score_compares_earlier_totals() {
    let e = level_pairs_event("cxa-swiss");
    let columns = [OpponentsPoints, Wins, Fouls, BlackGames];

    // After round 2 (values as in the huaiyin test above):
    //   1 vs 2: totals after round 1 are 1 < 2 → 2, 1.
    //   6 vs 3: totals after round 1 are 1 = 1 → start number → 3, 6
    //           (previous_rank put 6 first, by its round-1 rank).
    //   5 vs 4: totals after round 1 are 1 > 0 → 5, 4.
    assert_table(
        &table(&e, ADULT, 2),
        &columns,
        &[
            (1, 2, 30, vec![30, 1, 0, 1]),
            (2, 1, 30, vec![30, 1, 0, 1]),
            (3, 3, 20, vec![40, 0, 0, 1]),
            (4, 6, 20, vec![40, 0, 0, 1]),
            (5, 5, 10, vec![50, 0, 0, 1]),
            (6, 4, 10, vec![50, 0, 0, 1]),
        ],
    );

    // After round 3:
    //   1 vs 2: totals after round 2 are 3 = 3, after round 1 are 1 < 2 → 2, 1.
    //   3 vs 6: 后手局 2 > 1 → 3, 6.
    //   5 vs 4: totals after round 2 are 1 = 1, after round 1 are 1 > 0 → 5, 4.
    assert_table(
        &table(&e, ADULT, 3),
        &columns,
        &[
            (1, 2, 50, vec![50, 2, 0, 1]),
            (2, 1, 50, vec![50, 2, 0, 1]),
            (3, 3, 30, vec![90, 0, 0, 2]),
            (4, 6, 30, vec![90, 0, 0, 1]),
            (5, 5, 10, vec![130, 0, 0, 2]),
            (6, 4, 10, vec![130, 0, 0, 2]),
        ],
    );
}

// ---------------------------------------------------------------------------
// 3. CXA bye rule for 对手分 (cxa-swiss)
// ---------------------------------------------------------------------------

// R-5.4 对手分, PAIRING.md cxa §5 (CXA 14.4): a pairing-allocated bye counts as an
// opponent with the lowest total above zero; zero totals are skipped; a requested
// bye and an absence add nothing.
#[test]
fn cxa_bye_adds_the_lowest_total_above_zero() {
    let mut e = presets::build("cxa-swiss", None, Some(5)).expect("preset");
    add_adults(&mut e, ADULT, 8);
    // Scoring 2/1/0, pairing bye 2, requested bye 0 (cxa-swiss preset).
    // Round 1: B1 1(red)–2(black) 1-0   → 1: 2, 2: 0
    //          B2 3–4 draw               → 3: 1, 4: 1
    //          B3 5–6 0-1                → 5: 0, 6: 2
    //          7 pairing bye             → 7: 2
    //          8 requested bye           → 8: 0
    pair(&mut e, ADULT, 1, &[(1, 2), (3, 4), (5, 6)], &[(7, ByeKind::Pairing), (8, ByeKind::Requested)]);
    result(&mut e, ADULT, 1, 1, Outcome::RedWins, 0, 0);
    result(&mut e, ADULT, 1, 2, Outcome::Draw, 0, 0);
    result(&mut e, ADULT, 1, 3, Outcome::BlackWins, 0, 0);
    let columns = [OpponentsPoints, Wins, Fouls, BlackGames];

    // After round 1: totals 1:2 2:0 3:1 4:1 5:0 6:2 7:2 8:0.
    // Lowest total above zero: 1 (players 3 and 4) — not 0 (players 2, 5, 8) and not
    // player 7's own 2.
    //   对手分: 1: 2(0)=0  2: 1(2)=2  3: 4(1)=1  4: 3(1)=1  5: 6(2)=2  6: 5(0)=0
    //           7: bye → 1        8: requested bye → 0
    //   胜局: 1, 6: 1; 7: 0 (a bye is no win); others 0.
    //   后手局: 2, 4, 6: 1; others 0.
    // Ranking on 2 points: 7 (对手分 1) before 1 and 6 (0); 1 vs 6: 胜局 1 = 1,
    //   犯规 0 = 0, 后手局 0 < 1 → 6 then 1.
    // On 1 point: 3 and 4, 对手分 1 = 1, 胜局 0, 犯规 0, 后手局 4: 1 > 3: 0 → 4, 3.
    // On 0 points: 2 and 5 (对手分 2) before 8 (0); 2 vs 5: 后手局 1 > 0 → 2, 5.
    let s1 = table(&e, ADULT, 1);
    assert_table(
        &s1,
        &columns,
        &[
            (1, 7, 20, vec![10, 0, 0, 0]),
            (2, 6, 20, vec![0, 1, 0, 1]),
            (3, 1, 20, vec![0, 1, 0, 0]),
            (4, 4, 10, vec![10, 0, 0, 1]),
            (5, 3, 10, vec![10, 0, 0, 0]),
            (6, 2, 0, vec![20, 0, 0, 1]),
            (7, 5, 0, vec![20, 0, 0, 0]),
            (8, 8, 0, vec![0, 0, 0, 0]),
        ],
    );

    // Round 2: B1 1(red)–6(black) draw  → 1: 3, 6: 3
    //          B2 7–3 1-0                → 7: 4, 3: 1
    //          B3 4–8 draw               → 4: 2, 8: 1
    //          5 pairing bye             → 5: 2
    //          2 absent                  → 2: 0
    pair(&mut e, ADULT, 2, &[(1, 6), (7, 3), (4, 8)], &[(2, ByeKind::Absent), (5, ByeKind::Pairing)]);
    result(&mut e, ADULT, 2, 1, Outcome::Draw, 0, 0);
    result(&mut e, ADULT, 2, 2, Outcome::RedWins, 0, 0);
    result(&mut e, ADULT, 2, 3, Outcome::Draw, 0, 0);

    // After round 2: totals 1:3 2:0 3:1 4:2 5:2 6:3 7:4 8:1.
    // Lowest total above zero: 1 (players 3 and 8); player 2's 0 is skipped; player
    // 5's own total is 2. Every pairing bye, of any round, is valued with the totals
    // after the round of the standings (R-5.4: "for round r").
    //   对手分: 1: 2(0) + 6(3)          = 3
    //           2: 1(3) + absent         = 3
    //           3: 4(2) + 7(4)           = 6
    //           4: 3(1) + 8(1)           = 2
    //           5: 6(3) + bye(1)         = 4
    //           6: 5(2) + 1(3)           = 5
    //           7: bye(1) + 3(1)         = 2
    //           8: requested bye + 4(2)  = 2
    //   胜局: 1: 1  6: 1  7: 1 (r2; the bye is no win); others 0.
    //   后手局: 1: 0  2: 1  3: 1  4: 1  5: 0  6: 2  7: 0  8: 1
    // Ranking: 7 (4); 6, 1 on 3 points (对手分 5 > 3); 5, 4 on 2 points (对手分 4 > 2);
    //          3, 8 on 1 point (对手分 6 > 2); 2 (0).
    let s2 = table(&e, ADULT, 2);
    assert_table(
        &s2,
        &columns,
        &[
            (1, 7, 40, vec![20, 1, 0, 0]),
            (2, 6, 30, vec![50, 1, 0, 2]),
            (3, 1, 30, vec![30, 1, 0, 0]),
            (4, 5, 20, vec![40, 0, 0, 0]),
            (5, 4, 20, vec![20, 0, 0, 1]),
            (6, 3, 10, vec![60, 0, 0, 1]),
            (7, 8, 10, vec![20, 0, 0, 1]),
            (8, 2, 0, vec![30, 0, 0, 1]),
        ],
    );
}

// R-2.2, R-3.4, R-5.4: forfeits and rounds not paired under huaiyin-2022. A forfeit
// (one side or both) is a pairing, so the opponent counts in 对手分; a forfeit win
// counts in 胜局 but not in 后走局数/后走胜局 (games actually played); a withdrawn
// player, not named in a round, adds nothing for it but keeps his results.
#[test]
fn huaiyin_forfeits_and_withdrawal() {
    let mut e = presets::build("huaiyin-2022", None, None).expect("preset");
    add_adults(&mut e, ADULT, 4);
    let columns = [OpponentsPoints, Wins, Fouls, BlackGames, BlackWins];
    // Round 1: B1 1(red)–2(black) -+ (red absent)  → 1: 0, 2: 2 (a win, as black, unplayed)
    //          B2 3(red)–4(black) -- both forfeit  → 3: 0, 4: 0
    pair(&mut e, ADULT, 1, &[(1, 2), (3, 4)], &[]);
    result(&mut e, ADULT, 1, 1, Outcome::BlackWinsByForfeit, 0, 0);
    result(&mut e, ADULT, 1, 2, Outcome::BothForfeit, 0, 0);
    // Round 2: B1 1(red)–3(black) 0-1              → 1: 0, 3: 2
    //          B2 2(red)–4(black) draw             → 2: 3, 4: 1
    pair(&mut e, ADULT, 2, &[(1, 3), (2, 4)], &[]);
    result(&mut e, ADULT, 2, 1, Outcome::BlackWins, 0, 0);
    result(&mut e, ADULT, 2, 2, Outcome::Draw, 0, 0);

    // After round 2: totals 1:0 2:3 3:2 4:1.
    //   对手分: 1: 2(3) + 3(2)               = 5
    //           2: 1(0) + 4(1)               = 1
    //           3: 4(1) [both forfeit] + 1(0) = 1
    //           4: 3(2) [both forfeit] + 2(3) = 5
    //   胜局: 2: 1 (forfeit win)  3: 1 (r2)  1, 4: 0
    //   后走局数: 3: 1 (r2)  4: 1 (r2); 2's forfeit as black does not count.
    //   后走胜局: 3: 1; 2's forfeit win as black does not count.
    // Ranking: 2 (3), 3 (2), 4 (1), 1 (0).
    let s2 = table(&e, ADULT, 2);
    assert_table(
        &s2,
        &columns,
        &[
            (1, 2, 30, vec![10, 1, 0, 0, 0]),
            (2, 3, 20, vec![10, 1, 0, 1, 1]),
            (3, 4, 10, vec![50, 0, 0, 1, 0]),
            (4, 1, 0, vec![50, 0, 0, 0, 0]),
        ],
    );
    assert_colours(&s2, &[(1, 1, 0), (2, 1, 0), (3, 0, 1), (4, 0, 1)]);

    // Player 1 withdraws; round 3 pairs the other three.
    // Round 3: B1 2(red)–3(black) draw  → 2: 4, 3: 3
    //          4 pairing bye (2 points) → 4: 3
    apply(
        &mut e,
        &Command::SetPlayerStatus { start_no: StartNo(1), status: PlayerStatus::Withdrawn, reason: "退赛".into() },
    )
    .expect("withdraw");
    pair(&mut e, ADULT, 3, &[(2, 3)], &[(4, ByeKind::Pairing)]);
    result(&mut e, ADULT, 3, 1, Outcome::Draw, 0, 0);

    // After round 3: totals 1:0 2:4 3:3 4:3; lowest total above zero: 3.
    //   对手分: 1: 2(4) + 3(3) + [not paired]  = 7
    //           2: 1(0) + 4(3) + 3(3)           = 6
    //           3: 4(3) + 1(0) + 2(4)           = 7
    //           4: 3(3) + 2(4) + bye(3)         = 10
    //   胜局: 2: 1  3: 1.  后走局数: 3: 2  4: 1.  后走胜局: 3: 1.
    // Ranking: 2 (4); 4 and 3 on 3 points: 对手分 10 > 7 → 4, 3; 1 (0).
    let s3 = table(&e, ADULT, 3);
    assert_table(
        &s3,
        &columns,
        &[
            (1, 2, 40, vec![60, 1, 0, 0, 0]),
            (2, 4, 30, vec![100, 0, 0, 1, 0]),
            (3, 3, 30, vec![70, 1, 0, 2, 1]),
            (4, 1, 0, vec![70, 0, 0, 0, 0]),
        ],
    );
    let statuses: Vec<(u32, PlayerStatus)> = s3.rows.iter().map(|r| (r.start_no.0, r.status)).collect();
    assert_eq!(
        statuses,
        [(2, PlayerStatus::Active), (4, PlayerStatus::Active), (3, PlayerStatus::Active), (1, PlayerStatus::Withdrawn),]
    );
}

// ---------------------------------------------------------------------------
// 4. Boys and girls ranked separately (少年组)
// ---------------------------------------------------------------------------

// R-5.3: in 少年组 boys and girls are ranked separately: each row carries its section,
// boys come first, and ranks restart at 1 in each section. Opponents' totals count
// across sections.
#[test]
fn youth_boys_and_girls_ranked_separately() {
    let mut e = presets::build("huaiyin-2022", None, None).expect("preset");
    let kids = [
        ("男一", Gender::Male),
        ("女二", Gender::Female),
        ("男三", Gender::Male),
        ("女四", Gender::Female),
        ("男五", Gender::Male),
        ("女六", Gender::Female),
    ];
    let entries = kids.iter().map(|(n, g)| entry(n, date(2008, 5, 5), Some(*g))).collect();
    let applied =
        apply(&mut e, &Command::AddPlayers { group: YOUTH, entries, override_reason: None, left_out: Vec::new() })
            .expect("eligible youths");
    assert_eq!(applied.new_players, (1..=6).map(StartNo).collect::<Vec<_>>());
    // Round 1 (2/1/0): B1 1(red)–2(black) draw, 1 foul against red (boy 1)
    //                                            → 1: 1, 2: 1
    //                  B2 3–4 draw               → 3: 1, 4: 1
    //                  B3 5–6 0-1                → 5: 0, 6: 2
    pair(&mut e, YOUTH, 1, &[(1, 2), (3, 4), (5, 6)], &[]);
    result(&mut e, YOUTH, 1, 1, Outcome::Draw, 1, 0);
    result(&mut e, YOUTH, 1, 2, Outcome::Draw, 0, 0);
    result(&mut e, YOUTH, 1, 3, Outcome::BlackWins, 0, 0);
    // 对手分 (across sections): 1: 2(1)=1  3: 4(1)=1  5: 6(2)=2
    //                            2: 1(1)=1  4: 3(1)=1  6: 5(0)=0
    // 胜局: 6: 1, others 0.  犯规: 1: 1, others 0.
    // 后走局数: girls 2, 4, 6: 1 each; boys 0.  后走胜局: 6: 1.
    // Boys: 1 and 3 on 1 point, 对手分 1 = 1, 胜局 0 = 0, 犯规 1 > 0 → 3 then 1; 5 (0).
    // Girls: 6 (2); 2 and 4 on 1 point, equal on every tiebreak; the previous-round
    //        step after round 1 is start-number order (R-5.4) → 2 then 4.
    let s = table(&e, YOUTH, 1);
    assert_table(
        &s,
        &[OpponentsPoints, Wins, Fouls, BlackGames, BlackWins],
        &[
            (1, 3, 10, vec![10, 0, 0, 0, 0]),
            (2, 1, 10, vec![10, 0, 1, 0, 0]),
            (3, 5, 0, vec![20, 0, 0, 0, 0]),
            (1, 6, 20, vec![0, 1, 0, 1, 1]),
            (2, 2, 10, vec![10, 0, 0, 1, 0]),
            (3, 4, 10, vec![10, 0, 0, 1, 0]),
        ],
    );
    let sections: Vec<(u32, Option<Gender>)> = s.rows.iter().map(|r| (r.start_no.0, r.section)).collect();
    assert_eq!(
        sections,
        [
            (3, Some(Gender::Male)),
            (1, Some(Gender::Male)),
            (5, Some(Gender::Male)),
            (6, Some(Gender::Female)),
            (2, Some(Gender::Female)),
            (4, Some(Gender::Female)),
        ]
    );
}

// ---------------------------------------------------------------------------
// 5. Fouls: fewer ranks higher (seed 003)
// ---------------------------------------------------------------------------

// R-4.2, R-5.1: fouls are counted per player and game, summed over the stage, and
// with points, 对手分 and 胜局 equal, fewer fouls ranks higher — here twice against
// start-number order.
#[test]
fn huaiyin_fewer_fouls_rank_higher() {
    let mut e = presets::build("huaiyin-2022", None, None).expect("preset");
    add_adults(&mut e, ADULT, 4);
    // Round 1: B1 1(red)–3(black) 1-0, 1 foul against red (player 1) → 1: 2, 3: 0
    //          B2 2(red)–4(black) 1-0                                → 2: 2, 4: 0
    pair(&mut e, ADULT, 1, &[(1, 3), (2, 4)], &[]);
    result(&mut e, ADULT, 1, 1, Outcome::RedWins, 1, 0);
    result(&mut e, ADULT, 1, 2, Outcome::RedWins, 0, 0);
    let columns = [OpponentsPoints, Wins, Fouls, BlackGames, BlackWins];

    // After round 1: 1 and 2 on 2 points, 对手分 0 = 0, 胜局 1 = 1, 犯规 1 > 0 → 2, 1.
    //                3 and 4 on 0 points, 对手分 2 = 2, 胜局 0, 犯规 0, 后走局数 1 = 1,
    //                后走胜局 0 = 0; previous round after round 1 = start number → 3, 4.
    let s1 = table(&e, ADULT, 1);
    assert_table(
        &s1,
        &columns,
        &[
            (1, 2, 20, vec![0, 1, 0, 0, 0]),
            (2, 1, 20, vec![0, 1, 1, 0, 0]),
            (3, 3, 0, vec![20, 0, 0, 1, 0]),
            (4, 4, 0, vec![20, 0, 0, 1, 0]),
        ],
    );

    // Round 2: B1 4(red)–1(black) draw, 1 foul against black (player 1)
    //                                  → 4: 1, 1: 3
    //          B2 3(red)–2(black) draw, 2 fouls against red (player 3), 1 against
    //          black (player 2)       → 3: 1, 2: 3
    pair(&mut e, ADULT, 2, &[(4, 1), (3, 2)], &[]);
    result(&mut e, ADULT, 2, 1, Outcome::Draw, 0, 1);
    result(&mut e, ADULT, 2, 2, Outcome::Draw, 2, 1);

    // After round 2: totals 1:3 2:3 3:1 4:1.
    //   对手分: 1: 3(1) + 4(1) = 2   2: 4(1) + 3(1) = 2
    //           3: 1(3) + 2(3) = 6   4: 2(3) + 1(3) = 6
    //   胜局: 1: 1  2: 1  3: 0  4: 0
    //   犯规: 1: 1 + 1 = 2   2: 0 + 1 = 1   3: 0 + 2 = 2   4: 0
    //   后走局数: 1: 1 (r2)  2: 1 (r2)  3: 1 (r1)  4: 1 (r1);  后走胜局: all 0
    // Ranking: 1 and 2 on 3 points: 对手分 2 = 2, 胜局 1 = 1, 犯规 1 < 2 → 2, 1.
    //          3 and 4 on 1 point: 对手分 6 = 6, 胜局 0 = 0, 犯规 0 < 2 → 4, 3.
    let s2 = table(&e, ADULT, 2);
    assert_table(
        &s2,
        &columns,
        &[
            (1, 2, 30, vec![20, 1, 1, 1, 0]),
            (2, 1, 30, vec![20, 1, 2, 1, 0]),
            (3, 4, 10, vec![60, 0, 0, 1, 0]),
            (4, 3, 10, vec![60, 0, 2, 1, 0]),
        ],
    );
}

// R-2.1: the Points type used by the rows is in tenths (a sanity check of the unit the
// tables above are written in).
#[test]
fn points_are_tenths() {
    assert_eq!(Points::whole(4), Points(40));
    assert_eq!(Points(45).to_string(), "4.5");
}
