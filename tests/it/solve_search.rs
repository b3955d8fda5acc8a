//! The exact search against the definition and the databases: on small
//! boards of every supported variant it gives the plain minimax's value,
//! with and without a database to probe; over a small database it gives
//! a full database's values; it finds the published Kalah values; and it
//! allocates nothing while it searches.

use crate::common::{shrunk, shrunk_with};
use crate::counting::allocations;
use crate::solve::{as_published, published_kalah};
use ayla::engine::{Position, Side, Variant};
use ayla::rng::Rng;
use ayla::rules;
use ayla::solve::index::Ranking;
use ayla::solve::retro::Database;
use ayla::solve::search::{MAX_LINE, Search, TooDeep};
use ayla::solve::{exhaustive, position_of, terminal_margin};
use std::sync::Arc;

fn seeds_of(v: &Variant) -> usize {
    v.initial().iter().map(|&s| usize::from(s)).sum()
}

/// Every `stride`-th position of every layer of `variant`, both sides.
fn sample(variant: &Variant, stride: u64) -> Vec<Position> {
    let total = seeds_of(variant);
    let ranking = Ranking::new(variant.pits(), total);
    let mut seeds = vec![0u16; variant.pits()];
    let mut out = Vec::new();
    for s in 0..=total {
        for i in (0..ranking.layer_size(s)).step_by(stride as usize) {
            ranking.unrank(s, i, &mut seeds);
            for side in Side::BOTH {
                out.push(position_of(variant, &seeds, side));
            }
        }
    }
    out
}

/// Positions compared, and lines the search cut at a repetition.
struct Agreement {
    compared: usize,
    repetitions: u64,
}

/// The search, bare and over a database of a third of the seeds, against
/// the exhaustive minimax on about `want` positions of `variant`.
fn agree_with_minimax(variant: &Arc<Variant>, want: u64) -> Agreement {
    let total = seeds_of(variant);
    let ranking = Ranking::new(variant.pits(), total);
    let all: u64 = (0..=total).map(|s| 2 * ranking.layer_size(s)).sum();
    let positions = sample(variant, (all / want).max(1));
    let db = Arc::new(Database::build(variant, total / 3).unwrap());
    let mut bare = Search::new(Arc::clone(variant), None, 1 << 16).unwrap();
    let mut over = Search::new(Arc::clone(variant), Some(db), 1 << 16).unwrap();
    let mut compared = 0;
    for pos in &positions {
        // Where the tree is small enough to be played out whole.
        let Some(want) = exhaustive::value(variant, pos, 5_000) else {
            continue;
        };
        let id = &variant.provenance().id;
        assert_eq!(bare.value(pos).unwrap(), want, "{id} {pos:?}, no database");
        assert_eq!(
            over.value(pos).unwrap(),
            want,
            "{id} {pos:?}, over a database"
        );
        compared += 1;
    }
    Agreement {
        compared,
        repetitions: bare.stats().repetitions + over.stats().repetitions,
    }
}

#[test]
fn search_agrees_with_exhaustive_minimax_on_small_boards() {
    let mut compared = 0;
    let mut cycling = Vec::new();
    for (id, _, _) in rules::BUNDLED {
        if ayla::solve::supported(&rules::bundled(id).unwrap()).is_err() {
            continue;
        }
        let mut here = Agreement {
            compared: 0,
            repetitions: 0,
        };
        // The two smallest boards the rules allow.
        let boards = [(2, 1), (2, 2), (3, 1), (3, 2), (4, 1), (4, 2)];
        for v in boards.iter().filter_map(|&(n, k)| shrunk(id, n, k)).take(2) {
            let a = agree_with_minimax(&v, 600);
            here.compared += a.compared;
            here.repetitions += a.repetitions;
        }
        eprintln!(
            "{id}: {} positions agree; {} lines cut at a repetition",
            here.compared, here.repetitions
        );
        assert!(
            here.compared >= 100,
            "{id}: only {} compared",
            here.compared
        );
        if here.repetitions > 0 {
            cycling.push(*id);
        }
        compared += here.compared;
    }
    assert!(compared > 1000, "{compared}");
    // The cycle convention was exercised, not just defined.
    assert!(!cycling.is_empty(), "no variant cycled");
    assert!(cycling.len() < 10, "every variant cycled: {cycling:?}");
}

/// Random positions of `seeds_range` seeds of `variant`, either side.
fn random_positions(
    variant: &Variant,
    seeds_range: (usize, usize),
    n: usize,
    seed: u64,
) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..n {
        let s = seeds_range.0 + rng.below(seeds_range.1 - seeds_range.0 + 1);
        let mut board = vec![0u16; variant.pits()];
        for _ in 0..s {
            board[rng.below(variant.pits())] += 1;
        }
        let side = if rng.below(2) == 0 {
            Side::South
        } else {
            Side::North
        };
        out.push(position_of(variant, &board, side));
    }
    out
}

