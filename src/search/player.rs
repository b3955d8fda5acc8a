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
    /// the best value, the ties drawn at random. Where the player has no
    /// database covering the position, it plays as the strongest numbered
    /// level; `play` and `analyse` build or read one covering the whole
    /// game before it starts.
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

    /// The database a `perfect` player reads; it must be of the game's
    /// rules (other players ignore it).
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

    /// The ply this player chooses, or `None` if the game is over.
    pub fn choose(&mut self, game: &mut Game) -> Option<Ply> {
        game.legal_plies(&mut self.legal);
        if self.legal.is_empty() {
            return None;
        }
        match self.level {
            Level::Random => Some(self.legal[self.rng.below(self.legal.len())]),
            Level::Depth(d) => self.searcher.search(game, super::Budget::Depth(d)).best,
            Level::Time(t) => self.searcher.search(game, Budget::Time(t)).best,
            Level::Perfect => match self.perfect(game) {
                Some(p) => Some(p),
                None => {
                    let strongest = LEVELS[LEVELS.len() - 1];
                    let Level::Time(t) = strongest else {
                        unreachable!("the strongest level is timed")
                    };
                    self.searcher.search(game, Budget::Time(t)).best
                }
            },
        }
    }

    /// A ply of the best value by the database, if it covers every
    /// position after a legal ply.
    fn perfect(&mut self, game: &Game) -> Option<Ply> {
        let db = self.database.as_ref()?;
        let v = game.variant();
        let pos = game.position();
        let south = pos.to_move() == Side::South;
        let mut best: Option<i32> = None;
        let mut ties = Vec::new();
        for &ply in &self.legal {
            let mut child = *pos;
            child.play_unchecked(v, ply);
            let value = gain(pos, &child) + db.probe(&child)?;
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
        Some(ties[self.rng.below(ties.len())])
    }
}
