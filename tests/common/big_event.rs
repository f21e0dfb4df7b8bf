//! A large `fide-swiss` event with rounds paired and played at random, for the tests of
//! a long pairing (issue 21), built by the domain's commands in memory (fast: no file).

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, StageNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;

/// The event's one group.
pub const G: GroupId = GroupId(1);
/// Its Swiss stage.
pub const S: StageNo = StageNo(1);

/// A `fide-swiss` event of `players` (rated from 2800 down) planned for `planned`
/// rounds, the first `played` paired (seeds 1, 2, …) and played: 40 % red wins, 30 %
/// black wins, 30 % draws, drawn from `seed`.
pub fn fide_swiss_played(players: u32, planned: u32, played: u32, seed: u64) -> Event {
    let mut e = presets::build("fide-swiss", Some("大型公开赛"), Some(planned)).expect("the fide-swiss preset");
    let entries = (1..=players)
        .map(|i| PlayerEntry {
            name: format!("选手{i}"),
            rating: Some(2800 - (i * 1400) / players.max(1)),
            ..Default::default()
        })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() })
        .expect("players");
    let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    let mut draw = move || {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % 10
    };
    for r in 1..=played {
        let round = pair_next_round(&e, G, S, u64::from(r)).expect("pairing");
        let (no, boards) = (round.no, round.games.iter().map(|g| g.board).collect::<Vec<_>>());
        apply(&mut e, &Command::PairRound { group: G, stage: S, round }).expect("pair");
        for board in boards {
            let outcome = match draw() {
                0..=3 => Outcome::RedWins,
                4..=6 => Outcome::BlackWins,
                _ => Outcome::Draw,
            };
            let result = Some(GameResult::plain(outcome));
            apply(&mut e, &Command::RecordResult { group: G, stage: S, round: no, board, game: 1, result })
                .expect("result");
        }
    }
    e
}
