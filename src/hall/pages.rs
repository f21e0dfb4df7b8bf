//! The hall's HTML pages, phone first, from a [`HallSnapshot`] (maud: every name, club
//! and query is escaped by construction). Each page names only the app's own
//! addresses: the stylesheet and script under `/assets/`, and the other pages.

use super::snapshot::{BoardView, ByeView, Found, GroupView, HallSnapshot, Placement, RoundView, Seat, TeamMatchView};
use super::words::{self, Label, Missing};
use crate::domain::event::ByeKind;
use crate::lang::Lang;
use crate::present::crosstable::bye_label;
use crate::present::ranking::RankingTable;
use maud::{DOCTYPE, Markup, html};

/// What every page needs besides its own content.
#[derive(Debug, Clone)]
pub(super) struct Frame<'a> {
    /// The page's language.
    pub lang: Lang,
    /// Whether the request came from WeChat's built-in browser.
    pub wechat: bool,
    /// This page in the other language.
    pub switch_href: String,
    /// The snapshot's revision tag, which the script compares with `/rev`.
    pub tag: &'a str,
    /// The event.
    pub snapshot: &'a HallSnapshot,
}

/// `path` in `lang`: Chinese is the default, English carries `lang=en`.
pub(super) fn href(lang: Lang, path: &str) -> String {
    match lang {
        Lang::Zh => path.to_string(),
        Lang::En if path.contains('?') => format!("{path}&lang=en"),
        Lang::En => format!("{path}?lang=en"),
    }
}

/// A whole page: head, the WeChat banner, the header with the search and the language
/// switch, `body`, and the footer.
pub(super) fn layout(frame: &Frame<'_>, title: &str, body: Markup) -> Markup {
    let lang = frame.lang;
    let full_title =
        if title.is_empty() { frame.snapshot.title.clone() } else { format!("{title} · {}", frame.snapshot.title) };
    html! {
        (DOCTYPE)
        html lang=(lang.t("zh-CN", "en")) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (full_title) }
                link rel="stylesheet" href="/assets/hall.css";
                script src="/assets/hall.js" defer {}
            }
            body data-rev=(frame.tag) {
                @if frame.wechat {
                    div.wechat role="alert" { (words::wechat(lang)) }
                }
                header {
                    a.home href=(href(lang, "/")) { (frame.snapshot.title) }
                    nav {
                        a href=(href(lang, "/find")) { (Label::Find.get(lang)) }
                        " "
                        a.lang href=(frame.switch_href) { (lang.other().name()) }
                    }
                }
                main { (body) }
                footer { (Label::Live.get(lang)) }
            }
        }
    }
}

fn find_form(lang: Lang, query: &str) -> Markup {
    html! {
        form.find action="/find" method="get" {
            input type="search" name="q" value=(query) placeholder=(Label::FindHint.get(lang)) autocomplete="off";
            @if lang == Lang::En { input type="hidden" name="lang" value="en"; }
            button type="submit" { (Label::FindButton.get(lang)) }
        }
    }
}

/// `/`: the event, a search field and its groups.
pub(super) fn index(frame: &Frame<'_>) -> Markup {
    let lang = frame.lang;
    let body = html! {
        h1 { (frame.snapshot.title) }
        (find_form(lang, ""))
        h2 { (Label::Groups.get(lang)) }
        ul.groups {
            @for group in &frame.snapshot.groups {
                li {
                    a href=(href(lang, &format!("/g/{}", group.id))) { (group.name) }
                    @if let Some(stage) = &group.stage {
                        " · " (stage.name)
                        @if let Some(round) = group.current_round() { " · " (words::round(lang, round.no)) }
                    }
                    " · "
                    a href=(href(lang, &format!("/g/{}/standings", group.id))) { (Label::Standings.get(lang)) }
                }
            }
        }
    };
    layout(frame, "", body)
}

