//! A lossless model of a TRF file: its lines in order, each with its line ending,
//! the interpreted ones (`001`, `XXR`, `XXC`, `XXS`) as records and every other line
//! as its text.
//!
//! Each parsed line remembers its original text and the record read from it; as long
//! as the record is unchanged, [`TrfDocument::to_text`] writes the original text, so an
//! unmodified document is written back byte for byte (alignment, letter case of result
//! codes, `0000` versus blanks and trailing spaces included). A changed or new record
//! is written in the canonical column layout of TRF-16.
//!
//! [`TrfDocument::parse`] checks each line on its own: the syntax of every interpreted
//! field and the rules of a round cell that need no other line (a bye has no opponent,
//! a played game has an opponent and a colour). Whether opponents list each other is
//! checked by [`to_event`](super::to_event), which needs the whole file.

use super::TrfError;
use super::scoring::{ScoreCode, TrfScoring};
use crate::domain::points::Points;
use std::borrow::Cow;
use std::collections::BTreeMap;

mod parse;
use parse::{parse_record, split_lines};

/// How a line ended in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineEnding {
    /// `\n`
    Lf,
    /// `\r\n`
    CrLf,
    /// `\r` alone: TRF-16 Remark 1, and what bbpPairings writes.
    Cr,
    /// The last line of a file that does not end with a line break.
    None,
}

impl LineEnding {
    /// The characters of the ending.
    pub fn as_str(self) -> &'static str {
        match self {
            LineEnding::Lf => "\n",
            LineEnding::CrLf => "\r\n",
            LineEnding::Cr => "\r",
            LineEnding::None => "",
        }
    }
}

/// A scheduled colour (column 97 of round 1). White is Bianpai's red.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TrfColour {
    /// `w`
    White,
    /// `b`
    Black,
}

impl TrfColour {
    /// `w` or `b`.
    pub fn to_char(self) -> char {
        match self {
            TrfColour::White => 'w',
            TrfColour::Black => 'b',
        }
    }

    /// The other colour.
    pub fn opposite(self) -> TrfColour {
        match self {
            TrfColour::White => TrfColour::Black,
            TrfColour::Black => TrfColour::White,
        }
    }
}

/// A result code (column 99 of round 1), TRF-16 table of results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TrfResult {
    /// `1`: win.
    Win,
    /// `=`: draw.
    Draw,
    /// `0`: loss.
    Loss,
    /// `+`: forfeit win.
    ForfeitWin,
    /// `-`: forfeit loss.
    ForfeitLoss,
    /// `W`: win, the game lasted less than one move (not rated).
    UnratedWin,
    /// `D`: draw, the game lasted less than one move (not rated).
    UnratedDraw,
    /// `L`: loss, the game lasted less than one move (not rated).
    UnratedLoss,
    /// `H`: half-point bye.
    HalfPointBye,
    /// `F`: full-point bye.
    FullPointBye,
    /// `U`: pairing-allocated bye.
    PairingBye,
    /// `Z`: zero-point bye (known absence).
    ZeroPointBye,
    /// Blank: equivalent to `Z` in a played round; "no information" in a round not yet
    /// paired.
    Blank,
}

impl TrfResult {
    /// Reads a result code; letters in either case.
    pub fn from_char(c: char) -> Option<TrfResult> {
        Some(match c.to_ascii_uppercase() {
            '1' => TrfResult::Win,
            '=' => TrfResult::Draw,
            '0' => TrfResult::Loss,
            '+' => TrfResult::ForfeitWin,
            '-' => TrfResult::ForfeitLoss,
            'W' => TrfResult::UnratedWin,
            'D' => TrfResult::UnratedDraw,
            'L' => TrfResult::UnratedLoss,
            'H' => TrfResult::HalfPointBye,
            'F' => TrfResult::FullPointBye,
            'U' => TrfResult::PairingBye,
            'Z' => TrfResult::ZeroPointBye,
            ' ' => TrfResult::Blank,
            _ => return None,
        })
    }

    /// The code as written (letters upper case).
    pub fn to_char(self) -> char {
        match self {
            TrfResult::Win => '1',
            TrfResult::Draw => '=',
            TrfResult::Loss => '0',
            TrfResult::ForfeitWin => '+',
            TrfResult::ForfeitLoss => '-',
            TrfResult::UnratedWin => 'W',
            TrfResult::UnratedDraw => 'D',
            TrfResult::UnratedLoss => 'L',
            TrfResult::HalfPointBye => 'H',
            TrfResult::FullPointBye => 'F',
            TrfResult::PairingBye => 'U',
            TrfResult::ZeroPointBye => 'Z',
            TrfResult::Blank => ' ',
        }
    }

