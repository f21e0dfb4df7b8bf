//! Every refusal of the domain exists in Chinese and in English (issue 18, item 4):
//! one sample of each variant of every domain error type, of the entry problems, the
//! broken entry rules and the pairing warnings, told in both languages through
//! `Localized`. Each text is non-empty, Chinese in Chinese and free of Chinese in
//! English, the two differ, and neither shows a requirement id, CLI syntax or Rust
//! debug output.
//!
//! The walk is complete by construction: for each type, `*_sample` matches every
//! variant with no wildcard arm (a new variant does not compile without an arm) and
//! each arm picks its sample by a constant index into a fixed-size array (an index
//! past the array's end does not compile, and the array's literal must have exactly
//! that many samples). The test then checks that sample `i` is picked by its own arm.

use bianpai::domain::change::{DomainError, EntryProblem};
use bianpai::domain::demo::DemoError;
use bianpai::domain::eligibility::EligibilityIssue;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::knockout::KnockoutError;
use bianpai::domain::matching::MatchingError;
use bianpai::domain::model::group_rules::GroupRulesIssue;
use bianpai::domain::model::prize_checks::{PrizePart, PrizeRulesIssue};
use bianpai::domain::model::prize_decision::PrizeDecisionIssue;
use bianpai::domain::model::stage_checks::StageSettingIssue;
use bianpai::domain::model::team_issue::TeamIssue;
use bianpai::domain::money::{LedgerId, LedgerKind, RoundRef};
use bianpai::domain::player::{Gender, Title};
use bianpai::domain::prizes::PrizeError;
use bianpai::domain::round_robin::RoundRobinError;
use bianpai::domain::rules::Colour;
use bianpai::domain::swiss::PairingError;
use bianpai::domain::warning::PairingWarning;
use bianpai::domain::watch::GameTime;
use bianpai::lang::{Lang, Localized};
use jiff::civil::date;
use std::fmt::Debug;
use std::mem::discriminant;

/// A sample player's name: ASCII, so that the English text has no Chinese in it.
const NAME: &str = "Li Lei";

/// Texts a director must never read: CLI syntax and Rust debug output.
const FORBIDDEN: [&str; 8] = ["`", "bianpai ", "Some(", "None", "StartNo(", "GroupId(", "RoundNo(", "StageNo("];

fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{3000}'..='\u{303f}' // CJK punctuation (、。「」)
        | '\u{3400}'..='\u{4dbf}'
        | '\u{4e00}'..='\u{9fff}'
        | '\u{f900}'..='\u{faff}'
        | '\u{ff00}'..='\u{ffef}') // full-width forms (：；（）)
}

/// `R-` followed by a digit: a requirement id such as `R-4.4`.
fn names_requirement(text: &str) -> bool {
    text.match_indices("R-").any(|(i, _)| text[i + 2..].starts_with(|c: char| c.is_ascii_digit()))
}

/// Everything wrong with one value's two texts.
fn problems<T: Localized + Debug>(value: &T) -> Vec<String> {
    let (zh, en) = (value.message(Lang::Zh), value.message(Lang::En));
    let mut found = Vec::new();
    if zh.trim().is_empty() || en.trim().is_empty() {
        found.push("an empty text".to_string());
    }
    if !zh.chars().any(is_cjk) {
        found.push("no Chinese in the Chinese text".into());
    }
    if en.chars().any(is_cjk) {
        found.push("Chinese in the English text".into());
    }
    if zh == en {
        found.push("the same text in both languages".into());
    }
    for (lang, text) in [("zh", &zh), ("en", &en)] {
        if names_requirement(text) {
            found.push(format!("{lang} names a requirement id"));
        }
        for word in FORBIDDEN {
            if text.contains(word) {
                found.push(format!("{lang} contains {word:?}"));
            }
        }
    }
    found.into_iter().map(|p| format!("{value:?}: {p}\n  zh: {zh}\n  en: {en}")).collect()
}

