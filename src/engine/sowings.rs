//! The sowing plies of a position, in a buffer on the stack: what the
//! general path ([`super::general`]) fills and [`super::Position`] reads,
//! kept apart from both so neither imports the other.

use super::ply::Ply;
use crate::board::{Direction, Geometry, MAX_PITS, Pit};

/// Most sowing plies one position can have: two for each pit.
const MAX_SOWINGS: usize = 2 * MAX_PITS;

/// The sowing plies of a position, in a fixed buffer. Each is held as a
/// small code ([`Sowings::code`]) rather than a [`Ply`], whose offers make
/// it eight times as large: the buffer is made for every position the
/// general path looks at, so its size is paid on the hot path.
pub(crate) struct Sowings {
    codes: [u16; MAX_SOWINGS],
    len: usize,
}

impl Sowings {
    #[inline]
    pub(crate) fn new() -> Sowings {
        Sowings {
            codes: [0; MAX_SOWINGS],
            len: 0,
        }
    }

    /// A sowing as a code: its pit, then 0 for [`Ply::Sow`], 1 or 2 for
    /// [`Ply::SowToward`] counter-clockwise or clockwise.
    #[inline]
    fn code(p: Ply) -> u16 {
        match p {
            Ply::Sow(pit) => u16::from(pit.0) << 2,
            Ply::SowToward(pit, Direction::CounterClockwise) => u16::from(pit.0) << 2 | 1,
            Ply::SowToward(pit, Direction::Clockwise) => u16::from(pit.0) << 2 | 2,
            _ => unreachable!("only sowings are held"),
        }
    }

    #[inline]
    fn ply(code: u16) -> Ply {
        let pit = Pit((code >> 2) as u8);
        match code & 3 {
            0 => Ply::Sow(pit),
            1 => Ply::SowToward(pit, Direction::CounterClockwise),
            _ => Ply::SowToward(pit, Direction::Clockwise),
        }
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// The plies, in the order they were pushed.
    #[inline]
    pub(crate) fn plies(&self) -> impl Iterator<Item = Ply> + '_ {
        self.codes[..self.len].iter().map(|&c| Sowings::ply(c))
    }

    /// A sowing ply ([`Ply::Sow`] or [`Ply::SowToward`]).
    #[inline]
    pub(crate) fn push(&mut self, p: Ply) {
        self.codes[self.len] = Sowings::code(p);
        self.len += 1;
    }

    #[inline]
    pub(crate) fn contains(&self, p: Ply) -> bool {
        p.origin().is_some() && self.codes[..self.len].contains(&Sowings::code(p))
    }

    /// The plies `keep` accepts, as a mask: bit `i` for `plies()[i]`.
    pub(crate) fn mask(&self, mut keep: impl FnMut(Ply) -> bool) -> u128 {
        let mut mask = 0u128;
        for (i, p) in self.plies().enumerate() {
            if keep(p) {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// Every ply, as a [`Sowings::mask`].
    pub(crate) fn all(&self) -> u128 {
        // `len` < 128: MAX_SOWINGS is at most 104.
        (1u128 << self.len) - 1
    }

    /// Keeps the plies `keep` accepts, if it accepts any (a filter that
    /// lapses when it would leave nothing); whether it did.
    pub(crate) fn keep_if_any(&mut self, keep: impl FnMut(Ply) -> bool) -> bool {
        let mask = self.mask(keep);
        self.keep_mask(mask)
    }

    /// Keeps the plies of `mask` ([`Sowings::mask`]), if it has any;
    /// whether it did.
    pub(crate) fn keep_mask(&mut self, mask: u128) -> bool {
        if mask == 0 {
            return false;
        }
        self.retain_mask(mask);
        true
    }

    /// Keeps exactly the plies of `mask`, none if it has none.
    pub(crate) fn retain_mask(&mut self, mask: u128) {
        let mut n = 0;
        let mut rest = mask & self.all();
        while rest != 0 {
            self.codes[n] = self.codes[rest.trailing_zeros() as usize];
            n += 1;
            rest &= rest - 1;
        }
        self.len = n;
    }

    /// The plies in record notation, `" or "` between them.
    pub(crate) fn list(&self, board: &Geometry) -> String {
        self.plies()
            .map(|p| p.notation(board))
            .collect::<Vec<_>>()
            .join(" or ")
    }
}
