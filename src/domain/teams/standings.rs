//! Team standings of team matches: 场分 or 局分 first, then the stage's
//! ordered tiebreaks — the other of the two, 直胜 among exactly the teams still tied
//! (when they all met), 对手场分, 胜局, 台次分, fewer fouls — then team number. Teams
//! level on everything share a rank. Only decided matches count; a bye counts at once.

use super::scoring::{MatchScore, SideScore, bye_score, score_match};
use crate::domain::event::{Event, Group, Stage};
use crate::domain::ids::{GroupId, StageNo};
use crate::domain::model::change::DomainError;
use crate::domain::model::team::{TeamId, TeamPrimary, TeamRound, TeamStage, TeamTiebreak};
use crate::domain::model::team_issue::TeamIssue;
use crate::domain::points::Points;
use std::collections::{BTreeMap, BTreeSet};

/// One team's line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRow {
    /// 1-based; teams level on everything share it.
    pub rank: u32,
    /// The team.
    pub team: TeamId,
    /// 场分.
    pub match_points: Points,
    /// 局分.
    pub game_points: Points,
    /// 胜局.
    pub wins: u32,
    /// 台次分.
    pub board_points: Points,
    /// 对手场分.
    pub opponents_match_points: Points,
    /// 直胜 among the teams tied with it when it was applied; 0 otherwise.
    pub head_to_head: Points,
    /// Fouls of its players.
    pub fouls: u32,
    /// Matches decided (a bye counts).
    pub matches: u32,
    /// Match wins, draws and losses (a bye is a win).
    pub won_drawn_lost: (u32, u32, u32),
}

impl TeamRow {
    fn new(team: TeamId) -> TeamRow {
        TeamRow {
            rank: 0,
            team,
            match_points: Points::ZERO,
            game_points: Points::ZERO,
            wins: 0,
            board_points: Points::ZERO,
            opponents_match_points: Points::ZERO,
            head_to_head: Points::ZERO,
            fouls: 0,
            matches: 0,
            won_drawn_lost: (0, 0, 0),
        }
    }

    /// The value of `tiebreak` on this row, in the stage's `primary` setting; higher
    /// ranks higher (fouls are negated).
    pub fn key(&self, tiebreak: TeamTiebreak, primary: TeamPrimary) -> i64 {
        match tiebreak {
            TeamTiebreak::OtherPoints => match primary {
                TeamPrimary::MatchPoints => i64::from(self.game_points.0),
                TeamPrimary::GamePoints => i64::from(self.match_points.0),
            },
            TeamTiebreak::HeadToHead => i64::from(self.head_to_head.0),
            TeamTiebreak::OpponentsMatchPoints => i64::from(self.opponents_match_points.0),
            TeamTiebreak::Wins => i64::from(self.wins),
            TeamTiebreak::BoardPoints => i64::from(self.board_points.0),
            TeamTiebreak::Fouls => -i64::from(self.fouls),
        }
    }

    fn primary(&self, primary: TeamPrimary) -> i64 {
        match primary {
            TeamPrimary::MatchPoints => i64::from(self.match_points.0),
            TeamPrimary::GamePoints => i64::from(self.game_points.0),
        }
    }
}

/// The standings of a team stage after a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamStandings {
    /// The group.
    pub group: GroupId,
    /// The stage.
    pub stage: StageNo,
    /// Rounds read.
    pub after_round: u32,
    /// What ranks first.
    pub primary: TeamPrimary,
    /// The tiebreaks, in the stage's order.
    pub tiebreaks: Vec<TeamTiebreak>,
    /// Rows in rank order.
    pub rows: Vec<TeamRow>,
}

/// A decided match of one team: who it met and what each made.
struct Meeting {
    opponent: TeamId,
    own: Points,
}

/// The standings of a team stage after `after_round` (clamped to the rounds paired).
///
/// # Errors
/// An unknown group or stage, or a stage that is not a team stage.
pub fn team_standings(
    event: &Event,
    group: GroupId,
    stage_no: StageNo,
    after_round: u32,
) -> Result<TeamStandings, DomainError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let stage =
        g.stage(stage_no).ok_or_else(|| DomainError::UnknownStage { group: g.name.clone(), stage: stage_no })?;
    let rules = stage.teams.as_ref().ok_or(TeamIssue::NotATeamStage(stage_no))?;
    let after = after_round.min(stage.rounds.len() as u32);
    let (mut rows, meetings) = tally(g, stage, rules, after);
    let mp: BTreeMap<TeamId, Points> = rows.iter().map(|r| (r.team, r.match_points)).collect();
    for row in &mut rows {
        row.opponents_match_points = meetings
            .get(&row.team)
            .into_iter()
            .flatten()
            .map(|m| mp.get(&m.opponent).copied().unwrap_or_default())
            .sum();
    }
    let rows = rank(rows, rules, &meetings);
    Ok(TeamStandings {
        group,
        stage: stage_no,
        after_round: after,
        primary: rules.primary,
        tiebreaks: rules.tiebreaks.clone(),
        rows,
    })
}

