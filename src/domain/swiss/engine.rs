//! The Swiss engine: the players who may meet as a graph, the rule set's criteria as
//! edge weights ([`criteria`]), and a maximum-weight matching of maximum cardinality
//! over it. With an odd number of players a bye vertex joins the graph, so the
//! matching also chooses who gets the bye.
//!
//! [`criteria`]: super::criteria

use super::Candidate;
use super::colours::{self, ColourState};
use super::criteria::{Field, Layout, RANK_COST_CAP};
use super::measure::Levels;
use super::wide::Wide;
use crate::domain::ids::StartNo;
use crate::domain::matching::{MatchWeight, Matcher, Start};
use crate::domain::points::Points;
use std::collections::BTreeSet;

/// How the rule set treats the round being paired.
#[derive(Debug, Clone)]
pub(crate) struct Rules {
    /// Same-club pairs: `None` ignores clubs; `Some(true)` forbids them; `Some(false)`
    /// avoids them just below "no rematch".
    pub club: Option<bool>,
    /// The last round: colour rules may yield to equal scores (PAIRING.md cxa §4).
    pub last_round: bool,
    /// Round 1: each player's target partner (index into the candidates) from the draw;
    /// `None` pairs by score groups.
    pub targets: Option<Vec<Option<usize>>>,
}

/// The engine's answer: pairs as candidate indices (higher-ranked first) and the bye.
#[derive(Debug, Clone, Default)]
pub(crate) struct Solution {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// Why no pairing exists: the players the best matching left out.
#[derive(Debug, Clone)]
pub(crate) struct Unpaired(pub Vec<StartNo>);

/// Each candidate's score group (0 = highest) and place within it.
struct Groups {
    index: Vec<usize>,
    position: Vec<usize>,
    size: Vec<usize>,
    lowest: usize,
}

fn score_groups(candidates: &[Candidate]) -> Groups {
    let mut totals: Vec<Points> = candidates.iter().map(|c| c.points).collect();
    totals.sort_by(|a, b| b.cmp(a));
    totals.dedup();
    let index: Vec<usize> =
        candidates.iter().map(|c| totals.iter().position(|t| *t == c.points).unwrap_or(0)).collect();
    let mut seen = vec![0usize; totals.len()];
    let mut position = Vec::with_capacity(candidates.len());
    for g in &index {
        position.push(seen[*g]);
        seen[*g] += 1;
    }
    let size = index.iter().map(|g| seen[*g]).collect();
    Groups { index, position, size, lowest: totals.len().saturating_sub(1) }
}

/// Fields larger than this are first paired on a pruned graph (see [`plausible`]).
pub(crate) const PRUNE_ABOVE: usize = 400;

/// How far from a player's upper-half/lower-half partner, or from the player, a
/// same-group opponent may sit in a pruned graph.
const WINDOW: usize = 24;

/// How many players at the edge of a score group may float to another group in a
/// pruned graph.
const BOUNDARY: usize = 24;

/// Pairs the candidates (in rank order) under the rules, or says who cannot be paired.
///
/// Large fields are paired first on a pruned graph — only pairs near the ideal
/// upper-half/lower-half partner, near each other, or across the edge of neighbouring
/// score groups — which keeps time and memory near-linear in the field; if that graph
/// cannot pair everyone, the full graph decides.
pub(crate) fn solve(
    candidates: &[Candidate],
    met: &BTreeSet<(StartNo, StartNo)>,
    rules: &Rules,
) -> Result<Solution, Unpaired> {
    if candidates.len() > PRUNE_ABOVE
        && let Ok(solution) = solve_graph(candidates, met, rules, true)
    {
        return Ok(solution);
    }
    solve_graph(candidates, met, rules, false)
}

/// Whether a pruned graph keeps the pair `i`, `j` (`i` ranked higher): in round 1, near
/// either player's drawn partner or near each other in the draw; later, near the ideal
/// partner or each other within a score group, or across the edges of two groups.
fn plausible(i: usize, j: usize, groups: &Groups, targets: Option<&[Option<usize>]>) -> bool {
    if let Some(targets) = targets {
        let near = |from: usize, to: usize| targets[from].is_some_and(|t| t.abs_diff(to) <= WINDOW);
        return near(i, j) || near(j, i) || i.abs_diff(j) <= WINDOW;
    }
    let (gi, gj) = (groups.index[i], groups.index[j]);
    if gi == gj {
        let gap = groups.position[j].abs_diff(groups.position[i]);
        gap.abs_diff(groups.size[i] / 2) <= WINDOW || gap <= WINDOW
    } else {
        let (upper, lower) = if gi < gj { (i, j) } else { (j, i) };
        groups.size[upper] - 1 - groups.position[upper] < BOUNDARY && groups.position[lower] < BOUNDARY
    }
}

/// One allowed pair, or a player's bye (`j` = the bye vertex), with what the
/// criteria weigh.
#[derive(Debug, Clone, Copy)]
struct Pair {
    i: usize,
    j: usize,
    /// The score difference in tenths (0 for the bye: it is no board).
    difference: u64,
    /// Not club-mates (weighed when clubs are avoided softly).
    apart: bool,
    /// The bye field's value: the bye's score group plus one, the most for a board.
    bye: u64,
    /// Colours can be given without breaking an absolute rule.
    colours_ok: bool,
    /// No strong, and no mild, colour clash.
    no_strong_clash: bool,
    no_mild_clash: bool,
    /// The bye's place from the bottom of its score group, as [`RANK_COST_CAP`] less
    /// the capped count of players below it (the cap for a board).
    bye_rank: u64,
    /// The rank field's value: [`RANK_COST_CAP`] less the capped rank cost.
    rank: u64,
}

/// Which fields the round's weights have, most significant first (PAIRING.md cxa):
/// the most pairs; same club (when avoided, just below the absolute rules); the bye to
/// the lowest score group that can take it (§5); the score differences by size,
/// largest first (§1, `measure`); the bye to the lowest-ranked player of its group
/// (§5, below the score rule); in the last round, colours that keep the absolute rules
/// (§4: below the score rule there); the colour wishes, strong then mild; the rank
/// order of the draw.
struct Criteria {
    soft_club: bool,
    /// The bye field's largest value, when a bye is to be given.
    bye_max: Option<u64>,
    last_round: bool,
    /// The most pairs a matching can have.
    pairs: usize,
}

impl Criteria {
    fn layout(&self, levels: &Levels) -> Layout {
        let one = Field { max_per_edge: 1 };
        let mut fields = vec![one];
        if self.soft_club {
            fields.push(one);
        }
        if let Some(max) = self.bye_max {
            fields.push(Field { max_per_edge: max });
        }
        fields.extend(std::iter::repeat_n(one, levels.fields()));
        if self.bye_max.is_some() {
            fields.push(Field { max_per_edge: RANK_COST_CAP });
        }
        if self.last_round {
            fields.push(one);
        }
        fields.extend([one, one, Field { max_per_edge: RANK_COST_CAP }]);
        Layout::new(&fields, self.pairs)
    }

