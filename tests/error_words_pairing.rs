//! Every refusal of pairing, knockout, round robin, prizes and the demo, and every
//! entry-rule problem and pairing warning, exists in Chinese and in English (issue 18,
//! item 4); the domain's own refusals are walked in `error_words_domain`. The walk is
//! complete by construction, as there: each `*_sample` matches every variant with no
//! wildcard arm and picks its sample by a constant index into a fixed-size array.

use crate::common;
use bianpai::domain::change::DomainError;
use bianpai::domain::demo::DemoError;
use bianpai::domain::eligibility::EligibilityIssue;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::knockout::KnockoutError;
use bianpai::domain::matching::MatchingError;
use bianpai::domain::model::team_issue::TeamIssue;
use bianpai::domain::player::{Gender, Title};
use bianpai::domain::prizes::PrizeError;
use bianpai::domain::round_robin::RoundRobinError;
use bianpai::domain::rules::Colour;
use bianpai::domain::swiss::PairingError;
use bianpai::domain::warning::PairingWarning;
use bianpai::lang::{Lang, Localized};
use common::domain_words::check_all;
use jiff::civil::date;

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
fn every_pairing_and_prize_refusal_is_told_in_chinese_and_in_english() {
    let mut found = Vec::new();
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
