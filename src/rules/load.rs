//! Loading rule files: TOML syntax, `extends` chains, the schema, the model.
//!
//! Every file of an `extends` chain is parsed into a spanned table whose
//! spans are offsets into one *virtual buffer* in which the files lie end to
//! end (file `i` is parsed with `base_i` leading spaces, which TOML
//! ignores). A span then says both which file and where in it, so after the
//! tables are merged and deserialized, every error still points into the
//! file that has the offending key.

use super::error::{Diagnostic, LoadError, Located, Span, did_you_mean};
use super::schema::*;
use super::{Alternative, BUNDLED, Reading, Rules};
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// Longest `extends` chain accepted (a file and its ancestors).
pub const MAX_CHAIN: usize = 16;
/// Largest rule file accepted, in bytes.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// The chosen alternative of some readings, by reading name; readings not
/// named take their default.
pub type Selection = std::collections::BTreeMap<String, String>;

/// Parses `name=alt, name2=alt2`: a record's `Readings` tag, `--reading`
/// values joined by commas. The one parser of a selection of readings.
///
/// # Errors
/// An item without `=`, or a reading named twice.
pub fn parse_selection(text: &str) -> Result<Selection, String> {
    let mut sel = Selection::new();
    for item in text
        .split([',', ' '])
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let (k, v) = reading_choice(item)
            .filter(|(k, v)| !k.is_empty() && !v.is_empty())
            .ok_or_else(|| format!("expected `reading=alternative`, found {item:?}"))?;
        if sel.insert(k.to_owned(), v.to_owned()).is_some() {
            return Err(format!("the reading `{k}` is named twice"));
        }
    }
    Ok(sel)
}

/// One `name=alt` item split at its `=`, both sides trimmed (either may be
/// empty); `None` without an `=`. What [`parse_selection`] and the
/// combinations of `ayla stats --readings` (`name=alt|alt`) both read.
#[must_use]
pub fn reading_choice(item: &str) -> Option<(&str, &str)> {
    let (k, v) = item.split_once('=')?;
    Some((k.trim(), v.trim()))
}

/// The top-level tables of a rule file.
pub const SECTIONS: &[&str] = &[
    "extends",
    "variant",
    "board",
    "sowing",
    "moves",
    "capture",
    "opposite_capture",
    "sowing_capture",
    "beyond_capture",
    "houses",
    "column_capture",
    "trading",
    "end",
    "match",
    "readings",
    "interpretation",
];

/// One file of a chain.
struct Source {
    name: String,
    text: String,
    base: usize,
}

/// The files of a chain, for turning virtual spans back into places.
pub(crate) struct Sources(Vec<Source>);

impl Sources {
    /// Which file a virtual offset falls in.
    pub(crate) fn file_of(&self, offset: usize) -> usize {
        self.0.iter().rposition(|s| s.base <= offset).unwrap_or(0)
    }

    fn locate(&self, d: &Diagnostic) -> Located {
        let i = self.file_of(d.span.start);
        let s = &self.0[i];
        let local = Diagnostic {
            span: Span {
                start: d.span.start.saturating_sub(s.base),
                end: d.span.end.saturating_sub(s.base),
            },
            ..d.clone()
        };
        Located::new(&s.name, &s.text, &local)
    }

    /// Every diagnostic placed in its file, in file order then text order.
    fn locate_all(&self, ds: &[Diagnostic]) -> LoadError {
        let mut ds = ds.to_vec();
        ds.sort_by_key(|d| d.span.start);
        LoadError::Invalid(ds.iter().map(|d| self.locate(d)).collect())
    }
}

/// Where a file came from, to resolve its `extends` and spot cycles.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Origin {
    Bundled(&'static str),
    /// A file: its canonical path (for cycles) and the path as written
    /// (whose directory resolves the file's own `extends`, and names it in errors).
    File {
        canonical: PathBuf,
        shown: PathBuf,
    },
    /// Text given directly (tests, `parse`); `extends` resolves against this directory.
    Text(PathBuf),
}

fn key_str(k: &Spanned<toml::de::DeString<'_>>) -> String {
    k.get_ref().to_string()
}

fn get<'a, 'i>(
    t: &'a DeTable<'i>,
    key: &str,
) -> Option<(
    &'a Spanned<toml::de::DeString<'i>>,
    &'a Spanned<DeValue<'i>>,
)> {
    t.iter().find(|(k, _)| k.get_ref().as_ref() == key)
}

/// Loads text named `name` (as errors will show it); `dir` resolves `extends` paths.
pub(crate) fn load_text(
    name: &str,
    text: &str,
    dir: &Path,
    sel: &Selection,
) -> Result<Rules, LoadError> {
    load_chain(
        name.to_owned(),
        text.to_owned(),
        Origin::Text(dir.to_owned()),
        sel,
    )
}

/// Loads a bundled variant's text.
pub(crate) fn load_bundled(
    id: &'static str,
    file: &str,
    text: &str,
    sel: &Selection,
) -> Result<Rules, LoadError> {
    load_chain(
        format!("<bundled>/{file}"),
        text.to_owned(),
        Origin::Bundled(id),
        sel,
    )
}

