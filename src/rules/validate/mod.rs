//! Validation of a rule file, one function per table: each reads its
//! table (and what it needs of the board), reports what is wrong in it,
//! and gives that table's part of the model; [`cross`] then checks the
//! keys that only make sense together across tables. [`Rules::from_toml`]
//! calls them in order, so that errors come out in the same order for the
//! same file (the loader sorts them by place; ties keep this order).

mod beyond_capture;
mod board;
mod capture;
mod column_capture;
mod cross;
mod end;
mod houses;
mod interpretations;
mod match_play;
mod moves;
mod opposite_capture;
mod sowing;
mod sowing_capture;
mod trading;
mod variant;

use super::error::{Diagnostic, Span};
use super::model::*;
use super::schema::*;
use crate::board::Side;

pub(super) use board::Board;

impl Rules {
    /// Validates a raw rule file.
    ///
    /// # Errors
    /// Every constraint the file breaks, each with its span and key.
    ///
    /// `file_of` tells which file of an `extends` chain a span lies in, so
    /// that a check about keys written together (e.g. a price beside
    /// `enabled = false`) ignores keys inherited from a parent.
    pub fn from_toml(
        raw: TomlRules,
        file_of: &dyn Fn(Span) -> usize,
    ) -> Result<Rules, Vec<Diagnostic>> {
        let mut c = Checker::default();
        let provenance = variant::provenance(&mut c, &raw.variant);
        let board = board::board(&mut c, &raw.board, file_of);
        // Later checks against the total only make sense for a sound board.
        let sound = (c.diags.is_empty()).then_some(board.total);
        let capture = raw
            .capture
            .as_ref()
            .map(|cap| capture::capture(&mut c, cap, &board, sound, file_of));
        let trading = trading::trading(&mut c, raw.trading.as_ref(), &board, file_of);
        let end = end::end(&mut c, &raw.end, sound);
        let sowing_capture = raw
            .sowing_capture
            .as_ref()
            .map(|sc| sowing_capture::sowing_capture(&mut c, sc, sound));
        let opposite_capture = raw
            .opposite_capture
            .as_ref()
            .map(|o| opposite_capture::opposite_capture(&mut c, o, file_of));
        let moves = moves::moves(&mut c, &raw.moves, file_of);
        let sowing = sowing::sowing(&mut c, &raw.sowing, &board, file_of);
        let beyond_capture = raw
            .beyond_capture
            .as_ref()
            .map(beyond_capture::beyond_capture);
        let houses = raw
            .houses
            .as_ref()
            .map(|h| houses::houses(&mut c, h, &board, sound, file_of));
        let column_capture = raw
            .column_capture
            .as_ref()
            .map(|t| column_capture::column_capture(&mut c, t, &board));
        let match_play = raw
            .match_play
            .as_ref()
            .map(|m| match_play::match_play(&mut c, m));
        let mut interpretations = interpretations::interpretations(&mut c, &raw.interpretations);
        let rules = Rules {
            provenance,
            board: board.geometry,
            initial: board.initial,
            first: side(raw.board.get_ref().first),
            direction: sowing.direction,
            pit_directions: sowing.pit_directions,
            first_seed: sowing.first_seed,
            skip_origin: sowing.skip_origin,
            laps: sowing.laps,
            later_rounds: sowing.later_rounds,
            stores: board.stores,
            extra_turn: sowing.extra_turn,
            cannot_feed: moves.cannot_feed,
            beyond_capture,
            houses,
            min_seeds: moves.min_seeds,
            below_min_if_no_other: moves.below_min_if_no_other,
            opening: moves.opening,
            must_capture: moves.must_capture,
            inner_row_first: moves.inner_row_first,
            clockwise: moves.clockwise,
            opposite_capture,
            column_capture,
            sowing_capture,
            sow_from: moves.sow_from,
            feeding: moves.feeding,
            cannot_sow: moves.cannot_sow,
            capture,
            trading,
            end,
            match_play,
            interpretations: Vec::new(),
            readings: Vec::new(),
            total_seeds: board.total as u32,
        };
        cross::cross(&mut c, &raw, &rules, file_of);
        if !c.diags.is_empty() {
            return Err(c.diags);
        }
        interpretations::drop_moot(&mut interpretations, &rules);
        Ok(Rules {
            interpretations,
            ..rules
        })
    }
}

pub(super) fn side(s: TomlSide) -> Side {
    match s {
        TomlSide::South => Side::South,
        TomlSide::North => Side::North,
    }
}

/// A key's value, or its default when no file writes it.
pub(super) fn value<T: Copy + Default>(v: &Option<toml::Spanned<T>>) -> T {
    v.as_ref().map_or_else(T::default, |v| *v.get_ref())
}

