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

use super::graph::{Bonus, Failure, FullGraph, Recipe, RoundGraph};
use super::players::Player;
use super::weights::{Compat, Context, Layout, bits, edge_weight};
use super::window::WindowGraph;
use crate::domain::matching::MatchWeight;

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
    if windowed {
        run::<W>(&mut WindowGraph::new(players, compat, layout), players, compat)
    } else {
        run::<W>(&mut FullGraph::new(players, compat, layout), players, compat)
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

fn run<W: MatchWeight>(g: &mut impl RoundGraph<W>, players: &[Player], compat: &Compat) -> Result<Vec<usize>, Failure> {
    let n = players.len();
    let score = |v: usize| players[v].score;
    let top = score(0);
    let odd = n % 2 == 1;
    let start = g.start()?;
    let mut single_down_is_bye = start.single_down;

    let mut matched = vec![false; n];
    // Whether some weights still carry a nudge of a failed trial (step 1).
    let mut nudged = false;
    // The bracket's players and the next score group, by vertex.
    let mut window: Vec<usize> = (0..n).take_while(|&v| score(v) >= top).collect();
    let mut next_group = window.len();
    // Moved-down players at the start of `window`.
    let mut movers = 0usize;
    // First vertex of the bracket's own score group.
    let mut group_vertex = 0usize;
    while window.len() > 1 || next_group < n {
        let next_begin = window.len();
        let next_vertex = group_vertex + (next_begin - movers);
        let group_start = next_group;
        while next_group < n && score(next_group) >= score(group_start) {
            window.push(next_group);
            next_group += 1;
        }
        let layout = g.begin_bracket(&window, next_group)?;
        let layout = &layout;
        let ctx = Context {
            layout,
            bye_score: start.bye_score,
            single_downfloater_is_bye: single_down_is_bye,
            unplayed_ranks: &start.unplayed_ranks,
        };
        let in_group = |m: &[usize], v: usize| m[v] >= group_vertex && m[v] < next_vertex;
        let paired_up = |m: &[usize], v: usize| m[v] > v && m[v] < next_vertex;

        // Weights of the bracket and the next one: base[larger][smaller] (window indices).
        let mut base: Vec<Vec<W>> = vec![Vec::new(); window.len()];
        for larger in movers..window.len() {
            base[larger] = (0..larger)
                .map(|smaller| {
                    edge_weight(
                        &ctx,
                        compat,
                        players,
                        window[smaller],
                        window[larger],
                        larger < next_begin,
                        larger >= next_begin,
                    )
                })
                .collect();
            let recipe = Recipe {
                in_bracket: larger < next_begin,
                in_next: larger >= next_begin,
                single_down: single_down_is_bye,
            };
            for smaller in 0..larger {
                g.set_base(window[larger], window[smaller], base[larger][smaller], recipe);
            }
        }
        let order_bits = 2 * layout.group_bits;
        // The weight with the remainder's exchange preferences (D.3).
        let with_exchange = |base: &Vec<Vec<W>>, smaller: usize, larger: usize, rem_index: usize, rem_pairs: usize| {
            let r = base[larger][smaller];
            if r.is_zero() {
                return r;
            }
            let addend = W::from_u64(u64::from(rem_index < rem_pairs)).shl(order_bits) - W::from_u64(rem_index as u64);
            r + addend.shl(1)
        };

        let mut sm = g.solve()?;

        // 1. Which moved-down players are paired in this bracket.
        let mut mover_score = 0;
        let mut left = 0usize;
        let mut left_matched = 0usize;
        for pi in 0..movers {
            let pv = window[pi];
            if pi == 0 || score(pv) < mover_score {
                mover_score = score(pv);
                left = 0;
                left_matched = 0;
                let mut k = pi;
                while k < window.len() && score(window[k]) >= mover_score {
                    left += 1;
                    if in_group(&sm, window[k]) {
                        left_matched += 1;
                    }
                    k += 1;
                }
            }
            if left_matched == 0 {
                continue;
            }
            if left <= left_matched {
                matched[pv] = true;
                continue;
            }
            left -= 1;
            if !in_group(&sm, pv) {
                for oi in movers..next_begin {
                    let w = base[oi][pi];
                    if !w.is_zero() {
                        g.set(pv, window[oi], w + W::from_u64(1));
                    }
                }
                sm = g.solve()?;
                nudged |= !in_group(&sm, pv);
            }
            if in_group(&sm, pv) {
                matched[pv] = true;
                left_matched -= 1;
                for oi in movers..next_begin {
                    let w = base[oi][pi];
                    if !w.is_zero() {
                        g.set(pv, window[oi], w + W::from_u64((next_begin - movers) as u64 + 1));
                    }
                }
            }
        }

        // 2. The opponents of the moved-down players: the highest possible.
        for pi in 0..movers {
            let pv = window[pi];
            if !matched[pv] {
                continue;
            }
            let mut addend = window.len() as u64;
            for oi in (movers..next_begin).rev() {
                let ov = window[oi];
                if matched[ov] {
                    continue;
                }
                let w = base[oi][pi];
                if !w.is_zero() {
                    g.set(pv, ov, w + W::from_u64(addend));
                    addend += 1;
                }
            }
            sm = g.solve()?;
            let mv = sm[pv];
            if mv == pv {
                return Err(Failure::NoPairing);
            }
            matched[mv] = true;
            g.finalize(pv, mv);
        }

        // 3. The remainder: S1 (the higher players of its pairs) and S2.
        let mut rem: Vec<usize> = Vec::new();
        let mut rem_pairs = 0usize;
        for (pi, &pv) in window.iter().enumerate().take(next_begin).skip(movers) {
            if sm[pv] < group_vertex {
                continue;
            }
            rem.push(pi);
            if sm[pv] < pv {
                rem_pairs += 1;
            }
        }
        for (b, &oi) in rem.iter().enumerate() {
            for (a, &pi) in rem.iter().enumerate().take(b) {
                g.set(window[pi], window[oi], with_exchange(&base, pi, oi, a, rem_pairs));
            }
        }
        sm = g.solve()?;
        let exchanges = rem.iter().take(rem_pairs).filter(|&&pi| !paired_up(&sm, window[pi])).count();

        // S1 players that go to S2, from the lowest up.
        let mut remaining = exchanges;
        let mut pos = rem_pairs;
        while pos > 0 && remaining > 0 {
            pos -= 1;
            let pi = rem[pos];
            let pv = window[pi];
            if paired_up(&sm, pv) {
                for &oi in &rem[pos + 1..] {
                    let w = with_exchange(&base, pi, oi, pos, rem_pairs);
                    if !w.is_zero() {
                        g.set(pv, window[oi], w - W::from_u64(1));
                    }
                }
                sm = g.solve()?;
            }
            let exchange = !paired_up(&sm, pv);
            if exchange {
                remaining -= 1;
            }
            for &oi in &rem[pos + 1..] {
                if exchange {
                    base[oi][pi] = W::ZERO;
                }
                g.set(pv, window[oi], with_exchange(&base, pi, oi, pos, rem_pairs));
            }
        }

        // S2 players that go to S1, from the highest down.
        let mut remaining = exchanges;
        for pos in rem_pairs..rem.len() {
            if remaining <= 1 {
                break;
            }
            let pi = rem[pos];
            let pv = window[pi];
            let already = paired_up(&sm, pv);
            if !already {
                for &oi in &rem[pos + 1..] {
                    let w = with_exchange(&base, pi, oi, pos, rem_pairs);
                    if !w.is_zero() {
                        g.set(pv, window[oi], w + W::from_u64(1));
                    }
                }
                sm = g.solve()?;
            }
            if paired_up(&sm, pv) {
                remaining -= 1;
                for &oi in &rem[..pos] {
                    base[pi][oi] = W::ZERO;
                    g.set(pv, window[oi], W::ZERO);
                }
                for oi in next_begin..window.len() {
                    base[oi][pi] = W::ZERO;
                    g.set(pv, window[oi], W::ZERO);
                }
            }
            if !already {
                for &oi in &rem[pos + 1..] {
                    g.set(pv, window[oi], with_exchange(&base, pi, oi, pos, rem_pairs));
                }
            }
        }

        // Freeze the exchange: only S1 players pair upwards, with S2 players.
        for (a, &pi) in rem.iter().enumerate() {
            let pv = window[pi];
            for &oi in &rem[a + 1..] {
                let ov = window[oi];
                if !paired_up(&sm, pv) || paired_up(&sm, ov) {
                    base[oi][pi] = W::ZERO;
                }
                g.set(pv, ov, base[oi][pi]);
            }
        }

        // 4. Each S1 player, from the top, gets the highest opponent possible. The
        // engine settles them one by one; the same lexicographic choice is made here
        // for several S1 players per matching, each player's preference for higher
        // opponents in its own digit of a bonus below all criteria (the earlier
        // player in the more significant digit).
        let digit_bits = bits(rem.len()).max(1);
        let spare = W::BITS.saturating_sub(layout.weight_bits() + 8);
        // After a failed trial of a moved-down player (step 1) its nudged weights stay,
        // as in the engine, and may tip later choices: then settle one S1 player per
        // matching with the engine's exact nudges.
        // Without room below the weights, the engine's own way: nudges added in place.
        let in_place = nudged || spare < digit_bits;
        let per_solve = if in_place { 1 } else { (spare / digit_bits) as usize };
        let mut next = 0usize;
        while next < rem.len() {
            let mut chunk = Vec::new();
            while next < rem.len() && chunk.len() < per_solve {
                let pi = rem[next];
                next += 1;
                if paired_up(&sm, window[pi]) && !matched[window[pi]] {
                    chunk.push(pi);
                }
            }
            if chunk.is_empty() {
                continue;
            }
            // The same shift for every chunk (a short last one leaves its top digits
            // zero), so the window's matching carries over from chunk to chunk.
            let extra = if in_place { 0 } else { digit_bits * per_solve as u32 };
            let mut bonus = Bonus::new();
            for (k, &pi) in chunk.iter().enumerate() {
                let pv = window[pi];
                let shift = digit_bits * (chunk.len() - 1 - k) as u32;
                let mut addend = 0u64;
                for &oi in rem.iter().rev() {
                    let ov = window[oi];
                    if oi <= pi || matched[ov] {
                        continue;
                    }
                    bonus.insert((pv.min(ov), pv.max(ov)), W::from_u64(addend).shl(shift));
                    addend += 1;
                }
            }
            sm = g.solve_with(extra, &bonus)?;
            for &pi in &chunk {
                let pv = window[pi];
                let mv = sm[pv];
                if mv == pv {
                    return Err(Failure::NoPairing);
                }
                matched[pv] = true;
                matched[mv] = true;
                g.finalize(pv, mv);
            }
        }

        // The unpaired move down to the next bracket.
        let mut single_down = odd && group_start < n && start.bye_score >= score(group_start);
        let mut carried = Vec::new();
        movers = 0;
        for (pi, &pv) in window.iter().enumerate() {
            if pi < next_begin && matched[pv] {
                continue;
            }
            carried.push(pv);
            if pi < next_begin {
                movers += 1;
            }
            if single_down && score(sm[pv]) < score(group_start) {
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
