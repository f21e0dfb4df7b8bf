//! The free texts a command carries beside a player's data — a withdrawal or override
//! reason, what the arbiters found in a collusion, an avoided pair's reason, a prize
//! decision's reason, a ledger note, a watcher's name — held to the bound every free
//! text of the event has ([`MAX_TEXT_CHARS`]; issue 38, item 12: a script's megabyte of
//! reason would sit in the event and its audit log for ever). Refused, not cut: the
//! director sees what was too long. Control characters in them never reach a terminal
//! (the command line shows them as signs).

use super::Command;
use crate::domain::model::change::{DomainError, EntryProblem};
use crate::domain::model::player::{MAX_TEXT_CHARS, too_many_chars};

/// The command's free texts, each with the name a refusal gives it.
fn free_texts(command: &Command) -> Vec<(&'static str, &str)> {
    match command {
        Command::AddPlayers { override_reason, left_out, .. } => override_reason
            .iter()
            .map(|reason| ("reason", reason.as_str()))
            .chain(left_out.iter().map(|row| ("left_out", row.name.as_str())))
            .collect(),
        Command::SetPlayerStatus { reason, .. }
        | Command::SetPrizeDecision { reason, .. }
        | Command::DisqualifyForCollusion { reason, .. }
        | Command::AvoidPair { reason, .. } => vec![("reason", reason)],
        Command::RecordLedgerEntry { note, .. } => vec![("note", note)],
        Command::SetBoardWatch { watcher: Some(watcher), .. } => vec![("watcher", watcher)],
        _ => Vec::new(),
    }
}

/// Refuses a command one of whose free texts is longer than [`MAX_TEXT_CHARS`].
///
/// # Errors
/// [`EntryProblem::FieldTooLong`] naming the text.
pub(super) fn refuse_long_texts(command: &Command) -> Result<(), DomainError> {
    for (field, text) in free_texts(command) {
        if let Some(chars) = too_many_chars(text) {
            let problem = EntryProblem::FieldTooLong { field: field.to_string(), chars, max: MAX_TEXT_CHARS };
            return Err(DomainError::InvalidEntry(problem));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::command::apply;
    use crate::domain::ids::{GroupId, StartNo};
    use crate::domain::model::player::{PlayerEntry, PlayerStatus};

    // Issue 38 item 12: a withdrawal reason and an avoided pair's reason of 201
    // characters are refused, naming the text; 200 are accepted.
    #[test]
    fn free_texts_over_two_hundred_characters_are_refused() {
        let mut event = crate::domain::presets::build("cxa-swiss", Some("t"), Some(3)).unwrap();
        let entries = ["甲", "乙", "丙"].iter().map(|n| PlayerEntry { name: n.to_string(), ..Default::default() });
        let add = Command::AddPlayers {
            group: GroupId(1),
            entries: entries.collect(),
            override_reason: None,
            left_out: Vec::new(),
        };
        apply(&mut event, &add).unwrap();
        let withdraw =
            |reason: String| Command::SetPlayerStatus { start_no: StartNo(2), status: PlayerStatus::Withdrawn, reason };
        let refused = apply(&mut event, &withdraw("因".repeat(201)));
        let too_long = EntryProblem::FieldTooLong { field: "reason".into(), chars: 201, max: 200 };
        assert_eq!(refused.unwrap_err(), DomainError::InvalidEntry(too_long));
        assert_eq!(event.player(StartNo(2)).unwrap().status, PlayerStatus::Active, "nothing changed");
        let avoid = Command::AvoidPair { group: GroupId(1), a: StartNo(1), b: StartNo(3), reason: "x".repeat(5000) };
        assert!(matches!(apply(&mut event, &avoid), Err(DomainError::InvalidEntry(_))));
        apply(&mut event, &withdraw("因".repeat(200))).unwrap();
        assert_eq!(event.player(StartNo(2)).unwrap().status, PlayerStatus::Withdrawn);
    }
}
