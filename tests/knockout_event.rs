//! The whole seed-000 event through the library: a 60-player club
//! qualifier, the top 30 and 2 sponsor nominees into the 7-round Swiss, the top 16 into
//! the knockout — with a match that needs two playoff games — and every place 1–16
//! checked against by hand.

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Event, StageStatus};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::standings::standings;
use bianpai::domain::swiss::pair_next_round;

const G: GroupId = GroupId(1);

fn stage(e: &Event, no: u32) -> &bianpai::domain::event::Stage {
    e.group(G).unwrap().stage(StageNo(no)).unwrap()
}

fn record(e: &mut Event, stage: u32, round: RoundNo, board: BoardNo, game: u32, outcome: Outcome) {
    let result = Some(GameResult::plain(outcome));
    apply(e, &Command::RecordResult { group: G, stage: StageNo(stage), round, board, game, result }).unwrap();
}

/// Pairs and plays a Swiss round: red wins on odd boards, black on even ones.
fn play_swiss_round(e: &mut Event, no: u32, seed: u64) {
    let round = pair_next_round(e, G, StageNo(no), seed).unwrap();
    let (rno, boards): (RoundNo, Vec<BoardNo>) = (round.no, round.games.iter().map(|g| g.board).collect());
    apply(e, &Command::PairRound { group: G, stage: StageNo(no), round }).unwrap();
    for b in boards {
        let outcome = if b.0 % 2 == 1 { Outcome::RedWins } else { Outcome::BlackWins };
        record(e, no, rno, b, 1, outcome);
    }
}

/// Plays knockout round `round`: `winner_of(board)` says whether the higher seed (red in
/// game 1) wins; `level` boards go to playoffs — a draw in game 3, then game 4 decides.
fn play_knockout_round(e: &mut Event, higher_wins: &dyn Fn(u32) -> bool, level: &[u32]) -> RoundNo {
    let round = pair_next_round(e, G, StageNo(3), 1).unwrap();
    let rno = round.no;
    let boards: Vec<u32> = {
        let mut b: Vec<u32> = round.games.iter().map(|g| g.board.0).collect();
        b.dedup();
        b
    };
    apply(e, &Command::PairRound { group: G, stage: StageNo(3), round }).unwrap();
    for b in boards {
        let board = BoardNo(b);
        if level.contains(&b) {
            record(e, 3, rno, board, 1, Outcome::RedWins);
            record(e, 3, rno, board, 2, Outcome::RedWins);
            // Level 2–2: game 3 appears by itself, 25 minutes; a draw → game 4.
            record(e, 3, rno, board, 3, Outcome::Draw);
            // Game 4: colours alternate, so the lower seed is red; he wins.
            record(e, 3, rno, board, 4, Outcome::RedWins);
        } else if higher_wins(b) {
            record(e, 3, rno, board, 1, Outcome::RedWins);
            record(e, 3, rno, board, 2, Outcome::Draw);
        } else {
            record(e, 3, rno, board, 1, Outcome::BlackWins);
            record(e, 3, rno, board, 2, Outcome::Draw);
        }
    }
    rno
}