/// Checks the samples of one type: each is picked by its own arm of `pick` (so every
/// variant has exactly one), and each is told well in both languages. `extra` holds
/// further cases of variants already sampled (other wordings of the same variant).
fn check_all<T: Localized + Debug, const N: usize>(
    samples: &[T; N],
    pick: for<'a> fn(&T, &'a [T; N]) -> &'a T,
    extra: &[T],
) -> Vec<String> {
    let mut found = Vec::new();
    for (i, sample) in samples.iter().enumerate() {
        let picked = pick(sample, samples);
        if !std::ptr::eq(picked, sample) {
            found.push(format!("sample {i} ({sample:?}) is picked as {picked:?}"));
        }
    }
    for (i, a) in samples.iter().enumerate() {
        if samples[..i].iter().any(|b| discriminant(a) == discriminant(b)) {
            found.push(format!("two samples of one variant: {a:?}"));
        }
    }
    for value in samples.iter().chain(extra) {
        found.extend(problems(value));
    }
    found
}

// ---- DomainError ----

fn domain_samples() -> [DomainError; 55] {
    use DomainError as E;
    let (g, s, p, r) = (|| "Open".to_string(), StageNo(2), StartNo(12), RoundNo(3));
    [
        E::UnknownGroup(GroupId(7)),
        E::UnknownStage { group: g(), stage: s },
        E::UnknownPlayer(p),
        E::UnknownRound(r),
        E::UnknownGame { round: r, board: BoardNo(20), game: 1 },
        E::Ineligible {
            name: NAME.into(),
            issues: vec![EligibilityIssue::GenderMissing, EligibilityIssue::PhoneMissing],
        },
        E::InvalidEntry(EntryProblem::PlayerNameMissing),
        E::StageNotOpen(s),
        E::RoundOutOfOrder { expected: RoundNo(4), got: RoundNo(6) },
        E::RoundIncomplete { round: r, missing: 2 },
        E::AllRoundsPaired(7),
        E::PlaysHimself(p),
        E::NotInStage(p),
        E::AppearsTwice(p),
        E::NewRoundHasResults,
        E::PairingByeAnnounced,
        E::RoundAlreadyPaired(r),
        E::RoundHasResults(r),
        E::NotLastRound(RoundNo(5)),
        E::StageClosed(StageNo(1)),
        E::StageUnfinished { stage: s, played: 3, planned: Some(7) },
        E::NeedsConfirmation(vec![PairingWarning::Rematch { a: StartNo(3), b: StartNo(8) }]),
        E::NotInRound { player: p, round: r },
        E::UnknownBoard { round: r, board: BoardNo(9) },
        E::AlreadyHasBye(p),
        E::RoundsBelowPaired { paired: 4 },
        E::GroupRules(GroupRulesIssue::NameTaken("Open".into())),
        E::PrizeRules(PrizeRulesIssue::BadAmount(PrizePart::ByRank(2))),
        E::StageSetting { stage: s, issue: StageSettingIssue::GamesPerMatch },
        E::GroupHasPlayers { group: g(), players: 5 },
        E::GroupHasRounds(g()),
        E::LastGroup,
        E::ScheduleRoundZero,
        E::ScheduledTwice(r),
        E::TooManyNominees { given: 3, allowed: 2 },
        E::NomineeNotInGroup(p),
        E::NomineeQualifies(p),
        E::UnknownLedgerEntry(LedgerId(4)),
        E::PlayerHasHistory(p),
        E::LedgerEntryVoid(LedgerId(4)),
        E::RenumberAfterPairing(g()),
        E::MatchHasResults { round: r, board: BoardNo(2) },
        E::NotVideoStage(s),
        E::GameTimeOutsideHours(GameTime::at(7, 59).unwrap()),
        E::WatcherNotOfficial(NAME.into()),
        E::NotInGroup { player: p, group: g() },
        E::AvoidSelf(p),
        E::NotAvoided { a: p, b: StartNo(9) },
        E::BoardOutOfRange(12_000),
        E::PrizeDecision { start_no: p, issue: PrizeDecisionIssue::ReasonMissing },
        E::PlayerNotActive(p),
        E::Team(TeamIssue::NameMissing),
        E::FoulsOutOfRange(10),
        E::EditNotLastRound(RoundNo(5)),
        E::EditRoundHasResults(r),
    ]
}

