//! Knockout (R-6, seed 000 chapter 3): seeding first against last, two-game matches
//! with colours swapped, playoff games of 25, 20, 15 … minutes while the match is
//! level, the winner keeping the better seed, and the final places (9–16 and 5–8 from
//! the pre-knockout ranks, a final and a third-place match).
//!
//! A knockout round is an ordinary [`Round`]: board *k* is match *k*, its games are
//! numbered 1, 2 (the match games) and 3, 4 … (playoffs). Everything here is a pure
//! function of the stage's seeding and its rounds.

use super::event::{Event, Game, KnockoutRules, Round, Stage, StageKind, stage_entrants};
use super::ids::{BoardNo, GroupId, StartNo};
use super::points::Points;
use super::rules::{Colour, ScoringTable};
use std::collections::BTreeMap;

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchState {
    /// Games still to be played (results missing).
    InPlay,
    /// Level after every game played: another playoff game is needed.
    Level {
        /// The number of the next game (3, 4 …).
        next_game: u32,
        /// Its time control in minutes.
        minutes: u32,
    },
    /// Decided.
    Won {
        /// The winner.
        winner: StartNo,
        /// The loser.
        loser: StartNo,
    },
}

/// The pairs of a first knockout round from the seeding order: first against last,
/// second against second-last …, the higher seed named first. With an odd
/// count the top seed has a bye (returned separately).
pub fn first_against_last(seeds: &[StartNo]) -> (Vec<(StartNo, StartNo)>, Option<StartNo>) {
    let mut seeds = seeds.to_vec();
    let bye = if !seeds.len().is_multiple_of(2) { Some(seeds.remove(0)) } else { None };
    let n = seeds.len();
    ((0..n / 2).map(|i| (seeds[i], seeds[n - 1 - i])).collect(), bye)
}

/// The time control of playoff game `k` (0 for the first playoff): 25, 20, 15 …
/// minutes, never below the rules' minimum.
pub fn playoff_minutes(rules: &KnockoutRules, k: u32) -> u32 {
    // Games of a playoff pair share their time control.
    let step = if rules.playoff_pairs { k / 2 } else { k };
    rules
        .first_playoff_minutes
        .saturating_sub(rules.playoff_step_minutes.saturating_mul(step))
        .max(rules.min_playoff_minutes)
}

