//! What makes a stage's qualifier count or knockout options unusable, and
//! which of them may still change once the stage has begun, so that the event panel and
//! the commands refuse for the same reasons.

use super::event::{KnockoutRules, Stage, StageKind};
use crate::lang::Lang;

/// Most games of a knockout match before playoffs.
pub const GAMES_PER_MATCH_MAX: u32 = 8;

/// Longest playoff game, in minutes.
pub const PLAYOFF_MINUTES_MAX: u32 = 180;

/// Most sponsor nominees a stage admits.
pub const NOMINEES_MAX: u32 = 64;

/// Most rounds a stage may plan (issue 38, item 12): no event plays more, and a typing
/// slip of 1000 would print a schedule of a thousand rows.
pub const ROUNDS_MAX: u32 = 99;

/// Why a stage setting cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StageSettingIssue {
    /// Qualifiers set for the last stage, which has no next stage to qualify into.
    NoNextStage,
    /// Zero qualifiers: nobody would go on.
    NoQualifiers,
    /// More nominees than [`NOMINEES_MAX`].
    TooManyNominees,
    /// Knockout options for a stage that is not a knockout.
    NotKnockout,
    /// Games per match 0 or above [`GAMES_PER_MATCH_MAX`].
    GamesPerMatch,
    /// Playoff minutes out of range: the shortest above the first, 0, or above
    /// [`PLAYOFF_MINUTES_MAX`].
    PlayoffMinutes,
    /// Armageddon after 0 playoff games.
    ArmageddonAfterZero,
    /// How matches are played or the bracket is drawn cannot change once paired.
    KnockoutStarted,
    /// Rounds planned 0 or above [`ROUNDS_MAX`].
    RoundsOutOfRange,
}

impl StageSettingIssue {
    /// The issue in the director's language.
    pub fn describe(self, lang: Lang) -> String {
        let (zh, en) = match self {
            StageSettingIssue::NoNextStage => (
                "这是本组别最后一个阶段，没有下一阶段可晋级。",
                "This is the group's last stage; there is no next stage to qualify for.",
            ),
            StageSettingIssue::NoQualifiers => ("晋级人数至少为 1。", "At least one player must qualify."),
            StageSettingIssue::TooManyNominees => ("提名人数最多 64 人。", "At most 64 nominees."),
            StageSettingIssue::NotKnockout => ("这个阶段不是淘汰赛。", "This stage is not a knockout."),
            StageSettingIssue::GamesPerMatch => {
                ("每场对局数应在 1 到 8 之间。", "Games per match must be between 1 and 8.")
            }
            StageSettingIssue::PlayoffMinutes => (
                "加赛用时应在 1 到 180 分钟之间，最短用时不大于第一局用时。",
                "Playoff minutes must be between 1 and 180, the shortest no longer than the first.",
            ),
            StageSettingIssue::ArmageddonAfterZero => {
                ("“超时决胜”前的加赛局数至少为 1。", "Armageddon comes after at least one playoff game.")
            }
            StageSettingIssue::RoundsOutOfRange => {
                ("轮数应在 1 到 99 之间。", "The number of rounds must be between 1 and 99.")
            }
            StageSettingIssue::KnockoutStarted => (
                "淘汰赛已开始编排：每场局数、加赛方式、对阵方式和三四名决赛不能再改，只能改加赛用时。",
                "The knockout has been paired: games per match, playoffs, bracket and third-place match can no longer change; only playoff minutes can.",
            ),
        };
        lang.t(zh, en).to_string()
    }
}

/// Whether a stage may plan `rounds` rounds: 1 to [`ROUNDS_MAX`].
pub fn check_rounds(rounds: u32) -> Option<StageSettingIssue> {
    (!(1..=ROUNDS_MAX).contains(&rounds)).then_some(StageSettingIssue::RoundsOutOfRange)
}

/// The first issue of giving `stage` (followed by another stage or not: `has_next`)
/// this qualifier and nominee count.
pub fn check_qualifiers(has_next: bool, qualifiers: Option<u32>, nominees: u32) -> Option<StageSettingIssue> {
    if !has_next && (qualifiers.is_some() || nominees > 0) {
        return Some(StageSettingIssue::NoNextStage);
    }
    if qualifiers == Some(0) {
        return Some(StageSettingIssue::NoQualifiers);
    }
    (nominees > NOMINEES_MAX).then_some(StageSettingIssue::TooManyNominees)
}

/// The first issue of giving `stage` these knockout options.
pub fn check_knockout(stage: &Stage, rules: &KnockoutRules) -> Option<StageSettingIssue> {
    if stage.kind != StageKind::Knockout {
        return Some(StageSettingIssue::NotKnockout);
    }
    if !(1..=GAMES_PER_MATCH_MAX).contains(&rules.games_per_match) {
        return Some(StageSettingIssue::GamesPerMatch);
    }
    let minutes_ok = (1..=PLAYOFF_MINUTES_MAX).contains(&rules.first_playoff_minutes)
        && (1..=rules.first_playoff_minutes).contains(&rules.min_playoff_minutes)
        && rules.playoff_step_minutes <= PLAYOFF_MINUTES_MAX;
    if !minutes_ok {
        return Some(StageSettingIssue::PlayoffMinutes);
    }
    if rules.armageddon_after == Some(0) {
        return Some(StageSettingIssue::ArmageddonAfterZero);
    }
    let started = !stage.rounds.is_empty();
    let same_format = stage.knockout.as_ref().is_some_and(|now| {
        now.games_per_match == rules.games_per_match
            && now.playoff_pairs == rules.playoff_pairs
            && now.armageddon_after == rules.armageddon_after
            && now.reseed == rules.reseed
            && now.third_place == rules.third_place
    });
    (started && !same_format).then_some(StageSettingIssue::KnockoutStarted)
}
