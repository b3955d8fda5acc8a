//! Drawing a [`Layout`] with a [`Scene`] on it, as SVG text.
//!
//! Every cell the layout gives is drawn; nothing here knows how many rows
//! a board has. Every mark is a shape or a word, black on white, so the
//! picture reads in print and without colour (docs/drawing.md). The text
//! is built in one fixed order with fixed number formats, so the same
//! input always gives the same bytes.

use super::layout::{Layout, NameCell, PitCell, Point, StoreCell};
use super::{MAX_DOTS, Marks, Options, Scene, Seeds};
use crate::board::Place;
use crate::rules::Rules;
use crate::xml::escape as esc;
use std::fmt::Write;

/// Font sizes, in the picture's units.
const COUNT_SIZE: f64 = 16.0;
const LABEL_SIZE: f64 = 11.0;
const NOTE_SIZE: f64 = 9.5;
const NAME_SIZE: f64 = 14.0;
const SMALL_SIZE: f64 = 11.0;
const CAPTION_SIZE: f64 = 13.0;
/// The height a caption adds under the board.
const CAPTION_BAND: f64 = 20.0;
/// A rough width of a character, as a share of the font size, for
/// fitting numbers in their cells (sans-serif digits are about 0.55).
const CHAR_WIDTH: f64 = 0.6;
/// A seed's dot.
const DOT_RADIUS: f64 = 2.6;

/// The picture of `scene` on `rules`' board, with `marks` pointed out,
/// as a standalone SVG document.
///
/// Plain data is read defensively: a pit the scene has no entry for is
/// drawn empty, marks naming places the board lacks are left out, so no
/// input makes this panic.
#[must_use]
pub fn svg(rules: &Rules, scene: &Scene, marks: &Marks, opts: &Options) -> String {
    let layout = if opts.compact {
        Layout::compact(rules)
    } else {
        Layout::of(rules)
    };
    let mut width = layout.width;
    let mut height = layout.height;
    if let Some(c) = &opts.caption {
        height += CAPTION_BAND;
        // A long caption widens the picture rather than run off it.
        let need = c.chars().count() as f64 * CAPTION_SIZE * 0.55 + 2.0 * layout.board.x;
        width = width.max(need.ceil());
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\"{class}>",
        w = num(width),
        h = num(height),
        class = if opts.interactive {
            " class=\"ayla-board\""
        } else {
            ""
        },
    );
    let status = match scene.to_act() {
        Some(side) => format!("{side} to act"),
        None => "game over".to_owned(),
    };
    let _ = writeln!(
        s,
        "<title>{}</title>",
        esc(&format!("{}: {status}", rules.provenance.name))
    );
    let _ = writeln!(s, "<desc>{}</desc>", esc(&describe(rules, scene)));
    let _ = writeln!(
        s,
        "<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#fff\"/>",
        num(width),
        num(height)
    );
    let b = layout.board;
    let _ = writeln!(
        s,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"18\" fill=\"#f2f2f2\" stroke=\"#000\" stroke-width=\"1.5\"/>",
        num(b.x),
        num(b.y),
        num(b.w),
        num(b.h)
    );
    // Each place's seeds in the path, numbered from 1 in the order they fell.
    let order = |place: Place| -> Vec<usize> {
        marks
            .path
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p == place)
            .map(|(i, _)| i + 1)
            .collect()
    };
    for store in &layout.stores {
        draw_store(
            &mut s,
            store,
            scene,
            marks,
            opts,
            &order(Place::Store(store.side)),
        );
    }
    for row in &layout.rows {
        for cell in &row.pits {
            draw_pit(
                &mut s,
                rules,
                cell,
                scene,
                marks,
                opts,
                &order(Place::Pit(cell.pit)),
            );
        }
    }
    for name in &layout.names {
        draw_name(&mut s, rules, name, layout.stacked, scene);
    }
    if scene.over {
        text(
            &mut s,
            layout.status_at,
            SMALL_SIZE + 1.0,
            "start",
            " font-style=\"italic\"",
            "game over",
        );
    }
    if let Some(c) = &opts.caption {
        text(
            &mut s,
            Point {
                x: width / 2.0,
                y: layout.height - b.x + 16.0,
            },
            CAPTION_SIZE,
            "middle",
            "",
            c,
        );
    }
    s.push_str("</svg>\n");
    s
}

