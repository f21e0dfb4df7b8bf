//! # Bianpai (编排)
//!
//! An offline tournament director for Chinese chess (xiangqi): groups and stages,
//! Swiss pairing, results with fouls and forfeits, standings with the xiangqi
//! tiebreaks, knockouts and prizes, all kept in one SQLite file per event.
//!
//! Layers, depended on in one direction only:
//! - [`domain`]: pure rules and data (events, scoring, commands, standings, pairing);
//! - [`store`]: the event file (SQLite), the only module that touches the database;
//! - [`io`]: roster import, JSON/TRF conversions and the CSV/XLSX/HTML exports;
//! - [`present`]: format-neutral documents as data (ranking table, knockout bracket),
//!   derived from the event and shared by the window, the PDFs, the exports and the CLI;
//! - [`print`]: the PDFs (pairing sheets, slips, standings, crosstable, bracket, prizes);
//! - [`hall`]: the read-only pages of the event on the LAN (赛场网页);
//! - [`ui`]: the egui desktop app; [`cli`]: the command line;
//! - [`lang`] (Chinese or English), [`os_words`] (file and library errors in a
//!   director's words), [`assets`] (the bundled font) and [`seed`] (fresh seeds for
//!   draws) serve them all.

pub mod assets;
pub mod cli;
pub mod domain;
pub mod hall;
pub mod io;
pub mod lang;
pub mod os_words;
pub mod present;
pub mod print;
pub mod seed;
pub mod store;
pub mod ui;
