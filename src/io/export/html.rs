//! A group's results as one static, self-contained web page (R-9.2): the final ranking
//! with prizes, for a group with teams the team standings and the team crosstable
//! (R-10.7), the event's team ranking across groups when it counts the group (R-10.8),
//! then for every stage the pairings of each round, the standings and the
//! crosstable. Inline CSS only — no scripts, no external links or fonts — and every
//! string from the event goes through [`escape`].

use super::teams::{TeamExport, event_teams, team_standings};
use super::{Cell, ExportError, Language, RankingTable};
use crate::domain::event::{ByeKind, Event, Group, Round, Stage, StageKind};
use crate::domain::ids::{GroupId, StartNo};
use crate::domain::result::Outcome;
use crate::domain::rules::Colour;
use crate::domain::standings::records_after;
use crate::present::event_teams::EventTeamTable;
use crate::present::ranking::section_caption;
use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::Write;

const STYLE: &str = "body{font-family:\"Noto Sans SC\",\"Microsoft YaHei\",\"PingFang SC\",sans-serif;\
margin:2em auto;max-width:72em;padding:0 1em;color:#222}\
h1{font-size:1.6em;margin-bottom:.2em}h2{border-bottom:2px solid #b22;padding-bottom:.2em;margin-top:2em}\
h3{margin:1.4em 0 .4em}table{border-collapse:collapse;margin:.4em 0 1em}\
th,td{border:1px solid #bbb;padding:.2em .6em;white-space:nowrap}th{background:#f3e9e9}\
tr:nth-child(even) td{background:#fafafa}td.n{text-align:right}p.meta{color:#555;margin:.2em 0}\
@media print{h2{page-break-before:always}h2:first-of-type{page-break-before:avoid}}";

/// Escapes text for HTML element content and quoted attribute values: `&`, `<`, `>`,
/// `"` and `'`.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.contains(['&', '<', '>', '"', '\'']) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    Cow::Owned(out)
}

/// One table cell: escaped text, right-aligned when it is a number.
struct Td {
    text: String,
    numeric: bool,
}

impl Td {
    fn text(text: &str) -> Td {
        Td { text: text.to_string(), numeric: false }
    }

    fn num(text: impl ToString) -> Td {
        Td { text: text.to_string(), numeric: true }
    }

    fn cell(cell: &Cell) -> Td {
        Td { text: cell.display().into_owned(), numeric: cell.number().is_some() }
    }
}

