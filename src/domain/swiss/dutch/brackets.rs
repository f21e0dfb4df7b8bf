//! The bracket-by-bracket procedure of the Dutch system (C.04.3 B), following the
//! approach of bbpPairings (Apache-2.0, Bierema Boyz Programming).
//!
//! All players stay in one weighted graph for the whole round, so every choice is
//! checked against the completion of the round (C4): players of brackets not yet
//! reached keep weights that only ask for a complete pairing (`graph::FullGraph`;
//! `window::WindowGraph` gives the same answers solving only the bracket and the
//! next score group, and checking the rest for completion). Score groups are taken
//! top-down (B.1); for each bracket the weights of its players and of the next
//! bracket's are set (`weights`), and the matching is asked a sequence of questions,
//! each answered by nudging some weights by less than any criterion and solving
//! again; a settled answer is frozen into the weights before the next question:
//! 1. which moved-down players (MDPs) are paired in this bracket (B.2, C6/C7 —
//!    highest MDPs first, B.5 / D.2 order);
//! 2. the opponent of each such MDP: the highest resident possible (D.2);
//! 3. in the remainder, how many exchanges between S1 and S2 are needed, then which
//!    S1 players go down (lowest first) and which S2 players come up (highest first),
//!    giving the smallest exchange in the order of D.3 (fewest exchanged, smallest
//!    difference of BSNs);
//! 4. each S1 player, from the top, gets the highest S2 opponent possible (D.1
//!    transpositions in order).
//!
//! Players left unpaired move down to the next bracket. Each question is "is there
//! an optimal matching with this property", so the answers — and the pairing — do
//! not depend on which of several optimal matchings the solver returns.

use super::graph::{Failure, FullGraph, Recipe, RoundGraph};
use super::players::Player;
use super::weights::{Compat, Context, Layout, edge_weight};
use super::window::WindowGraph;
use crate::domain::matching::MatchWeight;
use crate::domain::swiss::progress;
use settle::RANKED;

mod settle;

/// Pairs the round. `players` are in pairing order (score, then pairing number);
/// returns each player's partner (itself for the bye). `windowed`: solve each
/// bracket's matchings on its window (`window`); the caller falls back to the full
/// graph on [`Failure::Fallback`].
pub(crate) fn pair<W: MatchWeight>(
    players: &[Player],
    compat: &Compat,
    layout: &Layout,
    windowed: bool,
) -> Result<Vec<usize>, Failure> {
    pair_ranking::<W>(players, compat, layout, windowed, RANKED)
}

/// [`pair`], step 4 ranking each S1 player's `ranked` highest candidates in a
/// shared matching (see `Bracket::settle_s1`; the tests vary it).
pub(crate) fn pair_ranking<W: MatchWeight>(
    players: &[Player],
    compat: &Compat,
    layout: &Layout,
    windowed: bool,
    ranked: usize,
) -> Result<Vec<usize>, Failure> {
    if windowed {
        run::<W>(&mut WindowGraph::new(players, compat, layout), players, compat, ranked)
    } else {
        run::<W>(&mut FullGraph::new(players, compat, layout), players, compat, ranked)
    }
}

/// The pairing of a round nobody has played yet with every pair allowed, without
/// any matching: one score group, no colour preferences or floats, so the procedure
/// pairs S1 (the upper half) against S2 in order (B.4, D.1); with an odd count the
/// lowest player has the bye (C5) and the others pair as above. `None` when the
/// round is not such a round. (Round 1 of a large open is one bracket of the whole
/// field, the costliest matching of the event; the tests check this against the
/// procedure.)
pub(crate) fn first_round_halves(players: &[Player], compat: &Compat) -> Option<Vec<usize>> {
    let n = players.len();
    let fresh = |p: &Player| {
        p.score == players[0].score
            && p.played == 0
            && p.pref.is_none()
            && p.floats.iter().all(|f| *f == super::players::Float::None)
            && p.bye_eligible
    };
    if n < 2 || !players.iter().all(fresh) || !(0..n).all(|a| (0..a).all(|b| compat.allows(a, b))) {
        return None;
    }
    let half = n / 2;
    let mut partner: Vec<usize> = (0..n).collect();
    for k in 0..half {
        partner[k] = k + half;
        partner[k + half] = k;
    }
    Some(partner)
}