/// The scene in words, for `<desc>`: what a screen reader says.
fn describe(rules: &Rules, scene: &Scene) -> String {
    let pits: Vec<String> = (0..rules.pits())
        .map(|i| {
            let p = crate::board::Pit(i as u8);
            if scene.state.closed.get(i).copied().unwrap_or(false) {
                return format!("{} out of play", rules.label(p));
            }

            format!(
                "{} {}",
                rules.label(p),
                scene.state.seeds.get(i).copied().unwrap_or(0)
            )
        })
        .collect();
    let held = if rules.stores {
        "in the stores"
    } else {
        "captured"
    };
    format!(
        "Seeds by pit: {}; {held}: South {}, North {}.",
        pits.join(", "),
        scene.state.captured[0],
        scene.state.captured[1]
    )
}

fn draw_pit(
    s: &mut String,
    rules: &Rules,
    cell: &PitCell,
    scene: &Scene,
    marks: &Marks,
    opts: &Options,
    order: &[usize],
) {
    let p = cell.pit;
    let i = p.index();
    let seeds = scene.state.seeds.get(i).copied().unwrap_or(0);
    let home = rules.board.label_side(p);
    let controller = scene.state.controller.get(i).copied().unwrap_or(home);
    let house = scene.state.houses.get(i).copied().flatten();
    let closed = scene.state.closed.get(i).copied().unwrap_or(false);
    let offered = scene.state.offer.contains(&p);
    let legal = marks.legal.contains(p);
    let taken = marks.taken.contains(p);
    let focus = marks.focus == Some(Place::Pit(p));
    let label = rules.label(p);
    let (c, r) = (cell.centre, cell.radius);

    s.push_str("<g");
    if opts.interactive {
        let mut class = String::from("pit");
        for (on, name) in [
            (legal, " legal"),
            (offered, " offered"),
            (taken, " taken"),
            (focus, " focus"),
            (closed, " closed"),
        ] {
            if on {
                class.push_str(name);
            }
        }
        let _ = write!(
            s,
            " class=\"{class}\" data-pit=\"{label}\" data-count=\"{seeds}\""
        );
    }
    s.push_str(">\n");
    let mut title = format!("{label}: {}", seeds_text(seeds));
    if closed {
        title.push_str(", out of play");
    }
    if let Some(h) = house {
        let _ = write!(title, ", {h}'s house");
    }
    if controller != home {
        let _ = write!(title, ", controlled by {controller}");
    }
    if offered {
        title.push_str(", offered");
    }
    title.push_str(&path_note(order));
    let _ = writeln!(s, "<title>{}</title>", esc(&title));
    if offered {
        let _ = writeln!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.3\" stroke-dasharray=\"4 3\"/>",
            num(c.x),
            num(c.y),
            num(r + 4.0)
        );
    }
    if focus {
        let _ = writeln!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#000\" stroke-width=\"2.5\"/>",
            num(c.x),
            num(c.y),
            num(r + 4.5)
        );
    }
    let _ = writeln!(
        s,
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"{}\"/>",
        num(c.x),
        num(c.y),
        num(r),
        if legal { "3" } else { "1.2" }
    );
    if house.is_some() {
        // The largest square inside the circle, a little smaller.
        let h = r * 1.3;
        let _ = writeln!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.2\"/>",
            num(c.x - h / 2.0),
            num(c.y - h / 2.0),
            num(h),
            num(h)
        );
    }
    if closed {
        // One stroke across the empty pit, as a pit struck out: a
        // shape, where a cross (taken) is two.
        let d = r * 0.7;
        let _ = writeln!(
            s,
            "<path d=\"M{} {}L{} {}\" stroke=\"#000\" stroke-width=\"1.6\"/>",
            num(c.x - d),
            num(c.y + d),
            num(c.x + d),
            num(c.y - d)
        );
    }
    if taken {
        let d = r * 0.62;
        let _ = writeln!(
            s,
            "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#000\" stroke-width=\"1.6\"/>",
            num(c.x - d),
            num(c.y - d),
            num(c.x + d),
            num(c.y + d),
            num(c.x - d),
            num(c.y + d),
            num(c.x + d),
            num(c.y - d)
        );
    }
    // Over a cross the count keeps a white edge, so it stays legible.
    let halo = if taken {
        " stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\""
    } else {
        ""
    };
    match opts.seeds {
        // A pit out of play holds nothing: the stroke says so, without a
        // 0 that would read as an empty pit in play.
        _ if closed && seeds == 0 => {}
        Seeds::Numbers => count(s, c, 2.0 * r * 0.78, COUNT_SIZE, halo, seeds),
        Seeds::Dots => {
            dots(s, c, r, seeds);
            if seeds > MAX_DOTS {
                count(
                    s,
                    c,
                    2.0 * r * 0.6,
                    COUNT_SIZE - 2.0,
                    " stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\"",
                    seeds,
                );
            }
        }
    }
    if controller != home {
        // The controller's letter on a tag at the pit's upper right, as
        // the text board writes `11S`.
        let at = corner(c, r, 1.0);
        let _ = writeln!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"7.5\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"1\"/>",
            num(at.x),
            num(at.y)
        );
        text(
            s,
            Point {
                x: at.x,
                y: at.y + 3.4,
            },
            NOTE_SIZE,
            "middle",
            " font-weight=\"bold\"",
            &controller.letter().to_string(),
        );
    }
    if !order.is_empty() {
        let label_above = opts.labels && cell.label_at.y < c.y;
        badge(s, corner(c, r, -1.0), c.x, r + 3.0, !label_above, order);
    }
    if opts.labels {
        text(
            s,
            cell.label_at,
            // Larger on a compact picture, which a phone shows smaller.
            if opts.compact {
                LABEL_SIZE + 3.0
            } else {
                LABEL_SIZE
            },
            "middle",
            "",
            &label.to_string(),
        );
    }
    let mut notes = Vec::new();
    if closed {
        notes.push("out of play".to_owned());
    }
    if let Some(h) = house {
        notes.push(format!("house {}", h.letter()));
    }
    if offered {
        notes.push("offered".to_owned());
    }
    if !notes.is_empty() {
        text(s, cell.note_at, NOTE_SIZE, "middle", "", &notes.join(", "));
    }
    s.push_str("</g>\n");
}

