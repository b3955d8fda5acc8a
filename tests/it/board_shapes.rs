//! Clauses once refused on one board shape, played on it: `[column_capture]`
//! on two rows, where a player's only row is their inner row and the column
//! is the one pit across, and `[sowing_capture]`, `[capture]` and
//! `[houses]` on four rows, in the mover's own rows. Every
//! expected position was traced by hand from docs/rule-language.md, and
//! each ply is played by the engine (`Game::play` and `Game::advance`) and
//! by the reference interpreter.
//!
//! Two rows of four: South's circuit is a b c d A B C D, and the pit
//! across a is D, across b is C, across c is B, across d is A.

use crate::common::{play_in_both, rules_of};
use ayla::engine::Effect;
use ayla::rules::Rules;

fn file(board: &str, column: &str, more: &str) -> Rules {
    rules_of(&format!(
        "[board]\n{board}\n[column_capture]\nwhen = \"empty\"\ntakes = \"inner\"\n{column}\n{more}"
    ))
}

fn four() -> &'static str {
    "pits_per_row = 4\nseeds_per_pit = 2"
}

fn sow(e: &Effect) -> &ayla::engine::SowEffect {
    match e {
        Effect::Sow(s) => s,
        _ => panic!("a sowing"),
    }
}

/// a (1) drops into b, empty before it: the pit across b, C (1), is taken.
#[test]
fn a_last_seed_in_an_empty_pit_of_ones_row_takes_the_pit_across() {
    let r = file(four(), "then = \"captured\"", "");
    play_in_both(&r, "1,0,3,0/2,1,1,4 S 2-2", "a", "0,1,3,0/2,1,0,4 N 3-2");
}

/// The same sowing where `[capture]` would take b's one seed: a column
/// capture that ends the sowing is its capture, and none other is tried.
#[test]
fn no_capture_at_the_end_follows_a_column_capture() {
    let r = file(
        four(),
        "then = \"captured\"",
        "[capture]\ncounts = [1]\nlanding = \"anywhere\"\n",
    );
    let e = play_in_both(&r, "1,0,3,0/2,1,1,4 S 2-2", "a", "0,1,3,0/2,1,0,4 N 3-2");
    assert_eq!(sow(&e).seeds_captured, 1);
}

/// a (1) drops into b, empty: C's 3 seeds are taken and re-sown from
/// after b: c (2 → 3), d (0 → 1), A (1 → 2). A is North's: the sowing
/// ends there. Re-sown seeds stay on the board.
#[test]
fn taken_seeds_are_resown_after_the_landing_pit() {
    let r = file(
        four(),
        "then = \"resown\"\nresow_from = \"after-landing\"",
        "",
    );
    let e = play_in_both(&r, "1,0,2,0/1,1,3,1 S 4-3", "a", "0,1,3,1/2,1,0,1 N 4-3");
    assert_eq!(sow(&e).relays, 1);
}

/// Two rows of two: the circuit a b A B has 4 pits. b (3) drops into A,
/// B and a, empty before it: 3 seeds do not go full circle, so the pit
/// across a, B (2), is taken even with `full_circle = "captures-nothing"`.
#[test]
fn full_circle_is_the_whole_board_on_two_rows() {
    let r = file(
        "pits_per_row = 2\nseeds_per_pit = 2",
        "then = \"captured\"\nfull_circle = \"captures-nothing\"",
        "",
    );
    play_in_both(&r, "0,3/1,1 S 2-1", "b", "1,0/2,0 N 4-1");
}

/// a (4) drops into b, A, B and back into a, empty since its lift: a
/// sowing of 4 seeds goes full circle, and captures nothing.
#[test]
fn a_sowing_that_goes_full_circle_captures_nothing() {
    let r = file(
        "pits_per_row = 2\nseeds_per_pit = 2",
        "then = \"captured\"\nfull_circle = \"captures-nothing\"",
        "",
    );
    play_in_both(&r, "4,0/1,1 S 1-1", "a", "1,1/2,2 N 1-1");
}

/// Four rows of four with `[sowing_capture]`, once refused there: South's
/// circuit runs a b c d d2 c2 b2 a2. c (2) drops into d (3 → 4), which the
/// count 4 takes at once for South, the pit's controller, and into d2
/// (0 → 1), where the sowing ends.
#[test]
fn a_sowing_capture_on_four_rows_takes_from_ones_own_rows() {
    let r = rules_of(
        "[board]\nrows = 4\npits_per_row = 4\nseeds_per_pit = 2\n\
         [sowing_capture]\ncounts = [4]\n",
    );
    let e = play_in_both(
        &r,
        "0,0,2,3/0,0,0,0/2,2,2,2/2,2,2,2 S 6-5",
        "c",
        "0,0,0,0/0,0,0,1/2,2,2,2/2,2,2,2 N 10-5",
    );
    assert_eq!(sow(&e).sowing_taken, [4, 0]);
}

/// Four rows of four with `[capture]`, which looks at the mover's own
/// pits there: b (1) drops into c (1 → 2), which the count 2 takes.
#[test]
fn a_count_capture_on_four_rows_takes_ones_own_pit() {
    let r = rules_of(
        "[board]\nrows = 4\npits_per_row = 4\nseeds_per_pit = 2\n\
         [capture]\ncounts = [2]\nlanding = \"anywhere\"\n",
    );
    play_in_both(
        &r,
        "1,1,1,0/0,0,0,0/2,2,2,2/2,2,2,2 S 7-6",
        "b",
        "1,0,0,0/0,0,0,0/2,2,2,2/2,2,2,2 N 9-6",
    );
}

/// Four rows of four with `[houses]` on pit number 4 of one's own rows (d
/// and d2 for South): c (1) drops into d (2 → 3), which becomes South's
/// house, its 3 seeds South's.
#[test]
fn a_house_on_four_rows_is_made_in_ones_own_rows() {
    let r = rules_of(
        "[board]\nrows = 4\npits_per_row = 4\nseeds_per_pit = 2\n\
         [houses]\nmade_at = 3\nown_row = [4]\n",
    );
    play_in_both(
        &r,
        "0,0,1,2/1,0,0,0/2,2,2,2/2,2,2,2 S 7-5",
        "c",
        "0,0,0,0/1,0,0,0/2,2,2,2/2,2,2,2 N 10-5 houses=d/",
    );
}

/// North's inner row is empty: North loses, and the seeds left score for
/// South (2 + 14 captured + the 4 left = 18 against 14). What each player
/// takes out of the game, for a next round, is their own: South its 14
/// and the 2 in its pits, North its 14 and the 2 in A.
#[test]
fn an_empty_inner_row_loses_and_each_keeps_their_own_seeds() {
    use ayla::engine::{EndReason, Game, Variant};
    use ayla::notation::parse_position;
    let r = rules_of(
        "[board]\nrows = 4\npits_per_row = 4\nseeds_per_pit = 2\n\
         [end]\ninner_row_empty = \"loses-after-ply\"\n",
    );
    let pos = parse_position(&r, "1,0,0,0/0,1,0,0/2,0,0,0/0,0,0,0 S 14-14").unwrap();
    let game = Game::from_position(Variant::new(r.clone()), pos);
    let reference = ayla::reference::Reference::from_state(&r, pos.to_state(&r));
    let o = game.outcome().expect("the game is over");
    assert_eq!(o.reason, EndReason::InnerRowEmpty(ayla::board::Side::North));
    assert_eq!(o.totals, [18, 14]);
    assert_eq!(o.winner, Some(ayla::board::Side::South));
    assert_eq!(o.held, [16, 16]);
    assert_eq!(reference.outcome(), Some(o));
}
