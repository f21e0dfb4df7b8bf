//! The pairing explanation: each player's score group and float with its
//! reason, the colour rule that gave red, why the bye went to its player, and — after
//! hand edits — how the round differs from the engine's pairing.

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Event, Round, StageKind};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::points::Points;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::rules::FirstRoundMode;
use bianpai::domain::swiss::explain::{
    ByeWhy, ColourRule, Comparison, Difference, Float, HandColours, NotCompared, PairedWhy, RoundExplanation,
    explain_round,
};
use bianpai::domain::swiss::{PairingEdit, pair_next_round};
use bianpai::lang::{Lang, Localized};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeSet;

const G: GroupId = GroupId(1);
const S: StageNo = StageNo(1);

/// An event of `players` rated players (highest first), round 1 by halves.
fn event(preset: &str, players: u32, rounds: u32) -> Event {
    let mut e = presets::build(preset, None, Some(rounds)).unwrap();
    let stage = &mut e.groups[0].stages[0];
    stage.rounds_planned = Some(rounds);
    stage.pairing.first_round = FirstRoundMode::Halves;
    let entries = (1..=players)
        .map(|i| PlayerEntry { name: format!("P{i}"), rating: Some(2600 - i * 50), ..Default::default() })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    e
}

/// Pairs the next round with `seed` and returns it.
fn pair(e: &mut Event, seed: u64) -> Round {
    let round = pair_next_round(e, G, S, seed).unwrap();
    apply(e, &Command::PairRound { group: G, stage: S, round: round.clone() }).unwrap();
    round
}

/// Records `outcome` on every board of `round`.
fn play(e: &mut Event, round: &Round, mut outcome: impl FnMut(usize) -> Outcome) {
    for (k, g) in round.games.iter().enumerate() {
        let result = Some(GameResult::plain(outcome(k)));
        apply(e, &Command::RecordResult { group: G, stage: S, round: round.no, board: g.board, game: 1, result })
            .unwrap();
    }
}

fn explain(e: &Event, round: u32) -> RoundExplanation {
    explain_round(e, G, S, RoundNo(round)).unwrap()
}

// six players, round 1 by halves, every upper player wins: the 2-point group
// has three players, so one of them floats down, explained as an odd score group;
// his opponent floats up; the colour rule that gave red is named.
#[test]
fn a_player_floated_down_from_an_odd_score_group_is_explained_as_such() {
    let mut e = event("cxa-swiss", 6, 3);
    let r1 = pair(&mut e, 1);
    let upper_wins =
        |g: &bianpai::domain::event::Game| if g.red.0 <= 3 { Outcome::RedWins } else { Outcome::BlackWins };
    play(&mut e, &r1, |k| upper_wins(&r1.games[k]));
    pair(&mut e, 2);
    let x = explain(&e, 2);
    assert_eq!(x.comparison, Comparison::Same, "an unedited round lists no difference");
    let mixed = x.boards.iter().find(|b| b.red.score_group != b.black.score_group).expect("a board across groups");
    let (down, up) =
        if mixed.red.float == Float::Down { (&mixed.red, &mixed.black) } else { (&mixed.black, &mixed.red) };
    assert_eq!((down.float, up.float), (Float::Down, Float::Up));
    assert_eq!((down.score_group, up.score_group), (Points(20), Points(0)));
    let PairedWhy::Down(why) = &down.why else { panic!("{:?}", down.why) };
    assert_eq!(why.odd_left, Some(3), "{why:?}");
    assert!(down.message(Lang::Zh).contains("本分数组待配对 3 人，人数为奇数"), "{}", down.message(Lang::Zh));
    assert!(down.message(Lang::En).contains("3 players were left to pair"), "{}", down.message(Lang::En));
    assert_eq!(up.why, PairedWhy::Up { partner: down.player, partner_score: Points(20) });
    // Both upper players had red in round 1 or both black: the one who had black has
    // the smaller colour difference and takes red.
    let c = &mixed.colour;
    assert_eq!(c.by_hand, None);
    assert_eq!(c.rules_red, mixed.red.player);
    assert_eq!(c.rule, ColourRule::Difference { red: -1, black: 1 }, "{c:?}");
    let red = mixed.red.player;
    assert_eq!(c.message(Lang::Zh), format!("{red}号先后手差较小（-1 对 +1），执红"));
    assert!(c.message(Lang::En).contains("fewer reds relative to blacks"));
    // The boards within a group say so.
    let same = x.boards.iter().find(|b| b.red.float == Float::None).unwrap();
    assert!(matches!(same.red.why, PairedWhy::SameGroup { size: 3 }), "{:?}", same.red.why);
}

