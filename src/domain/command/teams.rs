//! Team commands: register, edit and remove teams, make them from clubs, set
//! 队员总分制 and a stage's team rules, name a line-up, and set the event's team
//! ranking across groups. Teams and 队员总分制 are group settings
//! ([`Change::Group`]); team rules and line-ups named before a round are stage
//! settings; a line-up changed after pairing rebuilds its match's games
//! ([`Change::Round`]) while the match has no result; the ranking across groups is
//! the event's own ([`Change::EventInfo`]).

use super::second_entries;
use super::{Applied, Change, DomainError, EntryProblem, EventInfo};
use crate::domain::model::change::{group_mut, group_settings, settings_only, stage_mut, stage_ref};
use crate::domain::model::event::{Event, StageStatus};
use crate::domain::model::ids::{GroupId, RoundNo, StageNo, StartNo};
use crate::domain::model::player::clean_text;
use crate::domain::model::team::{
    EventTeamRanking, Lineup, MAX_BOARDS, MAX_TEAM_NAME, MIN_BOARDS, MemberRanking, Team, TeamId, TeamStage,
};
use crate::domain::model::team_issue::TeamIssue;
use crate::domain::teams::from_clubs::teams_from_clubs;
use crate::domain::teams::lineup::{check_lineup, match_games};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A change to a group's teams.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum TeamCommand {
    /// Register a team; its number is the next free one.
    Add {
        /// The team (its `id` is ignored).
        team: Team,
    },
    /// Replace a team's name, club, captain and members.
    Edit {
        /// The team with its new data.
        team: Team,
    },
    /// Remove a team that has not played.
    Remove {
        /// The team.
        team: TeamId,
    },
    /// One team per club with at least `min` players not yet in a team.
    FromClubs {
        /// Fewest players.
        min: u32,
    },
    /// 队员总分制 on, with its N and teammate avoidance, or off.
    SetMemberRanking {
        /// The setting; `None` turns it off.
        ranking: Option<MemberRanking>,
    },
    /// Make a stage a team stage with these rules, or an individual one.
    SetStage {
        /// The stage.
        stage: StageNo,
        /// The rules; `None` for an individual stage.
        rules: Option<TeamStage>,
    },
    /// A team's line-up for a round (board order).
    SetLineup {
        /// The stage.
        stage: StageNo,
        /// The round.
        round: RoundNo,
        /// The team.
        team: TeamId,
        /// Its players, board 1 first.
        players: Vec<StartNo>,
    },
}

/// Applies a team command to `group`.
pub(super) fn apply(event: &mut Event, group: GroupId, command: &TeamCommand) -> Result<Applied, DomainError> {
    match command {
        TeamCommand::Add { team } => add(event, group, team),
        TeamCommand::Edit { team } => edit(event, group, team),
        TeamCommand::Remove { team } => remove(event, group, *team),
        TeamCommand::FromClubs { min } => {
            let teams = teams_from_clubs(event, group, *min as usize);
            change_group(event, group, |g| g.teams.extend(teams))
        }
        TeamCommand::SetMemberRanking { ranking } => change_group(event, group, |g| g.member_ranking = ranking.clone()),
        TeamCommand::SetStage { stage, rules } => set_stage(event, group, *stage, rules.as_ref()),
        TeamCommand::SetLineup { stage, round, team, players } => {
            set_lineup(event, group, (*stage, *round), *team, players)
        }
    }
}

/// The event's team ranking across groups on or off: N at least 1; the groups
/// named, each once, sorted, every one of them an individual group of the event.
pub(super) fn set_event_ranking(event: &mut Event, ranking: Option<&EventTeamRanking>) -> Result<Applied, DomainError> {
    let ranking = match ranking {
        None => None,
        Some(r) => {
            if r.count.n() == Some(0) {
                return Err(TeamIssue::CountZero.into());
            }
            let groups = match &r.groups {
                None => None,
                Some(list) => {
                    let ids: BTreeSet<GroupId> = list.iter().copied().collect();
                    if ids.is_empty() {
                        return Err(TeamIssue::NoGroupCounted.into());
                    }
                    for id in &ids {
                        let g = event.group(*id).ok_or(DomainError::UnknownGroup(*id))?;
                        if g.stages.iter().any(|s| s.teams.is_some()) {
                            return Err(TeamIssue::GroupPlaysTeamMatches(g.name.clone()).into());
                        }
                    }
                    Some(ids.into_iter().collect())
                }
            };
            Some(EventTeamRanking { groups, count: r.count })
        }
    };
    let before = Box::new(EventInfo::of(event));
    event.team_ranking = ranking;
    Ok(Applied::one(Change::EventInfo { before }))
}

fn change_group(
    event: &mut Event,
    group: GroupId,
    change: impl FnOnce(&mut crate::domain::event::Group),
) -> Result<Applied, DomainError> {
    let g = group_mut(event, group)?;
    let before = Some(Box::new(group_settings(g)));
    change(g);
    g.teams.sort_by_key(|t| t.id);
    Ok(Applied::one(Change::Group { group, before }))
}