pub(super) fn round_links(lang: Lang, group: &GroupView, shown: u32) -> Markup {
    html! {
        nav.rounds {
            @if let Some(stage) = &group.stage {
                @for round in &stage.rounds {
                    @if round.no == shown {
                        strong { (words::round(lang, round.no)) }
                    } @else {
                        a href=(href(lang, &format!("/g/{}/r/{}", group.id, round.no))) { (words::round(lang, round.no)) }
                    }
                    " "
                }
            }
            a href=(href(lang, &format!("/g/{}/standings", group.id))) { (Label::Standings.get(lang)) }
            @if group.stage.as_ref().is_some_and(|s| s.crosstable.is_some()) {
                " " a href=(href(lang, &format!("/g/{}/crosstable", group.id))) { (Label::Crosstable.get(lang)) }
            }
            @if group.stage.as_ref().is_some_and(|s| s.bracket.is_some()) {
                " " a href=(href(lang, &format!("/g/{}/bracket", group.id))) { (Label::Bracket.get(lang)) }
            }
        }
    }
}

fn seat_cell(seat: &Seat) -> Markup {
    html! {
        span.no { (seat.shown_no) } " " span.name { (seat.name) }
        @if !seat.club.is_empty() { br; small.club { (seat.club) } }
    }
}

fn boards_table(lang: Lang, boards: &[&BoardView]) -> Markup {
    html! {
        table.pairings {
            thead { tr {
                th.num { (Label::Board.get(lang)) }
                th { (Label::Red.get(lang)) } th.num { (Label::Points.get(lang)) }
                th.result { (Label::Result.get(lang)) }
                th.num { (Label::Points.get(lang)) } th { (Label::Black.get(lang)) }
            } }
            tbody {
                @for b in boards {
                    tr id=(format!("b{}-{}", b.board, b.game)) {
                        td.num {
                            a href=(href(lang, &format!("/b/{}", b.board))) { (b.board) }
                            @if b.game > 1 { br; small { (words::game(lang, b.game)) } }
                        }
                        td.red { (seat_cell(&b.red)) } td.num { (b.red.points) }
                        td.result { (b.result.unwrap_or("")) }
                        td.num { (b.black.points) } td.black { (seat_cell(&b.black)) }
                    }
                }
            }
        }
    }
}

fn byes_list(lang: Lang, byes: &[ByeView]) -> Markup {
    html! {
        @if !byes.is_empty() {
            h3 { (Label::Byes.get(lang)) }
            ul.byes {
                @for bye in byes {
                    li { (seat_cell(&bye.seat)) " · " (bye_label(bye.kind, lang)) }
                }
            }
        }
    }
}

fn match_heading(lang: Lang, m: &TeamMatchView) -> Markup {
    html! {
        h3.match {
            (words::team_match(lang, m.no)) " " (m.home) " "
            span.score { (m.game_points.0) " : " (m.game_points.1) }
            " " (m.away)
        }
    }
}

/// A team round: each match's heading with its 局分, then its boards.
fn team_matches(lang: Lang, round: &RoundView) -> Markup {
    html! {
        @for m in &round.matches {
            (match_heading(lang, m))
            @let boards: Vec<&BoardView> =
                round.boards.iter().filter(|b| (m.boards.0..=m.boards.1).contains(&b.board)).collect();
            (boards_table(lang, &boards))
        }
        @if !round.team_byes.is_empty() {
            h3 { (Label::Byes.get(lang)) }
            ul.byes { @for team in &round.team_byes { li { (team) " · " (bye_label(ByeKind::Pairing, lang)) } } }
        }
    }
}

/// `/g/{group}` and `/g/{group}/r/{round}`: a round's pairings (`None`: none paired).
pub(super) fn round(frame: &Frame<'_>, group: &GroupView, round: Option<&RoundView>) -> Markup {
    let lang = frame.lang;
    let stage_name = group.stage.as_ref().map_or("", |s| s.name.as_str());
    let title = match round {
        Some(r) => format!("{} · {}", group.name, words::round(lang, r.no)),
        None => group.name.clone(),
    };
    let body = html! {
        h1 { (group.name) @if !stage_name.is_empty() { " · " (stage_name) } }
        @match round {
            Some(r) => {
                (round_links(lang, group, r.no))
                h2 { (words::round(lang, r.no)) }
                @if r.matches.is_empty() {
                    (boards_table(lang, &r.boards.iter().collect::<Vec<_>>()))
                } @else {
                    (team_matches(lang, r))
                }
                (byes_list(lang, &r.byes))
            }
            None => {
                p.empty { (if group.stage.is_some() { Label::NotPaired.get(lang) } else { Label::NoStage.get(lang) }) }
                (round_links(lang, group, 0))
            }
        }
    };
    layout(frame, &title, body)
}

