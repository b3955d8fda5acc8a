//! The definition: plain minimax over the whole game tree.
//!
//! No pruning, no table, no ordering: every line is played to its end.
//! A position that repeats one on the current line scores 0 from there
//! ([`super::Convention::SplitEvenly`]). Its time grows with the number of
//! lines, so it is for tiny boards only: the tests hold the databases to it.

use super::{gain, terminal_margin};
use crate::engine::{Position, Side, Variant};
use std::sync::Arc;

/// South's future margin from `pos` under perfect play, if the tree has
/// at most `budget` nodes (it grows very fast where sowings can cycle).
#[must_use]
pub fn value(variant: &Arc<Variant>, pos: &Position, budget: u64) -> Option<i32> {
    let mut line = Vec::new();
    let mut left = budget;
    search(variant, pos, &mut line, &mut left)
}

fn search(
    variant: &Arc<Variant>,
    pos: &Position,
    line: &mut Vec<Position>,
    left: &mut u64,
) -> Option<i32> {
    *left = left.checked_sub(1)?;
    if let Some(m) = terminal_margin(variant, pos) {
        return Some(m);
    }
    if line.contains(pos) {
        return Some(0);
    }
    line.push(*pos);
    let mut plies = Vec::new();
    pos.legal_plies(variant, &mut plies);
    assert!(!plies.is_empty(), "a game that is not over has a legal ply");
    let south = pos.to_move() == Side::South;
    let mut best = if south { i32::MIN } else { i32::MAX };
    for &ply in &plies {
        let mut child = *pos;
        child.play_unchecked(variant, ply);
        let v = gain(pos, &child) + search(variant, &child, line, left)?;
        best = if south { best.max(v) } else { best.min(v) };
    }
    line.pop();
    Some(best)
}
