//! Teammates kept apart in an individual Swiss: with 队员总分制 set to avoid
//! teammates, the pairing sees each team member's club as his team, and the stage
//! avoids "clubs" as the team setting says (off, round 1, every round; absolutely or
//! as a criterion) — the same machinery as same-club avoidance. A stage that
//! avoids clubs itself keeps its own setting when it is the stronger one; players in
//! no team keep their clubs.

use crate::domain::event::{Event, Stage};
use crate::domain::ids::GroupId;
use crate::domain::rules::ClubAvoidance;

/// The event and stage the pairing should see, when teammates are to be kept apart.
pub(super) fn apart(event: &Event, group: GroupId, stage: &Stage) -> Option<(Event, Stage)> {
    let g = event.group(group)?;
    let ranking = g.member_ranking.as_ref().filter(|r| r.avoid != ClubAvoidance::Off)?;
    if g.teams.is_empty() {
        return None;
    }
    let mut seen = event.clone();
    for player in seen.players.iter_mut().filter(|p| p.group == group) {
        if let Some(team) = g.team_of(player.start_no) {
            // A key no real club can have.
            player.entry.club = format!("\u{1}team {}", team.id);
        }
    }
    let mut stage = stage.clone();
    let options = &mut stage.pairing;
    let stronger = |a: ClubAvoidance| match a {
        ClubAvoidance::Off => 0,
        ClubAvoidance::FirstRound => 1,
        ClubAvoidance::EveryRound => 2,
    };
    if stronger(ranking.avoid) >= stronger(options.club_avoidance) {
        options.club_avoidance = ranking.avoid;
        options.club_avoidance_absolute = ranking.avoid_absolute;
    }
    Some((seen, stage))
}