/// The seeds of a fixed bracket of `size` (a power of two) in match order, so that seeds
/// 1 and 2 can meet only in the final: 1, 16, 8, 9, 5, 12, 4, 13, 3, 14, 6, 11, 7, 10, 2,
/// 15 for 16.
pub fn bracket_order(size: usize) -> Vec<usize> {
    let mut order = vec![1usize];
    while order.len() < size {
        let n = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order
}

/// The colours of game `number` of a match whose game 1 has `first_red` as red:
/// colours alternate from game to game, playoffs included.
pub fn colours_of_game(first_red: StartNo, first_black: StartNo, number: u32) -> (StartNo, StartNo) {
    if !number.is_multiple_of(2) { (first_red, first_black) } else { (first_black, first_red) }
}

/// The games of match `board` of the round, in game order.
pub fn match_games(round: &Round, board: BoardNo) -> Vec<&Game> {
    let mut games: Vec<&Game> = round.games.iter().filter(|g| g.board == board).collect();
    games.sort_by_key(|g| g.game);
    games
}

/// The state of a match from its games under the knockout scoring (win 2, draw 1, loss
/// 0): level after the match games → a playoff; level after a playoff → another;
/// otherwise the player with more points wins. A both-forfeit game decides nothing;
/// the arbiters settle such a match by hand.
pub fn match_state(games: &[&Game], scoring: &ScoringTable, rules: &KnockoutRules) -> MatchState {
    let Some(first) = games.first() else { return MatchState::InPlay };
    if games.iter().any(|g| g.result.is_none()) {
        return MatchState::InPlay;
    }
    let (a, b) = (first.red, first.black);
    let mut points: BTreeMap<StartNo, Points> = BTreeMap::from([(a, Points::ZERO), (b, Points::ZERO)]);
    for g in games {
        if let Some(r) = g.result {
            for colour in [Colour::Red, Colour::Black] {
                *points.entry(g.player(colour)).or_default() += r.outcome.points_for(colour, scoring);
            }
        }
    }
    let played = games.len() as u32;
    if played < rules.games_per_match {
        return MatchState::InPlay;
    }
    let playoffs_so_far = played - rules.games_per_match;
    // Armageddon (CXA 2020 Art. 30): a draw counts as a win for black.
    if let (Some(after), Some(last)) = (rules.armageddon_after, games.last())
        && playoffs_so_far == after + 1
        && let Some(result) = last.result
    {
        let red_wins = result.outcome.won_by(Colour::Red);
        let (winner, loser) = if red_wins { (last.red, last.black) } else { (last.black, last.red) };
        return MatchState::Won { winner, loser };
    }
    let (pa, pb) = (points[&a], points[&b]);
    // Playoffs in pairs: the second game of a pair is always played.
    let pair_open = rules.playoff_pairs && !playoffs_so_far.is_multiple_of(2);
    if pa == pb || pair_open {
        return MatchState::Level { next_game: played + 1, minutes: playoff_minutes(rules, playoffs_so_far) };
    }
    if pa > pb { MatchState::Won { winner: a, loser: b } } else { MatchState::Won { winner: b, loser: a } }
}

/// The next playoff game of a level match, coloured in turn, or `None` when the match
/// is not level.
pub fn next_playoff(games: &[&Game], scoring: &ScoringTable, rules: &KnockoutRules) -> Option<Game> {
    let first = games.first()?;
    match match_state(games, scoring, rules) {
        MatchState::Level { next_game, .. } => {
            let (red, black) = colours_of_game(first.red, first.black, next_game);
            Some(Game { board: first.board, game: next_game, red, black, result: None })
        }
        _ => None,
    }
}

/// The next round's pairs from the winners, each keeping the better seed of their
/// match: ordered by that seed, first against last again. `seed_of` gives each
/// player's seed (1 = best).
pub fn next_pairs(winners: &[StartNo], seed_of: &BTreeMap<StartNo, u32>) -> Vec<(StartNo, StartNo)> {
    let mut ordered = winners.to_vec();
    ordered.sort_by_key(|p| seed_of.get(p).copied().unwrap_or(u32::MAX));
    first_against_last(&ordered).0
}

/// The final places of a 16-player knockout run as says: semi-final winners play
/// for 1–2, losers for 3–4; quarter-final losers take 5–8 and round-of-16 losers 9–16,
/// each in the order of their ranks before the knockout (`pre_rank`, 1 = best).
/// `eliminated[k]` holds the losers of knockout round k+1 in any order; `final_match`
/// and `third_place` are (winner, loser).
pub fn places(
    pre_rank: &BTreeMap<StartNo, u32>,
    eliminated: &[Vec<StartNo>],
    final_match: (StartNo, StartNo),
    third_place: (StartNo, StartNo),
) -> Vec<StartNo> {
    let mut order = vec![final_match.0, final_match.1, third_place.0, third_place.1];
    for losers in eliminated.iter().rev() {
        let mut losers = losers.clone();
        losers.sort_by_key(|p| pre_rank.get(p).copied().unwrap_or(u32::MAX));
        order.extend(losers);
    }
    order
}

#[cfg(test)]
mod tests;

/// Why the next knockout round cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KnockoutError {
    /// A match of the last round is still being played.
    #[error("match {board} of round {round} is not decided yet")]
    Undecided { round: u32, board: BoardNo },
    /// The final and the third-place match have been played.
    #[error("the knockout is finished")]
    Finished,
    /// Fewer than two players.
    #[error("a knockout needs at least two players")]
    TooFewPlayers,
    /// The stage has no knockout rules.
    #[error("the stage has no knockout rules")]
    NoRules,
}

/// The winner and loser of every match of a round, by board, or the first undecided one.
///
/// # Errors
/// [`KnockoutError::Undecided`].
pub fn round_outcomes(
    round: &Round,
    scoring: &ScoringTable,
    rules: &KnockoutRules,
) -> Result<Vec<(BoardNo, StartNo, StartNo)>, KnockoutError> {
    let mut boards: Vec<BoardNo> = round.games.iter().map(|g| g.board).collect();
    boards.sort();
    boards.dedup();
    boards
        .into_iter()
        .map(|board| match match_state(&match_games(round, board), scoring, rules) {
            MatchState::Won { winner, loser } => Ok((board, winner, loser)),
            _ => Err(KnockoutError::Undecided { round: round.no.0, board }),
        })
        .collect()
}

