//! ayla: a rules interpreter for mancala (count-and-capture) games.
//!
//! A variant is a TOML file in a declarative rule language; one generic
//! engine interprets it. Goré, Kpé and nineteen more games ship bundled
//! ([`rules::BUNDLED`]).
//!
//! The crate's layers: [`board`] (sides, pits, sets of pits: the
//! vocabulary; and a board's [`board::Geometry`], its rows, circuits and
//! labels), [`state`] (the one plain shape of a game's state, which
//! the reference plays on, the notation reads and writes and drawings
//! show; the engine packs it into a `Position`), [`rules`] (the rule language: schema, validated model,
//! loading, plain-English description), [`engine`] (the fast interpreter),
//! [`reference`](mod@reference) (the plain interpreter that defines the language's
//! meaning, which the engine is tested against), [`notation`] (positions,
//! plies, records), [`check`], [`rulebook`] and [`fit`] (recorded games),
//! [`search`], [`driver`] (a game between two players, as the commands
//! play it), [`solve`] (exact values under perfect play), and [`draw`]
//! (pictures of a board, as SVG).
//!
//! A rule file loads into a [`rules::Rules`] (what the file says); the
//! engine compiles that into an [`engine::Variant`] (its tables), which
//! games share:
//!
//! ```
//! use ayla::engine::{Game, Ply, Variant};
//! use ayla::{notation, rules};
//!
//! let kpe = Variant::new(rules::bundled("Kpé")?);
//! let c = kpe.pit("c").expect("Kpé has a pit c");
//! let mut game = Game::new(kpe);
//! game.play(Ply::Sow(c))?;
//! assert_eq!(
//!     notation::format_position(game.rules(), game.position()),
//!     "7,6,0,7/7,7,7,7 N 0-0 sown=c/"
//! );
//! // North may not sow from South's row.
//! assert!(game.play(Ply::Sow(c)).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod board;
pub mod check;
pub mod draw;
pub mod driver;
pub mod engine;
pub mod fit;
pub mod matches;
pub mod notation;
pub mod reference;
pub mod rng;
pub mod rulebook;
pub mod rules;
pub mod search;
pub mod solve;
pub mod state;
pub mod stats;
pub mod words;
mod xml;
