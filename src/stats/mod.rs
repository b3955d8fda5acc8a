//! Self-play statistics of a variant (`ayla stats`): is a reading of the
//! rules a game people would play?
//!
//! [`play_games`] plays a run of engine-against-engine games, each a pure
//! function of the [`Setup`] and its index, so a run gives the same games
//! on any number of threads. [`Figures::of`] reduces them to the figures
//! docs/stats.md defines: the first player's score, draws, how games end,
//! their length, when captures happen, trades, the legal plies a position
//! and the levels' scores. [`chart`] draws the histograms as SVG.
//!
//! ```
//! use ayla::engine::Variant;
//! use ayla::search::Level;
//! use ayla::stats::{Figures, Setup, play_games};
//! use std::sync::Arc;
//! use std::sync::atomic::AtomicBool;
//!
//! let variant = Arc::new(Variant::new(ayla::rules::bundled("kalah").unwrap()));
//! let setup = Setup { games: 4, levels: [Level::Random; 2], opening: 2, seed: 7, max_plies: 500 };
//! let games = play_games(&variant, &setup, None, &AtomicBool::new(false), &|_| {});
//! let figures = Figures::of(&variant, &setup, &games);
//! assert_eq!(figures.games, 4);
//! assert_eq!(figures.first_wins + figures.draws + figures.first_losses, 4);
//! ```

pub mod chart;
mod json;
mod matches;

pub use matches::{MAX_MATCH_GAMES, MatchFigures, MatchRecord, play_match, play_matches};

use crate::board::Side;
use crate::driver::{Driver, Played, Seat, Turn};
use crate::engine::{Effect, EndReason, Game, Ply, SowEffect, Variant};
use crate::rng::Rng;
use crate::search::Level;
use crate::search::player::Player;
use crate::solve::retro::Database;
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// How a run is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Games in the run.
    pub games: u32,
    /// The levels of player A and player B (the same level twice for
    /// self-play). A plays South in even-numbered games, North in odd ones.
    pub levels: [Level; 2],
    /// Random plies before the engines take over. Where A and B play
    /// different levels, games `2k` and `2k + 1` share their opening, so
    /// each pair plays it with the colours swapped; where they play the
    /// same level, every game has its own (a shared one would only repeat
    /// the game).
    pub opening: u32,
    /// The run's seed: openings and the players' random choices.
    pub seed: u64,
    /// A game still on after this many plies is stopped and scored as it
    /// stands (unfinished).
    pub max_plies: u32,
}

/// What one game did, ply by ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's index in the run, from 0.
    pub index: u32,
    /// The side player A played.
    pub a_side: Side,
    /// The side that moved first.
    pub first: Side,
    /// Why the game ended; `None` if it was stopped at
    /// [`Setup::max_plies`].
    pub end: Option<EndReason>,
    /// Final totals, South then North: the rules' totals, or for an
    /// unfinished game what each side has captured and controls.
    pub totals: [u32; 2],
    /// The winner by the rules' `end.winner` from those totals, `None`
    /// for a draw.
    pub winner: Option<Side>,
    /// For each ply played: the legal plies of the position it was
    /// chosen from.
    pub legal: Vec<u16>,
    /// For each ply played: the seeds its capture rules took (captures at
    /// the end of a sowing and on the way; seeds sown into a store are not
    /// captures).
    pub captured: Vec<u16>,
    /// Trade offers made, accepted and declined.
    pub trades: [u32; 3],
}

impl GameRecord {
    /// Plies played.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.legal.len()
    }

    /// The first player's final margin.
    #[must_use]
    pub fn first_margin(&self) -> i64 {
        i64::from(self.totals[self.first.index()]) - i64::from(self.totals[1 - self.first.index()])
    }
}

