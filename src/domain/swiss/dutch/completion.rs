//! Whether a set of players can all be paired: the completion check of the FIDE Dutch
//! system (C.04.3 C4, "completion": the round's pairing must be completed, leaving out
//! at most one player, who must be allowed the pairing-allocated bye, C2).
//!
//! [`Cardinality`] owns a maximum-cardinality matching of a base set of vertices
//! (Edmonds' blossom algorithm in its classic form: a breadth-first search from one free
//! vertex, odd cycles contracted to their base), built once per round.
//! [`Cardinality::complete_with`] then answers many "the base plus these few vertices"
//! questions cheaply, by augmenting a copy of that matching from the new vertices (and
//! from the few vertices the base left free: the new vertices may take each other first
//! and leave two of those to be joined through them). Which pairs are allowed comes from
//! a closure: no adjacency matrix is ever built.

/// No vertex: the partner of a free vertex, the parent of a vertex not yet reached.
const NONE: usize = usize::MAX;

/// Up to this many free vertices, a search checks them before anything else each time it
/// scans a vertex: in a dense graph that reaches a free vertex after a handful of calls
/// of the closure, instead of a pass over all vertices.
const FREE_FIRST: usize = 64;

/// A maximum-cardinality matching of a set of vertices (general graph, Edmonds' blossom
/// algorithm), kept so that a few more vertices can be added cheaply.
#[derive(Clone, Debug)]
pub(crate) struct Cardinality {
    /// The vertices, in the order given (the order every search scans them in).
    vertices: Vec<usize>,
    /// The partner of every vertex id (`NONE` when free or not in the set); longer than
    /// every id in the set.
    mate: Vec<usize>,
    /// The vertices left free by the matching, in the order of `vertices`.
    free: Vec<usize>,
    /// Whether every search succeeded in its bookkeeping, so the matching is maximum.
    maximum: bool,
}

impl Cardinality {
    /// A maximum matching of `vertices` (vertex ids are arbitrary `usize` < `n`, n = upper bound
    /// of ids, used to size arrays), pairs allowed by `allowed(a, b)` (symmetric; never asked
    /// for a == b). Starts with a greedy matching, then augments from each free vertex.
    ///
    /// One search per free vertex suffices (Edmonds): a vertex with no augmenting path
    /// has none after later augmentations either. Repeated ids count once.
    pub fn new(n: usize, vertices: &[usize], allowed: &impl Fn(usize, usize) -> bool) -> Cardinality {
        let size = vertices.iter().map(|&v| v.saturating_add(1)).max().unwrap_or(0).max(n);
        let mut seen = vec![false; size];
        let mut list = Vec::with_capacity(vertices.len());
        for &v in vertices {
            if let Some(slot) = seen.get_mut(v)
                && !*slot
            {
                *slot = true;
                list.push(v);
            }
        }
        let mut mate = vec![NONE; size];
        greedy(&list, &mut mate, allowed);
        let mut free: Vec<usize> = list.iter().copied().filter(|&v| mate.get(v) == Some(&NONE)).collect();
        let mut search = Search::new(size);
        let mut maximum = true;
        for root in free.clone() {
            if mate.get(root) != Some(&NONE) {
                continue;
            }
            match search.augment(&list, &mut mate, &free, root, allowed) {
                Outcome::Augmented => free.retain(|&v| mate.get(v) == Some(&NONE)),
                Outcome::Stuck => {}
                Outcome::Broken => maximum = false,
            }
        }
        Cardinality { vertices: list, mate, free, maximum }
    }

