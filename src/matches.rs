//! A match of several games (`[match]`): each game played by the engine,
//! the next set up from the end of the last.
//!
//! The set-up is the rule language's own definition,
//! [`reference::match_play::after_game`](crate::reference::match_play::after_game),
//! called as it is: it runs once a game, so it needs no fast path, and one
//! meaning stays one piece of code. What the engine adds is the play of
//! each game, on a board with pits out of play where the set-up closed
//! some ([`Variant::for_game`]).
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
use crate::engine::{Effect, Game, Illegal, Ply, Position, SetupError, Variant};
use crate::reference::match_play::{AfterGame, GameResult, after_game};
use std::sync::Arc;

/// A match under way: the game being played and those before it.
#[derive(Clone, Debug)]
pub struct Match {
    variant: Arc<Variant>,
    game: Game,
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
    /// A match from the first game's start, if the rules play one.
    #[must_use]
    pub fn new(variant: impl Into<Arc<Variant>>) -> Option<Match> {
        let variant = variant.into();
        variant.rules().match_play()?;
        let game = Game::new(Arc::clone(&variant));
        Some(Match {
            first: game.position().to_move(),
            variant,
            game,
            last_mover: None,
            results: Vec::new(),
            winner: None,
        })
    }

    /// The game being played (the last one, once the match is over).
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays `ply` in the game being played.
    ///
    /// # Errors
    /// The ply is illegal there; the game is then untouched.
    pub fn play(&mut self, ply: Ply) -> Result<Effect, Illegal> {
        let mover = self.game.position().to_move();
        let effect = self.game.play(ply)?;
        self.last_mover = Some(mover);
        Ok(effect)
    }

    /// Ends the game being played, which must be over, and sets up the
    /// next one, or ends the match. Says what follows.
    ///
    /// # Errors
    /// The next game's set-up is not a position of the rules (the
    /// set-up is the reference's, so this would be a fault of ayla's).
    ///
    /// # Panics
    /// If the game being played is not over, or the match is.
    pub fn next_game(&mut self) -> Result<AfterGame, SetupError> {
        assert!(self.winner.is_none(), "the match is over");
        let outcome = self.game.outcome().expect("the game is over");
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
                self.game = Game::from_position(Arc::clone(&self.variant), pos);
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
