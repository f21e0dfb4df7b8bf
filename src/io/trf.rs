//! TRF-16 and its TRF(x) extensions: the FIDE Tournament Report File that Swiss
//! pairing engines (bbpPairings, JaVaFo) read and write.
//!
//! Three layers, each usable on its own:
//! - [`TrfDocument`] ([`document`]): a lossless model of the file. Every line is kept
//!   with its line ending; `001` player lines and the `XXR`, `XXC` and `XXS`
//!   extension lines are interpreted, every other line (`012`, `022`, `092`, `XXA`,
//!   blank lines, unknown codes …) is kept verbatim and in order. An unmodified
//!   document is written back byte for byte by [`TrfDocument::to_text`].
//! - [`to_event`] ([`import`]): a document as a Bianpai [`Event`](crate::domain::event::Event)
//!   of the `fide-swiss` preset, built through [`crate::domain::command::apply`] so
//!   that the library's validation runs on every round, with the round still to be
//!   paired ([`TrfEvent::next_round`]) and its announced byes.
//! - [`from_stage`] and [`write_pairing`] ([`export`]): a stage as a TRF document,
//!   and a round's pairing in the output format of bbpPairings.
//!
//! # Sources
//! - FIDE Handbook C.04 Annex 2, "TRF16" (Krause, 2006, approved Elista 2015): the
//!   `001` columns (start number 5–8, sex 10, title 11–13, name 15–47, rating 49–52,
//!   federation 54–56, FIDE number 58–68, birth date 70–79 as `YYYY/MM/DD`, points
//!   81–84, rank 86–89, then per round 10 columns from 92: opponent 92–95, colour 97,
//!   result 99) and the result codes `1 = 0 + - W D L H F U Z` and blank (≡ `Z`),
//!   letters case-insensitive.
//! - JaVaFo Advanced User Manual (Ricca): `XXR` number of rounds, `XXC` `white1` /
//!   `black1` / `rank`, `XXS CODE=VALUE` scoring with codes `WW BW WD BD WL BL ZPB HPB
//!   FPB PAB FW FL` and shortcuts `W` (= `WW BW FW FPB`) and `D` (= `WD BD HPB`),
//!   cumulative over records, the last one winning; byes requested for the round to
//!   be paired written as `0000 - H`/`F`/`Z` in that round's column.
//! - bbpPairings `fileformats/trf.cpp`: blank opponent ≡ `0000`; a bye code with an
//!   opponent, or a played result without a colour, is an invalid line; a game must
//!   be listed by both players with opposite colours; its output format (first line
//!   the number of pairs including the bye, then `white black`, `N 0` for the
//!   pairing-allocated bye).
//!
//! Columns are counted in characters (Unicode scalar values), as bbpPairings does,
//! so names in Chinese take one column per character.

pub mod document;
mod error_words;
pub mod export;
pub mod import;
pub mod scoring;

pub use document::{LineEnding, PlayerLine, RoundCell, TrfColour, TrfDocument, TrfLine, TrfRecord, TrfResult};
pub use export::{ExportError, Pairing, from_stage, parse_pairing, write_pairing};
pub use import::{TrfEvent, to_event};
pub use scoring::{ScoreCode, TrfScoring};

/// A problem with a TRF file, naming the file, the 1-based line and the field.
///
/// Problems that concern the file as a whole (no player lines, say) name the last
/// line of the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file} line {line}, field {field}: {message}")]
pub struct TrfError {
    /// The file name given to [`TrfDocument::parse`].
    pub file: String,
    /// 1-based line number.
    pub line: usize,
    /// The field: `start number`, `rating`, `points`, `round 3 result`, `XXS` …
    pub field: String,
    /// What is wrong, quoting the value, in English (as `Display` shows it).
    pub message: String,
    /// What is wrong in Chinese; both languages come from
    /// [`Localized`](crate::lang::Localized), which names the field in each.
    pub message_zh: String,
}

impl TrfError {
    /// The problem with `field` on `line` of `file`: `message` in English, `message_zh`
    /// in Chinese.
    pub(crate) fn new(
        file: &str,
        line: usize,
        field: impl Into<String>,
        message: impl Into<String>,
        message_zh: impl Into<String>,
    ) -> TrfError {
        TrfError {
            file: file.to_string(),
            line,
            field: field.into(),
            message: message.into(),
            message_zh: message_zh.into(),
        }
    }
}
