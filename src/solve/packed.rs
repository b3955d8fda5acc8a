//! A layer's values in as few bits as they need.
//!
//! The values of a layer with `s` seeds on the board lie in `-s..=s`, and
//! most layers use far fewer: each value is kept as its distance from the
//! layer's least value, in the bits the greatest distance needs, packed
//! end to end in 64-bit words. A layer of one value takes no bits at all.

/// The values of one layer, bit-packed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Packed {
    min: i32,
    bits: u32,
    len: u64,
    words: Vec<u64>,
}

/// The words `len` values of `bits` bits fill.
fn words_for(len: u64, bits: u32) -> usize {
    (len * u64::from(bits)).div_ceil(64) as usize
}

impl Packed {
    /// Packs `values`.
    #[must_use]
    pub fn new(values: &[i16]) -> Packed {
        let min = values.iter().copied().min().map_or(0, i32::from);
        let max = values.iter().copied().max().map_or(0, i32::from);
        let span = (max - min) as u32;
        let bits = 32 - span.leading_zeros();
        let len = values.len() as u64;
        let mut words = vec![0u64; words_for(len, bits)];
        if bits > 0 {
            for (i, &v) in values.iter().enumerate() {
                let d = (i32::from(v) - min) as u64;
                let at = i as u64 * u64::from(bits);
                let (w, off) = ((at / 64) as usize, at % 64);
                words[w] |= d << off;
                if off + u64::from(bits) > 64 {
                    words[w + 1] |= d >> (64 - off);
                }
            }
        }
        Packed {
            min,
            bits,
            len,
            words,
        }
    }

    /// Rebuilds a packing from its parts, as a file holds them.
    ///
    /// # Errors
    /// If the words are not the number `len` values of `bits` bits need,
    /// or `bits` is more than a value can use.
    pub fn from_parts(min: i32, bits: u32, len: u64, words: Vec<u64>) -> Result<Packed, String> {
        if bits > 32 {
            return Err(format!("{bits} bits a value, more than 32"));
        }
        let want = words_for(len, bits);
        if words.len() != want {
            return Err(format!(
                "{} words for {len} values of {bits} bits, which need {want}",
                words.len()
            ));
        }
        Ok(Packed {
            min,
            bits,
            len,
            words,
        })
    }

    /// The `i`th value.
    ///
    /// # Panics
    /// If `i` is out of range (in debug builds; release builds read a
    /// wrong value or panic on the word index).
    #[inline]
    #[must_use]
    pub fn get(&self, i: u64) -> i32 {
        debug_assert!(i < self.len);
        if self.bits == 0 {
            return self.min;
        }
        let at = i * u64::from(self.bits);
        let (w, off) = ((at / 64) as usize, at % 64);
        let mut d = self.words[w] >> off;
        if off + u64::from(self.bits) > 64 {
            d |= self.words[w + 1] << (64 - off);
        }
        let mask = (1u64 << self.bits) - 1;
        self.min + (d & mask) as i32
    }

    /// How many values.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether there are no values.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The least value.
    #[must_use]
    pub fn min(&self) -> i32 {
        self.min
    }

    /// Bits a value.
    #[must_use]
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The packed words.
    #[must_use]
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Bytes the values take.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        8 * self.words.len() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_reads_back_across_word_boundaries() {
        for span in [0i16, 1, 2, 5, 7, 30, 100, 1000] {
            let values: Vec<i16> = (0..1000i32)
                .map(|i| (i * 37 % (i32::from(span) + 1) - i32::from(span) / 2) as i16)
                .collect();
            let p = Packed::new(&values);
            for (i, &v) in values.iter().enumerate() {
                assert_eq!(p.get(i as u64), i32::from(v), "span {span}, value {i}");
            }
            let bits = if span == 0 {
                0
            } else {
                16 - (span as u16).leading_zeros()
            };
            assert_eq!(p.bits(), bits, "span {span}");
        }
    }

    #[test]
    fn parts_that_do_not_fit_are_refused() {
        let p = Packed::new(&[1, -3, 4, 0]);
        let again = Packed::from_parts(p.min(), p.bits(), p.len(), p.words().to_vec()).unwrap();
        assert_eq!(again, p);
        assert!(Packed::from_parts(0, 3, 100, vec![0; 2]).is_err());
        assert!(Packed::from_parts(0, 40, 1, vec![0; 1]).is_err());
    }
}