fn run<W: MatchWeight>(
    g: &mut impl RoundGraph<W>,
    players: &[Player],
    compat: &Compat,
    ranked: usize,
) -> Result<Vec<usize>, Failure> {
    let n = players.len();
    let score = |v: usize| players[v].score;
    let odd = n % 2 == 1;
    // Issue 21: score group k of n reported to the window, which may cancel (`progress`).
    let groups = 1 + (1..n).filter(|&v| score(v) != score(v - 1)).count();
    let mut reached = 0;
    if !progress::step(reached, groups) {
        return Err(Failure::NoPairing);
    }
    let start = g.start()?;
    let mut single_down_is_bye = start.single_down;
    let mut matched = vec![false; n];
    // Whether some weights still carry a nudge of a failed trial (step 1).
    let mut nudged = false;
    // The bracket's players and the next score group, by vertex.
    let top = score(0);
    let mut window: Vec<usize> = (0..n).take_while(|&v| score(v) >= top).collect();
    let mut next_group = window.len();
    // Moved-down players at the start of `window`.
    let mut movers = 0usize;
    // First vertex of the bracket's own score group.
    let mut group_vertex = 0usize;
    while window.len() > 1 || next_group < n {
        if !progress::step(reached, groups) {
            return Err(Failure::NoPairing);
        }
        reached += 1;
        let next_begin = window.len();
        let next_vertex = group_vertex + (next_begin - movers);
        let group_start = next_group;
        while next_group < n && score(next_group) >= score(group_start) {
            window.push(next_group);
            next_group += 1;
        }
        let layout = g.begin_bracket(&window, next_group)?;
        let ctx = Context {
            layout: &layout,
            bye_score: start.bye_score,
            single_downfloater_is_bye: single_down_is_bye,
            unplayed_ranks: &start.unplayed_ranks,
        };
        let mut b = Bracket {
            base: Vec::new(),
            window,
            movers,
            next_begin,
            group_vertex,
            next_vertex,
            order_bits: 2 * layout.group_bits,
            sm: Vec::new(),
            ranked: ranked.max(1),
            c9: single_down_is_bye,
        };
        b.weigh(g, &ctx, compat, players, single_down_is_bye);
        b.sm = g.solve()?;
        nudged |= b.settle_movers(g, players, &mut matched)?;
        b.pair_movers(g, &mut matched)?;
        let rem = b.exchange(g)?;
        b.settle_s1(g, &mut matched, &rem, nudged, &layout)?;

        // The unpaired move down to the next bracket.
        let mut single_down = odd && group_start < n && start.bye_score >= score(group_start);
        let mut carried = Vec::new();
        movers = 0;
        for (pi, &pv) in b.window.iter().enumerate() {
            if pi < next_begin && matched[pv] {
                continue;
            }
            carried.push(pv);
            if pi < next_begin {
                movers += 1;
            }
            if single_down && score(b.sm[pv]) < score(group_start) {
                single_down = false;
            }
        }
        single_down_is_bye = single_down;
        window = carried;
        group_vertex = next_vertex;
    }
    let partner = g.partners();
    if partner.iter().enumerate().filter(|(v, p)| v == *p).count() > usize::from(odd) {
        return Err(Failure::NoPairing);
    }
    Ok(partner)
}

/// One bracket while its questions are asked: the window's vertices (moved-down
/// players first, then the bracket's own score group, then the next score group),
/// the weights of its pairs, and the matching last returned.
struct Bracket<W> {
    window: Vec<usize>,
    /// Moved-down players at the start of `window`.
    movers: usize,
    /// Where the next score group starts in `window`.
    next_begin: usize,
    /// First vertex of the bracket's own score group, and of the next.
    group_vertex: usize,
    next_vertex: usize,
    /// The weights of the bracket's pairs as built (moved-down players and
    /// residents): `base[larger][smaller]` (window indices, `larger` below
    /// `next_begin`). The next score group's pairs are handed to the graph only:
    /// no question reads them again (issue 21: at 3,000 players they were most of
    /// this table).
    base: Vec<Vec<W>>,
    /// Bits of the order digits, for the exchange preferences (D.3).
    order_bits: u32,
    /// The matching last returned: each vertex's partner.
    sm: Vec<usize>,
    /// How many of an S1 player's candidates step 4 ranks in a shared matching.
    ranked: usize,
    /// C9 weighs the bracket's pairs (its single downfloater gets the bye).
    c9: bool,
}

/// The remainder of a bracket (step 3): its players' window indices, the S1 players
/// (the higher of their pairs) first.
struct Remainder {
    rem: Vec<usize>,
    /// How many pairs (the size of S1).
    pairs: usize,
}

