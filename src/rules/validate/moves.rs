//! `[moves]`: which pits a player may sow, feeding, and what a player
//! who cannot sow does.

use super::{Checker, value, written};
use crate::rules::error::Span;
use crate::rules::model::{CannotFeed, CannotSow, Clockwise, Feeding, Opening, SowFrom};
use crate::rules::schema::{TomlBelowMin, TomlCannotFeed, TomlFeeding, TomlMoves};

/// The `[moves]` part of the model.
pub(super) struct Moves {
    pub(super) sow_from: SowFrom,
    pub(super) feeding: Feeding,
    pub(super) cannot_feed: CannotFeed,
    pub(super) cannot_sow: CannotSow,
    pub(super) min_seeds: u16,
    pub(super) below_min_if_no_other: bool,
    pub(super) opening: Opening,
    pub(super) must_capture: bool,
    pub(super) inner_row_first: bool,
    pub(super) clockwise: Clockwise,
}

/// The move rules; an end for a feed that cannot be given needs a feeding
/// rule, and `below_min` needs a `min_seeds` above 1.
pub(super) fn moves(c: &mut Checker, moves: &TomlMoves, file_of: &dyn Fn(Span) -> usize) -> Moves {
    // Reading: the opponent-takes-all end, like the mover-takes-all
    // one, is an end for a feed that is owed, so it needs a feeding rule.
    if let Some(cf) = &moves.cannot_feed
        && *cf.get_ref() != TomlCannotFeed::AnySowing
        && value(&moves.feeding) == TomlFeeding::None
    {
        let given = match cf.get_ref() {
            TomlCannotFeed::EndGameOpponentTakesAll => "end-game-opponent-takes-all",
            _ => "end-game-mover-takes-all",
        };
        c.conflict(
            file_of,
            (
                "moves.cannot_feed",
                cf.span().into(),
                "given but `feeding` is \"none\", so no feed is ever owed: set `feeding`, or leave out `cannot_feed`".into(),
            ),
            written(&moves.feeding).map(|at| {
                (
                    "moves.feeding",
                    at,
                    format!("\"none\", but `cannot_feed = \"{given}\"` needs a feeding rule: choose one, or set `cannot_feed = \"any-sowing\"`"),
                )
            }),
        );
    }
    let min_seeds = moves.min_seeds.as_ref().map_or(1, |v| {
        c.int(
            v,
            "moves.min_seeds",
            1,
            i64::from(u16::MAX),
            "a number of seeds",
        ) as u16
    });
    let below_min = value(&moves.below_min);
    // Reading: "must not be written when `min_seeds` is 1" holds for
    // either value, "never" included; inherited under a child's
    // `min_seeds = 1`, it is moot, as other keys beside a switch are.
    if let Some(b) = &moves.below_min
        // Only a true 1: a bad `min_seeds` has its own error.
        && moves.min_seeds.as_ref().is_none_or(|m| *m.get_ref() == 1)
        && written(&moves.min_seeds).is_none_or(|m| file_of(m) == file_of(b.span().into()))
    {
        c.err(
            b.span().into(),
            "moves.below_min",
            "given but `min_seeds` is 1, so every pit with seeds may be sown: set `min_seeds` above 1, or leave out `below_min`",
        );
    }
    Moves {
        sow_from: value(&moves.sow_from),
        feeding: value(&moves.feeding),
        cannot_feed: match value(&moves.cannot_feed) {
            TomlCannotFeed::AnySowing => CannotFeed::AnySowing,
            TomlCannotFeed::EndGameMoverTakesAll => CannotFeed::MoverTakesAll,
            TomlCannotFeed::EndGameOpponentTakesAll => CannotFeed::OpponentTakesAll,
        },
        cannot_sow: moves.cannot_sow,
        min_seeds,
        // An inherited `below_min` under a child's `min_seeds = 1` is moot.
        below_min_if_no_other: below_min == TomlBelowMin::IfNoOther && min_seeds > 1,
        opening: value(&moves.opening),
        must_capture: value(&moves.must_capture),
        inner_row_first: value(&moves.inner_row_first),
        clockwise: value(&moves.clockwise),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{Diags, check_table};
    use super::*;

    fn check(table: &str) -> (Moves, Diags) {
        check_table("moves", table, |c, r, _| moves(c, &r.moves, &|_| 0))
    }

    #[test]
    fn a_minimum_with_its_fallback_is_kept() {
        let (m, diags) = check(
            "min_seeds = 2\nbelow_min = \"if-no-other\"\nfeeding = \"must-feed-empty-opponent\"\ncannot_feed = \"end-game-mover-takes-all\"\n",
        );
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(m.min_seeds, 2);
        assert!(m.below_min_if_no_other);
        assert_eq!(m.cannot_feed, CannotFeed::MoverTakesAll);
    }

    #[test]
    fn below_min_beside_a_minimum_of_one_is_refused() {
        let (_, diags) = check("below_min = \"if-no-other\"\n");
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].0, "moves.below_min");
    }

    #[test]
    fn a_minimum_of_zero_is_refused() {
        let (_, diags) = check("min_seeds = 0\n");
        assert_eq!(
            diags,
            [(
                "moves.min_seeds".to_owned(),
                "expected a number of seeds from 1 to 65535, found 0".to_owned()
            )]
        );
    }

    #[test]
    fn an_end_for_an_owed_feed_without_feeding_is_refused() {
        let (_, diags) = check("cannot_feed = \"end-game-opponent-takes-all\"\n");
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].0, "moves.cannot_feed");
    }
}
