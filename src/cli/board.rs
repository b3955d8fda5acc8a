//! Drawing a board as docs/notation.md lays it out, seen from South's seat.
//!
//! North's row is on top (right to left), South's below; where the
//! variant has stores, each is drawn at its end of the board with its
//! count. A pit controlled by the player whose home row it is not (after
//! a trade) carries its controller's letter, so the drawing reads the
//! same without colour. When the width is bounded (`play`), the cells
//! narrow until the board fits rather than letting the terminal wrap it.

use ayla::draw::layout::Layout;
use ayla::engine::{Pit, Position, Side, pit_direction};
use ayla::rules::{Direction, Lock, Opening, PitDirection, Rules};
use ayla::words::{plural, wrap};

/// How to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// Box-drawing characters and ANSI colours.
    pub fancy: bool,
    /// The columns the board must fit in; `None`: no bound (cells at their
    /// widest, as `check` and `replay` print them).
    pub width: Option<usize>,
    /// Add a line saying which way seeds are sown.
    pub sowing: bool,
}

impl Style {
    /// For `play`: fancy when stdout is a terminal and `NO_COLOR` is not
    /// set; fitted to the terminal's width; with the sowing direction.
    pub fn detect() -> Style {
        use std::io::IsTerminal;
        Style {
            fancy: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
            width: Some(terminal_width()),
            sowing: true,
        }
    }
}

