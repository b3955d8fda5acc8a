//! Which readings of a variant's open points recorded games are consistent with.
//!
//! Every combination of the variant's readings is a rulebook; each game is
//! replayed under each. A combination *fits* when every game is legal under
//! it and every stated result right. Combinations that give the same verdict
//! on every game (the same first illegal ply and reason, or the same result)
//! cannot be told apart by these games, so they are reported as one group.

use crate::check::{GameReport, MatchLink};
use crate::engine::Variant;
use crate::notation::{Record, parse_records};
use crate::rulebook::{Overrides, Source, source_of};
use crate::rules::{Reading, Selection};
use std::path::{Path, PathBuf};
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
    /// Why a game of `file` rules its combination out, as `ayla fit`
    /// prints it (`file:line:col: ply N (Side, `text`) is illegal: ...`);
    /// `None` if it fits.
    #[must_use]
    pub fn why(&self, file: &str) -> Option<String> {
        Some(match self {
            Verdict::Fits => return None,
            Verdict::IllegalPly {
                number,
                at,
                side,
                text,
                reason,
            } => format!("{file}:{at}: ply {number} ({side}, `{text}`) is illegal: {reason}"),
            Verdict::WrongResult(ms) => ms
                .iter()
                .map(|m| format!("{file}:{m}"))
                .collect::<Vec<_>>()
                .join("; "),
            Verdict::Unusable(m) => format!("{file}:{m}"),
        })
    }

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

/// The games of one set of rules, fitted together.
#[derive(Debug, Clone)]
pub struct VariantFit {
    /// Where the games' rules come from (its `name` is what they call them).
    pub source: Source,
    /// Each game's file, in the order given.
    pub files: Vec<String>,
    /// The fit, or why there is none (the rules do not load, or have too
    /// many combinations).
    pub fit: Result<Fit, String>,
}

/// What record files say about the readings (`ayla fit`).
#[derive(Debug, Clone, Default)]
pub struct Fitted {
    /// Files that cannot be used, each with every reason. Their games are
    /// left out, not the other files': one bad file does not hide what the
    /// others say.
    pub unusable: Vec<(String, Vec<String>)>,
    /// The games grouped by the rules they name, in order of first
    /// appearance, each group fitted.
    pub variants: Vec<VariantFit>,
}

/// Fits the games of `paths` to the readings of their rules, the games of
/// each set of rules together. `overrides.rules` reads every game under
/// other rules than its `Variant` tag.
#[must_use]
pub fn fit_files(paths: &[PathBuf], overrides: &Overrides) -> Fitted {
    let mut out = Fitted::default();
    let mut groups: Vec<(Source, Vec<String>, Vec<Record>)> = Vec::new();
    for p in paths {
        let name = p.display().to_string();
        match read_file(p, &name, overrides) {
            Ok(games) => {
                for (source, g) in games {
                    match groups.iter_mut().find(|(k, _, _)| k.key() == source.key()) {
                        Some((_, files, list)) => {
                            files.push(name.clone());
                            list.push(g);
                        }
                        None => groups.push((source, vec![name.clone()], vec![g])),
                    }
                }
            }
            Err(errors) => out.unusable.push((name, errors)),
        }
    }
    for (source, files, games) in groups {
        let recs: Vec<&Record> = games.iter().collect();
        let fit = fit(&recs, &source);
        out.variants.push(VariantFit { source, files, fit });
    }
    out
}

/// The games of one record file, each with the rules it names; or every
/// reason the file cannot be used (its games are fitted together or not
/// at all, so that a verdict never rests on part of a file).
fn read_file(
    path: &Path,
    name: &str,
    overrides: &Overrides,
) -> Result<Vec<(Source, Record)>, Vec<String>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| vec![format!("{name}: cannot read the record: {e}")])?;
    let games = parse_records(&text)
        .map_err(|e| vec![format!("{name}:{}: syntax error: {}", e.loc, e.message)])?;
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for g in games {
        match source_of(&g, dir, overrides) {
            Err(e) => errors.push(match e.at {
                Some(_) => format!("{name}:{e}"),
                None => e.to_string(),
            }),
            Ok(_) if g.tag("Readings").is_some() => {
                let at = g.tag("Readings").map(|t| t.loc).expect("just seen");
                errors.push(format!(
                    "{name}:{at}: `fit` tries every reading itself; remove the Readings tag"
                ));
            }
            // Loaded here to blame the file and the tag, not the group.
            Ok(source) => match source.load(&Selection::new(), None) {
                Ok(_) => out.push((source, g)),
                Err(e) => errors.push(match e.at {
                    Some(_) => format!("{name}:{e}"),
                    None => e.to_string(),
                }),
            },
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}