    /// A game played on the board: `1 = 0 W D L`.
    pub fn is_played(self) -> bool {
        matches!(
            self,
            TrfResult::Win
                | TrfResult::Draw
                | TrfResult::Loss
                | TrfResult::UnratedWin
                | TrfResult::UnratedDraw
                | TrfResult::UnratedLoss
        )
    }

    /// A bye code: `H F U Z`.
    pub fn is_bye(self) -> bool {
        matches!(
            self,
            TrfResult::HalfPointBye | TrfResult::FullPointBye | TrfResult::PairingBye | TrfResult::ZeroPointBye
        )
    }
}

/// One round of a player: opponent, colour and result (10 columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundCell {
    /// The opponent's start number; `None` for `0000` or blanks.
    pub opponent: Option<u32>,
    /// `None` for `-` or blank.
    pub colour: Option<TrfColour>,
    /// The result code.
    pub result: TrfResult,
}

impl RoundCell {
    /// A cell with nothing in it.
    pub const BLANK: RoundCell = RoundCell { opponent: None, colour: None, result: TrfResult::Blank };

    /// A bye or absence: `0000 - X`.
    pub fn bye(result: TrfResult) -> RoundCell {
        RoundCell { opponent: None, colour: None, result }
    }

    /// A game against `opponent`.
    pub fn game(opponent: u32, colour: TrfColour, result: TrfResult) -> RoundCell {
        RoundCell { opponent: Some(opponent), colour: Some(colour), result }
    }

    /// Nothing at all in the cell.
    pub fn is_blank(&self) -> bool {
        *self == RoundCell::BLANK
    }

    /// Whether the player took part in the pairing of the round: an opponent, a
    /// pairing-allocated bye, or a forfeit win without opponent (as bbpPairings reads it).
    pub fn participates(&self) -> bool {
        self.opponent.is_some() || matches!(self.result, TrfResult::PairingBye | TrfResult::ForfeitWin)
    }

    fn render(&self, out: &mut String) {
        out.push_str("  ");
        if self.is_blank() {
            out.push_str("        ");
            return;
        }
        match self.opponent {
            Some(o) => out.push_str(&format!("{o:>4}")),
            None => out.push_str("0000"),
        }
        out.push(' ');
        out.push(self.colour.map_or('-', TrfColour::to_char));
        out.push(' ');
        out.push(self.result.to_char());
    }
}

/// A `001` player line.
///
/// Text fields are stored trimmed. Rendering a changed line truncates text that does
/// not fit its columns.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlayerLine {
    /// Starting rank number, columns 5–8.
    pub start_no: u32,
    /// Column 10: `m` or `w` (kept as written).
    pub sex: String,
    /// Columns 11–13.
    pub title: String,
    /// Columns 15–47, "Lastname, Firstname".
    pub name: String,
    /// Columns 49–52; `None` when blank.
    pub rating: Option<u32>,
    /// Columns 54–56.
    pub federation: String,
    /// Columns 58–68, kept as text.
    pub fide_id: String,
    /// Columns 70–79, `YYYY/MM/DD` by the standard, kept as text.
    pub birth_date: String,
    /// Columns 81–84.
    pub points: Points,
    /// Columns 86–89; `None` when blank.
    pub rank: Option<u32>,
    /// Rounds 1, 2, … from column 92, 10 columns each; trailing blank cells dropped.
    pub rounds: Vec<RoundCell>,
}

impl PlayerLine {
    /// A line with a start number and a name, no results.
    pub fn new(start_no: u32, name: &str) -> PlayerLine {
        PlayerLine {
            start_no,
            sex: String::new(),
            title: String::new(),
            name: name.to_string(),
            rating: None,
            federation: String::new(),
            fide_id: String::new(),
            birth_date: String::new(),
            points: Points::ZERO,
            rank: None,
            rounds: Vec::new(),
        }
    }

    /// The cell of a 1-based round, if the line has one.
    pub fn cell(&self, round: u32) -> Option<&RoundCell> {
        (round as usize).checked_sub(1).and_then(|i| self.rounds.get(i))
    }

    /// The line in the TRF-16 column layout (trailing spaces removed).
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(90 + 10 * self.rounds.len());
        out.push_str("001 ");
        out.push_str(&format!("{:>4} ", self.start_no));
        out.push_str(&format!("{:<1}", fit(&self.sex, 1)));
        out.push_str(&format!("{:>3} ", fit(&self.title, 3)));
        out.push_str(&format!("{:<33} ", fit(&self.name, 33)));
        out.push_str(&format!("{:>4} ", self.rating.map(|r| r.to_string()).unwrap_or_default()));
        out.push_str(&format!("{:<3} ", fit(&self.federation, 3)));
        out.push_str(&format!("{:>11} ", fit(&self.fide_id, 11)));
        out.push_str(&format!("{:<10} ", fit(&self.birth_date, 10)));
        let tenths = self.points.tenths();
        let sign = if tenths < 0 { "-" } else { "" };
        let points = format!("{sign}{}.{}", tenths.unsigned_abs() / 10, tenths.unsigned_abs() % 10);
        out.push_str(&format!("{points:>4} "));
        out.push_str(&format!("{:>4}", self.rank.map(|r| r.to_string()).unwrap_or_default()));
        for cell in &self.rounds {
            cell.render(&mut out);
        }
        out.truncate(out.trim_end().len());
        out
    }
}

