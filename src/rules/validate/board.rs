//! `[board]`: the rows and the seeds they start with.

use super::{Checker, value};
use crate::board::{Geometry, MAX_PITS};
use crate::rules::error::Span;
use crate::rules::model::MAX_TOTAL_SEEDS;
use crate::rules::schema::{TomlBoard, TomlStores};
use toml::Spanned;

/// What the other tables check against: the board as validated.
pub(in crate::rules) struct Board {
    /// The board's geometry: two or four rows of `per_row`.
    pub(super) geometry: Geometry,
    /// Pits per row.
    pub(super) per_row: usize,
    /// Pits per row, and where `board.pits_per_row` is written: a count
    /// of pits another table gives is checked against it.
    pub(super) rows: (usize, Span),
    /// Pits on the board.
    pub(super) pits: usize,
    /// Seeds per pit at the start, by pit index.
    pub(super) initial: Vec<u16>,
    /// Seeds on the board at the start.
    pub(super) total: u64,
    /// Each player has a store.
    pub(super) stores: bool,
}

/// The board's pits and initial seeds: `seeds_per_pit` or `initial`
/// (one of them, of the right length), and a total the counts can hold.
pub(super) fn board(
    c: &mut Checker,
    raw_board: &Spanned<TomlBoard>,
    file_of: &dyn Fn(Span) -> usize,
) -> Board {
    let board_span: Span = raw_board.span().into();
    let board = raw_board.get_ref();
    let mut per_row = board.pits_per_row.get_ref().0 as usize;
    let rows = board
        .rows
        .as_ref()
        .map_or(2, |r| usize::from(r.get_ref().0));
    if rows * per_row > MAX_PITS {
        let most = MAX_PITS / rows;
        c.err(
            board.pits_per_row.span().into(),
            "board.pits_per_row",
            format!(
                "a board of {rows} rows has at most {most} pits a row ({MAX_PITS} pits in all), found {per_row}"
            ),
        );
        per_row = most;
    }
    let pits = rows * per_row;
    let order = if rows == 2 {
        "in label order"
    } else {
        "row by row in the order positions list them"
    };
    let initial: Vec<u32> = match (&board.seeds_per_pit, &board.initial) {
        (Some(_), Some(init)) => {
            c.err(
                init.span().into(),
                "board.initial",
                "give either `seeds_per_pit` or `initial`, not both",
            );
            vec![0; pits]
        }
        (None, None) => {
            c.err(
                board_span,
                "board",
                "missing the initial seeds: give `seeds_per_pit` or `initial`",
            );
            vec![0; pits]
        }
        (Some(n), None) => vec![n.get_ref().0; pits],
        (None, Some(init)) => {
            if init.get_ref().len() != pits {
                let found = init.get_ref().len();
                c.conflict(
                    file_of,
                    (
                        "board.initial",
                        init.span().into(),
                        format!(
                            "expected {pits} counts ({rows} rows of {per_row}, {order}), found {found}"
                        ),
                    ),
                    Some((
                        "board.pits_per_row",
                        board.pits_per_row.span().into(),
                        format!(
                            "{per_row} pits a row need {pits} counts in `board.initial`, and the inherited one has {found}: give `initial` or `seeds_per_pit` here too"
                        ),
                    )),
                );
                vec![0; pits]
            } else {
                init.get_ref().clone()
            }
        }
    };
    let total: u64 = initial.iter().map(|&x| u64::from(x)).sum();
    if total > u64::from(MAX_TOTAL_SEEDS) {
        let (span, key) = match (&board.seeds_per_pit, &board.initial) {
            (Some(n), _) => (Span::from(n.span()), "board.seeds_per_pit"),
            (_, Some(i)) => (Span::from(i.span()), "board.initial"),
            _ => (board_span, "board"),
        };
        let msg =
            format!("the board would hold {total} seeds; at most {MAX_TOTAL_SEEDS} are supported");
        // Only seeds per pit grow with the pits; an `initial` of the
        // right length holds the same seeds whatever the rows.
        let rows = board.seeds_per_pit.as_ref().map(|_| {
            (
                "board.pits_per_row",
                Span::from(board.pits_per_row.span()),
                format!("{msg} (the inherited `seeds_per_pit` in each of {pits} pits)"),
            )
        });
        c.conflict(file_of, (key, span, msg), rows);
    } else if total == 0 && c.diags.is_empty() {
        let (span, key) = match (&board.seeds_per_pit, &board.initial) {
            (Some(n), _) => (Span::from(n.span()), "board.seeds_per_pit"),
            (_, Some(i)) => (Span::from(i.span()), "board.initial"),
            _ => (board_span, "board"),
        };
        c.err(span, key, "the board holds no seeds at all");
    }
    // `PitsPerRow` holds 1 to 26 and `Rows` 2 or 4, and a board too
    // large for the pit sets was cut down above.
    let geometry = Geometry::new(rows, per_row).expect("a size the checks above keep");
    // A file lists the counts as positions list the rows; the model holds
    // them by pit index (the same order on two rows).
    let mut by_index = vec![0u16; pits];
    for (pit, &count) in geometry.label_rows().iter().flatten().zip(&initial) {
        by_index[pit.index()] = count.min(u32::from(u16::MAX)) as u16;
    }
    let initial = by_index;
    Board {
        geometry,
        per_row,
        rows: (per_row, board.pits_per_row.span().into()),
        pits,
        initial,
        total,
        stores: value(&board.stores) == TomlStores::AfterLastHouse,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{VARIANT, raw};
    use super::*;

    fn check(board_table: &str) -> (Board, Vec<(String, String)>) {
        let r = raw(&format!("{VARIANT}[board]\n{board_table}"));
        let mut c = Checker::default();
        let b = board(&mut c, &r.board, &|_| 0);
        let diags = c.diags.into_iter().map(|d| (d.key, d.message)).collect();
        (b, diags)
    }

    #[test]
    fn seeds_per_pit_fill_both_rows() {
        let (b, diags) =
            check("pits_per_row = 4\nseeds_per_pit = 3\nstores = \"after-last-house\"\n");
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!((b.per_row, b.pits, b.total), (4, 8, 24));
        assert_eq!(b.initial, vec![3; 8]);
        assert!(b.stores);
    }

    #[test]
    fn both_ways_of_giving_seeds_are_refused() {
        let (_, diags) = check("pits_per_row = 2\nseeds_per_pit = 3\ninitial = [1, 1, 1, 1]\n");
        assert_eq!(
            diags,
            [(
                "board.initial".to_owned(),
                "give either `seeds_per_pit` or `initial`, not both".to_owned()
            )]
        );
    }

    #[test]
    fn an_initial_of_the_wrong_length_is_refused() {
        let (_, diags) = check("pits_per_row = 2\ninitial = [1, 1, 1]\n");
        assert_eq!(
            diags,
            [(
                "board.initial".to_owned(),
                "expected 4 counts (2 rows of 2, in label order), found 3".to_owned()
            )]
        );
    }

    #[test]
    fn an_empty_board_is_refused() {
        let (_, diags) = check("pits_per_row = 2\ninitial = [0, 0, 0, 0]\n");
        assert_eq!(
            diags,
            [(
                "board.initial".to_owned(),
                "the board holds no seeds at all".to_owned()
            )]
        );
    }
}
