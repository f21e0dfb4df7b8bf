//! The bundled demo event: a 40-player club Swiss of the `cxa-swiss` preset with four
//! of its seven rounds paired and played, so that the window has something to show
//! on first start and tests have a realistic event to work on.
//!
//! The roster is fixed (names from fixed lists of surnames and given names, a few with
//! characters outside GB2312 such as 喆 堃 赟); the pairings and results follow from
//! the seed alone. Every change goes through [`apply`], exactly as a director's would.

use super::command::{Command, DomainError, apply};
use super::event::{Event, Official};
use super::ids::{GroupId, RoundNo, StageNo, StartNo};
use super::player::{Gender, PlayerEntry, PlayerStatus, Title};
use super::presets;
use super::result::{GameResult, Outcome, ResultReason};
use super::swiss::{self, PairingError};
use crate::lang::{Lang, Localized};
use jiff::civil::{Date, date};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

/// The demo event's title.
pub const DEMO_NAME: &str = "Bianpai 演示赛 · 俱乐部积分赛";
/// The preset the demo is built from.
pub const DEMO_PRESET: &str = "cxa-swiss";
/// Rounds planned for the demo's Swiss stage.
pub const DEMO_ROUNDS_PLANNED: u32 = 7;
/// Rounds paired and played in the demo.
pub const DEMO_ROUNDS_PLAYED: u32 = 4;
/// Players registered in the demo.
pub const DEMO_PLAYERS: usize = 40;

/// The group the demo's players enter (the preset's only group, 公开组).
const GROUP: GroupId = GroupId(1);
/// The Swiss stage of that group.
const STAGE: StageNo = StageNo(1);