// the director's avoided pair keeps the two leaders apart: each floats down,
// and the reason names the pair and the director's reason.
#[test]
fn a_float_forced_by_an_avoided_pair_names_it() {
    let mut e = event("cxa-swiss", 4, 3);
    let r1 = pair(&mut e, 1);
    play(&mut e, &r1, |_| Outcome::RedWins);
    let leaders: Vec<StartNo> = r1.games.iter().map(|g| g.red).collect();
    e.groups[0].pairing_controls.avoid(leaders[0], leaders[1], "兄弟");
    pair(&mut e, 2);
    let x = explain(&e, 2);
    let first = x.boards.iter().flat_map(|b| [&b.red, &b.black]).find(|p| p.player == leaders[0]).unwrap();
    assert_eq!(first.float, Float::Down);
    let PairedWhy::Down(why) = &first.why else { panic!("{:?}", first.why) };
    assert_eq!((why.odd_left, why.avoided.clone()), (None, vec![(leaders[1], "兄弟".to_string())]));
    // And how far he floated (issue 36): to the next score group.
    assert_eq!(
        first.message(Lang::Zh),
        format!("与同分组的 {}号指定回避（兄弟）；对手来自相邻分数组（分差 {} 分）", leaders[1], why.distance)
    );
}

// round 1 is explained by its draw; the colours of a draw by halves alternate
// by board, also when the director has swapped them.
#[test]
fn round_one_is_explained_by_its_draw() {
    let mut e = event("cxa-swiss", 6, 3);
    pair(&mut e, 1);
    let x = explain(&e, 1);
    assert_eq!(x.comparison, Comparison::Same);
    for b in &x.boards {
        assert_eq!(b.red.why, PairedWhy::FirstRound(bianpai::domain::swiss::explain::FirstRoundDraw::Halves));
        assert_eq!(b.red.float, Float::None);
        let ColourRule::FirstRoundAlternate { upper, upper_red } = b.colour.rule else { panic!("{:?}", b.colour) };
        assert_eq!(upper_red, b.board.0 % 2 == 1, "odd boards: the upper player has red");
        assert_eq!(upper.0, b.red.player.0.min(b.black.player.0));
    }
    // Colours swapped by hand on board 1: the rule still says the upper player has red.
    let edit = PairingEdit::SwapColours { board: BoardNo(1) };
    apply(&mut e, &Command::EditPairing { group: G, stage: S, round: RoundNo(1), edit, confirmed: true }).unwrap();
    let b = explain(&e, 1).boards[0].clone();
    assert_eq!(b.colour.by_hand, Some(HandColours::Swapped));
    let ColourRule::FirstRoundAlternate { upper, upper_red: true } = b.colour.rule else { panic!("{:?}", b.colour) };
    assert_eq!((upper, b.colour.rules_red), (b.black.player, b.black.player));
}