fn add(event: &mut Event, group: GroupId, team: &Team) -> Result<Applied, DomainError> {
    if second_entries::names_outsiders(event, group, &roster_and_captain(team)) {
        return second_entries::all_or_nothing(event, |event| add_team(event, group, team));
    }
    add_team(event, group, team)
}

fn edit(event: &mut Event, group: GroupId, team: &Team) -> Result<Applied, DomainError> {
    if second_entries::names_outsiders(event, group, &roster_and_captain(team)) {
        return second_entries::all_or_nothing(event, |event| edit_team(event, group, team));
    }
    edit_team(event, group, team)
}

fn roster_and_captain(team: &Team) -> Vec<StartNo> {
    team.roster().chain(team.captain).collect()
}

fn add_team(event: &mut Event, group: GroupId, team: &Team) -> Result<Applied, DomainError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let id = TeamId(g.teams.iter().map(|t| t.id.0).max().unwrap_or(0) + 1);
    let (team, mut applied) = with_own_entries(event, group, &Team { id, ..cleaned(team) })?;
    check_team(event, group, &team)?;
    applied.changes.extend(change_group(event, group, |g| g.teams.push(team))?.changes);
    Ok(applied)
}

fn edit_team(event: &mut Event, group: GroupId, team: &Team) -> Result<Applied, DomainError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    if g.team(team.id).is_none() {
        return Err(TeamIssue::UnknownTeam(team.id.to_string()).into());
    }
    let (team, mut applied) = with_own_entries(event, group, &cleaned(team))?;
    check_team(event, group, &team)?;
    let changed = change_group(event, group, |g| {
        if let Some(t) = g.teams.iter_mut().find(|t| t.id == team.id) {
            *t = team;
        }
    })?;
    applied.changes.extend(changed.changes);
    Ok(applied)
}

/// The team with each person named by his number in an individual group replaced by
/// his entry in this team-match group, made where he has none, and those new
/// entries. The caller checks the team and applies it; on a refusal it is dropped with
/// the copy of the event it was applied to ([`apply`](super::apply) is all or nothing).
fn with_own_entries(event: &mut Event, group: GroupId, team: &Team) -> Result<(Team, Applied), DomainError> {
    let mut applied = Applied { changes: Vec::new(), new_players: Vec::new() };
    let plays_matches = event.group(group).is_some_and(|g| g.plays_team_matches());
    if !plays_matches {
        return Ok((team.clone(), applied));
    }
    let mut own = |event: &mut Event, p: StartNo| -> Result<StartNo, DomainError> {
        match event.player(p) {
            Some(player) if player.group != group => second_entries::entry_for(event, group, p, &mut applied),
            _ => Ok(p),
        }
    };
    let mut team = team.clone();
    for p in team.members.iter_mut().chain(team.reserves.iter_mut()) {
        *p = own(event, *p)?;
    }
    if let Some(c) = team.captain {
        team.captain = Some(own(event, c)?);
    }
    Ok((team, applied))
}

fn remove(event: &mut Event, group: GroupId, id: TeamId) -> Result<Applied, DomainError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let team = g.team(id).ok_or_else(|| TeamIssue::UnknownTeam(id.to_string()))?;
    let played = g
        .stages
        .iter()
        .flat_map(|s| &s.rounds)
        .filter_map(|r| r.teams.as_ref())
        .any(|tr| tr.byes.contains(&id) || tr.match_of(id).is_some());
    if played {
        return Err(TeamIssue::TeamHasPlayed(team.name.clone()).into());
    }
    change_group(event, group, |g| g.teams.retain(|t| t.id != id))
}

/// The team with its name and club cleaned of control characters (issue 22, item 2).
fn cleaned(team: &Team) -> Team {
    Team { name: clean_text(&team.name), club: clean_text(&team.club), ..team.clone() }
}

/// A team's own rules: a name, unique and not too long; members of the group,
/// each once and in no other team; the captain one of them.
fn check_team(event: &Event, group: GroupId, team: &Team) -> Result<(), DomainError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    if let Some(chars) = crate::domain::model::player::too_many_chars(&team.club) {
        let max = crate::domain::model::player::MAX_TEXT_CHARS;
        return Err(DomainError::InvalidEntry(EntryProblem::FieldTooLong { field: "club".into(), chars, max }));
    }
    let name = team.name.trim();
    if !crate::domain::model::player::has_visible_text(name) {
        return Err(TeamIssue::NameMissing.into());
    }
    if name.chars().count() > MAX_TEAM_NAME {
        return Err(TeamIssue::NameTooLong(MAX_TEAM_NAME).into());
    }
    if g.teams.iter().any(|t| t.id != team.id && t.name == name) {
        return Err(TeamIssue::NameTaken(name.to_string()).into());
    }
    if team.members.is_empty() {
        return Err(TeamIssue::NoMembers(name.to_string()).into());
    }
    let mut seen = BTreeSet::new();
    for p in team.roster() {
        let player = event.player(p).ok_or(DomainError::UnknownPlayer(p))?;
        if player.group != group {
            return Err(DomainError::NotInGroup { player: p, group: g.name.clone() });
        }
        if !seen.insert(p) {
            return Err(TeamIssue::NamedTwice(p).into());
        }
        if let Some(other) = g.teams.iter().find(|t| t.id != team.id && t.has(p)) {
            return Err(TeamIssue::InAnotherTeam { player: p, team: other.name.clone() }.into());
        }
    }
    if let Some(c) = team.captain.filter(|c| !team.has(*c)) {
        return Err(TeamIssue::CaptainNotMember { player: c, team: name.to_string() }.into());
    }
    Ok(())
}

