//! The [`Document`] trait of every printed document, and [`DocumentKind`], the one
//! list of them (`bianpai print WHAT`, the window's print menu). A document says its
//! name and gathers what it shows — a [`Report`], result slips or match score cards
//! ([`Body`]); drawing that on A4 pages and handing back the PDF is written once, here.
//! Each document of the print module is a [`Printable`]: its name in both languages
//! and the function that gathers its body (`pairings::PAIRING_SHEET` …).

use super::{PrintError, Printed, Report, score_cards, slips};
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, RoundNo};
use crate::lang::Lang;

/// What a document shows, gathered before anything is drawn: plain data tests read.
#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    /// A tabular document: headings, tables and notes.
    Report(Report),
    /// Result slips, four to a page.
    Slips(Vec<slips::Slip>),
    /// Match score cards, two to a page when they fit.
    ScoreCards(Vec<score_cards::ScoreCard>),
}

impl Body {
    /// Draws the body as a PDF.
    ///
    /// # Errors
    /// [`PrintError::Font`] or [`PrintError::Pdf`].
    pub fn render(&self, lang: Lang) -> Result<Printed, PrintError> {
        match self {
            Body::Report(report) => report.render(lang),
            Body::Slips(list) => slips::render(list, lang),
            Body::ScoreCards(list) => score_cards::render(list, lang),
        }
    }
}

/// A printed document: its name, what it shows, and (provided, written once) its PDF.
pub trait Document: Sync {
    /// The document's name as its heading prints it: (Chinese, English).
    fn name(&self) -> (&'static str, &'static str);

    /// Gathers what the document shows for the group and round (`None`: the default
    /// round, see [`super::Request`]); documents without a round ignore `round`, the
    /// event's team ranking also `group`.
    ///
    /// # Errors
    /// [`PrintError`] when the group or round does not exist or nothing can be printed yet.
    fn body(&self, event: &Event, group: GroupId, round: Option<RoundNo>, lang: Lang) -> Result<Body, PrintError>;

    /// The document's name in `lang`.
    fn title(&self, lang: Lang) -> &'static str {
        let (zh, en) = self.name();
        lang.t(zh, en)
    }

    /// Gathers and draws the document.
    ///
    /// # Errors
    /// See [`Document::body`]; also [`PrintError::Font`] and [`PrintError::Pdf`].
    fn print(&self, event: &Event, group: GroupId, round: Option<RoundNo>, lang: Lang) -> Result<Printed, PrintError> {
        self.body(event, group, round, lang)?.render(lang)
    }

    /// The document's PDF bytes.
    ///
    /// # Errors
    /// See [`Document::print`].
    fn bytes(&self, event: &Event, group: GroupId, round: Option<RoundNo>, lang: Lang) -> Result<Vec<u8>, PrintError> {
        Ok(self.print(event, group, round, lang)?.bytes)
    }
}

/// How a document gathers its body: the event, the group, the round (`None`: the
/// default round) and the language.
pub type Gather<B> = fn(&Event, GroupId, Option<RoundNo>, Lang) -> Result<B, PrintError>;

/// A document as data: its name and how it gathers what it shows. Every document of
/// the print module is one (`pairings::PAIRING_SHEET`, `slips::RESULT_SLIPS` …).
#[derive(Debug, Clone, Copy)]
pub struct Printable<B> {
    name: (&'static str, &'static str),
    gather: Gather<B>,
}

impl<B> Printable<B> {
    /// A document named `name` (Chinese, English) whose body `gather` gathers.
    pub const fn new(name: (&'static str, &'static str), gather: Gather<B>) -> Printable<B> {
        Printable { name, gather }
    }
}

impl<B: Into<Body>> Document for Printable<B> {
    fn name(&self) -> (&'static str, &'static str) {
        self.name
    }

    fn body(&self, event: &Event, group: GroupId, round: Option<RoundNo>, lang: Lang) -> Result<Body, PrintError> {
        (self.gather)(event, group, round, lang).map(Into::into)
    }
}

impl From<Report> for Body {
    fn from(report: Report) -> Body {
        Body::Report(report)
    }
}

impl From<Vec<slips::Slip>> for Body {
    fn from(list: Vec<slips::Slip>) -> Body {
        Body::Slips(list)
    }
}

impl From<Vec<score_cards::ScoreCard>> for Body {
    fn from(list: Vec<score_cards::ScoreCard>) -> Body {
        Body::ScoreCards(list)
    }
}

