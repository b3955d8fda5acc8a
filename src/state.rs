//! [`State`]: the whole state of a game but its history, as plain data.
//!
//! This is the one shape every reader of a state shares: the reference
//! interpreter plays on it, the position notation reads into and writes
//! from it, drawings and the frames of a sowing trace show it, and the
//! server sends it. The engine's packed [`crate::engine::Position`]
//! converts to and from it in one place (`Position::from_state`, which
//! checks it against the rules, and `Position::to_state`), so a part of the
//! state that a later rule needs (pits out of play, seeds in hand, a round)
//! is a field here, its start in [`State::initial`], and its packing there.

use crate::board::{Pit, PitSet, Side};
use crate::rules::Rules;

/// The whole state of a game but its history, unchecked: every per-pit
/// `Vec` has one entry per pit of the board, by pit index (pit `i` is
/// `Pit(i)`; on two rows that is label order). Counts are `u32` so arithmetic on them needs no care; the
/// engine checks they fit its own when it takes a state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Seeds per pit.
    pub seeds: Vec<u32>,
    /// Who controls each pit (its territory; trades change it).
    pub controller: Vec<Side>,
    /// Per pit: whether its home side has sown from it (the progress of an
    /// opening lock or of an opening rule, `sown=` in the position
    /// notation). Only a lock or an opening rule records it.
    pub sown: Vec<bool>,
    /// Per pit: the player whose house it is, if it is one (`[houses]`,
    /// `houses=` in the position notation).
    pub houses: Vec<Option<Side>>,
    /// The pending offer, in label order (empty if none), made by the side
    /// *not* to act.
    pub offer: Vec<Pit>,
    /// Seeds captured (and not paid out in trades), South then North; with
    /// stores, the seeds in each store.
    pub captured: [u32; 2],
    /// The side to act.
    pub to_move: Side,
    /// Whether South, then North, has declined an offer in this game.
    pub declined: [bool; 2],
    /// Per pit: whether it is out of play for this game of a match
    /// (`match.unfilled = "closed"`): no seed is sown into it, no one sows
    /// from it, no capture takes it.
    pub closed: Vec<bool>,
}

impl State {
    /// The variant's initial state (`[board]`: `seeds_per_pit` or
    /// `initial`, `first`); each player controls their home row.
    #[must_use]
    pub fn initial(rules: &Rules) -> State {
        let n = rules.pits();
        let north = rules.home_row(Side::North);
        State {
            seeds: rules.initial.iter().map(|&s| u32::from(s)).collect(),
            controller: (0..n)
                .map(|p| {
                    if north.contains(Pit(p as u8)) {
                        Side::North
                    } else {
                        Side::South
                    }
                })
                .collect(),
            sown: vec![false; n],
            houses: vec![None; n],
            offer: Vec::new(),
            captured: [0, 0],
            to_move: rules.first,
            declined: [false, false],
            closed: vec![false; n],
        }
    }

    /// The pits `side` controls, as a set (pits past [`crate::board::MAX_PITS`]
    /// are left out).
    #[must_use]
    pub fn controlled(&self, side: Side) -> PitSet {
        pits_where(self.controller.iter().map(|&c| c == side))
    }

    /// The pits out of play, as a set.
    #[must_use]
    pub fn closed_pits(&self) -> PitSet {
        pits_where(self.closed.iter().copied())
    }

    /// The pits marked sown, as a set.
    #[must_use]
    pub fn sown_pits(&self) -> PitSet {
        pits_where(self.sown.iter().copied())
    }

    /// `side`'s houses, as a set.
    #[must_use]
    pub fn houses_of(&self, side: Side) -> PitSet {
        pits_where(self.houses.iter().map(|&h| h == Some(side)))
    }

    /// The pending offer, as a set (empty if none; pits past
    /// [`crate::board::MAX_PITS`] are left out).
    #[must_use]
    pub fn offer_pits(&self) -> PitSet {
        self.offer
            .iter()
            .copied()
            .filter(|p| p.index() < crate::board::MAX_PITS)
            .collect()
    }
}

/// The pits whose flag is set, among the first [`crate::board::MAX_PITS`].
fn pits_where(flags: impl Iterator<Item = bool>) -> PitSet {
    let mut set = PitSet::EMPTY;
    for (i, on) in flags.take(crate::board::MAX_PITS).enumerate() {
        if on {
            set.insert(Pit(i as u8));
        }
    }
    set
}
