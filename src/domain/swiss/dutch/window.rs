//! The fast form of the round's graph ([`WindowGraph`]): each matching is solved on
//! the bracket being paired and the next score group only (the window), and the rest
//! of the round is vouched for by a completion check (C.04.3 C4).
//!
//! Why the answers are those of the full graph (`graph::FullGraph`): outside the
//! window every pair weighs only its completion field — one pair, plus one per
//! player who may not take the bye (C2) — and every complete pairing of the round
//! has the same total of those. So the total weight of a complete pairing is a
//! constant plus the weights of its window pairs with their completion fields taken
//! off, and a maximum-weight matching of the window whose unpaired players can be
//! paired with the rest of the round (`completion`) is part of a maximum-weight
//! matching of the full graph.
//!
//! When the check fails, the window may still have an optimum the rest can complete:
//! the question is asked again from the textbook start, which finds another of them.
//! If that fails too, the later brackets need some of the window's players (say the
//! last two players have met): the window then takes in every later player for the
//! rest of the round (the tail), their pairs weighing their completion field as in
//! the full graph and the completion fields kept, so the matching itself completes
//! the round — the full graph's own question, in the window's narrow layout. Only a
//! tail over [`TAIL_LIMIT`] players, or C9 weighing pairs all over the round (the
//! bye goes to the top score group of a round with several), leaves the round to
//! the full graph.
//!
//! Weights are kept in the window's own layout (`Layout::compact`): only the digits
//! of the scores in the window, a few hundred bits however large the event. A pair
//! carried into the next window (two moved-down players) is rebuilt in the new layout
//! from its [`Recipe`], keeping its nudges.
//!
//! The window's matching is kept from one question to the next ([`Matcher`]): most
//! questions nudge the edges of a few players, and the matcher repairs its last
//! optimum around them instead of starting again.
//!
//! Step 4 of a bracket may go further and solve only the bracket's remainder and
//! the players its floaters meet (`focus`), when any choice of floaters leaves the
//! rest of the window as good: in the early rounds of a large open, half the window
//! (the next score group) then stays out of step 4's many matchings.

use super::completion::Cardinality;
use super::graph::{Bonus, Failure, Recipe, RoundGraph, Start, unplayed_ranks};
use super::players::Player;
use super::weights::{Compat, Context, Layout, bits, edge_weight};
use crate::domain::matching::{MatchWeight, Matcher};
use std::collections::{BTreeMap, BTreeSet};

mod focus;

use focus::Focus;

const NONE: usize = usize::MAX;

/// The most players the window takes in when the later brackets cannot be completed
/// on their own (the tail: the window and every later player, completion weighed as
/// in the full graph); beyond it the round goes to the full graph.
const TAIL_LIMIT: usize = 1200;

/// Bits that the nudges of a whole matching of `n` players can reach above the room
/// for the order of candidates (see `Layout::compact`).
fn nudge_bits(n: usize) -> u32 {
    bits(n) + 8
}

/// The bits a window's weights are likely to need: the widest compact layout of
/// three neighbouring score groups (a bracket, the players moved down from the one
/// above, the next).
pub(crate) fn likely_weight_bits(players: &[Player], global: &Layout) -> u32 {
    let scores: Vec<i32> = global.shifts.keys().rev().copied().collect();
    (0..scores.len())
        .map(|k| {
            let present: BTreeSet<i32> =
                scores[k.saturating_sub(1)..(k + 2).min(scores.len())].iter().copied().collect();
            global.compact(&present, nudge_bits(players.len())).weight_bits()
        })
        .max()
        .unwrap_or(0)
}

/// The slot of the pair of local indices `i != j` in a window's weights: one per pair
/// (the larger index's row of smaller ones), half the memory of both orders. With
/// `j == 0`, `pair_slot(k, 0)` is the number of pairs of `k` players.
fn pair_slot(i: usize, j: usize) -> usize {
    let (hi, lo) = if i > j { (i, j) } else { (j, i) };
    hi * hi.saturating_sub(1) / 2 + lo
}

