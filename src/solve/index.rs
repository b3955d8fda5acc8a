//! Positions as numbers: the combinatorial ranking of seed distributions.
//!
//! The distributions of `s` seeds over `n` pits are numbered `0..C(s+n-1,
//! n-1)` in lexicographic order of their counts (pit 0 first, more seeds
//! in pit 0 later), so a database holds one value per number and needs no
//! hash table. This is the stars-and-bars bijection, written with a table
//! of binomial coefficients.

/// Ranks and unranks the distributions of up to `max_seeds` seeds over
/// `pits` pits.
#[derive(Clone, Debug)]
pub struct Ranking {
    pits: usize,
    max_seeds: usize,
    /// `ways[k][s]`: the distributions of `s` seeds over `k` pits,
    /// `C(s+k-1, k-1)` (1 for `k = 0, s = 0`, 0 for `k = 0, s > 0`).
    ways: Vec<u64>,
}

impl Ranking {
    /// A ranking for `pits` pits and at most `max_seeds` seeds.
    ///
    /// # Panics
    /// If a layer has more than `u64::MAX` distributions (far beyond any
    /// memory): [`Ranking::checked`] says so instead.
    #[must_use]
    pub fn new(pits: usize, max_seeds: usize) -> Ranking {
        Ranking::checked(pits, max_seeds).expect("a layer of at most u64::MAX positions")
    }

    /// A ranking for `pits` pits and at most `max_seeds` seeds, or `None`
    /// if a layer has more than `u64::MAX` distributions.
    #[must_use]
    pub fn checked(pits: usize, max_seeds: usize) -> Option<Ranking> {
        let mut ways = vec![vec![0u64; max_seeds + 1]; pits + 1];
        ways[0][0] = 1;
        for k in 1..=pits {
            let mut total = 0u64;
            let fewer = ways[k - 1].clone();
            for (s, w) in ways[k].iter_mut().enumerate() {
                // Distributions over k pits with s seeds: the first pit takes
                // some j, the other k-1 pits s-j; a running sum over j.
                total = total.checked_add(fewer[s])?;
                *w = total;
            }
        }
        Some(Ranking {
            pits,
            max_seeds,
            // One block, row after row: the hot loops read it without a
            // second indirection.
            ways: ways.concat(),
        })
    }

