//! A record file checked, game by game: each game's rulebook found, the
//! games of a match linked, and each game's verdict as one plain value,
//! the shape `ayla check --json` prints (docs/json.md) and the Python
//! package returns. The command line's text report reads the same
//! [`Checked`] games.

use super::{Claim, GameReport, IllegalPly, MatchLink, MatchStanding, ResultProblem};
use crate::engine::{Position, Variant};
use crate::notation::{Loc, Record, RecordSyntaxError, format_position, parse_records};
use crate::rulebook::{Overrides, rulebook_for};
use crate::rules::Rules;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// One game of a file, checked or not.
#[derive(Debug)]
pub enum Checked {
    /// Replayed under its rulebook.
    Game {
        /// The rules it was read under.
        variant: Arc<Variant>,
        /// What the replay found (boxed: a report is large, and a file
        /// holds as many as it has games).
        report: Box<GameReport>,
    },
    /// Not checked: no rulebook, a malformed tag, an earlier game of its
    /// match that could not be checked. `at` is `None` for a fault of
    /// the caller's choice of rules (`--rules`, `--reading`).
    Unusable {
        /// Where in the record, if there.
        at: Option<Loc>,
        /// Why.
        message: String,
    },
}

/// Checks the games of a file in order, each under the rulebook its
/// `Variant` tag names (rule files relative to `base`, the record's
/// directory) or `choice` overrides, the games of a match each from the
/// set-up of the one before.
#[must_use]
pub fn check_records(games: &[Record], base: &Path, choice: &Overrides) -> Vec<Checked> {
    let mut link = MatchLink::new();
    games
        .iter()
        .map(|rec| {
            let variant = match rulebook_for(rec, base, choice) {
                Ok(r) => Arc::new(Variant::new(r)),
                Err(e) => {
                    link.unchecked(rec);
                    return Checked::Unusable {
                        at: e.at,
                        message: e.message,
                    };
                }
            };
            match link.check(&variant, rec) {
                Ok(report) => Checked::Game {
                    variant,
                    report: Box::new(report),
                },
                Err(u) => Checked::Unusable {
                    at: Some(u.loc),
                    message: u.message,
                },
            }
        })
        .collect()
}

/// How a game (or a file) came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Every ply legal, every claim right.
    Ok,
    /// A ply the rules forbid.
    Illegal,
    /// A claim of the tags the game contradicts.
    WrongResult,
    /// Not checked.
    Unusable,
}

/// What kind of error: its exit code follows from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProblemKind {
    /// A ply the rules forbid (exit 1).
    IllegalPly,
    /// A tag's claim (`Result`, `Termination`, `FinalPosition`, a later
    /// game's `Position`, `MatchResult`) the game contradicts (exit 1).
    WrongResult,
    /// A record that does not parse (exit 2).
    Syntax,
    /// A record that cannot be checked: unreadable, no rulebook, a
    /// malformed tag value, a fault of the caller's choice of rules (exit 2).
    Unusable,
}

/// One error, every field present (`None` where it has no value).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// Its kind.
    pub kind: ProblemKind,
    /// The file, as named.
    pub file: String,
    /// Where in the file, if there (1-based).
    pub line: Option<usize>,
    /// The column there (1-based, in characters).
    pub column: Option<usize>,
    /// An illegal ply's number, from 1.
    pub ply: Option<usize>,
    /// The side that played it.
    pub side: Option<String>,
    /// The ply as written.
    pub text: Option<String>,
    /// What is wrong, in words.
    pub message: String,
    /// The position before an illegal ply, or the one a wrong claim's
    /// game reached.
    pub position: Option<String>,
}

impl Problem {
    /// An error of `kind` in `file`, at `at` if it has a place there.
    #[must_use]
    pub fn new(
        kind: ProblemKind,
        file: &str,
        at: Option<Loc>,
        message: impl Into<String>,
    ) -> Problem {
        Problem {
            kind,
            file: file.to_owned(),
            line: at.map(|l| l.line),
            column: at.map(|l| l.column),
            ply: None,
            side: None,
            text: None,
            message: message.into(),
            position: None,
        }
    }

    /// An illegal ply: where, which, who, the position before it, and why.
    #[must_use]
    pub fn illegal(file: &str, rules: &Rules, i: &IllegalPly) -> Problem {
        Problem {
            ply: Some(i.number),
            side: Some(i.side.to_string()),
            text: Some(i.text.clone()),
            position: Some(format_position(rules, &i.before)),
            ..Problem::new(ProblemKind::IllegalPly, file, Some(i.loc), i.reason.clone())
        }
    }

    /// A wrong claim, with the position the game actually reached.
    #[must_use]
    pub fn wrong_result(file: &str, rules: &Rules, p: &ResultProblem, last: &Position) -> Problem {
        Problem {
            position: Some(format_position(rules, last)),
            ..Problem::new(ProblemKind::WrongResult, file, Some(p.loc()), p.message())
        }
    }

