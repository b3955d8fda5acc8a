//! The one place a plain [`State`] becomes a packed [`Position`], checked
//! against a rulebook (as shakmaty turns a `Setup` into a `Position`), and
//! a position becomes a state again. The position notation is parsed into
//! a `State` too, so a state built by hand, one the reference reached and
//! one read from a string pass the same checks.

use super::position::Position;
use crate::board::{MAX_PITS, Pit, PitSet, Side};
use crate::rules::Rules;
use crate::state::State;
use crate::words::count;
use std::fmt;

/// Which part of a [`State`] is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupField {
    /// `seeds`.
    Seeds,
    /// `controller`.
    Owners,
    /// `sown`.
    Sown,
    /// `houses`.
    Houses,
    /// `offer`.
    Offer,
    /// `declined`.
    Declined,
    /// `closed`.
    Closed,
    /// The seeds on the board and captured, together.
    Total,
}

/// Why a [`State`] is not a position of a rulebook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// The part at fault.
    pub field: SetupField,
    /// What is wrong, in words.
    pub message: String,
    /// The pit at fault, where one is (a house, say).
    pub pit: Option<Pit>,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SetupError {}

fn fault(field: SetupField, message: impl Into<String>) -> SetupError {
    SetupError {
        field,
        message: message.into(),
        pit: None,
    }
}

fn fault_at(field: SetupField, pit: Pit, message: impl Into<String>) -> SetupError {
    SetupError {
        field,
        message: message.into(),
        pit: Some(pit),
    }
}

impl Position {
    /// The position `state` is under `rules`, if it is one. A [`Variant`]
    /// derefs to its rules, so `Position::from_state(&variant, &state)`
    /// reads as well.
    ///
    /// [`Variant`]: super::Variant
    ///
    /// # Errors
    /// The first part that does not fit: a wrong number of pits (in any
    /// per-pit field); owners, an offer or declines in a variant without
    /// trading; sown pits in a variant without an opening lock nor opening
    /// rule; houses `[houses]` does not allow; an offer the rules could not
    /// have made; or seeds that do not add up to the variant's total.
    pub fn from_state(rules: &Rules, state: &State) -> Result<Position, SetupError> {
        let pits = rules.pits();
        let name = &rules.provenance.name;
        if state.seeds.len() != pits {
            return Err(fault(
                SetupField::Seeds,
                format!("expected {pits} seed counts, found {}", state.seeds.len()),
            ));
        }
        for (len, field, what) in [
            (state.controller.len(), SetupField::Owners, "owners"),
            (state.sown.len(), SetupField::Sown, "sown marks"),
            (state.houses.len(), SetupField::Houses, "house marks"),
        ] {
            if len != pits {
                return Err(fault(
                    field,
                    format!("expected {pits} {what}, one a pit, found {len}"),
                ));
            }
        }
        let closed = state.closed_pits();
        check_closed(rules, state, closed)?;
        let board = rules.all_pits();
        let trading = rules.trading.is_some();
        let north = state.controlled(Side::North);
        let sown = state.sown_pits();
        let houses = [state.houses_of(Side::South), state.houses_of(Side::North)];
        if let Some(t) = rules.trading {
            // An offerer keeps `keep_at_least` pits, so no play leaves a
            // side fewer; a position that did could also list more offers
            // than the loader's bound on them allows.
            let keep = usize::from(t.keep_at_least);
            for (side, pits) in [(Side::South, board.minus(north)), (Side::North, north)] {
                if pits.len() < keep {
                    return Err(fault(
                        SetupField::Owners,
                        format!(
                            "{side} controls {} pit{}; in {name} a player always keeps at least {keep}",
                            pits.len(),
                            if pits.len() == 1 { "" } else { "s" }
                        ),
                    ));
                }
            }
        }
        if !rules.pits_change_hands() && north != rules.home_row(Side::North) {
            return Err(fault(
                SetupField::Owners,
                format!("the pits of {name} never change hands: each side controls its home row"),
            ));
        }
        if !trading {
            check_handed(rules, north, closed)?;
        }
        if !sown.is_empty() && !rules.records_sown() {
            return Err(fault(
                SetupField::Sown,
                format!("{name} has no opening lock nor opening rule, so no pit counts as sown"),
            ));
        }
        check_houses(rules, &state.seeds, houses)?;
        if (state.declined[0] || state.declined[1]) && !trading {
            return Err(fault(
                SetupField::Declined,
                format!("{name} has no trading, so no offer was declined"),
            ));
        }
        let offer = state.offer_pits();
        if !state.offer.is_empty() {
            let Some(t) = rules.trading else {
                return Err(fault(
                    SetupField::Offer,
                    format!("{name} has no trading, so nothing is offered"),
                ));
            };
            // A set cannot say a pit twice nor name one off the board; the
            // list can, and the position keeps a set.
            for (i, p) in state.offer.iter().enumerate() {
                if p.index() >= pits {
                    return Err(fault(
                        SetupField::Offer,
                        "the offer names a pit off the board",
                    ));
                }
                if state.offer[..i].contains(p) {
                    return Err(fault(
                        SetupField::Offer,
                        format!("pit {} is offered twice", rules.label(*p)),
                    ));
                }
            }
            let offerer = state.to_move.opponent();
            let mine = match offerer {
                Side::North => north,
                Side::South => board.minus(north),
            };
            if let Some(p) = offer.minus(mine).iter().next() {
                return Err(fault(
                    SetupField::Offer,
                    format!(
                        "the offer is {offerer}'s (the side not to act), but pit {} is controlled by {}",
                        rules.label(p),
                        state.to_move
                    ),
                ));
            }
            if offer.len() > usize::from(t.max_pits) {
                return Err(fault(
                    SetupField::Offer,
                    format!(
                        "an offer names at most {}",
                        count(t.max_pits, "pit", "pits")
                    ),
                ));
            }
            if mine.len() - offer.len() < usize::from(t.keep_at_least) {
                return Err(fault(
                    SetupField::Offer,
                    format!(
                        "the offerer must keep at least {} pit{}",
                        t.keep_at_least,
                        if t.keep_at_least == 1 { "" } else { "s" }
                    ),
                ));
            }
            let need = u32::from(t.price_per_pit) * offer.len() as u32;
            let has = state.captured[state.to_move.index()];
            if t.only_if_affordable && has < need {
                return Err(fault(
                    SetupField::Offer,
                    format!(
                        "{} could not pay for this offer ({}, has {has})",
                        state.to_move,
                        count(need, "seed", "seeds")
                    ),
                ));
            }
        }
        // Summed wide, so no count can overflow it; the loader bounds the
        // total by `u16::MAX`, so once it matches every count fits a `u16`.
        let total: u64 = state.seeds.iter().map(|&s| u64::from(s)).sum::<u64>()
            + u64::from(state.captured[0])
            + u64::from(state.captured[1]);
        if total != u64::from(rules.total_seeds) {
            return Err(fault(
                SetupField::Total,
                format!(
                    "the seeds on the board and captured add up to {total}; {name} has {} in all",
                    rules.total_seeds
                ),
            ));
        }
        let fit = |x: u32| u16::try_from(x).unwrap_or(u16::MAX);
        let mut seeds = [0u16; MAX_PITS];
        for (to, &from) in seeds.iter_mut().zip(&state.seeds) {
            *to = fit(from);
        }
        Ok(Position::from_parts(
            seeds,
            north,
            sown,
            offer,
            state.captured.map(fit),
            state.to_move,
            u8::from(state.declined[0]) | u8::from(state.declined[1]) << 1,
            houses,
            closed,
        ))
    }

