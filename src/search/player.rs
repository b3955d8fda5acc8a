//! Engine players: from uniformly random to the strongest search.

use super::alphabeta::{Budget, Searcher};
use crate::engine::{Game, Ply, Side};
use crate::rng::Rng;
use crate::solve::gain;
use crate::solve::retro::Database;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

/// How strongly the engine plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// A uniformly random legal ply.
    Random,
    /// Alpha-beta to a fixed depth.
    Depth(u32),
    /// Alpha-beta, deepening until the time is up.
    Time(Duration),
    /// Perfect play from an endgame database ([`crate::solve`]): a ply of
    /// the best value, the ties drawn at random. It is exact or it is
    /// nothing: where the player's database does not cover the position,
    /// [`Player::choose`] refuses ([`NoPly::NotCovered`]) rather than play
    /// at another level under this one's name; `play`, `match` and `stats`
    /// build or read a database covering the whole game before it starts,
    /// or refuse the level.
    Perfect,
}

/// The numbered levels, weakest first; `DEFAULT_LEVEL` indexes this.
pub const LEVELS: [Level; 6] = [
    Level::Random,
    Level::Depth(1),
    Level::Depth(3),
    Level::Depth(5),
    Level::Depth(8),
    Level::Time(Duration::from_millis(1000)),
];

/// The default level: about a second a move.
pub const DEFAULT_LEVEL: usize = 5;

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Random => f.write_str("random"),
            Level::Depth(d) => write!(f, "depth {d}"),
            Level::Time(t) => write!(f, "{} ms a move", t.as_millis()),
            Level::Perfect => f.write_str("perfect"),
        }
    }
}

impl FromStr for Level {
    type Err = String;

    /// `0`..`5` (the numbered levels), `random`, `depth:N`,
    /// `time:SECONDS`, or `perfect`.
    fn from_str(s: &str) -> Result<Level, String> {
        let s = s.trim();
        if s == "random" {
            return Ok(Level::Random);
        }
        if s == "perfect" {
            return Ok(Level::Perfect);
        }
        if let Ok(n) = s.parse::<usize>() {
            return LEVELS.get(n).copied().ok_or_else(|| {
                format!(
                    "level {n} does not exist: levels are 0 to {}",
                    LEVELS.len() - 1
                )
            });
        }
        if let Some(d) = s.strip_prefix("depth:") {
            return d
                .parse::<u32>()
                .ok()
                .filter(|&d| (1..=64).contains(&d))
                .map(Level::Depth)
                .ok_or_else(|| format!("expected depth:N with N from 1 to 64, found {s:?}"));
        }
        if let Some(t) = s.strip_prefix("time:") {
            return t
                .parse::<f64>()
                .ok()
                .filter(|t| t.is_finite() && *t > 0.0 && *t <= 3600.0)
                .map(|t| Level::Time(Duration::from_secs_f64(t)))
                .ok_or_else(|| {
                    format!("expected time:SECONDS (more than 0, at most 3600), found {s:?}")
                });
        }
        Err(format!(
            "expected a level 0 to {}, `random`, `depth:N`, `time:SECONDS` or `perfect`, found {s:?}",
            LEVELS.len() - 1
        ))
    }
}

/// Why a [`Player`] gives no ply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoPly {
    /// The game is over: no ply is legal.
    GameOver,
    /// A `perfect` player was given no database
    /// ([`Player::with_database`]).
    NoDatabase,
    /// A `perfect` player's database does not hold every position after a
    /// legal ply: it is of other rules, or of fewer seeds, or of the
    /// positions reached from another start.
    NotCovered,
}

impl fmt::Display for NoPly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NoPly::GameOver => "the game is over: there is no ply to choose",
            NoPly::NoDatabase => {
                "the perfect level plays from endgame databases, and it was given none"
            }
            NoPly::NotCovered => {
                "the perfect level's databases do not cover this position, and the level plays no other way"
            }
        })
    }
}

impl std::error::Error for NoPly {}

/// An engine player: a level, its searcher, its random generator, and at
/// the `perfect` level its database.
pub struct Player {
    level: Level,
    searcher: Searcher,
    rng: Rng,
    legal: Vec<Ply>,
    database: Option<Arc<Database>>,
}

