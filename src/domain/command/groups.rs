//! Handlers of a group's own settings: adding a group, its name and entry rules (R-1.2,
//! ), its prize rules and the director's prize decisions, and
//! removing a group nobody has entered.

use crate::domain::model::change::{Applied, Change, DomainError, group_mut, group_settings};
use crate::domain::model::event::{Event, Group, StageStatus};
use crate::domain::model::group_rules::GroupRules;
use crate::domain::model::ids::{GroupId, StartNo};
use crate::domain::model::player::{PlayerStatus, clean_text};
use crate::domain::model::prize_checks::check_prize_rules;
use crate::domain::model::prize_decision::{PrizeDecision, PrizeDecisionIssue, PrizeDecisionKind, PrizeVerdict};
use crate::domain::model::prize_rules::PrizeRules;

/// Adds a group named `name` whose stages copy the rules of `like`'s (or the first
/// group's), with no entrants, rounds or announced byes; entry rules and prizes are
/// copied from `like` only.
pub(super) fn add(event: &mut Event, name: &str, like: Option<GroupId>) -> Result<Applied, DomainError> {
    let template = match like {
        Some(id) => event.group(id).ok_or(DomainError::UnknownGroup(id))?,
        None => event.groups.first().ok_or(DomainError::UnknownGroup(GroupId(1)))?,
    };
    let id = GroupId(event.groups.iter().map(|g| g.id.0).max().unwrap_or(0) + 1);
    let mut group = Group { id, aliases: Vec::new(), ..group_settings(template) };
    if like.is_none() {
        group.prizes = PrizeRules::default();
        GroupRules::open(name).apply_to(&mut group);
    }
    group.name = clean_text(name);
    group.numbers_given = 0;
    for stage in &mut group.stages {
        stage.entrants.clear();
        stage.planned_byes.clear();
        stage.status = if stage.no.0 == 1 { StageStatus::Open } else { StageStatus::Pending };
    }
    let rules = GroupRules::of(&group);
    if let Some(issue) = rules.check(0, &event.groups) {
        return Err(DomainError::GroupRules(issue));
    }
    let at = event.groups.partition_point(|g| g.id < id);
    event.groups.insert(at, group);
    Ok(Applied::one(Change::Group { group: id, before: None }))
}

pub(super) fn set_rules(event: &mut Event, group: GroupId, rules: &GroupRules) -> Result<Applied, DomainError> {
    // A name shows on every sheet and in the terminal: no control characters in it.
    let rules = &GroupRules { name: clean_text(&rules.name), ..rules.clone() };
    let entered = event.group_players(group).count() as u32;
    let others = event.groups.iter().filter(|g| g.id != group);
    if let Some(issue) = rules.check(entered, others) {
        return Err(DomainError::GroupRules(issue));
    }
    let g = group_mut(event, group)?;
    let before = Some(Box::new(group_settings(g)));
    rules.apply_to(g);
    Ok(Applied::one(Change::Group { group, before }))
}

pub(super) fn set_prizes(event: &mut Event, group: GroupId, rules: &PrizeRules) -> Result<Applied, DomainError> {
    let g = group_mut(event, group)?;
    if let Some(issue) = check_prize_rules(rules, g) {
        return Err(DomainError::PrizeRules(issue));
    }
    let before = Some(Box::new(group_settings(g)));
    g.prizes = rules.cleaned();
    Ok(Applied::one(Change::Group { group, before }))
}

/// Records, replaces or clears the director's decision on a player's prizes:
/// a grant or a withholding needs a reason, a disqualified player cannot be granted
/// one, and only a recorded decision can be cleared.
pub(super) fn set_prize_decision(
    event: &mut Event,
    group: GroupId,
    start_no: StartNo,
    decision: PrizeDecisionKind,
    reason: &str,
) -> Result<Applied, DomainError> {
    let refuse = |issue| DomainError::PrizeDecision { start_no, issue };
    let player = event.player(start_no).ok_or(DomainError::UnknownPlayer(start_no))?;
    let (in_group, status) = (player.group == group, player.status);
    let g = group_mut(event, group)?;
    if !in_group {
        return Err(refuse(PrizeDecisionIssue::NotInGroup));
    }
    let at = g.prize_decisions.binary_search_by_key(&start_no, |d| d.start_no);
    let reason = reason.trim();
    match decision.verdict() {
        None if at.is_err() => return Err(refuse(PrizeDecisionIssue::NothingToClear)),
        Some(_) if reason.is_empty() => return Err(refuse(PrizeDecisionIssue::ReasonMissing)),
        Some(PrizeVerdict::Grant) if status == PlayerStatus::Disqualified => {
            return Err(refuse(PrizeDecisionIssue::Disqualified));
        }
        _ => {}
    }
    let before = Some(Box::new(group_settings(g)));
    let recorded = |verdict| PrizeDecision { start_no, verdict, reason: reason.to_string() };
    match (decision.verdict(), at) {
        (None, Ok(i)) => {
            g.prize_decisions.remove(i);
        }
        (None, Err(_)) => {}
        (Some(verdict), Ok(i)) => g.prize_decisions[i] = recorded(verdict),
        (Some(verdict), Err(i)) => g.prize_decisions.insert(i, recorded(verdict)),
    }
    Ok(Applied::one(Change::Group { group, before }))
}

pub(super) fn remove(event: &mut Event, group: GroupId) -> Result<Applied, DomainError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let players = event.group_players(group).count();
    if players > 0 {
        return Err(DomainError::GroupHasPlayers { group: g.name.clone(), players });
    }
    if g.stages.iter().any(|s| !s.rounds.is_empty()) {
        return Err(DomainError::GroupHasRounds(g.name.clone()));
    }
    if event.groups.len() == 1 {
        return Err(DomainError::LastGroup);
    }
    let i = event.groups.iter().position(|g| g.id == group).ok_or(DomainError::UnknownGroup(group))?;
    let removed = event.groups.remove(i);
    Ok(Applied::one(Change::Group { group, before: Some(Box::new(group_settings(&removed))) }))
}
