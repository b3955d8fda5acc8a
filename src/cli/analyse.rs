//! `ayla analyse <variant> [--position P] [--reading NAME=ALT]... [--depth D | --time S] [--json]`

use super::{Failure, args};
use ayla::engine::{Game, Ply, Side};
use ayla::notation::format_position;
use ayla::search::eval::{self, Meaning};
use ayla::search::{Budget, Searcher};
use ayla::solve::{Convention, line};
use serde_json::json;
use std::collections::HashMap;
use std::time::Duration;

/// Arguments of `analyse`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    setup: args::Setup,
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
    let (rules, pos) = a.setup.load()?;
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
        let plies: Vec<(Ply, Option<i32>)> = line::ply_values(&rules, &db, &pos)
            .into_iter()
            .map(|(p, v)| (p, Some(v)))
            .collect();
        let best: Vec<String> = line::best(&plies, future)
            .iter()
            .map(|p| p.notation(rules.board()))
            .collect();
        let final_margin =
            future + i32::from(pos.captured(Side::South)) - i32::from(pos.captured(Side::North));
        Some(Exact {
            future,
            final_margin,
            result: line::result(final_margin),
            best,
            changes: provided.changes,
        })
    } else {
        None
    };
    let mut game = Game::from_position(rules.clone(), pos);
    let mut searcher = Searcher::new(1 << 20);
    let r = searcher.search(&mut game, budget);
    let board = rules.board();
    let pv: Vec<String> = r.pv.iter().map(|p| p.notation(board)).collect();
    let side = game.position().to_move();
    let meaning = eval::meaning(r.value);
    // A 0 is a heuristic's unless every line that decides it ends.
    let draw = meaning == Meaning::Heuristic(0) && proven_draw(&mut game, r.depth);
    if a.json.json {
        println!(
            "{}",
            json!({
                "position": format_position(&rules, game.position()),
                "side": side.to_string(),
                "value": if draw { json!({ "draw": true }) } else { value_json(meaning) },
                "best": r.best.map(|p| p.notation(board)),
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
    if draw {
        println!(
            "value:    draw (proven: within {} plies every line that decides it reaches the end of the game)",
            r.depth
        );
    } else {
        println!(
            "value:    {} for {side} ({})",
            value_text(meaning),
            value_note(meaning)
        );
    }
    println!(
        "best:     {}",
        r.best.map_or("-".into(), |p| p.notation(board))
    );
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

/// The most positions the proof of a draw visits: a search that reached
/// its depth in a second has a tree about this size.
const PROOF_NODES: u64 = 4_000_000;

/// Whether `game` is a draw under best play, proven within `depth` plies:
/// the side to act holds at least a draw when every game unfinished at
/// that depth counts as its loss, and at most a draw when each counts as
/// its win. The search's value cannot say so alone: its 0 may be the
/// heuristic of positions it did not see to the end. False past
/// [`PROOF_NODES`].
fn proven_draw(game: &mut Game, depth: u32) -> bool {
    let me = game.position().to_move();
    let mut nodes = 0;
    [-1, 1].into_iter().all(|unknown| {
        let mut memo = HashMap::new();
        outcome_within(game, me, depth, unknown, &mut memo, &mut nodes) == Some(0)
    })
}

/// The result of `game` for `me` under best play within `depth` plies
/// (1 a win, 0 a draw, -1 a loss), a game unfinished at that depth
/// counting `unknown`; `None` past [`PROOF_NODES`]. `memo` holds results
/// by search key and depth left (the key says the future, repetitions
/// included).
fn outcome_within(
    game: &mut Game,
    me: Side,
    depth: u32,
    unknown: i8,
    memo: &mut HashMap<(u64, u32), i8>,
    nodes: &mut u64,
) -> Option<i8> {
    if let Some(o) = game.outcome() {
        let mine = i64::from(o.totals[me.index()]);
        let theirs = i64::from(o.totals[me.opponent().index()]);
        return Some((mine - theirs).signum() as i8);
    }
    if depth == 0 {
        return Some(unknown);
    }
    *nodes += 1;
    if *nodes > PROOF_NODES {
        return None;
    }
    let key = (game.search_key(), depth);
    if let Some(&v) = memo.get(&key) {
        return Some(v);
    }
    let mut plies = Vec::new();
    game.legal_plies(&mut plies);
    let mine = game.position().to_move() == me;
    let snap = game.snapshot();
    let mut best: Option<i8> = None;
    for p in plies {
        game.advance(p);
        let v = outcome_within(game, me, depth - 1, unknown, memo, nodes);
        game.restore(snap);
        let v = v?;
        best = Some(match best {
            None => v,
            Some(b) if mine => b.max(v),
            Some(b) => b.min(v),
        });
        // Nothing beats a win for the side choosing it.
        if best == Some(if mine { 1 } else { -1 }) {
            break;
        }
    }
    let v = best.unwrap_or(unknown);
    memo.insert(key, v);
    Some(v)
}
