//! A match of several games (`[match]`): each game played by the engine,
//! the next set up from the end of the last.
//!
//! The set-up is the rule language's own definition,
//! [`reference::match_play::after_game`](crate::reference::match_play::after_game),
//! called as it is: it runs once a game, so it needs no fast path, and one
//! meaning stays one piece of code. What the engine adds is the play of
//! each game, on a board with pits out of play where the set-up closed
//! some ([`Variant::for_game`]), each driven with the match's two seats
//! as a single game is ([`Driver`]).
//!
//! ```
//! use ayla::engine::Variant;
//! use ayla::matches::Match;
//!
//! let rules = ayla::rules::parse("m.toml", "[variant]\nid = \"m\"\nname = \"M\"\n\
//!     [board]\npits_per_row = 4\nseeds_per_pit = 3\n[capture]\ncounts = [2, 3]\n\
//!     landing = \"opponent-row\"\n[match]\nnext_first = \"loser\"\nmax_games = 3\n")?;
//! let mut m = Match::new(Variant::new(rules)).expect("the rules play a match");
//! while m.winner().is_none() {
//!     if m.game().is_over() {
//!         m.next_game()?;
//!     } else {
//!         let mut plies = Vec::new();
//!         m.game().legal_plies(&mut plies);
//!         m.play(plies[0])?;
//!     }
//! }
//! assert!(m.games_played() <= 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::Side;
use crate::driver::{Driver, Played, Seat, Turn};
use crate::engine::{Effect, Game, Illegal, Ply, Position, SetupError, Variant};
use crate::reference::match_play::{AfterGame, GameResult, after_game};
use crate::search::player::NoPly;
use std::sync::Arc;

/// Game `number` of a match, from its set-up `start`. A later game (2
/// on) was begun by the player to act at its set-up, whom the match
/// chose (`match.next_first`); it is theirs that `end.seeds_left_to =
/// "first-player"` means, not `board.first`'s.
#[must_use]
pub fn game_of_match(variant: impl Into<Arc<Variant>>, start: Position, number: u16) -> Game {
    let game = Game::from_position(variant, start);
    if number > 1 {
        game.begun_by(start.to_move())
    } else {
        game
    }
}

/// A match under way: the game being played, driven with its two seats
/// ([`Driver`]), and the games before it.
pub struct Match {
    variant: Arc<Variant>,
    driver: Driver,
    /// The bound on each game's plies, if any.
    max_plies: Option<u32>,
    /// Who moved first in the game being played.
    first: Side,
    /// Who made the last ply of the game being played, if any was made.
    last_mover: Option<Side>,
    /// The games played to their end, in order.
    results: Vec<GameResult>,
    /// The match's winner once it is over (`Some(None)`: drawn).
    winner: Option<Option<Side>>,
}

impl Match {
    /// A match from the first game's start, if the rules play one, both
    /// seats played from outside.
    #[must_use]
    pub fn new(variant: impl Into<Arc<Variant>>) -> Option<Match> {
        let variant = variant.into();
        variant.rules().match_play()?;
        let game = Game::new(Arc::clone(&variant));
        Some(Match {
            first: game.position().to_move(),
            driver: Driver::new(game, [Seat::Outside, Seat::Outside]),
            variant,
            max_plies: None,
            last_mover: None,
            results: Vec::new(),
            winner: None,
        })
    }

    /// The same match with these seats (South's, North's), which keep
    /// their places from game to game.
    #[must_use]
    pub fn with_seats(mut self, seats: [Seat; 2]) -> Match {
        for (side, seat) in Side::BOTH.into_iter().zip(seats) {
            *self.driver.seat_mut(side) = seat;
        }
        self
    }

    /// Stops each game after `max` plies if its rules have not ended it
    /// ([`Turn::Bound`]); the match then goes no further.
    #[must_use]
    pub fn with_max_plies(mut self, max: u32) -> Match {
        self.max_plies = Some(max);
        self.driver = self.driver.with_max_plies(max);
        self
    }

    /// The game being played (the last one, once the match is over).
    #[must_use]
    pub fn game(&self) -> &Game {
        self.driver.game()
    }

    /// What comes next in the game being played ([`Driver::turn`]).
    #[must_use]
    pub fn turn(&self) -> Turn {
        self.driver.turn()
    }

    /// Plays `ply` in the game being played.
    ///
    /// # Errors
    /// The ply is illegal there; the game is then untouched.
    pub fn play(&mut self, ply: Ply) -> Result<Effect, Illegal> {
        let played = self.driver.play(ply)?;
        self.last_mover = Some(played.side);
        Ok(played.effect)
    }

    /// Asks the engine of the side to move for its ply and plays it.
    ///
    /// # Errors
    /// As [`Driver::step`].
    pub fn step(&mut self) -> Result<Played, NoPly> {
        let played = self.driver.step()?;
        self.last_mover = Some(played.side);
        Ok(played)
    }

    /// Ends the game being played, which must be over, and sets up the
    /// next one (the seats keep their places), or ends the match. Says
    /// what follows.
    ///
    /// # Errors
    /// The next game's set-up is not a position of the rules (the
    /// set-up is the reference's, so this would be a fault of ayla's).
    ///
    /// # Panics
    /// If the game being played is not over, or the match is.
    pub fn next_game(&mut self) -> Result<AfterGame, SetupError> {
        assert!(self.winner.is_none(), "the match is over");
        let outcome = self.game().outcome().expect("the game is over");
        let result = GameResult::new(
            outcome,
            self.first,
            self.last_mover,
            self.games_played() + 1,
        );
        let rules = self.variant.rules();
        let after = after_game(rules, &result);
        match &after {
            AfterGame::Next(state) => {
                let pos = Position::from_state(rules, state)?;
                let game = game_of_match(Arc::clone(&self.variant), pos, result.number + 1);
                let seats =
                    Side::BOTH.map(|s| std::mem::replace(self.driver.seat_mut(s), Seat::Outside));
                let driver = Driver::new(game, seats);
                self.driver = match self.max_plies {
                    Some(max) => driver.with_max_plies(max),
                    None => driver,
                };
                self.first = state.to_move;
                self.last_mover = None;
            }
            AfterGame::Over(winner) => self.winner = Some(*winner),
        }
        self.results.push(result);
        Ok(after)
    }

    /// The games played to their end, in order.
    #[must_use]
    pub fn results(&self) -> &[GameResult] {
        &self.results
    }

    /// How many games have been played to their end.
    #[must_use]
    pub fn games_played(&self) -> u16 {
        self.results.len() as u16
    }

    /// The match's winner once it is over: `Some(None)` for a draw,
    /// `None` while it goes on.
    #[must_use]
    pub fn winner(&self) -> Option<Option<Side>> {
        self.winner
    }
}
