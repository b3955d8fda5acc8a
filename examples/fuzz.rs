//! A stable-toolchain fuzzing harness (docs/fuzzing.md): coverage-less but
//! structure-aware mutation fuzzing of the parsers and the engine.
//!
//! ```text
//! cargo run --release --example fuzz -- <target> --seconds S [--corpus DIR] [--seed N]
//! ```
//!
//! Targets:
//! - `record`: `parse_records`, then `check_game` under the bundled rules
//!   the `Variant` tag names; for a game whose plies are all legal,
//!   `write_record` → `parse_records` → `check_game` must give it back.
//! - `position`: `parse_position` under every bundled variant; what parses
//!   must print and parse back to the same state and string.
//! - `rules`: `rules::parse` on mutated rule files; what loads plays a few
//!   hundred random plies (seeds conserved, `check` agrees with the legal list).
//! - `random-rules`: random *valid* rule files from the schema's value
//!   space (`ayla::reference::random`); each must load, and random games
//!   under it must conserve seeds and end within [`PLY_BOUND`] plies.
//! - `differential`: random valid rule files, and random games under each
//!   played in the fast engine and in the reference interpreter at once
//!   (`ayla::reference::differential::compare_game`): any difference in
//!   legal plies, legality, state, effect, end or outcome is a finding.
//!
//! Inputs start from the corpus files (`fuzz/corpus/<target>/`) and are
//! mutated at the byte and token level with a seeded SplitMix64. Each run
//! is under `catch_unwind`; a panic, an input taking more than 1 s (10 s
//! for `differential`), or a broken invariant is a finding, written to
//! `fuzz/findings/<target>/`. A watchdog thread saves the input and aborts
//! if one input runs for more than 20 s (60 s for `differential`): a hang.

use ayla::check::{check_game, write_record};
use ayla::engine::Variant;
use ayla::engine::{Game, Pit, PitSet, Ply, Position};
use ayla::notation::{format_position, parse_position, parse_records};
use ayla::reference::differential::compare_game;
use ayla::reference::random::random_rules;
use ayla::rng::Rng;
use ayla::rules::{self, BUNDLED, Rules};
use std::collections::{BTreeMap, HashMap};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A game of a random valid rule file that has not ended after this many
/// plies is a finding.
const PLY_BOUND: usize = 100_000;
/// An input slower than this is a finding.
const SLOW: Duration = Duration::from_secs(1);
/// An input slower than this is a hang: saved, then the process aborts.
const HANG: Duration = Duration::from_secs(20);
/// Random games compared per rule file by the `differential` target.
const DIFF_GAMES: usize = 4;
/// Most plies of one such game.
const DIFF_PLIES: usize = 2_000;
/// The `differential` target's slow and hang bounds: the reference sows
/// seed by seed, and each game may take it up to `MAX_WORK` seeds.
const DIFF_SLOW: Duration = Duration::from_secs(10);
const DIFF_HANG: Duration = Duration::from_secs(60);

