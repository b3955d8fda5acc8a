//! `ayla bench <variant> [--plies N] [--seed S] [--rounds R] [--reading NAME=ALT]... [--json]`
//!
//! Times uniformly random playouts through the generic engine on one
//! thread (docs/performance.md), perft from the initial position, and, when the
//! rules are exactly Kpé's, the hand-written Kpé loop on the same seed.

use super::kpe_baseline;
use super::{Exit, Failure, args, progress};
use ayla::engine::Game;
use ayla::rng::Rng;
use ayla::rules::{self, Rules};
use ayla::search::{Playouts, perft, random_playouts};
use ayla::words::count;
use serde_json::json;
use std::time::{Duration, Instant};

/// Perft depth timed from the initial position: deep enough (some 10^7
/// nodes for the bundled variants) to time, shallow enough to take a
/// fraction of a second.
/// The deepest perft the bench runs: Kpé's depth 12 is some 10^7 nodes.
const PERFT_DEPTH: u32 = 12;

/// A perft depth whose run took at least this long is the last: boards
/// with many pits (Toguz Kumalak's 2x9) reach 10^11 nodes by depth 12.
const PERFT_SECONDS: f64 = 1.0;

/// Whether `rules` play exactly as the bundled Kpé, so that
/// [`kpe_baseline`] plays the same games: the whole validated rulebook is
/// compared, provenance and interpretation notes aside (they play no
/// part), so a file that changes any rule, present or future, is not
/// mistaken for Kpé whatever its id.
#[must_use]
pub fn is_kpe(rules: &Rules) -> bool {
    let Ok(kpe) = rules::bundled("kpe") else {
        return false;
    };
    rules.plays_as(&kpe)
}

/// Arguments of `bench`.
#[derive(clap::Args)]
pub struct Args {
    /// A bundled variant id or a path to a rule file.
    #[arg(value_parser = args::variant(), hide_possible_values = true)]
    variant: String,
    /// Play random games until at least this many plies.
    #[arg(long, default_value_t = 2_000_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    plies: u64,
    /// Seed of the random generator (SplitMix64).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Time this many rounds of the same playouts (engine and baseline
    /// alternating) and report the fastest of each: other processes only
    /// ever slow a round down.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    rounds: u32,
    #[command(flatten)]
    readings: args::Readings,
    #[command(flatten)]
    json: args::Json,
}

/// A timed run of playouts.
struct Timed {
    stats: Playouts,
    time: Duration,
}

impl Timed {
    fn per_sec(&self, n: u64) -> f64 {
        n as f64 / self.time.as_secs_f64().max(1e-9)
    }

    fn json(&self) -> serde_json::Value {
        json!({
            "plies": self.stats.plies,
            "playouts": self.stats.playouts,
            "seconds": self.time.as_secs_f64(),
            "plies_per_sec": self.per_sec(self.stats.plies),
            "playouts_per_sec": self.per_sec(self.stats.playouts),
            "mean_game_length": self.stats.mean_length(),
            "results": {
                "south": self.stats.results[0],
                "north": self.stats.results[1],
                "draw": self.stats.results[2],
            },
        })
    }
}

fn timed(f: impl FnOnce() -> Playouts) -> Timed {
    let start = Instant::now();
    let stats = f();
    Timed {
        stats,
        time: start.elapsed(),
    }
}

/// The faster of two runs of the same playouts.
fn fastest(a: Option<Timed>, b: Timed) -> Timed {
    match a {
        Some(a) if a.time <= b.time => a,
        _ => b,
    }
}

/// `x` with an SI prefix: `12.3 M`.
fn si(x: f64) -> String {
    if x >= 1e9 {
        format!("{:.2} G", x / 1e9)
    } else if x >= 1e6 {
        format!("{:.2} M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.1} k", x / 1e3)
    } else {
        format!("{x:.1} ")
    }
}