/// Where a key is written, if any file writes it.
pub(super) fn written<T>(v: &Option<toml::Spanned<T>>) -> Option<Span> {
    v.as_ref().map(|v| Span::from(v.span()))
}

/// Collects diagnostics while a file is validated, so one run reports them all.
#[derive(Default)]
pub(super) struct Checker {
    pub(super) diags: Vec<Diagnostic>,
}

impl Checker {
    pub(super) fn err(&mut self, span: Span, key: &str, msg: impl Into<String>) {
        self.diags.push(Diagnostic::new(span, key, msg));
    }

    /// A key whose value needs another key to be otherwise. The error is
    /// the dependent key's (`dep`: key, where, message), except when a more
    /// derived file of an `extends` chain writes the other key (`other`):
    /// that change is what broke the rules, and the file the user is
    /// editing is where they look.
    pub(super) fn conflict(
        &mut self,
        file_of: &dyn Fn(Span) -> usize,
        dep: (&str, Span, String),
        other: Option<(&str, Span, String)>,
    ) {
        match other {
            Some((key, at, msg)) if file_of(at) < file_of(dep.1) => self.err(at, key, msg),
            _ => self.err(dep.1, dep.0, dep.2),
        }
    }

    /// An integer in `lo..=hi`, or a diagnostic at its position.
    pub(super) fn int(
        &mut self,
        v: &toml::Spanned<i64>,
        key: &str,
        lo: i64,
        hi: i64,
        what: &str,
    ) -> i64 {
        let x = *v.get_ref();
        if x < lo || x > hi {
            self.err(
                v.span().into(),
                key,
                format!("expected {what} from {lo} to {hi}, found {x}"),
            );
            lo
        } else {
            x
        }
    }
}

impl Checker {
    /// A count of pits from `lo` to the pits of a row (`rows`: how many,
    /// and where `board.pits_per_row` is written). A count that longer
    /// rows would allow is blamed on the rows when a more derived file
    /// shortened them.
    pub(super) fn up_to_rows(
        &mut self,
        v: &toml::Spanned<i64>,
        key: &str,
        lo: i64,
        rows: (usize, Span),
        what: &str,
        file_of: &dyn Fn(Span) -> usize,
    ) -> i64 {
        self.up_to_rows_times(v, key, lo, 1, rows, what, file_of)
    }