/// The players knocked out so far, each with the band of places they finish in
/// (`(5, 8)`: one of places 5–8; the exact place follows from the pre-knockout rank
/// once the band is complete). Losers of matches before the semi-finals, and of the
/// semi-finals too when there is no third-place match; the final and third-place
/// match decide places and knock nobody out. `field` is the number of seeds.
pub fn knocked_out(
    field: usize,
    rounds: &[Round],
    scoring: &ScoringTable,
    rules: &KnockoutRules,
) -> BTreeMap<StartNo, (u32, u32)> {
    let bracket = field.next_power_of_two() as u32;
    let mut out = BTreeMap::new();
    for (k, round) in rounds.iter().enumerate() {
        let semi_finals = (bracket >> k) == 4;
        if is_placement_round(round, rounds) || (semi_finals && rules.third_place) || (bracket >> k) < 4 {
            continue;
        }
        let band = ((bracket >> (k + 1)) + 1, (bracket >> k).min(field as u32));
        let mut boards: Vec<BoardNo> = round.games.iter().map(|g| g.board).collect();
        boards.dedup();
        for board in boards {
            if let MatchState::Won { loser, .. } = match_state(&match_games(round, board), scoring, rules) {
                out.insert(loser, band);
            }
        }
    }
    out
}

/// [`knocked_out`] for a knockout stage of the event; empty for other stages.
pub fn stage_knocked_out(event: &Event, group: GroupId, stage: &Stage) -> BTreeMap<StartNo, (u32, u32)> {
    match (&stage.kind, &stage.knockout) {
        (StageKind::Knockout, Some(rules)) => {
            let field = stage_entrants(event, group, stage).len();
            knocked_out(field, &stage.rounds, &stage.scoring, rules)
        }
        _ => BTreeMap::new(),
    }
}

/// The games of a new match: the two match games with colours swapped, the higher seed
/// red in game 1 (the director records another choice by swapping colours, R-6.2).
fn match_of(board: u32, higher: StartNo, lower: StartNo, rules: &KnockoutRules) -> Vec<Game> {
    (1..=rules.games_per_match.max(1))
        .map(|number| {
            let (red, black) = colours_of_game(higher, lower, number);
            Game { board: BoardNo(board), game: number, red, black, result: None }
        })
        .collect()
}

/// The next knockout round of a stage from its seeding (`seeds`, best first) and the
/// rounds played: round 1 first against last (the top seeds pass when the
/// field is short of a power of two); later rounds the winners, each keeping the better
/// seed of their match, first against last again; after the semi-finals the final on
/// board 1 and the third-place match on board 2, each with the better seed number held
/// red in game 1.
///
/// # Errors
/// [`KnockoutError`] when a match is undecided or the knockout is over.
pub fn next_round(
    seeds: &[StartNo],
    rounds: &[Round],
    scoring: &ScoringTable,
    rules: &KnockoutRules,
) -> Result<(Vec<Game>, Vec<StartNo>), KnockoutError> {
    if seeds.len() < 2 {
        return Err(KnockoutError::TooFewPlayers);
    }
    let seed_of: BTreeMap<StartNo, u32> = seeds.iter().enumerate().map(|(i, p)| (*p, i as u32 + 1)).collect();
    let Some(last) = rounds.last() else {
        return Ok(first_round(seeds, rules));
    };
    let outcomes = round_outcomes(last, scoring, rules)?;
    let mut winners: Vec<StartNo> = outcomes.iter().map(|(_, w, _)| *w).collect();
    winners.extend(last.byes.iter().map(|b| b.player));
    let carried = carried_seeds(&seed_of, rounds, scoring, rules);
    // The semi-finals were the round with two matches: now the final and third place.
    let semi_finals = outcomes.len() == 2 && last.byes.is_empty();
    let final_played = outcomes.len() <= 2 && rounds.len() >= 2 && is_placement_round(last, rounds);
    if final_played || (outcomes.len() == 1 && last.byes.is_empty()) {
        return Err(KnockoutError::Finished);
    }
    let mut games = Vec::new();
    if semi_finals {
        let mut order = winners.clone();
        order.sort_by_key(|p| carried.get(p).copied().unwrap_or(u32::MAX));
        games.extend(match_of(1, order[0], order[1], rules));
        if rules.third_place {
            // The higher seed is the better seed number held in the semi-final, as in
            // every other round, not the original one.
            let mut losers: Vec<StartNo> = outcomes.iter().map(|(_, _, l)| *l).collect();
            losers.sort_by_key(|p| carried.get(p).copied().unwrap_or(u32::MAX));
            games.extend(match_of(2, losers[0], losers[1], rules));
        }
        return Ok((games, Vec::new()));
    }
    let pairs = if rules.reseed {
        next_pairs(&winners, &carried)
    } else {
        fixed_bracket_pairs(seeds, last, &outcomes, &carried)
    };
    for (k, (high, low)) in pairs.into_iter().enumerate() {
        games.extend(match_of(k as u32 + 1, high, low, rules));
    }
    Ok((games, Vec::new()))
}

