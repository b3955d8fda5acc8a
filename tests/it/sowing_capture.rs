//! `sowing_capture.then`: whether a capture by a lap's last seed ends the
//! sowing. Each expected position was worked out by hand from
//! docs/rule-language.md, and is played in the engine and the reference.

use crate::common::{play_in_both, rules_of};
use ayla::rules::Rules;

/// Two rows of four, relays from the next pit, a pit brought to 4 taken.
fn rules(then: &str) -> Rules {
    rules_of(&format!(
        "[board]\npits_per_row = 4\nseeds_per_pit = 4\n\
         [sowing]\nlaps = \"relay-from-next\"\n\
         [sowing_capture]\ncounts = [4]\nthen = \"{then}\"\n"
    ))
}

/// South's a (2) sows into b (0 → 1) and c (3 → 4): the last seed brings
/// c to 4, and South, the mover, takes its 4 seeds (11 → 15).
const BEFORE: &str = "2,0,3,2/1,1,0,1 S 11-11";

/// With "end-sowing" the sowing ends in the emptied c.
#[test]
fn a_last_seed_that_captures_ends_the_sowing() {
    play_in_both(&rules("end-sowing"), BEFORE, "a", "0,1,0,2/1,1,0,1 N 15-11");
}

/// With "sow-on" the lap ends as a relay from the next pit does: d (2) is
/// lifted and sown into North's A (1 → 2) and B (1 → 2); the pit after B,
/// C, is empty, so the sowing ends there.
#[test]
fn a_last_seed_that_captures_sows_on_from_the_next_pit() {
    play_in_both(&rules("sow-on"), BEFORE, "a", "0,1,0,0/2,2,0,1 N 15-11");
}

/// After a relay from the landing pit the emptied pit has nothing to lift,
/// so both values end the sowing there: the loader takes "sow-on" with any
/// laps (readings of `sowing.laps` combine with it), and it changes nothing.
#[test]
fn with_relays_from_the_landing_pit_both_end_the_sowing() {
    for then in ["end-sowing", "sow-on"] {
        let r = rules_of(&format!(
            "[board]\npits_per_row = 4\nseeds_per_pit = 4\n\
             [sowing]\nlaps = \"relay\"\n\
             [sowing_capture]\ncounts = [4]\nthen = \"{then}\"\n"
        ));
        play_in_both(&r, BEFORE, "a", "0,1,0,2/1,1,0,1 N 15-11");
    }
}
