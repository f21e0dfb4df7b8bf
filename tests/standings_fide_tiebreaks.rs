//! The FIDE tiebreaks as C.07 (2024) counts them — the FIDE Tie-Break Regulations
//! approved on 1 August 2023 and applied to every FIDE-rated competition from 1 April
//! 2024 — on small `fide-swiss` events (1/½/0, a pairing-allocated bye 1, a requested
//! bye ½) paired by hand, with every value computed by hand in the comments.
//!
//! Article 16 in short: a player's own unplayed round counts a dummy opponent with the
//! player's own score (16.4); as an opponent, a player counts their score with
//! requested byes followed only by voluntary unplayed rounds (VURs) as draws (16.3); a
//! low cut removes VURs first (16.5). A VUR is a requested bye (half- or zero-point,
//! a round not paired included) or a forfeit loss (16.1).
//!
//! Columns, in this order: BH (8.1), BH-C1 (14.1), BH-C2 (14.2), BH-M1 (14.3), SB
//! (9.1), WIN (7.1), WON (7.2), BPG (7.3), BWG (7.4), ARO (10.1), DE (6, among the
//! players level on points).

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{ByeKind, Event};
use bianpai::domain::ids::{GroupId, StageNo, StartNo};
use bianpai::domain::player::{PlayerEntry, PlayerStatus};
use bianpai::domain::presets;
use bianpai::domain::result::Outcome;
use bianpai::domain::rules::{FideEditionChoice, Tiebreak};
use bianpai::domain::standings::standings;
use common::by_hand::play_by_hand;
use jiff::civil::date;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// Every FIDE tiebreak, in the order of the columns of the tables below.
const FIDE: [Tiebreak; 11] = [
    Tiebreak::Buchholz,
    Tiebreak::BuchholzCut1,
    Tiebreak::BuchholzCut2,
    Tiebreak::Median,
    Tiebreak::SonnebornBerger,
    Tiebreak::RoundsWon,
    Tiebreak::GamesWon,
    Tiebreak::BlackGames,
    Tiebreak::BlackWins,
    Tiebreak::AverageOpponentRating,
    Tiebreak::DirectEncounter,
];

/// A `fide-swiss` event of `ratings.len()` players (`None`: unrated) ranked by
/// `tiebreaks`.
fn event(ratings: &[Option<u32>], tiebreaks: &[Tiebreak]) -> Event {
    let mut e = presets::build("fide-swiss", None, Some(5)).unwrap();
    let entries = ratings
        .iter()
        .enumerate()
        .map(|(i, rating)| PlayerEntry { name: format!("P{}", i + 1), rating: *rating, ..Default::default() })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    let stage = e.groups[0].stages[0].clone();
    let rules = Command::SetStageRules {
        group: G,
        stage: S,
        scoring: stage.scoring,
        tiebreaks: tiebreaks.to_vec(),
        // The values below are C.07 (2024)'s; the 2026 edition is tested apart.
        fide_edition: FideEditionChoice::Edition2024,
        pairing: stage.pairing,
    };
    apply(&mut e, &rules).unwrap();
    e
}

/// Pairs round `no` by hand — boards (red, black, outcome), byes (player, kind) — and
/// records the results.
fn round(e: &mut Event, no: u32, boards: &[(u32, u32, Outcome)], byes: &[(u32, ByeKind)]) {
    play_by_hand(e, (G, S), no, boards, byes);
}

/// Every player's values of the stage's tiebreaks after `after`, by start number.
fn table(e: &Event, after: u32) -> Vec<(u32, Vec<String>)> {
    let s = standings(e, G, S, after).unwrap();
    let mut rows: Vec<_> = s.rows.iter().collect();
    rows.sort_by_key(|r| r.start_no);
    rows.iter().map(|r| (r.start_no.0, r.tiebreaks.iter().map(|(_, v)| v.to_string()).collect())).collect()
}

fn order(e: &Event, after: u32) -> Vec<u32> {
    standings(e, G, S, after).unwrap().rows.iter().map(|r| r.start_no.0).collect()
}