fn draw_store(
    s: &mut String,
    store: &StoreCell,
    scene: &Scene,
    marks: &Marks,
    opts: &Options,
    order: &[usize],
) {
    let side = store.side;
    let seeds = scene.state.captured[side.index()];
    let focus = marks.focus == Some(Place::Store(side));
    let r = store.rect;
    s.push_str("<g");
    if opts.interactive {
        let _ = write!(
            s,
            " class=\"store{}\" data-store=\"{}\" data-count=\"{seeds}\"",
            if focus { " focus" } else { "" },
            side.letter()
        );
    }
    s.push_str(">\n");
    let _ = writeln!(
        s,
        "<title>{}</title>",
        esc(&format!(
            "{side}'s store: {}{}",
            seeds_text(seeds),
            path_note(order)
        ))
    );
    if focus {
        let _ = writeln!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"none\" stroke=\"#000\" stroke-width=\"2.5\"/>",
            num(r.x - 4.5),
            num(r.y - 4.5),
            num(r.w + 9.0),
            num(r.h + 9.0),
            num(r.w / 2.0 + 4.5)
        );
    }
    let _ = writeln!(
        s,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"1.2\"/>",
        num(r.x),
        num(r.y),
        num(r.w),
        num(r.h),
        num(r.w / 2.0)
    );
    // A store shows its number in either mode: it may hold most of the
    // game's seeds, far more than dots can show.
    count(s, r.centre(), r.w * 0.8, COUNT_SIZE + 2.0, "", seeds);
    if !order.is_empty() {
        badge(
            s,
            Point {
                x: r.x + r.w / 2.0,
                y: r.y + 16.0,
            },
            r.x + r.w / 2.0,
            r.w / 2.0 + 3.0,
            true,
            order,
        );
    }
    text(
        s,
        store.label_at,
        LABEL_SIZE - 1.0,
        "middle",
        " font-style=\"italic\"",
        &side.to_string(),
    );
    s.push_str("</g>\n");
}

/// A player's name; bold with a marker and "to act" for the side to act,
/// and, where the rules have no stores, their captured total.
fn draw_name(s: &mut String, rules: &Rules, name: &NameCell, stacked: bool, scene: &Scene) {
    let (side, at) = (name.side, name.at);
    let acting = scene.to_act() == Some(side);
    let mut second = Vec::new();
    if acting {
        second.push("to act".to_owned());
    }
    if !rules.stores {
        second.push(format!("captured {}", scene.state.captured[side.index()]));
    }
    // Stacked: one line on the band's baseline. Beside: one line or two,
    // centred on the player's rows.
    let at = Point {
        x: at.x,
        y: if stacked {
            at.y
        } else if second.is_empty() {
            at.y + 5.0
        } else {
            at.y - 2.0
        },
    };
    s.push_str("<g>\n");
    if acting {
        // A drawn triangle, not a glyph: every font and printer shows it.
        let _ = writeln!(
            s,
            "<path d=\"M{} {}L{} {}L{} {}Z\" fill=\"#000\"/>",
            num(at.x),
            num(at.y - 5.0),
            num(at.x + 9.0),
            num(at.y - 10.5),
            num(at.x + 9.0),
            num(at.y + 0.5)
        );
    }
    let x = at.x + 14.0;
    text(
        s,
        Point { x, y: at.y },
        NAME_SIZE,
        "start",
        if acting { " font-weight=\"bold\"" } else { "" },
        &side.to_string(),
    );
    if !second.is_empty() {
        // After the name ("North" or "South", 5 letters) on its line, or
        // under it.
        let under = if stacked {
            Point {
                x: x + 5.0 * NAME_SIZE * CHAR_WIDTH + 8.0,
                y: at.y,
            }
        } else {
            Point { x, y: at.y + 15.0 }
        };
        text(s, under, SMALL_SIZE, "start", "", &second.join(" · "));
    }
    s.push_str("</g>\n");
}

