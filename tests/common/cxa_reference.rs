//! An independent reference for the `cxa` score rule (PAIRING.md cxa §1): the best
//! score differences any pairing of the next round can have under the absolute rules,
//! computed without the engine — by brute force over every pairing of a small field,
//! and for larger fields by a bottleneck search and a separate matching over the
//! public `Matcher::max_weight_matching` (costs growing with the size of the difference).
//!
//! The absolute rules, as read here from the event: no two players meet twice (a
//! forfeit counts as a meeting), no third same colour running and no colour
//! difference beyond ±2 (except in the last round), one pairing-allocated bye each and
//! none after a forfeit win, the bye in the lowest score group that can take it.

use bianpai::domain::event::{ByeKind, Event};
use bianpai::domain::ids::{GroupId, StageNo, StartNo};
use bianpai::domain::matching::{Edge, Matcher};
use bianpai::domain::result::Outcome;
use bianpai::domain::rules::Colour;
use bianpai::domain::standings::standings;
use bianpai::domain::swiss::meetings;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};

/// Colours of played games per player, in round order.
pub fn colour_histories(e: &Event, group: GroupId, stage: StageNo) -> BTreeMap<StartNo, Vec<Colour>> {
    let mut h: BTreeMap<StartNo, Vec<Colour>> = BTreeMap::new();
    let Some(stage) = e.group(group).and_then(|g| g.stage(stage)) else { return h };
    for round in &stage.rounds {
        for g in &round.games {
            if g.result.is_none_or(|r| r.outcome.was_played()) {
                h.entry(g.red).or_default().push(Colour::Red);
                h.entry(g.black).or_default().push(Colour::Black);
            }
        }
    }
    h
}

/// Whether `p` may take colour `c` next: no third same colour running, no colour
/// difference beyond ±2 (PAIRING.md cxa §4).
pub fn colour_allowed(hist: &BTreeMap<StartNo, Vec<Colour>>, p: StartNo, c: Colour) -> bool {
    let h = hist.get(&p).map(Vec::as_slice).unwrap_or_default();
    let diff: i32 =
        h.iter().map(|x| if *x == Colour::Red { 1 } else { -1 }).sum::<i32>() + if c == Colour::Red { 1 } else { -1 };
    let three = h.len() >= 2 && h[h.len() - 1] == c && h[h.len() - 2] == c;
    !three && diff.abs() <= 2
}

/// Whether `a` and `b` may be paired under the absolute rules: not met before, and
/// (except in the last round) a colour each can take.
pub fn may_meet(
    met: &BTreeSet<(StartNo, StartNo)>,
    hist: &BTreeMap<StartNo, Vec<Colour>>,
    last_round: bool,
    a: StartNo,
    b: StartNo,
) -> bool {
    !met.contains(&(a.min(b), a.max(b)))
        && (last_round
            || [Colour::Red, Colour::Black]
                .into_iter()
                .any(|c| colour_allowed(hist, a, c) && colour_allowed(hist, b, c.opposite())))
}

/// The next round's players as the reference sees them: in rank order, each with his
/// total in tenths and whether he may have the bye; and who may meet whom.
pub struct NextRound {
    pub players: Vec<(StartNo, i32, bool)>,
    allowed: BTreeSet<(usize, usize)>,
}

impl NextRound {
    /// The field of the next round of `stage` (the players still pairable).
    pub fn of(e: &Event, group: GroupId, stage_no: StageNo, last_round: bool) -> NextRound {
        let stage = e.group(group).and_then(|g| g.stage(stage_no)).expect("the stage");
        let done = stage.rounds.len() as u32;
        let had_bye_or_forfeit_win = |p: StartNo| {
            stage.rounds.iter().any(|r| {
                r.byes.iter().any(|b| b.player == p && b.kind == ByeKind::Pairing)
                    || r.games.iter().any(|g| {
                        g.result.is_some_and(|res| {
                            res.outcome == Outcome::RedWinsByForfeit && g.red == p
                                || res.outcome == Outcome::BlackWinsByForfeit && g.black == p
                        })
                    })
            })
        };
        let players: Vec<(StartNo, i32, bool)> = standings(e, group, stage_no, done)
            .expect("standings")
            .rows
            .iter()
            .filter(|r| e.player(r.start_no).is_some_and(|pl| pl.status.is_pairable()))
            .map(|r| (r.start_no, r.points.tenths(), !had_bye_or_forfeit_win(r.start_no)))
            .collect();
        let met = meetings(stage.rounds.iter());
        let hist = colour_histories(e, group, stage_no);
        let mut allowed = BTreeSet::new();
        for (i, a) in players.iter().enumerate() {
            for (j, b) in players.iter().enumerate().skip(i + 1) {
                if may_meet(&met, &hist, last_round, a.0, b.0) {
                    allowed.insert((i, j));
                }
            }
        }
        NextRound { players, allowed }
    }

