//! `ayla fit <record>... [--rules FILE]`: which readings of the open points the games fit.

use super::Failure;
use ayla::fit::{Verdict, describe_combinations, fit};
use ayla::notation::{Record, parse_records};
use ayla::rulebook::{Overrides, Source, source_of};
use ayla::rules::Selection;
use std::path::{Path, PathBuf};

/// Arguments of `fit`.
#[derive(clap::Args)]
pub struct Args {
    /// Record files; their games are fitted together, variant by variant.
    #[arg(required = true)]
    records: Vec<PathBuf>,
    /// Fit every game to the readings of this rule file (or bundled id)
    /// instead of its `Variant` tag.
    #[arg(long, value_name = "FILE")]
    rules: Option<String>,
}

pub fn run(a: Args) -> Result<(), Failure> {
    let mut texts = Vec::new();
    for p in &a.records {
        let t = std::fs::read_to_string(p).map_err(|e| {
            Failure::unusable(anyhow::anyhow!(
                "{}: cannot read the record: {e}",
                p.display()
            ))
        })?;
        texts.push((p.clone(), t));
    }
    let overrides = Overrides {
        rules: a.rules.clone(),
        readings: Selection::new(),
    };
    // Games are fitted together when they name the same rules.
    type Games = Vec<(String, Record)>;
    let mut groups: Vec<(Source, Games)> = Vec::new();
    for (p, t) in &texts {
        let name = p.display().to_string();
        let games = parse_records(t).map_err(|e| {
            Failure::unusable(anyhow::anyhow!(
                "{name}:{}: syntax error: {}",
                e.loc,
                e.message
            ))
        })?;
        let dir = p.parent().unwrap_or(Path::new(""));
        for g in games {
            let source = source_of(&g, dir, &overrides).map_err(|e| match e.at {
                Some(_) => Failure::unusable(anyhow::anyhow!("{name}:{e}")),
                None => Failure::unusable(e),
            })?;
            if let Some(t) = g.tag("Readings") {
                return Err(Failure::unusable(anyhow::anyhow!(
                    "{name}:{}: `fit` tries every reading itself; remove the Readings tag",
                    t.loc
                )));
            }
            match groups.iter_mut().find(|(k, _)| k.key() == source.key()) {
                Some((_, list)) => list.push((name.clone(), g)),
                None => groups.push((source, vec![(name.clone(), g)])),
            }
        }
    }
    for (source, games) in &groups {
        let variant = &source.name;
        let recs: Vec<&Record> = games.iter().map(|(_, g)| g).collect();
        let f =
            fit(&recs, source).map_err(|e| Failure::unusable(anyhow::anyhow!("{variant}: {e}")))?;
        let total: usize = f.groups.iter().map(|g| g.combinations.len()).sum();
        println!(
            "{variant}: {} game{}, {} reading{}, {total} combination{}",
            recs.len(),
            if recs.len() == 1 { "" } else { "s" },
            f.readings.len(),
            if f.readings.len() == 1 { "" } else { "s" },
            if total == 1 { "" } else { "s" },
        );
        for r in &f.readings {
            let alts: Vec<&str> = r.alternatives.iter().map(|a| a.name.as_str()).collect();
            println!("  {}: {} (default {})", r.name, alts.join(", "), r.default);
        }
        let fitting: Vec<_> = f.groups.iter().filter(|g| g.fits()).collect();
        if fitting.is_empty() {
            println!("\nNo combination fits every game.");
        } else {
            let n: usize = fitting.iter().map(|g| g.combinations.len()).sum();
            if n == total {
                println!(
                    "\nEvery combination fits every game: these games do not tell the readings apart."
                );
            } else {
                println!(
                    "\nConsistent with every game ({n} combination{}):",
                    if n == 1 { "" } else { "s" }
                );
            }
            for g in &fitting {
                for line in describe_combinations(&f.readings, &g.combinations) {
                    println!("  {line}");
                }
            }
        }
        let ruled_out: Vec<_> = f.groups.iter().filter(|g| !g.fits()).collect();
        if !ruled_out.is_empty() {
            println!("\nRuled out:");
        }
        for g in ruled_out {
            for line in describe_combinations(&f.readings, &g.combinations) {
                println!("  {line}");
            }
            let (i, v) = g
                .verdicts
                .iter()
                .enumerate()
                .find(|(_, v)| **v != Verdict::Fits)
                .expect("a group that does not fit has a failing game");
            let (file, _) = &games[i];
            let why = match v {
                Verdict::IllegalPly {
                    number,
                    at,
                    side,
                    text,
                    reason,
                } => format!("{file}:{at}: ply {number} ({side}, `{text}`) is illegal: {reason}"),
                Verdict::WrongResult(ms) => ms
                    .iter()
                    .map(|m| format!("{file}:{m}"))
                    .collect::<Vec<_>>()
                    .join("; "),
                Verdict::Unusable(m) => format!("{file}:{m}"),
                Verdict::Fits => unreachable!(),
            };
            println!("    by {why}");
        }
        println!();
    }
    Ok(())
}