fn domain_sample<'a>(e: &DomainError, s: &'a [DomainError; 55]) -> &'a DomainError {
    use DomainError as E;
    match e {
        E::UnknownGroup(_) => &s[0],
        E::UnknownStage { .. } => &s[1],
        E::UnknownPlayer(_) => &s[2],
        E::UnknownRound(_) => &s[3],
        E::UnknownGame { .. } => &s[4],
        E::Ineligible { .. } => &s[5],
        E::InvalidEntry(_) => &s[6],
        E::StageNotOpen(_) => &s[7],
        E::RoundOutOfOrder { .. } => &s[8],
        E::RoundIncomplete { .. } => &s[9],
        E::AllRoundsPaired(_) => &s[10],
        E::PlaysHimself(_) => &s[11],
        E::NotInStage(_) => &s[12],
        E::AppearsTwice(_) => &s[13],
        E::NewRoundHasResults => &s[14],
        E::PairingByeAnnounced => &s[15],
        E::RoundAlreadyPaired(_) => &s[16],
        E::RoundHasResults(_) => &s[17],
        E::NotLastRound(_) => &s[18],
        E::StageClosed(_) => &s[19],
        E::StageUnfinished { .. } => &s[20],
        E::NeedsConfirmation(_) => &s[21],
        E::NotInRound { .. } => &s[22],
        E::UnknownBoard { .. } => &s[23],
        E::AlreadyHasBye(_) => &s[24],
        E::RoundsBelowPaired { .. } => &s[25],
        E::GroupRules(_) => &s[26],
        E::PrizeRules(_) => &s[27],
        E::StageSetting { .. } => &s[28],
        E::GroupHasPlayers { .. } => &s[29],
        E::GroupHasRounds(_) => &s[30],
        E::LastGroup => &s[31],
        E::ScheduleRoundZero => &s[32],
        E::ScheduledTwice(_) => &s[33],
        E::TooManyNominees { .. } => &s[34],
        E::NomineeNotInGroup(_) => &s[35],
        E::NomineeQualifies(_) => &s[36],
        E::UnknownLedgerEntry(_) => &s[37],
        E::PlayerHasHistory(_) => &s[38],
        E::LedgerEntryVoid(_) => &s[39],
        E::RenumberAfterPairing(_) => &s[40],
        E::MatchHasResults { .. } => &s[41],
        E::NotVideoStage(_) => &s[42],
        E::GameTimeOutsideHours(_) => &s[43],
        E::WatcherNotOfficial(_) => &s[44],
        E::NotInGroup { .. } => &s[45],
        E::AvoidSelf(_) => &s[46],
        E::NotAvoided { .. } => &s[47],
        E::BoardOutOfRange(_) => &s[48],
        E::PrizeDecision { .. } => &s[49],
        E::PlayerNotActive(_) => &s[50],
        E::Team(_) => &s[51],
        E::FoulsOutOfRange(_) => &s[52],
        E::EditNotLastRound(_) => &s[53],
        E::EditRoundHasResults(_) => &s[54],
    }
}

/// Other wordings of sampled variants: a second game of a board, a stage without a
/// number of rounds, refusals of one item, a nameless official's role.
fn domain_extra() -> Vec<DomainError> {
    use DomainError as E;
    vec![
        E::UnknownGame { round: RoundNo(3), board: BoardNo(2), game: 2 },
        E::StageUnfinished { stage: StageNo(1), played: 0, planned: None },
        E::RoundIncomplete { round: RoundNo(1), missing: 1 },
        E::GroupHasPlayers { group: "Youth".into(), players: 1 },
        E::RoundsBelowPaired { paired: 1 },
        E::Ineligible { name: NAME.into(), issues: vec![] },
        E::InvalidEntry(EntryProblem::OfficialNameMissing { role: String::new() }),
        // a date-and-time after 22:00.
        E::GameTimeOutsideHours(GameTime::parse("2025-06-01 22:01").unwrap()),
        E::PrizeDecision { start_no: StartNo(4), issue: PrizeDecisionIssue::Disqualified },
        E::PrizeDecision { start_no: StartNo(4), issue: PrizeDecisionIssue::NotInGroup },
        E::PrizeDecision { start_no: StartNo(4), issue: PrizeDecisionIssue::NothingToClear },
    ]
}

// ---- TeamIssue (what DomainError::Team carries, R-10) ----