    /// A ranking for `pits` pits and as many seeds as can be numbered, up
    /// to `max_seeds`: the layers above its [`Ranking::max_seeds`] would
    /// hold more than `u64::MAX` distributions. A game's databases are
    /// sized by the seeds its positions put on the board, which may be far
    /// fewer than the game holds.
    #[must_use]
    pub fn largest(pits: usize, max_seeds: usize) -> Ranking {
        // Column by column, ways[k][s] = ways[k][s-1] + ways[k-1][s], until
        // the first column that overflows; ways[pits][s] is a column's
        // largest entry, so it is the one to watch.
        let mut ways: Vec<Vec<u64>> = vec![vec![1]; 1];
        ways.extend((1..=pits).map(|_| vec![1u64]));
        'columns: for s in 1..=max_seeds {
            let mut column = vec![0u64; pits + 1];
            for k in 1..=pits {
                match ways[k][s - 1].checked_add(column[k - 1]) {
                    Some(w) => column[k] = w,
                    None => break 'columns,
                }
            }
            for (row, w) in ways.iter_mut().zip(column) {
                row.push(w);
            }
        }
        let max_seeds = ways[0].len() - 1;
        Ranking {
            pits,
            max_seeds,
            ways: ways.concat(),
        }
    }

    /// The positions of every layer up to `seeds` seeds (at most
    /// `max_seeds`), either side to act; `u64::MAX` if they are more.
    #[must_use]
    pub fn positions_up_to(&self, seeds: usize) -> u64 {
        (0..=seeds.min(self.max_seeds)).fold(0u64, |n, s| {
            n.saturating_add(self.layer_size(s).saturating_mul(2))
        })
    }

    /// `C(s+k-1, k-1)`: the distributions of `s` seeds over `k` pits.
    #[inline]
    fn way(&self, k: usize, s: usize) -> u64 {
        self.ways[k * (self.max_seeds + 1) + s]
    }

    /// The number of pits.
    #[must_use]
    pub fn pits(&self) -> usize {
        self.pits
    }

    /// The most seeds a ranked distribution may hold.
    #[must_use]
    pub fn max_seeds(&self) -> usize {
        self.max_seeds
    }

    /// How many distributions of exactly `seeds` seeds there are.
    #[must_use]
    pub fn layer_size(&self, seeds: usize) -> u64 {
        self.way(self.pits, seeds)
    }

    /// The number of `counts` (which must hold `pits` counts summing to at
    /// most `max_seeds`) within its layer.
    #[must_use]
    pub fn rank(&self, counts: &[u16]) -> u64 {
        debug_assert_eq!(counts.len(), self.pits);
        let mut left: usize = counts.iter().map(|&c| usize::from(c)).sum();
        let mut rank = 0u64;
        for (i, &c) in counts[..self.pits - 1].iter().enumerate() {
            let rest = self.pits - i - 1;
            // Distributions that put fewer seeds than `c` in this pit come
            // first: with j < c here, the rest hold left - j. Their number,
            // the sum of ways[rest][left - j] over j < c, telescopes to a
            // difference of ways[rest + 1], since each ways[k][s] is the
            // running sum of ways[k - 1] up to s.
            let c = usize::from(c);
            rank += self.way(rest + 1, left) - self.way(rest + 1, left - c);
            left -= c;
        }
        rank
    }

    /// The distribution after `counts` (of the same seeds) in the order
    /// of [`Ranking::rank`], in place; `false` (and `counts` unchanged)
    /// if it was the last. Walking a layer this way costs a step a pit,
    /// where [`Ranking::unrank`] costs a step a seed.
    pub fn next(&self, counts: &mut [u16]) -> bool {
        // The last pit that has seeds after it takes one more, and every
        // seed after it goes to the last pit, minus the one it took.
        let n = counts.len();
        let mut after = 0u16;
        for i in (0..n.saturating_sub(1)).rev() {
            after += counts[i + 1];
            if after > 0 {
                counts[i] += 1;
                for c in &mut counts[i + 1..] {
                    *c = 0;
                }
                counts[n - 1] = after - 1;
                return true;
            }
        }
        false
    }

    /// The distribution of `seeds` seeds with number `rank`, into `out`
    /// (`pits` long).
    pub fn unrank(&self, seeds: usize, mut rank: u64, out: &mut [u16]) {
        debug_assert_eq!(out.len(), self.pits);
        let mut left = seeds;
        let pits = self.pits;
        for (i, slot) in out.iter_mut().enumerate() {
            let rest = pits - i - 1;
            if rest == 0 {
                *slot = left as u16;
                break;
            }
            let mut c = 0;
            while rank >= self.way(rest, left - c) {
                rank -= self.way(rest, left - c);
                c += 1;
            }
            *slot = c as u16;
            left -= c;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// C(n, k) computed apart, by the multiplicative formula.
    fn binomial(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    #[test]
    fn the_largest_ranking_stops_below_the_first_layer_that_overflows() {
        for (pits, seeds) in [(8, 48), (12, 0), (1, 5), (32, 20)] {
            let r = Ranking::largest(pits, seeds);
            assert_eq!(r.max_seeds(), seeds);
            assert_eq!(r.ways, Ranking::new(pits, seeds).ways);
        }
        // 32 pits: C(s+31, 31) passes 2^64 between 36 and 37 seeds.
        let r = Ranking::largest(32, 58);
        assert_eq!(r.max_seeds(), 36);
        assert!(Ranking::checked(32, 36).is_some() && Ranking::checked(32, 37).is_none());
        assert_eq!(r.layer_size(36), Ranking::new(32, 36).layer_size(36));
    }

    #[test]
    fn layer_sizes_are_the_stars_and_bars_counts() {
        let r = Ranking::new(8, 48);
        for s in 0..=48u64 {
            assert_eq!(r.layer_size(s as usize), binomial(s + 7, 7), "{s} seeds");
        }
        // Kalah(6,4) without its stores: 12 pits, 48 seeds (by the formula).
        assert_eq!(Ranking::new(12, 48).layer_size(48), binomial(59, 11));
    }

    #[test]
    fn rank_and_unrank_are_inverse_and_in_lexicographic_order() {
        for (pits, seeds) in [(1, 5), (2, 7), (4, 6), (5, 4)] {
            let r = Ranking::new(pits, seeds);
            let mut all: Vec<Vec<u16>> = Vec::new();
            // Every distribution, by brute force, in lexicographic order.
            let mut c = vec![0u16; pits];
            loop {
                if c.iter().map(|&x| usize::from(x)).sum::<usize>() == seeds {
                    all.push(c.clone());
                }
                let mut i = pits;
                loop {
                    if i == 0 {
                        break;
                    }
                    i -= 1;
                    if usize::from(c[i]) < seeds {
                        c[i] += 1;
                        break;
                    }
                    c[i] = 0;
                }
                if c.iter().all(|&x| x == 0) {
                    break;
                }
            }
            assert_eq!(all.len() as u64, r.layer_size(seeds));
            let mut out = vec![0u16; pits];
            let mut walk = all[0].clone();
            for (i, d) in all.iter().enumerate() {
                assert_eq!(r.rank(d), i as u64, "{d:?}");
                r.unrank(seeds, i as u64, &mut out);
                assert_eq!(&out, d);
                assert_eq!(&walk, d, "the walk, step {i}");
                assert_eq!(r.next(&mut walk), i + 1 < all.len(), "{d:?}");
            }
        }
    }
}