/// Round 1 on a bracket of the next power of two: seed i meets seed B+1−i, and the
/// seeds beyond the field are byes for the top seeds. Returns the games and the passes.
fn first_round(seeds: &[StartNo], rules: &KnockoutRules) -> (Vec<Game>, Vec<StartNo>) {
    let bracket = seeds.len().next_power_of_two();
    let mut games = Vec::new();
    let mut passes = Vec::new();
    // Re-seeding pairs 1–N, 2–(N−1) … in that order; a fixed bracket lays the same
    // pairs out so that the halves meet only in the final.
    let tops: Vec<usize> = if rules.reseed {
        (1..=bracket / 2).collect()
    } else {
        bracket_order(bracket).chunks(2).map(|c| c[0].min(c[1])).collect()
    };
    for top in tops {
        let i = top - 1;
        let (high, low) = (seeds[i], seeds.get(bracket - 1 - i).copied());
        match low {
            Some(low) => {
                games.extend(match_of(games.len() as u32 / rules.games_per_match.max(1) + 1, high, low, rules))
            }
            None => passes.push(high),
        }
    }
    (games, passes)
}

/// A fixed bracket's next pairs: the winners of matches 1 and 2 meet, of 3 and 4 …; a
/// player who passed round 1 holds the slot of the match he would have played. The
/// better seed number carried is named first.
fn fixed_bracket_pairs(
    seeds: &[StartNo],
    last: &Round,
    outcomes: &[(BoardNo, StartNo, StartNo)],
    carried: &BTreeMap<StartNo, u32>,
) -> Vec<(StartNo, StartNo)> {
    let mut slots: Vec<(u32, StartNo)> = outcomes.iter().map(|(b, w, _)| (b.0 * 2, *w)).collect();
    slots.extend(last.byes.iter().map(|b| (bye_slot(seeds, b.player), b.player)));
    slots.sort();
    slots
        .chunks(2)
        .filter(|c| c.len() == 2)
        .map(|c| {
            let (x, y) = (c[0].1, c[1].1);
            if carried.get(&x) <= carried.get(&y) { (x, y) } else { (y, x) }
        })
        .collect()
}

/// Each player's seed number after the decided rounds: the winner of a match keeps the
/// better seed number of the two, round after round.
fn carried_seeds(
    seed_of: &BTreeMap<StartNo, u32>,
    rounds: &[Round],
    scoring: &ScoringTable,
    rules: &KnockoutRules,
) -> BTreeMap<StartNo, u32> {
    let mut current = seed_of.clone();
    for round in rounds {
        let Ok(outcomes) = round_outcomes(round, scoring, rules) else { break };
        for (_, w, l) in outcomes {
            let best = current.get(&w).copied().unwrap_or(u32::MAX).min(current.get(&l).copied().unwrap_or(u32::MAX));
            current.insert(w, best);
        }
    }
    current
}

/// Where a player who passed round 1 of a fixed bracket sits among round 1's matches
/// (twice the board number his match would have had, less one, so he sorts beside
/// the match that shares his quarter).
fn bye_slot(seeds: &[StartNo], player: StartNo) -> u32 {
    let bracket = seeds.len().next_power_of_two();
    let seed = seeds.iter().position(|p| *p == player).map_or(0, |i| i + 1);
    let order = bracket_order(bracket);
    let index = order.iter().position(|s| *s == seed).unwrap_or(0);
    (index / 2) as u32 * 2 + 1
}

/// Whether `round` is the final round (final and third-place match): it follows a
/// round of exactly two matches.
fn is_placement_round(round: &Round, rounds: &[Round]) -> bool {
    let index = rounds.iter().position(|r| r.no == round.no).unwrap_or(0);
    index > 0 && {
        let previous = &rounds[index - 1];
        let mut boards: Vec<BoardNo> = previous.games.iter().map(|g| g.board).collect();
        boards.dedup();
        boards.len() == 2 && previous.byes.is_empty()
    }
}

