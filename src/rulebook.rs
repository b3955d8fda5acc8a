//! Which rulebook a record is read under: the one place that decides it.
//!
//! A record names its rules with a `Variant` tag (a bundled id, or a rule
//! file at a path relative to the record's own directory) and may pick
//! readings of the variant's open points with a `Readings` tag. The
//! command line may override both: `--rules` names other rules (a bundled
//! id, or a path relative to the current directory), and each `--reading`
//! overrides the tag's choice for that reading. `check`, `replay`, `fit`
//! and the golden-game tests all resolve a record through
//! [`rulebook_for`] (or, where every reading is tried, through
//! [`source_of`]), so they can never disagree on which rules a record
//! means.

use crate::notation::{Loc, Record};
use crate::rules::{self, LoadError, Rules, Selection, parse_selection};
use std::fmt;
use std::path::{Component, Path, PathBuf};

/// What the command line says about a record's rules.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Overrides {
    /// `--rules`: a bundled id or a rule file (relative to the current
    /// directory) to use instead of the record's `Variant` tag.
    pub rules: Option<String>,
    /// `--reading` values: alternatives that override the `Readings` tag.
    pub readings: Selection,
}

/// Why a record's rulebook cannot be had.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulebookError {
    /// Where in the record the fault lies; `None` when it lies in the
    /// command line (`--rules`, `--reading`).
    pub at: Option<Loc>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for RulebookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Some(loc) => write!(f, "{loc}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for RulebookError {}

/// Where a record's rules come from, readings aside: a bundled id, or a
/// rule file resolved to a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The name as written (tag value or `--rules`).
    pub name: String,
    /// The directory a path name resolves against.
    base: PathBuf,
    /// The `Variant` tag this came from; `None` for `--rules`.
    at: Option<Loc>,
}

impl Source {
    /// A key that is equal for two sources naming the same rules.
    #[must_use]
    pub fn key(&self) -> (String, PathBuf) {
        if let Some((id, _, _)) = rules::bundled_entry(&self.name) {
            ((*id).to_owned(), PathBuf::new())
        } else {
            let path = self.base.join(&self.name);
            (String::new(), path.canonicalize().unwrap_or(path))
        }
    }

    /// Loads the rules with these readings.
    ///
    /// # Errors
    /// An unknown variant, a rule file that does not load, or a reading or
    /// alternative the variant lacks; located at the `Variant` tag, or at
    /// `readings_at` (a `Readings` tag) for a reading's fault, which is the
    /// command line's (`--reading`) when `readings_at` is `None`.
    pub fn load(&self, sel: &Selection, readings_at: Option<Loc>) -> Result<Rules, RulebookError> {
        rules::resolve_with(&self.name, &self.base, sel).map_err(|e| self.explain(e, readings_at))
    }

    fn explain(&self, e: LoadError, readings_at: Option<Loc>) -> RulebookError {
        let from_tag = self.at.is_some();
        let at = self.at;
        match e {
            LoadError::UnknownVariant {
                name,
                known,
                suggestion,
            } => {
                let path = self.base.join(&name);
                let message = if looks_like_path(&name) {
                    if from_tag {
                        format!(
                            "no rule file at {} (the Variant tag's path is relative to the record)",
                            path.display()
                        )
                    } else {
                        format!("--rules: no rule file at {}", path.display())
                    }
                } else {
                    let hint = suggestion
                        .map(|s| format!(" (did you mean `{s}`?)"))
                        .unwrap_or_default();
                    format!(
                        "{}unknown variant {name:?}: not a bundled variant ({known}) and no rule file at {}{hint}",
                        if from_tag { "" } else { "--rules: " },
                        path.display()
                    )
                };
                RulebookError { at, message }
            }
            e if is_readings_fault(&e) => {
                let LoadError::Invalid(v) = e else {
                    unreachable!("a readings fault is a rule-file diagnostic")
                };
                let msgs: Vec<String> = v.iter().map(|l| l.message.clone()).collect();
                RulebookError {
                    at: readings_at,
                    message: format!(
                        "{}: {}",
                        if readings_at.is_some() {
                            "the Readings tag"
                        } else {
                            "--reading"
                        },
                        msgs.join("; ")
                    ),
                }
            }
            e => RulebookError {
                at,
                message: if from_tag {
                    format!("the Variant tag's rule file does not load:\n{e}")
                } else {
                    format!("--rules: the rule file does not load:\n{e}")
                },
            },
        }
    }
}

/// Whether a load failed on the readings chosen (a reading or an
/// alternative the variant lacks) rather than on the rule file itself.
fn is_readings_fault(e: &LoadError) -> bool {
    matches!(e, LoadError::Invalid(v) if v.iter().any(|l| l.key.starts_with("readings")))
}

/// Whether a variant name is meant as a path rather than a bundled id.
#[must_use]
pub fn looks_like_path(name: &str) -> bool {
    name.contains(['/', '\\']) || name.ends_with(".toml")
}

