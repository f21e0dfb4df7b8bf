//! The weighted graph of one Dutch round as the bracket procedure (`brackets`) sees
//! it: the [`RoundGraph`] operations, and [`FullGraph`], the reference form in which
//! every player of the round is a vertex of every matching (as in bbpPairings).
//! `window` holds the fast form that gives the same answers.

use super::players::Player;
use super::weights::{Compat, Context, Layout, bye_weight, edge_weight};
use crate::domain::matching::{self, MatchWeight, Matcher};
use std::collections::{BTreeMap, HashMap};

/// Why a round could not be paired by a graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Failure {
    /// No pairing keeps the absolute criteria.
    NoPairing,
    /// The fast form cannot vouch for its answer: pair with [`FullGraph`].
    Fallback,
    /// The weights need a wider integer type.
    TooWide,
}

/// How a pair's weight was built (see `weights::edge_weight`), so that it can be
/// built again in another layout with its nudges kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Recipe {
    /// The lower player belongs to the bracket.
    pub in_bracket: bool,
    /// The lower player belongs to the next bracket.
    pub in_next: bool,
    /// C9 applied (the bracket's single downfloater was the bye assignee).
    pub single_down: bool,
}

/// What the bye decides for the whole round (C2, C5, C9).
#[derive(Debug, Clone)]
pub(crate) struct Start {
    /// The score of the bye assignee (0 when the count is even).
    pub bye_score: i32,
    /// C9 applies in the first bracket.
    pub single_down: bool,
    /// Rank of each count of played games among the bye-score group, most games first.
    pub unplayed_ranks: BTreeMap<u32, u64>,
}

/// The bonus of `solve_with`, by vertex pair (smaller first).
pub(crate) type Bonus<W> = HashMap<(usize, usize), W>;

/// The operations of the bracket procedure on the round's graph; vertices are the
/// players in pairing order.
pub(crate) trait RoundGraph<W: MatchWeight> {
    /// Who gets the bye, if anyone; sets the weights every pair starts with.
    fn start(&mut self) -> Result<Start, Failure>;
    /// The layout to weigh the pairs of `window` with, called once per bracket when
    /// `window` (sorted) has taken in the next score group; players from `rest_from`
    /// on belong to later brackets.
    fn begin_bracket(&mut self, window: &[usize], rest_from: usize) -> Result<Layout, Failure>;
    /// Sets the weight of `a`–`b` as built by `recipe`.
    fn set_base(&mut self, a: usize, b: usize, w: W, recipe: Recipe);
    /// Sets the weight of `a`–`b` (a nudge of the weight last built for the pair).
    fn set(&mut self, a: usize, b: usize, w: W);
    /// Settles the pair `a`–`b`: both leave the graph.
    fn finalize(&mut self, a: usize, b: usize);
    /// A maximum-weight matching of the weights shifted left by `extra` bits plus
    /// `bonus` in the freed low bits (with `extra == 0`, simply added): each vertex's
    /// partner, itself when single.
    fn solve_with(&mut self, extra: u32, bonus: &Bonus<W>) -> Result<Vec<usize>, Failure>;
    /// A maximum-weight matching of the weights.
    fn solve(&mut self) -> Result<Vec<usize>, Failure> {
        self.solve_with(0, &HashMap::new())
    }
    /// The settled partner of every vertex, itself when unpaired.
    fn partners(&self) -> Vec<usize>;
    /// Whether the duals of the last matching prove that no maximum-weight matching
    /// of the weights (without the bonus of that solve, and nothing set since but
    /// settled pairs) pairs `a` with `b`; `None` when this graph keeps no duals.
    fn never_paired(&self, _a: usize, _b: usize) -> Option<bool> {
        None
    }
    /// Whether [`RoundGraph::narrow`] may narrow step 4's matchings for remainder
    /// `rem` and its S2 players `s2` (vertices), as far as the weights tell; `c9`:
    /// C9 weighs the bracket's pairs.
    fn may_narrow(&self, _rem: &[usize], _s2: &[usize], _c9: bool) -> bool {
        false
    }
    /// Until the next bracket, solves on step 4's remainder `rem` (S1 and S2,
    /// vertices) and the players `mates` pairs with its S2 players `s2`, when that
    /// gives the window's answers; `mates` is a maximum-weight matching of the
    /// current weights; `c9` as in [`RoundGraph::may_narrow`]. Returns whether it does.
    fn narrow(&mut self, _rem: &[usize], _s2: &[usize], _mates: &[usize], _c9: bool) -> bool {
        false
    }
}

/// Every player of the round in one dense graph, in the global layout.
pub(crate) struct FullGraph<'a, W: MatchWeight> {
    n: usize,
    players: &'a [Player],
    compat: &'a Compat,
    layout: &'a Layout,
    weight: Vec<W>,
    /// Partner of a vertex whose pair is settled (settled vertices leave the graph).
    fixed: Vec<Option<usize>>,
}

