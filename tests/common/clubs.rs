//! An event of seed 003's three groups whose players come from three clubs (单位), for
//! the team ranking across groups: every value below is worked out by hand.
//!
//! Each group plays two rounds of four players a, b, c, d: round 1 a–b (a wins) and c–d
//! (drawn), round 2 a–c (a wins) and b–d (d wins, with black). So a has 2 wins, d a win
//! and a draw, c a draw, b nothing; 对手分: a b + c, d c + b, c d + a, b a + d.
//! 成人组 and 少年组 score 2/1/0, 儿童组 3/1/0 (points of different tables are added as
//! tenths). 儿童组 has round 3 paired with one result (12 beats 9) and one missing: it
//! is not complete, so it is not read.
//!
//! | group | player (club) | points | 对手分 | rank |
//! |---|---|---|---|---|
//! | 成人组 | a 1 (丙) | 4 | 1 | 1 |
//! | 成人组 | d 4 (甲) | 3 | 1 | 2 |
//! | 成人组 | c 3 (乙) | 1 | 7 | 3 |
//! | 成人组 | b 2 (乙) | 0 | 7 | 4 |
//! | 少年组 | a 5 (甲, disqualified after round 2) | 4 | 1 | — |
//! | 少年组 | d 8 (丙) | 3 | 1 | 1 |
//! | 少年组 | c 7 (甲) | 1 | 7 | 2 |
//! | 少年组 | b 6 (乙) | 0 | 7 | 3 |
//! | 儿童组 | a 9 (乙) | 6 | 1 | 1 |
//! | 儿童组 | d 12 (甲) | 4 | 1 | 2 |
//! | 儿童组 | c 11 (no club) | 1 | 10 | 3 |
//! | 儿童组 | b 10 (丙) | 0 | 10 | 4 |

use super::by_hand::play_by_hand;
use bianpai::domain::command::{Command, apply};
use bianpai::domain::event::{Event, Game, Round};
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::player::{PlayerEntry, PlayerStatus};
use bianpai::domain::points::Points;
use bianpai::domain::presets;
use bianpai::domain::result::{GameResult, Outcome};
use bianpai::domain::rules::ScoringTable;

/// 成人组, 少年组 and 儿童组 of the `huaiyin-2022` preset.
pub const GROUPS: [GroupId; 3] = [GroupId(1), GroupId(2), GroupId(3)];
const S: StageNo = StageNo(1);

/// The clubs of players 1 … 12, in start-number order (group by group).
pub const CLUBS: [&str; 12] = ["丙", "乙", "乙", "甲", "甲", "乙", "甲", "丙", "乙", "丙", "", "甲"];

/// Player i's name: C1 … C12.
pub fn name(i: u32) -> String {
    format!("C{i}")
}

/// The event of the module's table.
pub fn three_groups() -> Event {
    let mut e = presets::build("huaiyin-2022", Some("三组团体"), None).unwrap();
    e.groups[2].stages[0].scoring = ScoringTable::symmetric(Points(30), Points(10), Points(0));
    for (g, group) in GROUPS.iter().enumerate() {
        let entries = (1..=4u32)
            .map(|k| {
                let i = g as u32 * 4 + k;
                PlayerEntry { name: name(i), club: CLUBS[i as usize - 1].to_string(), ..Default::default() }
            })
            .collect();
        let command =
            Command::AddPlayers {
                group: *group, entries, override_reason: Some("测试".into()), left_out: Vec::new()
            };
        apply(&mut e, &command).unwrap();
    }
    for (g, group) in GROUPS.iter().enumerate() {
        let [a, b, c, d] = [1, 2, 3, 4].map(|k| g as u32 * 4 + k);
        play_by_hand(&mut e, (*group, S), 1, &[(a, b, Outcome::RedWins), (c, d, Outcome::Draw)], &[]);
        play_by_hand(&mut e, (*group, S), 2, &[(a, c, Outcome::RedWins), (b, d, Outcome::BlackWins)], &[]);
    }
    let command =
        Command::SetPlayerStatus { start_no: StartNo(5), status: PlayerStatus::Disqualified, reason: "测试".into() };
    apply(&mut e, &command).unwrap();
    // 儿童组 round 3: 12 beats 9 on board 1, board 2 (10–11) still unplayed.
    let game = |board: u32, red: u32, black: u32| Game {
        board: BoardNo(board),
        game: 1,
        red: StartNo(red),
        black: StartNo(black),
        result: None,
    };
    let round = Round {
        no: RoundNo(3),
        seed: None,
        games: vec![game(1, 12, 9), game(2, 10, 11)],
        byes: Vec::new(),
        warnings: Vec::new(),
        watches: Vec::new(),
        teams: None,
    };
    apply(&mut e, &Command::PairRound { group: GROUPS[2], stage: S, round }).unwrap();
    let result = Some(GameResult::plain(Outcome::RedWins));
    let record =
        Command::RecordResult { group: GROUPS[2], stage: S, round: RoundNo(3), board: BoardNo(1), game: 1, result };
    apply(&mut e, &record).unwrap();
    e
}