/// Brings a match's playoff games in line with its results: a level match gets its
/// next playoff game; games after the deciding one that have no result are removed
/// (a corrected result may decide the match earlier). Returns whether anything changed.
pub fn sync_playoffs(round: &mut Round, board: BoardNo, scoring: &ScoringTable, rules: &KnockoutRules) -> bool {
    let mut changed = false;
    // Drop unplayed playoff games past a decision.
    loop {
        let games = match_games(round, board);
        let Some(last) = games.last().copied() else { return changed };
        if last.game <= rules.games_per_match || last.result.is_some() {
            break;
        }
        let without: Vec<&Game> = games[..games.len() - 1].to_vec();
        if matches!(match_state(&without, scoring, rules), MatchState::Won { .. }) {
            let number = last.game;
            round.games.retain(|g| !(g.board == board && g.game == number));
            changed = true;
        } else {
            break;
        }
    }
    let games = match_games(round, board);
    if let Some(next) = next_playoff(&games, scoring, rules) {
        round.games.push(next);
        round.games.sort_by_key(|g| (g.board, g.game));
        changed = true;
    }
    changed
}

/// The event's final ranking: the knockout's places, then the players of the
/// stage before it who did not reach the knockout, in that stage's order.
pub fn final_ranking(knockout_places: &[StartNo], previous_stage_order: &[StartNo]) -> Vec<StartNo> {
    let mut order = knockout_places.to_vec();
    order.extend(previous_stage_order.iter().filter(|p| !knockout_places.contains(p)));
    order
}

/// The final places of a finished knockout, or the standing order so far: players
/// still in, then those knocked out later before earlier, each group by seed.
pub fn ranking(seeds: &[StartNo], rounds: &[Round], scoring: &ScoringTable, rules: &KnockoutRules) -> Vec<StartNo> {
    let seed_of: BTreeMap<StartNo, u32> = seeds.iter().enumerate().map(|(i, p)| (*p, i as u32 + 1)).collect();
    let by_seed = |list: &mut Vec<StartNo>| list.sort_by_key(|p| seed_of.get(p).copied().unwrap_or(u32::MAX));
    let mut eliminated: Vec<Vec<StartNo>> = Vec::new();
    let mut top: Vec<StartNo> = Vec::new();
    for (i, round) in rounds.iter().enumerate() {
        let placement = is_placement_round(round, rounds);
        let outcomes = round_outcomes(round, scoring, rules);
        match (placement, outcomes) {
            (true, Ok(outcomes)) => {
                for (board, w, l) in outcomes {
                    if board == BoardNo(1) {
                        top.splice(0..0, [w, l]);
                    } else {
                        top.extend([w, l]);
                    }
                }
            }
            (false, Ok(outcomes)) => {
                // Semi-final losers play for third place (when there is that match);
                // every other loser is out.
                let semi_finals =
                    rules.third_place && rounds.get(i + 1).is_some_and(|next| is_placement_round(next, rounds));
                if !semi_finals {
                    eliminated.push(outcomes.iter().map(|(_, _, l)| *l).collect());
                }
            }
            (_, Err(_)) => {}
        }
    }
    if top.len() == if rules.third_place { 4 } else { 2 } {
        let mut order = top;
        for mut losers in eliminated.into_iter().rev() {
            by_seed(&mut losers);
            order.extend(losers);
        }
        return order;
    }
    // Unfinished: order by how far each player got, then by seed.
    let mut reached: BTreeMap<StartNo, usize> = seeds.iter().map(|p| (*p, 0)).collect();
    for (i, round) in rounds.iter().enumerate() {
        for g in &round.games {
            for p in [g.red, g.black] {
                reached.insert(p, i + 1);
            }
        }
        for b in &round.byes {
            reached.insert(b.player, i + 1);
        }
        if let Ok(outcomes) = round_outcomes(round, scoring, rules) {
            for (_, w, _) in outcomes {
                reached.insert(w, i + 2);
            }
        }
    }
    let mut order = seeds.to_vec();
    order.sort_by_key(|p| (std::cmp::Reverse(reached.get(p).copied().unwrap_or(0)), seed_of.get(p).copied()));
    order
}
