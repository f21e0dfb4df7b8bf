//! A Swiss round explained: the field as the engine saw it (the players of the round
//! in the rank order of the standings before it, as `field` gathers them), each
//! player's score group and float, why a player floated down (an odd number left in
//! his group, or the group's players he could not meet), and why the bye went to its
//! player (PAIRING.md cxa §1, §5).

use super::{ByeWhy, DownWhy, FirstRoundDraw, Float, NearerGroup, PairedWhy, PlayerExplanation};

/// An absolute rule that keeps two players apart in a round.
enum Block {
    Rematch,
    Avoided(String),
    Club,
    Colour,
}
use crate::domain::event::{ByeKind, Event, Round, Stage, stage_entrants};
use crate::domain::ids::{GroupId, StartNo};
use crate::domain::model::pairing_controls::PairingControls;
use crate::domain::points::Points;
use crate::domain::rules::{ClubAvoidance, FirstRoundMode, PairingSystem};
use crate::domain::standings::record::Record;
use crate::domain::standings::{records_after, standings};
use crate::domain::swiss::colours::{self, ColourState};
use crate::domain::swiss::{Candidate, field, meetings, played_meetings};
use std::collections::{BTreeMap, BTreeSet};

/// The round and the field it was paired from.
pub(super) struct Swiss<'a> {
    /// The stage, with the rounds before this one.
    pub stage: &'a Stage,
    /// The round as it stands.
    pub round: &'a Round,
    /// The round's players (games and the pairing bye), in the engine's rank order.
    pub candidates: Vec<Candidate>,
    /// Each candidate's place in `candidates`.
    pub index: BTreeMap<StartNo, usize>,
    /// Every entrant's record before the round.
    pub records: BTreeMap<StartNo, Record>,
    /// Each candidate's colour history.
    pub states: Vec<ColourState>,
    /// The stage's entrants in its order.
    pub entrants: Vec<StartNo>,
    /// The group's pairing controls.
    controls: PairingControls,
    /// Pairs that met before (a forfeit counts under `cxa`, not under `fide-dutch`).
    met: BTreeSet<(StartNo, StartNo)>,
    /// Each paired player's opponent.
    opponent: BTreeMap<StartNo, StartNo>,
    /// Holders of the pairing-allocated bye.
    pairing_byes: Vec<StartNo>,
}