    fn values<'a>(&'a self, levels: &'a Levels, p: &'a Pair) -> impl Iterator<Item = u64> + 'a {
        let club = self.soft_club.then_some(u64::from(p.apart));
        let bye = self.bye_max.map(|_| p.bye);
        let bye_rank = self.bye_max.map(|_| p.bye_rank);
        let colours = self.last_round.then_some(u64::from(p.colours_ok));
        std::iter::once(1)
            .chain(club)
            .chain(bye)
            .chain(levels.values(p.difference))
            .chain(bye_rank)
            .chain(colours)
            .chain([u64::from(p.no_strong_clash), u64::from(p.no_mild_clash), p.rank])
    }

    /// The levels of `all` that fit the narrowest weight, `i128`: all of them when
    /// they fit, else the smallest sizes with the rest lumped as far.
    fn narrow_levels(&self, all: &Levels) -> Levels {
        (0..=all.sizes())
            .rev()
            .map(|count| all.truncated(count))
            .find(|levels| self.layout(levels).total_bits <= I128_BITS)
            .unwrap_or_else(|| all.truncated(0))
    }

    /// The maximum-weight matching of the pairs under these levels, in the narrowest
    /// integer type the weights fit (`None`: wider than any, or the solver failed).
    fn matching(&self, vertices: usize, pairs: &[Pair], levels: &Levels) -> Option<Vec<Option<usize>>> {
        let layout = self.layout(levels);
        if layout.total_bits <= I128_BITS {
            return self.matching_as::<i128>(vertices, pairs, levels, &layout);
        }
        // 8 bits of headroom for the solver's doubled duals, as for the Dutch weights.
        match (layout.total_bits + 8).div_ceil(64) {
            0..=3 => self.matching_as::<Wide<3>>(vertices, pairs, levels, &layout),
            4 => self.matching_as::<Wide<4>>(vertices, pairs, levels, &layout),
            5..=6 => self.matching_as::<Wide<6>>(vertices, pairs, levels, &layout),
            7..=8 => self.matching_as::<Wide<8>>(vertices, pairs, levels, &layout),
            9..=16 => self.matching_as::<Wide<16>>(vertices, pairs, levels, &layout),
            17..=32 => self.matching_as::<Wide<32>>(vertices, pairs, levels, &layout),
            33..=64 => self.matching_as::<Wide<64>>(vertices, pairs, levels, &layout),
            _ => None,
        }
    }

    fn matching_as<W: MatchWeight>(
        &self,
        vertices: usize,
        pairs: &[Pair],
        levels: &Levels,
        layout: &Layout,
    ) -> Option<Vec<Option<usize>>> {
        let edges: Vec<(usize, usize, W)> =
            pairs.iter().map(|p| (p.i, p.j, layout.pack(self.values(levels, p)))).collect();
        // The textbook start: which of several equal optima it returns is the engine's
        // pairing, so it is kept whatever the width.
        Matcher::compute_edges(vertices, &edges, Start::Uniform)
    }
}