/// A seed for one stream of game `index`'s randomness, mixed so that
/// neighbouring games and streams share nothing.
fn stream(seed: u64, index: u32, which: u64) -> u64 {
    let mut r =
        Rng::new(seed ^ (u64::from(index) << 32) ^ which.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    r.next_u64()
}

/// Plays game `index` of the run, or returns `None` if `stop` is set
/// before it ends. `db`, a database of the same rules covering the game,
/// lets a [`Level::Perfect`] player play perfectly.
///
/// # Panics
///
/// If a [`Level::Perfect`] player has no database, or one that does not
/// cover a position of the game: a perfect level never falls back to
/// another, so the caller checks that a database can be had first (as
/// `ayla stats` does before its first game).
#[must_use]
pub fn play_game(
    variant: &Arc<Variant>,
    setup: &Setup,
    index: u32,
    db: Option<&Arc<Database>>,
    stop: &AtomicBool,
) -> Option<GameRecord> {
    // Before the players' tables are allocated: a stopped run skips the
    // games left at once.
    if stop.load(Relaxed) {
        return None;
    }
    let (a_side, seats) = seats(setup, index, db);
    let game = Game::new(Arc::clone(variant));
    let first = game.position().to_move();
    let mut driver = Driver::new(game, seats).with_max_plies(setup.max_plies);
    let mut record = GameRecord::new(index, a_side, first);
    let mut opening = opening_rng(setup, index);
    drive(&mut driver, setup.opening, &mut opening, &mut record, stop)?;
    record.finish(variant, driver.game());
    Some(record)
}

/// The side player A takes in game (or match) `index` of the run, and
/// the two players' seats, South's then North's, each seeded from the
/// run and the index.
fn seats(setup: &Setup, index: u32, db: Option<&Arc<Database>>) -> (Side, [Seat; 2]) {
    let a_side = if index.is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    };
    let player = |level: Level, which: u64| {
        let p = Player::new(level, stream(setup.seed, index, which));
        match db {
            Some(db) => p.with_database(Arc::clone(db)),
            None => p,
        }
    };
    let a = player(setup.levels[0], 1);
    let b = player(setup.levels[1], 2);
    let seats = if a_side == Side::South {
        [a, b]
    } else {
        [b, a]
    };
    (a_side, seats.map(Seat::engine))
}

/// The randomness of game `index`'s opening: shared by a pair of games
/// where A and B play different levels (see [`Setup::opening`]).
fn opening_rng(setup: &Setup, index: u32) -> Rng {
    let pair = if setup.levels[0] == setup.levels[1] {
        index
    } else {
        index / 2
    };
    Rng::new(stream(setup.seed, pair, 0))
}

/// What drives a game for the figures: one game's [`Driver`], or a
/// [`crate::matches::Match`] playing one of its games.
trait Drive {
    fn turn(&self) -> Turn;
    fn game(&self) -> &Game;
    /// Plays a legal ply.
    fn play(&mut self, ply: Ply) -> Played;
    /// The engine's ply, played.
    fn step(&mut self) -> Played;
}

impl Drive for Driver {
    fn turn(&self) -> Turn {
        Driver::turn(self)
    }
    fn game(&self) -> &Game {
        Driver::game(self)
    }
    fn play(&mut self, ply: Ply) -> Played {
        Driver::play(self, ply).expect("players choose legal plies")
    }
    fn step(&mut self) -> Played {
        Driver::step(self).expect("a ply, from a database if perfect")
    }
}

/// Plays the game `d` drives to its end or its bound, its first `opening`
/// plies drawn from `rng`, noting each ply in `record`; `None` once `stop`
/// is set.
fn drive(
    d: &mut impl Drive,
    opening: u32,
    rng: &mut Rng,
    record: &mut GameRecord,
    stop: &AtomicBool,
) -> Option<()> {
    let mut legal = Vec::new();
    while let Turn::Engine(_) = d.turn() {
        if stop.load(Relaxed) {
            return None;
        }
        d.game().legal_plies(&mut legal);
        let played = if record.plies() < opening as usize {
            d.play(legal[rng.below(legal.len())])
        } else {
            d.step()
        };
        record.legal.push(legal.len() as u16);
        record.captured.push(match played.effect {
            Effect::Sow(SowEffect {
                seeds_captured,
                sowing_taken,
                ..
            }) => seeds_captured + sowing_taken[0] + sowing_taken[1],
            _ => 0,
        });
        match played.ply {
            Ply::Offer(_) => record.trades[0] += 1,
            Ply::Accept => record.trades[1] += 1,
            Ply::Decline => record.trades[2] += 1,
            _ => {}
        }
    }
    Some(())
}

impl GameRecord {
    /// A record of game `index` before its first ply.
    fn new(index: u32, a_side: Side, first: Side) -> GameRecord {
        GameRecord {
            index,
            a_side,
            first,
            end: None,
            totals: [0; 2],
            winner: None,
            legal: Vec::new(),
            captured: Vec::new(),
            trades: [0; 3],
        }
    }

