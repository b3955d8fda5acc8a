//! The position notation of docs/notation.md: canonical printing, and the error
//! text for strings that are malformed or do not fit the variant.

use ayla::notation::{format_position, parse_position};
use ayla::rules::{self, Rules};

fn bundled(id: &str) -> Rules {
    rules::bundled(id).unwrap()
}

fn error(id: &str, s: &str) -> String {
    parse_position(&bundled(id), s).unwrap_err().to_string()
}

fn canonical(id: &str, s: &str) -> String {
    let r = bundled(id);
    format_position(&r, &parse_position(&r, s).unwrap())
}

#[test]
fn canonical_form_orders_fields_and_drops_defaults() {
    assert_eq!(
        canonical(
            "gore",
            "1,0,3,2/0,0,4,1 S 25-12 declined=NS offer=A owners=SSSN/NNNN"
        ),
        "1,0,3,2/0,0,4,1 S 25-12 owners=SSSN/NNNN offer=A declined=SN"
    );
    assert_eq!(
        canonical("gore", "1,0,3,2/0,0,4,1 S 25-12 owners=SSSN/SNNN"),
        "1,0,3,2/0,0,4,1 S 25-12 owners=SSSN/SNNN"
    );
    assert_eq!(
        canonical("kpe", "6,6,6,6/6,6,6,6 S 0-0 sown=/"),
        "6,6,6,6/6,6,6,6 S 0-0"
    );
    assert_eq!(
        canonical("kpe", "6,6,6,6/6,6,6,6 N 0-0 sown=dbb/C"),
        "6,6,6,6/6,6,6,6 N 0-0 sown=bd/C"
    );
    assert_eq!(
        canonical("kpe", "6,6,6,6/6,6,6,6 S 0-0 sown=/ABCD"),
        "6,6,6,6/6,6,6,6 S 0-0 sown=/ABCD"
    );
}

#[test]
fn syntax_errors_say_what_was_expected() {
    assert_eq!(
        error("kpe", "6,6,6,6/6,6,6,6 X 0-0"),
        "column 17: expected the side to act, `S` or `N`"
    );
    assert_eq!(
        error("kpe", "6,6,6,6/6,6,6,6 S 0"),
        "column 20: expected `-` and North's captured total"
    );
    assert_eq!(
        error("kpe", "6;6,6,6/6,6,6,6 S 0-0"),
        "column 2: expected `/` and North's row of seed counts"
    );
    assert_eq!(
        error("kpe", "6,6,6,6/6,6,6,6 S 0-0 sown=Ab/"),
        "column 28: pit A is not one of South's home pits; write `sown=<South's pits>/<North's pits>`"
    );
}

/// A position cut short says what is missing, at the column where it is
/// missing (one past the end), not "expected a position" at column 1.
#[test]
fn truncated_positions_name_the_missing_field() {
    for (text, want) in [
        ("", "column 1: expected a seed count"),
        (
            "6,6,6,6",
            "column 8: expected `/` and North's row of seed counts",
        ),
        ("6,6,6,6/", "column 9: expected a seed count"),
        ("6,6,6,6/6,6,", "column 13: expected a seed count"),
        (
            "6,6,6,6/6,6,6,6",
            "column 16: expected a space and the side to act, `S` or `N`",
        ),
        (
            "6,6,6,6/6,6,6,6 ",
            "column 17: expected the side to act, `S` or `N`",
        ),
        (
            "6,6,6,6/6,6,6,6 S",
            "column 18: expected a space and the captured totals, e.g. `0-0`",
        ),
        (
            "6,6,6,6/6,6,6,6 S ",
            "column 19: expected the captured totals, e.g. `0-0`",
        ),
        (
            "6,6,6,6/6,6,6,6 S 0",
            "column 20: expected `-` and North's captured total",
        ),
        (
            "6,6,6,6/6,6,6,6 S 0-",
            "column 21: expected North's captured total",
        ),
        (
            "6,6,6,6/6,6,6,6 S 0-0 ",
            "column 23: expected `owners=`, `sown=`, `houses=`, `offer=`, `declined=` or `closed=`",
        ),
        (
            "6,6,6,6/6,6,6,6 S 0-0 sown=",
            "column 28: expected `/` and North's sown pits",
        ),
        (
            "6,6,6,6/6,6,6,6 S 0-0 sown=ab",
            "column 30: expected `/` and North's sown pits",
        ),
    ] {
        assert_eq!(error("kpe", text), want, "{text:?}");
    }
}

