//! The rule language: raw schema, validated model, loading, bundled variants.
//!
//! A rule file is TOML. [`schema`] mirrors it with serde types that deny
//! unknown keys; [`Rules::from_toml`] turns those into the validated
//! [`Rules`] the engine reads. Every error carries the file, line, column
//! and key it concerns.

pub mod describe;
pub mod error;
pub mod keys;
mod load;
pub mod mechanics;
pub mod model;
pub mod schema;
mod validate;

pub use error::{Diagnostic, LoadError, Located, Span};
pub use keys::INTERPRETABLE_KEYS;
pub use load::{MAX_CHAIN, MAX_FILE_BYTES, SECTIONS, Selection, parse_selection, reading_choice};
pub use mechanics::{Mechanic, MechanicSet, Mechanics};
pub use model::*;

use std::path::Path;

/// The variants shipped inside the binary: `(id, file name, text)`.
pub const BUNDLED: &[(&str, &str, &str)] = &[
    (
        "adji-boto",
        "adji-boto.toml",
        include_str!("../../rules/adji-boto.toml"),
    ),
    (
        "al-manqala",
        "al-manqala.toml",
        include_str!("../../rules/al-manqala.toml"),
    ),
    (
        "anywoli",
        "anywoli.toml",
        include_str!("../../rules/anywoli.toml"),
    ),
    (
        "awale",
        "awale.toml",
        include_str!("../../rules/awale.toml"),
    ),
    (
        "ayoayo",
        "ayoayo.toml",
        include_str!("../../rules/ayoayo.toml"),
    ),
    (
        "ba-awa",
        "ba-awa.toml",
        include_str!("../../rules/ba-awa.toml"),
    ),
    (
        "bao-la-kujifunza",
        "bao-la-kujifunza.toml",
        include_str!("../../rules/bao-la-kujifunza.toml"),
    ),
    (
        "bay-khom",
        "bay-khom.toml",
        include_str!("../../rules/bay-khom.toml"),
    ),
    (
        "chongka",
        "chongka.toml",
        include_str!("../../rules/chongka.toml"),
    ),
    (
        "congkak",
        "congkak.toml",
        include_str!("../../rules/congkak.toml"),
    ),
    (
        "dakon",
        "dakon.toml",
        include_str!("../../rules/dakon.toml"),
    ),
    (
        "endodoi",
        "endodoi.toml",
        include_str!("../../rules/endodoi.toml"),
    ),
    ("gore", "gore.toml", include_str!("../../rules/gore.toml")),
    (
        "gore-notrade",
        "gore-notrade.toml",
        include_str!("../../rules/gore-notrade.toml"),
    ),
    (
        "kalah",
        "kalah.toml",
        include_str!("../../rules/kalah.toml"),
    ),
    ("kpe", "kpe.toml", include_str!("../../rules/kpe.toml")),
    (
        "moruba",
        "moruba.toml",
        include_str!("../../rules/moruba.toml"),
    ),
    (
        "oware",
        "oware.toml",
        include_str!("../../rules/oware.toml"),
    ),
    (
        "owela",
        "owela.toml",
        include_str!("../../rules/owela.toml"),
    ),
    (
        "pallanguzhi",
        "pallanguzhi.toml",
        include_str!("../../rules/pallanguzhi.toml"),
    ),
    (
        "qelat",
        "qelat.toml",
        include_str!("../../rules/qelat.toml"),
    ),
    (
        "round-and-round",
        "round-and-round.toml",
        include_str!("../../rules/round-and-round.toml"),
    ),
    (
        "songo",
        "songo.toml",
        include_str!("../../rules/songo.toml"),
    ),
    (
        "sungka",
        "sungka.toml",
        include_str!("../../rules/sungka.toml"),
    ),
    (
        "tap-urdy",
        "tap-urdy.toml",
        include_str!("../../rules/tap-urdy.toml"),
    ),
    (
        "toguz-kumalak",
        "toguz-kumalak.toml",
        include_str!("../../rules/toguz-kumalak.toml"),
    ),
    ("wari", "wari.toml", include_str!("../../rules/wari.toml")),
];

/// Parses and validates rule-file text. `file` names it in errors; an
/// `extends` path in it resolves against the current directory.
///
/// # Errors
/// [`LoadError::Invalid`] with every problem found, each located.
pub fn parse(file: &str, text: &str) -> Result<Rules, LoadError> {
    load::load_text(file, text, Path::new(""), &Selection::new())
}

/// What each list-valued key holds, in the file's words: serde can only
/// say "expected a sequence", which a newcomer cannot act on.
const LISTS: &[(&str, &str)] = &[
    (
        "variant.other_names",
        "a list of names in quotes, like [\"Gore\"]",
    ),
    (
        "variant.sources",
        "a list of sources in quotes, like [\"Mancala World, article \\\"Kpé\\\"\"]",
    ),
    (
        "board.initial",
        "a list of the seeds in each pit, in label order, like [1, 2, 3, 3, 2, 1]",
    ),
    ("capture.protected", "a list of pit numbers, like [7]"),
    ("sowing_capture.counts", "a list of seed counts, like [4]"),
    ("houses.own_row", "a list of pit numbers, like [1, 6]"),
    (
        "houses.opponent_row",
        "a list of pit numbers, like [1, 2, 5, 6]",
    ),
    (
        "interpretation",
        "[[interpretation]] tables, each with `key`, `point`, `assumed` and `reason`",
    ),
];