    /// A syntax error in a record file.
    #[must_use]
    pub fn syntax(file: &str, e: &RecordSyntaxError) -> Problem {
        Problem::new(ProblemKind::Syntax, file, Some(e.loc), e.message.clone())
    }
}

/// One game's verdict (or a file's, where the file could not be read or
/// parsed: then `game` and `line` are `None`), every field present.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The file, as named.
    pub file: String,
    /// The game's number in the file, from 1.
    pub game: Option<usize>,
    /// The line of its first tag.
    pub line: Option<usize>,
    /// How it came out.
    pub status: Status,
    /// The variant's id.
    pub variant: Option<String>,
    /// The alternative read for each open point.
    pub readings: Option<BTreeMap<String, String>>,
    /// The plies replayed (legal ones).
    pub plies: Option<usize>,
    /// The `Result` tag's claim (`None` if the record makes none).
    pub claimed: Option<String>,
    /// The final totals (`"S-N"`), once the game has ended.
    pub result: Option<String>,
    /// `"South"`, `"North"`, or `None` for a draw or an unfinished game.
    pub winner: Option<String>,
    /// Why it ended ([`crate::engine::EndReason::code`]).
    pub ended: Option<&'static str>,
    /// A victory without glory.
    pub without_glory: Option<bool>,
    /// The last legal position.
    pub position: Option<String>,
    /// Its number in a match.
    pub match_game: Option<u16>,
    /// Its `MatchResult` as the match stands after it.
    pub match_result: Option<&'static str>,
    /// Every error found, in the order of the file.
    pub errors: Vec<Problem>,
}

impl Verdict {
    /// A file, or one of its games, that could not be checked.
    #[must_use]
    pub fn unusable(file: &str, game: Option<(usize, &Record)>, error: Problem) -> Verdict {
        Verdict {
            file: file.to_owned(),
            game: game.map(|(i, _)| i),
            line: game.map(|(_, r)| r.loc.line),
            status: Status::Unusable,
            variant: None,
            readings: None,
            plies: None,
            claimed: None,
            result: None,
            winner: None,
            ended: None,
            without_glory: None,
            position: None,
            match_game: None,
            match_result: None,
            errors: vec![error],
        }
    }

    /// Game `index` (from 1) of file `file`, as checked.
    #[must_use]
    pub fn of(file: &str, index: usize, rec: &Record, checked: &Checked) -> Verdict {
        let (variant, r) = match checked {
            Checked::Game { variant, report } => (variant, report),
            Checked::Unusable { at, message } => {
                let e = Problem::new(ProblemKind::Unusable, file, *at, message.clone());
                return Verdict::unusable(file, Some((index, rec)), e);
            }
        };
        let rules: &Rules = variant;
        let status = if r.illegal.is_some() {
            Status::Illegal
        } else if !r.result_problems.is_empty() {
            Status::WrongResult
        } else {
            Status::Ok
        };
        let mut errors: Vec<Problem> = r
            .illegal
            .iter()
            .map(|i| Problem::illegal(file, rules, i))
            .collect();
        errors.extend(
            r.result_problems
                .iter()
                .map(|p| Problem::wrong_result(file, rules, p, &r.last)),
        );
        let o = r.outcome;
        Verdict {
            file: file.to_owned(),
            game: Some(index),
            line: Some(rec.loc.line),
            status,
            variant: Some(rules.provenance().id.clone()),
            readings: Some(
                rules
                    .readings()
                    .iter()
                    .map(|x| (x.name.clone(), x.chosen.clone()))
                    .collect(),
            ),
            plies: Some(r.steps.len()),
            claimed: match r.claim {
                Claim::None => None,
                c => Some(c.to_string()),
            },
            result: o.map(|o| format!("{}-{}", o.totals[0], o.totals[1])),
            winner: o.and_then(|o| o.winner.map(|w| w.to_string())),
            ended: o.map(|o| o.reason.code()),
            without_glory: o.map(|o| o.without_glory),
            position: Some(format_position(rules, &r.last)),
            match_game: r.match_game,
            match_result: r.match_game.and_then(|_| MatchStanding::of(r).tag_value()),
            errors,
        }
    }
}

/// The text of a record file checked: each game's verdict, or the file's
/// one verdict if it does not parse. `file` names it in the verdicts;
/// rule files are read relative to `base`.
#[must_use]
pub fn check_text(file: &str, text: &str, base: &Path, choice: &Overrides) -> Vec<Verdict> {
    let games = match parse_records(text) {
        Ok(g) => g,
        Err(e) => return vec![Verdict::unusable(file, None, Problem::syntax(file, &e))],
    };
    let checked = check_records(&games, base, choice);
    games
        .iter()
        .zip(&checked)
        .enumerate()
        .map(|(i, (rec, c))| Verdict::of(file, i + 1, rec, c))
        .collect()
}

