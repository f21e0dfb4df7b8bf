//! The chess-style tiebreaks of R-5.4 (Buchholz, Buchholz Cut-1, Sonneborn-Berger as
//! FIDE's C.07 (2024) counts them, and its 2026 edition, R-11.4; 直胜) computed by hand
//! on small events.

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{ByeKind, Event};
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::Outcome;
use bianpai::domain::rules::Tiebreak;
use bianpai::domain::standings::standings;
use jiff::civil::date;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

fn event(preset: &str, players: u32) -> Event {
    let mut e = presets::build(preset, None, Some(5)).unwrap();
    let entries = (1..=players).map(|i| PlayerEntry { name: format!("P{i}"), ..Default::default() }).collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    e
}

/// Pairs round `no` with `(red, black, outcome)` games and pairing-allocated byes.
fn play(e: &mut Event, no: u32, games: &[(u32, u32, Outcome)], byes: &[u32]) {
    let byes: Vec<(u32, ByeKind)> = byes.iter().map(|p| (*p, ByeKind::Pairing)).collect();
    crate::common::by_hand::play_by_hand(e, (G, S), no, games, &byes);
}

// R-5.4 (fide-swiss: Buchholz Cut-1, Buchholz, Sonneborn-Berger; 1/½/0, bye 1), the
// FIDE tiebreaks counted by C.07 (2024): Buchholz Art. 8.1, Cut-1 Art. 14.1,
// Sonneborn-Berger Art. 9.1, unplayed rounds Art. 16.
#[test]
fn buchholz_cut1_and_sonneborn_berger_by_hand() {
    let mut e = event("fide-swiss", 5);
    // An event before 1 March 2026 follows C.07 (2024).
    e.start_date = Some(date(2025, 5, 1));
    play(&mut e, 1, &[(1, 2, Outcome::RedWins), (3, 4, Outcome::Draw)], &[5]);
    play(&mut e, 2, &[(1, 5, Outcome::RedWins), (2, 3, Outcome::RedWins)], &[4]);
    // Totals: 1: 2, 2: 1, 3: ½, 4: ½+1 = 1½, 5: 1+0 = 1. No requested bye, so every
    // player counts for their opponents with their total (16.3). A pairing-allocated
    // bye counts a dummy opponent with the player's own total (16.4), and is no
    // voluntary unplayed round, so Cut-1 takes the lowest value as usual (14.1).
    // Buchholz   1: 1+1 = 2     2: 2+½ = 2½   3: 1½+1 = 2½   4: ½+1½ = 2   5: 1+2 = 3
    // Cut-1      1: 1           2: 2          3: 1½          4: 1½         5: 2
    // SB         1: 1+1 = 2     2: ½          3: ½·1½ = ¾    4: ½·½+1½ = 1¾  5: 1·1 = 1
    // Ranking: 1 (2), 4 (1½), then 2 and 5 on 1: Cut-1 2 = 2, Buchholz 3 > 2½ → 5, 2; then 3.
    let s = standings(&e, G, S, 2).unwrap();
    let order: Vec<u32> = s.rows.iter().map(|r| r.start_no.0).collect();
    assert_eq!(order, [1, 4, 5, 2, 3]);
    let values: Vec<(u32, Vec<String>)> =
        s.rows.iter().map(|r| (r.start_no.0, r.tiebreaks.iter().map(|(_, v)| v.to_string()).collect())).collect();
    assert_eq!(
        values,
        vec![
            (1, vec!["1".into(), "2".into(), "2".into()]),
            (4, vec!["1.5".into(), "2".into(), "1.75".into()]),
            (5, vec!["2".into(), "3".into(), "1".into()]),
            (2, vec!["2".into(), "2.5".into(), "0.5".into()]),
            (3, vec!["1.5".into(), "2.5".into(), "0.75".into()]),
        ]
    );
    let keys: Vec<&str> = s.rows[0].tiebreaks.iter().map(|(t, _)| t.key()).collect();
    assert_eq!(keys, ["buchholz_cut1", "buchholz", "sonneborn_berger"]);

    // from 1 March 2026 the bye's dummy is capped at a draw in every round, ½ × 2
    // = 1 (16.4.2): 4 (1½ points) counts 1, not 1½: Cut-1 1, Buchholz ½ + 1 = 1½, SB
    // ½·½ + 1·1 = 1¼. 5's dummy was 1 already. The order stands.
    e.start_date = Some(date(2026, 3, 1));
    let s = standings(&e, G, S, 2).unwrap();
    assert_eq!(s.rows.iter().map(|r| r.start_no.0).collect::<Vec<_>>(), [1, 4, 5, 2, 3]);
    let four: Vec<String> = s.rows[1].tiebreaks.iter().map(|(_, v)| v.to_string()).collect();
    assert_eq!(four, ["1", "1.5", "1.25"]);
    assert_eq!(s.rows[2].tiebreaks.iter().map(|(_, v)| v.to_string()).collect::<Vec<_>>(), ["2", "3", "1"]);
}

// 直胜: among exactly the tied players, the points scored against each other.
#[test]
fn head_to_head_orders_the_tied_players_by_their_game() {
    let mut e = event("cxa-swiss", 4);
    e.groups[0].stages[0].tiebreaks = vec![Tiebreak::HeadToHead];
    play(&mut e, 1, &[(1, 2, Outcome::BlackWins), (3, 4, Outcome::RedWins)], &[]);
    play(&mut e, 2, &[(1, 4, Outcome::RedWins), (3, 2, Outcome::RedWins)], &[]);
    // Totals: 3: 4, 1: 2, 2: 2, 4: 0. 1 and 2 tie; 2 beat 1 → 2 first despite the start number.
    let s = standings(&e, G, S, 2).unwrap();
    let order: Vec<u32> = s.rows.iter().map(|r| r.start_no.0).collect();
    assert_eq!(order, [3, 2, 1, 4]);
    // The 直胜 column: points scored against the players level on points (3 and 4 have
    // nobody level with them: 0).
    let h2h: Vec<String> = s.rows.iter().map(|r| r.tiebreaks[0].1.to_string()).collect();
    assert_eq!(h2h, ["0", "2", "0", "0"]);
}
