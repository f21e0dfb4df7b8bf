//! Team prizes: the group's team ranking — its team stage's standings, else
//! 队员总分制 — after the last complete round, and each team's prizes by its rank (teams
//! sharing a rank each get that rank's prizes; `{rank}` in a label is filled in).

use super::members::member_standings;
use super::standings::team_standings;
use crate::domain::event::Event;
use crate::domain::ids::GroupId;
use crate::domain::model::change::DomainError;
use crate::domain::model::prize_rules::{Prize, RankPrize};
use crate::domain::model::team::TeamId;

/// One team's prizes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamAward {
    /// Its rank.
    pub rank: u32,
    /// The team.
    pub team: TeamId,
    /// What it gets, in the rules' order.
    pub prizes: Vec<Prize>,
}

/// The group's team ranks after the current stage's last complete round, best first;
/// `None` when the group has no teams or no stage.
///
/// # Errors
/// An unknown group.
pub fn team_ranks(event: &Event, group: GroupId) -> Result<Option<Vec<(TeamId, u32)>>, DomainError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let Some(stage) = g.current_stage().filter(|_| !g.teams.is_empty()) else { return Ok(None) };
    let done = stage.completed_rounds();
    Ok(Some(if stage.teams.is_some() {
        team_standings(event, group, stage.no, done)?.rows.iter().map(|r| (r.team, r.rank)).collect()
    } else {
        member_standings(event, group, stage.no, done)?.rows.iter().map(|r| (r.team, r.rank)).collect()
    }))
}

/// Each ranked team's prizes under `rules`, in rank order; teams without a prize are
/// left out.
pub fn team_awards(ranks: &[(TeamId, u32)], rules: &[RankPrize]) -> Vec<TeamAward> {
    ranks
        .iter()
        .filter_map(|(team, rank)| {
            let prizes: Vec<Prize> =
                rules.iter().filter(|r| r.ranks.contains(*rank)).map(|r| r.prize.for_rank(*rank)).collect();
            (!prizes.is_empty()).then_some(TeamAward { rank: *rank, team: *team, prizes })
        })
        .collect()
}
