//! Board prizes (台次奖, R-10.6) as a PDF: for each board of the current team stage its
//! players ranked by score rate over the games they played on that board (with at
//! least the stage's minimum number of games), from `domain::teams::board_prizes`.

use super::layout::{Align, Column, Orientation};
use super::{Document, PrintError, Printable, Report, Section, current_stage, group_of, name_of, officials_line};
use crate::domain::event::Event;
use crate::domain::ids::GroupId;
use crate::domain::points::Points;
use crate::domain::teams::board_prizes::{BoardLine, board_rankings};
use crate::lang::Lang;

/// The columns of a board's table.
fn columns(lang: Lang) -> Vec<Column> {
    vec![
        Column::new(lang.t("名次", "Rank"), 3.5, Align::Right),
        Column::new(lang.t("编号", "No."), 3.5, Align::Right),
        Column::new(lang.t("姓名", "Name"), 8.0, Align::Left),
        Column::new(lang.t("队名", "Team"), 9.0, Align::Left),
        Column::new(lang.t("局数", "Games"), 3.5, Align::Right),
        Column::new(lang.t("得分", "Points"), 4.0, Align::Right),
        Column::new(lang.t("得分率", "Rate"), 4.5, Align::Right),
    ]
}

/// A score rate in per mille as "75.0%".
fn rate_text(permille: i64) -> String {
    format!("{}.{}%", permille / 10, permille % 10)
}

/// The board prizes as data.
///
/// # Errors
/// [`PrintError::NoTeamStage`] when the current stage has no team matches; an unknown
/// group.
pub fn report(event: &Event, group: GroupId, lang: Lang) -> Result<Report, PrintError> {
    let g = group_of(event, group)?;
    let stage = current_stage(g)?;
    let Some(rules) = &stage.teams else {
        return Err(PrintError::NoTeamStage { group: g.name.clone() });
    };
    let row = |l: &BoardLine| {
        vec![
            l.rank.to_string(),
            event.shown_no(l.start_no).to_string(),
            name_of(event, l.start_no),
            g.team_of(l.start_no).map(|t| t.name.clone()).unwrap_or_default(),
            l.games.to_string(),
            Points(l.points).to_string(),
            rate_text(l.rate_permille()),
        ]
    };
    let sections = board_rankings(stage)
        .iter()
        .map(|(b, lines)| Section {
            caption: Some(match lang {
                Lang::Zh => format!("第{b}台"),
                Lang::En => format!("Board {b}"),
            }),
            columns: columns(lang),
            rows: lines.iter().map(row).collect(),
        })
        .collect();
    let mut details = vec![
        lang.t("每台按得分率排名（得分 ÷ 可得分）", "Each board ranked by score rate (points ÷ possible)").to_string(),
    ];
    if rules.board_prize_min_games > 0 {
        details.push(match lang {
            Lang::Zh => format!("在该台至少下满{}局方可参加排名", rules.board_prize_min_games),
            Lang::En => format!("At least {} games on the board to be ranked", rules.board_prize_min_games),
        });
    }
    Ok(Report {
        link: None,
        orientation: Orientation::Portrait,
        title: event.name.clone(),
        subtitle: format!("{} · {} · {}", g.name, stage.name, BOARD_PRIZES.title(lang)),
        details,
        sections,
        notes: officials_line(event, lang).into_iter().collect(),
    })
}

/// Board prizes: each board's players by score rate.
pub const BOARD_PRIZES: Printable<Report> =
    Printable::new(("台次奖", "board prizes"), |event, group, _, lang| report(event, group, lang));
