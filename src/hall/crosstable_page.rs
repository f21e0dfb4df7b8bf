//! `/g/{group}/crosstable`: the crosstable after the last complete round, as the PDF
//! prints it (`present::crosstable`): a row per player in standings order, a cell per
//! round (opponent's place, colour, result), points and rank.

use super::pages::{Frame, href, layout, round_links};
use super::snapshot::GroupView;
use super::words::{self, Label};
use crate::present::crosstable::Crosstable;
use maud::{Markup, html};

/// The crosstable page of `group`.
pub(super) fn crosstable(frame: &Frame<'_>, group: &GroupView, table: &Crosstable) -> Markup {
    let lang = frame.lang;
    let shown = group.current_round().map_or(0, |r| r.no);
    let body = html! {
        h1 { (group.name) }
        (round_links(lang, group, shown))
        h2 { (Label::Crosstable.get(lang)) " · " (words::after_round(lang, table.after)) }
        p.note { (lang.t("每格：对手序号、执红/执黑、胜/和/负；* 为不战。", "Each cell: opponent's #, colour (r/b), result (+ = -); * forfeit.")) }
        div.wide {
            table.crosstable {
                thead { tr {
                    th.num { (lang.t("序", "#")) } th.num { (lang.t("编号", "No.")) } th { (lang.t("姓名", "Name")) }
                    @for r in &table.rounds { th { (words::round_short(lang, *r)) } }
                    th.num { (Label::Points.get(lang)) } th.num { (lang.t("名次", "Rank")) }
                } }
                tbody {
                    @for row in &table.rows {
                        tr {
                            td.num { (row.place) } td.num { (row.shown_no) } td { (row.name) }
                            @for cell in &row.cells { td.cell { (cell) } }
                            td.num { (row.standing.points) } td.num { (row.standing.rank_text()) }
                        }
                    }
                }
            }
        }
        p { a href=(href(lang, &format!("/g/{}/standings", group.id))) { (Label::Standings.get(lang)) } }
    };
    layout(frame, &format!("{} · {}", group.name, Label::Crosstable.get(lang)), body)
}
