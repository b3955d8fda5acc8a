//! `ayla perft <variant> <depth> [--position P] [--reading NAME=ALT]... [--divide] [--json]`

use super::{Failure, args};
use ayla::engine::Game;
use ayla::notation::format_position;
use ayla::search::{perft, perft_divide};
use serde_json::json;

/// Arguments of `perft`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    setup: args::Setup,
    /// Number of plies.
    depth: u32,
    /// Also give the count for each first ply, in legal-ply order.
    #[arg(long)]
    divide: bool,
    #[command(flatten)]
    json: args::Json,
}

pub fn run(a: Args) -> Result<(), Failure> {
    let (rules, pos) = a.setup.load()?;
    let mut game = Game::from_position(rules.clone(), pos);
    let board = rules.board();
    let divided = a.divide.then(|| perft_divide(&mut game, a.depth));
    let total = match &divided {
        // perft 0 is 1 whatever the position: the empty sequence.
        Some(d) if a.depth > 0 => d.iter().map(|(_, c)| c).sum(),
        _ => perft(&mut game, a.depth),
    };
    if a.json.json {
        println!(
            "{}",
            json!({
                "variant": rules.provenance().id,
                "readings": rules.readings().iter().map(|x| (x.name.clone(), x.chosen.clone())).collect::<std::collections::BTreeMap<_, _>>(),
                "position": format_position(&rules, &pos),
                "depth": a.depth,
                "nodes": total,
                "divide": divided.as_ref().map(|d| d
                    .iter()
                    .map(|(p, c)| json!({"ply": p.notation(board), "nodes": c}))
                    .collect::<Vec<_>>()),
            })
        );
        return Ok(());
    }
    if let Some(d) = &divided {
        for (p, c) in d {
            println!("{}: {c}", p.notation(board));
        }
        println!("total: {total}");
    } else {
        println!("{total}");
    }
    Ok(())
}
