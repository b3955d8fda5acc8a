//! Exact play: the values of positions under perfect play.
//!
//! A value here is a **future margin**: the seeds South will gain from
//! here on, less the seeds North will gain, when both play perfectly. The
//! final margin of a game is then the captured margin so far plus the
//! future margin of its position. That split is what makes endgame
//! databases possible: the future depends on the seeds on the board and
//! the side to act, never on how many seeds each side has already taken,
//! as long as the rule file's ends and captures do not look at the
//! captured totals ([`supported`] says when they do).
//!
//! **Cycles.** A game can go round in a loop of sowings that capture
//! nothing. The value of such endless play is taken as **0**: the seeds
//! left on the board are split evenly, as in Romein and Bal's solution of
//! Awari. This is [`Convention::SplitEvenly`], printed with every value.
//! The rule file's own repetition rule (which ends the game at the *n*th
//! occurrence and scores the leftovers by `end.leftovers`) may give another
//! value to a position that can only cycle; values are exact under the
//! convention, not under that rule.
//!
//! Two solvers compute the same values:
//! - [`exhaustive`]: a plain minimax over the whole game tree, with no
//!   pruning and no tables, where a position repeated on the current line
//!   scores 0. It is the definition, for tiny boards.
//! - [`retro`]: retrograde analysis, layer by layer of the seeds on the
//!   board (a capture or a sowing into a store only lowers that number),
//!   with positions numbered by [`index::Ranking`].

pub mod exhaustive;
pub mod index;
pub mod retro;
pub mod search;

use crate::engine::{Game, Position, Setup, Side, Variant};
use crate::rules::{Lock, Opening, Rules};
use std::fmt;
use std::sync::Arc;

/// How endless play is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// Endless play gains neither side anything more: the seeds left on
    /// the board are split evenly (Awari's solution).
    SplitEvenly,
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Convention::SplitEvenly => f.write_str(
                "positions that can only cycle are scored as a split of the seeds left (future margin 0), as in Romein and Bal's Awari",
            ),
        }
    }
}

/// Why a rule file cannot be solved (yet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// Each reason, in words.
    pub reasons: Vec<String>,
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the solver cannot handle these rules yet: {}",
            self.reasons.join("; ")
        )
    }
}

impl std::error::Error for Unsupported {}

/// Whether the solver's state (the seeds on the board and the side to
/// act) is the whole state of `rules`, and its future independent of the
/// captured totals.
///
/// # Errors
/// Every feature of the rules that breaks that, in words.
pub fn supported(rules: &Rules) -> Result<(), Unsupported> {
    let mut reasons = Vec::new();
    if rules.trading.is_some() {
        reasons
            .push("trading (pits change hands and seeds are paid back onto the board)".to_owned());
    }
    if rules.capture.is_some_and(|c| c.lock != Lock::None) {
        reasons.push(
            "an opening lock (which pits each side has sown from is part of the state)".to_owned(),
        );
    }
    if rules.opening != Opening::None {
        reasons.push(
            "an opening rule (which pits each side has sown from is part of the state)".to_owned(),
        );
    }
    if rules.houses.is_some() {
        reasons.push("houses (who owns which house is part of the state)".to_owned());
    }
    if rules.end.captured_more_than.is_some() {
        reasons.push(
            "`end.captured_more_than` (the end depends on the seeds already captured)".to_owned(),
        );
    }
    if rules.end.max_plies.is_some() {
        reasons.push("`end.max_plies` (the end depends on the plies played)".to_owned());
    }
    if reasons.is_empty() {
        Ok(())
    } else {
        Err(Unsupported { reasons })
    }
}

/// The position of `rules` with `seeds` on the board and `to_move` to act,
/// the other seeds counted as South's captures (which the future margin
/// does not depend on).
///
/// # Panics
/// If `seeds` is not a distribution the board can hold (more seeds than
/// the variant has).
#[must_use]
pub fn position_of(variant: &Variant, seeds: &[u16], to_move: Side) -> Position {
    let mut setup = Setup::initial(variant);
    let on_board: u32 = seeds.iter().map(|&s| u32::from(s)).sum();
    let total: u32 = variant.initial.iter().map(|&s| u32::from(s)).sum();
    setup.seeds = seeds.to_vec();
    setup.captured = [(total - on_board) as u16, 0];
    setup.to_move = to_move;
    setup
        .position(variant)
        .expect("a distribution of the variant's seeds")
}

/// If the game is over in `pos`: South's future margin, the leftovers as
/// the rules give them out.
#[must_use]
pub fn terminal_margin(variant: &Arc<Variant>, pos: &Position) -> Option<i32> {
    let game = Game::from_position(Arc::clone(variant), *pos);
    let o = game.outcome()?;
    let gained = |s: Side| o.totals[s.index()] as i32 - i32::from(pos.captured(s));
    Some(gained(Side::South) - gained(Side::North))
}

/// South's gain, less North's, between two positions.
#[must_use]
pub fn gain(before: &Position, after: &Position) -> i32 {
    let d = |s: Side| i32::from(after.captured(s)) - i32::from(before.captured(s));
    d(Side::South) - d(Side::North)
}
