//! The explanation of a float under the `cxa` score rule (R-3.7, PAIRING.md cxa §1,
//! issue 36): how far a player floated and why nobody of a nearer score group met
//! him; and the last round's colour relaxation announced as the engine's own (§4).

use crate::common;

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Event, Round};
use bianpai::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::points::Points;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::rules::FirstRoundMode;
use bianpai::domain::swiss::explain::{Float, PairedWhy, explain_round};
use bianpai::domain::swiss::pair_next_round;
use bianpai::domain::warning::PairingWarning;
use bianpai::lang::{Lang, Localized};
use common::by_hand::{event_with_players, play_by_hand};

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

fn pair(e: &mut Event, seed: u64) -> Round {
    let round = pair_next_round(e, G, S, seed).unwrap();
    apply(e, &Command::PairRound { group: G, stage: S, round: round.clone() }).unwrap();
    round
}

// PAIRING.md cxa §1: three winners, two drawn (who met), three losers; every
// winner is never to meet either drawn player, so the odd winner floats two groups —
// to a loser — and the explanation says by how much and that the 1-point group's
// players were avoided.
#[test]
fn a_float_past_a_score_group_says_how_far_and_why_not_nearer() {
    let mut e = event_with_players("cxa-swiss", 8, 5);
    e.groups[0].stages[0].pairing.first_round = FirstRoundMode::Halves;
    let r1 = pair(&mut e, 1);
    // Halves: 1–5, 2–6, 3–7, 4–8; the upper player wins boards 1, 2 and 4, board 3 drawn.
    for g in &r1.games {
        let upper_red = g.red < g.black;
        let outcome = match (g.board.0, upper_red) {
            (3, _) => Outcome::Draw,
            (_, true) => Outcome::RedWins,
            (_, false) => Outcome::BlackWins,
        };
        let result = Some(GameResult::plain(outcome));
        apply(&mut e, &Command::RecordResult { group: G, stage: S, round: r1.no, board: g.board, game: 1, result })
            .unwrap();
    }
    for winner in [1, 2, 4] {
        for drawn in [3, 7] {
            let avoid = Command::AvoidPair { group: G, a: StartNo(winner), b: StartNo(drawn), reason: "师徒".into() };
            apply(&mut e, &avoid).unwrap();
        }
    }
    let r2 = pair(&mut e, 2);
    let x = explain_round(&e, G, S, RoundNo(2)).unwrap();
    let winners = [StartNo(1), StartNo(2), StartNo(4)];
    let floater = x
        .boards
        .iter()
        .flat_map(|b| [&b.red, &b.black])
        .find(|p| p.float == Float::Down && winners.contains(&p.player))
        .unwrap_or_else(|| panic!("a winner floats down: {r2:?}"));
    assert_eq!(floater.distance, Points(20));
    let PairedWhy::Down(why) = &floater.why else { panic!("{:?}", floater.why) };
    assert_eq!(why.distance, Points(20));
    assert_eq!(why.nearer.len(), 1, "{why:?}");
    assert_eq!(why.nearer[0].score, Points(10));
    let mut avoided: Vec<StartNo> = why.nearer[0].avoided.iter().map(|(p, _)| *p).collect();
    avoided.sort();
    assert_eq!(avoided, [StartNo(3), StartNo(7)]);
    assert!(why.nearer[0].elsewhere.is_empty());
    let zh = floater.message(Lang::Zh);
    assert!(zh.contains("下浮 2 分，越过 1 个分数组：1分组中") && zh.contains("号指定回避"), "{zh}");
    let en = floater.message(Lang::En);
    assert!(
        en.contains("floated 2 pts, past 1 score group(s): in the 1-point group nos. ") && en.contains("never paired"),
        "{en}"
    );
    // The drawn players floated one group: the next score group, 1 point apart.
    let drawn = x.boards.iter().flat_map(|b| [&b.red, &b.black]).find(|p| p.player == StartNo(3)).unwrap();
    assert!(drawn.message(Lang::Zh).contains("对手来自相邻分数组（分差 1 分）"), "{}", drawn.message(Lang::Zh));
}

// PAIRING.md cxa §4 (issue 36): in the last round the engine pairs the two leaders,
// each of whom has met everyone else and had red twice; the colour rule it breaks is
// announced as the engine's, not as a breach the director confirmed.
#[test]
fn the_engines_last_round_colour_relaxation_is_its_own_notice() {
    let mut e = event_with_players("cxa-swiss", 4, 3);
    play_by_hand(&mut e, (G, S), 1, &[(1, 3, Outcome::RedWins), (2, 4, Outcome::RedWins)], &[]);
    play_by_hand(&mut e, (G, S), 2, &[(1, 4, Outcome::RedWins), (2, 3, Outcome::RedWins)], &[]);
    let r3 = pair(&mut e, 3);
    let stored = e.groups[0].stages[0].rounds[2].clone();
    let notice = stored.warnings.iter().find(|w| w.is_engine_notice()).cloned().expect("the engine's notice is kept");
    let PairingWarning::ColoursRelaxed { players } = &notice else { panic!("{notice:?}") };
    let red = r3.games.iter().find(|g| g.red == StartNo(1) || g.red == StartNo(2)).unwrap().red;
    assert!(players.contains(&red) && players.len() == 2, "the leader with red and the third black below: {players:?}");
    let breach = stored.warnings.iter().find(|w| w.is_absolute()).expect("the third red stands as a warning");
    assert!(breach.by_engine(&stored.warnings), "{breach:?}");
    assert!(notice.message(Lang::Zh).starts_with("本轮为确保同分/就近编对，放宽先后手规则"));
    // A breach the director makes by hand is not the engine's.
    let hand = PairingWarning::ThirdSameColour { player: StartNo(3), colour: bianpai::domain::rules::Colour::Black };
    assert!(!hand.by_engine(&stored.warnings));
    // Swapping the colours of the lower board by hand: its new breach is the
    // director's, and the notice keeps only the leader the engine gave red.
    let lower = r3.games.iter().find(|g| g.red != red).unwrap().board;
    let edit = bianpai::domain::swiss::PairingEdit::SwapColours { board: lower };
    apply(&mut e, &Command::EditPairing { group: G, stage: S, round: RoundNo(3), edit, confirmed: true }).unwrap();
    let edited = e.groups[0].stages[0].rounds[2].warnings.clone();
    assert!(edited.contains(&PairingWarning::ColoursRelaxed { players: vec![red] }), "{edited:?}");
    let by_hand: Vec<&PairingWarning> = edited.iter().filter(|w| w.is_absolute() && !w.by_engine(&edited)).collect();
    assert!(!by_hand.is_empty() && by_hand.iter().all(|w| !w.players().contains(&red)), "{edited:?}");
}