#[cfg(test)]
thread_local! {
    /// How many times step 4 was narrowed on this thread (tests).
    pub(super) static NARROWED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The round's graph solved one window at a time.
pub(crate) struct WindowGraph<'a, W: MatchWeight> {
    n: usize,
    players: &'a [Player],
    compat: &'a Compat,
    global: &'a Layout,
    /// Partner of a vertex whose pair is settled.
    fixed: Vec<Option<usize>>,
    /// Vertices of the window, sorted.
    verts: Vec<usize>,
    /// For each vertex: its index in `verts`, or `NONE`.
    local: Vec<usize>,
    /// Weights of the window's pairs, one slot per pair ([`pair_slot`] of local indices).
    weight: Vec<W>,
    /// How each of those weights was built.
    recipe: Vec<Recipe>,
    /// The window's layout.
    layout: Layout,
    /// The completion weight of each player (C2: 1 when it may not take the bye).
    not_candidate: Vec<bool>,
    /// What the bye decided.
    start: Start,
    /// A maximum matching of the players of later brackets.
    rest: Option<Cardinality>,
    /// The window's matching, kept from one question to the next (local indices).
    warm: Matcher<W>,
    /// Pairs whose weight changed since the last solve (local indices)...
    dirty: Vec<(usize, usize)>,
    /// ...or every pair.
    all_dirty: bool,
    /// The `extra` and bonus of the last solve.
    extra: u32,
    last_bonus: Bonus<W>,
    /// The first player of the later brackets.
    rest_from: usize,
    /// Whether the window holds every later player too (see [`TAIL_LIMIT`]).
    tail: bool,
    /// Step 4's narrowed matching, if any.
    focus: Option<Focus>,
}

