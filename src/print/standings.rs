//! Standings after a round: the same table as `bianpai standings` —
//! rank, player, points, the stage's tiebreak columns in its order, games as red and
//! black, and status (withdrawn, disqualified) — one section per gender where the group
//! ranks them separately.

use super::layout::{Align, Column, Orientation};
use super::{Lang, PrintError, Printed, Report, Section, club_of, current_stage, group_of, name_of, officials_line};
use crate::domain::event::{Event, StageKind};
use crate::domain::ids::{GroupId, RoundNo};
use crate::domain::player::{Gender, PlayerStatus};
use crate::domain::standings::{Standings, standings};

/// The round standings are printed after: the one asked for, else the last complete.
pub(super) fn after_round(
    group: &crate::domain::event::Group,
    stage: &crate::domain::event::Stage,
    round: Option<RoundNo>,
) -> Result<u32, PrintError> {
    match round {
        Some(r) if r.0 as usize > stage.rounds.len() => Err(PrintError::UnknownRound {
            group: group.name.clone(),
            stage: stage.no.0,
            round: r.0,
            paired: stage.rounds.len() as u32,
        }),
        Some(r) => Ok(r.0),
        None => Ok(stage.completed_rounds()),
    }
}

/// A status as printed; empty for active players.
pub(super) fn status_label(status: PlayerStatus, lang: Lang) -> String {
    match status {
        PlayerStatus::Active => String::new(),
        other => lang.t(other.label_zh(), other.label_en()).to_string(),
    }
}

/// The caption of a gender section.
fn section_caption(section: Option<Gender>, lang: Lang) -> Option<String> {
    section.map(|g| match g {
        Gender::Male => lang.t("男子", "Boys").to_string(),
        Gender::Female => lang.t("女子", "Girls").to_string(),
    })
}

/// The standings sections of a table: one per gender section, rows in rank order.
fn sections(event: &Event, stage: &crate::domain::event::Stage, table: &Standings, lang: Lang) -> Vec<Section> {
    let tiebreaks: Vec<_> = stage.tiebreaks.iter().copied().filter(|t| t.has_column()).collect();
    let knockout = stage.kind == StageKind::Knockout;
    let mut columns = vec![
        Column::new(lang.t("名次", "Rank"), 4.0, Align::Right),
        Column::new(lang.t("编号", "No."), 4.0, Align::Right),
        Column::new(lang.t("姓名", "Name"), 9.0, Align::Left),
        Column::new(lang.t("单位", "Club"), 10.0, Align::Left),
    ];
    if !knockout {
        columns.push(Column::new(lang.t("积分", "Pts"), 4.0, Align::Right));
        columns.extend(tiebreaks.iter().map(|t| Column::new(lang.t(t.label_zh(), t.label_en()), 5.0, Align::Right)));
        columns.push(Column::new(lang.t("红", "Red"), 3.0, Align::Right));
        columns.push(Column::new(lang.t("黑", "Black"), 3.0, Align::Right));
    }
    columns.push(Column::new(lang.t("状态", "Status"), 6.0, Align::Center));
    let mut out: Vec<Section> = Vec::new();
    let mut current: Option<Option<Gender>> = None;
    for r in &table.rows {
        if current != Some(r.section) {
            current = Some(r.section);
            out.push(Section { caption: section_caption(r.section, lang), columns: columns.clone(), rows: Vec::new() });
        }
        let mut row =
            vec![r.rank.to_string(), r.start_no.to_string(), name_of(event, r.start_no), club_of(event, r.start_no)];
        if !knockout {
            row.push(r.points.to_string());
            row.extend(
                tiebreaks
                    .iter()
                    .map(|t| r.tiebreaks.iter().find(|(k, _)| k == t).map(|(_, v)| v.to_string()).unwrap_or_default()),
            );
            row.extend([r.red_games.to_string(), r.black_games.to_string()]);
        }
        row.push(status_label(r.status, lang));
        if let Some(section) = out.last_mut() {
            section.rows.push(row);
        }
    }
    if out.is_empty() {
        out.push(Section { caption: None, columns, rows: Vec::new() });
    }
    out
}

/// The standings as data.
///
/// # Errors
/// [`PrintError`] for an unknown group or a round not paired.
pub fn report(event: &Event, group: GroupId, round: Option<RoundNo>, lang: Lang) -> Result<Report, PrintError> {
    let g = group_of(event, group)?;
    let stage = current_stage(g)?;
    let after = after_round(g, stage, round)?;
    let table = standings(event, g.id, stage.no, after)?;
    let subtitle = match (lang, stage.kind) {
        (Lang::Zh, StageKind::Knockout) => format!("{} · {} 名次", g.name, stage.name),
        (Lang::En, StageKind::Knockout) => format!("{} · {} places", g.name, stage.name),
        (Lang::Zh, _) => format!("{} · {} · 第{}轮后 成绩排名", g.name, stage.name, after),
        (Lang::En, _) => format!("{} · {} · standings after round {}", g.name, stage.name, after),
    };
    let order: Vec<String> = stage.tiebreaks.iter().map(|t| lang.t(t.label_zh(), t.label_en()).to_string()).collect();
    let mut details = Vec::new();
    if !order.is_empty() && stage.kind != StageKind::Knockout {
        details.push(format!("{}{}", lang.t("排名依据：积分、", "Ranked by points, "), order.join(lang.t("、", ", "))));
    }
    Ok(Report {
        orientation: Orientation::Portrait,
        title: event.name.clone(),
        subtitle,
        details,
        sections: sections(event, stage, &table, lang),
        notes: officials_line(event, lang).into_iter().collect(),
    })
}

/// The standings as a PDF.
///
/// # Errors
/// See [`report`]; also [`PrintError::Font`] and [`PrintError::Pdf`].
pub fn print(event: &Event, group: GroupId, round: Option<RoundNo>, lang: Lang) -> Result<Printed, PrintError> {
    report(event, group, round, lang)?.render(lang)
}
