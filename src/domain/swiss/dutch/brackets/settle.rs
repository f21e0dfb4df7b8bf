//! Step 4 of a bracket (see `brackets`): each S1 player, from the top, gets the
//! highest S2 opponent possible, several players per matching — each with its
//! candidates ranked in its own digit of a bonus below all criteria
//! ([`Bracket::settle_s1`]), or, where the last matching's duals rule out every
//! higher candidate, with its one likeliest candidate in a single bit
//! ([`Bracket::probe_s1`]).
//! Where the weights allow it, the matchings are solved on the remainder and the
//! players its floaters meet only (`RoundGraph::narrow`).

use super::{Bracket, Remainder};
use crate::domain::matching::MatchWeight;
use crate::domain::swiss::dutch::graph::{Bonus, Failure, RoundGraph};
use crate::domain::swiss::dutch::weights::{Layout, bits};
use std::collections::BTreeSet;

/// How many of an S1 player's candidates step 4 ranks in a shared matching (see
/// `Bracket::settle_s1`): in the large brackets of a 3,000-player event the
/// highest opponent possible is mostly among the first fifteen, often not among the
/// first three or seven (ranking those made round 2 slower, more players starting
/// a matching again), and ranking 63 was no faster. With the caps growing along a
/// chunk ([`capped_digits`]) a base of 7 was slower and 11 no faster.
pub(super) const RANKED: usize = 15;

/// The digits of a matching's chunk when candidates are capped: for the `k`-th
/// player, how many candidates it ranks — `ranked`, plus one for each player
/// before it in the chunk — and the bits of its digit, for as many players as fit
/// in `budget` bits (at least one). Each earlier player of the chunk is paired
/// with one candidate at most, so every player keeps `ranked` candidates that no
/// earlier player of its matching took (issue 21: with `ranked` each, the players
/// late in a chunk found their candidates taken by those before them, and a
/// matching settled 12–15 of its 33 players in the large brackets of round 2).
fn capped_digits(ranked: usize, budget: u32) -> Vec<(usize, u32)> {
    let mut digits = Vec::new();
    let mut used = 0;
    loop {
        let cap = ranked.saturating_add(digits.len());
        if !digits.is_empty() && used + bits(cap) > budget {
            return digits;
        }
        used += bits(cap);
        digits.push((cap, bits(cap)));
    }
}

/// How many players an offer of likeliest opponents takes at most
/// (`limit`), and the bits below the weights for them (`bits`).
#[derive(Debug, Clone, Copy)]
struct Offers {
    limit: usize,
    bits: u32,
}

/// The most matchings step 4 waits between two offers of likeliest opponents
/// ([`Bracket::probe_s1`]) where they keep failing.
const MAX_BACKOFF: usize = 16;

/// When step 4 offers the next players their likeliest opponents, and to how
/// many. Offers follow a matching that settled all its players (where the ranked
/// digits leave players unsettled, the duals rule out too little), not before the
/// first matching (the freeze re-weighed pairs), and wait twice as many matchings
/// after each offer that settled fewer than half a chunk. They go to a chunk's
/// worth of players, twice as many after offers that all settled (a failed offer
/// costs a matching about its size), up to the bits below the weights.
struct OfferPace {
    /// Matchings still to wait.
    wait: usize,
    /// Matchings to wait after the next failed offer.
    backoff: usize,
    /// Whether the last matching settled all its players.
    whole: bool,
    /// How many players the next offer takes.
    offering: usize,
    /// A chunk's players.
    chunk: usize,
    /// The most players an offer takes.
    most: usize,
}

impl OfferPace {
    fn new(chunk: usize, most: usize) -> OfferPace {
        OfferPace { wait: 1, backoff: 1, whole: false, offering: chunk, chunk, most }
    }

    /// Whether the next players are offered their likeliest opponents now.
    fn due(&self) -> bool {
        self.wait == 0 && self.whole
    }

    /// A ranked matching was made; `whole`: it settled all its players.
    fn matched(&mut self, whole: bool) {
        self.wait = self.wait.saturating_sub(1);
        self.whole = whole;
    }

