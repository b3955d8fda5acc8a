//! `ayla solve <variant> [--position P] [--reading NAME=ALT]... [--db DIR]
//! [--threads N] [--max-positions N] [--json]`

use super::progress::{self, megabytes, peak_memory};
use super::{Failure, args};
use ayla::engine::{Ply, Position, Side, Variant};
use ayla::notation::format_position;
use ayla::solve::index::Ranking;
use ayla::solve::retro::{Database, Event};
use ayla::solve::search::{Search, TooDeep};
use ayla::solve::{Convention, file, gain, line, solver_variant, terminal_margin};
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

/// Where a database came from.
pub struct Provided {
    /// The database.
    pub db: Database,
    /// The file it was read from or written to.
    pub file: Option<PathBuf>,
    /// Layers read from the file.
    pub read: usize,
    /// Layers built here.
    pub built: usize,
    /// How the solver's rules differ from the rule file's, in words
    /// ([`ayla::solve::solver_variant`]).
    pub changes: Vec<String>,
}

/// The database of `variant` covering `pos` and every position after it:
/// every layer up to its seeds on the board, or with `--reachable` the
/// positions reachable from it. Read from `--db`'s directory where it
/// holds them, the rest built (on `--threads` threads) and written back.
/// Layers are reported on stderr unless `quiet`.
///
/// # Errors
/// The rules need state the databases do not hold, the layers to build
/// hold more than `--max-positions` positions, or a file cannot be read
/// or written (exit 2).
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
    // Checked before any layer is built: a build of minutes must not end
    // on a folder that cannot be made.
    if let Some(dir) = &a.db
        && dir.exists()
        && !dir.is_dir()
    {
        return Err(Failure::unusable(anyhow::anyhow!(
            "--db {}: not a directory (--db names the directory the database files are kept in)",
            dir.display()
        )));
    }
    let (variant, changes) = &solver_variant(variant).map_err(Failure::unusable)?;
    if let Some(t) = a.threads {
        // Only the first call sets the pool; one command makes one.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(usize::from(t))
            .build_global();
    }
    let name = if a.reachable {
        file::reached_file_name(variant, pos)
    } else {
        file::file_name(variant)
    };
    let path = a.db.as_ref().map(|d| d.join(name));
    let mut db = match &path {
        Some(p) if p.exists() => file::load(variant, p).map_err(|e| {
            Failure::unusable(anyhow::anyhow!("database file {}: {e}", p.display()))
        })?,
        _ => Database::empty(variant).map_err(Failure::unusable)?,
    };
    if a.reachable && db.from().is_some_and(|from| from != pos) {
        return Err(Failure::unusable(anyhow::anyhow!(
            "database file {}: it holds the positions reached from another start",
            path.as_ref().expect("a file was read").display()
        )));
    }
    let read = db.layers().len();
    db.numbered(seeds).map_err(Failure::unusable)?;
    let missing = missing_positions(variant, read, seeds);
    if !a.reachable {
        fits(variant, read, seeds, a.max_positions)?;
    }
    let started = Instant::now();
    let bar: Mutex<Option<(usize, ProgressBar)>> = Mutex::new(None);
    let report = |e: Event| match e {
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
    };
    if a.reachable {
        if read == 0 {
            if !quiet {
                eprintln!(
                    "solve: finding the positions reachable from {}: a bit for each of the {} distributions of its seeds ({})",
                    format_position(variant, pos),
                    missing,
                    megabytes(missing / 8)
                );
            }
            db = Database::reachable(variant, pos, a.max_positions, &report)
                .map_err(Failure::unusable)?;
        }
    } else {
        db.extend(seeds, &report).map_err(Failure::unusable)?;
    }
    let built = db.layers().len() - read;
    if built > 0
        && let Some(p) = &path
    {
        if let Some(dir) = p.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| Failure::unusable(anyhow::anyhow!("--db {}: {e}", dir.display())))?;
        }
        file::save(&db, p).map_err(|e| {
            Failure::unusable(anyhow::anyhow!("database file {}: {e}", p.display()))
        })?;
        if !quiet {
            eprintln!(
                "solve: wrote {} to {}",
                count(db.layers().len(), "layer", "layers"),
                p.display()
            );
        }
    }
    Ok(Provided {
        db,
        file: path,
        read,
        built,
        changes: changes.clone(),
    })
}