/// Tokens worth inserting, by target.
fn tokens(target: &str) -> &'static [&'static str] {
    match target {
        "record" => &[
            "[",
            "]",
            "\"",
            "\\\"",
            "\\",
            "{",
            "}",
            "{ comment }",
            ";",
            "offer(",
            ")",
            ",",
            "offer(a,b)",
            "accept",
            "decline",
            "pass",
            "1.",
            "99999999999999999999.",
            "...",
            "\n",
            "\r\n",
            "\n\n",
            " ",
            "\t",
            "a",
            "A",
            "z",
            "Z",
            "é",
            "[Variant \"gore\"]",
            "[Variant \"kpe\"]",
            "[Variant \"oware\"]",
            "[Variant \"kalah\"]",
            "[Variant \"../rules/kpe.toml\"]",
            "[Result \"*\"]",
            "[Result \"0-0\"]",
            "[Result \"99999999999-1\"]",
            "[Position \"",
            "6,6,6,6/6,6,6,6 S 0-0",
            " owners=SSSN/NNNN",
            " offer=c,d",
            " declined=SN",
            " sown=abcd/ABCD",
            "9999999999",
            "0",
            "-",
            "\u{0}",
            "\u{feff}",
        ],
        "position" => &[
            ",",
            "/",
            " ",
            "S",
            "N",
            "-",
            "0",
            "1",
            "6",
            "65535",
            "65536",
            "9999999999",
            "99999999999999999999",
            "owners=",
            "sown=",
            "offer=",
            "declined=",
            "SN",
            "NS",
            "SSSS",
            "NNNN",
            "a",
            "A",
            "abcd",
            "ABCD",
            "z",
            "é",
            "\n",
            "\u{0}",
            ",,,,",
            "owners=SSSN/NNNN",
            "sown=ab/AB",
            "offer=c,d",
            "declined=S",
        ],
        _ => &[
            "[",
            "]",
            "[[",
            "]]",
            "\"",
            "'",
            "\"\"\"",
            "{",
            "}",
            "=",
            ",",
            ".",
            "#",
            "\n",
            "[variant]",
            "[board]",
            "[sowing]",
            "[moves]",
            "[capture]",
            "[trading]",
            "[end]",
            "[opposite_capture]",
            "[readings.x]",
            "[[interpretation]]",
            "extends = \"gore\"",
            "extends = \"kpe\"",
            "extends = \"kalah\"",
            "pits_per_row = ",
            "seeds_per_pit = ",
            "initial = [",
            "counts = [",
            "0",
            "1",
            "2",
            "26",
            "27",
            "63",
            "64",
            "65535",
            "65536",
            "9999999999",
            "99999999999999999999",
            "-1",
            "1e9",
            "true",
            "false",
            "\"relay\"",
            "\"clockwise\"",
            "\"after-last-house\"",
            "\"last-in-own-store\"",
            "\"home-row\"",
            "\"must-feed-empty-opponent\"",
            "\"end-game\"",
            "\"end-game-mover-takes-all\"",
            "\"both\"",
            "\"anywhere\"",
            "\"opponent-row\"",
            "\"all-home-pits-sown\"",
            "\"captures-nothing\"",
            "\"take-the-last-seed\"",
            "repetition = 2",
            "repetition = 255",
            "enabled = true",
            "alternatives.a = { end.repetition = 2 }",
            "default = \"a\"",
            "laps = \"relay\"",
            "stores = \"after-last-house\"",
        ],
    }
}

/// Byte- and token-level mutations of `base`, splicing from `corpus`.
fn mutate(rng: &mut Rng, corpus: &[Vec<u8>], toks: &[&str], base: &[u8]) -> Vec<u8> {
    let mut v = base.to_vec();
    let rounds = 1 + rng.below(8);
    for _ in 0..rounds {
        let len = v.len();
        let pos = rng.below(len + 1);
        match rng.below(11) {
            0 if len > 0 => {
                let i = rng.below(len);
                v[i] = rng.next_u64() as u8;
            }
            1 if len > 0 => {
                // Delete a range.
                let n = 1 + rng.below((len - pos).clamp(1, 64));
                let end = (pos + n).min(len);
                v.drain(pos..end);
            }
            2 if len > 0 => {
                // Duplicate a range, sometimes many times.
                let a = rng.below(len);
                let b = (a + 1 + rng.below(64)).min(len);
                let chunk = v[a..b].to_vec();
                let times = if rng.below(8) == 0 {
                    1 + rng.below(200)
                } else {
                    1
                };
                for _ in 0..times {
                    v.splice(pos..pos, chunk.iter().copied());
                }
            }
            3 => {
                // Splice in a range of another corpus entry.
                let other = &corpus[rng.below(corpus.len())];
                if !other.is_empty() {
                    let a = rng.below(other.len());
                    let b = (a + 1 + rng.below(256)).min(other.len());
                    v.splice(pos..pos, other[a..b].iter().copied());
                }
            }
            4 if len > 0 => {
                // Cross over: our head, another's tail.
                let other = &corpus[rng.below(corpus.len())];
                let cut = rng.below(other.len() + 1);
                v.truncate(pos);
                v.extend_from_slice(&other[cut..]);
            }
            5 if len > 0 => {
                // Replace a digit run with an interesting number.
                let nums = [
                    "0",
                    "1",
                    "2",
                    "3",
                    "25",
                    "26",
                    "27",
                    "63",
                    "64",
                    "255",
                    "256",
                    "65535",
                    "65536",
                    "4294967296",
                    "9999999999",
                    "99999999999999999999",
                ];
                if let Some(i) = (pos..len).chain(0..pos).find(|&i| v[i].is_ascii_digit()) {
                    let mut j = i;
                    while j < len && v[j].is_ascii_digit() {
                        j += 1;
                    }
                    v.splice(i..j, nums[rng.below(nums.len())].bytes());
                }
            }
            6 if len > 0 => {
                // Swap two bytes.
                let (i, j) = (rng.below(len), rng.below(len));
                v.swap(i, j);
            }
            7 if len > 0 => v.truncate(pos),
            8 if len > 0 => {
                // Replace a letter by another label.
                if let Some(i) = (pos..len)
                    .chain(0..pos)
                    .find(|&i| v[i].is_ascii_alphabetic())
                {
                    let c = rng.below(26) as u8;
                    v[i] = if rng.below(2) == 0 {
                        b'a' + c
                    } else {
                        b'A' + c
                    };
                }
            }
            _ => {
                let t = toks[rng.below(toks.len())];
                v.splice(pos..pos, t.bytes());
            }
        }
        if v.len() > 1 << 20 {
            v.truncate(1 << 20);
        }
    }
    v
}

