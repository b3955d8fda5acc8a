//! `ayla replay <record> [--ply N] [--rules FILE] [--reading NAME=ALT]...`

use super::{Exit, Failure, board};
use ayla::check::check_game;
use ayla::engine::Variant;
use ayla::fit::parse_selection;
use ayla::notation::{format_position, parse_records};
use ayla::rulebook::{Overrides, rulebook_for};
use ayla::rules::Rules;
use std::path::PathBuf;
use std::sync::Arc;

/// Arguments of `replay`.
#[derive(clap::Args)]
pub struct Args {
    /// The record file.
    record: PathBuf,
    /// Show only the board after this ply (0 for the start).
    #[arg(long, value_name = "N")]
    ply: Option<usize>,
    /// Replay under this rule file (or bundled id) instead of the `Variant` tag.
    #[arg(long, value_name = "FILE")]
    rules: Option<String>,
    /// Replay under this alternative of an open point (repeatable; overrides
    /// the record's `Readings` tag), e.g. `--reading skip-origin=skip-origin`.
    #[arg(long = "reading", value_name = "NAME=ALT")]
    readings: Vec<String>,
}

fn show(rules: &Rules, pos: &ayla::engine::Position) {
    print!("{}", board::draw(rules, pos));
    println!("  {}", format_position(rules, pos));
}

pub fn run(a: Args) -> Result<(), Failure> {
    let name = a.record.display().to_string();
    let text = std::fs::read_to_string(&a.record)
        .map_err(|e| Failure::unusable(anyhow::anyhow!("{name}: cannot read the record: {e}")))?;
    let games = parse_records(&text).map_err(|e| {
        Failure::unusable(anyhow::anyhow!(
            "{name}:{}: syntax error: {}",
            e.loc,
            e.message
        ))
    })?;
    let base = a.record.parent().unwrap_or(std::path::Path::new(""));
    let readings = parse_selection(&a.readings.join(","))
        .map_err(|e| Failure::unusable(anyhow::anyhow!("--reading: {e}")))?;
    let overrides = Overrides {
        rules: a.rules.clone(),
        readings,
    };
    let mut worst = Exit::Ok;
    for (gi, rec) in games.iter().enumerate() {
        let rules = rulebook_for(rec, base, &overrides).map_err(|e| {
            Failure::unusable(match e.at {
                Some(_) => anyhow::anyhow!("{name}:{e}"),
                None => anyhow::anyhow!("{e}"),
            })
        })?;
        let variant = Arc::new(Variant::new(rules));
        let rules: &Rules = &variant;
        let report = check_game(&variant, rec)
            .map_err(|u| Failure::unusable(anyhow::anyhow!("{name}:{u}")))?;
        if games.len() > 1 {
            println!(
                "=== game {} of {} (line {}) ===",
                gi + 1,
                games.len(),
                rec.loc.line
            );
        }
        for t in &rec.tags {
            println!("[{} {:?}]", t.name, t.value);
        }
        match a.ply {
            Some(n) if n > report.steps.len() => {
                let what = if report.illegal.is_some() {
                    "legal plies"
                } else {
                    "plies"
                };
                return Err(Failure::unusable(anyhow::anyhow!(
                    "--ply {n}: the game has {} {what}",
                    report.steps.len()
                )));
            }
            Some(0) => {
                println!("\nStart:");
                show(rules, &report.start);
            }
            Some(n) => {
                let s = &report.steps[n - 1];
                println!(
                    "\n{}. `{}`: {}.",
                    s.number,
                    s.text,
                    s.effect.describe(rules, s.side)
                );
                show(rules, &s.after);
            }
            None => {
                println!("\nStart:");
                show(rules, &report.start);
                for s in &report.steps {
                    println!(
                        "\n{}. `{}`: {}.",
                        s.number,
                        s.text,
                        s.effect.describe(rules, s.side)
                    );
                    for c in &s.comments {
                        println!("  {{{c}}}");
                    }
                    show(rules, &s.after);
                }
            }
        }
        if a.ply.is_some_and(|n| n < report.steps.len()) {
            continue; // a position in the middle: the game's end is not the point
        }
        if let Some(i) = &report.illegal {
            println!(
                "\n{name}:{}: ply {} ({}, `{}`) is illegal: {}",
                i.loc, i.number, i.side, i.text, i.reason
            );
            worst = Exit::Wrong;
            continue;
        }
        match report.outcome {
            Some(o) => println!("\nGame over: {o}."),
            None => println!("\nUnfinished: {} to act.", report.last.to_move()),
        }
        for p in &report.result_problems {
            println!("{name}:{p}");
            worst = Exit::Wrong;
        }
    }
    match worst {
        Exit::Ok => Ok(()),
        e => Err(Failure::silent(e)),
    }
}