fn team_samples() -> [TeamIssue; 22] {
    use TeamIssue as T;
    let (p, team) = (StartNo(12), || "Team A".to_string());
    [
        T::UnknownTeam(team()),
        T::NotATeamStage(StageNo(2)),
        T::NotTeamMember { player: p, team: team() },
        T::LineupTooLong { team: team(), boards: 4, named: 5 },
        T::NamedTwice(p),
        T::LineupOutOfOrder { player: p, team: team() },
        T::MemberCannotPlay(p),
        T::NameMissing,
        T::NameTooLong(60),
        T::NameTaken(team()),
        T::NoMembers(team()),
        T::InAnotherTeam { player: p, team: team() },
        T::CaptainNotMember { player: p, team: team() },
        T::TeamHasPlayed(team()),
        T::MatchStarted { round: RoundNo(2), match_no: 3 },
        T::NoMatch { team: team(), round: RoundNo(2) },
        T::BoardsOutOfRange(9),
        T::BoardsFixed(StageNo(1)),
        T::CountZero,
        T::NoGroupCounted,
        T::GroupPlaysTeamMatches("Group B".into()),
        T::NoHandEdit(RoundNo(2)),
    ]
}

fn team_sample<'a>(e: &TeamIssue, s: &'a [TeamIssue; 22]) -> &'a TeamIssue {
    use TeamIssue as T;
    match e {
        T::UnknownTeam(_) => &s[0],
        T::NotATeamStage(_) => &s[1],
        T::NotTeamMember { .. } => &s[2],
        T::LineupTooLong { .. } => &s[3],
        T::NamedTwice(_) => &s[4],
        T::LineupOutOfOrder { .. } => &s[5],
        T::MemberCannotPlay(_) => &s[6],
        T::NameMissing => &s[7],
        T::NameTooLong(_) => &s[8],
        T::NameTaken(_) => &s[9],
        T::NoMembers(_) => &s[10],
        T::InAnotherTeam { .. } => &s[11],
        T::CaptainNotMember { .. } => &s[12],
        T::TeamHasPlayed(_) => &s[13],
        T::MatchStarted { .. } => &s[14],
        T::NoMatch { .. } => &s[15],
        T::BoardsOutOfRange(_) => &s[16],
        T::BoardsFixed(_) => &s[17],
        T::CountZero => &s[18],
        T::NoGroupCounted => &s[19],
        T::GroupPlaysTeamMatches(_) => &s[20],
        T::NoHandEdit(_) => &s[21],
    }
}

// every team refusal in both languages.
#[test]
fn every_team_issue_is_worded_in_both_languages() {
    let found = check_all(&team_samples(), team_sample, &[]);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

// ---- EntryProblem (what DomainError::InvalidEntry carries) ----

fn entry_samples() -> [EntryProblem; 12] {
    use EntryProblem as P;
    let (start_no, name) = (StartNo(5), || NAME.to_string());
    let round = RoundRef { group: GroupId(1), stage: StageNo(1), round: RoundNo(3) };
    [
        P::PlayerNameMissing,
        P::EventNameMissing,
        P::OfficialNameMissing { role: "Chief arbiter".into() },
        P::FineWithoutRound { start_no, name: name() },
        P::RoundNotExpected { start_no, name: name(), kind: LedgerKind::FeePaid },
        P::NoFine { start_no, name: name(), round },
        P::FineAlreadyExcused { start_no, name: name(), round },
        P::AmountNotPositive { start_no, name: name() },
        P::FieldTooLong { field: "name".into(), chars: 5000, max: 200 },
        P::RatingOutOfRange(9000),
        P::AmountTooLarge { start_no, name: name(), max_fen: 10_000_000_000 },
        P::BornInFuture { born: date(2031, 1, 1), day: date(2026, 5, 1) },
    ]
}

fn entry_sample<'a>(e: &EntryProblem, s: &'a [EntryProblem; 12]) -> &'a EntryProblem {
    use EntryProblem as P;
    match e {
        P::PlayerNameMissing => &s[0],
        P::EventNameMissing => &s[1],
        P::OfficialNameMissing { .. } => &s[2],
        P::FineWithoutRound { .. } => &s[3],
        P::RoundNotExpected { .. } => &s[4],
        P::NoFine { .. } => &s[5],
        P::FineAlreadyExcused { .. } => &s[6],
        P::AmountNotPositive { .. } => &s[7],
        P::FieldTooLong { .. } => &s[8],
        P::RatingOutOfRange(_) => &s[9],
        P::AmountTooLarge { .. } => &s[10],
        P::BornInFuture { .. } => &s[11],
    }
}

