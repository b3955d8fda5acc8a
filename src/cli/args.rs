//! Flags that several subcommands share, each defined once here and
//! flattened into the subcommands' arguments, so that they read and
//! behave the same everywhere.

use super::Failure;
use ayla::engine::{Position, Variant};
use ayla::fit::parse_selection;
use ayla::notation::parse_position;
use ayla::rulebook::Overrides;

/// `--rules` and `--reading`: which rulebook records are read under
/// (see `ayla::rulebook`).
#[derive(clap::Args)]
pub struct Rulebook {
    /// Read every game under this rule file (or bundled id) instead of its
    /// `Variant` tag; a path is relative to the current directory.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<String>,
    /// Read under this alternative of an open point (repeatable; overrides
    /// the record's `Readings` tag), e.g. `--reading skip-origin=skip-origin`.
    #[arg(long = "reading", value_name = "NAME=ALT")]
    pub readings: Vec<String>,
}

impl Rulebook {
    /// The overrides these flags make; a `--rules` that does not load or a
    /// malformed `--reading` is bad usage (exit 2), before any record.
    pub fn overrides(&self) -> Result<Overrides, Failure> {
        if let Some(name) = &self.rules {
            super::load_rules(name)?;
        }
        let readings = parse_selection(&self.readings.join(","))
            .map_err(|e| Failure::unusable(anyhow::anyhow!("--reading: {e}")))?;
        Ok(Overrides {
            rules: self.rules.clone(),
            readings,
        })
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
