//! [`Tracked`]: a list of the state that carries a stamp, changed whenever the list may change,
//! so that the encoding's update ([`crate::encode`]) tells in one comparison whether a list is
//! still the one a buffer shows, instead of comparing its items (offers, deals and their
//! terms) one by one.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cell::Cell;
use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicU64, Ordering};

/// The first stamp of the next block: stamps are unique in the process, so that two lists with
/// the same stamp hold the same items, whatever games they belong to.
static NEXT: AtomicU64 = AtomicU64::new(EMPTY + 1);

/// The stamp of the lists made empty and not changed since.
const EMPTY: u64 = 0;

/// How many stamps a thread takes from [`NEXT`] at once.
const BLOCK: u64 = 1 << 12;

thread_local! {
    /// The next stamp of this thread's block and the end of the block.
    static LOCAL: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

/// A stamp never given before in the process. Each thread hands out the stamps of a block it
/// reserved, so that a change to a list (many in every action) costs no atomic operation on a
/// counter all threads share.
fn fresh() -> u64 {
    LOCAL.with(|local| {
        let (next, end) = local.get();
        if next < end {
            local.set((next + 1, end));
            next
        } else {
            let start = NEXT.fetch_add(BLOCK, Ordering::Relaxed);
            local.set((start + 1, start + BLOCK));
            start
        }
    })
}

/// A `Vec<T>` read through [`Deref`]; every mutable access ([`DerefMut`]) gives it a new
/// stamp, and a copy ([`Clone`]) keeps the stamp with the items. So lists with equal
/// [`Tracked::stamp`]s hold equal items (the converse need not hold). Equality, hashing,
/// debugging output and the serde form are those of the items alone.
pub struct Tracked<T> {
    items: Vec<T>,
    stamp: u64,
}

impl<T> Tracked<T> {
    /// An empty list. Every list made empty shares one stamp, until it is changed.
    pub const fn new() -> Self {
        Tracked {
            items: Vec::new(),
            stamp: EMPTY,
        }
    }

    /// The stamp: equal stamps mean equal items.
    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    /// Whether the list is empty (for serde's `skip_serializing_if`).
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

impl<T> Default for Tracked<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> From<Vec<T>> for Tracked<T> {
    fn from(items: Vec<T>) -> Self {
        let stamp = if items.is_empty() { EMPTY } else { fresh() };
        Tracked { items, stamp }
    }
}

impl<T> FromIterator<T> for Tracked<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        iter.into_iter().collect::<Vec<T>>().into()
    }
}

impl<T> Deref for Tracked<T> {
    type Target = Vec<T>;

    fn deref(&self) -> &Vec<T> {
        &self.items
    }
}

impl<T> DerefMut for Tracked<T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        self.stamp = fresh();
        &mut self.items
    }
}

impl<T> IntoIterator for Tracked<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a Tracked<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut Tracked<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.deref_mut().iter_mut()
    }
}

impl<T: Clone> Clone for Tracked<T> {
    fn clone(&self) -> Self {
        Tracked {
            items: self.items.clone(),
            stamp: self.stamp,
        }
    }
}

impl<T: PartialEq> PartialEq for Tracked<T> {
    fn eq(&self, other: &Self) -> bool {
        self.items == other.items
    }
}

impl<T: Eq> Eq for Tracked<T> {}

impl<T: Hash> Hash for Tracked<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.items.hash(state)
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Tracked<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.items.fmt(f)
    }
}

impl<T: Serialize> Serialize for Tracked<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.items.serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Tracked<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Vec::deserialize(d).map(Into::into)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_gives_a_new_stamp_and_a_copy_keeps_it() {
        let mut a: Tracked<u8> = vec![1, 2].into();
        let b = a.clone();
        assert_eq!((a.stamp(), &a[..]), (b.stamp(), &b[..]));
        a.push(3);
        assert_ne!(a.stamp(), b.stamp());
        let c: Tracked<u8> = vec![1, 2].into();
        assert_eq!(c, b, "equality is the items'");
        assert_ne!(c.stamp(), b.stamp(), "a new list gets a new stamp");
        let (e, f) = (Tracked::<u8>::new(), Tracked::<u8>::from(Vec::new()));
        assert_eq!(e.stamp(), f.stamp(), "empty lists share theirs");
        let mut g = e.clone();
        g.clear();
        assert_ne!(g.stamp(), e.stamp());
        let s = a.stamp();
        let _ = a.len();
        assert_eq!(a.stamp(), s, "reading keeps the stamp");
    }

    #[test]
    fn stamps_are_unique_across_threads_and_blocks() {
        // Each thread draws more than a block, so that every thread takes several blocks.
        let draws = 3 * BLOCK as usize;
        let threads: Vec<_> = (0..4)
            .map(|_| std::thread::spawn(move || (0..draws).map(|_| fresh()).collect::<Vec<_>>()))
            .collect();
        let mut all: Vec<u64> = threads
            .into_iter()
            .flat_map(|t| t.join().expect("a thread drawing stamps"))
            .collect();
        assert!(all.iter().all(|&s| s != EMPTY));
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n, "a stamp was given twice");
    }
}