/// `text` in a field of `width` columns: cut to the width, and never a control
/// character — a line break in a name would forge a line of its own (issue 22, item 2).
fn fit(text: &str, width: usize) -> Cow<'_, str> {
    if text.chars().any(char::is_control) {
        let clean: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).take(width).collect();
        return Cow::Owned(clean);
    }
    if text.chars().count() <= width { Cow::Borrowed(text) } else { Cow::Owned(text.chars().take(width).collect()) }
}

/// What a line says.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TrfRecord {
    /// `001`: a player and their rounds.
    Player(PlayerLine),
    /// `XXR n`: the number of rounds of the tournament.
    Rounds(u32),
    /// `XXC …`: configuration words (`white1`, `black1`, `rank`), as written.
    Config(Vec<String>),
    /// `XXS CODE=VALUE …`: point values, in the order written.
    Scoring(Vec<(ScoreCode, Points)>),
    /// Any other line, verbatim: `012` and the other headers, `XXA`, blank lines …
    Other(String),
}

impl TrfRecord {
    /// The line's text in the canonical layout.
    pub fn render(&self) -> String {
        match self {
            TrfRecord::Player(p) => p.render(),
            TrfRecord::Rounds(n) => format!("XXR {n}"),
            TrfRecord::Config(words) => format!("XXC {}", words.join(" ")),
            TrfRecord::Scoring(values) => {
                let parts: Vec<String> = values.iter().map(|(c, v)| format!("{c}={v}")).collect();
                format!("XXS {}", parts.join(" "))
            }
            TrfRecord::Other(text) => text.clone(),
        }
    }
}

/// One line of a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfLine {
    /// What the line says; change it to change the line.
    pub record: TrfRecord,
    /// Its line ending.
    pub ending: LineEnding,
    /// The text read from the file and the record read from it.
    source: Option<Box<(String, TrfRecord)>>,
}

impl TrfLine {
    /// A new line ending in `\n`.
    pub fn new(record: TrfRecord) -> TrfLine {
        TrfLine { record, ending: LineEnding::Lf, source: None }
    }

    /// The line's text without its ending: the original text while the record is
    /// unchanged, else the record rendered.
    pub fn text(&self) -> Cow<'_, str> {
        match &self.source {
            Some(source) if source.1 == self.record => Cow::Borrowed(source.0.as_str()),
            _ => Cow::Owned(self.record.render()),
        }
    }

    /// The text as read from the file, for a line that was read from one.
    pub fn original_text(&self) -> Option<&str> {
        self.source.as_ref().map(|s| s.0.as_str())
    }
}

/// A TRF-16 / TRF(x) file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfDocument {
    file_name: String,
    /// The file began with a UTF-8 byte order mark.
    bom: bool,
    /// The lines, in file order.
    pub lines: Vec<TrfLine>,
}

impl TrfDocument {
    /// An empty document; `file_name` names it in error messages.
    pub fn new(file_name: &str) -> TrfDocument {
        TrfDocument { file_name: file_name.to_string(), bom: false, lines: Vec::new() }
    }

    /// Reads a TRF file's text.
    ///
    /// # Errors
    /// A [`TrfError`] naming the first line with a field that cannot be read: a start
    /// number, rating, points or rank that is not a number, a round cell out of its
    /// columns, an unknown colour or result code, a bye with an opponent, a played
    /// result without opponent or colour, a malformed `XXR` or `XXS`, or a start
    /// number used twice.
    ///
    /// # Example
    /// ```
    /// use bianpai::io::trf::TrfDocument;
    /// let text = "012 Club Open\nXXR 5\n";
    /// let doc = TrfDocument::parse("open.trf", text).unwrap();
    /// assert_eq!(doc.rounds(), Some(5));
    /// assert_eq!(doc.to_text(), text);
    /// ```
    pub fn parse(file_name: &str, text: &str) -> Result<TrfDocument, TrfError> {
        let (bom, body) = match text.strip_prefix('\u{feff}') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let mut lines = Vec::new();
        let mut seen: BTreeMap<u32, usize> = BTreeMap::new();
        for (index, (raw, ending)) in split_lines(body).into_iter().enumerate() {
            let line_no = index + 1;
            let record = parse_record(file_name, line_no, raw)?;
            if let TrfRecord::Player(p) = &record
                && let Some(first) = seen.insert(p.start_no, line_no)
            {
                return Err(TrfError::new(
                    file_name,
                    line_no,
                    "start number",
                    format!("start number {} is already used on line {first}", p.start_no),
                    format!("编号 {} 已在第 {first} 行使用", p.start_no),
                ));
            }
            lines.push(TrfLine { record: record.clone(), ending, source: Some(Box::new((raw.to_string(), record))) });
        }
        Ok(TrfDocument { file_name: file_name.to_string(), bom, lines })
    }

