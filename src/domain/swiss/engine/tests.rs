//! Tests of the `cxa` engine: pruning, and the score rule's measure (PAIRING.md cxa §1).

use super::*;
use crate::domain::result::Outcome;
use crate::domain::rules::Colour;
use crate::domain::standings::record::{GameEntry, Record};
use crate::domain::swiss::measure::sorted_differences;
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

fn score_profile(candidates: &[Candidate], s: &Solution) -> Vec<u64> {
    sorted_differences(s.pairs.iter().map(|&(i, j)| difference(&candidates[i], &candidates[j])))
}

// The pruned graph reaches the same score differences as the full one (PAIRING.md cxa §1).
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

/// Players with these totals (in points) in rank order, no history.
fn scored(points: &[i32]) -> Vec<Candidate> {
    points
        .iter()
        .enumerate()
        .map(|(k, p)| Candidate {
            start_no: StartNo(k as u32 + 1),
            points: Points(p * 10),
            rating: None,
            club: String::new(),
            record: Record::default(),
            had_pairing_bye: false,
            had_forfeit_win: false,
        })
        .collect()
}

fn later_round() -> Rules {
    Rules { club: None, last_round: false, targets: None }
}

fn scores_of(candidates: &[Candidate], s: &Solution) -> Vec<(i32, i32)> {
    let mut boards: Vec<(i32, i32)> = s
        .pairs
        .iter()
        .map(|&(i, j)| {
            let (a, b) = (candidates[i].points.0 / 10, candidates[j].points.0 / 10);
            (a.max(b), a.min(b))
        })
        .collect();
    boards.sort_by(|x, y| y.cmp(x));
    boards
}

// PAIRING.md cxa §1 (issue 36): a leader on 23 meets the nearest free score (a 21),
// not a 7 so that the two 21s can meet: [14, 2] beats [16, 0].
#[test]
fn the_leader_meets_the_nearest_score_not_the_lowest() {
    let candidates = scored(&[23, 21, 21, 7]);
    let s = solve(&candidates, &BTreeSet::new(), &later_round()).expect("pairs");
    assert_eq!(scores_of(&candidates, &s), [(23, 21), (21, 7)]);
}

// PAIRING.md cxa §1: round 2 under 2/1/0 with three winners, four drawn and three
// losers — the odd winner meets a drawn player, not a loser.
#[test]
fn the_odd_winner_floats_to_a_drawn_player() {
    let candidates = scored(&[2, 2, 2, 1, 1, 1, 1, 0, 0, 0]);
    let s = solve(&candidates, &BTreeSet::new(), &later_round()).expect("pairs");
    assert_eq!(scores_of(&candidates, &s), [(2, 2), (2, 1), (1, 1), (1, 0), (0, 0)]);
}

// A rematch forces a float; it goes one group down, not two.
#[test]
fn a_rematch_sends_a_player_to_the_next_group_not_further() {
    let candidates = scored(&[4, 4, 3, 3, 0, 0]);
    let met = BTreeSet::from([(StartNo(1), StartNo(2))]);
    let s = solve(&candidates, &met, &later_round()).expect("pairs");
    assert_eq!(scores_of(&candidates, &s), [(4, 3), (4, 3), (0, 0)]);
}

/// The best sorted differences of any perfect pairing of the candidates without a
/// met pair (brute force; even fields).
fn brute_best(candidates: &[Candidate], met: &BTreeSet<(StartNo, StartNo)>) -> Option<Vec<u64>> {
    fn go(
        c: &[Candidate],
        met: &BTreeSet<(StartNo, StartNo)>,
        free: &[usize],
        taken: &mut Vec<u64>,
    ) -> Option<Vec<u64>> {
        let Some((&first, rest)) = free.split_first() else { return Some(sorted_differences(taken.clone())) };
        let mut best: Option<Vec<u64>> = None;
        for (k, &other) in rest.iter().enumerate() {
            let (a, b) = (c[first].start_no, c[other].start_no);
            if met.contains(&(a.min(b), a.max(b))) {
                continue;
            }
            let mut remaining = rest.to_vec();
            remaining.remove(k);
            taken.push(difference(&c[first], &c[other]));
            if let Some(found) = go(c, met, &remaining, taken)
                && best.as_ref().is_none_or(|b| found < *b)
            {
                best = Some(found);
            }
            taken.pop();
        }
        best
    }
    let all: Vec<usize> = (0..candidates.len()).collect();
    go(candidates, met, &all, &mut Vec::new())
}