impl<W: MatchWeight> Bracket<W> {
    /// Whether `v` is paired within the bracket's own score group.
    fn in_group(&self, v: usize) -> bool {
        self.sm[v] >= self.group_vertex && self.sm[v] < self.next_vertex
    }

    /// Whether `v` is paired upwards, with a player of this bracket below it.
    fn paired_up(&self, v: usize) -> bool {
        self.sm[v] > v && self.sm[v] < self.next_vertex
    }

    /// The weight with the remainder's exchange preferences (D.3).
    fn with_exchange(&self, smaller: usize, larger: usize, rem_index: usize, rem_pairs: usize) -> W {
        let r = self.base[larger][smaller];
        if r.is_zero() {
            return r;
        }
        let addend = W::from_u64(u64::from(rem_index < rem_pairs)).shl(self.order_bits) - W::from_u64(rem_index as u64);
        r + addend.shl(1)
    }

    /// Sets the weights of the bracket's and the next group's pairs.
    fn weigh(
        &mut self,
        g: &mut impl RoundGraph<W>,
        ctx: &Context,
        compat: &Compat,
        players: &[Player],
        single_down: bool,
    ) {
        let (window, next_begin) = (&self.window, self.next_begin);
        self.base = vec![Vec::new(); next_begin];
        let mut row: Vec<W> = Vec::new();
        for larger in self.movers..window.len() {
            let (in_bracket, in_next) = (larger < next_begin, larger >= next_begin);
            row.clear();
            row.extend((0..larger).map(|smaller| {
                edge_weight::<W>(ctx, compat, players, window[smaller], window[larger], in_bracket, in_next)
            }));
            let recipe = Recipe { in_bracket, in_next, single_down };
            for (smaller, &w) in row.iter().enumerate() {
                g.set_base(window[larger], window[smaller], w, recipe);
            }
            if in_bracket {
                self.base[larger] = std::mem::take(&mut row);
            }
        }
    }

    /// Step 1: which moved-down players are paired in this bracket (B.2, C6/C7),
    /// highest first. Returns whether a failed trial left its nudges in the weights.
    fn settle_movers(
        &mut self,
        g: &mut impl RoundGraph<W>,
        players: &[Player],
        matched: &mut [bool],
    ) -> Result<bool, Failure> {
        let score = |v: usize| players[v].score;
        let mut nudged = false;
        let (mut mover_score, mut left, mut left_matched) = (0, 0usize, 0usize);
        for pi in 0..self.movers {
            let pv = self.window[pi];
            if pi == 0 || score(pv) < mover_score {
                mover_score = score(pv);
                let level: Vec<usize> =
                    self.window[pi..].iter().copied().take_while(|&v| score(v) >= mover_score).collect();
                left = level.len();
                left_matched = level.iter().filter(|&&v| self.in_group(v)).count();
            }
            if left_matched == 0 {
                continue;
            }
            if left <= left_matched {
                matched[pv] = true;
                continue;
            }
            left -= 1;
            if !self.in_group(pv) {
                self.nudge_mover(g, pi, 1);
                self.sm = g.solve()?;
                nudged |= !self.in_group(pv);
            }
            if self.in_group(pv) {
                matched[pv] = true;
                left_matched -= 1;
                self.nudge_mover(g, pi, (self.next_begin - self.movers) as u64 + 1);
            }
        }
        Ok(nudged)
    }

    /// Raises the weights of moved-down player `pi` with the bracket's residents by `by`.
    fn nudge_mover(&self, g: &mut impl RoundGraph<W>, pi: usize, by: u64) {
        for oi in self.movers..self.next_begin {
            let w = self.base[oi][pi];
            if !w.is_zero() {
                g.set(self.window[pi], self.window[oi], w + W::from_u64(by));
            }
        }
    }

    /// Step 2: the opponent of each paired moved-down player, the highest possible (D.2).
    fn pair_movers(&mut self, g: &mut impl RoundGraph<W>, matched: &mut [bool]) -> Result<(), Failure> {
        for pi in 0..self.movers {
            let pv = self.window[pi];
            if !matched[pv] {
                continue;
            }
            let mut addend = self.window.len() as u64;
            for oi in (self.movers..self.next_begin).rev() {
                let ov = self.window[oi];
                if matched[ov] {
                    continue;
                }
                let w = self.base[oi][pi];
                if !w.is_zero() {
                    g.set(pv, ov, w + W::from_u64(addend));
                    addend += 1;
                }
            }
            self.sm = g.solve()?;
            let mv = self.sm[pv];
            if mv == pv {
                return Err(Failure::NoPairing);
            }
            matched[mv] = true;
            g.finalize(pv, mv);
        }
        Ok(())
    }

