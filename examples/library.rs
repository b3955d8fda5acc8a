//! ayla as a library: load a variant, play a game, check a record.
//!
//! ```text
//! cargo run --example library [variant]
//! ```
//!
//! Loads a bundled variant (Oware unless another id or a rule file is
//! named), plays one game between the engine at depth 3 and a random
//! player, writes it as a record, and checks the record as `ayla check`
//! would: through the resolver that decides which rulebook a record names.

use ayla::check::{check_game, write_record};
use ayla::engine::{Game, Ply, Position, Side, Variant};
use ayla::notation::{format_position, parse_records};
use ayla::rng::Rng;
use ayla::rulebook::{Overrides, rulebook_for};
use ayla::rules;
use ayla::search::{Budget, Searcher};
use ayla::state::State;
use std::path::Path;
use std::sync::Arc;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let name = std::env::args().nth(1).unwrap_or_else(|| "oware".into());

    // 1. The rules as the file says them, then compiled for the engine.
    let rules = rules::resolve(&name)?;
    println!(
        "{}: {} pits a row, {} seeds in all, {} readings of open points",
        rules.provenance().name,
        rules.per_row(),
        rules.total_seeds(),
        rules.readings().len()
    );
    let variant = Arc::new(Variant::new(rules));

    // 2. A game: South searches three plies deep, North plays at random.
    let mut game = Game::new(Arc::clone(&variant));
    let mut searcher = Searcher::default();
    let mut rng = Rng::new(7);
    let mut legal = Vec::new();
    let mut plies: Vec<Ply> = Vec::new();
    while !game.is_over() && plies.len() < 400 {
        let ply = if game.position().to_move() == Side::South {
            searcher
                .search(&mut game, Budget::Depth(3))
                .best
                .expect("a game not over has a ply")
        } else {
            game.legal_plies(&mut legal);
            legal[rng.below(legal.len())]
        };
        let side = game.position().to_move();
        let effect = game.play(ply)?;
        if plies.len() < 4 {
            println!("  {}", effect.describe(&variant, side));
        }
        plies.push(ply);
    }
    let result = match game.outcome() {
        Some(o) => {
            println!("{} plies; {o}", plies.len());
            format!("{}-{}", o.totals[0], o.totals[1])
        }
        None => {
            println!("{} plies, unfinished", plies.len());
            "*".into()
        }
    };

    // 3. The game as a record, read back and checked.
    let tags = [("Variant", name.clone()), ("Result", result)];
    let text = write_record(&variant, &tags, &plies);
    let records = parse_records(&text)?;
    let rulebook = rulebook_for(&records[0], Path::new(""), &Overrides::default())?;
    assert_eq!(
        &rulebook,
        variant.rules(),
        "the record names the same rules"
    );
    let report = check_game(&variant, &records[0])?;
    println!(
        "the record checks: {} ({} plies legal)",
        if report.is_ok() { "ok" } else { "WRONG" },
        report.steps.len()
    );

    // 4. A position built from a plain state, checked against the rules.
    let mut parts = State::initial(&variant);
    parts.seeds[0] += 1; // one seed too many: refused
    match Position::from_state(&variant, &parts) {
        Ok(_) => println!("unexpectedly accepted"),
        Err(e) => println!("a state with a seed too many is refused: {e}"),
    }
    parts.seeds[0] -= 1;
    let start = Position::from_state(&variant, &parts)?;
    println!("the start again: {}", format_position(&variant, &start));
    Ok(())
}