    /// This position as a plain state, which [`Position::from_state`]
    /// takes back to this position.
    #[must_use]
    pub fn to_state(&self, rules: &Rules) -> State {
        let pits = (0..rules.pits()).map(|i| Pit(i as u8));
        State {
            seeds: self.board(rules).iter().map(|&s| u32::from(s)).collect(),
            controller: pits.clone().map(|p| self.controller(p)).collect(),
            sown: pits.clone().map(|p| self.sown.contains(p)).collect(),
            houses: pits
                .map(|p| Side::BOTH.into_iter().find(|&s| self.houses(s).contains(p)))
                .collect(),
            offer: self.offer.iter().collect(),
            captured: Side::BOTH.map(|s| u32::from(self.captured(s))),
            to_move: self.to_move,
            declined: Side::BOTH.map(|s| self.has_declined(s)),
            closed: (0..rules.pits())
                .map(|i| self.closed.contains(Pit(i as u8)))
                .collect(),
        }
    }
}

/// The pits handed to the opponent for a game of a match (`match.unfilled
/// = "to-opponent"`) leave each player a pit of their own row that they
/// filled themselves, or the match would have ended; a pit out of play
/// is nobody's to hand over.
fn check_handed(rules: &Rules, north: PitSet, closed: PitSet) -> Result<(), SetupError> {
    let home_north = rules.home_row(Side::North);
    let handed = north.minus(home_north).or(home_north.minus(north));
    if let Some(p) = handed.and(closed).iter().next() {
        return Err(fault_at(
            SetupField::Owners,
            p,
            format!(
                "pit {} is out of play, so it stays its own row's: no one controls it across the board",
                rules.label(p)
            ),
        ));
    }
    for side in Side::BOTH {
        let home = rules.home_row(side);
        let kept = match side {
            Side::North => home.and(north),
            Side::South => home.minus(north),
        };
        if kept.minus(closed).is_empty() {
            return Err(fault(
                SetupField::Owners,
                format!(
                    "{side} controls none of their own row's pits in play: the match would have ended"
                ),
            ));
        }
    }
    Ok(())
}

