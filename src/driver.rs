//! The game driver: one game between two seats, each an engine
//! [`Player`] or a player outside the program (a person at the terminal
//! or in the browser, a random opening), from the start or from a
//! position, up to an optional bound on the plies.
//!
//! `ayla play`, `ayla match`, `ayla stats` and the web board's engine ply
//! all drive their games through it: it holds what they share (who is to
//! move, asking that side's engine, playing the ply, noticing the end and
//! the bound), and each caller keeps its own printing, records and
//! figures. The caller drives: it asks [`Driver::turn`] what comes next,
//! then [`Driver::step`]s an engine's turn or [`Driver::play`]s a ply it
//! got from outside.
//!
//! It drives one game, and knows nothing of any other: `ayla match` and
//! `ayla stats` play their many games with a new driver for each, every
//! game a fresh one from the variant's start, and keep the score
//! themselves. A match of several games, whose seeds carry from one game
//! into the next (`[match]`: Dakon's burnt pits), is [`crate::matches`],
//! which drives each of its games with a driver of its own.
//!
//! ```
//! use ayla::driver::{Driver, Seat, Turn};
//! use ayla::engine::{Game, Variant};
//! use ayla::search::{Level, player::Player};
//!
//! let kpe = Variant::new(ayla::rules::bundled("Kpé")?);
//! let seats = [1, 2].map(|seed| Seat::engine(Player::new(Level::Random, seed)));
//! let mut d = Driver::new(Game::new(kpe), seats).with_max_plies(10);
//! while let Turn::Engine(_) = d.turn() {
//!     d.step()?;
//! }
//! assert!(d.game().is_over() || d.plies() == 10);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::Side;
use crate::engine::{Effect, Game, Illegal, Outcome, Ply};
use crate::search::player::{NoPly, Player};

/// Who plays one side.
pub enum Seat {
    /// An engine, asked by [`Driver::step`] (boxed: a player's tables
    /// are large beside an outside seat's nothing).
    Engine(Box<Player>),
    /// Someone outside the program, whose plies the caller passes to
    /// [`Driver::play`].
    Outside,
}

impl Seat {
    /// An engine's seat.
    #[must_use]
    pub fn engine(player: Player) -> Seat {
        Seat::Engine(Box::new(player))
    }
}

/// What comes next in a driven game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Turn {
    /// The game is over, by the rules.
    Over(Outcome),
    /// The bound on the plies is reached before the rules ended the game.
    Bound,
    /// This side's engine is to move: [`Driver::step`].
    Engine(Side),
    /// This side, played from outside, is to move: [`Driver::play`].
    Outside(Side),
}

/// A ply the driver played, and what it did.
#[derive(Debug, Clone)]
pub struct Played {
    /// The side that played it.
    pub side: Side,
    /// The ply.
    pub ply: Ply,
    /// What it did to the board.
    pub effect: Effect,
}

/// One game, its two seats and its bound on the plies.
pub struct Driver {
    game: Game,
    seats: [Seat; 2],
    max_plies: Option<usize>,
    /// The plies the game had when the driver took it: the bound counts
    /// only the plies played since.
    base: usize,
}

impl Driver {
    /// Drives `game` from where it stands, South's seat first.
    #[must_use]
    pub fn new(game: Game, seats: [Seat; 2]) -> Driver {
        let base = game.plies_played();
        Driver {
            game,
            seats,
            max_plies: None,
            base,
        }
    }

    /// Stops the game after `max` plies played through the driver, if the
    /// rules have not ended it before.
    #[must_use]
    pub fn with_max_plies(mut self, max: u32) -> Driver {
        self.max_plies = Some(max as usize);
        self
    }

    /// The game as it stands.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, for what the driver does not do: a search for a hint, a
    /// ply taken back ([`Game::restore`]; the bound counts from the
    /// restored game).
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// The game, once driven.
    #[must_use]
    pub fn into_game(self) -> Game {
        self.game
    }

    /// `side`'s seat (to give an engine its database, say).
    pub fn seat_mut(&mut self, side: Side) -> &mut Seat {
        &mut self.seats[side.index()]
    }

