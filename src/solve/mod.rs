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

pub mod answer;
pub mod exhaustive;
pub mod file;
pub mod history;
pub mod index;
pub mod line;
pub mod packed;
pub mod provide;
pub mod reach;
pub mod retro;
pub mod search;

/// Small Kalahs for the unit tests, solved whole in a moment.
#[cfg(test)]
pub(crate) mod small {
    use crate::engine::Variant;
    use std::sync::Arc;

    /// Kalah(`per_row`,`seeds`), with `more` TOML appended (other rules).
    pub(crate) fn kalah(per_row: usize, seeds: u16, more: &str) -> Arc<Variant> {
        let text = format!(
            "extends = \"kalah\"\n[variant]\nid = \"kalah-{per_row}-{seeds}\"\nname = \"Kalah({per_row},{seeds})\"\n[board]\npits_per_row = {per_row}\nseeds_per_pit = {seeds}\n{more}"
        );
        Arc::new(Variant::new(crate::rules::parse("t.toml", &text).unwrap()))
    }
}

use crate::engine::{Position, Side, Variant};
use crate::rules::mechanics::Class;
use crate::rules::{Mechanic, MechanicSet, Mechanics, Rules};
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

/// Why a rule file or a position cannot be solved (yet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// Each reason, in words.
    pub reasons: Vec<String>,
    /// Whether the rules are the reason, or a limit of size.
    pub why: Why,
}

/// What stops the solver: the rules (state it does not hold), or the size
/// of what it would have to number, hold or reach, which another position
/// of the same game may not meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// A mechanic of the rules.
    Rules,
    /// A limit of size.
    Size,
    /// A database that does not serve this use.
    Database,
}

impl Unsupported {
    /// A refusal for `why`, in words.
    #[must_use]
    pub fn new(why: Why, reason: String) -> Unsupported {
        Unsupported {
            reasons: vec![reason],
            why,
        }
    }

    /// A refusal for a limit of size, in words.
    #[must_use]
    pub fn size(reason: String) -> Unsupported {
        Unsupported::new(Why::Size, reason)
    }
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.why {
            Why::Rules => "the solver cannot handle these rules yet",
            Why::Size => "beyond the solver's limits",
            Why::Database => "the database cannot serve",
        };
        write!(f, "{what}: {}", self.reasons.join("; "))
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
    let mut refused: Vec<Mechanic> = Mechanics::of(rules).beyond(SOLVED).collect();
    // The state the solver lacks first, then what the end depends on.
    refused.sort_by_key(|m| TOLD_FIRST.iter().position(|t| t == m).unwrap_or(usize::MAX));
    let mut reasons: Vec<String> = refused.into_iter().map(|m| refusal(rules, m)).collect();
    reasons.dedup();
    if reasons.is_empty() {
        Ok(())
    } else {
        Err(Unsupported {
            reasons,
            why: Why::Rules,
        })
    }
}

/// What the solver handles ([`Class::Solvable`], declared with each
/// mechanic): every mechanic whose state is the seeds on
/// the board and the side to act, and whose future does not depend on the
/// captured totals or the plies played. Any other mechanic is refused by
/// [`supported`], naming it.
pub const SOLVED: MechanicSet = MechanicSet::of_class(Class::Solvable);

/// The order refusals are told in; a mechanic not listed comes after.
const TOLD_FIRST: &[Mechanic] = &[
    Mechanic::Trading,
    Mechanic::OpeningLock,
    Mechanic::FirstSowingLock,
    Mechanic::OpeningEachHomePitOnce,
    Mechanic::Houses,
    Mechanic::EndCapturedMoreThan,
    Mechanic::MaxPlies,
];

/// Why the solver refuses `m`, in words.
fn refusal(rules: &Rules, m: Mechanic) -> String {
    match m {
        Mechanic::Trading => {
            "trading (pits change hands and seeds are paid back onto the board)".to_owned()
        }
        Mechanic::OpeningLock | Mechanic::FirstSowingLock => {
            "an opening lock (which pits each side has sown from is part of the state)".to_owned()
        }
        Mechanic::OpeningEachHomePitOnce => {
            "an opening rule (which pits each side has sown from is part of the state)".to_owned()
        }
        Mechanic::Houses => "houses (who owns which house is part of the state)".to_owned(),
        Mechanic::EndCapturedMoreThan => {
            let k = rules.end.captured_more_than.unwrap_or_default();
            if decides(rules, k) {
                "`end.captured_more_than` (solve the rules of `solver_variant`, which play on past it)"
                    .to_owned()
            } else {
                format!(
                    "`end.captured_more_than = {k}`, which does not decide the game (more than {k} of {} seeds is not more than half): the end depends on the seeds already captured",
                    rules.total_seeds
                )
            }
        }
        Mechanic::MaxPlies => "`end.max_plies` (the end depends on the plies played)".to_owned(),
        Mechanic::MajorityWinner => {
            "`end.winner = \"majority\"` (who wins depends on the seeds already captured, not only on the margin still to play for)".to_owned()
        }
        other => format!("`{}` (not yet in the solver's state)", other.key()),
    }
}

