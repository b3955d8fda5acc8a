//! Solves Kalah(m,n) from the start by the exact search over small
//! databases, and compares each value with the published one.
//!
//! ```text
//! cargo run --release --example solve_kalah -- [M,N ...] [--reading R]
//!     [--db-positions P | --db-seeds S] [--table-mb MB] [--threads T]
//!     [--guess-depth D] [--progress]
//! ```
//!
//! With no boards named it solves every Kalah(m,n) with m ≤ 4 and n ≤ 6,
//! and (5,1), (5,2) and (6,1). `--reading` is `empty-capture` (kalah.toml's
//! default, the published table's), `no-empty-capture` (a last seed in an
//! empty house captures only when the house opposite holds seeds; the
//! CLI's `--reading empty-capture=no-empty-capture`), or `both` (the
//! default).
//!
//! Each board gets the largest database of at most `--db-positions`
//! positions (default: 200,000, and 6 million on boards of 48 seeds or
//! more, whose searches are long enough to repay a larger one), or exactly
//! `--db-seeds` seeds; and a table of `--table-mb` megabytes (default: 2^(n
//! / 6) MB for n seeds, 1 to 1024). Per board and reading it prints the
//! value (South's margin: the first player's), the published value
//! (tests/solve/kalah.txt: margins for m ≥ 4, W/L/D below; none for the
//! second reading), the database's seeds and positions, the time to build
//! it and to search, and the nodes searched; then the totals. `--progress`
//! prints each MTD(f) pass on stderr.
//!
//! Kalah(6,4), the classic game, is `-- 6,4 --reading empty-capture`.

use ayla::engine::{Position, Variant};
use ayla::rules;
use ayla::solve::index::Ranking;
use ayla::solve::retro::Database;
use ayla::solve::search::Search;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

/// Kalah(m,n) under one capture reading.
fn kalah(m: usize, n: usize, empty_capture: bool) -> Arc<Variant> {
    let capture = if empty_capture {
        ""
    } else {
        // kalah.toml's alternative `no-empty-capture`, written out.
        "[opposite_capture]\nwhen_opposite_empty = \"nothing\"\n"
    };
    let text = format!(
        "extends = \"kalah\"\n[variant]\nid = \"kalah-{m}-{n}\"\nname = \"Kalah({m},{n})\"\n[board]\npits_per_row = {m}\nseeds_per_pit = {n}\n{capture}"
    );
    Arc::new(Variant::new(
        rules::parse("kalah.toml", &text).expect("a Kalah board"),
    ))
}

/// The published values, by board.
fn published() -> HashMap<(usize, usize), String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/solve/kalah.txt");
    let text = std::fs::read_to_string(path).expect("tests/solve/kalah.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                (f[0].parse().unwrap(), f[1].parse().unwrap()),
                f[2].to_owned(),
            )
        })
        .collect()
}

/// The most seeds a database of at most `budget` positions holds.
fn db_seeds(pits: usize, total: usize, budget: u64) -> usize {
    let ranking = Ranking::new(pits, total);
    let mut positions = 0;
    for s in 0..=total {
        positions += 2 * ranking.layer_size(s);
        if positions > budget {
            return s.saturating_sub(1);
        }
    }
    total
}

/// Whether `v` is the published value `want` (a margin, or W, L or D).
fn agrees(v: i32, want: &str) -> bool {
    match want {
        "-" => true,
        "W" => v > 0,
        "L" => v < 0,
        "D" => v == 0,
        w => w.parse::<i32>().ok() == Some(v),
    }
}