/// Over a database of at most 4 seeds, the search gives a full
/// database's values on random positions of 8 to 12 seeds, in Kalah (no
/// cycles) and in a variant whose sowings cycle; with two threads too.
#[test]
fn search_over_a_small_database_agrees_with_a_full_one() {
    for (id, per_row, seeds) in [("kalah", 3, 3), ("ayoayo", 3, 2), ("pallanguzhi", 3, 2)] {
        let variant = shrunk(id, per_row, seeds).unwrap();
        let total = seeds_of(&variant);
        let full = Database::build(&variant, total).unwrap();
        let small = Arc::new(Database::build(&variant, 4).unwrap());
        let mut one = Search::new(Arc::clone(&variant), Some(Arc::clone(&small)), 1 << 20).unwrap();
        let mut two = Search::new(Arc::clone(&variant), Some(small), 1 << 20).unwrap();
        two.set_threads(2);
        let positions = random_positions(&variant, (8, 12.min(total)), 150, 0x5eed);
        for (i, pos) in positions.iter().enumerate() {
            let want = full.probe(pos).unwrap();
            assert_eq!(one.value(pos).unwrap(), want, "{id} {pos:?}");
            if i % 5 == 0 {
                assert_eq!(two.value(pos).unwrap(), want, "{id} {pos:?}, two threads");
            }
        }
        let s = one.stats();
        eprintln!(
            "{id} {per_row}x{seeds}: {} positions agree: {} nodes, {} table hits, {} database probes, {} repetitions, {} results withheld",
            positions.len(),
            s.nodes,
            s.tt_hits,
            s.db_probes,
            s.repetitions,
            s.withheld
        );
        assert!(
            s.nodes > 0 && s.db_probes > 0,
            "{id}: the search did not run"
        );
    }
}

/// Where sowings cycle, the search with no database at all agrees with
/// full databases (the exhaustive minimax is too slow there): lines are
/// cut at repetitions, and results that leaned on a cut above their node
/// are kept out of the table.
#[test]
fn search_agrees_with_full_databases_where_sowings_cycle() {
    let (mut repetitions, mut withheld) = (0, 0);
    for id in ["ayoayo", "endodoi", "gore-notrade", "tap-urdy"] {
        let boards = [(3, 2), (4, 1), (4, 2), (3, 3)];
        let variant = boards.iter().find_map(|&(n, k)| shrunk(id, n, k)).unwrap();
        let total = seeds_of(&variant);
        let full = Database::build(&variant, total).unwrap();
        let mut search = Search::new(Arc::clone(&variant), None, 1 << 20).unwrap();
        // Two threads share a table: what one withholds the other must not
        // find either.
        let mut two = Search::new(Arc::clone(&variant), None, 1 << 20).unwrap();
        two.set_threads(2);
        let all: u64 = {
            let ranking = Ranking::new(variant.pits(), total);
            (0..=total).map(|s| 2 * ranking.layer_size(s)).sum()
        };
        let positions = sample(&variant, (all / 400).max(1));
        for pos in &positions {
            let want = full.probe(pos).unwrap();
            assert_eq!(search.value(pos).unwrap(), want, "{id} {pos:?}");
            assert_eq!(two.value(pos).unwrap(), want, "{id} {pos:?}, two threads");
        }
        let s = search.stats();
        eprintln!(
            "{}: {} positions agree: {} nodes, {} repetitions, {} results withheld",
            variant.provenance().id,
            positions.len(),
            s.nodes,
            s.repetitions,
            s.withheld
        );
        repetitions += s.repetitions;
        withheld += s.withheld;
    }
    assert!(repetitions > 0 && withheld > 0, "{repetitions} {withheld}");
}