// ---- PairingError ----

fn pairing_samples() -> [PairingError; 15] {
    use PairingError as E;
    [
        E::UnknownStage { group: "Open".into(), stage: StageNo(3) },
        E::NotSwiss(StageNo(2)),
        E::StageNotOpen(StageNo(2)),
        E::RoundIncomplete { round: RoundNo(3), missing: 2 },
        E::Knockout(KnockoutError::TooFewPlayers),
        E::AllRoundsPaired(9),
        E::RoundsNotSet { stage: StageNo(1), players: 12, suggested: 5 },
        E::TooFewPlayers(1),
        E::NoValidPairing { round: RoundNo(8), players: vec![StartNo(3), StartNo(7)] },
        E::DutchTooLarge { round: RoundNo(4), players: 900, megabytes: 2048 },
        E::AvoidedPairsBlock { round: RoundNo(2), pairs: vec![(StartNo(1), StartNo(2))] },
        E::Cancelled,
        E::TooFewTeams(1),
        E::NoValidTeamPairing { round: RoundNo(5), teams: vec!["Team A".into(), "Team B".into()] },
        E::PlannedLineupInvalid {
            round: RoundNo(3),
            team: "Team A".into(),
            issue: TeamIssue::MemberCannotPlay(StartNo(4)),
        },
    ]
}

fn pairing_sample<'a>(e: &PairingError, s: &'a [PairingError; 15]) -> &'a PairingError {
    use PairingError as E;
    match e {
        E::UnknownStage { .. } => &s[0],
        E::NotSwiss(_) => &s[1],
        E::StageNotOpen(_) => &s[2],
        E::RoundIncomplete { .. } => &s[3],
        E::Knockout(_) => &s[4],
        E::AllRoundsPaired(_) => &s[5],
        E::RoundsNotSet { .. } => &s[6],
        E::TooFewPlayers(_) => &s[7],
        E::NoValidPairing { .. } => &s[8],
        E::DutchTooLarge { .. } => &s[9],
        E::AvoidedPairsBlock { .. } => &s[10],
        E::Cancelled => &s[11],
        E::TooFewTeams(_) => &s[12],
        E::NoValidTeamPairing { .. } => &s[13],
        E::PlannedLineupInvalid { .. } => &s[14],
    }
}

fn pairing_extra() -> Vec<PairingError> {
    vec![
        PairingError::NoValidPairing { round: RoundNo(8), players: vec![] },
        PairingError::NoValidPairing { round: RoundNo(8), players: vec![StartNo(3)] },
        PairingError::RoundIncomplete { round: RoundNo(3), missing: 1 },
        PairingError::TooFewTeams(3),
        PairingError::NoValidTeamPairing { round: RoundNo(5), teams: vec![] },
    ]
}

// ---- MatchingError, RoundRobinError, KnockoutError, PrizeError, DemoError ----

fn matching_samples() -> [MatchingError; 3] {
    [
        MatchingError::VertexOutOfRange { edge: 4, vertex: 10, vertex_count: 8 },
        MatchingError::WeightOutOfRange { edge: 2, weight: 1 << 121 },
        MatchingError::SpreadTooWide { spread: 1 << 122, vertex_count: 40 },
    ]
}

fn matching_sample<'a>(e: &MatchingError, s: &'a [MatchingError; 3]) -> &'a MatchingError {
    match e {
        MatchingError::VertexOutOfRange { .. } => &s[0],
        MatchingError::WeightOutOfRange { .. } => &s[1],
        MatchingError::SpreadTooWide { .. } => &s[2],
    }
}

fn round_robin_samples() -> [RoundRobinError; 3] {
    [
        RoundRobinError::TooFewPlayers { players: 1 },
        RoundRobinError::TooManyPlayers { players: 1 << 32 },
        RoundRobinError::RoundOutOfRange { round: 12, rounds: 11 },
    ]
}

fn round_robin_sample<'a>(e: &RoundRobinError, s: &'a [RoundRobinError; 3]) -> &'a RoundRobinError {
    match e {
        RoundRobinError::TooFewPlayers { .. } => &s[0],
        RoundRobinError::TooManyPlayers { .. } => &s[1],
        RoundRobinError::RoundOutOfRange { .. } => &s[2],
    }
}

