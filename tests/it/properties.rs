//! Property tests (docs/fuzzing.md), seeded and fast: proptest draws a variant, a
//! game seed and a game length; each property is checked along a random
//! game of that variant. The seed of proptest's own generator is fixed, so
//! a run is repeatable, and no failure file is written.

use ayla::check::{check_game, write_record};
use ayla::engine::{EndReason, Game, Pit, PitSet, Ply, Side, Variant};
use ayla::notation::{format_position, parse_position, parse_records};
use ayla::rng::Rng;
use ayla::rules::{self, BUNDLED, Leftovers};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use std::sync::{Arc, OnceLock};

fn bundled() -> &'static [Arc<Variant>] {
    static ALL: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    ALL.get_or_init(|| {
        BUNDLED
            .iter()
            .map(|(id, _, _)| Arc::new(Variant::new(rules::bundled(id).unwrap())))
            .collect()
    })
}

fn config() -> Config {
    Config {
        cases: 48,
        rng_seed: RngSeed::Fixed(0x0009_a71a),
        failure_persistence: None,
        ..Config::default()
    }
}

/// A random game of `plies` plies at most; the plies played.
fn random_game(r: &Arc<Variant>, seed: u64, plies: usize) -> (Game, Vec<Ply>) {
    let mut rng = Rng::new(seed);
    let mut g = Game::new(r.clone());
    let mut legal = Vec::new();
    let mut played = Vec::new();
    for _ in 0..plies {
        g.legal_plies(&mut legal);
        if legal.is_empty() {
            break;
        }
        let p = legal[rng.below(legal.len())];
        g.play(p).unwrap();
        played.push(p);
    }
    (g, played)
}

/// Every ply of a board, legal or not: sowings, answers, passes, offers of
/// one pit and of two.
fn every_ply(r: &ayla::rules::Rules) -> Vec<Ply> {
    let n = r.pits();
    let mut out = vec![Ply::Pass, Ply::Accept, Ply::Decline];
    for i in 0..n {
        out.push(Ply::Sow(Pit(i as u8)));
        out.push(Ply::Offer(PitSet::single(Pit(i as u8))));
        let mut two = PitSet::single(Pit(i as u8));
        two.insert(Pit(((i + 1) % n) as u8));
        out.push(Ply::Offer(two));
    }
    out
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn seeds_are_conserved(v in 0..BUNDLED.len(), seed: u64, plies in 0usize..400) {
        let r = &bundled()[v];
        let mut rng = Rng::new(seed);
        let mut g = Game::new(r.clone());
        let mut legal = Vec::new();
        for _ in 0..plies {
            prop_assert_eq!(g.position().total_seeds(r), r.total_seeds());
            g.legal_plies(&mut legal);
            if legal.is_empty() {
                let o = g.outcome().unwrap();
                // Seeds left count for nobody under `leftovers = "nobody"`,
                // unless the end gives them to someone in particular.
                let pos = g.position();
                let captured = u32::from(pos.captured(Side::South)) + u32::from(pos.captured(Side::North));
                let shared = r.end().leftovers != Leftovers::Nobody
                    || matches!(o.reason, EndReason::CannotFeed(_) | EndReason::SeedsLeft(_));
                let expected = if shared { r.total_seeds() } else { captured };
                prop_assert_eq!(o.totals[0] + o.totals[1], expected);
                break;
            }
            g.play(legal[rng.below(legal.len())]).unwrap();
        }
    }

    #[test]
    fn a_printed_position_parses_back(v in 0..BUNDLED.len(), seed: u64, plies in 0usize..300) {
        let r = &bundled()[v];
        let (g, _) = random_game(r, seed, plies);
        let pos = *g.position();
        let s = format_position(r, &pos);
        let back = parse_position(r, &s).map_err(|e| TestCaseError::fail(format!("{s}: {e}")))?;
        prop_assert_eq!(back, pos);
        prop_assert_eq!(format_position(r, &back), s);
    }

    #[test]
    fn the_record_of_a_random_game_checks(v in 0..BUNDLED.len(), seed: u64, plies in 0usize..300) {
        let r = &bundled()[v];
        let (g, played) = random_game(r, seed, plies);
        let result = g.outcome().map_or("*".to_owned(), |o| format!("{}-{}", o.totals[0], o.totals[1]));
        let tags = [("Variant", r.provenance().id.clone()), ("Result", result)];
        let text = write_record(r, &tags, &played);
        let recs = parse_records(&text).map_err(|e| TestCaseError::fail(format!("{text}\n{e}")))?;
        prop_assert_eq!(recs.len(), 1);
        let report = check_game(r, &recs[0]).unwrap();
        prop_assert!(report.is_ok(), "{}", text);
        prop_assert_eq!(report.steps.len(), played.len());
        prop_assert_eq!(report.last, *g.position());
    }

    #[test]
    fn check_agrees_with_the_legal_list(v in 0..BUNDLED.len(), seed: u64, plies in 0usize..300) {
        let r = &bundled()[v];
        let (g, _) = random_game(r, seed, plies);
        let mut legal = Vec::new();
        g.legal_plies(&mut legal);
        for p in every_ply(r) {
            prop_assert_eq!(
                g.check(p).is_ok(),
                legal.contains(&p),
                "{:?} at {}", p, format_position(r, g.position())
            );
            // And a game refuses it without changing.
            let mut h = g.clone();
            if h.play(p).is_err() {
                prop_assert_eq!(h.position(), g.position());
            }
        }
    }
}
