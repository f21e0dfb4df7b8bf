//! 队员总分制: teams of an individual group ranked by the points of their best
//! N members in the individual standings (all members when N is not set). Ties: the
//! counted members' summed 对手分, then the best individual rank among them, then fewer
//! fouls, then team number; a team with fewer than N rankable members ranks after the
//! complete teams. Disqualified members are not ranked, so never counted. Members are
//! counted by their place in the whole group, boys and girls together, even where the
//! group ranks them apart.

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
    let stage = g.stage(stage_no).ok_or(DomainError::UnknownStage { group, stage: stage_no })?;
    let after = after_round.min(stage.rounds.len() as u32);
    let count = g.member_ranking.as_ref().and_then(|m| m.count);
    // every member counts, boys and girls alike, by their place in the whole
    // group, even where the individual ranking puts them in two sections.
    let individual = whole_group_standings(event, group, stage_no, after)?;
    let records = records_after(event, group, stage, after);
    let fide = tiebreaks::FideInputs::of(event, stage, &records.keys().copied().collect::<Vec<_>>());
    let ctx = Context::for_stage(&records, stage, &fide);
    // Place in the individual standings, ranked players only.
    let place: BTreeMap<StartNo, (usize, u32, Points)> = individual
        .rows
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.rank.map(|rank| (r.start_no, (i, rank, r.points))))
        .collect();
    let mut rows: Vec<MemberRow> = g
        .teams
        .iter()
        .map(|t| {
            let mut ranked: Vec<StartNo> = t.roster().filter(|p| place.contains_key(p)).collect();
            ranked.sort_by_key(|p| place[p].0);
            let complete = count.is_none_or(|n| ranked.len() >= n as usize);
            let counted: Vec<StartNo> = ranked.into_iter().take(count.map_or(usize::MAX, |n| n as usize)).collect();
            let record = |p: &StartNo| records.get(p).cloned().unwrap_or_else(Record::default);
            MemberRow {
                rank: 0,
                team: t.id,
                points: counted.iter().map(|p| place[p].2).sum(),
                opponents_points: Points(
                    counted.iter().map(|p| tiebreaks::opponents_points(&record(p), &ctx).raw as i32).sum(),
                ),
                best_rank: counted.iter().map(|p| place[p].1).min(),
                fouls: counted.iter().map(|p| tiebreaks::fouls(&record(p)).raw as u32).sum(),
                complete,
                counted,
            }
        })
        .collect();
    let key = |r: &MemberRow| {
        (Reverse(r.complete), Reverse(r.points), Reverse(r.opponents_points), r.best_rank.unwrap_or(u32::MAX), r.fouls)
    };
    rows.sort_by_key(|r| (key(r), r.team));
    for i in 0..rows.len() {
        rows[i].rank = if i > 0 && key(&rows[i]) == key(&rows[i - 1]) { rows[i - 1].rank } else { i as u32 + 1 };
    }
    Ok(MemberStandings { group, stage: stage_no, after_round: after, count, rows })
}