    /// Step 3: the remainder's S1 and S2, the number of exchanges, which S1 players
    /// go down and which S2 players come up (D.3); then the exchange is frozen.
    fn exchange(&mut self, g: &mut impl RoundGraph<W>) -> Result<Remainder, Failure> {
        let mut rem: Vec<usize> = Vec::new();
        let mut pairs = 0usize;
        for pi in self.movers..self.next_begin {
            let pv = self.window[pi];
            if self.sm[pv] < self.group_vertex {
                continue;
            }
            rem.push(pi);
            if self.sm[pv] < pv {
                pairs += 1;
            }
        }
        let rem = Remainder { rem, pairs };
        for (b, &oi) in rem.rem.iter().enumerate() {
            for (a, &pi) in rem.rem.iter().enumerate().take(b) {
                g.set(self.window[pi], self.window[oi], self.with_exchange(pi, oi, a, pairs));
            }
        }
        self.sm = g.solve()?;
        let exchanges = rem.rem.iter().take(pairs).filter(|&&pi| !self.paired_up(self.window[pi])).count();
        self.s1_down(g, &rem, exchanges)?;
        self.s2_up(g, &rem, exchanges)?;
        self.freeze(g, &rem);
        Ok(rem)
    }

    /// S1 players that go to S2, from the lowest up.
    fn s1_down(&mut self, g: &mut impl RoundGraph<W>, rem: &Remainder, exchanges: usize) -> Result<(), Failure> {
        let (list, pairs) = (&rem.rem, rem.pairs);
        let mut remaining = exchanges;
        let mut pos = pairs;
        while pos > 0 && remaining > 0 {
            pos -= 1;
            let pi = list[pos];
            let pv = self.window[pi];
            if self.paired_up(pv) {
                for &oi in &list[pos + 1..] {
                    let w = self.with_exchange(pi, oi, pos, pairs);
                    if !w.is_zero() {
                        g.set(pv, self.window[oi], w - W::from_u64(1));
                    }
                }
                self.sm = g.solve()?;
            }
            let exchange = !self.paired_up(pv);
            if exchange {
                remaining -= 1;
            }
            for &oi in &list[pos + 1..] {
                if exchange {
                    self.base[oi][pi] = W::ZERO;
                }
                g.set(pv, self.window[oi], self.with_exchange(pi, oi, pos, pairs));
            }
        }
        Ok(())
    }

    /// S2 players that go to S1, from the highest down.
    fn s2_up(&mut self, g: &mut impl RoundGraph<W>, rem: &Remainder, exchanges: usize) -> Result<(), Failure> {
        let (list, pairs) = (&rem.rem, rem.pairs);
        let mut remaining = exchanges;
        for pos in pairs..list.len() {
            if remaining <= 1 {
                break;
            }
            let pi = list[pos];
            let pv = self.window[pi];
            let already = self.paired_up(pv);
            if !already {
                for &oi in &list[pos + 1..] {
                    let w = self.with_exchange(pi, oi, pos, pairs);
                    if !w.is_zero() {
                        g.set(pv, self.window[oi], w + W::from_u64(1));
                    }
                }
                self.sm = g.solve()?;
            }
            if self.paired_up(pv) {
                remaining -= 1;
                for &oi in &list[..pos] {
                    self.base[pi][oi] = W::ZERO;
                    g.set(pv, self.window[oi], W::ZERO);
                }
                for oi in self.next_begin..self.window.len() {
                    g.set(pv, self.window[oi], W::ZERO);
                }
            }
            if !already {
                for &oi in &list[pos + 1..] {
                    g.set(pv, self.window[oi], self.with_exchange(pi, oi, pos, pairs));
                }
            }
        }
        Ok(())
    }

    /// Freezes the exchange: only S1 players pair upwards, with S2 players.
    fn freeze(&mut self, g: &mut impl RoundGraph<W>, rem: &Remainder) {
        for (a, &pi) in rem.rem.iter().enumerate() {
            let pv = self.window[pi];
            for &oi in &rem.rem[a + 1..] {
                let ov = self.window[oi];
                if !self.paired_up(pv) || self.paired_up(ov) {
                    self.base[oi][pi] = W::ZERO;
                }
                g.set(pv, ov, self.base[oi][pi]);
            }
        }
    }
}
