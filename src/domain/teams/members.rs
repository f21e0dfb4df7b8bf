//! 队员总分制: teams of an individual group ranked by the points of their best
//! N members in the individual standings (all members when N is not set). Ties: the
//! counted members' summed 对手分, then the best individual rank among them, then fewer
//! fouls, then team number; a team with fewer than N rankable members ranks after the
//! complete teams. Disqualified members are not ranked, so never counted. Members are
//! counted by their place in the whole group, boys and girls together, even where the
//! group ranks them apart.
//!
//! The members' scores ([`member_scores`]), their sums ([`Totals`]) and the order of
//! the sums ([`rank_rows`]) are shared with the event's ranking across groups
//! ([`super::event_ranking`]).

use crate::domain::event::Event;
use crate::domain::ids::{GroupId, StageNo, StartNo};
use crate::domain::model::change::DomainError;
use crate::domain::model::team::TeamId;
use crate::domain::points::Points;
use crate::domain::standings::record::Record;
use crate::domain::standings::tiebreaks::{self, Context};
use crate::domain::standings::{records_after, whole_group_standings};
use std::cmp::Reverse;
use std::collections::BTreeMap;

/// One team's line of 队员总分制.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberRow {
    /// 1-based; teams level on everything share it.
    pub rank: u32,
    /// The team.
    pub team: TeamId,
    /// The counted members' summed points.
    pub points: Points,
    /// The counted members, best first.
    pub counted: Vec<StartNo>,
    /// Their summed 对手分.
    pub opponents_points: Points,
    /// The best individual rank among them; `None` when none is ranked.
    pub best_rank: Option<u32>,
    /// Their fouls.
    pub fouls: u32,
    /// The team has N rankable members.
    pub complete: bool,
}

/// 队员总分制 after a round of a stage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberStandings {
    /// The group.
    pub group: GroupId,
    /// The stage.
    pub stage: StageNo,
    /// Rounds read.
    pub after_round: u32,
    /// N, or `None` for every member.
    pub count: Option<u32>,
    /// Rows in rank order.
    pub rows: Vec<MemberRow>,
}

/// What a ranked player brings to a team ranking by members' points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemberScore {
    /// Place in the whole group's standings, from 0 (the standings' own order).
    pub order: usize,
    /// Rank in the whole group.
    pub rank: u32,
    /// Points after the round.
    pub points: Points,
    /// 对手分.
    pub opponents_points: Points,
    /// Fouls.
    pub fouls: u32,
}

/// Every ranked player of the stage after `after` rounds (clamped), by his place in the
/// whole group, boys and girls together; disqualified players are not ranked
/// and not there.
///
/// # Errors
/// An unknown group or stage.
pub fn member_scores(
    event: &Event,
    group: GroupId,
    stage_no: StageNo,
    after: u32,
) -> Result<BTreeMap<StartNo, MemberScore>, DomainError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let stage =
        g.stage(stage_no).ok_or_else(|| DomainError::UnknownStage { group: g.name.clone(), stage: stage_no })?;
    let after = after.min(stage.rounds.len() as u32);
    let individual = whole_group_standings(event, group, stage_no, after)?;
    let records = records_after(event, group, stage, after);
    let fide = tiebreaks::FideInputs::of(event, stage, &records.keys().copied().collect::<Vec<_>>());
    let ctx = Context::for_stage(&records, stage, &fide);
    let empty = Record::default();
    Ok(individual
        .rows
        .iter()
        .enumerate()
        .filter_map(|(order, r)| {
            let rank = r.rank?;
            let record = records.get(&r.start_no).unwrap_or(&empty);
            let opponents_points = Points(tiebreaks::opponents_points(record, &ctx).raw as i32);
            let fouls = tiebreaks::fouls(record).raw as u32;
            Some((r.start_no, MemberScore { order, rank, points: r.points, opponents_points, fouls }))
        })
        .collect())
}

