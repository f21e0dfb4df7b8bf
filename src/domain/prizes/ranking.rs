//! The ranking a group's prizes go by, built from the standings of the
//! stages it covers; a disqualified player takes no place in it, but the place
//! he would have held is kept beside it for the list of players left out.

use super::{PrizeError, PrizeRules, ProgressBaseline, RankedPlayer};
use crate::domain::knockout::final_ranking;
use crate::domain::model::change::DomainError;
use crate::domain::model::event::{ByeKind, Event, Stage, StageKind, stage_entrants};
use crate::domain::model::ids::{GroupId, StageNo, StartNo};
use crate::domain::model::player::{Gender, PlayerStatus};
use crate::domain::standings::{StandingsRow, standings};
use std::collections::BTreeMap;

/// The prize ranking with the disqualified players beside it and the stages it covers.
#[derive(Debug, Clone, Default)]
pub(super) struct Ranking<'e> {
    /// The players who hold a rank, in rank order.
    pub ranked: Vec<RankedPlayer>,
    /// The disqualified players of the ranking's stages, each with the rank he would
    /// hold had he not been disqualified (the ranked players above him, plus one).
    pub disqualified: Vec<RankedPlayer>,
    /// The stages the ranking covers, in order, with each one's entrants.
    pub chain: Vec<(&'e Stage, Vec<StartNo>)>,
}

/// The ranking a group's prizes go by, with what [`super::awards`] needs of each player
/// (empty until the first stage of the ranking has a complete round):
/// - the stages from `rules.ranking_from_stage` (default: the current stage, and the
///   one before it when the current one is a knockout) to the current stage;
/// - the current stage's standings (after its last complete round; a knockout after
///   every round paired), followed by the players of each earlier stage who did not
///   reach the later one, in that stage's order (R-6.7: knockout places 1–16, then the
///   Swiss's 17–32). With a single stage the standings' ranks are kept (ranked per
///   section where boys and girls are ranked separately, R-5.3);
/// - a disqualified player is left out and the players below him move up;
/// - the seed rank by `rules.best_progress`'s baseline (the deciding stage's seed when
///   there is no best-progress prize);
/// - played every round: active (not withdrawn or disqualified), and in every stage of
///   the ranking no absent or requested bye, no forfeit loss (a both-forfeit included),
///   and in a Swiss or round robin a game or a pairing bye in every round paired.
///
/// # Errors
/// [`PrizeError::Domain`] for an unknown group; [`PrizeError::NotStarted`] when the
/// rules' first stage comes after the current stage.
pub fn prize_ranking(event: &Event, group: GroupId, rules: &PrizeRules) -> Result<Vec<RankedPlayer>, PrizeError> {
    Ok(build(event, group, rules)?.ranked)
}