    /// An offer to `offered` players settled `settled` of them.
    fn offered(&mut self, offered: usize, settled: usize) {
        if 2 * settled < self.chunk {
            self.backoff = (2 * self.backoff).min(MAX_BACKOFF);
            (self.wait, self.offering) = (self.backoff, self.chunk);
        } else {
            self.backoff = 1;
        }
        if offered > 0 && settled == offered {
            self.offering = (2 * self.offering).min(self.most);
        }
    }
}

impl<W: MatchWeight> Bracket<W> {
    /// Step 4: each S1 player, from the top, gets the highest opponent possible. The
    /// engine settles them one by one; the same lexicographic choice is made here for
    /// several S1 players per matching, each player's preference for higher opponents
    /// in its own digit of a bonus below all criteria (the earlier player in the more
    /// significant digit).
    ///
    /// A digit ranks only the player's `ranked` ([`RANKED`]) highest candidates, and
    /// one more for each player before it in the matching ([`capped_digits`]); the
    /// rest weigh 0, so that several times as many players share a matching (issue
    /// 21: step 4 was most of a large bracket's time). A player whose partner has a
    /// nonzero digit got the highest opponent possible, as with every candidate
    /// ranked: the digits are maximized in order, and a nonzero one is its
    /// opponent's alone. The first player whose partner has digit 0 (or who has
    /// none) is not settled, nor are those after it: it starts the next matching,
    /// alone and with every candidate ranked when it was already the first.
    ///
    /// The candidates ranked for that player are ruled out for it from then on,
    /// so its next matching ranks the next ones. Between matchings, the next
    /// players are offered their likeliest opponents ([`Bracket::probe_s1`]): from
    /// the second matching on, and less often where the offers keep failing.
    pub(super) fn settle_s1(
        &mut self,
        g: &mut impl RoundGraph<W>,
        matched: &mut [bool],
        rem: &Remainder,
        nudged: bool,
        layout: &Layout,
    ) -> Result<(), Failure> {
        let rem = &rem.rem;
        let full_bits = bits(rem.len()).max(1);
        let ranked_bits = bits(self.ranked);
        let spare = W::BITS.saturating_sub(layout.weight_bits() + 8);
        // After a failed trial of a moved-down player (step 1) its nudged weights stay,
        // as in the engine, and may tip later choices: then settle one S1 player per
        // matching with the engine's exact nudges.
        // Without room below the weights, the engine's own way: nudges added in place.
        let in_place = nudged || spare < full_bits;
        // Ranking a few candidates only pays where there are more.
        let capping = !in_place && full_bits > ranked_bits;
        // The same shift for every matching (a short chunk leaves its top digits
        // zero), so the window's matching carries over from one to the next; room
        // for a player alone with every candidate ranked.
        let per_solve = match (in_place, capping) {
            (true, _) => 1,
            (false, true) => spare / ranked_bits,
            (false, false) => spare / full_bits,
        };
        let extra = match (in_place, capping) {
            (true, _) => 0,
            (false, true) => (ranked_bits * per_solve).max(full_bits),
            (false, false) => full_bits * per_solve,
        };
        let per_solve = per_solve as usize;
        let mut next = 0usize;
        let mut alone = false;
        // Pairs (S1, candidate) that no maximum-weight matching holds with what is
        // settled: the ranked candidates of a player whose partner was not ranked
        // (its digit 0 was the most it could get). Later rankings skip them.
        let mut ruled_out = BTreeSet::new();
        let mut pace = OfferPace::new(per_solve, extra as usize);
        // How many candidates each player of a chunk ranks, in how many bits: when
        // capped, alone (every candidate), or every candidate of `per_solve` players.
        let capped_chunk = if capping { capped_digits(self.ranked, extra) } else { Vec::new() };
        if !in_place {
            self.narrow(g, rem, matched)?;
        }
        let alone_chunk = [(usize::MAX, full_bits)];
        let full_chunk = vec![(usize::MAX, full_bits); per_solve];
        while next < rem.len() {
            if !alone && !in_place && pace.due() {
                let offers = Offers { limit: pace.offering, bits: extra };
                let (offered, settled) = self.probe_s1(g, matched, rem, &mut ruled_out, &mut next, offers)?;
                pace.offered(offered, settled);
                continue;
            }
            let capped = capping && !alone;
            let digits: &[(usize, u32)] = match (capped, alone) {
                (true, _) => &capped_chunk,
                (false, true) => &alone_chunk,
                (false, false) => &full_chunk,
            };
            // The chunk's players with their places in `rem`.
            let mut chunk = Vec::new();
            while next < rem.len() && chunk.len() < digits.len() {
                if self.to_settle(rem[next], matched) {
                    chunk.push((next, rem[next]));
                }
                next += 1;
            }
            if chunk.is_empty() {
                continue;
            }
            let (bonus, ranked_of) = self.rank_chunk(rem, &chunk, digits, capped, matched, &ruled_out);
            self.sm = g.solve_with(extra, &bonus)?;
            alone = false;
            let mut whole = true;
            for (k, &(at, pi)) in chunk.iter().enumerate() {
                let pv = self.window[pi];
                let mv = self.sm[pv];
                let partner_ranked = bonus.get(&(pv.min(mv), pv.max(mv))).is_some_and(|b| !b.is_zero());
                if capped && !partner_ranked {
                    // Not settled: this player starts the next matching.
                    alone = k == 0;
                    whole = false;
                    ruled_out.extend(ranked_of[k].iter().map(|&oi| (pi, oi)));
                    next = at;
                    break;
                }
                if mv == pv {
                    return Err(Failure::NoPairing);
                }
                matched[pv] = true;
                matched[mv] = true;
                g.finalize(pv, mv);
            }
            pace.matched(whole);
        }
        Ok(())
    }