    /// Whether `self`'s vertices plus `extra` (ids not already in the set, distinct) can be
    /// matched so that nobody is left out, or — when their total count is odd — exactly one
    /// vertex `v` with `bye_ok(v)` is left out. Does not change `self`. Returns the partner of
    /// every vertex of the combined set (`(vertex, partner)` with partner == vertex for the one
    /// left out), sorted by vertex, or `None` when impossible.
    ///
    /// An odd set gets a dummy vertex adjacent to exactly the `bye_ok` vertices, and a
    /// perfect matching is sought. Each vertex left free (the dummy, the extras, then the
    /// base's free vertices) is the root of one search. If a perfect matching `P` exists,
    /// every vertex free in the current matching `M` starts a path of `M ⊕ P` that ends at
    /// another free vertex, i.e. an augmenting path: so one failed search proves that
    /// completion is impossible. Since the base matching is maximum, a perfect matching
    /// also needs no more free base vertices than new vertices. Extras already in the set,
    /// or repeated, count once.
    pub fn complete_with(
        &self,
        extra: &[usize],
        allowed: &impl Fn(usize, usize) -> bool,
        bye_ok: &impl Fn(usize) -> bool,
    ) -> Option<Vec<(usize, usize)>> {
        let size = extra.iter().map(|&v| v.saturating_add(1)).max().unwrap_or(0).max(self.mate.len());
        let dummy = size;
        let mut mate = self.mate.clone();
        mate.resize(size.saturating_add(1), NONE);
        let mut inside = vec![false; mate.len()];
        for &v in &self.vertices {
            *inside.get_mut(v)? = true;
        }
        let mut vertices = Vec::with_capacity(self.vertices.len() + extra.len() + 1);
        vertices.extend_from_slice(&self.vertices);
        let mut roots = Vec::with_capacity(extra.len() + 1 + self.free.len());
        for &x in extra {
            let slot = inside.get_mut(x)?;
            if !*slot {
                *slot = true;
                vertices.push(x);
                roots.push(x);
            }
        }
        if vertices.len() % 2 == 1 {
            // The dummy, the most constrained vertex, is placed first, while many vertices
            // are still free.
            vertices.push(dummy);
            roots.insert(0, dummy);
        }
        if self.maximum && self.free.len() > roots.len() {
            return None;
        }
        roots.extend_from_slice(&self.free);
        let mut free = roots.clone();
        let adjacent = |a: usize, b: usize| {
            if a == dummy {
                bye_ok(b)
            } else if b == dummy {
                bye_ok(a)
            } else {
                allowed(a, b)
            }
        };
        let mut search = Search::new(mate.len());
        for root in roots {
            if *mate.get(root)? != NONE {
                continue;
            }
            if search.augment(&vertices, &mut mate, &free, root, &adjacent) != Outcome::Augmented {
                return None;
            }
            free.retain(|&v| mate.get(v) == Some(&NONE));
        }
        let mut pairs = Vec::with_capacity(vertices.len());
        for &v in vertices.iter().filter(|&&v| v != dummy) {
            let partner = *mate.get(v)?;
            if partner == NONE {
                return None;
            }
            pairs.push((v, if partner == dummy { v } else { partner }));
        }
        pairs.sort_unstable();
        Some(pairs)
    }
}

/// A greedy start: each free vertex, in order, takes the first free vertex after it
/// that it may meet (a free vertex before it met none, `allowed` being symmetric).
fn greedy(vertices: &[usize], mate: &mut [usize], allowed: &impl Fn(usize, usize) -> bool) {
    for (i, &v) in vertices.iter().enumerate() {
        if mate.get(v) != Some(&NONE) {
            continue;
        }
        let partner = vertices.iter().skip(i + 1).copied().find(|&u| mate.get(u) == Some(&NONE) && allowed(v, u));
        if let Some(u) = partner {
            mate[v] = u;
            mate[u] = v;
        }
    }
}

/// How one search from a free vertex ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// An augmenting path was found and the matching grew by one.
    Augmented,
    /// No augmenting path starts at the root.
    Stuck,
    /// The search's bookkeeping was inconsistent (a bug); the matching is unchanged.
    Broken,
}

/// The search's bookkeeping was inconsistent (a bug).
struct Broken;

