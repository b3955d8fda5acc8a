//! Checking a recorded game against a rulebook, ply by ply.
//!
//! [`check_game`] replays a parsed [`Record`] under a [`Rules`] and says
//! whether every ply is legal, where the first illegal one stands and
//! why, and whether what the record claims about the game is right: the
//! `Result` tag (the final totals, or `*`), the `Termination` tag (why the
//! game ended, an [`EndReason::code`]), the `Glory` tag (`"without"`: a
//! victory without glory) and the `FinalPosition` tag (the position after
//! the last ply). Finding the rulebook (the `Variant` tag)
//! is the caller's business: see [`crate::rulebook`].
//!
//! The games of a match (`[match]`) are linked by their `MatchGame` tags:
//! each after the first starts where the match's set-up puts it, so the
//! games of a file are checked in order through a [`MatchLink`]
//! (`matches.rs`); [`check_game`] checks a game on its own.

mod matches;
pub mod verdict;

pub use matches::{MatchClaim, MatchLink, MatchStanding, match_number, match_start};

use crate::engine::{Effect, EndReason, Outcome, Position, Side, Variant};
use crate::matches::game_of_match;
use crate::notation::{Loc, Record, format_position, parse_position};
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

/// A claim of a record's tags that the game contradicts (its plies all
/// legal): a wrong result, in the broad sense.
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
    /// The `Termination` tag names another end than the game's.
    WrongTermination {
        /// Where the `Termination` tag is.
        loc: Loc,
        /// What it says (one of [`EndReason::CODES`]).
        claimed: String,
        /// The true outcome.
        actual: Outcome,
    },
    /// A `Termination` tag for a game that has not ended.
    UnfinishedButTerminationClaimed {
        /// Where the `Termination` tag is.
        loc: Loc,
        /// What it says.
        claimed: String,
    },
    /// `[Glory "without"]` for a game that did not end in a victory
    /// without glory (a win by a player who had declined an offer).
    WrongGlory {
        /// Where the `Glory` tag is.
        loc: Loc,
        /// The true outcome, if the game ended.
        actual: Option<Outcome>,
    },
    /// The `FinalPosition` tag is not the position after the last ply.
    WrongFinalPosition {
        /// Where the `FinalPosition` tag is.
        loc: Loc,
        /// What it says, as written.
        claimed: String,
        /// The position after the last ply, canonical.
        actual: String,
    },
    /// The `Position` tag of a later game of a match is not where the
    /// match's set-up starts it (the game is checked from the set-up).
    WrongStart {
        /// Where the `Position` tag is.
        loc: Loc,
        /// What it says, as written.
        claimed: String,
        /// The set-up, canonical.
        actual: String,
    },
    /// The `MatchResult` tag says another standing of the match than the
    /// one this game leaves.
    WrongMatchResult {
        /// Where the `MatchResult` tag is.
        loc: Loc,
        /// What it says.
        claimed: MatchClaim,
        /// The match after this game.
        actual: MatchStanding,
    },
}

impl ResultProblem {
    /// Where the tag that makes the wrong claim is.
    #[must_use]
    pub fn loc(&self) -> Loc {
        match self {
            ResultProblem::WrongTotals { loc, .. }
            | ResultProblem::FinishedButUnfinishedClaimed { loc, .. }
            | ResultProblem::UnfinishedButTotalsClaimed { loc, .. }
            | ResultProblem::WrongTermination { loc, .. }
            | ResultProblem::UnfinishedButTerminationClaimed { loc, .. }
            | ResultProblem::WrongGlory { loc, .. }
            | ResultProblem::WrongFinalPosition { loc, .. }
            | ResultProblem::WrongStart { loc, .. }
            | ResultProblem::WrongMatchResult { loc, .. } => *loc,
        }
    }

