//! The PDFs of R-9: pairing sheets, result slips, standings, crosstable,
//! bracket and prize list, the check-in list with fees, and for team
//! competitions the team pairing sheet, the match score cards (对阵记录单),
//! team standings, the team crosstable, the board prizes and the event's clubs
//! ranked across its groups. The only module that makes PDFs.
//!
//! Every document is built in two steps: gathering (which rows, what strings — a
//! [`Report`] or a list of slips, plain data that tests read) and drawing
//! ([`layout`]: A4 pages, a table whose header repeats on every page, "第 N 页 / 共 M
//! 页"). Text is Simplified Chinese by default, English with [`Lang::En`]. The bundled
//! CJK font is subset per document, so a sheet of twenty names is a few tens of KB.

pub mod board_prizes;
pub mod bracket;
pub mod checkin;
pub mod crosstable;
pub mod document;
mod error_words;
pub mod event_teams;
pub mod font;
pub mod layout;
pub mod pairings;
pub mod prizes;
pub mod score_cards;
pub mod slips;
pub mod standings;
pub mod team_pairings;
pub mod team_standings;

use crate::domain::command::DomainError;
use crate::domain::event::{Event, Group, Stage};
use crate::domain::ids::{GroupId, RoundNo};
use crate::domain::prizes::PrizeError;
pub use document::{Body, Document, DocumentKind, Gather, Printable, RoundUse};
use layout::{Column, Orientation, Sheet};

/// Why a document cannot be printed.
#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    /// The group, stage or a round is missing.
    #[error(transparent)]
    Domain(#[from] DomainError),
    /// The prize ranking cannot be built.
    #[error(transparent)]
    Prizes(#[from] PrizeError),
    /// No such group in the event.
    #[error("no group {0} in the event")]
    UnknownGroup(GroupId),
    /// The stage has not paired this round.
    #[error("{group} has no round {round} in stage {stage} ({paired} paired)")]
    UnknownRound {
        /// The group's name.
        group: String,
        /// The stage.
        stage: u32,
        /// The round asked for.
        round: u32,
        /// Rounds paired so far.
        paired: u32,
    },
    /// Nothing paired yet.
    #[error("{group}: no round has been paired yet")]
    NothingPaired {
        /// The group's name.
        group: String,
    },
    /// A bracket was asked for a group without a knockout stage.
    #[error("{group} has no knockout stage")]
    NoKnockout {
        /// The group's name.
        group: String,
    },
    /// A team document was asked of a round that is not a team round.
    #[error("{group}: round {round} is not a team round")]
    NotTeamRound {
        /// The group's name.
        group: String,
        /// The round.
        round: u32,
    },
    /// Team standings were asked of a group without teams.
    #[error("{group} has no teams")]
    NoTeams {
        /// The group's name.
        group: String,
    },
    /// A team crosstable or board prizes were asked of a stage without team matches.
    #[error("{group}: the current stage is not a team stage")]
    NoTeamStage {
        /// The group's name.
        group: String,
    },
    /// The event's team ranking across groups was asked while it is off.
    #[error("the team ranking across the event is off")]
    EventTeamsOff,
    /// The bundled font could not be read.
    #[error("the bundled CJK font could not be parsed")]
    Font,
    /// printpdf reported an error while writing.
    #[error("writing the PDF failed: {0}")]
    Pdf(String),
}

pub use crate::lang::Lang;

/// A written PDF.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printed {
    /// The file's bytes, starting `%PDF`.
    pub bytes: Vec<u8>,
    /// The number of pages.
    pub pages: usize,
}

/// What to print: the document, the group, the round (the last paired one for sheets
/// and slips, the last complete one for standings and crosstable when `None`), and the
/// language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The document.
    pub document: DocumentKind,
    /// The group.
    pub group: GroupId,
    /// The round; `None` for the default.
    pub round: Option<RoundNo>,
    /// The language.
    pub lang: Lang,
    /// The hall's address while it is served: the pairing sheet and the standings print
    /// it as a QR code.
    pub hall_link: Option<String>,
}

/// Prints a document. The pairing sheet and the result slips of a team round are the
/// team pairing sheet and the match score cards.
///
/// # Errors
/// [`PrintError`] when the group or round does not exist, nothing can be printed yet,
/// or writing fails.
pub fn print(event: &Event, request: &Request) -> Result<Printed, PrintError> {
    let (group, round, lang) = (request.group, request.round, request.lang);
    // A team round's sheet and slips are the team sheet and the score cards.
    let team_round = || team_pairings::team_round(event, group, round).is_ok();
    let kind = match request.document {
        DocumentKind::Pairings if team_round() => DocumentKind::TeamPairings,
        DocumentKind::Slips if team_round() => DocumentKind::ScoreCards,
        other => other,
    };
    let link = request.hall_link.as_ref().filter(|_| kind.shows_hall_link());
    match link {
        None => kind.document().print(event, group, round, lang),
        Some(link) => match kind.document().body(event, group, round, lang)? {
            Body::Report(report) => Report { link: Some(link.clone()), ..report }.render(lang),
            other => other.render(lang),
        },
    }
}

