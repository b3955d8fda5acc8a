//! `ayla replay <record> [--game N] [--ply N] [--rules FILE] [--reading NAME=ALT]... [--json]`

use super::{Exit, Failure, args, board};
use ayla::check::GameReport;
use ayla::check::verdict::Replay;
use ayla::engine::{Position, Variant};
use ayla::notation::{Record, format_position};
use ayla::rules::Rules;
use ayla::words::count;
use serde_json::json;
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
    #[command(flatten)]
    game: args::GameNumber,
    #[command(flatten)]
    rulebook: args::Rulebook,
    #[command(flatten)]
    json: args::Json,
}

fn show(rules: &Rules, pos: &Position) {
    print!("{}", board::draw(rules, pos));
    println!("  {}", format_position(rules, pos));
}

/// One game, replayed.
struct Replayed<'a> {
    /// Its number in the file, from 1.
    index: usize,
    rec: &'a Record,
    variant: Arc<Variant>,
    report: GameReport,
}

pub fn run(a: Args) -> Result<(), Failure> {
    let name = a.record.display().to_string();
    let games = super::read_records(&a.record)?;
    let base = a.record.parent().unwrap_or(std::path::Path::new(""));
    let overrides = a.rulebook.overrides()?;
    // Every game is replayed, and `--ply` checked against each, before
    // anything is printed: a mistake prints an error and nothing else.
    let chosen = a.game.pick(&name, &games)?;
    let mut replayed = Vec::with_capacity(chosen.len());
    for (index, rec) in chosen {
        let (variant, report) = super::replay_record(&name, &games, index - 1, base, &overrides)?;
        replayed.push(Replayed {
            index,
            rec,
            variant,
            report,
        });
    }
    if let Some(n) = a.ply {
        for g in &replayed {
            let len = g.report.steps.len();
            if n > len {
                // An illegal ply stands between the start and the ply asked for.
                if let Some(i) = &g.report.illegal {
                    return Err(super::check::illegal_failure(&name, &g.variant, i));
                }
                let what = count(len, "ply", "plies");
                let game = if games.len() > 1 {
                    format!("game {} (line {})", g.index, g.rec.loc.line)
                } else {
                    "the game".to_owned()
                };
                return Err(Failure::unusable(anyhow::anyhow!(
                    "--ply {n}: {game} has {what}"
                )));
            }
        }
    }
    let mut worst = Exit::Ok;
    for g in &replayed {
        // A position in the middle: the game's end is not the point.
        let to_end = a.ply.is_none_or(|n| n == g.report.steps.len());
        if to_end && !g.report.is_ok() {
            worst = Exit::Wrong;
        }
        if a.json.json {
            println!("{}", game_json(&name, g.index, g, a.ply, to_end));
        } else {
            print_game(&name, g.index, games.len(), g, a.ply, to_end);
        }
    }
    match worst {
        Exit::Ok => Ok(()),
        e => Err(Failure::silent(e)),
    }
}

fn print_game(
    name: &str,
    index: usize,
    count: usize,
    g: &Replayed,
    ply: Option<usize>,
    to_end: bool,
) {
    let rules: &Rules = &g.variant;
    let report = &g.report;
    if count > 1 {
        println!("=== game {index} of {count} (line {}) ===", g.rec.loc.line);
    }
    for t in &g.rec.tags {
        println!("[{} {:?}]", t.name, t.value);
    }
    let shown = match ply {
        Some(0) => 0..0,
        Some(n) => n - 1..n,
        None => 0..report.steps.len(),
    };
    if ply.is_none_or(|n| n == 0) {
        println!("\nStart:");
        show(rules, &report.start);
    }
    for s in &report.steps[shown] {
        println!(
            "\n{}. `{}`: {}.",
            s.number,
            s.text,
            s.effect.describe_ply(rules, s.side, s.ply)
        );
        if ply.is_none() {
            for c in &s.comments {
                println!("  {{{c}}}");
            }
        }
        show(rules, &s.after);
    }
    if !to_end {
        return;
    }
    if let Some(i) = &report.illegal {
        println!(
            "\n{name}:{}: ply {} ({}, `{}`) is illegal: {}",
            i.loc, i.number, i.side, i.text, i.reason
        );
        return;
    }
    match report.outcome {
        Some(o) => println!("\nGame over: {o}."),
        None => println!("\nUnfinished: {} to act.", report.last.to_move()),
    }
    if let Some(k) = report.match_game {
        let standing = ayla::check::MatchStanding::of(report);
        if standing != ayla::check::MatchStanding::GameUnfinished {
            println!("Game {k} of the match: {standing}.");
        }
    }
    for p in &report.result_problems {
        println!("{name}:{p}");
    }
}

fn game_json(
    name: &str,
    index: usize,
    g: &Replayed,
    ply: Option<usize>,
    to_end: bool,
) -> serde_json::Value {
    json!(Replay::of(
        name, index, g.rec, &g.variant, &g.report, ply, to_end
    ))
}