/// The ranking of [`prize_ranking`] with the disqualified players and the chain.
///
/// # Errors
/// As [`prize_ranking`].
pub(super) fn build<'e>(event: &'e Event, group: GroupId, rules: &PrizeRules) -> Result<Ranking<'e>, PrizeError> {
    let g = event.group(group).ok_or(DomainError::UnknownGroup(group))?;
    let Some(current) = g.current_stage() else { return Ok(Ranking::default()) };
    let from = rules.ranking_from_stage.unwrap_or(if current.kind == StageKind::Knockout && current.no.0 > 1 {
        StageNo(current.no.0 - 1)
    } else {
        current.no
    });
    if from > current.no {
        return Err(PrizeError::NotStarted(from));
    }
    let stages: Vec<&Stage> = g.stages.iter().filter(|s| s.no >= from && s.no <= current.no).collect();
    if stages.first().is_none_or(|first| first.completed_rounds() == 0) {
        return Ok(Ranking::default());
    }

    // Each stage's players in place order, disqualified ones where they would stand.
    let mut orders: Vec<Vec<(Option<Gender>, StartNo)>> = Vec::with_capacity(stages.len());
    for stage in &stages {
        let after =
            if stage.kind == StageKind::Knockout { stage.rounds.len() as u32 } else { stage.completed_rounds() };
        orders.push(place_order(&standings(event, group, stage.no, after)?.rows));
    }
    let places: Vec<(Option<Gender>, StartNo)> = match orders.as_slice() {
        [] => Vec::new(),
        [only] => only.clone(),
        [earlier @ .., last] => {
            let mut order: Vec<StartNo> = last.iter().map(|(_, p)| *p).collect();
            for previous in earlier.iter().rev() {
                let previous: Vec<StartNo> = previous.iter().map(|(_, p)| *p).collect();
                order = final_ranking(&order, &previous);
            }
            order.into_iter().map(|p| (None, p)).collect()
        }
    };

    let chain: Vec<(&Stage, Vec<StartNo>)> = stages.iter().map(|s| (*s, stage_entrants(event, group, s))).collect();
    let seed_in = |k: usize, p: StartNo| chain[k].1.iter().position(|q| *q == p).map(|i| i as u32 + 1);
    let baseline = rules.best_progress.as_ref().map_or(ProgressBaseline::default(), |bp| bp.baseline);
    let mut ranked_above: BTreeMap<Option<Gender>, u32> = BTreeMap::new();
    let mut out = Ranking { chain: Vec::new(), ..Ranking::default() };
    for (section, start_no) in places {
        let player = event.player(start_no);
        let disqualified = player.is_some_and(|p| p.status == PlayerStatus::Disqualified);
        let above = ranked_above.entry(section).or_default();
        let rank = *above + 1;
        if !disqualified {
            *above += 1;
        }
        let seed_rank = match baseline {
            ProgressBaseline::FirstStageSeed => seed_in(0, start_no),
            ProgressBaseline::DecidingStageSeed => (0..chain.len()).rev().find_map(|k| seed_in(k, start_no)),
        };
        let active = player.is_some_and(|p| p.status == PlayerStatus::Active);
        let missed =
            chain.iter().any(|(s, entrants)| entrants.contains(&start_no) && first_miss(s, start_no).is_some());
        let ranked = RankedPlayer {
            rank,
            start_no,
            seed_rank,
            verified_female: player.is_some_and(|p| p.entry.verified_female),
            played_every_round: active && !missed,
            finished: active && chain.iter().any(|(s, _)| played_a_game(s, start_no)),
            section,
        };
        if disqualified { out.disqualified.push(ranked) } else { out.ranked.push(ranked) }
    }
    out.chain = chain;
    Ok(out)
}

/// The rows' players section by section, each section in place order (a disqualified
/// player where he would stand).
fn place_order(rows: &[StandingsRow]) -> Vec<(Option<Gender>, StartNo)> {
    rows.chunk_by(|a, b| a.section == b.section)
        .flat_map(|run| {
            let mut run: Vec<&StandingsRow> = run.iter().collect();
            run.sort_by_key(|r| (r.place, r.start_no));
            run.into_iter().map(|r| (r.section, r.start_no))
        })
        .collect()
}

/// How a player missed a round of a stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Miss {
    /// An absent or requested bye.
    Absent,
    /// A forfeit loss (a both-forfeit included).
    Forfeit,
    /// Not paired (outside a knockout, where a player out of the bracket is not
    /// missing).
    NotPaired,
}

/// Whether the player played a game on the board in the stage (a forfeit is none).
fn played_a_game(stage: &Stage, player: StartNo) -> bool {
    stage.rounds.iter().flat_map(|r| r.games_of(player)).any(|g| g.result.is_some_and(|r| r.outcome.was_played()))
}

/// The first round of the stage `player` missed, and how: an absent or requested bye, a
/// forfeit loss, or (outside a knockout) a round paired without him.
pub(super) fn first_miss(stage: &Stage, player: StartNo) -> Option<(crate::domain::model::ids::RoundNo, Miss)> {
    stage.rounds.iter().find_map(|round| {
        if let Some(bye) = round.bye_of(player) {
            return (bye.kind != ByeKind::Pairing).then_some((round.no, Miss::Absent));
        }
        let mut games = round.games_of(player).peekable();
        if games.peek().is_none() {
            return (stage.kind != StageKind::Knockout).then_some((round.no, Miss::NotPaired));
        }
        let forfeited = games.any(|g| match (g.colour_of(player), g.result) {
            (Some(colour), Some(result)) => result.outcome.forfeited_by(colour),
            _ => false,
        });
        forfeited.then_some((round.no, Miss::Forfeit))
    })
}
