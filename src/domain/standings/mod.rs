//! Standings after any round of a stage: points, then the stage's ordered
//! tiebreaks, then start number; boys and girls ranked separately where the group
//! says so.
//!
//! Ranking refines tied groups one tiebreak at a time, so group-dependent tiebreaks
//! (直胜 among exactly the tied players; the previous round's ranking, computed with
//! the same rules, recursively back to round 1 and then start numbers) fit the same
//! loop as the per-player ones of [`tiebreaks`].

mod qualify;
pub mod record;
pub mod tiebreaks;

pub use qualify::qualifiers;

use crate::domain::event::stage_entrants;
use crate::domain::event::{Event, Stage, StageKind};
use crate::domain::ids::{GroupId, StageNo, StartNo};
use crate::domain::model::change::DomainError;
use crate::domain::player::{Gender, PlayerStatus};
use crate::domain::points::Points;
use crate::domain::rules::{Colour, Tiebreak};
use record::{Record, read_records};
use std::collections::{BTreeMap, BTreeSet};
use tiebreaks::{Context, FideInputs, TiebreakValue, better_is_higher};

/// One line of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct StandingsRow {
    /// 1-based rank within the row's section; `None` for a disqualified player, who
    /// takes no rank and is listed after every ranked player of the section.
    pub rank: Option<u32>,
    /// 1-based place within the section by the play itself (points and tiebreaks, or
    /// the knockout's places), disqualified players included: for a disqualified
    /// player, where he would stand had he not been disqualified.
    pub place: u32,
    /// The player.
    pub start_no: StartNo,
    /// Total points after the round.
    pub points: Points,
    /// The stage's tiebreaks that have a value of their own, in the stage's order.
    pub tiebreaks: Vec<(Tiebreak, TiebreakValue)>,
    /// Games played on the board as red.
    pub red_games: u32,
    /// Games played on the board as black.
    pub black_games: u32,
    /// Active, withdrawn or disqualified.
    pub status: PlayerStatus,
    /// Knocked out of this knockout stage: still active in the event, out of
    /// the stage.
    pub knocked_out: bool,
    /// The section when boys and girls are ranked separately.
    pub section: Option<Gender>,
}

impl StandingsRow {
    /// The rank as printed: the number, or nothing for a disqualified player.
    pub fn rank_text(&self) -> String {
        self.rank.map(|r| r.to_string()).unwrap_or_default()
    }

    /// The status as `standings --json` writes it: `active`, `withdrawn`,
    /// `disqualified` or `eliminated` (knocked out).
    pub fn status_code(&self) -> &'static str {
        if self.knocked_out && self.status == PlayerStatus::Active { "eliminated" } else { self.status.code() }
    }
}

/// The standings of a stage after a round.
#[derive(Debug, Clone, PartialEq)]
pub struct Standings {
    /// The group.
    pub group: GroupId,
    /// The stage.
    pub stage: StageNo,
    /// The round the standings are after (0: before the first round).
    pub after_round: u32,
    /// Rows by section (boys first), then rank; each section's disqualified players
    /// after its ranked ones, without a rank.
    pub rows: Vec<StandingsRow>,
}

/// Computes the standings of a stage after `after_round`.
///
/// # Errors
/// [`DomainError`] when the group or stage does not exist or the round has not been
/// paired.
pub fn standings(event: &Event, group: GroupId, stage_no: StageNo, after_round: u32) -> Result<Standings, DomainError> {
    let separately = event.group(group).is_some_and(|g| g.rank_genders_separately);
    standings_in_sections(event, group, stage_no, after_round, separately)
}

/// The standings of a stage over the whole group, boys and girls together even where
/// the group ranks them apart: the order that team rankings by members' points count
/// from.
///
/// # Errors
/// As [`standings`].
pub fn whole_group_standings(
    event: &Event,
    group: GroupId,
    stage_no: StageNo,
    after_round: u32,
) -> Result<Standings, DomainError> {
    standings_in_sections(event, group, stage_no, after_round, false)
}

