//! `ayla fit <record>... [--rules FILE]`: which readings of the open points the games fit.

use super::{Exit, Failure, args};
use ayla::fit::{VariantFit, describe_combinations, fit_files};
use ayla::rulebook::Overrides;
use ayla::rules::Selection;
use std::path::PathBuf;

/// Arguments of `fit`.
#[derive(clap::Args)]
pub struct Args {
    /// Record files; their games are fitted together, variant by variant.
    #[arg(required = true)]
    records: Vec<PathBuf>,
    /// Fit every game to the readings of this rule file (or bundled id)
    /// instead of its `Variant` tag.
    #[arg(long, value_name = "FILE", value_parser = args::variant(), hide_possible_values = true)]
    rules: Option<String>,
}

pub fn run(a: Args) -> Result<(), Failure> {
    let overrides = Overrides {
        rules: a.rules.clone(),
        readings: Selection::new(),
    };
    if let Some(name) = &a.rules {
        // A bad `--rules` is the command line's fault, before any record.
        args::check_rules_flag(name)?;
    }
    let fitted = fit_files(&a.records, &overrides);
    let mut worst = Exit::Ok;
    for (name, errors) in &fitted.unusable {
        for e in errors {
            println!("{e}");
        }
        println!("{name}: not fitted\n");
        worst = Exit::Unusable;
    }
    for VariantFit { source, files, fit } in &fitted.variants {
        let variant = &source.name;
        let f = match fit {
            Ok(f) => f,
            Err(e) => {
                println!("{variant}: {e}\n{variant}: not fitted\n");
                worst = Exit::Unusable;
                continue;
            }
        };
        let total: usize = f.groups.iter().map(|g| g.combinations.len()).sum();
        println!(
            "{variant}: {} game{}, {} reading{}, {total} combination{}",
            files.len(),
            if files.len() == 1 { "" } else { "s" },
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
            // The games were read, and no reading makes them legal.
            if worst == Exit::Ok {
                worst = Exit::Wrong;
            }
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
            let why = g
                .verdicts
                .iter()
                .zip(files)
                .find_map(|(v, file)| v.why(file))
                .expect("a group that does not fit has a failing game");
            println!("    by {why}");
        }
        println!();
    }
    match worst {
        Exit::Ok => Ok(()),
        exit => Err(Failure::silent(exit)),
    }
}
