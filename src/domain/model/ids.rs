//! Identifier newtypes: start numbers, groups, stages, rounds and boards.
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