fn standings_in_sections(
    event: &Event,
    group: GroupId,
    stage_no: StageNo,
    after_round: u32,
    separately: bool,
) -> Result<Standings, DomainError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let stage =
        g.stage(stage_no).ok_or_else(|| DomainError::UnknownStage { group: g.name.clone(), stage: stage_no })?;
    if after_round as usize > stage.rounds.len() {
        return Err(DomainError::UnknownRound(crate::domain::ids::RoundNo(after_round)));
    }
    let entrants = stage_entrants(event, group, stage);
    if stage.kind == StageKind::Knockout {
        return Ok(knockout_standings(event, group, stage, &entrants, after_round));
    }
    let sections: Vec<(Option<Gender>, Vec<StartNo>)> = if separately {
        let is_girl = |p: &StartNo| event.player(*p).and_then(|pl| pl.entry.gender) == Some(Gender::Female);
        vec![
            (Some(Gender::Male), entrants.iter().copied().filter(|p| !is_girl(p)).collect()),
            (Some(Gender::Female), entrants.iter().copied().filter(|p| is_girl(p)).collect()),
        ]
    } else {
        vec![(None, entrants.clone())]
    };
    let records = read_records(stage, &entrants, after_round);
    let fide = FideInputs::of(event, stage, &entrants);
    let ctx = Context::for_stage(&records, stage, &fide);
    let columns: Vec<Tiebreak> = stage.tiebreaks.iter().copied().filter(|t| t.has_column()).collect();
    let mut rows = Vec::with_capacity(entrants.len());
    for (section, members) in sections {
        let order = rank_section(stage, &entrants, &members, after_round, &records, &fide);
        let mut section_rows = Vec::with_capacity(order.len());
        for (i, start_no) in order.into_iter().enumerate() {
            let record = records.get(&start_no).cloned().unwrap_or_default();
            let count = |colour| record.games.iter().filter(|g| g.played() && g.colour == colour).count() as u32;
            section_rows.push(StandingsRow {
                rank: None,
                place: i as u32 + 1,
                start_no,
                points: record.total(),
                tiebreaks: columns
                    .iter()
                    .filter_map(|t| match t {
                        // Shown against the players level on points with them.
                        Tiebreak::HeadToHead | Tiebreak::DirectEncounter => {
                            let level: BTreeSet<StartNo> = members
                                .iter()
                                .copied()
                                .filter(|p| records.get(p).map(Record::total) == Some(record.total()))
                                .collect();
                            Some((*t, tiebreaks::among(*t, start_no, &record, &level, &ctx)))
                        }
                        _ => tiebreaks::value(*t, start_no, &record, &ctx).map(|v| (*t, v)),
                    })
                    .collect(),
                red_games: count(Colour::Red),
                black_games: count(Colour::Black),
                status: event.player(start_no).map_or(PlayerStatus::Active, |p| p.status),
                knocked_out: false,
                section,
            });
        }
        rows.extend(set_aside_disqualified(section_rows));
    }
    Ok(Standings { group, stage: stage_no, after_round, rows })
}

/// A knockout stage's standings (R-6.5, CLI.md): the final places 1…N once the final
/// and the third-place match are played, else how far each player got, then seed.
/// Points are the knockout game points; a knockout has no tiebreak columns.
fn knockout_standings(event: &Event, group: GroupId, stage: &Stage, seeds: &[StartNo], after_round: u32) -> Standings {
    let rounds: Vec<_> = stage.rounds.iter().filter(|r| r.no.0 <= after_round).cloned().collect();
    let order = match &stage.knockout {
        Some(rules) => crate::domain::knockout::ranking(seeds, &rounds, &stage.scoring, rules),
        None => seeds.to_vec(),
    };
    let records = read_records(stage, seeds, after_round);
    let out = match &stage.knockout {
        Some(rules) => crate::domain::knockout::knocked_out(seeds.len(), &rounds, &stage.scoring, rules),
        None => BTreeMap::new(),
    };
    let rows = order
        .into_iter()
        .enumerate()
        .map(|(i, start_no)| {
            let record = records.get(&start_no).cloned().unwrap_or_default();
            let count = |colour| record.games.iter().filter(|g| g.played() && g.colour == colour).count() as u32;
            StandingsRow {
                rank: None,
                place: i as u32 + 1,
                start_no,
                points: record.total(),
                tiebreaks: Vec::new(),
                red_games: count(Colour::Red),
                black_games: count(Colour::Black),
                status: event.player(start_no).map_or(PlayerStatus::Active, |p| p.status),
                knocked_out: out.contains_key(&start_no),
                section: None,
            }
        })
        .collect();
    Standings { group, stage: stage.no, after_round, rows: set_aside_disqualified(rows) }
}