    /// The name of that tag: `Result`, `Termination`, `Glory`,
    /// `FinalPosition`, `Position` or `MatchResult`.
    #[must_use]
    pub fn tag(&self) -> &'static str {
        match self {
            ResultProblem::WrongTotals { .. }
            | ResultProblem::FinishedButUnfinishedClaimed { .. }
            | ResultProblem::UnfinishedButTotalsClaimed { .. } => "Result",
            ResultProblem::WrongTermination { .. }
            | ResultProblem::UnfinishedButTerminationClaimed { .. } => "Termination",
            ResultProblem::WrongGlory { .. } => "Glory",
            ResultProblem::WrongFinalPosition { .. } => "FinalPosition",
            ResultProblem::WrongStart { .. } => "Position",
            ResultProblem::WrongMatchResult { .. } => "MatchResult",
        }
    }

    /// What is wrong, without the location.
    #[must_use]
    pub fn message(&self) -> String {
        match self {
            ResultProblem::WrongTotals {
                claimed, actual, ..
            } => format!(
                "the Result tag says {claimed}, but the game ended {}-{}",
                actual.totals[0], actual.totals[1]
            ),
            ResultProblem::FinishedButUnfinishedClaimed { actual, .. } => format!(
                "the Result tag says * (unfinished), but the game ended {}-{}",
                actual.totals[0], actual.totals[1]
            ),
            ResultProblem::UnfinishedButTotalsClaimed { claimed, .. } => {
                format!("the Result tag says {claimed}, but the game has not ended")
            }
            ResultProblem::WrongTermination {
                claimed, actual, ..
            } => format!(
                "the Termination tag says {claimed}, but the game ended by {} ({})",
                actual.reason.code(),
                actual.reason
            ),
            ResultProblem::UnfinishedButTerminationClaimed { claimed, .. } => {
                format!("the Termination tag says {claimed}, but the game has not ended")
            }
            ResultProblem::WrongGlory { actual, .. } => match actual {
                None => "the Glory tag says \"without\" (a victory without glory), but the game has not ended".to_owned(),
                Some(o) if o.winner.is_none() => {
                    "the Glory tag says \"without\" (a victory without glory), but the game is drawn".to_owned()
                }
                Some(o) => format!(
                    "the Glory tag says \"without\" (a victory without glory), but {} won without declining an offer",
                    o.winner.expect("a winner")
                ),
            },
            ResultProblem::WrongFinalPosition {
                claimed, actual, ..
            } => format!(
                "the FinalPosition tag says {claimed}, but the position after the last ply is {actual}"
            ),
            ResultProblem::WrongStart {
                claimed, actual, ..
            } => format!(
                "the Position tag says {claimed}, but the match sets this game up at {actual}"
            ),
            ResultProblem::WrongMatchResult {
                claimed, actual, ..
            } => format!("the MatchResult tag says {claimed}, but {actual}"),
        }
    }
}

impl fmt::Display for ResultProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.loc(), self.message())
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
    /// The ply.
    pub ply: crate::engine::Ply,
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
    /// The claims of the tags that the game contradicts, in the order the
    /// tags are written. When a ply is illegal only a later game's
    /// `Position` is judged: the other claims are about a game that was
    /// not played.
    pub result_problems: Vec<ResultProblem>,
    /// The outcome, if the game (as far as legal) has ended.
    pub outcome: Option<Outcome>,
    /// The last legal position.
    pub last: Position,
    /// Its number in a match (the `MatchGame` tag), from 1.
    pub match_game: Option<u16>,
    /// What follows it in its match, once it has ended with every ply
    /// legal: the next game's set-up, or the match's end.
    pub after: Option<crate::reference::match_play::AfterGame>,
}

