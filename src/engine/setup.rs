//! [`Setup`]: the parts of a position as plain fields, checked into a
//! [`Position`] against a rulebook (as shakmaty turns a `Setup` into a
//! `Position`). The position notation is parsed into a `Setup` too, so a
//! position built by hand and one read from a string pass the same checks.

use super::position::Position;
use crate::board::{MAX_PITS, Pit, PitSet, Side};
use crate::rules::Rules;
use crate::words::count;
use std::fmt;

/// The parts of a position, unchecked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Seeds per pit, in label order: exactly one count per pit.
    pub seeds: Vec<u16>,
    /// The pits North controls (the rest are South's).
    pub north: PitSet,
    /// Home pits their home side has sown from (opening locks and the
    /// opening rule).
    pub sown: PitSet,
    /// South's houses and North's (`[houses]`).
    pub houses: [PitSet; 2],
    /// A pending offer, made by the side not to act; empty if none.
    pub offer: PitSet,
    /// Seeds captured by South and by North.
    pub captured: [u16; 2],
    /// The side to act.
    pub to_move: Side,
    /// Whether South, and North, have declined an offer in this game.
    pub declined: [bool; 2],
}

/// Which part of a [`Setup`] is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupField {
    /// `seeds`.
    Seeds,
    /// `north`.
    Owners,
    /// `sown`.
    Sown,
    /// `houses`.
    Houses,
    /// `offer`.
    Offer,
    /// `declined`.
    Declined,
    /// The seeds on the board and captured, together.
    Total,
}

/// Why a [`Setup`] is not a position of a rulebook.
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

impl Setup {
    /// The parts of the variant's initial position.
    #[must_use]
    pub fn initial(rules: &Rules) -> Setup {
        Position::initial(rules).setup(rules)
    }

