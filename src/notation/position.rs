//! The position notation: parse (checked against a rulebook) and print (canonical).

use crate::engine::{MAX_PITS, Pit, PitSet, Position, SetupField, Side};
use crate::rules::Rules;
use crate::state::State;
use pest::Parser;
use pest::iterators::Pair;
use std::fmt;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/position.pest"]
struct PositionParser;

/// A position string that is malformed, or does not fit the rulebook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    /// 1-based column in the string (characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for PositionError {}

fn rule_name(r: &Rule) -> String {
    match r {
        Rule::position => "a position, e.g. `6,6,6,6/6,6,6,6 S 0-0`",
        Rule::four_row_position => {
            "a position of four rows, e.g. `2,2/2,2/2,2/2,2 S 0-0` (rows a…/a2…/A…/A2…)"
        }
        Rule::seeds | Rule::four_row_seeds | Rule::row => "seed counts",
        Rule::north_row => "`/` and North's row of seed counts",
        Rule::next_row => "`/` and the next row of seed counts",
        Rule::seed => "a seed count",
        Rule::south_total => "the captured totals, e.g. `0-0`",
        Rule::north_total => "North's captured total",
        Rule::to_act => "a space and the side to act, `S` or `N`",
        Rule::side => "the side to act, `S` or `N`",
        Rule::totals => "a space and the captured totals, e.g. `0-0`",
        Rule::captured => "the captured totals, e.g. `0-0`",
        Rule::north_captured => "`-` and North's captured total",
        Rule::more => "a space and an optional field",
        Rule::field => "an optional field",
        Rule::owners => "`owners=`",
        Rule::owner_row => "a row of `S`/`N` owners",
        Rule::north_owners => "`/` and North's row of owners",
        Rule::north_sown_part => "`/` and North's sown pits",
        Rule::sown => "`sown=`",
        Rule::south_sown => "South's sown pits",
        Rule::north_sown => "North's sown pits",
        Rule::houses => "`houses=`",
        Rule::north_houses_part => "`/` and North's houses",
        Rule::south_houses => "South's houses",
        Rule::north_houses => "North's houses",
        Rule::offer => "`offer=`",
        Rule::label => "a pit label",
        Rule::declined => "`declined=`",
        Rule::declined_sides => "`S`, `N` or `SN`",
        Rule::closed => "`closed=`",
        Rule::EOI => "the end of the position",
    }
    .to_owned()
}

