//! Drawing a board as SPEC.md §2 lays it out, seen from South's seat.

use ayla::engine::{Pit, Position, Side};
use ayla::rules::Rules;
use std::fmt::Write;

/// The board drawn in plain text: North's row on top (right to left), South's below.
///
/// A pit controlled by the player whose home row it is not (after a trade)
/// is drawn in parentheses, and its controller's letter follows.
pub fn draw(rules: &Rules, pos: &Position) -> String {
    let n = rules.per_row;
    let cell = |i: usize| {
        let p = Pit(i as u8);
        let s = pos.seeds(p);
        if pos.controller(p) == p.home_side(n) {
            format!(" {s:>3}  ")
        } else {
            format!("({s:>3}){}", pos.controller(p).letter())
        }
    };
    let label = |i: usize| format!("   {}  ", rules.label(Pit(i as u8)));
    let mut out = String::new();
    let north: Vec<usize> = (n..2 * n).rev().collect();
    let south: Vec<usize> = (0..n).collect();
    let line =
        |idx: &[usize], f: &dyn Fn(usize) -> String| idx.iter().map(|&i| f(i)).collect::<String>();
    let _ = writeln!(out, "  {}", line(&north, &label).trim_end());
    let _ = writeln!(
        out,
        "  {}   North  captured {}",
        line(&north, &cell),
        pos.captured(Side::North)
    );
    let _ = writeln!(
        out,
        "  {}   South  captured {}",
        line(&south, &cell),
        pos.captured(Side::South)
    );
    let _ = writeln!(out, "  {}", line(&south, &label).trim_end());
    if rules.has_lock() {
        for side in Side::BOTH {
            let home = rules.home_row(side);
            let done = pos.sown().and(home);
            if done == home {
                let _ = writeln!(out, "  {side}: opening lock released");
            } else {
                let missing: String = home.minus(done).iter().map(|p| rules.label(p)).collect();
                let _ = writeln!(
                    out,
                    "  {side}: locked; may capture once every home pit has been sown from (not yet: {missing})"
                );
            }
        }
    }
    if (0..2 * n).any(|i| pos.controller(Pit(i as u8)) != Pit(i as u8).home_side(n)) {
        let _ = writeln!(out, "  (k)X: a traded pit holding k seeds, controlled by X");
    }
    out
}
