//! Bar charts as SVG: the histograms of `ayla stats` (game lengths, final
//! margins, captures over the game), drawn to go into a paper as they are.
//!
//! Written by hand rather than with a plotting crate; see "Why not
//! plotters" below.
//!
//! Labels are placed by their anchor (start, middle or end) and the
//! margins leave room for the longest tick label the number format makes.
//! The title and subtitle are free text (a subtitle names every reading of
//! a combination), so they are wrapped onto as many lines as they need,
//! measured with [`text_width`], and the chart grows downwards to hold
//! them: nothing is cut off at the edges.
//!
//! The text is built in one fixed order with fixed number formats, so the
//! same chart always gives the same bytes, and a figure in a repository
//! changes only when its data does.
//!
//! ```
//! use ayla::stats::chart::{Bar, Chart};
//!
//! let chart = Chart {
//!     title: "Game length".to_owned(),
//!     subtitle: "200 games, level 3, seed 1".to_owned(),
//!     x_label: "plies".to_owned(),
//!     y_label: "games".to_owned(),
//!     discrete: false,
//!     bars: vec![
//!         Bar { from: 40.0, to: 50.0, value: 17.0 },
//!         Bar { from: 50.0, to: 60.0, value: 42.0 },
//!     ],
//! };
//! assert!(chart.to_svg().starts_with("<svg"));
//! ```
//!
//! # Why not plotters
//!
//! plotters (0.3, with its SVG backend) was weighed against this module
//! and not taken:
//!
//! - **Text layout.** plotters measures text only with a font loaded at
//!   run time (its `ab_glyph` or `ttf` features, with a font file found or
//!   shipped); it neither wraps a long title nor grows the canvas for one,
//!   so the subtitle would still need the wrapping done here.
//! - **Accessibility and hover.** Its SVG backend writes no `<title>` or
//!   `<desc>` for the document and no per-bar `<title>`; each bar here
//!   carries its bin and count as hover text, and the chart its title and
//!   description, which screen readers read.
//! - **Weight.** Its default features pull in a bitmap backend, image
//!   decoding and font loading (font-kit, which on Linux needs the
//!   system's fontconfig to build): tens of crates and a longer build for
//!   what is here a few hundred lines with no dependency.
//! - **Byte-stable output.** The text here is made in one fixed order with
//!   fixed number formats; a figure kept in a repository changes only when
//!   its data does.
//!
//! What plotters does better (log axes, many chart kinds) `ayla stats` does
//! not use: its charts are three bar charts.

use crate::xml::escape as esc;
use std::fmt::Write;

/// The canvas, in the picture's units: one width for every chart, so the
/// figures of a paper line up, and this height where the title and the
/// subtitle take one line each (each more line adds its height).
const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 440.0;
/// The plot area. The left margin holds a tick label of up to about nine
/// characters and the rotated y label; the top one a line of title and a
/// line of subtitle (the plot moves down for more).
const LEFT: f64 = 84.0;
const RIGHT: f64 = WIDTH - 24.0;
const TOP: f64 = 60.0;
const BOTTOM: f64 = HEIGHT - 56.0;
/// The room the title and subtitle lines may fill: the canvas less a
/// margin on each side.
const TEXT_MARGIN: f64 = 16.0;
/// Baselines: the title's first line, the gap from its last line to the
/// subtitle's first, and the step between lines of each.
const TITLE_BASELINE: f64 = 26.0;
const TITLE_LINE: f64 = 20.0;
const SUBTITLE_GAP: f64 = 19.0;
const SUBTITLE_LINE: f64 = 15.0;

const TITLE_SIZE: f64 = 16.0;
const SUBTITLE_SIZE: f64 = 12.0;
const LABEL_SIZE: f64 = 13.0;
const TICK_SIZE: f64 = 11.0;

const BAR_FILL: &str = "#4a6fa5";
const GRID: &str = "#dddddd";
const INK: &str = "#333333";
const MUTED: &str = "#666666";

/// An axis is cut into at most this many intervals: more and the tick
/// labels crowd each other on a 616-unit axis.
const MAX_INTERVALS: f64 = 8.0;
/// Inputs are held within ± this. Far beyond any count a game statistic
/// reaches, and small enough that `x ± 0.5` and `x + 1` are still exact,
/// so no span collapses to zero and nothing overflows to infinity.
const LIMIT: f64 = 1e15;
/// Slack for comparisons of quotients that should be whole numbers but
/// carry rounding error (17.5 / 2.5 may be 6.999…).
const EPS: f64 = 1e-9;

/// One bar: the bin [from, to) on the x axis and its height.
///
/// A bin with `from == to` is drawn one unit wide, centred on `from`; one
/// with `from > to` is drawn as if the ends were swapped. A bar with a
/// field that is not finite is left out of the drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// The bin's left end, inclusive.
    pub from: f64,
    /// The bin's right end, exclusive.
    pub to: f64,
    /// The bar's height: a count, a share or a mean.
    pub value: f64,
}

/// A bar chart: a title, axis labels and contiguous or separate bars.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// The heading, over the plot.
    pub title: String,
    /// A second, smaller line under the title (e.g. "200 games, level 3,
    /// seed 1"); may be empty. A newline starts a new line; a line too
    /// wide for the chart is wrapped (so is the title).
    pub subtitle: String,
    /// What the x axis measures (e.g. "plies").
    pub x_label: String,
    /// What the bars' heights count (e.g. "games").
    pub y_label: String,
    /// The bars count integers: a bar covers the integers `from..=to`, is
    /// drawn from `from − ½` to `to + ½`, and its hover text names the
    /// integers it covers ("1–5: 12", "0: 7"). Without it a bar is the
    /// interval [from, to).
    pub discrete: bool,
    /// The bars, drawn in this order.
    pub bars: Vec<Bar>,
}

