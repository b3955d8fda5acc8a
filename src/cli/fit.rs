//! `ayla fit <record>... [--rules FILE]`: which readings of the open points the games fit.

use super::{Exit, Failure, args};
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
    // Games are fitted together when they name the same rules. A file
    // that cannot be used is reported and left out, as `check` does, so
    // one bad file does not hide what the others say.
    type Games = Vec<(String, Record)>;
    let mut groups: Vec<(Source, Games)> = Vec::new();
    let mut worst = Exit::Ok;
    for p in &a.records {
        let name = p.display().to_string();
        match read_file(p, &name, &overrides) {
            Ok(games) => {
                for (source, g) in games {
                    match groups.iter_mut().find(|(k, _)| k.key() == source.key()) {
                        Some((_, list)) => list.push((name.clone(), g)),
                        None => groups.push((source, vec![(name.clone(), g)])),
                    }
                }
            }
            Err(errors) => {
                for e in errors {
                    println!("{e}");
                }
                println!("{name}: not fitted\n");
                worst = Exit::Unusable;
            }
        }
    }
    for (source, games) in &groups {
        let variant = &source.name;
        let recs: Vec<&Record> = games.iter().map(|(_, g)| g).collect();
        let f = match fit(&recs, source) {
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
    match worst {
        Exit::Ok => Ok(()),
        exit => Err(Failure::silent(exit)),
    }
}

/// The games of one record file, each with the rules it names; or every
/// reason the file cannot be used (its games are fitted together or not
/// at all, so that a verdict never rests on part of a file).
fn read_file(
    path: &Path,
    name: &str,
    overrides: &Overrides,
) -> Result<Vec<(Source, Record)>, Vec<String>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| vec![format!("{name}: cannot read the record: {e}")])?;
    let games = parse_records(&text)
        .map_err(|e| vec![format!("{name}:{}: syntax error: {}", e.loc, e.message)])?;
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for g in games {
        match source_of(&g, dir, overrides) {
            Err(e) => errors.push(match e.at {
                Some(_) => format!("{name}:{e}"),
                None => e.to_string(),
            }),
            Ok(_) if g.tag("Readings").is_some() => {
                let at = g.tag("Readings").map(|t| t.loc).expect("just seen");
                errors.push(format!(
                    "{name}:{at}: `fit` tries every reading itself; remove the Readings tag"
                ));
            }
            // Loaded here to blame the file and the tag, not the group.
            Ok(source) => match source.load(&Selection::new(), None) {
                Ok(_) => out.push((source, g)),
                Err(e) => errors.push(match e.at {
                    Some(_) => format!("{name}:{e}"),
                    None => e.to_string(),
                }),
            },
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}
