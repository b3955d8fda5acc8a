//! The record notation: games as tags and plies, parsed with pest.
//!
//! Parsing is purely syntactic: labels are kept as letters, since the
//! board they name is known only once the `Variant` tag is resolved.
//! [`RecordPly::resolve`] turns one into an engine [`Ply`].

use crate::board::Label;
use crate::engine::{PitSet, Ply, pit_direction};
use crate::rules::{Direction, PitDirection, Rules};
use pest::Parser;
use pest::iterators::Pair;
use std::fmt;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/record.pest"]
struct RecordParser;

/// A place in a record file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Loc {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// A ply as written, labels not yet resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RawPly {
    /// Sow from the pit with this label.
    Sow(Label),
    /// Sow from the pit with this label in this direction (`c>`, `c<`).
    SowToward(Label, Direction),
    /// `pass`.
    Pass,
    /// `offer(...)`, labels in the order written (repeats kept: they are illegal).
    Offer(Vec<Label>),
    /// `accept`.
    Accept,
    /// `decline`.
    Decline,
}

/// Why a written ply names something the board does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// A label the board does not have.
    #[error("the board has no pit {0}")]
    NoSuchPit(Label),
    /// A pit named twice in an offer.
    #[error("pit {0} is named twice in the offer")]
    Repeated(Label),
    /// A bare label for a pit whose direction the mover chooses.
    #[error(
        "the player chooses the direction of a sowing from pit {0}: write `{0}>` (counter-clockwise) or `{0}<` (clockwise)"
    )]
    DirectionNeeded(Label),
    /// A direction against the one the rules fix for the pit.
    #[error("pit {pit} always sows {}, so it cannot be sown `{pit}{}` ({}); write `{pit}` or `{pit}{}`",
        word(*fixed), mark(*given), word(*given), mark(*fixed))]
    ContraryDirection {
        /// The pit's label.
        pit: Label,
        /// The direction the rules fix for it.
        fixed: Direction,
        /// The direction written.
        given: Direction,
    },
}

/// `counter-clockwise`, `clockwise`.
fn word(d: Direction) -> &'static str {
    match d {
        Direction::Clockwise => "clockwise",
        _ => "counter-clockwise",
    }
}

/// `>`, `<`.
fn mark(d: Direction) -> char {
    match d {
        Direction::Clockwise => '<',
        _ => '>',
    }
}

/// The sowing ply from `label` on `rules`' board, written with the direction
/// `dir` or without one: a bare label where the rules fix the pit's
/// direction (a suffix naming that direction is accepted too), a
/// direction where the mover chooses it.
///
/// # Errors
/// A label the board lacks, a bare label where the direction is chosen,
/// or the other direction than the one the rules fix.
pub(crate) fn resolve_sowing(
    rules: &Rules,
    label: Label,
    dir: Option<Direction>,
) -> Result<Ply, ResolveError> {
    let p = rules
        .board
        .pit_of(label)
        .ok_or(ResolveError::NoSuchPit(label))?;
    match (pit_direction(rules, p), dir) {
        (PitDirection::Chosen, None) => Err(ResolveError::DirectionNeeded(label)),
        (PitDirection::Chosen, Some(d)) => Ok(Ply::SowToward(p, d)),
        (PitDirection::Fixed(_), None) => Ok(Ply::Sow(p)),
        (PitDirection::Fixed(fixed), Some(given)) if given == fixed => Ok(Ply::Sow(p)),
        (PitDirection::Fixed(fixed), Some(given)) => Err(ResolveError::ContraryDirection {
            pit: label,
            fixed,
            given,
        }),
    }
}

