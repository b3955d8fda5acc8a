//! Self-play of whole matches (`[match]`): each match of a run is played
//! game by game ([`crate::matches::Match`]), every game noted as a
//! [`GameRecord`] for the figures of games, and the match's own figures
//! ([`MatchFigures`]): games a match, who wins it, and how often the first
//! game's winner does.

use super::{Drive, GameRecord, Score, Setup, Spread, drive, opening_rng, seats};
use crate::board::Side;
use crate::driver::{Played, Turn};
use crate::engine::{Game, Ply, Variant};
use crate::matches::Match;
use crate::reference::match_play::AfterGame;
use crate::solve::retro::Database;
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// The most games self-play gives a match: engines that repeat
/// themselves (any fixed depth against another) can play the same games
/// round and round for ever, so a match still on after this many is
/// stopped, and counted with those stopped at the ply limit.
pub const MAX_MATCH_GAMES: usize = 200;

/// One match of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRecord {
    /// The match's index in the run, from 0.
    pub index: u32,
    /// The side player A played, in every game of the match.
    pub a_side: Side,
    /// Its games, in order, each indexed by the match's index.
    pub games: Vec<GameRecord>,
    /// Its winner (`Some(None)`: drawn); `None` when a game was stopped at
    /// [`Setup::max_plies`], which stops the match, or the match at
    /// [`MAX_MATCH_GAMES`].
    pub winner: Option<Option<Side>>,
}

impl Drive for Match {
    fn turn(&self) -> Turn {
        Match::turn(self)
    }
    fn game(&self) -> &Game {
        Match::game(self)
    }
    fn play(&mut self, ply: Ply) -> Played {
        let side = self.game().position().to_move();
        let effect = Match::play(self, ply).expect("players choose legal plies");
        Played { side, ply, effect }
    }
    fn step(&mut self) -> Played {
        Match::step(self).expect("a ply, from a database if perfect")
    }
}

/// Plays match `index` of the run, as [`super::play_game`] plays a game
/// (the same players and opening: the opening in its first game), or
/// returns `None` if `stop` is set before it ends.
///
/// # Panics
/// If the rules play no match; and as [`super::play_game`].
#[must_use]
pub fn play_match(
    variant: &Arc<Variant>,
    setup: &Setup,
    index: u32,
    db: Option<&Arc<Database>>,
    stop: &AtomicBool,
) -> Option<MatchRecord> {
    if stop.load(Relaxed) {
        return None;
    }
    let (a_side, seats) = seats(setup, index, db);
    let mut m = Match::new(Arc::clone(variant))
        .expect("the rules play a match")
        .with_seats(seats)
        .with_max_plies(setup.max_plies);
    let mut rng = opening_rng(setup, index);
    let mut games = Vec::new();
    loop {
        let first = m.game().position().to_move();
        let mut record = GameRecord::new(index, a_side, first);
        let opening = if games.is_empty() { setup.opening } else { 0 };
        drive(&mut m, opening, &mut rng, &mut record, stop)?;
        record.finish(variant, m.game());
        let over = m.game().is_over();
        games.push(record);
        if !over || games.len() >= MAX_MATCH_GAMES {
            return Some(MatchRecord {
                index,
                a_side,
                games,
                winner: None,
            });
        }
        let after = m.next_game().expect("the reference's set-up is a position");
        if let AfterGame::Over(w) = after {
            return Some(MatchRecord {
                index,
                a_side,
                games,
                winner: Some(w),
            });
        }
    }
}

/// Plays the run's matches as [`super::play_games`] plays its games.
#[must_use]
pub fn play_matches(
    variant: &Arc<Variant>,
    setup: &Setup,
    db: Option<&Arc<Database>>,
    stop: &AtomicBool,
    on_match: &(dyn Fn(&MatchRecord) + Sync),
) -> Vec<MatchRecord> {
    (0..setup.games)
        .into_par_iter()
        .with_max_len(1)
        .filter_map(|i| {
            let m = play_match(variant, setup, i, db, stop)?;
            on_match(&m);
            Some(m)
        })
        .collect()
}

/// A match that ended, with its winner (`None`: drawn).
type Ended<'a> = (&'a MatchRecord, Option<Side>);

/// The figures of a run's whole matches (docs/stats.md).
#[derive(Clone, Debug, PartialEq)]
pub struct MatchFigures {
    /// Matches played (to their end, or stopped).
    pub matches: u32,
    /// Matches stopped when a game reached the ply limit, or at
    /// [`MAX_MATCH_GAMES`].
    pub stopped: u32,
    /// Games a match, over the matches that ended.
    pub games: Spread,
    /// Matches won by the player who moved first in the first game, drawn,
    /// lost; over the matches that ended.
    pub first_wins: u32,
    /// See `first_wins`.
    pub draws: u32,
    /// See `first_wins`.
    pub first_losses: u32,
    /// That player's score over the matches that ended.
    pub first_score: Score,
    /// Matches that ended and whose first game had a winner.
    pub first_game_won: u32,
    /// Of those, the matches that player won.
    pub first_game_winner_won: u32,
    /// A's score over the matches that ended, where A and B play
    /// different levels.
    pub a_score: Option<Score>,
}

impl MatchFigures {
    /// The figures of `matches`, played under `setup`.
    #[must_use]
    pub fn of(setup: &Setup, matches: &[MatchRecord]) -> MatchFigures {
        let ended: Vec<Ended<'_>> = matches
            .iter()
            .filter_map(|m| m.winner.map(|w| (m, w)))
            .collect();
        let n = ended.len() as u32;
        let count = |f: &dyn Fn(&Ended<'_>) -> bool| ended.iter().filter(|m| f(m)).count() as u32;
        let first_wins = count(&|(m, w)| *w == Some(m.games[0].first));
        let draws = count(&|(_, w)| w.is_none());
        let first_game_won = count(&|(m, _)| m.games[0].winner.is_some());
        let first_game_winner_won =
            count(&|(m, w)| m.games[0].winner.is_some() && *w == m.games[0].winner);
        let a_score = (setup.levels[0] != setup.levels[1])
            .then(|| Score::of(count(&|(m, w)| *w == Some(m.a_side)), draws, n));
        MatchFigures {
            matches: matches.len() as u32,
            stopped: matches.len() as u32 - n,
            games: Spread::of(
                &ended
                    .iter()
                    .map(|(m, _)| m.games.len() as f64)
                    .collect::<Vec<_>>(),
            ),
            first_wins,
            draws,
            first_losses: n - first_wins - draws,
            first_score: Score::of(first_wins, draws, n),
            first_game_won,
            first_game_winner_won,
            a_score,
        }
    }
}