/// The terminal's width: `COLUMNS` if set to a number, else the size of
/// the terminal on stdout or stderr, else 80.
pub fn terminal_width() -> usize {
    if let Some(n) = std::env::var("COLUMNS")
        .ok()
        .and_then(|s| s.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
    {
        return n;
    }
    #[cfg(unix)]
    for fd in [1, 2] {
        // SAFETY: TIOCGWINSZ only writes a `winsize` into `ws`, which lives
        // for the call; on a descriptor that is no terminal it fails.
        let mut ws: libc::winsize = unsafe { std::mem::zeroed() };
        if unsafe { libc::ioctl(fd, libc::TIOCGWINSZ, &mut ws) } == 0 && ws.ws_col > 0 {
            return usize::from(ws.ws_col);
        }
    }
    80
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

/// The board in plain text, cells at their widest.
pub fn draw(rules: &Rules, pos: &Position) -> String {
    draw_styled(rules, pos, Style::default())
}

/// How wide the cells are, widest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cells {
    /// Three-digit fields with room around them: ` 11  `, `( 11)S`.
    Wide,
    /// As many digits as the largest count, a space and a mark: ` 11S`.
    Compact,
    /// Digits and a mark only (plain text): `11S`.
    Tight,
}

/// One way to lay the board out.
#[derive(Debug, Clone, Copy)]
struct CellShape {
    cells: Cells,
    /// Width of a count.
    digits: usize,
    /// The side names stand at the end of their rows (else on lines of their own).
    inline: bool,
}

/// A line being drawn, knowing its column (ANSI codes take none).
#[derive(Default, Clone)]
struct Line {
    text: String,
    col: usize,
}

impl Line {
    fn push(&mut self, s: &str) {
        self.text.push_str(s);
        self.col += s.chars().count();
    }

    fn code(&mut self, s: &str) {
        self.text.push_str(s);
    }

    fn pad_to(&mut self, col: usize) {
        while self.col < col {
            self.push(" ");
        }
    }
}

/// The board in the given style.
pub fn draw_styled(rules: &Rules, pos: &Position, style: Style) -> String {
    let counts = rules
        .all_pits()
        .iter()
        .map(|p| pos.seeds(p))
        .chain(Side::BOTH.map(|s| pos.captured(s)));
    let widest = digits(u32::from(counts.max().unwrap_or(0)));
    // The wide field is fixed (so the board does not shift as counts grow)
    // unless the game's seeds need more digits.
    let wide = digits(rules.total_seeds()).max(3);
    let mut choices = vec![
        CellShape {
            cells: Cells::Wide,
            digits: wide,
            inline: true,
        },
        CellShape {
            cells: Cells::Compact,
            digits: widest,
            inline: true,
        },
        CellShape {
            cells: Cells::Compact,
            digits: widest,
            inline: false,
        },
    ];
    if !style.fancy {
        for inline in [true, false] {
            choices.push(CellShape {
                cells: Cells::Tight,
                digits: widest,
                inline,
            });
        }
    }
    let mut board = Vec::new();
    let mut chosen = choices[0];
    let mut fitted = false;
    for g in choices {
        board = layout(rules, pos, style, g);
        chosen = g;
        let fits = |w: usize| board.iter().all(|l| l.col <= w);
        if style.width.is_none_or(fits) {
            fitted = true;
            break;
        }
    }
    // Box cells take a column more a pit than the tightest plain cells, so
    // a long row (2x12) may only fit a narrow terminal drawn plain.
    if !fitted && style.fancy {
        return draw_styled(
            rules,
            pos,
            Style {
                fancy: false,
                ..style
            },
        );
    }
    let mut out = String::new();
    for l in &board {
        out.push_str(l.text.trim_end());
        out.push('\n');
    }
    for note in notes(rules, pos, style, chosen) {
        match style.width {
            Some(w) => out.push_str(&wrap(&note, w, "  ", "    ")),
            None => {
                out.push_str("  ");
                out.push_str(&note);
                out.push('\n');
            }
        }
    }
    out
}

fn digits(mut x: u32) -> usize {
    let mut d = 1;
    while x >= 10 {
        x /= 10;
        d += 1;
    }
    d
}

/// What the terminal board takes from the SVG's layout
/// ([`ayla::draw::layout::Layout`]), so the two draw one board: the pits
/// of each row left to right, rows top to bottom, and whose store is at
/// each end.
struct Order {
    /// Pit numbers of each row, left to right; the top row first.
    rows: Vec<Vec<usize>>,
    /// Each row's owner, and whether it is an inner row (four rows: the
    /// row nearest the middle), in the order of `rows`.
    owners: Vec<(Side, bool)>,
    /// The owner of the store at the left end, if any.
    left_store: Option<Side>,
    /// The owner of the store at the right end, if any.
    right_store: Option<Side>,
}

impl Order {
    fn of(rules: &Rules) -> Order {
        let l = Layout::of(rules);
        let rows = l
            .rows
            .iter()
            .map(|r| {
                let mut cells: Vec<_> = r.pits.iter().collect();
                cells.sort_by(|a, b| a.centre.x.total_cmp(&b.centre.x));
                cells.iter().map(|c| c.pit.index()).collect()
            })
            .collect();
        let last = l.rows.len().saturating_sub(1);
        let owners = l
            .rows
            .iter()
            .enumerate()
            .map(|(k, r)| {
                let side = r.side.unwrap_or(if 2 * k < l.rows.len() {
                    Side::North
                } else {
                    Side::South
                });
                (side, k != 0 && k != last)
            })
            .collect();
        let mid = l.board.x + l.board.w / 2.0;
        let (mut left_store, mut right_store) = (None, None);
        for s in &l.stores {
            if s.rect.centre().x > mid {
                right_store = Some(s.side);
            } else {
                left_store = Some(s.side);
            }
        }
        Order {
            rows,
            owners,
            left_store,
            right_store,
        }
    }

    /// The top row and the bottom one, whose labels stand above and
    /// below the board.
    fn top_and_bottom(&self) -> (&[usize], &[usize]) {
        let empty: &[usize] = &[];
        (
            self.rows.first().map_or(empty, Vec::as_slice),
            self.rows.last().map_or(empty, Vec::as_slice),
        )
    }
}

/// What stands at the right of an inner row (four rows), whose labels
/// are not drawn: its labels at the left and right ends, `a2…h2`. Its
/// column letters are those of its owner's edge row, labelled above or
/// below the board.
fn inner_tag(rules: &Rules, idx: &[usize]) -> String {
    let label = |i: &usize| rules.label(Pit(*i as u8)).to_string();
    match (idx.first(), idx.last()) {
        (Some(a), Some(b)) if a != b => format!("{}…{}", label(a), label(b)),
        (Some(a), _) => label(a),
        _ => String::new(),
    }
}

/// The lines of the board itself (no notes), unstripped.
fn layout(rules: &Rules, pos: &Position, style: Style, g: CellShape) -> Vec<Line> {
    let n = rules.per_row();
    let order = Order::of(rules);
    let (north, south) = order.top_and_bottom();
    let traded = |i: usize| pos.controller(Pit(i as u8)) != rules.board().label_side(Pit(i as u8));
    let house = |i: usize| {
        Side::BOTH
            .iter()
            .any(|&s| pos.houses(s).contains(Pit(i as u8)))
    };
    let d = g.digits;
    let to_move = pos.to_move();
    // The side that owns the store at each end, if any.
    let (left_store, right_store) = (order.left_store, order.right_store);
    let name = |s: Side, fancy: bool| {
        let mut t = s.to_string();
        if !rules.stores() {
            t.push_str(&format!("  captured {}", pos.captured(s)));
        }
        if fancy && s == to_move {
            t.push_str("  ◀ to act");
        }
        t
    };
    let mut lines = Vec::new();
    // Columns of each pit's last digit, for the labels.
    let mut at = vec![0usize; rules.pits()];
    if style.fancy {
        let inner = d + 1;
        let cols = usize::from(left_store.is_some()) + n + usize::from(right_store.is_some());
        let rule = |l: &str, m: &str, r: &str, stores_mid: Option<(&str, &str)>| {
            let mut s = Line::default();
            s.push("  ");
            s.push(l);
            for k in 0..cols {
                let is_store =
                    (k == 0 && left_store.is_some()) || (k + 1 == cols && right_store.is_some());
                if is_store && stores_mid.is_some() {
                    // The middle rule passes through a store: its count stands there.
                    let side = if k == 0 { left_store } else { right_store }.unwrap();
                    s.code(colour(side));
                    s.push(&format!("{:>d$} ", pos.captured(side)));
                    s.code(RESET);
                } else {
                    s.push(&"─".repeat(inner));
                }
                if k + 1 < cols {
                    let joint = match stores_mid {
                        Some((after_store, _)) if k == 0 && left_store.is_some() => after_store,
                        Some((_, before_store)) if k + 2 == cols && right_store.is_some() => {
                            before_store
                        }
                        _ => m,
                    };
                    s.push(joint);
                }
            }
            s.push(r);
            s
        };
        let row = |idx: &[usize], (side, inner_row): (Side, bool), at: &mut [usize]| {
            let mut s = Line::default();
            s.push("  │");
            if left_store.is_some() {
                s.push(&" ".repeat(inner));
                s.push("│");
            }
            for &i in idx {
                let p = Pit(i as u8);
                s.code(colour(pos.controller(p)));
                s.push(&format!("{:>d$}", count_text(pos, p)));
                at[i] = s.col - 1;
                let mark = if house(i) {
                    HOUSE_MARK
                } else if traded(i) {
                    pos.controller(p).letter()
                } else {
                    ' '
                };
                s.push(&mark.to_string());
                s.code(RESET);
                s.push("│");
            }
            if right_store.is_some() {
                s.push(&" ".repeat(inner));
                s.push("│");
            }
            if inner_row {
                s.push("  ");
                s.code(colour(side));
                s.push(&inner_tag(rules, idx));
                s.code(RESET);
            } else if g.inline {
                s.push("  ");
                s.code(colour(side));
                s.code(BOLD);
                s.push(&side.to_string());
                s.code(RESET);
                s.code(colour(side));
                s.push(&name(side, true)[side.to_string().len()..]);
                s.code(RESET);
            }
            s
        };
        let middle = if rules.stores() {
            rule("│", "┼", "│", Some(("├", "┤")))
        } else {
            rule("├", "┼", "┤", None)
        };
        let mut body = vec![rule("┌", "┬", "┐", None)];
        for (k, (idx, &owner)) in order.rows.iter().zip(&order.owners).enumerate() {
            if k > 0 {
                body.push(middle.clone());
            }
            body.push(row(idx, owner, &mut at));
        }
        body.push(rule("└", "┴", "┘", None));
        let named = |s: Side| {
            let mut l = Line::default();
            l.push("  ");
            l.code(colour(s));
            l.push(&name(s, true));
            l.code(RESET);
            l
        };
        if !g.inline {
            lines.push(named(Side::North));
        }
        lines.push(labels(rules, north, &at));
        lines.extend(body);
        lines.push(labels(rules, south, &at));
        if !g.inline {
            lines.push(named(Side::South));
        }
        return lines;
    }
    let store_w = d + 3; // `[ 0] ` or ` [ 0]`
    let cell = |s: &mut Line, i: usize, at: &mut [usize]| {
        let p = Pit(i as u8);
        let seeds = count_text(pos, p);
        let letter = pos.controller(p).letter();
        match (g.cells, traded(i)) {
            (Cells::Wide, true) => {
                s.push(&format!("({seeds:>d$}"));
                at[i] = s.col - 1;
                s.push(&format!("){letter}"));
            }
            (Cells::Wide, false) => {
                s.push(&format!(" {seeds:>d$}"));
                at[i] = s.col - 1;
                s.push(if house(i) { "* " } else { "  " });
            }
            (c, t) => {
                if c == Cells::Compact {
                    s.push(" ");
                }
                s.push(&format!("{seeds:>d$}"));
                at[i] = s.col - 1;
                let mark = if house(i) {
                    HOUSE_MARK
                } else if t {
                    letter
                } else {
                    ' '
                };
                s.push(&mark.to_string());
            }
        }
    };
    let row = |idx: &[usize], (side, inner_row): (Side, bool), at: &mut [usize]| {
        let mut s = Line::default();
        s.push("  ");
        if left_store.is_some() {
            s.push(&" ".repeat(store_w));
        }
        for &i in idx {
            cell(&mut s, i, at);
        }
        if right_store.is_some() {
            s.push(&" ".repeat(store_w));
        }
        if inner_row {
            s.push("   ");
            s.push(&inner_tag(rules, idx));
        } else if g.inline {
            s.push("   ");
            s.push(&name(side, false));
        }
        s
    };
    let rows: Vec<Line> = order
        .rows
        .iter()
        .zip(&order.owners)
        .map(|(idx, &owner)| row(idx, owner, &mut at))
        .collect();
    let half = rows.len() / 2;
    let named = |s: Side| {
        let mut l = Line::default();
        l.push("  ");
        l.push(&name(s, false));
        l
    };
    if !g.inline {
        lines.push(named(Side::North));
    }
    lines.push(labels(rules, north, &at));
    lines.extend(rows[..half].iter().cloned());
    if let (Some(l), Some(r)) = (left_store, right_store) {
        let mut s = Line::default();
        s.push("  ");
        s.push(&format!("[{:>d$}] ", pos.captured(l)));
        s.pad_to(2 + store_w + pits_width(g, n));
        s.push(&format!(" [{:>d$}]", pos.captured(r)));
        lines.push(s);
    }
    lines.extend(rows[half..].iter().cloned());
    lines.push(labels(rules, south, &at));
    if !g.inline {
        lines.push(named(Side::South));
    }
    lines
}

/// The width of a plain row of `n` cells.
/// A pit's count as the board writes it: `-` for a pit out of play,
/// which holds nothing and takes no seed.
fn count_text(pos: &Position, p: Pit) -> String {
    if pos.closed().contains(p) {
        CLOSED_MARK.to_string()
    } else {
        pos.seeds(p).to_string()
    }
}

/// The mark of a pit out of play in place of its count.
const CLOSED_MARK: char = '-';

fn pits_width(g: CellShape, n: usize) -> usize {
    n * match g.cells {
        Cells::Wide => g.digits + 3,
        Cells::Compact => g.digits + 2,
        Cells::Tight => g.digits + 1,
    }
}

/// A line with each pit's label under (or over) the last digit of its count.
fn labels(rules: &Rules, idx: &[usize], at: &[usize]) -> Line {
    let mut s = Line::default();
    for &i in idx {
        s.pad_to(at[i]);
        s.push(&rules.label(Pit(i as u8)).to_string());
    }
    s
}

/// The lines under the board: what its marks mean, the sowing direction,
/// the opening lock, a pending offer.
fn notes(rules: &Rules, pos: &Position, style: Style, g: CellShape) -> Vec<String> {
    let mut out = Vec::new();
    let traded = rules
        .all_pits()
        .iter()
        .any(|p| pos.controller(p) != rules.board().label_side(p));
    if traded {
        // Pits change hands by trading, or for a game of a match.
        let what = if rules.trading().is_some() {
            "a traded pit"
        } else {
            "a pit handed across for this game"
        };
        out.push(match (style.fancy, g.cells) {
            (false, Cells::Wide) => format!("(k)X: {what} holding k seeds, controlled by X"),
            (false, _) => format!("kX: {what} holding k seeds, controlled by X"),
            (true, _) => format!("kX: {what} holding k seeds, controlled by X (and in X's colour)"),
        });
    }
    let closed = pos.closed();
    if !closed.is_empty() {
        out.push(format!(
            "{CLOSED_MARK}: a pit out of play in this game of the match ({})",
            rules.labels(closed)
        ));
    }
    if rules.stores() {
        let (l, r) = if Order::of(rules).right_store == Some(Side::South) {
            ("North", "South")
        } else {
            ("South", "North")
        };
        out.push(if style.fancy {
            format!("stores: {l}'s on the left, {r}'s on the right")
        } else {
            format!("[k]: a store holding k seeds; {l}'s on the left, {r}'s on the right")
        });
    }
    let houses = Side::BOTH.map(|s| pos.houses(s));
    if houses.iter().any(|h| !h.is_empty()) {
        let of = |s: Side| {
            let h = houses[s.index()];
            if h.is_empty() {
                "none".to_owned()
            } else {
                rules.labels(h)
            }
        };
        out.push(format!(
            "{HOUSE_MARK}: a house, whose seeds go to its owner (South's: {}; North's: {})",
            of(Side::South),
            of(Side::North)
        ));
    }
    if style.sowing {
        out.push(sowing_line(rules));
    }
    if rules.opening() != Opening::None {
        for side in Side::BOTH {
            let home = rules.home_row(side);
            let missing = home.minus(pos.sown());
            if !missing.is_empty() {
                let left: String = missing.iter().map(|p| rules.label(p).to_string()).collect();
                out.push(format!(
                    "{side}: opening: sows first from the home pits not sown yet ({left})"
                ));
            }
        }
    }
    // Each lock in its own words (docs/rule-language.md, `capture.lock`).
    match rules.capture().map_or(Lock::None, |c| c.lock) {
        Lock::FirstSowing if pos.sown().is_empty() => {
            out.push("locked: the game's first sowing captures nothing".to_owned());
        }
        Lock::AllHomePitsSown {
            release_may_capture,
        } => {
            for side in Side::BOTH {
                let home = rules.home_row(side);
                let done = pos.sown().and(home);
                if done == home {
                    out.push(format!("{side}: opening lock released"));
                } else {
                    let missing: String = home
                        .minus(done)
                        .iter()
                        .map(|p| rules.label(p).to_string())
                        .collect();
                    let then = if release_may_capture {
                        "the sowing that completes them may capture"
                    } else {
                        "captures start with the sowing after the one that completes them"
                    };
                    out.push(format!(
                        "{side}: locked until every home pit has been sown from (not yet: {missing}); {then}"
                    ));
                }
            }
        }
        // The first-sowing lock, released for the rest of the game, and no lock.
        _ => {}
    }
    if let Some(o) = pos.offer() {
        out.push(format!(
            "{} offers {} {}: {} must accept or decline",
            pos.to_move().opponent(),
            plural(o.len(), "pit", "pits"),
            rules.labels(o),
            pos.to_move()
        ));
    }
    out
}

/// The mark of a house in its cell.
const HOUSE_MARK: char = '*';

/// `sowing: counter-clockwise (a to d, then A to D)`, the stores named where there are any.
fn sowing_line(rules: &Rules) -> String {
    // Four rows take no directions by pit number: a list there is "chosen"
    // for every pit, and the runs are named counter-clockwise.
    if rules.board().rows() == 4 && !rules.pit_directions().is_empty() {
        return four_rows_line(
            rules,
            "counter-clockwise (`>`) or clockwise (`<`) as the mover chooses",
        );
    }
    if !rules.pit_directions().is_empty() {
        return directions_line(rules);
    }
    // Read from the circuit itself: seen from South's seat, seeds going
    // from a to b run counter-clockwise.
    let way = if rules.per_row() == 1 || rules.next(Pit(0)) == Pit(1) {
        "counter-clockwise"
    } else {
        "clockwise"
    };
    if rules.board().rows() == 4 {
        return four_rows_line(rules, way);
    }
    let run = |side: Side| {
        let last = rules.last_house(side);
        let mut first = last;
        while rules.home_row(side).contains(rules.prev(first)) {
            first = rules.prev(first);
        }
        let mut s = format!("{} to {}", rules.label(first), rules.label(last));
        if rules.stores() {
            s.push_str(&format!(", {side}'s store"));
        }
        s
    };
    format!(
        "sowing: {way} ({}, then {})",
        run(Side::South),
        run(Side::North)
    )
}

/// The sowing line of four rows: each player's own circuit, a run of
/// labels for each row it crosses, from where it enters a row:
/// `sowing: counter-clockwise, each round their own rows (a to h, h2 to a2; A to H, H2 to A2)`.
fn four_rows_line(rules: &Rules, way: &str) -> String {
    let board = rules.board();
    let circuit = |side: Side| {
        let own = rules.home_row(side);
        let enters = |p: Pit| board.row(rules.prev(p)) != board.row(p);
        let start = own.iter().find(|&p| enters(p)).unwrap_or(Pit(0));
        let mut runs: Vec<(Pit, Pit)> = Vec::new();
        let mut p = start;
        for _ in 0..own.len() {
            match runs.last_mut() {
                Some(run) if board.row(run.1) == board.row(p) => run.1 = p,
                _ => runs.push((p, p)),
            }
            p = rules.next(p);
        }
        runs.iter()
            .map(|&(a, b)| {
                if a == b {
                    rules.label(a).to_string()
                } else {
                    format!("{} to {}", rules.label(a), rules.label(b))
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "sowing: {way}, each round their own rows ({}; {})",
        circuit(Side::South),
        circuit(Side::North)
    )
}

/// The sowing line where directions go by pit number: each run of
/// numbers with one direction, named by its labels in both rows.
fn directions_line(rules: &Rules) -> String {
    let n = rules.per_row();
    let mut parts = Vec::new();
    let mut k = 0;
    while k < n {
        let d = pit_direction(rules, Pit(k as u8));
        let mut end = k;
        while end + 1 < n && pit_direction(rules, Pit(end as u8 + 1)) == d {
            end += 1;
        }
        let run = |row: usize| {
            let l = |i: usize| rules.label(Pit((row * n + i) as u8));
            if end == k {
                l(k).to_string()
            } else {
                format!("{}-{}", l(k), l(end))
            }
        };
        let (south, north) = (run(0), run(1));
        parts.push(match d {
            PitDirection::Fixed(Direction::Clockwise) => format!("{south} and {north} clockwise"),
            PitDirection::Fixed(_) => format!("{south} and {north} counter-clockwise"),
            _ => format!(
                "{south} and {north} as the player chooses (`>` counter-clockwise, `<` clockwise)"
            ),
        });
        k = end + 1;
    }
    format!("sowing: from {}", parts.join("; from "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ayla::notation::parse_position;

    fn strip(s: &str) -> String {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for d in chars.by_ref() {
                    if d == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    fn styles(width: usize) -> [Style; 2] {
        [false, true].map(|fancy| Style {
            fancy,
            width: Some(width),
            sowing: true,
        })
    }

    /// The column of each character of `label` in `line`, if it is there alone.
    fn column(line: &str, label: char) -> Option<usize> {
        let cs: Vec<char> = line.chars().collect();
        (0..cs.len()).find(|&i| {
            cs[i] == label
                && (i == 0 || cs[i - 1] == ' ')
                && (i + 1 == cs.len() || cs[i + 1] == ' ')
        })
    }

    /// Every bundled variant's start, in both styles and at two widths:
    /// each line fits, every label stands over (or under) the last digit
    /// of its pit's count, and the stores show their counts.
    /// The terminal board's own geometry before it read the layout: the
    /// order the layout gives must be this one for every bundled board, so
    /// every text drawn stays as it was.
    #[test]
    fn the_layout_orders_every_bundled_board_as_the_terminal_board_did() {
        for (id, _, _) in ayla::rules::BUNDLED {
            let rules = ayla::rules::bundled(id).unwrap();
            if rules.board().rows() != 2 {
                continue;
            }
            let n = rules.per_row();
            let o = Order::of(&rules);
            let top: Vec<usize> = (n..2 * n).rev().collect();
            let bottom: Vec<usize> = (0..n).collect();
            assert_eq!(o.rows, vec![top, bottom], "{id}");
            let right = if rules.last_house(Side::South).index() == n - 1 {
                Side::South
            } else {
                Side::North
            };
            let want = if rules.stores() {
                (Some(right.opponent()), Some(right))
            } else {
                (None, None)
            };
            assert_eq!((o.left_store, o.right_store), want, "{id}");
        }
    }

    #[test]
    fn every_bundled_start_fits_and_lines_up_in_both_styles() {
        for (id, _, _) in ayla::rules::BUNDLED {
            let rules = ayla::rules::bundled(id).unwrap();
            let pos = Position::initial(&rules);
            for width in [80, 34] {
                for style in styles(width) {
                    let text = strip(&draw_styled(&rules, &pos, style));
                    let what = format!("{id} at {width}, fancy {}:\n{text}", style.fancy);
                    let lines: Vec<&str> = text.lines().collect();
                    for l in &lines {
                        assert!(l.chars().count() <= width, "{what}");
                    }
                    // The line holding exactly these labels, in this order.
                    let label_line = |pits: &[usize]| {
                        let want: Vec<String> = pits
                            .iter()
                            .map(|&i| rules.label(Pit(i as u8)).to_string())
                            .collect();
                        lines
                            .iter()
                            .position(|l| l.split_whitespace().eq(want.iter().map(String::as_str)))
                            .unwrap_or_else(|| panic!("no labels {want:?}: {what}"))
                    };
                    // The edge rows' labels stand over (under) them; the
                    // top row (North's) is drawn right to left.
                    let order = Order::of(&rules);
                    let (top_row, bottom_row) = order.top_and_bottom();
                    let top = label_line(top_row);
                    let bottom = label_line(bottom_row);
                    let gap = if style.fancy { 2 } else { 1 };
                    for (labels, row, pits) in [
                        (top, top + gap, top_row.to_vec()),
                        (bottom, bottom - gap, bottom_row.to_vec()),
                    ] {
                        let row: Vec<char> = lines[row].chars().collect();
                        for i in pits {
                            let c = column(lines[labels], rules.label(Pit(i as u8)).letter_char())
                                .unwrap_or_else(|| panic!("label of pit {i}: {what}"));
                            let last = char::from_digit(u32::from(rules.initial()[i] % 10), 10);
                            assert_eq!(Some(row[c]), last, "pit {i}: {what}");
                            assert!(
                                !row.get(c + 1).is_some_and(char::is_ascii_digit),
                                "pit {i}: {what}"
                            );
                        }
                    }
                    // The notes, wrapped to the width, read as one text.
                    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
                    let ccw = rules.direction() == ayla::rules::Direction::CounterClockwise;
                    if !rules.pit_directions().is_empty() {
                        assert!(flat.contains("sowing: "), "{what}");
                    } else if rules.board().rows() == 4 {
                        assert!(flat.contains("each round their own rows (a to"), "{what}");
                    } else if ccw {
                        assert!(flat.contains("sowing: counter-clockwise (a to"), "{what}");
                    } else {
                        assert!(flat.contains("sowing: clockwise ("), "{what}");
                    }
                    if rules.stores() {
                        // Each store follows its owner's last house in the
                        // sowing order, so clockwise sowing swaps the ends.
                        let ends = if ccw {
                            "North's on the left, South's on the right"
                        } else {
                            "South's on the left, North's on the right"
                        };
                        assert!(flat.contains(ends), "{what}");
                        let middle = lines[top + gap + 1];
                        let zeros = middle
                            .split(|c: char| !c.is_ascii_digit())
                            .filter(|t| !t.is_empty());
                        assert!(zeros.clone().all(|t| t == "0"), "{what}");
                        assert_eq!(zeros.count(), 2, "two stores: {what}");
                    }
                }
            }
        }
    }

    /// Owela's 4x8 from South's seat (by hand, docs/notation.md): North's
    /// edge row H to A on top (indices 23 down to 16), North's inner row H2
    /// to A2 (24 to 31), South's inner row a2 to h2 (15 down to 8), South's
    /// edge row a to h (0 to 7); the inner rows tagged with their ends.
    #[test]
    fn four_rows_are_drawn_top_to_bottom_with_their_inner_rows_tagged() {
        let rules = ayla::rules::bundled("owela").unwrap();
        let o = Order::of(&rules);
        assert_eq!(
            o.rows,
            vec![
                (16..24).rev().collect::<Vec<_>>(),
                (24..32).collect(),
                (8..16).rev().collect(),
                (0..8).collect(),
            ]
        );
        assert_eq!(
            o.owners,
            vec![
                (Side::North, false),
                (Side::North, true),
                (Side::South, true),
                (Side::South, false)
            ]
        );
        let pos = Position::initial(&rules);
        for style in styles(80) {
            let text = strip(&draw_styled(&rules, &pos, style));
            let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(flat.contains("H2…A2") && flat.contains("a2…h2"), "{text}");
            assert!(
                flat.contains("each round their own rows (a to h, h2 to a2; A to H, H2 to A2)"),
                "{text}"
            );
        }
    }

    /// A traded pit names its controller with a letter in both styles, so
    /// the drawing reads the same without colour.
    #[test]
    fn a_traded_pit_shows_its_controller_without_colour() {
        let rules = ayla::rules::bundled("gore").unwrap();
        let pos = parse_position(&rules, "6,0,4,5/11,4,3,1 S 0-14 owners=SSSS/SNNN").unwrap();
        for width in [80, 20] {
            for style in styles(width) {
                let text = strip(&draw_styled(&rules, &pos, style));
                assert!(text.contains("11)S") || text.contains("11S"), "{text}");
                assert!(text.contains("controlled by X"), "{text}");
            }
        }
        // Unbounded (check, replay): the wide plain cells as before.
        assert!(draw(&rules, &pos).contains("( 11)S"));
    }

    #[test]
    fn wrap_breaks_between_words() {
        assert_eq!(
            wrap("Legal: a b offer(a,b) offer(c,d)", 20, "", "    "),
            "Legal: a b\n    offer(a,b)\n    offer(c,d)\n"
        );
        assert_eq!(
            wrap("averyveryverylongword", 5, "  ", "  "),
            "  averyveryverylongword\n"
        );
    }
}
