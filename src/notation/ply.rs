//! A single ply typed by a person: `c`, `c>`, `c<`, `pass`, `offer(c,d)`
//! (or `offer c,d`), `accept`, `decline`. Records use the pest grammar; this is for prompts.

use crate::board::Label;
use crate::engine::{PitSet, Ply};
use crate::rules::{CannotSow, Direction, Rules};

/// Why typed text is not a ply.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlyParseError {
    /// Not any form of ply: what was typed, and the forms these rules
    /// have ([`ply_forms`]).
    #[error("expected {1}, found `{0}`{hint}", hint = label_hint(.0).map(|h| format!(": {h}")).unwrap_or_default())]
    Unrecognised(String, String),
    /// A label the board does not have.
    #[error("the board has no pit `{0}` (pits are {1})")]
    NoSuchPit(String, String),
    /// A pit named twice in an offer.
    #[error("pit {0} is named twice in the offer")]
    Repeated(Label),
    /// A sowing whose direction is missing or contrary to the rules'.
    #[error("{0}")]
    Direction(super::record::ResolveError),
}

/// The plies other than a sowing these rules have, in words: `pass`
/// where a player who cannot sow passes; the trading words, the offer
/// written as `offer`, where pits are traded.
#[must_use]
pub fn other_plies(rules: &Rules, offer: &'static str) -> Vec<&'static str> {
    let mut forms = Vec::new();
    if rules.cannot_sow == CannotSow::Pass {
        forms.push("`pass`");
    }
    if rules.trading.is_some() {
        forms.extend([offer, "`accept`", "`decline`"]);
    }
    forms
}

/// The forms of ply these rules have, in words: a sowing always, and
/// [`other_plies`].
fn ply_forms(rules: &Rules) -> String {
    let mut forms = vec!["a pit label (`c`, or `c>` / `c<` with a direction)"];
    forms.extend(other_plies(rules, "`offer(...)`"));
    match forms.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => forms.concat(),
    }
}

/// What is wrong with a word that looks like a pit label but is none
/// (`c1`, `A0`, `c22`): labels are a letter, with a row number only on a
/// four-row board's inner rows.
#[must_use]
pub fn label_hint(word: &str) -> Option<String> {
    let word = word.trim_end_matches(['<', '>']);
    let mut chars = word.chars();
    let letter = chars.next().filter(char::is_ascii_alphabetic)?;
    let digits = chars.as_str();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some(format!(
        "a pit label is a letter alone on an edge row (`{letter}`), and the letter and 2 on a four-row board's inner row (`{letter}2`)"
    ))
}

/// Parses one typed ply.
///
/// # Errors
/// [`PlyParseError`] saying what was expected.
pub fn parse_ply(rules: &Rules, text: &str) -> Result<Ply, PlyParseError> {
    let t = text.trim();
    let all_labels = || {
        (0..rules.pits())
            .map(|i| rules.label(crate::engine::Pit(i as u8)).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    match t {
        "pass" => return Ok(Ply::Pass),
        "accept" => return Ok(Ply::Accept),
        "decline" => return Ok(Ply::Decline),
        _ => {}
    }
    if let Some(rest) = t.strip_prefix("offer") {
        let inner = rest.trim();
        let inner = inner
            .strip_prefix('(')
            .and_then(|s| s.strip_suffix(')'))
            .unwrap_or(inner);
        let mut set = PitSet::EMPTY;
        for l in inner.split(',') {
            let l = l.trim();
            let Some(label) = Label::parse(l) else {
                return Err(PlyParseError::Unrecognised(
                    super::visible(t),
                    ply_forms(rules),
                ));
            };
            let p = rules
                .board
                .pit_of(label)
                .ok_or_else(|| PlyParseError::NoSuchPit(l.to_owned(), all_labels()))?;
            if set.contains(p) {
                return Err(PlyParseError::Repeated(label));
            }
            set.insert(p);
        }
        return Ok(Ply::Offer(set));
    }
    let (written, dir) = match t.strip_suffix('>') {
        Some(l) => (l, Some(Direction::CounterClockwise)),
        None => match t.strip_suffix('<') {
            Some(l) => (l, Some(Direction::Clockwise)),
            None => (t, None),
        },
    };
    let Some(label) = Label::parse(written) else {
        return Err(PlyParseError::Unrecognised(
            super::visible(t),
            ply_forms(rules),
        ));
    };
    if rules.board.pit_of(label).is_none() {
        return Err(PlyParseError::NoSuchPit(written.to_owned(), all_labels()));
    }
    super::record::resolve_sowing(rules, label, dir).map_err(PlyParseError::Direction)
}