impl RawPly {
    /// The engine ply this names on `rules`' board.
    ///
    /// # Errors
    /// A label the board lacks, or a pit offered twice.
    pub fn resolve(&self, rules: &Rules) -> Result<Ply, ResolveError> {
        let pit = |l: Label| rules.board.pit_of(l).ok_or(ResolveError::NoSuchPit(l));
        Ok(match self {
            RawPly::Sow(c) => resolve_sowing(rules, *c, None)?,
            RawPly::SowToward(c, d) => resolve_sowing(rules, *c, Some(*d))?,
            RawPly::Pass => Ply::Pass,
            RawPly::Accept => Ply::Accept,
            RawPly::Decline => Ply::Decline,
            RawPly::Offer(cs) => {
                let mut set = PitSet::EMPTY;
                for &l in cs {
                    let p = pit(l)?;
                    if set.contains(p) {
                        return Err(ResolveError::Repeated(l));
                    }
                    set.insert(p);
                }
                Ply::Offer(set)
            }
        })
    }
}

/// A ply of a record, where it stands, and the comments that follow it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordPly {
    /// The ply as written.
    pub ply: RawPly,
    /// The text as written (`offer(c, d)`).
    pub text: String,
    /// Where it starts.
    pub loc: Loc,
    /// Comments written after it, before the next ply.
    pub comments: Vec<String>,
}

/// A tag pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// Name.
    pub name: String,
    /// Value, escapes resolved.
    pub value: String,
    /// Where the tag starts.
    pub loc: Loc,
}

/// One game of a record file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Tags, in the order written.
    pub tags: Vec<Tag>,
    /// Comments before the first ply.
    pub preamble: Vec<String>,
    /// Plies in order.
    pub plies: Vec<RecordPly>,
    /// Where the game starts (its first tag).
    pub loc: Loc,
}

impl Record {
    /// The value of the first tag with this name.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }
}

/// A record file that is not well-formed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordSyntaxError {
    /// Where.
    pub loc: Loc,
    /// What was expected.
    pub message: String,
}

impl fmt::Display for RecordSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.loc, self.message)
    }
}

impl std::error::Error for RecordSyntaxError {}

/// Turns byte offsets into line and column. Offsets are asked for in
/// increasing order, so each is found by walking on from the last one:
/// linear in the text, where pest's `line_col` (a scan from the start for
/// every pair) made a long record quadratic.
struct Locator<'i> {
    text: &'i str,
    offset: usize,
    line: usize,
    column: usize,
    /// Characters walked over in all: at most the text's length when the
    /// offsets come in order (the tests check it, rather than a time).
    walked: usize,
}

impl<'i> Locator<'i> {
    fn new(text: &'i str) -> Locator<'i> {
        Locator {
            text,
            offset: 0,
            line: 1,
            column: 1,
            walked: 0,
        }
    }

    fn loc(&mut self, p: &Pair<'_, Rule>) -> Loc {
        let to = p.as_span().start();
        if to < self.offset {
            let walked = self.walked;
            *self = Locator::new(self.text);
            self.walked = walked;
        }
        for c in self.text[self.offset..to].chars() {
            self.walked += 1;
            if c == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
        self.offset = to;
        Loc {
            line: self.line,
            column: self.column,
        }
    }
}

/// Parses a record file into its games.
///
/// # Errors
/// The first place where the text departs from the notation, and what was expected there.
pub fn parse_records(text: &str) -> Result<Vec<Record>, RecordSyntaxError> {
    parse_records_at(text, &mut Locator::new(text))
}

/// [`parse_records`], placing plies with `at`.
fn parse_records_at(text: &str, at: &mut Locator<'_>) -> Result<Vec<Record>, RecordSyntaxError> {
    let file = RecordParser::parse(Rule::file, text)
        .map_err(|e| syntax_error(text, e))?
        .next()
        .expect("grammar yields a file");
    let mut games = Vec::new();
    for g in file.into_inner() {
        if g.as_rule() == Rule::game {
            games.push(parse_game(g, at));
        }
    }
    Ok(games)
}

fn parse_game(g: Pair<'_, Rule>, lo: &mut Locator<'_>) -> Record {
    let at = lo.loc(&g);
    let mut tags = Vec::new();
    let mut preamble = Vec::new();
    let mut plies: Vec<RecordPly> = Vec::new();
    for p in g.into_inner() {
        match p.as_rule() {
            Rule::tag => tags.push(parse_tag(p, lo)),
            Rule::comment => preamble.push(comment_text(p)),
            Rule::movetext => {
                for t in p.into_inner() {
                    match t.as_rule() {
                        Rule::comment => {
                            let text = comment_text(t);
                            match plies.last_mut() {
                                Some(last) => last.comments.push(text),
                                None => preamble.push(text),
                            }
                        }
                        Rule::move_number => {}
                        _ => plies.push(parse_ply(t, lo)),
                    }
                }
            }
            r => unreachable!("unexpected {r:?}"),
        }
    }
    Record {
        tags,
        preamble,
        plies,
        loc: at,
    }
}

fn parse_tag(p: Pair<'_, Rule>, lo: &mut Locator<'_>) -> Tag {
    let at = lo.loc(&p);
    let mut inner = p.into_inner();
    let name = inner.next().expect("tag name").as_str().to_owned();
    let raw = inner
        .next()
        .expect("tag value")
        .into_inner()
        .next()
        .expect("tag text")
        .as_str();
    let mut value = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.extend(chars.next());
        } else {
            value.push(c);
        }
    }
    Tag {
        name,
        value,
        loc: at,
    }
}