fn knockout_samples() -> [KnockoutError; 4] {
    [
        KnockoutError::Undecided { round: 2, board: BoardNo(3) },
        KnockoutError::Finished,
        KnockoutError::TooFewPlayers,
        KnockoutError::NoRules,
    ]
}

fn knockout_sample<'a>(e: &KnockoutError, s: &'a [KnockoutError; 4]) -> &'a KnockoutError {
    match e {
        KnockoutError::Undecided { .. } => &s[0],
        KnockoutError::Finished => &s[1],
        KnockoutError::TooFewPlayers => &s[2],
        KnockoutError::NoRules => &s[3],
    }
}

fn prize_samples() -> [PrizeError; 2] {
    [PrizeError::Domain(DomainError::UnknownGroup(GroupId(3))), PrizeError::NotStarted(StageNo(2))]
}

fn prize_sample<'a>(e: &PrizeError, s: &'a [PrizeError; 2]) -> &'a PrizeError {
    match e {
        PrizeError::Domain(_) => &s[0],
        PrizeError::NotStarted(_) => &s[1],
    }
}

fn demo_samples() -> [DemoError; 3] {
    [
        DemoError::UnknownPreset("cxa-swiss"),
        DemoError::Domain(DomainError::LastGroup),
        DemoError::Pairing(PairingError::TooFewPlayers(0)),
    ]
}

fn demo_sample<'a>(e: &DemoError, s: &'a [DemoError; 3]) -> &'a DemoError {
    match e {
        DemoError::UnknownPreset(_) => &s[0],
        DemoError::Domain(_) => &s[1],
        DemoError::Pairing(_) => &s[2],
    }
}

// ---- EligibilityIssue, PairingWarning ----

fn eligibility_samples() -> [EligibilityIssue; 11] {
    use EligibilityIssue as I;
    [
        I::BornTooEarly { born: date(2005, 12, 31), earliest: date(2006, 1, 1) },
        I::BornTooLate { born: date(2011, 1, 1), latest: date(2010, 12, 31) },
        I::BirthDateMissing,
        I::WrongGender { required: Gender::Female },
        I::GenderMissing,
        I::TooYoung { age: 7, min: 8 },
        I::TooOld { age: 71, max: 70 },
        I::TitleNotAllowed { title: Title::Master },
        I::GroupFull { capacity: 32 },
        I::PhoneMissing,
        I::OutsideRegistration { date: date(2025, 5, 2), opens: date(2025, 4, 1), closes: date(2025, 4, 30) },
    ]
}

fn eligibility_sample<'a>(e: &EligibilityIssue, s: &'a [EligibilityIssue; 11]) -> &'a EligibilityIssue {
    use EligibilityIssue as I;
    match e {
        I::BornTooEarly { .. } => &s[0],
        I::BornTooLate { .. } => &s[1],
        I::BirthDateMissing => &s[2],
        I::WrongGender { .. } => &s[3],
        I::GenderMissing => &s[4],
        I::TooYoung { .. } => &s[5],
        I::TooOld { .. } => &s[6],
        I::TitleNotAllowed { .. } => &s[7],
        I::GroupFull { .. } => &s[8],
        I::PhoneMissing => &s[9],
        I::OutsideRegistration { .. } => &s[10],
    }
}

fn eligibility_extra() -> Vec<EligibilityIssue> {
    vec![
        EligibilityIssue::WrongGender { required: Gender::Male },
        EligibilityIssue::TitleNotAllowed { title: Title::GrandMaster },
        EligibilityIssue::TitleNotAllowed { title: Title::ThirdClass },
    ]
}

fn warning_samples() -> [PairingWarning; 7] {
    let (a, b) = (StartNo(3), StartNo(8));
    [
        PairingWarning::Rematch { a, b },
        PairingWarning::ThirdSameColour { player: a, colour: Colour::Red },
        PairingWarning::ColourDifference { player: a, difference: 3 },
        PairingWarning::SecondBye { player: b },
        PairingWarning::SameClub { a, b, club: "Harbin Club".into(), forbidden: true },
        PairingWarning::NotPaired { player: b },
        PairingWarning::ColoursRelaxed { players: vec![a, b] },
    ]
}

