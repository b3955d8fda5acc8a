//! The games of a match in one record file (docs/notation.md, "Records
//! of matches"): `[MatchGame "k"]` numbers a game in its match, and each
//! game after the first starts where the match's set-up
//! ([`after_game`]) puts it after the game before, which must precede it
//! in the file. `[MatchResult "…"]` claims the match's standing after a
//! game: `S` or `N` won it, `draw`, or `*` (it goes on).

use super::{GameReport, ResultProblem, Unusable, check_from};
use crate::engine::{Position, Side, Variant};
use crate::notation::{Loc, Record};
use crate::reference::match_play::{AfterGame, GameResult, after_game};
use crate::rules::Rules;
use std::fmt;
use std::sync::Arc;

/// What a `MatchResult` tag claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchClaim {
    /// `*`: the match goes on after this game.
    GoesOn,
    /// `S`, `N` or `draw`: the match ended with this game, won by that
    /// player (`None`: drawn).
    Over(Option<Side>),
}

impl fmt::Display for MatchClaim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MatchClaim::GoesOn => "* (the match goes on)",
            MatchClaim::Over(Some(Side::South)) => "S (South won the match)",
            MatchClaim::Over(Some(Side::North)) => "N (North won the match)",
            MatchClaim::Over(None) => "draw (the match was drawn)",
        })
    }
}

/// Where a match stands after one of its games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchStanding {
    /// The game has not ended (or a ply of it is illegal).
    GameUnfinished,
    /// The game ended and the next one is set up.
    GoesOn,
    /// The game ended the match, won by that player (`None`: drawn).
    Over(Option<Side>),
}

impl MatchStanding {
    /// The standing a report leaves.
    #[must_use]
    pub fn of(report: &GameReport) -> MatchStanding {
        match &report.after {
            None => MatchStanding::GameUnfinished,
            Some(AfterGame::Next(_)) => MatchStanding::GoesOn,
            Some(AfterGame::Over(w)) => MatchStanding::Over(*w),
        }
    }

    /// How a `MatchResult` tag writes it (`None` while the game goes on).
    #[must_use]
    pub fn tag_value(self) -> Option<&'static str> {
        match self {
            MatchStanding::GameUnfinished => None,
            MatchStanding::GoesOn => Some("*"),
            MatchStanding::Over(Some(Side::South)) => Some("S"),
            MatchStanding::Over(Some(Side::North)) => Some("N"),
            MatchStanding::Over(None) => Some("draw"),
        }
    }
}

impl fmt::Display for MatchStanding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchStanding::GameUnfinished => f.write_str("this game has not ended"),
            MatchStanding::GoesOn => f.write_str("the match goes on after this game"),
            MatchStanding::Over(Some(w)) => write!(f, "the match ended with this game, won by {w}"),
            MatchStanding::Over(None) => f.write_str("the match ended with this game, drawn"),
        }
    }
}

/// Reads the `MatchGame` tag: the game's number in its match, from 1.
///
/// # Errors
/// A value that is not a number from 1 to 65,535, or the tag in a game
/// whose rules play no match.
pub fn match_game_tag(rules: &Rules, rec: &Record) -> Result<Option<(Loc, u16)>, Unusable> {
    let Some(t) = rec.tag("MatchGame") else {
        return Ok(None);
    };
    let Ok(k @ 1..) = t.value.trim().parse::<u16>() else {
        return Err(Unusable {
            loc: t.loc,
            message: format!(
                "the MatchGame tag must be the game's number in its match, from 1 to {}, not {:?}",
                u16::MAX,
                t.value
            ),
        });
    };
    if rules.match_play().is_none() {
        return Err(Unusable {
            loc: t.loc,
            message: format!(
                "{} is not played as a match (its rules have no `[match]`), so a game has no number in one",
                rules.provenance().name
            ),
        });
    }
    Ok(Some((t.loc, k)))
}

/// The game's number in its match, if its `MatchGame` tag gives one.
#[must_use]
pub fn match_number(rec: &Record) -> Option<u16> {
    rec.tag("MatchGame")?.value.trim().parse().ok()
}

/// Where the match of `games[i]` starts: the index of its game 1 when the
/// games before it in the file are the games of its match in order, else
/// `i`.
#[must_use]
pub fn match_start(games: &[Record], i: usize) -> usize {
    let mut j = i;
    while j > 0
        && let Some(k @ 2..) = match_number(&games[j])
        && match_number(&games[j - 1]) == Some(k - 1)
    {
        j -= 1;
    }
    j
}

/// Reads the `MatchResult` tag.
///
/// # Errors
/// A value other than `S`, `N`, `draw` and `*`, or the tag in a game
/// with no `MatchGame` tag.
pub fn match_result_claim(rec: &Record) -> Result<Option<(Loc, MatchClaim)>, Unusable> {
    let Some(t) = rec.tag("MatchResult") else {
        return Ok(None);
    };
    if rec.tag("MatchGame").is_none() {
        return Err(Unusable {
            loc: t.loc,
            message: "the MatchResult tag claims how a match stands after one of its games: give the game's number in it with a MatchGame tag".into(),
        });
    }
    let claim = match t.value.trim() {
        "*" => MatchClaim::GoesOn,
        "S" => MatchClaim::Over(Some(Side::South)),
        "N" => MatchClaim::Over(Some(Side::North)),
        "draw" => MatchClaim::Over(None),
        v => {
            return Err(Unusable {
                loc: t.loc,
                message: format!(
                    "the MatchResult tag must be `S` or `N` (who won the match), `draw`, or `*` (the match goes on), not {v:?}"
                ),
            });
        }
    };
    Ok(Some((t.loc, claim)))
}