impl<'a, W: MatchWeight> FullGraph<'a, W> {
    pub fn new(players: &'a [Player], compat: &'a Compat, layout: &'a Layout) -> FullGraph<'a, W> {
        let n = players.len();
        FullGraph { n, players, compat, layout, weight: vec![W::ZERO; n * n], fixed: vec![None; n] }
    }

    fn store(&mut self, a: usize, b: usize, w: W) {
        self.weight[a * self.n + b] = w;
        self.weight[b * self.n + a] = w;
    }
}

impl<W: MatchWeight> RoundGraph<W> for FullGraph<'_, W> {
    fn start(&mut self) -> Result<Start, Failure> {
        let (n, players, compat, layout) = (self.n, self.players, self.compat, self.layout);
        let score = |v: usize| players[v].score;
        let top = score(0);
        let odd = n % 2 == 1;
        let no_ranks = BTreeMap::new();
        let first = Context { layout, bye_score: 0, single_downfloater_is_bye: false, unplayed_ranks: &no_ranks };
        // C4: is a complete pairing possible at all, and (odd count) who gets the bye (C2, C5).
        for p in 0..n {
            for o in 0..p {
                let w = if odd {
                    bye_weight(compat, players, layout, top, o, p)
                } else {
                    edge_weight(&first, compat, players, o, p, false, false)
                };
                self.store(p, o, w);
            }
        }
        let m = self.solve()?;
        let single: Vec<usize> = (0..n).filter(|&v| m[v] == v).collect();
        if single.len() > 1 || single.iter().any(|&v| !players[v].bye_eligible) {
            return Err(Failure::NoPairing);
        }
        let mut start = Start { bye_score: 0, single_down: false, unplayed_ranks: BTreeMap::new() };
        if let Some(&bye) = single.first() {
            start.bye_score = score(bye);
            // C9 applies in the first bracket when the bye goes to the top score group and
            // no top player is paired down.
            start.single_down =
                start.bye_score >= top && (0..n).take_while(|&v| score(v) >= top).all(|v| score(m[v]) >= top);
            start.unplayed_ranks = unplayed_ranks(players, start.bye_score);
        }
        if odd {
            let ctx = Context {
                layout,
                bye_score: start.bye_score,
                single_downfloater_is_bye: start.single_down,
                unplayed_ranks: &start.unplayed_ranks,
            };
            for p in 0..n {
                for o in 0..p {
                    self.store(p, o, edge_weight(&ctx, compat, players, o, p, false, false));
                }
            }
        }
        Ok(start)
    }

    fn begin_bracket(&mut self, _window: &[usize], _rest_from: usize) -> Result<Layout, Failure> {
        Ok(self.layout.clone())
    }

    fn set_base(&mut self, a: usize, b: usize, w: W, _recipe: Recipe) {
        self.store(a, b, w);
    }

    fn set(&mut self, a: usize, b: usize, w: W) {
        self.store(a, b, w);
    }

    fn finalize(&mut self, a: usize, b: usize) {
        self.fixed[a] = Some(b);
        self.fixed[b] = Some(a);
    }

    fn solve_with(&mut self, extra: u32, bonus: &Bonus<W>) -> Result<Vec<usize>, Failure> {
        let free: Vec<usize> = (0..self.n).filter(|v| self.fixed[*v].is_none()).collect();
        let mut edges = Vec::new();
        for (a, &u) in free.iter().enumerate() {
            for (b, &v) in free.iter().enumerate().skip(a + 1) {
                let w = self.weight[u * self.n + v];
                if w > W::ZERO {
                    let add = bonus.get(&(u, v)).copied().unwrap_or(W::ZERO);
                    let w = if extra == 0 { w + add } else { w.shl(extra) + add };
                    edges.push((a, b, w));
                }
            }
        }
        let mates =
            Matcher::compute_edges(free.len(), &edges, matching::Start::HeaviestEdge).ok_or(Failure::NoPairing)?;
        let mut out = self.partners();
        for (a, mate) in mates.iter().enumerate() {
            if let Some(b) = mate {
                out[free[a]] = free[*b];
            }
        }
        Ok(out)
    }

    fn partners(&self) -> Vec<usize> {
        (0..self.n).map(|v| self.fixed[v].unwrap_or(v)).collect()
    }
}

/// Rank of each count of played games among the players scoring `bye_score`, most
/// games first (C9).
pub(crate) fn unplayed_ranks(players: &[Player], bye_score: i32) -> BTreeMap<u32, u64> {
    let mut played: Vec<u32> = players.iter().filter(|p| p.score == bye_score).map(|p| p.played).collect();
    played.sort_unstable_by(|a, b| b.cmp(a));
    let mut ranks = BTreeMap::new();
    for (rank, count) in played.into_iter().enumerate() {
        ranks.insert(count, rank as u64);
    }
    ranks
}