/// A record file checked, as [`check_text`]; rule files are read relative
/// to its directory, and a file that cannot be read is one unusable
/// verdict.
#[must_use]
pub fn check_file(path: &Path, choice: &Overrides) -> Vec<Verdict> {
    let file = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(text) => check_text(&file, &text, path.parent().unwrap_or(Path::new("")), choice),
        Err(e) => {
            let msg = format!("cannot read the record: {e}");
            let p = Problem::new(ProblemKind::Unusable, &file, None, msg);
            vec![Verdict::unusable(&file, None, p)]
        }
    }
}

/// One ply of a game replayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayedPly {
    /// Its number, from 1.
    pub number: usize,
    /// Who played it.
    pub side: String,
    /// As written.
    pub text: String,
    /// What it did, in words.
    pub effect: String,
    /// The position after it.
    pub position: String,
    /// The comments written after it.
    pub comments: Vec<String>,
}

/// A tag of a record, as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TagValue {
    /// Its name.
    pub name: String,
    /// Its value.
    pub value: String,
}

/// A game replayed ply by ply: the shape `ayla replay --json` prints
/// (docs/json.md) and the Python package returns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Replay {
    /// The file, as named.
    pub file: String,
    /// The game's number in the file, from 1.
    pub game: usize,
    /// The line of its first tag.
    pub line: usize,
    /// The variant's id.
    pub variant: String,
    /// The alternative read for each open point.
    pub readings: BTreeMap<String, String>,
    /// Its tags, in order.
    pub tags: Vec<TagValue>,
    /// The starting position.
    pub start: String,
    /// The plies shown.
    pub plies: Vec<ReplayedPly>,
    /// The position shown: after the last ply shown.
    pub position: String,
    /// As [`Verdict::result`].
    pub result: Option<String>,
    /// As [`Verdict::winner`].
    pub winner: Option<String>,
    /// As [`Verdict::ended`].
    pub ended: Option<&'static str>,
    /// As [`Verdict::without_glory`].
    pub without_glory: Option<bool>,
    /// As [`Verdict::match_game`].
    pub match_game: Option<u16>,
    /// As [`Verdict::match_result`].
    pub match_result: Option<&'static str>,
    /// The game's errors, when it is shown to its end.
    pub errors: Vec<Problem>,
}

impl Replay {
    /// Game `index` (from 1) of `file`, replayed under `rules` as `report`
    /// says: every ply, or with `ply` only the position after that one
    /// (`Some(0)`: the start). `to_end`: the game is shown to its end, so
    /// its errors are part of it.
    #[must_use]
    pub fn of(
        file: &str,
        index: usize,
        rec: &Record,
        rules: &Rules,
        report: &GameReport,
        ply: Option<usize>,
        to_end: bool,
    ) -> Replay {
        let shown = match ply {
            Some(0) => 0..0,
            Some(n) => n - 1..n,
            None => 0..report.steps.len(),
        };
        let position = match ply {
            Some(0) => &report.start,
            Some(n) => &report.steps[n - 1].after,
            None => &report.last,
        };
        let plies = report.steps[shown]
            .iter()
            .map(|s| ReplayedPly {
                number: s.number,
                side: s.side.to_string(),
                text: s.text.clone(),
                effect: s.effect.describe_ply(rules, s.side, s.ply),
                position: format_position(rules, &s.after),
                comments: s.comments.clone(),
            })
            .collect();
        let mut errors = Vec::new();
        if to_end {
            errors.extend(
                report
                    .illegal
                    .iter()
                    .map(|i| Problem::illegal(file, rules, i)),
            );
            errors.extend(
                report
                    .result_problems
                    .iter()
                    .map(|p| Problem::wrong_result(file, rules, p, &report.last)),
            );
        }
        let o = report.outcome;
        Replay {
            file: file.to_owned(),
            game: index,
            line: rec.loc.line,
            variant: rules.provenance().id.clone(),
            readings: rules
                .readings()
                .iter()
                .map(|x| (x.name.clone(), x.chosen.clone()))
                .collect(),
            tags: rec
                .tags
                .iter()
                .map(|t| TagValue {
                    name: t.name.clone(),
                    value: t.value.clone(),
                })
                .collect(),
            start: format_position(rules, &report.start),
            plies,
            position: format_position(rules, position),
            result: o.map(|o| format!("{}-{}", o.totals[0], o.totals[1])),
            winner: o.and_then(|o| o.winner).map(|w| w.to_string()),
            ended: o.map(|o| o.reason.code()),
            without_glory: o.map(|o| o.without_glory),
            match_game: report.match_game,
            match_result: report
                .match_game
                .and_then(|_| MatchStanding::of(report).tag_value()),
            errors,
        }
    }
}