fn comment_text(p: Pair<'_, Rule>) -> String {
    p.into_inner()
        .next()
        .map_or(String::new(), |t| t.as_str().trim().to_owned())
}

/// A label the grammar has read (a letter, and a row number 2 to 9).
fn read_label(text: &str) -> Label {
    Label::parse(text).expect("the grammar reads only labels")
}

fn parse_ply(p: Pair<'_, Rule>, lo: &mut Locator<'_>) -> RecordPly {
    let at = lo.loc(&p);
    let text = p.as_str().to_owned();
    let ply = match p.as_rule() {
        Rule::pass => RawPly::Pass,
        Rule::accept => RawPly::Accept,
        Rule::decline => RawPly::Decline,
        Rule::sow => {
            let (label, dir) = match text.strip_suffix('>') {
                Some(l) => (l, Some(Direction::CounterClockwise)),
                None => match text.strip_suffix('<') {
                    Some(l) => (l, Some(Direction::Clockwise)),
                    None => (text.as_str(), None),
                },
            };
            let label = read_label(label);
            match dir {
                Some(d) => RawPly::SowToward(label, d),
                None => RawPly::Sow(label),
            }
        }
        Rule::offer => RawPly::Offer(
            p.into_inner()
                .filter(|l| l.as_rule() == Rule::label)
                .map(|l| read_label(l.as_str()))
                .collect(),
        ),
        r => unreachable!("unexpected {r:?}"),
    };
    RecordPly {
        ply,
        text,
        loc: at,
        comments: Vec::new(),
    }
}

fn syntax_error(text: &str, e: pest::error::Error<Rule>) -> RecordSyntaxError {
    let (line, column) = match e.line_col {
        pest::error::LineColLocation::Pos(p) | pest::error::LineColLocation::Span(p, _) => p,
    };
    if let pest::error::ErrorVariant::ParsingError { positives, .. } = &e.variant
        && positives.contains(&Rule::brace_close)
    {
        // Point at the `{` that is never closed, not at the end of the file.
        let pos = match e.location {
            pest::error::InputLocation::Pos(p) | pest::error::InputLocation::Span((p, _)) => p,
        };
        if let Some(open) = text[..pos].rfind('{') {
            let line = text[..open].matches('\n').count() + 1;
            let column = text[..open]
                .rsplit('\n')
                .next()
                .map_or(0, |l| l.chars().count())
                + 1;
            return RecordSyntaxError {
                loc: Loc { line, column },
                message: "this `{` comment is never closed: no `}` before the end of the file"
                    .into(),
            };
        }
    }
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => expected(positives, text, &e),
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    RecordSyntaxError {
        loc: Loc { line, column },
        message,
    }
}

