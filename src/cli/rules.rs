//! `ayla rules list | show <variant> | validate <file>... | diff <a> <b>`

use super::{Exit, Failure, load_rules};
use ayla::rules::{self, Evidence, Family, LoadError, Rules, describe};
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
        #[arg(value_parser = super::args::variant(), hide_possible_values = true)]
        variant: String,
    },
    /// Check rule files: every error with file, line, column and key.
    Validate {
        /// Rule files to check (a bundled variant id is accepted too).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// The clauses that differ between two variants.
    Diff {
        /// A bundled variant id or a path to a rule file.
        #[arg(value_parser = super::args::variant(), hide_possible_values = true)]
        a: String,
        /// Another.
        #[arg(value_parser = super::args::variant(), hide_possible_values = true)]
        b: String,
    },
}

pub fn run(c: Command) -> Result<(), Failure> {
    match c {
        Command::List { json } => {
            let mut all = Vec::new();
            for (id, _, _) in rules::BUNDLED {
                all.push((*id, rules::bundled(id).map_err(Failure::unusable)?));
            }
            // Grouped by family, in the order of `families`, unclassified
            // last; within a family, in the order of BUNDLED (by id).
            all.sort_by_key(|(_, r)| family_rank(r.provenance().family));
            if json.json {
                let list: Vec<serde_json::Value> = all
                    .iter()
                    .map(|(id, r)| {
                        let p = &r.provenance();
                        serde_json::json!({
                            "id": id,
                            "name": p.name,
                            "other_names": p.other_names,
                            "people": p.people,
                            "region": p.region,
                            "summary": p.summary,
                            "family": p.family.map(family_word),
                            "evidence": p.evidence.map(evidence_word),
                            "readings": r.readings().iter().map(|x| &x.name).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                println!("{}", serde_json::Value::Array(list));
                return Ok(());
            }
            let width = all
                .iter()
                .map(|(id, _)| id.len())
                .max()
                .unwrap_or(0)
                .max(14);
            let mut heading = None;
            for (id, r) in &all {
                let p = &r.provenance();
                if heading != Some(p.family) {
                    heading = Some(p.family);
                    // Headings are indented, so that every line starting in
                    // the first column is a variant (scripts read it so).
                    println!("  {}", family_heading(p.family));
                }
                let who: Vec<&str> = [p.people.as_deref(), p.region.as_deref()]
                    .into_iter()
                    .flatten()
                    .collect();
                println!(
                    "{:<width$} {} — {}{}",
                    id,
                    p.name,
                    who.join(", "),
                    p.evidence
                        .map(|e| format!(" [{}]", evidence_word(e)))
                        .unwrap_or_default()
                );
                if let Some(s) = &p.summary {
                    println!("{:<width$} {s}", "");
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
                    ra.provenance().name,
                    rb.provenance().name
                );
                return Ok(());
            }
            let (na, nb) = (&ra.provenance().id, &rb.provenance().id);
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
                        ayla::words::wrap(
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
                // A bundled id, as every other command takes it (and, as
                // there, it wins over a file of the same name).
                let loaded = match f.to_str().and_then(rules::bundled_entry) {
                    Some((id, _, _)) => rules::bundled(id),
                    None => rules::load_file(&f),
                };
                match loaded {
                    Ok(r) => {
                        let warnings = warnings(&r);
                        let mut alt_errors = Vec::new();
                        // Alternatives not in force are loaded only when chosen:
                        // try each one here, so a bad one shows before a game needs it.
                        for rd in r.readings() {
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
                            r.provenance().name,
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

/// The words of `variant.family` with their meanings, in the order of
/// [`Family`]'s values (the order of its declaration), which is the order
/// `rules list` shows the families in.
fn families() -> Vec<(&'static str, &'static str)> {
    rules::keys::KEYS
        .iter()
        .find(|k| k.path == "variant.family")
        .and_then(rules::keys::Key::word_meanings)
        .expect("`variant.family` is declared with its words")
}

/// Where a family comes in the list; unclassified variants last.
fn family_rank(f: Option<Family>) -> usize {
    f.map_or(usize::MAX, |f| f as usize)
}

/// The `variant.family` word of a family.
pub(super) fn family_word(f: Family) -> &'static str {
    families()[f as usize].0
}

/// A family's heading in `rules list`: its word as a title, the word,
/// and its meaning.
fn family_heading(f: Option<Family>) -> String {
    let Some(f) = f else {
        return "Not classified: the rule file gives no `variant.family`".to_owned();
    };
    let (word, meaning) = families()[f as usize];
    let title = first_letter(&word.replace('-', " "), char::to_ascii_uppercase);
    let line = first_letter(meaning.trim_end_matches('.'), char::to_ascii_lowercase);
    format!("{title} ({word}): {line}")
}

/// `text` with its first letter changed by `change`.
fn first_letter(text: &str, change: fn(&char) -> char) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| change(&c))
        .into_iter()
        .chain(chars)
        .collect()
}

/// The `variant.evidence` word of a grade.
pub(super) fn evidence_word(e: Evidence) -> &'static str {
    match e {
        Evidence::Observed => "observed",
        Evidence::Described => "described",
        Evidence::Reconstructed => "reconstructed",
        Evidence::Invented => "invented",
        _ => "unknown",
    }
}

/// What a researcher would want flagged in a file that loads.
fn warnings(r: &Rules) -> Vec<String> {
    let p = &r.provenance();
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
        w.push("no evidence: `variant.evidence` says whether the rules were \"observed\" in play, \"described\" in the literature, or \"reconstructed\" where the sources fall silent, or \"invented\" by a known author".to_owned());
    }
    w
}
