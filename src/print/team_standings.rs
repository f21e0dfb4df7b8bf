//! Team standings and the team crosstable as PDFs: the standings are
//! `present::teams`' [`TeamTable`] — of team matches (场分, 局分, the stage's tiebreaks
//! in its order, won/drawn/lost) or of 队员总分制 — the same columns
//! as the window, the exports and `bianpai teams standings`; the crosstable is
//! [`TeamCrosstable`]: teams in rank order, each cell the row team's 局分 against the
//! column team's (`5:3`).

use super::layout::{Align, Column, Orientation};
use super::standings::after_round;
use super::{Document, PrintError, Printable, Report, Section, current_stage, group_of, officials_line};
use crate::domain::event::{Event, Group, Stage};
use crate::domain::ids::{GroupId, RoundNo};
use crate::domain::model::team::{TeamPrimary, TeamTiebreak};
use crate::lang::Lang;
use crate::present::teams::{TeamColumn, TeamCrosstable, TeamRanking, TeamTable, tiebreak_label};

/// Teams that still fit a portrait crosstable.
const PORTRAIT_TEAMS: usize = 10;

/// The width and alignment of a team standings column on the page.
fn page_column(column: TeamColumn, lang: Lang) -> Column {
    let (width, align) = match column {
        TeamColumn::Rank => (3.5, Align::Right),
        TeamColumn::Team => (10.0, Align::Left),
        TeamColumn::Club => (9.0, Align::Left),
        TeamColumn::Record => (6.0, Align::Center),
        TeamColumn::Members => (14.0, Align::Left),
        _ => (5.5, Align::Right),
    };
    Column::new(column.header(lang), width, align)
}

/// "排名依据：场分、局分、直胜…" of a team stage, or the 队员总分制 rule.
fn ranked_by(group: &Group, stage: &Stage, lang: Lang) -> String {
    let Some(rules) = &stage.teams else {
        let count = group.member_ranking.as_ref().and_then(|m| m.count);
        return match (lang, count) {
            (Lang::Zh, Some(n)) => format!("队员总分制：每队计成绩最好的{n}名队员；同分比对手分、最好名次、犯规"),
            (Lang::Zh, None) => "队员总分制：每队计全部队员；同分比对手分、最好名次、犯规".to_string(),
            (Lang::En, Some(n)) => {
                format!("Members' total: each team's best {n} members count; ties by opp. points, best rank, fouls")
            }
            (Lang::En, None) => "Members' total: every member counts; ties by opp. points, best rank, fouls".into(),
        };
    };
    let (first, other) = match rules.primary {
        TeamPrimary::MatchPoints => (TeamColumn::MatchPoints, TeamColumn::GamePoints),
        TeamPrimary::GamePoints => (TeamColumn::GamePoints, TeamColumn::MatchPoints),
    };
    let mut order = vec![first.header(lang)];
    order.extend(rules.tiebreaks.iter().map(|t| match t {
        TeamTiebreak::OtherPoints => other.header(lang),
        t => tiebreak_label(*t, lang),
    }));
    format!("{}{}", lang.t("排名依据：", "Ranked by "), order.join(lang.t("、", ", ")))
}

