//! The positions of a layer that can be reached from a start.
//!
//! A database of every distribution of 48 seeds over 8 pits holds 2.8
//! billion positions, of which a game from the start reaches a few
//! hundred million. A [`Reach`] is the set of those reached in one layer,
//! a bit per position of the layer (`2 * rank + side`), with a running
//! count every 64 bits so that a reached position's number among the
//! reached ones (its place in the layer's values) takes one popcount.

use std::sync::atomic::{AtomicU64, Ordering};

/// The reached positions of one layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    bits: Vec<u64>,
    /// `before[w]`: the positions reached in words `0..w`.
    before: Vec<u64>,
}

impl Reach {
    /// The set whose bits are `bits` (position `i` is bit `i % 64` of word
    /// `i / 64`).
    #[must_use]
    pub fn new(bits: Vec<u64>) -> Reach {
        let mut before = Vec::with_capacity(bits.len() + 1);
        let mut n = 0u64;
        for w in &bits {
            before.push(n);
            n += u64::from(w.count_ones());
        }
        before.push(n);
        Reach { bits, before }
    }

    /// How many positions are reached.
    #[must_use]
    pub fn count(&self) -> u64 {
        *self.before.last().expect("a count after the last word")
    }

    /// The place of position `node` among the reached ones, if reached.
    #[inline]
    #[must_use]
    pub fn index(&self, node: u64) -> Option<u64> {
        let (w, b) = ((node / 64) as usize, node % 64);
        let word = *self.bits.get(w)?;
        if word >> b & 1 == 0 {
            return None;
        }
        let below = word & ((1u64 << b) - 1);
        Some(self.before[w] + u64::from(below.count_ones()))
    }

    /// The words of bits.
    #[must_use]
    pub fn words(&self) -> &[u64] {
        &self.bits
    }

    /// The reached positions in words `words`, in order.
    pub fn nodes_in(&self, words: std::ops::Range<usize>) -> impl Iterator<Item = u64> + '_ {
        words.flat_map(move |w| {
            let mut word = self.bits[w];
            std::iter::from_fn(move || {
                if word == 0 {
                    return None;
                }
                let b = word.trailing_zeros();
                word &= word - 1;
                Some(w as u64 * 64 + u64::from(b))
            })
        })
    }
}

/// A set of positions that threads add to at once.
pub struct AtomicBits(Vec<AtomicU64>);

impl AtomicBits {
    /// An empty set of `n` positions.
    #[must_use]
    pub fn new(n: u64) -> AtomicBits {
        AtomicBits((0..n.div_ceil(64)).map(|_| AtomicU64::new(0)).collect())
    }

    /// Adds `node`; whether it was new.
    #[inline]
    pub fn insert(&self, node: u64) -> bool {
        let bit = 1u64 << (node % 64);
        self.0[(node / 64) as usize].fetch_or(bit, Ordering::Relaxed) & bit == 0
    }

    /// The `w`th word of bits.
    #[inline]
    #[must_use]
    pub fn word(&self, w: usize) -> u64 {
        self.0[w].load(Ordering::Relaxed)
    }

    /// How many positions are in the set.
    #[must_use]
    pub fn count(&self) -> u64 {
        self.0
            .iter()
            .map(|w| u64::from(w.load(Ordering::Relaxed).count_ones()))
            .sum()
    }

    /// The set, once every thread is done.
    #[must_use]
    pub fn into_reach(self) -> Reach {
        Reach::new(self.0.into_iter().map(AtomicU64::into_inner).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_count_the_reached_positions_before() {
        let nodes = [0u64, 3, 63, 64, 65, 200, 511];
        let bits = AtomicBits::new(512);
        for &n in &nodes {
            assert!(bits.insert(n));
        }
        assert!(!bits.insert(3));
        let r = bits.into_reach();
        assert_eq!(r.count(), nodes.len() as u64);
        for (i, &n) in nodes.iter().enumerate() {
            assert_eq!(r.index(n), Some(i as u64));
        }
        assert_eq!(r.index(1), None);
        assert_eq!(r.index(100_000), None);
        assert_eq!(r.nodes_in(0..8).collect::<Vec<_>>(), nodes);
    }
}