    /// Notes how `game` ended, or stood when it was stopped.
    fn finish(&mut self, variant: &Variant, game: &Game) {
        match game.outcome() {
            Some(o) => {
                self.end = Some(o.reason);
                self.totals = o.totals;
                self.winner = o.winner;
            }
            None => {
                let p = game.position();
                self.totals = Side::BOTH
                    .map(|s| u32::from(p.captured(s)) + p.seeds_controlled(game.variant(), s));
                self.winner = variant.end.winner.of(self.totals, variant.total_seeds());
            }
        }
    }
}

/// Plays the run's games on the current rayon pool and returns those that
/// finished, by index. `on_game` is called as each one finishes (from any
/// thread, in any order). Once `stop` is set, games under way are dropped
/// and no more are started.
#[must_use]
pub fn play_games(
    variant: &Arc<Variant>,
    setup: &Setup,
    db: Option<&Arc<Database>>,
    stop: &AtomicBool,
    on_game: &(dyn Fn(&GameRecord) + Sync),
) -> Vec<GameRecord> {
    (0..setup.games)
        .into_par_iter()
        .with_max_len(1)
        .filter_map(|i| {
            let g = play_game(variant, setup, i, db, stop)?;
            on_game(&g);
            Some(g)
        })
        .collect()
}

/// What a run measured on one set of rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// The games that finished (or were stopped at the ply limit), by
    /// index; with `[match]`, every game of every match, match by match.
    pub games: Vec<GameRecord>,
    /// Their figures; `None` if no game finished.
    pub figures: Option<Figures>,
    /// With `[match]`: the figures of the whole matches, each of the
    /// run's games being a match.
    pub matches: Option<MatchFigures>,
}

/// Plays the run of `setup` on `variant` and measures it, as `ayla stats`
/// does for each combination of readings: whole matches where the rules
/// play them, single games otherwise. `tick` is called as each game (or
/// match) finishes, from any thread; `stop` as in [`play_games`].
#[must_use]
pub fn measure(
    variant: &Arc<Variant>,
    setup: &Setup,
    db: Option<&Arc<Database>>,
    stop: &AtomicBool,
    tick: &(dyn Fn() + Sync),
) -> Run {
    let (games, matches) = if variant.rules().match_play().is_some() {
        let mut ms = play_matches(variant, setup, db, stop, &|_| tick());
        ms.sort_by_key(|m| m.index);
        let figures = (!ms.is_empty()).then(|| MatchFigures::of(setup, &ms));
        (ms.into_iter().flat_map(|m| m.games).collect(), figures)
    } else {
        let mut games = play_games(variant, setup, db, stop, &|_| tick());
        games.sort_by_key(|g| g.index);
        (games, None)
    };
    let figures = (!games.is_empty()).then(|| Figures::of(variant, setup, &games));
    Run {
        games,
        figures,
        matches,
    }
}

/// Parts a game is cut into for the figures over its course.
pub const PARTS: usize = 5;

/// Quantiles of a sample.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Spread {
    /// The mean.
    pub mean: f64,
    /// The smallest value.
    pub min: f64,
    /// The 10%, 25%, 50% (median), 75% and 90% quantiles.
    pub quantiles: [f64; 5],
    /// The largest value.
    pub max: f64,
}

/// The probabilities of [`Spread::quantiles`].
pub const QUANTILES: [f64; 5] = [0.1, 0.25, 0.5, 0.75, 0.9];

impl Spread {
    /// The spread of `values` (all zero if there are none). Quantiles are
    /// interpolated between the two nearest order statistics (Hyndman and
    /// Fan's type 7, the default of R and NumPy).
    #[must_use]
    pub fn of(values: &[f64]) -> Spread {
        if values.is_empty() {
            return Spread::default();
        }
        let mut v = values.to_vec();
        v.sort_by(f64::total_cmp);
        let q = |p: f64| {
            let h = (v.len() - 1) as f64 * p;
            let lo = h.floor() as usize;
            let hi = (lo + 1).min(v.len() - 1);
            v[lo] + (h - lo as f64) * (v[hi] - v[lo])
        };
        Spread {
            mean: v.iter().sum::<f64>() / v.len() as f64,
            min: v[0],
            quantiles: QUANTILES.map(q),
            max: v[v.len() - 1],
        }
    }

    /// The median.
    #[must_use]
    pub fn median(&self) -> f64 {
        self.quantiles[2]
    }
}