/// The bundled variants, loaded once.
struct Bundled(Vec<(&'static str, Arc<Variant>)>);

impl Bundled {
    fn load() -> Bundled {
        Bundled(
            BUNDLED
                .iter()
                .map(|(id, _, _)| (*id, Arc::new(Variant::new(rules::bundled(id).unwrap()))))
                .collect(),
        )
    }

    fn get(&self, name: &str) -> Option<&Arc<Variant>> {
        let key = rules::fold_name(name);
        self.0.iter().find(|(id, _)| *id == key).map(|(_, r)| r)
    }
}

/// Fails the input with a message (caught and recorded as a finding).
macro_rules! invariant {
    ($cond:expr, $($arg:tt)*) => {
        if !$cond {
            panic!("invariant: {}", format!($($arg)*));
        }
    };
}

fn target_record(b: &Bundled, text: &str) {
    let Ok(games) = parse_records(text) else {
        return;
    };
    for rec in &games {
        let Some(r) = rec.tag("Variant").and_then(|t| b.get(&t.value)) else {
            continue;
        };
        let Ok(report) = check_game(r, rec) else {
            continue;
        };
        invariant!(
            report.last.total_seeds(r) == r.total_seeds(),
            "seeds not conserved"
        );
        if report.illegal.is_some() {
            continue;
        }
        let tags: Vec<(&str, String)> = rec
            .tags
            .iter()
            .map(|t| (t.name.as_str(), t.value.clone()))
            .collect();
        let plies: Vec<Ply> = rec
            .plies
            .iter()
            .map(|p| p.ply.resolve(r).expect("a legal ply resolves"))
            .collect();
        let written = write_record(r, &tags, &plies);
        let back = parse_records(&written)
            .unwrap_or_else(|e| panic!("invariant: write_record output does not parse: {e}"));
        invariant!(back.len() == 1, "write_record gave {} games", back.len());
        let again = &back[0];
        invariant!(
            again.tags.len() == rec.tags.len()
                && again
                    .tags
                    .iter()
                    .zip(&rec.tags)
                    .all(|(a, b)| a.name == b.name && a.value == b.value),
            "tags do not round-trip"
        );
        invariant!(
            again
                .plies
                .iter()
                .map(|p| &p.ply)
                .eq(rec.plies.iter().map(|p| &p.ply)),
            "plies do not round-trip"
        );
        let report2 = check_game(r, again).expect("checked once already");
        invariant!(
            report2.illegal.is_none() && report2.last == report.last,
            "the written record replays differently"
        );
    }
}

fn target_position(b: &Bundled, text: &str) {
    for (id, r) in &b.0 {
        let Ok(pos) = parse_position(r, text) else {
            continue;
        };
        invariant!(
            pos.total_seeds(r) == r.total_seeds(),
            "{id}: seeds not conserved"
        );
        let s = format_position(r, &pos);
        let back = parse_position(r, &s)
            .unwrap_or_else(|e| panic!("invariant: {id}: printed {s:?} does not parse: {e}"));
        invariant!(back == pos, "{id}: {s:?} parses back to another state");
        invariant!(
            format_position(r, &back) == s,
            "{id}: {s:?} prints differently"
        );
        // The position must also be playable: a game from it.
        let mut g = Game::from_position(r.clone(), pos);
        let mut rng = Rng::new(text.len() as u64);
        play_random(r, &mut g, &mut rng, 50, None);
    }
}

/// Plays up to `plies` random legal plies, checking invariants; the plies played.
fn play_random(
    r: &Rules,
    g: &mut Game,
    rng: &mut Rng,
    plies: usize,
    mut counts: Option<&mut HashMap<Position, u32>>,
) -> usize {
    let mut legal = Vec::new();
    for n in 0..plies {
        let pos = *g.position();
        invariant!(pos.total_seeds(r) == r.total_seeds(), "seeds not conserved");
        if let Some(c) = counts.as_deref_mut() {
            *c.entry(pos).or_default() += 1;
        }
        g.legal_plies(&mut legal);
        if g.is_over() {
            invariant!(legal.is_empty(), "legal plies after the end");
            invariant!(g.outcome().is_some(), "over without an outcome");
            let o = g.outcome().expect("checked");
            invariant!(
                o.totals[0] + o.totals[1] == r.total_seeds(),
                "outcome totals {:?} do not add up to {}",
                o.totals,
                r.total_seeds()
            );
            return n;
        }
        invariant!(!legal.is_empty(), "no legal ply in a live game");
        // check() must agree with the legal list, for a few candidates.
        for _ in 0..3 {
            let cand = match rng.below(6) {
                0 => Ply::Pass,
                1 => Ply::Accept,
                2 => Ply::Decline,
                3 => Ply::Offer(PitSet::single(Pit(rng.below(r.pits()) as u8))),
                _ => Ply::Sow(Pit(rng.below(r.pits()) as u8)),
            };
            invariant!(
                g.check(cand).is_ok() == legal.contains(&cand),
                "check({cand:?}) disagrees with the legal list at {}",
                format_position(r, &pos)
            );
        }
        let p = legal[rng.below(legal.len())];
        g.play(p)
            .unwrap_or_else(|e| panic!("invariant: legal ply {p:?} refused: {e}"));
    }
    plies
}

fn target_rules(text: &str, seed: u64) {
    let Ok(r) = rules::parse("fuzz.toml", text) else {
        return;
    };
    let mut g = Game::new(Variant::new(r.clone()));
    let mut rng = Rng::new(seed);
    play_random(&r, &mut g, &mut rng, 300, None);
}

fn target_random_rules(seed: u64, stats: &mut Stats) {
    let mut rng = Rng::new(seed);
    let text = random_rules(&mut rng);
    let r = match rules::parse("random.toml", &text) {
        Ok(r) => r,
        Err(e) => panic!("invariant: a valid random rule file does not load: {e}"),
    };
    for _ in 0..4 {
        let mut g = Game::new(Variant::new(r.clone()));
        let mut counts = HashMap::new();
        let n = play_random(&r, &mut g, &mut rng, PLY_BOUND, Some(&mut counts));
        // A whole state (the position: seeds, side, captured totals, owners,
        // sown pits, offer, declined) occurring more often than `end.repetition` over the whole game
        // means the repetition window was restarted by a change that was
        // later undone (finding T1: trades back and forth).
        let seen_max = counts.values().copied().max().unwrap_or(0);
        invariant!(
            seen_max <= u32::from(r.end().repetition),
            "a whole state occurred {seen_max} times in one game (repetition = {}; trading = {})",
            r.end().repetition,
            r.trading().is_some()
        );
        if let Some(cap) = r.end().max_plies {
            invariant!(
                n <= cap as usize && g.is_over(),
                "a game capped at {cap} plies went on to {n}"
            );
        }
        invariant!(
            g.is_over(),
            "a game did not end within {PLY_BOUND} plies (repetition = {})",
            r.end().repetition
        );
        stats.games += 1;
        stats.plies += n as u64;
        stats.longest = stats.longest.max(n);
        *stats.ends.entry(g.end().expect("over").code()).or_default() += 1;
    }
}

/// One rule file, [`DIFF_GAMES`] random games of it in the engine and the
/// reference; a disagreement panics with its whole report (the rule file
/// included), whose first line names what differed.
fn target_differential(seed: u64, stats: &mut Stats) {
    let mut rng = Rng::new(seed);
    let text = random_rules(&mut rng);
    let r = match rules::parse("random.toml", &text) {
        Ok(r) => r,
        Err(e) => panic!("invariant: a valid random rule file does not load: {e}"),
    };
    stats.files += 1;
    for _ in 0..DIFF_GAMES {
        match compare_game(&r, &mut rng, DIFF_PLIES) {
            Ok(n) => {
                stats.games += 1;
                stats.plies += n as u64;
                stats.longest = stats.longest.max(n);
            }
            Err(d) => panic!("{}", d.with_rules_text(&text)),
        }
    }
}

#[derive(Default)]
struct Stats {
    files: u64,
    games: u64,
    plies: u64,
    longest: usize,
    ends: BTreeMap<&'static str, u64>,
}

fn read_corpus(dir: &Path) -> Vec<Vec<u8>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    files
        .iter()
        .filter(|p| p.is_file())
        .filter_map(|p| std::fs::read(p).ok())
        .collect()
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

fn save(dir: &Path, kind: &str, input: &[u8], note: &str) -> PathBuf {
    std::fs::create_dir_all(dir).expect("findings directory");
    let path = dir.join(format!("{kind}-{:016x}", fnv(input)));
    std::fs::write(&path, input).expect("write finding");
    std::fs::write(path.with_extension("txt"), note).expect("write note");
    path
}

/// The first line of a panic message, with digits folded, to group findings.
fn signature(msg: &str) -> String {
    msg.lines()
        .next()
        .unwrap_or("")
        .chars()
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .take(120)
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: fuzz <record|position|rules|random-rules|differential> --seconds S [--corpus DIR] [--seed N]";
    let Some(target) = args.first().cloned() else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    if ![
        "record",
        "position",
        "rules",
        "random-rules",
        "differential",
    ]
    .contains(&target.as_str())
    {
        eprintln!("unknown target {target:?}\n{usage}");
        std::process::exit(2);
    }
    let mut seconds = 60u64;
    let mut corpus_dir = PathBuf::from(format!("fuzz/corpus/{target}"));
    let mut seed = 1u64;
    let mut it = args[1..].iter();
    while let Some(a) = it.next() {
        let v = it.next().unwrap_or_else(|| {
            eprintln!("{a} needs a value\n{usage}");
            std::process::exit(2)
        });
        match a.as_str() {
            "--seconds" => seconds = v.parse().expect("--seconds: a whole number"),
            "--corpus" => corpus_dir = PathBuf::from(v),
            "--seed" => seed = v.parse().expect("--seed: a whole number"),
            _ => {
                eprintln!("unknown option {a}\n{usage}");
                std::process::exit(2);
            }
        }
    }
    let findings = PathBuf::from(format!("fuzz/findings/{target}"));
    let corpus = read_corpus(&corpus_dir);
    let generated = target == "random-rules" || target == "differential";
    let (slow, hang) = if target == "differential" {
        (DIFF_SLOW, DIFF_HANG)
    } else {
        (SLOW, HANG)
    };
    if corpus.is_empty() && !generated {
        eprintln!("no corpus files in {}", corpus_dir.display());
        std::process::exit(2);
    }
    let toks = tokens(&target);
    let bundled = Bundled::load();

    // Silence the default panic output; keep the last message for the report.
    let last_panic = Arc::new(Mutex::new(String::new()));
    {
        let last = Arc::clone(&last_panic);
        std::panic::set_hook(Box::new(move |info| {
            let msg = info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| {
                    info.payload()
                        .downcast_ref::<&str>()
                        .map(|s| (*s).to_owned())
                })
                .unwrap_or_default();
            let at = info.location().map(|l| l.to_string()).unwrap_or_default();
            *last.lock().unwrap() = format!("{msg}\n  at {at}");
        }));
    }

    // Watchdog: an input running for HANG is saved and the process aborted.
    let current: Arc<Mutex<Vec<u8>>> = Arc::new(Mutex::new(Vec::new()));
    let started = Arc::new(AtomicU64::new(0));
    let epoch = Instant::now();
    {
        let (current, started, findings) =
            (Arc::clone(&current), Arc::clone(&started), findings.clone());
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(Duration::from_secs(1));
                let s = started.load(Ordering::Relaxed);
                if s != 0 && epoch.elapsed().as_millis() as u64 > s + hang.as_millis() as u64 {
                    let input = current.lock().unwrap().clone();
                    let note = format!("still running after {} s", hang.as_secs());
                    let p = save(&findings, "hang", &input, &note);
                    eprintln!("HANG: input saved to {}", p.display());
                    std::process::abort();
                }
            }
        });
    }

    let mut rng = Rng::new(seed);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut execs = 0u64;
    let mut seen: BTreeMap<String, u64> = BTreeMap::new();
    let mut stats = Stats::default();
    let mut slowest = Duration::ZERO;
    let t0 = Instant::now();
    let mut next_report = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        let input_seed = rng.next_u64();
        let input: Vec<u8> = if generated {
            random_rules(&mut Rng::new(input_seed)).into_bytes()
        } else if rng.below(20) == 0 {
            corpus[rng.below(corpus.len())].clone()
        } else {
            let base = corpus[rng.below(corpus.len())].clone();
            mutate(&mut rng, &corpus, toks, &base)
        };
        *current.lock().unwrap() = input.clone();
        let text = String::from_utf8_lossy(&input);
        let t = Instant::now();
        started.store(epoch.elapsed().as_millis() as u64 + 1, Ordering::Relaxed);
        let result = catch_unwind(AssertUnwindSafe(|| match target.as_str() {
            "record" => target_record(&bundled, &text),
            "position" => target_position(&bundled, &text),
            "rules" => target_rules(&text, input_seed),
            "differential" => target_differential(input_seed, &mut stats),
            _ => target_random_rules(input_seed, &mut stats),
        }));
        started.store(0, Ordering::Relaxed);
        let took = t.elapsed();
        slowest = slowest.max(took);
        execs += 1;
        let finding = match result {
            Err(_) => Some(("panic", last_panic.lock().unwrap().clone())),
            Ok(()) if took > slow => {
                Some(("slow", format!("took {took:?} ({} bytes)", input.len())))
            }
            Ok(()) => None,
        };
        if let Some((kind, msg)) = finding {
            let sig = format!("{kind}: {}", signature(&msg));
            let n = seen.entry(sig.clone()).or_default();
            *n += 1;
            if *n <= 3 {
                let note = format!("{kind}\n{msg}\n(seed {input_seed})\n");
                let p = save(&findings, kind, &input, &note);
                eprintln!("FINDING {sig}\n  saved to {}", p.display());
            }
        }
        if Instant::now() >= next_report {
            eprintln!(
                "[{target}] {:.0} s: {execs} executions, {} distinct findings",
                t0.elapsed().as_secs_f64(),
                seen.len()
            );
            next_report += Duration::from_secs(60);
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "target {target}: {execs} executions in {secs:.1} s ({:.0}/s), slowest input {slowest:?}",
        execs as f64 / secs
    );
    if target == "differential" {
        println!(
            "  {} files, {} games, {} plies compared, longest game {} plies (bound {DIFF_PLIES})",
            stats.files, stats.games, stats.plies, stats.longest
        );
    }
    if target == "random-rules" {
        println!(
            "  {} games, {} plies, longest game {} plies (bound {PLY_BOUND}); ends: {:?}",
            stats.games, stats.plies, stats.longest, stats.ends
        );
    }
    if seen.is_empty() {
        println!("  no findings");
    } else {
        println!("  {} distinct findings:", seen.len());
        for (sig, n) in &seen {
            println!("  {n:>8} × {sig}");
        }
    }
}