fn warning_sample<'a>(w: &PairingWarning, s: &'a [PairingWarning; 7]) -> &'a PairingWarning {
    match w {
        PairingWarning::Rematch { .. } => &s[0],
        PairingWarning::ThirdSameColour { .. } => &s[1],
        PairingWarning::ColourDifference { .. } => &s[2],
        PairingWarning::SecondBye { .. } => &s[3],
        PairingWarning::SameClub { .. } => &s[4],
        PairingWarning::NotPaired { .. } => &s[5],
        PairingWarning::ColoursRelaxed { .. } => &s[6],
    }
}

fn warning_extra() -> Vec<PairingWarning> {
    vec![
        PairingWarning::ThirdSameColour { player: StartNo(4), colour: Colour::Black },
        PairingWarning::ColourDifference { player: StartNo(4), difference: -3 },
        PairingWarning::ColoursRelaxed { players: vec![StartNo(4)] },
    ]
}

// issue 18, item 4: every message a director sees exists in Chinese and English.
#[test]
fn every_domain_refusal_is_told_in_chinese_and_in_english() {
    let mut found = Vec::new();
    found.extend(check_all(&domain_samples(), domain_sample, &domain_extra()));
    found.extend(check_all(&entry_samples(), entry_sample, &[]));
    found.extend(check_all(&pairing_samples(), pairing_sample, &pairing_extra()));
    found.extend(check_all(&matching_samples(), matching_sample, &[]));
    found.extend(check_all(&round_robin_samples(), round_robin_sample, &[]));
    found.extend(check_all(&knockout_samples(), knockout_sample, &[]));
    found.extend(check_all(&prize_samples(), prize_sample, &[]));
    found.extend(check_all(&demo_samples(), demo_sample, &[]));
    found.extend(check_all(&eligibility_samples(), eligibility_sample, &eligibility_extra()));
    found.extend(check_all(&warning_samples(), warning_sample, &warning_extra()));
    assert!(found.is_empty(), "{} problem(s):\n{}", found.len(), found.join("\n"));
}

// issue 18, item 4: a refusal that wraps another lets the inner one speak, in the
// same language; the English `Display` stays the log text.
#[test]
fn nested_refusals_speak_through_the_inner_one() {
    let knockout = KnockoutError::NoRules;
    let pairing = PairingError::Knockout(knockout.clone());
    let inner = DomainError::UnknownPlayer(StartNo(12));
    let prize = PrizeError::Domain(inner.clone());
    for lang in [Lang::Zh, Lang::En] {
        assert_eq!(pairing.message(lang), knockout.message(lang));
        assert_eq!(prize.message(lang), inner.message(lang));
        let demo = DemoError::Domain(inner.clone());
        assert!(demo.message(lang).ends_with(&inner.message(lang)), "{}", demo.message(lang));
    }
    assert_eq!(inner.message(Lang::Zh), "没有编号为 12 的选手。");
    assert_eq!(inner.to_string(), "no player with start number 12");
    let round = DomainError::RoundIncomplete { round: RoundNo(3), missing: 2 };
    assert_eq!(round.message(Lang::Zh), "第3轮还有2盘棋没有成绩。");
    let rounds = PairingError::RoundsNotSet { stage: StageNo(1), players: 12, suggested: 5 };
    assert!(rounds.to_string().contains("`bianpai rounds FILE 5`"), "the log text is unchanged");
    assert!(rounds.message(Lang::En).contains("5 rounds suit 12 players"), "{}", rounds.message(Lang::En));
}

// issue 18, item 4: the entry problems keep the English log text of the free-text
// message they replace.
#[test]
fn invalid_entries_keep_their_english_log_text() {
    let event = DomainError::InvalidEntry(EntryProblem::EventNameMissing);
    assert_eq!(event.to_string(), "event name: the event needs a name");
    let official = DomainError::InvalidEntry(EntryProblem::OfficialNameMissing { role: "Chief arbiter".into() });
    assert_eq!(official.to_string(), "Chief arbiter: official: an official needs a name");
    let fee = EntryProblem::RoundNotExpected { start_no: StartNo(5), name: NAME.into(), kind: LedgerKind::FeePaid };
    assert_eq!(fee.to_string(), "5: ledger: Li Lei: entry fee paid names no round");
}