fn set_stage(
    event: &mut Event,
    group: GroupId,
    stage_no: StageNo,
    rules: Option<&TeamStage>,
) -> Result<Applied, DomainError> {
    let stage = stage_ref(event, group, stage_no)?;
    if stage.status == StageStatus::Closed {
        return Err(DomainError::StageClosed(stage_no));
    }
    if let Some(r) = rules
        && !(MIN_BOARDS..=MAX_BOARDS).contains(&r.boards)
    {
        return Err(TeamIssue::BoardsOutOfRange(r.boards).into());
    }
    let boards_now = stage.teams.as_ref().map(|t| t.boards);
    if !stage.rounds.is_empty() && boards_now != rules.map(|r| r.boards) {
        return Err(TeamIssue::BoardsFixed(stage_no).into());
    }
    let planned = stage.teams.as_ref().map(|t| t.planned_lineups.clone()).unwrap_or_default();
    let before = Box::new(settings_only(stage));
    let stage = stage_mut(event, group, stage_no)?;
    stage.teams = rules.map(|r| TeamStage { planned_lineups: planned, ..r.clone() });
    Ok(Applied::one(Change::StageSettings { group, stage: stage_no, before }))
}

fn set_lineup(
    event: &mut Event,
    group: GroupId,
    (stage_no, round_no): (StageNo, RoundNo),
    team_id: TeamId,
    players: &[StartNo],
) -> Result<Applied, DomainError> {
    // A person named by his number in an individual group plays under his entry here
    //
    let players: Vec<StartNo> = players.iter().map(|p| event.entry_in(*p, group).unwrap_or(*p)).collect();
    let players = players.as_slice();
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let team = g.team(team_id).ok_or_else(|| TeamIssue::UnknownTeam(team_id.to_string()))?;
    let stage =
        g.stage(stage_no).ok_or_else(|| DomainError::UnknownStage { group: g.name.clone(), stage: stage_no })?;
    if stage.status == StageStatus::Closed {
        return Err(DomainError::StageClosed(stage_no));
    }
    let rules = stage.teams.as_ref().ok_or(TeamIssue::NotATeamStage(stage_no))?;
    let boards = rules.boards;
    check_lineup(event, team, boards, players)?;
    let Some(round) = stage.round(round_no) else {
        if round_no.0 != stage.rounds.len() as u32 + 1 {
            return Err(DomainError::UnknownRound(round_no));
        }
        let before = Box::new(settings_only(stage));
        let stage = stage_mut(event, group, stage_no)?;
        if let Some(rules) = stage.teams.as_mut() {
            rules.planned_lineups.retain(|l| !(l.round == round_no && l.team == team_id));
            rules.planned_lineups.push(Lineup { round: round_no, team: team_id, players: players.to_vec() });
            rules.planned_lineups.sort_by_key(|l| (l.round, l.team));
        }
        return Ok(Applied::one(Change::StageSettings { group, stage: stage_no, before }));
    };
    let tr = round.teams.as_ref().ok_or(TeamIssue::NotATeamStage(stage_no))?;
    let m = tr.match_of(team_id).ok_or_else(|| TeamIssue::NoMatch { team: team.name.clone(), round: round_no })?;
    let boards_of_match: Vec<_> = (1..=boards).map(|b| m.board_no(boards, b)).collect();
    if round.games.iter().any(|g| boards_of_match.contains(&g.board) && g.result.is_some()) {
        return Err(TeamIssue::MatchStarted { round: round_no, match_no: m.no }.into());
    }
    let before = Some(Box::new(round.clone()));
    let mut new_match = m.clone();
    if new_match.home == team_id {
        new_match.home_lineup = players.to_vec();
    } else {
        new_match.away_lineup = players.to_vec();
    }
    let stage = stage_mut(event, group, stage_no)?;
    let Some(round) = stage.rounds.iter_mut().find(|r| r.no == round_no) else {
        return Err(DomainError::UnknownRound(round_no));
    };
    round.games.retain(|g| !boards_of_match.contains(&g.board));
    round.games.extend(match_games(&new_match, boards));
    round.games.sort_by_key(|g| (g.board, g.game));
    if let Some(tr) = round.teams.as_mut()
        && let Some(slot) = tr.matches.iter_mut().find(|x| x.no == new_match.no)
    {
        *slot = new_match;
    }
    Ok(Applied::one(Change::Round { group, stage: stage_no, round: round_no, before }))
}
