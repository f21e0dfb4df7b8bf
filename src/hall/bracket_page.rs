//! `/g/{group}/bracket`: a knockout stage's bracket as a phone reads it — one round
//! under another, each match with its seeds, players, knockout points and winner, and
//! the podium once decided. The columns, seeds and round names are `present::bracket`'s,
//! the same the window and the PDF draw.

use super::pages::{Frame, href, layout, round_links};
use super::snapshot::GroupView;
use super::words::{self, Label};
use crate::lang::Lang;
use crate::present::bracket::{Bracket, Holder, MatchBox, place_name};
use maud::{Markup, html};

fn holder_name(lang: Lang, group: &GroupView, holder: Holder) -> String {
    match holder {
        Holder::Player(p) => group.player(p).map_or_else(String::new, |f| format!("{} {}", f.shown_no, f.name)),
        Holder::WinnerOf(_) | Holder::LoserOf(_) => Label::ToCome.get(lang).to_string(),
        Holder::Nobody => "—".to_string(),
    }
}

fn match_box(lang: Lang, group: &GroupView, m: &MatchBox) -> Markup {
    let winner = m.winner();
    html! {
        div.match {
            @if let Some(kind) = m.kind.name(lang) { div.kind { (kind) } }
            @for (side, points) in m.sides.iter().zip(m.points) {
                @let won = matches!(side.holder, Holder::Player(p) if Some(p) == winner);
                div class=(if won { "side won" } else { "side" }) {
                    @if let Some(seed) = side.seed { span.seed { "(" (seed) ") " } }
                    span.name { (holder_name(lang, group, side.holder)) }
                    @if m.paired.is_some() { " " span.score { (points) } }
                }
            }
            @if let Some((_, board)) = m.paired {
                a.board href=(href(lang, &format!("/b/{}?group={}", board, group.id))) { (words::board(lang, board.0)) }
            }
        }
    }
}

fn podium(lang: Lang, group: &GroupView, bracket: &Bracket) -> Markup {
    let places = bracket.podium();
    html! {
        @if !places.is_empty() {
            ol.podium {
                @for p in &places {
                    li { strong { (place_name(p.place, lang)) } " " (holder_name(lang, group, Holder::Player(p.player))) }
                }
            }
        }
    }
}

/// The bracket page of `group`, whose current stage has `bracket`.
pub(super) fn bracket(frame: &Frame<'_>, group: &GroupView, bracket: &Bracket) -> Markup {
    let lang = frame.lang;
    let shown = group.current_round().map_or(0, |r| r.no);
    let stage = group.stage.as_ref().map_or("", |s| s.name.as_str());
    let body = html! {
        h1 { (group.name) " · " (stage) }
        (round_links(lang, group, shown))
        (podium(lang, group, bracket))
        @for column in &bracket.columns {
            h2 { (column.title(lang)) }
            @for m in &column.boxes { (match_box(lang, group, m)) }
        }
    };
    layout(frame, &format!("{} · {}", group.name, Label::Bracket.get(lang)), body)
}
