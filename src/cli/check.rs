//! `ayla check <record>... [--rules FILE] [--json]`

use super::{Exit, Failure, args, board, json};
use ayla::check::{Claim, GameReport, IllegalPly, MatchLink, MatchStanding};
use ayla::engine::Variant;
use ayla::notation::{Loc, Record, format_position, parse_records};
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
    #[command(flatten)]
    rulebook: args::Rulebook,
    #[command(flatten)]
    json: args::Json,
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
    let choice = a.rulebook.overrides()?;
    let mut worst = Status::Ok;
    for path in &a.records {
        worst = worst.max(check_file(path, &choice, a.json.json));
    }
    match worst.exit() {
        Exit::Ok => Ok(()),
        exit => Err(Failure::silent(exit)),
    }
}

/// A `--json` line: every key present, `null` where it has no value
/// (docs/json.md).
struct GameJson {
    file: String,
    game: Option<usize>,
    line: Option<usize>,
    status: &'static str,
    facts: Option<serde_json::Value>,
    errors: Vec<json::Error>,
}

impl GameJson {
    fn unusable(file: &str, game: Option<(usize, &Record)>, error: json::Error) -> GameJson {
        GameJson {
            file: file.to_owned(),
            game: game.map(|(i, _)| i),
            line: game.map(|(_, r)| r.loc.line),
            status: "unusable",
            facts: None,
            errors: vec![error],
        }
    }

    fn print(&self) {
        let mut v = json!({
            "file": self.file,
            "game": self.game,
            "line": self.line,
            "status": self.status,
            "variant": null,
            "readings": null,
            "plies": null,
            "claimed": null,
            "result": null,
            "winner": null,
            "ended": null,
            "without_glory": null,
            "position": null,
            "match_game": null,
            "match_result": null,
        });
        if let Some(serde_json::Value::Object(facts)) = &self.facts {
            for (k, x) in facts {
                v[k] = x.clone();
            }
        }
        v["errors"] = self.errors.iter().map(json::Error::to_json).collect();
        println!("{v}");
    }
}

fn check_file(path: &Path, choice: &Overrides, json: bool) -> Status {
    let name = path.display().to_string();
    let file_error = |e: json::Error, text: String| {
        if json {
            GameJson::unusable(&name, None, e).print();
        } else {
            println!("{text}");
            println!("{name}: not checked");
        }
        Status::Unusable
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            let msg = format!("cannot read the record: {e}");
            return file_error(
                json::Error::new(json::Kind::Unusable, &name, None, &msg),
                format!("{name}: {msg}"),
            );
        }
    };
    let games = match parse_records(&text) {
        Ok(g) => g,
        Err(e) => {
            return file_error(
                json::Error::syntax(&name, &e),
                format!("{name}:{}: syntax error: {}", e.loc, e.message),
            );
        }
    };
    let base = path.parent().unwrap_or(Path::new(""));
    let mut worst = Status::Ok;
    let (mut ok, mut wrong, mut unusable) = (0, 0, 0);
    // The games of a match are checked in order, each from the last.
    let mut link = MatchLink::new();
    for (i, rec) in games.iter().enumerate() {
        let status = check_one(&name, i + 1, rec, base, choice, json, &mut link);
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
    link: &mut MatchLink,
) -> Status {
    let unusable = |at: Option<Loc>, message: String| {
        if json {
            let e = json::Error::new(json::Kind::Unusable, name, at, message);
            GameJson::unusable(name, Some((index, rec)), e).print();
        } else {
            // A fault of the command line is not the record's: no place in it.
            match at {
                Some(loc) => println!("{name}:{loc}: {message}"),
                None => println!("{message}"),
            }
        }
        Status::Unusable
    };
    let variant = match rulebook_for(rec, base, choice) {
        Ok(r) => Arc::new(Variant::new(r)),
        Err(e) => {
            link.unchecked(rec);
            return unusable(e.at, e.message);
        }
    };
    let rules: &Rules = &variant;
    let report = match link.check(&variant, rec) {
        Ok(r) => r,
        Err(u) => return unusable(Some(u.loc), u.message),
    };
    if json {
        report_json(name, index, rec, rules, &report).print();
    } else {
        print_report(name, index, rec, rules, &report);
    }
    if report.is_ok() {
        Status::Ok
    } else {
        Status::Wrong
    }
}

