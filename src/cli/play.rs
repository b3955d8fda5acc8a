//! `ayla play <variant>`: two people at one keyboard (plain text).

use super::{Failure, load_rules};

/// Arguments of `play`.
#[derive(clap::Args)]
pub struct Args {
    /// A bundled variant id or a path to a rule file.
    variant: String,
}

pub fn run(a: Args) -> Result<(), Failure> {
    let _rules = load_rules(&a.variant)?;
    Ok(())
}
