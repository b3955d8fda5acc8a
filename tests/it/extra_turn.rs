//! `sowing.extra_turn = "after-capture"`: a sowing that captured gives the
//! mover another ply, one that captured nothing passes the turn. Every
//! expected position was traced by hand from docs/rule-language.md
//! (`sowing.extra_turn`), and each ply is played by the engine (both
//! `Game::play` and `Game::advance`) and by the reference interpreter.

use crate::common::{play_in_both, rules_of as file};
use ayla::engine::{Effect, Game, SowEffect, Variant};
use ayla::notation::parse_position;
use ayla::rules::Rules;

/// Plays `ply` in both interpreters (`common::play_in_both`); whether
/// the mover plays again.
fn agree(r: &Rules, position: &str, ply: &str, after: &str) -> bool {
    matches!(
        play_in_both(r, position, ply, after),
        Effect::Sow(SowEffect {
            extra_turn: true,
            ..
        })
    )
}

const TWO_ROWS: &str = "[board]\npits_per_row = 3\nseeds_per_pit = 2\n\
    [sowing]\nextra_turn = \"after-capture\"\n\
    [capture]\ncounts = [2, 3]\nlanding = \"opponent-row\"\n";

/// South's circuit is a b c A B C. c (2) drops into A (3 → 4) and B
/// (1 → 2): 2 in North's row, so B is taken and South plays again. Then a
/// (1) drops into South's own b: no capture, and North is to act.
#[test]
fn a_capture_plays_again_and_a_sowing_without_one_passes_the_turn() {
    let r = file(TWO_ROWS);
    assert!(agree(&r, "1,1,2/3,1,0 S 2-2", "c", "1,1,0/4,0,0 S 4-2"));
    assert!(!agree(&r, "1,1,0/4,0,0 S 4-2", "a", "0,2,0/4,0,0 N 4-2"));
}

/// Without the clause the same capture passes the turn.
#[test]
fn without_the_clause_a_capture_passes_the_turn() {
    let r = file(&TWO_ROWS.replace("extra_turn = \"after-capture\"", "extra_turn = \"none\""));
    assert!(!agree(&r, "1,1,2/3,1,0 S 2-2", "c", "1,1,0/4,0,0 N 4-2"));
}

/// A sowing capture that takes for the pit's controller still counts:
/// c (2) brings North's A to 4 on the way, taken by North; the last seed
/// makes B 1. South took nothing, yet a capture took seeds: South plays
/// again.
#[test]
fn a_sowing_capture_for_the_opponent_is_a_capture() {
    let r = file(
        "[board]\npits_per_row = 3\nseeds_per_pit = 2\n\
         [sowing]\nextra_turn = \"after-capture\"\n\
         [sowing_capture]\ncounts = [4]\ntaker = \"pit-controller\"\n",
    );
    assert!(agree(&r, "1,1,2/3,0,1 S 2-2", "c", "1,1,0/0,1,1 S 2-6"));
}

/// The end wins: c's capture (2 seeds, South to 6) passes
/// `end.captured_more_than = 5`, so the game is over, whoever would act.
#[test]
fn a_capture_that_ends_the_game_ends_it() {
    let r = file(&format!("{TWO_ROWS}[end]\ncaptured_more_than = 5\n"));
    assert!(agree(&r, "1,1,2/3,1,0 S 4-0", "c", "1,1,0/4,0,0 S 6-0"));
    let pos = parse_position(&r, "1,1,0/4,0,0 S 6-0").unwrap();
    let game = Game::from_position(Variant::new(r.clone()), pos);
    assert!(game.end().is_some());
}

/// Four rows of four. South's circuit is a b c d d2 c2 b2 a2; d2 faces
/// North's A2. d (1) drops into the empty d2, across from A2 (2): the
/// column capture takes A2 and South plays again. a (1) then drops into
/// b, in the outer row: no capture, North to act.
#[test]
fn a_column_capture_plays_again_on_four_rows() {
    let r = file(
        "[board]\nrows = 4\npits_per_row = 4\nseeds_per_pit = 2\n\
         [sowing]\nextra_turn = \"after-capture\"\n\
         [column_capture]\nwhen = \"empty\"\ntakes = \"inner\"\nneeds = \"inner\"\nthen = \"captured\"\n",
    );
    assert!(agree(
        &r,
        "1,0,0,1/1,0,0,0/1,1,1,1/2,1,1,1 S 10-10",
        "d",
        "1,0,0,0/1,0,0,1/1,1,1,1/0,1,1,1 S 12-10"
    ));
    assert!(!agree(
        &r,
        "1,0,0,0/1,0,0,1/1,1,1,1/0,1,1,1 S 12-10",
        "a",
        "0,1,0,0/1,0,0,1/1,1,1,1/0,1,1,1 N 12-10"
    ));
}