/// The one pair inside a rule that only adds a separator (`to_act`,
/// `totals`, `more`, and the `north_…` rules after a `/` or `-`); any
/// other pair as it is.
fn unwrap(p: Pair<'_, Rule>) -> Pair<'_, Rule> {
    match p.as_rule() {
        Rule::to_act
        | Rule::totals
        | Rule::north_row
        | Rule::next_row
        | Rule::north_captured
        | Rule::more
        | Rule::north_owners
        | Rule::north_sown_part
        | Rule::north_houses_part => p
            .into_inner()
            .next()
            .expect("a separator rule holds one pair"),
        _ => p,
    }
}

/// The pits a comma-separated list of labels names (`offer=c,d`), each
/// label on the board and named once (`twice`: what a pit named again
/// is, in the error).
fn label_list(
    rules: &Rules,
    text: &str,
    p: Pair<'_, Rule>,
    twice: &str,
) -> Result<PitSet, PositionError> {
    let mut set = PitSet::EMPTY;
    for l in p.into_inner() {
        let ch = l.as_str();
        let pit = rules
            .pit(ch)
            .ok_or_else(|| err(col(text, &l), format!("the board has no pit {ch}")))?;
        if set.contains(pit) {
            return Err(err(col(text, &l), format!("pit {ch} {twice}")));
        }
        set.insert(pit);
    }
    Ok(set)
}

fn err(col: usize, message: impl Into<String>) -> PositionError {
    PositionError {
        column: col,
        message: message.into(),
    }
}

fn col(text: &str, p: &Pair<'_, Rule>) -> usize {
    text[..p.as_span().start()].chars().count() + 1
}

/// The pits a field's list of labels names (`abd` of `sown=abd/A`), each
/// with its label and the column it stands at, in the order written.
///
/// # Errors
/// A label the board has not got.
fn labelled(
    rules: &Rules,
    text: &str,
    part: &Pair<'_, Rule>,
) -> Result<Vec<(Pit, char, usize)>, PositionError> {
    let start = col(text, part);
    part.as_str()
        .chars()
        .enumerate()
        .map(|(i, ch)| {
            let at = start + i;
            rules
                .pit(ch.encode_utf8(&mut [0; 4]))
                .map(|pit| (pit, ch, at))
                .ok_or_else(|| err(at, format!("the board has no pit {ch}")))
        })
        .collect()
}

/// Parses a position string and checks it against `rules`.
///
/// # Errors
/// A syntax error, a field the variant has no use for, a row of the wrong
/// length, seeds that do not add up to the variant's total, or an offer the
/// rules could not have made.
pub fn parse_position(rules: &Rules, text: &str) -> Result<Position, PositionError> {
    let read = read_state(rules, text)?;
    // The checks of meaning are `Position::from_state`'s, so a state built
    // by hand passes the same ones; the notation only says where the fault
    // is.
    let checked = Position::from_state(rules, &read.state);
    // A pit given as both sides' house has no place in a state, which gives
    // each pit one owner at most; it is a fault of the houses, so the
    // faults checked before the houses still come first.
    if let Some(shared) = read.shared_house
        && !matches!(&checked, Err(e) if matches!(e.field, SetupField::Seeds | SetupField::Owners | SetupField::Sown))
    {
        return Err(shared_house(rules, shared));
    }
    checked.map_err(|e| {
        let column = match e.field {
            SetupField::Offer => read.offer_col,
            SetupField::Closed => read.closed_col,
            SetupField::Owners => read.owners_col,
            SetupField::Houses => e
                .pit
                .map(|p| read.house_cols[p.index()])
                .filter(|&c| c > 0)
                .unwrap_or(read.houses_col),
            _ => 1,
        };
        err(column, e.message)
    })
}

fn shared_house(rules: &Rules, (p, at): (Pit, usize)) -> PositionError {
    err(
        at,
        format!(
            "pit {} is given as both South's and North's house",
            rules.label(p)
        ),
    )
}

/// A position string read into a [`State`], unchecked but for its syntax
/// and what the string alone shows, with where each field stands.
struct Read {
    state: State,
    owners_col: usize,
    houses_col: usize,
    /// Where each house's label stands, for errors about it.
    house_cols: [usize; MAX_PITS],
    offer_col: usize,
    closed_col: usize,
    /// The first pit (in label order) given as a house of both sides, and
    /// where its second mention stands.
    shared_house: Option<(Pit, usize)>,
}

/// A row of `pits` as an error names it: "South's row" on two rows,
/// "South's edge row" or "South's second row" on four.
fn row_name(rules: &Rules, pits: &[Pit]) -> String {
    let board = &rules.board;
    let side = board.label_side(pits[0]);
    if board.rows() == 2 {
        format!("{side}'s row")
    } else if board.row(pits[0]) == board.outer_row(side) {
        format!("{side}'s edge row")
    } else {
        format!("{side}'s second row")
    }
}

/// Parses a position string into a [`State`], without checking it against
/// the rules beyond what the notation itself says (row lengths, labels,
/// fields the variant has no use for).
///
/// # Errors
/// A syntax error, a field the variant has no use for, a row of the wrong
/// length, a label not on the board, or a pit named twice.
pub fn parse_state(rules: &Rules, text: &str) -> Result<State, PositionError> {
    read_state(rules, text).and_then(|read| match read.shared_house {
        Some(shared) => Err(shared_house(rules, shared)),
        None => Ok(read.state),
    })
}

fn read_state(rules: &Rules, text: &str) -> Result<Read, PositionError> {
    // The rules say how many rows the seeds give.
    let entry = if rules.board.rows() == 4 {
        Rule::four_row_position
    } else {
        Rule::position
    };
    let mut pairs = PositionParser::parse(entry, text).map_err(|e| {
        let e = e.renamed_rules(rule_name);
        let column = match e.line_col {
            pest::error::LineColLocation::Pos((_, c))
            | pest::error::LineColLocation::Span((_, c), _) => c,
        };
        let message = match &e.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } if !positives.is_empty() => {
                format!("expected {}", join_or(positives))
            }
            v => v.message().into_owned(),
        };
        // renamed_rules words lists as "a, b, or c"; ours read "a, b or c".
        let message = message.replace(", or ", " or ");
        err(column, message)
    })?;
    let top = pairs.next().expect("grammar yields a position");
    let n = rules.per_row();
    // The grammar reads rows in the order positions list them.
    let label_rows = rules.board.label_rows();
    let mut seeds = [0u16; MAX_PITS];
    let mut to_move = Side::South;
    let mut captured = [0u16; 2];
    let mut owners: Option<PitSet> = None;
    let mut owners_col = 1;
    let mut sown: Option<PitSet> = None;
    let mut houses: Option<[PitSet; 2]> = None;
    // Where each house's label stands, for errors about it.
    let mut house_cols = [0usize; MAX_PITS];
    let mut houses_col = 1;
    let mut offer: Option<(PitSet, usize)> = None;
    let mut declined: Option<u8> = None;
    let mut closed: Option<(PitSet, usize)> = None;
    let trading = rules.trading.is_some();
    let no_use = |p: &Pair<'_, Rule>, field: &str, why: &str| {
        err(
            col(text, p),
            format!(
                "`{field}=` does not apply to {}: {why}",
                rules.provenance.name
            ),
        )
    };
    let dup =
        |p: &Pair<'_, Rule>, field: &str| err(col(text, p), format!("`{field}=` given twice"));
    for p in top.into_inner().map(unwrap) {
        match p.as_rule() {
            Rule::seeds | Rule::four_row_seeds => {
                // The grammar reads as many rows as the board has.
                for (r, row) in p.into_inner().map(unwrap).enumerate() {
                    let counts: Vec<_> = row.into_inner().collect();
                    if counts.len() != n {
                        return Err(err(
                            col(text, &counts[0]),
                            format!(
                                "expected {n} counts in {}, found {}",
                                row_name(rules, &label_rows[r]),
                                counts.len()
                            ),
                        ));
                    }
                    for (&pit, c) in label_rows[r].iter().zip(&counts) {
                        seeds[pit.index()] = parse_count(text, c)?;
                    }
                }
            }
            Rule::side => {
                to_move = if p.as_str() == "S" {
                    Side::South
                } else {
                    Side::North
                }
            }
            Rule::captured => {
                for (i, c) in p.into_inner().map(unwrap).enumerate() {
                    captured[i] = parse_count(text, &c)?;
                }
            }
            Rule::owners => {
                owners_col = col(text, &p);
                if !rules.pits_change_hands() {
                    return Err(no_use(&p, "owners", "its pits never change hands"));
                }
                if owners.is_some() {
                    return Err(dup(&p, "owners"));
                }
                let mut set = PitSet::EMPTY;
                for (r, row) in p.into_inner().map(unwrap).enumerate() {
                    if row.as_str().len() != n {
                        return Err(err(
                            col(text, &row),
                            format!(
                                "expected {n} owners in this row, found {}",
                                row.as_str().len()
                            ),
                        ));
                    }
                    for (&pit, ch) in label_rows[r].iter().zip(row.as_str().chars()) {
                        if ch == 'N' {
                            set.insert(pit);
                        }
                    }
                }
                owners = Some(set);
            }
            Rule::sown => {
                if !rules.records_sown() {
                    return Err(no_use(
                        &p,
                        "sown",
                        "it has no opening lock nor opening rule",
                    ));
                }
                if sown.is_some() {
                    return Err(dup(&p, "sown"));
                }
                let mut set = PitSet::EMPTY;
                for (side, part) in Side::BOTH.into_iter().zip(p.into_inner().map(unwrap)) {
                    for (pit, ch, at) in labelled(rules, text, &part)? {
                        if rules.board.owner(pit) != Some(side) {
                            return Err(err(
                                at,
                                format!(
                                    "pit {ch} is not one of {side}'s home pits; write `sown=<South's pits>/<North's pits>`"
                                ),
                            ));
                        }
                        set.insert(pit);
                    }
                }
                sown = Some(set);
            }
            Rule::houses => {
                houses_col = col(text, &p);
                if rules.houses.is_none() {
                    return Err(no_use(&p, "houses", "it has no houses"));
                }
                if houses.is_some() {
                    return Err(dup(&p, "houses"));
                }
                let mut sets = [PitSet::EMPTY; 2];
                for (side, part) in Side::BOTH.into_iter().zip(p.into_inner().map(unwrap)) {
                    for (pit, ch, at) in labelled(rules, text, &part)? {
                        if sets[side.index()].contains(pit) {
                            return Err(err(
                                at,
                                format!("pit {ch} is named twice among {side}'s houses"),
                            ));
                        }
                        sets[side.index()].insert(pit);
                        house_cols[pit.index()] = at;
                    }
                }
                houses = Some(sets);
            }
            Rule::offer => {
                if !trading {
                    return Err(no_use(&p, "offer", "it has no trading"));
                }
                if offer.is_some() {
                    return Err(dup(&p, "offer"));
                }
                let c0 = col(text, &p);
                offer = Some((label_list(rules, text, p, "is offered twice")?, c0));
            }
            Rule::declined => {
                if !trading {
                    return Err(no_use(&p, "declined", "it has no trading"));
                }
                if declined.is_some() {
                    return Err(dup(&p, "declined"));
                }
                let s = p.into_inner().next().expect("declined has sides").as_str();
                declined = Some(u8::from(s.contains('S')) | u8::from(s.contains('N')) << 1);
            }
            Rule::closed => {
                if rules.match_play().is_none() {
                    return Err(no_use(&p, "closed", "it is not played as a match"));
                }
                if closed.is_some() {
                    return Err(dup(&p, "closed"));
                }
                let c0 = col(text, &p);
                closed = Some((
                    label_list(rules, text, p, "is named twice as out of play")?,
                    c0,
                ));
            }
            Rule::EOI => {}
            r => unreachable!("unexpected {r:?}"),
        }
    }
    let (offer, offer_col) = offer.unwrap_or((PitSet::EMPTY, 1));
    let north = owners.unwrap_or_else(|| rules.home_row(Side::North));
    let sown = sown.unwrap_or(PitSet::EMPTY);
    let [south_houses, north_houses] = houses.unwrap_or([PitSet::EMPTY; 2]);
    let pits = (0..rules.pits()).map(|i| Pit(i as u8));
    let shared_house = south_houses
        .and(north_houses)
        .iter()
        .next()
        .map(|p| (p, house_cols[p.index()]));
    let state = State {
        seeds: seeds[..rules.pits()]
            .iter()
            .map(|&s| u32::from(s))
            .collect(),
        controller: pits
            .clone()
            .map(|p| {
                if north.contains(p) {
                    Side::North
                } else {
                    Side::South
                }
            })
            .collect(),
        sown: pits.clone().map(|p| sown.contains(p)).collect(),
        houses: pits
            .map(|p| {
                if north_houses.contains(p) {
                    Some(Side::North)
                } else if south_houses.contains(p) {
                    Some(Side::South)
                } else {
                    None
                }
            })
            .collect(),
        offer: offer.iter().collect(),
        captured: captured.map(u32::from),
        to_move,
        declined: declined.map_or([false; 2], |d| [d & 1 == 1, d & 2 == 2]),
        closed: (0..rules.pits())
            .map(|i| closed.is_some_and(|(c, _)| c.contains(Pit(i as u8))))
            .collect(),
    };
    Ok(Read {
        state,
        owners_col,
        houses_col,
        house_cols,
        offer_col,
        closed_col: closed.map_or(1, |(_, c)| c),
        shared_house,
    })
}

