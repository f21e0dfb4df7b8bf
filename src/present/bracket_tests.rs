//! Unit tests of the bracket model (from the window's bracket, where they began): the
//! projected boxes are the pairs the library makes, the rounds are named from their
//! matches in both languages, winners carry the better seed, the podium follows the
//! last round.

use super::*;
use crate::domain::event::{Bye, ByeKind, StageStatus};
use crate::domain::presets;
use crate::domain::result::Outcome;

/// The knockout stage of the lingting-cup preset, open, with seeds 1 … n.
pub(crate) fn stage(n: u32) -> (Stage, Vec<StartNo>) {
    let event = presets::build("lingting-cup", None, None).unwrap();
    let mut stage = event.groups[0].stages[2].clone();
    let seeds: Vec<StartNo> = (1..=n).map(StartNo).collect();
    stage.entrants = seeds.clone();
    stage.status = StageStatus::Open;
    (stage, seeds)
}

pub(crate) fn rules(stage: &Stage) -> KnockoutRules {
    stage.knockout.clone().unwrap()
}

/// Pairs the next round with the library and adds it to the stage.
pub(crate) fn pair(stage: &mut Stage, seeds: &[StartNo]) -> Result<(), KnockoutError> {
    let (games, passes) = knockout::next_round(seeds, &stage.rounds, &stage.scoring, &rules(stage))?;
    let byes = passes.into_iter().map(|p| Bye::new(p, ByeKind::Pairing)).collect();
    let no = RoundNo(stage.rounds.len() as u32 + 1);
    stage.rounds.push(Round { no, seed: None, games, byes, warnings: vec![], watches: vec![], teams: None });
    Ok(())
}

/// Plays every match of the last round: mostly the higher seed (red in game 1)
/// wins; on some boards the lower seed wins, on others the match goes to playoffs.
pub(crate) fn play(stage: &mut Stage, salt: u32) {
    let (scoring, rules) = (stage.scoring.clone(), rules(stage));
    let round = stage.rounds.last_mut().unwrap();
    let mut boards: Vec<BoardNo> = round.games.iter().map(|g| g.board).collect();
    boards.dedup();
    for board in boards {
        let pattern = (board.0 + salt) % 4;
        let set = |round: &mut Round, game: u32, outcome: Outcome| {
            let g = round.games.iter_mut().find(|g| g.board == board && g.game == game).unwrap();
            g.result = Some(GameResult::plain(outcome));
            knockout::sync_playoffs(round, board, &scoring, &rules);
        };
        match pattern {
            0 => {
                set(round, 1, Outcome::BlackWins);
                set(round, 2, Outcome::Draw);
            }
            1 => {
                set(round, 1, Outcome::RedWins);
                set(round, 2, Outcome::RedWins);
                set(round, 3, Outcome::Draw);
                set(round, 4, Outcome::RedWins);
            }
            _ => {
                set(round, 1, Outcome::RedWins);
                set(round, 2, Outcome::Draw);
            }
        }
    }
}

fn pairs_of(games: &[Game]) -> Vec<(StartNo, StartNo)> {
    let mut pairs: Vec<(StartNo, StartNo)> =
        games.iter().filter(|g| g.game == 1).map(|g| (g.red.min(g.black), g.red.max(g.black))).collect();
    pairs.sort();
    pairs
}

fn names(n: u32, lang: Lang) -> Vec<String> {
    let (stage, seeds) = stage(n);
    columns_of(&seeds, &stage, &rules(&stage), &Pending::new()).iter().map(|c| c.name(lang)).collect()
}

