//! Static evaluation, from the point of view of the side to act.
//!
//! Kept apart from the search so either can change alone. Values are in
//! hundredths of a seed; a finished game scores beyond any heuristic value,
//! its margin and distance both readable from the value ([`meaning`]).

use crate::engine::{Game, Outcome, Side};
use crate::rules::MAX_TOTAL_SEEDS;

/// A search value, from the side to act's point of view.
pub type Value = i32;

/// The largest heuristic value, for any board the loader accepts: at most
/// three hundredths per seed of the game ([`heuristic`]).
const MAX_HEURISTIC: Value = 300 * MAX_TOTAL_SEEDS as Value;

/// The value of a won game (before the margin and distance terms): above
/// twice any heuristic value, so that [`meaning`] can tell them apart on
/// every board, however many seeds it holds.
pub const WIN: Value = 100_000_000;

/// What each seed of a finished game's margin adds to its value: more than
/// the distance term ever takes off (a search goes at most 127 plies deep),
/// so a value gives back both the margin and the distance ([`meaning`]).
pub const MARGIN: Value = 128;

/// Larger than any value a search returns.
pub const INFINITY: Value = 2 * WIN;

// The scale holds for every game the loader accepts: heuristics stay below
// the win band, and a win by every seed of the game stays below INFINITY
// (and far inside an i32).
const _: () = assert!(MAX_HEURISTIC < WIN / 2);
const _: () = assert!(WIN + MARGIN * MAX_TOTAL_SEEDS as Value + MARGIN < INFINITY);
const _: () = assert!(INFINITY.checked_mul(2).is_some());

/// The value of a finished game for `me`, `ply` plies from the root:
/// a win beats any unfinished position, a bigger margin beats a smaller
/// one, and a sooner win beats a later one.
#[must_use]
pub fn terminal(o: &Outcome, me: Side, ply: usize) -> Value {
    let diff = o.totals[me.index()] as Value - o.totals[me.opponent().index()] as Value;
    let ply = ply as Value;
    // The rules' winner, not the sign of the margin: under `end.winner =
    // "majority"` a higher total may still draw.
    match o.winner {
        Some(w) if w == me => WIN + MARGIN * diff - ply,
        Some(_) => -WIN + MARGIN * diff + ply,
        None => 0,
    }
}

/// What a search value says, for the side to act.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Meaning {
    /// No end in sight: the heuristic, in hundredths of a seed.
    Heuristic(Value),
    /// A forced win this many plies away, by this many seeds.
    Win {
        /// Plies to the end, with best play on both sides.
        plies: u32,
        /// Final totals, winner minus loser.
        margin: u32,
    },
    /// A forced loss this many plies away, by this many seeds.
    Loss {
        /// Plies to the end, with best play on both sides.
        plies: u32,
        /// Final totals, winner minus loser.
        margin: u32,
    },
}

/// Reads a value returned by the search (the inverse of [`terminal`] for
/// a finished game; a drawn end reads as a heuristic 0).
#[must_use]
pub fn meaning(v: Value) -> Meaning {
    let decode = |x: Value| {
        // x = MARGIN * margin - plies, with 0 <= plies < MARGIN.
        let margin = (x + MARGIN - 1).div_euclid(MARGIN);
        let plies = margin * MARGIN - x;
        (plies.unsigned_abs(), margin.unsigned_abs())
    };
    if v > WIN / 2 {
        let (plies, margin) = decode(v - WIN);
        Meaning::Win { plies, margin }
    } else if v < -WIN / 2 {
        let (plies, margin) = decode(-v - WIN);
        Meaning::Loss { plies, margin }
    } else {
        Meaning::Heuristic(v)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EndReason;

    #[test]
    fn a_terminal_value_gives_back_its_distance_and_margin() {
        for margin in [1u32, 2, 8, 48] {
            for plies in [1usize, 7, 99, 100, 127] {
                let o = Outcome {
                    reason: EndReason::AllBelow(3),
                    totals: [24 + margin, 24],
                    winner: Some(Side::South),
                    without_glory: false,
                    held: [24 + margin, 24],
                };
                let plies32 = plies as u32;
                assert_eq!(
                    meaning(terminal(&o, Side::South, plies)),
                    Meaning::Win {
                        plies: plies32,
                        margin
                    }
                );
                assert_eq!(
                    meaning(terminal(&o, Side::North, plies)),
                    Meaning::Loss {
                        plies: plies32,
                        margin
                    }
                );
            }
        }
        assert_eq!(meaning(208), Meaning::Heuristic(208));
        assert_eq!(meaning(MAX_HEURISTIC), Meaning::Heuristic(MAX_HEURISTIC));
        assert_eq!(meaning(-MAX_HEURISTIC), Meaning::Heuristic(-MAX_HEURISTIC));
        assert_eq!(meaning(-300), Meaning::Heuristic(-300));
    }

    /// At the loader's bound: every seed of the largest game on one side,
    /// as late as a search looks, still reads back as the win it is, and
    /// stays inside the search's window.
    #[test]
    fn the_scale_holds_at_the_largest_board() {
        let all = MAX_TOTAL_SEEDS;
        for (totals, margin) in [([all, 0], all), ([all / 2 + 1, all / 2], 1)] {
            let o = Outcome {
                reason: EndReason::AllBelow(1),
                totals,
                winner: Some(Side::South),
                without_glory: false,
                held: totals,
            };
            for plies in [0usize, 127] {
                let win = terminal(&o, Side::South, plies);
                let loss = terminal(&o, Side::North, plies);
                assert!(win < INFINITY && loss > -INFINITY, "{win} {loss}");
                let plies = plies as u32;
                assert_eq!(meaning(win), Meaning::Win { plies, margin });
                assert_eq!(meaning(loss), Meaning::Loss { plies, margin });
            }
        }
    }
}
