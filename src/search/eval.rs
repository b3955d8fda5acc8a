//! Static evaluation, from the point of view of the side to act.
//!
//! Kept apart from the search so either can change alone. Values are in
//! hundredths of a seed; a finished game scores beyond any heuristic value.

use crate::engine::{Game, Outcome, Side};

/// A search value, from the side to act's point of view.
pub type Value = i32;

/// The value of a won game (before the margin and distance terms).
pub const WIN: Value = 1_000_000;

/// Larger than any value a search returns.
pub const INFINITY: Value = 2 * WIN;

/// The value of a finished game for `me`, `ply` plies from the root:
/// a win beats any unfinished position, a bigger margin beats a smaller
/// one, and a sooner win beats a later one.
#[must_use]
pub fn terminal(o: &Outcome, me: Side, ply: usize) -> Value {
    let diff = o.totals[me.index()] as Value - o.totals[me.opponent().index()] as Value;
    let ply = ply as Value;
    match diff.signum() {
        1 => WIN + 100 * diff - ply,
        -1 => -WIN + 100 * diff + ply,
        _ => 0,
    }
}

/// A heuristic for an unfinished game: seeds captured count three times
/// what seeds in one's own pits do, since those can still be taken.
#[must_use]
pub fn heuristic(game: &Game) -> Value {
    let r = game.variant();
    let p = game.position();
    let me = p.to_move();
    let opp = me.opponent();
    let cap = Value::from(p.captured(me)) - Value::from(p.captured(opp));
    let board = p.seeds_controlled(r, me) as Value - p.seeds_controlled(r, opp) as Value;
    300 * cap + 100 * board
}

/// The value of `game` for the side to act: exact if it is over, else the heuristic.
#[must_use]
pub fn evaluate(game: &Game, ply: usize) -> Value {
    match game.outcome() {
        Some(o) => terminal(&o, game.position().to_move(), ply),
        None => heuristic(game),
    }
}
