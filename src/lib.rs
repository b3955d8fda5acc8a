//! ayla: a rules interpreter for mancala (count-and-capture) games.
//!
//! A variant is a TOML file in a declarative rule language; one generic
//! engine interprets it. Goré and Kpé ship bundled.
//!
//! ```
//! use ayla::engine::{Game, Ply};
//! use ayla::rules;
//!
//! let kpe = rules::bundled("Kpé").unwrap().unwrap();
//! let mut game = Game::new(&kpe);
//! let c = kpe.pit('c').unwrap();
//! game.play(Ply::Sow(c)).unwrap();
//! assert_eq!(
//!     ayla::notation::format_position(&kpe, game.position()),
//!     "7,6,0,7/7,7,7,7 N 0-0 sown=c/"
//! );
//! // North may not sow from South's row.
//! assert!(game.play(Ply::Sow(kpe.pit('a').unwrap())).is_err());
//! ```

#![warn(missing_docs)]

/// Benchmark-only code: hand-written baselines for `ayla bench`; not
/// used by the engine.
pub mod bench;
pub mod check;
pub mod engine;
pub mod fit;
pub mod notation;
pub mod rng;
pub mod rules;
pub mod search;
