//! `ayla stats <variant> [--games N] [--level L | --levels A,B]
//! [--readings SPEC] [--threads T] [--json] [--svg DIR]`: self-play
//! figures of a variant under each combination of its readings.

use super::progress::{self, megabytes, peak_memory};
use super::{Failure, args};
use ayla::engine::{Position, Side, Variant};
use ayla::rules::{Reading, Selection};
use ayla::search::Level;
use ayla::solve::index::Ranking;
use ayla::solve::retro::Database;
use ayla::solve::{Convention, solver_variant};
use ayla::stats::chart::{Bar, Chart, histogram, margin_histogram};
use ayla::stats::{Figures, GameRecord, MatchFigures, PARTS, Setup, measure};
use ayla::words::count;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

/// Arguments of `stats`.
#[derive(clap::Args)]
pub struct Args {
    /// A bundled variant id or a path to a rule file.
    #[arg(value_parser = args::variant(), hide_possible_values = true)]
    variant: String,
    /// Games a combination of readings, at least 1 (A and B alternate
    /// colours; with two levels, each pair of games shares a random
    /// opening).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    games: u32,
    /// The level both sides play (0..5, `random`, `depth:N`,
    /// `time:SECONDS`, `perfect`).
    #[arg(
        long,
        value_name = "LEVEL",
        default_value = "3",
        conflicts_with = "levels",
        value_parser = args::level(),
        hide_possible_values = true
    )]
    level: Level,
    /// Two levels, A and B, playing each other: `--levels 2,4`.
    #[arg(long, value_name = "A,B", value_parser = parse_levels)]
    levels: Option<[Level; 2]>,
    /// Which combinations of readings to play: `all`, or
    /// `NAME=ALT|ALT,NAME=all,...` (the product of those listed, the other
    /// readings at their defaults). Default: the defaults only.
    #[arg(long, value_name = "SPEC")]
    readings: Option<String>,
    #[command(flatten)]
    play: args::SelfPlay,
    /// Threads that play games (default: one a core).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Give the exact start value, by databases, where they hold at most
    /// this many positions (0: never).
    #[arg(long, value_name = "N", default_value_t = 20_000_000)]
    max_positions: u64,
    /// Write histograms of game length and margin, and captures over the
    /// game, as SVG files in this directory (made if missing).
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    #[command(flatten)]
    json: args::Json,
}

/// Set by the first Ctrl-C: games under way are dropped and the figures of
/// those finished are printed. A second Ctrl-C ends the process at once.
static STOP: AtomicBool = AtomicBool::new(false);

/// One combination of readings: its choices (every reading named, in the
/// file's order), its rules, and what was measured.
struct Column {
    selection: Vec<(String, String)>,
    variant: Arc<Variant>,
    games: Vec<GameRecord>,
    figures: Option<Figures>,
    /// With `[match]`: the figures of the whole matches the games make.
    matches: Option<MatchFigures>,
    exact: Result<Exact, String>,
    seconds: f64,
}

/// The exact start value, by databases.
struct Exact {
    /// The first player's final margin under perfect play.
    margin: i32,
    /// What the solver changed in the rules, in words.
    changes: Vec<String>,
    /// Positions in the databases.
    positions: u64,
    db: Arc<Database>,
}

/// `--levels A,B`.
fn parse_levels(s: &str) -> Result<[Level; 2], String> {
    let (a, b) = s
        .split_once(',')
        .ok_or_else(|| format!("expected two levels, `A,B`, found {s:?}"))?;
    Ok([a.parse()?, b.parse()?])
}

