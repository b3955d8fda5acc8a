//! Drawing a board as SPEC.md §2 lays it out, seen from South's seat.

use ayla::engine::{Pit, Position, Side};
use ayla::rules::Rules;
use ayla::rules::describe::plural;
use std::fmt::Write;

/// How to draw: plain text for pipes and files, box-drawing and colour on a terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// Box-drawing characters and ANSI colours.
    pub fancy: bool,
}

impl Style {
    /// Fancy when stdout is a terminal and `NO_COLOR` is not set.
    pub fn detect() -> Style {
        use std::io::IsTerminal;
        Style {
            fancy: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        }
    }
}

const SOUTH_COLOUR: &str = "\x1b[32m"; // green
const NORTH_COLOUR: &str = "\x1b[35m"; // magenta
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

fn colour(side: Side) -> &'static str {
    match side {
        Side::South => SOUTH_COLOUR,
        Side::North => NORTH_COLOUR,
    }
}

/// The board in plain text: North's row on top (right to left), South's below.
///
/// A pit controlled by the player whose home row it is not (after a trade)
/// is drawn in parentheses, and its controller's letter follows.
pub fn draw(rules: &Rules, pos: &Position) -> String {
    draw_styled(rules, pos, Style::default())
}

/// The board in the given style.
pub fn draw_styled(rules: &Rules, pos: &Position, style: Style) -> String {
    let n = rules.per_row;
    let north: Vec<usize> = (n..2 * n).rev().collect();
    let south: Vec<usize> = (0..n).collect();
    let traded = |i: usize| pos.controller(Pit(i as u8)) != Pit(i as u8).home_side(n);
    let mut out = String::new();
    if style.fancy {
        let cell = |i: usize| {
            let p = Pit(i as u8);
            let c = colour(pos.controller(p));
            let mark = if traded(i) { '*' } else { ' ' };
            format!("{c}{:>3}{mark}{RESET}", pos.seeds(p))
        };
        let label = |i: usize| format!("  {} ", rules.label(Pit(i as u8)));
        let rule = |l: char, m: char, r: char| {
            let mut s = String::from(l);
            for k in 0..n {
                s.push_str("────");
                s.push(if k + 1 == n { r } else { m });
            }
            s
        };
        let row = |idx: &[usize]| {
            let mut s = String::from("│");
            for &i in idx {
                s.push_str(&cell(i));
                s.push('│');
            }
            s
        };
        let labels = |idx: &[usize]| idx.iter().map(|&i| label(i)).collect::<Vec<_>>().join(" ");
        let to_move = pos.to_move();
        let who = |s: Side| {
            let arrow = if s == to_move { "◀ to act" } else { "" };
            format!(
                "{}{BOLD}{s}{RESET}  captured {}  {arrow}",
                colour(s),
                pos.captured(s)
            )
        };
        let _ = writeln!(out, "   {}", labels(&north));
        let _ = writeln!(out, "  {}", rule('┌', '┬', '┐'));
        let _ = writeln!(out, "  {}  {}", row(&north), who(Side::North));
        let _ = writeln!(out, "  {}", rule('├', '┼', '┤'));
        let _ = writeln!(out, "  {}  {}", row(&south), who(Side::South));
        let _ = writeln!(out, "  {}", rule('└', '┴', '┘'));
        let _ = writeln!(out, "   {}", labels(&south));
        if (0..2 * n).any(traded) {
            let _ = writeln!(out, "  k*: a traded pit, coloured by its controller");
        }
    } else {
        let cell = |i: usize| {
            let p = Pit(i as u8);
            let s = pos.seeds(p);
            if traded(i) {
                format!("({s:>3}){}", pos.controller(p).letter())
            } else {
                format!(" {s:>3}  ")
            }
        };
        let label = |i: usize| format!("   {}  ", rules.label(Pit(i as u8)));
        let line = |idx: &[usize], f: &dyn Fn(usize) -> String| {
            idx.iter().map(|&i| f(i)).collect::<String>()
        };
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
        if (0..2 * n).any(traded) {
            let _ = writeln!(out, "  (k)X: a traded pit holding k seeds, controlled by X");
        }
    }
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
    if let Some(o) = pos.offer() {
        let _ = writeln!(
            out,
            "  {} offers {} {}: {} must accept or decline",
            pos.to_move().opponent(),
            plural(o.len(), "pit", "pits"),
            o.labels(n),
            pos.to_move()
        );
    }
    out
}
