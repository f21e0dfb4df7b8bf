//! A knockout without a third-place match (issue 17: an option of the knockout): the
//! semi-finals are followed by the final alone, the semi-finals' losers share third
//! place in seed order, and the bracket draws no third-place box. And who is knocked
//! out (issue 18): `eliminated` in the standings, with the band of places.

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Event, KnockoutRules, StageKind};
use bianpai::domain::ids::{GroupId, StageNo, StartNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::standings::standings;
use bianpai::domain::swiss::pair_next_round;
use bianpai::present::bracket::{Bracket, Pending};

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// An 8-player knockout of one game a match, rated so that seed i is start number i.
fn knockout(third_place: bool) -> Event {
    let mut e = presets::build("cxa-swiss", Some("淘汰赛"), None).unwrap();
    let entries = (1..=8)
        .map(|i| PlayerEntry { name: format!("棋手{i}"), rating: Some(2400 - 10 * i), ..Default::default() })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    apply(&mut e, &Command::SetStageFormat { group: G, stage: S, kind: StageKind::Knockout, double: false }).unwrap();
    let rules = KnockoutRules { games_per_match: 1, third_place, ..KnockoutRules::lingting() };
    apply(&mut e, &Command::SetKnockoutRules { group: G, stage: S, rules }).unwrap();
    e
}

/// Pairs and plays every round (red, the better seed of game 1, always wins).
fn play_out(e: &mut Event) {
    while let Ok(round) = pair_next_round(e, G, S, 1) {
        let (no, boards): (_, Vec<_>) = (round.no, round.games.iter().map(|g| g.board).collect());
        apply(e, &Command::PairRound { group: G, stage: S, round }).unwrap();
        for board in boards {
            let result = Some(GameResult::plain(Outcome::RedWins));
            apply(e, &Command::RecordResult { group: G, stage: S, round: no, board, game: 1, result }).unwrap();
        }
    }
}

fn places(e: &Event) -> Vec<u32> {
    let stage = e.group(G).unwrap().stage(S).unwrap();
    standings(e, G, S, stage.rounds.len() as u32).unwrap().rows.iter().map(|r| r.start_no.0).collect()
}

// with the option off: after the semi-finals only the final; 3 and 4 by seed.
#[test]
fn without_a_third_place_match_the_semi_final_losers_share_third_by_seed() {
    let mut e = knockout(false);
    play_out(&mut e);
    let stage = e.group(G).unwrap().stage(S).unwrap();
    assert_eq!(stage.rounds.len(), 3);
    assert_eq!(stage.rounds[2].games.len(), 1, "the final alone");
    // Seeds 1–4 win their quarter-finals, 1 and 2 their semi-finals, 1 the final.
    assert_eq!(places(&e), [1, 2, 3, 4, 5, 6, 7, 8]);
    let bracket = Bracket::of_stage(&e, G, stage, &Pending::default());
    let last = bracket.and_then(|b| b.columns.last().map(|c| c.boxes.len()));
    assert_eq!(last, Some(1), "no third-place box");
}

// as seed 000 plays it: the third-place match decides 3 and 4.
#[test]
fn with_the_third_place_match_it_is_played_on_board_2() {
    let mut e = knockout(true);
    play_out(&mut e);
    let stage = e.group(G).unwrap().stage(S).unwrap();
    assert_eq!(stage.rounds[2].games.len(), 2, "final and third place");
    let third: Vec<StartNo> = stage.rounds[2].games.iter().filter(|g| g.board.0 == 2).map(|g| g.red).collect();
    assert_eq!(third, [StartNo(3)], "the better-seeded loser has red");
    assert_eq!(places(&e), [1, 2, 3, 4, 5, 6, 7, 8]);
}

/// Pairs and plays the next round only.
fn play_round(e: &mut Event) {
    let round = pair_next_round(e, G, S, 1).unwrap();
    let (no, boards): (_, Vec<_>) = (round.no, round.games.iter().map(|g| g.board).collect());
    apply(e, &Command::PairRound { group: G, stage: S, round }).unwrap();
    for board in boards {
        let result = Some(GameResult::plain(Outcome::RedWins));
        apply(e, &Command::RecordResult { group: G, stage: S, round: no, board, game: 1, result }).unwrap();
    }
}

// CLI.md: after the quarter-finals their losers are knocked out (places 5–8,
// `"status": "eliminated"`); the semi-finals' losers still play for third place.
#[test]
fn quarter_final_losers_are_eliminated_semi_final_losers_play_on() {
    let mut e = knockout(true);
    play_round(&mut e);
    play_round(&mut e);
    let stage = e.group(G).unwrap().stage(S).unwrap().clone();
    let out = bianpai::domain::knockout::stage_knocked_out(&e, G, &stage);
    let expected: Vec<(StartNo, (u32, u32))> = (5..=8).map(|p| (StartNo(p), (5, 8))).collect();
    assert_eq!(out.into_iter().collect::<Vec<_>>(), expected);
    let table = standings(&e, G, S, 2).unwrap();
    let json = bianpai::io::json::standings(&e, e.group(G).unwrap(), &table);
    let status =
        |no: u32| json["rows"].as_array().unwrap().iter().find(|r| r["start_no"] == no).unwrap()["status"].clone();
    assert_eq!(status(6), "eliminated");
    assert_eq!(status(3), "active", "a semi-final loser plays for third place");
    play_round(&mut e);
    let table = standings(&e, G, S, 3).unwrap();
    assert!(table.rows.iter().filter(|r| r.knocked_out).map(|r| r.start_no.0).eq(5..=8));
}

// R-6.3 (issue 19 item 3): the higher seed chooses black for game 1 before any
// result of the match — even when other matches of the round have results — and every
// game of the match swaps; a playoff then follows game 1's swapped colours. Once the
// match has a result its colours stay.
#[test]
fn the_higher_seed_chooses_colours_before_the_first_result() {
    use bianpai::domain::change::DomainError;
    use bianpai::domain::ids::{BoardNo, RoundNo};
    use bianpai::domain::swiss::PairingEdit;
    let mut e = knockout(true);
    let rules = KnockoutRules::lingting();
    apply(&mut e, &Command::SetKnockoutRules { group: G, stage: S, rules }).unwrap();
    let round = pair_next_round(&e, G, S, 1).unwrap();
    apply(&mut e, &Command::PairRound { group: G, stage: S, round }).unwrap();
    let (r1, b1, b2) = (RoundNo(1), BoardNo(1), BoardNo(2));
    let result = |outcome| Some(GameResult::plain(outcome));
    // Match 2 has begun: match 1 may still choose.
    apply(
        &mut e,
        &Command::RecordResult { group: G, stage: S, round: r1, board: b2, game: 1, result: result(Outcome::Draw) },
    )
    .unwrap();
    let swap = |board| Command::EditPairing {
        group: G,
        stage: S,
        round: r1,
        edit: PairingEdit::SwapColours { board },
        confirmed: false,
    };
    apply(&mut e, &swap(b1)).unwrap();
    let colours = |e: &Event| -> Vec<(u32, u32)> {
        let stage = e.group(G).unwrap().stage(S).unwrap();
        stage.rounds[0].games.iter().filter(|g| g.board == b1).map(|g| (g.red.0, g.black.0)).collect()
    };
    assert_eq!(colours(&e), [(8, 1), (1, 8)], "seed 1 chose black in game 1, red in game 2");
    assert_eq!(apply(&mut e, &swap(b2)), Err(DomainError::MatchHasResults { round: r1, board: b2 }));
    // Level after two games: the playoff follows game 1 (seed 8 red), and the match
    // can no longer swap.
    for game in [1, 2] {
        let command =
            Command::RecordResult { group: G, stage: S, round: r1, board: b1, game, result: result(Outcome::RedWins) };
        apply(&mut e, &command).unwrap();
    }
    assert_eq!(colours(&e), [(8, 1), (1, 8), (8, 1)], "playoff game 3 coloured as game 1");
    assert_eq!(apply(&mut e, &swap(b1)), Err(DomainError::MatchHasResults { round: r1, board: b1 }));
}