#[test]
fn positions_that_do_not_fit_the_variant() {
    assert_eq!(
        error("kpe", "6,6,6/6,6,6,6 S 0-0"),
        "column 1: expected 4 counts in South's row, found 3"
    );
    assert_eq!(
        error("kpe", "6,6,6,6/6,6,6,6 S 0-0 owners=SSSS/NNNN"),
        "column 23: `owners=` does not apply to Kpé: its pits never change hands"
    );
    // Goré's offerer keeps a pit, so no player is ever left with none
    // (and a position with more pits on one side could list more offers
    // than the loader's bound allows).
    assert_eq!(
        error("gore", "6,6,6,6/6,6,6,6 S 0-0 owners=NNNN/NNNN"),
        "column 23: South controls 0 pits; in Goré a player always keeps at least 1"
    );
    assert_eq!(
        error("gore", "6,6,6,6/6,6,6,6 S 0-0 sown=a/"),
        "column 23: `sown=` does not apply to Goré: it has no opening lock nor opening rule"
    );
    assert_eq!(
        error("kpe", "6,6,6,6/6,6,6,7 S 0-0"),
        "column 1: the seeds on the board and captured add up to 49; Kpé has 48 in all"
    );
    assert_eq!(
        error("kpe", "6,6,6,6/6,6,6,6 S 0-0 sown=e/"),
        "column 28: the board has no pit e"
    );
    assert_eq!(
        error("kpe", "6,6,6,6/6,6,6,6 S 0-0 sown=a/A junk"),
        "column 32: expected `owners=`, `sown=`, `houses=`, `offer=`, `declined=` or `closed=`"
    );
    assert_eq!(
        error("gore", "3,3,3,3/3,3,3,3 S 12-12 offer=a"),
        "column 25: the offer is North's (the side not to act), but pit a is controlled by South"
    );
    assert_eq!(
        error("gore", "3,3,3,3/3,3,3,3 N 12-6 offer=a,b"),
        "column 24: North could not pay for this offer (12 seeds, has 6)"
    );
    assert_eq!(
        error("gore", "3,3,3,3/3,3,3,3 N 12-12 offer=a,a"),
        "column 33: pit a is offered twice"
    );
    assert_eq!(
        error("gore", "3,3,3,3/3,3,3,3 N 12-12 declined=S declined=N"),
        "column 36: `declined=` given twice"
    );
    assert_eq!(
        error("kpe", "70000,6,6,6/6,6,6,6 S 0-0"),
        "column 1: 70000 is too large a count (at most 65535)"
    );
}

/// Rules with houses (two-row-design.md §1 `[houses]`): a 2x3 board where a pit
/// numbered 1 or 2 of the opponent's row may become one's house.
fn with_houses() -> Rules {
    houses_and("")
}

/// A 2x3 board with houses of 3 in the opponent's pits 1 and 2, and `more` tables.
fn houses_and(more: &str) -> Rules {
    rules::parse(
        "t.toml",
        &format!(
            "[variant]\nid = \"t\"\nname = \"T\"\n\n[board]\npits_per_row = 3\nseeds_per_pit = 2\n\
             [houses]\nmade_at = 3\nopponent_row = [1, 2]\nmax_per_player = 1\nnot_same_number = true\n{more}"
        ),
    )
    .unwrap()
}

