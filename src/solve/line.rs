//! What `ayla solve` and `ayla analyse --exact` report of a solved
//! position: each ply's value, the plies that keep the value, the
//! principal variation and how it ends, the result a final margin gives.
//! As data; the commands print it.

use super::retro::Database;
use super::{gain, terminal_margin};
use crate::board::Geometry;
use crate::engine::{Outcome, Ply, Position, Side, Variant};
use std::fmt;

/// Most plies of a principal variation: past it the line is cut.
pub const PV_MAX: usize = 400;

/// Each legal ply and South's future margin after it (its gain included),
/// from the databases; none in a position the solver scores as ended.
///
/// # Panics
/// If `db` does not cover a position after a legal ply (a database that
/// covers `pos` covers them: they hold no more seeds on the board).
#[must_use]
pub fn ply_values(variant: &Variant, db: &Database, pos: &Position) -> Vec<(Ply, i32)> {
    if terminal_margin(variant, pos).is_some() {
        return Vec::new();
    }
    let mut plies = Vec::new();
    pos.legal_plies(variant, &mut plies);
    plies
        .into_iter()
        .map(|p| {
            let mut child = *pos;
            child.play_unchecked(variant, p);
            let after = db.probe(&child).expect("a lower or equal layer");
            (p, gain(pos, &child) + after)
        })
        .collect()
}

/// The plies among `values` worth `value`, in their order.
#[must_use]
pub fn best(values: &[(Ply, Option<i32>)], value: i32) -> Vec<Ply> {
    values
        .iter()
        .filter(|&&(_, v)| v == Some(value))
        .map(|&(p, _)| p)
        .collect()
}

/// The result a final margin for South gives: `South wins`, `North wins`
/// or `draw`.
#[must_use]
pub fn result(final_margin: i32) -> &'static str {
    match final_margin.cmp(&0) {
        std::cmp::Ordering::Greater => "South wins",
        std::cmp::Ordering::Less => "North wins",
        std::cmp::Ordering::Equal => "draw",
    }
}

/// How a principal variation stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineEnd {
    /// The game ends, with this outcome.
    GameEnds(Outcome),
    /// A position of the line comes again: endless play, which the
    /// convention scores.
    Repeats,
    /// No ply keeps the value: the values disagree (a bug).
    NoPlyKeeps,
    /// Cut at [`PV_MAX`] plies.
    Cut,
}

impl fmt::Display for LineEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineEnd::GameEnds(o) => write!(f, "the game ends: {o}"),
            LineEnd::Repeats => {
                f.write_str("a position repeats: endless play, scored by the convention")
            }
            LineEnd::NoPlyKeeps => f.write_str("no ply keeps the value (a bug)"),
            LineEnd::Cut => write!(f, "cut at {PV_MAX} plies"),
        }
    }
}

/// A principal variation: best plies from a position, and how it stops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The plies, from the position on.
    pub plies: Vec<Ply>,
    /// Why there are no more.
    pub end: LineEnd,
}

impl Line {
    /// The plies in record notation.
    #[must_use]
    pub fn notation(&self, board: &Geometry) -> Vec<String> {
        self.plies.iter().map(|p| p.notation(board)).collect()
    }
}