/// Why the demo event could not be built: a bug in the demo or in the rules it uses.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum DemoError {
    /// The preset the demo relies on no longer exists.
    #[error("the demo's preset '{0}' does not exist")]
    UnknownPreset(&'static str),
    /// A command of the demo was refused.
    #[error("demo event: {0}")]
    Domain(#[from] DomainError),
    /// A round of the demo could not be paired.
    #[error("demo event: {0}")]
    Pairing(#[from] PairingError),
}

impl Localized for DemoError {
    fn message(&self, lang: Lang) -> String {
        match (self, lang) {
            (DemoError::UnknownPreset(name), Lang::Zh) => format!("演示赛事所用的预设“{name}”不存在。"),
            (DemoError::UnknownPreset(name), Lang::En) => format!("The demo's preset “{name}” does not exist."),
            (DemoError::Domain(d), _) => format!("{}{}", lang.t("演示赛事：", "Demo event: "), d.message(lang)),
            (DemoError::Pairing(p), _) => format!("{}{}", lang.t("演示赛事：", "Demo event: "), p.message(lang)),
        }
    }
}

const SURNAMES: [&str; 20] = [
    "王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高", "林", "何", "郭", "马",
    "罗",
];

/// Given names of the men, in registration order.
const GIVEN_MALE: [&str; 24] = [
    "天一", "喆", "建国", "志强", "明轩", "堃", "浩然", "国华", "宇航", "赟", "晓东", "昇", "俊杰", "子豪", "伟", "彧",
    "海峰", "鹏飞", "文斌", "立新", "振宇", "嘉诚", "永刚", "思远",
];

/// Given names of the women, in registration order.
const GIVEN_FEMALE: [&str; 16] = [
    "玥", "静怡", "珺", "雨婷", "祎", "晓燕", "梦瑶", "丽华", "欣怡", "雪梅", "佳琪", "婉清", "慧敏", "诗涵", "红",
    "若兰",
];

const CLUBS: [&str; 8] =
    ["北京棋院", "上海象棋协会", "广东象棋队", "杭州棋社", "成都棋院", "深圳弈友俱乐部", "江苏棋院", "湖北象棋协会"];

/// The player withdrawn after round 3, so that the demo shows a withdrawal and a bye.
const WITHDRAWN: StartNo = StartNo(37);

/// Builds the demo event: preset `cxa-swiss` with 7 rounds planned, 40 players and
/// rounds 1–4 paired by [`swiss::pair_next_round`] and played with results drawn
/// from `seed`. The same seed always gives the same event.
///
/// # Errors
/// [`DemoError`] if a rule refuses one of the demo's commands or a round cannot be
/// paired — a bug, never expected.
///
/// # Examples
/// ```
/// let event = bianpai::domain::demo::demo_event(7).unwrap();
/// assert_eq!(event.players.len(), 40);
/// assert_eq!(event.groups[0].stages[0].completed_rounds(), 4);
/// ```
pub fn demo_event(seed: u64) -> Result<Event, DemoError> {
    let preset = presets::build(DEMO_PRESET, Some(DEMO_NAME), Some(DEMO_ROUNDS_PLANNED))
        .ok_or(DemoError::UnknownPreset(DEMO_PRESET))?;
    let mut event = Event {
        start_date: Some(date(2025, 5, 1)),
        officials: vec![
            Official { role: "总裁判".into(), name: "沈国栋".into() },
            Official { role: "副裁判".into(), name: "韩丽萍".into() },
            Official { role: "编排长".into(), name: "唐文博".into() },
        ],
        ..preset
    };
    apply(
        &mut event,
        &Command::AddPlayers { group: GROUP, entries: roster(), override_reason: None, left_out: Vec::new() },
    )?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for round in 1..=DEMO_ROUNDS_PLAYED {
        if round == 4 {
            apply(
                &mut event,
                &Command::SetPlayerStatus {
                    start_no: WITHDRAWN,
                    status: PlayerStatus::Withdrawn,
                    reason: "家中有事，第4轮起退赛".into(),
                },
            )?;
        }
        let paired = swiss::pair_next_round(&event, GROUP, STAGE, seed.wrapping_add(u64::from(round)))?;
        let boards: Vec<_> = paired.games.iter().map(|g| (g.board, g.game, g.red, g.black)).collect();
        apply(&mut event, &Command::PairRound { group: GROUP, stage: STAGE, round: paired })?;
        for (board, game, red, black) in boards {
            let result = draw_result(&mut rng, rating_of(&event, red), rating_of(&event, black));
            apply(
                &mut event,
                &Command::RecordResult {
                    group: GROUP,
                    stage: STAGE,
                    round: RoundNo(round),
                    board,
                    game,
                    result: Some(result),
                },
            )?;
        }
    }
    Ok(event)
}

/// The 40 registrations, strongest first: start numbers follow this order.
fn roster() -> Vec<PlayerEntry> {
    let (mut men, mut women) = (GIVEN_MALE.iter(), GIVEN_FEMALE.iter());
    (0..DEMO_PLAYERS)
        .filter_map(|i| {
            // Two players in five are women: 16 of 40.
            let gender = if i % 5 == 1 || i % 5 == 3 { Gender::Female } else { Gender::Male };
            let given = match gender {
                Gender::Male => men.next(),
                Gender::Female => women.next(),
            }?;
            let n = i as u32;
            Some(PlayerEntry {
                name: format!("{}{given}", SURNAMES[(i * 7 + i / 20) % SURNAMES.len()]),
                gender: Some(gender),
                born: Some(birth_date(n)),
                club: CLUBS[(i * 3 + i / 8) % CLUBS.len()].to_string(),
                rating: Some(2480 - n * 17 - (n * 37) % 13),
                title: title(n, gender),
                ..PlayerEntry::default()
            })
        })
        .collect()
}

/// A birth date spread by registration index: the ten strongest born 1962–1999, the
/// others 1958–2013.
fn birth_date(i: u32) -> Date {
    let year = if i < 10 { 1962 + ((i * 23 + 5) % 38) as i16 } else { 1958 + ((i * 23 + 5) % 56) as i16 };
    let month = 1 + ((i * 5) % 12) as i8;
    let day = 1 + ((i * 11) % 28) as i8;
    date(year, month, day)
}

fn title(i: u32, gender: Gender) -> Option<Title> {
    match (i, gender) {
        (0..=2, Gender::Male) => Some(Title::Master),
        (0..=2, Gender::Female) => Some(Title::WomanMaster),
        (3..=9, _) => Some(Title::CandidateMaster),
        (10..=24, _) => Some(Title::FirstClass),
        (25..=34, _) => Some(Title::SecondClass),
        _ => None,
    }
}

fn rating_of(event: &Event, player: StartNo) -> i64 {
    event.player(player).and_then(|p| p.entry.rating).map_or(1800, i64::from)
}

/// A plausible result: mostly decisive and favouring the higher rating and red's first
/// move, about one in five drawn, a rare forfeit, an occasional foul.
fn draw_result(rng: &mut ChaCha8Rng, red_rating: i64, black_rating: i64) -> GameResult {
    let roll: u32 = rng.random_range(0..1000);
    if roll < 15 {
        let outcome = if rng.random_bool(0.5) { Outcome::RedWinsByForfeit } else { Outcome::BlackWinsByForfeit };
        return GameResult { outcome, reason: ResultReason::Late, fouls_red: 0, fouls_black: 0 };
    }
    if roll < 215 {
        return with_fouls(rng, GameResult::plain(Outcome::Draw));
    }
    // Red's chance of winning a decisive game, in per mille: 550 for equal ratings,
    // moving 1 per mille per rating point, kept within 150..=850.
    let red_chance = (550 + (red_rating - black_rating)).clamp(150, 850);
    let outcome =
        if i64::from(rng.random_range(0..1000u32)) < red_chance { Outcome::RedWins } else { Outcome::BlackWins };
    let reason = if rng.random_range(0..100u32) < 8 { ResultReason::Time } else { ResultReason::Normal };
    with_fouls(rng, GameResult { outcome, reason, fouls_red: 0, fouls_black: 0 })
}

/// Adds a foul to one side in about one game in fifteen.
fn with_fouls(rng: &mut ChaCha8Rng, mut result: GameResult) -> GameResult {
    if rng.random_range(0..15u32) == 0 {
        if rng.random_bool(0.5) {
            result.fouls_red = 1;
        } else {
            result.fouls_black = 1;
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn roster_names_are_unique_and_use_rare_characters() {
        let entries = roster();
        assert_eq!(entries.len(), DEMO_PLAYERS);
        let names: BTreeSet<_> = entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names.len(), DEMO_PLAYERS);
        for rare in ['喆', '堃', '赟'] {
            assert!(entries.iter().any(|e| e.name.contains(rare)), "{rare}");
        }
        assert_eq!(entries.iter().filter(|e| e.gender == Some(Gender::Female)).count(), 16);
        let ratings: Vec<_> = entries.iter().filter_map(|e| e.rating).collect();
        assert!(ratings.windows(2).all(|w| w[0] > w[1]), "{ratings:?}");
    }

    #[test]
    fn results_include_draws_and_decisive_games() {
        let event = demo_event(1).unwrap();
        let games: Vec<_> = event.groups[0].stages[0].rounds.iter().flat_map(|r| &r.games).collect();
        let outcomes: BTreeSet<_> = games.iter().filter_map(|g| g.result).map(|r| r.outcome.notation()).collect();
        assert!(outcomes.contains("1-0") && outcomes.contains("0-1") && outcomes.contains("1/2"), "{outcomes:?}");
        assert_eq!(event.player(WITHDRAWN).map(|p| p.status), Some(PlayerStatus::Withdrawn));
        assert_eq!(event.groups[0].stages[0].rounds[3].byes.len(), 1);
    }
}
