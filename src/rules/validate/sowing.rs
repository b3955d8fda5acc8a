//! `[sowing]`: which way, how many laps, where the first seed falls.

use super::{Board, Checker, value};
use crate::rules::error::Span;
use crate::rules::model::{Direction, ExtraTurn, FirstSeed, Laps, LaterRounds, PitDirection};
use crate::rules::schema::{TomlDirections, TomlPitDirection, TomlSowing};

/// The `[sowing]` part of the model.
pub(super) struct Sowing {
    pub(super) direction: Direction,
    pub(super) pit_directions: Vec<PitDirection>,
    pub(super) first_seed: FirstSeed,
    pub(super) skip_origin: bool,
    pub(super) laps: Laps,
    pub(super) later_rounds: LaterRounds,
    pub(super) extra_turn: ExtraTurn,
}

/// The sowing rules; a direction per pit needs one for each pit of a row.
pub(super) fn sowing(
    c: &mut Checker,
    sowing: &TomlSowing,
    board: &Board,
    file_of: &dyn Fn(Span) -> usize,
) -> Sowing {
    let per_row = board.per_row;
    let rows = board.rows;
    let fixed = |d: TomlPitDirection| match d {
        TomlPitDirection::CounterClockwise => Some(Direction::CounterClockwise),
        TomlPitDirection::Clockwise => Some(Direction::Clockwise),
        TomlPitDirection::Chosen => None,
    };
    let pit_direction = |d: TomlPitDirection| match fixed(d) {
        Some(d) => PitDirection::Fixed(d),
        None => PitDirection::Chosen,
    };
    // Whether directions that differ need a board without stores is a
    // check across tables (`cross`).
    let (direction, pit_directions) = match &sowing.direction {
        None => (Direction::CounterClockwise, Vec::new()),
        Some(d) => {
            let at: Span = d.span().into();
            let per_pit: Vec<TomlPitDirection> = match d.get_ref() {
                TomlDirections::All(one) => vec![*one; per_row],
                TomlDirections::PerPit(list) => {
                    if list.len() != per_row {
                        let found = list.len();
                        c.conflict(
                            file_of,
                            (
                                "sowing.direction",
                                at,
                                format!(
                                    "expected one direction for each of the {per_row} pit numbers of a row, found {found}"
                                ),
                            ),
                            Some((
                                "board.pits_per_row",
                                rows.1,
                                format!(
                                    "{per_row} pits a row need {per_row} entries in `sowing.direction`, and the inherited one has {found}: give `direction` here too"
                                ),
                            )),
                        );
                    }
                    list.iter().map(|d| *d.get_ref()).collect()
                }
            };
            match per_pit.first().and_then(|&d| fixed(d)) {
                Some(one) if per_pit.iter().all(|&d| fixed(d) == Some(one)) => (one, Vec::new()),
                _ if per_pit.len() != per_row => (Direction::CounterClockwise, Vec::new()),
                _ => (
                    Direction::CounterClockwise,
                    per_pit.into_iter().map(pit_direction).collect(),
                ),
            }
        }
    };
    Sowing {
        direction,
        pit_directions,
        first_seed: sowing.first_seed,
        skip_origin: sowing.skip_origin,
        laps: value(&sowing.laps),
        later_rounds: value(&sowing.later_rounds),
        extra_turn: value(&sowing.extra_turn),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{Diags, check_table};
    use super::*;

    fn check(table: &str) -> (Sowing, Diags) {
        check_table("sowing", table, |c, r, b| sowing(c, &r.sowing, b, &|_| 0))
    }

    #[test]
    fn one_direction_for_every_pit_is_the_board_direction() {
        let (s, diags) = check(
            "direction = [\"clockwise\", \"clockwise\", \"clockwise\", \"clockwise\"]\nlaps = \"relay\"\n",
        );
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(s.direction, Direction::Clockwise);
        assert!(s.pit_directions.is_empty());
        assert_eq!(s.laps, Laps::Relay);
    }

    #[test]
    fn directions_that_differ_are_kept_per_pit() {
        let (s, diags) = check("direction = \"chosen\"\n");
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(s.pit_directions, vec![PitDirection::Chosen; 4]);
    }

    #[test]
    fn a_direction_list_of_the_wrong_length_is_refused() {
        let (s, diags) = check("direction = [\"clockwise\", \"chosen\"]\n");
        assert_eq!(
            diags,
            [(
                "sowing.direction".to_owned(),
                "expected one direction for each of the 4 pit numbers of a row, found 2".to_owned()
            )]
        );
        assert!(s.pit_directions.is_empty());
    }
}
