//! The next stage is seeded by the previous one (issue 19, item 4): after the seed-000
//! qualifier closes, the video Swiss's round 1 by halves pairs by the qualifier's final
//! ranking, the nominees after the qualifiers in the order named — whatever the
//! players' ratings say.

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, StageNo, StartNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::rules::FirstRoundMode;
use bianpai::domain::standings::standings;
use bianpai::domain::swiss::pair_next_round;

const G: GroupId = GroupId(1);

/// Pairs and plays a qualifier round: red wins on odd boards, black on even ones.
fn play_qualifier_round(e: &mut Event, seed: u64) {
    let round = pair_next_round(e, G, StageNo(1), seed).unwrap();
    let (no, boards): (_, Vec<_>) = (round.no, round.games.iter().map(|g| g.board).collect());
    apply(e, &Command::PairRound { group: G, stage: StageNo(1), round }).unwrap();
    for board in boards {
        let outcome = if board.0 % 2 == 1 { Outcome::RedWins } else { Outcome::BlackWins };
        let result = Some(GameResult::plain(outcome));
        apply(e, &Command::RecordResult { group: G, stage: StageNo(1), round: no, board, game: 1, result }).unwrap();
    }
}

/// The seed-000 event after its 40-player qualifier (3 rounds) has closed into the
/// video Swiss: the top 30 and two nominees. Returns the Swiss's seeding.
fn swiss_after_the_qualifier() -> (Event, Vec<StartNo>) {
    let mut e = presets::build("lingting-cup", None, Some(3)).unwrap();
    let entries = (1..=40)
        .map(|i| PlayerEntry { name: format!("棋手{i}"), rating: Some(2400 - 10 * i), ..Default::default() })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    for seed in 1..=3 {
        play_qualifier_round(&mut e, seed);
    }
    let ranking: Vec<StartNo> = standings(&e, G, StageNo(1), 3).unwrap().rows.iter().map(|r| r.start_no).collect();
    // Named out of ranking order: the nominees follow in the order named.
    let nominees = vec![ranking[38], ranking[33]];
    apply(&mut e, &Command::AdvanceStage { group: G, stage: StageNo(1), nominees: nominees.clone() }).unwrap();
    let seeding = e.groups[0].stages[1].entrants.clone();
    assert_eq!(&seeding[..30], &ranking[..30], "R-1.4: the qualifier's final ranking");
    assert_eq!(&seeding[30..], &nominees[..], "R-1.4: the nominees after the qualifiers, in the order named");
    // Ratings in the opposite order of the seeding: seed 32 is the highest rated.
    for (k, p) in seeding.iter().enumerate() {
        let mut entry = e.player(*p).unwrap().entry.clone();
        entry.rating = Some(1500 + k as u32);
        apply(&mut e, &Command::EditPlayer { start_no: *p, entry }).unwrap();
    }
    (e, seeding)
}

// with PAIRING.md cxa §3 (`halves`, 拦腰: upper half i against lower half i) and
// its round-1 colours (odd boards: the upper player has red): with 32 seeds, board k is
// seed k against seed k + 16, by the seeding and not by rating.
#[test]
fn round_1_of_the_next_stage_pairs_the_halves_of_the_previous_ranking() {
    let (e, seeding) = swiss_after_the_qualifier();
    assert_eq!(e.groups[0].stages[1].pairing.first_round, FirstRoundMode::Halves);
    let round = pair_next_round(&e, G, StageNo(2), 5).unwrap();
    let got: Vec<(u32, StartNo, StartNo)> = round.games.iter().map(|g| (g.board.0, g.red, g.black)).collect();
    let expected: Vec<(u32, StartNo, StartNo)> = (0..16)
        .map(|k| {
            let (upper, lower) = (seeding[k], seeding[k + 16]);
            let board = k as u32 + 1;
            if board % 2 == 1 { (board, upper, lower) } else { (board, lower, upper) }
        })
        .collect();
    assert_eq!(got, expected);
    assert!(round.byes.is_empty());
}

// with `halves-lot`: the halves are the seeding's too — board k has seed k, whose
// opponent is drawn from seeds 17–32.
#[test]
fn round_1_by_halves_and_lot_draws_from_the_seeding_s_lower_half() {
    let (mut e, seeding) = swiss_after_the_qualifier();
    e.groups[0].stages[1].pairing.first_round = FirstRoundMode::HalvesLot;
    let round = pair_next_round(&e, G, StageNo(2), 9).unwrap();
    assert_eq!(round.games.len(), 16);
    for (k, g) in round.games.iter().enumerate() {
        let (upper, lower) = if g.red == seeding[k] { (g.red, g.black) } else { (g.black, g.red) };
        assert_eq!(upper, seeding[k], "board {} has seed {}", k + 1, k + 1);
        assert!(seeding[16..].contains(&lower), "board {}: the opponent comes from the lower half", k + 1);
    }
}
