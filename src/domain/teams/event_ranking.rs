//! 全赛事团体总分: the event's clubs (单位) ranked across its individual
//! groups by their members' points, as seed 003's 县区棋协 teams are formed — a club's
//! players of 成人组, 少年组 and 儿童组 counted together.
//!
//! A club's members are the players of the counted groups whose club is that text
//! (spaces around it aside); a player without a club takes no part. Each member brings
//! his points, 对手分, rank and fouls in his own group's current stage standings after
//! its last complete round, boys and girls together ([`member_scores`]); points of
//! different scoring tables are simply added as tenths. Disqualified players are not
//! ranked, so never counted. The members counted are every one, the best N over all
//! the groups together (more points first, then the better rank in his own group), or
//! the best N of each group (by that group's standings). Clubs are ranked as teams are
//! by 队员总分制 ([`rank_rows`]): points, then the counted members' summed 对手分, the
//! best rank among them, fewer fouls, then the club's name; a club with fewer members
//! to count than required — N, or N in every counted group — ranks after the complete
//! ones.

use super::members::{MemberScore, Totals, member_scores, rank_rows};
use crate::domain::event::{Event, Group};
use crate::domain::ids::{GroupId, StageNo, StartNo};
use crate::domain::model::change::DomainError;
use crate::domain::model::team::{EventTeamCount, EventTeamRanking};
use crate::domain::points::Points;
use std::cmp::Reverse;
use std::collections::BTreeMap;

/// A counted member of a club.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountedMember {
    /// The player.
    pub start_no: StartNo,
    /// His group.
    pub group: GroupId,
    /// His points in his group's standings.
    pub points: Points,
    /// His rank in his group.
    pub rank: u32,
}

/// One club's line of the event's team ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventTeamRow {
    /// 1-based; clubs level on everything but their name share it.
    pub rank: u32,
    /// The club (单位).
    pub club: String,
    /// The counted members' summed points.
    pub points: Points,
    /// The counted members, best first (more points, then the better rank).
    pub counted: Vec<CountedMember>,
    /// Their summed 对手分.
    pub opponents_points: Points,
    /// The best rank among them, each in his own group; `None` when none is counted.
    pub best_rank: Option<u32>,
    /// Their fouls.
    pub fouls: u32,
    /// The club has as many members to count as required.
    pub complete: bool,
}

/// A group the ranking counts, with the standings it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountedGroup {
    /// The group.
    pub group: GroupId,
    /// Its current stage.
    pub stage: StageNo,
    /// Its last complete round (0 before any).
    pub after_round: u32,
}

/// The event's team ranking across groups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventTeamStandings {
    /// How many members count.
    pub count: EventTeamCount,
    /// The groups counted, in the event's order.
    pub groups: Vec<CountedGroup>,
    /// Rows in rank order.
    pub rows: Vec<EventTeamRow>,
}

/// A group plays team matches (a team stage): its entrants are teams, not players.
fn plays_team_matches(g: &Group) -> bool {
    g.stages.iter().any(|s| s.teams.is_some())
}

/// The event's team ranking by its own setting; `None` while it is off.
///
/// # Errors
/// A stage's standings cannot be computed.
pub fn event_team_standings(event: &Event) -> Result<Option<EventTeamStandings>, DomainError> {
    event.team_ranking.as_ref().map(|setting| event_team_standings_by(event, setting)).transpose()
}

/// The groups `setting` counts, in the event's order: the ones it names (every
/// individual group when it names none) that exist, play no team matches and have a
/// stage.
pub fn counted_groups(event: &Event, setting: &EventTeamRanking) -> Vec<CountedGroup> {
    let named = |g: &Group| setting.groups.as_ref().is_none_or(|list| list.contains(&g.id));
    event
        .groups
        .iter()
        .filter(|g| named(g) && !plays_team_matches(g))
        .filter_map(|g| {
            let stage = g.current_stage()?;
            Some(CountedGroup { group: g.id, stage: stage.no, after_round: stage.completed_rounds() })
        })
        .collect()
}

/// A club's member with what he brings and where he stands.
#[derive(Debug, Clone, Copy)]
struct Member {
    start_no: StartNo,
    group: GroupId,
    /// The group's place in the event, from 0.
    group_order: usize,
    score: MemberScore,
}

impl Member {
    /// Best first over several groups: more points, the better rank in his own group,
    /// then the group's and the standings' order.
    fn overall_key(&self) -> (Reverse<Points>, u32, usize, usize) {
        (Reverse(self.score.points), self.score.rank, self.group_order, self.score.order)
    }
}

/// The event's team ranking by `setting`.
///
/// # Errors
/// A stage's standings cannot be computed.
pub fn event_team_standings_by(event: &Event, setting: &EventTeamRanking) -> Result<EventTeamStandings, DomainError> {
    let groups = counted_groups(event, setting);
    let mut clubs: BTreeMap<String, Vec<Member>> = BTreeMap::new();
    for (group_order, cg) in groups.iter().enumerate() {
        let scores = member_scores(event, cg.group, cg.stage, cg.after_round)?;
        for p in event.group_players(cg.group) {
            let club = p.entry.club.trim();
            if club.is_empty() {
                continue;
            }
            let members = clubs.entry(club.to_string()).or_default();
            if let Some(score) = scores.get(&p.start_no) {
                members.push(Member { start_no: p.start_no, group: cg.group, group_order, score: *score });
            }
        }
    }
    let mut rows: Vec<(EventTeamRow, Totals)> =
        clubs.into_iter().map(|(club, members)| club_row(club, members, setting.count, groups.len())).collect();
    rank_rows(&mut rows, |(r, t)| (r.complete, *t), |(r, _)| r.club.clone(), |(r, _), rank| r.rank = rank);
    Ok(EventTeamStandings { count: setting.count, groups, rows: rows.into_iter().map(|(r, _)| r).collect() })
}

/// A club's row, unranked: its counted members and their sums, and whether it has as
/// many as `count` requires over `groups` counted groups.
fn club_row(club: String, mut members: Vec<Member>, count: EventTeamCount, groups: usize) -> (EventTeamRow, Totals) {
    members.sort_by_key(Member::overall_key);
    let (counted, complete): (Vec<Member>, bool) = match count {
        EventTeamCount::All => (members, true),
        EventTeamCount::BestOverall(n) => {
            let complete = members.len() >= n as usize;
            (members.into_iter().take(n as usize).collect(), complete)
        }
        EventTeamCount::BestPerGroup(n) => {
            let mut per_group: BTreeMap<usize, Vec<Member>> = BTreeMap::new();
            for m in members {
                per_group.entry(m.group_order).or_default().push(m);
            }
            let complete = per_group.len() == groups && per_group.values().all(|ms| ms.len() >= n as usize);
            let mut counted: Vec<Member> = per_group
                .into_values()
                .flat_map(|mut ms| {
                    ms.sort_by_key(|m| m.score.order);
                    ms.into_iter().take(n as usize)
                })
                .collect();
            counted.sort_by_key(Member::overall_key);
            (counted, complete)
        }
    };
    let totals = Totals::of(counted.iter().map(|m| &m.score));
    let row = EventTeamRow {
        rank: 0,
        club,
        points: totals.points,
        counted: counted
            .iter()
            .map(|m| CountedMember { start_no: m.start_no, group: m.group, points: m.score.points, rank: m.score.rank })
            .collect(),
        opponents_points: totals.opponents_points,
        best_rank: totals.best_rank,
        fouls: totals.fouls,
        complete,
    };
    (row, totals)
}