/// The documents of `bianpai print` and of the print menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentKind {
    /// The pairing sheet of a round.
    Pairings,
    /// Result slips, one per board (one per game in a knockout).
    Slips,
    /// Standings after a round.
    Standings,
    /// The crosstable (大表).
    Crosstable,
    /// The knockout bracket.
    Bracket,
    /// The prize list.
    Prizes,
    /// The check-in list with entry fees.
    CheckIn,
    /// The team pairing sheet of a team round.
    TeamPairings,
    /// Match score cards (对阵记录单) of a team round, one per match.
    ScoreCards,
    /// Team standings.
    TeamStandings,
    /// The team crosstable of a team stage.
    TeamCrosstable,
    /// Board prizes: each board's players by score rate.
    BoardPrizes,
    /// The event's clubs ranked across its groups; the group is not used.
    EventTeams,
}

/// What a document does with the round of its request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundUse {
    /// It shows a paired round (pairing sheet, slips, score cards).
    Paired,
    /// It shows the tables after a round (standings, crosstables).
    After,
    /// It has no round (bracket, prize lists, check-in list, the event's ranking).
    None,
}

impl DocumentKind {
    /// Every document, in the order of `bianpai print --help`.
    pub const ALL: [DocumentKind; 13] = [
        DocumentKind::Pairings,
        DocumentKind::Slips,
        DocumentKind::Standings,
        DocumentKind::Crosstable,
        DocumentKind::Bracket,
        DocumentKind::Prizes,
        DocumentKind::CheckIn,
        DocumentKind::TeamPairings,
        DocumentKind::ScoreCards,
        DocumentKind::TeamStandings,
        DocumentKind::TeamCrosstable,
        DocumentKind::BoardPrizes,
        DocumentKind::EventTeams,
    ];

    /// Whether the document prints the hall's address while it is served: the sheets
    /// posted in the hall (pairings, standings, the team sheet and standings).
    pub fn shows_hall_link(self) -> bool {
        matches!(
            self,
            DocumentKind::Pairings | DocumentKind::TeamPairings | DocumentKind::Standings | DocumentKind::TeamStandings
        )
    }

    /// Which round the document's round names: the one it shows (`None`: the last
    /// paired), the one it is after (`None`: the last complete), or none.
    pub fn round_use(self) -> RoundUse {
        match self {
            DocumentKind::Pairings | DocumentKind::Slips | DocumentKind::TeamPairings | DocumentKind::ScoreCards => {
                RoundUse::Paired
            }
            DocumentKind::Standings | DocumentKind::Crosstable | DocumentKind::TeamStandings => RoundUse::After,
            DocumentKind::Bracket
            | DocumentKind::Prizes
            | DocumentKind::CheckIn
            | DocumentKind::TeamCrosstable
            | DocumentKind::BoardPrizes
            | DocumentKind::EventTeams => RoundUse::None,
        }
    }

    /// The document that prints this kind.
    pub fn document(self) -> &'static dyn Document {
        use super::{board_prizes, bracket, checkin, crosstable, event_teams, pairings, prizes, standings};
        use super::{team_pairings, team_standings};
        match self {
            DocumentKind::Pairings => &pairings::PAIRING_SHEET,
            DocumentKind::Slips => &slips::RESULT_SLIPS,
            DocumentKind::Standings => &standings::STANDINGS,
            DocumentKind::Crosstable => &crosstable::CROSSTABLE,
            DocumentKind::Bracket => &bracket::BRACKET,
            DocumentKind::Prizes => &prizes::PRIZE_LIST,
            DocumentKind::CheckIn => &checkin::CHECK_IN_LIST,
            DocumentKind::TeamPairings => &team_pairings::TEAM_PAIRING_SHEET,
            DocumentKind::ScoreCards => &score_cards::SCORE_CARDS,
            DocumentKind::TeamStandings => &team_standings::TEAM_STANDINGS,
            DocumentKind::TeamCrosstable => &team_standings::TEAM_CROSSTABLE,
            DocumentKind::BoardPrizes => &board_prizes::BOARD_PRIZES,
            DocumentKind::EventTeams => &event_teams::EVENT_TEAMS,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{DocumentKind, RoundUse};

    // issue 40, item 5: what a document does with its round is said once, for
    // `bianpai print --round 0` and the window's proposed file name.
    #[test]
    fn every_kind_says_which_round_it_reads() {
        let count = |u: RoundUse| DocumentKind::ALL.iter().filter(|k| k.round_use() == u).count();
        assert_eq!((count(RoundUse::Paired), count(RoundUse::After), count(RoundUse::None)), (4, 3, 6));
        assert_eq!(DocumentKind::ScoreCards.round_use(), RoundUse::Paired);
        assert_eq!(DocumentKind::TeamStandings.round_use(), RoundUse::After);
        assert_eq!(DocumentKind::TeamCrosstable.round_use(), RoundUse::None);
    }

    // issue 40, item 5: the one list holds every document once, each under its own name.
    #[test]
    fn the_list_names_every_document_once() {
        let mut names: Vec<(&str, &str)> = DocumentKind::ALL.iter().map(|k| k.document().name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), DocumentKind::ALL.len());
    }
}
