//! Argument parsing and dispatch; one module per subcommand.

mod analyse;
mod args;
mod bench;
mod board;
mod check;
mod draw;
mod fit;
mod kpe_baseline;
mod matchup;
mod perft;
mod play;
mod progress;
mod replay;
mod rules;
mod serve;
mod solve;
mod stats;

use clap::{Parser, Subcommand};
use std::fmt;

/// Exit codes of docs/commands.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Success.
    Ok = 0,
    /// The input was read but is wrong.
    Wrong = 1,
    /// The input could not be used.
    Unusable = 2,
    /// Stopped by Ctrl-C after printing what it had (`stats`), as a shell
    /// reports a process that a signal stopped.
    Interrupted = 130,
}

/// An error at the binary's edge, with the exit code it maps to.
#[derive(Debug)]
pub struct Failure {
    /// Exit code.
    pub exit: Exit,
    /// What to print on stderr, unless already printed.
    pub error: Option<anyhow::Error>,
}

impl Failure {
    /// The input could not be used (exit 2).
    pub fn unusable(e: impl Into<anyhow::Error>) -> Failure {
        Failure {
            exit: Exit::Unusable,
            error: Some(e.into()),
        }
    }

    /// An exit code whose explanation has already been printed.
    pub fn silent(exit: Exit) -> Failure {
        Failure { exit, error: None }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.error {
            Some(e) => write!(f, "{e:#}"),
            None => Ok(()),
        }
    }
}

/// ayla: a rules interpreter for mancala games.
#[derive(Parser)]
#[command(name = "ayla", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a variant in the terminal, against a friend or the engine.
    Play(play::Args),
    /// Check recorded games against their rulebook, ply by ply.
    Check(check::Args),
    /// Rule files: list the bundled ones, show one in plain English, validate, compare.
    #[command(subcommand)]
    Rules(rules::Command),
    /// Which readings of the open points recorded games are consistent with.
    Fit(fit::Args),
    /// Replay a recorded game: the board after each ply and what it did.
    Replay(replay::Args),
    /// Draw a board as an SVG picture: a variant's start, a position, a recorded game.
    Draw(draw::Args),
    /// Count the distinct ply sequences of a given length.
    Perft(perft::Args),
    /// The engine's value, best ply and principal variation for a position.
    #[command(alias = "analyze")]
    Analyse(analyse::Args),
    /// Play engine levels against each other and measure the score.
    Match(matchup::Args),
    /// Measure the engine's speed: random playouts and perft.
    Bench(bench::Args),
    /// The exact value of a position under perfect play, by endgame databases.
    Solve(solve::Args),
    /// Self-play figures of each reading: balance, draws, length, endings, captures.
    Stats(stats::Args),
    /// Serve the web board on this machine: play, read records, see the rulebook.
    Serve(serve::Args),
    /// Print a shell completion script, e.g. `ayla completions bash > ~/.local/share/bash-completion/completions/ayla`.
    Completions {
        /// The shell to complete for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// Runs the command line and returns the process exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() {
                Exit::Unusable
            } else {
                Exit::Ok
            };
            let _ = e.print();
            return code as i32;
        }
    };
    let result = match cli.command {
        Command::Play(a) => play::run(a),
        Command::Check(a) => check::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Fit(a) => fit::run(a),
        Command::Rules(c) => rules::run(c),
        Command::Draw(a) => draw::run(a),
        Command::Perft(a) => perft::run(a),
        Command::Analyse(a) => analyse::run(a),
        Command::Match(a) => matchup::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Solve(a) => solve::run(a),
        Command::Stats(a) => stats::run(a),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            clap_complete::generate(shell, &mut Cli::command(), "ayla", &mut std::io::stdout());
            Ok(())
        }
    };
    match result {
        Ok(()) => Exit::Ok as i32,
        Err(f) => {
            if f.error.is_some() {
                eprintln!("error: {f}");
            }
            f.exit as i32
        }
    }
}

/// Loads a variant by bundled id or path and compiles it; failures are exit 2.
/// The games of a record file; an unreadable file or a syntax error is
/// exit 2, with the file, line and column.
pub fn read_records(path: &std::path::Path) -> Result<Vec<ayla::notation::Record>, Failure> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::unusable(anyhow::anyhow!("{name}: cannot read the record: {e}")))?;
    ayla::notation::parse_records(&text).map_err(|e| {
        Failure::unusable(anyhow::anyhow!(
            "{name}:{}: syntax error: {}",
            e.loc,
            e.message
        ))
    })
}

/// Game `i` (from 0) of a record file under the rulebook it names
/// (`ayla::rulebook`), replayed by `check`; `name` is the file as
/// messages name it. A later game of a match is replayed after the games
/// of its match before it, which set it up. A rulebook that cannot be
/// had, or tags that cannot be read, are exit 2.
pub fn replay_record(
    name: &str,
    games: &[ayla::notation::Record],
    i: usize,
    base: &std::path::Path,
    overrides: &ayla::rulebook::Overrides,
) -> Result<
    (
        std::sync::Arc<ayla::engine::Variant>,
        ayla::check::GameReport,
    ),
    Failure,
> {
    let mut link = ayla::check::MatchLink::new();
    for rec in &games[ayla::check::match_start(games, i)..i] {
        // Their faults are said, if at all, by the game they stop.
        match ayla::rulebook::rulebook_for(rec, base, overrides) {
            Ok(rules) => {
                let _ = link.check(&std::sync::Arc::new(ayla::engine::Variant::new(rules)), rec);
            }
            Err(_) => link.unchecked(rec),
        }
    }
    let rec = &games[i];
    let rules = ayla::rulebook::rulebook_for(rec, base, overrides).map_err(|e| {
        Failure::unusable(match e.at {
            Some(_) => anyhow::anyhow!("{name}:{e}"),
            None => anyhow::anyhow!("{e}"),
        })
    })?;
    let variant = std::sync::Arc::new(ayla::engine::Variant::new(rules));
    let report = link
        .check(&variant, rec)
        .map_err(|u| Failure::unusable(anyhow::anyhow!("{name}:{u}")))?;
    Ok((variant, report))
}

pub fn load_rules(name: &str) -> Result<std::sync::Arc<ayla::engine::Variant>, Failure> {
    let rules = ayla::rules::resolve(name).map_err(Failure::unusable)?;
    Ok(std::sync::Arc::new(ayla::engine::Variant::new(rules)))
}
