//! Values under the rule file's own game, history and all.
//!
//! The solver scores endless play as a split of the seeds left
//! ([`super::Convention`]); a rule file ends it its own way, at the *n*th
//! occurrence of a position, with the leftovers given out by its rules,
//! and may have other ends that look at the plies played or the seeds
//! captured. This module checks a value against that game: an alpha-beta
//! search over a [`Game`], which keeps the history and judges every end
//! as `ayla play` does. It has no table (a table's values would depend on
//! the line that reached them), so it is exact; plies are tried in the
//! order a guide (the databases) ranks them, so that a value that agrees
//! is confirmed by a small tree. Its budget of nodes says where it can
//! reach.

use crate::engine::{Game, Ply, Position, Side, Variant};
use std::sync::Arc;

/// South's future margin from `pos` under perfect play of the rule file's
/// own game, with `pos` as its first position (no history before it):
/// confirmed by two null-window searches around `expected` (the solver's
/// value), or found by more where it differs; `None` beyond `budget` nodes
/// in all. `guide` ranks the position after a ply (greater is better for
/// South), to order the plies.
#[must_use]
pub fn value(
    variant: &Arc<Variant>,
    pos: &Position,
    expected: i32,
    budget: u64,
    guide: &dyn Fn(&Position) -> i32,
) -> Option<i32> {
    let seeds: i32 = pos.board(variant).iter().map(|&s| i32::from(s)).sum();
    // The value lies in [lo, hi]; each question halves the interval, the
    // first two asked at the expected value.
    let (mut lo, mut hi) = (-seeds, seeds);
    let mut guess = expected.clamp(lo, hi);
    let mut game = Game::from_position(Arc::clone(variant), *pos);
    let root = [pos.captured(Side::South), pos.captured(Side::North)].map(i32::from);
    let mut left = budget;
    while lo < hi {
        // Is the value at least `ask`? Ask at the guess, from above 0 ...
        let ask = guess.clamp(lo + 1, hi);
        let yes = search(&mut game, root, ask - 1, ask, &mut left, guide)? >= ask;
        if yes {
            lo = ask;
        } else {
            hi = ask - 1;
        }
        guess = if yes { ask + 1 } else { ask - 1 };
        if guess < lo || guess > hi {
            guess = lo + (hi - lo + 1) / 2;
        }
    }
    Some(lo)
}

fn search(
    game: &mut Game,
    root: [i32; 2],
    mut alpha: i32,
    mut beta: i32,
    left: &mut u64,
    guide: &dyn Fn(&Position) -> i32,
) -> Option<i32> {
    *left = left.checked_sub(1)?;
    if let Some(o) = game.outcome() {
        let gained = |s: Side| o.totals[s.index()] as i32 - root[s.index()];
        return Some(gained(Side::South) - gained(Side::North));
    }
    let variant = Arc::clone(game.variant());
    let mut plies: Vec<Ply> = Vec::new();
    game.legal_plies(&mut plies);
    let south = game.position().to_move() == Side::South;
    let pos = *game.position();
    let mut ranked: Vec<(i32, Ply)> = plies
        .iter()
        .map(|&p| {
            let mut c = pos;
            c.play_unchecked(&variant, p);
            let r = guide(&c);
            (if south { -r } else { r }, p)
        })
        .collect();
    ranked.sort_by_key(|&(r, _)| r);
    let mut best = if south { i32::MIN } else { i32::MAX };
    for (_, ply) in ranked {
        let before = game.snapshot();
        game.play_unchecked(ply);
        let v = search(game, root, alpha, beta, left, guide);
        game.restore(before);
        let v = v?;
        if south {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    Some(best)
}