/// The team standings as data; after the round asked for, else the last complete one.
///
/// # Errors
/// [`PrintError::NoTeams`] for a group without teams; an unknown group or round.
pub fn report(event: &Event, group: GroupId, round: Option<RoundNo>, lang: Lang) -> Result<Report, PrintError> {
    let g = group_of(event, group)?;
    let stage = current_stage(g)?;
    let after = after_round(g, stage, round)?;
    let ranking = TeamRanking::of_group(event, g.id, Some(stage.no), Some(after))?
        .ok_or_else(|| PrintError::NoTeams { group: g.name.clone() })?;
    let table = TeamTable::of(event, g, &ranking);
    // The club column only when some team has a club: the page needs the width.
    let keep: Vec<bool> = (table.columns.iter().enumerate())
        .map(|(i, c)| {
            *c != TeamColumn::Club || table.rows.iter().any(|r| r.cells.get(i).is_some_and(|c| !c.is_empty()))
        })
        .collect();
    let columns: Vec<Column> =
        table.columns.iter().zip(&keep).filter(|(_, k)| **k).map(|(c, _)| page_column(*c, lang)).collect();
    let rows = table
        .rows
        .into_iter()
        .map(|r| r.cells.into_iter().zip(&keep).filter(|(_, k)| **k).map(|(c, _)| c).collect())
        .collect();
    let name = TEAM_STANDINGS.title(lang);
    let subtitle = match lang {
        Lang::Zh => format!("{} · {} · 第{}轮后 {name}", g.name, stage.name, after),
        Lang::En => format!("{} · {} · {name} after round {}", g.name, stage.name, after),
    };
    Ok(Report {
        link: None,
        orientation: Orientation::Portrait,
        title: event.name.clone(),
        subtitle,
        details: vec![ranked_by(g, stage, lang)],
        sections: vec![Section { caption: None, columns, rows }],
        notes: officials_line(event, lang).into_iter().collect(),
    })
}

/// Team standings after a round.
pub const TEAM_STANDINGS: Printable<Report> = Printable::new(("团体名次", "team standings"), report);

/// The team crosstable of the group's current stage as data, over every round paired.
///
/// # Errors
/// [`PrintError::NoTeamStage`] when the current stage has no team matches; an unknown
/// group.
pub fn crosstable_report(event: &Event, group: GroupId, lang: Lang) -> Result<Report, PrintError> {
    let g = group_of(event, group)?;
    let stage = current_stage(g)?;
    if stage.teams.is_none() {
        return Err(PrintError::NoTeamStage { group: g.name.clone() });
    }
    let table = TeamCrosstable::of_stage(event, g.id, stage.no)?;
    let mut columns =
        vec![Column::new(lang.t("序", "#"), 2.5, Align::Right), Column::new(lang.t("队名", "Team"), 9.0, Align::Left)];
    columns.extend((1..=table.teams.len()).map(|i| Column::new(i.to_string(), 4.0, Align::Center)));
    columns.extend([
        Column::new(lang.t("场分", "Match pts"), 4.0, Align::Right),
        Column::new(lang.t("局分", "Game pts"), 4.0, Align::Right),
        Column::new(lang.t("名次", "Rank"), 3.5, Align::Right),
    ]);
    let rows = table
        .teams
        .iter()
        .enumerate()
        .map(|(i, (rank, _, name))| {
            let mut row = vec![(i + 1).to_string(), name.clone()];
            row.extend(
                table.cells[i].iter().enumerate().map(|(j, c)| if i == j { "×".to_string() } else { c.clone() }),
            );
            let (match_points, game_points) = table.totals[i].clone();
            row.extend([match_points, game_points, rank.to_string()]);
            row
        })
        .collect();
    let subtitle = format!("{} · {} · {}", g.name, stage.name, TEAM_CROSSTABLE.title(lang));
    let mut notes = vec![
        lang.t(
            "说明：每格为本行队与该列队的局分（本队在前）。",
            "Each cell: the row team's game points : the column team's.",
        )
        .to_string(),
    ];
    notes.extend(officials_line(event, lang));
    let landscape = table.teams.len() > PORTRAIT_TEAMS;
    Ok(Report {
        link: None,
        orientation: if landscape { Orientation::Landscape } else { Orientation::Portrait },
        title: event.name.clone(),
        subtitle,
        details: Vec::new(),
        sections: vec![Section { caption: None, columns, rows }],
        notes,
    })
}

/// The team crosstable of a team stage.
pub const TEAM_CROSSTABLE: Printable<Report> =
    Printable::new(("团体交叉表", "team crosstable"), |event, group, _, lang| {
        crosstable_report(event, group, lang)
    });