/// Where `rec`'s rules come from: `--rules` if given, else its one
/// `Variant` tag resolved against `record_dir`.
///
/// # Errors
/// No `Variant` tag, or two of them.
pub fn source_of(
    rec: &Record,
    record_dir: &Path,
    overrides: &Overrides,
) -> Result<Source, RulebookError> {
    if let Some(name) = &overrides.rules {
        return Ok(Source {
            name: name.clone(),
            base: PathBuf::new(),
            at: None,
        });
    }
    let Some(tag) = rec.tag("Variant") else {
        return Err(RulebookError {
            at: Some(rec.loc),
            message: "the game has no Variant tag (e.g. [Variant \"gore\"])".into(),
        });
    };
    if let Some(again) = rec.tags.iter().filter(|t| t.name == "Variant").nth(1) {
        return Err(RulebookError {
            at: Some(again.loc),
            message: format!(
                "a second Variant tag; a game names its rulebook once (the first says {:?})",
                tag.value
            ),
        });
    }
    Ok(Source {
        name: tag.value.clone(),
        base: record_dir.to_owned(),
        at: Some(tag.loc),
    })
}

/// The readings `rec` is read under: its `Readings` tag, each overridden
/// by a `--reading` for the same reading.
///
/// # Errors
/// A `Readings` tag that does not parse.
pub fn readings_of(rec: &Record, overrides: &Overrides) -> Result<Selection, RulebookError> {
    let mut sel = match rec.tag("Readings") {
        Some(t) => parse_selection(&t.value).map_err(|e| RulebookError {
            at: Some(t.loc),
            message: format!("the Readings tag: {e}"),
        })?,
        None => Selection::new(),
    };
    sel.extend(overrides.readings.clone());
    Ok(sel)
}

/// The rulebook `rec` is read under (see the module docs).
///
/// # Errors
/// As [`source_of`], [`readings_of`] and [`Source::load`].
pub fn rulebook_for(
    rec: &Record,
    record_dir: &Path,
    overrides: &Overrides,
) -> Result<Rules, RulebookError> {
    let source = source_of(rec, record_dir, overrides)?;
    let sel = readings_of(rec, overrides)?;
    let tag_at = rec.tag("Readings").map(|t| t.loc);
    match rules::resolve_with(&source.name, &source.base, &sel) {
        Ok(r) => Ok(r),
        Err(e) if is_readings_fault(&e) => {
            // The fault is the command line's if its choices fail alone
            // (or the record chose nothing); else the tag's.
            let cli_fault = tag_at.is_none()
                || (!overrides.readings.is_empty()
                    && rules::resolve_with(&source.name, &source.base, &overrides.readings)
                        .is_err_and(|e| is_readings_fault(&e)));
            if cli_fault && tag_at.is_some() {
                // Report the command line's own fault, not the combination's.
                return source.load(&overrides.readings, None);
            }
            Err(source.explain(e, if cli_fault { None } else { tag_at }))
        }
        Err(e) => Err(source.explain(e, tag_at)),
    }
}

/// The `Variant` tag a record saved at `record` should carry for rules
/// loaded from `name` (a bundled id, or a path relative to the current
/// directory): the id itself, or the rule file's path relative to the
/// record's directory, so that the record checks wherever the pair is
/// moved together. An absolute path when no relative one exists.
#[must_use]
pub fn variant_tag_for(name: &str, record: &Path) -> String {
    if let Some((id, _, _)) = rules::bundled_entry(name) {
        return (*id).to_owned();
    }
    let Ok(file) = Path::new(name).canonicalize() else {
        return name.to_owned();
    };
    let dir = record
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let Ok(dir) = dir.canonicalize() else {
        return file.display().to_string();
    };
    relative(&dir, &file).map_or_else(
        || file.display().to_string(),
        |p| {
            // Records are written with forward slashes on every system.
            p.components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/")
        },
    )
}

/// `to` relative to the directory `from`, both absolute and canonical.
fn relative(from: &Path, to: &Path) -> Option<PathBuf> {
    let (a, b): (Vec<Component>, Vec<Component>) =
        (from.components().collect(), to.components().collect());
    if a.first() != b.first() {
        return None; // different roots (another drive)
    }
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out = PathBuf::new();
    for _ in common..a.len() {
        out.push("..");
    }
    for c in &b[common..] {
        out.push(c.as_os_str());
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths() {
        let r = |a: &str, b: &str| relative(Path::new(a), Path::new(b)).unwrap();
        assert_eq!(r("/x/y", "/x/y/r.toml"), PathBuf::from("r.toml"));
        assert_eq!(r("/x/y", "/x/z/r.toml"), PathBuf::from("../z/r.toml"));
        assert_eq!(r("/", "/a/r.toml"), PathBuf::from("a/r.toml"));
        assert_eq!(r("/a/b/c", "/r.toml"), PathBuf::from("../../../r.toml"));
    }
}