/// A proportion with its 95% interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Score {
    /// Wins plus half the draws, per game.
    pub mean: f64,
    /// The 95% Wilson score interval.
    pub low: f64,
    /// See `low`.
    pub high: f64,
}

impl Score {
    /// The score of `wins` and `draws` in `games` games.
    #[must_use]
    pub fn of(wins: u32, draws: u32, games: u32) -> Score {
        if games == 0 {
            return Score::default();
        }
        let mean = (f64::from(wins) + f64::from(draws) / 2.0) / f64::from(games);
        let (low, high) = wilson(mean, f64::from(games));
        Score { mean, low, high }
    }
}

/// The Wilson score interval at 95% for a proportion `p` over `n` trials:
/// unlike the normal approximation it stays inside [0, 1] and does not
/// collapse to a point when every game is won. A draw counts as half a
/// win, which the interval treats as a proportion like any other.
#[must_use]
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z = 1.96f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The two levels' results, where they differ.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Levels {
    /// Games won by A, drawn, won by B.
    pub a_wins: u32,
    /// See `a_wins`.
    pub draws: u32,
    /// See `a_wins`.
    pub b_wins: u32,
    /// A's score.
    pub a_score: Score,
    /// Games won by the level with the lower score over the run (none if
    /// the scores are equal).
    pub upsets: u32,
}

/// The figures of a run (docs/stats.md says how each is computed).
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    /// Games that finished (or were stopped at the ply limit).
    pub games: u32,
    /// Games the first player won, drew, lost.
    pub first_wins: u32,
    /// See `first_wins`.
    pub draws: u32,
    /// See `first_wins`.
    pub first_losses: u32,
    /// The first player's score.
    pub first_score: Score,
    /// The first player's final margin.
    pub margin: Spread,
    /// How games ended: each end's code ([`EndReason::code`]) with its
    /// count, in the order of [`EndReason::CODES`], then `unfinished` for
    /// games stopped at [`Setup::max_plies`]; only ends that occurred.
    pub ends: Vec<(&'static str, u32)>,
    /// Game length in plies.
    pub length: Spread,
    /// Plies that captured, per game.
    pub captures: Spread,
    /// Seeds captured, per game.
    pub seeds_captured: Spread,
    /// The ply (from 1) of a game's first capture, over games with one.
    pub first_capture: Spread,
    /// Games without a capture.
    pub no_capture: u32,
    /// The longest stretch of plies without a capture, per game.
    pub longest_dry: Spread,
    /// The share of all capturing plies in each fifth of a game (a ply's
    /// fifth is by its place in its own game).
    pub captures_by_part: [f64; PARTS],
    /// Trades offered, accepted, declined per game; `None` where the
    /// rules have no trading.
    pub trades: Option<[f64; 3]>,
    /// Legal plies a position, over every position a ply was chosen from.
    pub legal: f64,
    /// The same, in each fifth of a game (`None` for a fifth no game
    /// reached: games shorter than five plies leave some empty).
    pub legal_by_part: [Option<f64>; PARTS],
    /// The levels' results, if A and B play different levels.
    pub levels: Option<Levels>,
}

fn count_where(games: &[GameRecord], f: impl Fn(&GameRecord) -> bool) -> u32 {
    games.iter().filter(|g| f(g)).count() as u32
}

