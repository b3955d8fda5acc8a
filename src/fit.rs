//! Which readings of a variant's open points recorded games are consistent with.
//!
//! Every combination of the variant's readings is a rulebook; each game is
//! replayed under each. A combination *fits* when every game is legal under
//! it and every stated result right. Combinations that give the same verdict
//! on every game (the same first illegal ply and reason, or the same result)
//! cannot be told apart by these games, so they are reported as one group.

use crate::check::{GameReport, MatchLink};
use crate::engine::Variant;
use crate::notation::Record;
use crate::rulebook::Source;
use crate::rules::{Reading, Selection};
use std::sync::Arc;

/// Most combinations `fit` will try.
pub const MAX_COMBINATIONS: usize = 4096;

/// What one game says about one combination.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// Legal throughout, and its stated result (if any) right.
    Fits,
    /// Ruled out at this ply, for this reason.
    IllegalPly {
        /// Ply number, from 1.
        number: usize,
        /// Where it is written (`line:col`).
        at: String,
        /// Who played it.
        side: String,
        /// The ply as written.
        text: String,
        /// The rule that forbids it.
        reason: String,
    },
    /// Legal, but what the tags claim (`Result`, `Termination`,
    /// `FinalPosition`) is not this combination's: each wrong claim, located.
    WrongResult(Vec<String>),
    /// The combination's rules cannot even check it (a bad Position tag).
    Unusable(String),
}

impl Verdict {
    fn of(report: &GameReport) -> Verdict {
        if let Some(i) = &report.illegal {
            Verdict::IllegalPly {
                number: i.number,
                at: i.loc.to_string(),
                side: i.side.to_string(),
                text: i.text.clone(),
                reason: i.reason.clone(),
            }
        } else if !report.result_problems.is_empty() {
            Verdict::WrongResult(
                report
                    .result_problems
                    .iter()
                    .map(|p| p.to_string())
                    .collect(),
            )
        } else {
            Verdict::Fits
        }
    }
}

/// A set of combinations that behave alike on every game.
#[derive(Debug, Clone)]
pub struct Group {
    /// The combinations, each a full selection of every reading.
    pub combinations: Vec<Selection>,
    /// One verdict per game, in the order given.
    pub verdicts: Vec<Verdict>,
}

impl Group {
    /// Whether every game fits.
    #[must_use]
    pub fn fits(&self) -> bool {
        self.verdicts.iter().all(|v| *v == Verdict::Fits)
    }
}

/// The outcome of fitting games to a variant's readings.
#[derive(Debug, Clone)]
pub struct Fit {
    /// The variant's readings (names, alternatives, defaults).
    pub readings: Vec<Reading>,
    /// The groups, fitting ones first, then by how late the games rule them out.
    pub groups: Vec<Group>,
}

/// Every combination of the readings' alternatives.
#[must_use]
pub fn combinations(readings: &[Reading]) -> Vec<Selection> {
    let mut out = vec![Selection::new()];
    for r in readings {
        let mut next = Vec::with_capacity(out.len() * r.alternatives.len());
        for s in &out {
            for a in &r.alternatives {
                let mut s = s.clone();
                s.insert(r.name.clone(), a.name.clone());
                next.push(s);
            }
        }
        out = next;
    }
    out
}

/// Fits `games` to every combination of the readings of the rules from
/// `source` (see [`crate::rulebook::source_of`]). The games of a match
/// are given in their order, one after another, as in their file: each
/// after the first starts where the one before it left the match.
///
/// # Errors
/// Loading the rules fails, or there are more than [`MAX_COMBINATIONS`].
pub fn fit(games: &[&Record], source: &Source) -> Result<Fit, String> {
    let load = |sel: &Selection| source.load(sel, None);
    let base = load(&Selection::new()).map_err(|e| e.to_string())?;
    let n: usize = base
        .readings
        .iter()
        .map(|r| r.alternatives.len())
        .try_fold(1usize, usize::checked_mul)
        .unwrap_or(usize::MAX);
    if n > MAX_COMBINATIONS {
        return Err(format!(
            "{} has {n} combinations of readings; at most {MAX_COMBINATIONS} are tried",
            base.provenance.name
        ));
    }
    let mut groups: Vec<Group> = Vec::new();
    for sel in combinations(&base.readings) {
        let verdicts: Vec<Verdict> = match load(&sel) {
            Ok(rules) => {
                let variant = Arc::new(Variant::new(rules));
                let mut link = MatchLink::new();
                games
                    .iter()
                    .map(|g| match link.check(&variant, g) {
                        Ok(report) => Verdict::of(&report),
                        Err(u) => Verdict::Unusable(u.to_string()),
                    })
                    .collect()
            }
            Err(e) => {
                vec![Verdict::Unusable(format!("these readings do not load: {e}")); games.len()]
            }
        };
        match groups.iter_mut().find(|g| g.verdicts == verdicts) {
            Some(g) => g.combinations.push(sel),
            None => groups.push(Group {
                combinations: vec![sel],
                verdicts,
            }),
        }
    }
    // Fitting groups first; then those ruled out latest (most plausible) first.
    let key = |g: &Group| {
        let first_bad = g.verdicts.iter().position(|v| *v != Verdict::Fits);
        let ply = first_bad.map_or(usize::MAX, |i| match &g.verdicts[i] {
            Verdict::IllegalPly { number, .. } => *number,
            _ => usize::MAX - 1,
        });
        (
            !g.fits(),
            std::cmp::Reverse(first_bad.unwrap_or(usize::MAX)),
            std::cmp::Reverse(ply),
        )
    };
    groups.sort_by_key(key);
    Ok(Fit {
        readings: base.readings,
        groups,
    })
}

/// Describes a group's combinations compactly: for each reading the
/// alternatives that occur (`any` when all do), or, when the group is not
/// such a product, each combination in turn.
#[must_use]
pub fn describe_combinations(readings: &[Reading], combos: &[Selection]) -> Vec<String> {
    let sets: Vec<Vec<&str>> = readings
        .iter()
        .map(|r| {
            r.alternatives
                .iter()
                .map(|a| a.name.as_str())
                .filter(|a| {
                    combos
                        .iter()
                        .any(|c| c.get(&r.name).map(String::as_str) == Some(a))
                })
                .collect()
        })
        .collect();
    let product: usize = sets.iter().map(Vec::len).product();
    if product == combos.len() {
        let parts: Vec<String> = readings
            .iter()
            .zip(&sets)
            .map(|(r, s)| {
                if s.len() == r.alternatives.len() && s.len() > 1 {
                    format!("{}=any", r.name)
                } else {
                    format!("{}={}", r.name, s.join("|"))
                }
            })
            .collect();
        vec![parts.join(" ")]
    } else {
        combos
            .iter()
            .map(|c| {
                readings
                    .iter()
                    .map(|r| format!("{}={}", r.name, c.get(&r.name).map_or("?", String::as_str)))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }
}