/// The pits out of play fit `[match]`: none without it; each empty and
/// no house; and each player keeps a pit in play, or the match would have
/// ended.
fn check_closed(rules: &Rules, state: &State, closed: PitSet) -> Result<(), SetupError> {
    if closed.is_empty() {
        return Ok(());
    }
    let name = &rules.provenance.name;
    if state.closed.len() != rules.pits() {
        return Err(fault(
            SetupField::Closed,
            format!(
                "expected {} marks of pits out of play, one a pit, found {}",
                rules.pits(),
                state.closed.len()
            ),
        ));
    }
    if rules.match_play.is_none() {
        return Err(fault(
            SetupField::Closed,
            format!("{name} is not played as a match, so no pit is out of play"),
        ));
    }
    for p in closed.iter() {
        let why = if state.seeds[p.index()] > 0 {
            "holds seeds"
        } else if state.houses[p.index()].is_some() {
            "is a house"
        } else {
            continue;
        };
        let mut e = fault(
            SetupField::Closed,
            format!("pit {} is out of play and {why}", rules.label(p)),
        );
        e.pit = Some(p);
        return Err(e);
    }
    if let Some(side) = Side::BOTH
        .into_iter()
        .find(|&s| rules.home_row(s).is_subset(closed))
    {
        return Err(fault(
            SetupField::Closed,
            format!("every pit of {side}'s row is out of play: the match would have ended"),
        ));
    }
    Ok(())
}

/// The houses fit `[houses]`: none without it; each empty,
/// eligible for its owner, at most `max_per_player` a side, and with
/// `not_same_number` no two of different owners with one pit number. (A
/// state gives each pit one owner at most, so no pit is two players'.)
fn check_houses(rules: &Rules, seeds: &[u32], houses: [PitSet; 2]) -> Result<(), SetupError> {
    let name = &rules.provenance.name;
    let [south, north] = houses;
    let Some(h) = rules.houses else {
        return match south.or(north).iter().next() {
            Some(p) => Err(fault_at(
                SetupField::Houses,
                p,
                format!("{name} has no houses"),
            )),
            None => Ok(()),
        };
    };
    let label = |p: Pit| rules.label(p);
    for side in Side::BOTH {
        let mine = houses[side.index()];
        let home = rules.home_row(side);
        for p in mine.iter() {
            let k = rules.board.number(p);
            let (eligible, row) = if home.contains(p) {
                (h.own_row.contains(k), "their own row")
            } else {
                (h.opponent_row.contains(k), "the opponent's row")
            };
            if !eligible {
                return Err(fault_at(
                    SetupField::Houses,
                    p,
                    format!(
                        "pit {} cannot be {side}'s house: in {name} a player's house in {row} is a pit numbered {}",
                        label(p),
                        list_numbers(if home.contains(p) {
                            h.own_row
                        } else {
                            h.opponent_row
                        })
                    ),
                ));
            }
            if seeds.get(p.index()).is_some_and(|&s| s > 0) {
                return Err(fault_at(
                    SetupField::Houses,
                    p,
                    format!(
                        "pit {} is a house, so holds no seed (its seeds go to its owner), but the position gives it {}",
                        label(p),
                        seeds[p.index()]
                    ),
                ));
            }
        }
        if mine.len() > usize::from(h.max_per_player) {
            let p = mine
                .nth(usize::from(h.max_per_player))
                .expect("more than the most");
            return Err(fault_at(
                SetupField::Houses,
                p,
                format!(
                    "{side} has {} houses; in {name} a player has at most {}",
                    mine.len(),
                    h.max_per_player
                ),
            ));
        }
    }
    if h.not_same_number
        && let Some(p) = north.iter().find(|&q| {
            south
                .iter()
                .any(|s| rules.board.number(s) == rules.board.number(q))
        })
    {
        return Err(fault_at(
            SetupField::Houses,
            p,
            format!(
                "in {name} no two houses of different players share a pit number, but North's house {} has the number of one of South's",
                label(p)
            ),
        ));
    }
    Ok(())
}

/// Pit numbers in words: `1, 2 or 6`.
fn list_numbers(nums: crate::rules::RowPits) -> String {
    let v: Vec<String> = nums.list().iter().map(usize::to_string).collect();
    match v.split_last() {
        None => "none".into(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}