fn line(player: u32, values: [&str; 11]) -> (u32, Vec<String>) {
    (player, values.iter().map(|v| v.to_string()).collect())
}

use ByeKind::{Absent, Pairing, Requested};
use Outcome::{BlackWins, Draw, RedWins, RedWinsByForfeit};

// C.07 (2024) Art. 16 with a full-point bye (pairing-allocated, 16.2.1), a half-point
// bye (requested, 16.2.3) and a zero-point bye (absent in the last round, 16.2.5).
//
// | round | boards (red–black)   | byes               |
// |-------|----------------------|--------------------|
// | 1     | 1–2 1-0, 3–4 ½-½     | 5 full point (PAB) |
// | 2     | 3–1 ½-½, 5–4 0-1     | 2 half point       |
// | 3     | 1–4 0-1, 2–3 1-0     | 5 zero point       |
//
// Totals: 1: 1½, 2: 1½, 3: 1, 4: 2½, 5: 1. Adjusted scores (16.3): all as scored but
// 5's, whose zero-point bye is in the last round: 1 + 0 + ½ = 1½. Ratings 2000, 1900,
// 1800, 1700, and 5 unrated.
// Contributions (opponent's adjusted score, or the dummy's = own score, * = VUR):
//   1: 1½ (2, won), 1 (3, drew), 2½ (4, lost)
//   2: 1½ (1, lost), 1½* (½ bye: dummy), 1 (3, won)
//   3: 2½ (4, drew), 1½ (1, drew), 1½ (2, lost)
//   4: 1 (3, drew), 1½ (5, won), 1½ (1, won)
//   5: 1 (PAB: dummy, not a VUR), 2½ (4, lost), 1* (zero bye: dummy)
// BH-C1 cuts 2's and 5's VUR although lower values exist (16.5.1); BH-M1 cuts the VUR
// low and the highest value. SB: 1: 1½ + ½·1 = 2; 2: ½·1½ + 1 = 1¾; 3: ½·2½ + ½·1½ = 2;
// 4: ½·1 + 1½ + 1½ = 3½; 5: 1·1 = 1. WIN counts 5's PAB. ARO: 3: (1700+2000+1900)/3 =
// 1866.7 → 1867; 4: 1800 and 2000 (5 unrated, left out) → 1900; 5: 1700. DE: 1 beat 2
// (level on 1½); 3 and 5 (level on 1) never met.
#[test]
fn full_half_and_zero_point_byes() {
    let mut e = event(&[Some(2000), Some(1900), Some(1800), Some(1700), None], &FIDE);
    round(&mut e, 1, &[(1, 2, RedWins), (3, 4, Draw)], &[(5, Pairing)]);
    round(&mut e, 2, &[(3, 1, Draw), (5, 4, BlackWins)], &[(2, Requested)]);
    round(&mut e, 3, &[(1, 4, BlackWins), (2, 3, RedWins)], &[(5, Absent)]);
    assert_eq!(
        table(&e, 3),
        vec![
            line(1, ["5", "4", "2.5", "1.5", "2", "1", "1", "1", "0", "1800", "1"]),
            line(2, ["4", "2.5", "1.5", "1", "1.75", "1", "1", "1", "0", "1900", "0"]),
            line(3, ["5.5", "4", "2.5", "1.5", "2", "0", "0", "1", "0", "1867", "0"]),
            line(4, ["4", "3", "1.5", "1.5", "3.5", "2", "2", "3", "2", "1900", "0"]),
            line(5, ["4.5", "3.5", "2.5", "1", "1", "1", "0", "0", "0", "1700", "0"]),
        ]
    );
    // 4 (2½); 1 and 2 on 1½: BH 5 > 4; 3 and 5 on 1: BH 5½ > 4½.
    assert_eq!(order(&e, 3), [4, 1, 2, 3, 5]);
}

