//! `ayla perft <variant> <depth> [--position P]`

use super::{Failure, load_rules};
use ayla::engine::{Game, Position};
use ayla::notation::parse_position;

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
}

pub fn run(a: Args) -> Result<(), Failure> {
    let rules = load_rules(&a.variant)?;
    let pos = match &a.position {
        Some(p) => parse_position(&rules, p)
            .map_err(|e| Failure::unusable(anyhow::anyhow!("--position: {e}")))?,
        None => Position::initial(&rules),
    };
    let mut game = Game::from_position(rules.clone(), pos);
    println!("{}", ayla::search::perft(&mut game, a.depth));
    Ok(())
}
