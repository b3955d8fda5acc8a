//! `ayla check <record>... [--rules FILE] [--json]`

use super::{Exit, Failure, args, board};
use ayla::check::verdict::{self, Checked, Problem, Verdict};
use ayla::check::{GameReport, IllegalPly, MatchStanding};
use ayla::notation::{Record, format_position, parse_records};
use ayla::rulebook::Overrides;
use ayla::rules::Rules;
use std::path::{Path, PathBuf};

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

/// How a verdict counts toward the exit code.
fn status_of(v: &Verdict) -> Status {
    match v.status {
        verdict::Status::Ok => Status::Ok,
        verdict::Status::Illegal | verdict::Status::WrongResult => Status::Wrong,
        verdict::Status::Unusable => Status::Unusable,
    }
}

/// A `--json` line: every key present, `null` where it has no value
/// (docs/json.md).
fn print_json(v: &Verdict) {
    match serde_json::to_string(v) {
        Ok(line) => println!("{line}"),
        Err(e) => eprintln!("warning: a verdict could not be written as JSON: {e}"),
    }
}

fn check_file(path: &Path, choice: &Overrides, json: bool) -> Status {
    let name = path.display().to_string();
    let file_error = |v: Verdict| {
        if json {
            print_json(&v);
        } else {
            let e = &v.errors[0];
            match e.line {
                Some(line) => println!(
                    "{name}:{line}:{}: syntax error: {}",
                    e.column.unwrap_or(1),
                    e.message
                ),
                None => println!("{name}: {}", e.message),
            }
            println!("{name}: not checked");
        }
        Status::Unusable
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(_) => return file_error(verdict::check_file(path, choice).remove(0)),
    };
    let games = match parse_records(&text) {
        Ok(g) => g,
        Err(e) => {
            return file_error(Verdict::unusable(&name, None, Problem::syntax(&name, &e)));
        }
    };
    let base = path.parent().unwrap_or(Path::new(""));
    let mut worst = Status::Ok;
    let (mut ok, mut wrong, mut unusable) = (0, 0, 0);
    // The games of a match are checked in order, each from the last.
    let checked = verdict::check_records(&games, base, choice);
    for (i, (rec, c)) in games.iter().zip(&checked).enumerate() {
        let v = Verdict::of(&name, i + 1, rec, c);
        let status = status_of(&v);
        if json {
            print_json(&v);
        } else {
            print_checked(&name, i + 1, rec, c);
        }
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

/// One game in `check`'s words.
fn print_checked(name: &str, index: usize, rec: &Record, c: &Checked) {
    match c {
        Checked::Game { variant, report } => print_report(name, index, rec, variant, report),
        // A fault of the command line is not the record's: no place in it.
        Checked::Unusable { at, message } => match at {
            Some(loc) => println!("{name}:{loc}: {message}"),
            None => println!("{message}"),
        },
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
