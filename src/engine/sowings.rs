//! The sowing plies of a position, in a buffer on the stack: what the
//! general path ([`super::general`]) fills and [`super::Position`] reads,
//! kept apart from both so neither imports the other.

use super::ply::Ply;
use crate::board::{Geometry, MAX_PITS};

/// Most sowing plies one position can have: two for each pit.
const MAX_SOWINGS: usize = 2 * MAX_PITS;

/// The sowing plies of a position, in a fixed buffer.
pub(crate) struct Sowings {
    plies: [Ply; MAX_SOWINGS],
    len: usize,
}

impl Sowings {
    #[inline]
    pub(crate) fn new() -> Sowings {
        Sowings {
            plies: [Ply::Pass; MAX_SOWINGS],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub(crate) fn plies(&self) -> &[Ply] {
        &self.plies[..self.len]
    }

    #[inline]
    pub(crate) fn push(&mut self, p: Ply) {
        self.plies[self.len] = p;
        self.len += 1;
    }

    #[inline]
    pub(crate) fn contains(&self, p: Ply) -> bool {
        self.plies().contains(&p)
    }

    /// Keeps the plies `keep` accepts, if it accepts any (a filter that
    /// lapses when it would leave nothing); whether it did.
    pub(crate) fn keep_if_any(&mut self, mut keep: impl FnMut(Ply) -> bool) -> bool {
        let mut mask = 0u128;
        for (i, &p) in self.plies().iter().enumerate() {
            if keep(p) {
                mask |= 1 << i;
            }
        }
        if mask == 0 {
            return false;
        }
        let mut n = 0;
        for i in 0..self.len {
            if mask >> i & 1 == 1 {
                self.plies[n] = self.plies[i];
                n += 1;
            }
        }
        self.len = n;
        true
    }

    /// The plies in record notation, `" or "` between them.
    pub(crate) fn list(&self, board: &Geometry) -> String {
        self.plies()
            .iter()
            .map(|p| p.notation(board))
            .collect::<Vec<_>>()
            .join(" or ")
    }
}