#[test]
fn houses_round_trip_in_canonical_order() {
    let r = with_houses();
    for (given, want) in [
        (
            "2,0,2/0,2,2 S 2-2 houses=A/b",
            "2,0,2/0,2,2 S 2-2 houses=A/b",
        ),
        ("2,2,2/0,2,2 N 2-0 houses=A/", "2,2,2/0,2,2 N 2-0 houses=A/"),
        ("2,0,2/2,2,2 S 0-2 houses=/b", "2,0,2/2,2,2 S 0-2 houses=/b"),
        ("2,2,2/2,2,2 S 0-0 houses=/", "2,2,2/2,2,2 S 0-0"),
    ] {
        let pos = parse_position(&r, given).unwrap_or_else(|e| panic!("{given}: {e}"));
        assert_eq!(format_position(&r, &pos), want);
        assert_eq!(parse_position(&r, want).unwrap(), pos, "{want}");
    }
    let pos = parse_position(&r, "2,0,2/0,2,2 S 2-2 houses=A/b").unwrap();
    assert_eq!(r.labels(pos.houses(ayla::engine::Side::South)), "A");
    assert_eq!(r.labels(pos.houses(ayla::engine::Side::North)), "b");
}

#[test]
fn houses_that_do_not_fit_the_rules() {
    let r = with_houses();
    let error = |s: &str| parse_position(&r, s).unwrap_err().to_string();
    assert_eq!(
        error("2,2,2/2,2,2 S 0-0 houses=A/"),
        "column 26: pit A is a house, so holds no seed (its seeds go to its owner), but the position gives it 2"
    );
    assert_eq!(
        error("2,2,2/2,2,0 S 0-2 houses=C/"),
        "column 26: pit C cannot be South's house: in T a player's house in the opponent's row is a pit numbered 1 or 2"
    );
    assert_eq!(
        error("2,2,2/2,2,0 S 0-2 houses=c/"),
        "column 26: pit c cannot be South's house: in T a player's house in their own row is a pit numbered none"
    );
    assert_eq!(
        error("2,2,2/0,0,2 S 4-0 houses=AB/"),
        "column 27: South has 2 houses; in T a player has at most 1"
    );
    assert_eq!(
        error("0,0,2/0,2,2 S 4-2 houses=A/ab"),
        "column 29: North has 2 houses; in T a player has at most 1"
    );
    assert_eq!(
        error("0,2,2/0,2,2 S 2-2 houses=A/a"),
        "column 28: in T no two houses of different players share a pit number, but North's house a has the number of one of South's"
    );
    assert_eq!(
        error("2,2,2/0,2,2 S 2-0 houses=A/A"),
        "column 28: pit A is given as both South's and North's house"
    );
    assert_eq!(
        error("2,2,2/0,2,2 S 2-0 houses=AA/"),
        "column 27: pit A is named twice among South's houses"
    );
    assert_eq!(
        error("2,2,2/0,2,2 S 2-0 houses=x/"),
        "column 26: the board has no pit x"
    );
    assert_eq!(
        error("2,2,2/0,2,2 S 2-0 houses=A"),
        "column 27: expected `/` and North's houses"
    );
    assert_eq!(
        error("2,2,2/0,2,2 S 2-0 houses=A/ houses=A/"),
        "column 29: `houses=` given twice"
    );
    assert_eq!(
        parse_position(&bundled("kpe"), "6,6,6,6/6,6,6,6 S 0-0 houses=/")
            .unwrap_err()
            .to_string(),
        "column 23: `houses=` does not apply to Kpé: it has no houses"
    );
}

/// `sown=` with an opening rule and no lock; the canonical order puts
/// `houses=` between `sown=` and `offer=`.
#[test]
fn sown_with_an_opening_rule_and_the_order_of_fields() {
    let r = houses_and("[moves]\nopening = \"each-home-pit-once\"\n");
    assert_eq!(
        format_position(
            &r,
            &parse_position(&r, "2,0,2/0,2,2 S 2-2 houses=A/b sown=c/").unwrap()
        ),
        "2,0,2/0,2,2 S 2-2 sown=c/ houses=A/b"
    );
}