    /// The position these parts make under `rules`, if they make one.
    ///
    /// # Errors
    /// The first part that does not fit: a wrong number of pits; owners,
    /// an offer or declines in a variant without trading; sown pits in a
    /// variant without an opening lock, or pits that are not their side's
    /// home pits; an offer the rules could not have made; or seeds that do
    /// not add up to the variant's total.
    pub fn position(&self, rules: &Rules) -> Result<Position, SetupError> {
        let pits = rules.pits();
        let name = &rules.provenance.name;
        if self.seeds.len() != pits {
            return Err(fault(
                SetupField::Seeds,
                format!("expected {pits} seed counts, found {}", self.seeds.len()),
            ));
        }
        let board = rules.all_pits();
        let trading = rules.trading.is_some();
        if !self.north.is_subset(board) {
            return Err(fault(SetupField::Owners, "owners name a pit off the board"));
        }
        if let Some(t) = rules.trading {
            // An offerer keeps `keep_at_least` pits, so no play leaves a
            // side fewer; a position that did could also list more offers
            // than the loader's bound on them allows.
            let keep = usize::from(t.keep_at_least);
            for (side, pits) in [
                (Side::South, board.minus(self.north)),
                (Side::North, self.north),
            ] {
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
        if !trading && self.north != rules.home_row(Side::North) {
            return Err(fault(
                SetupField::Owners,
                format!("the pits of {name} never change hands: each side controls its home row"),
            ));
        }
        if !self.sown.is_empty() && !rules.records_sown() {
            return Err(fault(
                SetupField::Sown,
                format!("{name} has no opening lock nor opening rule, so no pit counts as sown"),
            ));
        }
        if !self.sown.is_subset(board) {
            return Err(fault(
                SetupField::Sown,
                "sown pits name a pit off the board",
            ));
        }
        self.check_houses(rules)?;
        if (self.declined[0] || self.declined[1]) && !trading {
            return Err(fault(
                SetupField::Declined,
                format!("{name} has no trading, so no offer was declined"),
            ));
        }
        if !self.offer.is_empty() {
            let Some(t) = rules.trading else {
                return Err(fault(
                    SetupField::Offer,
                    format!("{name} has no trading, so nothing is offered"),
                ));
            };
            let offerer = self.to_move.opponent();
            let mine = match offerer {
                Side::North => self.north,
                Side::South => board.minus(self.north),
            };
            if let Some(p) = self.offer.minus(mine).iter().next() {
                return Err(fault(
                    SetupField::Offer,
                    format!(
                        "the offer is {offerer}'s (the side not to act), but pit {} is controlled by {}",
                        rules.label(p),
                        self.to_move
                    ),
                ));
            }
            if self.offer.len() > usize::from(t.max_pits) {
                return Err(fault(
                    SetupField::Offer,
                    format!(
                        "an offer names at most {}",
                        count(t.max_pits, "pit", "pits")
                    ),
                ));
            }
            if mine.len() - self.offer.len() < usize::from(t.keep_at_least) {
                return Err(fault(
                    SetupField::Offer,
                    format!(
                        "the offerer must keep at least {} pit{}",
                        t.keep_at_least,
                        if t.keep_at_least == 1 { "" } else { "s" }
                    ),
                ));
            }
            let need = u32::from(t.price_per_pit) * self.offer.len() as u32;
            let has = self.captured[self.to_move.index()];
            if t.only_if_affordable && u32::from(has) < need {
                return Err(fault(
                    SetupField::Offer,
                    format!(
                        "{} could not pay for this offer ({}, has {has})",
                        self.to_move,
                        count(need, "seed", "seeds")
                    ),
                ));
            }
        }
        let total: u32 = self.seeds.iter().map(|&s| u32::from(s)).sum::<u32>()
            + u32::from(self.captured[0])
            + u32::from(self.captured[1]);
        if total != rules.total_seeds {
            return Err(fault(
                SetupField::Total,
                format!(
                    "the seeds on the board and captured add up to {total}; {name} has {} in all",
                    rules.total_seeds
                ),
            ));
        }
        let mut seeds = [0u16; MAX_PITS];
        seeds[..pits].copy_from_slice(&self.seeds);
        Ok(Position::from_parts(
            seeds,
            self.north,
            self.sown,
            self.offer,
            self.captured,
            self.to_move,
            u8::from(self.declined[0]) | u8::from(self.declined[1]) << 1,
            self.houses,
        ))
    }

    /// The houses fit `[houses]`: none without it; each empty, on the
    /// board, one owner's only, eligible for its owner, at most
    /// `max_per_player` a side, and with `not_same_number` no two of
    /// different owners with one pit number.
    fn check_houses(&self, rules: &Rules) -> Result<(), SetupError> {
        let name = &rules.provenance.name;
        let [south, north] = self.houses;
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
        let board = rules.all_pits();
        let n = rules.per_row;
        let label = |p: Pit| rules.label(p);
        if let Some(p) = south.and(north).iter().next() {
            return Err(fault_at(
                SetupField::Houses,
                p,
                format!(
                    "pit {} is given as both South's and North's house",
                    label(p)
                ),
            ));
        }
        for side in Side::BOTH {
            let mine = self.houses[side.index()];
            if let Some(p) = mine.minus(board).iter().next() {
                return Err(fault_at(
                    SetupField::Houses,
                    p,
                    "a house names a pit off the board",
                ));
            }
            let home = rules.home_row(side);
            for p in mine.iter() {
                let k = p.index() % n + 1;
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
                if self.seeds.get(p.index()).is_some_and(|&s| s > 0) {
                    return Err(fault_at(
                        SetupField::Houses,
                        p,
                        format!(
                            "pit {} is a house, so holds no seed (its seeds go to its owner), but the position gives it {}",
                            label(p),
                            self.seeds[p.index()]
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
            && let Some(p) = north
                .iter()
                .find(|q| south.iter().any(|s| s.index() % n == q.index() % n))
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

impl Position {
    /// The parts of this position, for building another from them.
    #[must_use]
    pub fn setup(&self, rules: &Rules) -> Setup {
        Setup {
            seeds: self.board(rules).to_vec(),
            north: self.north_pits(),
            sown: self.sown(),
            houses: [self.houses(Side::South), self.houses(Side::North)],
            offer: self.offer().unwrap_or(PitSet::EMPTY),
            captured: [self.captured(Side::South), self.captured(Side::North)],
            to_move: self.to_move(),
            declined: [
                self.has_declined(Side::South),
                self.has_declined(Side::North),
            ],
        }
    }
}