/// The widest weight handed to the solver as `i128` (its limit is 2¹²⁴).
const I128_BITS: u32 = 120;

/// Pairs on the full graph, or on the pruned one when `prune`.
///
/// The score differences are weighed by size (`measure`): first with as many sizes as
/// fit an `i128` weight, the larger lumped as far; when that optimum uses a far pair,
/// again with every size up to its widest difference weighed exactly and the wider
/// pairs left out (no optimum uses them), on wider weights.
pub(crate) fn solve_graph(
    candidates: &[Candidate],
    met: &BTreeSet<(StartNo, StartNo)>,
    rules: &Rules,
    prune: bool,
) -> Result<Solution, Unpaired> {
    let n = candidates.len();
    let groups = score_groups(candidates);
    let criteria = Criteria {
        soft_club: rules.club == Some(false),
        // The bye goes to the lowest score group that can take it (§5): a field that
        // only the bye edge varies (every other edge carries its maximum).
        bye_max: (!n.is_multiple_of(2)).then_some(groups.lowest as u64 + 1),
        last_round: rules.last_round,
        pairs: n.div_ceil(2),
    };
    let pairs = allowed_pairs(candidates, met, rules, prune, &groups, criteria.bye_max);
    solve_pairs(candidates, &criteria, pairs)
}

/// The optimum over the allowed pairs: see [`solve_graph`].
fn solve_pairs(candidates: &[Candidate], criteria: &Criteria, mut pairs: Vec<Pair>) -> Result<Solution, Unpaired> {
    let n = candidates.len();
    let vertices = if criteria.bye_max.is_some() { n + 1 } else { n };
    let all = Levels::all(pairs.iter().map(|p| p.difference));
    let first = criteria.narrow_levels(&all);
    let unpaired = || Unpaired(Vec::new());
    let solution = read_solution(candidates, &criteria.matching(vertices, &pairs, &first).ok_or_else(unpaired)?)?;
    let widest = solution.pairs.iter().map(|&(i, j)| difference(&candidates[i], &candidates[j])).max().unwrap_or(0);
    if !first.is_far(widest) {
        return Ok(solution);
    }
    pairs.retain(|p| p.difference <= widest);
    let exact = all.upto(widest);
    read_solution(candidates, &criteria.matching(vertices, &pairs, &exact).ok_or_else(unpaired)?)
}

/// The score difference of two players in tenths.
fn difference(a: &Candidate, b: &Candidate) -> u64 {
    u64::from(a.points.tenths().abs_diff(b.points.tenths()))
}

