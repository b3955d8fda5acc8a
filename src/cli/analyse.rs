//! `ayla analyse <variant> [--position P] [--depth D | --time S] [--json]`

use super::{Failure, args, load_rules};
use ayla::engine::{Game, Side};
use ayla::notation::format_position;
use ayla::search::eval::{self, Meaning};
use ayla::search::{Budget, Searcher};
use ayla::solve::Convention;
use serde_json::json;
use std::time::Duration;

/// Arguments of `analyse`.
#[derive(clap::Args)]
pub struct Args {
    /// A bundled variant id or a path to a rule file.
    variant: String,
    #[command(flatten)]
    start: args::Start,
    /// Search exactly this many plies deep.
    #[arg(long, conflicts_with = "time", value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Search for this many seconds (default 1).
    #[arg(long, value_name = "SECS")]
    time: Option<f64>,
    /// Also give the exact value under perfect play and the best plies,
    /// from endgame databases (read from --db, or built; see `ayla solve`).
    #[arg(long)]
    exact: bool,
    #[command(flatten)]
    db: super::solve::DbArgs,
    #[command(flatten)]
    json: args::Json,
}

/// The exact value of a position, from the databases.
struct Exact {
    future: i32,
    final_margin: i32,
    result: &'static str,
    best: Vec<String>,
    changes: Vec<String>,
}

pub fn run(a: Args) -> Result<(), Failure> {
    let rules = load_rules(&a.variant)?;
    let pos = a.start.position(&rules)?;
    let budget = match (a.depth, a.time) {
        (Some(d), _) => Budget::Depth(d),
        (None, Some(t)) if t.is_finite() && t > 0.0 && t <= 3600.0 => {
            Budget::Time(Duration::from_secs_f64(t))
        }
        (None, Some(t)) => {
            return Err(Failure::unusable(anyhow::anyhow!(
                "--time: expected seconds, more than 0 and at most 3600, found {t}"
            )));
        }
        (None, None) => Budget::Time(Duration::from_secs(1)),
    };
    let exact = if a.exact || a.db.db.is_some() {
        let provided = super::solve::database(&rules, &pos, &a.db, a.json.json)?;
        let db = provided.db;
        let future = db.probe(&pos).expect("the databases cover the position");
        let plies = super::solve::db_ply_values(&rules, &db, &pos);
        let best: Vec<String> = plies
            .iter()
            .filter(|&&(_, v)| v == future)
            .map(|&(p, _)| p.notation(rules.per_row))
            .collect();
        let final_margin =
            future + i32::from(pos.captured(Side::South)) - i32::from(pos.captured(Side::North));
        Some(Exact {
            future,
            final_margin,
            result: match final_margin.signum() {
                1 => "South wins",
                -1 => "North wins",
                _ => "draw",
            },
            best,
            changes: provided.changes,
        })
    } else {
        None
    };
    let mut game = Game::from_position(rules.clone(), pos);
    let mut searcher = Searcher::new(1 << 20);
    let r = searcher.search(&mut game, budget);
    let n = rules.per_row;
    let pv: Vec<String> = r.pv.iter().map(|p| p.notation(n)).collect();
    let side = game.position().to_move();
    let meaning = eval::meaning(r.value);
    if a.json.json {
        println!(
            "{}",
            json!({
                "position": format_position(&rules, game.position()),
                "side": side.to_string(),
                "value": value_json(meaning),
                "best": r.best.map(|p| p.notation(n)),
                "pv": pv,
                "depth": r.depth,
                "nodes": r.nodes,
                "seconds": r.elapsed.as_secs_f64(),
                "over": game.outcome().map(|o| o.to_string()),
                "exact": exact.as_ref().map(|e| json!({
                    "future_margin": e.future,
                    "final_margin": e.final_margin,
                    "result": e.result,
                    "best": e.best,
                    "convention": Convention::SplitEvenly.to_string(),
                    "changes": e.changes,
                })),
            })
        );
        return Ok(());
    }
    println!("position: {}", format_position(&rules, game.position()));
    if let Some(o) = game.outcome() {
        println!("the game is over: {o}");
        return Ok(());
    }
    println!(
        "value:    {} for {side} ({})",
        value_text(meaning),
        value_note(meaning)
    );
    println!("best:     {}", r.best.map_or("-".into(), |p| p.notation(n)));
    println!("line:     {}", pv.join(" "));
    println!(
        "searched: depth {}, {} nodes in {:.2} s",
        r.depth,
        r.nodes,
        r.elapsed.as_secs_f64()
    );
    if let Some(e) = exact {
        println!(
            "exact:    {}, final margin {:+} for South (to come {:+}); best {}",
            e.result,
            e.final_margin,
            e.future,
            e.best.join(", ")
        );
        println!("          convention: {}", Convention::SplitEvenly);
        for c in &e.changes {
            println!("          convention: {c}");
        }
    }
    Ok(())
}

/// A heuristic value in seeds, signed, two decimals.
fn seeds(hundredths: i32) -> f64 {
    f64::from(hundredths) / 100.0
}

/// `+2.08`, `win in 7`, `loss in 7`.
fn value_text(m: Meaning) -> String {
    match m {
        Meaning::Heuristic(v) => format!("{:+.2}", seeds(v)),
        Meaning::Win { plies, .. } => format!("win in {plies}"),
        Meaning::Loss { plies, .. } => format!("loss in {plies}"),
    }
}

fn value_note(m: Meaning) -> String {
    let by = |margin: u32| format!("by {margin} seed{}", if margin == 1 { "" } else { "s" });
    match m {
        Meaning::Heuristic(_) => {
            "seeds, mover minus opponent, a captured seed counting 3 and a seed in one's own pits 1"
                .into()
        }
        Meaning::Win { margin, .. } | Meaning::Loss { margin, .. } => {
            format!(
                "plies to the end with best play on both sides, {}",
                by(margin)
            )
        }
    }
}

/// `{"seeds": 2.08}`, `{"win_in": 7, "margin": 8}` or `{"loss_in": 7, "margin": 8}`.
fn value_json(m: Meaning) -> serde_json::Value {
    match m {
        Meaning::Heuristic(v) => json!({ "seeds": seeds(v) }),
        Meaning::Win { plies, margin } => json!({ "win_in": plies, "margin": margin }),
        Meaning::Loss { plies, margin } => json!({ "loss_in": plies, "margin": margin }),
    }
}
