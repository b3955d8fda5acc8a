//! Checking a recorded game against a rulebook, ply by ply.
//!
//! [`check_game`] replays a parsed [`Record`] under a [`Rules`] and says
//! whether every ply is legal, where the first illegal one stands and
//! why, and whether the stated `Result` is right. Finding the rulebook
//! (the `Variant` tag) is the caller's business: see [`crate::rules::resolve_from`].

use crate::engine::{Effect, Game, Outcome, Position, Side, Variant};
use crate::notation::{Loc, Record, parse_position};
use crate::rules::Rules;
use std::fmt;
use std::sync::Arc;

/// What a record claims in its `Result` tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// No `Result` tag: nothing is claimed.
    None,
    /// `*`: the game is unfinished.
    Unfinished,
    /// `S-N`: the final totals.
    Totals(u32, u32),
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::None => f.write_str("no result"),
            Claim::Unfinished => f.write_str("*"),
            Claim::Totals(s, n) => write!(f, "{s}-{n}"),
        }
    }
}

/// A record that cannot be checked at all (exit code 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unusable {
    /// Where.
    pub loc: Loc,
    /// Why.
    pub message: String,
}

impl fmt::Display for Unusable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.loc, self.message)
    }
}

impl std::error::Error for Unusable {}

/// The first illegal ply of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalPly {
    /// Where it is written.
    pub loc: Loc,
    /// Its number, from 1, every ply counting one.
    pub number: usize,
    /// The side that played it.
    pub side: Side,
    /// The ply as written.
    pub text: String,
    /// The position before it.
    pub before: Position,
    /// The rule that forbids it, in words.
    pub reason: String,
}

/// What is wrong with a game whose plies are all legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResultProblem {
    /// The stated totals differ from the true ones.
    WrongTotals {
        /// Where the `Result` tag is.
        loc: Loc,
        /// What it says.
        claimed: Claim,
        /// The true outcome.
        actual: Outcome,
    },
    /// `*` for a game that has ended.
    FinishedButUnfinishedClaimed {
        /// Where the `Result` tag is.
        loc: Loc,
        /// The true outcome.
        actual: Outcome,
    },
    /// Totals stated for a game that has not ended.
    UnfinishedButTotalsClaimed {
        /// Where the `Result` tag is.
        loc: Loc,
        /// What it says.
        claimed: Claim,
    },
}

impl fmt::Display for ResultProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultProblem::WrongTotals {
                loc,
                claimed,
                actual,
            } => write!(
                f,
                "{loc}: the Result tag says {claimed}, but the game ended {}-{}",
                actual.totals[0], actual.totals[1]
            ),
            ResultProblem::FinishedButUnfinishedClaimed { loc, actual } => write!(
                f,
                "{loc}: the Result tag says * (unfinished), but the game ended {}-{}",
                actual.totals[0], actual.totals[1]
            ),
            ResultProblem::UnfinishedButTotalsClaimed { loc, claimed } => write!(
                f,
                "{loc}: the Result tag says {claimed}, but the game has not ended"
            ),
        }
    }
}

/// One ply as replayed: what it was and what it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// Ply number, from 1.
    pub number: usize,
    /// Who played it.
    pub side: Side,
    /// As written.
    pub text: String,
    /// What it did.
    pub effect: Effect,
    /// The position after it.
    pub after: Position,
    /// Comments written after it.
    pub comments: Vec<String>,
}

/// The verdict on one game.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// The starting position.
    pub start: Position,
    /// The plies replayed, legal ones only.
    pub steps: Vec<Step>,
    /// The first illegal ply, if any.
    pub illegal: Option<IllegalPly>,
    /// The claim of the `Result` tag.
    pub claim: Claim,
    /// What is wrong with the result, if the plies are legal.
    pub result_problem: Option<ResultProblem>,
    /// The outcome, if the game (as far as legal) has ended.
    pub outcome: Option<Outcome>,
    /// The last legal position.
    pub last: Position,
}

impl GameReport {
    /// Whether the game is legal and its stated result right.
    #[must_use]
    pub fn is_ok(&self) -> bool {
        self.illegal.is_none() && self.result_problem.is_none()
    }
}