/// Loads a file from disk.
pub(crate) fn load_path(path: &Path, sel: &Selection) -> Result<Rules, LoadError> {
    let text = read(path)?;
    let canonical = path.canonicalize().unwrap_or_else(|_| path.to_owned());
    load_chain(
        path.display().to_string(),
        text,
        Origin::File {
            canonical,
            shown: path.to_owned(),
        },
        sel,
    )
}

fn read(path: &Path) -> Result<String, LoadError> {
    let io = |error| LoadError::Io {
        path: path.to_owned(),
        error,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if meta.is_dir() {
        return Err(LoadError::Directory {
            path: path.to_owned(),
        });
    }
    if meta.len() > MAX_FILE_BYTES as u64 {
        return Err(LoadError::Invalid(vec![Located {
            file: path.display().to_string(),
            line: 1,
            column: 1,
            key: String::new(),
            message: format!(
                "the file is {} bytes; rule files of at most {MAX_FILE_BYTES} bytes are accepted",
                meta.len()
            ),
        }]));
    }
    let bytes = std::fs::read(path).map_err(io)?;
    decode(&path.display().to_string(), bytes).map_err(|e| LoadError::Invalid(vec![e]))
}

/// The file's text, or where it stops being UTF-8 (a binary file, or text
/// saved in another encoding).
fn decode(name: &str, bytes: Vec<u8>) -> Result<String, Located> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let valid = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
        let (line, column) = super::error::line_col(valid, at);
        Located {
            file: name.to_owned(),
            line,
            column,
            key: String::new(),
            message: format!(
                "not UTF-8 text: the byte 0x{:02x} at offset {at} is not part of any UTF-8 character; a rule file is TOML, which is UTF-8 text",
                bytes[at]
            ),
        }
    })
}

fn load_chain(
    name: String,
    text: String,
    origin: Origin,
    sel: &Selection,
) -> Result<Rules, LoadError> {
    // Walk up the chain: child first.
    let mut files: Vec<(String, String, Origin)> = vec![(name, text, origin)];
    let mut extends_spans: Vec<Option<Span>> = Vec::new();
    let mut sources = Sources(Vec::new());
    let mut base = 0usize;
    let mut padded: Vec<String> = Vec::new();
    loop {
        let (name, text, origin) = files.last().expect("a file").clone();
        if text.len() > MAX_FILE_BYTES {
            return Err(LoadError::Invalid(vec![Located {
                file: name,
                line: 1,
                column: 1,
                key: String::new(),
                message: format!("rule files of at most {MAX_FILE_BYTES} bytes are accepted"),
            }]));
        }
        sources.0.push(Source {
            name: name.clone(),
            text: text.clone(),
            base,
        });
        padded.push(" ".repeat(base) + &text);
        base += text.len() + 1;
        // Find `extends` without a full parse: a cheap pre-parse of this file.
        let (table, errors) = DeTable::parse_recoverable(padded.last().expect("pushed"));
        if !errors.is_empty() {
            // Only the first: after a syntax error the parser's recovery
            // reports a cascade that would bury the real mistake.
            let ds: Vec<Diagnostic> = errors
                .iter()
                .take(1)
                .map(|e| {
                    Diagnostic::new(
                        e.span()
                            .unwrap_or(base - text.len() - 1..base - text.len() - 1)
                            .into(),
                        "",
                        format!("TOML syntax: {}", e.message().trim()),
                    )
                })
                .collect();
            return Err(sources.locate_all(&ds));
        }
        let table = table.into_inner();
        let Some((_, ext)) = get(&table, "extends") else {
            extends_spans.push(None);
            break;
        };
        let span: Span = ext.span().into();
        extends_spans.push(Some(span));
        let DeValue::String(parent) = ext.get_ref() else {
            return Err(sources.locate_all(&[Diagnostic::new(
                span,
                "extends",
                "expected the name of a bundled variant or a path to a rule file, in quotes",
            )]));
        };
        let parent = parent.to_string();
        let (pname, ptext, porigin) = match resolve_parent(&parent, &origin) {
            Ok(p) => p,
            Err(msg) => return Err(sources.locate_all(&[Diagnostic::new(span, "extends", msg)])),
        };
        if let Some(i) = files.iter().position(|f| same_file(&f.2, &porigin)) {
            let cycle: Vec<&str> = files[i..]
                .iter()
                .map(|f| f.0.as_str())
                .chain(std::iter::once(pname.as_str()))
                .collect();
            return Err(sources.locate_all(&[Diagnostic::new(
                span,
                "extends",
                format!("`extends` makes a cycle: {}", cycle.join(" → ")),
            )]));
        }
        if files.len() >= MAX_CHAIN {
            return Err(sources.locate_all(&[Diagnostic::new(
                span,
                "extends",
                format!("`extends` chains of at most {MAX_CHAIN} files are accepted"),
            )]));
        }
        files.push((pname, ptext, porigin));
    }

    // Parse every file for real (the buffers live in `padded`), then merge root first.
    let tables: Vec<DeTable<'_>> = padded
        .iter()
        .map(|p| DeTable::parse(p).expect("parsed above").into_inner())
        .collect();
    if tables.len() > 1 && lookup(&tables[0], "variant.id").is_none() {
        // A missing key is shown at its table's header; with no [variant]
        // table in the file, at the `extends` that makes the id necessary.
        let span = lookup(&tables[0], "variant")
            .map(|v| Span::from(v.span()))
            .or(extends_spans[0])
            .unwrap_or(Span { start: 0, end: 0 });
        return Err(sources.locate_all(&[Diagnostic::new(
            span,
            "variant.id",
            "a file that extends another must give its own `variant.id` (and `name`): records and reports name a variant by its id",
        )]));
    }
    let mut merged = DeTable::new();
    for t in tables.into_iter().rev() {
        overlay(&mut merged, t);
    }
    // A wrong reading leaves the tables as the file writes them, which the
    // schema and the checks across keys can still judge: one run reports all.
    let (readings, earlier) = match apply_readings(&mut merged, sel, &|o| sources.file_of(o)) {
        Ok(r) => (r, Vec::new()),
        Err(ds) => (Vec::new(), ds),
    };
    let mut rules = deserialize(merged, &sources, earlier)?;
    // A reading of a feature the rules switch off is moot (gore-notrade
    // inherits Goré's trading readings).
    let moot = |key: &str| {
        (rules.trading.is_none() && key.starts_with("trading.") && key != "trading.enabled")
            || (rules.capture.is_none() && key.starts_with("capture."))
            || (rules.beyond_capture.is_none() && key.starts_with("beyond_capture."))
            || (rules.houses.is_none() && key.starts_with("houses."))
            || (rules.column_capture.is_none() && key.starts_with("column_capture."))
    };
    rules.readings = readings
        .into_iter()
        .filter(|r| {
            !r.alternatives
                .iter()
                .flat_map(|a| &a.overrides)
                .all(|(k, _)| moot(k))
        })
        .collect();
    Ok(rules)
}