    /// Narrows step 4's matchings to the remainder and the players its floaters
    /// meet ([`RoundGraph::narrow`]) where the weights allow it, after solving the
    /// frozen bracket once more.
    fn narrow(&mut self, g: &mut impl RoundGraph<W>, rem: &[usize], matched: &[bool]) -> Result<(), Failure> {
        let free: Vec<usize> = rem.iter().map(|&pi| self.window[pi]).filter(|&v| !matched[v]).collect();
        let s2 = |b: &Self| -> Vec<usize> { free.iter().copied().filter(|&v| !b.paired_up(v)).collect() };
        if !g.may_narrow(&free, &s2(self), self.c9) {
            return Ok(());
        }
        self.sm = g.solve()?;
        g.narrow(&free, &s2(self), &self.sm, self.c9);
        Ok(())
    }

    /// The bonus of a chunk's matching (`chunk`: places in `rem` and players), each
    /// player's highest candidates ranked in its digit (`digits`: how many, in how
    /// many bits; the first player's digit most significant), and each player's
    /// ranked candidates.
    fn rank_chunk(
        &self,
        rem: &[usize],
        chunk: &[(usize, usize)],
        digits: &[(usize, u32)],
        capped: bool,
        matched: &[bool],
        ruled_out: &BTreeSet<(usize, usize)>,
    ) -> (Bonus<W>, Vec<Vec<usize>>) {
        let mut bonus = Bonus::new();
        let mut ranked_of: Vec<Vec<usize>> = Vec::new();
        let mut shift: u32 = digits[..chunk.len()].iter().map(|d| d.1).sum();
        for (&(at, pi), &(cap, digit_bits)) in chunk.iter().zip(digits) {
            let pv = self.window[pi];
            shift -= digit_bits;
            // Lower players (after it in `rem`) not yet paired; when only a few are
            // ranked, only the `cap` highest it may still meet (the freeze left S2
            // players only). The engine's nudges (in place) count every one.
            let candidates: Vec<usize> = rem[at + 1..]
                .iter()
                .copied()
                .filter(
                    |&oi| if capped { self.may_meet(pi, oi, matched, ruled_out) } else { !matched[self.window[oi]] },
                )
                .take(cap)
                .collect();
            // The highest candidate weighs most.
            let ranked = candidates.len();
            for (rank, &oi) in candidates.iter().enumerate() {
                let ov = self.window[oi];
                let addend = if capped { ranked - rank } else { ranked - 1 - rank };
                bonus.insert((pv.min(ov), pv.max(ov)), W::from_u64(addend as u64).shl(shift));
            }
            ranked_of.push(candidates);
        }
        (bonus, ranked_of)
    }

    /// Whether S1 player `pi` (window index) is still to be settled: paired
    /// upwards in the last matching and not yet settled.
    fn to_settle(&self, pi: usize, matched: &[bool]) -> bool {
        self.paired_up(self.window[pi]) && !matched[self.window[pi]]
    }