/// The combinations `spec` asks for, each with every reading named.
fn combinations(readings: &[Reading], spec: Option<&str>) -> Result<Vec<Selection>, String> {
    let default = |r: &Reading| vec![r.default.clone()];
    let mut chosen: Vec<Vec<String>> = readings.iter().map(default).collect();
    match spec.map(str::trim) {
        None | Some("default" | "defaults") => {}
        Some("all") => {
            for (c, r) in chosen.iter_mut().zip(readings) {
                *c = r.alternatives.iter().map(|a| a.name.clone()).collect();
            }
        }
        Some(spec) => {
            let mut named = Vec::new();
            for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let (name, alts) = ayla::rules::reading_choice(item).ok_or_else(|| {
                    format!("expected `all` or `reading=alternative|…`, found {item:?}")
                })?;
                let Some(i) = readings.iter().position(|r| r.name == name) else {
                    return Err(if readings.is_empty() {
                        format!("no reading `{name}`: these rules have no readings")
                    } else {
                        format!(
                            "no reading `{name}`; the readings are {}",
                            readings
                                .iter()
                                .map(|r| r.name.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )
                    });
                };
                if named.contains(&i) {
                    return Err(format!("the reading `{name}` is named twice"));
                }
                named.push(i);
                let r = &readings[i];
                let names: Vec<&str> = r.alternatives.iter().map(|a| a.name.as_str()).collect();
                chosen[i] = if alts == "all" {
                    names.iter().map(|&a| a.to_owned()).collect()
                } else {
                    let mut list = Vec::new();
                    for a in alts.split('|').map(str::trim) {
                        if !names.contains(&a) {
                            return Err(format!(
                                "the reading `{name}` has no alternative `{a}`; its alternatives are {} (or `all`)",
                                names.join(", ")
                            ));
                        }
                        if !list.iter().any(|x: &String| x == a) {
                            list.push(a.to_owned());
                        }
                    }
                    list
                };
            }
        }
    }
    // Each reading cut down to the alternatives asked for: their product
    // is `fit`'s, the one place combinations are made.
    let narrowed: Vec<Reading> = readings
        .iter()
        .zip(&chosen)
        .map(|(r, alts)| Reading {
            alternatives: alts
                .iter()
                .filter_map(|a| r.alternatives.iter().find(|x| x.name == *a).cloned())
                .collect(),
            ..r.clone()
        })
        .collect();
    Ok(ayla::fit::combinations(&narrowed))
}

/// What the databases of a variant's start would be: the solver's rules,
/// what it changed in them, the seeds and the positions they would hold.
struct Plan {
    solver: Arc<Variant>,
    changes: Vec<String>,
    seeds: usize,
    positions: u64,
}

/// The databases that would give the exact value of `variant`'s start, or
/// why there are none: the solver does not take the rules (trading, an
/// opening lock, …) or they would hold more than `max_positions`
/// positions. Cheap: nothing is built, so `--level perfect` can be refused
/// before a game is played.
fn plan(variant: &Arc<Variant>, max_positions: u64) -> Result<Plan, String> {
    if max_positions == 0 {
        return Err("not asked for (--max-positions 0)".into());
    }
    let (solver, changes) = solver_variant(variant).map_err(|e| e.to_string())?;
    let seeds: usize = solver.initial().iter().map(|&s| usize::from(s)).sum();
    let positions =
        Ranking::checked(solver.pits(), seeds).map_or(u64::MAX, |r| r.positions_up_to(seeds));
    if positions > max_positions {
        return Err(if positions == u64::MAX {
            format!(
                "its databases would hold more than 2^64 positions, more than --max-positions {max_positions}"
            )
        } else {
            format!(
                "its databases would hold {positions} positions, more than --max-positions {max_positions}"
            )
        });
    }
    Ok(Plan {
        solver,
        changes,
        seeds,
        positions,
    })
}

/// The exact value of the start, where [`plan`] finds databases.
fn exact(variant: &Arc<Variant>, max_positions: u64) -> Result<Exact, String> {
    let Plan {
        solver,
        changes,
        seeds,
        positions,
    } = plan(variant, max_positions)?;
    let db = Database::build(&solver, seeds).map_err(|e| e.to_string())?;
    let start = Position::initial(&solver);
    let south = db
        .probe(&start)
        .ok_or("the databases do not hold the start")?;
    let margin = match start.to_move() {
        Side::South => south,
        Side::North => -south,
    };
    Ok(Exact {
        margin,
        changes,
        positions,
        db: Arc::new(db),
    })
}

