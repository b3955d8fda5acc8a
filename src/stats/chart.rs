//! Bar charts as SVG: the histograms of `ayla stats` (game lengths, final
//! margins, captures over the game), drawn to go into a paper as they are.
//!
//! Written by hand rather than with a plotting crate: a histogram is a few
//! hundred lines of SVG, and a dependency would bring fonts, backends and
//! a build far larger than the chart. No font metrics are needed, since
//! every label is placed by its anchor (start, middle or end) and the
//! margins leave room for the longest label the number format makes.
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
//!     bars: vec![
//!         Bar { from: 40.0, to: 50.0, value: 17.0 },
//!         Bar { from: 50.0, to: 60.0, value: 42.0 },
//!     ],
//! };
//! assert!(chart.to_svg().starts_with("<svg"));
//! ```

use crate::xml::escape as esc;
use std::fmt::Write;

/// The canvas, in the picture's units: one size for every chart, so the
/// figures of a paper line up.
const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 440.0;
/// The plot area. The left margin holds a tick label of up to about nine
/// characters and the rotated y label; the top one the title and subtitle.
const LEFT: f64 = 84.0;
const RIGHT: f64 = WIDTH - 24.0;
const TOP: f64 = 60.0;
const BOTTOM: f64 = HEIGHT - 56.0;

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
    /// A second, smaller line under the title (e.g. "200 games, level 3, seed 1"); may be empty.
    pub subtitle: String,
    /// What the x axis measures (e.g. "plies").
    pub x_label: String,
    /// What the bars' heights count (e.g. "games").
    pub y_label: String,
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
    fn of(bar: &Bar) -> Option<Bin> {
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
        let (lo, hi) = if from == to {
            (from - 0.5, from + 0.5)
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
        let bins: Vec<Bin> = self.bars.iter().filter_map(Bin::of).collect();
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
            from: BOTTOM,
            to: TOP,
        };

        let mut s = String::new();
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" role=\"img\">",
            w = num(WIDTH),
            h = num(HEIGHT),
        );
        if !self.title.is_empty() {
            let _ = writeln!(s, "<title>{}</title>", esc(&self.title));
        }
        let _ = writeln!(
            s,
            "<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#fff\"/>",
            num(WIDTH),
            num(HEIGHT)
        );
        let mid = (LEFT + RIGHT) / 2.0;
        text(
            &mut s,
            "title",
            (WIDTH / 2.0, 26.0),
            TITLE_SIZE,
            "middle",
            " font-weight=\"bold\"",
            &self.title,
        );
        text(
            &mut s,
            "subtitle",
            (WIDTH / 2.0, 45.0),
            SUBTITLE_SIZE,
            "middle",
            &format!(" fill=\"{MUTED}\""),
            &self.subtitle,
        );

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

        let base = sy.at(0.0);
        let _ = writeln!(
            s,
            "<g fill=\"{BAR_FILL}\" stroke=\"#fff\" stroke-width=\"1\">"
        );
        for b in &bins {
            let (x0, x1) = (sx.at(b.lo), sx.at(b.hi));
            let top = sy.at(b.value);
            // Rounded edges, not rounded sizes: neighbours then share an
            // edge exactly, and each size is off by at most 0.01.
            let (x0, x1) = (round2(x0), round2(x1));
            let (y0, y1) = (round2(top.min(base)), round2(top.max(base)));
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

        // A margin histogram reads against 0: who won is which side of it.
        if x_axis.lo < 0.0 && 0.0 < x_axis.hi {
            let x = sx.at(0.0);
            line(&mut s, "zero", (x, TOP), (x, BOTTOM), INK);
        }
        if y_axis.lo < 0.0 {
            line(&mut s, "zero", (LEFT, base), (RIGHT, base), INK);
        }

        line(&mut s, "axis", (LEFT, TOP), (LEFT, BOTTOM), INK);
        line(&mut s, "axis", (LEFT, BOTTOM), (RIGHT, BOTTOM), INK);
        for &t in &x_axis.ticks {
            let x = sx.at(t);
            line(&mut s, "tick", (x, BOTTOM), (x, BOTTOM + 5.0), INK);
            text(
                &mut s,
                "xtick",
                (x, BOTTOM + 19.0),
                TICK_SIZE,
                "middle",
                "",
                &tick_label(t, x_axis.step),
            );
        }

        text(
            &mut s,
            "xlabel",
            (mid, HEIGHT - 12.0),
            LABEL_SIZE,
            "middle",
            "",
            &self.x_label,
        );
        let (lx, ly) = (20.0, (TOP + BOTTOM) / 2.0);
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
                (mid, (TOP + BOTTOM) / 2.0),
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
}
