//! Unit tests of the knockout rules.

use super::*;
use crate::domain::result::{GameResult, Outcome};

fn seeds(n: u32) -> Vec<StartNo> {
    (1..=n).map(StartNo).collect()
}

fn rules() -> KnockoutRules {
    KnockoutRules::lingting()
}

fn game(number: u32, red: u32, black: u32, outcome: Outcome) -> Game {
    Game {
        board: BoardNo(1),
        game: number,
        red: StartNo(red),
        black: StartNo(black),
        result: Some(GameResult::plain(outcome)),
    }
}

// 1–16, 2–15, … 8–9.
#[test]
fn sixteen_seeds_pair_first_against_last() {
    let (pairs, bye) = first_against_last(&seeds(16));
    assert_eq!(bye, None);
    assert_eq!(pairs[0], (StartNo(1), StartNo(16)));
    assert_eq!(pairs[7], (StartNo(8), StartNo(9)));
}

// 25, 20, 15 … minutes, 5 less each time.
#[test]
fn playoffs_shorten_by_five_minutes() {
    let r = rules();
    assert_eq!((0..6).map(|k| playoff_minutes(&r, k)).collect::<Vec<_>>(), [25, 20, 15, 10, 5, 5]);
}

// level after two games → game 3, colours alternating; a playoff win decides.
#[test]
fn a_level_match_goes_to_playoffs_until_decided() {
    let scoring = ScoringTable::symmetric(Points::whole(2), Points::whole(1), Points::ZERO);
    let g1 = game(1, 1, 16, Outcome::RedWins);
    let g2 = game(2, 16, 1, Outcome::RedWins);
    let state = match_state(&[&g1, &g2], &scoring, &rules());
    assert_eq!(state, MatchState::Level { next_game: 3, minutes: 25 });
    let g3 = next_playoff(&[&g1, &g2], &scoring, &rules()).unwrap();
    assert_eq!((g3.game, g3.red, g3.black), (3, StartNo(1), StartNo(16)));
    let g3 = game(3, 1, 16, Outcome::Draw);
    assert_eq!(match_state(&[&g1, &g2, &g3], &scoring, &rules()), MatchState::Level { next_game: 4, minutes: 20 });
    let g4 = game(4, 16, 1, Outcome::BlackWins);
    assert_eq!(
        match_state(&[&g1, &g2, &g3, &g4], &scoring, &rules()),
        MatchState::Won { winner: StartNo(1), loser: StartNo(16) }
    );
}

// winners keep the better seed; 1, 7, 3, 5 pair 1–7 and 3–5.
#[test]
fn winners_pair_first_against_last_by_seed() {
    let seed_of: BTreeMap<StartNo, u32> = (1..=16).map(|s| (StartNo(s), s)).collect();
    let winners = [StartNo(5), StartNo(1), StartNo(7), StartNo(3)];
    assert_eq!(next_pairs(&winners, &seed_of), vec![(StartNo(1), StartNo(7)), (StartNo(3), StartNo(5))]);
}

// CXA 2020 Art. 30: playoffs in pairs, then Armageddon where a draw is a black win.
#[test]
fn playoff_pairs_and_armageddon() {
    let scoring = ScoringTable::symmetric(Points::whole(2), Points::whole(1), Points::ZERO);
    let rules = KnockoutRules { playoff_pairs: true, armageddon_after: Some(2), ..KnockoutRules::lingting() };
    let g1 = game(1, 1, 16, Outcome::RedWins);
    let g2 = game(2, 16, 1, Outcome::RedWins);
    let g3 = game(3, 1, 16, Outcome::RedWins);
    // One playoff game won is not enough: the pair is played out, same time control.
    assert_eq!(match_state(&[&g1, &g2, &g3], &scoring, &rules), MatchState::Level { next_game: 4, minutes: 25 });
    let g4 = game(4, 16, 1, Outcome::RedWins);
    assert_eq!(match_state(&[&g1, &g2, &g3, &g4], &scoring, &rules), MatchState::Level { next_game: 5, minutes: 20 });
    // Game 5 is the Armageddon: a draw goes to black (player 1 is red in odd games).
    let g5 = game(5, 1, 16, Outcome::Draw);
    assert_eq!(
        match_state(&[&g1, &g2, &g3, &g4, &g5], &scoring, &rules),
        MatchState::Won { winner: StartNo(16), loser: StartNo(1) }
    );
}

