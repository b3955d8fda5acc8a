//! `[opposite_capture]`: a last seed in an empty pit takes the pit opposite.

use super::Checker;
use crate::rules::error::Span;
use crate::rules::model::OppositeCapture;
use crate::rules::schema::{TomlCapturingSeed, TomlOppositeCapture, TomlOppositeEmpty};
use toml::Spanned;

/// The opposite capture; a capturing seed that stays cannot also be the
/// seed taken when the opposite pit is empty.
pub(super) fn opposite_capture(
    c: &mut Checker,
    o: &Spanned<TomlOppositeCapture>,
    file_of: &dyn Fn(Span) -> usize,
) -> OppositeCapture {
    if let Some(seed) = &o.get_ref().capturing_seed
        && *seed.get_ref() == TomlCapturingSeed::Stays
        && *o.get_ref().when_opposite_empty.get_ref() == TomlOppositeEmpty::TakeTheLastSeed
    {
        c.conflict(
            file_of,
            (
                "opposite_capture.capturing_seed",
                seed.span().into(),
                "\"stays\" contradicts `when_opposite_empty = \"take-the-last-seed\"`, which captures the last seed: use `when_opposite_empty = \"nothing\"`".into(),
            ),
            Some((
                "opposite_capture.when_opposite_empty",
                o.get_ref().when_opposite_empty.span().into(),
                "\"take-the-last-seed\" captures the last seed, which `capturing_seed = \"stays\"` leaves in its pit: use \"nothing\", or set `capturing_seed = \"taken\"`".into(),
            )),
        );
    }
    OppositeCapture {
        landing: o.get_ref().landing,
        take_last_seed_alone: *o.get_ref().when_opposite_empty.get_ref()
            == TomlOppositeEmpty::TakeTheLastSeed,
        capturing_seed_taken: o
            .get_ref()
            .capturing_seed
            .as_ref()
            .is_none_or(|s| *s.get_ref() == TomlCapturingSeed::Taken),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{Diags, check_table};
    use super::*;

    fn check(table: &str) -> (OppositeCapture, Diags) {
        check_table("opposite_capture", table, |c, r, _| {
            opposite_capture(c, r.opposite_capture.as_ref().unwrap(), &|_| 0)
        })
    }

    #[test]
    fn a_capturing_seed_that_stays_is_kept() {
        let (o, diags) = check("when_opposite_empty = \"nothing\"\ncapturing_seed = \"stays\"\n");
        assert!(diags.is_empty(), "{diags:?}");
        assert!(!o.capturing_seed_taken && !o.take_last_seed_alone);
    }

    #[test]
    fn a_seed_that_stays_and_is_taken_is_refused_at_the_seed() {
        let (_, diags) =
            check("when_opposite_empty = \"take-the-last-seed\"\ncapturing_seed = \"stays\"\n");
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].0, "opposite_capture.capturing_seed");
        assert!(diags[0].1.starts_with("\"stays\" contradicts"), "{diags:?}");
    }
}