/// Rewords serde's messages where they speak of Rust rather than of the
/// file, and adds a "did you mean" to a misspelled key or value. `key` is
/// the dotted key the message is about.
pub(crate) fn schema_message(m: &str, key: &str) -> String {
    let mut m = m
        .replace("unknown variant", "unknown value")
        .replace("missing field", "missing key")
        .replace("unknown field", "unknown key");
    // "invalid value: integer `300`, expected u8": a number out of the
    // type's range, which is the key's range.
    for (int, max) in [
        ("u8", u64::from(u8::MAX)),
        ("u16", u64::from(u16::MAX)),
        ("u32", u64::from(u32::MAX)),
        ("u64", u64::MAX),
    ] {
        if m.starts_with("invalid value: integer") && m.ends_with(&format!("expected {int}")) {
            let found = m.split('`').nth(1).unwrap_or("?");
            return format!("expected a whole number from 0 to {max}, found {found}");
        }
    }
    for int in ["u8", "u16", "u32", "u64"] {
        m = m.replace(
            &format!("expected {int}"),
            "expected a whole number, 0 or more",
        );
    }
    m = m.replace("expected i64", "expected a whole number");
    if let Some((_, list)) = LISTS.iter().find(|(k, _)| *k == key) {
        m = m.replace("expected a sequence", &format!("expected {list}"));
    }
    if let Some(i) = m.find("expected struct Toml") {
        m.truncate(i);
        m.push_str("expected a table");
    }
    if m == "wanted string or table" {
        return "expected a string".to_owned();
    }
    // "unknown field `x`, expected one of `a`, `b`": suggest the nearest.
    if m.starts_with("unknown key") || m.starts_with("unknown value") {
        let quoted: Vec<&str> = m.split('`').skip(1).step_by(2).collect();
        if let Some((word, choices)) = quoted.split_first()
            && let Some(s) = error::did_you_mean(word, choices)
        {
            m.push_str(&format!(" (did you mean `{s}`?)"));
        }
    }
    m
}

/// Loads a rule file from disk.
///
/// # Errors
/// [`LoadError::Io`] if it cannot be read, [`LoadError::Invalid`] if it is wrong.
pub fn load_file(path: &Path) -> Result<Rules, LoadError> {
    load::load_path(path, &Selection::new())
}

/// Folds a variant name for lookup: lowercase, accents dropped (`Goré` → `gore`).
#[must_use]
pub fn fold_name(name: &str) -> String {
    name.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            'ñ' => 'n',
            c => c,
        })
        .collect()
}

/// The bundled variant with this id (case and accents ignored).
///
/// # Errors
/// [`LoadError::UnknownVariant`] if no bundled variant has this id (with
/// the nearest id, if one is near); [`LoadError::Invalid`] only if a
/// bundled file is broken, which a test forbids.
pub fn bundled(name: &str) -> Result<Rules, LoadError> {
    match bundled_entry(name) {
        Some((id, file, text)) => load::load_bundled(id, file, text, &Selection::new()),
        None => Err(unknown(name)),
    }
}

/// The entry of [`BUNDLED`] a name means (case and accents ignored), if
/// it names one: the one test of "is this a bundled id" that loading,
/// `extends` and the record resolver all use.
#[must_use]
pub fn bundled_entry(name: &str) -> Option<&'static (&'static str, &'static str, &'static str)> {
    let key = fold_name(name);
    BUNDLED.iter().find(|(id, _, _)| *id == key)
}

/// The error for a name that is neither a bundled id nor a rule file.
fn unknown(name: &str) -> LoadError {
    let ids: Vec<&'static str> = BUNDLED.iter().map(|(id, _, _)| *id).collect();
    LoadError::UnknownVariant {
        name: name.to_owned(),
        known: ids.join(", "),
        suggestion: error::did_you_mean(&fold_name(name), &ids),
    }
}

/// A bundled variant by id, or else a rule file by path.
///
/// # Errors
/// [`LoadError::UnknownVariant`] if it is neither, or the error of loading the file.
pub fn resolve(name: &str) -> Result<Rules, LoadError> {
    resolve_from(name, Path::new(""))
}

/// Resolves a record's `Variant` tag: a bundled id (which wins even if a
/// file of that name exists), else a rule file at a path relative to `base`
/// (the record's directory).
///
/// # Errors
/// [`LoadError::UnknownVariant`] if it is neither, or the error of loading the file.
pub fn resolve_from(name: &str, base: &Path) -> Result<Rules, LoadError> {
    resolve_with(name, base, &Selection::new())
}

/// [`resolve_from`], with some readings set to other alternatives than their defaults.
///
/// # Errors
/// As [`resolve_from`], and a reading or alternative the variant lacks.
pub fn resolve_with(name: &str, base: &Path, sel: &Selection) -> Result<Rules, LoadError> {
    if let Some((id, file, text)) = bundled_entry(name) {
        return load::load_bundled(id, file, text, sel);
    }
    let path = base.join(name);
    if path.is_file() {
        return load::load_path(&path, sel);
    }
    if path.is_dir() {
        return Err(LoadError::Directory { path });
    }
    Err(unknown(name))
}
