//! `ayla perft <variant> <depth> [--position P] [--divide] [--json]`

use super::{Failure, load_rules};
use ayla::engine::{Game, Position};
use ayla::notation::{format_position, parse_position};
use ayla::search::{perft, perft_divide};
use serde_json::json;

/// Arguments of `perft`.
#[derive(clap::Args)]
pub struct Args {
    /// A bundled variant id or a path to a rule file.
    variant: String,
    /// Number of plies.
    depth: u32,
    /// Start from this position (SPEC.md §5) instead of the initial one.
    #[arg(long)]
    position: Option<String>,
    /// Also give the count for each first ply, in legal-ply order.
    #[arg(long)]
    divide: bool,
    /// Print one JSON object (docs/json.md).
    #[arg(long)]
    json: bool,
}

pub fn run(a: Args) -> Result<(), Failure> {
    let rules = load_rules(&a.variant)?;
    let pos = match &a.position {
        Some(p) => parse_position(&rules, p)
            .map_err(|e| Failure::unusable(anyhow::anyhow!("--position: {e}")))?,
        None => Position::initial(&rules),
    };
    let mut game = Game::from_position(rules.clone(), pos);
    let n = rules.per_row;
    let divided = a.divide.then(|| perft_divide(&mut game, a.depth));
    let total = match &divided {
        // perft 0 is 1 whatever the position: the empty sequence.
        Some(d) if a.depth > 0 => d.iter().map(|(_, c)| c).sum(),
        _ => perft(&mut game, a.depth),
    };
    if a.json {
        println!(
            "{}",
            json!({
                "variant": rules.provenance.id,
                "position": format_position(&rules, &pos),
                "depth": a.depth,
                "nodes": total,
                "divide": divided.as_ref().map(|d| d
                    .iter()
                    .map(|(p, c)| json!({"ply": p.notation(n), "nodes": c}))
                    .collect::<Vec<_>>()),
            })
        );
        return Ok(());
    }
    if let Some(d) = &divided {
        for (p, c) in d {
            println!("{}: {c}", p.notation(n));
        }
        println!("total: {total}");
    } else {
        println!("{total}");
    }
    Ok(())
}