impl<'a, W: MatchWeight> WindowGraph<'a, W> {
    pub fn new(players: &'a [Player], compat: &'a Compat, global: &'a Layout) -> WindowGraph<'a, W> {
        let n = players.len();
        WindowGraph {
            n,
            players,
            compat,
            global,
            fixed: vec![None; n],
            verts: Vec::new(),
            local: vec![NONE; n],
            weight: Vec::new(),
            recipe: Vec::new(),
            layout: global.clone(),
            not_candidate: vec![true; n],
            start: Start { bye_score: 0, single_down: false, unplayed_ranks: BTreeMap::new() },
            rest: None,
            warm: Matcher::new(0),
            dirty: Vec::new(),
            all_dirty: true,
            extra: 0,
            last_bonus: Bonus::new(),
            rest_from: 0,
            tail: false,
            focus: None,
        }
    }

    fn slot(&self, a: usize, b: usize) -> Option<usize> {
        let (la, lb) = (self.local[a], self.local[b]);
        (la != NONE && lb != NONE && la != lb).then(|| pair_slot(la, lb))
    }

    fn store(&mut self, a: usize, b: usize, w: W, recipe: Option<Recipe>) {
        let Some(slot) = self.slot(a, b) else { return };
        let (la, lb) = (self.local[a], self.local[b]);
        let k = self.verts.len();
        self.weight[slot] = w;
        if let Some(recipe) = recipe {
            self.recipe[slot] = recipe;
        }
        if !self.all_dirty {
            self.dirty.push((la, lb));
            if self.dirty.len() > k * k {
                self.all_dirty = true;
                self.dirty = Vec::new();
            }
        }
    }

    /// The weight the matching sees for local pair `i`–`j`: the completion field
    /// taken off, shifted by `extra` bits, plus its bonus (≤ 0: no edge).
    fn solver_weight(&self, i: usize, j: usize, extra: u32, bonus: &Bonus<W>) -> W {
        let w = self.weight[pair_slot(i, j)];
        if w <= W::ZERO {
            return W::ZERO;
        }
        let (u, v) = (self.verts[i].min(self.verts[j]), self.verts[i].max(self.verts[j]));
        // In the tail every later player is in the window: completion is the matching's
        // to reach, as in the full graph.
        let w = if self.tail { w } else { w - self.completion(u, v) };
        let add = bonus.get(&(u, v)).copied().unwrap_or(W::ZERO);
        if extra == 0 { w + add } else { w.shl(extra) + add }
    }

    /// The weight `recipe` builds for `a`–`b` in `layout`.
    fn built(&self, layout: &Layout, a: usize, b: usize, recipe: Recipe) -> W {
        let ctx = Context {
            layout,
            bye_score: self.start.bye_score,
            single_downfloater_is_bye: recipe.single_down,
            unplayed_ranks: &self.start.unplayed_ranks,
        };
        edge_weight(&ctx, self.compat, self.players, a.min(b), a.max(b), recipe.in_bracket, recipe.in_next)
    }

    /// The completion field of `a`–`b` in the window's layout.
    fn completion(&self, a: usize, b: usize) -> W {
        let count = 1 + u64::from(self.not_candidate[a]) + u64::from(self.not_candidate[b]);
        W::from_u64(count).shl(self.layout.completion_shift())
    }

    fn bye_ok(&self, v: usize) -> bool {
        !self.not_candidate[v]
    }

    /// Makes `window` the window's vertices, in `layout`: pairs already known are
    /// rebuilt in the new layout with their nudges (moved-down players), pairs with a
    /// later player weigh their completion field (in the tail), and the later
    /// players' own matching is made for the completion check.
    fn rebuild(&mut self, window: &[usize], layout: Layout) {
        // The last window's matching is not needed to rebuild: dropped first, so that
        // it is not held alongside the new window's tables (issue 21: the peak).
        self.warm = Matcher::new(0);
        self.rest = None;
        self.focus = None;
        let k = window.len();
        let rest_from = if self.tail { self.n } else { self.rest_from };
        let later_recipe = Recipe { in_bracket: false, in_next: false, single_down: self.start.single_down };
        let mut weight = vec![W::ZERO; pair_slot(k, 0)];
        let mut recipe = vec![Recipe::default(); pair_slot(k, 0)];
        for (i, &a) in window.iter().enumerate() {
            for (j, &b) in window.iter().enumerate().take(i) {
                let new = match self.slot(a, b) {
                    Some(slot) if !self.weight[slot].is_zero() => {
                        let r = self.recipe[slot];
                        let nudge = self.weight[slot] - self.built(&self.layout, a, b, r);
                        (self.built(&layout, a, b, r) + nudge, r)
                    }
                    None if self.tail && a.max(b) >= self.rest_from && self.compat.allows(a, b) => {
                        (self.built(&layout, a, b, later_recipe), later_recipe)
                    }
                    _ => continue,
                };
                let s = pair_slot(i, j);
                weight[s] = new.0;
                recipe[s] = new.1;
            }
        }
        for &v in &self.verts {
            self.local[v] = NONE;
        }
        self.verts = window.to_vec();
        for (i, &v) in window.iter().enumerate() {
            self.local[v] = i;
        }
        self.weight = weight;
        self.recipe = recipe;
        self.layout = layout;
        let compat = self.compat;
        let later: Vec<usize> = (rest_from..self.n).collect();
        self.rest = Some(Cardinality::new(self.n, &later, &|a, b| compat.allows(a, b)));
        self.fresh_warm();
    }

    /// A warm matcher for the window's (or the focus's) unsettled players, every
    /// weight to be set at the next solve.
    fn fresh_warm(&mut self) {
        let m = self.warm_len();
        self.warm = Matcher::new(m);
        for w in 0..m {
            if self.fixed[self.verts[self.local_of(w)]].is_some() {
                self.warm.remove_vertex(w);
            }
        }
        self.all_dirty = true;
        self.dirty.clear();
        self.extra = 0;
        self.last_bonus.clear();
    }

    /// The warm matcher's index of local index `i`; `None` for `NONE` (not in the
    /// window) and outside the focus.
    fn warm_index(&self, i: usize) -> Option<usize> {
        if i == NONE {
            return None;
        }
        match &self.focus {
            Some(f) => (f.place[i] != NONE).then_some(f.place[i]),
            None => Some(i),
        }
    }

    /// The local index of the warm matcher's vertex `w`.
    fn local_of(&self, w: usize) -> usize {
        self.focus.as_ref().map_or(w, |f| f.locals[w])
    }

    /// How many vertices the warm matcher has.
    fn warm_len(&self) -> usize {
        self.focus.as_ref().map_or(self.verts.len(), |f| f.locals.len())
    }

    /// The window's matching (local indices) from the warm matcher's: with a focus,
    /// the players outside it keep their partners of the matching it was cut from.
    fn window_mates(&self, mates: Vec<Option<usize>>) -> Vec<Option<usize>> {
        let Some(f) = &self.focus else { return mates };
        let mut out = f.outside.clone();
        for (w, mate) in mates.into_iter().enumerate() {
            out[f.locals[w]] = mate.map(|m| f.locals[m]);
        }
        out
    }

    /// The round's partners from the window's matching (`mates`, local indices),
    /// completed by the later brackets; `None` when they cannot complete it (C4).
    fn completed(&self, mates: &[Option<usize>]) -> Result<Option<Vec<usize>>, Failure> {
        let mut out = self.partners();
        let mut unpaired = Vec::new();
        for (i, mate) in mates.iter().enumerate() {
            let v = self.verts[i];
            if self.fixed[v].is_some() {
                continue;
            }
            match mate {
                Some(j) => out[v] = self.verts[*j],
                None => unpaired.push(v),
            }
        }
        // The unpaired and the later brackets must complete the round (C4), using
        // only pairs whose weight is their completion field alone.
        let allowed = |a: usize, b: usize| match self.slot(a, b) {
            Some(slot) => {
                let w = self.weight[slot];
                !w.is_zero() && w == self.completion(a, b)
            }
            None => self.compat.allows(a, b),
        };
        let bye_ok = |v: usize| self.bye_ok(v);
        let rest = self.rest.as_ref().ok_or(Failure::Fallback)?;
        let Some(completed) = rest.complete_with(&unpaired, &allowed, &bye_ok) else {
            return Ok(None);
        };
        for (v, partner) in completed {
            out[v] = partner;
        }
        Ok(Some(out))
    }
}

impl<W: MatchWeight> RoundGraph<W> for WindowGraph<'_, W> {
    fn start(&mut self) -> Result<Start, Failure> {
        let (n, players, compat) = (self.n, self.players, self.compat);
        let all: Vec<usize> = (0..n).collect();
        let allowed = |a: usize, b: usize| compat.allows(a, b);
        let everyone = Cardinality::new(n, &all, &allowed);
        let mut start = Start { bye_score: 0, single_down: false, unplayed_ranks: BTreeMap::new() };
        if n % 2 == 0 {
            // C4: a complete pairing exists.
            everyone.complete_with(&[], &allowed, &|_| false).ok_or(Failure::NoPairing)?;
        } else {
            // C2, C5: the bye goes to the lowest score group that can give it with
            // everyone else paired.
            let scores: BTreeSet<i32> = players.iter().map(|p| p.score).collect();
            let bye_score = scores
                .iter()
                .copied()
                .find(|&s| {
                    let ok = |v: usize| players[v].bye_eligible && players[v].score <= s;
                    everyone.complete_with(&[], &allowed, &ok).is_some()
                })
                .ok_or(Failure::NoPairing)?;
            if bye_score >= players[0].score {
                // C9 applies in the first bracket; it weighs pairs all over the round
                // unless the round is one score group (round 1), all in the window.
                if players.iter().any(|p| p.score != bye_score) {
                    return Err(Failure::Fallback);
                }
                start.single_down = true;
            }
            start.bye_score = bye_score;
            start.unplayed_ranks = unplayed_ranks(players, bye_score);
        }
        for (v, p) in players.iter().enumerate() {
            self.not_candidate[v] = !(p.bye_eligible && p.score <= start.bye_score);
        }
        self.start = start.clone();
        Ok(start)
    }

