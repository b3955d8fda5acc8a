//! The generic engine: state, plies, sowing, captures, trades and the end.
//!
//! Nothing here knows any variant by name; every difference between games
//! is a field of [`crate::rules::Rules`].

mod convert;
mod game;
mod general;
mod ply;
mod position;
mod sowings;
mod variant;

pub use crate::board::{MAX_PITS, MAX_PITS_PER_ROW, Pit, PitSet, Place, Side};
pub use convert::{SetupError, SetupField};
pub use game::{EndReason, Game, Outcome, Snapshot, outcome_of};
pub use ply::{Effect, Illegal, Ply, SowEffect, pit_direction};
pub use position::Position;
pub use variant::Variant;
