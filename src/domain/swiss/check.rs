//! Checking a round's pairing against the rule set (R-3.3, PAIRING.md "Manual
//! pairing"): every rule a hand-made or edited pairing breaks, as warnings. Absolute
//! ones (rematch, colours, second bye, forbidden club pair) need the director's
//! explicit confirmation; the others are shown and kept with the round.

use super::colours::ColourState;
use super::{Candidate, meetings, played_meetings};
use crate::domain::event::stage_entrants;
use crate::domain::event::{ByeKind, Event, Round, Stage};
use crate::domain::ids::{GroupId, StartNo};
pub use crate::domain::model::warning::PairingWarning;
use crate::domain::rules::{ClubAvoidance, Colour, PairingSystem};
use crate::domain::standings::records_after;
use std::collections::BTreeSet;

/// Every rule `round` breaks, given the stage's earlier rounds, in a fixed order.
pub fn check_round(event: &Event, group: GroupId, stage: &Stage, round: &Round) -> Vec<PairingWarning> {
    let earlier: Vec<&Round> = stage.rounds.iter().filter(|r| r.no < round.no).collect();
    let done = earlier.len() as u32;
    let met = match stage.pairing.system {
        PairingSystem::Cxa => meetings(earlier.iter().copied()),
        PairingSystem::FideDutch => played_meetings(earlier.iter().copied()),
    };
    let records = records_after(event, group, stage, done);
    let state = |p: StartNo| {
        let record = records.get(&p).cloned().unwrap_or_default();
        ColourState::of(&Candidate {
            start_no: p,
            points: record.total(),
            rating: None,
            club: String::new(),
            had_pairing_bye: false,
            had_forfeit_win: false,
            record,
        })
    };
    let club_rule = match stage.pairing.club_avoidance {
        ClubAvoidance::Off => None,
        ClubAvoidance::FirstRound if done > 0 => None,
        _ => Some(stage.pairing.club_avoidance_absolute),
    };
    let mut warnings = Vec::new();
    let mut placed = BTreeSet::new();
    for g in &round.games {
        placed.extend([g.red, g.black]);
        if met.contains(&(g.red.min(g.black), g.red.max(g.black))) {
            warnings.push(PairingWarning::Rematch { a: g.red.min(g.black), b: g.red.max(g.black) });
        }
        for (player, colour) in [(g.red, Colour::Red), (g.black, Colour::Black)] {
            let s = state(player);
            if s.last_two == [Some(colour), Some(colour)] {
                warnings.push(PairingWarning::ThirdSameColour { player, colour });
            }
            let difference = s.difference + if colour == Colour::Red { 1 } else { -1 };
            if difference.abs() > 2 {
                warnings.push(PairingWarning::ColourDifference { player, difference });
            }
        }
        if let Some(forbidden) = club_rule {
            let club = |p: StartNo| event.player(p).map(|pl| pl.entry.club.trim().to_string()).unwrap_or_default();
            let (ca, cb) = (club(g.red), club(g.black));
            if !ca.is_empty() && ca == cb {
                warnings.push(PairingWarning::SameClub {
                    a: g.red.min(g.black),
                    b: g.red.max(g.black),
                    club: ca,
                    forbidden,
                });
            }
        }
    }
    for bye in &round.byes {
        placed.insert(bye.player);
        if bye.kind != ByeKind::Pairing {
            continue;
        }
        let record = records.get(&bye.player).cloned().unwrap_or_default();
        let had_bye = record.byes.iter().any(|(_, k)| *k == ByeKind::Pairing);
        let forfeit_win = record.games.iter().any(|g| g.won() && !g.played());
        if had_bye || forfeit_win {
            warnings.push(PairingWarning::SecondBye { player: bye.player });
        }
    }
    for p in stage_entrants(event, group, stage) {
        let active = event.player(p).is_some_and(|pl| pl.status.is_pairable());
        if active && !placed.contains(&p) {
            warnings.push(PairingWarning::NotPaired { player: p });
        }
    }
    warnings.sort();
    warnings.dedup();
    warnings
}
