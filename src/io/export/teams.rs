//! The team standings of a group with teams as the exports write them:
//! `present::teams`' [`TeamTable`] of the group's current stage after its last complete
//! round — team matches or 队员总分制 — the same columns and values as
//! the window, the team standings PDF and `bianpai teams standings`; with the team
//! crosstable when the stage plays team matches.
//!
//! Where they go: the workbook gets a sheet 团体名次 / Team standings after the final
//! ranking, the web page a section after it, and CSV — one table per file — writes
//! them alone as [`super::Format::TeamCsv`] (`bianpai export FILE teams-csv`, the
//! window's 团体名次（CSV）).
//!
//! The event's team ranking across groups (全赛事团体, R-10.8), while it is on, goes
//! beside them in the exports of every group it counts — a sheet 全赛事团体 / Event
//! teams, a section of the page — and alone as [`super::Format::EventTeamCsv`]
//! (`bianpai export FILE event-teams-csv`): `present::event_teams`' table, the same as
//! the window, the PDF and `bianpai teams event-ranking`.

use super::ExportError;
use crate::domain::command::DomainError;
use crate::domain::event::Event;
use crate::domain::ids::GroupId;
use crate::domain::teams::event_ranking::counted_groups;
use crate::lang::Lang;
use crate::present::event_teams::EventTeamTable;
use crate::present::teams::{TeamCrosstable, TeamRanking, TeamTable};

/// A group's team standings, ready to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamExport {
    /// The standings table.
    pub table: TeamTable,
    /// The team crosstable, for a stage of team matches.
    pub crosstable: Option<TeamCrosstable>,
}

impl TeamExport {
    /// The column headings in `lang`.
    pub fn headers(&self, lang: Lang) -> Vec<&'static str> {
        self.table.columns.iter().map(|c| c.header(lang)).collect()
    }

    /// "第3轮后团体名次" / "Team standings after round 3".
    pub fn heading(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!("第{}轮后团体名次", self.table.after_round),
            Lang::En => format!("Team standings after round {}", self.table.after_round),
        }
    }
}

/// The group's team standings after the current stage's last complete round; `None`
/// for a group without teams, or before any round is complete.
///
/// # Errors
/// [`ExportError::Domain`] for an unknown group.
pub fn team_standings(event: &Event, group: GroupId) -> Result<Option<TeamExport>, ExportError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let Some(stage) = g.current_stage() else { return Ok(None) };
    let after = stage.completed_rounds();
    if after == 0 {
        return Ok(None);
    }
    let Some(ranking) = TeamRanking::of_group(event, group, Some(stage.no), Some(after))? else {
        return Ok(None);
    };
    let crosstable = match stage.teams {
        Some(_) => Some(TeamCrosstable::of_stage(event, group, stage.no)?),
        None => None,
    };
    Ok(Some(TeamExport { table: TeamTable::of(event, g, &ranking), crosstable }))
}

/// As [`team_standings`], for an export of the team standings alone.
///
/// # Errors
/// [`ExportError::NoTeams`] for a group without teams, [`ExportError::NoRanking`]
/// before any round is complete, [`ExportError::Domain`] for an unknown group.
pub fn required(event: &Event, group: GroupId) -> Result<TeamExport, ExportError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    if g.teams.is_empty() {
        return Err(ExportError::NoTeams { group: g.name.clone() });
    }
    team_standings(event, group)?.ok_or_else(|| ExportError::NoRanking { group: g.name.clone() })
}

/// The event's team ranking across groups for an export of `group`: `None` while the
/// ranking is off or when it does not count the group.
///
/// # Errors
/// [`ExportError::Domain`] when a counted group's standings cannot be computed.
pub fn event_teams(event: &Event, group: GroupId, lang: Lang) -> Result<Option<EventTeamTable>, ExportError> {
    let Some(setting) = &event.team_ranking else { return Ok(None) };
    if !counted_groups(event, setting).iter().any(|g| g.group == group) {
        return Ok(None);
    }
    Ok(EventTeamTable::of_event(event, lang)?)
}

/// The event's team ranking across groups, for an export of it alone.
///
/// # Errors
/// [`ExportError::EventTeamsOff`] while the ranking is off; [`ExportError::Domain`].
pub fn event_teams_required(event: &Event, lang: Lang) -> Result<EventTeamTable, ExportError> {
    EventTeamTable::of_event(event, lang)?.ok_or(ExportError::EventTeamsOff)
}
