//! The free texts a command carries beside a player's data — a withdrawal or override
//! reason, what the arbiters found in a collusion, an avoided pair's reason, a prize
//! decision's reason, a ledger note, a watcher's name, a prize's label — held to the bound every free
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
        Command::SetPrizeRules { rules, .. } => rules.prizes().into_iter().map(|p| ("prize", p.label())).collect(),
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

    // Issue 38 item 12: a prize's label beyond 200 characters is refused, and control
    // characters in a label or a group's name never reach a sheet or a terminal.
    #[test]
    fn prize_labels_are_bounded_and_labels_and_group_names_cleaned() {
        use crate::domain::model::group_rules::GroupRules;
        use crate::domain::model::prize_rules::{Combine, Participation, Prize, PrizeRules};
        let mut event = crate::domain::presets::build("cxa-swiss", Some("t"), Some(3)).unwrap();
        let rules = |label: String| PrizeRules {
            participation: Some(Participation { prize: Prize::trophy(&label), combine: Combine::OnlyWithoutRankPrize }),
            ..Default::default()
        };
        let set = |label: String| Command::SetPrizeRules { group: GroupId(1), rules: rules(label) };
        let refused = apply(&mut event, &set("奖".repeat(201)));
        let too_long = EntryProblem::FieldTooLong { field: "prize".into(), chars: 201, max: 200 };
        use crate::lang::Localized;
        let refused = refused.unwrap_err();
        assert_eq!(refused, DomainError::InvalidEntry(too_long));
        assert_eq!(refused.message(crate::lang::Lang::Zh), "奖项名称最多 200 个字，这里有 201 个。");
        apply(&mut event, &set("参赛\u{1b}[2J奖\n".into())).unwrap();
        let label = event.groups[0].prizes.participation.as_ref().unwrap().prize.label().to_string();
        assert_eq!(label, "参赛[2J奖");

        apply(&mut event, &Command::AddGroup { name: "女子\u{1b}[2J组".into(), like: None }).unwrap();
        assert_eq!(event.groups[1].name, "女子[2J组");
        let renamed = GroupRules { name: "少年\t组\u{7}".into(), ..GroupRules::of(&event.groups[1]) };
        let group = event.groups[1].id;
        apply(&mut event, &Command::SetGroupRules { group, rules: renamed }).unwrap();
        assert_eq!(event.groups[1].name, "少年 组");
    }
}
