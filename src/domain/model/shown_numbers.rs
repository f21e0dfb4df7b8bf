//! Refusals and pairing warnings with the numbers people read: the domain
//! names players by start number; before a refusal or a warning is worded for the
//! director, each number it names is turned into the player's shown number
//! ([`Event::shown_no`]), so that "No. 14" is the 14 on the sheets. Under per-event
//! numbering nothing changes.

use super::change::{DomainError, EntryProblem};
use super::event::Event;
use super::ids::StartNo;
use super::team_issue::TeamIssue;
use super::warning::PairingWarning;

/// `warning` naming each player by shown number: for wording only, never to be saved.
pub fn shown_warning(event: &Event, warning: &PairingWarning) -> PairingWarning {
    let s = |n: &StartNo| StartNo(event.shown_no(*n));
    use PairingWarning as W;
    match warning {
        W::Rematch { a, b } => W::Rematch { a: s(a), b: s(b) },
        W::ThirdSameColour { player, colour } => W::ThirdSameColour { player: s(player), colour: *colour },
        W::ColourDifference { player, difference } => {
            W::ColourDifference { player: s(player), difference: *difference }
        }
        W::SecondBye { player } => W::SecondBye { player: s(player) },
        W::SameClub { a, b, club, forbidden } => {
            W::SameClub { a: s(a), b: s(b), club: club.clone(), forbidden: *forbidden }
        }
        W::NotPaired { player } => W::NotPaired { player: s(player) },
        W::ColoursRelaxed { players } => W::ColoursRelaxed { players: players.iter().map(s).collect() },
    }
}

fn shown_team_issue(event: &Event, issue: TeamIssue) -> TeamIssue {
    let s = |n: StartNo| StartNo(event.shown_no(n));
    use TeamIssue as T;
    match issue {
        T::NotTeamMember { player, team } => T::NotTeamMember { player: s(player), team },
        T::NamedTwice(p) => T::NamedTwice(s(p)),
        T::LineupOutOfOrder { player, team } => T::LineupOutOfOrder { player: s(player), team },
        T::MemberCannotPlay(p) => T::MemberCannotPlay(s(p)),
        T::InAnotherTeam { player, team } => T::InAnotherTeam { player: s(player), team },
        T::CaptainNotMember { player, team } => T::CaptainNotMember { player: s(player), team },
        other => other,
    }
}

impl DomainError {
    /// The refusal naming each player by shown number, as `event` shows them: for
    /// wording only.
    pub fn with_shown_numbers(self, event: &Event) -> DomainError {
        if !event.numbers_per_group() {
            return self;
        }
        let s = |n: StartNo| StartNo(event.shown_no(n));
        use DomainError as E;
        match self {
            E::UnknownPlayer(p) => E::UnknownPlayer(s(p)),
            E::PlaysHimself(p) => E::PlaysHimself(s(p)),
            E::NotInStage(p) => E::NotInStage(s(p)),
            E::AppearsTwice(p) => E::AppearsTwice(s(p)),
            E::NeedsConfirmation(ws) => E::NeedsConfirmation(ws.iter().map(|w| shown_warning(event, w)).collect()),
            E::NotInRound { player, round } => E::NotInRound { player: s(player), round },
            E::AlreadyHasBye(p) => E::AlreadyHasBye(s(p)),
            E::PrizeDecision { start_no, issue } => E::PrizeDecision { start_no: s(start_no), issue },
            E::NomineeNotInGroup(p) => E::NomineeNotInGroup(s(p)),
            E::NomineeQualifies(p) => E::NomineeQualifies(s(p)),
            E::PlayerHasHistory(p) => E::PlayerHasHistory(s(p)),
            E::NotInGroup { player, group } => E::NotInGroup { player: s(player), group },
            E::PlayerNotActive(p) => E::PlayerNotActive(s(p)),
            E::AvoidSelf(p) => E::AvoidSelf(s(p)),
            E::NotAvoided { a, b } => E::NotAvoided { a: s(a), b: s(b) },
            E::Team(issue) => E::Team(shown_team_issue(event, issue)),
            E::InvalidEntry(problem) => E::InvalidEntry(shown_entry_problem(event, problem)),
            other => other,
        }
    }
}

fn shown_entry_problem(event: &Event, problem: EntryProblem) -> EntryProblem {
    let s = |n: StartNo| StartNo(event.shown_no(n));
    use EntryProblem as P;
    match problem {
        P::FineWithoutRound { start_no, name } => P::FineWithoutRound { start_no: s(start_no), name },
        P::RoundNotExpected { start_no, name, kind } => P::RoundNotExpected { start_no: s(start_no), name, kind },
        P::NoFine { start_no, name, round } => P::NoFine { start_no: s(start_no), name, round },
        P::FineAlreadyExcused { start_no, name, round } => P::FineAlreadyExcused { start_no: s(start_no), name, round },
        P::AmountNotPositive { start_no, name } => P::AmountNotPositive { start_no: s(start_no), name },
        P::AmountTooLarge { start_no, name, max_fen } => P::AmountTooLarge { start_no: s(start_no), name, max_fen },
        other => other,
    }
}
