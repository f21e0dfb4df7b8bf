//! The tiebreaks directors ask for, on a table computed by hand: 先手胜局
//! `red_wins`, 胜手和 `beaten_opponents_points`, 和手和 `drawn_opponents_points`, 直胜
//! `head_to_head` only when every pair of the tie has met, and the bye's share of 对手分
//! as a setting (`lowest` / `zero`).
//!
//! Five players of a `cxa-swiss` event (win 2, draw 1, loss 0, a bye scores a win),
//! paired by hand; points and point-valued tiebreaks are in tenths (`40` is 4 points).
//!
//! | round | boards (red – black)            | bye |
//! |-------|---------------------------------|-----|
//! | 1     | 1–2 1-0, 3–4 ½-½                | 5   |
//! | 2     | 4–1 0-1, 2–5 1-0                | 3   |
//! | 3     | 1–3 ½-½, 5–4 black wins by forfeit | 2 |
//!
//! Totals after round 3: 1: 5, 2: 4, 3: 4, 4: 3, 5: 2.

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{ByeKind, Event};
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::Outcome;
use bianpai::domain::rules::{ByeOpponent, Tiebreak};
use bianpai::domain::standings::standings;
use common::by_hand::play_by_hand;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// Round `no`: boards (red, black, outcome) and the pairing-allocated bye.
fn round(e: &mut Event, no: u32, boards: &[(u32, u32, Outcome)], bye: u32) {
    play_by_hand(e, (G, S), no, boards, &[(bye, ByeKind::Pairing)]);
}

fn event(tiebreaks: Vec<Tiebreak>, bye: ByeOpponent) -> Event {
    let mut e = presets::build("cxa-swiss", Some("小分"), Some(3)).unwrap();
    let entries = (1..=5).map(|i| PlayerEntry { name: format!("选手{i}"), ..Default::default() }).collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let stage = e.group(G).unwrap().stage(S).unwrap().clone();
    let mut scoring = stage.scoring.clone();
    scoring.bye_opponent = bye;
    let rules = Command::SetStageRules {
        group: G,
        stage: S,
        scoring,
        tiebreaks,
        fide_edition: Default::default(),
        pairing: stage.pairing.clone(),
    };
    apply(&mut e, &rules).unwrap();
    round(&mut e, 1, &[(1, 2, Outcome::RedWins), (3, 4, Outcome::Draw)], 5);
    round(&mut e, 2, &[(4, 1, Outcome::BlackWins), (2, 5, Outcome::RedWins)], 3);
    round(&mut e, 3, &[(1, 3, Outcome::Draw), (5, 4, Outcome::BlackWinsByForfeit)], 2);
    e
}

/// Each player's value of `tiebreak` after round 3, by start number 1 … 5.
fn column(e: &Event, tiebreak: Tiebreak) -> Vec<i64> {
    let table = standings(e, G, S, 3).unwrap();
    let mut rows: Vec<_> = table.rows.iter().collect();
    rows.sort_by_key(|r| r.start_no);
    rows.iter()
        .map(|r| r.tiebreaks.iter().find(|(t, _)| *t == tiebreak).map(|(_, v)| v.raw).expect("a column"))
        .collect()
}

fn points(e: &Event) -> Vec<i32> {
    let table = standings(e, G, S, 3).unwrap();
    let mut rows: Vec<_> = table.rows.iter().collect();
    rows.sort_by_key(|r| r.start_no);
    rows.iter().map(|r| r.points.tenths()).collect()
}

// 先手胜局 counts games won as red on the board: 1 (round 1) and 2 (round 2).
#[test]
fn red_wins_count_played_wins_as_red() {
    let e = event(vec![Tiebreak::RedWins], ByeOpponent::Lowest);
    assert_eq!(points(&e), [50, 40, 40, 30, 20], "the hand-computed totals");
    assert_eq!(column(&e, Tiebreak::RedWins), [1, 1, 0, 0, 0]);
}

// 胜手和 sums the totals of the opponents beaten, a forfeit win included (4 beat
// 5 by forfeit); 和手和 those of the opponents drawn.
#[test]
fn beaten_and_drawn_opponents_points() {
    let e = event(vec![Tiebreak::BeatenOpponentsPoints, Tiebreak::DrawnOpponentsPoints], ByeOpponent::Lowest);
    // 1 beat 2 (4) and 4 (3); 2 beat 5 (2); 4 beat 5 (2).
    assert_eq!(column(&e, Tiebreak::BeatenOpponentsPoints), [70, 20, 0, 20, 0]);
    // 1 drew 3 (4); 3 drew 4 (3) and 1 (5); 4 drew 3 (4).
    assert_eq!(column(&e, Tiebreak::DrawnOpponentsPoints), [40, 0, 80, 40, 0]);
}

// a bye adds the lowest total above zero (5's 2 points) to 对手分, or nothing
// when the stage says `zero`; the players without a bye keep their sums.
#[test]
fn the_bye_share_of_opponents_points_is_a_setting() {
    let lowest = event(vec![Tiebreak::OpponentsPoints], ByeOpponent::Lowest);
    // 1: 4+3+4; 2: 5+2+bye; 3: 3+bye+5; 4: 4+5+2; 5: bye+4+3.
    assert_eq!(column(&lowest, Tiebreak::OpponentsPoints), [110, 90, 100, 110, 90]);
    let zero = event(vec![Tiebreak::OpponentsPoints], ByeOpponent::Zero);
    assert_eq!(column(&zero, Tiebreak::OpponentsPoints), [110, 70, 80, 110, 70]);
}

// 2 and 3 are level on 4 points and never met, so 直胜 is 0 for both and the next
// tiebreak decides: 2 won a game as red, 3 did not.
#[test]
fn head_to_head_counts_only_when_the_tied_players_all_met() {
    let e = event(vec![Tiebreak::HeadToHead, Tiebreak::RedWins], ByeOpponent::Lowest);
    assert_eq!(column(&e, Tiebreak::HeadToHead)[1..3], [0, 0]);
    let table = standings(&e, G, S, 3).unwrap();
    let order: Vec<u32> = table.rows.iter().map(|r| r.start_no.0).collect();
    assert_eq!(order, [1, 2, 3, 4, 5]);
    // With 先手胜局 first, 3 (no win as red) falls below 2 even on other settings.
    assert!(Tiebreak::ALL.contains(&Tiebreak::RedWins));
    assert_eq!(Tiebreak::from_key("beaten_opponents_points"), Some(Tiebreak::BeatenOpponentsPoints));
    assert_eq!(Tiebreak::from_key("drawn_opponents_points"), Some(Tiebreak::DrawnOpponentsPoints));
}
