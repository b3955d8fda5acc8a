//! Every optimised search agrees with plain minimax: alpha-beta with
//! iterative deepening, the transposition table (reused across positions)
//! and move ordering return the same value as minimax at the same depth,
//! on random positions of every bundled variant. And engine players never
//! play an illegal ply.

use ayla::engine::Game;
use ayla::engine::Variant;
use ayla::rng::Rng;
use ayla::rules::{self, BUNDLED};
use ayla::search::player::Player;
use ayla::search::{Budget, Level, Searcher, minimax};

#[test]
fn alphabeta_agrees_with_minimax_on_random_positions() {
    for (id, _, _) in BUNDLED {
        let r = rules::bundled(id).unwrap();
        agrees_with_minimax(&r, 0..80);
    }
}

/// Under a ply cap the plies left are part of the state: positions a few
/// plies before the cap, searched past it with a table shared between
/// them, still agree with minimax.
#[test]
fn alphabeta_agrees_with_minimax_near_a_ply_cap() {
    for id in ["kpe", "gore", "oware"] {
        let r = rules::parse(
            "capped.toml",
            &format!(
                "extends = \"{id}\"\n\n[variant]\nid = \"{id}-capped\"\nname = \"Capped\"\n\n\
                 [end]\nmax_plies = 24\n"
            ),
        )
        .unwrap();
        agrees_with_minimax(&r, 19..24);
    }
}

/// The same position one ply into a game capped at 3 plies, and as the
/// start of a fresh game: two plies left against three. A table filled by
/// searching the first must not answer for the second.
#[test]
fn a_table_does_not_mix_positions_with_different_plies_left() {
    let r = rules::parse(
        "capped.toml",
        "extends = \"kpe\"\n\n[variant]\nid = \"kpe-capped\"\nname = \"Capped\"\n\n\
         [end]\nmax_plies = 3\n",
    )
    .unwrap();
    let mut played = Game::new(Variant::new(r.clone()));
    played
        .play(ayla::notation::parse_ply(&r, "a").unwrap())
        .unwrap();
    let mut fresh = Game::from_position(Variant::new(r.clone()), *played.position());
    let mut searcher = Searcher::new(1 << 12);
    for depth in 1..=4 {
        let (a, b) = (minimax(&mut played, depth), minimax(&mut fresh, depth));
        assert_eq!(searcher.search(&mut played, Budget::Depth(depth)).value, a);
        assert_eq!(
            searcher.search(&mut fresh, Budget::Depth(depth)).value,
            b,
            "depth {depth}"
        );
    }
}

/// Plays a random number of plies from `plies` into 40 random games and
/// compares alpha-beta with minimax at depths 1 to 4 at each.
fn agrees_with_minimax(r: &rules::Rules, plies: std::ops::Range<usize>) {
    let id = &r.provenance().id;
    let mut rng = Rng::new(7);
    let mut searcher = Searcher::new(1 << 12); // small: collisions and replacements happen
    let mut legal = Vec::new();
    let mut checked = 0;
    let variant = std::sync::Arc::new(Variant::new(r.clone()));
    while checked < 40 {
        let mut g = Game::new(variant.clone());
        for _ in 0..plies.start + rng.below(plies.len()) {
            g.legal_plies(&mut legal);
            if legal.is_empty() {
                break;
            }
            g.play_unchecked(legal[rng.below(legal.len())]);
        }
        g.legal_plies(&mut legal);
        // Keep minimax affordable where offers widen the tree.
        let max_depth = if legal.len() > 12 { 2 } else { 4 };
        for depth in 1..=max_depth {
            let reference = minimax(&mut g, depth);
            let found = searcher.search(&mut g, Budget::Depth(depth));
            assert_eq!(found.value, reference, "{id}, depth {depth}");
            if let Some(best) = found.best {
                assert!(legal.contains(&best));
            }
        }
        checked += 1;
    }
}

/// Whatever the budget, a search names a legal best ply and a principal
/// variation that can be played out, even with its table carried over from
/// earlier positions of the same game.
#[test]
fn searches_name_legal_plies_and_playable_lines() {
    use std::time::Duration;
    for (id, _, _) in BUNDLED {
        let r = rules::bundled(id).unwrap();
        let mut rng = Rng::new(11);
        let mut searcher = Searcher::new(1 << 14);
        let mut legal = Vec::new();
        for game_no in 0..6 {
            let mut g = Game::new(Variant::new(r.clone()));
            let mut n = 0;
            while !g.is_over() && n < 200 {
                let budget = if (n + game_no) % 3 == 0 {
                    Budget::Time(Duration::from_millis(2))
                } else {
                    Budget::Depth(1 + (n % 5) as u32)
                };
                let found = searcher.search(&mut g, budget);
                g.legal_plies(&mut legal);
                let best = found.best.expect("a best ply while the game is on");
                assert!(legal.contains(&best), "{id}: best {best:?} not legal");
                assert_eq!(found.pv.first(), Some(&best));
                let snap = g.snapshot();
                for &p in &found.pv {
                    g.play(p).unwrap_or_else(|e| {
                        panic!("{id}: the line {:?} is not playable: {e}", found.pv)
                    });
                }
                g.restore(snap);
                // Mostly the search's ply, sometimes a random one.
                let p = if rng.below(4) == 0 {
                    legal[rng.below(legal.len())]
                } else {
                    best
                };
                g.play(p).unwrap();
                n += 1;
            }
        }
    }
}

#[test]
fn engine_players_only_play_legal_plies() {
    for (id, _, _) in BUNDLED {
        let r = rules::bundled(id).unwrap();
        for (seed, (a, b)) in [
            (Level::Depth(3), Level::Random),
            (Level::Depth(2), Level::Depth(4)),
        ]
        .into_iter()
        .enumerate()
        {
            let mut players = [Player::new(a, seed as u64), Player::new(b, seed as u64 + 1)];
            let mut g = Game::new(Variant::new(r.clone()));
            let mut n = 0;
            while !g.is_over() && n < 400 {
                let side = g.position().to_move().index();
                let p = players[side]
                    .choose(&mut g)
                    .expect("a ply while the game is on");
                g.play(p)
                    .unwrap_or_else(|e| panic!("{id}: engine chose an illegal ply: {e}"));
                n += 1;
            }
        }
    }
}
