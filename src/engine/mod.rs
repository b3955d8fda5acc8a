//! The generic engine: state, plies, sowing, captures, trades and the end.
//!
//! Nothing here knows any variant by name; every difference between games
//! is a field of [`crate::rules::Rules`].

mod board;
mod game;
mod ply;
mod position;

pub use board::{MAX_PITS, MAX_PITS_PER_ROW, Pit, PitSet, Side};
pub use game::{EndReason, Game, Outcome, Snapshot, ordinal};
pub use ply::{Effect, Illegal, Ply};
pub use position::Position;
