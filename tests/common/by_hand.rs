//! Events built in memory for the rules' tests: a preset with numbered players, and
//! rounds paired and played by hand, so that every value can be computed on paper.

use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Bye, ByeKind, Event, Game, Round};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};

/// A `preset` event with `rounds` planned and `players` players P1 … Pn in group 1,
/// rated 2000 − 7·i (start numbers 1 … n in rating order).
pub fn event_with_players(preset: &str, players: u32, rounds: u32) -> Event {
    let mut e = presets::build(preset, None, Some(rounds)).unwrap();
    e.groups[0].stages[0].rounds_planned = Some(rounds);
    let entries = (1..=players)
        .map(|i| PlayerEntry { name: format!("P{i}"), rating: Some(2000 - i * 7), ..Default::default() })
        .collect();
    apply(&mut e, &Command::AddPlayers { group: GroupId(1), entries, override_reason: None, left_out: Vec::new() })
        .unwrap();
    e
}

/// Pairs round `no` of `group`'s `stage` by hand — boards 1, 2, … as (red, black),
/// byes as (player, kind) — without results.
pub fn pair_by_hand(
    e: &mut Event,
    (group, stage): (GroupId, StageNo),
    no: u32,
    boards: &[(u32, u32)],
    byes: &[(u32, ByeKind)],
) {
    let games = boards
        .iter()
        .enumerate()
        .map(|(i, &(red, black))| Game {
            board: BoardNo(i as u32 + 1),
            game: 1,
            red: StartNo(red),
            black: StartNo(black),
            result: None,
        })
        .collect();
    let byes = byes.iter().map(|&(p, kind)| Bye::new(StartNo(p), kind)).collect();
    let paired =
        Round { no: RoundNo(no), seed: None, games, byes, warnings: Vec::new(), watches: Vec::new(), teams: None };
    apply(e, &Command::PairRound { group, stage, round: paired }).unwrap_or_else(|err| panic!("round {no}: {err}"));
}

/// Pairs round `no` of `group`'s `stage` by hand — boards 1, 2, … as (red, black,
/// outcome), byes as (player, kind) — and records the outcomes.
pub fn play_by_hand(
    e: &mut Event,
    (group, stage): (GroupId, StageNo),
    no: u32,
    boards: &[(u32, u32, Outcome)],
    byes: &[(u32, ByeKind)],
) {
    let games: Vec<(u32, u32)> = boards.iter().map(|&(red, black, _)| (red, black)).collect();
    pair_by_hand(e, (group, stage), no, &games, byes);
    for (i, &(_, _, outcome)) in boards.iter().enumerate() {
        let result = Some(GameResult::plain(outcome));
        let board = BoardNo(i as u32 + 1);
        apply(e, &Command::RecordResult { group, stage, round: RoundNo(no), board, game: 1, result }).unwrap();
    }
}
