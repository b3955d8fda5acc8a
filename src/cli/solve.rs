//! `ayla solve <variant> [--position P] [--max-positions N] [--json]`

use super::{Failure, args, load_rules};
use ayla::engine::{Game, Ply, Position, Side, Variant};
use ayla::notation::format_position;
use ayla::solve::index::Ranking;
use ayla::solve::retro::Database;
use ayla::solve::{Convention, gain, supported};
use serde_json::json;
use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

/// Arguments of `solve`.
#[derive(clap::Args)]
pub struct Args {
    /// A bundled variant id or a path to a rule file.
    variant: String,
    #[command(flatten)]
    start: args::Start,
    /// Solve under this alternative of an open point (repeatable), e.g.
    /// `--reading empty-capture=no-empty-capture`.
    #[arg(long = "reading", value_name = "NAME=ALT")]
    readings: Vec<String>,
    /// Refuse to build databases of more positions than this (each takes
    /// 2 bytes kept, and about 20 while its layer is solved).
    #[arg(long, value_name = "N", default_value_t = 50_000_000)]
    max_positions: u64,
    #[command(flatten)]
    json: args::Json,
}

/// The longest principal variation printed.
const PV_MAX: usize = 400;

pub fn run(a: Args) -> Result<(), Failure> {
    let readings = ayla::fit::parse_selection(&a.readings.join(","))
        .map_err(|e| Failure::unusable(anyhow::anyhow!("--reading: {e}")))?;
    let variant = if readings.is_empty() {
        load_rules(&a.variant)?
    } else {
        let rules = ayla::rules::resolve_with(&a.variant, std::path::Path::new(""), &readings)
            .map_err(Failure::unusable)?;
        Arc::new(Variant::new(rules))
    };
    let pos = a.start.position(&variant)?;
    supported(&variant).map_err(Failure::unusable)?;
    let on_board: usize = pos.board(&variant).iter().map(|&s| usize::from(s)).sum();
    let ranking = Ranking::new(variant.pits(), on_board);
    let positions: u64 = (0..=on_board).map(|s| 2 * ranking.layer_size(s)).sum();
    if positions > a.max_positions {
        return Err(Failure::unusable(anyhow::anyhow!(
            "solving this position needs databases of {positions} positions (every layer up to {on_board} seeds on {} pits, either side to act): about {} MB kept and {} MB while the largest layer is solved, more than --max-positions {} allows; the search that would reach further with smaller databases is not built yet",
            variant.pits(),
            positions * 2 / 1_000_000 + 1,
            2 * ranking.layer_size(on_board) * 20 / 1_000_000 + 1,
            a.max_positions
        )));
    }
    let started = Instant::now();
    let mut err = std::io::stderr();
    let db = Database::build_with(&variant, on_board, |s, n| {
        let _ = writeln!(
            err,
            "solve: layer {s} of {on_board} seeds: {n} positions, {:.1} s",
            started.elapsed().as_secs_f64()
        );
    })
    .map_err(Failure::unusable)?;
    let elapsed = started.elapsed();
    let value = db.probe(&pos).expect("the databases cover the position");
    let mover = pos.to_move();
    let captured = i32::from(pos.captured(Side::South)) - i32::from(pos.captured(Side::North));
    let plies = ply_values(&variant, &db, &pos);
    let best = plies
        .iter()
        .map(|&(_, v)| v)
        .fold(None, |b: Option<i32>, v| {
            Some(b.map_or(v, |b| {
                if mover == Side::South {
                    b.max(v)
                } else {
                    b.min(v)
                }
            }))
        });
    let best_plies: Vec<String> = plies
        .iter()
        .filter(|&&(_, v)| Some(v) == best)
        .map(|&(p, _)| p.notation(variant.per_row))
        .collect();
    let (pv, pv_end) = principal_variation(&variant, &db, &pos);
    let final_margin = captured + value;
    let verdict = match final_margin.cmp(&0) {
        std::cmp::Ordering::Greater => "South wins",
        std::cmp::Ordering::Less => "North wins",
        std::cmp::Ordering::Equal => "draw",
    };
    let n = variant.per_row;
    if a.json.json {
        println!(
            "{}",
            json!({
                "position": format_position(&variant, &pos),
                "to_move": mover.to_string(),
                "future_margin": value,
                "final_margin": final_margin,
                "result": verdict,
                "plies": plies.iter().map(|&(p, v)| json!({"ply": p.notation(n), "future_margin": v})).collect::<Vec<_>>(),
                "best": best_plies,
                "pv": pv,
                "pv_end": pv_end,
                "convention": Convention::SplitEvenly.to_string(),
                "method": "retrograde databases",
                "positions": db.positions(),
                "bytes": db.positions() * 2,
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
        .map(|&(p, v)| format!("{} {:+}", p.notation(n), v))
        .collect();
    println!("plies (South's margin to come): {}", listed.join(", "));
    println!("best: {}", best_plies.join(", "));
    println!("principal variation: {} ({pv_end})", pv.join(" "));
    println!("convention: {}", Convention::SplitEvenly);
    println!(
        "solved by retrograde databases: {} positions ({} layers), {} bytes, {:.2} s",
        db.positions(),
        db.max_seeds() + 1,
        db.positions() * 2,
        elapsed.as_secs_f64()
    );
    Ok(())
}

/// Each legal ply and South's future margin after it (its gain included).
fn ply_values(variant: &Arc<Variant>, db: &Database, pos: &Position) -> Vec<(Ply, i32)> {
    let game = Game::from_position(Arc::clone(variant), *pos);
    if game.is_over() {
        return Vec::new();
    }
    let mut plies = Vec::new();
    pos.legal_plies(variant, &mut plies);
    plies
        .into_iter()
        .map(|p| {
            let mut child = *pos;
            child.play_unchecked(variant, p);
            (
                p,
                gain(pos, &child) + db.probe(&child).expect("a lower or equal layer"),
            )
        })
        .collect()
}

/// Best plies from `pos` to the end, or until a position repeats (the
/// value of endless play) or [`PV_MAX`] plies; and how it ended.
fn principal_variation(
    variant: &Arc<Variant>,
    db: &Database,
    start: &Position,
) -> (Vec<String>, String) {
    let mut pos = *start;
    let mut seen = vec![pos];
    let mut line = Vec::new();
    loop {
        let game = Game::from_position(Arc::clone(variant), pos);
        if let Some(o) = game.outcome() {
            return (line, format!("the game ends: {o}"));
        }
        let want = db.probe(&pos).expect("covered");
        let Some((ply, _)) = ply_values(variant, db, &pos)
            .into_iter()
            .find(|&(_, v)| v == want)
        else {
            return (line, "no ply keeps the value (a bug)".into());
        };
        line.push(ply.notation(variant.per_row));
        pos.play_unchecked(variant, ply);
        if seen.contains(&pos) {
            return (
                line,
                "a position repeats: endless play, scored by the convention".into(),
            );
        }
        if line.len() >= PV_MAX {
            return (line, format!("cut at {PV_MAX} plies"));
        }
        seen.push(pos);
    }
}