// C.07 (2024) Art. 16 with forfeits: a forfeit win (16.2.2, not a VUR) and a forfeit
// loss (16.2.4, a VUR), both counting a dummy with the player's own score (16.4).
//
// | round | boards (red–black)                 |
// |-------|------------------------------------|
// | 1     | 1–2 1-0, 3–4 3 wins by forfeit      |
// | 2     | 2–4 0-1, 3–1 0-1                    |
// | 3     | 1–4 ½-½, 2–3 2 wins by forfeit      |
//
// Totals: 1: 2½, 2: 1, 3: 1, 4: 1½; no requested bye, so adjusted = totals (16.3: a
// forfeit loss counts as scored, 0). Ratings 2000, 1900, 1800, 1700.
//   1: 1 (2, won), 1 (3, won), 1½ (4, drew)
//   2: 2½ (1, lost), 1½ (4, lost), 1 (forfeit win: dummy)
//   3: 1 (forfeit win: dummy), 2½ (1, lost), 1* (forfeit loss: dummy)
//   4: 1½* (forfeit loss: dummy), 1 (2, won), 2½ (1, drew)
// BH-C1: 4 loses its VUR (1½), not the lower 1 (16.5.1). SB: 1: 1 + 1 + ½·1½ = 2¾;
// 2: 1·1 = 1; 3: 1·1 = 1; 4: 1 + ½·2½ = 2¼. WIN counts the forfeit wins, WON does not;
// forfeited games are neither black games nor rated opponents. DE: 2 and 3 (level on
// 1) met only by forfeit, which DE leaves out (6.1.1): 0 each.
#[test]
fn forfeit_win_and_forfeit_loss() {
    let mut e = event(&[Some(2000), Some(1900), Some(1800), Some(1700)], &FIDE);
    round(&mut e, 1, &[(1, 2, RedWins), (3, 4, RedWinsByForfeit)], &[]);
    round(&mut e, 2, &[(2, 4, BlackWins), (3, 1, BlackWins)], &[]);
    round(&mut e, 3, &[(1, 4, Draw), (2, 3, RedWinsByForfeit)], &[]);
    assert_eq!(
        table(&e, 3),
        vec![
            line(1, ["3.5", "2.5", "1.5", "1", "2.75", "2", "2", "1", "1", "1800", "0"]),
            line(2, ["5", "4", "2.5", "1.5", "1", "1", "0", "1", "0", "1850", "0"]),
            line(3, ["4.5", "3.5", "2.5", "1", "1", "1", "0", "0", "0", "2000", "0"]),
            line(4, ["5", "3.5", "2.5", "1", "2.25", "1", "1", "2", "1", "1950", "0"]),
        ]
    );
    assert_eq!(order(&e, 3), [1, 4, 2, 3]);
}

// the games of `forfeit_win_and_forfeit_loss` under the edition the stage
// resolves to. 4 lost by forfeit to 3, who ended on 1: the 2026 dummy is min(4's own
// 1½, 3's adjusted 1) = 1 (16.4.1), so 4's BH is 1 + 1 + 2½ = 4½ instead of 5; the
// cuts take the forfeit (a VUR) first and the SB adds it times 0, so only BH moves.
// 2's and 3's dummies are capped at 1, their own score: unchanged.
#[test]
fn the_edition_follows_the_first_day_unless_chosen() {
    let mut e = event(&[None; 4], &FIDE);
    round(&mut e, 1, &[(1, 2, RedWins), (3, 4, RedWinsByForfeit)], &[]);
    round(&mut e, 2, &[(2, 4, BlackWins), (3, 1, BlackWins)], &[]);
    round(&mut e, 3, &[(1, 4, Draw), (2, 3, RedWinsByForfeit)], &[]);
    let bh = |e: &Event| table(e, 3).into_iter().map(|(_, v)| v[0].clone()).collect::<Vec<_>>();
    let choose = |e: &mut Event, fide_edition: FideEditionChoice| {
        let stage = e.groups[0].stages[0].clone();
        let tiebreaks = stage.tiebreaks;
        let rules = Command::SetStageRules {
            group: G,
            stage: S,
            scoring: stage.scoring,
            tiebreaks,
            fide_edition,
            pairing: stage.pairing,
        };
        apply(e, &rules).unwrap();
    };
    choose(&mut e, FideEditionChoice::ByStartDate);
    let (c2024, c2026) = (["3.5", "5", "4.5", "5"], ["3.5", "5", "4.5", "4.5"]);
    e.start_date = Some(date(2026, 2, 28));
    assert_eq!(bh(&e), c2024);
    e.start_date = Some(date(2026, 3, 1));
    assert_eq!(bh(&e), c2026);
    e.start_date = None;
    assert_eq!(bh(&e), c2026);
    choose(&mut e, FideEditionChoice::Edition2024);
    assert_eq!(bh(&e), c2024);
    e.start_date = Some(date(2025, 1, 1));
    choose(&mut e, FideEditionChoice::Edition2026);
    assert_eq!(bh(&e), c2026);
    assert_eq!(order(&e, 3), [1, 4, 2, 3]);
}