/// Reads the `Result` tag.
///
/// # Errors
/// A value that is neither `S-N` nor `*`.
pub fn claim(rec: &Record) -> Result<Claim, Unusable> {
    let Some(t) = rec.tag("Result") else {
        return Ok(Claim::None);
    };
    let v = t.value.trim();
    if v == "*" {
        return Ok(Claim::Unfinished);
    }
    let parsed = v
        .split_once('-')
        .and_then(|(s, n)| Some(Claim::Totals(s.parse().ok()?, n.parse().ok()?)));
    parsed.ok_or_else(|| Unusable {
        loc: t.loc,
        message: format!("the Result tag must be `S-N` (e.g. `30-18`) or `*`, not {v:?}"),
    })
}

/// The starting position: the `Position` tag, or the variant's initial one.
///
/// # Errors
/// A `Position` tag that does not parse or does not fit the rules.
pub fn start_position(rules: &Rules, rec: &Record) -> Result<Position, Unusable> {
    match rec.tag("Position") {
        None => Ok(Position::initial(rules)),
        Some(t) => parse_position(rules, &t.value).map_err(|e| Unusable {
            loc: t.loc,
            message: format!("the Position tag: {e}"),
        }),
    }
}

/// Replays `rec` under a compiled variant.
///
/// # Errors
/// [`Unusable`] when the record cannot be checked at all (a bad `Result`
/// or `Position` tag); an illegal ply or a wrong result is a verdict in
/// the report, not an error.
pub fn check_game(variant: &Arc<Variant>, rec: &Record) -> Result<GameReport, Unusable> {
    let rules: &Rules = variant;
    let claim = claim(rec)?;
    let start = start_position(rules, rec)?;
    let mut game = Game::from_position(Arc::clone(variant), start);
    let mut steps = Vec::with_capacity(rec.plies.len());
    let mut illegal = None;
    for (i, p) in rec.plies.iter().enumerate() {
        let before = *game.position();
        let side = before.to_move();
        let played = p
            .ply
            .resolve(rules)
            .map_err(|e| e.to_string())
            .and_then(|ply| game.play(ply).map_err(|e| e.to_string()));
        match played {
            Ok(effect) => steps.push(Step {
                number: i + 1,
                side,
                text: p.text.clone(),
                effect,
                after: *game.position(),
                comments: p.comments.clone(),
            }),
            Err(reason) => {
                illegal = Some(IllegalPly {
                    loc: p.loc,
                    number: i + 1,
                    side,
                    text: p.text.clone(),
                    before,
                    reason,
                });
                break;
            }
        }
    }
    let outcome = game.outcome();
    let result_problem = if illegal.is_some() {
        None
    } else {
        let loc = rec.tag("Result").map_or(rec.loc, |t| t.loc);
        match (claim, outcome) {
            (Claim::None, _) | (Claim::Unfinished, None) => None,
            (Claim::Unfinished, Some(actual)) => {
                Some(ResultProblem::FinishedButUnfinishedClaimed { loc, actual })
            }
            (Claim::Totals(..), None) => Some(ResultProblem::UnfinishedButTotalsClaimed {
                loc,
                claimed: claim,
            }),
            (Claim::Totals(s, n), Some(actual)) => {
                (actual.totals != [s, n]).then_some(ResultProblem::WrongTotals {
                    loc,
                    claimed: claim,
                    actual,
                })
            }
        }
    };
    Ok(GameReport {
        start,
        steps,
        illegal,
        claim,
        result_problem,
        outcome,
        last: *game.position(),
    })
}

/// Writes a game as a record: tags in the order given, then the plies,
/// every ply numbered (`1. c 2. A 3. offer(a,b) 4. accept`): the numbers
/// `check` and `replay --ply` give, whichever side played, so a game with
/// trades and extra turns reads without counting. The inverse of parsing
/// (which ignores move numbers), for saving played games.
#[must_use]
pub fn write_record(
    rules: &Rules,
    tags: &[(&str, String)],
    plies: &[crate::engine::Ply],
) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        let v = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{v}\"]\n"));
    }
    out.push('\n');
    let mut line = String::new();
    for (i, p) in plies.iter().enumerate() {
        line.push_str(&format!("{}. ", i + 1));
        line.push_str(&p.notation(rules.per_row));
        line.push(' ');
        if line.len() > 70 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
    }
    if !line.is_empty() {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
