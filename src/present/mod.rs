//! Format-neutral documents as data: what the window, the PDFs, the exports and the
//! command line show, derived from the event and built once, so that the same thing is
//! never named or ordered two ways.
//!
//! - [`ranking`]: a ranking table — standings after a round, a stage's places, the
//!   group's final ranking with prizes — as columns and typed cells;
//! - [`bracket`]: a knockout bracket — columns of match boxes with seeds, scores,
//!   games, winners, the pairs still to come, the podium and the rounds' names;
//! - [`teams`]: team standings and the team crosstable; [`team_round`]: a team round's
//!   matches and their boards as a pairing sheet; [`event_teams`]: the clubs ranked
//!   across the event's groups; [`operator`]: who made a change in the history;
//! - [`crosstable`]: the crosstable's cells (opponent's place, colour, result);
//! - [`search`]: finding players by name, start number or pinyin (the window's roster
//!   filter and nominee picker, and the hall's 查我的台次).
//! - [`qr`]: a text as a QR code's modules (the hall's address).
//!
//! No egui, printpdf, rusqlite or files here: each medium draws these models its own
//! way (widths, alignment, fonts) but takes their words and values as they are.

pub mod bracket;
pub mod consequences;
pub mod crosstable;
mod error_words;
pub mod event_teams;
pub mod operator;
pub mod qr;
pub mod ranking;
pub mod search;
pub mod team_round;
pub mod teams;