    /// The document as text: byte-identical to the parsed text while nothing changed.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if self.bom {
            out.push('\u{feff}');
        }
        for line in &self.lines {
            out.push_str(&line.text());
            out.push_str(line.ending.as_str());
        }
        out
    }

    /// The file name given at parsing.
    pub fn file_name(&self) -> &str {
        &self.file_name
    }

    /// Appends a line ending in `\n`.
    pub fn push(&mut self, record: TrfRecord) {
        self.lines.push(TrfLine::new(record));
    }

    /// The 1-based number of the last line (1 for an empty document).
    pub fn last_line_no(&self) -> usize {
        self.lines.len().max(1)
    }

    /// The player lines with their 1-based line numbers, in file order.
    pub fn players(&self) -> impl Iterator<Item = (usize, &PlayerLine)> {
        self.lines.iter().enumerate().filter_map(|(i, l)| match &l.record {
            TrfRecord::Player(p) => Some((i + 1, p)),
            _ => None,
        })
    }

    /// The player with a start number and the 1-based number of their line.
    pub fn player(&self, start_no: u32) -> Option<(usize, &PlayerLine)> {
        self.players().find(|(_, p)| p.start_no == start_no)
    }

    /// The player with a start number, to change.
    pub fn player_mut(&mut self, start_no: u32) -> Option<&mut PlayerLine> {
        self.lines.iter_mut().find_map(|l| match &mut l.record {
            TrfRecord::Player(p) if p.start_no == start_no => Some(p),
            _ => None,
        })
    }

    /// The tournament name: the text of the first `012` line, trimmed.
    pub fn tournament_name(&self) -> Option<&str> {
        self.lines.iter().find_map(|l| match &l.record {
            TrfRecord::Other(text) if text.starts_with("012") => text.get(3..).map(str::trim),
            _ => None,
        })
    }

    /// The start date as written on the first `042` line, trimmed; read by the importer.
    pub fn start_date_text(&self) -> Option<&str> {
        self.lines.iter().find_map(|l| match &l.record {
            TrfRecord::Other(text) if text.starts_with("042") => text.get(3..).map(str::trim),
            _ => None,
        })
    }

    /// The number of rounds of the last `XXR` line.
    pub fn rounds(&self) -> Option<u32> {
        self.rounds_line().map(|(_, n)| n)
    }

    /// The last `XXR` line: its 1-based number and value.
    pub fn rounds_line(&self) -> Option<(usize, u32)> {
        self.lines.iter().enumerate().rev().find_map(|(i, l)| match l.record {
            TrfRecord::Rounds(n) => Some((i + 1, n)),
            _ => None,
        })
    }

    /// The initial colour from `XXC white1` / `black1`, the last one written winning:
    /// the colour drawn for the top player of round 1 (FIDE C.04.3 E.5).
    pub fn initial_colour(&self) -> Option<TrfColour> {
        self.config_words()
            .filter_map(|w| match w {
                "white1" => Some(TrfColour::White),
                "black1" => Some(TrfColour::Black),
                _ => None,
            })
            .last()
    }

    /// Whether `XXC rank` asks for pairing by ranking ids instead of start numbers.
    pub fn pairs_by_rank(&self) -> bool {
        self.config_words().any(|w| w == "rank")
    }

    fn config_words(&self) -> impl Iterator<Item = &str> {
        self.lines
            .iter()
            .filter_map(|l| match &l.record {
                TrfRecord::Config(words) => Some(words),
                _ => None,
            })
            .flatten()
            .map(String::as_str)
    }

    /// Whether any `XXS` line is present.
    pub fn has_scoring(&self) -> bool {
        self.lines.iter().any(|l| matches!(l.record, TrfRecord::Scoring(_)))
    }

    /// The point values: JaVaFo's defaults changed by every `XXS` line in order.
    pub fn scoring(&self) -> TrfScoring {
        let mut scoring = TrfScoring::default();
        for line in &self.lines {
            if let TrfRecord::Scoring(values) = &line.record {
                for (code, value) in values {
                    scoring.set(*code, *value);
                }
            }
        }
        scoring
    }
}

#[cfg(test)]
mod tests;