/// The published Kalah values (tests/solve/kalah.txt) found by the search
/// over databases of at most 100,000 positions, for every entry whose
/// search is quick: m ≤ 3, m = 4 with n ≤ 4, and (5,1), (5,2), (6,1).
#[test]
fn search_finds_the_published_kalah_values() {
    let mut solved = 0;
    for (m, n, published) in published_kalah() {
        let quick = m <= 3 || (m == 4 && n <= 4) || matches!((m, n), (5, 1) | (5, 2) | (6, 1));
        if !quick {
            continue;
        }
        let variant = shrunk("kalah", m, n).unwrap();
        let total = 2 * m * n;
        // The most seeds a database of at most 100,000 positions holds.
        let ranking = Ranking::new(2 * m, total);
        let mut db_seeds = 0;
        let mut positions = 0;
        for s in 0..=total {
            positions += 2 * ranking.layer_size(s);
            if positions > 100_000 {
                break;
            }
            db_seeds = s;
        }
        // Never the whole game: the search must do the work.
        let db_seeds = db_seeds.min(total - 2);
        let db = Arc::new(Database::build(&variant, db_seeds).unwrap());
        let mut search = Search::new(Arc::clone(&variant), Some(db), 1 << 22).unwrap();
        let v = search.value(&Position::initial(&variant)).unwrap();
        assert_eq!(
            as_published(v, &published),
            published,
            "Kalah({m},{n}) ({v})"
        );
        assert!(search.stats().nodes > 0, "Kalah({m},{n}): no search");
        if (m, n) == (4, 4) {
            // The largest here, on two threads from an empty table.
            let db = Arc::new(Database::build(&variant, db_seeds).unwrap());
            let mut two = Search::new(Arc::clone(&variant), Some(db), 1 << 22).unwrap();
            two.set_threads(2);
            assert_eq!(
                two.value(&Position::initial(&variant)).unwrap(),
                v,
                "Kalah(4,4), two threads"
            );
            assert!(two.stats().nodes > 10_000, "{:?}", two.stats());
        }
        solved += 1;
    }
    assert!(solved >= 21, "only {solved} entries solved");
}

/// Under the other capture reading the search agrees with full databases
/// (the values docs/solve.md reports: Kalah(2,2) -2, Kalah(4,2) +6).
#[test]
fn search_agrees_under_the_other_capture_reading() {
    let more = "[opposite_capture]\nwhen_opposite_empty = \"nothing\"\n";
    for (m, n, want) in [(2, 2, -2), (4, 2, 6)] {
        let variant = shrunk_with("kalah", m, n, more).unwrap();
        let db = Arc::new(Database::build(&variant, 6).unwrap());
        let mut search = Search::new(Arc::clone(&variant), Some(db), 1 << 20).unwrap();
        assert_eq!(
            search.value(&Position::initial(&variant)).unwrap(),
            want,
            "Kalah({m},{n})"
        );
    }
}

/// Where sowings wander through a large layer without repeating (Goré
/// without trading: no stores, every seed stays on the board until
/// captured), a depth-first line runs on: the search gives up with
/// `TooDeep` once a line is as long as it is allowed, on one thread or
/// two.
#[test]
fn a_search_whose_lines_wander_gives_up() {
    let variant = shrunk("gore-notrade", 4, 4).unwrap();
    for threads in [1, 2] {
        let mut search = Search::new(Arc::clone(&variant), None, 1 << 20).unwrap();
        search.set_threads(threads);
        search.set_max_line(60);
        assert_eq!(
            search.value(&Position::initial(&variant)),
            Err(TooDeep(60)),
            "{threads} threads"
        );
    }
}

/// A line of `MAX_LINE` plies runs on stack the search adds as it
/// deepens, so a thread whose own stack holds only a few hundred nodes'
/// frames gets `TooDeep`, not an overflow. (Goré without trading, over
/// databases to 20 seeds, wanders that deep at once.)
#[test]
fn the_longest_line_fits_on_a_small_stack() {
    let variant = rules::bundled("gore-notrade").unwrap();
    let variant = Arc::new(Variant::new(variant));
    let db = Arc::new(Database::build(&variant, 20).unwrap());
    let result = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let mut search = Search::new(Arc::clone(&variant), Some(db), 1 << 20).unwrap();
            search.value(&Position::initial(&variant))
        })
        .unwrap()
        .join()
        .expect("the search thread did not panic");
    assert_eq!(result, Err(TooDeep(MAX_LINE)));
}

/// The search allocates nothing of its own: all it allocates is what
/// `terminal_margin`, which it calls once per end test, allocates per call
/// (today a game's history buffer; nothing once that is allocation-free).
#[test]
fn search_allocates_nothing_but_its_end_tests() {
    let variant = shrunk("kalah", 4, 3).unwrap();
    let start = Position::initial(&variant);
    let per_end = allocations(|| {
        std::hint::black_box(terminal_margin(&variant, &start));
    });
    let db = Arc::new(Database::build(&variant, 8).unwrap());
    let mut search = Search::new(Arc::clone(&variant), Some(db), 1 << 20).unwrap();
    let mut value = 0;
    let n = allocations(|| value = search.value(&start).unwrap());
    let s = search.stats();
    assert_eq!(value, 8);
    assert!(s.nodes > 1000, "{} nodes: too small a search", s.nodes);
    assert_eq!(
        n,
        per_end * s.ends,
        "{n} allocations in {} nodes and {} end tests ({per_end} each)",
        s.nodes,
        s.ends
    );
}