impl GameReport {
    /// Whether the game is legal and every claim of its tags right.
    #[must_use]
    pub fn is_ok(&self) -> bool {
        self.illegal.is_none() && self.result_problems.is_empty()
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

/// Reads the `Termination` tag: one of [`EndReason::CODES`], with its place.
///
/// # Errors
/// A value that is not one of them.
pub fn termination_claim(rec: &Record) -> Result<Option<(Loc, String)>, Unusable> {
    let Some(t) = rec.tag("Termination") else {
        return Ok(None);
    };
    let v = t.value.trim();
    if EndReason::CODES.contains(&v) {
        return Ok(Some((t.loc, v.to_owned())));
    }
    let codes: Vec<String> = EndReason::CODES.iter().map(|c| format!("`{c}`")).collect();
    Err(Unusable {
        loc: t.loc,
        message: format!(
            "the Termination tag must say why the game ended, one of {}, not {v:?}",
            codes.join(", ")
        ),
    })
}

/// Reads the `Glory` tag: `"without"` claims a victory without glory.
///
/// # Errors
/// Any other value.
pub fn glory_claim(rec: &Record) -> Result<Option<Loc>, Unusable> {
    let Some(t) = rec.tag("Glory") else {
        return Ok(None);
    };
    if t.value.trim() == "without" {
        return Ok(Some(t.loc));
    }
    Err(Unusable {
        loc: t.loc,
        message: format!(
            "the Glory tag may only say \"without\" (a victory without glory), not {:?}",
            t.value
        ),
    })
}

/// Reads the `FinalPosition` tag under `rules`, with its place.
///
/// # Errors
/// A value that does not parse or does not fit the rules.
pub fn final_position_claim(
    rules: &Rules,
    rec: &Record,
) -> Result<Option<(Loc, String, Position)>, Unusable> {
    let Some(t) = rec.tag("FinalPosition") else {
        return Ok(None);
    };
    let pos = parse_position(rules, t.value.trim()).map_err(|e| Unusable {
        loc: t.loc,
        message: format!("the FinalPosition tag: {e}"),
    })?;
    Ok(Some((t.loc, t.value.clone(), pos)))
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

/// Replays `rec` under a compiled variant, on its own: a game of a match
/// after the first is checked with the games before it, through a
/// [`MatchLink`].
///
/// # Errors
/// [`Unusable`] when the record cannot be checked at all (a malformed
/// `Result`, `Termination`, `Glory`, `FinalPosition`, `Position`,
/// `MatchGame` or `MatchResult` tag, or a later game of a match); an
/// illegal ply or a wrong claim is a verdict in the report, not an error.
pub fn check_game(variant: &Arc<Variant>, rec: &Record) -> Result<GameReport, Unusable> {
    MatchLink::new().check(variant, rec)
}

/// Replays `rec` from `set_up`, where a match starts it, or else from its
/// `Position` tag or the variant's initial position.
fn check_from(
    variant: &Arc<Variant>,
    rec: &Record,
    set_up: Option<Position>,
) -> Result<GameReport, Unusable> {
    let rules: &Rules = variant;
    let claim = claim(rec)?;
    let termination = termination_claim(rec)?;
    let glory = glory_claim(rec)?;
    let final_position = final_position_claim(rules, rec)?;
    let written = start_position(rules, rec)?;
    let mut result_problems = Vec::new();
    let start = match set_up {
        None => written,
        Some(set_up) => {
            if let Some(t) = rec.tag("Position") {
                let actual = format_position(rules, &set_up);
                if format_position(rules, &written) != actual {
                    result_problems.push(ResultProblem::WrongStart {
                        loc: t.loc,
                        claimed: t.value.clone(),
                        actual,
                    });
                }
            }
            set_up
        }
    };
    // A match sets up its later games (game 1 is `set_up`-less).
    let number = if set_up.is_some() { 2 } else { 1 };
    let mut game = game_of_match(Arc::clone(variant), start, number);
    let mut steps = Vec::with_capacity(rec.plies.len());
    let mut illegal = None;
    for (i, p) in rec.plies.iter().enumerate() {
        let before = *game.position();
        let side = before.to_move();
        let played = p
            .ply
            .resolve(rules)
            .map_err(|e| e.to_string())
            .and_then(|ply| game.play(ply).map(|e| (ply, e)).map_err(|e| e.to_string()));
        match played {
            Ok((ply, effect)) => steps.push(Step {
                number: i + 1,
                side,
                text: p.text.clone(),
                ply,
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
    let last = *game.position();
    if illegal.is_none() {
        let loc = rec.tag("Result").map_or(rec.loc, |t| t.loc);
        result_problems.extend(match (claim, outcome) {
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
        });
        if let Some((loc, claimed)) = termination {
            result_problems.extend(match outcome {
                None => Some(ResultProblem::UnfinishedButTerminationClaimed { loc, claimed }),
                Some(actual) => {
                    (actual.reason.code() != claimed).then_some(ResultProblem::WrongTermination {
                        loc,
                        claimed,
                        actual,
                    })
                }
            });
        }
        if let Some(loc) = glory
            && !outcome.is_some_and(|o| o.without_glory)
        {
            result_problems.push(ResultProblem::WrongGlory {
                loc,
                actual: outcome,
            });
        }
        if let Some((loc, claimed, pos)) = final_position {
            // Compared in canonical form, so a claim with its fields in
            // another order still holds.
            let actual = format_position(rules, &last);
            if format_position(rules, &pos) != actual {
                result_problems.push(ResultProblem::WrongFinalPosition {
                    loc,
                    claimed,
                    actual,
                });
            }
        }
    }
    result_problems.sort_by_key(|p| (p.loc().line, p.loc().column));
    Ok(GameReport {
        start,
        steps,
        illegal,
        claim,
        result_problems,
        outcome,
        last,
        match_game: None,
        after: None,
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
    write_record_with_comments(rules, tags, plies, &[])
}

/// [`write_record`], with comments among the plies: `(k, text)` stands
/// after the k-th ply (before the first when k is 0), where parsing puts
/// it back ([`crate::notation::Record::preamble`] and
/// [`crate::notation::RecordPly::comments`]). A text holding `}` (which a
/// `{…}` comment cannot) is written as a `;` comment, to the end of its
/// line; so every text that parsing gives comes back as it was.
#[must_use]
pub fn write_record_with_comments(
    rules: &Rules,
    tags: &[(&str, String)],
    plies: &[crate::engine::Ply],
    comments: &[(usize, String)],
) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        let v = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{v}\"]\n"));
    }
    out.push('\n');
    let mut line = String::new();
    let flush = |out: &mut String, line: &mut String| {
        if !line.is_empty() {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
    };
    // Stable: comments at one place keep their order.
    let mut sorted: Vec<&(usize, String)> = comments.iter().collect();
    sorted.sort_by_key(|c| c.0);
    let mut notes = sorted.into_iter().peekable();
    for i in 0..=plies.len() {
        while let Some((_, text)) = notes.next_if(|(k, _)| *k <= i) {
            if text.contains('}') {
                line.push_str(&format!("; {text}"));
                flush(&mut out, &mut line);
            } else {
                line.push_str(&format!("{{{text}}} "));
            }
        }
        let Some(p) = plies.get(i) else { break };
        line.push_str(&format!("{}. ", i + 1));
        line.push_str(&p.notation(&rules.board));
        line.push(' ');
        if line.len() > 70 {
            flush(&mut out, &mut line);
        }
    }
    // Comments said to stand after more plies than there are go last.
    for (_, text) in notes {
        if text.contains('}') {
            line.push_str(&format!("; {text}"));
            flush(&mut out, &mut line);
        } else {
            line.push_str(&format!("{{{text}}} "));
        }
    }
    flush(&mut out, &mut line);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_end_reason_has_its_code_listed() {
        let all = [
            EndReason::AllBelow(3),
            EndReason::NoSowing(Side::South),
            EndReason::CapturedMoreThan(24),
            EndReason::RowEmpty(Side::North),
            EndReason::CannotFeed(Side::South),
            EndReason::SeedsLeft(8),
            EndReason::PlyCap(100),
            EndReason::Repetition(3),
            EndReason::InnerRowEmpty(Side::North),
        ];
        let codes: Vec<&str> = all.iter().map(|r| r.code()).collect();
        assert_eq!(codes, EndReason::CODES);
    }
}
