//! Which colour rule gave red on each board of a Swiss round, asked of the engine's own
//! functions: round 1 of `cxa` by lot or alternating by board from the draw
//! (`first_round::draw` with the round's seed), later rounds of `cxa` by
//! `colours::colour_rule_of_higher` (PAIRING.md cxa §4), every round of `fide-dutch` by
//! the Dutch allocation (C.04.3 E.1–E.5).

use super::floats::Swiss;
use super::{ColourRule, ColourWhy, HandColours};
use crate::domain::event::Game;
use crate::domain::ids::StartNo;
use crate::domain::rules::{Colour, FirstRoundMode, PairingSystem};
use crate::domain::swiss::colours::{CxaRule, colour_rule_of_higher};
use crate::domain::swiss::dutch::{self, ColourRule as DutchRule};
use crate::domain::swiss::{field, first_round};
use std::collections::{BTreeMap, BTreeSet};

/// The colour explanation of every game of the round, in its order.
pub(super) fn swiss(field: &Swiss<'_>) -> Vec<ColourWhy> {
    let rules: Vec<Option<(StartNo, ColourRule)>> = match field.stage.pairing.system {
        PairingSystem::FideDutch => dutch_rules(field),
        PairingSystem::Cxa if field.first() => first_round_rules(field),
        PairingSystem::Cxa => field.round.games.iter().map(|g| cxa_rule(field, g)).collect(),
    };
    field
        .round
        .games
        .iter()
        .zip(rules)
        .map(|(g, rule)| {
            let (rules_red, rule) = rule.unwrap_or((g.red, ColourRule::HigherRanked { higher: g.red }));
            let mut why = ColourWhy { red: g.red, rules_red, rule, by_hand: None };
            why.by_hand = why.against_rules().then_some(HandColours::AgainstRules);
            why
        })
        .collect()
}

/// Round 1 of `cxa`: by lot, or alternating by board with the upper player of the
/// draw named.
fn first_round_rules(field: &Swiss<'_>) -> Vec<Option<(StartNo, ColourRule)>> {
    let options = &field.stage.pairing;
    if options.first_round == FirstRoundMode::Random {
        return field.round.games.iter().map(|g| Some((g.red, ColourRule::FirstRoundByLot))).collect();
    }
    let seeding = field::has_seeding(field.stage).then_some(field.entrants.as_slice());
    let seed = field.round.seed.unwrap_or_default();
    let (order, _) = first_round::draw(&field.candidates, options.first_round, seeding, seed);
    let place: BTreeMap<StartNo, usize> = order.iter().enumerate().map(|(k, c)| (c.start_no, k)).collect();
    field
        .round
        .games
        .iter()
        .map(|g| {
            let upper = if place.get(&g.red) <= place.get(&g.black) { g.red } else { g.black };
            Some((g.red, ColourRule::FirstRoundAlternate { upper, upper_red: upper == g.red }))
        })
        .collect()
}

/// A later round of `cxa`: the rule that gives the higher-ranked player his colour.
fn cxa_rule(field: &Swiss<'_>, g: &Game) -> Option<(StartNo, ColourRule)> {
    let (i, j) = (*field.index.get(&g.red)?, *field.index.get(&g.black)?);
    let (high, low) = (i.min(j), i.max(j));
    let (colour, rule) = colour_rule_of_higher(&field.states[high], &field.states[low]);
    let (red, black) = if colour == Colour::Red { (high, low) } else { (low, high) };
    let (r, b) = (&field.states[red], &field.states[black]);
    let higher = field.candidates[high].start_no;
    let rule = match rule {
        CxaRule::OnlyAllowed => ColourRule::OnlyAllowed,
        CxaRule::Difference => ColourRule::Difference { red: r.difference, black: b.difference },
        CxaRule::FewerReds => ColourRule::FewerReds { red: r.reds, black: b.reds },
        CxaRule::BlackMoreRecently => {
            ColourRule::BlackMoreRecently { red: r.last_black_round, black: b.last_black_round }
        }
        CxaRule::Alternates => ColourRule::HigherAlternates { higher },
        CxaRule::NoHistory => ColourRule::HigherRanked { higher },
    };
    Some((field.candidates[red].start_no, rule))
}

/// Every round of `fide-dutch`: the allocation E.1–E.5 of each pair.
fn dutch_rules(field: &Swiss<'_>) -> Vec<Option<(StartNo, ColourRule)>> {
    let games = &field.round.games;
    let pairs: Vec<(usize, usize)> =
        games.iter().filter_map(|g| Some((*field.index.get(&g.red)?, *field.index.get(&g.black)?))).collect();
    let mut entrants = field.entrants.clone();
    entrants.sort();
    let forbidden = BTreeSet::new();
    let done = field.round.no.0.saturating_sub(1);
    let input = dutch::Input {
        candidates: &field.candidates,
        records: &field.records,
        entrants: &entrants,
        forbidden: &forbidden,
        done,
        planned: field.stage.rounds_planned.unwrap_or(done + 1),
        scoring: &field.stage.scoring,
        initial: field.stage.pairing.initial_colour.unwrap_or(Colour::Red),
    };
    let mut decided = dutch::colour_rules(&input, &pairs).into_iter();
    games
        .iter()
        .map(|g| {
            if !(field.index.contains_key(&g.red) && field.index.contains_key(&g.black)) {
                return None;
            }
            let (first, colour, rule) = decided.next()?;
            let other = if first == g.red { g.black } else { g.red };
            let of = |player_s: bool| if player_s { first } else { other };
            let rules_red = if colour == Colour::Red { first } else { other };
            let rule = match rule {
                DutchRule::BothPreferences => ColourRule::BothPreferences,
                DutchRule::Stronger { player_s } => ColourRule::StrongerPreference { player: of(player_s) },
                DutchRule::Alternate => ColourRule::AlternateLatestDifference,
                DutchRule::HigherPreference { player_higher } => {
                    ColourRule::HigherRankedPreference { higher: of(player_higher) }
                }
                DutchRule::PairingNumber { player_higher } => ColourRule::PairingNumber { higher: of(player_higher) },
            };
            Some((rules_red, rule))
        })
        .collect()
}