/// Where a tag sits on a pit of radius `r` centred at `c`: astride its
/// rim at the upper right (`side` 1) or upper left (`side` -1), just
/// outside the seeds' dots.
fn corner(c: Point, r: f64, side: f64) -> Point {
    let d = (r + 5.0) * std::f64::consts::FRAC_1_SQRT_2;
    Point {
        x: c.x + side * d,
        y: c.y - d,
    }
}

/// `n` centred at `c`, as large as `base` while it fits `room` across.
fn count(s: &mut String, c: Point, room: f64, base: f64, extra: &str, n: u32) {
    let t = n.to_string();
    let size = base.min(room / (CHAR_WIDTH * t.len() as f64));
    text(
        s,
        Point {
            x: c.x,
            // The baseline, so the digits' middle is at the centre.
            y: c.y + size * 0.36,
        },
        size,
        "middle",
        extra,
        &t,
    );
}

/// A small black tag with white numbers: the order in which seeds of
/// the path fell here, at `at` (a pit's upper left), no wider than a pit
/// and centred at most `reach` from `centre` across. A long relay drops
/// many seeds in one pit: the numbers wrap onto a second line (see
/// [`badge_lines`]) rather than run into the next pit and off the board.
/// A wrapped tag is lifted half a line, off the count, if `lift` (no
/// label above the place to cover).
fn badge(s: &mut String, at: Point, centre: f64, reach: f64, lift: bool, order: &[usize]) {
    let lines = badge_lines(order, BADGE_ROOM);
    let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let w = 7.0 + longest as f64 * BADGE_CHAR;
    let half = (reach - w / 2.0).max(0.0);
    let x = at.x.clamp(centre - half, centre + half);
    let h = 13.0 + (lines.len() as f64 - 1.0) * BADGE_LINE;
    // A second line lifts the tag by half a line, off the count, where
    // no label stands above the place.
    let at = Point {
        x: at.x,
        y: if lift { at.y - (h - 13.0) / 2.0 } else { at.y },
    };
    let _ = writeln!(
        s,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"6.5\" fill=\"#000\"/>",
        num(x - w / 2.0),
        num(at.y - 6.5),
        num(w),
        num(h)
    );
    for (k, line) in lines.iter().enumerate() {
        text(
            s,
            Point {
                x,
                y: at.y + 3.3 + k as f64 * BADGE_LINE,
            },
            NOTE_SIZE,
            "middle",
            " fill=\"#fff\" font-weight=\"bold\"",
            line,
        );
    }
}

/// The drops a place's tag numbers, in full for its title: a long
/// relay's tag shows only the first and the last.
fn path_note(order: &[usize]) -> String {
    if order.is_empty() {
        return String::new();
    }
    let list: Vec<String> = order.iter().map(usize::to_string).collect();
    format!(", seeds {} of the last ply", list.join(","))
}

/// The width a tag's line may take: a pit's width, so tags of
/// neighbouring pits (a pitch apart) never meet.
const BADGE_ROOM: f64 = 2.0 * super::layout::PIT_RADIUS + 6.0;
/// A bold digit of a tag, and the distance between its lines.
const BADGE_CHAR: f64 = 5.6;
const BADGE_LINE: f64 = 11.0;

/// The most lines of a tag: two keep it in the upper half of a pit, off
/// the count.
const BADGE_LINES: usize = 2;

/// `order` written `1,17,33`, cut after a comma into at most
/// [`BADGE_LINES`] lines of at most `room` across; a number is never
/// split. What does not fit ends in `…,LAST`: the pit's title lists all.
fn badge_lines(order: &[usize], room: f64) -> Vec<String> {
    let most = (((room - 7.0) / BADGE_CHAR).floor() as usize).max(1);
    let mut lines = vec![String::new()];
    for (i, n) in order.iter().enumerate() {
        let piece = if i + 1 < order.len() {
            format!("{n},")
        } else {
            n.to_string()
        };
        let line = lines.last_mut().expect("one line at least");
        if line.is_empty() || line.len() + piece.len() <= most {
            line.push_str(&piece);
        } else if lines.len() < BADGE_LINES {
            lines.push(piece);
        } else {
            let last = order.last().map_or_else(String::new, usize::to_string);
            *lines.last_mut().expect("one line at least") = format!("…,{last}");
            break;
        }
    }
    lines
}

