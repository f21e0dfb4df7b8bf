//! Result slips (成绩登记单): one per board — per game in a knockout — four to an A4
//! page with dashed cut lines between them: round and board, both players, boxes for
//! the result, and signature fields for red, black and the arbiter.

use super::layout::{Align, Orientation, Sheet};
use super::pairings::{resolve_round, round_label};
use super::{Document, PrintError, Printable, Printed, club_of, current_stage, font, group_of, name_of};
use crate::domain::event::{Event, StageKind};
use crate::domain::ids::{GroupId, RoundNo, StartNo};
use crate::lang::Lang;

/// Slips per page.
const PER_PAGE: usize = 4;

/// One slip as data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slip {
    /// The event's name.
    pub event: String,
    /// Group, stage and round.
    pub round: String,
    /// 第3台 (第2局 in a knockout).
    pub board: String,
    /// Start time and time control.
    pub details: String,
    /// 红方：12 王天一（北京）
    pub red: String,
    /// 黑方：…
    pub black: String,
}

impl Slip {
    /// Every string the slip shows.
    pub fn strings(&self) -> Vec<String> {
        vec![
            self.event.clone(),
            self.round.clone(),
            self.board.clone(),
            self.details.clone(),
            self.red.clone(),
            self.black.clone(),
        ]
    }
}

/// The labels printed on every slip: result choices and signature fields.
pub fn labels(lang: Lang) -> ([&'static str; 3], [&'static str; 3]) {
    (
        [lang.t("红胜", "Red wins"), lang.t("和棋", "Draw"), lang.t("黑胜", "Black wins")],
        [lang.t("红方签名", "Red"), lang.t("黑方签名", "Black"), lang.t("裁判签名", "Arbiter")],
    )
}

/// The slips of a round.
///
/// # Errors
/// [`PrintError`] for an unknown group or round, or when nothing is paired yet.
pub fn slips(event: &Event, group: GroupId, round: Option<RoundNo>, lang: Lang) -> Result<Vec<Slip>, PrintError> {
    let g = group_of(event, group)?;
    let stage = current_stage(g)?;
    let round = resolve_round(g, stage, round)?;
    let knockout = stage.kind == StageKind::Knockout;
    let details = super::pairings::round_details(stage, round.no, lang).join(" ");
    let who = |colour: &str, p: StartNo| {
        let club = club_of(event, p);
        let club = if club.is_empty() { String::new() } else { format!("（{club}）") };
        format!("{colour}{} {}{club}", event.shown_no(p), name_of(event, p))
    };
    Ok(round
        .games
        .iter()
        .map(|gm| Slip {
            event: event.name.clone(),
            round: round_label(g, stage, round.no, lang),
            board: match (lang, knockout) {
                (Lang::Zh, false) => format!("第{}台", gm.board),
                (Lang::Zh, true) => format!("第{}台 第{}局", gm.board, gm.game),
                (Lang::En, false) => format!("Board {}", gm.board),
                (Lang::En, true) => format!("Board {} game {}", gm.board, gm.game),
            },
            details: details.clone(),
            red: who(lang.t("红方：", "Red: "), gm.red),
            black: who(lang.t("黑方：", "Black: "), gm.black),
        })
        .collect())
}

/// Draws one slip in the band from `top` down by `height`.
fn slip_ui(sheet: &mut Sheet, slip: &Slip, top: f32, height: f32, lang: Lang) {
    let (left, width) = (sheet.left(), sheet.inner_width());
    let pad = 10.0;
    let mut y = top - pad - 13.0;
    sheet.text_shrunk(left, width * 0.8, y, 13.0, 8.0, &slip.event, Align::Left);
    sheet.text_in(left, width, y, 13.0, &slip.board, Align::Right);
    y -= 18.0;
    sheet.text_in(left, width * 0.6, y, 10.0, &slip.round, Align::Left);
    sheet.text_in(left + width * 0.4, width * 0.6, y, 9.0, &slip.details, Align::Right);
    y -= 24.0;
    sheet.text_in(left, width / 2.0 - 6.0, y, 12.0, &slip.red, Align::Left);
    sheet.text_in(left + width / 2.0, width / 2.0, y, 12.0, &slip.black, Align::Left);
    y -= 28.0;
    let (choices, signatures) = labels(lang);
    let label = lang.t("结果：", "Result: ");
    sheet.text(left, y, 11.0, label);
    let mut x = left + sheet.font().width_pt(label, 11.0) + 8.0;
    for choice in choices {
        sheet.frame(x, y - 2.0, 11.0, 11.0, 0.8);
        sheet.text(x + 16.0, y, 11.0, choice);
        x += 16.0 + sheet.font().width_pt(choice, 11.0) + 24.0;
    }
    let fouls = lang.t("犯规：红 ____ 黑 ____", "Fouls: red ____ black ____");
    sheet.text_in(left, width, y, 10.0, fouls, Align::Right);
    let y = (top - height + pad + 6.0).min(y - 34.0);
    let third = width / 3.0;
    for (i, s) in signatures.iter().enumerate() {
        let x = left + third * i as f32;
        sheet.text(x, y, 10.0, s);
        let start = x + sheet.font().width_pt(s, 10.0) + 4.0;
        sheet.line((start, y - 2.0), (x + third - 12.0, y - 2.0), 0.5, false);
    }
}

/// Draws the slips as a PDF.
///
/// # Errors
/// [`PrintError::Font`] or [`PrintError::Pdf`].
pub(super) fn render(list: &[Slip], lang: Lang) -> Result<Printed, PrintError> {
    let head = list.first().map(|s| format!("{} · {}", s.event, s.round)).unwrap_or_default();
    let title = format!("{} {}", head, RESULT_SLIPS.title(lang));
    let mut sheet = Sheet::new(font::cjk()?, Orientation::Portrait, lang, &title, &title);
    sheet.bands_ui(list, PER_PAGE, |sheet, slip, top, band| slip_ui(sheet, slip, top, band, lang));
    sheet.finish()
}

/// Result slips of a round, one per board (per game in a knockout); `round` `None` is the last paired.
pub const RESULT_SLIPS: Printable<Vec<Slip>> = Printable::new(("成绩登记单", "result slips"), slips);