/// The games of a record file checked in order, each game of a match
/// after the first from where the game before it left the match.
#[derive(Clone, Debug, Default)]
pub struct MatchLink {
    last: Option<LastGame>,
}

/// The game of a match checked last.
#[derive(Clone, Debug)]
struct LastGame {
    number: u16,
    line: usize,
    /// Its rules, if they could be had.
    rules: Option<Rules>,
    /// What follows it, or why nothing can.
    after: Result<AfterGame, &'static str>,
}

impl MatchLink {
    /// A link before the first game of a file.
    #[must_use]
    pub fn new() -> MatchLink {
        MatchLink::default()
    }

    /// Notes that `rec`, the next game of the file, could not be checked
    /// (its rulebook could not be had): a game of its match after it
    /// cannot be either.
    pub fn unchecked(&mut self, rec: &Record) {
        self.last = match_number(rec).map(|k| LastGame {
            number: k,
            line: rec.loc.line,
            rules: None,
            after: Err("could not be checked"),
        });
    }

    /// Checks `rec`, the next game of the file, under `variant`.
    ///
    /// # Errors
    /// As [`super::check_game`]; and a game of a match after the first
    /// that does not follow the game before it in its match, is under
    /// other rules than it, or follows a game that did not end legally or
    /// that ended the match.
    pub fn check(&mut self, variant: &Arc<Variant>, rec: &Record) -> Result<GameReport, Unusable> {
        let rules: &Rules = variant;
        let number = match match_game_tag(rules, rec) {
            Ok(n) => n,
            Err(e) => {
                self.last = None;
                return Err(e);
            }
        };
        let checked = self.check_numbered(variant, rec, number);
        self.last = number.map(|(_, k)| LastGame {
            number: k,
            line: rec.loc.line,
            rules: Some(rules.clone()),
            after: match &checked {
                Ok(r) if r.illegal.is_some() => Err("has an illegal ply"),
                Ok(r) => r.after.clone().ok_or("has not ended"),
                Err(_) => Err("could not be checked"),
            },
        });
        checked
    }

    fn check_numbered(
        &self,
        variant: &Arc<Variant>,
        rec: &Record,
        number: Option<(Loc, u16)>,
    ) -> Result<GameReport, Unusable> {
        let rules: &Rules = variant;
        let result_claim = match_result_claim(rec)?;
        let Some((loc, k)) = number else {
            return check_from(variant, rec, None);
        };
        let set_up = if k == 1 {
            None
        } else {
            Some(self.set_up(rules, loc, k)?)
        };
        let mut report = check_from(variant, rec, set_up)?;
        report.match_game = Some(k);
        if report.illegal.is_none()
            && let Some(outcome) = report.outcome
        {
            let last_mover = report.steps.last().map(|s| s.side);
            report.after = Some(after_game(
                rules,
                &GameResult::new(outcome, report.start.to_move(), last_mover, k),
            ));
        }
        if let Some((loc, claimed)) = result_claim
            && report.illegal.is_none()
        {
            let actual = MatchStanding::of(&report);
            let holds = match (claimed, actual) {
                // `*` after an unfinished game: the match is unfinished too.
                (MatchClaim::GoesOn, s) => !matches!(s, MatchStanding::Over(_)),
                (MatchClaim::Over(w), s) => s == MatchStanding::Over(w),
            };
            if !holds {
                report
                    .result_problems
                    .push(ResultProblem::WrongMatchResult {
                        loc,
                        claimed,
                        actual,
                    });
                report
                    .result_problems
                    .sort_by_key(|p| (p.loc().line, p.loc().column));
            }
        }
        Ok(report)
    }

    /// The start of game `k` of the match, from the game checked last.
    fn set_up(&self, rules: &Rules, loc: Loc, k: u16) -> Result<Position, Unusable> {
        let fail = |message: String| Err(Unusable { loc, message });
        let Some(last) = self.last.as_ref().filter(|l| l.number == k - 1) else {
            let before = match &self.last {
                Some(l) => format!("game {} of a match", l.number),
                None => "no game of a match".to_owned(),
            };
            return fail(format!(
                "game {k} of a match starts where game {} left it, so it must follow that game in the same file; the game before it is {before}",
                k - 1
            ));
        };
        if last.rules.as_ref().is_some_and(|r| r != rules) {
            return fail(format!(
                "game {k} of the match is played under other rules than game {} (line {}): a match keeps its rules and readings",
                k - 1,
                last.line
            ));
        }
        match &last.after {
            Err(why) => fail(format!(
                "game {k} of the match cannot be checked: game {} (line {}) {why}, so the match sets up no game after it",
                k - 1,
                last.line
            )),
            Ok(AfterGame::Over(w)) => fail(format!(
                "the match ended with game {} (line {}), {}: it has no game {k}",
                k - 1,
                last.line,
                match w {
                    Some(w) => format!("won by {w}"),
                    None => "drawn".to_owned(),
                }
            )),
            Ok(AfterGame::Next(state)) => {
                Position::from_state(rules, state).map_err(|e| Unusable {
                    loc,
                    message: format!(
                        "the match's set-up of game {k} is no position of the rules: {e}"
                    ),
                })
            }
        }
    }
}
