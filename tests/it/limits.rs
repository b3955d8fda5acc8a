//! Absurd inputs (docs/fuzzing.md): each is refused with a clear error, or handled
//! in time and memory proportional to its size. The limits are listed in
//! docs/rule-language.md §5 and README "Fuzzing and limits".
//!
//! # Why games end
//!
//! The repetition rule cannot be switched off: `end.repetition` is 2..=255
//! (1 and 0 are refused, see `repetition_cannot_be_switched_off`). The
//! engine counts a whole state (seeds, owners, side to act, pending offer,
//! captured totals, sown pits) only within a *window* that restarts when
//! captured totals, sown pits or owners change. The state space inside one
//! window is finite (at most 65535 seeds on at most 52 pits, with the other
//! fields fixed), so a window can last at most `(repetition - 1) × states + 1`
//! plies; and without trading the window changes are irreversible —
//! captured totals only grow (bounded by the seeds in play), the sown set
//! only grows (bounded by the pits) and owners never change — so there are
//! finitely many windows, and every game ends. A relay sowing is capped at
//! 10,000 relays, so each ply itself ends.
//!
//! Two findings of the fuzzing harness bear on this:
//! - **With trading the argument failed** (finding T1, tests/it/regressions.rs):
//!   an accepted offer changes owners and moves captured seeds back onto
//!   the board, and a trade back undoes it; the engine restarted the window
//!   at each, so a state could recur without bound. The engine now keeps
//!   the window across such changes when trading is on (owners and captured
//!   totals are then part of the repetition key), so the finite-window
//!   argument holds with `sown` alone restarting it.
//! - The bound is finite but not practical: a variant with no captures and
//!   many seeds (say 2×5 pits of 32) has about 10^11 states per window, and
//!   random play does not end within 100,000 plies (finding T2).

use ayla::check::check_game;
use ayla::engine::Variant;
use ayla::notation::{parse_position, parse_records};
use ayla::rules::{self, LoadError, MAX_CHAIN, MAX_FILE_BYTES};
use std::sync::Arc;
use std::time::Instant;

fn err(text: &str) -> String {
    match rules::parse("limits.toml", text) {
        Ok(_) => panic!("loaded:\n{text}"),
        Err(e) => e.to_string(),
    }
}

/// Runs `f` and prints how long it took (`--nocapture` shows it). Times
/// are printed, never asserted: a machine's load is not the code's fault.
/// What guards against work out of proportion is the size of the inputs:
/// each is big enough (a 10 MB file, two million plies) that quadratic
/// work would keep the test running for hours, far past the suite's
/// five-minute budget, while linear work takes a second or less.
fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let out = f();
    eprintln!("{what}: {:?}", t.elapsed());
    out
}

const HEAD: &str = "[variant]\nid = \"x\"\nname = \"X\"\n\n[board]\n";

#[test]
fn a_billion_pits_and_a_trillion_seeds_are_refused() {
    let e = err(&format!(
        "{HEAD}pits_per_row = 1000000000\nseeds_per_pit = 1000000000000\n"
    ));
    assert!(
        e.contains("expected a number of pits per row from 1 to 26, found 1000000000"),
        "{e}"
    );
    let e = err(&format!(
        "{HEAD}pits_per_row = 6\nseeds_per_pit = 1000000000000\n"
    ));
    assert!(
        e.contains("expected a number of seeds from 0 to 65535, found 1000000000000"),
        "{e}"
    );
    // Beyond i64: a TOML error, still located.
    let e = err(&format!(
        "{HEAD}pits_per_row = 99999999999999999999\nseeds_per_pit = 4\n"
    ));
    assert!(e.contains("limits.toml:6:"), "{e}");
    // Each pit within range, the total not.
    let e = err(&format!("{HEAD}pits_per_row = 26\nseeds_per_pit = 65535\n"));
    assert!(e.contains("at most 65535 are supported"), "{e}");
}

#[test]
fn repetition_cannot_be_switched_off() {
    for bad in ["0", "1", "256", "-1"] {
        let e = err(&format!(
            "{HEAD}pits_per_row = 4\nseeds_per_pit = 4\n\n[end]\nrepetition = {bad}\n"
        ));
        assert!(
            e.contains("expected a repetition count from 2 to 255"),
            "{bad}: {e}"
        );
    }
}

/// One pit a side, one seed each: `a A` comes back to the start, so the
/// third occurrence of the start ends the game after 4 plies.
const LOOP: &str =
    "[variant]\nid = \"loop\"\nname = \"Loop\"\n\n[board]\npits_per_row = 1\nseeds_per_pit = 1\n";

#[test]
fn two_million_plies_end_by_repetition_and_the_rest_is_refused() {
    let r = rules::parse("loop.toml", LOOP).unwrap();
    let text = format!("[Variant \"loop\"]\n\n{}\n", "a A ".repeat(1_000_000));
    let recs = timed("parsing 2,000,000 plies", || parse_records(&text).unwrap());
    assert_eq!(recs[0].plies.len(), 2_000_000);
    let report = timed("checking them", || {
        check_game(&Arc::new(Variant::new(r.clone())), &recs[0]).unwrap()
    });
    let ill = report.illegal.expect("a ply after the end");
    assert_eq!(ill.number, 5);
    assert!(ill.reason.contains("over"), "{}", ill.reason);
    assert_eq!(report.outcome.unwrap().reason.code(), "repetition");
}

