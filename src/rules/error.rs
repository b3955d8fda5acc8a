//! Errors in rule files: where (file, line, column), which key, and what was expected.

use std::fmt;
use std::path::PathBuf;

/// A byte range in a rule file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl From<std::ops::Range<usize>> for Span {
    fn from(r: std::ops::Range<usize>) -> Self {
        Span {
            start: r.start,
            end: r.end,
        }
    }
}

/// One problem in a rule file, before it is placed in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Where in the text.
    pub span: Span,
    /// The dotted key concerned (`sowing.direction`), empty for a TOML syntax error.
    pub key: String,
    /// What is wrong and what was expected.
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic at `span` about `key`.
    pub fn new(span: Span, key: &str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            span,
            key: key.to_owned(),
            message: message.into(),
        }
    }
}

/// A problem placed in a file: `file:line:col: key: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    /// The file, as the user named it (or `<bundled>/kpe.toml`).
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The key concerned, if any.
    pub key: String,
    /// What is wrong and what was expected.
    pub message: String,
}

impl Located {
    /// Places `d` in `text`, read from `file`.
    pub fn new(file: &str, text: &str, d: &Diagnostic) -> Located {
        let (line, column) = line_col(text, d.span.start);
        Located {
            file: file.to_owned(),
            line,
            column,
            key: d.key.clone(),
            message: d.message.clone(),
        }
    }
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file, self.line, self.column)?;
        if !self.key.is_empty() {
            write!(f, "`{}`: ", self.key)?;
        }
        f.write_str(&self.message)
    }
}

/// 1-based line and column (in characters) of byte `offset` in `text`.
#[must_use]
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Why a rule file could not be loaded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The file could not be read.
    // The OS error is shown in the message and so is not a `source`: a
    // report that prints the chain of causes would print it twice.
    #[error("{}: cannot read the rule file: {error}", path.display())]
    Io {
        /// The path tried.
        path: PathBuf,
        /// The OS error.
        error: std::io::Error,
    },
    /// The path names a directory.
    #[error("{}: is a directory, not a rule file", path.display())]
    Directory {
        /// The path given.
        path: PathBuf,
    },
    /// A name that is neither a bundled variant nor a file.
    #[error(
        "unknown variant `{name}`: not a bundled variant ({known}) and no such file{}",
        suggestion.map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default()
    )]
    UnknownVariant {
        /// The name given.
        name: String,
        /// The bundled ids, comma-separated.
        known: String,
        /// The bundled id nearest to the name, if one is near.
        suggestion: Option<&'static str>,
    },
    /// The file was read but is wrong.
    #[error("{}", display_all(.0))]
    Invalid(Vec<Located>),
}

fn display_all(v: &[Located]) -> String {
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
#[must_use]
pub fn did_you_mean<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|c| (edit_distance(word, c), *c))
        .filter(|&(d, c)| d > 0 && d <= (c.len() / 3).max(2))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let up = row[j + 1];
            row[j + 1] = (up + 1).min(row[j] + 1).min(diag + usize::from(ca != cb));
            diag = up;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters() {
        let t = "ab\ncé d\n";
        assert_eq!(line_col(t, 0), (1, 1));
        assert_eq!(line_col(t, 3), (2, 1));
        assert_eq!(line_col(t, t.find('d').unwrap()), (2, 4));
    }

    #[test]
    fn suggests_close_words_only() {
        assert_eq!(
            did_you_mean("sowing.skip_orign", &["sowing.skip_origin", "sowing.laps"]),
            Some("sowing.skip_origin")
        );
        assert_eq!(did_you_mean("banana", &["sowing.laps"]), None);
    }
}
