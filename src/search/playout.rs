//! Uniformly random playouts: the loop `ayla bench` times (docs/performance.md).
//!
//! From the initial position, each ply is drawn uniformly from the legal
//! plies (in the engine's order) by [`Rng::below`], until the game is over
//! (from the set of legal sowings when they are all there is, which is the
//! same draw);
//! the next playout goes on with the same generator. The hand-written
//! Kpé baseline of `ayla bench` (`src/cli/kpe_baseline.rs`) follows
//! exactly this policy, so on the same seed both play the same games.

use crate::engine::{Game, Outcome, Ply, Side, Variant};
use crate::rng::Rng;
use std::sync::Arc;

/// What a run of playouts did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playouts {
    /// Plies played in all.
    pub plies: u64,
    /// Games played to their end.
    pub playouts: u64,
    /// Games won by South, by North, and drawn.
    pub results: [u64; 3],
}

impl Playouts {
    /// Mean plies per game.
    #[must_use]
    pub fn mean_length(&self) -> f64 {
        if self.playouts == 0 {
            0.0
        } else {
            self.plies as f64 / self.playouts as f64
        }
    }

    /// Counts a finished game's result.
    #[inline]
    pub fn record(&mut self, winner: Option<Side>) {
        let i = match winner {
            Some(Side::South) => 0,
            Some(Side::North) => 1,
            None => 2,
        };
        self.results[i] += 1;
        self.playouts += 1;
    }
}

/// Watches a run of playouts (for tests that compare it with another
/// implementation). Static dispatch: the no-op `()` observer costs nothing.
pub trait Observer {
    /// `ply` is about to be played in `game`.
    #[inline]
    fn ply(&mut self, _game: &Game, _ply: Ply) {}
    /// `game` is over, with this outcome.
    #[inline]
    fn end(&mut self, _game: &Game, _outcome: &Outcome) {}
}

impl Observer for () {}

/// Plays uniformly random games of `rules` from the initial position, one
/// after another with the same generator, until at least `min_plies` plies
/// have been played (the last game is played to its end).
pub fn random_playouts(rules: &Arc<Variant>, rng: &mut Rng, min_plies: u64) -> Playouts {
    random_playouts_observed(rules, rng, min_plies, &mut ())
}

/// [`random_playouts`], telling `obs` every ply and every end.
pub fn random_playouts_observed<O: Observer>(
    rules: &Arc<Variant>,
    rng: &mut Rng,
    min_plies: u64,
    obs: &mut O,
) -> Playouts {
    let mut game = Game::new(Arc::clone(rules));
    let mut legal: Vec<Ply> = Vec::with_capacity(64);
    random_playouts_in(&mut game, &mut legal, rng, min_plies, obs)
}

/// The playout loop itself, in a caller's `game` (reset before each
/// playout, so its history buffer is reused) and ply buffer: once both
/// have grown to the longest game and the longest ply list, it allocates
/// nothing.
pub fn random_playouts_in<O: Observer>(
    game: &mut Game,
    legal: &mut Vec<Ply>,
    rng: &mut Rng,
    min_plies: u64,
    obs: &mut O,
) -> Playouts {
    let mut stats = Playouts::default();
    while stats.plies < min_plies {
        game.reset();
        while !game.is_over() {
            // Drawing from the set of legal sowings, where that is all there
            // is, is the same draw as from the list, without building it.
            // Each branch plays its own ply: in the first the compiler
            // then knows the ply is a sowing and drops `advance`'s match
            // on the kind of ply, a test and a branch every ply.
            match game.legal_sowing_set() {
                Some(set) => {
                    let ply = Ply::Sow(set.nth(rng.below(set.len())).expect("a pit of the set"));
                    obs.ply(game, ply);
                    game.advance(ply);
                }
                None => {
                    game.legal_plies(legal);
                    debug_assert!(!legal.is_empty(), "a game not over has a legal ply");
                    let ply = legal[rng.below(legal.len())];
                    obs.ply(game, ply);
                    game.advance(ply);
                }
            }
            stats.plies += 1;
        }
        let outcome = game.outcome().expect("the game is over");
        obs.end(game, &outcome);
        stats.record(outcome.winner);
    }
    stats
}