    /// Whether players `i` and `j` (indices into `players`) may meet.
    pub fn ok(&self, i: usize, j: usize) -> bool {
        self.allowed.contains(&(i.min(j), i.max(j)))
    }

    /// The score difference of players `i` and `j` in tenths.
    pub fn difference(&self, i: usize, j: usize) -> u64 {
        u64::from(self.players[i].1.abs_diff(self.players[j].1))
    }

    /// The best score differences (largest first) of any pairing that keeps the
    /// absolute rules, with the bye in the lowest score group that can take it;
    /// `None` when no pairing keeps them. `brute`: by enumeration (small fields only).
    pub fn best(&self, brute: bool) -> Option<Vec<u64>> {
        let everyone: Vec<usize> = (0..self.players.len()).collect();
        if everyone.len().is_multiple_of(2) {
            return self.best_of(&everyone, brute);
        }
        let mut scores: Vec<i32> = self.players.iter().map(|p| p.1).collect();
        scores.sort_unstable();
        scores.dedup();
        // The lowest score group with a player who may have the bye and leave a pairing.
        scores.iter().find_map(|&score| {
            let takers = everyone.iter().filter(|&&k| self.players[k].1 == score && self.players[k].2);
            takers
                .filter_map(|&k| {
                    let rest: Vec<usize> = everyone.iter().copied().filter(|&x| x != k).collect();
                    self.best_of(&rest, brute)
                })
                .min()
        })
    }

    fn best_of(&self, players: &[usize], brute: bool) -> Option<Vec<u64>> {
        if brute {
            let mut found = None;
            self.enumerate(players, &mut Vec::new(), &mut found);
            return found;
        }
        self.matched(players)
    }

    /// Every pairing of `free`, keeping the best sorted differences.
    fn enumerate(&self, free: &[usize], taken: &mut Vec<u64>, best: &mut Option<Vec<u64>>) {
        let Some((&first, rest)) = free.split_first() else {
            let mut sorted = taken.clone();
            sorted.sort_unstable_by_key(|d| Reverse(*d));
            if best.as_ref().is_none_or(|b| sorted < *b) {
                *best = Some(sorted);
            }
            return;
        };
        for (k, &other) in rest.iter().enumerate() {
            if self.ok(first, other) {
                let mut remaining = rest.to_vec();
                remaining.remove(k);
                taken.push(self.difference(first, other));
                self.enumerate(&remaining, taken, best);
                taken.pop();
            }
        }
    }

    /// The best pairing of `players` by matchings: the smallest largest difference
    /// that still pairs everyone, then costs (pairs + 1)^level below it.
    fn matched(&self, players: &[usize]) -> Option<Vec<u64>> {
        let pairs: Vec<(usize, usize, u64)> = players
            .iter()
            .enumerate()
            .flat_map(|(a, &i)| players[a + 1..].iter().map(move |&j| (i, j)))
            .filter(|&(i, j)| self.ok(i, j))
            .map(|(i, j)| (i, j, self.difference(i, j)))
            .collect();
        let mut sizes: Vec<u64> = pairs.iter().map(|p| p.2).collect();
        sizes.sort_unstable();
        sizes.dedup();
        let local: BTreeMap<usize, usize> = players.iter().enumerate().map(|(k, &p)| (p, k)).collect();
        let pairs_upto = |largest: u64, weight: &dyn Fn(u64) -> i128| -> Vec<Edge> {
            pairs.iter().filter(|p| p.2 <= largest).map(|p| Edge::new(local[&p.0], local[&p.1], weight(p.2))).collect()
        };
        let perfect = |edges: &[Edge]| {
            let mates = Matcher::max_weight_matching(players.len(), edges, true).expect("a valid graph");
            mates.iter().all(Option::is_some).then_some(mates)
        };
        let bottleneck = *sizes.iter().find(|&&d| perfect(&pairs_upto(d, &|_| 1)).is_some())?;
        let levels: Vec<u64> = sizes.iter().copied().filter(|d| *d <= bottleneck).collect();
        let base = players.len() as i128 / 2 + 1;
        let cost = |d: u64| -> i128 { base.pow(levels.iter().position(|l| *l == d).unwrap_or(0) as u32) - 1 };
        let mates = perfect(&pairs_upto(bottleneck, &|d| -cost(d)))?;
        let mut differences: Vec<u64> = Vec::new();
        for (k, mate) in mates.iter().enumerate() {
            if let Some(m) = mate.filter(|m| *m > k) {
                differences.push(self.difference(players[k], players[m]));
            }
        }
        differences.sort_unstable_by_key(|d| Reverse(*d));
        Some(differences)
    }
}
