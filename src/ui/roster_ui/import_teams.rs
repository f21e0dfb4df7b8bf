//! The teams a roster's 队名/team column makes, as the command line makes
//! them: each new row's team in the file's order, in the same all-or-nothing job as
//! the players. The new players' start numbers are known before the job runs — the
//! import adds them in group order, each taking the next number — so each team's
//! `Add` names them. A team name the group already has is left as it is.

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
    teams: Vec<(GroupId, String, Vec<StartNo>)>,
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
            let player = StartNo(self.next);
            match self.teams.iter_mut().find(|(g, n, _)| *g == group && *n == name) {
                Some((_, _, members)) => members.push(player),
                None => self.teams.push((group, name, vec![player])),
            }
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
        match self.teams.iter_mut().find(|(g, n, _)| *g == group && *n == name) {
            Some((_, _, members)) => members.push(no),
            None => self.teams.push((group, name, vec![no])),
        }
        true
    }

    /// The teams' commands, after the players': one `Add` per new team name.
    pub(super) fn commands(self, event: &Event) -> Vec<Command> {
        self.teams
            .into_iter()
            .filter(|(group, name, _)| event.group(*group).is_some_and(|g| g.team_named(name).is_none()))
            .map(|(group, name, members)| Command::Team {
                group,
                change: TeamCommand::Add {
                    team: Team {
                        id: TeamId(0),
                        name,
                        club: String::new(),
                        captain: None,
                        members,
                        reserves: Vec::new(),
                    },
                },
            })
            .collect()
    }
}