/// The value at `i`, or [`Broken`] when `i` is out of range (`NONE` included).
fn at(values: &[usize], i: usize) -> Result<usize, Broken> {
    values.get(i).copied().ok_or(Broken)
}

/// The working arrays of one breadth-first search, indexed by vertex id, reset (over the
/// searched vertices only) at the start of each search.
///
/// Contracted blossoms are sets of a union-find structure, so a contraction costs the
/// length of the cycle, not a pass over every vertex.
struct Search {
    /// The vertex an odd vertex was reached from; for even vertices inside a blossom, the
    /// way back around it.
    parent: Vec<usize>,
    /// Union-find links between the vertices of one blossom.
    link: Vec<usize>,
    /// The number of vertices under a union-find representative.
    weight: Vec<usize>,
    /// The base of the blossom, for a union-find representative.
    base_of: Vec<usize>,
    /// Whether a vertex is even (the root, a matched partner of an odd vertex, or inside a
    /// blossom); every even vertex is in `queue`.
    even: Vec<bool>,
    /// The blossom bases being contracted (listed in `marked`).
    in_blossom: Vec<bool>,
    /// The blossom bases being contracted, in the order marked.
    marked: Vec<usize>,
    /// The stamp of the last lowest-common-ancestor walk that passed a base.
    mark: Vec<u64>,
    /// The current walk's stamp.
    stamp: u64,
    /// Even vertices in the order reached.
    queue: Vec<usize>,
    /// Vertices maybe not reached yet, in the order given (the reached ones are dropped as
    /// they are met).
    unvisited: Vec<usize>,
    /// The number of blossoms (or single vertices) with even vertices.
    even_blossoms: usize,
}

impl Search {
    /// Arrays for vertex ids below `size`.
    fn new(size: usize) -> Search {
        Search {
            parent: vec![NONE; size],
            link: vec![NONE; size],
            weight: vec![1; size],
            base_of: vec![NONE; size],
            even: vec![false; size],
            in_blossom: vec![false; size],
            marked: Vec::new(),
            mark: vec![0; size],
            stamp: 0,
            queue: Vec::new(),
            unvisited: Vec::new(),
            even_blossoms: 0,
        }
    }

    /// Searches for an augmenting path from the free vertex `root` among `vertices` and
    /// flips it if found. `free` lists the free vertices (or some of them).
    fn augment(
        &mut self,
        vertices: &[usize],
        mate: &mut [usize],
        free: &[usize],
        root: usize,
        adjacent: &impl Fn(usize, usize) -> bool,
    ) -> Outcome {
        let end = match self.find(vertices, mate, free, root, adjacent) {
            Ok(Some(end)) => end,
            Ok(None) => return Outcome::Stuck,
            Err(Broken) => return Outcome::Broken,
        };
        match self.path(vertices.len(), mate, end) {
            Ok(path) => {
                for (a, b) in path {
                    mate[a] = b;
                    mate[b] = a;
                }
                Outcome::Augmented
            }
            Err(Broken) => Outcome::Broken,
        }
    }

    /// The pairs of the augmenting path ending at the free vertex `end`, read back to the
    /// root through `parent` and `mate`.
    fn path(&self, limit: usize, mate: &[usize], end: usize) -> Result<Vec<(usize, usize)>, Broken> {
        let mut pairs = Vec::new();
        let mut v = end;
        while v != NONE {
            if pairs.len() > limit {
                return Err(Broken);
            }
            let pv = at(&self.parent, v)?;
            let next = at(mate, pv)?;
            pairs.push((v, pv));
            v = next;
        }
        Ok(pairs)
    }