fn same_file(a: &Origin, b: &Origin) -> bool {
    match (a, b) {
        (Origin::Bundled(x), Origin::Bundled(y)) => x == y,
        (Origin::File { canonical: x, .. }, Origin::File { canonical: y, .. }) => x == y,
        _ => false,
    }
}

fn resolve_parent(name: &str, child: &Origin) -> Result<(String, String, Origin), String> {
    if let Some(r) = super::bundled_entry(name) {
        return Ok((
            format!("<bundled>/{}", r.1),
            r.2.to_owned(),
            Origin::Bundled(r.0),
        ));
    }
    let dir = match child {
        Origin::Bundled(_) => {
            return Err(format!(
                "a bundled variant may extend only bundled variants, not {name:?}"
            ));
        }
        Origin::File { shown, .. } => shown.parent().map(Path::to_owned).unwrap_or_default(),
        Origin::Text(d) => d.clone(),
    };
    let path = dir.join(name);
    if !path.is_file() {
        let known: Vec<&str> = BUNDLED.iter().map(|b| b.0).collect();
        let hint = did_you_mean(&super::fold_name(name), &known)
            .map(|s| format!(" (did you mean `{s}`?)"))
            .unwrap_or_default();
        return Err(format!(
            "unknown parent {name:?}: not a bundled variant ({}) and no rule file at {}{hint}",
            known.join(", "),
            path.display()
        ));
    }
    let bytes = std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text = decode(&path.display().to_string(), bytes).map_err(|e| e.to_string())?;
    let canonical = path.canonicalize().unwrap_or_else(|_| path.clone());
    Ok((
        path.display().to_string(),
        text,
        Origin::File {
            canonical,
            shown: path,
        },
    ))
}

/// Lays `over` onto `base`: tables merge key by key, anything else replaces.
/// `[[interpretation]]` entries accumulate, an inherited one being dropped
/// when the child sets the key it is about (the reading is then the child's).
fn overlay<'i>(base: &mut DeTable<'i>, over: DeTable<'i>) {
    let mut leaves = Vec::new();
    override_leaves(&over, "", &mut leaves);
    let set: Vec<String> = leaves.into_iter().map(|(path, _)| path).collect();
    if let Some((_, v)) = base
        .iter_mut()
        .find(|(k, _)| k.get_ref().as_ref() == "interpretation")
        && let DeValue::Array(arr) = v.get_mut()
    {
        let old = std::mem::replace(arr, std::iter::empty().collect());
        *arr = old
            .into_iter()
            .filter(|e| match e.get_ref() {
                DeValue::Table(t) => match get(t, "key").map(|(_, v)| v.get_ref()) {
                    Some(DeValue::String(s)) => !set.iter().any(|p| p == s.as_ref()),
                    _ => true,
                },
                _ => true,
            })
            .collect();
    }
    for (k, v) in over {
        let name = key_str(&k);
        if name == "extends" {
            continue;
        }
        let existing = base
            .iter_mut()
            .find(|(bk, _)| key_str(bk) == name)
            .map(|(_, bv)| bv);
        match (existing, v) {
            (Some(bv), v)
                if matches!(
                    (bv.get_ref(), v.get_ref()),
                    (DeValue::Table(_), DeValue::Table(_))
                ) =>
            {
                let DeValue::Table(inner) = v.into_inner() else {
                    unreachable!()
                };
                if let DeValue::Table(bt) = bv.get_mut() {
                    overlay_table(bt, inner);
                }
            }
            (Some(bv), v) if name == "interpretation" => {
                if let (DeValue::Array(ba), DeValue::Array(_)) = (bv.get_mut(), v.get_ref()) {
                    let DeValue::Array(oa) = v.into_inner() else {
                        unreachable!()
                    };
                    for e in oa {
                        ba.push(e);
                    }
                } else {
                    *bv = v;
                }
            }
            (Some(bv), v) => *bv = v,
            (None, v) => {
                base.insert(k, v);
            }
        }
    }
}