    fn begin_bracket(&mut self, window: &[usize], rest_from: usize) -> Result<Layout, Failure> {
        let present: BTreeSet<i32> = window.iter().map(|&v| self.players[v].score).collect();
        let layout = self.global.compact(&present, nudge_bits(self.n));
        if layout.weight_bits() + 8 + 64 > W::BITS {
            return Err(Failure::TooWide);
        }
        self.rest_from = rest_from;
        let mut window = window.to_vec();
        if self.tail {
            window.extend(rest_from..self.n);
        }
        self.rebuild(&window, layout.clone());
        Ok(layout)
    }

    fn set_base(&mut self, a: usize, b: usize, w: W, recipe: Recipe) {
        self.store(a, b, w, Some(recipe));
    }

    fn set(&mut self, a: usize, b: usize, w: W) {
        self.store(a, b, w, None);
    }

    fn finalize(&mut self, a: usize, b: usize) {
        self.fixed[a] = Some(b);
        self.fixed[b] = Some(a);
        for v in [a, b] {
            if let Some(w) = self.warm_index(self.local[v]) {
                self.warm.remove_vertex(w);
            }
        }
    }

    fn solve_with(&mut self, extra: u32, bonus: &Bonus<W>) -> Result<Vec<usize>, Failure> {
        let k = self.verts.len();
        if extra != self.extra {
            // Scaling all weights keeps the last optimum; anything else starts again.
            if extra > self.extra && self.last_bonus.is_empty() && !self.all_dirty {
                self.warm.scale_weights(extra - self.extra);
            } else {
                self.all_dirty = true;
            }
        }
        let mut pairs = std::mem::take(&mut self.dirty);
        if self.all_dirty {
            // Every pair, without a list of them (issue 21: at 3,000 players that
            // list was tens of MB, and kept as `dirty`'s capacity after).
            self.warm.restart();
            pairs = Vec::new();
            let m = self.warm_len();
            for a in 0..m {
                for b in a + 1..m {
                    let w = self.solver_weight(self.local_of(a), self.local_of(b), extra, bonus);
                    self.warm.set_weight(a, b, w);
                }
            }
        } else {
            let local = |&(u, v): &(usize, usize)| (self.local[u], self.local[v]);
            pairs.extend(self.last_bonus.keys().chain(bonus.keys()).map(local));
        }
        for &(i, j) in &pairs {
            if let (Some(a), Some(b)) = (self.warm_index(i), self.warm_index(j)) {
                let w = self.solver_weight(i, j, extra, bonus);
                self.warm.set_weight(a, b, w);
            }
        }
        pairs.clear();
        // A long list (an exchange re-weighs the whole remainder) is not kept.
        if pairs.capacity() > 16 * k {
            pairs = Vec::new();
        }
        self.dirty = pairs;
        self.all_dirty = false;
        self.extra = extra;
        self.last_bonus.clone_from(bonus);
        let mates = self.warm.compute().ok_or(Failure::NoPairing)?;
        if let Some(out) = self.completed(&self.window_mates(mates))? {
            return Ok(out);
        }
        if self.focus.is_some() {
            // Not expected (the focus keeps the rest's players as they were), but the
            // whole window answers in any case.
            self.focus = None;
            self.fresh_warm();
            return self.solve_with(extra, bonus);
        }
        if self.tail {
            return Err(Failure::Fallback);
        }
        // Another optimum may leave players the rest can take.
        self.warm.restart_uniform();
        let mates = self.warm.compute().ok_or(Failure::NoPairing)?;
        if let Some(out) = self.completed(&mates)? {
            return Ok(out);
        }
        // The later players need some of the window's: take them all into the window.
        if self.verts.len() + (self.n - self.rest_from) > TAIL_LIMIT {
            return Err(Failure::Fallback);
        }
        self.tail = true;
        let mut window = self.verts.clone();
        window.extend(self.rest_from..self.n);
        self.rebuild(&window, self.layout.clone());
        self.solve_with(extra, bonus)
    }

    fn partners(&self) -> Vec<usize> {
        (0..self.n).map(|v| self.fixed[v].unwrap_or(v)).collect()
    }

    fn never_paired(&self, a: usize, b: usize) -> Option<bool> {
        let (i, j) = (self.local[a], self.local[b]);
        let unchanged = !self.all_dirty && self.dirty.is_empty();
        Some(match (self.warm_index(i), self.warm_index(j)) {
            (Some(i), Some(j)) => unchanged && self.warm.never_paired(i, j, self.extra),
            _ => false,
        })
    }

    fn may_narrow(&self, rem: &[usize], s2: &[usize], c9: bool) -> bool {
        self.rem_locals(rem, s2).is_some_and(|in_rem| !c9 || self.alike_outside(&in_rem, s2))
    }

    fn narrow(&mut self, rem: &[usize], s2: &[usize], mates: &[usize], c9: bool) -> bool {
        let Some(focus) = self.focus_of(rem, s2, mates, c9) else { return false };
        self.focus = Some(focus);
        self.fresh_warm();
        #[cfg(test)]
        NARROWED.with(|n| n.set(n.get() + 1));
        true
    }
}