/// Words for what the grammar wanted at a failure, in the user's terms.
fn expected(positives: &[Rule], text: &str, e: &pest::error::Error<Rule>) -> String {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) | pest::error::InputLocation::Span((p, _)) => p,
    };
    let rest = &text[pos..];
    let found = if rest.starts_with(['\n', '\r']) && rest.trim().is_empty() {
        "the end of the file".to_owned()
    } else if rest.starts_with(['\n', '\r']) {
        "the end of the line".to_owned()
    } else {
        rest.split_whitespace().next().map_or_else(
            || "the end of the file".to_owned(),
            // A word of a hostile file can be a megabyte long: quote its start.
            |w| match w.char_indices().nth(40) {
                Some((i, _)) => format!("`{}…`", super::visible(&w[..i])),
                None => format!("`{}`", super::visible(w)),
            },
        )
    };
    let wants_ply = positives.iter().any(|r| {
        matches!(
            r,
            Rule::offer | Rule::pass | Rule::accept | Rule::decline | Rule::sow | Rule::movetext
        )
    });
    let has = |r: Rule| positives.contains(&r);
    let mut cs = rest.chars();
    if let (Some(c), Some('<' | '>'), Some('<' | '>')) = (cs.next(), cs.next(), cs.next())
        && c.is_ascii_alphabetic()
    {
        return format!(
            "expected a sowing with at most one direction (`{c}`, `{c}>` or `{c}<`), found {found}"
        );
    }
    let what = if has(Rule::brace_close) {
        "`}`: the comment is never closed".to_owned()
    } else if has(Rule::value_close) {
        "`\"` to close the tag value on this line (write a quote inside a value as `\\\"`)"
            .to_owned()
    } else if has(Rule::tag_close) {
        "`]` to close the tag (write a quote inside a value as `\\\"`)".to_owned()
    } else if has(Rule::offer_close) || has(Rule::offer_comma) {
        "`,` and another pit label, or `)` to close the offer".to_owned()
    } else if wants_ply {
        let word = rest.split_whitespace().next().unwrap_or_default();
        match super::ply::label_hint(word) {
            Some(hint) => return format!("expected a pit label, found {found}: {hint}"),
            None => "a pit label, `pass`, `offer(...)`, `accept` or `decline`".to_owned(),
        }
    } else if positives.contains(&Rule::label) {
        "a pit label".to_owned()
    } else if positives
        .iter()
        .any(|r| matches!(r, Rule::tag | Rule::game | Rule::file | Rule::comment))
    {
        "a tag such as `[Variant \"gore\"]`".to_owned()
    } else if positives.contains(&Rule::tag_value) {
        "a tag value in double quotes".to_owned()
    } else if positives.contains(&Rule::tag_name) {
        "a tag name".to_owned()
    } else {
        positives
            .iter()
            .map(|r| format!("{r:?}"))
            .collect::<Vec<_>>()
            .join(" or ")
    };
    format!("expected {what}, found {found}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Finding R1 (tests/it/regressions.rs): placing every ply walks the text
    /// once in all, not once per ply, whatever the record's shape.
    #[test]
    fn placing_plies_walks_the_text_once() {
        for text in [
            format!("[Variant \"gore\"]\n\n{}\n", "c C ".repeat(50_000)),
            format!("[Variant \"gore\"]\n\n{}\n", "c\nC\n".repeat(50_000)),
            format!("{}\n", "[Variant \"kpe\"]\n\na A {c}\n\n".repeat(5_000)),
        ] {
            let mut at = Locator::new(&text);
            let games = parse_records_at(&text, &mut at).unwrap();
            let plies: usize = games.iter().map(|g| g.plies.len()).sum();
            assert!(plies >= 10_000, "{plies} plies");
            assert!(
                at.walked <= text.chars().count(),
                "walked {} characters of a {}-character text",
                at.walked,
                text.chars().count()
            );
        }
    }
}