fn table(out: &mut String, headers: &[&str], rows: &[Vec<Td>]) {
    out.push_str("<table>\n<thead><tr>");
    for h in headers {
        let _ = write!(out, "<th>{}</th>", escape(h));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in rows {
        out.push_str("<tr>");
        for td in row {
            let class = if td.numeric { " class=\"n\"" } else { "" };
            let _ = write!(out, "<td{class}>{}</td>", escape(&td.text));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
}

/// The ranking as one table, or one captioned table per section where boys and girls
/// are ranked apart (Issue 39 item 6).
fn ranking_table(out: &mut String, ranking: &RankingTable, lang: Language) {
    let headers = ranking.headers(lang);
    let sections = ranking.sections();
    if sections.is_empty() {
        table(out, &headers, &[]);
    }
    for (gender, rows) in sections {
        if let Some(gender) = gender {
            let _ = writeln!(out, "<h4>{}</h4>", escape(section_caption(gender, lang)));
        }
        let rows: Vec<Vec<Td>> = rows.iter().map(|r| ranking.cells(r, lang).iter().map(Td::cell).collect()).collect();
        table(out, &headers, &rows);
    }
}

fn name_of(event: &Event, p: StartNo) -> &str {
    event.player(p).map_or("", |pl| pl.name())
}

fn bye_label(kind: ByeKind, lang: Language) -> &'static str {
    match kind {
        ByeKind::Pairing => lang.t("轮空", "bye"),
        ByeKind::Requested => lang.t("请假", "requested bye"),
        ByeKind::Absent => lang.t("缺席", "absent"),
    }
}

fn round_heading(stage: &Stage, round: &Round, lang: Language) -> String {
    let mut heading = match lang {
        Language::Zh => format!("第{}轮", round.no),
        Language::En => format!("Round {}", round.no),
    };
    if let Some(s) = stage.schedule_of(round.no).filter(|s| !s.start.is_empty()) {
        heading.push(' ');
        heading.push_str(&s.start);
    }
    heading
}

/// The pairings of one round: board (and game in a knockout), both players with their
/// points before the round, the result; byes after the boards.
fn pairings(out: &mut String, event: &Event, group: &Group, stage: &Stage, round: &Round, lang: Language) {
    let _ = writeln!(out, "<h3>{}</h3>", escape(&round_heading(stage, round, lang)));
    let before = records_after(event, group.id, stage, round.no.0.saturating_sub(1));
    let points = |p: StartNo| before.get(&p).map(|r| r.total().to_string()).unwrap_or_default();
    let knockout = stage.kind == StageKind::Knockout;
    let mut headers = vec![lang.t("台次", "Board")];
    if knockout {
        headers.push(lang.t("局", "Game"));
    }
    headers.extend([
        lang.t("编号", "No."),
        lang.t("红方", "Red"),
        lang.t("积分", "Pts"),
        lang.t("结果", "Result"),
        lang.t("积分", "Pts"),
        lang.t("黑方", "Black"),
        lang.t("编号", "No."),
    ]);
    let mut rows: Vec<Vec<Td>> = Vec::new();
    for g in &round.games {
        let mut row = vec![Td::num(g.board)];
        if knockout {
            row.push(Td::num(g.game));
        }
        row.extend([
            Td::num(event.shown_no(g.red)),
            Td::text(name_of(event, g.red)),
            Td::num(points(g.red)),
            Td::text(g.result.map_or("", |r| r.outcome.notation())),
            Td::num(points(g.black)),
            Td::text(name_of(event, g.black)),
            Td::num(event.shown_no(g.black)),
        ]);
        rows.push(row);
    }
    table(out, &headers, &rows);
    if !round.byes.is_empty() {
        let byes: Vec<String> = round
            .byes
            .iter()
            .map(|b| {
                format!("{} {}（{}）", event.shown_no(b.player), name_of(event, b.player), bye_label(b.kind, lang))
            })
            .collect();
        let _ = writeln!(out, "<p class=\"meta\">{}</p>", escape(&byes.join(lang.t("，", ", "))));
    }
}

/// What a player did in a round, from their side: opponent's shown number, colour and
/// result (`12红胜`, `12r1`), or the kind of bye.
fn crosstable_cell(event: &Event, round: &Round, player: StartNo, lang: Language) -> String {
    if let Some(bye) = round.bye_of(player) {
        return bye_label(bye.kind, lang).to_string();
    }
    let Some(game) = round.games_of(player).next() else { return String::new() };
    let Some(colour) = game.colour_of(player) else { return String::new() };
    // The opponent by the number shown (R-11.6).
    let opponent = event.shown_no(game.player(colour.opposite()));
    let colour_text = match colour {
        Colour::Red => lang.t("红", "r"),
        Colour::Black => lang.t("黑", "b"),
    };
    let result = match game.result.map(|r| r.outcome) {
        None => "",
        Some(Outcome::Draw) => lang.t("和", "½"),
        Some(o) if o.won_by(colour) && o.was_played() => lang.t("胜", "1"),
        Some(o) if o.won_by(colour) => lang.t("判胜", "+"),
        Some(o) if o.was_played() => lang.t("负", "0"),
        Some(_) => lang.t("弃权", "-"),
    };
    format!("{opponent}{colour_text}{result}")
}

/// The crosstable of a Swiss or round-robin stage: rows in the standings' order, one
/// column per round.
fn crosstable(out: &mut String, event: &Event, stage: &Stage, standings: &RankingTable, lang: Language) {
    let round_headers: Vec<String> = stage
        .rounds
        .iter()
        .map(|r| match lang {
            Language::Zh => format!("第{}轮", r.no),
            Language::En => format!("R{}", r.no),
        })
        .collect();
    let mut headers = vec![lang.t("名次", "Rank"), lang.t("编号", "No."), lang.t("姓名", "Name")];
    headers.extend(round_headers.iter().map(String::as_str));
    headers.push(lang.t("积分", "Points"));
    let rows: Vec<Vec<Td>> = standings
        .rows
        .iter()
        .map(|r| {
            let mut row = vec![
                Td::num(r.rank.map_or_else(String::new, |n| n.to_string())),
                Td::num(r.shown_no),
                Td::text(&r.name),
            ];
            row.extend(stage.rounds.iter().map(|round| Td::text(&crosstable_cell(event, round, r.start_no, lang))));
            row.push(Td::num(r.standing.points));
            row
        })
        .collect();
    table(out, &headers, &rows);
}

/// The team standings, and the team crosstable of a stage of team matches (R-10.7).
fn team_section(out: &mut String, teams: &TeamExport, lang: Language) {
    let _ = writeln!(out, "<section id=\"teams\">\n<h2>{}</h2>", lang.t("团体名次", "Team standings"));
    let _ = writeln!(out, "<p class=\"meta\">{}</p>", escape(&teams.heading(lang)));
    let rows: Vec<Vec<Td>> = teams
        .table
        .rows
        .iter()
        .map(|r| {
            let cells = teams.table.columns.iter().zip(&r.cells);
            cells.map(|(c, text)| if c.is_numeric() { Td::num(text) } else { Td::text(text) }).collect()
        })
        .collect();
    table(out, &teams.headers(lang), &rows);
    if let Some(cross) = &teams.crosstable {
        let _ = writeln!(out, "<h3>{}</h3>", lang.t("团体交叉表", "Team crosstable"));
        let legend = lang
            .t("每格为本行队与该列队的局分（本队在前）", "Each cell: the row team's game points : the column team's");
        let _ = writeln!(out, "<p class=\"meta\">{}</p>", escape(legend));
        let numbers: Vec<String> = (1..=cross.teams.len()).map(|i| i.to_string()).collect();
        let mut headers = vec![lang.t("名次", "Rank"), lang.t("队名", "Team")];
        headers.extend(numbers.iter().map(String::as_str));
        headers.extend([lang.t("场分", "Match pts"), lang.t("局分", "Game pts")]);
        let rows: Vec<Vec<Td>> = cross
            .teams
            .iter()
            .enumerate()
            .map(|(i, (rank, _, name))| {
                let mut row = vec![Td::num(rank), Td::text(&format!("{} {name}", i + 1))];
                let cells = cross.cells.get(i).map(Vec::as_slice).unwrap_or_default();
                row.extend(cells.iter().enumerate().map(|(j, c)| Td::text(if i == j { "×" } else { c })));
                let (m, g) = cross.totals.get(i).cloned().unwrap_or_default();
                row.extend([Td::num(m), Td::num(g)]);
                row
            })
            .collect();
        table(out, &headers, &rows);
    }
    out.push_str("</section>\n");
}

/// The event's team ranking across groups (R-10.8): its rule, the standings it reads,
/// the table.
fn event_team_section(out: &mut String, t: &EventTeamTable, lang: Language) {
    let _ = writeln!(out, "<section id=\"event-teams\">\n<h2>{}</h2>", lang.t("全赛事团体", "Event teams"));
    let _ = writeln!(out, "<p class=\"meta\">{}</p>", escape(&t.rule));
    let _ = writeln!(out, "<p class=\"meta\">{}</p>", escape(&t.basis));
    let rows: Vec<Vec<Td>> = t
        .rows
        .iter()
        .map(|r| t.columns.iter().zip(r).map(|(c, x)| if c.is_numeric() { Td::num(x) } else { Td::text(x) }).collect())
        .collect();
    table(out, &t.headers(lang), &rows);
    out.push_str("</section>\n");
}

fn stage_section(
    out: &mut String,
    event: &Event,
    group: &Group,
    stage: &Stage,
    lang: Language,
) -> Result<(), ExportError> {
    let _ = writeln!(out, "<section id=\"stage-{}\">\n<h2>{}</h2>", stage.no, escape(&stage.name));
    if !stage.time_control.is_empty() {
        let _ = writeln!(
            out,
            "<p class=\"meta\">{}{}</p>",
            lang.t("用时：", "Time control: "),
            escape(&stage.time_control)
        );
    }
    for round in &stage.rounds {
        pairings(out, event, group, stage, round, lang);
    }
    let standings = RankingTable::stage_standings(event, group.id, stage.no)?;
    let heading = match (stage.kind, lang) {
        (StageKind::Knockout, _) => lang.t("名次", "Places").to_string(),
        (_, Language::Zh) => format!("第{}轮后排名", stage.completed_rounds()),
        (_, Language::En) => format!("Standings after round {}", stage.completed_rounds()),
    };
    let _ = writeln!(out, "<h3>{}</h3>", escape(&heading));
    ranking_table(out, &standings, lang);
    if stage.kind != StageKind::Knockout {
        let _ = writeln!(out, "<h3>{}</h3>", lang.t("成绩大表", "Crosstable"));
        let legend = lang.t(
            "每轮一格：对手编号、执红或执黑、胜/和/负（判胜、弃权为不战的结果）",
            "One cell per round: opponent's number, r(ed) or b(lack), 1/½/0 (+ and - without play)",
        );
        let _ = writeln!(out, "<p class=\"meta\">{}</p>", escape(legend));
        crosstable(out, event, stage, &standings, lang);
    }
    out.push_str("</section>\n");
    Ok(())
}

/// The group's page as text.
///
/// # Errors
/// [`ExportError::Domain`] for an unknown group or stage.
pub fn page(event: &Event, group: GroupId, lang: Language) -> Result<String, ExportError> {
    let g = event.group(group).ok_or(crate::domain::command::DomainError::UnknownGroup(group))?;
    let mut out = String::new();
    let title = format!("{} {}", event.name, g.name);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n<p class=\"meta\">{}</p>\n",
        lang.t("zh-CN", "en"),
        escape(&title),
        escape(&event.name),
        escape(&g.name),
    );
    let ranking = RankingTable::final_ranking(event, group)?;
    if !ranking.rows.is_empty() {
        let _ = writeln!(out, "<section id=\"final\">\n<h2>{}</h2>", lang.t("最终排名", "Final ranking"));
        ranking_table(&mut out, &ranking, lang);
        out.push_str("</section>\n");
    }
    if let Some(teams) = team_standings(event, group)? {
        team_section(&mut out, &teams, lang);
    }
    if let Some(table) = event_teams(event, group, lang)? {
        event_team_section(&mut out, &table, lang);
    }
    for stage in g.stages.iter().filter(|s| !s.rounds.is_empty()) {
        stage_section(&mut out, event, g, stage, lang)?;
    }
    if !event.officials.is_empty() {
        let list: Vec<String> = event.officials.iter().map(|o| format!("{} {}", o.role, o.name)).collect();
        let _ = writeln!(out, "<p class=\"meta\">{}</p>", escape(&list.join(lang.t("，", ", "))));
    }
    out.push_str("</body>\n</html>\n");
    Ok(out)
}

/// Writes the group's page to `out`.
///
/// # Errors
/// As [`page`], and [`ExportError::Io`] when writing fails.
pub fn write_page<W: Write>(event: &Event, group: GroupId, lang: Language, mut out: W) -> Result<(), ExportError> {
    out.write_all(page(event, group, lang)?.as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    // R-9.2: no string of the event can open a tag or close an attribute.
    #[test]
    fn escape_covers_markup_and_quotes() {
        assert_eq!(escape("<b>x</b> & \"y\" 'z'"), "&lt;b&gt;x&lt;/b&gt; &amp; &quot;y&quot; &#39;z&#39;");
        assert!(matches!(escape("王天一"), Cow::Borrowed(_)));
    }
}
