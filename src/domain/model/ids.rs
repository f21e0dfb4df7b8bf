//! Identifier newtypes: start numbers, groups, stages, rounds and boards, and how an
//! event's start numbers run ([`Numbering`]; the shown numbers themselves are worked out
//! in `numbering`, which names the event: the kind lives here so that the event names
//! it without naming `numbering`, issue 40).
//!
//! A player's [`StartNo`] is the same in every stage and every output of an event.
//! Stage, round, board and game numbers count from 1, as printed on the sheets.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id_newtype {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub u32);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

id_newtype!(
    /// A player's number in the event, the same in every stage and output.
    StartNo
);
id_newtype!(
    /// A group (section) of the event, e.g. 成人组.
    GroupId
);
id_newtype!(
    /// A stage of a group, counted from 1 (qualifier, Swiss, knockout …).
    StageNo
);
id_newtype!(
    /// A round of a stage, counted from 1.
    RoundNo
);
id_newtype!(
    /// A board of a round; board 1 is the top board.
    BoardNo
);

/// How an event's start numbers run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Numbering {
    /// 1…N across the event: the shown number is the start number (older files).
    #[default]
    PerEvent,
    /// 1…N within each group (the default for new events).
    PerGroup,
}

impl Numbering {
    /// Both ways, in the order menus list them.
    pub const ALL: [Numbering; 2] = [Numbering::PerGroup, Numbering::PerEvent];

    /// The code of the file, the audit log and the command line: `per-event`, `per-group`.
    pub fn code(self) -> &'static str {
        match self {
            Numbering::PerEvent => "per-event",
            Numbering::PerGroup => "per-group",
        }
    }

    /// Reads [`Numbering::code`] back.
    pub fn parse(code: &str) -> Option<Numbering> {
        match code {
            "per-event" => Some(Numbering::PerEvent),
            "per-group" => Some(Numbering::PerGroup),
            _ => None,
        }
    }

    /// Whether this is [`Numbering::PerEvent`] (not written to the event's values then,
    /// so that older files read and hash as they did).
    pub fn is_per_event(&self) -> bool {
        *self == Numbering::PerEvent
    }
}