#[test]
fn seed_000_event_from_qualifier_to_knockout_places() {
    let mut e = presets::build("lingting-cup", None, Some(5)).unwrap();
    let entries = (1..=60)
        .map(|i| PlayerEntry { name: format!("棋手{i}"), rating: Some(2000 - i), ..Default::default() })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    for r in 1..=5 {
        play_swiss_round(&mut e, 1, r);
    }
    // top 30 of the qualifier + 2 nominees from outside it.
    let qualifier = standings(&e, G, StageNo(1), 5).unwrap();
    let top30: Vec<StartNo> = qualifier.rows.iter().take(30).map(|r| r.start_no).collect();
    let nominees = [qualifier.rows[45].start_no, qualifier.rows[59].start_no];
    apply(&mut e, &Command::AdvanceStage { group: G, stage: StageNo(1), nominees: nominees.to_vec() }).unwrap();
    assert_eq!(stage(&e, 1).status, StageStatus::Closed);
    let swiss_entrants = stage(&e, 2).entrants.clone();
    assert_eq!(swiss_entrants.len(), 32);
    assert_eq!(&swiss_entrants[..30], &top30[..], "seeded by the qualifier's ranking");
    assert_eq!(&swiss_entrants[30..], &nominees[..], "nominees after the qualifiers");

    for r in 1..=7 {
        play_swiss_round(&mut e, 2, 100 + r);
    }
    let swiss = standings(&e, G, StageNo(2), 7).unwrap();
    assert_eq!(swiss.rows.len(), 32);
    apply(&mut e, &Command::AdvanceStage { group: G, stage: StageNo(2), nominees: vec![] }).unwrap();
    let seeds = stage(&e, 3).entrants.clone();
    assert_eq!(seeds.len(), 16);
    let top16: Vec<StartNo> = swiss.rows.iter().take(16).map(|r| r.start_no).collect();
    assert_eq!(seeds, top16, "R-6.1: knockout seeding is the Swiss ranking");
    let s = |k: usize| seeds[k - 1];

    // Round of 16: 1–16 … 8–9; the higher seed wins except 8–9, level after two games,
    // a drawn first playoff and a won second (seed 9 through).
    let r16 = play_knockout_round(&mut e, &|_| true, &[8]);
    let round = stage(&e, 3).round(r16).unwrap();
    let board8: Vec<_> = round.games.iter().filter(|g| g.board == BoardNo(8)).collect();
    assert_eq!(board8.len(), 4, "two match games and two playoffs");
    assert_eq!((board8[0].red, board8[0].black), (s(8), s(9)), "R-6.1 first against last, higher seed red in game 1");
    assert_eq!((board8[3].red, board8[3].black), (s(9), s(8)), "colours alternate into the playoffs");
    // Quarter-finals: winners keep the better seed (9 → seed 8's place): 1–9, 2–7, 3–6, 4–5.
    // Seed 9 beats seed 1 (board 1); the others go to the higher seed.
    let qf = play_knockout_round(&mut e, &|b| b != 1, &[]);
    let qf_round = stage(&e, 3).round(qf).unwrap();
    let first: Vec<(StartNo, StartNo)> =
        qf_round.games.iter().filter(|g| g.game == 1).map(|g| (g.red, g.black)).collect();
    assert_eq!(first, vec![(s(1), s(9)), (s(2), s(7)), (s(3), s(6)), (s(4), s(5))]);
    // Semi-finals: 9 keeps seed 1: (9 as seed 1)–4 and 2–3. 9 and 3 win.
    let sf = play_knockout_round(&mut e, &|b| b == 1, &[]);
    let sf_round = stage(&e, 3).round(sf).unwrap();
    let first: Vec<(StartNo, StartNo)> =
        sf_round.games.iter().filter(|g| g.game == 1).map(|g| (g.red, g.black)).collect();
    assert_eq!(first, vec![(s(9), s(4)), (s(2), s(3))]);
    // Final (board 1): 9–3, won by 3; third place (board 2): 2–4, won by 4.
    play_knockout_round(&mut e, &|_| false, &[]);
    assert!(pair_next_round(&e, G, StageNo(3), 1).is_err(), "the knockout is over");

    // 1 s3, 2 s9, 3 s4, 4 s2; 5–8 the quarter-final losers by pre-knockout rank
    // (s1, s5, s6, s7); 9–16 the round-of-16 losers likewise (s8, s10 … s16).
    let places = standings(&e, G, StageNo(3), 4).unwrap();
    let got: Vec<StartNo> = places.rows.iter().map(|r| r.start_no).collect();
    let expected: Vec<StartNo> = [3, 9, 4, 2, 1, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16].map(s).to_vec();
    assert_eq!(got, expected);
    assert_eq!(places.rows.iter().map(|r| r.rank).collect::<Vec<_>>(), (1..=16).map(Some).collect::<Vec<_>>());

    // the event's final ranking is the knockout's 1–16, then the Swiss's 17–32.
    let swiss_order: Vec<StartNo> = swiss.rows.iter().map(|r| r.start_no).collect();
    let final_ranking = bianpai::domain::knockout::final_ranking(&got, &swiss_order);
    assert_eq!(final_ranking.len(), 32);
    assert_eq!(&final_ranking[..16], &expected[..]);
    assert_eq!(&final_ranking[16..], &swiss_order[16..]);

    // a closed stage is frozen.
    let frozen = apply(
        &mut e,
        &Command::RecordResult {
            group: G,
            stage: StageNo(2),
            round: RoundNo(1),
            board: BoardNo(1),
            game: 1,
            result: Some(GameResult::plain(Outcome::Draw)),
        },
    );
    assert!(frozen.is_err(), "a result in the closed Swiss stage must be refused");
}