/// The most nodes of the search that checks a value under the rule file's
/// own rules (a few seconds at most).
const HISTORY_BUDGET: u64 = 3_000_000;

/// The most positions of the databases a search probes, unless
/// `--db-seeds` says otherwise: beyond this, building them costs more than
/// the search they save (Kalah(6,4): a 12-seed database of 5.4 million
/// positions and 30 s of search beat a 16-seed one of 61 million, built in
/// 32 s, and 57 s of search).
const SEARCH_DB_POSITIONS: u64 = 8_000_000;

/// Whether [`database`] could give `pos`'s databases in at most
/// `max_positions` positions, without building any: the rules the solver
/// takes and the size, refused in `database`'s words. Cheap, so a caller
/// can ask before each ply whether the perfect level can play.
///
/// # Errors
/// As [`database`] without `--db` and `--reachable`.
pub fn can_solve(
    variant: &Arc<Variant>,
    pos: &Position,
    max_positions: u64,
) -> Result<(), Failure> {
    let (variant, _) = &solver_variant(variant).map_err(Failure::unusable)?;
    let db = Database::empty(variant).map_err(Failure::unusable)?;
    let seeds: usize = pos.board(variant).iter().map(|&s| usize::from(s)).sum();
    db.numbered(seeds).map_err(Failure::unusable)?;
    fits(variant, 0, seeds, max_positions)
}

/// The positions of layers `read` to `seeds`, either side to act.
fn missing_positions(variant: &Variant, read: usize, seeds: usize) -> u64 {
    let ranking = Ranking::new(variant.pits(), seeds);
    (read..=seeds).fold(0u64, |n, s| {
        n.saturating_add(ranking.layer_size(s).saturating_mul(2))
    })
}

/// Refuses layers `read` to `seeds` when they hold more than `max`
/// positions.
fn fits(variant: &Variant, read: usize, seeds: usize, max: u64) -> Result<(), Failure> {
    let missing = missing_positions(variant, read, seeds);
    if missing <= max {
        return Ok(());
    }
    let largest = Ranking::new(variant.pits(), seeds)
        .layer_size(seeds)
        .saturating_mul(2);
    Err(Failure::unusable(anyhow::anyhow!(
        "solving this position needs databases of {missing} positions{} (every layer {read} to {seeds} seeds on {} pits, either side to act): {}, more than --max-positions {max} allows; raise it, or solve only the positions reachable from it (--reachable)",
        if read > 0 {
            format!(" more than the {read} layers of the file")
        } else {
            String::new()
        },
        variant.pits(),
        memory_needed(missing, largest),
    )))
}

/// The memory of databases of `positions` positions, the largest layer
/// `largest` of them, in words. Estimates from docs/solve.md: a value
/// kept takes a few bits (about a byte a position is said), and a layer
/// being solved about 20 bytes a position (16, and 8 a ply inside it).
fn memory_needed(positions: u64, largest: u64) -> String {
    format!(
        "about {} kept and {} while the largest layer is solved (estimates)",
        megabytes(positions),
        megabytes(largest.saturating_mul(20))
    )
}