/// One section's rows in place order, numbered: every player but the
/// disqualified ones takes the next rank, the players below a disqualified one moving
/// up; the disqualified follow every ranked row, in place order, without a rank.
fn set_aside_disqualified(rows: Vec<StandingsRow>) -> Vec<StandingsRow> {
    let (mut ranked, disqualified): (Vec<StandingsRow>, Vec<StandingsRow>) =
        rows.into_iter().partition(|r| r.status != PlayerStatus::Disqualified);
    for (i, row) in ranked.iter_mut().enumerate() {
        row.rank = Some(i as u32 + 1);
    }
    ranked.extend(disqualified);
    ranked
}

/// The members of one section in rank order after `after_round`. `entrants` are all
/// the stage's players (opponents' totals count across sections); `records` are
/// theirs after `after_round`; `fide` the ratings (ARO) and the edition of C.07.
fn rank_section(
    stage: &Stage,
    entrants: &[StartNo],
    members: &[StartNo],
    after_round: u32,
    records: &BTreeMap<StartNo, Record>,
    fide: &FideInputs,
) -> Vec<StartNo> {
    let ctx = Context::for_stage(records, stage, fide);
    let empty = Record::default();
    let record_of = |p: &StartNo| records.get(p).unwrap_or(&empty);
    let mut ties: Vec<Vec<StartNo>> = vec![members.to_vec()];
    refine(&mut ties, |_, p| i64::from(record_of(p).total().tenths()));
    let mut previous: Option<BTreeMap<StartNo, i64>> = None;
    for &tiebreak in &stage.tiebreaks {
        if ties.iter().all(|t| t.len() < 2) {
            break;
        }
        let sign = if better_is_higher(tiebreak) { 1 } else { -1 };
        match tiebreak {
            Tiebreak::PreviousRank => {
                let ranks = previous.get_or_insert_with(|| previous_ranks(stage, entrants, members, after_round, fide));
                refine(&mut ties, |_, p| -ranks.get(p).copied().unwrap_or(i64::MAX));
            }
            Tiebreak::PreviousScore => {
                for k in (1..after_round).rev() {
                    refine(&mut ties, |_, p| i64::from(record_of(p).total_after(k).tenths()));
                }
            }
            Tiebreak::HeadToHead => {
                refine(&mut ties, |tie, p| tiebreaks::head_to_head(record_of(p), tie, records).raw);
            }
            Tiebreak::DirectEncounter => {
                ties = ties.iter().flat_map(|tie| tiebreaks::direct_encounter(tie, &ctx)).collect();
            }
            other => {
                refine(&mut ties, |_, p| tiebreaks::value(other, *p, record_of(p), &ctx).map_or(0, |v| v.raw * sign));
            }
        }
    }
    ties.into_iter()
        .flat_map(|mut tie| {
            tie.sort();
            tie
        })
        .collect()
}

/// Ranks after the previous round, as position numbers (seed 003: "比较前一轮名次，以此
/// 类推"); before round 2 the start numbers stand in for them (R-5.4).
fn previous_ranks(
    stage: &Stage,
    entrants: &[StartNo],
    members: &[StartNo],
    after_round: u32,
    fide: &FideInputs,
) -> BTreeMap<StartNo, i64> {
    if after_round <= 1 {
        return members.iter().map(|p| (*p, i64::from(p.0))).collect();
    }
    let earlier = read_records(stage, entrants, after_round - 1);
    rank_section(stage, entrants, members, after_round - 1, &earlier, fide)
        .into_iter()
        .enumerate()
        .map(|(i, p)| (p, i as i64))
        .collect()
}

/// Splits every tied group by `key` (higher first), keeping the groups' order.
fn refine(ties: &mut Vec<Vec<StartNo>>, key: impl Fn(&BTreeSet<StartNo>, &StartNo) -> i64) {
    let mut refined = Vec::with_capacity(ties.len());
    for tie in ties.drain(..) {
        if tie.len() < 2 {
            refined.push(tie);
            continue;
        }
        let members: BTreeSet<StartNo> = tie.iter().copied().collect();
        let mut keyed: Vec<(i64, StartNo)> = tie.iter().map(|p| (key(&members, p), *p)).collect();
        keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut current: Vec<StartNo> = Vec::new();
        let mut current_key = None;
        for (k, p) in keyed {
            if current_key.is_some_and(|c| c != k) {
                refined.push(std::mem::take(&mut current));
            }
            current_key = Some(k);
            current.push(p);
        }
        refined.push(current);
    }
    *ties = refined;
}

/// Re-exported for callers that need a player's record (pairing, prizes).
pub fn records_after(event: &Event, group: GroupId, stage: &Stage, after_round: u32) -> BTreeMap<StartNo, Record> {
    read_records(stage, &stage_entrants(event, group, stage), after_round)
}