    /// The free vertex an augmenting path from `root` reaches first, or `None` when there
    /// is none.
    ///
    /// Every even vertex is scanned twice, in the order reached: first only to grow the
    /// tree (the free vertices listed in `free` first, when there are few, then the
    /// vertices not reached yet, in the order of `vertices`), and, once no vertex is left
    /// for that, for edges to even vertices of other blossoms, which close odd cycles to
    /// contract. In a dense graph a free vertex is nearly always reached before any
    /// contraction. Any order is sound as long as every even vertex is fully scanned
    /// after it became even: an edge between two even vertices is then seen by the later
    /// of their scans. Once every vertex was scanned to grow the tree and all even
    /// vertices are in one blossom, nothing is left to find.
    fn find(
        &mut self,
        vertices: &[usize],
        mate: &[usize],
        free: &[usize],
        root: usize,
        adjacent: &impl Fn(usize, usize) -> bool,
    ) -> Result<Option<usize>, Broken> {
        let free = if free.len() <= FREE_FIRST { free } else { &[] };
        for &v in vertices {
            *self.parent.get_mut(v).ok_or(Broken)? = NONE;
            *self.link.get_mut(v).ok_or(Broken)? = v;
            *self.weight.get_mut(v).ok_or(Broken)? = 1;
            *self.base_of.get_mut(v).ok_or(Broken)? = v;
            *self.even.get_mut(v).ok_or(Broken)? = false;
            *self.in_blossom.get_mut(v).ok_or(Broken)? = false;
        }
        self.marked.clear();
        *self.even.get_mut(root).ok_or(Broken)? = true;
        self.queue.clear();
        self.queue.push(root);
        self.unvisited.clear();
        self.unvisited.extend(vertices.iter().copied().filter(|&v| v != root));
        self.even_blossoms = 1;
        // `queue[..grown]` were scanned to grow the tree, `queue[..closed]` for odd cycles.
        let (mut grown, mut closed) = (0, 0);
        loop {
            if let Some(&v) = self.queue.get(grown) {
                grown += 1;
                if let Some(end) = self.grow(mate, free, root, v, adjacent)? {
                    return Ok(Some(end));
                }
            } else if self.even_blossoms <= 1 {
                return Ok(None);
            } else if let Some(&v) = self.queue.get(closed) {
                closed += 1;
                let mut v_set = self.set(v)?;
                let mut j = 0;
                while let Some(&to) = self.queue.get(j) {
                    j += 1;
                    if self.set(to)? == v_set || !adjacent(v, to) {
                        continue;
                    }
                    self.contract(mate, v, to)?;
                    v_set = self.set(v)?;
                }
            } else {
                return Ok(None);
            }
        }
    }

    /// Scans the even vertex `v` for vertices not reached yet: the free vertex reached, if
    /// any; otherwise the matched ones reached become odd and their partners even.
    fn grow(
        &mut self,
        mate: &[usize],
        free: &[usize],
        root: usize,
        v: usize,
        adjacent: &impl Fn(usize, usize) -> bool,
    ) -> Result<Option<usize>, Broken> {
        for &to in free {
            if to != root && at(mate, to)? == NONE && at(&self.parent, to)? == NONE && adjacent(v, to) {
                self.parent[to] = v;
                return Ok(Some(to));
            }
        }
        let mut kept = 0;
        for i in 0..self.unvisited.len() {
            let to = self.unvisited[i];
            if self.even[to] || self.parent[to] != NONE {
                continue;
            }
            if !adjacent(v, to) {
                self.unvisited[kept] = to;
                kept += 1;
                continue;
            }
            self.parent[to] = v;
            let m = at(mate, to)?;
            if m == NONE {
                return Ok(Some(to));
            }
            *self.even.get_mut(m).ok_or(Broken)? = true;
            self.queue.push(m);
            self.even_blossoms += 1;
        }
        self.unvisited.truncate(kept);
        Ok(None)
    }