// Fixed brackets: seeds 1 and 2 in opposite halves, byes for the top seeds.
#[test]
fn fixed_bracket_order_and_byes() {
    assert_eq!(bracket_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
    assert_eq!(bracket_order(16)[..4], [1, 16, 8, 9]);
    let rules = KnockoutRules { reseed: false, ..KnockoutRules::lingting() };
    let scoring = ScoringTable::symmetric(Points::whole(2), Points::whole(1), Points::ZERO);
    let (games, passes) = next_round(&seeds(6), &[], &scoring, &rules).unwrap();
    assert_eq!(passes, [StartNo(1), StartNo(2)], "the top seeds pass when the field is short");
    let firsts: Vec<(u32, u32)> = games.iter().filter(|g| g.game == 1).map(|g| (g.red.0, g.black.0)).collect();
    assert_eq!(firsts, [(4, 5), (3, 6)]);
}

// places 1–4 from the final and third-place match, 5–8 and 9–16 by pre-knockout rank.
#[test]
fn places_follow_the_rule_book() {
    let pre_rank: BTreeMap<StartNo, u32> = (1..=16).map(|s| (StartNo(s), s)).collect();
    let r16_losers: Vec<StartNo> = [16, 9, 12, 13, 14, 11, 10, 15].map(StartNo).to_vec();
    let qf_losers: Vec<StartNo> = [8, 2, 5, 6].map(StartNo).to_vec();
    let order = places(&pre_rank, &[r16_losers, qf_losers], (StartNo(3), StartNo(1)), (StartNo(7), StartNo(4)));
    let got: Vec<u32> = order.iter().map(|p| p.0).collect();
    assert_eq!(got, [3, 1, 7, 4, 2, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
}

/// A round from `games` in which `winner(higher, lower)` wins each match: game 1 won by
/// the winner (whatever his colour), game 2 drawn.
fn played(no: u32, games: Vec<Game>, winner: &dyn Fn(StartNo, StartNo) -> StartNo) -> Round {
    use crate::domain::ids::RoundNo;
    let games = games
        .into_iter()
        .map(|g| {
            let outcome = match g.game {
                1 if winner(g.red, g.black) == g.red => Outcome::RedWins,
                1 => Outcome::BlackWins,
                _ => Outcome::Draw,
            };
            Game { result: Some(GameResult::plain(outcome)), ..g }
        })
        .collect();
    Round { no: RoundNo(no), seed: None, games, byes: vec![], warnings: vec![], watches: vec![], teams: None }
}

// R-6.4 (issue 19 item 3): the third-place match gives red in game 1 to the better
// seed number held in the semi-finals, not the better original seed. Seed 8 beats seed
// 1 in a quarter-final and holds seed 1; he loses his semi-final, as does seed 3: the
// third-place match is seed 8 (holding 1) against seed 3 (holding 3).
#[test]
fn the_third_place_match_colours_go_by_the_seed_held() {
    let scoring = ScoringTable::symmetric(Points::whole(2), Points::whole(1), Points::ZERO);
    let (rules, seeds) = (rules(), seeds(8));
    let upsets = [StartNo(8), StartNo(5)];
    let (qf, _) = next_round(&seeds, &[], &scoring, &rules).unwrap();
    let qf = played(1, qf, &|a, b| if upsets.contains(&b) { b } else { a });
    let mut rounds = vec![qf];
    let (sf, _) = next_round(&seeds, &rounds, &scoring, &rules).unwrap();
    let firsts: Vec<(u32, u32)> = sf.iter().filter(|g| g.game == 1).map(|g| (g.red.0, g.black.0)).collect();
    assert_eq!(firsts, [(8, 5), (2, 3)], "8 holds seed 1, 5 holds seed 4");
    // 5 beats 8, 2 beats 3.
    rounds.push(played(2, sf, &|a, b| if b == StartNo(5) { b } else { a }));
    let (placement, _) = next_round(&seeds, &rounds, &scoring, &rules).unwrap();
    let third: Vec<(u32, u32)> =
        placement.iter().filter(|g| g.board == BoardNo(2)).map(|g| (g.red.0, g.black.0)).collect();
    assert_eq!(third, [(8, 3), (3, 8)], "seed 8 holds seed 1: red in game 1");
    let final_match: Vec<(u32, u32)> =
        placement.iter().filter(|g| g.board == BoardNo(1)).map(|g| (g.red.0, g.black.0)).collect();
    assert_eq!(final_match, [(5, 2), (2, 5)], "the final likewise: 5 holds seed 1");
}
