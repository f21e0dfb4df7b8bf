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

use crate::common;
use bianpai::domain::change::{DomainError, EntryProblem};
use bianpai::domain::eligibility::EligibilityIssue;
use bianpai::domain::ids::{BoardNo, GroupId, RoundNo, StageNo, StartNo};
use bianpai::domain::model::group_rules::GroupRulesIssue;
use bianpai::domain::model::prize_checks::{PrizePart, PrizeRulesIssue};
use bianpai::domain::model::prize_decision::PrizeDecisionIssue;
use bianpai::domain::model::stage_checks::StageSettingIssue;
use bianpai::domain::model::team_issue::TeamIssue;
use bianpai::domain::money::{LedgerId, LedgerKind, RoundRef};
use bianpai::domain::warning::PairingWarning;
use bianpai::domain::watch::GameTime;
use common::domain_words::{NAME, check_all};
use jiff::civil::date;

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

// issue 18, item 4: every message a director sees exists in Chinese and English.
#[test]
fn every_domain_refusal_is_told_in_chinese_and_in_english() {
    let mut found = Vec::new();
    found.extend(check_all(&domain_samples(), domain_sample, &domain_extra()));
    found.extend(check_all(&entry_samples(), entry_sample, &[]));
    assert!(found.is_empty(), "{} problem(s):\n{}", found.len(), found.join("\n"));
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