/// Best plies from `start` (worth `value`) to the end, or until a
/// position repeats (the value of endless play) or [`PV_MAX`] plies.
/// `keeps(child, need, mover)`: whether the child's margin to come is
/// `need`, as good as it gets for `mover` (a database probe, or a search's
/// question); the first ply in legal order that keeps it is taken.
///
/// # Errors
/// The first error of `keeps`.
pub fn principal_variation<E>(
    variant: &Variant,
    value: i32,
    keeps: &mut dyn FnMut(&Position, i32, Side) -> Result<bool, E>,
    start: &Position,
) -> Result<Line, E> {
    let mut pos = *start;
    let mut want = value;
    let mut seen = vec![pos];
    let mut plies = Vec::new();
    let mut legal = Vec::new();
    loop {
        if let Some(reason) = pos.end(variant) {
            let end = LineEnd::GameEnds(pos.outcome(variant, reason));
            return Ok(Line { plies, end });
        }
        pos.legal_plies(variant, &mut legal);
        let mover = pos.to_move();
        let mut next = None;
        for &p in &legal {
            let mut c = pos;
            c.play_unchecked(variant, p);
            if keeps(&c, want - gain(&pos, &c), mover)? {
                next = Some((p, c));
                break;
            }
        }
        let Some((ply, child)) = next else {
            let end = LineEnd::NoPlyKeeps;
            return Ok(Line { plies, end });
        };
        want -= gain(&pos, &child);
        plies.push(ply);
        pos = child;
        if seen.contains(&pos) {
            let end = LineEnd::Repeats;
            return Ok(Line { plies, end });
        }
        if plies.len() >= PV_MAX {
            let end = LineEnd::Cut;
            return Ok(Line { plies, end });
        }
        seen.push(pos);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::exhaustive;
    use std::sync::Arc;

    fn tiny() -> Arc<Variant> {
        crate::solve::small::kalah(2, 2, "")
    }

    #[test]
    fn ply_values_are_the_gain_and_the_exhaustive_value_after_each_ply() {
        let v = tiny();
        let db = Database::build(&v, 8).unwrap();
        let pos = Position::initial(&v);
        let values = ply_values(&v, &db, &pos);
        assert!(!values.is_empty());
        for (p, value) in values {
            let mut c = pos;
            c.play_unchecked(&v, p);
            let after = exhaustive::value(&v, &c, 10_000_000).unwrap();
            assert_eq!(value, gain(&pos, &c) + after, "{p:?}");
        }
    }

    #[test]
    fn the_principal_variation_keeps_the_value_to_the_end_of_the_game() {
        let v = tiny();
        let db = Database::build(&v, 8).unwrap();
        let start = Position::initial(&v);
        let value = db.probe(&start).unwrap();
        let mut keeps = |c: &Position, need: i32, _: Side| Ok::<_, ()>(db.probe(c) == Some(need));
        let line = principal_variation(&v, value, &mut keeps, &start).unwrap();
        assert!(matches!(line.end, LineEnd::GameEnds(_)), "{}", line.end);
        // Its first ply is a best one, and the gains along it and the end's
        // margin add up to the value.
        let values: Vec<(Ply, Option<i32>)> = ply_values(&v, &db, &start)
            .into_iter()
            .map(|(p, x)| (p, Some(x)))
            .collect();
        assert!(best(&values, value).contains(&line.plies[0]));
        let mut pos = start;
        let mut total = 0;
        for &p in &line.plies {
            let mut c = pos;
            c.play_unchecked(&v, p);
            total += gain(&pos, &c);
            pos = c;
        }
        assert_eq!(total + terminal_margin(&v, &pos).unwrap(), value);
        assert_eq!(line.notation(&v.board).len(), line.plies.len());
    }

    #[test]
    fn a_value_no_ply_keeps_and_an_error_of_the_question_are_reported() {
        let v = tiny();
        let start = Position::initial(&v);
        let mut never = |_: &Position, _: i32, _: Side| Ok::<_, ()>(false);
        let line = principal_variation(&v, 0, &mut never, &start).unwrap();
        assert_eq!(line.plies, Vec::new());
        assert_eq!(line.end.to_string(), "no ply keeps the value (a bug)");
        let mut fails = |_: &Position, _: i32, _: Side| Err::<bool, _>("too deep");
        assert_eq!(
            principal_variation(&v, 0, &mut fails, &start),
            Err("too deep")
        );
    }

    #[test]
    fn results_and_ends_read_as_the_commands_print_them() {
        assert_eq!(
            [result(3), result(-1), result(0)],
            ["South wins", "North wins", "draw"]
        );
        assert_eq!(LineEnd::Cut.to_string(), "cut at 400 plies");
        assert_eq!(
            LineEnd::Repeats.to_string(),
            "a position repeats: endless play, scored by the convention"
        );
    }
}
