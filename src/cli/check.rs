//! `ayla check <record>... [--rules FILE] [--json]`

use super::{Exit, Failure, board};
use ayla::check::{GameReport, check_game};
use ayla::fit::parse_selection;
use ayla::notation::{Record, format_position, parse_records};
use ayla::rules::{self, LoadError, Rules, Selection};
use serde_json::json;
use std::path::{Path, PathBuf};

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

/// Which rulebook a game is checked under.
pub(super) struct Choice {
    /// `--rules`, if given.
    pub(super) forced: Option<String>,
    /// `--reading` values.
    pub(super) cli: Selection,
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
    let choice = Choice {
        forced: a.rules.clone(),
        cli,
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

fn check_file(path: &Path, choice: &Choice, json: bool) -> Status {
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

/// The readings a game is checked under: its `Readings` tag, then `--reading`.
fn selection_for(rec: &Record, choice: &Choice) -> Result<Selection, String> {
    let mut sel = match rec.tag("Readings") {
        Some(t) => {
            parse_selection(&t.value).map_err(|e| format!("{}: the Readings tag: {e}", t.loc))?
        }
        None => Selection::new(),
    };
    sel.extend(choice.cli.clone());
    Ok(sel)
}

pub(super) fn load_for(rec: &Record, base: &Path, choice: &Choice) -> Result<Rules, String> {
    let sel = selection_for(rec, choice)?;
    let at = rec.tag("Readings").map_or(rec.loc, |t| t.loc);
    if let Some(forced) = &choice.forced {
        return rules::resolve_with(forced, Path::new(""), &sel).map_err(|e| format!("{at}: {e}"));
    }
    let Some(tag) = rec.tag("Variant") else {
        return Err(format!(
            "{}: the game has no Variant tag (e.g. [Variant \"gore\"])",
            rec.loc
        ));
    };
    if let Some(again) = rec.tags.iter().filter(|t| t.name == "Variant").nth(1) {
        return Err(format!(
            "{}: a second Variant tag; a game names its rulebook once (the first says {:?})",
            again.loc, tag.value
        ));
    }
    rules::resolve_with(&tag.value, base, &sel).map_err(|e| match e {
        LoadError::UnknownVariant { name, .. } if looks_like_path(&name) => format!(
            "{}: no rule file at {} (the Variant tag's path is relative to the record)",
            tag.loc,
            base.join(&name).display()
        ),
        LoadError::UnknownVariant { name, known } => format!(
            "{}: unknown variant {name:?}: not a bundled variant ({known}) and no rule file at {}",
            tag.loc,
            base.join(&name).display()
        ),
        LoadError::Invalid(v)
            if !sel.is_empty() && v.iter().any(|l| l.key.starts_with("readings")) =>
        {
            let msgs: Vec<String> = v.iter().map(|l| l.message.clone()).collect();
            format!("{at}: readings: {}", msgs.join("; "))
        }
        e => format!(
            "{}: the Variant tag's rule file does not load:\n{e}",
            tag.loc
        ),
    })
}

pub(super) fn looks_like_path(name: &str) -> bool {
    name.contains(['/', '\\']) || name.ends_with(".toml")
}

fn check_one(
    name: &str,
    index: usize,
    rec: &Record,
    base: &Path,
    choice: &Choice,
    json: bool,
) -> Status {
    let loaded;
    let rules = match load_for(rec, base, choice) {
        Ok(r) => {
            loaded = r;
            &loaded
        }
        Err(msg) => {
            if json {
                println!(
                    "{}",
                    json!({"file": name, "game": index, "line": rec.loc.line, "status": "unusable", "error": msg})
                );
            } else {
                println!("{name}:{msg}");
            }
            return Status::Unusable;
        }
    };
    let report = match check_game(rules, rec) {
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
    } else if r.result_problem.is_some() {
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
    if let Some(p) = &r.result_problem {
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
    if let Some(p) = &r.result_problem {
        println!("{name}:{p}");
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