fn main() {
    let mut boards = Vec::new();
    let mut readings = vec![true, false];
    let mut budget = None;
    let mut fixed_seeds = None;
    let mut table_mb = None;
    let mut guess_depth = None;
    let mut progress = false;
    let mut threads = 1;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().expect("a value after the flag");
        match a.as_str() {
            "--reading" => {
                let r = value();
                readings = match r.trim_start_matches("empty-capture=") {
                    "empty-capture" => vec![true],
                    "no-empty-capture" => vec![false],
                    "both" => vec![true, false],
                    _ => panic!("--reading: empty-capture, no-empty-capture or both"),
                }
            }
            "--db-positions" => budget = Some(value().parse().expect("a number")),
            "--db-seeds" => fixed_seeds = Some(value().parse().expect("a number")),
            "--table-mb" => table_mb = Some(value().parse::<usize>().expect("a number")),
            "--guess-depth" => guess_depth = Some(value().parse().expect("a number")),
            "--threads" => threads = value().parse().expect("a number"),
            "--progress" => progress = true,
            _ => {
                let (m, n) = a.split_once(',').expect("a board as M,N");
                boards.push((m.parse().expect("M"), n.parse().expect("N")));
            }
        }
    }
    if boards.is_empty() {
        for m in 1..=4 {
            for n in 1..=6 {
                boards.push((m, n));
            }
        }
        boards.extend([(5, 1), (5, 2), (6, 1)]);
    }
    let table = published();
    println!("{threads} thread(s)");
    println!(
        "{:<12} {:<16} {:>5} {:>5} {:>4} {:>10} {:>7} {:>6} {:>8} {:>11}",
        "board",
        "reading",
        "value",
        "publ.",
        "db",
        "db posns",
        "db s",
        "table",
        "search s",
        "nodes"
    );
    let all = Instant::now();
    let (mut db_time, mut search_time, mut nodes, mut mismatches) = (0.0, 0.0, 0u64, 0);
    for &(m, n) in &boards {
        let total = 2 * m * n;
        let seeds = fixed_seeds.unwrap_or_else(|| {
            let b = budget.unwrap_or(if total >= 48 { 6_000_000 } else { 200_000 });
            db_seeds(2 * m, total, b)
        });
        let mb = table_mb.unwrap_or(1 << (total / 6).min(10));
        for &empty in &readings {
            let variant = kalah(m, n, empty);
            let t = Instant::now();
            let db = Arc::new(Database::build(&variant, seeds).expect("Kalah is supported"));
            let built = t.elapsed().as_secs_f64();
            let t = Instant::now();
            let mut search = Search::new(Arc::clone(&variant), Some(Arc::clone(&db)), mb << 20)
                .expect("Kalah is supported");
            search.set_threads(threads);
            if let Some(d) = guess_depth {
                search.set_guess_depth(d);
            }
            if progress {
                search.on_pass(|p| {
                    eprintln!(
                        "  pass: at least {:+}? value in [{:+}, {:+}]; {} nodes, {:.2} s",
                        p.test,
                        p.lower,
                        p.upper,
                        p.nodes,
                        p.elapsed.as_secs_f64()
                    );
                });
            }
            let v = search.value(&Position::initial(&variant)).unwrap();
            let searched = t.elapsed().as_secs_f64();
            let stats = search.stats();
            let want = match table.get(&(m, n)) {
                Some(w) if empty => w.clone(),
                _ => "-".into(),
            };
            let ok = agrees(v, &want);
            mismatches += usize::from(!ok);
            println!(
                "Kalah({m},{n})  {:<16} {:>+5} {:>5} {:>4} {:>10} {:>7.2} {:>6} {:>8.2} {:>11}{}",
                if empty {
                    "empty-capture"
                } else {
                    "no-empty-capture"
                },
                v,
                want,
                format!("{}s", db.max_seeds().unwrap_or(0)),
                db.positions(),
                built,
                format!("{mb}M"),
                searched,
                stats.nodes,
                if ok { "" } else { "  MISMATCH" }
            );
            db_time += built;
            search_time += searched;
            nodes += stats.nodes;
        }
    }
    println!(
        "total: {:.2} s ({db_time:.2} s building databases, {search_time:.2} s searching, {nodes} nodes), {mismatches} mismatches",
        all.elapsed().as_secs_f64()
    );
}
