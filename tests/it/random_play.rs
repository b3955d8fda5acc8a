//! Seeded random play through every bundled variant, 150,000 plies each
//! (`AYLA_RANDOM_PLIES=1000000` for a long run; the fuzz target and the
//! differential over random rule files cover the rest), checking the
//! engine's invariants at every step:
//! - seeds are conserved (board + captured = the variant's total);
//! - every legal ply passes the checked `play`, and a ply outside the legal
//!   list is refused by it; the set of legal sowings, where the game gives
//!   one, is exactly the legal list;
//! - the position string round-trips (print → parse → same state, and
//!   parse → print → same string);
//! - a game that ends has an outcome whose totals account for every seed;
//! - `Game::advance` (the quiet path of playouts and search) leaves the
//!   same position, end and search key as the checked `play`.

use ayla::engine::{Game, Pit, PitSet, Ply};
use ayla::notation::{format_position, parse_position};
use ayla::rng::Rng;
use ayla::rules::{self, BUNDLED, Rules};

/// Plies a variant by default: a million each took 97 s of one core, the
/// tail of the whole test run; this many still plays every bundled game
/// to its end thousands of times.
const PLIES_PER_VARIANT: usize = 150_000;

/// Plies a variant: `AYLA_RANDOM_PLIES` if set, else the default.
fn plies_per_variant() -> usize {
    match std::env::var("AYLA_RANDOM_PLIES") {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("AYLA_RANDOM_PLIES={v:?} is not a count")),
        Err(_) => PLIES_PER_VARIANT,
    }
}

/// A sample of plies, legal or not: every sowing, every answer, a pass,
/// and a few offers (all of size 1, one random of size 2 and 3, and one
/// of an impossible size).
fn candidates(r: &Rules, rng: &mut Rng, out: &mut Vec<Ply>) {
    out.clear();
    for i in 0..r.pits() {
        out.push(Ply::Sow(Pit(i as u8)));
        out.push(Ply::Offer(PitSet::single(Pit(i as u8))));
    }
    out.extend([Ply::Pass, Ply::Accept, Ply::Decline]);
    for k in [2, 3, 4] {
        let mut s = PitSet::EMPTY;
        while s.len() < k {
            s.insert(Pit(rng.below(r.pits()) as u8));
        }
        out.push(Ply::Offer(s));
    }
}

fn run(r: &Rules, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut legal = Vec::new();
    let mut sample = Vec::new();
    let mut plies = 0;
    let mut games = 0;
    let mut endings = std::collections::BTreeMap::new();
    let variant = std::sync::Arc::new(ayla::engine::Variant::new(r.clone()));
    let wanted = plies_per_variant();
    while plies < wanted {
        let mut g = Game::new(variant.clone());
        games += 1;
        loop {
            let pos = *g.position();
            assert_eq!(pos.total_seeds(r), r.total_seeds(), "seeds not conserved");
            if plies % 7 == 0 {
                let s = format_position(r, &pos);
                let back = parse_position(r, &s).unwrap_or_else(|e| panic!("{s}: {e}"));
                assert_eq!(back, pos, "{s} does not parse back to the same state");
                assert_eq!(format_position(r, &back), s);
            }
            g.legal_plies(&mut legal);
            candidates(r, &mut rng, &mut sample);
            for &p in &sample {
                let ok = g.check(p).is_ok();
                assert_eq!(
                    ok,
                    legal.contains(&p),
                    "{} in {}: check says {ok}, legal list disagrees",
                    p.notation(r.board()),
                    format_position(r, &pos)
                );
            }
            for &p in &legal {
                assert!(g.check(p).is_ok(), "legal ply {p:?} refused");
            }
            // The sowing set, where the game offers one, is the legal list.
            if let Some(set) = g.legal_sowing_set() {
                let sowings: Vec<Ply> = set.iter().map(Ply::Sow).collect();
                assert_eq!(
                    sowings,
                    legal,
                    "legal_sowing_set in {}",
                    format_position(r, &pos)
                );
            }
            if legal.is_empty() {
                let o = g.outcome().expect("no legal ply means the game is over");
                let on_board: u32 = pos.board(r).iter().map(|&s| u32::from(s)).sum();
                let captured: u32 = u32::from(pos.captured(ayla::engine::Side::South))
                    + u32::from(pos.captured(ayla::engine::Side::North));
                // Seeds left count for nobody under `leftovers = "nobody"`,
                // unless the end gives them to someone in particular.
                let shared = r.end().leftovers != ayla::rules::Leftovers::Nobody
                    || matches!(
                        o.reason,
                        ayla::engine::EndReason::CannotFeed(_)
                            | ayla::engine::EndReason::SeedsLeft(_)
                    );
                let expected = if shared {
                    on_board + captured
                } else {
                    captured
                };
                assert_eq!(o.totals[0] + o.totals[1], expected, "{}", r.provenance().id);
                *endings.entry(o.reason.code()).or_insert(0) += 1;
                break;
            }
            let p = legal[rng.below(legal.len())];
            // The quiet fast path (playouts, perft, search) ends in the same game.
            let snap = g.snapshot();
            g.advance(p);
            let quiet = (*g.position(), g.end(), g.search_key());
            g.restore(snap);
            g.play(p).expect("a legal ply plays");
            assert_eq!(
                quiet,
                (*g.position(), g.end(), g.search_key()),
                "advance({p:?}) and play differ"
            );
            plies += 1;
        }
    }
    eprintln!(
        "{}: {plies} plies in {games} games, endings {endings:?}",
        r.provenance().id
    );
}

/// The variants of one half of the bundled list, so libtest runs the
/// halves on two cores.
fn half(which: usize) {
    for (i, (id, _, _)) in BUNDLED.iter().enumerate() {
        if i % 2 == which {
            let r = rules::bundled(id).unwrap();
            run(&r, 0x5eed_0000 + id.len() as u64);
        }
    }
}

#[test]
fn random_plies_through_the_first_half_of_the_bundled_variants() {
    half(0);
}

#[test]
fn random_plies_through_the_second_half_of_the_bundled_variants() {
    half(1);
}
