//! The events the README's pictures show (`tests/screens.rs`), shared with the tests
//! that walk every panel over them (`tests/ui_every_panel.rs`, issue 40, item 6): a
//! 16-player `lingting-cup` knockout and a `cxa-team` event of six clubs, built in
//! memory through commands.

use super::teams::{Home, outcome_of, pair_and_play};
use super::ui::PLAYER_NAMES;
use bianpai::domain::command::{Command, TeamCommand, apply};
use bianpai::domain::event::Event;
use bianpai::domain::ids::{GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::model::team::{Team, TeamId};
use bianpai::domain::player::PlayerEntry;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::swiss::pair_next_round;

const G: GroupId = GroupId(1);

/// A `lingting-cup` event of 16 players, its stages of one round each.
pub fn lingting_cup() -> Event {
    let mut event = presets::build("lingting-cup", Some("2025 聆听杯"), Some(1)).unwrap();
    event.groups[0].stages[1].rounds_planned = Some(1);
    let entries = (1..=16u32)
        .map(|i| PlayerEntry {
            name: PLAYER_NAMES[i as usize - 1].to_string(),
            rating: Some(2600 - 10 * i),
            ..Default::default()
        })
        .collect();
    apply(&mut event, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    event
}

/// The `lingting-cup` event with one round of each Swiss stage, then the knockout's
/// first round paired and partly played (two games a match).
pub fn knockout_event() -> Event {
    let mut event = lingting_cup();
    for stage in [StageNo(1), StageNo(2)] {
        play_round(&mut event, stage, 11, |_, _| true);
        apply(&mut event, &Command::AdvanceStage { group: G, stage, nominees: vec![] }).unwrap();
    }
    play_round(&mut event, StageNo(3), 1, |board, game| board <= 6 || game == 1);
    event
}

/// Pairs the next round of `stage` and records the games `played(board, game)` picks:
/// red wins, black on even boards, a draw now and then.
pub fn play_round(event: &mut Event, stage: StageNo, seed: u64, played: impl Fn(u32, u32) -> bool) {
    let round = pair_next_round(event, G, stage, seed).unwrap();
    let no: RoundNo = round.no;
    let games: Vec<(u32, u32)> = round.games.iter().map(|g| (g.board.0, g.game)).collect();
    apply(event, &Command::PairRound { group: G, stage, round }).unwrap();
    for (board, game) in games.into_iter().filter(|(b, g)| played(*b, *g)) {
        let outcome = match (board + game) % 5 {
            0 => Outcome::Draw,
            _ if board % 2 == 0 => Outcome::BlackWins,
            _ => Outcome::RedWins,
        };
        let result = Some(GameResult::plain(outcome));
        let board = bianpai::domain::ids::BoardNo(board);
        apply(event, &Command::RecordResult { group: G, stage, round: no, board, game, result }).unwrap();
    }
}

/// A `cxa-team` event of six clubs' teams of four (three boards and a reserve), one
/// round paired and played.
pub fn team_event() -> Event {
    const CLUBS: [&str; 6] = ["北京", "上海", "广东", "四川", "浙江", "江苏"];
    let mut event = presets::build("cxa-team", Some("2025 城市团体赛"), Some(5)).unwrap();
    assert!(presets::set_team_boards(&mut event, 3));
    let entries = (0..24u32)
        .map(|i| PlayerEntry {
            name: PLAYER_NAMES[i as usize].to_string(),
            club: CLUBS[i as usize / 4].to_string(),
            rating: Some(2500 - 5 * i),
            ..Default::default()
        })
        .collect();
    apply(&mut event, &Command::AddPlayers { group: G, entries, override_reason: None, left_out: Vec::new() }).unwrap();
    for (t, club) in (0u32..).zip(CLUBS) {
        let members = (t * 4 + 1..=t * 4 + 4).map(StartNo).collect();
        let team = Team {
            id: TeamId(0),
            name: format!("{club}队"),
            club: club.to_string(),
            captain: None,
            members,
            reserves: Vec::new(),
        };
        apply(&mut event, &Command::Team { group: G, change: TeamCommand::Add { team } }).unwrap();
    }
    pair_and_play(&mut event, 5, |m, b| outcome_of(b, if (m + b) % 3 == 0 { Home::D } else { Home::W }));
    event
}