/// Every team's totals and its decided meetings over rounds 1..=`after`.
fn tally(g: &Group, stage: &Stage, rules: &TeamStage, after: u32) -> (Vec<TeamRow>, BTreeMap<TeamId, Vec<Meeting>>) {
    let mut rows: BTreeMap<TeamId, TeamRow> = g.teams.iter().map(|t| (t.id, TeamRow::new(t.id))).collect();
    let mut meetings: BTreeMap<TeamId, Vec<Meeting>> = BTreeMap::new();
    for round in stage.rounds.iter().filter(|r| r.no.0 <= after) {
        let Some(tr) = &round.teams else { continue };
        for m in &tr.matches {
            let score = score_match(stage, rules.boards, round, m);
            if !score.complete {
                continue;
            }
            let (home_mp, away_mp) = score.match_points(&rules.match_points);
            for (team, side, own, other, opponent) in sides(m.home, m.away, &score, home_mp, away_mp) {
                if let Some(row) = rows.get_mut(&team) {
                    add_side(row, side, own, other);
                }
                meetings.entry(team).or_default().push(Meeting { opponent, own });
            }
        }
        add_byes(&mut rows, stage, rules, tr);
    }
    (rows.into_values().collect(), meetings)
}

type Side<'a> = (TeamId, &'a SideScore, Points, Points, TeamId);

fn sides(home: TeamId, away: TeamId, score: &MatchScore, home_mp: Points, away_mp: Points) -> [Side<'_>; 2] {
    [(home, &score.home, home_mp, away_mp, away), (away, &score.away, away_mp, home_mp, home)]
}

fn add_side(row: &mut TeamRow, side: &SideScore, own: Points, other: Points) {
    row.match_points += own;
    row.game_points += side.game_points;
    row.wins += side.wins;
    row.board_points += side.board_points;
    row.fouls += side.fouls;
    row.matches += 1;
    let (w, d, l) = &mut row.won_drawn_lost;
    match own.cmp(&other) {
        std::cmp::Ordering::Greater => *w += 1,
        std::cmp::Ordering::Equal => *d += 1,
        std::cmp::Ordering::Less => *l += 1,
    }
}

fn add_byes(rows: &mut BTreeMap<TeamId, TeamRow>, stage: &Stage, rules: &TeamStage, tr: &TeamRound) {
    let bye = bye_score(stage, rules.boards, rules.bye_game_points);
    for team in &tr.byes {
        if let Some(row) = rows.get_mut(team) {
            add_side(row, &bye, rules.match_points.win, rules.match_points.loss);
        }
    }
}

/// Orders the rows: one criterion at a time within the teams still level, 直胜 taken
/// among exactly those teams; shared ranks for teams level on everything.
fn rank(rows: Vec<TeamRow>, rules: &TeamStage, meetings: &BTreeMap<TeamId, Vec<Meeting>>) -> Vec<TeamRow> {
    let mut buckets: Vec<Vec<TeamRow>> = vec![rows];
    let primary = rules.primary;
    buckets = split(buckets, |r| r.primary(primary));
    for tiebreak in &rules.tiebreaks {
        if *tiebreak == TeamTiebreak::HeadToHead {
            for bucket in &mut buckets {
                set_head_to_head(bucket, meetings);
            }
        }
        buckets = split(buckets, |r| r.key(*tiebreak, primary));
    }
    let mut out = Vec::new();
    for mut bucket in buckets {
        bucket.sort_by_key(|r| r.team);
        let rank = out.len() as u32 + 1;
        for mut row in bucket {
            row.rank = rank;
            out.push(row);
        }
    }
    out
}

/// Splits every bucket by `key`, highest first, keeping bucket order.
fn split(buckets: Vec<Vec<TeamRow>>, key: impl Fn(&TeamRow) -> i64) -> Vec<Vec<TeamRow>> {
    let mut out = Vec::new();
    for mut bucket in buckets {
        bucket.sort_by_key(|r| std::cmp::Reverse(key(r)));
        let mut current: Vec<TeamRow> = Vec::new();
        for row in bucket {
            if current.last().is_some_and(|last| key(last) != key(&row)) {
                out.push(std::mem::take(&mut current));
            }
            current.push(row);
        }
        if !current.is_empty() {
            out.push(current);
        }
    }
    out
}

/// 直胜: the 场分 each team of a tied bucket made against the others, when
/// every two of them met; otherwise nothing separates them.
fn set_head_to_head(bucket: &mut [TeamRow], meetings: &BTreeMap<TeamId, Vec<Meeting>>) {
    if bucket.len() < 2 {
        return;
    }
    let tied: BTreeSet<TeamId> = bucket.iter().map(|r| r.team).collect();
    let all_met = tied.iter().all(|t| {
        let met: BTreeSet<TeamId> = meetings.get(t).into_iter().flatten().map(|m| m.opponent).collect();
        tied.iter().all(|o| o == t || met.contains(o))
    });
    for row in bucket.iter_mut() {
        row.head_to_head = if all_met {
            meetings.get(&row.team).into_iter().flatten().filter(|m| tied.contains(&m.opponent)).map(|m| m.own).sum()
        } else {
            Points::ZERO
        };
    }
}
