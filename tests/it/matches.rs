//! Games of a match (`[match]`): a game with pits out of play, played by
//! the engine and by the reference interpreter. Positions traced by hand
//! from docs/rule-language.md (`[match]`, `match.unfilled`).
//!
//! Two rows of four: South's circuit is a b c d A B C D.

use crate::common::{play_in_both, rules_of};

/// C is out of play. South sows d's 3 seeds into A, B and D, passing over
/// C, and the backward chain from D (3) runs across C to B (2) and A (2):
/// 7 seeds to South.
#[test]
fn a_sowing_and_a_chain_pass_over_a_pit_out_of_play() {
    let r = rules_of(
        "[board]\npits_per_row = 4\nseeds_per_pit = 3\n\
         [capture]\ncounts = [2, 3]\nlanding = \"opponent-row\"\nchain = \"backward\"\nchain_zone = \"opponent-row\"\n\
         [match]\nnext_first = \"loser\"\n",
    );
    play_in_both(
        &r,
        "0,0,0,3/1,1,0,2 S 9-8 closed=C",
        "d",
        "0,0,0,0/0,0,0,0 N 16-8 closed=C",
    );
}

/// With stores after each row's last pit, South's d is out of play: a
/// sowing from c puts its second seed in South's store, straight after c.
#[test]
fn a_store_comes_after_the_last_pit_in_play() {
    let r = rules_of(
        "[board]\npits_per_row = 4\nseeds_per_pit = 3\nstores = \"after-last-house\"\n\
         [match]\nnext_first = \"loser\"\n",
    );
    play_in_both(
        &r,
        "3,3,3,0/3,3,3,3 S 2-1 closed=d",
        "c",
        "3,3,0,0/4,4,3,3 N 3-1 closed=d",
    );
}
