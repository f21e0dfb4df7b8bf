//! The result keys of the results panel's board field and the bracket's 选定对局 field:
//! `1 = 5 0 + - *` for the outcomes, `N T L V D A` for the reasons, `[ ] { }` for fouls
//! (full-width forms are folded to ASCII by the key field before they get here).

use crate::domain::result::{Outcome, ResultReason};

/// The result of a result key.
pub fn outcome_of_key(c: char) -> Option<Outcome> {
    match c {
        '1' => Some(Outcome::RedWins),
        '=' | '5' => Some(Outcome::Draw),
        '0' => Some(Outcome::BlackWins),
        '+' => Some(Outcome::RedWinsByForfeit),
        '-' => Some(Outcome::BlackWinsByForfeit),
        '*' => Some(Outcome::BothForfeit),
        _ => None,
    }
}

/// The key of an outcome, as the buttons' hover text shows it.
pub fn outcome_key(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::RedWins => "1",
        Outcome::Draw => "=",
        Outcome::BlackWins => "0",
        Outcome::RedWinsByForfeit => "+",
        Outcome::BlackWinsByForfeit => "-",
        Outcome::BothForfeit => "*",
    }
}

/// The reason of a reason key (either case).
pub fn reason_of_key(c: char) -> Option<ResultReason> {
    match c.to_ascii_lowercase() {
        'n' => Some(ResultReason::Normal),
        't' => Some(ResultReason::Time),
        'l' => Some(ResultReason::Late),
        'v' => Some(ResultReason::Violation),
        'd' => Some(ResultReason::Disconnect),
        'a' => Some(ResultReason::Adjudication),
        _ => None,
    }
}

/// The key of each reason, as the hints show it.
pub fn reason_key(reason: ResultReason) -> char {
    match reason {
        ResultReason::Normal => 'N',
        ResultReason::Time => 'T',
        ResultReason::Late => 'L',
        ResultReason::Violation => 'V',
        ResultReason::Disconnect => 'D',
        ResultReason::Adjudication => 'A',
    }
}

/// `(red?, one more?)` of a foul key.
pub fn foul_of_key(c: char) -> Option<(bool, bool)> {
    match c {
        '[' => Some((true, true)),
        ']' => Some((false, true)),
        '{' => Some((true, false)),
        '}' => Some((false, false)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_outcome_has_a_key_that_maps_back() {
        for outcome in Outcome::ALL {
            let key = outcome_key(outcome).chars().next().unwrap();
            assert_eq!(outcome_of_key(key), Some(outcome));
        }
        for reason in ResultReason::ALL {
            assert_eq!(reason_of_key(reason_key(reason)), Some(reason));
        }
    }
}
