//! Regression tests for the findings of the hostile-input work
//! (docs/fuzzing.md): the fuzzing harness (`examples/fuzz.rs`) and the
//! termination review.
//! Each test names the finding it pins down.

use ayla::check::check_game;
use ayla::engine::Variant;
use ayla::engine::{Game, Ply};
use ayla::notation::parse_records;
use ayla::rules::{self, Rules};
use std::sync::Arc;

fn load(text: &str) -> Rules {
    rules::parse("regression.toml", text).unwrap_or_else(|e| panic!("{e}"))
}

/// Goré's board with free trades (`price_per_pit = 0`, a value the rule
/// language allows).
const FREE_TRADES: &str = r#"
[variant]
id = "free-trades"
name = "Free trades"

[board]
pits_per_row = 4
seeds_per_pit = 6

[capture]
counts = [2, 4]
landing = "opponent-territory"

[trading]
enabled = true
max_pits = 3
price_per_pit = 0
keep_at_least = 1
only_if_affordable = true

[end]
all_pits_below = 3
repetition = 3
"#;

/// Finding T1 (termination, engine): the repetition window restarts
/// whenever captured totals or owners change, on the ground that those
/// changes are irreversible. With trading they are not: an accepted offer
/// moves owners (and, at a price, captured seeds back onto the board), and
/// a trade back undoes it. Here South gives pit `c` to North and North
/// gives it straight back, for free: the same whole state recurs for ever,
/// every occurrence in a fresh window, so the game never ends.
///
/// Fixed in the engine (src/engine/game.rs, `Rules::no_trading`):
/// with trading on, a change of owners or captured totals no longer
/// restarts the window, and the repetition key includes them.
#[test]
fn t1_trading_back_and_forth_ends_by_repetition() {
    let r = load(FREE_TRADES);
    let mut g = Game::new(Variant::new(r.clone()));
    let c = r.pit("c").unwrap();
    let start = *g.position();
    let cycle = [
        Ply::Offer(ayla::engine::PitSet::single(c)),
        Ply::Accept,
        Ply::Offer(ayla::engine::PitSet::single(c)),
        Ply::Accept,
    ];
    let mut cycles = 0;
    while !g.is_over() && cycles < 100 {
        for p in cycle {
            if g.is_over() {
                break;
            }
            g.play(p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
        }
        cycles += 1;
        if !g.is_over() {
            assert_eq!(*g.position(), start, "the cycle returns to the start");
        }
    }
    assert!(
        g.is_over(),
        "the same state occurred {cycles} times and the game goes on"
    );
}

/// The same cycle as a record: `ayla check` accepted any number of laps.
#[test]
fn t1_trading_cycle_record_is_refused_after_the_third_occurrence() {
    let dir = std::env::temp_dir().join(format!("ayla-t1-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("free-trades.toml");
    std::fs::write(&file, FREE_TRADES).unwrap();
    let r = rules::load_file(&file).unwrap();
    let text = format!(
        "[Variant \"free-trades.toml\"]\n\n{}\n",
        "offer(c) accept offer(c) accept ".repeat(10)
    );
    let rec = &parse_records(&text).unwrap()[0];
    let report = check_game(&Arc::new(Variant::new(r.clone())), rec).unwrap();
    assert!(report.illegal.is_some(), "40 plies of one cycle all legal");
}

/// Finding R1 (fuzzing `record`, limits): every ply's line and column was
/// found by pest's `line_col`, which scans from the start of the text, so
/// parsing was quadratic: 20,000 plies took 1.4 s and 200,000 on one line
/// about 3 minutes. Fixed in src/notation/record.rs (a cursor that walks on
/// from the last place); 2,000,000 plies now parse in about a second.
#[test]
fn r1_a_long_record_parses_in_linear_time() {
    let text = format!("[Variant \"gore\"]\n\n{}\n", "c C ".repeat(100_000));
    // The linearity itself is checked by counting, not timing:
    // `placing_plies_walks_the_text_once` in src/notation/record.rs.
    let t = std::time::Instant::now();
    let recs = parse_records(&text).unwrap();
    eprintln!("200,000 plies on one line parsed in {:?}", t.elapsed());
    let last = recs[0].plies.last().unwrap();
    assert_eq!((last.loc.line, last.loc.column), (3, 399_999));
    // Lines and columns still count characters, and `\r\n` as one break.
    let recs = parse_records("[Variant \"gore\"]\r\n\r\n{é} c\r\n C").unwrap();
    let locs: Vec<_> = recs[0]
        .plies
        .iter()
        .map(|p| (p.loc.line, p.loc.column))
        .collect();
    assert_eq!(locs, [(3, 5), (4, 2)]);
}

/// Finding R2 (fuzzing `record`): a syntax error quoted the whole word
/// found, which for a hostile file is a megabyte on one line. It now
/// quotes its first 40 characters.
#[test]
fn r2_a_syntax_error_quotes_a_bounded_word() {
    let e = parse_records(&"[".repeat(100_000)).unwrap_err();
    assert!(e.message.len() < 200, "{}", e.message.len());
    assert!(e.message.ends_with("…`"), "{}", e.message);
}

/// The rule file of findings P1 and T2: no captures, 2×5 pits of 32
/// seeds, so one repetition window lasts the whole game.
const MANY_SEEDS: &str = "[variant]\nid = \"many\"\nname = \"Many\"\n\n[board]\npits_per_row = 5\nseeds_per_pit = 32\n\n[sowing]\ndirection = \"clockwise\"\nskip_origin = true\n\n[moves]\ncannot_sow = \"end-game\"\n";

/// Finding P1 (fuzzing `random-rules`, engine): the repetition count
/// scanned the window's history whenever the 256-bit filter had seen the
/// key's bit, and after a few hundred distinct states every bit is set;
/// so a long window (a game without captures) cost O(plies²): 100,000
/// plies took 3 to 5 s, and a record of 2,000,000 such plies would have
/// taken tens of minutes to check.
///
/// Fixed in src/engine/game.rs: a window longer than 128 keys counts in a
/// table (key -> occurrences) that each ply updates, and restores and
/// resets take back. Checked by the work done, not by a clock: the
/// engine's count of history entries and table slots the repetition rule
/// looked at (`Game::repetition_work`) must stay a few per ply. The old
/// scan looked at about 5 * 10^9 entries in this game (the window's
/// length, 50,000 on average, on each of 100,000 plies).
#[test]
fn p1_a_long_capture_free_game_plays_in_linear_time() {
    let r = load(MANY_SEEDS);
    let mut g = Game::new(Variant::new(r.clone()));
    let mut rng = ayla::rng::Rng::new(1);
    let mut legal = Vec::new();
    let mut work = Vec::new();
    for _ in 0..100_000 {
        g.legal_plies(&mut legal);
        assert!(!legal.is_empty(), "the game lasts (finding T2)");
        g.play(legal[rng.below(legal.len())]).unwrap();
        if g.plies_played().is_multiple_of(25_000) {
            work.push(g.repetition_work());
        }
    }
    let plies = g.plies_played() as u64;
    assert_eq!(plies, 100_000);
    let total = g.repetition_work();
    assert!(total < 10 * plies, "{total} for {plies} plies");
    // Each quarter of the game costs about the same (with a quadratic
    // count the last would cost seven times the first).
    let quarters: Vec<u64> = work.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(
        quarters.iter().all(|&q| q < 3 * work[0]),
        "work by quarters: {work:?}"
    );
}

/// Finding P1, searching: perft and the engine's search take plies back
/// by the million; in a long window each take-back must cost about what
/// the ply did, with no rebuilding of the count and no dead keys left.
#[test]
fn p1_search_in_a_long_window_does_work_linear_in_its_nodes() {
    let r = load(MANY_SEEDS);
    let mut g = Game::new(Variant::new(r.clone()));
    let mut rng = ayla::rng::Rng::new(2);
    let mut legal = Vec::new();
    for _ in 0..20_000 {
        g.legal_plies(&mut legal);
        g.play(legal[rng.below(legal.len())]).unwrap();
    }
    let before = g.repetition_work();
    let leaves = ayla::search::perft(&mut g, 7);
    let work = g.repetition_work() - before;
    assert_eq!(g.plies_played(), 20_000, "perft takes every ply back");
    // Perft plays every node but the leaves, and takes each back.
    assert!(leaves > 10_000, "{leaves}");
    assert!(work < 4 * leaves, "{work} for perft 7 of {leaves} leaves");
}

/// Finding T2 (fuzzing `random-rules`): games end, but not within any
/// practical bound when a window's state space is huge. This rule file
/// (no captures, 2×5 pits of 32 seeds) has about 10^11 states, and a
/// random game has not ended after 100,000 plies. Not a bug of the
/// engine: the repetition rule is what ends such games, and it needs a
/// state to recur. Pinned so that a change of the end rules is noticed.
#[test]
fn t2_a_capture_free_game_with_many_seeds_can_outlast_100_000_plies() {
    let r = load(MANY_SEEDS);
    let mut g = Game::new(Variant::new(r.clone()));
    let mut rng = ayla::rng::Rng::new(1);
    let mut legal = Vec::new();
    for _ in 0..3_000 {
        g.legal_plies(&mut legal);
        g.play(legal[rng.below(legal.len())]).unwrap();
        assert_eq!(g.position().total_seeds(&r), 320);
    }
    assert!(!g.is_over());
}

/// T2's remedy for authors: the same file with `end.max_plies` ends every
/// game at the cap at the latest, says so in `rules show`, and scores the
/// seeds left by their pits' controllers.
#[test]
fn t2_a_ply_cap_bounds_such_a_game() {
    let r = load(&format!("{MANY_SEEDS}\n[end]\nmax_plies = 5000\n"));
    let shown = ayla::rules::describe::show(&r);
    assert!(shown.contains("The game ends after 5000 plies"), "{shown}");
    let mut rng = ayla::rng::Rng::new(1);
    let mut legal = Vec::new();
    for _ in 0..3 {
        let mut g = Game::new(Variant::new(r.clone()));
        while !g.is_over() {
            g.legal_plies(&mut legal);
            g.play(legal[rng.below(legal.len())]).unwrap();
        }
        assert_eq!(g.plies_played(), 5000);
        let o = g.outcome().unwrap();
        assert_eq!(o.reason, ayla::engine::EndReason::PlyCap(5000));
        assert_eq!(o.totals[0] + o.totals[1], 320);
    }
}
