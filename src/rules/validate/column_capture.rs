//! `[column_capture]`: a lap ending in the mover's inner row takes the
//! opponent's pits of that column (four rows).

use super::{Board, Checker};
use crate::rules::error::Span;
use crate::rules::model::{ColumnCapture, ColumnPits, ColumnThen, LandingWas, ResowFrom};
use crate::rules::schema::{
    TomlColumnCapture, TomlColumnPits, TomlColumnThen, TomlColumnWhen, TomlResowFrom,
};
use toml::Spanned;

/// The column capture: it needs a board of four rows (two rows have no
/// pit behind the one opposite, and [opposite_capture] already takes
/// that one), and `resow_from` goes with `then = "resown"` and only then.
pub(super) fn column_capture(
    c: &mut Checker,
    t: &Spanned<TomlColumnCapture>,
    board: &Board,
) -> ColumnCapture {
    let raw = t.get_ref();
    if board.geometry.rows() != 4 {
        c.err(
            Span::from(t.span()),
            "column_capture",
            "column captures need a board of four rows (`board.rows = 4`), where each player has an inner and an outer row; on two rows, [opposite_capture] takes the pit across the board",
        );
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
                "\"resown\" needs `resow_from`: \"after-landing\" (the first seed in the pit after the landing pit) or \"after-origin\" (in the pit after the sowing's origin)",
            );
            ColumnThen::Resown(ResowFrom::AfterLanding)
        }
        (TomlColumnThen::Resown, Some(from)) => ColumnThen::Resown(match from.get_ref() {
            TomlResowFrom::AfterLanding => ResowFrom::AfterLanding,
            TomlResowFrom::AfterOrigin => ResowFrom::AfterOrigin,
        }),
    };
    let pits = |p: TomlColumnPits| match p {
        TomlColumnPits::Inner => ColumnPits::Inner,
        TomlColumnPits::InnerAndOuter => ColumnPits::InnerAndOuter,
    };
    ColumnCapture {
        when: match raw.when {
            TomlColumnWhen::Empty => LandingWas::Empty,
            TomlColumnWhen::Occupied => LandingWas::Occupied,
        },
        takes: pits(raw.takes),
        needs: pits(raw.needs),
        then,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{Diags, VARIANT, raw};
    use super::*;

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

    #[test]
    fn two_rows_are_refused_at_the_table() {
        let (_, diags) = check(
            "pits_per_row = 4\nseeds_per_pit = 4\n",
            "when = \"empty\"\ntakes = \"inner\"\nthen = \"captured\"\n",
        );
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert_eq!(diags[0].0, "column_capture");
        assert!(diags[0].1.contains("board.rows = 4"), "{diags:?}");
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
}