fn overlay_table<'i>(base: &mut DeTable<'i>, over: DeTable<'i>) {
    // Keys that exclude each other: a child giving one replaces the parent's other.
    const EXCLUSIVE: [(&str, &str); 1] = [("seeds_per_pit", "initial")];
    for (a, b) in EXCLUSIVE {
        for (mine, theirs) in [(a, b), (b, a)] {
            if over.iter().any(|(k, _)| key_str(k) == mine)
                && !over.iter().any(|(k, _)| key_str(k) == theirs)
                && let Some(k) = base
                    .iter()
                    .find(|(k, _)| key_str(k) == theirs)
                    .map(|(k, _)| k.clone())
            {
                base.remove(&k);
            }
        }
    }
    for (k, v) in over {
        let name = key_str(&k);
        match base.iter_mut().find(|(bk, _)| key_str(bk) == name) {
            Some((_, bv)) => *bv = v,
            None => {
                base.insert(k, v);
            }
        }
    }
}

/// The schema errors of a file, and what they leave unsure.
#[derive(Default)]
struct Schema {
    diags: Vec<Diagnostic>,
    /// Dotted keys whose values were wrong, and tables that could not be
    /// read at all: a check across keys that looks at one of them would
    /// judge a value the file does not have.
    doubtful: Vec<String>,
}

/// Reads one table. A wrong key is reported and dropped, and the table
/// read again, so one run reports every wrong key of the table (serde
/// stops at the first); an unknown key dropped changes nothing, a wrong
/// value dropped is remembered as doubtful.
fn section<T: DeserializeOwned>(
    name: &str,
    v: Spanned<DeValue<'_>>,
    acc: &mut Schema,
) -> Option<T> {
    let mut v = v;
    let mut dropped: Vec<String> = Vec::new();
    loop {
        let de = toml::de::ValueDeserializer::from(v.clone());
        let e = match serde_path_to_error::deserialize::<_, T>(de) {
            Ok(t) => return Some(t),
            Err(e) => e,
        };
        let path = e
            .path()
            .to_string()
            .replace(".$__serde_spanned_private_value", "");
        let path = if path == "." { String::new() } else { path };
        let key = if path.is_empty() {
            name.to_owned()
        } else {
            format!("{name}.{path}")
        };
        let inner = e.into_inner();
        let message = inner.message().to_owned();
        let quoted = message.split('`').nth(1).unwrap_or_default().to_owned();
        // A key missing because a wrong value of it was dropped was
        // reported already.
        if message.starts_with("missing field") && dropped.contains(&quoted) {
            acc.doubtful.push(name.to_owned());
            return None;
        }
        let span = inner.span().unwrap_or(0..0);
        acc.diags.push(Diagnostic::new(
            span.into(),
            &key,
            super::schema_message(&message, &key),
        ));
        let (field, unknown) = if message.starts_with("unknown field") {
            (quoted, true)
        } else {
            let head = path.split(['.', '[']).next().unwrap_or_default();
            (head.to_owned(), false)
        };
        let DeValue::Table(t) = v.get_mut() else {
            acc.doubtful.push(name.to_owned());
            return None;
        };
        let Some(k) = t
            .iter()
            .find(|(k, _)| key_str(k) == field)
            .map(|(k, _)| k.clone())
        else {
            acc.doubtful.push(name.to_owned());
            return None;
        };
        t.remove(&k);
        if !unknown {
            acc.doubtful.push(format!("{name}.{field}"));
        } else {
            // A misspelt key was meant as the key it is near, which the
            // file then lacks: a check that misses it would mislead.
            let known: Vec<&str> = message.split('`').skip(3).step_by(2).collect();
            if let Some(meant) = did_you_mean(&field, &known) {
                acc.doubtful.push(format!("{name}.{meant}"));
            }
        }
        dropped.push(field);
    }
}

/// What an integer too large for any key is read as, so that the key's own
/// range check reports it (serde's own message would speak of `i128`).
const CLAMPED: [&str; 2] = ["9223372036854775807", "-9223372036854775808"];

