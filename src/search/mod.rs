//! Search over the game tree: perft, evaluation, alpha-beta, players,
//! random playouts.
//!
//! Rules, evaluation and search are kept apart: [`eval`] scores a game,
//! [`alphabeta`] searches with it, [`player`] turns a level into a ply.

pub mod alphabeta;
pub mod eval;
mod perft;
pub mod player;
pub mod playout;

pub use alphabeta::{Budget, SearchResult, Searcher, minimax};
pub use perft::{perft, perft_divide};
pub use player::Level;
pub use playout::{Playouts, random_playouts};
