//! `[column_capture]`: a lap ending in the mover's inner row takes the
//! opponent's pits of that column (on two rows, the pit across).

use super::{Board, Checker};
use crate::rules::error::Span;
use crate::rules::model::{ColumnCapture, ColumnThen, ResowFrom};
use crate::rules::schema::{
    TomlColumnCapture, TomlColumnPits, TomlColumnThen, TomlFullCircle, TomlResowFrom,
};
use toml::Spanned;

/// The column capture: on two rows a player's only row is their inner
/// row and the column is the one pit across, so `takes` and `needs` may
/// not name an outer pit; `resow_from` goes with `then = "resown"` and
/// only then, and `flank` with `resow_from = "inner-end"` and only then.
pub(super) fn column_capture(
    c: &mut Checker,
    t: &Spanned<TomlColumnCapture>,
    board: &Board,
) -> ColumnCapture {
    let raw = t.get_ref();
    if board.geometry.rows() == 2 {
        for (key, pits) in [
            ("column_capture.takes", Some(&raw.takes)),
            ("column_capture.needs", raw.needs.as_ref()),
        ] {
            if let Some(pits) = pits
                && *pits.get_ref() == TomlColumnPits::InnerAndOuter
            {
                c.err(
                    Span::from(pits.span()),
                    key,
                    "\"inner-and-outer\" names the outer pit behind the one across the board, and a board of two rows has no outer row: use \"inner\" (the pit across), or set `board.rows = 4`",
                );
            }
        }
    }
    let then = match (*raw.then.get_ref(), &raw.resow_from) {
        (TomlColumnThen::Captured, None) => ColumnThen::Captured,
        (TomlColumnThen::Captured, Some(from)) => {
            c.err(
                Span::from(from.span()),
                "column_capture.resow_from",
                "says where re-sown seeds start, but `then = \"captured\"` re-sows nothing: set `then = \"resown\"`, or leave out `resow_from`",
            );
            ColumnThen::Captured
        }
        (TomlColumnThen::Resown, None) => {
            c.err(
                Span::from(raw.then.span()),
                "column_capture.then",
                "\"resown\" needs `resow_from`: \"after-landing\" (the first seed in the pit after the landing pit), \"after-origin\" (after the sowing's origin), \"after-lap-start\" (after the pit the capturing lap started from) or \"inner-end\" (in an end pit of the mover's inner row)",
            );
            ColumnThen::Resown(ResowFrom::AfterLanding)
        }
        (TomlColumnThen::Resown, Some(from)) => ColumnThen::Resown(match from.get_ref() {
            TomlResowFrom::AfterLanding => ResowFrom::AfterLanding,
            TomlResowFrom::AfterOrigin => ResowFrom::AfterOrigin,
            TomlResowFrom::AfterLapStart => ResowFrom::AfterLapStart,
            TomlResowFrom::InnerEnd => ResowFrom::InnerEnd {
                flank: flank(c, raw, board),
            },
        }),
    };
    let inner_end = matches!(then, ColumnThen::Resown(ResowFrom::InnerEnd { .. }));
    if let Some(f) = &raw.flank
        && !inner_end
    {
        c.err(
            Span::from(f.span()),
            "column_capture.flank",
            "says which captures send their seeds to an end of the inner row, but only `resow_from = \"inner-end\"` re-sows from there: set it, or leave out `flank`",
        );
    }
    ColumnCapture {
        when: raw.when,
        takes: *raw.takes.get_ref(),
        needs: super::value(&raw.needs),
        then,
        laps: super::value(&raw.laps),
        full_circle_captures_nothing: raw
            .full_circle
            .as_ref()
            .is_some_and(|f| *f.get_ref() == TomlFullCircle::CapturesNothing),
    }
}