    /// The union-find representative of the blossom holding `v`.
    fn set(&mut self, v: usize) -> Result<usize, Broken> {
        let mut v = v;
        for _ in 0..self.link.len() {
            let up = at(&self.link, v)?;
            if up == v {
                return Ok(v);
            }
            let next = at(&self.link, up)?;
            self.link[v] = next;
            v = next;
        }
        Err(Broken)
    }

    /// The base of the blossom holding `v`.
    fn base(&mut self, v: usize) -> Result<usize, Broken> {
        let set = self.set(v)?;
        at(&self.base_of, set)
    }

    /// Contracts the blossom closed by the edge between the even vertices `v` and `to`:
    /// the blossoms and odd vertices on the cycle join the blossom of its base, and the
    /// odd ones become even.
    fn contract(&mut self, mate: &[usize], v: usize, to: usize) -> Result<(), Broken> {
        let limit = self.queue.len() * 2 + 2;
        let base = self.common_base(limit, mate, v, to)?;
        self.mark_path(limit, mate, v, base, to)?;
        self.mark_path(limit, mate, to, base, v)?;
        let base_set = self.set(base)?;
        let marked = std::mem::take(&mut self.marked);
        let mut outcome = Ok(());
        for &b in &marked {
            self.in_blossom[b] = false;
            if b == base {
                continue;
            }
            if self.even[b] {
                self.even_blossoms = self.even_blossoms.saturating_sub(1);
            } else {
                self.even[b] = true;
                self.queue.push(b);
            }
            if let Err(broken) = self.join(b, base_set, base) {
                outcome = Err(broken);
            }
        }
        self.marked = marked;
        self.marked.clear();
        outcome
    }

    /// Joins the blossom holding `v` to the one represented by `base_set`, whose base
    /// `base` the union keeps.
    fn join(&mut self, v: usize, base_set: usize, base: usize) -> Result<(), Broken> {
        let (a, b) = (self.set(v)?, self.set(base_set)?);
        if a == b {
            return Ok(());
        }
        let (small, large) = if self.weight[a] < self.weight[b] { (a, b) } else { (b, a) };
        self.link[small] = large;
        self.weight[large] += self.weight[small];
        self.base_of[large] = base;
        Ok(())
    }

    /// The base of the blossom where the tree paths from `a` and `b` to the root meet.
    fn common_base(&mut self, limit: usize, mate: &[usize], a: usize, b: usize) -> Result<usize, Broken> {
        self.stamp += 1;
        let mut a = a;
        for _ in 0..=limit {
            a = self.base(a)?;
            *self.mark.get_mut(a).ok_or(Broken)? = self.stamp;
            let m = at(mate, a)?;
            if m == NONE {
                // The root.
                let mut b = b;
                for _ in 0..=limit {
                    b = self.base(b)?;
                    if self.mark.get(b) == Some(&self.stamp) {
                        return Ok(b);
                    }
                    b = at(&self.parent, at(mate, b)?)?;
                }
                return Err(Broken);
            }
            a = at(&self.parent, m)?;
        }
        Err(Broken)
    }

    /// Marks the blossoms on the tree path from `v` up to the blossom based at `base` and
    /// points each even vertex on it back towards `child`, so that a path through the new
    /// blossom can be read back the other way round.
    fn mark_path(&mut self, limit: usize, mate: &[usize], v: usize, base: usize, child: usize) -> Result<(), Broken> {
        let (mut v, mut child) = (v, child);
        for _ in 0..=limit {
            let v_base = self.base(v)?;
            if v_base == base {
                return Ok(());
            }
            let m = at(mate, v)?;
            let m_base = self.base(m)?;
            for b in [v_base, m_base] {
                let flag = self.in_blossom.get_mut(b).ok_or(Broken)?;
                if !*flag {
                    *flag = true;
                    self.marked.push(b);
                }
            }
            self.parent[v] = child;
            child = m;
            v = at(&self.parent, m)?;
        }
        Err(Broken)
    }
}

#[cfg(test)]
#[path = "completion_tests.rs"]
mod tests;