fn standings_table(lang: Lang, table: &RankingTable) -> Markup {
    let columns = &table.columns;
    html! {
        h2 { (table.title(lang)) }
        table.standings {
            thead { tr {
                @for (c, heading) in columns.iter().zip(table.short_headers(lang)) {
                    th class=(if c.is_numeric() { "num" } else { "" }) { (heading) }
                }
            } }
            tbody {
                @for row in &table.rows {
                    tr {
                        @for (c, cell) in columns.iter().zip(table.cells(row, lang)) {
                            td class=(if c.is_numeric() { "num" } else { "" }) { (cell.display()) }
                        }
                    }
                }
            }
        }
    }
}

/// `/g/{group}/standings`: the standings after the last complete round.
pub(super) fn standings(frame: &Frame<'_>, group: &GroupView) -> Markup {
    let lang = frame.lang;
    let shown = group.current_round().map_or(0, |r| r.no);
    let table = group.stage.as_ref().and_then(|s| s.standings.as_ref());
    let body = html! {
        h1 { (group.name) }
        (round_links(lang, group, shown))
        @match table {
            Some(t) if !t.rows.is_empty() => { (standings_table(lang, t)) }
            _ => { p.empty { (Label::NoStandings.get(lang)) } }
        }
    };
    layout(frame, &format!("{} · {}", group.name, Label::Standings.get(lang)), body)
}

fn found_line(lang: Lang, found: &Found<'_>) -> Markup {
    let p = found.player;
    html! {
        li.found {
            div.who {
                span.no { (p.shown_no) } " " strong.name { (p.name) }
                @if !p.club.is_empty() { " · " small.club { (p.club) } }
                " · " a href=(href(lang, &format!("/g/{}", found.group.id))) { (found.group.name) }
            }
            div.where {
                @if let Some(no) = found.round { (words::round(lang, no)) " " }
                @match &found.placement {
                    Placement::Board { game, red } => {
                        a.board href=(href(lang, &format!("/b/{}?group={}", game.board, found.group.id))) {
                            (words::board(lang, game.board))
                        }
                        " " strong.colour { (words::colour(lang, *red)) }
                        @let opponent = if *red { &game.black } else { &game.red };
                        " · " (Label::Opponent.get(lang)) " " span.no { (opponent.shown_no) } " " (opponent.name)
                    }
                    Placement::Bye(bye) => { (bye_label(bye.kind, lang)) }
                    Placement::Unpaired => {
                        (if found.round.is_some() { Label::NotInRound.get(lang) } else { Label::NotPaired.get(lang) })
                    }
                }
            }
        }
    }
}

/// `/find?q=`: 查我的台次.
pub(super) fn find(frame: &Frame<'_>, query: &str) -> Markup {
    let lang = frame.lang;
    let found = frame.snapshot.find(query);
    let body = html! {
        h1 { (Label::Find.get(lang)) }
        (find_form(lang, query))
        @if !query.trim().is_empty() {
            @if found.is_empty() {
                p.empty { (Label::NothingFound.get(lang)) }
            } @else {
                ul.found { @for f in &found { (found_line(lang, f)) } }
            }
        }
    };
    layout(frame, Label::Find.get(lang), body)
}

/// `/b/{board}`: one board of the current round, in each group shown.
pub(super) fn board(frame: &Frame<'_>, board: u32, groups: &[(&GroupView, &RoundView)]) -> Markup {
    let lang = frame.lang;
    let body = html! {
        h1 { (words::board(lang, board)) }
        @for (group, round) in groups {
            h2 {
                a href=(href(lang, &format!("/g/{}", group.id))) { (group.name) }
                " · " (words::round(lang, round.no))
            }
            (boards_table(lang, &round.board(board)))
        }
    };
    layout(frame, &words::board(lang, board), body)
}

/// A page saying what is not there (sent with 404).
pub(super) fn missing(frame: &Frame<'_>, what: Missing) -> Markup {
    let lang = frame.lang;
    let body = html! {
        h1 { (what.words(lang)) }
        p { a href=(href(lang, "/")) { (Label::Home.get(lang)) } }
    };
    layout(frame, what.words(lang), body)
}