#[test]
fn deep_nesting_and_long_lines_are_refused() {
    // Records: a million `{` (one unclosed comment), a million `[`, a
    // 1 MiB line of labels, a million move numbers.
    for (what, text) in [
        (
            "{ nesting",
            format!("[Variant \"gore\"]\n\n{}", "{".repeat(1_000_000)),
        ),
        ("[ nesting", "[".repeat(1_000_000)),
        (
            "a long tag",
            format!("[Variant \"{}\"]\n\nc\n", "x".repeat(1 << 20)),
        ),
        (
            "a long line",
            format!("[Variant \"gore\"]\n\n{}\n", "c ".repeat(1 << 19)),
        ),
    ] {
        timed(what, || {
            if let Ok(recs) = parse_records(&text) {
                let r = rules::bundled("gore").unwrap();
                for rec in &recs {
                    let _ = check_game(&Arc::new(Variant::new(r.clone())), rec);
                }
            }
        });
    }
    // Rule files: nesting just under the size limit must not overflow the stack.
    for (what, text) in [
        (
            "[ nesting",
            format!("{HEAD}pits_per_row = {}", "[".repeat(MAX_FILE_BYTES - 100)),
        ),
        (
            "{ nesting",
            format!(
                "{HEAD}pits_per_row = {}",
                "{ a = ".repeat((MAX_FILE_BYTES - 100) / 6)
            ),
        ),
        (
            "a long line",
            format!(
                "{HEAD}pits_per_row = 4 {}",
                " ".repeat(MAX_FILE_BYTES - 100)
            ),
        ),
        (
            "a long string",
            format!("{HEAD}x = \"{}\"", "x".repeat(MAX_FILE_BYTES - 100)),
        ),
        ("many tables", "[a]\n".repeat((MAX_FILE_BYTES - 100) / 4)),
    ] {
        let e = timed(what, || err(&text));
        assert!(e.contains("limits.toml:"), "{what}: {e}");
    }
}

#[test]
fn an_extends_chain_of_17_files_is_refused() {
    let dir = std::env::temp_dir().join(format!("ayla-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("f0.toml"),
        format!("{HEAD}pits_per_row = 4\nseeds_per_pit = 4\n"),
    )
    .unwrap();
    for i in 1..=MAX_CHAIN {
        std::fs::write(
            dir.join(format!("f{i}.toml")),
            format!(
                "extends = \"f{}.toml\"\n\n[variant]\nid = \"f{i}\"\nname = \"F{i}\"\n",
                i - 1
            ),
        )
        .unwrap();
    }
    // f15 → … → f0 is 16 files: accepted.
    rules::load_file(&dir.join(format!("f{}.toml", MAX_CHAIN - 1))).unwrap();
    // f16 → … → f0 is 17: refused.
    let e = rules::load_file(&dir.join(format!("f{MAX_CHAIN}.toml")))
        .unwrap_err()
        .to_string();
    assert!(e.contains("chains of at most 16 files are accepted"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_10_mb_rule_file_is_refused() {
    let text = format!(
        "{HEAD}pits_per_row = 4\nseeds_per_pit = 4\n{}",
        "# padding\n".repeat(1_000_000)
    );
    assert!(text.len() > 10_000_000);
    let e = timed("a 10 MB text", || err(&text));
    assert!(
        e.contains("rule files of at most 1048576 bytes are accepted"),
        "{e}"
    );
    let dir = std::env::temp_dir().join(format!("ayla-limits-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("big.toml");
    std::fs::write(&file, &text).unwrap();
    let e = timed("a 10 MB file", || rules::load_file(&file).unwrap_err());
    assert!(matches!(e, LoadError::Invalid(_)));
    assert!(e.to_string().contains("the file is 10000"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_position_of_a_million_commas_is_refused() {
    let kpe = rules::bundled("kpe").unwrap();
    for text in [
        format!("{}/6,6,6,6 S 0-0", ",".repeat(1_000_000)),
        format!("{}/6,6,6,6 S 0-0", "6,".repeat(500_000) + "6"),
        format!("6,6,6,6/6,6,6,6 S 0-0{}", " sown=a/".repeat(100_000)),
        format!("{}6,6,6,6/6,6,6,6 S 0-0", "9".repeat(1_000_000)),
    ] {
        let e = timed("a huge position", || {
            parse_position(&kpe, &text).unwrap_err()
        });
        assert!(e.column >= 1, "{e}");
    }
}

/// Every subset of a territory is an offer, so the number of offers one
/// position can list is bounded at load time (rules::MAX_OFFERS). Counts
/// worked out by hand: 6 pits a row, offers of up to 6 pits, 1 kept: a
/// territory reaches 11 pits, whose subsets of 1 to 6 pits number
/// 11 + 55 + 165 + 330 + 462 + 462 = 1485, which is allowed; at the start
/// South has 6 sowings and C(6,1) + … + C(6,5) = 62 offers (keeping one).
/// 7 pits a row with offers of up to 7 and 1 kept: 13 pits, and
/// 13 + 78 + 286 + 715 + 1287 + 1716 + 1716 = 5811, allowed; 8 pits a
/// row: 15 pits, and 15 + 105 + 455 + 1365 + 3003 + 5005 + 6435 + 6435 =
/// 22818, refused.
#[test]
fn the_number_of_offers_a_position_can_list_is_bounded() {
    let file = |n: usize| {
        format!(
            "{HEAD}pits_per_row = {n}\nseeds_per_pit = 2\n\n[trading]\nenabled = true\nmax_pits = {n}\nprice_per_pit = 0\nkeep_at_least = 1\nonly_if_affordable = false\n"
        )
    };
    let r = rules::parse("limits.toml", &file(6)).unwrap();
    let mut g = ayla::engine::Game::new(Variant::new(r.clone()));
    assert_eq!(ayla::search::perft(&mut g, 1), 6 + 62);
    rules::parse("limits.toml", &file(7)).unwrap();
    let e = err(&file(8));
    assert!(
        e.contains("make 22818 different offers in one position; at most 10000 are supported"),
        "{e}"
    );
}