// C.07 (2024) Art. 16.1: the rounds after a player withdraws are zero-point byes;
// followed only by VURs they are category 16.2.5, which the opponents count as draws
// (16.3.2). 6 withdraws after round 2 (1 point scored): 1 and 5, who met 6, count 6 at
// 1 + ½ + ½ = 2.
//
// | round | boards (red–black)            | bye     |
// |-------|-------------------------------|---------|
// | 1     | 1–2 1-0, 3–4 ½-½, 5–6 0-1     |         |
// | 2     | 6–1 0-1, 2–3 1-0, 4–5 1-0     |         |
// | 3     | 1–4 ½-½, 2–5 1-0              | 3 (PAB) |
// | 4     | 3–1 0-1, 4–2 ½-½              | 5 (PAB) |
//
// Totals: 1: 3½, 2: 2½, 3: 1½, 4: 2½, 5: 1, 6: 1. Ratings 2100 … 1600.
//   1: 2½ (2, won), 2 (6, won), 2½ (4, drew), 1½ (3, won)   SB 2½+2+1¼+1½ = 7¼
//   2: 3½ (1, lost), 1½ (3, won), 1 (5, won), 2½ (4, drew)  SB 1½+1+1¼ = 3¾
//   3: 2½ (4, drew), 2½ (2, lost), 1½ (PAB: dummy), 3½ (1, lost)  SB 1¼+1½ = 2¾
//   4: 1½ (3, drew), 1 (5, won), 3½ (1, drew), 2½ (2, drew)  SB ¾+1+1¾+1¼ = 4¾
//   5: 2 (6, lost), 2½ (4, lost), 2½ (2, lost), 1 (PAB: dummy)  SB 1
//   6: 1 (5, won), 3½ (1, lost), 1* and 1* (not paired: dummies)  SB 1
// 2 and 4 are level on 2½ and on every Buchholz; SB puts 4 first. 5 and 6, level on 1:
// BH 8 > 6½. ARO: 3: (1800+2000+2100)/3 = 1966.7 → 1967. DE: 2–4 drew (½ each); 6 beat
// 5.
#[test]
fn opponents_of_a_withdrawn_player() {
    let ratings = [2100, 2000, 1900, 1800, 1700, 1600].map(Some);
    let mut e = event(&ratings, &FIDE);
    round(&mut e, 1, &[(1, 2, RedWins), (3, 4, Draw), (5, 6, BlackWins)], &[]);
    round(&mut e, 2, &[(6, 1, BlackWins), (2, 3, RedWins), (4, 5, RedWins)], &[]);
    let withdraw =
        Command::SetPlayerStatus { start_no: StartNo(6), status: PlayerStatus::Withdrawn, reason: "left".into() };
    apply(&mut e, &withdraw).unwrap();
    round(&mut e, 3, &[(1, 4, Draw), (2, 5, RedWins)], &[(3, Pairing)]);
    round(&mut e, 4, &[(3, 1, BlackWins), (4, 2, Draw)], &[(5, Pairing)]);
    assert_eq!(
        table(&e, 4),
        vec![
            line(1, ["8.5", "7", "5", "4.5", "7.25", "3", "3", "2", "2", "1825", "0"]),
            line(2, ["8.5", "7.5", "6", "4", "3.75", "2", "2", "2", "0", "1875", "0.5"]),
            line(3, ["10", "8.5", "6", "5", "2.75", "1", "0", "1", "0", "1967", "0"]),
            line(4, ["8.5", "7.5", "6", "4", "4.75", "1", "1", "2", "0", "1925", "0.5"]),
            line(5, ["8", "7", "5", "4.5", "1", "1", "0", "2", "0", "1800", "0"]),
            line(6, ["6.5", "5.5", "4.5", "2", "1", "1", "1", "1", "1", "1900", "1"]),
        ]
    );
    assert_eq!(order(&e, 4), [1, 4, 2, 3, 5, 6]);
}

