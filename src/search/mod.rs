//! Search over the game tree: perft today; evaluation and alpha-beta later.

mod perft;

pub use perft::perft;
