//! Flags that several subcommands share, each defined once here and
//! flattened into the subcommands' arguments, so that they read and
//! behave the same everywhere.

use super::Failure;
use ayla::engine::{Position, Variant};
use ayla::notation::parse_position;
use ayla::rulebook::Overrides;
use ayla::rules::{LoadError, Rules, Selection, parse_selection};
use std::path::Path;
use std::sync::Arc;

/// `--rules` and `--reading`: which rulebook records are read under
/// (see `ayla::rulebook`).
#[derive(clap::Args)]
pub struct Rulebook {
    /// Read every game under this rule file (or bundled id) instead of its
    /// `Variant` tag; a path is relative to the current directory.
    #[arg(long, value_name = "FILE", value_parser = variant(), hide_possible_values = true)]
    pub rules: Option<String>,
    #[command(flatten)]
    pub readings: Readings,
}

impl Rulebook {
    /// The overrides these flags make; a `--rules` that does not load or a
    /// malformed `--reading` is bad usage (exit 2), before any record.
    pub fn overrides(&self) -> Result<Overrides, Failure> {
        if let Some(name) = &self.rules {
            check_rules_flag(name)?;
        }
        Ok(Overrides {
            rules: self.rules.clone(),
            readings: self.readings.selection()?,
        })
    }
}

/// Loads the rules `--rules` names, so that a bad name is the command
/// line's fault (exit 2), said as the flag's, before any record is read.
pub fn check_rules_flag(name: &str) -> Result<(), Failure> {
    ayla::rules::resolve(name)
        .map(|_| ())
        .map_err(|e| Failure::unusable(anyhow::anyhow!("--rules: {e}")))
}

/// `--reading NAME=ALT`: an alternative of one of the variant's open
/// points (repeatable). With a record, it overrides the record's
/// `Readings` tag.
#[derive(clap::Args)]
pub struct Readings {
    /// Read the rules under this alternative of an open point (repeatable;
    /// with a record, it overrides the record's `Readings` tag), e.g.
    /// `--reading skip-origin=skip-origin`.
    #[arg(long = "reading", value_name = "NAME=ALT")]
    pub readings: Vec<String>,
}

impl Readings {
    /// The readings chosen; a malformed one is bad usage (exit 2).
    pub fn selection(&self) -> Result<Selection, Failure> {
        parse_selection(&self.readings.join(","))
            .map_err(|e| Failure::unusable(anyhow::anyhow!("--reading: {e}")))
    }

    /// The variant `name` (a bundled id or a rule file) under these
    /// readings. A variant that does not load is its own fault; a reading
    /// or alternative it lacks is `--reading`'s, named with the ones it
    /// has (exit 2 either way).
    pub fn load(&self, name: &str) -> Result<Arc<Variant>, Failure> {
        let sel = self.selection()?;
        let plain = super::load_rules(name)?;
        if sel.is_empty() {
            return Ok(plain);
        }
        let rules = ayla::rules::resolve_with(name, Path::new(""), &sel).map_err(|e| {
            Failure::unusable(match e {
                LoadError::Invalid(v) => anyhow::anyhow!(
                    "--reading: {}",
                    v.iter()
                        .map(|l| l.message.as_str())
                        .collect::<Vec<_>>()
                        .join("; ")
                ),
                e => anyhow::anyhow!("--reading: {e}"),
            })
        })?;
        Ok(Arc::new(Variant::new(rules)))
    }
}

/// The variant's name and the readings it is read under where they are
/// not the defaults, as commands print it: `Goré (skip-origin=skip-origin)`.
pub fn title(rules: &Rules) -> String {
    match readings_tag(rules) {
        Some(r) => format!("{} ({r})", rules.provenance().name),
        None => rules.provenance().name.clone(),
    }
}

/// The readings of `rules` that are not their defaults, as a `Readings`
/// tag's value (`skip-origin=skip-origin, repetition=second`); `None`
/// when every reading is at its default.
pub fn readings_tag(rules: &Rules) -> Option<String> {
    let chosen: Vec<String> = rules
        .readings()
        .iter()
        .filter(|r| r.chosen != r.default)
        .map(|r| format!("{}={}", r.name, r.chosen))
        .collect();
    (!chosen.is_empty()).then(|| chosen.join(", "))
}

/// The game a command works on: a variant, its readings, and the
/// position to start from.
#[derive(clap::Args)]
pub struct Setup {
    /// A bundled variant id or a path to a rule file.
    #[arg(value_parser = variant(), hide_possible_values = true)]
    pub variant: String,
    #[command(flatten)]
    pub start: Start,
    #[command(flatten)]
    pub readings: Readings,
}