/// A bar as drawn: finite, held within [`LIMIT`], `lo < hi`.
struct Bin {
    lo: f64,
    hi: f64,
    value: f64,
    /// Whether the ends as given are integers: then the x ticks are too,
    /// even where a bin was widened to half-integers around a point.
    whole: bool,
    /// The hover text, from the bar as given (not as widened).
    hover: String,
}

impl Bin {
    fn of(bar: &Bar, discrete: bool) -> Option<Bin> {
        if !(bar.from.is_finite() && bar.to.is_finite() && bar.value.is_finite()) {
            return None;
        }
        let (from, to) = (held(bar.from), held(bar.to));
        let value = held(bar.value);
        let hover = if from == to {
            format!("{}: {}", compact(from), compact(value))
        } else {
            format!("{}–{}: {}", compact(from), compact(to), compact(value))
        };
        let (lo, hi) = if from == to || discrete {
            (from.min(to) - 0.5, from.max(to) + 0.5)
        } else {
            (from.min(to), from.max(to))
        };
        Some(Bin {
            lo,
            hi,
            value,
            whole: from.fract() == 0.0 && to.fract() == 0.0,
            hover,
        })
    }
}

fn held(x: f64) -> f64 {
    x.clamp(-LIMIT, LIMIT)
}

/// A linear map from data to the picture. A degenerate range maps to
/// the middle rather than to NaN, so no input reaches the output as one.
struct Scale {
    lo: f64,
    hi: f64,
    from: f64,
    to: f64,
}

impl Scale {
    fn at(&self, v: f64) -> f64 {
        let p = self.from + (v - self.lo) / (self.hi - self.lo) * (self.to - self.from);
        if p.is_finite() {
            p
        } else {
            (self.from + self.to) / 2.0
        }
    }
}

/// An axis: its range, and ticks at whole multiples of a nice step.
struct Axis {
    lo: f64,
    hi: f64,
    step: f64,
    ticks: Vec<f64>,
}

impl Axis {
    /// Ticks at the multiples of the step that lie in `[lo, hi]`; the
    /// range itself is kept (the x axis spans exactly the bins).
    fn inside(lo: f64, hi: f64, whole: bool) -> Axis {
        let step = nice_step(hi - lo, whole);
        let first = (lo / step - EPS).ceil();
        let ticks = (0..=2 * MAX_INTERVALS as usize)
            .map(|i| (first + i as f64) * step)
            .take_while(|&t| t <= hi + EPS * step)
            .collect();
        Axis {
            lo,
            hi,
            step,
            ticks,
        }
    }

    /// The range widened out to multiples of the step, with 0 in it (a
    /// bar's height is measured from 0).
    fn around_zero(min: f64, max: f64, whole: bool) -> Axis {
        let (mut lo, mut hi) = (min.min(0.0), max.max(0.0));
        if hi - lo <= 0.0 {
            hi = 1.0;
            lo = 0.0;
        }
        let step = nice_step(hi - lo, whole);
        let below = (-lo / step - EPS).ceil().max(0.0);
        let above = (hi / step - EPS).ceil().max(0.0);
        let ticks = (-(below as i64)..=above as i64)
            .map(|i| i as f64 * step)
            .collect();
        Axis {
            lo: -below * step,
            hi: above * step,
            step,
            ticks,
        }
    }
}

/// The tick step for an axis spanning `span`: the smallest 1, 2, 2.5 or
/// 5 × 10^k that cuts it into at most [`MAX_INTERVALS`] (so into at
/// least four, since each step is at most 2.5 times the one before).
/// With `whole` (all the data are integers) only whole steps are taken,
/// fewer ticks if need be: a count of games has no tick at 2.5.
fn nice_step(span: f64, whole: bool) -> f64 {
    let span = if span.is_finite() && span > 0.0 {
        span
    } else {
        1.0
    };
    let mut k = (span / MAX_INTERVALS).log10().floor() as i32;
    loop {
        // Dividing by an exact power of ten keeps 0.05 the nearest
        // double to 0.05, where multiplying by 0.01 would not.
        let mag = 10f64.powi(k.abs());
        for m in [1.0, 2.0, 2.5, 5.0] {
            let s = if k >= 0 { m * mag } else { m / mag };
            if whole && (s < 1.0 || s.fract() != 0.0) {
                continue;
            }
            if (span / s - EPS).ceil() <= MAX_INTERVALS {
                return s;
            }
        }
        k += 1;
    }
}

