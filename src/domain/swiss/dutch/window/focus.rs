//! Step 4 of a bracket on part of the window ([`Focus`]): the bracket's remainder
//! and the players its floaters meet, when that gives the window's answers
//! ([`WindowGraph::focus_of`]).

use super::{NONE, WindowGraph};
use crate::domain::matching::MatchWeight;
use crate::domain::swiss::dutch::graph::Bonus;

/// Step 4's matchings cut down to the bracket's remainder and the players its
/// floaters meet: the warm matcher's vertices are then these, by their place in
/// `locals`.
pub(super) struct Focus {
    /// The local index of each vertex of the focus, sorted.
    pub locals: Vec<usize>,
    /// Each local index's place in `locals`, or `NONE`.
    pub place: Vec<usize>,
    /// The partner (local index) of each window player outside the focus in the
    /// matching the focus was cut from; `None` when single in the window.
    pub outside: Vec<Option<usize>>,
}

impl<W: MatchWeight> WindowGraph<'_, W> {
    /// The focus of step 4 for remainder `rem` and its S2 players `s2` (vertices),
    /// cut from `mates` (a maximum-weight matching of the window's weights, by
    /// vertex): the remainder and the k players outside it that `mates` pairs with
    /// S2 players (the floaters' partners). `None` unless every S2 player is paired
    /// in the window and any k S2 players can take the floaters' places: the S2
    /// players weigh the same with every player outside the remainder (when C9
    /// weighs the bracket's pairs, `c9`), or else with each floater's partner they
    /// may meet, each missing at most half of the others' ([`Self::floaters_fit`]).
    ///
    /// Why step 4 may then solve the focus alone: its matchings pair every S1
    /// player with an S2 player (C6 and the freeze; a moved-down player left
    /// unpaired in step 1 pairing in the bracket would raise C6 or C7), and the
    /// bonus of a question only weighs such pairs. A matching of the window is the
    /// remainder's pairs, whose leftover S2 players (floaters) are some k, and the
    /// rest. Any k floaters can be paired with `mates`' floaters' partners, the rest
    /// as in `mates`: the same weight as `mates`' rest (those partners weigh the
    /// same with every S2 player they may meet; pairs of k players each missing at
    /// most half of the other side can always be made — Hall's condition), leaving
    /// the same players to the later brackets (C4). No choice of floaters has a
    /// better rest: with every S2 player alike that is plain; otherwise the rest's
    /// pairs are all outside the bracket, weighing only the next bracket's fields,
    /// above every field in which the remainder's pairs differ (C9 excepted, hence
    /// `c9`), so a better rest would make a better matching than `mates`. The
    /// window's optima are then the focus's optima with `mates` outside it.
    /// Issue 21: in round 2 of a large open the next score group (half the window,
    /// its pairs all alike) made each of step 4's matchings several times dearer.
    pub(super) fn focus_of(&self, rem: &[usize], s2: &[usize], mates: &[usize], c9: bool) -> Option<Focus> {
        let k = self.verts.len();
        let in_rem = self.rem_locals(rem, s2)?;
        let free = |x: usize| self.fixed[self.verts[x]].is_none();
        let mut focus = in_rem.clone();
        let mut partners = Vec::new();
        for &f in s2 {
            let mi = *self.local.get(mates[f]).filter(|&&i| i != NONE)?;
            if mates[f] == f || !free(mi) {
                return None;
            }
            if !in_rem[mi] {
                focus[mi] = true;
                partners.push(mi);
            }
        }
        let fits = if c9 { self.alike_outside(&in_rem, s2) } else { self.floaters_fit(s2, &partners) };
        if !fits {
            return None;
        }
        let mut outside = vec![None; k];
        for x in (0..k).filter(|&x| !focus[x] && free(x)) {
            let (v, m) = (self.verts[x], mates[self.verts[x]]);
            if m == v || self.local[m] == NONE {
                continue;
            }
            if focus[self.local[m]] {
                return None;
            }
            outside[x] = Some(self.local[m]);
        }
        let locals: Vec<usize> = (0..k).filter(|&x| focus[x] && free(x)).collect();
        let mut place = vec![NONE; k];
        for (w, &x) in locals.iter().enumerate() {
            place[x] = w;
        }
        Some(Focus { locals, place, outside })
    }

    /// Which local indices are in remainder `rem` (vertices), when the window may
    /// be narrowed for it and its S2 players `s2`: not in the tail, not narrowed
    /// already, every player in the window and S2 in the remainder.
    pub(super) fn rem_locals(&self, rem: &[usize], s2: &[usize]) -> Option<Vec<bool>> {
        if self.tail || self.focus.is_some() || s2.is_empty() {
            return None;
        }
        let mut in_rem = vec![false; self.verts.len()];
        for &v in rem {
            in_rem[*self.local.get(v).filter(|&&i| i != NONE)?] = true;
        }
        let inside = |f: &usize| self.local.get(*f).is_some_and(|&i| i != NONE && in_rem[i]);
        s2.iter().all(inside).then_some(in_rem)
    }

    /// Whether the S2 players `s2` weigh the same with each unsettled window player
    /// outside the remainder (`in_rem`).
    pub(super) fn alike_outside(&self, in_rem: &[bool], s2: &[usize]) -> bool {
        let alike: Vec<usize> = s2.iter().map(|&f| self.local[f]).collect();
        let none = Bonus::new();
        (0..self.verts.len()).filter(|&x| !in_rem[x] && self.fixed[self.verts[x]].is_none()).all(|x| {
            let first = self.solver_weight(alike[0], x, 0, &none);
            alike[1..].iter().all(|&f| self.solver_weight(f, x, 0, &none) == first)
        })
    }

    /// Whether any k of the S2 players `s2` can take the places of the k floaters
    /// paired with `partners` (local indices): each partner weighs the same with
    /// every S2 player it may meet and may not meet at most k/2 of them, and no S2
    /// player may not meet more than k/2 of the partners — then any k S2 players
    /// and the partners can be paired off (each has at least k/2 of the other side
    /// to meet: Hall's condition).
    fn floaters_fit(&self, s2: &[usize], partners: &[usize]) -> bool {
        let k = partners.len();
        let none = Bonus::new();
        let mut missing_of = vec![0usize; s2.len()];
        for &y in partners {
            let mut weight = None;
            let mut missing = 0;
            for (i, &f) in s2.iter().enumerate() {
                let w = self.solver_weight(self.local[f], y, 0, &none);
                if w.is_zero() {
                    missing += 1;
                    missing_of[i] += 1;
                } else if *weight.get_or_insert(w) != w {
                    return false;
                }
            }
            if 2 * missing > k {
                return false;
            }
        }
        missing_of.iter().all(|&m| 2 * m <= k)
    }
}
