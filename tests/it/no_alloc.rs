//! The engine's hot path allocates nothing: random playouts of every
//! bundled variant (legal plies, play, end test, outcome), counted by a
//! global allocator that tallies every allocation.
//!
//! Covered, after a warm-up: `Game::legal_plies` into a reused `Vec`,
//! `Game::advance` and `Game::play_unchecked` (sowing, captures, trades,
//! accepts and declines, repetition keys and the repetition count),
//! `Game::is_over`,
//! `Game::outcome`, `Game::reset`, and the playout loop around them
//! (`ayla::search::playout`, the loop `ayla bench` times).
//!
//! Not covered, honestly: `Game::new` allocates the history buffer (room
//! for 256 plies), and `play_unchecked` pushes one repetition key per ply
//! onto it, so the buffer grows (amortised doubling, a few times in all)
//! whenever a game is longer than every game before it in the same `Game`.
//! The warm-up grows it; the measured run replays the warm-up's games
//! (the same seed), so none of them outgrows the warm-up's longest. Likewise the ply `Vec` grows once if a ply list
//! is longer than its capacity. The repetition count's table (for windows
//! longer than 128 plies, as Goré's often are) is allocated the first time
//! a window gets that long, at twice the history's capacity, and grows
//! again the first time it is used after the history has grown: the same
//! caveat.

use crate::counting::allocations;
use ayla::engine::Variant;
use ayla::engine::{Game, Ply};
use ayla::rng::Rng;
use ayla::rules::{self, BUNDLED};
use ayla::search::Playouts;
use ayla::search::playout::random_playouts_in;

#[test]
fn the_counter_counts() {
    let n = allocations(|| {
        let v: Vec<u64> = Vec::with_capacity(10);
        std::hint::black_box(v);
    });
    assert_eq!(n, 1);
}

#[test]
fn random_playouts_allocate_nothing_after_warm_up() {
    for (id, _, _) in BUNDLED {
        let r = rules::bundled(id).unwrap();
        let mut game = Game::new(Variant::new(r.clone()));
        let mut legal: Vec<Ply> = Vec::with_capacity(64);
        // Warm-up: the history buffer grows to the longest game so far.
        // The measured run then plays the same games again (the same
        // seed), so none outgrows the warm-up's longest by construction.
        let mut rng = Rng::new(0xa110c);
        random_playouts_in(&mut game, &mut legal, &mut rng, 200_000, &mut ());
        let mut rng = Rng::new(0xa110c);
        let mut stats = Playouts::default();
        let n = allocations(|| {
            stats = random_playouts_in(&mut game, &mut legal, &mut rng, 200_000, &mut ());
        });
        assert!(stats.plies >= 200_000 && stats.playouts > 100);
        assert_eq!(
            n, 0,
            "{id}: {} plies of random playouts allocated {n} times",
            stats.plies
        );
    }
}

/// Games whose repetition windows run to thousands of plies (no captures,
/// the game ends at a state's second occurrence), so the repetition count
/// keeps its table: once the table has grown in a warm-up, playouts
/// (`Game::reset` empties the table, keeping its slots) and search-like
/// take-backs (`Game::restore` removes the keys taken back) allocate
/// nothing either. The same caveat as above: the measured runs outgrow
/// neither the history nor the table of the warm-up (fixed seeds).
#[test]
fn long_windows_allocate_nothing_after_warm_up() {
    let r = rules::parse(
        "long.toml",
        "[variant]\nid = \"long\"\nname = \"Long\"\n\n[board]\npits_per_row = 4\n\
         seeds_per_pit = 3\n\n[sowing]\ndirection = \"clockwise\"\nskip_origin = true\n\n\
         [moves]\ncannot_sow = \"end-game\"\n\n[end]\nrepetition = 2\n",
    )
    .unwrap();
    let mut game = Game::new(Variant::new(r.clone()));
    let mut legal: Vec<Ply> = Vec::with_capacity(64);
    let mut rng = Rng::new(0x10e);
    random_playouts_in(&mut game, &mut legal, &mut rng, 200_000, &mut ());
    let mut stats = Playouts::default();
    let n = allocations(|| {
        stats = random_playouts_in(&mut game, &mut legal, &mut rng, 200_000, &mut ());
    });
    assert!(stats.plies >= 200_000 && stats.playouts > 20 && stats.mean_length() > 500.0);
    assert_eq!(
        n, 0,
        "{} plies of long playouts allocated {n} times",
        stats.plies
    );

    // Search-like: from deep in one long window, branches of random plies,
    // each taken back to the same snapshot.
    let r = rules::parse(
        "many.toml",
        "[variant]\nid = \"many\"\nname = \"Many\"\n\n[board]\npits_per_row = 5\n\
         seeds_per_pit = 32\n\n[sowing]\ndirection = \"clockwise\"\nskip_origin = true\n\n\
         [moves]\ncannot_sow = \"end-game\"\n",
    )
    .unwrap();
    let mut game = Game::new(Variant::new(r.clone()));
    let branches = |game: &mut Game, rng: &mut Rng, legal: &mut Vec<Ply>| {
        let snap = game.snapshot();
        for _ in 0..2_000 {
            for _ in 0..1 + rng.below(40) {
                game.legal_plies(legal);
                game.play_unchecked(legal[rng.below(legal.len())]);
            }
            game.restore(snap);
        }
    };
    for _ in 0..5_000 {
        game.legal_plies(&mut legal);
        game.play_unchecked(legal[rng.below(legal.len())]);
    }
    branches(&mut game, &mut rng, &mut legal);
    let work = game.repetition_work();
    let n = allocations(|| branches(&mut game, &mut rng, &mut legal));
    assert!(game.repetition_work() > work, "the table counted");
    assert_eq!(n, 0, "take-backs in a long window allocated {n} times");
}