/// The counted members' sums: what a team ranking by members' points orders by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    /// Summed points.
    pub points: Points,
    /// Summed 对手分.
    pub opponents_points: Points,
    /// The best rank among them (each in his own group); `None` when none is counted.
    pub best_rank: Option<u32>,
    /// Summed fouls.
    pub fouls: u32,
}

impl Totals {
    /// The sums of `scores`.
    pub fn of<'a>(scores: impl IntoIterator<Item = &'a MemberScore>) -> Totals {
        scores.into_iter().fold(Totals::default(), |t, s| Totals {
            points: t.points + s.points,
            opponents_points: t.opponents_points + s.opponents_points,
            best_rank: Some(t.best_rank.map_or(s.rank, |b| b.min(s.rank))),
            fouls: t.fouls + s.fouls,
        })
    }
}

/// The order of a team ranking by members' points: complete teams first, then more
/// points, more 对手分, the better best rank, fewer fouls.
type TieKey = (Reverse<bool>, Reverse<Points>, Reverse<Points>, u32, u32);

fn tie_key(complete: bool, t: &Totals) -> TieKey {
    (Reverse(complete), Reverse(t.points), Reverse(t.opponents_points), t.best_rank.unwrap_or(u32::MAX), t.fouls)
}

/// Sorts `rows` by [`Totals`] (complete ones first) and then by `then`, and gives each
/// its rank through `set_rank`; rows level on everything but `then` share a rank.
pub fn rank_rows<T, K: Ord>(
    rows: &mut [T],
    of: impl Fn(&T) -> (bool, Totals),
    then: impl Fn(&T) -> K,
    mut set_rank: impl FnMut(&mut T, u32),
) {
    let key = |r: &T| {
        let (complete, totals) = of(r);
        tie_key(complete, &totals)
    };
    rows.sort_by(|a, b| key(a).cmp(&key(b)).then_with(|| then(a).cmp(&then(b))));
    let mut rank = 0;
    for i in 0..rows.len() {
        if i == 0 || key(&rows[i]) != key(&rows[i - 1]) {
            rank = i as u32 + 1;
        }
        set_rank(&mut rows[i], rank);
    }
}

/// 队员总分制 of the group's teams over `stage_no` after `after_round` (clamped).
///
/// # Errors
/// An unknown group or stage.
pub fn member_standings(
    event: &Event,
    group: GroupId,
    stage_no: StageNo,
    after_round: u32,
) -> Result<MemberStandings, DomainError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let stage =
        g.stage(stage_no).ok_or_else(|| DomainError::UnknownStage { group: g.name.clone(), stage: stage_no })?;
    let after = after_round.min(stage.rounds.len() as u32);
    let count = g.member_ranking.as_ref().and_then(|m| m.count);
    // every member counts, boys and girls alike, by their place in the whole
    // group, even where the individual ranking puts them in two sections.
    let scores = member_scores(event, group, stage_no, after)?;
    let mut rows: Vec<(MemberRow, Totals)> = g
        .teams
        .iter()
        .map(|t| {
            let mut ranked: Vec<StartNo> = t.roster().filter(|p| scores.contains_key(p)).collect();
            ranked.sort_by_key(|p| scores[p].order);
            let complete = count.is_none_or(|n| ranked.len() >= n as usize);
            let counted: Vec<StartNo> = ranked.into_iter().take(count.map_or(usize::MAX, |n| n as usize)).collect();
            let totals = Totals::of(counted.iter().map(|p| &scores[p]));
            let row = MemberRow {
                rank: 0,
                team: t.id,
                points: totals.points,
                opponents_points: totals.opponents_points,
                best_rank: totals.best_rank,
                fouls: totals.fouls,
                complete,
                counted,
            };
            (row, totals)
        })
        .collect();
    rank_rows(&mut rows, |(r, t)| (r.complete, *t), |(r, _)| r.team, |(r, _), rank| r.rank = rank);
    let rows = rows.into_iter().map(|(r, _)| r).collect();
    Ok(MemberStandings { group, stage: stage_no, after_round: after, count, rows })
}
