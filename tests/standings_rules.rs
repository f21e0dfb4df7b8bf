//! Acceptance tests of the standings rules (SPEC.md ): points under
//! the presets' scoring tables, every tiebreak of computed by hand, the
//! previous-round step of seed 003, the CXA bye rule for 对手分 (PAIRING.md cxa §5)
//! and separate boys'/girls' rankings.
//!
//! Every event is built in memory from a preset and paired by hand, so each number
//! below can be checked against the hand computation in the comments.
//! Points and point-valued tiebreaks are in tenths: `40` is 4 points.

use crate::common::standings_table::*;
use bianpai::domain::event::{ByeKind, Event};
use bianpai::domain::ids::StartNo;
use bianpai::domain::player::PlayerStatus;
use bianpai::domain::presets;
use bianpai::domain::result::Outcome;
use bianpai::domain::rules::Tiebreak::{BlackGames, BlackWins, Fouls, OpponentsPoints, Progressive, Wins};
use bianpai::domain::standings::Standings;

// ---------------------------------------------------------------------------
// 1. Seed 000 (lingting-cup stage 1): asymmetric scoring, bye, absence, forfeit
// ---------------------------------------------------------------------------

/// Six players, three rounds of the 聆听杯 club qualifier.
/// Scoring: red win 4 / draw 2 / loss 0; black win 5 / draw 3 / loss 0;
/// pairing bye 4; a forfeit win scores the win of the colour as paired.
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

// standings after round 2 of the seed-000 event.
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

// final standings after round 3 of the seed-000 event.
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

// previous_rank: players 1 and 2 are equal on points, 对手分, 胜局, 犯规,
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

// previous_score (CXA 14.3.1 比较前一轮成绩): the same games under cxa-swiss;
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
