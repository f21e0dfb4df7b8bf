//! Acceptance tests of the standings rules, continued from `standings_rules`: the CXA
//! bye rule for 对手分 (PAIRING.md cxa §5), forfeits and withdrawals under huaiyin-2022,
//! boys' and girls' separate rankings (R-5.3) and fouls (R-4.2). Every event is built
//! in memory and paired by hand; points and point-valued tiebreaks are in tenths.

use crate::common::standings_table::*;
use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::ByeKind;
use bianpai::domain::ids::StartNo;
use bianpai::domain::player::{Gender, PlayerStatus};
use bianpai::domain::points::Points;
use bianpai::domain::presets;
use bianpai::domain::result::Outcome;
use bianpai::domain::rules::Tiebreak::{BlackGames, BlackWins, Fouls, OpponentsPoints, Wins};
use jiff::civil::date;

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