impl Setup {
    /// The variant under its readings, and the position to start from.
    pub fn load(&self) -> Result<(Arc<Variant>, Position), Failure> {
        let variant = self.readings.load(&self.variant)?;
        let pos = self.start.position(&variant)?;
        Ok((variant, pos))
    }
}

/// `--position`: where to start instead of the initial position.
#[derive(clap::Args)]
pub struct Start {
    /// Start from this position (docs/notation.md, e.g. `6,6,6,6/6,6,6,6 S 0-0`)
    /// instead of the initial one.
    #[arg(long, value_name = "POSITION")]
    pub position: Option<String>,
}

impl Start {
    /// The position, checked against the variant; a bad one is exit 2.
    pub fn position(&self, variant: &Variant) -> Result<Position, Failure> {
        match &self.position {
            Some(p) => parse_position(variant, p)
                .map_err(|e| Failure::unusable(anyhow::anyhow!("--position: {e}"))),
            None => Ok(Position::initial(variant)),
        }
    }
}

/// `--json`.
#[derive(clap::Args)]
pub struct Json {
    /// Print JSON instead of text (the shapes: docs/json.md).
    #[arg(long)]
    pub json: bool,
}

/// `--opening`, `--seed` and `--max-plies`: how engine games are started,
/// seeded and cut (`match`, `stats`).
#[derive(clap::Args)]
pub struct SelfPlay {
    /// Random plies played before the engines take over, so games differ.
    #[arg(long, default_value_t = 4)]
    pub opening: u32,
    /// Seed of the openings and of the players' random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a game after this many plies (at least 1) and score it as it
    /// stands.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
}

/// `--game N`: which game of a record file (`replay`, `draw`).
#[derive(clap::Args)]
pub struct GameNumber {
    /// The game of the file to use, from 1, for a file of several games.
    #[arg(long = "game", value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub game: Option<u32>,
}

impl GameNumber {
    /// The games asked for, each with its number in the file (from 1): the
    /// one `--game` names, or else every game. A number past the file's
    /// last game is bad usage (exit 2), saying how many games there are.
    pub fn pick<'a, T>(&self, name: &str, games: &'a [T]) -> Result<Vec<(usize, &'a T)>, Failure> {
        let all = games.iter().enumerate().map(|(i, g)| (i + 1, g));
        match self.game {
            None => Ok(all.collect()),
            Some(n) => {
                let n = n as usize;
                match games.get(n - 1) {
                    Some(g) => Ok(vec![(n, g)]),
                    None => Err(Failure::unusable(anyhow::anyhow!(
                        "--game {n}: {name} has {}",
                        ayla::words::count(games.len(), "game", "games")
                    ))),
                }
            }
        }
    }
}

/// A value parser that suggests names to shell completion (clap's
/// possible values) but takes any string `parse` takes: a variant
/// argument completes the bundled ids and still accepts a path, a level
/// completes its names and still accepts `depth:N`.
#[derive(Clone)]
pub struct Suggest<T: Clone + Send + Sync + 'static> {
    names: fn() -> Vec<&'static str>,
    parse: fn(&str) -> Result<T, String>,
}

impl<T: Clone + Send + Sync + 'static> clap::builder::TypedValueParser for Suggest<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        // clap's own handling of a parsing function: its words for a bad
        // value, the same as any other flag's.
        clap::builder::TypedValueParser::parse_ref(&self.parse, cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            (self.names)()
                .into_iter()
                .map(clap::builder::PossibleValue::new),
        ))
    }
}

/// A variant argument: a bundled id (completed) or a path to a rule file.
pub fn variant() -> Suggest<String> {
    Suggest {
        names: || ayla::rules::BUNDLED.iter().map(|(id, _, _)| *id).collect(),
        parse: |s| Ok(s.to_owned()),
    }
}

/// The names a level may be written as, for completion: the numbered
/// levels, `random` and `perfect` (`depth:N` and `time:SECONDS` are
/// typed out).
fn level_names() -> Vec<&'static str> {
    vec!["0", "1", "2", "3", "4", "5", "random", "perfect"]
}

/// An engine level (`ayla::search::Level`'s syntax), checked as it is read.
pub fn level() -> Suggest<ayla::search::Level> {
    Suggest {
        names: level_names,
        parse: str::parse,
    }
}

/// An engine level kept as the text typed, checked as it is read.
pub fn level_text() -> Suggest<String> {
    Suggest {
        names: level_names,
        parse: |s| s.parse::<ayla::search::Level>().map(|_| s.to_owned()),
    }
}

/// `--threads N`: the global pool of N threads (every core without it).
/// Only the first call sets it: one command makes one pool, and a second
/// call could only fail.
pub fn threads(n: Option<u16>) {
    if let Some(t) = n {
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(usize::from(t))
            .build_global();
    }
}
