//! Line-ups: a team's players for a round, K of its registered members in
//! registered board order (a reserve may step in, the order is kept); the default
//! line-up is the first K who can play; and the games a match's two line-ups make —
//! the home team red on odd boards, black on even ones.

use crate::domain::event::{Event, Game, Group};
use crate::domain::ids::StartNo;
use crate::domain::model::change::DomainError;
use crate::domain::model::team::{Team, TeamMatch};
use crate::domain::model::team_issue::TeamIssue;
use crate::domain::rules::Colour;
use std::collections::BTreeSet;

/// The first `boards` registered members of `team` who can still play.
pub fn default_lineup(event: &Event, team: &Team, boards: u32) -> Vec<StartNo> {
    team.roster().filter(|p| event.player(*p).is_some_and(|pl| pl.status.is_pairable())).take(boards as usize).collect()
}

/// Checks a line-up of `team` for a match of `boards` boards: members of the team who
/// can play, each once, in registered order, at most `boards` of them. Used when a
/// line-up is named and again when a round named before is paired (issue 38, item 17).
///
/// # Errors
/// The first rule broken, naming the player; a number the team lists but the event no
/// longer has is no member.
pub fn check_lineup(event: &Event, team: &Team, boards: u32, players: &[StartNo]) -> Result<(), TeamIssue> {
    if players.len() > boards as usize {
        return Err(TeamIssue::LineupTooLong { team: team.name.clone(), boards, named: players.len() });
    }
    let mut seen = BTreeSet::new();
    let mut last_place = None;
    for p in players {
        let not_member = || TeamIssue::NotTeamMember { player: *p, team: team.name.clone() };
        let place = team.place_of(*p).ok_or_else(not_member)?;
        if !seen.insert(*p) {
            return Err(TeamIssue::NamedTwice(*p));
        }
        let player = event.player(*p).ok_or_else(not_member)?;
        if !player.status.is_pairable() {
            return Err(TeamIssue::MemberCannotPlay(*p));
        }
        if last_place.is_some_and(|l| place < l) {
            return Err(TeamIssue::LineupOutOfOrder { player: *p, team: team.name.clone() });
        }
        last_place = Some(place);
    }
    Ok(())
}

/// The games of a match of `boards` boards: board b has the two line-ups' b-th players,
/// the home team red on odd boards. A board one side cannot fill has no game:
/// it is scored as a forfeit (see `scoring`).
pub fn match_games(m: &TeamMatch, boards: u32) -> Vec<Game> {
    (1..=boards)
        .filter_map(|b| {
            let home = *m.home_lineup.get(b as usize - 1)?;
            let away = *m.away_lineup.get(b as usize - 1)?;
            let (red, black) = match TeamMatch::home_colour(b) {
                Colour::Red => (home, away),
                Colour::Black => (away, home),
            };
            Some(Game { board: m.board_no(boards, b), game: 1, red, black, result: None })
        })
        .collect()
}

/// The team of `group` named or numbered `name`.
///
/// # Errors
/// [`TeamIssue::UnknownTeam`].
pub fn team_by_name<'a>(group: &'a Group, name: &str) -> Result<&'a Team, DomainError> {
    group.team_named(name).ok_or_else(|| TeamIssue::UnknownTeam(name.trim().to_string()).into())
}
