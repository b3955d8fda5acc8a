//! The repetition end against a naive recount (finding P1).
//!
//! The engine counts a state's occurrences in its window with a filter and
//! a scan, or, once the window is long, with a count table that restores
//! and resets must keep exact. Here random games with random take-backs
//! (single plies, long stretches across windows, search-like bursts of
//! play-and-restore, resets) are checked ply by ply against a reference
//! built only from the public API: the window runs from the last change of
//! lock progress (or, without trading, of captured totals or owners), the
//! count compares whole states (seeds, side to act, offer, captured
//! totals, owners, lock progress) by scanning it, and the position's own
//! end conditions come from a fresh `Game` started at it. After every ply
//! and every restore the engine's end (whether the game is over, and why)
//! must be the reference's.

use ayla::engine::Variant;
use ayla::engine::{EndReason, Game, MAX_PITS, PitSet, Ply, Position, Side, Snapshot};
use ayla::rng::Rng;
use ayla::rules::{self, BUNDLED, Rules};

/// What the repetition rule compares: the whole state but who has declined.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct State {
    seeds: [u16; MAX_PITS],
    to_move: Side,
    offer: Option<PitSet>,
    captured: [u16; 2],
    owners: PitSet,
    sown: PitSet,
}

fn state(r: &Rules, p: &Position) -> State {
    let mut seeds = [0; MAX_PITS];
    seeds[..r.pits()].copy_from_slice(p.board(r));
    State {
        seeds,
        to_move: p.to_move(),
        offer: p.offer(),
        captured: Side::BOTH.map(|s| p.captured(s)),
        owners: p.north_pits(),
        sown: p.sown(),
    }
}

/// Whether going from `a` to `b` starts a new window: no state before it
/// can recur.
fn irreversible(r: &Rules, a: &State, b: &State) -> bool {
    a.sown != b.sown
        || (r.trading().is_none() && (a.captured != b.captured || a.owners != b.owners))
}

/// A game and, for each position of its line so far, the reference's
/// view of it.
struct Line<'r> {
    r: &'r Rules,
    g: Game,
    snaps: Vec<Snapshot>,
    states: Vec<State>,
    /// Where each position's window starts.
    starts: Vec<usize>,
    ends: Vec<Option<EndReason>>,
    /// Repetition ends seen in windows longer than 200 states (so counted
    /// by the table, whatever its threshold between 64 and 200).
    long_repetitions: usize,
    longest_window: usize,
    plies: usize,
}