impl Player {
    /// A player at `level`, with a seed for its random choices.
    #[must_use]
    pub fn new(level: Level, seed: u64) -> Player {
        let entries = match level {
            Level::Random => 1,
            _ => 1 << 18,
        };
        Player {
            level,
            searcher: Searcher::new(entries),
            rng: Rng::new(seed),
            legal: Vec::new(),
            database: None,
        }
    }

    /// The database a `perfect` player reads: of the game's rules, covering
    /// every position the player will be asked about (other players ignore
    /// it). Without one, a `perfect` player refuses every ply.
    #[must_use]
    pub fn with_database(mut self, db: Arc<Database>) -> Player {
        self.database = Some(db);
        self
    }

    /// The player's level.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// The ply this player chooses.
    ///
    /// # Errors
    /// [`NoPly::GameOver`] when no ply is legal. A `perfect` player never
    /// plays at another level: it gives [`NoPly::NoDatabase`] without a
    /// database, and [`NoPly::NotCovered`] where its database does not
    /// hold every position after a legal ply.
    pub fn choose(&mut self, game: &mut Game) -> Result<Ply, NoPly> {
        game.legal_plies(&mut self.legal);
        if self.legal.is_empty() {
            return Err(NoPly::GameOver);
        }
        let best = match self.level {
            Level::Random => Some(self.legal[self.rng.below(self.legal.len())]),
            Level::Depth(d) => self.searcher.search(game, super::Budget::Depth(d)).best,
            Level::Time(t) => self.searcher.search(game, Budget::Time(t)).best,
            Level::Perfect => return self.perfect(game),
        };
        // The search returns a ply whenever one is legal.
        best.ok_or(NoPly::GameOver)
    }

    /// A ply of the best value by the database, if it covers every
    /// position after a legal ply.
    fn perfect(&mut self, game: &Game) -> Result<Ply, NoPly> {
        let db = self.database.as_ref().ok_or(NoPly::NoDatabase)?;
        let v = game.variant();
        let pos = game.position();
        let south = pos.to_move() == Side::South;
        let mut best: Option<i32> = None;
        let mut ties = Vec::new();
        for &ply in &self.legal {
            let mut child = *pos;
            child.play_unchecked(v, ply);
            let value = gain(pos, &child) + db.probe(&child).ok_or(NoPly::NotCovered)?;
            // South's margin: South takes the greatest, North the least.
            let better = best.is_none_or(|b| if south { value > b } else { value < b });
            if better {
                best = Some(value);
                ties.clear();
            }
            if best == Some(value) {
                ties.push(ply);
            }
        }
        Ok(ties[self.rng.below(ties.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Variant;

    /// Kalah(3,2): 12 seeds, small enough to solve whole in a test.
    fn small() -> Arc<Variant> {
        crate::solve::small::kalah(3, 2, "")
    }

    #[test]
    fn a_perfect_player_without_a_covering_database_refuses() {
        let v = small();
        let mut game = Game::new(Arc::clone(&v));
        let mut bare = Player::new(Level::Perfect, 1);
        assert_eq!(bare.choose(&mut game), Err(NoPly::NoDatabase));
        // Layers of up to 4 seeds hold no position of the 12-seed start.
        let few = Arc::new(Database::build(&v, 4).unwrap());
        let mut short = Player::new(Level::Perfect, 1).with_database(few);
        assert_eq!(short.choose(&mut game), Err(NoPly::NotCovered));
        // The refusal changes nothing: the game is where it was.
        assert_eq!(game.plies_played(), 0);
    }

    #[test]
    fn a_perfect_player_with_a_covering_database_keeps_the_value() {
        let v = small();
        let db = Arc::new(Database::build(&v, 12).unwrap());
        let mut game = Game::new(Arc::clone(&v));
        let start = db.probe(game.position()).unwrap();
        let mut south = Player::new(Level::Perfect, 1).with_database(Arc::clone(&db));
        let mut north = Player::new(Level::Perfect, 2).with_database(Arc::clone(&db));
        while !game.is_over() {
            let p = if game.position().to_move() == Side::South {
                south.choose(&mut game)
            } else {
                north.choose(&mut game)
            }
            .unwrap();
            game.play(p).unwrap();
        }
        let o = game.outcome().unwrap();
        // Both perfect: the final margin is the start's value.
        assert_eq!(
            i64::from(o.totals[0]) - i64::from(o.totals[1]),
            i64::from(start)
        );
        assert_eq!(south.choose(&mut game), Err(NoPly::GameOver));
    }
}
