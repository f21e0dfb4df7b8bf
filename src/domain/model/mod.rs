//! The model floor: the event's data and nothing else — ids, points, players, results,
//! scoring and tiebreak settings, entry rules, the event tree, money and prize rules as
//! data, pairing warnings, and what a command changed ([`change`]). It names no other
//! part of the domain, so every rule and command can build on it.

pub mod change;
pub mod eligibility;
pub mod error_words;
pub mod event;
pub mod game;
pub mod group_rules;
pub mod ids;
pub mod money;
pub mod numbering;
pub mod pairing_controls;
pub mod player;
pub mod points;
pub mod prize_checks;
pub mod prize_decision;
pub mod prize_rules;
pub mod registered;
pub mod result;
pub mod rules;
pub mod shown_numbers;
pub mod stage_checks;
pub mod team;
pub mod team_issue;
pub mod warning;
pub mod watch;