impl<'r> Line<'r> {
    fn new(r: &'r Rules) -> Line<'r> {
        let g = Game::new(Variant::new(r.clone()));
        let mut l = Line {
            r,
            snaps: Vec::new(),
            states: Vec::new(),
            starts: Vec::new(),
            ends: Vec::new(),
            g,
            long_repetitions: 0,
            longest_window: 0,
            plies: 0,
        };
        l.begin();
        l
    }

    fn begin(&mut self) {
        self.snaps = vec![self.g.snapshot()];
        self.states = vec![state(self.r, self.g.position())];
        self.starts = vec![0];
        self.ends = vec![self.g.end()];
    }

    fn reset(&mut self) {
        self.g.reset();
        self.begin();
    }

    fn len(&self) -> usize {
        self.states.len() - 1
    }

    fn play(&mut self, ply: Ply, what: &str) {
        self.g
            .play(ply)
            .unwrap_or_else(|e| panic!("{what}: {ply:?}: {e}"));
        self.plies += 1;
        let k = self.states.len();
        let now = state(self.r, self.g.position());
        let start = if irreversible(self.r, &self.states[k - 1], &now) {
            k
        } else {
            self.starts[k - 1]
        };
        self.states.push(now);
        self.starts.push(start);
        let seen = self.states[start..].iter().filter(|&&s| s == now).count();
        let limit = self.r.end().repetition;
        let expected = Game::from_position(self.g.variant().clone(), *self.g.position())
            .end()
            .or((seen >= usize::from(limit)).then_some(EndReason::Repetition(limit)));
        assert_eq!(
            self.g.end(),
            expected,
            "{what}: after ply {k} (window of {}, state seen {seen} times)",
            k + 1 - start
        );
        self.longest_window = self.longest_window.max(k + 1 - start);
        if matches!(expected, Some(EndReason::Repetition(_))) && k + 1 - start > 200 {
            self.long_repetitions += 1;
        }
        self.snaps.push(self.g.snapshot());
        self.ends.push(self.g.end());
    }

    fn undo_to(&mut self, m: usize, what: &str) {
        self.g.restore(self.snaps[m]);
        self.snaps.truncate(m + 1);
        self.states.truncate(m + 1);
        self.starts.truncate(m + 1);
        self.ends.truncate(m + 1);
        assert_eq!(self.g.plies_played(), m, "{what}");
        assert_eq!(state(self.r, self.g.position()), self.states[m], "{what}");
        assert_eq!(
            self.g.end(),
            self.ends[m],
            "{what}: after restoring to ply {m}"
        );
    }

    fn random_ply(&self, rng: &mut Rng, legal: &mut Vec<Ply>) -> Option<Ply> {
        self.g.legal_plies(legal);
        (!legal.is_empty()).then(|| legal[rng.below(legal.len())])
    }
}

/// `steps` random actions on a game of `r`, checked throughout: mostly
/// plies; now and then a take-back (of up to 8 plies, up to 100, or, if
/// `anywhere`, to any point of the line), a search-like burst, or a reset
/// (`resets`, per thousand actions). The line's statistics: plies played,
/// the longest window, and repetition ends in windows over 200.
fn exercise(
    r: &Rules,
    seed: u64,
    steps: usize,
    resets: usize,
    anywhere: bool,
    what: &str,
) -> (usize, usize, usize) {
    let mut l = Line::new(r);
    let mut rng = Rng::new(seed);
    let mut legal = Vec::new();
    for _ in 0..steps {
        let roll = rng.below(1000);
        let ply = l.random_ply(&mut rng, &mut legal);
        if roll < resets || (ply.is_none() && resets > 0 && rng.below(8) == 0) {
            l.reset();
        } else if roll < 20 && l.len() > 0 {
            // A search-like burst: branches of a few plies from here, each
            // taken back to the same snapshot.
            let base = l.len();
            for _ in 0..1 + rng.below(6) {
                for _ in 0..1 + rng.below(12) {
                    match l.random_ply(&mut rng, &mut legal) {
                        Some(p) => l.play(p, what),
                        None => break,
                    }
                }
                l.undo_to(base, what);
            }
        } else if ply.is_none() || roll < 50 {
            let n = l.len();
            let to = match rng.below(20) {
                0..=10 => n.saturating_sub(1 + rng.below(8)),
                // Into the previous window, if there is one.
                11 | 12 if l.starts[n] > 0 => (l.starts[n] - 1).saturating_sub(rng.below(50)),
                19 if anywhere => rng.below(n.max(1)),
                _ => n.saturating_sub(1 + rng.below(100)),
            };
            l.undo_to(to, what);
        } else if let Some(p) = ply {
            l.play(p, what);
        }
    }
    (l.plies, l.longest_window, l.long_repetitions)
}

/// A 2xN board, clockwise sowing that skips its origin, and no captures
/// unless `capture` gives a `[capture]` table.
fn capture_free(pits: u32, seeds: u32, repetition: u32, cannot_sow: &str, capture: &str) -> Rules {
    let text = format!(
        "[variant]\nid = \"long\"\nname = \"Long windows\"\n\n[board]\npits_per_row = {pits}\n\
         seeds_per_pit = {seeds}\n\n[sowing]\ndirection = \"clockwise\"\nskip_origin = true\n\n\
         [moves]\ncannot_sow = \"{cannot_sow}\"\n\n{capture}\n[end]\nrepetition = {repetition}\n"
    );
    rules::parse("long.toml", &text).unwrap_or_else(|e| panic!("{e}"))
}

fn free_trades() -> Rules {
    let text = "[variant]\nid = \"free-trades\"\nname = \"Free trades\"\n\n[board]\n\
        pits_per_row = 4\nseeds_per_pit = 6\n\n[capture]\ncounts = [2, 4]\n\
        landing = \"opponent-territory\"\n\n[trading]\nenabled = true\nmax_pits = 3\n\
        price_per_pit = 0\nkeep_at_least = 1\nonly_if_affordable = true\n\n[end]\n\
        all_pits_below = 3\nrepetition = 3\n";
    rules::parse("free-trades.toml", text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn bundled_variants_end_by_repetition_as_a_recount_says() {
    for (i, (id, _, _)) in BUNDLED.iter().enumerate() {
        let r = rules::bundled(id).unwrap();
        let (plies, longest, _) = exercise(&r, 0x5eed + i as u64, 12_000, 2, true, id);
        assert!(plies > 10_000, "{id}: {plies} plies");
        if *id == "gore" {
            // Trading: captures do not end a window, so windows grow long.
            assert!(longest > 300, "{id}: the longest window is {longest}");
        }
    }
}

/// Capture-free games (and one with rare captures) whose windows run to
/// hundreds or thousands of states, ending at the second or third
/// occurrence: the count table's territory.
#[test]
fn long_windows_end_by_repetition_as_a_recount_says() {
    let rare_captures = "[capture]\ncounts = [9]\nlanding = \"opponent-row\"\n";
    let cases = [
        (
            "2x3, 3 seeds, second occurrence",
            capture_free(3, 3, 2, "end-game", ""),
        ),
        (
            "2x4, 2 seeds, second occurrence",
            capture_free(4, 2, 2, "end-game", ""),
        ),
        (
            "2x3, 3 seeds, third occurrence",
            capture_free(3, 3, 3, "end-game", ""),
        ),
        (
            "2x4, 3 seeds, second occurrence",
            capture_free(4, 3, 2, "end-game", ""),
        ),
        // Ten pits: hashed keys, and captures now and then end a window.
        (
            "2x5, 3 seeds, rare captures",
            capture_free(5, 3, 2, "end-game", rare_captures),
        ),
        // Small boards, passes rather than ends, many occurrences: every
        // count is a table hit.
        (
            "2x2, 3 seeds, 6th occurrence",
            capture_free(2, 3, 6, "pass", ""),
        ),
        (
            "2x3, 2 seeds, 4th occurrence",
            capture_free(3, 2, 4, "pass", ""),
        ),
        // Goré's board with free trades: windows run across captures.
        ("free trades, third occurrence", free_trades()),
    ];
    let mut long_ends = 0;
    for (i, (what, r)) in cases.iter().enumerate() {
        let (plies, longest, ends) = exercise(r, 0xab1e + i as u64, 20_000, 1, true, what);
        assert!(plies > 20_000, "{what}: {plies} plies");
        assert!(longest > 250, "{what}: the longest window is {longest}");
        long_ends += ends;
    }
    assert!(
        long_ends > 50,
        "{long_ends} repetition ends in windows over 200"
    );
}

/// A window that never ends within the test (2x5 of 32 seeds, about 10^11
/// states): thousands of keys in the table while long take-backs and
/// bursts run through it.
#[test]
fn a_huge_window_survives_take_backs() {
    let r = capture_free(5, 32, 2, "end-game", "");
    let (plies, longest, _) = exercise(&r, 0xd1ce, 30_000, 0, false, "2x5, 32 seeds");
    assert!(plies > 25_000, "{plies} plies");
    assert!(longest > 2_000, "the longest window is {longest}");
}

/// Long windows one after another (captures are rare), and take-backs
/// from a long window to just before the capture that began it, into the
/// long window before: the table must leave one window for the other and
/// come back exact.
#[test]
fn restores_across_long_windows_keep_the_count() {
    let r = capture_free(
        5,
        3,
        3,
        "end-game",
        "[capture]\ncounts = [9]\nlanding = \"opponent-row\"\n",
    );
    let mut l = Line::new(&r);
    let mut rng = Rng::new(0x5ca1e);
    let mut legal = Vec::new();
    let mut crossings = 0;
    for _ in 0..30_000 {
        match l.random_ply(&mut rng, &mut legal) {
            Some(p) => l.play(p, "across windows"),
            None => l.reset(),
        }
        let n = l.len();
        let start = l.starts[n];
        if start > 0
            && n + 1 - start > 150
            && start - l.starts[start - 1] > 150
            && rng.below(20) == 0
        {
            l.undo_to(start - 1 - rng.below(20), "across windows");
            crossings += 1;
        }
    }
    assert!(crossings >= 10, "{crossings} take-backs across windows");
}

/// One window of thousands of states, with many recurrences: the table
/// grows several times, and take-backs to anywhere in the line cross its
/// growth points, where it was filled again.
#[test]
fn take_backs_across_the_tables_growth_keep_the_count() {
    let r = capture_free(3, 3, 4, "pass", "");
    let mut l = Line::new(&r);
    let mut rng = Rng::new(0x9e0);
    let mut legal = Vec::new();
    let mut ends = 0;
    for _ in 0..40 {
        while l.len() < 2_500 {
            match l.random_ply(&mut rng, &mut legal) {
                Some(p) => l.play(p, "growth"),
                None => {
                    // Over: by repetition, the only end these rules have.
                    ends += 1;
                    l.undo_to(l.len().saturating_sub(1 + rng.below(5)), "growth");
                }
            }
        }
        l.undo_to(rng.below(l.len()), "growth");
    }
    assert!(ends > 20, "{ends} repetition ends");
}
