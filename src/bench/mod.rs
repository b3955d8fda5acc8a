//! Benchmark-only code: the hand-written baselines the generic engine is
//! measured against (SPEC.md §7, `ayla bench`).
//!
//! Nothing in the engine, the notations or the checker uses this module.
//! It is the one place outside `src/rules/` that knows a variant: a
//! baseline is, by definition, one game's rules written by hand.

pub mod kpe_baseline;

use crate::rules::{self, Rules};

/// Whether `rules` play exactly as the bundled Kpé, so that
/// [`kpe_baseline`] plays the same games. Provenance and interpretation
/// notes play no part; every other field, present or future, does (the
/// comparison is of the whole validated rulebook's debug form with those
/// two taken from the reference), so a file that changes any rule is not
/// mistaken for Kpé whatever its id.
#[must_use]
pub fn is_kpe(rules: &Rules) -> bool {
    let Some(Ok(kpe)) = rules::bundled("kpe") else {
        return false;
    };
    let mut r = rules.clone();
    r.provenance = kpe.provenance.clone();
    r.interpretations = kpe.interpretations.clone();
    format!("{r:?}") == format!("{kpe:?}")
}