// three players: round 1's bye is the last of the order; round 2's the lowest
// group's; in round 3 both others had a bye, so the leader has it, and the reason says
// that everyone ranked lower already had one.
#[test]
fn the_bye_says_why_it_went_to_that_player() {
    let mut e = event("cxa-swiss", 3, 3);
    let r1 = pair(&mut e, 1);
    play(&mut e, &r1, |_| Outcome::RedWins);
    assert_eq!(r1.byes[0].player, StartNo(3), "halves: the last of the rating order");
    assert_eq!(explain(&e, 1).byes[0].why, ByeWhy::FirstRound);
    let r2 = pair(&mut e, 2);
    let x2 = explain(&e, 2);
    let bye2 = &x2.byes[0];
    assert_eq!(
        bye2.why,
        ByeWhy::Lowest { score: Points(0), lowest_group: true, had_bye_below: vec![], others_below: vec![] }
    );
    assert_eq!(bye2.why.message(Lang::Zh), "人数为奇数，轮空给最低分组（0 分）中排名最后、此前未轮空的选手");
    // No. 1 wins round 2 and leads.
    play(&mut e, &r2, |k| if r2.games[k].red == StartNo(1) { Outcome::RedWins } else { Outcome::BlackWins });
    pair(&mut e, 3);
    let x3 = explain(&e, 3);
    let ByeWhy::Lowest { lowest_group, had_bye_below, others_below, .. } = &x3.byes[0].why else {
        panic!("{:?}", x3.byes[0])
    };
    assert_eq!(x3.byes[0].player, StartNo(1));
    assert!(!lowest_group);
    let others: BTreeSet<StartNo> = (1..=3).map(StartNo).filter(|p| *p != x3.byes[0].player).collect();
    assert_eq!(had_bye_below.iter().copied().collect::<BTreeSet<_>>(), others);
    assert!(others_below.is_empty());
    assert!(x3.byes[0].why.message(Lang::En).contains("already had a bye or a forfeit win"));
}

// after hand edits the explanation lists how the round differs from the
// engine's pairing: swapped colours, then swapped players; the unedited round none.
#[test]
fn an_edited_round_lists_the_difference_from_the_engines_pairing() {
    let mut e = event("cxa-swiss", 8, 4);
    let r1 = pair(&mut e, 5);
    play(&mut e, &r1, |k| if k % 2 == 0 { Outcome::RedWins } else { Outcome::Draw });
    let r2 = pair(&mut e, 6);
    assert_eq!(explain(&e, 2).comparison, Comparison::Same);
    let edit = |e: &mut Event, edit: PairingEdit| {
        apply(e, &Command::EditPairing { group: G, stage: S, round: RoundNo(2), edit, confirmed: true }).unwrap();
    };
    edit(&mut e, PairingEdit::SwapColours { board: BoardNo(2) });
    let x = explain(&e, 2);
    let g = r2.games[1];
    let expected = Difference::Colours { board: BoardNo(2), engine_red: g.red, engine_black: g.black };
    assert_eq!(x.comparison, Comparison::Differs(vec![expected.clone()]));
    assert_eq!(expected.message(Lang::Zh), format!("第2台：先后手已交换（原编排 {}号执红）", g.red));
    let board = x.board(BoardNo(2), 1).unwrap();
    assert_eq!((board.colour.by_hand, board.colour.rules_red), (Some(HandColours::Swapped), g.red));
    assert!(board.colour.message(Lang::En).starts_with("colours swapped by hand"));

    // Swap a player of board 1 with one of board 3.
    let (a, b) = (r2.games[0].black, r2.games[2].black);
    edit(&mut e, PairingEdit::SwapPlayers { a, b });
    let x = explain(&e, 2);
    let boards: Vec<BoardNo> = x
        .comparison
        .differences()
        .iter()
        .filter_map(|d| match d {
            Difference::Pair { board, .. } => Some(*board),
            _ => None,
        })
        .collect();
    assert_eq!(boards, vec![BoardNo(1), BoardNo(3)]);
    let first = x.board(BoardNo(1), 1).unwrap();
    assert_eq!(first.black.why, PairedWhy::HandEdited { engine_opponent: Some(r2.games[2].red) });
    assert!(first.black.message(Lang::Zh).starts_with("本台经编排员手动修改"));
    let words = x.comparison.differences()[0].message(Lang::En);
    assert!(words.starts_with("board 1: the engine paired no."), "{words}");
}

