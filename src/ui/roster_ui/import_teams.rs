//! The teams a roster's 队名/team column makes, as the command line makes
//! them: each new row's team in the file's order, in the same all-or-nothing job as
//! the players. The new players' start numbers are known before the job runs — the
//! import adds them in group order, each taking the next number — so each team's
//! `Add` names them. A team name the group already has is left as it is. A team's club
//! is its members' 单位 when they all share one (as `bianpai import` does).

use crate::domain::command::{Command, TeamCommand};
use crate::domain::event::Event;
use crate::domain::ids::{GroupId, StartNo};
use crate::domain::model::team::{Team, TeamId};
use crate::domain::player::PlayerEntry;
use crate::io::roster;

/// Collects each new player's team while the import's entries are made: call
/// [`TeamsOfImport::entry`] for every row in the order the players will be added.
pub(super) struct TeamsOfImport {
    next: u32,
    teams: Vec<ImportTeam>,
}

/// One team of the file: its group, name, members and each member's 单位.
struct ImportTeam {
    group: GroupId,
    name: String,
    members: Vec<StartNo>,
    clubs: Vec<String>,
}

impl TeamsOfImport {
    /// Puts `player` (of 单位 `club`) in the team `name` of `group`.
    fn join(&mut self, group: GroupId, name: String, player: StartNo, club: &str) {
        let club = club.to_string();
        match self.teams.iter_mut().find(|t| t.group == group && t.name == name) {
            Some(team) => {
                team.members.push(player);
                team.clubs.push(club);
            }
            None => self.teams.push(ImportTeam { group, name, members: vec![player], clubs: vec![club] }),
        }
    }
}

impl TeamsOfImport {
    /// Before the first row: the next free start number.
    pub(super) fn new(event: &Event) -> TeamsOfImport {
        TeamsOfImport { next: event.next_start_no().0, teams: Vec::new() }
    }

    /// The row's entry without its team column, noting the team for the player about
    /// to be numbered.
    pub(super) fn entry(&mut self, group: GroupId, entry: &PlayerEntry) -> PlayerEntry {
        let mut entry = entry.clone();
        if let Some(name) = roster::take_team(&mut entry) {
            self.join(group, name, StartNo(self.next), &entry.club);
        }
        self.next += 1;
        entry
    }

    /// Notes the team of a row whose person is registered already as `no` in another
    /// group and enters `group` as well: the team names him by that number and
    /// its command enters him. `false` when the row names no team.
    pub(super) fn registered_member(&mut self, group: GroupId, entry: &PlayerEntry, no: StartNo) -> bool {
        let mut entry = entry.clone();
        let Some(name) = roster::take_team(&mut entry) else { return false };
        self.join(group, name, no, &entry.club);
        true
    }

    /// The teams' commands, after the players': one `Add` per new team name.
    pub(super) fn commands(self, event: &Event) -> Vec<Command> {
        self.teams
            .into_iter()
            .filter(|t| event.group(t.group).is_some_and(|g| g.team_named(&t.name).is_none()))
            .map(|t| Command::Team {
                group: t.group,
                change: TeamCommand::Add {
                    team: Team {
                        id: TeamId(0),
                        club: Team::shared_club(t.clubs.iter().map(String::as_str)),
                        name: t.name,
                        captain: None,
                        members: t.members,
                        reserves: Vec::new(),
                    },
                },
            })
            .collect()
    }
}
