//! The error object of `--json` output (docs/json.md): one shape for every
//! error `check` and `replay` report, whatever its kind.

use ayla::check::{IllegalPly, ResultProblem};
use ayla::engine::Position;
use ayla::notation::{Loc, RecordSyntaxError, format_position};
use ayla::rules::Rules;
use serde_json::{Value, json};

/// What kind of error: its exit code follows from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A ply the rules forbid (exit 1).
    IllegalPly,
    /// A tag's claim (`Result`, `Termination`, `FinalPosition`) the game contradicts (exit 1).
    WrongResult,
    /// A record that does not parse (exit 2).
    Syntax,
    /// A record that cannot be checked: unreadable, no rulebook, a malformed
    /// tag value, a fault of the command line (exit 2).
    Unusable,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::IllegalPly => "illegal-ply",
            Kind::WrongResult => "wrong-result",
            Kind::Syntax => "syntax",
            Kind::Unusable => "unusable",
        }
    }
}

/// One error, every field present (`null` where it has no value).
#[derive(Debug, Clone)]
pub struct Error {
    kind: Kind,
    file: String,
    at: Option<Loc>,
    ply: Option<usize>,
    side: Option<String>,
    text: Option<String>,
    message: String,
    position: Option<String>,
}

impl Error {
    /// An error of `kind` in `file`, at `at` if it has a place there.
    pub fn new(kind: Kind, file: &str, at: Option<Loc>, message: impl Into<String>) -> Error {
        Error {
            kind,
            file: file.to_owned(),
            at,
            ply: None,
            side: None,
            text: None,
            message: message.into(),
            position: None,
        }
    }

    /// An illegal ply: where, which, who, the position before it, and why.
    pub fn illegal(file: &str, rules: &Rules, i: &IllegalPly) -> Error {
        Error {
            ply: Some(i.number),
            side: Some(i.side.to_string()),
            text: Some(i.text.clone()),
            position: Some(format_position(rules, &i.before)),
            ..Error::new(Kind::IllegalPly, file, Some(i.loc), i.reason.clone())
        }
    }

    /// A wrong claim, with the position the game actually reached.
    pub fn wrong_result(file: &str, rules: &Rules, p: &ResultProblem, last: &Position) -> Error {
        Error {
            position: Some(format_position(rules, last)),
            ..Error::new(Kind::WrongResult, file, Some(p.loc()), p.message())
        }
    }

    /// A syntax error in a record file.
    pub fn syntax(file: &str, e: &RecordSyntaxError) -> Error {
        Error::new(Kind::Syntax, file, Some(e.loc), e.message.clone())
    }

    /// The error as JSON.
    pub fn to_json(&self) -> Value {
        json!({
            "kind": self.kind.name(),
            "file": self.file,
            "line": self.at.map(|l| l.line),
            "column": self.at.map(|l| l.column),
            "ply": self.ply,
            "side": self.side,
            "text": self.text,
            "message": self.message,
            "position": self.position,
        })
    }
}