// The truncated first solve (few sizes exact, the rest far) and the refinement reach
// the brute-force optimum; a field of many score sizes needs the refinement.
#[test]
fn truncated_levels_and_refinement_reach_the_optimum() {
    let mut rng = ChaCha8Rng::seed_from_u64(36);
    let mut refined = 0;
    for case in 0..60 {
        let n = 10;
        let points: Vec<i32> = (0..n).map(|_| rng.random_range(0..40)).collect();
        let mut sorted = points.clone();
        sorted.sort_by(|a, b| b.cmp(a));
        let candidates = scored(&sorted);
        let mut met = BTreeSet::new();
        for _ in 0..12 {
            let (a, b) = (rng.random_range(1..=n as u32), rng.random_range(1..=n as u32));
            if a != b {
                met.insert((StartNo(a.min(b)), StartNo(a.max(b))));
            }
        }
        let best = brute_best(&candidates, &met);
        let got = solve(&candidates, &met, &later_round()).ok().map(|s| score_profile(&candidates, &s));
        assert_eq!(got, best, "case {case}: {sorted:?}");
        // As if the field were huge: few sizes fit an i128 weight, the rest are far.
        let huge = Criteria { soft_club: false, bye_max: None, last_round: false, pairs: 1 << 20 };
        let pairs = allowed_pairs(&candidates, &met, &later_round(), false, &score_groups(&candidates), None);
        let all = Levels::all(pairs.iter().map(|p| p.difference));
        refined += usize::from(huge.narrow_levels(&all).sizes() < all.sizes());
        let truncated = solve_pairs(&candidates, &huge, pairs).ok().map(|s| score_profile(&candidates, &s));
        assert_eq!(truncated, best, "case {case}, truncated: {sorted:?}");
    }
    assert!(refined > 30, "most cases must weigh only some sizes at first ({refined})");
}

// Fields whose sizes do not fit one `i128` weight are weighed exactly on wider ones.
#[test]
fn many_sizes_of_difference_are_weighed_on_wide_integers() {
    let groups = score_groups(&scored(&[0]));
    let criteria =
        Criteria { soft_club: true, bye_max: Some(groups.lowest as u64 + 1), last_round: true, pairs: 5_000 };
    let all = Levels::all((1..=40).map(|d| d * 10));
    assert!(criteria.layout(&all).total_bits > I128_BITS);
    assert!(criteria.narrow_levels(&all).sizes() < all.sizes());
    let candidates = scored(&(0..40).map(|k| 200 - 5 * k).collect::<Vec<_>>());
    let pairs = allowed_pairs(&candidates, &BTreeSet::new(), &later_round(), false, &score_groups(&candidates), None);
    let levels = Levels::all(pairs.iter().map(|p| p.difference));
    let wide = Criteria { soft_club: false, bye_max: None, last_round: false, pairs: 5_000 };
    assert!(wide.layout(&levels).total_bits > I128_BITS, "the test must take the wide path");
    let mates = wide.matching(candidates.len(), &pairs, &levels).expect("a matching");
    let s = read_solution(&candidates, &mates).expect("everyone paired");
    // Neighbours in score meet: every board 5 points apart.
    assert_eq!(score_profile(&candidates, &s), vec![50; 20]);
}

// PAIRING.md cxa §5: the bye goes to the lowest-ranked player of the lowest score
// group, even when giving it to another would spare a colour clash: the two above
// both want red, the lowest wants black.
#[test]
fn the_bye_goes_to_the_lowest_ranked_before_colour_wishes() {
    let mut candidates = scored(&[0, 0, 0]);
    for (c, colour) in candidates.iter_mut().zip([Colour::Black, Colour::Black, Colour::Red]) {
        c.record.games.push(GameEntry {
            round: 1,
            opponent: StartNo(9),
            colour,
            outcome: Outcome::Draw,
            points: Points::ZERO,
            fouls: 0,
        });
    }
    let s = solve(&candidates, &BTreeSet::new(), &later_round()).expect("pairs");
    assert_eq!(s.bye, Some(2), "{s:?}");
    assert_eq!(s.pairs, [(0, 1)]);
}
