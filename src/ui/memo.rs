//! A one-entry memo for what panels derive from the saved event (standings, prize
//! tables, search indexes, money lists): the value is kept with the key it was computed
//! for — usually the event's revision with the group, stage or search text — and
//! computed again only when the key changes, not every frame. Each memo counts the
//! values it has computed ([`Memo::builds`]), so a test can prove that a panel derives
//! its model once per change and not once per frame (issue 40, item 3).

/// A value computed for one key, kept until it is asked for with another key.
#[derive(Debug, Clone)]
pub struct Memo<K, V> {
    entry: Option<(K, V)>,
    /// How many values were computed.
    builds: u64,
}

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo { entry: None, builds: 0 }
    }
}

impl<K: PartialEq, V> Memo<K, V> {
    /// The value for `key`: the kept one when it was computed for `key`, else
    /// `compute()` (which is then kept).
    pub fn get_or_compute(&mut self, key: K, compute: impl FnOnce() -> V) -> &V {
        if self.entry.as_ref().is_none_or(|(k, _)| *k != key) {
            self.entry = None;
        }
        let builds = &mut self.builds;
        let (_, value) = self.entry.get_or_insert_with(|| {
            *builds += 1;
            let value = compute();
            (key, value)
        });
        value
    }

    /// The value kept, whatever its key.
    pub fn get(&self) -> Option<&V> {
        self.entry.as_ref().map(|(_, v)| v)
    }

    /// Whether the value kept was computed for `key`.
    pub fn is_fresh(&self, key: &K) -> bool {
        self.entry.as_ref().is_some_and(|(k, _)| k == key)
    }

    /// How many values were computed since the memo was made (a cleared memo keeps
    /// counting).
    pub fn builds(&self) -> u64 {
        self.builds
    }

    /// Forgets the value kept.
    pub fn clear(&mut self) {
        self.entry = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_computed_again_only_for_another_key() {
        let mut memo: Memo<(u64, u32), String> = Memo::default();
        let mut calls = 0;
        let mut get = |memo: &mut Memo<(u64, u32), String>, key| {
            memo.get_or_compute(key, || {
                calls += 1;
                format!("{key:?}")
            })
            .clone()
        };
        assert_eq!(get(&mut memo, (1, 1)), "(1, 1)");
        assert_eq!(get(&mut memo, (1, 1)), "(1, 1)");
        assert_eq!(get(&mut memo, (2, 1)), "(2, 1)");
        assert_eq!(calls, 2);
        assert_eq!(memo.builds(), 2);
        assert!(memo.is_fresh(&(2, 1)) && !memo.is_fresh(&(1, 1)));
        memo.clear();
        assert!(memo.get().is_none());
    }
}