// The example of issue 19: a half-point bye in round 1, then two wins, in 3 rounds.
// 1's opponents finish on 1½ (2) and 1 (3), with no unplayed round, so today's plain
// sums were BH 2½, BH-C1 1½, SB 2½.
//
// The issue expected BH 4, BH-C1 2½, SB 3¼: those are the 2009 "virtual opponent" of
// the old C.02 13.15.2 — an opponent starting the round level with the player (0),
// scoring the opposite of the bye (½) and drawing every later round (½ × 2), so 1½ —
// mixed with the 2023 rule of cutting the unplayed round first. C.07 (2024) Art. 16.4
// replaced the virtual opponent by a dummy whose score is the player's own score
// (2½), so:
//   BH    = 2½ (dummy) + 1½ + 1 = 5
//   BH-C1 = 5 − 2½ (the half-point bye is a VUR, cut first: 16.5.1) = 2½
//   SB    = ½ · 2½ + 1½ + 1 = 3¾
//
// | round | boards (red–black)     | byes                      |
// |-------|------------------------|---------------------------|
// | 1     | 2–3 ½-½                | 1 half point, 4 full (PAB) |
// | 2     | 1–2 1-0, 3–4 ½-½       |                           |
// | 3     | 3–1 0-1, 2–4 1-0       |                           |
#[test]
fn the_example_of_issue_19_under_c07_2024() {
    let tiebreaks = [Tiebreak::Buchholz, Tiebreak::BuchholzCut1, Tiebreak::SonnebornBerger];
    let mut e = event(&[None; 4], &tiebreaks);
    round(&mut e, 1, &[(2, 3, Draw)], &[(1, Requested), (4, Pairing)]);
    round(&mut e, 2, &[(1, 2, RedWins), (3, 4, Draw)], &[]);
    round(&mut e, 3, &[(3, 1, BlackWins), (2, 4, RedWins)], &[]);
    let values = &table(&e, 3)[0];
    assert_eq!(values.0, 1);
    assert_eq!(values.1, ["5", "2.5", "3.75"]);
}