impl<'a> Swiss<'a> {
    /// Gathers the field of `round` from `event` as it stood before it.
    pub fn new(event: &'a Event, group: GroupId, stage: &'a Stage, round: &'a Round) -> Swiss<'a> {
        let done = round.no.0.saturating_sub(1);
        let records = records_after(event, group, stage, done);
        let entrants = stage_entrants(event, group, stage);
        let mut opponent = BTreeMap::new();
        for g in &round.games {
            opponent.insert(g.red, g.black);
            opponent.insert(g.black, g.red);
        }
        let pairing_byes: Vec<StartNo> =
            round.byes.iter().filter(|b| b.kind == ByeKind::Pairing).map(|b| b.player).collect();
        let present: BTreeSet<StartNo> = opponent.keys().chain(&pairing_byes).copied().collect();
        let mut order: Vec<StartNo> = standings(event, group, stage.no, done)
            .map(|s| s.rows.into_iter().map(|r| r.start_no).collect())
            .unwrap_or_else(|_| entrants.clone());
        order.extend(present.iter().filter(|p| !order.contains(p)).copied().collect::<Vec<_>>());
        let candidates: Vec<Candidate> = order
            .into_iter()
            .filter(|p| present.contains(p))
            .map(|p| field::candidate(event, p, records.get(&p).cloned().unwrap_or_default()))
            .collect();
        let index = candidates.iter().enumerate().map(|(k, c)| (c.start_no, k)).collect();
        let states = candidates.iter().map(ColourState::of).collect();
        let met = match stage.pairing.system {
            PairingSystem::Cxa => meetings(stage.rounds.iter()),
            PairingSystem::FideDutch => played_meetings(stage.rounds.iter()),
        };
        let controls = event.group(group).map(|g| g.pairing_controls.clone()).unwrap_or_default();
        Swiss { stage, round, candidates, index, records, states, entrants, controls, met, opponent, pairing_byes }
    }

    /// Whether this is the stage's first round.
    pub fn first(&self) -> bool {
        self.round.no.0 == 1
    }

    /// A player's total before the round.
    fn score(&self, p: StartNo) -> Points {
        self.records.get(&p).map_or(Points::ZERO, Record::total)
    }

    /// How round 1 was drawn.
    fn draw(&self) -> FirstRoundDraw {
        match (self.stage.pairing.system, self.stage.pairing.first_round) {
            (PairingSystem::FideDutch, _) => FirstRoundDraw::PairingNumbers,
            (PairingSystem::Cxa, FirstRoundMode::Random) => FirstRoundDraw::Random,
            (PairingSystem::Cxa, _) if field::has_seeding(self.stage) => FirstRoundDraw::Seeding,
            (PairingSystem::Cxa, FirstRoundMode::Halves) => FirstRoundDraw::Halves,
            (PairingSystem::Cxa, FirstRoundMode::HalvesLot) => FirstRoundDraw::HalvesLot,
        }
    }

    /// One player of a board.
    pub(super) fn player(&self, p: StartNo) -> PlayerExplanation {
        let score = self.score(p);
        let opponent = self.opponent.get(&p).copied().unwrap_or(p);
        let theirs = self.score(opponent);
        let float = match score.cmp(&theirs) {
            std::cmp::Ordering::Equal => Float::None,
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
        };
        let why = match float {
            _ if self.first() => PairedWhy::FirstRound(self.draw()),
            Float::None => PairedWhy::SameGroup { size: self.group_of(score).len() },
            Float::Down => PairedWhy::Down(self.down_why(p)),
            Float::Up => PairedWhy::Up { partner: opponent, partner_score: theirs },
        };
        let distance = Points((score - theirs).tenths().abs());
        PlayerExplanation {
            player: p,
            score_group: score,
            distance,
            float,
            why,
            fixed_board: self.controls.board_of(p),
        }
    }

    /// The round's players with this total, in rank order.
    fn group_of(&self, score: Points) -> Vec<StartNo> {
        self.candidates.iter().filter(|c| c.points == score).map(|c| c.start_no).collect()
    }

    /// Why `p` floated down: the players left to pair in his group were odd in number,
    /// and which of them he could not meet; how far he floated, and why nobody of a
    /// nearer group met him.
    fn down_why(&self, p: StartNo) -> DownWhy {
        let score = self.score(p);
        let group = self.group_of(score);
        let floated_up = |q: &StartNo| self.opponent.get(q).is_some_and(|o| self.score(*o) > score);
        let had_bye = |q: &StartNo| self.pairing_byes.contains(q);
        let left: Vec<StartNo> = group.iter().filter(|q| !floated_up(q) && !had_bye(q)).copied().collect();
        let mut why = DownWhy { odd_left: (left.len() % 2 == 1).then_some(left.len()), ..DownWhy::default() };
        for q in left.into_iter().filter(|q| *q != p) {
            match self.blocked(p, q) {
                Some(Block::Rematch) => why.rematch.push(q),
                Some(Block::Avoided(reason)) => why.avoided.push((q, reason)),
                Some(Block::Club) => why.club.push(q),
                Some(Block::Colour) => why.colour.push(q),
                None => {}
            }
        }
        let theirs = self.opponent.get(&p).map_or(score, |o| self.score(*o));
        why.distance = Points((score - theirs).tenths().abs());
        why.nearer = self.nearer_groups(p, score, theirs);
        why
    }

    /// The score groups strictly between `score` and `theirs`, highest first, each
    /// with why none of its players met `p`.
    fn nearer_groups(&self, p: StartNo, score: Points, theirs: Points) -> Vec<NearerGroup> {
        let mut scores: Vec<Points> =
            self.candidates.iter().map(|c| c.points).filter(|s| *s < score && *s > theirs).collect();
        scores.sort_by(|a, b| b.cmp(a));
        scores.dedup();
        scores
            .into_iter()
            .map(|s| {
                let mut group = NearerGroup { score: s, ..NearerGroup::default() };
                for q in self.group_of(s) {
                    match self.blocked(p, q) {
                        Some(Block::Rematch) => group.rematch.push(q),
                        Some(Block::Avoided(reason)) => group.avoided.push((q, reason)),
                        Some(Block::Club) => group.club.push(q),
                        Some(Block::Colour) => group.colour.push(q),
                        None => group.elsewhere.push(q),
                    }
                }
                group
            })
            .collect()
    }

    /// Which absolute rule keeps `p` and `q` apart this round, if any.
    fn blocked(&self, p: StartNo, q: StartNo) -> Option<Block> {
        let pair = (p.min(q), p.max(q));
        if self.met.contains(&pair) {
            Some(Block::Rematch)
        } else if let Some(a) = self.controls.avoided.iter().find(|a| (a.a, a.b) == pair) {
            Some(Block::Avoided(a.reason.clone()))
        } else if self.clubs_apart() && self.same_club(p, q) {
            Some(Block::Club)
        } else if !self.colours_relaxed() && !self.colours_fit(p, q) {
            Some(Block::Colour)
        } else {
            None
        }
    }

    /// Whether same-club pairs are kept apart in this round (the Dutch system only
    /// when absolutely).
    fn clubs_apart(&self) -> bool {
        let options = &self.stage.pairing;
        let this_round = match options.club_avoidance {
            ClubAvoidance::Off => false,
            ClubAvoidance::FirstRound => self.first(),
            ClubAvoidance::EveryRound => true,
        };
        this_round && (options.system == PairingSystem::Cxa || options.club_avoidance_absolute)
    }

    fn same_club(&self, p: StartNo, q: StartNo) -> bool {
        let club = |x: StartNo| self.index.get(&x).map(|k| self.candidates[*k].club.as_str()).unwrap_or("");
        !club(p).is_empty() && club(p) == club(q)
    }

    /// Whether the `cxa` engine may relax the colour rules this round: the stage's
    /// last round (PAIRING.md cxa §4).
    fn colours_relaxed(&self) -> bool {
        self.stage.pairing.system == PairingSystem::Cxa
            && !self.first()
            && self.stage.rounds_planned.is_some_and(|planned| self.round.no.0 == planned)
    }

    /// Whether the two can be given colours without breaking an absolute rule.
    fn colours_fit(&self, p: StartNo, q: StartNo) -> bool {
        match (self.index.get(&p), self.index.get(&q)) {
            (Some(a), Some(b)) => colours::compatible(&self.states[*a], &self.states[*b]),
            _ => true,
        }
    }

    /// Why `p` had the pairing-allocated bye: the lowest-ranked of the lowest score
    /// group without an earlier bye or forfeit win; who ranked lower, and why not them.
    pub(super) fn bye_why(&self, p: StartNo) -> ByeWhy {
        if self.first() {
            return ByeWhy::FirstRound;
        }
        let score = self.score(p);
        let below = self.index.get(&p).map_or(&[][..], |k| &self.candidates[k + 1..]);
        let (had, others): (Vec<&Candidate>, Vec<&Candidate>) =
            below.iter().partition(|c| c.had_pairing_bye || c.had_forfeit_win);
        ByeWhy::Lowest {
            score,
            lowest_group: self.candidates.iter().all(|c| c.points >= score),
            had_bye_below: had.iter().map(|c| c.start_no).collect(),
            others_below: others.iter().map(|c| c.start_no).collect(),
        }
    }
}
