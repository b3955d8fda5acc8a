//! `ayla check <record>... [--rules FILE] [--json]`

use super::{Exit, Failure, board};
use ayla::check::{GameReport, check_game};
use ayla::engine::Variant;
use ayla::fit::parse_selection;
use ayla::notation::{Record, format_position, parse_records};
use ayla::rulebook::{Overrides, rulebook_for};
use ayla::rules::Rules;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Arguments of `check`.
#[derive(clap::Args)]
pub struct Args {
    /// Record files to check.
    #[arg(required = true)]
    records: Vec<PathBuf>,
    /// Check every game under this rule file (or bundled id) instead of its `Variant` tag.
    #[arg(long, value_name = "FILE")]
    rules: Option<String>,
    /// One JSON object per game, one per line, instead of text.
    #[arg(long)]
    json: bool,
    /// Check under this alternative of an open point (repeatable; overrides
    /// the record's `Readings` tag), e.g. `--reading skip-origin=skip-origin`.
    #[arg(long = "reading", value_name = "NAME=ALT")]
    readings: Vec<String>,
}

/// How one game (or file) came out, worst last.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Ok,
    Wrong,
    Unusable,
}

impl Status {
    fn exit(self) -> Exit {
        match self {
            Status::Ok => Exit::Ok,
            Status::Wrong => Exit::Wrong,
            Status::Unusable => Exit::Unusable,
        }
    }
}

pub fn run(a: Args) -> Result<(), Failure> {
    if let Some(name) = &a.rules {
        super::load_rules(name)?;
    }
    let cli = parse_selection(&a.readings.join(","))
        .map_err(|e| Failure::unusable(anyhow::anyhow!("--reading: {e}")))?;
    let choice = Overrides {
        rules: a.rules.clone(),
        readings: cli,
    };
    let mut worst = Status::Ok;
    for path in &a.records {
        worst = worst.max(check_file(path, &choice, a.json));
    }
    match worst.exit() {
        Exit::Ok => Ok(()),
        exit => Err(Failure::silent(exit)),
    }
}

fn check_file(path: &Path, choice: &Overrides, json: bool) -> Status {
    let name = path.display().to_string();
    let file_error = |msg: String| {
        if json {
            println!(
                "{}",
                json!({"file": name, "status": "unusable", "error": msg})
            );
        } else {
            println!("{msg}");
            println!("{name}: not checked");
        }
        Status::Unusable
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return file_error(format!("{name}: cannot read the record: {e}")),
    };
    let games = match parse_records(&text) {
        Ok(g) => g,
        Err(e) => return file_error(format!("{name}:{}: syntax error: {}", e.loc, e.message)),
    };
    let base = path.parent().unwrap_or(Path::new(""));
    let mut worst = Status::Ok;
    let (mut ok, mut wrong, mut unusable) = (0, 0, 0);
    for (i, rec) in games.iter().enumerate() {
        let status = check_one(&name, i + 1, rec, base, choice, json);
        match status {
            Status::Ok => ok += 1,
            Status::Wrong => wrong += 1,
            Status::Unusable => unusable += 1,
        }
        worst = worst.max(status);
    }
    if !json {
        let mut parts = vec![format!("{ok} legal")];
        if wrong > 0 {
            parts.push(format!("{wrong} with errors"));
        }
        if unusable > 0 {
            parts.push(format!("{unusable} not checked"));
        }
        let n = games.len();
        println!(
            "{name}: {n} game{}: {}",
            if n == 1 { "" } else { "s" },
            parts.join(", ")
        );
    }
    worst
}

fn check_one(
    name: &str,
    index: usize,
    rec: &Record,
    base: &Path,
    choice: &Overrides,
    json: bool,
) -> Status {
    let variant = match rulebook_for(rec, base, choice) {
        Ok(r) => Arc::new(Variant::new(r)),
        Err(e) => {
            // A fault of the command line is not the record's.
            let msg = match e.at {
                Some(_) => format!("{name}:{e}"),
                None => e.message.clone(),
            };
            if json {
                println!(
                    "{}",
                    json!({"file": name, "game": index, "line": rec.loc.line, "status": "unusable", "error": msg})
                );
            } else {
                println!("{msg}");
            }
            return Status::Unusable;
        }
    };
    let rules: &Rules = &variant;
    let report = match check_game(&variant, rec) {
        Ok(r) => r,
        Err(u) => {
            if json {
                println!(
                    "{}",
                    json!({"file": name, "game": index, "line": rec.loc.line, "status": "unusable", "error": u.to_string()})
                );
            } else {
                println!("{name}:{u}");
            }
            return Status::Unusable;
        }
    };
    if json {
        println!("{}", report_json(name, index, rec, rules, &report));
    } else {
        print_report(name, index, rec, rules, &report);
    }
    if report.is_ok() {
        Status::Ok
    } else {
        Status::Wrong
    }
}

fn report_json(
    name: &str,
    index: usize,
    rec: &Record,
    rules: &Rules,
    r: &GameReport,
) -> serde_json::Value {
    let status = if r.illegal.is_some() {
        "illegal"
    } else if !r.result_problems.is_empty() {
        "wrong-result"
    } else {
        "ok"
    };
    let mut v = json!({
        "file": name,
        "game": index,
        "line": rec.loc.line,
        "variant": rules.provenance.id,
        "status": status,
        "plies": r.steps.len(),
        "claimed": r.claim.to_string(),
        "position": format_position(rules, &r.last),
        "readings": rules.readings.iter().map(|x| (x.name.clone(), x.chosen.clone())).collect::<std::collections::BTreeMap<_, _>>(),
    });
    if let Some(o) = r.outcome {
        v["result"] = json!(format!("{}-{}", o.totals[0], o.totals[1]));
        v["winner"] = json!(o.winner.map(|w| w.to_string()));
        v["ended"] = json!(o.reason.code());
        v["without_glory"] = json!(o.without_glory);
    }
    if let Some(i) = &r.illegal {
        v["error"] = json!({
            "line": i.loc.line,
            "column": i.loc.column,
            "ply": i.number,
            "side": i.side.to_string(),
            "text": i.text,
            "position": format_position(rules, &i.before),
            "reason": i.reason,
        });
    }
    if let Some(p) = r.result_problems.first() {
        v["error"] = json!({ "reason": p.to_string() });
    }
    v
}

fn print_report(name: &str, index: usize, rec: &Record, rules: &Rules, r: &GameReport) {
    let game = format!(
        "game {index} ({}, line {})",
        rules.provenance.id, rec.loc.line
    );
    if let Some(i) = &r.illegal {
        println!(
            "{name}:{}: ply {} ({}, `{}`) is illegal: {}",
            i.loc, i.number, i.side, i.text, i.reason
        );
        println!(
            "  position before ply {}: {}",
            i.number,
            format_position(rules, &i.before)
        );
        for l in board::draw(rules, &i.before).lines() {
            println!("  {l}");
        }
        return;
    }
    if !r.result_problems.is_empty() {
        for p in &r.result_problems {
            println!("{name}:{p}");
        }
        return;
    }
    let n = r.steps.len();
    let plies = format!("{n} pl{}", if n == 1 { "y" } else { "ies" });
    match r.outcome {
        Some(o) => println!("{name}: {game}: {plies}, legal; {o}"),
        None => println!(
            "{name}: {game}: {plies}, legal; unfinished, {} to act in {}",
            r.last.to_move(),
            format_position(rules, &r.last)
        ),
    }
}