/// Whether capturing more than `k` seeds decides the game: more than half
/// of the seeds.
fn decides(rules: &Rules, k: u16) -> bool {
    2 * (u32::from(k) + 1) > rules.total_seeds
}

/// The rules the solver plays for `variant`, with what it changed in
/// words (each printed with the values, beside the [`Convention`]).
///
/// The one change: an end at more than half the seeds captured
/// (`end.captured_more_than`, as in Oware) is dropped, and play goes on
/// to the rules' other ends. Such an end only stops a game whose winner
/// is already known (captured seeds never return to the board where the
/// solver takes the rules), so every win, draw and loss is the rule
/// file's; the margin is that of play to the end.
///
/// # Errors
/// The rules need state the solver does not hold ([`supported`]), once
/// that end is dropped.
pub fn solver_variant(variant: &Arc<Variant>) -> Result<(Arc<Variant>, Vec<String>), Unsupported> {
    let (solved, mut changes) = solver_rules(variant)?;
    // A match's later games are set up from this one's end, which the
    // value does not follow: it is one game's.
    if variant.match_play().is_some() {
        changes.push(
            "one game of the match: its value is this game's margin; the next game is set up from its end, which the solver does not play".to_owned(),
        );
    }
    Ok((solved, changes))
}

/// [`solver_variant`] but for the match's note.
fn solver_rules(variant: &Arc<Variant>) -> Result<(Arc<Variant>, Vec<String>), Unsupported> {
    match variant.end.captured_more_than {
        Some(k) if decides(variant, k) => {
            let mut rules = variant.rules().clone();
            rules.end.captured_more_than = None;
            supported(&rules)?;
            Ok((
                Arc::new(Variant::new(rules)),
                vec![format!(
                    "the end at more than {k} seeds captured is played past: it only stops a game already decided, so every win, draw and loss is the rule file's, and the margin is that of play to the last seed"
                )],
            ))
        }
        _ => {
            supported(variant)?;
            Ok((Arc::clone(variant), Vec::new()))
        }
    }
}

/// The position of `rules` with `seeds` on the board and `to_move` to act,
/// the other seeds counted as South's captures (which the future margin
/// does not depend on).
///
/// # Panics
/// If `seeds` is not a distribution the board can hold (more seeds than
/// the variant has, or not one count a pit).
#[must_use]
pub fn position_of(variant: &Variant, seeds: &[u16], to_move: Side) -> Position {
    assert_eq!(seeds.len(), variant.pits(), "one count a pit");
    let on_board: u32 = seeds.iter().map(|&s| u32::from(s)).sum();
    let total: u32 = variant.initial.iter().map(|&s| u32::from(s)).sum();
    let captured = u16::try_from(total - on_board).expect("at most the variant's seeds");
    // The solver's state is the board and the side to act (`supported`
    // refuses rules with more), so the rest is the start's; built in place
    // rather than through `Setup`, since a layer makes millions of these.
    let mut pos = Position::initial(variant);
    pos.seeds[..seeds.len()].copy_from_slice(seeds);
    pos.captured = [captured, 0];
    pos.to_move = to_move;
    pos
}

/// If the game is over in `pos`: South's future margin, the leftovers as
/// the rules give them out. Ends that need the history (repetition, the
/// ply cap) are not judged: the solver's convention scores cycles.
#[must_use]
pub fn terminal_margin(variant: &Variant, pos: &Position) -> Option<i32> {
    let reason = pos.end(variant)?;
    let o = pos.outcome(variant, reason);
    let gained = |s: Side| o.totals[s.index()] as i32 - i32::from(pos.captured(s));
    Some(gained(Side::South) - gained(Side::North))
}

/// A fingerprint of what `rules` mean for play: every field but the
/// provenance, the documented alternatives and the interpretations, which
/// name and explain the rules without changing them. A database file
/// carries it, so one built for other rules is refused.
#[must_use]
pub fn fingerprint(rules: &Rules) -> u64 {
    let mut meaning = rules.clone();
    meaning.provenance = crate::rules::Provenance {
        id: String::new(),
        name: String::new(),
        summary: None,
        other_names: Vec::new(),
        people: None,
        region: None,
        first_described: None,
        recorded_by: None,
        sources: Vec::new(),
        family: None,
        evidence: None,
    };
    meaning.readings.clear();
    meaning.interpretations.clear();
    // FNV-1a over the debug form: stable for one version of ayla, and a
    // file from another whose form differs is refused and rebuilt, never
    // misread.
    format!("{meaning:?}")
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
}

/// South's gain, less North's, between two positions.
#[must_use]
pub fn gain(before: &Position, after: &Position) -> i32 {
    let d = |s: Side| i32::from(after.captured(s)) - i32::from(before.captured(s));
    d(Side::South) - d(Side::North)
}