    /// The plies played since the driver took the game.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.game.plies_played().saturating_sub(self.base)
    }

    /// What comes next: the end, the bound, or whose turn it is.
    #[must_use]
    pub fn turn(&self) -> Turn {
        if let Some(o) = self.game.outcome() {
            return Turn::Over(o);
        }
        if self.max_plies.is_some_and(|m| self.plies() >= m) {
            return Turn::Bound;
        }
        let side = self.game.position().to_move();
        match self.seats[side.index()] {
            Seat::Engine(_) => Turn::Engine(side),
            Seat::Outside => Turn::Outside(side),
        }
    }

    /// The ply the engine of the side to move chooses, unplayed.
    ///
    /// # Errors
    /// The engine's [`NoPly`]; [`NoPly::GameOver`] also when the side to
    /// move is played from outside, as no engine has a ply for it.
    pub fn choose(&mut self) -> Result<Ply, NoPly> {
        let side = self.game.position().to_move();
        match &mut self.seats[side.index()] {
            Seat::Engine(p) => p.choose(&mut self.game),
            Seat::Outside => Err(NoPly::GameOver),
        }
    }

    /// Plays `ply` for the side to move, whoever chose it.
    ///
    /// # Errors
    /// Why the rules forbid it; the game is then as it was.
    pub fn play(&mut self, ply: Ply) -> Result<Played, Illegal> {
        let side = self.game.position().to_move();
        let effect = self.game.play(ply)?;
        Ok(Played { side, ply, effect })
    }

    /// Asks the engine of the side to move for its ply and plays it.
    ///
    /// # Errors
    /// The engine's [`NoPly`], as [`Driver::choose`].
    pub fn step(&mut self) -> Result<Played, NoPly> {
        let ply = self.choose()?;
        Ok(self
            .play(ply)
            .expect("an engine chooses among the legal plies"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;
    use crate::search::Level;

    fn kpe() -> Game {
        Game::new(Variant::new(crate::rules::bundled("Kpé").unwrap()))
    }

    #[test]
    fn the_bound_counts_the_plies_played_through_the_driver() {
        let mut g = kpe();
        let mut legal = Vec::new();
        g.legal_plies(&mut legal);
        g.play(legal[0]).unwrap();
        let seats = [1, 2].map(|s| Seat::engine(Player::new(Level::Random, s)));
        let mut d = Driver::new(g, seats).with_max_plies(3);
        for _ in 0..3 {
            assert!(matches!(d.turn(), Turn::Engine(_)));
            d.step().unwrap();
        }
        assert_eq!(d.plies(), 3);
        assert_eq!(d.game().plies_played(), 4);
        assert_eq!(d.turn(), Turn::Bound);
    }

    #[test]
    fn an_outside_seat_is_asked_by_the_caller_and_its_illegal_ply_changes_nothing() {
        let seats = [Seat::Outside, Seat::engine(Player::new(Level::Random, 1))];
        let mut d = Driver::new(kpe(), seats);
        assert_eq!(d.turn(), Turn::Outside(Side::South));
        assert_eq!(d.choose(), Err(NoPly::GameOver));
        let before = *d.game().position();
        // North's pit is not South's to sow.
        let north = d.game().variant().pit("A").unwrap();
        assert!(d.play(Ply::Sow(north)).is_err());
        assert_eq!(d.game().position(), &before);
        let c = d.game().variant().pit("c").unwrap();
        let played = d.play(Ply::Sow(c)).unwrap();
        assert_eq!((played.side, played.ply), (Side::South, Ply::Sow(c)));
        assert_eq!(d.turn(), Turn::Engine(Side::North));
    }

    #[test]
    fn a_driven_game_ends_by_the_rules_when_unbounded() {
        let seats = [3, 4].map(|s| Seat::engine(Player::new(Level::Random, s)));
        let mut d = Driver::new(kpe(), seats);
        let mut n = 0;
        while let Turn::Engine(_) = d.turn() {
            d.step().unwrap();
            n += 1;
            assert!(n < 100_000, "a random game of Kpé ends");
        }
        assert!(matches!(d.turn(), Turn::Over(_)));
        assert_eq!(d.step().unwrap_err(), NoPly::GameOver);
    }
}
