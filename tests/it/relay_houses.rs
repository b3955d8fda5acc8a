//! `[houses]` in relay games: at the end of every lap, a last seed in a
//! house ends the sowing, a last seed that makes a house makes it and ends
//! the sowing, and only then does the lap relay. Every expected position
//! was traced by hand from docs/rule-language.md (`[houses]`,
//! `sowing.laps`), and each ply is played by the engine (both `Game::play`
//! and `Game::advance`) and by the reference interpreter.

use crate::common::{play_in_both, rules_of};
use ayla::engine::Effect;
use ayla::rules::{self, Rules};

/// Two rows of four, South's circuit a b c d A B C D. Any pit of the
/// opponent's row may become the mover's house at 3 seeds, none of one's
/// own row.
fn file(laps: &str) -> Rules {
    rules_of(&format!(
        "[board]\npits_per_row = 4\nseeds_per_pit = 2\n\
         [sowing]\nlaps = \"{laps}\"\n\
         [houses]\nmade_at = 3\nopponent_row = [1, 2, 3, 4]\n"
    ))
}

/// The loader takes houses with either relay, written beside them or laid
/// over a parent's houses (these two files were refused while houses
/// needed single laps).
#[test]
fn houses_load_with_either_relay_written_or_inherited() {
    for laps in ["relay", "relay-from-next"] {
        file(laps);
        let text = format!(
            "extends = \"tests/bad_rules/parent-houses.toml\"\n\
             [variant]\nid = \"relay-houses\"\nname = \"Relay houses\"\n\
             [sowing]\nlaps = \"{laps}\"\n"
        );
        let r = rules::parse("relay-over-houses.toml", &text).unwrap_or_else(|e| panic!("{e}"));
        assert!(r.houses().is_some());
    }
}

fn relays(e: &Effect) -> u16 {
    match e {
        Effect::Sow(s) => s.relays,
        _ => panic!("a sowing"),
    }
}

/// a (2) drops into b (0 → 1) and c (2 → 3): 3 seeds, but c is in
/// South's own row, where no house is made, and it held seeds, so it is
/// lifted. c (3) drops into d (0 → 1), A (1 → 2) and B (2 → 3): B held
/// seeds, yet its 3 seeds make it South's house, which ends the sowing
/// (South 5 + 3 = 8) instead of lifting B.
#[test]
fn a_relay_lifts_an_ineligible_pit_and_stops_at_the_house_a_lap_makes() {
    let r = file("relay");
    let e = play_in_both(
        &r,
        "2,0,2,0/1,2,0,0 S 5-4",
        "a",
        "0,1,0,1/2,0,0,0 N 8-4 houses=B/",
    );
    assert_eq!(relays(&e), 1);
}

/// North's circuit runs C D a b c d A B. C (5) drops into D, a, b, c
/// (each 0 → 1) and d (1 → 2): d held seeds and holds 2, not 3, so it is
/// lifted. d (2) drops into A (1 → 2) and South's house B, whose seed goes
/// to South (6 → 7): a last seed in a house ends the sowing.
#[test]
fn a_lap_ending_in_a_house_ends_the_sowing() {
    let r = file("relay");
    let e = play_in_both(
        &r,
        "0,0,0,1/1,0,5,0 N 6-3 houses=B/",
        "C",
        "1,1,1,0/2,0,0,1 S 7-3 houses=B/",
    );
    assert_eq!(relays(&e), 1);
}

/// a (1) drops into b (1 → 2), South's own row: no house, and the next
/// pit c holds 2, so c is lifted. c (2) drops into d (0 → 1) and A
/// (2 → 3): A becomes South's house (South 5 + 3 = 8) and the sowing
/// ends, though the next pit B holds a seed to lift.
#[test]
fn a_relay_from_the_next_pit_stops_at_the_house_a_lap_makes() {
    let r = file("relay-from-next");
    let e = play_in_both(
        &r,
        "1,1,2,0/2,1,0,0 S 5-4",
        "a",
        "0,2,0,1/0,1,0,0 N 8-4 houses=A/",
    );
    assert_eq!(relays(&e), 1);
}

/// The game's first sowing is locked (`capture.lock = "first-sowing"`;
/// no pit has been sown from). The first two laps go as in the first
/// test, but the lock holds back the house at B, so B, which held seeds,
/// is lifted: B (3) drops into C and D (0 → 1) and a, emptied at the
/// start (0 → 1). a was empty, so the sowing ends there, with nothing
/// captured. South has now sown from a.
#[test]
fn a_lock_holds_back_the_house_and_the_lap_relays() {
    let r = rules::parse(
        "relay-houses-lock.toml",
        "[variant]\nid = \"relay-houses-lock\"\nname = \"Relay houses, locked\"\n\
         [board]\npits_per_row = 4\nseeds_per_pit = 2\n\
         [sowing]\nlaps = \"relay\"\n\
         [capture]\ncounts = [3]\nlanding = \"anywhere\"\nlock = \"first-sowing\"\n\
         [houses]\nmade_at = 3\nopponent_row = [1, 2, 3, 4]\n",
    )
    .unwrap();
    let e = play_in_both(
        &r,
        "2,0,2,0/1,2,0,0 S 5-4",
        "a",
        "1,1,0,1/2,0,1,1 N 5-4 sown=a/",
    );
    assert_eq!(relays(&e), 2);
}
