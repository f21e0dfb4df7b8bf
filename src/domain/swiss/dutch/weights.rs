//! The Dutch criteria as edge weights (C.04.3 C1–C21), in the encoding of the
//! FIDE-endorsed engine bbpPairings (Apache-2.0, Bierema Boyz Programming), whose
//! approach this module follows: every criterion gets a bit field, the more
//! important criterion the more significant field, so that a maximum-weight matching
//! optimises them in priority order. Fields that count players per score group give
//! each score group its own digit (`Layout::shifts`), so that a player of a higher
//! score outweighs any number of lower ones.
//!
//! From the most significant field down (the pair's higher-ranked player `h`, the
//! lower-ranked `l`; "in the bracket" means `l` belongs to the bracket being paired):
//! 1. C1, C3 absolute criteria: incompatible pairs get no edge ([`Compat`]); C4
//!    completion and C2 (bye eligibility): every pair counts, plus one per player
//!    who could not take the bye;
//! 2. C6 maximise the pairs in the bracket, then C7 their scores (per score group);
//! 3. the same for the next bracket, so that the bracket's choices leave the
//!    next one pairable as well as possible (C.04.3 B.3 "completion", C4);
//! 4. C9 minimise the unplayed games of the bye assignee (when the bracket's single
//!    downfloater becomes the bye assignee);
//! 5. C10–C13 colours: absolute imbalance, absolute preference (with the
//!    repeated-colour refinement of C11), preferences, strong preferences;
//! 6. C14–C17 repeated floats from the last round and from two rounds before;
//! 7. C18–C21 the scores of those repeated floaters;
//! 8. room for the order in which the bracket's candidates are tried (C.04.3 B.4,
//!    D.1–D.3: fewest exchanges, smallest BSN differences, then pairing numbers),
//!    filled in by `brackets`.

use super::players::{Float, Player, invert};
use crate::domain::matching::MatchWeight;
use std::collections::BTreeMap;

/// Bits needed to write `value` (0 for 0).
pub(crate) fn bits(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// The widths of the fields.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    /// Bits of the largest score group (a count of players in a bracket).
    pub group_bits: u32,
    /// Bits of all the per-score-group digits together.
    pub groups_bits: u32,
    /// Offset of each score's digit within a per-score-group field (the lowest
    /// score at 0).
    pub shifts: BTreeMap<i32, u32>,
    /// Rounds played (the float fields exist only for rounds played).
    pub rounds_played: u32,
    /// Extra bits below the lowest field, above the room for the order of
    /// candidates (see [`Layout::compact`]).
    pub room: u32,
}

impl Layout {
    /// The layout for players sorted by score, highest first.
    pub fn new(players: &[Player], rounds_played: u32) -> Layout {
        let mut shifts = BTreeMap::new();
        let mut groups_bits = 0;
        let mut largest = 0;
        let mut k = players.len();
        while k > 0 {
            let score = players[k - 1].score;
            let mut size = 0;
            while k > 0 && players[k - 1].score == score {
                size += 1;
                k -= 1;
            }
            shifts.insert(score, groups_bits);
            groups_bits += bits(size);
            largest = largest.max(size);
        }
        Layout { group_bits: bits(largest), groups_bits, shifts, rounds_played, room: 0 }
    }

    /// Bits below the completion field, and so the weight of one completed pair.
    fn below_completion(&self) -> u32 {
        let (g, s) = (self.group_bits, self.groups_bits);
        let mut total = g + s + g + s + 2 * g + 4 * g;
        if self.rounds_played >= 1 {
            total += 2 * g + 2 * s;
        }
        if self.rounds_played > 1 {
            total += 2 * g + 2 * s;
        }
        total + self.order_bits()
    }