pub fn run(a: Args) -> Result<(), Failure> {
    let base = ayla::rules::resolve(&a.variant).map_err(Failure::unusable)?;
    let selections = combinations(base.readings(), a.readings.as_deref())
        .map_err(|e| Failure::unusable(anyhow::anyhow!("--readings: {e}")))?;
    let levels = a.levels.unwrap_or([a.level; 2]);
    let setup = Setup {
        games: a.games,
        levels,
        opening: a.play.opening,
        seed: a.play.seed,
        max_plies: a.play.max_plies,
    };
    let mut columns = Vec::new();
    for sel in &selections {
        let rules =
            ayla::rules::resolve_with(&a.variant, Path::new(""), sel).map_err(Failure::unusable)?;
        let selection = base
            .readings()
            .iter()
            .map(|r| (r.name.clone(), sel[&r.name].clone()))
            .collect();
        columns.push(Column {
            selection,
            variant: Arc::new(Variant::new(rules)),
            games: Vec::new(),
            figures: None,
            matches: None,
            exact: Err("not computed".into()),
            seconds: 0.0,
        });
    }
    // Both refusals come before a game is played: a run may take hours,
    // and should not end in an error it could have given at once.
    let perfect = levels.contains(&Level::Perfect);
    if perfect {
        for (k, col) in columns.iter().enumerate() {
            if let Err(why) = plan(&col.variant, a.max_positions) {
                return Err(Failure::unusable(anyhow::anyhow!(
                    "--level perfect: no database covers {}{}: {why}; perfect play needs one (choose another level{})",
                    base.provenance().name,
                    if columns.len() > 1 || !col.selection.is_empty() {
                        format!(" under [{}] {}", k + 1, describe(&col.selection))
                    } else {
                        String::new()
                    },
                    if why.contains("--max-positions") {
                        ", or raise --max-positions"
                    } else {
                        ""
                    }
                )));
            }
        }
    }
    if let Some(dir) = &a.svg {
        chart_dir(dir)?;
    }
    args::threads(a.threads);
    let _ = ctrlc::set_handler(|| {
        if STOP.swap(true, Relaxed) {
            std::process::exit(super::Exit::Interrupted as i32);
        }
    });
    let started = Instant::now();
    let total = u64::from(a.games) * columns.len() as u64;
    let bar = progress::bar(
        total,
        "{bar:24} {pos}/{len} games, {elapsed} (eta {eta})  {wide_msg}",
    );
    progress::tick(&bar);
    let n = columns.len();
    for (k, col) in columns.iter_mut().enumerate() {
        if STOP.load(Relaxed) {
            break;
        }
        let t = Instant::now();
        bar.set_message(format!("reading {} of {n}: exact value", k + 1));
        col.exact = exact(&col.variant, a.max_positions);
        if perfect && let Err(why) = &col.exact {
            // The plan held but the build failed: games played without a
            // database would not be perfect play, whatever they are called.
            bar.finish_and_clear();
            return Err(Failure::unusable(anyhow::anyhow!(
                "--level perfect: the databases of [{}] {} could not be built: {why}",
                k + 1,
                describe(&col.selection)
            )));
        }
        bar.set_message(format!("reading {} of {n}", k + 1));
        let db = col.exact.as_ref().ok().map(|e| &e.db);
        let run = measure(&col.variant, &setup, db, &STOP, &|| bar.inc(1));
        col.seconds = t.elapsed().as_secs_f64();
        col.games = run.games;
        col.figures = run.figures;
        col.matches = run.matches;
    }
    bar.finish_and_clear();
    let interrupted = STOP.load(Relaxed);
    if let Some(dir) = &a.svg {
        write_charts(dir, &base.provenance().id, &setup, &columns)?;
    }
    let seconds = started.elapsed().as_secs_f64();
    let report = Report {
        a: &a,
        base: &base,
        setup: &setup,
        columns: &columns,
        interrupted,
        seconds,
    };
    if a.json.json {
        let mut v = to_json(report);
        round_floats(&mut v);
        println!("{v}");
    } else {
        print_table(report);
    }
    if interrupted {
        return Err(Failure::silent(super::Exit::Interrupted));
    }
    Ok(())
}

/// Makes `--svg`'s directory if missing; refuses a path that is a file, or
/// a directory that cannot be made.
fn chart_dir(dir: &Path) -> Result<(), Failure> {
    if dir.exists() && !dir.is_dir() {
        return Err(Failure::unusable(anyhow::anyhow!(
            "--svg: {} is a file, not a directory; give a directory for the charts (it is made if missing)",
            dir.display()
        )));
    }
    std::fs::create_dir_all(dir).map_err(|e| {
        Failure::unusable(anyhow::anyhow!(
            "--svg: cannot make the directory {}: {e}",
            dir.display()
        ))
    })
}