// C.07 (2024) Art. 6.2: four players level on 2 who all met; their separate standings
// are 1: 2, 2: 1½, 3: 1½, 4: 1; Article 6 applied again to {2, 3} puts 3 first (3 beat
// 2). R-5.4's 直胜 stops at 1½ = 1½, and the start number puts 2 first.
//
// A round robin of six (Berger tables); 5 and 6 finish on 3 and 4.
// | round | boards (red–black)               |
// |-------|----------------------------------|
// | 1     | 1–6 0-1, 2–5 ½-½, 3–4 ½-½        |
// | 2     | 6–4 ½-½, 5–3 ½-½, 1–2 ½-½        |
// | 3     | 2–6 0-1, 3–1 0-1, 4–5 ½-½        |
// | 4     | 6–5 ½-½, 1–4 ½-½, 2–3 0-1        |
// | 5     | 3–6 0-1, 4–2 0-1, 5–1 1-0        |
#[test]
fn direct_encounter_applies_itself_again_to_the_players_still_level() {
    let rounds: [&[(u32, u32, Outcome)]; 5] = [
        &[(1, 6, BlackWins), (2, 5, Draw), (3, 4, Draw)],
        &[(6, 4, Draw), (5, 3, Draw), (1, 2, Draw)],
        &[(2, 6, BlackWins), (3, 1, BlackWins), (4, 5, Draw)],
        &[(6, 5, Draw), (1, 4, Draw), (2, 3, BlackWins)],
        &[(3, 6, BlackWins), (4, 2, BlackWins), (5, 1, RedWins)],
    ];
    let play = |tiebreak: Tiebreak| {
        let mut e = event(&[None; 6], &[tiebreak]);
        for (i, boards) in rounds.iter().enumerate() {
            round(&mut e, i as u32 + 1, boards, &[]);
        }
        e
    };
    let de = play(Tiebreak::DirectEncounter);
    assert_eq!(order(&de, 5), [6, 5, 1, 3, 2, 4]);
    let column: Vec<String> = table(&de, 5).into_iter().map(|(_, v)| v[0].clone()).collect();
    assert_eq!(column, ["2", "1.5", "1.5", "1", "0", "0"]);
    assert_eq!(order(&play(Tiebreak::HeadToHead), 5), [6, 5, 1, 2, 3, 4]);
}

// C.07 (2024) Art. 6.3: 1, 2 and 3 are level on 2 but 1 and 2 never met. 3 beat both
// (2 points); 1 and 2 have 0 and could reach at most 1 with their missing game, so 3
// ranks first whatever it would have given; Article 6 again on {1, 2}: they never met,
// so they stay level (start number). R-5.4's 直胜 counts nothing when a pair has not
// met: 0 for all three.
//
// | round | boards (red–black)            |
// |-------|-------------------------------|
// | 1     | 3–1 1-0, 2–4 1-0, 5–6 ½-½     |
// | 2     | 2–3 0-1, 1–5 1-0, 4–6 0-1     |
// | 3     | 6–3 1-0, 1–4 1-0, 2–5 1-0     |
#[test]
fn direct_encounter_places_a_leader_nobody_can_catch() {
    let rounds: [&[(u32, u32, Outcome)]; 3] = [
        &[(3, 1, RedWins), (2, 4, RedWins), (5, 6, Draw)],
        &[(2, 3, BlackWins), (1, 5, RedWins), (4, 6, BlackWins)],
        &[(6, 3, RedWins), (1, 4, RedWins), (2, 5, RedWins)],
    ];
    let play = |tiebreak: Tiebreak| {
        let mut e = event(&[None; 6], &[tiebreak]);
        for (i, boards) in rounds.iter().enumerate() {
            round(&mut e, i as u32 + 1, boards, &[]);
        }
        e
    };
    let de = play(Tiebreak::DirectEncounter);
    assert_eq!(order(&de, 3), [6, 3, 1, 2, 5, 4]);
    let column: Vec<String> = table(&de, 3).into_iter().map(|(_, v)| v[0].clone()).collect();
    assert_eq!(column, ["0", "0", "2", "0", "0", "0"]);
    assert_eq!(order(&play(Tiebreak::HeadToHead), 3), [6, 1, 2, 3, 5, 4]);
}

// The FIDE keys are stable and every new tiebreak is offered (`Tiebreak::ALL`).
#[test]
fn the_fide_tiebreaks_have_stable_keys() {
    let keys: Vec<&str> = FIDE.iter().map(|t| t.key()).collect();
    assert_eq!(
        keys,
        [
            "buchholz",
            "buchholz_cut1",
            "buchholz_cut2",
            "median",
            "sonneborn_berger",
            "rounds_won",
            "games_won",
            "black_games",
            "black_wins",
            "average_opponent_rating",
            "direct_encounter",
        ]
    );
    for t in FIDE {
        assert!(Tiebreak::ALL.contains(&t));
        assert_eq!(Tiebreak::from_key(t.key()), Some(t));
    }
}