impl Figures {
    /// The figures of `games`, played under `setup` on `variant`.
    #[must_use]
    pub fn of(variant: &Variant, setup: &Setup, games: &[GameRecord]) -> Figures {
        let n = games.len() as u32;
        let first_wins = count_where(games, |g| g.winner == Some(g.first));
        let draws = count_where(games, |g| g.winner.is_none());
        let spread =
            |f: &dyn Fn(&GameRecord) -> f64| Spread::of(&games.iter().map(f).collect::<Vec<_>>());
        let mut ends = Vec::new();
        for code in EndReason::CODES {
            let c = count_where(games, |g| g.end.map(EndReason::code) == Some(code));
            if c > 0 {
                ends.push((code, c));
            }
        }
        let unfinished = count_where(games, |g| g.end.is_none());
        if unfinished > 0 {
            ends.push(("unfinished", unfinished));
        }
        let part = |k: usize, len: usize| k * PARTS / len;
        let mut by_part = [0f64; PARTS];
        let (mut legal_sum, mut legal_n) = ([0f64; PARTS], [0f64; PARTS]);
        for g in games {
            for (k, (&l, &c)) in g.legal.iter().zip(&g.captured).enumerate() {
                let p = part(k, g.plies());
                if c > 0 {
                    by_part[p] += 1.0;
                }
                legal_sum[p] += f64::from(l);
                legal_n[p] += 1.0;
            }
        }
        let capturing: f64 = by_part.iter().sum();
        if capturing > 0.0 {
            by_part.iter_mut().for_each(|x| *x /= capturing);
        }
        let positions: f64 = legal_n.iter().sum();
        let with_capture: Vec<f64> = games
            .iter()
            .filter_map(|g| g.captured.iter().position(|&c| c > 0))
            .map(|k| (k + 1) as f64)
            .collect();
        let trades = variant.trading.as_ref().map(|_| {
            let per = |i: usize| {
                games.iter().map(|g| f64::from(g.trades[i])).sum::<f64>() / f64::from(n.max(1))
            };
            [per(0), per(1), per(2)]
        });
        let levels = (setup.levels[0] != setup.levels[1]).then(|| {
            let a_wins = count_where(games, |g| g.winner == Some(g.a_side));
            let b_wins = count_where(games, |g| g.winner == Some(g.a_side.opponent()));
            let upsets = match a_wins.cmp(&b_wins) {
                std::cmp::Ordering::Greater => b_wins,
                std::cmp::Ordering::Less => a_wins,
                std::cmp::Ordering::Equal => 0,
            };
            Levels {
                a_wins,
                draws,
                b_wins,
                a_score: Score::of(a_wins, draws, n),
                upsets,
            }
        });
        Figures {
            games: n,
            first_wins,
            draws,
            first_losses: n - first_wins - draws,
            first_score: Score::of(first_wins, draws, n),
            margin: spread(&|g| g.first_margin() as f64),
            ends,
            length: spread(&|g| g.plies() as f64),
            captures: spread(&|g| g.captured.iter().filter(|&&c| c > 0).count() as f64),
            seeds_captured: spread(&|g| g.captured.iter().map(|&c| f64::from(c)).sum()),
            first_capture: Spread::of(&with_capture),
            no_capture: n - with_capture.len() as u32,
            longest_dry: spread(&|g| longest_dry(&g.captured) as f64),
            captures_by_part: by_part,
            trades,
            legal: legal_sum.iter().sum::<f64>() / positions.max(1.0),
            legal_by_part: std::array::from_fn(|p| {
                (legal_n[p] > 0.0).then(|| legal_sum[p] / legal_n[p])
            }),
            levels,
        }
    }

    /// Games whose end has this code (`repetition`, `unfinished`, …).
    #[must_use]
    pub fn ended_by(&self, code: &str) -> u32 {
        self.ends
            .iter()
            .find(|(c, _)| *c == code)
            .map_or(0, |&(_, n)| n)
    }
}

/// The longest run of consecutive plies that captured nothing.
fn longest_dry(captured: &[u16]) -> usize {
    captured
        .split(|&c| c > 0)
        .map(<[u16]>::len)
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_interpolate_between_order_statistics() {
        let s = Spread::of(&[4.0, 1.0, 3.0, 2.0]);
        assert_eq!(s.mean, 2.5);
        assert_eq!((s.min, s.max), (1.0, 4.0));
        assert_eq!(s.median(), 2.5);
        // h = 3 × 0.1 = 0.3: 1 + 0.3 × (2 − 1).
        assert!((s.quantiles[0] - 1.3).abs() < 1e-12);
        assert_eq!(Spread::of(&[]), Spread::default());
        assert_eq!(Spread::of(&[7.0]).quantiles, [7.0; 5]);
    }

    #[test]
    fn the_longest_dry_stretch_counts_the_ends_of_the_game() {
        assert_eq!(longest_dry(&[0, 0, 3, 0, 0, 0]), 3);
        assert_eq!(longest_dry(&[0, 0, 3, 1, 0]), 2);
        assert_eq!(longest_dry(&[2, 2]), 0);
        assert_eq!(longest_dry(&[]), 0);
    }

    #[test]
    fn wilson_stays_inside_the_unit_interval() {
        let (lo, hi) = wilson(1.0, 10.0);
        assert!(lo > 0.6 && lo < 0.8 && hi == 1.0, "{lo} {hi}");
        let s = Score::of(5, 0, 10);
        assert!((s.mean - 0.5).abs() < 1e-12 && s.low < 0.5 && s.high > 0.5);
    }
}
