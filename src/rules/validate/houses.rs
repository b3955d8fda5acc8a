//! `[houses]`: pits that become a player's for good.

use super::{Board, Checker};
use crate::rules::error::Span;
use crate::rules::model::{Houses, RowPits};
use crate::rules::schema::TomlHouses;
use toml::Spanned;

/// The houses: the count that makes one, the pit numbers that may become
/// one (at least one), and how many a player may have. `sound` is the
/// board's total when the board is sound enough to check the count
/// against. What houses need of other tables is checked in `cross`.
pub(super) fn houses(
    c: &mut Checker,
    h: &Spanned<TomlHouses>,
    board: &Board,
    sound: Option<u64>,
    file_of: &dyn Fn(Span) -> usize,
) -> Houses {
    let rows = board.rows;
    let h_span: Span = h.span().into();
    let h = h.get_ref();
    let made_at = c.int(&h.made_at, "houses.made_at", 1, 63, "a seed count");
    if let Some(total) = sound
        && made_at as u64 > total
    {
        c.err(
            h.made_at.span().into(),
            "houses.made_at",
            format!("a pit can never hold {made_at} seeds: the board holds {total} in all"),
        );
    }
    let own_row = h.own_row.as_ref().map_or(RowPits::NONE, |l| {
        c.pit_numbers(l, "houses.own_row", rows, file_of)
    });
    let opponent_row = h.opponent_row.as_ref().map_or(RowPits::NONE, |l| {
        c.pit_numbers(l, "houses.opponent_row", rows, file_of)
    });
    let listed = |l: &Option<toml::Spanned<Vec<toml::Spanned<i64>>>>| {
        l.as_ref().is_some_and(|l| !l.get_ref().is_empty())
    };
    if !listed(&h.own_row) && !listed(&h.opponent_row) {
        let (key, at) = match (&h.own_row, &h.opponent_row) {
            (Some(l), _) => ("houses.own_row", l.span().into()),
            (None, Some(l)) => ("houses.opponent_row", l.span().into()),
            (None, None) => ("houses", h_span),
        };
        c.err(
            at,
            key,
            "no pit may become a house: list pit numbers in `own_row` (the mover's own row) or `opponent_row` (the opponent's row), or both",
        );
    }
    let max_per_player = h.max_per_player.as_ref().map_or(1, |v| {
        c.up_to_rows_times(
            v,
            "houses.max_per_player",
            1,
            2,
            rows,
            "a number of houses",
            file_of,
        ) as u8
    });
    Houses {
        made_at: made_at as u16,
        own_row,
        opponent_row,
        max_per_player,
        not_same_number: h.not_same_number,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{Diags, check_table};
    use super::*;

    fn check(table: &str) -> (Houses, Diags) {
        check_table("houses", table, |c, r, b| {
            houses(c, r.houses.as_ref().unwrap(), b, Some(b.total), &|_| 0)
        })
    }

    #[test]
    fn houses_in_both_rows_are_kept() {
        let (h, diags) =
            check("made_at = 4\nown_row = [1, 4]\nopponent_row = [2]\nmax_per_player = 3\n");
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(h.own_row.list(), vec![1, 4]);
        assert_eq!(h.opponent_row.list(), vec![2]);
        assert_eq!((h.made_at, h.max_per_player), (4, 3));
    }

    #[test]
    fn houses_nowhere_are_refused_at_the_header() {
        let (_, diags) = check("made_at = 4\n");
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].0, "houses");
        assert!(
            diags[0].1.starts_with("no pit may become a house"),
            "{diags:?}"
        );
    }

    #[test]
    fn a_pit_number_listed_twice_is_refused() {
        let (_, diags) = check("made_at = 4\nown_row = [2, 2]\n");
        assert_eq!(
            diags,
            [(
                "houses.own_row".to_owned(),
                "pit number 2 is listed twice".to_owned()
            )]
        );
    }

    #[test]
    fn more_houses_than_pits_are_refused() {
        let (_, diags) = check("made_at = 4\nown_row = [1]\nmax_per_player = 9\n");
        assert_eq!(
            diags,
            [(
                "houses.max_per_player".to_owned(),
                "expected a number of houses from 1 to 8, found 9".to_owned()
            )]
        );
    }
}