fn report_json(name: &str, index: usize, rec: &Record, rules: &Rules, r: &GameReport) -> GameJson {
    let status = if r.illegal.is_some() {
        "illegal"
    } else if !r.result_problems.is_empty() {
        "wrong-result"
    } else {
        "ok"
    };
    let mut facts = json!({
        "variant": rules.provenance().id,
        "plies": r.steps.len(),
        "claimed": match r.claim {
            Claim::None => None,
            c => Some(c.to_string()),
        },
        "position": format_position(rules, &r.last),
        "readings": rules.readings().iter().map(|x| (x.name.clone(), x.chosen.clone())).collect::<std::collections::BTreeMap<_, _>>(),
        "match_game": r.match_game,
        "match_result": r.match_game.and_then(|_| MatchStanding::of(r).tag_value()),
    });
    if let Some(o) = r.outcome {
        facts["result"] = json!(format!("{}-{}", o.totals[0], o.totals[1]));
        facts["winner"] = json!(o.winner.map(|w| w.to_string()));
        facts["ended"] = json!(o.reason.code());
        facts["without_glory"] = json!(o.without_glory);
    }
    let mut errors = Vec::new();
    if let Some(i) = &r.illegal {
        errors.push(json::Error::illegal(name, rules, i));
    }
    for p in &r.result_problems {
        errors.push(json::Error::wrong_result(name, rules, p, &r.last));
    }
    GameJson {
        file: name.to_owned(),
        game: Some(index),
        line: Some(rec.loc.line),
        status,
        facts: Some(facts),
        errors,
    }
}

fn print_report(name: &str, index: usize, rec: &Record, rules: &Rules, r: &GameReport) {
    let game = match r.match_game {
        Some(k) => format!(
            "game {index} ({}, line {}; game {k} of a match)",
            rules.provenance().id,
            rec.loc.line
        ),
        None => format!(
            "game {index} ({}, line {})",
            rules.provenance().id,
            rec.loc.line
        ),
    };
    // With an illegal ply, only a later game's start can be wrong too.
    for p in &r.result_problems {
        println!("{name}:{p}");
    }
    if let Some(i) = &r.illegal {
        println!("{}", illegal_message(name, rules, i));
        return;
    }
    if !r.result_problems.is_empty() {
        return;
    }
    let n = r.steps.len();
    let plies = ayla::words::count(n, "ply", "plies");
    match r.outcome {
        Some(o) if r.match_game.is_some() => {
            println!(
                "{name}: {game}: {plies}, legal; {o}; {}",
                MatchStanding::of(r)
            );
        }
        Some(o) => println!("{name}: {game}: {plies}, legal; {o}"),
        None => println!(
            "{name}: {game}: {plies}, legal; unfinished, {} to act in {}",
            r.last.to_move(),
            format_position(rules, &r.last)
        ),
    }
}

/// An illegal ply in `check`'s words: where, which ply, whose, why, and
/// the position before it, as text and as a board. Every command that
/// meets an illegal ply says it so.
pub fn illegal_message(name: &str, rules: &Rules, i: &IllegalPly) -> String {
    let mut m = format!(
        "{name}:{}: ply {} ({}, `{}`) is illegal: {}\n  position before ply {}: {}",
        i.loc,
        i.number,
        i.side,
        i.text,
        i.reason,
        i.number,
        format_position(rules, &i.before)
    );
    for l in board::draw(rules, &i.before).lines() {
        m.push_str("\n  ");
        m.push_str(l);
    }
    m
}

/// A command asked for a position past an illegal ply: exit 1 (the record
/// was read, and is wrong), with [`illegal_message`].
pub fn illegal_failure(name: &str, rules: &Rules, i: &IllegalPly) -> Failure {
    Failure {
        exit: Exit::Wrong,
        error: Some(anyhow::anyhow!(illegal_message(name, rules, i))),
    }
}