/// Replaces every integer of the tables that does not fit in an `i64` by
/// the nearest that does, noting where it is and what it was.
fn clamp_integers(t: &mut DeTable<'_>, out: &mut Vec<(usize, String)>) {
    fn walk(v: &mut Spanned<DeValue<'_>>, out: &mut Vec<(usize, String)>) {
        let span = v.span();
        match v.get_mut() {
            DeValue::Integer(i) if i64::from_str_radix(i.as_str(), i.radix()).is_err() => {
                let original = i.to_string();
                let text = if i.as_str().starts_with('-') {
                    CLAMPED[1]
                } else {
                    CLAMPED[0]
                };
                if let Ok(big) = DeValue::parse(text) {
                    *v = Spanned::new(span.clone(), big.into_inner());
                    out.push((span.start, original));
                }
            }
            DeValue::Table(t) => t.iter_mut().for_each(|(_, v)| walk(v, out)),
            DeValue::Array(a) => a.iter_mut().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    t.iter_mut().for_each(|(_, v)| walk(v, out));
}

/// Puts the numbers the file wrote back into the messages about them.
fn unclamp(diags: &mut [Diagnostic], clamped: &[(usize, String)]) {
    for d in diags {
        let Some(text) = CLAMPED.iter().find(|c| d.message.contains(*c)) else {
            continue;
        };
        let original = clamped
            .iter()
            .find(|(at, _)| *at == d.span.start)
            .or(clamped.first());
        if let Some((_, original)) = original {
            d.message = d.message.replace(text, original);
        }
    }
}

/// Whether a check across keys speaks of a doubtful key or table (by its
/// dotted name, or its bare name in backquotes as the checks write it).
fn about_doubtful(d: &Diagnostic, doubtful: &[String]) -> bool {
    doubtful.iter().any(|k| {
        let bare = k.rsplit('.').next().unwrap_or(k);
        d.key == *k
            || d.key.starts_with(&format!("{k}."))
            || d.message.contains(&format!("`{k}`"))
            || d.message.contains(&format!("`{bare}`"))
            || (!k.contains('.') && d.message.contains(&format!("[{k}]")))
    })
}

/// Reads the merged tables into the model. `earlier` are the errors found
/// before (in the readings); every error is reported together, those of
/// the checks across keys only where no key they look at was wrong.
fn deserialize(
    table: DeTable<'_>,
    sources: &Sources,
    earlier: Vec<Diagnostic>,
) -> Result<Rules, LoadError> {
    let mut table = table;
    let mut clamped = Vec::new();
    clamp_integers(&mut table, &mut clamped);
    let mut acc = Schema {
        diags: earlier,
        doubtful: Vec::new(),
    };
    let mut variant = None;
    let mut board = None;
    let mut sowing = None;
    let mut moves = None;
    let mut capture = None;
    let mut trading = None;
    let mut opposite_capture = None;
    let mut sowing_capture = None;
    let mut beyond_capture = None;
    let mut houses = None;
    let mut column_capture = None;
    let mut end = None;
    let mut match_play = None;
    let mut interpretations = None;
    for (k, v) in table {
        let name = key_str(&k);
        match name.as_str() {
            "variant" => variant = section::<TomlVariant>("variant", v, &mut acc),
            "board" => {
                let span = v.span();
                board = section::<TomlBoard>("board", v, &mut acc).map(|b| Spanned::new(span, b));
            }
            "sowing" => sowing = section::<TomlSowing>("sowing", v, &mut acc),
            "moves" => moves = section::<TomlMoves>("moves", v, &mut acc),
            "capture" => {
                let span = v.span();
                capture =
                    section::<TomlCapture>("capture", v, &mut acc).map(|c| Spanned::new(span, c));
            }
            "trading" => {
                let span = v.span();
                trading =
                    section::<TomlTrading>("trading", v, &mut acc).map(|t| Spanned::new(span, t));
            }
            "opposite_capture" => {
                let span = v.span();
                opposite_capture = section::<TomlOppositeCapture>("opposite_capture", v, &mut acc)
                    .map(|t| Spanned::new(span, t));
            }
            "sowing_capture" => {
                let span = v.span();
                sowing_capture = section::<TomlSowingCapture>("sowing_capture", v, &mut acc)
                    .map(|t| Spanned::new(span, t));
            }
            "beyond_capture" => {
                let span = v.span();
                beyond_capture = section::<TomlBeyondCapture>("beyond_capture", v, &mut acc)
                    .map(|t| Spanned::new(span, t));
            }
            "houses" => {
                let span = v.span();
                houses =
                    section::<TomlHouses>("houses", v, &mut acc).map(|t| Spanned::new(span, t));
            }
            "column_capture" => {
                let span = v.span();
                column_capture = section::<TomlColumnCapture>("column_capture", v, &mut acc)
                    .map(|t| Spanned::new(span, t));
            }
            "end" => end = section::<TomlEnd>("end", v, &mut acc),
            "match" => {
                let span = v.span();
                match_play =
                    section::<TomlMatch>("match", v, &mut acc).map(|t| Spanned::new(span, t));
            }
            "readings" => {}
            "interpretation" => {
                interpretations =
                    section::<Vec<Spanned<TomlInterpretation>>>("interpretation", v, &mut acc)
            }
            other => {
                let hint = did_you_mean(other, SECTIONS)
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                acc.diags.push(Diagnostic::new(
                    k.span().into(),
                    other,
                    format!(
                        "unknown table or key `{other}`, expected one of {}{hint}",
                        SECTIONS
                            .iter()
                            .map(|s| format!("`{s}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
        }
    }
    let top = Span { start: 0, end: 0 };
    // The most derived file is the first source; a missing table is its problem.
    if variant.is_none() && !acc.diags.iter().any(|d| d.key.starts_with("variant")) {
        acc.diags.push(Diagnostic::new(
            top,
            "variant",
            "missing the [variant] table (id and name at least)",
        ));
    }
    if board.is_none() && !acc.diags.iter().any(|d| d.key.starts_with("board")) {
        acc.diags.push(Diagnostic::new(
            top,
            "board",
            "missing the [board] table (pits_per_row and seeds at least)",
        ));
    }
    // Without these two tables no check across keys can be made; nor
    // without the board's shape, which every other check reads (a wrong
    // `board.rows` would have them judge a two-row board).
    let shape_unknown = acc.doubtful.iter().any(|k| k == "board.rows");
    let board = board.filter(|_| !shape_unknown);
    let (Some(variant), Some(board)) = (variant, board) else {
        unclamp(&mut acc.diags, &clamped);
        return Err(sources.locate_all(&acc.diags));
    };
    let raw = TomlRules {
        variant,
        board,
        sowing: sowing.unwrap_or_default(),
        moves: moves.unwrap_or_default(),
        capture,
        trading,
        opposite_capture,
        sowing_capture,
        beyond_capture,
        houses,
        column_capture,
        end: end.unwrap_or_default(),
        match_play,
        interpretations: interpretations.unwrap_or_default(),
    };
    let checked = Rules::from_toml(raw, &|span: Span| sources.file_of(span.start));
    let Schema {
        mut diags,
        doubtful,
    } = acc;
    match checked {
        Ok(rules) if diags.is_empty() => return Ok(rules),
        Ok(_) => {}
        Err(cross) => diags.extend(cross.into_iter().filter(|d| !about_doubtful(d, &doubtful))),
    }
    unclamp(&mut diags, &clamped);
    Err(sources.locate_all(&diags))
}

fn as_toml(v: &Spanned<DeValue<'_>>) -> Option<toml::Value> {
    use serde::Deserialize;
    toml::Value::deserialize(toml::de::ValueDeserializer::from(v.clone())).ok()
}

/// Leaf key paths and values a table sets, tables one level deep
/// (`sowing.skip_origin`): a file's keys, or an alternative's overrides.
fn override_leaves<'a, 'i>(
    t: &'a DeTable<'i>,
    prefix: &str,
    out: &mut Vec<(String, &'a Spanned<DeValue<'i>>)>,
) {
    for (k, v) in t.iter() {
        let path = if prefix.is_empty() {
            key_str(k)
        } else {
            format!("{prefix}.{}", key_str(k))
        };
        match v.get_ref() {
            DeValue::Table(inner) if prefix.is_empty() => override_leaves(inner, &path, out),
            _ => out.push((path, v)),
        }
    }
}

fn lookup<'a, 'i>(t: &'a DeTable<'i>, path: &str) -> Option<&'a Spanned<DeValue<'i>>> {
    let (head, rest) = path.split_once('.').unwrap_or((path, ""));
    let (_, v) = get(t, head)?;
    if rest.is_empty() {
        return Some(v);
    }
    match v.get_ref() {
        DeValue::Table(inner) => lookup(inner, rest),
        _ => None,
    }
}

/// Reads the `[readings]` table, checks it, and lays the chosen (or default)
/// alternative of each reading over the rules.
///
/// `file_of` tells which file of the chain an offset lies in (0 is the file
/// loaded, higher numbers its ancestors). A key a reading governs that a
/// more derived file than the reading's sets itself settles the point for
/// that file: the reading is then dropped, not applied.
fn apply_readings(
    merged: &mut DeTable<'_>,
    sel: &Selection,
    file_of: &dyn Fn(usize) -> usize,
) -> Result<Vec<Reading>, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let Some(pos) = merged
        .iter()
        .position(|(k, _)| k.get_ref().as_ref() == "readings")
    else {
        if let Some(name) = sel.keys().next() {
            diags.push(Diagnostic::new(
                Span { start: 0, end: 0 },
                "readings",
                format!("no reading named `{name}`: this variant declares no readings"),
            ));
            return Err(diags);
        }
        return Ok(Vec::new());
    };
    let key = merged
        .iter()
        .nth(pos)
        .map(|(k, _)| k.clone())
        .expect("found");
    let table = merged.remove(&key).expect("found");
    let table_span: Span = table.span().into();
    let DeValue::Table(table) = table.into_inner() else {
        diags.push(Diagnostic::new(
            table_span,
            "readings",
            "expected a table of readings: [readings.<name>]",
        ));
        return Err(diags);
    };
    let mut readings = Vec::new();
    let mut overlays = Vec::new();
    for (name_k, body) in table {
        let name = key_str(&name_k);
        if let Some((reading, overlay)) = reading(name, body, merged, sel, file_of, &mut diags) {
            overlays.extend(overlay);
            readings.push(reading);
        }
    }
    unknown_selections(sel, &readings, &mut diags);
    if !diags.is_empty() {
        return Err(diags);
    }
    for ov in overlays {
        overlay(merged, ov);
    }
    Ok(readings)
}

/// One `[readings.<name>]` table: the reading it declares, with the
/// overrides of the alternative in force (chosen, or the default) to lay
/// over the rules; `None` when it is wrong (its errors go to `diags`) or
/// when a more derived file settles the point itself.
fn reading<'i>(
    name: String,
    body: Spanned<DeValue<'i>>,
    merged: &DeTable<'_>,
    sel: &Selection,
    file_of: &dyn Fn(usize) -> usize,
    diags: &mut Vec<Diagnostic>,
) -> Option<(Reading, Option<DeTable<'i>>)> {
    let at = |k: &str| format!("readings.{name}.{k}");
    let span: Span = body.span().into();
    let DeValue::Table(body) = body.into_inner() else {
        diags.push(Diagnostic::new(
            span,
            &format!("readings.{name}"),
            "expected a table with `point`, `reason`, `default` and `alternatives`",
        ));
        return None;
    };
    let text = |k: &str, diags: &mut Vec<Diagnostic>| match get(&body, k).map(|(_, v)| v) {
        Some(v) => match v.get_ref() {
            DeValue::String(s) => Some(s.to_string()),
            _ => {
                diags.push(Diagnostic::new(
                    v.span().into(),
                    &at(k),
                    "expected a string",
                ));
                None
            }
        },
        None => {
            diags.push(Diagnostic::new(span, &at(k), "missing key"));
            None
        }
    };
    for (k, _) in body.iter() {
        let k_span: Span = k.span().into();
        let k = key_str(k);
        if !["point", "reason", "default", "alternatives"].contains(&k.as_str()) {
            let hint = did_you_mean(&k, &["point", "reason", "default", "alternatives"])
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            diags.push(Diagnostic::new(k_span, &at(&k), format!("unknown key `{k}`, expected `point`, `reason`, `default` or `alternatives`{hint}")));
        }
    }
    let point = text("point", diags);
    let reason = text("reason", diags);
    let default = text("default", diags);
    let Some((_, alts)) = get(&body, "alternatives") else {
        diags.push(Diagnostic::new(
            span,
            &at("alternatives"),
            "missing key: a table of alternatives, each a table of overrides",
        ));
        return None;
    };
    let alts_span: Span = alts.span().into();
    let DeValue::Table(alts) = alts.get_ref() else {
        diags.push(Diagnostic::new(
            alts_span,
            &at("alternatives"),
            "expected a table of alternatives, each a table of overrides",
        ));
        return None;
    };
    if alts.len() < 2 {
        diags.push(Diagnostic::new(
            alts_span,
            &at("alternatives"),
            "a reading needs at least two alternatives",
        ));
    }
    let alternatives = alternatives(alts, &at, diags);
    let (Some(point), Some(reason), Some(default)) = (point, reason, default) else {
        return None;
    };
    if !alternatives.iter().any(|a| a.name == default) {
        let names: Vec<&str> = alternatives.iter().map(|a| a.name.as_str()).collect();
        let dv = get(&body, "default").map_or(span, |(_, v)| v.span().into());
        diags.push(Diagnostic::new(
            dv,
            &at("default"),
            format!(
                "`{default}` is not one of the alternatives ({})",
                names.join(", ")
            ),
        ));
        return None;
    }
    let chosen = sel.get(&name).cloned().unwrap_or_else(|| default.clone());
    if !alternatives.iter().any(|a| a.name == chosen) {
        let names: Vec<&str> = alternatives.iter().map(|a| a.name.as_str()).collect();
        diags.push(Diagnostic::new(
            Span { start: 0, end: 0 },
            &format!("readings.{name}"),
            format!(
                "no alternative `{chosen}` for the reading `{name}`; it has {}{}",
                names.join(", "),
                did_you_mean(&chosen, &names)
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default()
            ),
        ));
        return None;
    }
    let reading_file = file_of(span.start);
    if settled_by_child(
        merged,
        alts,
        (name.as_str(), default.as_str()),
        reading_file,
        file_of,
        diags,
    ) {
        if sel.contains_key(&name) {
            diags.push(Diagnostic::new(
                Span { start: 0, end: 0 },
                &format!("readings.{name}"),
                format!("the reading `{name}` does not apply: this file sets the key it is about"),
            ));
        }
        return None;
    }
    let (_, chosen_ov) = alts
        .iter()
        .find(|(k, _)| key_str(k) == chosen)
        .expect("checked");
    let overlay = match chosen_ov.get_ref() {
        DeValue::Table(ov) => Some(ov.clone()),
        _ => None,
    };
    let reading = Reading {
        name,
        point,
        reason,
        default,
        chosen,
        alternatives,
    };
    Some((reading, overlay))
}

/// A reading's alternatives, each a table of overrides of keys a reading
/// can set (`at` names a key of the reading in errors).
fn alternatives(
    alts: &DeTable<'_>,
    at: &dyn Fn(&str) -> String,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Alternative> {
    let mut alternatives = Vec::new();
    for (alt_k, alt_v) in alts.iter() {
        let alt = key_str(alt_k);
        let DeValue::Table(ov) = alt_v.get_ref() else {
            diags.push(Diagnostic::new(
                alt_v.span().into(),
                &at(&format!("alternatives.{alt}")),
                "expected a table of overrides, e.g. { sowing.skip_origin = true }",
            ));
            continue;
        };
        let mut leaves = Vec::new();
        override_leaves(ov, "", &mut leaves);
        let mut overrides = Vec::new();
        for (path, v) in leaves {
            if !super::INTERPRETABLE_KEYS.contains(&path.as_str()) {
                let hint = did_you_mean(&path, &super::INTERPRETABLE_KEYS)
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                // At the key, where the misspelling is, not at its value.
                let head = path.split('.').next().unwrap_or_default();
                let key_at = get(ov, head).map_or(v.span(), |(k, _)| k.span());
                diags.push(Diagnostic::new(
                    key_at.into(),
                    &at(&format!("alternatives.{alt}")),
                    format!(
                        "`{path}` is not a rule key a reading can set (a key of {}){hint}",
                        super::keys::rule_tables()
                    ),
                ));
                continue;
            }
            let shown = as_toml(v).map_or_else(|| "?".into(), |t| t.to_string());
            overrides.push((path, shown));
        }
        alternatives.push(Alternative {
            name: alt,
            overrides,
        });
    }
    alternatives
}

/// The file's own values must be the default reading's: the file then
/// reads the same with or without the readings table. A value written in
/// a file that extends the reading's file (`reading_file`) overrides it:
/// then the point is settled there, and this says so.
fn settled_by_child(
    merged: &DeTable<'_>,
    alts: &DeTable<'_>,
    (name, default): (&str, &str),
    reading_file: usize,
    file_of: &dyn Fn(usize) -> usize,
    diags: &mut Vec<Diagnostic>,
) -> bool {
    let (_, default_ov) = alts
        .iter()
        .find(|(k, _)| key_str(k) == default)
        .expect("checked");
    let mut settled = false;
    if let DeValue::Table(ov) = default_ov.get_ref() {
        let mut leaves = Vec::new();
        override_leaves(ov, "", &mut leaves);
        for (path, v) in leaves {
            // `board.initial` and `board.seeds_per_pit` give one thing,
            // the start: a child that writes either has settled a reading
            // of the other.
            let same_point = match path.as_str() {
                "board.initial" => Some("board.seeds_per_pit"),
                "board.seeds_per_pit" => Some("board.initial"),
                _ => None,
            };
            if let Some(other) = same_point.and_then(|k| lookup(merged, k))
                && file_of(other.span().start) < reading_file
            {
                settled = true;
                continue;
            }
            let Some(mine) = lookup(merged, &path) else {
                continue;
            };
            if file_of(mine.span().start) < reading_file {
                settled = true;
            } else if as_toml(mine) != as_toml(v) {
                diags.push(Diagnostic::new(
                    mine.span().into(),
                    &path,
                    format!(
                        "this value differs from the default reading `{name}` = `{default}`, which sets it to {}",
                        as_toml(v).map_or_else(|| "?".into(), |t| t.to_string())
                    ),
                ));
            }
        }
    }
    settled
}

/// A reading the selection names that the file does not declare (only
/// said when nothing else is wrong, which may be why it is missing).
fn unknown_selections(sel: &Selection, readings: &[Reading], diags: &mut Vec<Diagnostic>) {
    for name in sel.keys() {
        if !readings.iter().any(|r| &r.name == name) && diags.is_empty() {
            let names: Vec<&str> = readings.iter().map(|r| r.name.as_str()).collect();
            diags.push(Diagnostic::new(
                Span { start: 0, end: 0 },
                "readings",
                format!(
                    "no reading named `{name}`; this variant has {}{}",
                    names.join(", "),
                    did_you_mean(name, &names)
                        .map(|s| format!(" (did you mean `{s}`?)"))
                        .unwrap_or_default()
                ),
            ));
        }
    }
}

#[cfg(test)]
mod selection_tests {
    use super::*;

    #[test]
    fn a_selection_is_split_at_commas_and_spaces() {
        let sel = parse_selection(" a=x, b=y  c=z ,").unwrap();
        let want: Vec<(&str, &str)> = vec![("a", "x"), ("b", "y"), ("c", "z")];
        let got: Vec<(&str, &str)> = sel.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(got, want);
        assert!(parse_selection("").unwrap().is_empty());
    }

    #[test]
    fn a_selection_refuses_an_item_without_both_sides_and_a_reading_twice() {
        for bad in ["a", "a=", "=x", "a=x,b"] {
            assert!(
                parse_selection(bad)
                    .unwrap_err()
                    .starts_with("expected `reading=alternative`"),
                "{bad}"
            );
        }
        assert_eq!(
            parse_selection("a=x, a=y").unwrap_err(),
            "the reading `a` is named twice"
        );
    }

    #[test]
    fn a_choice_splits_at_the_first_equals_sign() {
        assert_eq!(reading_choice(" a = x|y "), Some(("a", "x|y")));
        assert_eq!(reading_choice("a=b=c"), Some(("a", "b=c")));
        assert_eq!(reading_choice("a"), None);
    }
}