    /// As [`Checker::up_to_rows`], up to `times` the pits of a row (2 for
    /// a count of the whole board's pits).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn up_to_rows_times(
        &mut self,
        v: &toml::Spanned<i64>,
        key: &str,
        lo: i64,
        times: usize,
        (per_row, rows): (usize, Span),
        what: &str,
        file_of: &dyn Fn(Span) -> usize,
    ) -> i64 {
        let x = *v.get_ref();
        let hi = (times * per_row) as i64;
        if (lo..=hi).contains(&x) {
            return x;
        }
        let at: Span = v.span().into();
        let other = (x > hi && x <= (times * crate::board::MAX_PITS_PER_ROW) as i64).then(|| {
            (
                "board.pits_per_row",
                rows,
                format!(
                    "rows of {per_row} allow {what} from {lo} to {hi}, and the inherited `{key}` is {x}: give `{key}` here too"
                ),
            )
        });
        self.conflict(
            file_of,
            (
                key,
                at,
                format!("expected {what} from {lo} to {hi}, found {x}"),
            ),
            other,
        );
        lo
    }

    /// An optional seed count of an `[end]` key, from `lo` to 65535.
    pub(super) fn seed_count(
        &mut self,
        v: &Option<toml::Spanned<i64>>,
        key: &str,
        lo: i64,
    ) -> Option<u16> {
        v.as_ref()
            .map(|v| self.int(v, key, lo, i64::from(u16::MAX), "a seed count") as u16)
    }

    /// A list of capturing counts (`<table>.counts`) as a bit set: not
    /// empty, each from 1 to 63, none twice, and none above the board's
    /// `total` when the board is sound enough to know it.
    pub(super) fn counts(
        &mut self,
        (at, list): (Span, &[toml::Spanned<i64>]),
        table: &str,
        total: Option<u64>,
    ) -> CountSet {
        let key = format!("{table}.counts");
        if list.is_empty() {
            self.err(
                at,
                &key,
                format!(
                    "expected at least one count (leave out [{table}] for a game without {})",
                    if table == "capture" {
                        "captures"
                    } else {
                        "them"
                    }
                ),
            );
        }
        let mut counts = 0u64;
        for k in list {
            let x = self.int(k, &key, 1, 63, "a capturing count");
            if let Some(total) = total
                && x as u64 > total
            {
                self.err(
                    k.span().into(),
                    &key,
                    format!("a pit can never hold {x} seeds: the board holds {total} in all"),
                );
            }
            // `int` stands a bad count in as 1; only a real repeat is a repeat.
            if (1..=63).contains(k.get_ref()) && counts >> x & 1 == 1 {
                self.err(k.span().into(), &key, format!("count {x} is listed twice"));
            }
            counts |= 1 << x;
        }
        CountSet::of_mask(counts)
    }

    /// A list of pit numbers (`key`), each from 1 to the pits of a row,
    /// none twice, as a set.
    pub(super) fn pit_numbers(
        &mut self,
        list: &toml::Spanned<Vec<toml::Spanned<i64>>>,
        key: &str,
        rows: (usize, Span),
        file_of: &dyn Fn(Span) -> usize,
    ) -> RowPits {
        let mut set = RowPits::NONE;
        for k in list.get_ref() {
            let x = self.up_to_rows(k, key, 1, rows, "a pit number", file_of);
            // A bad number stands in as 1: only a real number is kept.
            if !(1..=rows.0 as i64).contains(k.get_ref()) {
                continue;
            }
            if set.contains(x as usize) {
                self.err(
                    k.span().into(),
                    key,
                    format!("pit number {x} is listed twice"),
                );
            }
            set.0 |= 1 << x;
        }
        set
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use serde::Deserialize;
    use toml::Spanned;

    /// A `[variant]` table for the tests' small files.
    pub(crate) const VARIANT: &str = "[variant]\nid = \"t\"\nname = \"T\"\n";
    /// A `[board]` table of 2 rows of 4 pits of 4 seeds.
    pub(crate) const BOARD: &str = "[board]\npits_per_row = 4\nseeds_per_pit = 4\n";
    /// The two tables every file needs.
    pub(crate) const BASE: &str =
        "[variant]\nid = \"t\"\nname = \"T\"\n[board]\npits_per_row = 4\nseeds_per_pit = 4\n";

    /// A one-file rule text as the loader hands it to validation.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct File {
        variant: TomlVariant,
        board: Spanned<TomlBoard>,
        #[serde(default)]
        sowing: TomlSowing,
        #[serde(default)]
        moves: TomlMoves,
        capture: Option<Spanned<TomlCapture>>,
        trading: Option<Spanned<TomlTrading>>,
        opposite_capture: Option<Spanned<TomlOppositeCapture>>,
        sowing_capture: Option<Spanned<TomlSowingCapture>>,
        #[serde(default)]
        end: TomlEnd,
        beyond_capture: Option<Spanned<TomlBeyondCapture>>,
        houses: Option<Spanned<TomlHouses>>,
        column_capture: Option<Spanned<TomlColumnCapture>>,
        #[serde(rename = "match")]
        match_play: Option<Spanned<TomlMatch>>,
        #[serde(default)]
        interpretation: Vec<Spanned<TomlInterpretation>>,
    }

    /// A table's errors as `(key, message)` pairs.
    pub(crate) type Diags = Vec<(String, String)>;

    /// Validates `[table]` with `body` on the tests' 2x4 board of 32
    /// seeds (`BASE`): `f` gets the checker, the raw file and the
    /// validated board, and returns the table's model.
    pub(crate) fn check_table<T>(
        table: &str,
        body: &str,
        f: impl FnOnce(&mut Checker, &TomlRules, &board::Board) -> T,
    ) -> (T, Diags) {
        let r = raw(&format!("{BASE}[{table}]\n{body}"));
        let mut c = Checker::default();
        let b = board::board(&mut c, &r.board, &|_| 0);
        let made = f(&mut c, &r, &b);
        (
            made,
            c.diags.into_iter().map(|d| (d.key, d.message)).collect(),
        )
    }

    /// The raw tables of a small rule file (spans are offsets in `text`).
    pub(crate) fn raw(text: &str) -> TomlRules {
        let f: File = toml::from_str(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        TomlRules {
            variant: f.variant,
            board: f.board,
            sowing: f.sowing,
            moves: f.moves,
            capture: f.capture,
            trading: f.trading,
            opposite_capture: f.opposite_capture,
            sowing_capture: f.sowing_capture,
            end: f.end,
            beyond_capture: f.beyond_capture,
            houses: f.houses,
            column_capture: f.column_capture,
            match_play: f.match_play,
            interpretations: f.interpretation,
        }
    }

    #[test]
    fn a_whole_file_is_validated_table_by_table_into_its_model() {
        let r = Rules::from_toml(raw(BASE), &|_| 0).unwrap();
        assert_eq!((r.per_row(), r.total_seeds), (4, 32));
        assert!(r.capture.is_none() && r.houses.is_none());
    }
}
