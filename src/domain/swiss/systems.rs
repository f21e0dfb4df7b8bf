//! One function per pairing system, as bbpPairings keeps its systems behind one
//! interface: the next round of a knockout, of a round robin (Berger tables,
//! ), and of a Swiss round under `fide-dutch` (C.04.3, the `dutch` module) or
//! `cxa` (PAIRING.md: the weighted matching of `engine`, then colours and board order).

use super::colours::{self, ColourState};
use super::field::Field;
use super::{PairingError, dutch, engine, first_round, meetings, played_meetings};
use crate::domain::event::{Bye, ByeKind, Game, Round, Stage};
use crate::domain::ids::{BoardNo, RoundNo, StartNo};
use crate::domain::knockout::{self, KnockoutError};
use crate::domain::round_robin;
use crate::domain::rules::{ClubAvoidance, Colour, FirstRoundMode};
use std::cmp::Reverse;
use std::collections::BTreeSet;

/// The next round of a knockout stage: seeds are the entrants in seeding order.
pub(super) fn knockout_round(stage: &Stage, seeds: &[StartNo], seed: u64) -> Result<Round, PairingError> {
    let rules = stage.knockout.as_ref().ok_or(KnockoutError::NoRules)?;
    let (games, passes) = knockout::next_round(seeds, &stage.rounds, &stage.scoring, rules)?;
    let round_no = RoundNo(stage.rounds.len() as u32 + 1);
    let byes = passes.into_iter().map(|p| Bye::new(p, ByeKind::Pairing)).collect();
    Ok(Round { no: round_no, seed: Some(seed), games, byes, warnings: Vec::new(), watches: Vec::new(), teams: None })
}

/// The next round of a round-robin stage from the Berger tables: seat k is the
/// k-th entrant in seeding order; every seat keeps its games, so a withdrawn player's
/// opponents are recorded as winning by forfeit.
pub(super) fn round_robin_round(stage: &Stage, entrants: &[StartNo], seed: u64) -> Result<Round, PairingError> {
    stage.ready_for_next_round().map_err(|u| PairingError::RoundIncomplete { round: u.round, missing: u.missing })?;
    let total = stage.rounds_planned.unwrap_or(round_robin::rounds_needed(entrants.len(), stage.double_round_robin));
    let round_no = RoundNo(stage.rounds.len() as u32 + 1);
    if round_no.0 > total {
        return Err(PairingError::AllRoundsPaired(total));
    }
    let table = round_robin::berger_round(entrants.len(), round_no.0, stage.double_round_robin)
        .map_err(|_| PairingError::TooFewPlayers(entrants.len()))?;
    let seat = |k: usize| entrants[k - 1];
    let games = table
        .boards
        .iter()
        .enumerate()
        .map(|(i, (red, black))| Game {
            board: BoardNo(i as u32 + 1),
            game: 1,
            red: seat(*red),
            black: seat(*black),
            result: None,
        })
        .collect();
    let byes = table.bye.map(|k| Bye::new(seat(k), ByeKind::Pairing)).into_iter().collect();
    Ok(Round { no: round_no, seed: Some(seed), games, byes, warnings: Vec::new(), watches: Vec::new(), teams: None })
}

/// A `fide-dutch` round (C.04.3 in full): games played are the meetings (a forfeit is
/// none), and club-mates are forbidden pairs when the stage avoids them absolutely, as
/// are the director's `avoided` pairs.
pub(super) fn dutch_round(
    stage: &Stage,
    field: &Field,
    entrants: &[StartNo],
    seed: u64,
    avoided: &BTreeSet<(StartNo, StartNo)>,
) -> Result<Round, PairingError> {
    let options = &stage.pairing;
    let mut forbidden = played_meetings(stage.rounds.iter());
    forbidden.extend(avoided.iter().copied());
    if options.club_avoidance_absolute
        && options.club_avoidance != ClubAvoidance::Off
        && (options.club_avoidance == ClubAvoidance::EveryRound || field.first())
    {
        let candidates = &field.candidates;
        for (k, a) in candidates.iter().enumerate() {
            for b in &candidates[k + 1..] {
                if !a.club.is_empty() && a.club == b.club {
                    forbidden.insert((a.start_no.min(b.start_no), a.start_no.max(b.start_no)));
                }
            }
        }
    }
    let mut by_number = entrants.to_vec();
    by_number.sort();
    let input = dutch::Input {
        candidates: &field.candidates,
        records: &field.records,
        entrants: &by_number,
        forbidden: &forbidden,
        done: field.round_no.0 - 1,
        planned: field.planned_rounds,
        scoring: &stage.scoring,
        initial: options.initial_colour.unwrap_or(Colour::Red),
    };
    dutch::round(&input, field.round_no, seed, field.planned.iter().map(|p| p.bye))
}