/// `n` seeds as dots in a pit of radius `r` centred at `c`.
fn dots(s: &mut String, c: Point, r: f64, n: u32) {
    for (dx, dy) in dot_offsets(n, r) {
        let _ = writeln!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#000\"/>",
            num(c.x + dx),
            num(c.y + dy),
            num(DOT_RADIUS)
        );
    }
}

/// Where the dots of `n` seeds go, from the pit's centre: the few as a
/// die shows them (so they are counted at a glance), up to
/// [`MAX_DOTS`] spread evenly on a sunflower spiral, more as a ring
/// round the edge (the number is written inside it). Fixed for each `n`.
pub(super) fn dot_offsets(n: u32, r: f64) -> Vec<(f64, f64)> {
    use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI, TAU};
    let ring = |k: u32, radius: f64, start: f64| -> Vec<(f64, f64)> {
        (0..k)
            .map(|i| {
                let a = start + TAU * f64::from(i) / f64::from(k);
                (radius * a.cos(), radius * a.sin())
            })
            .collect()
    };
    match n {
        0 => Vec::new(),
        1 => vec![(0.0, 0.0)],
        2 => ring(2, 7.0, 0.0),
        3 => ring(3, 8.0, -FRAC_PI_2),
        4 => ring(4, 9.0, FRAC_PI_4),
        5 => {
            let mut v = ring(4, 10.5, FRAC_PI_4);
            v.push((0.0, 0.0));
            v
        }
        6 => ring(6, 10.0, 0.0),
        7 => {
            let mut v = ring(6, 11.0, 0.0);
            v.push((0.0, 0.0));
            v
        }
        n if n <= MAX_DOTS => {
            // Vogel's spiral: equal area per seed out to `outer`.
            // Clear of the tags at the pit's upper corners.
            let outer = r - DOT_RADIUS - 4.5;
            let golden = PI * (3.0 - 5f64.sqrt());
            (0..n)
                .map(|k| {
                    let rad = outer * ((f64::from(k) + 0.5) / f64::from(n)).sqrt();
                    let a = f64::from(k) * golden;
                    (rad * a.cos(), rad * a.sin())
                })
                .collect()
        }
        _ => ring(16, r - DOT_RADIUS - 2.5, -FRAC_PI_2),
    }
}

fn seeds_text(n: u32) -> String {
    if n == 1 {
        "1 seed".to_owned()
    } else {
        format!("{n} seeds")
    }
}

/// A `<text>` element: `anchor` is `start` or `middle`, `extra` more
/// attributes (each with a leading space), `t` escaped.
fn text(s: &mut String, at: Point, size: f64, anchor: &str, extra: &str, t: &str) {
    let _ = writeln!(
        s,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{anchor}\"{extra}>{}</text>",
        num(at.x),
        num(at.y),
        num(size),
        esc(t)
    );
}

/// A coordinate with at most two decimals and no trailing zeros: short
/// and the same on every machine.
fn num(x: f64) -> String {
    let t = format!("{:.2}", x);
    let t = t.trim_end_matches('0').trim_end_matches('.');
    if t == "-0" {
        "0".to_owned()
    } else {
        t.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(esc("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot;");
    }

    /// Each count up to the cap gets that many dots, all inside the pit
    /// and none touching another; above it the ring stays the same size.
    #[test]
    fn dots_fit_their_pit_and_do_not_touch() {
        let r = super::super::layout::PIT_RADIUS;
        for n in 0..=MAX_DOTS + 5 {
            let v = dot_offsets(n, r);
            if n <= MAX_DOTS {
                assert_eq!(v.len(), n as usize);
            } else {
                assert_eq!(v.len(), dot_offsets(MAX_DOTS + 1, r).len());
            }
            for (i, a) in v.iter().enumerate() {
                assert!(
                    a.0.hypot(a.1) + DOT_RADIUS < r - 1.0,
                    "{n}: dot {i} at the edge"
                );
                for b in &v[i + 1..] {
                    let d = (a.0 - b.0).hypot(a.1 - b.1);
                    assert!(d > 2.0 * DOT_RADIUS + 0.5, "{n}: dots touch ({d})");
                }
            }
        }
    }
}