    /// Whether S1 player `pi` may still meet `oi` (window indices, `oi` lower):
    /// not yet paired, a pair the freeze left, and not ruled out.
    fn may_meet(&self, pi: usize, oi: usize, matched: &[bool], ruled_out: &BTreeSet<(usize, usize)>) -> bool {
        !matched[self.window[oi]] && !self.base[oi][pi].is_zero() && !ruled_out.contains(&(pi, oi))
    }

    /// Offers the S1 players from `next` on, up to `offers.limit` of them, each the highest
    /// candidate that the last matching's duals do not rule out
    /// ([`RoundGraph::never_paired`]) and no earlier player was offered, in a
    /// single bit of a bonus below all criteria (the earlier player in the more
    /// significant bit, `offers.bits` in all), and settles the players before the
    /// first one not paired with its offer. Returns how many were offered and how
    /// many settled; `next` is the first player left.
    ///
    /// Each settled player got the highest opponent possible: every higher
    /// candidate is either paired already or ruled out (no maximum-weight matching
    /// pairs them, whatever was settled since), and its offer is paired in a
    /// maximum-weight matching along with every earlier player's (the bits are
    /// maximized in order). Issue 21: in the large brackets of an early round most
    /// players get the first candidate the duals leave them, and a matching settles
    /// as many players as the bits allow instead of the digits.
    fn probe_s1(
        &mut self,
        g: &mut impl RoundGraph<W>,
        matched: &mut [bool],
        rem: &[usize],
        ruled_out: &mut BTreeSet<(usize, usize)>,
        next: &mut usize,
        offers_made: Offers,
    ) -> Result<(usize, usize), Failure> {
        let Offers { limit, bits } = offers_made;
        let mut offered = vec![false; self.window.len()];
        // (place in `rem`, player and offered opponent by window index).
        let mut offers: Vec<(usize, usize, usize)> = Vec::new();
        let mut at = *next;
        while at < rem.len() && offers.len() < limit.min(bits as usize) {
            let pi = rem[at];
            if !self.to_settle(pi, matched) {
                at += 1;
                continue;
            }
            let pv = self.window[pi];
            let likeliest = rem[at + 1..].iter().copied().find(|&oi| {
                !offered[oi]
                    && self.may_meet(pi, oi, matched, ruled_out)
                    && g.never_paired(pv, self.window[oi]) == Some(false)
            });
            let Some(oi) = likeliest else { break };
            offered[oi] = true;
            offers.push((at, pi, oi));
            at += 1;
        }
        if offers.is_empty() {
            return Ok((0, 0));
        }
        let mut bonus = Bonus::new();
        for (k, &(_, pi, oi)) in offers.iter().enumerate() {
            let (pv, ov) = (self.window[pi], self.window[oi]);
            bonus.insert((pv.min(ov), pv.max(ov)), W::from_u64(1).shl((offers.len() - 1 - k) as u32));
        }
        self.sm = g.solve_with(bits, &bonus)?;
        for (settled, &(place, pi, oi)) in offers.iter().enumerate() {
            let (pv, ov) = (self.window[pi], self.window[oi]);
            if self.sm[pv] != ov {
                // Its bit 0 was the most it could get after the earlier ones.
                ruled_out.insert((pi, oi));
                *next = place;
                return Ok((offers.len(), settled));
            }
            matched[pv] = true;
            matched[ov] = true;
            g.finalize(pv, ov);
        }
        *next = at;
        Ok((offers.len(), offers.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::{RANKED, bits, capped_digits};

    // Issue 21 (C.04.3 D.1): in a matching's chunk the k-th player ranks `ranked + k`
    // candidates — its earlier chunk-mates take k of them at most — in a digit wide
    // enough for them, and the digits fit in the bits below the weights.
    #[test]
    fn later_players_of_a_chunk_rank_more_candidates() {
        let digits = capped_digits(RANKED, 132);
        assert!(digits.len() > 20, "{} players", digits.len());
        for (k, &(cap, width)) in digits.iter().enumerate() {
            assert_eq!(cap, RANKED + k);
            assert_eq!(width, bits(cap));
        }
        let used: u32 = digits.iter().map(|d| d.1).sum();
        assert!(used <= 132 && used + bits(RANKED + digits.len()) > 132, "{used} bits used");
        assert_eq!(capped_digits(RANKED, 1), vec![(RANKED, bits(RANKED))], "at least one player");
    }
}