/// A `cxa` round: round 1 drawn, the weighted matching over the allowed pairs (a
/// forfeit counts as a meeting), then board order and colours.
pub(super) fn cxa_round(
    stage: &Stage,
    field: Field,
    seed: u64,
    avoided: &BTreeSet<(StartNo, StartNo)>,
) -> Result<Round, PairingError> {
    let options = &stage.pairing;
    let first = field.first();
    let round_no = field.round_no;
    let mut rules = engine::Rules {
        club: match options.club_avoidance {
            ClubAvoidance::Off => None,
            ClubAvoidance::FirstRound if !first => None,
            ClubAvoidance::FirstRound | ClubAvoidance::EveryRound => Some(options.club_avoidance_absolute),
        },
        last_round: round_no.0 == field.planned_rounds && !first,
        targets: None,
    };
    let mut candidates = field.candidates;
    if first {
        let (drawn, targets) = first_round::draw(&candidates, options.first_round, field.seeding.as_deref(), seed);
        candidates = drawn;
        rules.targets = Some(targets);
    }
    let mut met = meetings(stage.rounds.iter());
    met.extend(avoided.iter().copied());
    let solution = engine::solve(&candidates, &met, &rules)
        .map_err(|unpaired| PairingError::NoValidPairing { round: round_no, players: unpaired.0 })?;
    // Board order (PAIRING.md): the higher score of the pair, then the pair's sum, then
    // the better rank of the pair's higher player.
    let mut boards: Vec<(usize, usize)> = solution.pairs.clone();
    boards.sort_by_key(|&(i, j)| {
        let (a, b) = (candidates[i].points, candidates[j].points);
        (Reverse(a.max(b)), Reverse(a + b), i.min(j))
    });
    let colour_of = board_colours(stage, &candidates, &boards, first, seed);
    let games = boards
        .iter()
        .enumerate()
        .map(|(k, &(i, j))| {
            let (high, low) = (i.min(j), i.max(j));
            let (red, black) = if colour_of[k] == Colour::Red { (high, low) } else { (low, high) };
            Game {
                board: BoardNo(k as u32 + 1),
                game: 1,
                red: candidates[red].start_no,
                black: candidates[black].start_no,
                result: None,
            }
        })
        .collect();
    let mut byes: Vec<Bye> =
        solution.bye.map(|i| Bye::new(candidates[i].start_no, ByeKind::Pairing)).into_iter().collect();
    byes.extend(field.planned.iter().map(|p| p.bye));
    byes.sort_by_key(|b| b.player);
    Ok(Round { no: round_no, seed: Some(seed), games, byes, warnings: Vec::new(), watches: Vec::new(), teams: None })
}

/// The colour of each board's higher-ranked player: drawn or by halves in round 1,
/// then by the colour rules.
fn board_colours(
    stage: &Stage,
    candidates: &[super::Candidate],
    boards: &[(usize, usize)],
    first: bool,
    seed: u64,
) -> Vec<Colour> {
    let options = &stage.pairing;
    if first {
        let mode = match options.first_round {
            FirstRoundMode::Random => colours::FirstRoundColours::ByLot,
            FirstRoundMode::Halves | FirstRoundMode::HalvesLot => colours::FirstRoundColours::OddBoardsUpperRed,
        };
        let mut list = colours::first_round_colours(mode, boards.len(), seed);
        // TRF `XXC black1`: the top board's upper player starts with black.
        if options.initial_colour == Some(Colour::Black) {
            list.iter_mut().for_each(|c| *c = c.opposite());
        }
        return list;
    }
    let states: Vec<ColourState> = candidates.iter().map(ColourState::of).collect();
    boards.iter().map(|&(i, j)| colours::colour_of_higher(&states[i.min(j)], &states[i.max(j)])).collect()
}