/// The one conversion between the packed position and the plain state
/// loses nothing: on every bundled variant, the start and 200 positions
/// reached by random play (and, where the rules have owners, houses and
/// offers, random positions that use them) go to a state and back to the
/// same position, and the notation writes the state and the position
/// alike, and reads that string back into the same state.
#[test]
fn positions_and_states_convert_both_ways_unchanged() {
    use ayla::engine::{Game, Position, Variant};
    use ayla::notation::{format_state, parse_state};
    use ayla::reference::differential::random_position;
    use ayla::rng::Rng;
    let mut rng = Rng::new(27);
    let mut seen = 0;
    for (id, _, _) in rules::BUNDLED {
        let r = bundled(id);
        let mut positions = vec![Position::initial(&r)];
        let mut game = Game::new(Variant::new(r.clone()));
        let mut legal = Vec::new();
        while positions.len() < 201 {
            game.legal_plies(&mut legal);
            if game.is_over() || legal.is_empty() {
                game = Game::new(Variant::new(r.clone()));
                continue;
            }
            game.play(legal[rng.below(legal.len())]).unwrap();
            positions.push(*game.position());
        }
        positions.extend((0..50).filter_map(|_| random_position(&r, &mut rng)));
        for pos in positions {
            let state = pos.to_state(&r);
            assert_eq!(Position::from_state(&r, &state), Ok(pos), "{id}");
            let text = format_position(&r, &pos);
            assert_eq!(format_state(&r, &state), text, "{id}");
            assert_eq!(parse_state(&r, &text), Ok(state), "{id}: {text}");
            seen += 1;
        }
    }
    assert!(seen > 200 * rules::BUNDLED.len(), "{seen}");
}

/// A state built by hand is refused by the checks a position string
/// meets, in the same words; and what only a hand-built state can get
/// wrong (per-pit lists of the wrong length, an offer naming a pit twice
/// or off the board, counts past the engine's) is refused too, without a
/// panic.
#[test]
fn a_state_is_checked_as_a_position_string_is() {
    use ayla::engine::{Pit, Position, SetupField, Side};
    use ayla::state::State;
    let gore = bundled("gore");
    let refused = |s: &State| Position::from_state(&gore, s).unwrap_err();
    let start = State::initial(&gore);
    assert_eq!(
        Position::from_state(&gore, &start),
        Ok(Position::initial(&gore))
    );

    let mut s = start.clone();
    s.seeds[0] += 1;
    let text = format!(
        "{}/{} S 0-0",
        s.seeds[..4]
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(","),
        s.seeds[4..]
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(",")
    );
    assert_eq!(
        format!("column 1: {}", refused(&s).message),
        error("gore", &text)
    );

    // The offer is the side not to act's: North's pit A, while North acts.
    let mut s = start.clone();
    s.to_move = Side::North;
    s.offer = vec![gore.pit("A").unwrap()];
    let e = refused(&s);
    assert_eq!(e.field, SetupField::Offer);
    assert!(
        error("gore", "6,6,6,6/6,6,6,6 N 0-0 offer=A").ends_with(&e.message),
        "{}",
        e.message
    );

    for (field, s) in [
        (
            SetupField::Seeds,
            State {
                seeds: vec![48],
                ..start.clone()
            },
        ),
        (
            SetupField::Owners,
            State {
                controller: vec![Side::South; 9],
                ..start.clone()
            },
        ),
        (
            SetupField::Sown,
            State {
                sown: vec![],
                ..start.clone()
            },
        ),
        (
            SetupField::Houses,
            State {
                houses: vec![None; 3],
                ..start.clone()
            },
        ),
        (
            SetupField::Offer,
            State {
                to_move: Side::North,
                offer: vec![Pit(1), Pit(1)],
                ..start.clone()
            },
        ),
        (
            SetupField::Offer,
            State {
                to_move: Side::North,
                offer: vec![Pit(200)],
                ..start.clone()
            },
        ),
        (
            SetupField::Total,
            State {
                seeds: vec![u32::MAX; 8],
                captured: [u32::MAX; 2],
                ..start.clone()
            },
        ),
    ] {
        assert_eq!(refused(&s).field, field, "{s:?}");
    }
    assert_eq!(
        refused(&State {
            to_move: Side::North,
            offer: vec![Pit(1), Pit(1)],
            ..start.clone()
        })
        .message,
        "pit b is offered twice"
    );
}