/// A table of a report, with an optional caption above it.
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    /// Printed above the table (男子, 第1轮 …).
    pub caption: Option<String>,
    /// The columns.
    pub columns: Vec<Column>,
    /// The rows, one string per column.
    pub rows: Vec<Vec<String>>,
}

/// A tabular document as plain data: what the PDF shows, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Portrait or landscape.
    pub orientation: Orientation,
    /// The event's name (first heading line).
    pub title: String,
    /// The document's name with group, stage and round.
    pub subtitle: String,
    /// Lines under the headings: time, time control …
    pub details: Vec<String>,
    /// The tables.
    pub sections: Vec<Section>,
    /// Lines under the tables: byes, marks, totals, officials.
    pub notes: Vec<String>,
    /// The hall's address while it is served: printed last as a QR code with
    /// the address beside it, so that a phone opens the live pages from the wall.
    pub link: Option<String>,
}

impl Report {
    /// Every string the PDF shows (headings, cells, notes), for tests.
    pub fn strings(&self) -> Vec<String> {
        let mut out = vec![self.title.clone(), self.subtitle.clone()];
        out.extend(self.details.iter().cloned());
        for s in &self.sections {
            out.extend(s.caption.iter().cloned());
            out.extend(s.columns.iter().map(|c| c.title.clone()));
            out.extend(s.rows.iter().flatten().filter(|c| !c.is_empty()).cloned());
        }
        out.extend(self.notes.iter().cloned());
        out
    }

    /// Draws the report.
    ///
    /// # Errors
    /// [`PrintError::Font`] or [`PrintError::Pdf`].
    pub fn render(&self, lang: Lang) -> Result<Printed, PrintError> {
        let font = font::cjk()?;
        let head = format!("{} · {}", self.title, self.subtitle);
        let mut sheet = Sheet::new(font, self.orientation, lang, &head, &head);
        sheet.paragraph(&self.title, 16.0, layout::Align::Center);
        sheet.paragraph(&self.subtitle, 13.0, layout::Align::Center);
        sheet.advance(4.0);
        for d in &self.details {
            sheet.paragraph(d, 10.0, layout::Align::Left);
        }
        sheet.advance(4.0);
        for s in &self.sections {
            if let Some(caption) = &s.caption {
                // A short captioned table (a team match's boards) stays on one page.
                let block = 30.0 + (s.rows.len() + 1) as f32 * 16.5;
                sheet.ensure(if block < 240.0 { block } else { 60.0 });
                sheet.paragraph(caption, 11.0, layout::Align::Left);
            }
            sheet.table(&s.columns, &s.rows, if s.columns.len() > 12 { 8.0 } else { 9.5 });
        }
        for n in &self.notes {
            sheet.paragraph(n, 10.0, layout::Align::Left);
        }
        if let Some(link) = &self.link {
            hall_link(&mut sheet, link, lang);
        }
        sheet.finish()
    }
}

/// The hall's address as a QR code of 30 mm, and beside it what it is and the address
/// as text (a phone may not resolve a name; the address is numeric).
fn hall_link(sheet: &mut Sheet, link: &str, lang: Lang) {
    let Some(qr) = crate::present::qr::QrMatrix::of(link) else { return };
    let side = layout::mm(30.0);
    sheet.advance(6.0);
    sheet.ensure(side + 6.0);
    let (x, top) = (sheet.left(), sheet.y());
    sheet.qr(x, top, side / qr.width as f32, &qr);
    let text_x = x + side + layout::mm(5.0);
    sheet.text(
        text_x,
        top - 14.0,
        11.0,
        lang.t(
            "扫码查看对阵、查台次和成绩（本赛场无线网络）",
            "Scan for pairings, your board and standings (the hall's Wi-Fi)",
        ),
    );
    sheet.text(text_x, top - 32.0, 12.0, link);
    sheet.advance(side);
}

/// The group with this id.
fn group_of(event: &Event, group: GroupId) -> Result<&Group, PrintError> {
    event.group(group).ok_or(PrintError::UnknownGroup(group))
}

/// The stage being played: the first open one, else the last one.
fn current_stage(group: &Group) -> Result<&Stage, PrintError> {
    group.current_stage().ok_or_else(|| PrintError::NothingPaired { group: group.name.clone() })
}

/// The officials as printed at the foot of a sheet: "裁判长：张三　编排长：李四".
fn officials_line(event: &Event, lang: Lang) -> Option<String> {
    if event.officials.is_empty() {
        return None;
    }
    let list: Vec<String> = event.officials.iter().map(|o| format!("{}：{}", o.role, o.name)).collect();
    Some(format!("{}{}", lang.t("裁判人员　", "Officials: "), list.join("　")))
}

/// A player's name, or `#N` when the start number is unknown.
fn name_of(event: &Event, p: crate::domain::ids::StartNo) -> String {
    event.player(p).map_or_else(|| format!("#{p}"), |pl| pl.name().to_string())
}

/// A player's club (empty when none or unknown).
fn club_of(event: &Event, p: crate::domain::ids::StartNo) -> String {
    event.player(p).map(|pl| pl.entry.club.clone()).unwrap_or_default()
}