impl Chart {
    /// The chart as a standalone SVG document (UTF-8 text).
    ///
    /// Every input gives a well-formed document: without bars the axes
    /// span 0 to 1 and the plot says "no data".
    #[must_use]
    pub fn to_svg(&self) -> String {
        let bins: Vec<Bin> = self
            .bars
            .iter()
            .filter_map(|b| Bin::of(b, self.discrete))
            .collect();
        let wide = WIDTH - 2.0 * TEXT_MARGIN;
        let title = wrap(&self.title, TITLE_SIZE, true, wide);
        let subtitle = wrap(&self.subtitle, SUBTITLE_SIZE, false, wide);
        // The lines past one of each push the plot down and the canvas
        // with it; the plot itself keeps its size.
        let more = TITLE_LINE * (title.len().max(1) - 1) as f64
            + SUBTITLE_LINE * (subtitle.len().max(1) - 1) as f64;
        let (top, bottom, height) = (TOP + more, BOTTOM + more, HEIGHT + more);
        let (x_axis, y_axis) = if bins.is_empty() {
            (
                Axis::inside(0.0, 1.0, false),
                Axis::around_zero(0.0, 1.0, false),
            )
        } else {
            let lo = bins.iter().map(|b| b.lo).fold(f64::INFINITY, f64::min);
            let hi = bins.iter().map(|b| b.hi).fold(f64::NEG_INFINITY, f64::max);
            let x_whole = bins.iter().all(|b| b.whole);
            let min = bins.iter().map(|b| b.value).fold(0.0, f64::min);
            let max = bins.iter().map(|b| b.value).fold(0.0, f64::max);
            let y_whole = bins.iter().all(|b| b.value.fract() == 0.0);
            (
                Axis::inside(lo, hi, x_whole),
                Axis::around_zero(min, max, y_whole),
            )
        };
        let sx = Scale {
            lo: x_axis.lo,
            hi: x_axis.hi,
            from: LEFT,
            to: RIGHT,
        };
        let sy = Scale {
            lo: y_axis.lo,
            hi: y_axis.hi,
            from: bottom,
            to: top,
        };

        let mut s = String::new();
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" role=\"img\">",
            w = num(WIDTH),
            h = num(height),
        );
        if !self.title.is_empty() {
            let _ = writeln!(s, "<title>{}</title>", esc(&self.title));
        }
        // The subtitle whole, unwrapped, for screen readers.
        if !self.subtitle.is_empty() {
            let _ = writeln!(s, "<desc>{}</desc>", esc(&self.subtitle));
        }
        let _ = writeln!(
            s,
            "<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#fff\"/>",
            num(WIDTH),
            num(height)
        );
        let mid = (LEFT + RIGHT) / 2.0;
        let mut y = TITLE_BASELINE;
        for (i, line) in title.iter().enumerate() {
            if i > 0 {
                y += TITLE_LINE;
            }
            text(
                &mut s,
                "title",
                (WIDTH / 2.0, y),
                TITLE_SIZE,
                "middle",
                " font-weight=\"bold\"",
                line,
            );
        }
        y += SUBTITLE_GAP;
        for (i, line) in subtitle.iter().enumerate() {
            if i > 0 {
                y += SUBTITLE_LINE;
            }
            text(
                &mut s,
                "subtitle",
                (WIDTH / 2.0, y),
                SUBTITLE_SIZE,
                "middle",
                &format!(" fill=\"{MUTED}\""),
                line,
            );
        }

        // Grid first, so bars and axes lie over it.
        for &t in &y_axis.ticks {
            let y = sy.at(t);
            line(&mut s, "grid", (LEFT, y), (RIGHT, y), GRID);
            text(
                &mut s,
                "ytick",
                (LEFT - 7.0, y + 4.0),
                TICK_SIZE,
                "end",
                "",
                &tick_label(t, y_axis.step),
            );
        }

        // A margin histogram reads against 0: who won is which side of it.
        // Under the bars, so it does not cut the draws' own bar in two.
        if x_axis.lo < 0.0 && 0.0 < x_axis.hi {
            let x = sx.at(0.0);
            line(&mut s, "zero", (x, top), (x, bottom), INK);
        }

        let base = sy.at(0.0);
        let _ = writeln!(
            s,
            "<g fill=\"{BAR_FILL}\" stroke=\"#fff\" stroke-width=\"1\">"
        );
        for b in &bins {
            let (x0, x1) = (sx.at(b.lo), sx.at(b.hi));
            let end = sy.at(b.value);
            // Rounded edges, not rounded sizes: neighbours then share an
            // edge exactly, and each size is off by at most 0.01.
            let (x0, x1) = (round2(x0), round2(x1));
            let (y0, y1) = (round2(end.min(base)), round2(end.max(base)));
            let _ = writeln!(
                s,
                "<rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"><title>{}</title></rect>",
                num(x0),
                num(y0),
                num(x1 - x0),
                num(y1 - y0),
                esc(&b.hover)
            );
        }
        s.push_str("</g>\n");

        if y_axis.lo < 0.0 {
            line(&mut s, "zero", (LEFT, base), (RIGHT, base), INK);
        }

        line(&mut s, "axis", (LEFT, top), (LEFT, bottom), INK);
        line(&mut s, "axis", (LEFT, bottom), (RIGHT, bottom), INK);
        for &t in &x_axis.ticks {
            let x = sx.at(t);
            line(&mut s, "tick", (x, bottom), (x, bottom + 5.0), INK);
            text(
                &mut s,
                "xtick",
                (x, bottom + 19.0),
                TICK_SIZE,
                "middle",
                "",
                &tick_label(t, x_axis.step),
            );
        }

        text(
            &mut s,
            "xlabel",
            (mid, height - 12.0),
            LABEL_SIZE,
            "middle",
            "",
            &self.x_label,
        );
        let (lx, ly) = (20.0, (top + bottom) / 2.0);
        text(
            &mut s,
            "ylabel",
            (lx, ly),
            LABEL_SIZE,
            "middle",
            &format!(" transform=\"rotate(-90 {} {})\"", num(lx), num(ly)),
            &self.y_label,
        );
        if bins.is_empty() {
            text(
                &mut s,
                "empty",
                (mid, (top + bottom) / 2.0),
                LABEL_SIZE,
                "middle",
                &format!(" fill=\"{MUTED}\""),
                "no data",
            );
        }
        s.push_str("</svg>\n");
        s
    }
}

/// Advance widths of DejaVu Sans, the usual `sans-serif` of Linux and the
/// widest of the common ones, for ASCII from the space to `~`, in
/// thousandths of an em (read from the font's `hmtx` table).
const SANS: [u16; 95] = [
    317, 400, 459, 837, 636, 950, 779, 274, 390, 390, 500, 837, 317, 360, 317, 336, 636, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 336, 336, 837, 837, 837, 530, 1000, 684, 686, 698, 770, 631,
    575, 774, 751, 294, 294, 655, 557, 862, 748, 787, 603, 787, 694, 634, 610, 731, 684, 988, 685,
    610, 685, 390, 336, 390, 837, 500, 500, 612, 634, 549, 634, 615, 352, 634, 633, 277, 277, 579,
    277, 974, 633, 611, 634, 634, 411, 520, 392, 633, 591, 817, 591, 591, 524, 636, 336, 636, 837,
];
/// The same for DejaVu Sans Bold.
const SANS_BOLD: [u16; 95] = [
    348, 456, 520, 837, 695, 1001, 872, 306, 457, 457, 522, 837, 379, 415, 379, 365, 695, 695, 695,
    695, 695, 695, 695, 695, 695, 695, 399, 399, 837, 837, 837, 580, 1000, 773, 762, 733, 830, 683,
    683, 820, 836, 372, 372, 774, 637, 995, 836, 850, 732, 850, 770, 720, 682, 812, 773, 1103, 770,
    724, 725, 457, 365, 457, 837, 500, 500, 674, 715, 592, 715, 678, 435, 715, 711, 342, 342, 665,
    342, 1041, 711, 687, 715, 715, 493, 595, 478, 711, 651, 923, 645, 651, 582, 711, 365, 711, 837,
];