/// A game of a match on a 2x4 board of 3 seeds a pit.
fn a_match() -> Rules {
    crate::common::rules_of(
        "[board]\npits_per_row = 4\nseeds_per_pit = 3\n[match]\nnext_first = \"loser\"\n",
    )
}

/// `closed=` lists the pits out of play in label order, after the other
/// fields, and reads back to the same state; it needs `[match]`, and names
/// each pit once.
#[test]
fn pits_out_of_play_round_trip_and_need_a_match() {
    use ayla::notation::{format_state, parse_state};
    let r = a_match();
    let s = parse_state(&r, "3,3,3,3/3,3,0,0 N 5-1 closed=D,C").unwrap();
    assert_eq!(
        s.closed,
        [false, false, false, false, false, false, true, true]
    );
    assert_eq!(format_state(&r, &s), "3,3,3,3/3,3,0,0 N 5-1 closed=C,D");
    assert_eq!(parse_state(&r, &format_state(&r, &s)).unwrap(), s);
    let e = parse_state(&bundled("kpe"), "6,6,6,6/6,6,6,0 S 0-6 closed=D").unwrap_err();
    assert!(e.message.contains("not played as a match"), "{e}");
    assert_eq!(e.column, 23);
    let e = parse_state(&r, "3,3,3,3/3,3,0,0 N 5-1 closed=C,C").unwrap_err();
    assert_eq!(
        (e.column, e.message.as_str()),
        (32, "pit C is named twice as out of play")
    );
    let e = parse_state(&r, "3,3,3,3/3,3,0,0 N 5-1 closed=X").unwrap_err();
    assert_eq!(e.message, "the board has no pit X");
}

/// `owners=` also says which pits a later game of a match hands across
/// (`match.unfilled = "to-opponent"`): it reads back to the same state,
/// is refused where unfilled pits close, and may neither hand over a pit
/// out of play nor leave a player none of their own in play.
#[test]
fn pits_handed_across_in_a_match() {
    use ayla::notation::{format_state, parse_state};
    let r = crate::common::rules_of(
        "[board]\npits_per_row = 4\nseeds_per_pit = 3\n[match]\nnext_first = \"loser\"\nunfilled = \"to-opponent\"\n",
    );
    let text = "3,3,3,3/3,3,3,0 N 2-1 owners=SSSS/NNSN closed=D";
    let s = parse_state(&r, text).unwrap();
    assert_eq!(s.controller[6], ayla::engine::Side::South);
    assert_eq!(format_state(&r, &s), text);
    let e = parse_state(&a_match(), text).unwrap_err();
    assert!(e.message.contains("never change hands"), "{e}");
    assert!(ayla::notation::parse_position(&r, text).is_ok());
    let e = ayla::notation::parse_position(&r, "3,3,3,3/3,3,3,0 N 2-1 owners=SSSS/NNNS closed=D")
        .unwrap_err();
    assert_eq!(
        (e.column, e.message.as_str()),
        (
            23,
            "pit D is out of play, so it stays its own row's: no one controls it across the board"
        )
    );
    let e = ayla::notation::parse_position(&r, "3,3,3,3/3,3,3,0 N 2-1 owners=SSSS/SSSN closed=D")
        .unwrap_err();
    assert!(
        e.message
            .contains("North controls none of their own row's pits in play"),
        "{e}"
    );
}
