//! `ayla play <variant>`: two people at one keyboard, in plain text.

use super::{Failure, board, describe, load_rules};
use ayla::engine::{Game, Ply};
use ayla::notation::{format_position, parse_ply};
use std::io::{BufRead, Write};

/// Arguments of `play`.
#[derive(clap::Args)]
pub struct Args {
    /// A bundled variant id or a path to a rule file.
    variant: String,
}

const HELP: &str = "\
Type a ply and press Enter:
  c              sow from pit c
  offer c,d      offer pits c and d (where the variant has trading)
  accept         accept the pending offer
  decline        decline it
  pass           pass (only when you have nothing to sow)
Commands: undo (take back a ply), help, quit.";

pub fn run(a: Args) -> Result<(), Failure> {
    let rules = load_rules(&a.variant)?;
    let mut game = Game::new(&rules);
    let mut undo = Vec::new();
    let mut legal = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout();
    println!(
        "{} — {}",
        rules.provenance.name,
        HELP.lines().next().unwrap_or("")
    );
    println!("Type `help` for every command.\n");
    loop {
        print!("{}", board::draw(&rules, game.position()));
        println!("  {}", format_position(&rules, game.position()));
        if let Some(o) = game.outcome() {
            println!("\nGame over: {o}.");
            return Ok(());
        }
        game.legal_plies(&mut legal);
        let side = game.position().to_move();
        let list: Vec<String> = legal.iter().map(|p| p.notation(rules.per_row)).collect();
        println!("{side} to act. Legal: {}", list.join(" "));
        print!("{side}> ");
        let _ = out.flush();
        let Some(Ok(line)) = lines.next() else {
            println!("\n(end of input: game left unfinished)");
            return Ok(());
        };
        let line = line.trim();
        match line {
            "" => continue,
            "quit" | "exit" => return Ok(()),
            "help" | "?" => {
                println!("{HELP}\n");
                continue;
            }
            "undo" => {
                match undo.pop() {
                    Some(s) => {
                        game.restore(s);
                        println!("Took back one ply.\n");
                    }
                    None => println!("Nothing to take back.\n"),
                }
                continue;
            }
            _ => {}
        }
        let ply: Ply = match parse_ply(&rules, line) {
            Ok(p) => p,
            Err(e) => {
                println!("{e}\n");
                continue;
            }
        };
        let snap = game.snapshot();
        match game.play(ply) {
            Ok(effect) => {
                undo.push(snap);
                println!("{}.\n", describe::effect(&rules, side, &effect));
            }
            Err(e) => println!("Illegal: {e}.\n"),
        }
    }
}
