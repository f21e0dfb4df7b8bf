//! The Swiss engine: the players who may meet as a graph, the rule set's criteria as
//! edge weights ([`criteria`]), and a maximum-weight matching of maximum cardinality
//! over it. With an odd number of players a bye vertex joins the graph, so the
//! matching also chooses who gets the bye.
//!
//! [`criteria`]: super::criteria

use super::Candidate;
use super::colours::{self, ColourState};
use super::criteria::{Field, Layout, RANK_COST_CAP};
use crate::domain::ids::StartNo;
use crate::domain::matching::{Edge, MAX_ABS_WEIGHT, max_weight_matching};
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

/// Pairs on the full graph, or on the pruned one when `prune`.
pub(crate) fn solve_graph(
    candidates: &[Candidate],
    met: &BTreeSet<(StartNo, StartNo)>,
    rules: &Rules,
    prune: bool,
) -> Result<Solution, Unpaired> {
    let n = candidates.len();
    let with_bye = !n.is_multiple_of(2);
    let pairs = n.div_ceil(2);
    let groups = score_groups(candidates);
    let states: Vec<ColourState> = candidates.iter().map(ColourState::of).collect();

    // Fields, most significant first (PAIRING.md cxa): same club (when avoided, just
    // below the absolute rules); equal scores first (§1) — in the last round even before
    // the colour rules (§4); then the nearest scores: no pair three or more score
    // groups apart, then none two apart.
    let mut fields = Vec::new();
    let soft_club = rules.club == Some(false);
    if soft_club {
        fields.push(Field { max_per_edge: 1 });
    }
    // The bye goes to the lowest score group that can take it (§5): a field that only
    // the bye edge varies (every other edge carries its maximum).
    let bye_field_max = groups.lowest as u64 + 1;
    if with_bye {
        fields.push(Field { max_per_edge: bye_field_max });
    }
    fields.push(Field { max_per_edge: 1 });
    if rules.last_round {
        fields.push(Field { max_per_edge: 1 });
    }
    fields.extend([Field { max_per_edge: 1 }; 2]);
    // Colour wishes: strong clashes, then mild ones.
    fields.extend([Field { max_per_edge: 1 }; 2]);
    fields.push(Field { max_per_edge: RANK_COST_CAP });
    let layout = Layout::new(&fields, pairs);
    if layout.total_bits >= MAX_ABS_WEIGHT.ilog2() {
        // Only fields far beyond any real event (tens of thousands of players) get here.
        return Err(Unpaired(candidates.iter().map(|c| c.start_no).collect()));
    }

    // The field values of a pair `distance` score groups apart, with its colour fit.
    let leading = |distance: usize, colours_ok: bool| -> Vec<u64> {
        let mut v = vec![u64::from(distance == 0)];
        if rules.last_round {
            v.push(u64::from(colours_ok));
        }
        v.extend([u64::from(distance <= 2), u64::from(distance <= 1)]);
        v
    };
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if prune && !plausible(i, j, &groups, rules.targets.as_deref()) {
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
            let mut values = Vec::with_capacity(fields.len());
            if soft_club {
                values.push(u64::from(!same_club));
            }
            if with_bye {
                values.push(bye_field_max);
            }
            values.extend(leading(groups.index[i].abs_diff(groups.index[j]), colours_ok));
            let (strong, mild) = colours::clash(&states[i], &states[j]);
            values.extend([u64::from(strong == 0), u64::from(mild == 0)]);
            values.push(RANK_COST_CAP - rank_cost(i, j, &groups, rules).min(RANK_COST_CAP));
            edges.push(Edge { u: i, v: j, weight: layout.pack(&values) });
        }
        let near_bottom = groups.size[i] - groups.position[i] <= BOUNDARY;
        if with_bye && !candidates[i].had_pairing_bye && !candidates[i].had_forfeit_win && (!prune || near_bottom) {
            // The bye sits one score group below the lowest (PAIRING.md cxa §5).
            let distance = groups.lowest + 1 - groups.index[i];
            let mut values = Vec::with_capacity(fields.len());
            if soft_club {
                values.push(1);
            }
            values.push(groups.index[i] as u64 + 1);
            values.extend(leading(distance, true));
            values.extend([1, 1]);
            let from_bottom = (groups.size[i] - 1 - groups.position[i]) as u64;
            values.push(RANK_COST_CAP - from_bottom.min(RANK_COST_CAP));
            edges.push(Edge { u: i, v: n, weight: layout.pack(&values) });
        }
    }
    let vertices = if with_bye { n + 1 } else { n };
    let mates = max_weight_matching(vertices, &edges, true).map_err(|_| Unpaired(Vec::new()))?;
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
    if !unpaired.is_empty() || (with_bye && solution.bye.is_none()) {
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
mod tests {
    use super::*;
    use crate::domain::result::Outcome;
    use crate::domain::rules::Colour;
    use crate::domain::standings::record::{GameEntry, Record};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A field of `n` players in rank order with random scores (five rounds, 2/1/0),
    /// random colour histories and some earlier meetings.
    fn field(n: usize, seed: u64) -> (Vec<Candidate>, BTreeSet<(StartNo, StartNo)>) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut candidates: Vec<Candidate> = (1..=n as u32)
            .map(|p| {
                let starts_red = rng.random_bool(0.5);
                let games: Vec<GameEntry> = (1..=5u32)
                    .map(|round| GameEntry {
                        round,
                        opponent: StartNo(0),
                        colour: if (round % 2 == 1) == starts_red { Colour::Red } else { Colour::Black },
                        outcome: Outcome::Draw,
                        points: Points::ZERO,
                        fouls: 0,
                    })
                    .collect();
                let total = Points(rng.random_range(0..=10) * 10);
                Candidate {
                    start_no: StartNo(p),
                    points: total,
                    rating: None,
                    club: String::new(),
                    record: Record { games, byes: Vec::new(), totals: vec![Points::ZERO, total] },
                    had_pairing_bye: rng.random_bool(0.1),
                    had_forfeit_win: false,
                }
            })
            .collect();
        candidates.sort_by(|a, b| b.points.cmp(&a.points).then(a.start_no.cmp(&b.start_no)));
        let mut met = BTreeSet::new();
        for _ in 0..n * 2 {
            let (a, b) = (rng.random_range(1..=n as u32), rng.random_range(1..=n as u32));
            if a != b {
                met.insert((StartNo(a.min(b)), StartNo(a.max(b))));
            }
        }
        (candidates, met)
    }

    fn score_profile(candidates: &[Candidate], s: &Solution) -> (usize, usize) {
        let groups = score_groups(candidates);
        let equal = s.pairs.iter().filter(|(i, j)| groups.index[*i] == groups.index[*j]).count();
        let widest = s.pairs.iter().map(|(i, j)| groups.index[*i].abs_diff(groups.index[*j])).max().unwrap_or(0);
        (equal, widest)
    }

    // The pruned graph reaches the same score criteria as the full one (PAIRING.md cxa §1).
    #[test]
    fn pruning_keeps_the_score_criteria() {
        let rules = Rules { club: None, last_round: false, targets: None };
        for seed in 0..8 {
            let (candidates, met) = field(161 + seed as usize * 10, seed);
            let full = solve_graph(&candidates, &met, &rules, false).expect("full graph pairs everyone");
            let pruned = solve_graph(&candidates, &met, &rules, true).unwrap_or_else(|u| panic!("pruned: {:?}", u.0));
            assert_eq!(score_profile(&candidates, &pruned), score_profile(&candidates, &full), "seed {seed}");
        }
    }
}