    /// The layout of a window of the round whose players have the scores `present`:
    /// the same fields, each per-score-group field holding only the digits of those
    /// scores. The nudges `brackets` adds in the low bits may carry beyond the room
    /// for the order of candidates into the digits of the lowest field: there the
    /// full layout has the digits of the scores below the window (all zero), so the
    /// compact one keeps as many bits (up to `buffer`, more than the nudges of a
    /// whole matching can reach) below its fields. Weights of the window's pairs then
    /// compare and sum exactly as in `self`, with far fewer bits.
    pub fn compact(&self, present: &std::collections::BTreeSet<i32>, buffer: u32) -> Layout {
        let width = |score: i32| {
            let next = self.shifts.range(score + 1..).next().map_or(self.groups_bits, |(_, &s)| s);
            next - self.shift(score)
        };
        let mut shifts = BTreeMap::new();
        let mut groups_bits = 0;
        for &score in present {
            shifts.insert(score, groups_bits);
            groups_bits += width(score);
        }
        let room = self.room + present.first().map_or(0, |&lowest| self.shift(lowest).min(buffer));
        Layout { group_bits: self.group_bits, groups_bits, shifts, rounds_played: self.rounds_played, room }
    }

    /// The offset of the completion field (C4, C2) in an edge weight.
    pub fn completion_shift(&self) -> u32 {
        self.below_completion()
    }

    /// Bits of the largest edge weight, with one bit to spare (as the engine).
    pub fn weight_bits(&self) -> u32 {
        2 + self.below_completion() + 1
    }

    /// The offset of the digit of `score`.
    pub fn shift(&self, score: i32) -> u32 {
        self.shifts.get(&score).copied().unwrap_or(0)
    }

    /// Bits of the low field where `brackets` orders the candidates.
    pub fn order_bits(&self) -> u32 {
        3 * self.group_bits + 1 + self.room
    }
}

/// Which pairs the absolute criteria allow (C1 no rematch, C3 no two players with
/// the same absolute colour preference, except top scorers in the last round).
pub(crate) struct Compat {
    n: usize,
    allowed: Vec<bool>,
}

impl Compat {
    /// `forbidden(a, b)` for players by index; `last_round` and `threshold` (tenths)
    /// for the C3 exception (A.7: score over 50 % of the maximum in the last round).
    pub fn new(
        players: &[Player],
        forbidden: impl Fn(usize, usize) -> bool,
        last_round: bool,
        threshold: i32,
    ) -> Compat {
        let n = players.len();
        let mut allowed = vec![false; n * n];
        for a in 0..n {
            for b in 0..a {
                let (p, q) = (&players[a], &players[b]);
                let ok = !forbidden(a, b)
                    && (!p.absolute_pref()
                        || !q.absolute_pref()
                        || p.pref != q.pref
                        || (last_round && (p.score > threshold || q.score > threshold)));
                allowed[a * n + b] = ok;
                allowed[b * n + a] = ok;
            }
        }
        Compat { n, allowed }
    }

    /// Whether players `a` and `b` may meet.
    pub fn allows(&self, a: usize, b: usize) -> bool {
        self.allowed[a * self.n + b]
    }
}

/// What the weights of a round depend on besides the two players.
pub(crate) struct Context<'a> {
    /// Field widths.
    pub layout: &'a Layout,
    /// The score of the player who gets the bye (0 when the count is even).
    pub bye_score: i32,
    /// The bracket's single downfloater is the bye assignee (C9 applies).
    pub single_downfloater_is_bye: bool,
    /// Rank of each count of played games among the bye-score group, most games first.
    pub unplayed_ranks: &'a BTreeMap<u32, u64>,
}

fn bye_candidate(p: &Player, bye_score: i32) -> bool {
    p.bye_eligible && p.score <= bye_score
}

/// Colour preferences that both can satisfy (A.6): different, or one has none.
pub(crate) fn prefs_compatible(a: &Player, b: &Player) -> bool {
    a.pref != b.pref || a.pref.is_none() || b.pref.is_none()
}

