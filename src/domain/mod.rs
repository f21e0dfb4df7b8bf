//! Pure rules and data of a xiangqi event: no GUI, database, PDF, file, clock or
//! thread access. Everything here is deterministic and testable in memory.
//!
//! Three floors, each naming only the floors below it (`tests/architecture.rs` checks):
//! - the **model** ([`model`]): the event's data, and what a change did or why it was
//!   refused;
//! - the **rules**: standings, pairing ([`swiss`], [`matching`], [`round_robin`],
//!   [`knockout`]), [`prizes`], [`ledger`], [`discipline`], [`blacklist`], [`undo`] and
//!   the [`presets`] of the rule books — they read the model and never name commands;
//! - the **commands** ([`command`]): `Command`, one dispatcher and its handlers by
//!   family. [`demo`] builds the demo event through commands.

pub mod model;

pub use model::{
    change, eligibility, event, ids, money, numbering, player, points, prize_rules, result, rules, warning, watch,
};

pub mod blacklist;
pub mod command;
pub mod demo;
pub mod discipline;
pub mod knockout;
pub mod ledger;
pub mod matching;
pub mod presets;
pub mod prizes;
pub mod round_robin;
pub mod rule_error_words;
pub mod standings;
pub mod swiss;
pub mod teams;
pub mod undo;
