//! `ayla solve <variant> [--position P] [--reading NAME=ALT]... [--db DIR]
//! [--threads N] [--max-positions N] [--json]`

use super::progress::{self, megabytes, peak_memory};
use super::{Failure, args};
use ayla::engine::{Position, Variant};
use ayla::solve::answer::{self, Answer, HISTORY_BUDGET, Options};
use ayla::solve::provide::{self, Keep, Progress, Provided, provide};
use ayla::solve::retro::Event;
use ayla::solve::search::Pass;
use ayla::solve::{Convention, line};
use ayla::words::count;
use indicatif::ProgressBar;
use serde_json::json;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Arguments of `solve`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    setup: args::Setup,
    #[command(flatten)]
    db: DbArgs,
    /// Search down to databases of at most S seeds on the board, instead of
    /// building them up to the position's seeds (the default when those
    /// would hold more than --max-positions: then S is the most whose
    /// databases hold at most 8 million positions, or --max-positions).
    #[arg(long, value_name = "S")]
    db_seeds: Option<usize>,
    /// The search's transposition table, in MB.
    #[arg(long, value_name = "MB", default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    table_mb: u64,
    #[command(flatten)]
    json: args::Json,
}

/// Where databases are kept and how big they may grow: the flags `solve`,
/// `play` and `analyse` share.
#[derive(clap::Args)]
pub struct DbArgs {
    /// Keep databases in this directory: the variant's file is read if it
    /// is there, layers it lacks are built and it is written back.
    #[arg(long, value_name = "DIR")]
    pub db: Option<PathBuf>,
    /// Threads that build databases (default: one a core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Refuse to build databases of more positions than this (each takes
    /// a few bits kept, and about 20 bytes while its layer is solved).
    #[arg(long, value_name = "N", default_value_t = 50_000_000)]
    pub max_positions: u64,
    /// Solve only the positions reachable from the position (or the
    /// start), rather than every distribution of its seeds: a strong
    /// solution of the game from there, often far smaller.
    #[arg(long)]
    pub reachable: bool,
}

impl DbArgs {
    /// The library's terms for these flags.
    fn keep(&self) -> Keep {
        Keep {
            dir: self.db.clone(),
            max_positions: self.max_positions,
            reachable: self.reachable,
        }
    }
}

/// The database of `variant` covering `pos` and every position after it:
/// every layer up to its seeds on the board, or with `--reachable` the
/// positions reachable from it. Read from `--db`'s directory where it
/// holds them, the rest built (on `--threads` threads) and written back.
/// Layers are reported on stderr unless `quiet`.
///
/// # Errors
/// As [`provide`] (exit 2).
pub fn database(
    variant: &Arc<Variant>,
    pos: &Position,
    a: &DbArgs,
    quiet: bool,
) -> Result<Provided, Failure> {
    let seeds: usize = pos.board(variant).iter().map(|&s| usize::from(s)).sum();
    database_to(variant, pos, seeds, a, quiet)
}

/// [`database`], of every layer up to `seeds` seeds on the board (unless
/// `--reachable`, whose layers are those of `pos`).
///
/// # Errors
/// As [`database`].
pub fn database_to(
    variant: &Arc<Variant>,
    pos: &Position,
    seeds: usize,
    a: &DbArgs,
    quiet: bool,
) -> Result<Provided, Failure> {
    args::threads(a.threads);
    provide(variant, pos, seeds, &a.keep(), &reporter(quiet))
        .map_err(|e| Failure::unusable(anyhow::anyhow!(e)))
}

/// Reports the building of databases on stderr as `solve` does: a line a
/// layer, a bar for a long one; nothing if `quiet`.
fn reporter(quiet: bool) -> impl Fn(Progress<'_>) + Sync {
    let started = Instant::now();
    let bar: Mutex<Option<(usize, ProgressBar)>> = Mutex::new(None);
    move |p: Progress<'_>| {
        let (e, seeds) = match p {
            Progress::Layer { event, up_to } => (event, up_to),
            other => {
                if !quiet && let Some(line) = other.line() {
                    eprintln!("{line}");
                }
                return;
            }
        };
        match e {
            Event::Reached {
                seeds: s,
                positions,
                seconds,
            } => {
                if !quiet {
                    eprintln!(
                        "solve: reached {positions} positions of {s} seeds on the board in {seconds:.2} s, {:.1} s in all, peak memory {}",
                        started.elapsed().as_secs_f64(),
                        peak_memory().map_or("unknown".into(), megabytes),
                    );
                }
            }
            Event::Plies {
                seeds: s,
                done,
                positions,
            } => {
                if quiet || positions < 1_000_000 {
                    return;
                }
                let mut b = bar.lock().expect("the bar's lock");
                if b.as_ref().is_none_or(|(at, _)| *at != s) {
                    let pb = progress::bar(
                        positions,
                        "solve: layer {msg} {wide_bar} {pos}/{len} positions, {per_sec}, {elapsed}",
                    );
                    pb.set_message(s.to_string());
                    *b = Some((s, pb));
                }
                if let Some((_, pb)) = b.as_ref() {
                    pb.set_position(done);
                }
            }
            Event::Solved(r) => {
                if let Some((_, pb)) = bar.lock().expect("the bar's lock").take() {
                    pb.finish_and_clear();
                }
                if quiet {
                    return;
                }
                let secs = r.plies_seconds + r.solve_seconds;
                eprintln!(
                    "solve: layer {} of {seeds} seeds: {} positions, {} plies inside, {:.2} s plies + {:.2} s passes, {:.1} M positions/s, {} bits a value, {:.1} s in all, peak memory {}",
                    r.seeds,
                    r.positions,
                    r.inner_plies,
                    r.plies_seconds,
                    r.solve_seconds,
                    r.positions as f64 / secs.max(1e-9) / 1e6,
                    r.bits,
                    started.elapsed().as_secs_f64(),
                    peak_memory().map_or("unknown".into(), megabytes),
                );
            }
        }
    }
}