pub fn run(a: Args) -> Result<(), Failure> {
    let (variant, pos) = a.setup.load()?;
    // The databases number the positions of the whole board.
    if !pos.closed().is_empty() {
        return Err(Failure::unusable(anyhow::anyhow!(
            "the solver solves a game on the whole board, and this one has pits out of play ({}): solve the first game of the match",
            variant.labels(pos.closed())
        )));
    }
    let handed = pos.handed(&variant);
    if !handed.is_empty() {
        return Err(Failure::unusable(anyhow::anyhow!(
            "the solver solves a game on the whole board with each row its owner's, and in this one pits are handed across ({}): solve the first game of the match",
            variant.labels(handed)
        )));
    }
    let started = Instant::now();
    let on_board: usize = pos.board(&variant).iter().map(|&s| usize::from(s)).sum();
    let ranking = Ranking::checked(variant.pits(), on_board).ok_or_else(|| {
        Failure::unusable(anyhow::anyhow!(
            "the solver cannot number this board: {on_board} seeds on {} pits make layers of more than 2^64 positions",
            variant.pits()
        ))
    })?;
    let up_to = |s: usize| ranking.positions_up_to(s);
    // Search where the databases of the whole position would not fit, over
    // the most layers that do.
    let db_seeds = match a.db_seeds {
        Some(s) => Some(s.min(on_board)),
        None if !a.db.reachable && up_to(on_board) > a.db.max_positions => Some(
            (0..on_board)
                .rev()
                .find(|&s| up_to(s) <= a.db.max_positions.min(SEARCH_DB_POSITIONS))
                .unwrap_or(0),
        ),
        None => None,
    };
    if a.db.reachable && db_seeds.is_some() {
        return Err(Failure::unusable(anyhow::anyhow!(
            "--db-seeds: the search probes databases of every position of their layers, not --reachable ones"
        )));
    }
    let provided = database_to(&variant, &pos, db_seeds.unwrap_or(on_board), &a.db, false)?;
    let db = Arc::new(provided.db);
    let mut search = match db_seeds {
        None => None,
        Some(s) => {
            let mut search = Search::new(
                Arc::clone(db.variant()),
                Some(Arc::clone(&db)),
                (a.table_mb << 20) as usize,
            )
            .map_err(Failure::unusable)?;
            search.set_threads(rayon::current_num_threads());
            let t = Instant::now();
            search.on_pass(move |p| {
                eprintln!(
                    "solve: search over databases of {s} seeds: is South's margin to come at least {}? now between {:+} and {:+}; {} nodes, {:.1} s, peak memory {}",
                    p.test,
                    p.lower,
                    p.upper,
                    p.nodes,
                    t.elapsed().as_secs_f64(),
                    peak_memory().map_or("unknown".into(), megabytes),
                );
            });
            Some(search)
        }
    };
    let too_deep = |e: TooDeep| {
        let all = up_to(on_board);
        Failure::unusable(anyhow::anyhow!(
            "{e}; solve it by databases instead: of every position (--max-positions {all}: {}) or of the reachable ones (--reachable: a bit for each of the {all} positions, {}, to find them, then at most the same again for those reached)",
            memory_needed(all, ranking.layer_size(on_board).saturating_mul(2)),
            megabytes(all / 8),
        ))
    };
    let value = match &mut search {
        Some(search) => {
            let v = search.value(&pos).map_err(too_deep)?;
            // The passes of the start are progress; those of its plies
            // and its line, a table away, are not.
            search.on_pass(|_| {});
            v
        }
        None => db.probe(&pos).expect("the databases cover the position"),
    };
    let elapsed = started.elapsed();
    let mover = pos.to_move();
    let captured = i32::from(pos.captured(Side::South)) - i32::from(pos.captured(Side::North));
    // Whether a position's margin to come is `need`, the most (South to
    // act before it) or the least (North) it can be: exact from the
    // databases, one null-window question for the search.
    let mut keeps = |c: &Position, need: i32, mover: Side| match &mut search {
        None => Ok(db.probe(c) == Some(need)),
        Some(search) => match mover {
            Side::South => search.at_least(c, need),
            Side::North => search.at_least(c, need + 1).map(|a| !a),
        },
    };
    // Each ply with its value: every one from the databases; from the
    // search, only those that keep the value (the others are worse, by
    // how much is not asked).
    let plies: Vec<(Ply, Option<i32>)> = if db_seeds.is_none() {
        line::ply_values(&variant, &db, &pos)
            .into_iter()
            .map(|(p, v)| (p, Some(v)))
            .collect()
    } else {
        let mut legal = Vec::new();
        if terminal_margin(&variant, &pos).is_none() {
            pos.legal_plies(&variant, &mut legal);
        }
        legal
            .into_iter()
            .map(|p| {
                let mut c = pos;
                c.play_unchecked(&variant, p);
                Ok((
                    p,
                    keeps(&c, value - gain(&pos, &c), mover)?.then_some(value),
                ))
            })
            .collect::<Result<_, TooDeep>>()
            .map_err(too_deep)?
    };
    let best_plies: Vec<String> = line::best(&plies, value)
        .iter()
        .map(|p| p.notation(variant.board()))
        .collect();
    let pv_line = line::principal_variation(&variant, value, &mut keeps, &pos).map_err(too_deep)?;
    let (pv, pv_end) = (pv_line.notation(variant.board()), pv_line.end.to_string());
    let stats = search.as_ref().map(Search::stats);
    let method = match db_seeds {
        Some(s) => {
            format!("MTD(f) search over retrograde databases of up to {s} seeds on the board")
        }
        None if db.from().is_some() => "retrograde databases of the reachable positions".to_owned(),
        None => "retrograde databases".to_owned(),
    };
    let final_margin = captured + value;
    let verdict = line::result(final_margin);
    // The same start under the rule file's own game (its repetition rule,
    // every end), where a plain search with the history can reach.
    let guide = |c: &Position| {
        i32::from(c.captured(Side::South)) - i32::from(c.captured(Side::North))
            + db.probe(c).unwrap_or(0)
    };
    let checked = ayla::solve::history::value(&variant, &pos, value, HISTORY_BUDGET, &guide);
    let check_line = match checked {
        Some(v) if v == value => "the same under the rule file's own rules (a game from this position, its repetition rule and every end), by an alpha-beta search with the history".to_owned(),
        Some(v) => format!(
            "under the rule file's own rules (a game from this position, its repetition rule and every end) the future margin is {v:+} (final {:+}), by an alpha-beta search with the history: the conventions change this value",
            captured + v
        ),
        None => format!(
            "not checked under the rule file's own rules: an alpha-beta search with the history needs more than {HISTORY_BUDGET} nodes"
        ),
    };
    let board = variant.board();
    let threads = rayon::current_num_threads();
    let memory = peak_memory();
    let file_note = provided.file.as_ref().map(|p| {
        format!(
            "{} ({} read, {} built)",
            p.display(),
            count(provided.read, "layer", "layers"),
            provided.built
        )
    });
    if a.json.json {
        println!(
            "{}",
            json!({
                "position": format_position(&variant, &pos),
                "to_move": mover.to_string(),
                "future_margin": value,
                "final_margin": final_margin,
                "result": verdict,
                "plies": plies.iter().map(|&(p, v)| json!({"ply": p.notation(board), "future_margin": v})).collect::<Vec<_>>(),
                "best": best_plies,
                "pv": pv,
                "pv_end": pv_end,
                "convention": Convention::SplitEvenly.to_string(),
                "changes": provided.changes,
                "under_the_rules": checked,
                "method": method,
                "nodes": stats.map(|s| s.nodes),
                "passes": stats.map(|s| s.passes),
                "table_bytes": search.as_ref().map(Search::table_bytes),
                "positions": db.positions(),
                "bytes": db.bytes(),
                "database_file": provided.file.as_ref().map(|p| p.display().to_string()),
                "layers_read": provided.read,
                "layers_built": provided.built,
                "threads": threads,
                "peak_memory_bytes": memory,
                "seconds": elapsed.as_secs_f64(),
            })
        );
        return Ok(());
    }
    println!("{}", format_position(&variant, &pos));
    println!(
        "value: {verdict}, final margin {final_margin:+} for South (captured so far {captured:+}, to come {value:+}), {mover} to act"
    );
    let listed: Vec<String> = plies
        .iter()
        .map(|&(p, v)| match v {
            Some(v) => format!("{} {v:+}", p.notation(board)),
            None => format!("{} worse", p.notation(board)),
        })
        .collect();
    println!("plies (South's margin to come): {}", listed.join(", "));
    println!("best: {}", best_plies.join(", "));
    println!("principal variation: {} ({pv_end})", pv.join(" "));
    println!("convention: {}", Convention::SplitEvenly);
    for c in &provided.changes {
        println!("convention: {c}");
    }
    println!("check: {check_line}");
    if let (Some(st), Some(search)) = (stats, &search) {
        println!(
            "search: {} nodes in {}, {} table hits, {} database probes, a table of {}",
            st.nodes,
            count(st.passes, "pass", "passes"),
            st.tt_hits,
            st.db_probes,
            megabytes(search.table_bytes() as u64)
        );
    }
    println!(
        "solved by {method}: {} positions ({}), {} bytes, {:.2} s on {threads} thread{}, peak memory {}",
        db.positions(),
        count(db.layers().len(), "layer", "layers"),
        db.bytes(),
        elapsed.as_secs_f64(),
        if threads == 1 { "" } else { "s" },
        memory.map_or("unknown".into(), megabytes),
    );
    if let Some(f) = file_note {
        println!("database file: {f}");
    }
    Ok(())
}