/// The pairs the absolute rules allow (no rematch, no forbidden club pair, colours
/// except in the last round) and the byes, with their criteria.
fn allowed_pairs(
    candidates: &[Candidate],
    met: &BTreeSet<(StartNo, StartNo)>,
    rules: &Rules,
    prune: bool,
    groups: &Groups,
    bye_max: Option<u64>,
) -> Vec<Pair> {
    let n = candidates.len();
    let states: Vec<ColourState> = candidates.iter().map(ColourState::of).collect();
    let mut pairs = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if prune && !plausible(i, j, groups, rules.targets.as_deref()) {
                continue;
            }
            let (a, b) = (&candidates[i], &candidates[j]);
            if met.contains(&(a.start_no.min(b.start_no), a.start_no.max(b.start_no))) {
                continue;
            }
            let same_club = !a.club.is_empty() && a.club == b.club;
            if same_club && rules.club == Some(true) {
                continue;
            }
            let colours_ok = colours::compatible(&states[i], &states[j]);
            if !colours_ok && !rules.last_round {
                continue;
            }
            let (strong, mild) = colours::clash(&states[i], &states[j]);
            pairs.push(Pair {
                i,
                j,
                difference: difference(a, b),
                apart: !same_club,
                bye: bye_max.unwrap_or(0),
                colours_ok,
                no_strong_clash: strong == 0,
                no_mild_clash: mild == 0,
                bye_rank: RANK_COST_CAP,
                rank: RANK_COST_CAP - rank_cost(i, j, groups, rules).min(RANK_COST_CAP),
            });
        }
        let near_bottom = groups.size[i] - groups.position[i] <= BOUNDARY;
        if bye_max.is_some()
            && !candidates[i].had_pairing_bye
            && !candidates[i].had_forfeit_win
            && (!prune || near_bottom)
        {
            let from_bottom = (groups.size[i] - 1 - groups.position[i]) as u64;
            pairs.push(Pair {
                i,
                j: n,
                difference: 0,
                apart: true,
                bye: groups.index[i] as u64 + 1,
                colours_ok: true,
                no_strong_clash: true,
                no_mild_clash: true,
                bye_rank: RANK_COST_CAP - from_bottom.min(RANK_COST_CAP),
                rank: RANK_COST_CAP,
            });
        }
    }
    pairs
}

/// The pairs and the bye of a matching (the bye vertex is `candidates.len()`), or the
/// players it left out.
fn read_solution(candidates: &[Candidate], mates: &[Option<usize>]) -> Result<Solution, Unpaired> {
    let n = candidates.len();
    let mut solution = Solution::default();
    let mut unpaired = Vec::new();
    for (i, mate) in mates.iter().enumerate().take(n) {
        match mate {
            Some(j) if *j == n => solution.bye = Some(i),
            Some(j) if *j > i => solution.pairs.push((i, *j)),
            Some(_) => {}
            None => unpaired.push(candidates[i].start_no),
        }
    }
    if !unpaired.is_empty() || (mates.len() > n && solution.bye.is_none()) {
        unpaired.sort();
        return Err(Unpaired(unpaired));
    }
    Ok(solution)
}

/// The cost of pairing `i` with `j` (`i` ranked higher) for the order of the draw:
/// round 1 — distance from the drawn partners; same score group — distance from the
/// upper-half-against-lower-half pairing (S1 against S2); across groups — the upper
/// player should be the lowest of his group and the lower the highest of hers.
fn rank_cost(i: usize, j: usize, groups: &Groups, rules: &Rules) -> u64 {
    if let Some(targets) = &rules.targets {
        let off = |from: usize, to: usize| targets[from].map_or(0, |t| t.abs_diff(to) as u64);
        return off(i, j) + off(j, i);
    }
    if groups.index[i] == groups.index[j] {
        let half = groups.size[i] / 2;
        let gap = groups.position[j].abs_diff(groups.position[i]);
        gap.abs_diff(half) as u64
    } else {
        let (upper, lower) = if groups.index[i] < groups.index[j] { (i, j) } else { (j, i) };
        (groups.size[upper] - 1 - groups.position[upper] + groups.position[lower]) as u64
    }
}

#[cfg(test)]
mod tests;
