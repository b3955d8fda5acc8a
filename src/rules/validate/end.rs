//! `[end]`: when the game ends and who takes what is left.

use super::Checker;
use crate::rules::model::{End, InnerRowEmpty, MAX_PLIES_CAP};
use crate::rules::schema::{TomlEnd, TomlInnerRowEmpty, TomlSeedsLeftTo};

/// The end conditions. `sound` is the board's total when the board is
/// sound enough to check `seeds_left_at_most` against.
pub(super) fn end(c: &mut Checker, end: &TomlEnd, sound: Option<u64>) -> End {
    let all_pits_below = c.seed_count(&end.all_pits_below, "end.all_pits_below", 1);
    let captured_more_than = c.seed_count(&end.captured_more_than, "end.captured_more_than", 0);
    let seeds_left_at_most = c.seed_count(&end.seeds_left_at_most, "end.seeds_left_at_most", 0);
    let max_plies = end.max_plies.as_ref().map(|v| {
        c.int(
            v,
            "end.max_plies",
            1,
            MAX_PLIES_CAP.into(),
            "a number of plies",
        ) as u32
    });
    let seeds_left_to_first = match (&end.seeds_left_to, seeds_left_at_most) {
        (Some(t), None) => {
            c.err(
                t.span().into(),
                "end.seeds_left_to",
                "given but `end.seeds_left_at_most` is not",
            );
            false
        }
        (Some(t), Some(_)) => *t.get_ref() == TomlSeedsLeftTo::FirstPlayer,
        (None, _) => false,
    };
    if let (Some(k), Some(v)) = (seeds_left_at_most, &end.seeds_left_at_most)
        && let Some(total) = sound
        && u64::from(k) >= total
    {
        c.err(
            v.span().into(),
            "end.seeds_left_at_most",
            format!(
                "the board holds {} at the start, so the game would end before the first ply; expected fewer than {total}",
                crate::words::count(total, "seed", "seeds")
            ),
        );
    }
    // No other check points at this key, and errors are reported sorted
    // by place, so checking it with its table keeps the order they show in.
    let repetition = c.int(
        &end.repetition,
        "end.repetition",
        2,
        255,
        "a repetition count",
    ) as u8;
    End {
        all_pits_below,
        captured_more_than,
        either_row_empty: end.either_row_empty.as_ref().is_some_and(|e| *e.get_ref()),
        seeds_left_at_most,
        seeds_left_to_first,
        repetition,
        leftovers: end.leftovers,
        max_plies,
        inner_row_empty: end.inner_row_empty.as_ref().map(|e| match e.get_ref() {
            TomlInnerRowEmpty::LosesAfterPly => InnerRowEmpty::AfterPly,
            TomlInnerRowEmpty::LosesAtOnce => InnerRowEmpty::AtOnce,
        }),
        winner: end.winner,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{Diags, check_table};
    use super::*;

    fn check(table: &str) -> (End, Diags) {
        check_table("end", table, |c, r, b| end(c, &r.end, Some(b.total)))
    }

    #[test]
    fn seeds_left_go_to_the_first_player_when_asked() {
        let (e, diags) = check(
            "seeds_left_at_most = 8\nseeds_left_to = \"first-player\"\nrepetition = 2\nmax_plies = 500\n",
        );
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(e.seeds_left_at_most, Some(8));
        assert!(e.seeds_left_to_first);
        assert_eq!((e.repetition, e.max_plies), (2, Some(500)));
    }

    #[test]
    fn seeds_left_to_without_a_count_is_refused() {
        let (_, diags) = check("seeds_left_to = \"first-player\"\n");
        assert_eq!(
            diags,
            [(
                "end.seeds_left_to".to_owned(),
                "given but `end.seeds_left_at_most` is not".to_owned()
            )]
        );
    }

    #[test]
    fn an_end_before_the_first_ply_is_refused() {
        let (_, diags) = check("seeds_left_at_most = 32\n");
        assert_eq!(
            diags,
            [(
                "end.seeds_left_at_most".to_owned(),
                "the board holds 32 seeds at the start, so the game would end before the first ply; expected fewer than 32".to_owned()
            )]
        );
    }

    #[test]
    fn a_repetition_of_one_is_refused() {
        let (_, diags) = check("repetition = 1\n");
        assert_eq!(
            diags,
            [(
                "end.repetition".to_owned(),
                "expected a repetition count from 2 to 255, found 1".to_owned()
            )]
        );
    }
}