/// An estimate of the width of `t` set in `sans-serif` at `size`, in the
/// picture's units: DejaVu Sans's widths for ASCII, a whole em for any
/// other character (wider than any accented Latin letter, as wide as a
/// CJK one), so that text laid out by it fits in most fonts a viewer
/// picks. The SVG carries no font, so a viewer's font may differ.
#[must_use]
pub fn text_width(t: &str, size: f64, bold: bool) -> f64 {
    let table = if bold { &SANS_BOLD } else { &SANS };
    let thousandths: u32 = t
        .chars()
        .map(|c| {
            let i = (c as usize).wrapping_sub(32);
            table.get(i).map_or(1000, |&w| u32::from(w))
        })
        .sum();
    f64::from(thousandths) * size / 1000.0
}

/// `t` cut into lines no wider than `max` by [`text_width`]: at each
/// newline, then at spaces, as many words a line as fit; a word wider
/// than a line on its own is cut between characters, since nothing may
/// fall off the canvas. No line for an empty text.
fn wrap(t: &str, size: f64, bold: bool, max: f64) -> Vec<String> {
    t.lines()
        .flat_map(|paragraph| wrap_line(paragraph, size, bold, max))
        .collect()
}

/// [`wrap`] for a text without newlines.
fn wrap_line(t: &str, size: f64, bold: bool, max: f64) -> Vec<String> {
    let width = |s: &str| text_width(s, size, bold);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in t.split_whitespace() {
        let joined = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if width(&joined) <= max {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for c in word.chars() {
            line.push(c);
            if width(&line) > max && line.chars().count() > 1 {
                line.pop();
                lines.push(std::mem::take(&mut line));
                line.push(c);
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// A bin width of 1, 2 or 5 × 10^k giving at most about `bins` bins over
/// `span`, and never under 1 (the values binned are integers).
fn bin_width(span: f64, bins: f64) -> f64 {
    let raw = (span / bins).max(1.0);
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * mag)
        .find(|&w| w >= raw)
        .unwrap_or(10.0 * mag)
}

/// Bars counting `values` (integers) in about 25 bins [from, to) of one
/// width, from a multiple of it.
#[must_use]
pub fn histogram(values: &[f64]) -> Vec<Bar> {
    let (Some(lo), Some(hi)) = (
        values.iter().copied().reduce(f64::min),
        values.iter().copied().reduce(f64::max),
    ) else {
        return Vec::new();
    };
    let w = bin_width(hi - lo + 1.0, 25.0);
    let start = (lo / w).floor() * w;
    let n = ((hi - start) / w).floor() as usize + 1;
    let mut bars: Vec<Bar> = (0..n)
        .map(|i| Bar {
            from: start + i as f64 * w,
            to: start + (i + 1) as f64 * w,
            value: 0.0,
        })
        .collect();
    for &v in values {
        bars[((v - start) / w).floor() as usize].value += 1.0;
    }
    bars
}

/// Bars counting final margins for a [`Chart::discrete`] chart: a bar of
/// its own for the draws (0), and bins of one width `w` (about 25 bins in
/// all) outwards from ±1 for wins and losses: `1..=w`, `w+1..=2w`, … and
/// `-w..=-1`, … So a draw is never counted with a small win. The draws'
/// bar is there even with no draw, so 0 is always on the axis.
#[must_use]
pub fn margin_histogram(margins: &[i64]) -> Vec<Bar> {
    if margins.is_empty() {
        return Vec::new();
    }
    let lo = margins.iter().copied().min().unwrap_or(0).min(0);
    let hi = margins.iter().copied().max().unwrap_or(0).max(0);
    // Spans up to 2^63 are far beyond any game; i128 keeps the sums exact.
    let span = (i128::from(hi) - i128::from(lo) + 1) as f64;
    let w = bin_width(span, 25.0) as i128;
    // Bins outwards: k ≥ 1 covers (k−1)w+1 ..= kw, or its negation.
    let bins_over = |m: i64| -> i128 { (i128::from(m).abs() + w - 1) / w };
    let (below, above) = (bins_over(lo), bins_over(hi));
    let mut bars: Vec<Bar> = Vec::new();
    for k in (1..=below).rev() {
        bars.push(Bar {
            from: (-k * w) as f64,
            to: (-(k - 1) * w - 1) as f64,
            value: 0.0,
        });
    }
    bars.push(Bar {
        from: 0.0,
        to: 0.0,
        value: 0.0,
    });
    for k in 1..=above {
        bars.push(Bar {
            from: ((k - 1) * w + 1) as f64,
            to: (k * w) as f64,
            value: 0.0,
        });
    }
    for &m in margins {
        let k = bins_over(m);
        let i = match m.signum() {
            0 => below,
            1 => below + k,
            _ => below - k,
        };
        bars[i as usize].value += 1.0;
    }
    bars
}

/// A `<text>` element, or nothing for an empty text; `extra` holds more
/// attributes, each with a leading space.
fn text(
    s: &mut String,
    class: &str,
    (x, y): (f64, f64),
    size: f64,
    anchor: &str,
    extra: &str,
    t: &str,
) {
    if t.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        "<text class=\"{class}\" x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{anchor}\"{extra}>{}</text>",
        num(x),
        num(y),
        num(size),
        esc(t)
    );
}

fn line(s: &mut String, class: &str, (x1, y1): (f64, f64), (x2, y2): (f64, f64), colour: &str) {
    let _ = writeln!(
        s,
        "<line class=\"{class}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{colour}\" stroke-width=\"1\"/>",
        num(x1),
        num(y1),
        num(x2),
        num(y2)
    );
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// A coordinate with at most two decimals and no trailing zeros: short
/// and the same on every machine. Never "NaN" or "inf", whatever comes in.
fn num(x: f64) -> String {
    if !x.is_finite() {
        return "0".to_owned();
    }
    trim(format!("{x:.2}"))
}

/// Trailing zeros of a decimal fraction dropped, and "-0" made "0".
fn trim(t: String) -> String {
    let t = if t.contains('.') {
        t.trim_end_matches('0').trim_end_matches('.')
    } else {
        &t
    };
    if t == "-0" {
        "0".to_owned()
    } else {
        t.to_owned()
    }
}

/// A value for people to read (hover text): integers as integers, other
/// values to three decimals or three significant digits, whichever is
/// finer, and tiny ones in exponent form.
fn compact(v: f64) -> String {
    if !v.is_finite() {
        return "0".to_owned();
    }
    if v.fract() == 0.0 {
        return trim(format!("{v:.0}"));
    }
    if v.abs() < 1e-3 {
        let t = format!("{v:.2e}");
        let (mantissa, exp) = t.split_once('e').unwrap_or((&t, "0"));
        return format!("{}e{exp}", trim(mantissa.to_owned()));
    }
    let d = (2 - v.abs().log10().floor() as i32).max(3) as usize;
    trim(format!("{v:.d$}"))
}

/// A tick label: as many decimals as the step has, so neighbours differ,
/// and exponent form for the very large and very small, so a label fits
/// the margin (1e9 games would otherwise be ten digits wide).
fn tick_label(v: f64, step: f64) -> String {
    if !(v.is_finite() && step.is_finite() && step > 0.0) || (v / step).abs() < 0.5 {
        // Ticks are multiples of the step: one this close to 0 is 0.
        return "0".to_owned();
    }
    // A step is 1, 2, 2.5 or 5 × 10^k: 2.5 needs one digit more than k.
    let step_mag = step.log10().floor();
    if v.abs() >= 1e6 || v.abs() < 1e-3 {
        let digits = (v.abs().log10().floor() - step_mag + 1.0).clamp(0.0, 16.0) as usize;
        let t = format!("{v:.digits$e}");
        let (mantissa, exp) = t.split_once('e').unwrap_or((&t, "0"));
        return format!("{}e{exp}", trim(mantissa.to_owned()));
    }
    let decimals = (1.0 - step_mag).clamp(0.0, 20.0) as usize;
    trim(format!("{v:.decimals$}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The top of a y axis from 0 for data up to `max`, and its step: the
    /// smallest multiple of [`nice_step`] at or over `max` (1 when `max` is
    /// not positive).
    fn nice(max: f64, whole: bool) -> (f64, f64) {
        let axis = Axis::around_zero(0.0, max, whole);
        (axis.hi, axis.step)
    }

    fn chart(bars: &[(f64, f64, f64)]) -> Chart {
        Chart {
            title: "Game length".to_owned(),
            subtitle: "200 games, level 3, seed 1".to_owned(),
            x_label: "plies".to_owned(),
            y_label: "games".to_owned(),
            discrete: false,
            bars: bars
                .iter()
                .map(|&(from, to, value)| Bar { from, to, value })
                .collect(),
        }
    }

    /// The normal case and every edge case, named for failure messages.
    fn cases() -> Vec<(&'static str, Chart)> {
        let lengths: Vec<(f64, f64, f64)> = (0..10)
            .map(|i| {
                let from = 20.0 + 10.0 * f64::from(i);
                (from, from + 10.0, f64::from((i * 7) % 23))
            })
            .collect();
        let margins: Vec<(f64, f64, f64)> = (-6..6)
            .map(|i| (f64::from(i) * 4.0, f64::from(i + 1) * 4.0, f64::from(i * i)))
            .collect();
        vec![
            ("lengths", chart(&lengths)),
            ("margins", chart(&margins)),
            ("no bars", chart(&[])),
            ("all zero", chart(&[(0.0, 1.0, 0.0), (1.0, 2.0, 0.0)])),
            ("single", chart(&[(40.0, 50.0, 17.0)])),
            ("from == to", chart(&[(5.0, 5.0, 3.0), (6.0, 6.0, 4.0)])),
            ("huge", chart(&[(0.0, 1.0, 1e9), (1.0, 2.0, 3.5e8)])),
            (
                "fractional",
                chart(&[(0.1, 0.35, 0.123), (0.35, 0.6, 0.0371), (0.6, 0.85, 0.5)]),
            ),
            ("reversed", chart(&[(10.0, 0.0, 2.0)])),
            (
                "negative values",
                chart(&[(0.0, 1.0, -3.0), (1.0, 2.0, 5.0)]),
            ),
            ("tiny", chart(&[(0.0, 1e-9, 1e-12)])),
            ("extreme", chart(&[(-1e300, 1e300, 1e300), (0.0, 0.0, 1.0)])),
        ]
    }

    fn parse(svg: &str) -> roxmltree::Document<'_> {
        roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"))
    }

    fn attr(n: roxmltree::Node<'_, '_>, name: &str) -> f64 {
        n.attribute(name)
            .unwrap_or_else(|| panic!("no {name}"))
            .parse()
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    /// (x, y, width, height) of each bar, in document order.
    fn rects(doc: &roxmltree::Document<'_>) -> Vec<(f64, f64, f64, f64)> {
        doc.descendants()
            .filter(|n| n.has_tag_name("rect") && n.attribute("class") == Some("bar"))
            .map(|n| {
                (
                    attr(n, "x"),
                    attr(n, "y"),
                    attr(n, "width"),
                    attr(n, "height"),
                )
            })
            .collect()
    }

    fn texts<'a>(doc: &'a roxmltree::Document<'_>, class: &str) -> Vec<&'a str> {
        doc.descendants()
            .filter(|n| n.has_tag_name("text") && n.attribute("class") == Some(class))
            .map(|n| n.text().unwrap_or(""))
            .collect()
    }

    #[test]
    fn every_case_is_well_formed_and_finite() {
        for (name, c) in cases() {
            let svg = c.to_svg();
            let doc = parse(&svg);
            let root = doc.root_element();
            assert_eq!(root.attribute("viewBox"), Some("0 0 720 440"), "{name}");
            assert!(
                !svg.contains("NaN") && !svg.contains("inf"),
                "{name}:\n{svg}"
            );
            for (x, y, w, h) in rects(&doc) {
                assert!(w >= 0.0 && h >= 0.0, "{name}: negative size");
                assert!(x >= LEFT - 0.01 && x + w <= RIGHT + 0.01, "{name}: x {x}");
                assert!(y >= TOP - 0.01 && y + h <= BOTTOM + 0.01, "{name}: y {y}");
            }
        }
    }

    #[test]
    fn a_bar_that_is_not_finite_is_left_out() {
        let c = chart(&[
            (0.0, 1.0, f64::NAN),
            (f64::NEG_INFINITY, 1.0, 2.0),
            (1.0, 2.0, 3.0),
        ]);
        let svg = c.to_svg();
        assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
        assert_eq!(rects(&parse(&svg)).len(), 1);
    }

    #[test]
    fn one_rect_per_bar_a_zero_bar_included() {
        for (name, c) in cases() {
            let svg = c.to_svg();
            let doc = parse(&svg);
            assert_eq!(rects(&doc).len(), c.bars.len(), "{name}");
            let hovers = doc
                .descendants()
                .filter(|n| n.has_tag_name("rect") && n.attribute("class") == Some("bar"))
                .filter(|n| n.children().any(|t| t.has_tag_name("title")))
                .count();
            assert_eq!(hovers, c.bars.len(), "{name}: every bar has hover text");
        }
        let doc_svg = chart(&[(0.0, 1.0, 0.0), (1.0, 2.0, 4.0)]).to_svg();
        assert_eq!(rects(&parse(&doc_svg))[0].3, 0.0);
    }

    #[test]
    fn heights_are_proportional_to_values() {
        for (name, c) in cases() {
            let values: Vec<f64> = c.bars.iter().map(|b| b.value.abs()).collect();
            let Some(&big) = values.iter().max_by(|a, b| a.total_cmp(b)) else {
                continue;
            };
            if big == 0.0 || big > LIMIT {
                continue;
            }
            let doc_svg = c.to_svg();
            let hs: Vec<f64> = rects(&parse(&doc_svg)).iter().map(|r| r.3).collect();
            let k = hs[values.iter().position(|&v| v == big).unwrap()] / big;
            for (v, h) in values.iter().zip(&hs) {
                assert!((h - v * k).abs() <= 0.01 + 1e-9, "{name}: {v} drawn {h}");
            }
        }
    }

    #[test]
    fn bars_run_left_to_right_with_from() {
        for name in ["lengths", "margins", "fractional", "from == to"] {
            let c = &cases().into_iter().find(|c| c.0 == name).unwrap().1;
            let doc_svg = c.to_svg();
            let rs = rects(&parse(&doc_svg));
            for (i, pair) in rs.windows(2).enumerate() {
                assert!(c.bars[i].from < c.bars[i + 1].from);
                assert!(pair[0].0 < pair[1].0, "{name}: bar {i}");
            }
        }
        // Integer points widened to unit bins keep integer ticks.
        let doc_svg = chart(&[(5.0, 5.0, 3.0), (6.0, 6.0, 4.0)]).to_svg();
        assert_eq!(texts(&parse(&doc_svg), "xtick"), ["5", "6"]);
        // Contiguous bins share an edge: no gap, no overlap.
        let doc_svg = cases()[0].1.to_svg();
        let rs = rects(&parse(&doc_svg));
        for pair in rs.windows(2) {
            assert!((pair[0].0 + pair[0].2 - pair[1].0).abs() < 1e-9);
        }
    }

    #[test]
    fn every_text_is_escaped_and_round_trips() {
        let mut c = chart(&[(0.0, 1.0, 1.0)]);
        c.title = "Kpé <&> \"quoted\" 'single'".to_owned();
        c.subtitle = "a & b".to_owned();
        c.x_label = "<x>".to_owned();
        c.y_label = "y's".to_owned();
        let svg = c.to_svg();
        let doc = parse(&svg);
        assert_eq!(texts(&doc, "title"), [c.title.as_str()]);
        assert_eq!(texts(&doc, "subtitle"), ["a & b"]);
        assert_eq!(texts(&doc, "xlabel"), ["<x>"]);
        assert_eq!(texts(&doc, "ylabel"), ["y's"]);
        assert!(!svg.contains("<&>"));
    }

    #[test]
    fn hover_text_gives_bin_and_value() {
        let c = chart(&[(40.0, 50.0, 17.0), (5.0, 5.0, 0.12345)]);
        let svg = c.to_svg();
        let doc = parse(&svg);
        let hovers: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("title") && n.parent().unwrap().has_tag_name("rect"))
            .map(|n| n.text().unwrap())
            .collect();
        assert_eq!(hovers, ["40–50: 17", "5: 0.123"]);
    }

    #[test]
    fn top_tick_covers_the_largest_value_and_ticks_are_even() {
        for (name, c) in cases() {
            let svg = c.to_svg();
            let doc = parse(&svg);
            let ticks: Vec<f64> = texts(&doc, "ytick")
                .iter()
                .map(|t| t.parse().unwrap_or_else(|e| panic!("{name}: {t}: {e}")))
                .collect();
            assert!((2..=10).contains(&ticks.len()), "{name}: {ticks:?}");
            let max = c
                .bars
                .iter()
                .map(|b| b.value)
                .fold(0.0, f64::max)
                .min(LIMIT);
            assert!(*ticks.last().unwrap() >= max, "{name}: {ticks:?}");
            let step = ticks[1] - ticks[0];
            for pair in ticks.windows(2) {
                assert!(((pair[1] - pair[0]) / step - 1.0).abs() < 1e-6, "{name}");
            }
            for t in texts(&doc, "xtick").into_iter().chain(texts(&doc, "ytick")) {
                assert!(t != "-0" && !t.ends_with(".0"), "{name}: {t}");
            }
        }
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(100.0, true), 20.0);
        assert_eq!(nice_step(1.0, false), 0.2);
        assert_eq!(nice_step(1.0, true), 1.0);
        assert_eq!(nice_step(f64::NAN, false), 0.2);
        assert_eq!(nice(17.0, true), (20.0, 5.0));
        assert_eq!(nice(17.0, false), (17.5, 2.5));
        assert_eq!(nice(10.0, true), (10.0, 2.0));
        assert_eq!(nice(1.0, true), (1.0, 1.0));
        assert_eq!(nice(1e9, true), (1e9, 2e8));
        assert_eq!(nice(0.0, true), (1.0, 1.0));
        let (top, step) = nice(0.37, false);
        assert_eq!(step, 0.05);
        assert!((top - 0.4).abs() < 1e-12);
        for max in [0.003, 0.9, 3.0, 7.0, 99.0, 101.0, 12345.0] {
            for whole in [false, true] {
                let (top, step) = nice(max, whole);
                let n = (top / step).round();
                assert!(top >= max, "{max}");
                assert!(n <= MAX_INTERVALS && (whole || n >= 4.0), "{max}: {n}");
                let m = step / 10f64.powf(step.log10().floor());
                assert!(
                    [1.0, 2.0, 2.5, 5.0].iter().any(|x| (m - x).abs() < 1e-9),
                    "{max}: step {step}"
                );
            }
        }
    }

    #[test]
    fn numbers_are_compact() {
        assert_eq!(compact(3.0), "3");
        assert_eq!(compact(-0.0), "0");
        assert_eq!(compact(0.12345), "0.123");
        assert_eq!(compact(0.012345), "0.0123");
        assert_eq!(compact(12.3456), "12.346");
        assert_eq!(compact(2.5e-5), "2.5e-5");
        assert_eq!(compact(1e9), "1000000000");
        assert_eq!(tick_label(-0.0, 1.0), "0");
        assert_eq!(tick_label(7.5, 2.5), "7.5");
        assert_eq!(tick_label(3.0 * 0.1, 0.1), "0.3");
        assert_eq!(tick_label(6e8, 2e8), "6e8");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(100.0), "100");
        assert_eq!(num(f64::NAN), "0");
    }

    #[test]
    fn no_data_is_said() {
        let doc_svg = chart(&[]).to_svg();
        let doc = parse(&doc_svg);
        assert_eq!(texts(&doc, "empty"), ["no data"]);
        assert_eq!(texts(&doc, "xtick").first(), Some(&"0"));
        assert_eq!(texts(&doc, "xtick").last(), Some(&"1"));
        let doc_svg = chart(&[(0.0, 1.0, 0.0)]).to_svg();
        assert!(texts(&parse(&doc_svg), "empty").is_empty());
    }

    #[test]
    fn zero_line_only_inside_the_x_range() {
        let zero_lines = |c: &Chart| {
            let svg = c.to_svg();
            let doc = parse(&svg);
            doc.descendants()
                .filter(|n| n.attribute("class") == Some("zero"))
                .map(|n| attr(n, "x1"))
                .collect::<Vec<_>>()
        };
        let margins = chart(&[(-10.0, 0.0, 3.0), (0.0, 10.0, 5.0)]);
        assert_eq!(zero_lines(&margins), [(LEFT + RIGHT) / 2.0]);
        assert!(zero_lines(&chart(&[(0.0, 10.0, 5.0)])).is_empty());
        assert!(zero_lines(&chart(&[(-10.0, 0.0, 5.0)])).is_empty());
    }

    #[test]
    fn output_is_deterministic_with_two_decimals() {
        for (name, c) in cases() {
            let svg = c.to_svg();
            assert_eq!(svg, c.clone().to_svg(), "{name}");
            let doc = parse(&svg);
            for n in doc.descendants().filter(|n| n.is_element()) {
                for a in ["x", "y", "width", "height", "x1", "y1", "x2", "y2"] {
                    if let Some(v) = n.attribute(a) {
                        let decimals = v.split_once('.').map_or(0, |(_, d)| d.len());
                        assert!(decimals <= 2, "{name}: {a}={v}");
                    }
                }
            }
        }
    }

    /// Margins in bins of 5: draws alone in theirs, wins from 1 to 5,
    /// losses from -5 to -1, every margin counted once.
    #[test]
    fn draws_have_a_bin_of_their_own() {
        let margins: Vec<i64> = vec![-60, -6, -5, -1, 0, 0, 0, 1, 4, 5, 6, 40];
        let bars = margin_histogram(&margins);
        let bin = |from: f64, to: f64| {
            bars.iter()
                .find(|b| b.from == from && b.to == to)
                .unwrap_or_else(|| panic!("no bin {from}..={to} in {bars:?}"))
                .value
        };
        assert_eq!(bin(0.0, 0.0), 3.0);
        assert_eq!(bin(1.0, 5.0), 3.0);
        assert_eq!(bin(6.0, 10.0), 1.0);
        assert_eq!(bin(-5.0, -1.0), 2.0);
        assert_eq!(bin(-10.0, -6.0), 1.0);
        assert_eq!(bin(-60.0, -56.0), 1.0);
        assert_eq!(bin(36.0, 40.0), 1.0);
        // Contiguous over the integers, no bin straddling 0, all counted.
        for pair in bars.windows(2) {
            assert_eq!(pair[0].to + 1.0, pair[1].from, "{bars:?}");
        }
        assert!(
            bars.iter()
                .all(|b| b.from > 0.0 || b.to < 0.0 || b.from == b.to)
        );
        assert_eq!(bars.iter().map(|b| b.value).sum::<f64>(), 12.0);
        assert_eq!((bars[0].from, bars[bars.len() - 1].to), (-60.0, 40.0));
        assert!(bars.len() <= 26, "{}", bars.len());
    }

    #[test]
    fn small_margins_get_a_bin_each_and_zero_is_always_there() {
        let bars = margin_histogram(&[-2, -2, 3]);
        let got: Vec<(f64, f64, f64)> = bars.iter().map(|b| (b.from, b.to, b.value)).collect();
        assert_eq!(
            got,
            [
                (-2.0, -2.0, 2.0),
                (-1.0, -1.0, 0.0),
                (0.0, 0.0, 0.0),
                (1.0, 1.0, 0.0),
                (2.0, 2.0, 0.0),
                (3.0, 3.0, 1.0)
            ]
        );
        // All wins: the draws' bar still starts the axis.
        assert_eq!(margin_histogram(&[7, 9])[0].from, 0.0);
        assert!(margin_histogram(&[]).is_empty());
        // Extreme values neither overflow nor panic.
        let wide = margin_histogram(&[i64::MIN, 0, i64::MAX]);
        assert_eq!(wide.iter().map(|b| b.value).sum::<f64>(), 3.0);
    }

    /// A discrete chart draws a bar from `from − ½` to `to + ½` and names
    /// the integers it covers in its hover text.
    #[test]
    fn discrete_bars_cover_their_integers() {
        let mut c = chart(&[(-5.0, -1.0, 2.0), (0.0, 0.0, 3.0), (1.0, 5.0, 4.0)]);
        c.discrete = true;
        let svg = c.to_svg();
        let doc = parse(&svg);
        let rs = rects(&doc);
        for pair in rs.windows(2) {
            assert!((pair[0].0 + pair[0].2 - pair[1].0).abs() < 0.02, "{rs:?}");
        }
        // The draws' bar is one integer wide, the others five.
        assert!((rs[1].2 * 5.0 - rs[0].2).abs() < 0.05, "{rs:?}");
        let hovers: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("title") && n.parent().unwrap().has_tag_name("rect"))
            .map(|n| n.text().unwrap())
            .collect();
        assert_eq!(hovers, ["-5–-1: 2", "0: 3", "1–5: 4"]);
    }

    /// Every word of a long subtitle is kept, on lines that fit the
    /// canvas, and the canvas grows to hold them with the plot below.
    #[test]
    fn a_long_subtitle_wraps_and_the_chart_grows() {
        let mut c = chart(&[(0.0, 10.0, 4.0)]);
        c.subtitle = (0..40)
            .map(|i| format!("reading-{i}=alternative-{i}"))
            .collect::<Vec<_>>()
            .join(" ");
        c.title = "Kpé: ".to_owned() + &"w".repeat(120);
        let svg = c.to_svg();
        let doc = parse(&svg);
        let lines = texts(&doc, "subtitle");
        assert!(lines.len() > 5, "{lines:?}");
        assert_eq!(lines.join(" "), c.subtitle);
        assert!(texts(&doc, "title").len() > 1);
        assert_eq!(texts(&doc, "title").concat(), c.title.replace(' ', ""));
        let height: f64 = doc
            .root_element()
            .attribute("viewBox")
            .unwrap()
            .split(' ')
            .nth(3)
            .unwrap()
            .parse()
            .unwrap();
        assert!(height > HEIGHT + 5.0 * SUBTITLE_LINE, "{height}");
        let last_subtitle = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("subtitle"))
            .map(|n| attr(n, "y"))
            .fold(0.0, f64::max);
        for n in doc.descendants().filter(|n| n.has_tag_name("text")) {
            let (x, size) = (attr(n, "x"), attr(n, "font-size"));
            let bold = n.attribute("font-weight") == Some("bold");
            let w = text_width(n.text().unwrap(), size, bold);
            if n.attribute("text-anchor") == Some("middle") && n.attribute("transform").is_none() {
                assert!(x - w / 2.0 >= 0.0 && x + w / 2.0 <= WIDTH, "{:?}", n.text());
            }
            assert!(attr(n, "y") <= height, "{:?}", n.text());
        }
        for (_, y, _, h) in rects(&doc) {
            assert!(
                y > last_subtitle && y + h <= height,
                "a bar over the subtitle"
            );
        }
        assert_eq!(
            doc.descendants()
                .find(|n| n.has_tag_name("desc"))
                .and_then(|n| n.text()),
            Some(c.subtitle.as_str())
        );
    }

    #[test]
    fn text_width_estimates_are_of_dejavu_sans() {
        // "ii" is narrower than "mm", a bold line wider than a plain one.
        assert!(text_width("ii", 12.0, false) < text_width("mm", 12.0, false));
        assert!(text_width("seed 1", 12.0, true) > text_width("seed 1", 12.0, false));
        assert!((text_width("m", 10.0, false) - 9.74).abs() < 1e-9);
        assert_eq!(text_width("é", 10.0, false), 10.0);
        assert_eq!(text_width("", 10.0, false), 0.0);
        assert_eq!(wrap("", 12.0, false, 100.0), Vec::<String>::new());
        assert_eq!(wrap("a b\nc", 12.0, false, 100.0), ["a b", "c"]);
        // A word wider than a line is cut between characters, not lost.
        let cut = wrap(&"x".repeat(50), 12.0, false, 100.0);
        assert!(cut.len() > 1 && cut.concat() == "x".repeat(50), "{cut:?}");
        assert!(cut.iter().all(|l| text_width(l, 12.0, false) <= 100.0));
    }
}