/// Significant digits of a fraction in `--json`: more than a run of games
/// measures, and no `114.39999999999998` from binary arithmetic.
const JSON_DIGITS: usize = 6;

/// Every float of `v` rounded to [`JSON_DIGITS`] significant digits, the
/// one place `stats --json` rounds; integers are left as they are.
fn round_floats(v: &mut Value) {
    match v {
        Value::Number(n) if n.is_f64() => {
            if let Some(x) = n.as_f64() {
                *v = Value::from(round_sig(x, JSON_DIGITS));
            }
        }
        Value::Array(items) => items.iter_mut().for_each(round_floats),
        Value::Object(map) => map.values_mut().for_each(round_floats),
        _ => {}
    }
}

/// `x` to `digits` significant digits: the nearest double to the decimal
/// so rounded, which serde_json prints in at most that many digits.
fn round_sig(x: f64, digits: usize) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    let d = digits.saturating_sub(1);
    format!("{x:.d$e}").parse().unwrap_or(x)
}

/// A combination's choices as `name=alt` words.
fn describe(selection: &[(String, String)]) -> String {
    if selection.is_empty() {
        return "(no readings)".into();
    }
    selection
        .iter()
        .map(|(r, a)| format!("{r}={a}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn levels_text(setup: &Setup) -> String {
    if setup.levels[0] == setup.levels[1] {
        format!("{} on both sides", setup.levels[0])
    } else {
        format!("A at {} against B at {}", setup.levels[0], setup.levels[1])
    }
}

/// What a run measured, for printing.
#[derive(Clone, Copy)]
struct Report<'a> {
    a: &'a Args,
    base: &'a ayla::rules::Rules,
    setup: &'a Setup,
    columns: &'a [Column],
    interrupted: bool,
    seconds: f64,
}

fn verdict(margin: i32) -> String {
    match margin.cmp(&0) {
        std::cmp::Ordering::Greater => format!("the first player wins by {margin}"),
        std::cmp::Ordering::Less => format!("the second player wins by {}", -margin),
        std::cmp::Ordering::Equal => "a draw".into(),
    }
}

fn to_json(report: Report) -> Value {
    let Report {
        a,
        base,
        setup,
        columns,
        interrupted,
        seconds,
    } = report;
    let readings: Vec<Value> = columns
        .iter()
        .map(|c| {
            let selection: serde_json::Map<String, Value> = c
                .selection
                .iter()
                .map(|(r, a)| (r.clone(), Value::from(a.as_str())))
                .collect();
            let exact = match &c.exact {
                Ok(e) => json!({
                    "first_player_margin": e.margin,
                    "result": verdict(e.margin),
                    "convention": Convention::SplitEvenly.to_string(),
                    "changes": e.changes,
                    "positions": e.positions,
                }),
                Err(why) => json!({ "unavailable": why }),
            };
            // The library defines the figures' shape (ayla::stats's
            // Serialize), shared with the Python package.
            let figures = c.figures.as_ref().map(|f| json!(f));
            let matches = c.matches.as_ref().map(|m| json!(m));
            json!({
                "readings": selection,
                "figures": figures,
                "matches": matches,
                "exact": exact,
                "seconds": c.seconds,
            })
        })
        .collect();
    json!({
        "variant": base.provenance().id,
        "name": base.provenance().name,
        "first_player": base.first().to_string(),
        "games": setup.games,
        "levels": setup.levels.map(|l| l.to_string()),
        "opening": setup.opening,
        "seed": setup.seed,
        "max_plies": setup.max_plies,
        "threads": rayon::current_num_threads(),
        "max_positions": a.max_positions,
        "interrupted": interrupted,
        "seconds": seconds,
        "peak_memory_bytes": peak_memory(),
        "combinations": readings,
    })
}

/// The rows of whole matches, where the rules play them: the games rows
/// below then count every game of every match.
fn match_rows(t: &mut Table, columns: &[Column]) {
    let cells = |f: &dyn Fn(&MatchFigures) -> String| -> Vec<String> {
        columns
            .iter()
            .map(|c| c.matches.as_ref().map_or("-".into(), f))
            .collect()
    };
    t.row(
        "matches (stopped at the ply limit or 200 games)",
        cells(&|m| format!("{} ({})", m.matches, m.stopped)),
    );
    t.row(
        "games a match: mean (fewest-most)",
        cells(&|m| {
            format!(
                "{} ({}-{})",
                num(m.games.mean),
                num(m.games.min),
                num(m.games.max)
            )
        }),
    );
    t.row(
        "match: first mover's score [95%]",
        cells(&|m| {
            format!(
                "{:.2} [{:.2}, {:.2}]",
                m.first_score.mean, m.first_score.low, m.first_score.high
            )
        }),
    );
    t.row(
        "match: first mover wins/draws/loses",
        cells(&|m| format!("{}/{}/{}", m.first_wins, m.draws, m.first_losses)),
    );
    t.row(
        "first game's winner wins the match",
        cells(&|m| {
            let share = f64::from(m.first_game_winner_won) / f64::from(m.first_game_won.max(1));
            format!(
                "{} of {} ({})",
                m.first_game_winner_won,
                m.first_game_won,
                pct(share)
            )
        }),
    );
    if columns
        .iter()
        .any(|c| c.matches.as_ref().is_some_and(|m| m.a_score.is_some()))
    {
        t.row(
            "match: A's score [95%]",
            cells(&|m| {
                m.a_score.map_or("-".into(), |s| {
                    format!("{:.2} [{:.2}, {:.2}]", s.mean, s.low, s.high)
                })
            }),
        );
    }
}

/// Rows of the table: a label and each column's cell.
struct Table {
    rows: Vec<(String, Vec<String>)>,
}

impl Table {
    fn row(&mut self, label: &str, cells: Vec<String>) {
        self.rows.push((label.to_owned(), cells));
    }
}

fn pct(x: f64) -> String {
    format!("{:.0}%", 100.0 * x)
}

fn num(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

/// The widest a line of the table may be.
const WIDTH: usize = 110;

fn print_table(report: Report) {
    let Report {
        a,
        base,
        setup,
        columns,
        interrupted,
        seconds,
    } = report;
    println!(
        "{}: {} a combination of readings, {}, {} random opening plies, seed {}, games stopped at {} plies",
        base.provenance().name,
        if base.match_play().is_some() {
            count(setup.games, "whole match", "whole matches")
        } else {
            count(setup.games, "game", "games")
        },
        levels_text(setup),
        setup.opening,
        setup.seed,
        setup.max_plies
    );
    println!("first player: {}", base.first());
    for (k, c) in columns.iter().enumerate() {
        let default = c
            .selection
            .iter()
            .zip(base.readings())
            .all(|((_, a), r)| *a == r.default);
        println!(
            "[{}] {}{}",
            k + 1,
            describe(&c.selection),
            if default && !c.selection.is_empty() {
                " (the defaults)"
            } else {
                ""
            }
        );
    }
    let mut t = Table { rows: Vec::new() };
    let cells = |f: &dyn Fn(&Figures) -> String| -> Vec<String> {
        columns
            .iter()
            .map(|c| c.figures.as_ref().map_or("not played".into(), f))
            .collect()
    };
    if columns.iter().any(|c| c.matches.is_some()) {
        match_rows(&mut t, columns);
    }
    t.row("games", cells(&|f| f.games.to_string()));
    t.row(
        "first player's score [95%]",
        cells(&|f| {
            format!(
                "{:.2} [{:.2}, {:.2}]",
                f.first_score.mean, f.first_score.low, f.first_score.high
            )
        }),
    );
    t.row(
        "first player wins/draws/loses",
        cells(&|f| format!("{}/{}/{}", f.first_wins, f.draws, f.first_losses)),
    );
    t.row(
        "draw rate",
        cells(&|f| pct(f64::from(f.draws) / f64::from(f.games))),
    );
    t.row(
        "first player's margin: mean",
        cells(&|f| format!("{:+.1}", f.margin.mean)),
    );
    let mut codes: Vec<&str> = Vec::new();
    for c in columns {
        for &(code, _) in c.figures.iter().flat_map(|f| &f.ends) {
            if !codes.contains(&code) {
                codes.push(code);
            }
        }
    }
    for code in codes {
        t.row(
            &format!("ends: {code}"),
            cells(&|f| {
                let n = f.ended_by(code);
                format!("{n} ({})", pct(f64::from(n) / f64::from(f.games)))
            }),
        );
    }
    t.row("length: mean", cells(&|f| num(f.length.mean)));
    t.row(
        "length: 10/50/90%",
        cells(&|f| {
            format!(
                "{}/{}/{}",
                num(f.length.quantiles[0]),
                num(f.length.median()),
                num(f.length.quantiles[4])
            )
        }),
    );
    t.row(
        "length: shortest-longest",
        cells(&|f| format!("{}-{}", num(f.length.min), num(f.length.max))),
    );
    t.row(
        "captures a game (seeds)",
        cells(&|f| format!("{} ({})", num(f.captures.mean), num(f.seeds_captured.mean))),
    );
    t.row(
        "first capture: mean ply",
        cells(&|f| {
            if f.no_capture == f.games {
                "none".into()
            } else {
                num(f.first_capture.mean)
            }
        }),
    );
    t.row(
        "no capture: longest, mean/max",
        cells(&|f| format!("{}/{}", num(f.longest_dry.mean), num(f.longest_dry.max))),
    );
    t.row(
        "captures by fifth of a game",
        cells(&|f| {
            f.captures_by_part
                .iter()
                .map(|&x| format!("{:.0}", 100.0 * x))
                .collect::<Vec<_>>()
                .join("/")
                + "%"
        }),
    );
    if columns
        .iter()
        .any(|c| c.figures.as_ref().is_some_and(|f| f.trades.is_some()))
    {
        t.row(
            "trades a game: offer/acc./decl.",
            cells(&|f| match f.trades {
                Some(tr) => format!("{:.2}/{:.2}/{:.2}", tr[0], tr[1], tr[2]),
                None => "-".into(),
            }),
        );
    }
    t.row(
        "legal plies a position",
        cells(&|f| format!("{:.2}", f.legal)),
    );
    t.row(
        "legal plies by fifth",
        cells(&|f| {
            f.legal_by_part
                .iter()
                .map(|x| x.map_or("-".into(), |x| format!("{x:.1}")))
                .collect::<Vec<_>>()
                .join("/")
        }),
    );
    if setup.levels[0] != setup.levels[1] {
        t.row(
            "A wins/draws/B wins",
            cells(&|f| {
                f.levels
                    .map(|l| format!("{}/{}/{}", l.a_wins, l.draws, l.b_wins))
                    .unwrap_or_default()
            }),
        );
        t.row(
            "A's score [95%]",
            cells(&|f| {
                f.levels
                    .map(|l| {
                        format!(
                            "{:.2} [{:.2}, {:.2}]",
                            l.a_score.mean, l.a_score.low, l.a_score.high
                        )
                    })
                    .unwrap_or_default()
            }),
        );
        t.row(
            "weaker level wins",
            cells(&|f| {
                f.levels
                    .map(|l| {
                        format!(
                            "{} ({})",
                            l.upsets,
                            pct(f64::from(l.upsets) / f64::from(f.games))
                        )
                    })
                    .unwrap_or_default()
            }),
        );
    }
    t.row(
        "exact value (first player)",
        columns
            .iter()
            .map(|c| match &c.exact {
                Ok(e) => format!("{:+}", e.margin),
                Err(_) => "-".into(),
            })
            .collect(),
    );
    t.row(
        "seconds",
        columns
            .iter()
            .map(|c| format!("{:.1}", c.seconds))
            .collect(),
    );
    let label = t
        .rows
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0)
        + 2;
    let width = t
        .rows
        .iter()
        .flat_map(|(_, c)| c.iter().map(|s| s.chars().count()))
        .max()
        .unwrap_or(0)
        .max(5)
        + 2;
    let per_block = ((WIDTH.saturating_sub(label)) / width).max(1);
    for start in (0..columns.len()).step_by(per_block) {
        let end = (start + per_block).min(columns.len());
        println!();
        let mut head = format!("{:label$}", "");
        for k in start..end {
            head += &format!("{:>width$}", format!("[{}]", k + 1));
        }
        println!("{}", head.trim_end());
        for (l, cells) in &t.rows {
            let mut line = format!("{l:label$}");
            for cell in &cells[start..end] {
                line += &format!("{cell:>width$}");
            }
            println!("{line}");
        }
    }
    // Columns with the same note share one line.
    let mut notes: Vec<(String, Vec<usize>)> = Vec::new();
    for (k, c) in columns.iter().enumerate() {
        let note = match &c.exact {
            Ok(e) => format!(
                "exact value: {} under perfect play from the start, by databases of {} positions; convention: {}{}",
                verdict(e.margin),
                e.positions,
                Convention::SplitEvenly,
                e.changes
                    .iter()
                    .map(|c| format!("; {c}"))
                    .collect::<String>()
            ),
            Err(why) => format!("no exact value: {why}"),
        };
        match notes.iter_mut().find(|(n, _)| *n == note) {
            Some((_, ks)) => ks.push(k + 1),
            None => notes.push((note, vec![k + 1])),
        }
    }
    let notes = notes.into_iter().map(|(note, ks)| {
        let ks: Vec<String> = ks.iter().map(|k| format!("[{k}]")).collect();
        format!("{} {note}", ks.join(""))
    });
    println!();
    for n in notes {
        println!("{n}");
    }
    if interrupted {
        println!(
            "interrupted: the figures are of the games finished before Ctrl-C ({} of {})",
            columns.iter().map(|c| c.games.len()).sum::<usize>(),
            u64::from(setup.games) * columns.len() as u64
        );
    }
    if let Some(dir) = &a.svg {
        println!("charts written in {}", dir.display());
    }
    println!(
        "{seconds:.1} s on {} thread{}, peak memory {}",
        rayon::current_num_threads(),
        if rayon::current_num_threads() == 1 {
            ""
        } else {
            "s"
        },
        peak_memory().map_or("unknown".into(), megabytes)
    );
}

/// A file name for a combination: the variant's id and its alternatives.
fn slug(id: &str, selection: &[(String, String)]) -> String {
    std::iter::once(id)
        .chain(selection.iter().map(|(_, a)| a.as_str()))
        .collect::<Vec<_>>()
        .join("-")
}

fn write_charts(dir: &Path, id: &str, setup: &Setup, columns: &[Column]) -> Result<(), Failure> {
    for c in columns {
        let Some(f) = &c.figures else { continue };
        let name = slug(id, &c.selection);
        let subtitle = format!(
            "{}\n{}, {}, {}, seed {}",
            describe(&c.selection),
            ayla::words::count(f.games, "game", "games"),
            levels_text(setup),
            ayla::words::count(setup.opening, "random opening ply", "random opening plies"),
            setup.seed
        );
        let title = &c.variant.provenance().name;
        let lengths: Vec<f64> = c.games.iter().map(|g| g.plies() as f64).collect();
        let margins: Vec<i64> = c.games.iter().map(GameRecord::first_margin).collect();
        let chart = |what: &str, x: &str, y: &str, bars: Vec<Bar>| Chart {
            title: format!("{title}: {what}"),
            subtitle: subtitle.clone(),
            x_label: x.into(),
            y_label: y.into(),
            discrete: false,
            bars,
        };
        let charts = [
            (
                "length",
                chart("game length", "plies", "games", histogram(&lengths)),
            ),
            (
                "margin",
                Chart {
                    discrete: true,
                    ..chart(
                        "the first player's final margin",
                        "seeds",
                        "games",
                        margin_histogram(&margins),
                    )
                },
            ),
            (
                "captures",
                chart(
                    "captures over the game",
                    "part of the game (%)",
                    "share of capturing plies (%)",
                    (0..PARTS)
                        .map(|p| Bar {
                            from: (100 * p / PARTS) as f64,
                            to: (100 * (p + 1) / PARTS) as f64,
                            value: 100.0 * f.captures_by_part[p],
                        })
                        .collect(),
                ),
            ),
        ];
        for (what, chart) in charts {
            let path = dir.join(format!("{name}-{what}.svg"));
            std::fs::write(&path, chart.to_svg()).map_err(|e| {
                Failure::unusable(anyhow::anyhow!(
                    "--svg: cannot write {}: {e}",
                    path.display()
                ))
            })?;
        }
    }
    Ok(())
}