/// `flank`: how many pits at each end of the inner row send re-sown seeds
/// to that end, at most half the row, so that no pit is near both ends
/// (0, the default, is none).
fn flank(c: &mut Checker, raw: &TomlColumnCapture, board: &Board) -> u8 {
    let Some(f) = &raw.flank else { return 0 };
    let half = board.geometry.per_row() / 2;
    match u8::try_from(*f.get_ref()) {
        Ok(k) if usize::from(k) <= half => k,
        _ => {
            c.err(
                Span::from(f.span()),
                "column_capture.flank",
                format!(
                    "must be 0 to {half} (half a row of {}), so that no pit is near both ends of the inner row",
                    board.geometry.per_row()
                ),
            );
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{Diags, VARIANT, raw};
    use super::*;
    use crate::rules::model::{ColumnLaps, ColumnPits, LandingWas};

    fn check(board: &str, table: &str) -> (ColumnCapture, Diags) {
        let r = raw(&format!(
            "{VARIANT}[board]\n{board}[column_capture]\n{table}"
        ));
        let mut c = Checker::default();
        let b = super::super::board::board(&mut c, &r.board, &|_| 0);
        let made = column_capture(&mut c, r.column_capture.as_ref().unwrap(), &b);
        (
            made,
            c.diags.into_iter().map(|d| (d.key, d.message)).collect(),
        )
    }

    const FOUR: &str = "rows = 4\npits_per_row = 8\nseeds_per_pit = 2\n";

    #[test]
    fn a_resowing_capture_is_kept() {
        let (cc, diags) = check(
            FOUR,
            "when = \"occupied\"\ntakes = \"inner-and-outer\"\nthen = \"resown\"\nresow_from = \"after-landing\"\n",
        );
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(cc.when, LandingWas::Occupied);
        assert_eq!(cc.takes, ColumnPits::InnerAndOuter);
        assert_eq!(cc.needs, ColumnPits::Inner);
        assert_eq!(cc.then, ColumnThen::Resown(ResowFrom::AfterLanding));
    }

    const TWO: &str = "pits_per_row = 4\nseeds_per_pit = 4\n";

    #[test]
    fn two_rows_take_the_pit_across() {
        let (cc, diags) = check(
            TWO,
            "when = \"empty\"\ntakes = \"inner\"\nthen = \"captured\"\n",
        );
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(cc.takes, ColumnPits::Inner);
    }

    #[test]
    fn an_outer_pit_on_two_rows_is_refused_at_its_key() {
        let (_, diags) = check(
            TWO,
            "when = \"empty\"\ntakes = \"inner-and-outer\"\nneeds = \"inner-and-outer\"\nthen = \"captured\"\n",
        );
        let keys: Vec<&str> = diags.iter().map(|d| d.0.as_str()).collect();
        assert_eq!(
            keys,
            ["column_capture.takes", "column_capture.needs"],
            "{diags:?}"
        );
        assert!(diags[0].1.contains("no outer row"), "{diags:?}");
    }

    #[test]
    fn resowing_without_a_start_is_refused_at_then() {
        let (_, diags) = check(
            FOUR,
            "when = \"occupied\"\ntakes = \"inner\"\nthen = \"resown\"\n",
        );
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].0, "column_capture.then");
    }

    #[test]
    fn a_start_without_resowing_is_refused_at_the_start() {
        let (_, diags) = check(
            FOUR,
            "when = \"empty\"\ntakes = \"inner\"\nthen = \"captured\"\nresow_from = \"after-origin\"\n",
        );
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].0, "column_capture.resow_from");
    }

    #[test]
    fn bao_s_re_sowing_from_an_end_is_kept() {
        let (cc, diags) = check(
            FOUR,
            "when = \"occupied\"\ntakes = \"inner\"\nthen = \"resown\"\nresow_from = \"inner-end\"\nflank = 2\nlaps = \"if-first-captures\"\nfull_circle = \"captures-nothing\"\n",
        );
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(
            cc.then,
            ColumnThen::Resown(ResowFrom::InnerEnd { flank: 2 })
        );
        assert_eq!(cc.laps, ColumnLaps::IfFirstCaptures);
        assert!(cc.full_circle_captures_nothing);
    }

    #[test]
    fn flanks_without_an_end_to_send_seeds_to_are_refused_at_flank() {
        let (_, diags) = check(
            FOUR,
            "when = \"occupied\"\ntakes = \"inner\"\nthen = \"resown\"\nresow_from = \"after-lap-start\"\nflank = 1\n",
        );
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].0, "column_capture.flank");
        assert!(diags[0].1.contains("inner-end"), "{diags:?}");
    }

    #[test]
    fn flanks_of_more_than_half_a_row_are_refused() {
        let (_, diags) = check(
            FOUR,
            "when = \"occupied\"\ntakes = \"inner\"\nthen = \"resown\"\nresow_from = \"inner-end\"\nflank = 5\n",
        );
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(diags[0].1.starts_with("must be 0 to 4"), "{diags:?}");
    }
}
