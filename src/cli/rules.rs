//! `ayla rules list | show <variant> | validate <file>... | diff <a> <b>`

use super::{Exit, Failure, load_rules};
use ayla::rules::{self, LoadError, Rules, describe};
use std::path::PathBuf;

/// Subcommands of `rules`.
#[derive(clap::Subcommand)]
pub enum Command {
    /// The bundled variants: name, people, region, what sets each apart.
    List {
        #[command(flatten)]
        json: super::args::Json,
    },
    /// The rulebook in plain English, generated from the rule file.
    Show {
        /// A bundled variant id or a path to a rule file.
        variant: String,
    },
    /// Check rule files: every error with file, line, column and key.
    Validate {
        /// Rule files to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// The clauses that differ between two variants.
    Diff {
        /// A bundled variant id or a path to a rule file.
        a: String,
        /// Another.
        b: String,
    },
}

pub fn run(c: Command) -> Result<(), Failure> {
    match c {
        Command::List { json } => {
            if json.json {
                let mut all = Vec::new();
                for (id, _, _) in rules::BUNDLED {
                    let r = rules::bundled(id).map_err(Failure::unusable)?;
                    let p = &r.provenance;
                    all.push(serde_json::json!({
                        "id": id,
                        "name": p.name,
                        "other_names": p.other_names,
                        "people": p.people,
                        "region": p.region,
                        "summary": p.summary,
                        "readings": r.readings.iter().map(|x| &x.name).collect::<Vec<_>>(),
                    }));
                }
                println!("{}", serde_json::Value::Array(all));
                return Ok(());
            }
            for (id, _, _) in rules::BUNDLED {
                let r = rules::bundled(id).map_err(Failure::unusable)?;
                let p = &r.provenance;
                let who: Vec<&str> = [p.people.as_deref(), p.region.as_deref()]
                    .into_iter()
                    .flatten()
                    .collect();
                println!("{:<14} {} — {}", id, p.name, who.join(", "));
                if let Some(s) = &p.summary {
                    println!("{:<14} {s}", "");
                }
            }
            Ok(())
        }
        Command::Show { variant } => {
            let r = load_rules(&variant)?;
            print!("{}", describe::show(&r));
            Ok(())
        }
        Command::Diff { a, b } => {
            let ra = load_rules(&a)?;
            let rb = load_rules(&b)?;
            let d = describe::diff(&ra, &rb);
            if d.is_empty() {
                println!(
                    "{} and {} have the same rules.",
                    ra.provenance.name, rb.provenance.name
                );
                return Ok(());
            }
            let (na, nb) = (&ra.provenance.id, &rb.provenance.id);
            let mut part = None;
            for x in d {
                if part != Some(x.part) {
                    part = Some(x.part);
                    println!("\n{}", x.part.title());
                }
                for (id, text) in [(na, &x.a), (nb, &x.b)] {
                    let first = format!("  {id}: ");
                    let indent = " ".repeat(first.len());
                    print!(
                        "{}",
                        describe::wrap(
                            text.as_deref().unwrap_or("(no such rule)"),
                            78,
                            &first,
                            &indent
                        )
                    );
                }
            }
            Ok(())
        }
        Command::Validate { files } => {
            let mut worst = Exit::Ok;
            for f in files {
                let name = f.display();
                match rules::load_file(&f) {
                    Ok(r) => {
                        let warnings = warnings(&r);
                        let mut alt_errors = Vec::new();
                        // Alternatives not in force are loaded only when chosen:
                        // try each one here, so a bad one shows before a game needs it.
                        for rd in &r.readings {
                            for alt in rd.alternatives.iter().filter(|a| a.name != rd.default) {
                                let sel: rules::Selection =
                                    [(rd.name.clone(), alt.name.clone())].into_iter().collect();
                                if let Err(e) = rules::resolve_with(
                                    &f.display().to_string(),
                                    std::path::Path::new(""),
                                    &sel,
                                ) {
                                    alt_errors.push(format!(
                                        "under the reading {}={}, the rules do not load: {e}",
                                        rd.name, alt.name
                                    ));
                                }
                            }
                        }
                        for w in &warnings {
                            println!("{name}: warning: {w}");
                        }
                        if !alt_errors.is_empty() {
                            for e in &alt_errors {
                                println!("{name}: {e}");
                            }
                            println!(
                                "{name}: {} error{}",
                                alt_errors.len(),
                                if alt_errors.len() == 1 { "" } else { "s" }
                            );
                            if worst == Exit::Ok {
                                worst = Exit::Wrong;
                            }
                            continue;
                        }
                        println!(
                            "{name}: ok ({}){}",
                            r.provenance.name,
                            if warnings.is_empty() {
                                String::new()
                            } else {
                                format!(
                                    ", {} warning{}",
                                    warnings.len(),
                                    if warnings.len() == 1 { "" } else { "s" }
                                )
                            }
                        );
                    }
                    Err(LoadError::Invalid(es)) => {
                        for e in &es {
                            println!("{e}");
                        }
                        println!(
                            "{name}: {} error{}",
                            es.len(),
                            if es.len() == 1 { "" } else { "s" }
                        );
                        if worst == Exit::Ok {
                            worst = Exit::Wrong;
                        }
                    }
                    Err(e) => {
                        println!("{e}");
                        worst = Exit::Unusable;
                    }
                }
            }
            match worst {
                Exit::Ok => Ok(()),
                e => Err(Failure::silent(e)),
            }
        }
    }
}

/// What a researcher would want flagged in a file that loads.
fn warnings(r: &Rules) -> Vec<String> {
    let p = &r.provenance;
    let mut w = Vec::new();
    if p.people.is_none()
        && p.region.is_none()
        && p.first_described.is_none()
        && p.recorded_by.is_none()
    {
        w.push("no provenance: give at least one of `variant.people`, `variant.region`, `variant.first_described`, `variant.recorded_by`".to_owned());
    }
    if p.sources.is_empty() {
        w.push("no source: `variant.sources` lists where the rules come from".to_owned());
    }
    if p.evidence.is_none() {
        w.push("no evidence: `variant.evidence` says whether the rules were \"observed\" in play, \"described\" in the literature, or \"reconstructed\" where the sources fall silent".to_owned());
    }
    w
}