/// The weight of pairing `h` (higher ranked) with `l`; `in_bracket` / `in_next`: `l`
/// belongs to the bracket being paired / to the next one. Zero when they may not meet.
pub(crate) fn edge_weight<W: MatchWeight>(
    ctx: &Context<'_>,
    compat: &Compat,
    players: &[Player],
    hi: usize,
    li: usize,
    in_bracket: bool,
    in_next: bool,
) -> W {
    if !compat.allows(hi, li) {
        return W::ZERO;
    }
    let (h, l) = (&players[hi], &players[li]);
    let layout = ctx.layout;
    let (g, s) = (layout.group_bits, layout.groups_bits);
    let one = W::from_u64(1);
    let flag = |b: bool| W::from_u64(u64::from(b));
    let digit = |score: i32| one.shl(layout.shift(score));
    // C4 completion, C2 bye eligibility.
    let mut r =
        W::from_u64(1 + u64::from(!bye_candidate(h, ctx.bye_score)) + u64::from(!bye_candidate(l, ctx.bye_score)));
    // C6, C7: pairs and their scores in the bracket.
    r = r.shl(g) + flag(in_bracket);
    r = r.shl(s);
    if in_bracket {
        r += digit(h.score);
    }
    // The same in the next bracket (completion of the next bracket).
    r = r.shl(g) + flag(in_next);
    r = r.shl(s);
    if in_next {
        r += digit(h.score);
    }
    // C9: fewest unplayed games of the bye assignee.
    r = r.shl(2 * g);
    if ctx.single_downfloater_is_bye {
        for p in [h, l] {
            if p.score == ctx.bye_score {
                r += W::from_u64(ctx.unplayed_ranks.get(&p.played).copied().unwrap_or(0));
            }
        }
    }
    // C10–C13 colours (of `l` against `h`).
    let (p, o) = (l, h);
    r = r.shl(g) + flag(in_bracket && (!p.absolute_imbalance() || !o.absolute_imbalance() || p.pref != o.pref));
    let c11 = !p.absolute_pref()
        || !o.absolute_pref()
        || p.pref != o.pref
        || if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let more = if p.imbalance > o.imbalance { o } else { p };
            more.repeated != invert(p.pref)
        };
    r = r.shl(g) + flag(in_bracket && c11);
    r = r.shl(g) + flag(in_bracket && prefs_compatible(p, o));
    let c13 = (!p.strong && !p.absolute_pref())
        || (!o.strong && !o.absolute_pref())
        || (p.absolute_pref() && o.absolute_pref())
        || p.pref != o.pref;
    r = r.shl(g) + flag(in_bracket && c13);
    // C14–C17: repeated downfloaters and upfloaters (last round, two rounds before).
    let down = |p: &Player, k: usize| p.floats[k] == Float::Down;
    let up = |p: &Player, k: usize| p.floats[k] == Float::Up;
    for k in 0..2usize {
        if layout.rounds_played <= k as u32 {
            continue;
        }
        r = r.shl(g);
        if in_bracket {
            r += flag(down(l, k)) + flag(h.score <= l.score && down(h, k));
        }
        r = r.shl(g);
        if in_bracket {
            r += flag(!(h.score > l.score && up(l, k)));
        }
    }
    // C18–C21: the scores of those repeated floaters.
    for k in 0..2usize {
        if layout.rounds_played <= k as u32 {
            continue;
        }
        r = r.shl(s);
        if in_bracket {
            if down(l, k) {
                r += digit(l.score);
            }
            if down(h, k) {
                r += digit(h.score);
            }
        }
        r = r.shl(s);
        if in_bracket && !(up(l, k) && h.score > l.score) {
            r += digit(h.score);
        }
    }
    // Room for the order of candidates (filled in by `brackets`).
    r.shl(layout.order_bits())
}

/// The weights that only decide who gets the bye when the count is odd (C2, C4,
/// C5): pairs first, then players who may not take the bye, then the scores of the
/// paired players (the bye goes to the lowest score group possible).
pub(crate) fn bye_weight<W: MatchWeight>(
    compat: &Compat,
    players: &[Player],
    layout: &Layout,
    top_score: i32,
    hi: usize,
    li: usize,
) -> W {
    if !compat.allows(hi, li) {
        return W::ZERO;
    }
    let (h, l) = (&players[hi], &players[li]);
    let mut r = W::from_u64(1 + u64::from(!h.bye_eligible) + u64::from(!l.bye_eligible));
    r = r.shl(layout.groups_bits) + W::from_u64(u64::from(layout.shift(l.score) + layout.shift(h.score)));
    r.shl(layout.group_bits) + W::from_u64(u64::from(l.score >= top_score))
}
