//! Pure rules and data of a xiangqi event: no GUI, database, PDF, file, clock or
//! thread access. Everything here is deterministic and testable in memory.

pub mod blacklist;
pub mod command;
pub mod demo;
pub mod discipline;
pub mod eligibility;
pub mod event;
pub mod ids;
pub mod knockout;
pub mod ledger;
pub mod matching;
pub mod player;
pub mod points;
pub mod presets;
pub mod prizes;
pub mod result;
pub mod round_robin;
pub mod rules;
pub mod standings;
pub mod swiss;
pub mod undo;