pub fn run(a: Args) -> Result<(), Failure> {
    let rules = a.readings.load(&a.variant)?;
    let id = &rules.provenance().id;

    // Warm the caches and the branch predictors, untimed.
    let kpe = is_kpe(&rules);
    // One step per timed run, plus the warm-up and perft. The bar is drawn
    // between runs only (no ticker thread), so it takes nothing from them.
    let runs = u64::from(a.rounds) * if kpe { 2 } else { 1 };
    let bar = progress::bar(runs + 2, "{bar:24} {pos}/{len} steps  {wide_msg}");
    bar.set_message("warming up");
    random_playouts(&rules, &mut Rng::new(a.seed ^ 0x5741_524d), 20_000);
    if kpe {
        kpe_baseline::random_playouts(&mut Rng::new(a.seed ^ 0x5741_524d), 20_000);
    }
    bar.inc(1);
    let (mut engine, mut baseline) = (None, None);
    for round in 1..=a.rounds {
        bar.set_message(format!("round {round} of {}: the engine", a.rounds));
        let e = timed(|| random_playouts(&rules, &mut Rng::new(a.seed), a.plies));
        engine = Some(fastest(engine, e));
        bar.inc(1);
        if kpe {
            bar.set_message(format!(
                "round {round} of {}: the hand-written loop",
                a.rounds
            ));
            let b = timed(|| kpe_baseline::random_playouts(&mut Rng::new(a.seed), a.plies));
            baseline = Some(fastest(baseline, b));
            bar.inc(1);
        }
    }
    bar.set_message("perft");
    let engine = engine.expect("at least one round");
    if let Some(b) = &baseline
        && b.stats != engine.stats
    {
        bar.finish_and_clear();
        return Err(Failure {
            exit: Exit::Wrong,
            error: Some(anyhow::anyhow!(
                "the hand-written Kpé loop and the engine played different games on seed {} \
                 (engine {:?}, baseline {:?}); the comparison is void",
                a.seed,
                engine.stats,
                b.stats
            )),
        });
    }
    // Time ratio: how many times longer the engine takes for the same games.
    let ratio = baseline
        .as_ref()
        .map(|b| b.per_sec(b.stats.plies) / engine.per_sec(engine.stats.plies));

    // Deepen until a depth takes a second or depth 12 is reached, and
    // report the last: the rate of a run long enough to time.
    let mut game = Game::new(rules.clone());
    let (mut depth, mut nodes, mut perft_time) = (0, 1, std::time::Duration::ZERO);
    while depth < PERFT_DEPTH && perft_time.as_secs_f64() < PERFT_SECONDS {
        depth += 1;
        let start = Instant::now();
        nodes = perft(&mut game, depth);
        perft_time = start.elapsed();
    }
    let perft_rate = nodes as f64 / perft_time.as_secs_f64().max(1e-9);
    bar.finish_and_clear();

    if a.json.json {
        println!(
            "{}",
            json!({
                "variant": id,
                "readings": rules.readings().iter().map(|x| (x.name.clone(), x.chosen.clone())).collect::<std::collections::BTreeMap<_, _>>(),
                "seed": a.seed,
                "min_plies": a.plies,
                "rounds": a.rounds,
                "threads": 1,
                "engine": engine.json(),
                "baseline": baseline.as_ref().map(|b| {
                    let mut v = b.json();
                    v["name"] = json!("hand-written Kpé loop");
                    v
                }),
                "ratio": ratio,
                "perft": {
                    "depth": depth,
                    "position": "initial",
                    "nodes": nodes,
                    "seconds": perft_time.as_secs_f64(),
                    "nodes_per_sec": perft_rate,
                },
            })
        );
        return Ok(());
    }

    println!(
        "{}: uniformly random playouts from the initial position, seed {}, one thread, \
         fastest of {} round{}",
        args::readings_tag(&rules).map_or_else(|| id.clone(), |r| format!("{id} ({r})")),
        a.seed,
        a.rounds,
        if a.rounds == 1 { "" } else { "s" }
    );
    let line = |name: &str, t: &Timed| {
        println!(
            "  {name:<9} {}plies/s  {}playouts/s  ({}, {}, mean length {:.1}, {:.3} s)",
            si(t.per_sec(t.stats.plies)),
            si(t.per_sec(t.stats.playouts)),
            count(t.stats.plies, "ply", "plies"),
            count(t.stats.playouts, "game", "games"),
            t.stats.mean_length(),
            t.time.as_secs_f64()
        );
    };
    line("engine", &engine);
    let [s, n, d] = engine.stats.results;
    println!("  results   South {s}, North {n}, drawn {d}");
    if let (Some(b), Some(r)) = (&baseline, ratio) {
        line("baseline", b);
        println!(
            "  ratio     {r:.2}x (hand-written Kpé loop plies/s ÷ engine plies/s; same games)"
        );
    } else {
        println!("  baseline  none (the hand-written loop plays the bundled Kpé rules only)");
    }
    println!(
        "  perft {depth:<3} {nodes} nodes from the initial position in {:.3} s: {}nodes/s",
        perft_time.as_secs_f64(),
        si(perft_rate)
    );
    Ok(())
}
