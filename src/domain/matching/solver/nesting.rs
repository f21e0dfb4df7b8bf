//! The blossoms of a solver at one moment, laid out so that the duals shared by
//! two vertices are found without walking up both blossom trees ([`Nesting`]): the
//! warm matcher's pricing (`pricing`) asks it for many pairs inside the same large
//! blossoms, whose nesting in a degenerate Dutch bracket runs hundreds deep (issue
//! 21: walking it pair by pair was a third of a 3,000-player round).
//!
//! Every vertex gets a position in a depth-first order of the blossom forest, so a
//! blossom's vertices hold one run of positions; the blossoms holding vertex `u`
//! are a chain of nested runs, and those that also hold `v` are the chain's upper
//! part down to the deepest run holding `v`'s position — found by binary search.

use super::{MatchWeight, NONE, Solver};

/// A snapshot of a solver's blossom forest and blossom duals (valid until the
/// solver moves again).
pub(in crate::domain::matching) struct Nesting<W: MatchWeight> {
    /// Each node's (vertex or blossom) parent blossom, `NONE` at the top.
    parent: Vec<usize>,
    /// Each vertex's position in the depth-first order.
    position: Vec<u32>,
    /// Each node's run of positions: `[first, end)`.
    run: Vec<(u32, u32)>,
    /// Each node's doubled duals of the blossoms holding it, itself included.
    held: Vec<W>,
}

impl<W: MatchWeight> Solver<W> {
    /// The blossom forest as it is now, for [`Nesting::shared`].
    pub(in crate::domain::matching) fn nesting(&self) -> Nesting<W> {
        let n = self.n;
        let mut nesting = Nesting {
            parent: self.blossom_parent.clone(),
            position: vec![0; n],
            run: vec![(0, 0); 2 * n],
            held: vec![W::ZERO; 2 * n],
        };
        let tops = (0..2 * n).filter(|&b| self.blossom_parent[b] == NONE && (b < n || self.blossom_base[b] != NONE));
        let mut next = 0u32;
        // Depth first: a node is entered (its duals summed, its run opened) and
        // left (its run closed) once every child is done.
        let mut stack: Vec<(usize, bool)> = Vec::new();
        for top in tops {
            stack.push((top, false));
            while let Some((x, left)) = stack.pop() {
                if left {
                    nesting.run[x].1 = next;
                    continue;
                }
                let above = match self.blossom_parent[x] {
                    NONE => W::ZERO,
                    p => nesting.held[p],
                };
                nesting.run[x].0 = next;
                if x < n {
                    nesting.held[x] = above;
                    nesting.position[x] = next;
                    next += 1;
                    nesting.run[x].1 = next;
                    continue;
                }
                nesting.held[x] = above + self.dual[x].double();
                stack.push((x, true));
                stack.extend(self.blossom_children[x].iter().rev().map(|&child| (child, false)));
            }
        }
        nesting
    }

    /// Twice the duals of the blossoms that hold both `u` and `v`, walking up both
    /// blossom trees: for a few pairs (the warm matcher's `never_paired`), and the
    /// reference for [`Nesting::shared`], which answers many pairs faster.
    pub(in crate::domain::matching) fn shared_blossom_duals(&self, u: usize, v: usize) -> W {
        let depth = |x: usize| {
            let (mut d, mut b) = (0usize, x);
            while self.blossom_parent[b] != NONE {
                b = self.blossom_parent[b];
                d += 1;
            }
            d
        };
        let (mut a, mut b) = (u, v);
        let (mut da, mut db) = (depth(a), depth(b));
        while da > db {
            a = self.blossom_parent[a];
            da -= 1;
        }
        while db > da {
            b = self.blossom_parent[b];
            db -= 1;
        }
        // Up to the smallest blossom holding both, then every blossom above it.
        while a != b {
            a = self.blossom_parent[a];
            b = self.blossom_parent[b];
        }
        let mut sum = W::ZERO;
        while a != NONE {
            if a >= self.n {
                sum += self.dual[a].double();
            }
            a = self.blossom_parent[a];
        }
        sum
    }
}

impl<W: MatchWeight> Nesting<W> {
    /// The blossoms holding vertex `u`, outermost first.
    pub fn chain(&self, u: usize) -> Vec<usize> {
        let mut chain = Vec::new();
        let mut b = self.parent[u];
        while b != NONE {
            chain.push(b);
            b = self.parent[b];
        }
        chain.reverse();
        chain
    }

    /// Twice the duals of the blossoms that hold both `u` and `v`, given `u`'s
    /// [`Nesting::chain`].
    pub fn shared(&self, chain: &[usize], v: usize) -> W {
        let at = self.position[v];
        let holding = chain.partition_point(|&b| self.run[b].0 <= at && at < self.run[b].1);
        match holding {
            0 => W::ZERO,
            k => self.held[chain[k - 1]],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Solver;

    // Issue 21: pricing's shared blossom duals, found in the layout, are the sums
    // found by walking both blossom trees, for every pair of vertices, on graphs
    // whose ties leave nested blossoms with positive duals at the optimum.
    #[test]
    fn shared_duals_are_those_found_by_walking_both_trees() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut shared_pairs = 0usize;
        for round in 0..300 {
            let n = 4 + (next() % 40) as usize;
            let mut edges: Vec<(usize, usize, i128)> = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    let r = next();
                    if r % 3 != 0 {
                        edges.push((u, v, i128::from((r >> 8) % 3 + 1)));
                    }
                }
            }
            let mut solver = Solver::new(n, &edges);
            solver.jump_start();
            solver.run();
            let nesting = solver.nesting();
            for u in 0..n {
                let chain = nesting.chain(u);
                for v in (0..n).filter(|&v| v != u) {
                    let walked = solver.shared_blossom_duals(u, v);
                    assert_eq!(nesting.shared(&chain, v), walked, "round {round}: pair {u}-{v}");
                    shared_pairs += usize::from(walked > 0);
                }
            }
        }
        assert!(shared_pairs > 0, "no optimum kept a blossom with a positive dual");
    }
}
