//! The board: sides, pits and sets of pits, the vocabulary every other
//! module speaks, and the [`Geometry`] of a board with its [`Label`]s.

use std::fmt;

mod geometry;
mod label;

pub use geometry::{Geometry, GeometryError, MAX_ROWS, MIN_ROWS};
pub use label::Label;

/// Most pits a row may have: labels run `a`..`z` and `A`..`Z`.
pub const MAX_PITS_PER_ROW: usize = 26;
/// Most pits a board may have: two rows of 26, or four of 13 (the
/// engine's per-pit arrays are this long, and a [`PitSet`] is one word).
pub const MAX_PITS: usize = 2 * MAX_PITS_PER_ROW;

/// Which way seeds travel round a circuit, seen from above the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Direction {
    /// a, b, c, …, A, B, …
    CounterClockwise,
    /// The reverse.
    Clockwise,
}

/// One of the two players. South owns the near row at the start, North the far row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The player seated at the near row (labels `a b c …`).
    South,
    /// The player seated at the far row (labels `A B C …`).
    North,
}

impl Side {
    /// Both sides, South first.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    #[inline]
    #[must_use]
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: an index into per-side arrays.
    #[inline]
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter used in position strings: `S` or `N`.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    /// The side named by a position-string letter.
    #[must_use]
    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'S' => Some(Side::South),
            'N' => Some(Side::North),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "South",
            Side::North => "North",
        })
    }
}

/// A pit, by its index: on two rows, South's row `a b c …` is `0..n` and
/// North's `A B C …` is `n..2n`, counter-clockwise; [`Geometry::pit_at`]
/// gives the index of every pit of every board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit(pub u8);

impl Pit {
    /// The index as a `usize`, for array access.
    #[inline]
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A place seeds can lie in: a pit, or a player's store (where the rules
/// have stores). Drawings and sowing traces speak of places.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A pit.
    Pit(Pit),
    /// This player's store.
    Store(Side),
}

/// A set of pits as a bit mask (bit `i` is pit `i`). Copy, allocation-free.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PitSet(pub u64);

impl PitSet {
    /// The empty set.
    pub const EMPTY: PitSet = PitSet(0);

    /// The set holding one pit.
    #[inline]
    #[must_use]
    pub fn single(p: Pit) -> PitSet {
        PitSet(1u64 << p.0)
    }

    /// The pits `lo..hi`.
    #[must_use]
    #[inline]
    pub fn range(lo: usize, hi: usize) -> PitSet {
        debug_assert!(hi <= 64);
        if lo >= hi {
            return PitSet::EMPTY;
        }
        // `hi - lo` bits from `lo`, without shifting by 64.
        PitSet((u64::MAX >> (64 - (hi - lo))) << lo)
    }

    /// Whether `p` is in the set.
    #[inline]
    #[must_use]
    pub fn contains(self, p: Pit) -> bool {
        self.0 >> p.0 & 1 == 1
    }

    /// Adds `p`.
    #[inline]
    pub fn insert(&mut self, p: Pit) {
        self.0 |= 1 << p.0;
    }

    /// Number of pits in the set.
    #[inline]
    #[must_use]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The `n`-th pit of the set in label order (from 0), if it has that many.
    #[inline]
    #[must_use]
    pub fn nth(self, n: usize) -> Option<Pit> {
        let mut m = self.0;
        for _ in 0..n {
            m &= m.wrapping_sub(1);
        }
        (m != 0).then(|| Pit(m.trailing_zeros() as u8))
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Pits in both sets.
    #[inline]
    #[must_use]
    pub fn and(self, o: PitSet) -> PitSet {
        PitSet(self.0 & o.0)
    }

    /// Pits in either set.
    #[inline]
    #[must_use]
    pub fn or(self, o: PitSet) -> PitSet {
        PitSet(self.0 | o.0)
    }

    /// Pits in `self` but not in `o`.
    #[inline]
    #[must_use]
    pub fn minus(self, o: PitSet) -> PitSet {
        PitSet(self.0 & !o.0)
    }

    /// Whether every pit of `self` is in `o`.
    #[inline]
    #[must_use]
    pub fn is_subset(self, o: PitSet) -> bool {
        self.0 & !o.0 == 0
    }

    /// The pits in label order.
    pub fn iter(self) -> impl Iterator<Item = Pit> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            if m == 0 {
                None
            } else {
                let i = m.trailing_zeros();
                m &= m - 1;
                Some(Pit(i as u8))
            }
        })
    }
}

impl FromIterator<Pit> for PitSet {
    fn from_iter<I: IntoIterator<Item = Pit>>(it: I) -> Self {
        let mut s = PitSet::EMPTY;
        for p in it {
            s.insert(p);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pitset_iterates_in_label_order() {
        let s: PitSet = [Pit(5), Pit(1), Pit(3)].into_iter().collect();
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![Pit(1), Pit(3), Pit(5)]);
    }

    #[test]
    fn ranges() {
        assert_eq!(PitSet::range(0, 0), PitSet::EMPTY);
        assert_eq!(PitSet::range(3, 2), PitSet::EMPTY);
        assert_eq!(PitSet::range(0, 4), PitSet(0b1111));
        assert_eq!(PitSet::range(4, 8), PitSet(0xF0));
        assert_eq!(PitSet::range(0, 64), PitSet(u64::MAX));
        assert_eq!(PitSet::range(51, 52), PitSet(1 << 51));
    }
}