/// Whether [`database`] could give `pos`'s databases in at most
/// `max_positions` positions, without building any ([`provide::can_solve`]).
///
/// # Errors
/// As [`database`] without `--db` and `--reachable`.
pub fn can_solve(
    variant: &Arc<Variant>,
    pos: &Position,
    max_positions: u64,
) -> Result<(), Failure> {
    provide::can_solve(variant, pos, max_positions)
        .map_err(|e| Failure::unusable(anyhow::anyhow!(e)))
}

pub fn run(a: Args) -> Result<(), Failure> {
    let (variant, pos) = a.setup.load()?;
    args::threads(a.db.threads);
    let started = Instant::now();
    let opts = Options {
        keep: a.db.keep(),
        db_seeds: a.db_seeds,
        table_bytes: (a.table_mb << 20) as usize,
        threads: rayon::current_num_threads(),
    };
    let t = Instant::now();
    let on_pass = move |s: usize, p: &Pass| {
        eprintln!(
            "solve: search over databases of {s} seeds: is South's margin to come at least {}? now between {:+} and {:+}; {} nodes, {:.1} s, peak memory {}",
            p.test,
            p.lower,
            p.upper,
            p.nodes,
            t.elapsed().as_secs_f64(),
            peak_memory().map_or("unknown".into(), megabytes),
        );
    };
    let answer = answer::solve(&variant, &pos, &opts, &reporter(false), on_pass)
        .map_err(|e| Failure::unusable(anyhow::anyhow!(e)))?;
    let elapsed = started.elapsed();
    let threads = rayon::current_num_threads();
    let memory = peak_memory();
    if a.json.json {
        let mut v = json!(answer);
        if let Some(m) = v.as_object_mut() {
            m.insert("threads".into(), json!(threads));
            m.insert("peak_memory_bytes".into(), json!(memory));
            m.insert("seconds".into(), json!(elapsed.as_secs_f64()));
        }
        println!("{v}");
        return Ok(());
    }
    print_answer(&answer, elapsed.as_secs_f64(), threads, memory);
    Ok(())
}

fn print_answer(answer: &Answer, seconds: f64, threads: usize, memory: Option<u64>) {
    let Answer {
        future_margin: value,
        final_margin,
        captured,
        to_move: mover,
        ..
    } = *answer;
    let provided = &answer.provided;
    let db = &provided.db;
    println!("{}", answer.position);
    println!(
        "value: {}, final margin {final_margin:+} for South (captured so far {captured:+}, to come {value:+}), {mover} to act",
        line::result(final_margin)
    );
    let listed: Vec<String> = answer
        .plies
        .iter()
        .map(|(p, v)| match v {
            Some(v) => format!("{p} {v:+}"),
            None => format!("{p} worse"),
        })
        .collect();
    println!("plies (South's margin to come): {}", listed.join(", "));
    println!("best: {}", answer.best.join(", "));
    println!(
        "principal variation: {} ({})",
        answer.pv.join(" "),
        answer.pv_end
    );
    println!("convention: {}", Convention::SplitEvenly);
    for c in &provided.changes {
        println!("convention: {c}");
    }
    let check_line = match answer.under_the_rules {
        Some(v) if v == value => "the same under the rule file's own rules (a game from this position, its repetition rule and every end), by an alpha-beta search with the history".to_owned(),
        Some(v) => format!(
            "under the rule file's own rules (a game from this position, its repetition rule and every end) the future margin is {v:+} (final {:+}), by an alpha-beta search with the history: the conventions change this value",
            captured + v
        ),
        None => format!(
            "not checked under the rule file's own rules: an alpha-beta search with the history needs more than {HISTORY_BUDGET} nodes"
        ),
    };
    println!("check: {check_line}");
    if let Some((st, table_bytes)) = &answer.search {
        println!(
            "search: {} nodes in {}, {} table hits, {} database probes, a table of {}",
            st.nodes,
            count(st.passes, "pass", "passes"),
            st.tt_hits,
            st.db_probes,
            megabytes(*table_bytes as u64)
        );
    }
    println!(
        "solved by {}: {} positions ({}), {} bytes, {seconds:.2} s on {threads} thread{}, peak memory {}",
        answer.method,
        db.positions(),
        count(db.layers().len(), "layer", "layers"),
        db.bytes(),
        if threads == 1 { "" } else { "s" },
        memory.map_or("unknown".into(), megabytes),
    );
    if let Some(p) = &provided.file {
        println!(
            "database file: {} ({} read, {} built)",
            p.display(),
            count(provided.read, "layer", "layers"),
            provided.built
        );
    }
}