fn parse_count(text: &str, p: &Pair<'_, Rule>) -> Result<u16, PositionError> {
    p.as_str().parse::<u16>().map_err(|_| {
        err(
            col(text, p),
            format!("{} is too large a count (at most {})", p.as_str(), u16::MAX),
        )
    })
}

fn join_or(rules: &[Rule]) -> String {
    let names: Vec<String> = rules.iter().map(rule_name).collect();
    match names.len() {
        1 => names[0].clone(),
        _ => format!(
            "{} or {}",
            names[..names.len() - 1].join(", "),
            names[names.len() - 1]
        ),
    }
}

/// Prints a position in canonical form.
#[must_use]
pub fn format_position(rules: &Rules, pos: &Position) -> String {
    format_state(rules, &pos.to_state(rules))
}

/// Prints a state in canonical form: the string [`parse_state`] reads back
/// into it (with its offer in label order).
#[must_use]
pub fn format_state(rules: &Rules, state: &State) -> String {
    let rows = rules.board.label_rows();
    let listed = |each: &dyn Fn(Pit) -> String, between: &str| {
        rows.iter()
            .map(|row| {
                row.iter()
                    .map(|&p| each(p))
                    .collect::<Vec<_>>()
                    .join(between)
            })
            .collect::<Vec<_>>()
            .join("/")
    };
    let count = |p: Pit| state.seeds.get(p.index()).copied().unwrap_or(0).to_string();
    let mut s = format!(
        "{} {} {}-{}",
        listed(&count, ","),
        state.to_move.letter(),
        state.captured[0],
        state.captured[1]
    );
    if state.controlled(Side::North) != rules.home_row(Side::North) {
        s.push_str(" owners=");
        let owner = |p: Pit| state.controller[p.index()].letter().to_string();
        s.push_str(&listed(&owner, ""));
    }
    let sown = state.sown_pits();
    if !sown.is_empty() {
        s.push_str(" sown=");
        for p in sown.and(rules.home_row(Side::South)).iter() {
            s.push_str(&rules.label(p).to_string());
        }
        s.push('/');
        for p in sown.and(rules.home_row(Side::North)).iter() {
            s.push_str(&rules.label(p).to_string());
        }
    }
    let houses = Side::BOTH.map(|side| state.houses_of(side));
    if houses.iter().any(|h| !h.is_empty()) {
        s.push_str(" houses=");
        for p in houses[0].iter() {
            s.push_str(&rules.label(p).to_string());
        }
        s.push('/');
        for p in houses[1].iter() {
            s.push_str(&rules.label(p).to_string());
        }
    }
    let offer = state.offer_pits();
    if !offer.is_empty() {
        s.push_str(" offer=");
        s.push_str(&rules.labels(offer));
    }
    match (state.declined[0], state.declined[1]) {
        (true, true) => s.push_str(" declined=SN"),
        (true, false) => s.push_str(" declined=S"),
        (false, true) => s.push_str(" declined=N"),
        (false, false) => {}
    }
    let closed = state.closed_pits();
    if !closed.is_empty() {
        s.push_str(" closed=");
        s.push_str(&rules.labels(closed));
    }
    s
}