/// Plays `rounds` rounds of a random event and checks every unedited round's
/// explanation against the round: no difference, red by the rule named, floats by score.
fn explanations_agree_with_the_engine(preset: &str, players: u32, rounds: u32, seed: u64) {
    let mut e = event(preset, players, rounds);
    if seed.is_multiple_of(2) {
        e.groups[0].stages[0].pairing.first_round = FirstRoundMode::Random;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for r in 1..=rounds {
        let round = pair(&mut e, seed * 100 + u64::from(r));
        let x = explain(&e, r);
        assert_eq!(x.comparison, Comparison::Same, "{preset} round {r}");
        assert_eq!(x.boards.len(), round.games.len());
        for b in &x.boards {
            assert!(b.colour.by_hand.is_none() && b.colour.rules_red == b.red.player, "{preset} round {r}: {b:?}");
            let expected = match b.red.score_group.cmp(&b.black.score_group) {
                std::cmp::Ordering::Equal => Float::None,
                std::cmp::Ordering::Greater => Float::Down,
                std::cmp::Ordering::Less => Float::Up,
            };
            assert_eq!(b.red.float, expected);
            for lang in [Lang::Zh, Lang::En] {
                assert!(!b.red.message(lang).is_empty() && !b.colour.message(lang).is_empty());
            }
        }
        for bye in &x.byes {
            assert!(!matches!(bye.why, ByeWhy::HandEdited { .. }), "{bye:?}");
        }
        play(&mut e, &round, |_| match rng.random_range(0..10) {
            0..=3 => Outcome::RedWins,
            4..=5 => Outcome::BlackWins,
            6 => Outcome::BlackWinsByForfeit,
            _ => Outcome::Draw,
        });
    }
}

// the colour rule named is the rule the engine applied, under both rule sets.
#[test]
fn the_colour_rule_named_is_the_engines_under_cxa_and_fide_dutch() {
    for seed in 1..=4 {
        explanations_agree_with_the_engine("cxa-swiss", 11 + 4 * seed as u32, 6, seed);
        explanations_agree_with_the_engine("fide-swiss", 11 + 4 * seed as u32, 6, seed);
    }
}

// a round-robin round is explained by the Berger table and compared with it.
#[test]
fn a_round_robin_round_is_explained_by_the_berger_table() {
    let mut e = event("cxa-swiss", 5, 5);
    apply(&mut e, &Command::SetStageFormat { group: G, stage: S, kind: StageKind::RoundRobin, double: false }).unwrap();
    pair(&mut e, 1);
    let x = explain(&e, 1);
    assert_eq!(x.comparison, Comparison::Same);
    assert!(matches!(x.boards[0].red.why, PairedWhy::RoundRobin { round: RoundNo(1), .. }));
    assert_eq!(x.boards[0].colour.rule, ColourRule::RoundRobin { round: RoundNo(1) });
    assert_eq!(x.byes[0].why, ByeWhy::RoundRobin);
}

// a knockout round is explained by the seeds and not compared (the higher seed
// may choose colours).
#[test]
fn a_knockout_round_is_explained_by_the_seeds() {
    let mut e = presets::build("lingting-cup", None, Some(1)).unwrap();
    e.groups[0].stages[1].rounds_planned = Some(1);
    let entries =
        (1..=8).map(|i| PlayerEntry { name: format!("P{i}"), rating: Some(2000 - i), ..Default::default() }).collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    for stage in [StageNo(1), StageNo(2)] {
        let round = pair_next_round(&e, G, stage, 11).unwrap();
        apply(&mut e, &Command::PairRound { group: G, stage, round: round.clone() }).unwrap();
        for g in &round.games {
            let result = Some(GameResult::plain(Outcome::RedWins));
            let command = Command::RecordResult { group: G, stage, round: round.no, board: g.board, game: 1, result };
            apply(&mut e, &command).unwrap();
        }
        apply(&mut e, &Command::AdvanceStage { group: G, stage, nominees: vec![] }).unwrap();
    }
    let round = pair_next_round(&e, G, StageNo(3), 1).unwrap();
    apply(&mut e, &Command::PairRound { group: G, stage: StageNo(3), round }).unwrap();
    let x = explain_round(&e, G, StageNo(3), RoundNo(1)).unwrap();
    assert_eq!(x.comparison, Comparison::NotCompared(NotCompared::Knockout));
    let first = &x.boards[0];
    assert_eq!(first.red.why, PairedWhy::Knockout { seed: 1 });
    assert_eq!(first.colour.rule, ColourRule::Knockout);
    assert_eq!(first.red.message(Lang::Zh), "淘汰赛第 1 号种子，按种子位置对阵");
    assert_ne!(NotCompared::Knockout.message(Lang::Zh), NotCompared::Knockout.message(Lang::En));
}