#[test]
fn bracket_order_puts_next_opponents_side_by_side() {
    assert_eq!(bracket_order(2), [1, 2]);
    assert_eq!(bracket_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
    assert_eq!(bracket_order(16)[..8], [1, 16, 8, 9, 4, 13, 5, 12]);
}

// the empty boxes of a round not yet paired hold exactly the pairs the
// library pairs next (winners keeping the better seed), for every field size, and
// every board of a paired round finds its box.
#[test]
fn projected_boxes_are_the_pairs_the_library_makes() {
    for n in 2..=16 {
        let (mut stage, seeds) = stage(n);
        let rules = rules(&stage);
        let planned = (n as usize).next_power_of_two().trailing_zeros() as usize;
        let mut played = 0;
        loop {
            let columns = columns_of(&seeds, &stage, &rules, &Pending::new());
            assert_eq!(columns.len(), planned, "n = {n}");
            let k = stage.rounds.len();
            if pair(&mut stage, &seeds).is_err() {
                break;
            }
            let paired = stage.rounds.last().unwrap().clone();
            let column = &columns[k];
            let mut projected: Vec<(StartNo, StartNo)> = column
                .boxes
                .iter()
                .filter(|b| b.kind != BoxKind::Pass)
                .map(|b| match (b.sides[0].holder, b.sides[1].holder) {
                    (Holder::Player(x), Holder::Player(y)) => (x.min(y), x.max(y)),
                    other => panic!("n = {n}, round {}: a place not known: {other:?}", k + 1),
                })
                .collect();
            projected.sort();
            assert_eq!(projected, pairs_of(&paired.games), "n = {n}, round {}", k + 1);
            let mut passes: Vec<StartNo> = column
                .boxes
                .iter()
                .filter(|b| b.kind == BoxKind::Pass)
                .filter_map(|b| match b.sides[0].holder {
                    Holder::Player(p) => Some(p),
                    _ => None,
                })
                .collect();
            passes.sort();
            let mut byes: Vec<StartNo> = paired.byes.iter().map(|b| b.player).collect();
            byes.sort();
            assert_eq!(passes, byes, "n = {n}, round {}", k + 1);
            play(&mut stage, n + k as u32);
            let columns = columns_of(&seeds, &stage, &rules, &Pending::new());
            for b in &columns[k].boxes {
                assert_ne!(b.kind, BoxKind::Other, "n = {n}: a board without its box");
                if b.kind != BoxKind::Pass {
                    assert!(b.winner().is_some(), "n = {n}: every match decided");
                }
            }
            played += 1;
        }
        assert_eq!(played, planned, "n = {n}: one round per column");
        let last = columns_of(&seeds, &stage, &rules, &Pending::new()).pop().unwrap();
        let finals: Vec<BoxKind> = last.boxes.iter().map(|b| b.kind).collect();
        let expected = if n >= 4 {
            vec![BoxKind::Final, BoxKind::ThirdPlace]
        } else if n == 3 {
            vec![BoxKind::Final]
        } else {
            vec![BoxKind::Match]
        };
        assert_eq!(finals, expected, "n = {n}");
    }
}

// The window's names, now every medium's: 16, 32 and 3 players in both languages.
#[test]
fn columns_are_named_from_their_matches() {
    assert_eq!(names(16, Lang::Zh), ["1/8决赛", "1/4决赛", "半决赛", "决赛与三四名"]);
    assert_eq!(names(16, Lang::En), ["Round of 16", "Quarter-finals", "Semi-finals", "Final & 3rd place"]);
    assert_eq!(names(12, Lang::En), ["Round of 16", "Quarter-finals", "Semi-finals", "Final & 3rd place"]);
    assert_eq!(names(32, Lang::Zh), ["1/16决赛", "1/8决赛", "1/4决赛", "半决赛", "决赛与三四名"]);
    assert_eq!(
        names(32, Lang::En),
        ["Round of 32", "Round of 16", "Quarter-finals", "Semi-finals", "Final & 3rd place"]
    );
    assert_eq!(names(3, Lang::Zh), ["半决赛", "决赛"]);
    assert_eq!(names(3, Lang::En), ["Semi-finals", "Final"]);
    assert_eq!(names(2, Lang::En), ["Final"]);
    let (stage, seeds) = stage(8);
    let columns = columns_of(&seeds, &stage, &rules(&stage), &Pending::new());
    assert_eq!(columns[0].title(Lang::Zh), "1/4决赛 · 第1轮");
    assert_eq!(columns[2].title(Lang::En), "Final & 3rd place · round 3");
}

// Unpaired places name their seed and the match they wait for; the winner takes the
// better seed into the next column; pending results count as saved.
#[test]
fn winners_carry_the_better_seed_forward() {
    let (mut stage, seeds) = stage(8);
    let rules = rules(&stage);
    pair(&mut stage, &seeds).unwrap();
    let columns = columns_of(&seeds, &stage, &rules, &Pending::new());
    let semi = &columns[1].boxes[0];
    assert_eq!((semi.sides[0].seed, semi.sides[1].seed), (Some(1), Some(4)));
    assert_eq!(semi.sides[0].holder, Holder::WinnerOf(0));
    let first = &columns[0].boxes[0];
    assert_eq!(first.paired, Some((RoundNo(1), BoardNo(1))));
    // Seed 8 beats seed 1: he carries seed 1 into the semi-final.
    let pending: Pending = [(1, Outcome::BlackWins), (2, Outcome::Draw)]
        .into_iter()
        .map(|(game, o)| (GameKey { round: RoundNo(1), board: BoardNo(1), game }, Some(GameResult::plain(o))))
        .collect();
    let columns = columns_of(&seeds, &stage, &rules, &pending);
    let first = &columns[0].boxes[0];
    assert_eq!(first.points, [Points::whole(1), Points::whole(3)]);
    assert_eq!(first.verdicts(), [Verdict::Loss, Verdict::Draw]);
    assert!(!first.playoff);
    let semi = &columns[1].boxes[0];
    assert_eq!((semi.sides[0].seed, semi.sides[0].holder), (Some(1), Holder::Player(StartNo(8))));
    assert_eq!(find(&columns, GameKey { round: RoundNo(1), board: BoardNo(1), game: 2 }).map(|(k, _, _)| k), Some(0));
    // The next open game in drawing order: seeds 4 and 5 (board 4) meet beside 1 and 8.
    assert_eq!(default_selection(&columns), Some(GameKey { round: RoundNo(1), board: BoardNo(4), game: 1 }));
}

// the final decides first and second, the third-place match third and fourth.
#[test]
fn the_podium_follows_the_last_round() {
    let (mut stage, seeds) = stage(4);
    let rules = rules(&stage);
    for salt in [2, 2] {
        pair(&mut stage, &seeds).unwrap();
        assert!(podium(&columns_of(&seeds, &stage, &rules, &Pending::new())).is_empty());
        play(&mut stage, salt);
    }
    let columns = columns_of(&seeds, &stage, &rules, &Pending::new());
    let places: Vec<u32> = podium(&columns).iter().map(|p| p.place).collect();
    assert_eq!(places, [1, 2, 3, 4]);
    let champion = podium(&columns)[0].player;
    assert_eq!(columns[1].boxes[0].winner(), Some(champion));
    assert_eq!(place_name(1, Lang::Zh), "冠军");
    assert_eq!(place_name(4, Lang::En), "Fourth");
}
