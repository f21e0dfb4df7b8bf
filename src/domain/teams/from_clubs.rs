//! Teams made from clubs (`teams from-clubs`, R-10.1): one team per 单位 with at least
//! N players not yet in a team, named after the club, members in start-number order.

use crate::domain::event::Event;
use crate::domain::ids::{GroupId, StartNo};
use crate::domain::model::team::{Team, TeamId};
use std::collections::BTreeMap;

/// The teams the group's clubs make, numbered after the group's existing teams; clubs
/// whose name a team already has are left out.
pub fn teams_from_clubs(event: &Event, group: GroupId, min: usize) -> Vec<Team> {
    let Some(g) = event.group(group) else { return Vec::new() };
    let mut clubs: BTreeMap<String, Vec<StartNo>> = BTreeMap::new();
    for p in event.group_players(group) {
        let club = p.entry.club.trim();
        if club.is_empty() || !p.status.is_pairable() || g.team_of(p.start_no).is_some() {
            continue;
        }
        clubs.entry(club.to_string()).or_default().push(p.start_no);
    }
    let mut next = g.teams.iter().map(|t| t.id.0).max().unwrap_or(0);
    clubs
        .into_iter()
        .filter(|(club, members)| members.len() >= min.max(1) && g.team_named(club).is_none())
        .map(|(club, mut members)| {
            members.sort();
            next += 1;
            Team { id: TeamId(next), name: club.clone(), club, captain: None, members, reserves: Vec::new() }
        })
        .collect()
}
