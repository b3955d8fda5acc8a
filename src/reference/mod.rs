//! The reference interpreter: the rule language's meaning, seed by seed.
//!
//! This module is **the definition every optimisation must agree with**.
//! [`crate::engine`] plays the same games fast, with tables, bit tricks,
//! whole laps at once and a repetition window; this interpreter plays them
//! the way `docs/rule-language.md` describes them: one seed at a time, in
//! plain `Vec`s, with every rule written once, in the order the
//! documentation gives it, so that the code can be read against the
//! documentation line by line. Where the two engines disagree, the
//! documentation (and `ayla rules show`'s prose, `src/rules/describe.rs`)
//! decides which one is wrong; [`differential`] finds such disagreements by
//! playing random games under random rule files ([`random`]) in both.
//!
//! Every mechanic added to the language goes into this module first.
//!
//! It reads only the *meaning* fields of [`Rules`] (the board, the keys of
//! every table) and [`MAX_RELAYS`]; never the tables derived for the
//! engine's hot path, nor any method of [`crate::engine::Position`]. The
//! board's geometry (neighbours, home rows, the circuit with its stores) is
//! worked out here from `per_row` and `direction`.
//!
//! Where the documentation is silent or ambiguous, the plainest reading of
//! its wording is taken, and marked in the code by a comment beginning
//! `Reading:`.
//!
//! It is meant to be clear before it is fast, but not careless: a ply costs
//! time in proportion to the seeds it sows and the plies it must look at
//! (a `must-leave-opponent-seeds` test plays each candidate sowing out),
//! never in proportion to the game's history.

#![warn(missing_docs)]

#[doc(hidden)]
pub mod differential;
pub mod match_play;
#[doc(hidden)]
pub mod random;
pub mod trace;

use trace::{Event, note};

use crate::engine::{Effect, EndReason, Outcome, Pit, PitSet, Ply, Side, SowEffect};
use crate::rules::{
    CannotFeed, Examined, ExtraTurn, FirstSeed, GrandSlam, Laps, LaterRounds, Leftovers, Winner,
};
use crate::rules::{
    CannotSow, Chain, Clockwise, Direction, Feeding, Lock, MAX_RELAYS, Opening, OppositeLanding,
    PitDirection, Rules, SowFrom, Taker, Zone,
};
use crate::rules::{
    ColumnCapture, ColumnLaps, ColumnPits, ColumnThen, InnerRowEmpty, LandingWas, ResowFrom,
};
use std::cell::Cell;
use std::collections::HashMap;

thread_local! {
    /// Seeds sown by the reference on this thread, in all: see [`seeds_sown`].
    static SOWN: Cell<u64> = const { Cell::new(0) };
}

/// Seeds the reference has sown on this thread so far, in all: in plies
/// played, and in sowings played out to judge them (`feeding`). A measure
/// of its work, for callers that bound it ([`differential`]).
#[doc(hidden)]
#[must_use]
pub fn seeds_sown() -> u64 {
    SOWN.with(Cell::get)
}

/// The reference plays on the crate's one plain state shape.
pub use crate::state::State;

/// A game under the reference interpreter: the rules, the state, how often
/// each whole state has occurred, and the end once it has come. It keeps
/// one entry per distinct state of the game, so its memory grows with the
/// game's length.
#[derive(Clone, Debug)]
pub struct Reference {
    rules: Rules,
    state: State,
    /// Occurrences of each whole state since the game's start (`end.repetition`):
    /// the state with `declined` cleared, since who has declined does not count.
    occurrences: HashMap<State, u32>,
    plies: usize,
    end: Option<EndReason>,
}

impl Reference {
    /// A game from the variant's initial state.
    #[must_use]
    pub fn new(rules: &Rules) -> Reference {
        Reference::from_state(rules, State::initial(rules))
    }

    /// A game from `state`, which counts as its own first occurrence and as
    /// the game's start for `end.max_plies`.
    #[must_use]
    pub fn from_state(rules: &Rules, state: State) -> Reference {
        let mut game = Reference {
            rules: rules.clone(),
            state,
            occurrences: HashMap::new(),
            plies: 0,
            end: None,
        };
        game.note_state();
        game
    }

    /// This game as one `first` began: a later game of a match, whose
    /// first mover the match decides.
    #[must_use]
    pub fn begun_by(mut self, first: Side) -> Reference {
        // `board.first` is "who moves first": in this game, `first`.
        self.rules.first = first;
        self
    }

    /// The current state.
    #[must_use]
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The rules the game is played under.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The legal plies: none once the game is over; else the sowings in
    /// label order, then `pass`, then the offers, then `accept` and
    /// `decline`.
    #[must_use]
    pub fn legal_plies(&self) -> Vec<Ply> {
        if self.end.is_some() {
            return Vec::new();
        }
        legal_plies(&self.rules, &self.state)
    }

    /// Plays `ply` if it is legal, and says what it did.
    ///
    /// # Errors
    /// Why the ply is not legal (the game's end included); the game is then
    /// untouched.
    pub fn play(&mut self, ply: Ply) -> Result<Effect, String> {
        if let Some(reason) = self.end {
            return Err(format!("the game is over ({reason}); no ply may follow"));
        }
        if !legal_plies(&self.rules, &self.state).contains(&ply) {
            return Err(why_illegal(&self.rules, &self.state, ply));
        }
        let effect = apply(&self.rules, &mut self.state, ply);
        self.plies += 1;
        self.note_state();
        Ok(effect)
    }

    /// Counts the current state's occurrence and decides whether the game
    /// is now over (docs/rule-language.md, `[end]`: checked at the start
    /// and after every ply).
    fn note_state(&mut self) {
        let mut whole = self.state.clone();
        whole.declined = [false, false];
        let seen = self.occurrences.entry(whole).or_insert(0);
        *seen += 1;
        let seen = *seen;
        let limit = self.rules.end.repetition;
        self.end = end_of_state(&self.rules, &self.state, self.plies)
            .or_else(|| (seen >= u32::from(limit)).then_some(EndReason::Repetition(limit)));
    }

    /// Why the game ended, if it has.
    #[must_use]
    pub fn end(&self) -> Option<EndReason> {
        self.end
    }

    /// The result, once the game is over (`[end]`: `leftovers`,
    /// `seeds_left_to`, `moves.cannot_feed`, `winner`; `[trading]`: the
    /// victory without glory).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let reason = self.end?;
        let (rules, state) = (&self.rules, &self.state);
        let on_board: u32 = state.seeds.iter().sum();
        let totals = Side::BOTH.map(|side| {
            let swept =
                match reason {
                    // `cannot_feed = "end-game-mover-takes-all"`: the player
                    // to act takes every seed left; with
                    // `"end-game-opponent-takes-all"`, "the opponent (who
                    // could not be fed) takes every seed left".
                    // Reading: the end names the player who owed the feed
                    // (the player to act) whichever of the two takes.
                    EndReason::CannotFeed(owed) => {
                        let taker = match rules.cannot_feed {
                            CannotFeed::OpponentTakesAll => owed.opponent(),
                            _ => owed,
                        };
                        if taker == side { on_board } else { 0 }
                    }
                    // `end.inner_row_empty`: "every seed left goes to the
                    // player whose inner row is not empty".
                    EndReason::InnerRowEmpty(loser) => {
                        if side == loser {
                            0
                        } else {
                            on_board
                        }
                    }
                    // `seeds_left_to = "first-player"`, only when this end fires.
                    EndReason::SeedsLeft(_) if rules.end.seeds_left_to_first => {
                        if side == rules.first { on_board } else { 0 }
                    }
                    // `leftovers = "nobody"`: "the seeds left on the board at
                    // the end count for nobody"; the two ends above, which
                    // give them to someone in particular, still do.
                    _ if rules.end.leftovers == Leftovers::Nobody => 0,
                    // `leftovers = "controller"`.
                    _ => (0..pit_count(rules))
                        .filter(|&p| state.controller[p] == side)
                        .map(|p| state.seeds[p])
                        .sum(),
                };
            state.captured[side.index()] + swept
        });
        // `end.winner`: "the higher total wins; equal totals draw", or
        // with "majority", "a total of more than half the seeds wins; any
        // other end draws".
        let higher = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        let winner = match rules.end.winner {
            Winner::Majority => Side::BOTH
                .into_iter()
                .find(|s| 2 * totals[s.index()] > rules.total_seeds()),
            Winner::HigherTotal => higher,
        };
        // What each player takes out of the game: the totals, but after an
        // empty inner row, whose seeds left went to the winner only to
        // score the loss, what each captured and the seeds `leftovers`
        // gives them.
        let held = match reason {
            EndReason::InnerRowEmpty(_) => Side::BOTH.map(|side| {
                let left: u32 = match rules.end.leftovers {
                    Leftovers::Nobody => 0,
                    Leftovers::Controller => (0..pit_count(rules))
                        .filter(|&p| state.controller[p] == side)
                        .map(|p| state.seeds[p])
                        .sum(),
                };
                state.captured[side.index()] + left
            }),
            _ => totals,
        };
        Some(Outcome {
            reason,
            totals,
            winner,
            without_glory: winner.is_some_and(|w| state.declined[w.index()]),
            held,
        })
    }

    /// Plies played since the game's start.
    #[must_use]
    pub fn plies_played(&self) -> usize {
        self.plies
    }
}

// ---------------------------------------------------------------------------
// The board: pits, rows, the circuit (docs/rule-language.md, "Board, pits
// and labels", `board.stores`, `sowing.direction`; two-row-design.md section 1,
// `sowing.direction`).

/// Pits on the board: `board.rows` rows of `pits_per_row`.
fn pit_count(rules: &Rules) -> usize {
    rows(rules) * rules.per_row()
}

/// Rows of the board: 2, or 4 (`board.rows`).
fn rows(rules: &Rules) -> usize {
    rules.board.rows()
}

/// The first index of `side`'s pits: South's come first (on two rows its
/// row, on four its edge row left to right then its inner row right to
/// left), then North's the same way from North's left (docs/notation.md).
fn side_base(rules: &Rules, side: Side) -> usize {
    match side {
        Side::South => 0,
        Side::North => pit_count(rules) / 2,
    }
}

/// The side whose own rows hold pit `p`: South's pits are the first half
/// of the indices.
fn home_side(rules: &Rules, p: usize) -> Side {
    if p < pit_count(rules) / 2 {
        Side::South
    } else {
        Side::North
    }
}

/// The pits of `side`'s home row (on four rows, its two rows), in index
/// order.
fn home_row(rules: &Rules, side: Side) -> Vec<usize> {
    (0..pit_count(rules))
        .filter(|&p| home_side(rules, p) == side)
        .collect()
}

/// The pits of a sowing's circuit: on two rows every pit of the board,
/// on four a player's two rows; `2n` either way (stores are not pits).
fn circuit_len(rules: &Rules) -> usize {
    2 * rules.per_row()
}

/// The place of `p`'s label letter in the alphabet: its number from its
/// owner's left. On four rows a side's inner row runs right to left in
/// index order.
fn pit_number(rules: &Rules, p: usize) -> usize {
    let n = rules.per_row();
    let k = p - side_base(rules, home_side(rules, p));
    if k < n { k + 1 } else { 2 * n - k }
}

/// Whether `p` is in `side`'s inner row: on four rows the row nearest the
/// middle (the second half of the side's indices); on two rows its only
/// row.
fn in_inner_row(rules: &Rules, side: Side, p: usize) -> bool {
    home_side(rules, p) == side
        && (rows(rules) == 2 || p - side_base(rules, side) >= rules.per_row())
}

/// The pit across the board from `p`, in the other side's inner row, in
/// the same column (`[opposite_capture]`, `[column_capture]`): on two rows
/// `2n - 1 - p` (`a` faces the last uppercase pit); on four rows, for an inner
/// pit, `5n - 1 - p` (South's inner pit of column c is `2n - 1 - c`,
/// North's `3n + c`).
fn opposite(rules: &Rules, p: usize) -> usize {
    let n = rules.per_row();
    if rows(rules) == 4 {
        5 * n - 1 - p
    } else {
        2 * n - 1 - p
    }
}

/// The outer pit behind inner pit `p` on four rows, in the same column:
/// South's edge pit of column c is `c`, North's `3n - 1 - c`.
fn behind(rules: &Rules, p: usize) -> usize {
    let n = rules.per_row();
    match home_side(rules, p) {
        Side::South => 2 * n - 1 - p,
        Side::North => 6 * n - 1 - p,
    }
}

/// How the sowings from pit `p` are directed (`sowing.direction`: one value
/// for every pit, or one per pit number).
fn pit_direction(rules: &Rules, p: usize) -> PitDirection {
    if rules.pit_directions.is_empty() {
        PitDirection::Fixed(rules.direction)
    } else {
        rules.pit_directions[pit_number(rules, p) - 1]
    }
}

/// The other direction.
fn reverse(dir: Direction) -> Direction {
    match dir {
        Direction::CounterClockwise => Direction::Clockwise,
        Direction::Clockwise => Direction::CounterClockwise,
    }
}

/// The pit after `p` along `dir`, the direction of the sowing in
/// question. On two rows labels run counter-clockwise round the board, so
/// counter-clockwise is the next label (after the last comes `a`) and
/// clockwise the one before; on four rows each side sows round its own two
/// rows, whose indices run counter-clockwise from `side_base`. Stores are
/// not pits: they are never "next".
fn next_pit(rules: &Rules, p: usize, dir: Direction) -> usize {
    let (base, len) = if rows(rules) == 4 {
        (side_base(rules, home_side(rules, p)), 2 * rules.per_row())
    } else {
        (0, pit_count(rules))
    };
    let k = p - base;
    base + match dir {
        Direction::CounterClockwise => (k + 1) % len,
        Direction::Clockwise => (k + len - 1) % len,
    }
}

/// The pit before `p` along `dir`.
fn prev_pit(rules: &Rules, p: usize, dir: Direction) -> usize {
    next_pit(rules, p, reverse(dir))
}

/// The pit after `p` along `dir` that is in play: a pit out of play for
/// this game of a match (`State::closed`) is passed over "as if it were
/// not there" (`[match]`, `match.unfilled`).
fn open_next(rules: &Rules, state: &State, p: usize, dir: Direction) -> usize {
    let mut q = next_pit(rules, p, dir);
    while state.closed[q] && q != p {
        q = next_pit(rules, q, dir);
    }
    q
}

/// The pit in play before `p` along `dir`.
fn open_prev(rules: &Rules, state: &State, p: usize, dir: Direction) -> usize {
    open_next(rules, state, p, reverse(dir))
}

/// `side`'s last home pit in the circuit of the board's fixed direction,
/// after which its store lies: the home pit whose next pit is the
/// opponent's. (Only a board whose every pit sows in `rules.direction`
/// has stores.)
fn last_house(rules: &Rules, side: Side) -> usize {
    // The pit of `side`'s row whose next pit, in the board's direction, is
    // not theirs: the row's right end counter-clockwise, its left end
    // clockwise (worked out, not searched, since every seed sown past a
    // store asks it).
    let n = rules.per_row();
    let first = match side {
        Side::South => 0,
        Side::North => n,
    };
    match rules.direction {
        Direction::CounterClockwise => first + n - 1,
        Direction::Clockwise => first,
    }
}

/// Whether pit `p` is a house (`[houses]`).
fn is_house(state: &State, p: usize) -> bool {
    state.houses[p].is_some()
}

/// A place a sown seed can fall in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// A pit, by index.
    Pit(usize),
    /// A player's store.
    Store(Side),
}

impl Place {
    /// The pit, if the place is one.
    fn pit(self) -> Option<usize> {
        match self {
            Place::Pit(p) => Some(p),
            Place::Store(_) => None,
        }
    }
}

impl From<Place> for crate::board::Place {
    fn from(p: Place) -> Self {
        match p {
            Place::Pit(i) => crate::board::Place::Pit(Pit(i as u8)),
            Place::Store(s) => crate::board::Place::Store(s),
        }
    }
}

/// Where the seed after one that fell at `at` falls, in a sowing by
/// `mover` along `dir`: the next pit, or after the mover's last house the
/// mover's store. The opponent's store is never on a mover's circuit
/// (`board.stores`: a sowing "skips the opponent's").
/// Reading: a store sits after each player's last house in the circuit of
/// the board's fixed direction, and the loader allows stores only where
/// every pit sows that way; a sowing along the other direction (which
/// only a board without stores has) meets no store.
fn next_place(rules: &Rules, at: Place, mover: Side, dir: Direction) -> Place {
    let stores = rules.stores && dir == rules.direction;
    match at {
        Place::Pit(p) if stores && p == last_house(rules, mover) => Place::Store(mover),
        Place::Pit(p) => Place::Pit(next_pit(rules, p, dir)),
        Place::Store(_) => Place::Pit(next_pit(rules, last_house(rules, mover), dir)),
    }
}

/// The places the seeds of one lap fall in, in order: a lap of `hand`
/// seeds lifted from `start`, sown by `mover` along `dir`. They depend on
/// the board alone, never on the seeds in the pits, so the same walk
/// serves the sowing itself and the feeding test.
struct Lap<'a> {
    rules: &'a Rules,
    mover: Side,
    dir: Direction,
    /// The pit the lap lifted: the chosen pit, or the pit a relay lifts.
    start: usize,
    /// Where the last seed fell; `None` before the first.
    at: Option<Place>,
    /// Whether the first seed goes back into `start`.
    first_in_start: bool,
    /// Pits this lap has sown into.
    pits_sown: Vec<bool>,
    /// Stores this lap has sown into, South's then North's.
    stores_sown: [bool; 2],
    /// Whether the lap has come round under `later_rounds =
    /// "opponent-row"`, so sows only the opponent's home row.
    later: bool,
    /// The pits out of play for this game of a match, which no seed falls
    /// in (`State::closed`).
    closed: Vec<bool>,
}

impl<'a> Lap<'a> {
    fn new(
        rules: &'a Rules,
        state: &State,
        mover: Side,
        start: usize,
        dir: Direction,
        hand: u32,
    ) -> Lap<'a> {
        // `sowing.first_seed`: "the lap's first seed is dropped back into
        // that pit"; with "origin-unless-single", "a lap of exactly one
        // seed drops it in the next place".
        let first_in_start = match rules.first_seed {
            FirstSeed::NextPit => false,
            FirstSeed::Origin => true,
            FirstSeed::OriginUnlessSingle => hand != 1,
        };
        Lap {
            rules,
            mover,
            dir,
            start,
            at: None,
            first_in_start,
            pits_sown: vec![false; pit_count(rules)],
            stores_sown: [false; 2],
            later: false,
            closed: state.closed.clone(),
        }
    }

    /// The place after `place` on the lap's circuit, passing over pits out
    /// of play "as if [they] were not there".
    fn after(&self, place: Place) -> Place {
        let mut next = next_place(self.rules, place, self.mover, self.dir);
        while let Place::Pit(p) = next
            && self.closed[p]
        {
            next = next_place(self.rules, next, self.mover, self.dir);
        }
        next
    }

    fn sown_into(&self, place: Place) -> bool {
        match place {
            Place::Pit(p) => self.pits_sown[p],
            Place::Store(s) => self.stores_sown[s.index()],
        }
    }

    /// Where the lap's next seed falls.
    fn next_place(&mut self) -> Place {
        let rules = self.rules;
        let place = match self.at {
            None if self.first_in_start => Place::Pit(self.start),
            _ => {
                let mut place = self.after(self.at.unwrap_or(Place::Pit(self.start)));
                loop {
                    if !self.later {
                        // `sowing.skip_origin`: "skips its origin pit each
                        // time it comes round"; with relays, "each lap obeys
                        // skip_origin for its own starting pit"; with
                        // `first_seed = "origin"`, "the origin, having
                        // received the first seed, is skipped when the lap
                        // comes round again".
                        if rules.skip_origin && place == Place::Pit(self.start) {
                            place = self.after(place);
                            continue;
                        }
                        // `later_rounds = "opponent-row"`: "once ... the lap
                        // is about to drop a second seed into some place it
                        // has already sown into during this lap, that seed
                        // and every later seed of the lap go only into pits
                        // of the opponent's home row".
                        if rules.later_rounds == LaterRounds::OpponentRow && self.sown_into(place) {
                            self.later = true;
                        } else {
                            break;
                        }
                    }
                    // "every other pit, and every store, is passed over, in
                    // sowing order, round and round".
                    // Reading: skip_origin concerns the passes round the
                    // whole circuit; once the lap sows only the opponent's
                    // row, every pit of that row takes its seed in turn,
                    // the lap's starting pit included (else a one-pit row
                    // holding the origin would leave the seed nowhere).
                    match place {
                        Place::Pit(p) if home_side(rules, p) == self.mover.opponent() => break,
                        _ => place = self.after(place),
                    }
                }
                place
            }
        };
        match place {
            Place::Pit(p) => self.pits_sown[p] = true,
            Place::Store(s) => self.stores_sown[s.index()] = true,
        }
        self.at = Some(place);
        place
    }
}

// ---------------------------------------------------------------------------
// Which plies are legal (`[moves]`, `[trading]`; two-row-design.md section 1, "Order
// of the legality filters").

/// Whether `side` may sow from pit `p` when it holds seeds (`moves.sow_from`).
fn may_sow_from(rules: &Rules, state: &State, side: Side, p: usize) -> bool {
    match rules.sow_from {
        SowFrom::Controlled => state.controller[p] == side,
        SowFrom::HomeRow => home_side(rules, p) == side,
        // `moves.sow_from = "opponent-row"`.
        SowFrom::OpponentRow => home_side(rules, p) == side.opponent(),
    }
}

/// Whether the rules record which home pits each side has sown from (the
/// `sown` state): "whenever the rules have a lock (`capture.lock` not
/// none) or an opening rule (`moves.opening` not none)".
fn records_sown(rules: &Rules) -> bool {
    rules.capture.is_some_and(|c| c.lock != Lock::None) || rules.opening != Opening::None
}

/// The origins the side to act may sow from after each of the first three
/// filters: (1) the non-empty pits `sow_from` allows, not houses; (2) of
/// those, the pits holding `min_seeds` or more (with `below_min =
/// "if-no-other"`, all of (1) when none does); (3) with `opening =
/// "each-home-pit-once"`, the home pits not yet sown from, if the mover has
/// not sown from every one and some of (2) are such pits. In label order.
fn origin_filters(rules: &Rules, state: &State) -> [Vec<usize>; 3] {
    let side = state.to_move;
    let candidates: Vec<usize> = (0..pit_count(rules))
        .filter(|&p| {
            state.seeds[p] > 0 && may_sow_from(rules, state, side, p) && !is_house(state, p)
        })
        .collect();
    let enough: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|&p| state.seeds[p] >= u32::from(rules.min_seeds))
        .collect();
    // `below_min = "if-no-other"`: "when no pit holding min_seeds or more
    // can be sown, pits with fewer (but at least one) may be".
    let allowed = if enough.is_empty() && rules.below_min_if_no_other {
        candidates.clone()
    } else {
        enough
    };
    // `opening = "each-home-pit-once"`: "until a player has sown from every
    // pit of their home row, they may sow only from home pits they have not
    // sown from yet, if any of those can be sown under the rules above; if
    // none can, the restriction lapses for that ply".
    let mut opened = allowed.clone();
    if rules.opening == Opening::EachHomePitOnce && !home_row_sown(rules, state, side) {
        let fresh: Vec<usize> = allowed
            .iter()
            .copied()
            .filter(|&p| home_side(rules, p) == side && !state.sown[p])
            .collect();
        if !fresh.is_empty() {
            opened = fresh;
        }
    }
    [candidates, allowed, opened]
}

/// The pits the side to act may sow from, before feeding and the grand
/// slam are judged: the third of [`origin_filters`]. When there are none,
/// `cannot_sow` applies.
fn origins(rules: &Rules, state: &State) -> Vec<usize> {
    let [_, _, opened] = origin_filters(rules, state);
    opened
}

/// A sowing the side to act may consider: its origin, its direction and
/// the ply that names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Sowing {
    origin: usize,
    dir: Direction,
    ply: Ply,
}

/// Filter 4: each origin expanded into its plies, "one ply per pit with a
/// fixed direction, two (counter-clockwise first) for a "chosen" pit", in
/// label order of origin; `moves.clockwise`: "a clockwise sowing from a
/// pit whose direction is chosen is a ply only if it captures
/// (`"if-capturing"`, as `must_capture` says what captures), or only if
/// its first lap ends in a column capture (`"if-first-lap-captures"`)".
fn sowings(rules: &Rules, state: &State) -> Vec<Sowing> {
    let mut out = expanded(rules, state);
    out.retain(|&s| {
        let limited =
            s.dir == Direction::Clockwise && pit_direction(rules, s.origin) == PitDirection::Chosen;
        !limited
            || match rules.clockwise {
                Clockwise::Free => true,
                Clockwise::IfCapturing => captures(rules, state, s),
                Clockwise::IfFirstLapCaptures => first_lap_captures(rules, state, s),
            }
    });
    out
}

/// Whether `sowing`'s first lap, the one before any relay or re-sowing,
/// ends in a column capture: the first steps of [`sow`] played on a copy
/// (the lift with its locks, the lap's seeds with their sowing captures)
/// and the lap's end looked at as [`lap_end`] decides it.
fn first_lap_captures(rules: &Rules, state: &State, sowing: Sowing) -> bool {
    if rules.column_capture.is_none() {
        return false;
    }
    let mut after = state.clone();
    let mut w = lift(rules, &mut after, sowing.origin, sowing.dir);
    if w.stopped.is_some() {
        return false;
    }
    sow_lap(rules, &mut after, &mut w);
    matches!(lap_end(rules, &after, &w), LapEnd::Column(_))
}

/// Each origin as its plies, before `moves.clockwise` (see [`sowings`]).
fn expanded(rules: &Rules, state: &State) -> Vec<Sowing> {
    let mut out = Vec::new();
    for origin in origins(rules, state) {
        let pit = Pit(origin as u8);
        match pit_direction(rules, origin) {
            PitDirection::Fixed(dir) => out.push(Sowing {
                origin,
                dir,
                ply: Ply::Sow(pit),
            }),
            PitDirection::Chosen => {
                for dir in [Direction::CounterClockwise, Direction::Clockwise] {
                    out.push(Sowing {
                        origin,
                        dir,
                        ply: Ply::SowToward(pit, dir),
                    });
                }
            }
        }
    }
    out
}

/// The pits `side` controls, in label order.
fn controlled(rules: &Rules, state: &State, side: Side) -> Vec<usize> {
    (0..pit_count(rules))
        .filter(|&p| state.controller[p] == side)
        .collect()
}

/// The pits of `side`'s territory for feeding: the pits they control, less
/// houses ("it is in no one's territory for feeding").
fn fed_pits(rules: &Rules, state: &State, side: Side) -> Vec<usize> {
    controlled(rules, state, side)
        .into_iter()
        .filter(|&p| !is_house(state, p))
        .collect()
}

/// Whether the side to act owes a feed (`moves.feeding`): the rule is on
/// and every pit the opponent controls is empty.
fn feed_owed(rules: &Rules, state: &State) -> bool {
    // Reading: an opponent who controls no pit at all (trading with
    // `keep_at_least = 0`) has "every pit empty", vacuously, and is owed a
    // feed that no sowing can give.
    rules.feeding != Feeding::None
        && fed_pits(rules, state, state.to_move.opponent())
            .iter()
            .all(|&p| state.seeds[p] == 0)
}

/// Whether `sowing` feeds the opponent, in the sense of the rules' feeding
/// obligation; only asked when the opponent's pits are all empty.
fn feeds(rules: &Rules, state: &State, sowing: Sowing) -> bool {
    let mover = state.to_move;
    let theirs = fed_pits(rules, state, mover.opponent());
    match rules.feeding {
        Feeding::None => true,
        // "a sowing that drops at least one seed into a pit the opponent
        // controls"; "only the first lap is looked at".
        // Reading: the first lap is every seed taken from the chosen pit,
        // however many times it goes round, dropped where the sowing drops
        // them: the mover's store takes one as it passes, the origin is
        // skipped if `skip_origin` says so.
        // Reading: a seed dropped into an opponent's pit feeds them even if
        // a sowing capture takes that pit at once: it was dropped.
        Feeding::MustFeedEmptyOpponent => {
            let hand = state.seeds[sowing.origin];
            let mut lap = Lap::new(rules, state, mover, sowing.origin, sowing.dir, hand);
            (0..hand).any(|_| matches!(lap.next_place(), Place::Pit(p) if theirs.contains(&p)))
        }
        // "a sowing after which at least one of those pits holds a seed
        // (the whole sowing counts: every relay lap, every capture)": play
        // it out and look.
        Feeding::MustLeaveOpponentSeeds => {
            let mut after = state.clone();
            sow(rules, &mut after, sowing.origin, sowing.dir);
            theirs.iter().any(|&p| after.seeds[p] > 0)
        }
    }
}

/// Whether `sowing` would be a grand slam: played out, the `[capture]` at
/// its end would take every seed of the opponent's home row.
fn grand_slam(rules: &Rules, state: &State, sowing: Sowing) -> bool {
    let mut after = state.clone();
    sow(rules, &mut after, sowing.origin, sowing.dir).1
}

/// The sowings the side to act may legally make: filters 5 and 6 on the
/// plies of [`sowings`], each lapsing when it would leave nothing.
/// Whether `sowing` captures for the mover (`moves.must_capture`): "takes
/// at least one pit for the mover, by any capture of the rules (at the end
/// of the sowing or on the way, a column capture whose seeds are re-sown
/// included), or makes a house". Played on a copy.
fn captures(rules: &Rules, state: &State, sowing: Sowing) -> bool {
    let mut after = state.clone();
    let mover = state.to_move;
    match sow(rules, &mut after, sowing.origin, sowing.dir).0 {
        Effect::Sow(e) => {
            !e.captured.is_empty() || !e.houses_made.is_empty() || e.sowing_taken[mover.index()] > 0
        }
        _ => false,
    }
}

/// Keeps the sowings `keep` accepts, if it accepts any: each legality
/// filter after the first gives way when it would leave nothing.
fn keep_if_any(all: &mut Vec<Sowing>, keep: impl Fn(Sowing) -> bool) {
    let kept: Vec<Sowing> = all.iter().copied().filter(|&s| keep(s)).collect();
    if !kept.is_empty() {
        *all = kept;
    }
}

fn legal_sowings(rules: &Rules, state: &State) -> Vec<Sowing> {
    let mut all = sowings(rules, state);
    // 5. `moves.feeding`: "if none does, any sowing is legal".
    if feed_owed(rules, state) {
        keep_if_any(&mut all, |s| feeds(rules, state, s));
    }
    // 6. `capture.grand_slam = "forbidden"`: "drop the plies that would be
    // a grand slam, if any ply that is not remains".
    if rules
        .capture
        .is_some_and(|c| c.grand_slam == GrandSlam::Forbidden)
    {
        keep_if_any(&mut all, |s| !grand_slam(rules, state, s));
    }
    // 7. `moves.must_capture`: "when some sowing the filters above leave
    // captures, only those that capture may be made".
    if rules.must_capture {
        keep_if_any(&mut all, |s| captures(rules, state, s));
    }
    // 8. `moves.inner_row_first`: "a sowing that captures nothing may
    // start in the outer row only when no sowing the filters above leave
    // starts in the inner row".
    if rules.inner_row_first
        && all
            .iter()
            .any(|s| in_inner_row(rules, state.to_move, s.origin))
    {
        all.retain(|&s| in_inner_row(rules, state.to_move, s.origin) || captures(rules, state, s));
    }
    all
}

/// Whether `side` can pay for an offer of `pits` pits
/// (`trading.price_per_pit`).
fn can_pay(rules: &Rules, state: &State, side: Side, pits: usize) -> bool {
    rules.trading.is_some_and(|t| {
        u64::from(state.captured[side.index()]) >= u64::from(t.price_per_pit) * pits as u64
    })
}

/// The offers the side to act may make (`[trading]`): 1 to `max_pits` of
/// the pits they control, keeping at least `keep_at_least`, and, with
/// `only_if_affordable`, no more than the opponent can pay for. Only asked
/// when they have something to sow.
fn offers(rules: &Rules, state: &State) -> Vec<Ply> {
    let Some(t) = rules.trading else {
        return Vec::new();
    };
    let side = state.to_move;
    let mine = controlled(rules, state, side);
    let mut out = Vec::new();
    for k in 1..=usize::from(t.max_pits) {
        if mine.len() < k + usize::from(t.keep_at_least) {
            break;
        }
        if t.only_if_affordable && !can_pay(rules, state, side.opponent(), k) {
            break;
        }
        let mut chosen = Vec::new();
        push_combinations(&mine, k, &mut chosen, &mut out);
    }
    out
}

/// Pushes an offer for every way of adding `k` more pits of `from` to
/// `chosen` (pits later in `from` than the ones chosen so far).
fn push_combinations(from: &[usize], k: usize, chosen: &mut Vec<usize>, out: &mut Vec<Ply>) {
    if k == 0 {
        out.push(Ply::Offer(
            chosen.iter().map(|&p| Pit(p as u8)).collect::<PitSet>(),
        ));
        return;
    }
    for i in 0..from.len() {
        if from.len() - i < k {
            break;
        }
        chosen.push(from[i]);
        push_combinations(&from[i + 1..], k - 1, chosen, out);
        chosen.pop();
    }
}

/// The legal plies in `state`, the game's end aside.
fn legal_plies(rules: &Rules, state: &State) -> Vec<Ply> {
    let side = state.to_move;
    // `[trading]`: "The opponent's next ply must be `accept` or `decline`";
    // "The recipient cannot accept an offer they cannot pay for".
    if !state.offer.is_empty() {
        let mut out = Vec::new();
        if can_pay(rules, state, side, state.offer.len()) {
            out.push(Ply::Accept);
        }
        out.push(Ply::Decline);
        return out;
    }
    let sowings = legal_sowings(rules, state);
    if sowings.is_empty() {
        // `moves.cannot_sow`: a pass only for a player with nothing to sow;
        // with "end-game" the game is over before this is asked.
        return match rules.cannot_sow {
            CannotSow::Pass => vec![Ply::Pass],
            CannotSow::EndGame => Vec::new(),
        };
    }
    // "Legal plies are listed in label order of origin, counter-clockwise
    // before clockwise", as [`sowings`] makes them.
    let mut out: Vec<Ply> = sowings.iter().map(|s| s.ply).collect();
    // "a player who has something to sow may instead offer".
    // Reading: an offer is not a sowing, so a feed owed does not forbid it
    // (`moves.feeding` restricts which sowing the mover chooses).
    out.extend(offers(rules, state));
    out
}

/// A direction in words.
fn direction_name(dir: Direction) -> &'static str {
    match dir {
        Direction::CounterClockwise => "counter-clockwise",
        Direction::Clockwise => "clockwise",
    }
}

/// Why `ply` is not legal in `state` (the game not being over), in words.
fn why_illegal(rules: &Rules, state: &State, ply: Ply) -> String {
    let side = state.to_move;
    let label = |p: usize| rules.label(Pit(p as u8));
    if !state.offer.is_empty() {
        return match ply {
            Ply::Accept => format!("{side} cannot pay for the offer"),
            _ => format!("{side} must answer the pending offer with `accept` or `decline`"),
        };
    }
    let (pit, toward) = match ply {
        Ply::Sow(p) => (p.index(), None),
        Ply::SowToward(p, dir) => (p.index(), Some(dir)),
        Ply::Pass if rules.cannot_sow == CannotSow::EndGame => {
            return "this variant has no passing".into();
        }
        Ply::Pass => return format!("{side} has something to sow, so may not pass"),
        Ply::Accept | Ply::Decline => {
            return format!("there is no offer for {side} to answer");
        }
        Ply::Offer(_) if rules.trading.is_none() => return "this variant has no trading".into(),
        Ply::Offer(set) => {
            return format!(
                "{side} may not offer {}: an offer names 1 to max_pits pits {side} controls, keeps keep_at_least, is affordable if it must be, and needs something to sow",
                rules.labels(set)
            );
        }
    };
    if pit >= pit_count(rules) {
        return "the board has no such pit".into();
    }
    let c = label(pit);
    // The ply must name a direction exactly where the mover chooses it.
    match (pit_direction(rules, pit), toward) {
        (PitDirection::Chosen, None) => {
            return format!(
                "the mover chooses the direction of a sowing from pit {c}: write `{c}>` (counter-clockwise) or `{c}<` (clockwise)"
            );
        }
        (PitDirection::Fixed(dir), Some(_)) => {
            return format!(
                "pit {c} always sows {}: its direction is not chosen (write `{c}`)",
                direction_name(dir)
            );
        }
        _ => {}
    }
    let [candidates, allowed, opened] = origin_filters(rules, state);
    if !may_sow_from(rules, state, side, pit) {
        return format!("{side} may not sow from pit {c}");
    }
    if let Some(owner) = state.houses[pit] {
        return format!("pit {c} is {owner}'s house, which is never sown from");
    }
    if state.seeds[pit] == 0 {
        return format!("pit {c} is empty");
    }
    debug_assert!(candidates.contains(&pit));
    if !allowed.contains(&pit) {
        return format!(
            "pit {c} holds fewer than {} seeds (`moves.min_seeds`){}",
            rules.min_seeds,
            if rules.below_min_if_no_other {
                ", and another pit holds enough"
            } else {
                ""
            }
        );
    }
    if !opened.contains(&pit) {
        let fresh: Vec<String> = opened.iter().map(|&p| label(p).to_string()).collect();
        return format!(
            "{side} has not yet sown from every home pit, so must sow from one not sown from yet ({})",
            fresh.join(", ")
        );
    }
    let sowing = expanded(rules, state)
        .into_iter()
        .find(|s| s.ply == ply)
        .expect("every direction rule was checked above");
    if !sowings(rules, state).contains(&sowing) {
        return match rules.clockwise {
            Clockwise::IfFirstLapCaptures => format!(
                "a clockwise sowing must capture with its first lap (`moves.clockwise = \"if-first-lap-captures\"`): the first lap of {c}< ends in no column capture"
            ),
            _ => format!(
                "a clockwise sowing must capture (`moves.clockwise = \"if-capturing\"`): {c}< captures nothing"
            ),
        };
    }
    if feed_owed(rules, state) && !feeds(rules, state, sowing) {
        return format!(
            "{} is owed a feed, which sowing from {c} does not give",
            side.opponent()
        );
    }
    // What is left: the grand slam filter, then the capture obligation
    // (a forbidden grand slam captures nothing, so it is the slam that
    // refuses it).
    if rules
        .capture
        .is_some_and(|c| c.grand_slam == GrandSlam::Forbidden)
        && grand_slam(rules, state, sowing)
    {
        return format!(
            "sowing from {c} would be a grand slam, which `capture.grand_slam = \"forbidden\"` forbids while another sowing is not one"
        );
    }
    let mut left = sowings(rules, state);
    if rules.must_capture {
        keep_if_any(&mut left, |s| captures(rules, state, s));
        if !left.contains(&sowing) {
            return format!(
                "{side} has a sowing that captures, so must make one (`moves.must_capture`): sowing from {c} captures nothing"
            );
        }
    }
    format!(
        "{side} can sow from the inner row, so a sowing from the outer row must capture (`moves.inner_row_first`): sowing from {c} captures nothing"
    )
}

// ---------------------------------------------------------------------------
// Playing a ply.

/// Plays a legal `ply`.
fn apply(rules: &Rules, state: &mut State, ply: Ply) -> Effect {
    let side = state.to_move;
    let sown = |state: &mut State, origin: Pit, dir: Direction| {
        let (effect, _) = sow(rules, state, origin.index(), dir);
        // `sowing.extra_turn`: "the mover plays again".
        if !matches!(
            effect,
            Effect::Sow(SowEffect {
                extra_turn: true,
                ..
            })
        ) {
            state.to_move = side.opponent();
        }
        effect
    };
    match ply {
        Ply::Sow(origin) => {
            let PitDirection::Fixed(dir) = pit_direction(rules, origin.index()) else {
                unreachable!("a legal `Sow` names a pit of fixed direction")
            };
            sown(state, origin, dir)
        }
        Ply::SowToward(origin, dir) => sown(state, origin, dir),
        Ply::Pass => {
            state.to_move = side.opponent();
            Effect::Pass
        }
        // "The offer is their whole turn."
        Ply::Offer(set) => {
            state.offer = set.iter().collect();
            state.to_move = side.opponent();
            Effect::Offer(set)
        }
        // "On accept, the offered pits become the opponent's territory and
        // the opponent pays price_per_pit of their captured seeds into each
        // of them"; then "the same opponent takes their normal turn".
        Ply::Accept => {
            let price = rules.trading.map_or(0, |t| u32::from(t.price_per_pit));
            let pits: PitSet = state.offer.iter().copied().collect();
            for &p in &state.offer {
                state.seeds[p.index()] += price;
                state.controller[p.index()] = side;
            }
            let paid = price * state.offer.len() as u32;
            state.captured[side.index()] -= paid;
            state.offer.clear();
            Effect::Accept {
                pits,
                paid: paid as u16,
            }
        }
        Ply::Decline => {
            let pits: PitSet = state.offer.iter().copied().collect();
            state.offer.clear();
            state.declined[side.index()] = true;
            Effect::Decline(pits)
        }
    }
}

/// The lock (`capture.lock`) for a sowing from `origin` by the side to act,
/// judged before it: whether its end may capture, and whether it releases
/// the lock. Records the origin in `sown` where the rules record it.
fn lock(rules: &Rules, state: &mut State, origin: usize) -> (bool, bool) {
    let mover = state.to_move;
    let lock = rules.capture.map_or(Lock::None, |c| c.lock);
    // "the chosen origin, when it is in the mover's home row, is marked".
    // Reading: a pit lifted by a relay is not the origin of a sowing; only
    // the chosen pit is.
    let before = (
        home_row_sown(rules, state, mover),
        state.sown.iter().any(|&b| b),
    );
    if records_sown(rules) && home_side(rules, origin) == mover {
        state.sown[origin] = true;
    }
    let after = (
        home_row_sown(rules, state, mover),
        state.sown.iter().any(|&b| b),
    );
    match lock {
        // Reading: without a lock or an opening rule there is no progress
        // to record ("the lock's progress … is part of the game state"), so
        // `sown` stays empty and never tells two states apart.
        Lock::None => (true, false),
        // `lock = "first-sowing"`: "no capture at the end of a sowing while
        // no pit of the board has been sown from ...: the game's first
        // sowing captures nothing".
        // Reading: `released_lock` reports the completion of a player's
        // home-row lock ("this completes the opening lock"); the first-
        // sowing lock lifts for both players at once and completes no
        // player's set, so it is never reported.
        Lock::FirstSowing => (before.1, false),
        // `capture.lock = "all-home-pits-sown"`: a player may capture only
        // once each pit of their home row has been the origin of at least
        // one of their sowings; `lock_release_may_capture`: whether "the
        // sowing that completes the set" may itself capture.
        Lock::AllHomePitsSown {
            release_may_capture,
        } => {
            let may = if release_may_capture {
                after.0
            } else {
                before.0
            };
            (may, after.0 && !before.0)
        }
    }
}

/// A sowing under way, as [`sow`] walks it: the seeds in hand, where the
/// lap in hand starts, where the last seed fell, and what the sowing has
/// done so far.
struct Walk {
    mover: Side,
    origin: usize,
    taken_up: u32,
    dir: Direction,
    hand: u32,
    lap_origin: usize,
    at: Place,
    relays: u16,
    /// Whether the lap in hand sows seeds a column capture took: "its
    /// first seed in the pit after" its start, whatever `first_seed` says.
    resown: bool,
    /// `column_capture.laps = "if-first-captures"`: whether the first lap
    /// captured, which lets the later laps capture.
    first_captured: bool,
    may_capture: bool,
    released_lock: bool,
    /// The column capture this sowing may make (none when it goes full
    /// circle, see [`lift`]).
    column: Option<ColumnCapture>,
    stopped: Option<Side>,
    /// Whether the lap's last seed made a sowing capture.
    last_taken: bool,
    /// Whether a column capture (`then = "captured"`) ended the sowing,
    /// which then tries no capture at its end.
    column_ended: bool,
    /// Whether `[beyond_capture]` is looked at once the sowing is over:
    /// with `laps = "single"` "once, at the end of the sowing (any L)";
    /// else as the laps say.
    beyond_at_end: bool,
    sowing_pits: PitSet,
    sowing_taken: [u32; 2],
    house_seeds: [u32; 2],
    captured: PitSet,
    /// "where laps ended in a column capture".
    capture_ends: PitSet,
    seeds_captured: u32,
    houses_made: PitSet,
}

/// What happens where a lap's last seed fell: the first of the rules, in
/// their order, that applies ([`lap_end`] decides, [`follow`] does it).
enum LapEnd {
    /// A last seed in a store ends the sowing (every `laps`); so does a
    /// last seed in a house ("ends the sowing with no capture").
    Home,
    /// `[houses]` with relays: the last seed makes a house.
    House,
    /// `[column_capture]` takes these pits.
    Column(Vec<usize>),
    /// The sowing ends, the beyond capture looked at with the end captures
    /// if `beyond`.
    Stop { beyond: bool },
    /// The pit is lifted and the sowing goes on from it, a beyond capture
    /// (`then = "sow-on"`) made first if `beyond`.
    Relay { pit: usize, beyond: bool },
}

/// Sows from `origin` along `dir` for the side to act, with every capture
/// that follows, and says what happened, and whether the `[capture]` at
/// its end was a grand slam. The side to act is left unchanged.
///
/// `[sowing]`: one seed in each following place of the circuit, along the
/// sowing's direction, which every lap keeps; a lap ends where its last
/// seed falls, and what follows is the first rule of [`lap_end`] that
/// applies.
fn sow(rules: &Rules, state: &mut State, origin: usize, dir: Direction) -> (Effect, bool) {
    let mut w = lift(rules, state, origin, dir);
    while w.stopped.is_none() {
        sow_lap(rules, state, &mut w);
        let end = lap_end(rules, state, &w);
        if !follow(rules, state, &mut w, end) {
            break;
        }
    }
    let slam = end_captures(rules, state, &mut w);
    (effect(rules, state, &w), slam)
}

/// The origin lifted, after the locks are judged on the state before it.
fn lift(rules: &Rules, state: &mut State, origin: usize, dir: Direction) -> Walk {
    let mover = state.to_move;
    // "Every lock (old and new) holds back the captures made at the end of
    // a sowing: count captures, opposite captures, beyond captures, and
    // the making of houses. Not sowing captures, nor seeds falling into
    // houses."
    let (may_capture, released_lock) = lock(rules, state, origin);
    let taken_up = state.seeds[origin];
    state.seeds[origin] = 0;
    note(state, Event::Lift(Pit(origin as u8)));
    // `column_capture.full_circle = "captures-nothing"`: "a sowing from a
    // pit holding at least as many seeds as the mover's circuit has pits
    // makes no column capture".
    let column = rules
        .column_capture
        .filter(|cc| !(cc.full_circle_captures_nothing && taken_up as usize >= circuit_len(rules)));
    let mut w = Walk {
        mover,
        origin,
        taken_up,
        dir,
        hand: taken_up,
        lap_origin: origin,
        at: Place::Pit(origin),
        relays: 0,
        resown: false,
        first_captured: false,
        may_capture,
        released_lock,
        column,
        stopped: None,
        last_taken: false,
        column_ended: false,
        beyond_at_end: rules.laps == Laps::Single,
        sowing_pits: PitSet::EMPTY,
        sowing_taken: [0; 2],
        house_seeds: [0; 2],
        captured: PitSet::EMPTY,
        capture_ends: PitSet::EMPTY,
        seeds_captured: 0,
        houses_made: PitSet::EMPTY,
    };
    stop_if_emptied(rules, state, &mut w, mover);
    w
}

/// `end.inner_row_empty = "loses-at-once"`: "a lift (the origin, or a
/// relay) that leaves the mover's inner row empty stops the sowing there:
/// the seeds in hand go to the opponent's captured total"; "a capture that
/// leaves the opponent's inner row empty stops the sowing there: the seeds
/// taken go to the mover's captured total". `emptied`: the row looked at.
fn stop_if_emptied(rules: &Rules, state: &mut State, w: &mut Walk, emptied: Side) -> bool {
    let at_once = rules.end.inner_row_empty == Some(InnerRowEmpty::AtOnce);
    if !at_once || !inner_row_empty(rules, state, emptied) {
        return false;
    }
    state.captured[emptied.opponent().index()] += w.hand;
    w.hand = 0;
    w.stopped = Some(emptied);
    note(state, Event::Stop(emptied));
    true
}

/// The seeds in hand sown as one lap from `w.lap_origin`.
fn sow_lap(rules: &Rules, state: &mut State, w: &mut Walk) {
    SOWN.with(|sown| sown.set(sown.get() + u64::from(w.hand)));
    let mut lap = Lap::new(rules, state, w.mover, w.lap_origin, w.dir, w.hand);
    w.last_taken = false;
    if w.resown {
        lap.first_in_start = false;
        w.resown = false;
    }
    while w.hand > 0 {
        w.at = lap.next_place();
        w.hand -= 1;
        drop_seed(rules, state, w);
    }
}

/// One seed dropped at `w.at`, with the sowing capture it makes.
fn drop_seed(rules: &Rules, state: &mut State, w: &mut Walk) {
    let pit = match w.at {
        Place::Store(s) => {
            state.captured[s.index()] += 1;
            None
        }
        // `[houses]`: "every seed that falls in a house during any sowing,
        // by either player, goes at once to the house's owner".
        Place::Pit(p) if is_house(state, p) => {
            let owner = state.houses[p].expect("a house");
            state.captured[owner.index()] += 1;
            w.house_seeds[owner.index()] += 1;
            None
        }
        Place::Pit(p) => {
            state.seeds[p] += 1;
            Some(p)
        }
    };
    note(state, Event::Drop(w.at.into()));
    if let Some(p) = pit {
        sowing_capture(rules, state, w, p);
    }
}

/// `[sowing_capture]`: a seed that brings pit `p` to one of the counts
/// captures it "at once, before the next seed falls". Stores are not
/// pits, so never taken this way.
fn sowing_capture(rules: &Rules, state: &mut State, w: &mut Walk, p: usize) {
    let Some(sc) = rules.sowing_capture else {
        return;
    };
    if !counts_contain(sc.counts, state.seeds[p]) {
        return;
    }
    w.last_taken = w.hand == 0;
    let taker = if w.hand == 0 {
        sc.last_seed_taker
    } else {
        sc.taker
    };
    let who = match taker {
        Taker::Mover => w.mover,
        Taker::PitController => state.controller[p],
    };
    state.captured[who.index()] += state.seeds[p];
    w.sowing_taken[who.index()] += state.seeds[p];
    state.seeds[p] = 0;
    w.sowing_pits.insert(Pit(p as u8));
    note(state, Event::Capture(PitSet::single(Pit(p as u8))));
}

/// What follows the lap's last seed: the first rule that applies, in
/// this order.
fn lap_end(rules: &Rules, state: &State, w: &Walk) -> LapEnd {
    let last = match w.at {
        Place::Pit(p) if !is_house(state, p) => p,
        _ => return LapEnd::Home,
    };
    // `[sowing_capture]`: "If the seed that does so is the last of a lap,
    // the sowing ends there". Reading: a single lap still looks beyond
    // its landing pit at the end ("once, at the end of the sowing, any
    // L"); relays do not, as they did not end for want of seeds.
    if w.last_taken {
        // `then = "sow-on"`: "the lap ends as a lap of `sowing.laps`
        // ends, its landing pit now empty".
        if rules.sowing_capture.is_some_and(|sc| sc.sow_on) {
            return laps_end(rules, state, w, last);
        }
        return LapEnd::Stop {
            beyond: rules.laps == Laps::Single,
        };
    }
    // `[houses]` with relays: "at the end of each lap", after "a last seed
    // that falls in a house ends the sowing", "a last seed that brings a
    // pit to exactly `made_at`, where a house can be made (as above),
    // makes it the mover's house, ... and the sowing ends, with no other
    // capture"; "otherwise the lap ends as any relay lap does". "A lock
    // holds back the making of a house at the end of every lap". A single
    // lap makes its house with the captures at the end of the sowing.
    if rules.laps != Laps::Single && w.may_capture && makes_house(rules, state, last) {
        return LapEnd::House;
    }
    let taken = column_at_lap_end(rules, state, w, last);
    if !taken.is_empty() {
        return LapEnd::Column(taken);
    }
    laps_end(rules, state, w, last)
}

/// `sowing.laps` at the end of a lap in `last`.
fn laps_end(rules: &Rules, state: &State, w: &Walk, last: usize) -> LapEnd {
    match rules.laps {
        Laps::Single => LapEnd::Stop { beyond: true },
        Laps::Relay => relay_end(rules, state, w, last),
        Laps::RelayFromNext => relay_from_next_end(rules, state, w, last),
    }
}

/// `[column_capture]`: "at the end of every lap, before the lap relays or
/// the sowing ends", while the sowing has made fewer than 10 000 relays;
/// with `laps = "if-first-captures"`, "the later laps are looked at only
/// when the first lap captured" (the first lap is the one before any relay
/// or re-sowing). The pits taken, if any.
fn column_at_lap_end(rules: &Rules, state: &State, w: &Walk, last: usize) -> Vec<usize> {
    let Some(cc) = w.column else {
        return Vec::new();
    };
    let looked_at = cc.laps == ColumnLaps::Every || w.relays == 0 || w.first_captured;
    if !w.may_capture || w.relays >= MAX_RELAYS || !looked_at {
        return Vec::new();
    }
    column_capture(rules, state, last, cc)
}

/// `sowing.laps = "relay"`: a last seed in a pit that already held seeds
/// lifts it, and the sowing goes on from it; a last seed in an empty pit
/// ends it, and after 10 000 relays it ends wherever its last lap ends. A
/// pit emptied by a sowing capture of the last seed holds nothing to lift
/// ("the sowing ends there").
fn relay_end(rules: &Rules, state: &State, w: &Walk, last: usize) -> LapEnd {
    if state.seeds[last] <= 1 || w.relays >= MAX_RELAYS {
        return LapEnd::Stop { beyond: false };
    }
    // `[beyond_capture]` with `"relay"`: "at the end of every lap whose
    // last seed fell in a pit that held seeds before it (a lap that would
    // relay) and whose next pit E is empty".
    // Reading: a lap "would relay" as the relay rule above says, the cap
    // included: the lap that ends a sowing at the cap does not relay, so
    // is not looked at.
    let beyond = match rules.beyond_capture {
        Some(bc) if state.seeds[open_next(rules, state, last, w.dir)] == 0 => {
            // `then = "end-sowing"`: "the sowing ends there (whether or
            // not B could be taken)"; the capture is looked at with the
            // others, at the end.
            if !bc.sow_on {
                return LapEnd::Stop { beyond: true };
            }
            // `then = "sow-on"`: "the pit(s) are taken and the relay goes
            // on from L as usual". Reading: the lock holds these back too:
            // they are beyond captures, which no lock lets through.
            w.may_capture
        }
        _ => false,
    };
    LapEnd::Relay { pit: last, beyond }
}

/// `sowing.laps = "relay-from-next"`: "look at the next pit N: if N holds
/// seeds, lift them all and sow on (N is the new lap's starting pit ...);
/// if N is empty the sowing ends, and L is the landing pit".
fn relay_from_next_end(rules: &Rules, state: &State, w: &Walk, last: usize) -> LapEnd {
    // A last seed taken by a sowing capture ends the sowing before this
    // rule is asked (`lap_end`), unless `sowing_capture.then = "sow-on"`:
    // then L is the emptied pit, and N the pit after it.
    let next = open_next(rules, state, last, w.dir);
    // `[beyond_capture]` with `"relay-from-next"`: "when the sowing ends
    // because the next pit is empty".
    if state.seeds[next] == 0 {
        return LapEnd::Stop { beyond: true };
    }
    if w.relays >= MAX_RELAYS {
        return LapEnd::Stop { beyond: false };
    }
    LapEnd::Relay {
        pit: next,
        beyond: false,
    }
}

/// Does what `end` says; whether the sowing goes on.
fn follow(rules: &Rules, state: &mut State, w: &mut Walk, end: LapEnd) -> bool {
    match end {
        LapEnd::Home => false,
        LapEnd::House => {
            let last = w.at.pit().expect("a house is made in a pit");
            let (pits, seeds) = make_house(rules, state, last);
            w.houses_made = pits;
            w.captured = w.captured.or(pits);
            w.seeds_captured += seeds;
            false
        }
        LapEnd::Column(pits) => take_column(rules, state, w, &pits),
        LapEnd::Stop { beyond } => {
            w.beyond_at_end |= beyond;
            false
        }
        LapEnd::Relay { pit, beyond } => relay(rules, state, w, pit, beyond),
    }
}

/// A column capture of `taken` at the lap's end, then what
/// `column_capture.then` says; whether the sowing goes on.
fn take_column(rules: &Rules, state: &mut State, w: &mut Walk, taken: &[usize]) -> bool {
    let cc = w.column.expect("a column capture");
    let last = w.at.pit().expect("a column capture ends a lap in a pit");
    w.first_captured |= w.relays == 0;
    let seeds: u32 = taken.iter().map(|&p| state.seeds[p]).sum();
    for &p in taken {
        state.seeds[p] = 0;
        w.captured.insert(Pit(p as u8));
    }
    w.capture_ends.insert(Pit(last as u8));
    w.seeds_captured += seeds;
    // `then = "captured"`: "the seeds go to the mover's captured total and
    // the sowing ends, with no other capture at its end".
    if cc.then == ColumnThen::Captured {
        state.captured[w.mover.index()] += seeds;
        w.column_ended = true;
    }
    note(
        state,
        Event::Capture(taken.iter().map(|&p| Pit(p as u8)).collect()),
    );
    let ColumnThen::Resown(from) = cc.then else {
        return false;
    };
    w.hand = seeds;
    if stop_if_emptied(rules, state, w, w.mover.opponent()) {
        return false;
    }
    // `then = "resown"`: "the mover sows them on as a new lap, its first
    // seed in the pit after the landing pit (`"after-landing"`), after the
    // sowing's origin (`"after-origin"`), after the pit the capturing lap
    // started from (`"after-lap-start"`), or in an end pit of the mover's
    // inner row (`"inner-end"`)", which counts as a relay.
    w.lap_origin = match from {
        ResowFrom::AfterLanding => last,
        ResowFrom::AfterOrigin => w.origin,
        ResowFrom::AfterLapStart => w.lap_origin,
        ResowFrom::InnerEnd { flank } => {
            w.dir = resowing_direction(rules, w.mover, last, w.dir, flank);
            prev_pit(rules, inner_entry(rules, w.mover, w.dir), w.dir)
        }
    };
    w.resown = true;
    w.relays += 1;
    true
}

/// A relay lap's end: `pit` lifted and sown on, after the beyond capture
/// of `then = "sow-on"` if `beyond`; whether the sowing goes on.
fn relay(rules: &Rules, state: &mut State, w: &mut Walk, pit: usize, beyond: bool) -> bool {
    if beyond {
        let last = w.at.pit().expect("a relay lap ends in a pit");
        let (pits, seeds) = beyond_capture(rules, state, last, w.dir);
        w.captured = w.captured.or(pits);
        w.seeds_captured += seeds;
    }
    // Reading: a beyond capture that took L itself (the pit two after E on
    // a board of two pits) leaves nothing to lift: the sowing ends there.
    if state.seeds[pit] == 0 {
        return false;
    }
    w.hand = state.seeds[pit];
    state.seeds[pit] = 0;
    note(state, Event::Lift(Pit(pit as u8)));
    w.lap_origin = pit;
    w.relays += 1;
    stop_if_emptied(rules, state, w, w.mover);
    true
}

/// "Captures look at the final landing pit"; a last seed in a store lands
/// in no pit, and a last seed in a house captures nothing. "At the end of a
/// sowing, the captures are tried in this order, each only if the ones
/// before took nothing: house making, `[capture]`, `[opposite_capture]`,
/// `[beyond_capture]`." Whether `[capture]` was a grand slam.
/// Reading: "the ones before" are the captures at the end; beyond captures
/// made as intermediate laps ended do not stop them.
fn end_captures(rules: &Rules, state: &mut State, w: &mut Walk) -> bool {
    let landing = match w.at {
        Place::Pit(p) if !is_house(state, p) => p,
        _ => return false,
    };
    if !w.may_capture || w.stopped.is_some() || w.column_ended {
        return false;
    }
    let mut slam = false;
    let (mut pits, mut seeds) = make_house(rules, state, landing);
    if !pits.is_empty() {
        w.houses_made = pits;
    }
    if pits.is_empty() {
        (pits, seeds, slam) = count_capture(rules, state, landing, w.dir);
    }
    // Reading: the opposite capture is tried whenever the count capture
    // took nothing, a grand slam that captured nothing included.
    if pits.is_empty() {
        (pits, seeds) = opposite_capture(rules, state, landing);
    }
    if pits.is_empty() && w.beyond_at_end {
        (pits, seeds) = beyond_capture(rules, state, landing, w.dir);
    }
    w.captured = w.captured.or(pits);
    w.seeds_captured += seeds;
    slam
}

/// The sowing's effect, once it is over.
fn effect(rules: &Rules, state: &State, w: &Walk) -> Effect {
    let in_store = matches!(w.at, Place::Store(_));
    // `sowing.extra_turn`: "if the last seed falls in the mover's own
    // store"; or "if the sowing captured": "a capture took at least one
    // seed off the board during the ply", "whoever the seeds go to".
    let extra_turn = match rules.extra_turn {
        ExtraTurn::None => false,
        ExtraTurn::LastInOwnStore => in_store,
        ExtraTurn::AfterCapture => w.seeds_captured + w.sowing_taken[0] + w.sowing_taken[1] > 0,
    };
    Effect::Sow(SowEffect {
        origin: Pit(w.origin as u8),
        seeds: w.taken_up as u16,
        // In the store, the last pit before it: the last of the mover's
        // row still in play.
        landing: Pit(match w.at {
            Place::Pit(p) => p,
            Place::Store(_) => {
                let house = last_house(rules, w.mover);
                if state.closed[house] {
                    open_prev(rules, state, house, rules.direction)
                } else {
                    house
                }
            }
        } as u8),
        in_store,
        extra_turn,
        relays: w.relays,
        captured: w.captured,
        capture_ends: w.capture_ends,
        seeds_captured: w.seeds_captured as u16,
        sowing_pits: w.sowing_pits,
        sowing_taken: w.sowing_taken.map(|k| k as u16),
        released_lock: w.released_lock,
        houses_made: w.houses_made,
        house_seeds: w.house_seeds.map(|k| k as u16),
        stopped: w.stopped,
    })
}

/// Whether each of `side`'s home pits has been sown from by them.
fn home_row_sown(rules: &Rules, state: &State, side: Side) -> bool {
    home_row(rules, side).iter().all(|&p| state.sown[p])
}

/// Whether `n` is one of `counts`.
fn counts_contain(counts: crate::rules::CountSet, n: u32) -> bool {
    u16::try_from(n).is_ok_and(|n| counts.contains(n))
}

/// Whether pit `p` lies in `zone` for `mover` (`[capture]`, zones).
fn in_zone(rules: &Rules, state: &State, zone: Zone, mover: Side, p: usize) -> bool {
    match zone {
        Zone::OpponentTerritory => state.controller[p] == mover.opponent(),
        Zone::OpponentRow => home_side(rules, p) == mover.opponent(),
        Zone::Anywhere => true,
    }
}

/// Takes `pits` for the side to act: their seeds, and the set.
fn take(state: &mut State, pits: &[usize]) -> (PitSet, u32) {
    let mut set = PitSet::EMPTY;
    let mut seeds = 0;
    for &p in pits {
        seeds += state.seeds[p];
        state.seeds[p] = 0;
        set.insert(Pit(p as u8));
    }
    state.captured[state.to_move.index()] += seeds;
    if !set.is_empty() {
        note(state, Event::Capture(set));
    }
    (set, seeds)
}

/// `[column_capture]`: the pits a lap ending in `landing` takes, if any:
/// "when the lap's last seed fell in a pit of the mover's inner row that
/// was empty before it (`when = "empty"`) or held seeds (`"occupied"`), and
/// the opponent's pits the capture `needs` hold seeds (the inner pit
/// across the column, or it and the outer pit behind it), the mover takes
/// the pits of `takes`". The seeds stay where they are; the caller moves
/// them.
fn column_capture(rules: &Rules, state: &State, landing: usize, cc: ColumnCapture) -> Vec<usize> {
    let mover = state.to_move;
    let was_empty = state.seeds[landing] == 1;
    let when = match cc.when {
        LandingWas::Empty => was_empty,
        LandingWas::Occupied => !was_empty,
    };
    if !in_inner_row(rules, mover, landing) || !when {
        return Vec::new();
    }
    let inner = opposite(rules, landing);
    let outer = behind(rules, inner);
    let pits = |which: ColumnPits| match which {
        ColumnPits::Inner => vec![inner],
        ColumnPits::InnerAndOuter => vec![inner, outer],
    };
    if pits(cc.needs).iter().any(|&p| state.seeds[p] == 0) {
        return Vec::new();
    }
    pits(cc.takes)
}

/// Whether every pit of `side`'s inner row is empty
/// (`end.inner_row_empty`).
fn inner_row_empty(rules: &Rules, state: &State, side: Side) -> bool {
    (0..pit_count(rules))
        .filter(|&p| in_inner_row(rules, side, p))
        .all(|p| state.seeds[p] == 0)
}

/// The end pit of `side`'s inner row at which a sowing along `dir` enters
/// that row: the inner pit whose pit before it is not in the row
/// (`resow_from = "inner-end"`).
fn inner_entry(rules: &Rules, side: Side, dir: Direction) -> usize {
    (0..pit_count(rules))
        .find(|&p| {
            in_inner_row(rules, side, p) && !in_inner_row(rules, side, prev_pit(rules, p, dir))
        })
        .expect("an inner row is a run of the circuit")
}

/// The direction a re-sowing from an end of the inner row takes after a
/// capture in `landing` by a sowing going `dir` (`resow_from =
/// "inner-end"`): "a capture within `flank` pits of an end sends the
/// seeds to that end, and the sowing takes the direction that runs from
/// it along the inner row"; any other keeps `dir`.
fn resowing_direction(
    rules: &Rules,
    side: Side,
    landing: usize,
    dir: Direction,
    flank: u8,
) -> Direction {
    let (k, n, flank) = (
        pit_number(rules, landing),
        rules.per_row(),
        usize::from(flank),
    );
    let end = if k <= flank {
        1
    } else if k > n - flank {
        n
    } else {
        return dir;
    };
    [Direction::CounterClockwise, Direction::Clockwise]
        .into_iter()
        .find(|&d| pit_number(rules, inner_entry(rules, side, d)) == end)
        .expect("each end is where one direction enters the row")
}

/// `[houses]`: whether a last seed that brought `landing` to its count
/// makes it the mover's house: it brings the pit "to exactly `made_at`",
/// "if the pit is not a house already, is eligible, the mover has fewer
/// than `max_per_player` houses, and (with `not_same_number`) the opponent
/// has no house with the same pit number".
fn makes_house(rules: &Rules, state: &State, landing: usize) -> bool {
    let Some(h) = rules.houses else {
        return false;
    };
    let mover = state.to_move;
    let number = pit_number(rules, landing);
    // `own_row`: numbers of "the mover's own home row"; `opponent_row`:
    // numbers of "the opponent's home row".
    let eligible = if home_side(rules, landing) == mover {
        h.own_row.contains(number)
    } else {
        h.opponent_row.contains(number)
    };
    let owned = state.houses.iter().filter(|&&o| o == Some(mover)).count();
    let same_number = (0..pit_count(rules))
        .any(|q| state.houses[q] == Some(mover.opponent()) && pit_number(rules, q) == number);
    !is_house(state, landing)
        && state.seeds[landing] == u32::from(h.made_at)
        && eligible
        && owned < usize::from(h.max_per_player)
        && !(h.not_same_number && same_number)
}

/// `[houses]`: `landing` made the mover's house where [`makes_house`]
/// says so; "the pit's seeds go to the mover at once". The pit made a
/// house and the seeds taken.
fn make_house(rules: &Rules, state: &mut State, landing: usize) -> (PitSet, u32) {
    if !makes_house(rules, state, landing) {
        return (PitSet::EMPTY, 0);
    }
    state.houses[landing] = Some(state.to_move);
    take(state, &[landing])
}

/// `[capture]`: the examined pit (the landing pit, or with `examined =
/// "next-pit"` the pit after it along the sowing's direction `dir`), if it
/// lies in `landing`, is not protected and holds one of the counts, and its
/// chain; the pits and seeds taken by the side to act, and whether the
/// capture was a grand slam.
fn count_capture(
    rules: &Rules,
    state: &mut State,
    landing: usize,
    dir: Direction,
) -> (PitSet, u32, bool) {
    let nothing = (PitSet::EMPTY, 0, false);
    let Some(cap) = rules.capture else {
        return nothing;
    };
    let mover = state.to_move;
    let examined = match cap.examined {
        Examined::LandingPit => landing,
        Examined::NextPit => open_next(rules, state, landing, dir),
    };
    // `capture.protected`: "pits with these numbers, in either row, are
    // never taken by `[capture]`: not as the examined pit, and a chain
    // stops at them". A house holds no seed, so holds none of the counts.
    let protected = |p: usize| cap.immune.contains(pit_number(rules, p));
    if protected(examined)
        || !in_zone(rules, state, cap.landing, mover, examined)
        || !counts_contain(cap.counts, state.seeds[examined])
    {
        return nothing;
    }
    // `capture.chain`: from the examined pit backwards and/or forwards
    // along the sowing's direction, each pit in `chain_zone` holding one of
    // the counts, stopping at the first that is not; "each pit is captured
    // at most once".
    // Reading: the chain walks from pit to pit; a store between two pits is
    // not a pit and does not break it.
    let holds = |state: &State, p: usize| {
        !protected(p)
            && in_zone(rules, state, cap.chain_zone, mover, p)
            && counts_contain(cap.counts, state.seeds[p])
    };
    let mut taken = vec![examined];
    if matches!(cap.chain, Chain::Backward | Chain::Both) {
        let mut p = open_prev(rules, state, examined, dir);
        while !taken.contains(&p) && holds(state, p) {
            taken.push(p);
            p = open_prev(rules, state, p, dir);
        }
    }
    if matches!(cap.chain, Chain::Forward | Chain::Both) {
        let mut p = open_next(rules, state, examined, dir);
        while !taken.contains(&p) && holds(state, p) {
            taken.push(p);
            p = open_next(rules, state, p, dir);
        }
    }
    // `capture.chain_max`: "a capture takes at most this many pits, the
    // examined pit included ... in this order until the cap: the examined
    // pit, then the backward chain nearest first, then the forward chain
    // nearest first" (the order `taken` was built in).
    if let Some(most) = cap.chain_max {
        taken.truncate(usize::from(most));
    }
    // `capture.grand_slam`: "the opponent's home row holds seeds after the
    // sowing and every one of them is among the seeds taken by this
    // `[capture]`"; "captures-nothing" then captures nothing, and so does
    // "forbidden" when every legal ply would be one.
    // Reading: the capture is a grand slam when the row holds seeds and
    // every pit of it that does is among the pits taken. A row already
    // empty cannot be emptied.
    let theirs: Vec<usize> = home_row(rules, mover.opponent())
        .into_iter()
        .filter(|&p| state.seeds[p] > 0)
        .collect();
    let slam = !theirs.is_empty() && theirs.iter().all(|p| taken.contains(p));
    if slam && cap.grand_slam != GrandSlam::Captures {
        return (PitSet::EMPTY, 0, true);
    }
    let (pits, seeds) = take(state, &taken);
    (pits, seeds, slam)
}

/// `[opposite_capture]`: when the last seed fell in an empty pit ("it now
/// holds just that seed") the mover controls, or with `landing =
/// "anywhere"` in any empty pit, that seed and the seeds of the pit
/// opposite ("whichever row it is in"), as the table says; the pits and
/// seeds taken.
fn opposite_capture(rules: &Rules, state: &mut State, landing: usize) -> (PitSet, u32) {
    let Some(oc) = rules.opposite_capture else {
        return (PitSet::EMPTY, 0);
    };
    let mover = state.to_move;
    let where_ok = match oc.landing {
        OppositeLanding::OwnTerritory => state.controller[landing] == mover,
        OppositeLanding::Anywhere => true,
    };
    if !where_ok || state.seeds[landing] != 1 {
        return (PitSet::EMPTY, 0);
    }
    let facing = opposite(rules, landing);
    let across = state.seeds[facing];
    // `when_opposite_empty = "nothing"`: "nothing is captured and the seed
    // stays". (A house holds no seed: a house opposite is empty.)
    // Reading: a pit out of play opposite holds no seed either, so it is
    // an empty pit opposite; it is never taken, having nothing to take.
    if across == 0 && !oc.take_last_seed_alone {
        return (PitSet::EMPTY, 0);
    }
    let mut pits = Vec::new();
    // `capturing_seed`: "taken" (with the seeds opposite) or "stays".
    if oc.capturing_seed_taken {
        pits.push(landing);
    }
    if across > 0 {
        pits.push(facing);
    }
    take(state, &pits)
}

/// `[beyond_capture]`: with L the landing pit, E the next pit and B the one
/// after, along the sowing's direction: "if E is empty and B holds seeds
/// and lies in `zone`, B is taken by the mover; with `chain = "pairs"` the
/// pit after B is looked at as a new E (and the pit after it as a new B),
/// and so on, each pit taken at most once, stopping at the first pair that
/// does not qualify". The pits and seeds taken.
fn beyond_capture(rules: &Rules, state: &mut State, last: usize, dir: Direction) -> (PitSet, u32) {
    let Some(bc) = rules.beyond_capture else {
        return (PitSet::EMPTY, 0);
    };
    let mover = state.to_move;
    let (mut pits, mut seeds) = (PitSet::EMPTY, 0);
    let mut empty = open_next(rules, state, last, dir);
    loop {
        let beyond = open_next(rules, state, empty, dir);
        // Reading: the pits are taken one after another, so a pit taken
        // earlier in the chain is empty when the chain comes back to it (a
        // house, which holds no seed, is empty too, and never taken).
        if state.seeds[empty] != 0
            || state.seeds[beyond] == 0
            || !in_zone(rules, state, bc.zone, mover, beyond)
            || pits.contains(Pit(beyond as u8))
        {
            break;
        }
        let (p, s) = take(state, &[beyond]);
        pits = pits.or(p);
        seeds += s;
        if !bc.chain_pairs {
            break;
        }
        empty = open_next(rules, state, beyond, dir);
    }
    (pits, seeds)
}

// ---------------------------------------------------------------------------
// The end (`[end]`).

/// The end conditions that depend on the state (and the plies played), in
/// the order the documentation reports them "when several hold at once":
/// every pit below `all_pits_below`; at most `seeds_left_at_most` on the
/// board; a player with more than `captured_more_than`; an empty home row;
/// a feed owed that no sowing gives; `max_plies`; nothing to sow with
/// `cannot_sow = "end-game"`. Repetition, the last, is the caller's.
fn end_of_state(rules: &Rules, state: &State, plies: usize) -> Option<EndReason> {
    let end = &rules.end;
    if let Some(k) = end.all_pits_below
        && state.seeds.iter().all(|&s| s < u32::from(k))
    {
        return Some(EndReason::AllBelow(k));
    }
    // "the board (not counting captured seeds, nor stores)".
    if let Some(k) = end.seeds_left_at_most
        && state.seeds.iter().sum::<u32>() <= u32::from(k)
    {
        return Some(EndReason::SeedsLeft(k));
    }
    if let Some(k) = end.captured_more_than
        && state.captured.iter().any(|&c| c > u32::from(k))
    {
        return Some(EndReason::CapturedMoreThan(k));
    }
    // Reading: when both home rows are empty, South's is the one reported.
    if end.either_row_empty
        && let Some(side) = Side::BOTH
            .into_iter()
            .find(|&side| home_row(rules, side).iter().all(|&p| state.seeds[p] == 0))
    {
        return Some(EndReason::RowEmpty(side));
    }
    // `end.inner_row_empty`: "the player whose inner row is empty loses;
    // when both are, the player to act".
    if end.inner_row_empty.is_some()
        && let Some(side) = [state.to_move, state.to_move.opponent()]
            .into_iter()
            .find(|&side| inner_row_empty(rules, state, side))
    {
        return Some(EndReason::InnerRowEmpty(side));
    }
    // `moves.cannot_feed = "end-game-mover-takes-all"` or
    // `"end-game-opponent-takes-all"`: "judged on the set after step 4 (no
    // ply of it feeds)".
    // Reading: a player who must answer an offer is not choosing a sowing,
    // so owes no feed at that ply; the feed is owed, and this end judged,
    // when they come to sow.
    if (rules.cannot_feed != CannotFeed::AnySowing)
        && state.offer.is_empty()
        && feed_owed(rules, state)
        && !sowings(rules, state)
            .into_iter()
            .any(|s| feeds(rules, state, s))
    {
        return Some(EndReason::CannotFeed(state.to_move));
    }
    if let Some(k) = end.max_plies
        && plies >= k as usize
    {
        return Some(EndReason::PlyCap(k));
    }
    // `moves.cannot_sow = "end-game"`: "if the set after step 3 is empty".
    // Reading: likewise, a player who must answer an offer has a ply to
    // make; whether they have something to sow is judged at their turn to
    // sow, after the answer.
    if rules.cannot_sow == CannotSow::EndGame
        && state.offer.is_empty()
        && origins(rules, state).is_empty()
    {
        return Some(EndReason::NoSowing(state.to_move));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> Rules {
        crate::rules::parse("test.toml", text).unwrap()
    }

    fn pit(r: &Rules, c: char) -> Pit {
        r.pit(c.encode_utf8(&mut [0; 4])).unwrap()
    }

    /// Kpé, the first ply `c` from 6 seeds a pit (the library's example):
    /// c's 6 seeds fall in d, A, B, C, D and a. The last falls in a, South's
    /// own row, so no capture; c is the first home pit South has sown from.
    /// 7,6,0,7/7,7,7,7 N 0-0 sown=c/.
    #[test]
    fn kpe_opening_ply() {
        let kpe = crate::rules::bundled("kpe").unwrap();
        let mut g = Reference::new(&kpe);
        assert_eq!(g.legal_plies().len(), 4, "a b c d");
        let e = g.play(Ply::Sow(pit(&kpe, 'c'))).unwrap();
        let s = g.state();
        assert_eq!(s.seeds, [7, 6, 0, 7, 7, 7, 7, 7]);
        assert_eq!(s.to_move, Side::North);
        assert_eq!(s.captured, [0, 0]);
        assert_eq!(
            s.sown,
            [false, false, true, false, false, false, false, false]
        );
        assert_eq!(
            e,
            Effect::Sow(SowEffect::new(pit(&kpe, 'c'), 6, pit(&kpe, 'a')))
        );
        // North may not sow from South's row.
        assert!(g.play(Ply::Sow(pit(&kpe, 'a'))).is_err());
    }

    /// Kalah(6,4), South sows c: 4 seeds to d, e, f and South's store,
    /// which follows f. The last seed is in South's own store: South plays
    /// again. 4,4,0,5,5,5/4,4,4,4,4,4 S 1-0; the landing is reported as f,
    /// the last pit before the store.
    #[test]
    fn kalah_sowing_into_the_store_gives_an_extra_turn() {
        let kalah = crate::rules::bundled("kalah").unwrap();
        let mut g = Reference::new(&kalah);
        let e = g.play(Ply::Sow(pit(&kalah, 'c'))).unwrap();
        let s = g.state();
        assert_eq!(s.seeds, [4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4]);
        assert_eq!(s.captured, [1, 0]);
        assert_eq!(s.to_move, Side::South);
        let Effect::Sow(SowEffect {
            landing,
            in_store,
            extra_turn,
            seeds,
            ..
        }) = e
        else {
            panic!("{e:?}")
        };
        assert_eq!(
            (landing, in_store, extra_turn, seeds),
            (pit(&kalah, 'f'), true, true, 4)
        );
        // Then f (5 seeds): store, A, B, C, D. North's store is never sown by
        // South; the last seed falls in D.
        g.play(Ply::Sow(pit(&kalah, 'f'))).unwrap();
        assert_eq!(g.state().captured, [2, 0]);
        assert_eq!(g.state().seeds, [4, 4, 0, 5, 5, 0, 5, 5, 5, 5, 4, 4]);
        assert_eq!(g.state().to_move, Side::North);
    }

    const RELAY: &str = "[variant]\nid = \"t\"\nname = \"T\"\n[board]\npits_per_row = 2\n\
                         initial = [2, 1, 1, 0]\n[sowing]\nlaps = \"relay\"\n";

    /// 2x2, a=2 b=1 A=1 B=0, relay. South sows a: b (2), A (2); A held a
    /// seed, so it is lifted: B (1), a (1). a was emptied, so the sowing
    /// ends there after one relay: 1,2/0,1 N.
    #[test]
    fn a_relay_sowing() {
        let r = rules(RELAY);
        let mut g = Reference::new(&r);
        let e = g.play(Ply::Sow(pit(&r, 'a'))).unwrap();
        assert_eq!(g.state().seeds, [1, 2, 0, 1]);
        let Effect::Sow(SowEffect {
            landing, relays, ..
        }) = e
        else {
            panic!("{e:?}")
        };
        assert_eq!((landing, relays), (pit(&r, 'a'), 1));
    }

    /// The same with `skip_origin`: every lap skips its own starting pit.
    /// 2x2, a=4 b=0 A=0 B=0. South sows a: b, A, B, (a skipped) b. b held a
    /// seed, so is lifted (2 seeds): A (2), B (2). B held one, so is lifted
    /// (2): a (1), b (1). b was emptied by its own lift, so the sowing ends
    /// there, after 2 relays: 1,1/2,0.
    #[test]
    fn relay_laps_skip_their_own_origin() {
        let text = RELAY
            .replace("initial = [2, 1, 1, 0]", "initial = [4, 0, 0, 0]")
            .replace("laps = \"relay\"", "laps = \"relay\"\nskip_origin = true");
        let r = rules(&text);
        let mut g = Reference::new(&r);
        let e = g.play(Ply::Sow(pit(&r, 'a'))).unwrap();
        assert_eq!(g.state().seeds, [1, 1, 2, 0]);
        let Effect::Sow(SowEffect {
            landing, relays, ..
        }) = e
        else {
            panic!("{e:?}")
        };
        assert_eq!((landing, relays), (pit(&r, 'b'), 2));
    }

    fn lock_file(laps: &str) -> String {
        format!(
            "[variant]\nid = \"t\"\nname = \"T\"\n[board]\npits_per_row = 4\nseeds_per_pit = 1\n\
             [sowing]\nlaps = \"{laps}\"\n[moves]\nsow_from = \"home-row\"\ncannot_sow = \"pass\"\n\
             [capture]\ncounts = [3]\nlanding = \"opponent-row\"\nlock = \"all-home-pits-sown\"\n\
             lock_release_may_capture = false\n\
             [opposite_capture]\nwhen_opposite_empty = \"nothing\"\ncapturing_seed = \"taken\"\n"
        )
    }

    /// From 1,0,1,1/1,1,2,0 S 0-1 sown=bcd/ABCD, South sows a: its one seed
    /// falls in the empty b, South's own, facing C (2 seeds): an opposite
    /// capture, but for the lock. a was South's last unsown home pit, so
    /// this sowing completes the lock, and `lock_release_may_capture =
    /// false` says it may not capture. 0,1,1,1/1,1,2,0 N 0-1
    /// sown=abcd/ABCD, in single-lap and in relay games alike (the last
    /// seed fell in an empty pit, so nothing relays).
    #[test]
    fn the_sowing_that_completes_the_lock_may_not_capture_opposite() {
        for laps in ["single", "relay"] {
            let r = rules(&lock_file(laps));
            let mut state = State::initial(&r);
            state.seeds = vec![1, 0, 1, 1, 1, 1, 2, 0];
            state.captured = [0, 1];
            state.sown = vec![false, true, true, true, true, true, true, true];
            let mut g = Reference::from_state(&r, state);
            let e = g.play(Ply::Sow(pit(&r, 'a'))).unwrap();
            let s = g.state();
            assert_eq!(s.seeds, [0, 1, 1, 1, 1, 1, 2, 0], "{laps}");
            assert_eq!(s.captured, [0, 1], "{laps}");
            assert_eq!(s.sown, [true; 8], "{laps}");
            let Effect::Sow(SowEffect {
                captured,
                released_lock,
                ..
            }) = e
            else {
                panic!("{e:?}")
            };
            assert_eq!((captured, released_lock), (PitSet::EMPTY, true), "{laps}");
        }
    }

    /// A pending offer must be answered; accepting pays the price into the
    /// pits received, which change hands; the acceptor then sows.
    #[test]
    fn an_offer_accepted() {
        let text = "[variant]\nid = \"t\"\nname = \"T\"\n[board]\npits_per_row = 2\n\
                    seeds_per_pit = 2\n[trading]\nenabled = true\nmax_pits = 1\n\
                    price_per_pit = 1\nkeep_at_least = 1\nonly_if_affordable = false\n";
        let r = rules(text);
        let mut state = State::initial(&r);
        state.captured = [0, 3];
        state.seeds = vec![2, 1, 1, 1];
        let mut g = Reference::from_state(&r, state);
        // Sowings a, b; offers of a alone and b alone (keeping one).
        let legal = g.legal_plies();
        assert_eq!(legal.len(), 4, "{legal:?}");
        let b = pit(&r, 'b');
        g.play(Ply::Offer(PitSet::single(b))).unwrap();
        assert_eq!(g.legal_plies(), [Ply::Accept, Ply::Decline]);
        assert!(g.play(Ply::Sow(pit(&r, 'A'))).is_err());
        let e = g.play(Ply::Accept).unwrap();
        assert_eq!(
            e,
            Effect::Accept {
                pits: PitSet::single(b),
                paid: 1
            }
        );
        let s = g.state();
        assert_eq!(s.seeds, [2, 2, 1, 1]);
        assert_eq!(s.captured, [0, 2]);
        assert_eq!(s.controller[1], Side::North);
        assert_eq!(s.to_move, Side::North, "the acceptor takes their turn");
        assert!(s.offer.is_empty());
    }

    /// With no captures, a 1x1 board of 1 seed: a → A → a → … The state
    /// `1/0 S` occurs at the start, after 2 plies and after 4: the third
    /// occurrence ends the game; the seed left is in South's pit, so South
    /// wins 1-0.
    #[test]
    fn the_third_occurrence_ends_the_game() {
        let r = rules(
            "[variant]\nid = \"t\"\nname = \"T\"\n[board]\npits_per_row = 1\ninitial = [1, 0]\n",
        );
        let mut g = Reference::new(&r);
        for _ in 0..4 {
            assert_eq!(g.end(), None);
            let p = g.legal_plies()[0];
            g.play(p).unwrap();
        }
        assert_eq!(g.end(), Some(EndReason::Repetition(3)));
        assert!(g.legal_plies().is_empty());
        let o = g.outcome().unwrap();
        assert_eq!((o.totals, o.winner), ([1, 0], Some(Side::South)));
    }

    // -----------------------------------------------------------------------
    // The mechanics of the two-row corpus (tools/reference/two-row-design.md
    // section 1). The loader does not read their keys yet, so each test
    // loads the older keys and sets the new fields of `Rules` by hand.

    use crate::rules::{BeyondCapture, CountSet, Houses, RowPits};

    /// A 2 x `per_row` board with these seeds, and `body` (older keys).
    fn board(per_row: usize, initial: &[u32], body: &str) -> Rules {
        let list: Vec<String> = initial.iter().map(u32::to_string).collect();
        rules(&format!(
            "[variant]\nid = \"t\"\nname = \"T\"\n[board]\npits_per_row = {per_row}\n\
             initial = [{}]\n{body}",
            list.join(", ")
        ))
    }

    /// A game from `seeds` (label order), `to_move` to act, captured 0-0.
    fn game(r: &Rules, seeds: &[u32], to_move: Side) -> Reference {
        let mut state = State::initial(r);
        state.seeds = seeds.to_vec();
        state.to_move = to_move;
        Reference::from_state(r, state)
    }

    /// A sowing's landing, relays, pits and seeds captured, houses made and
    /// seeds fallen into houses.
    fn sown(e: &Effect) -> (Pit, u16, PitSet, u16, PitSet, [u16; 2]) {
        let Effect::Sow(SowEffect {
            landing,
            relays,
            captured,
            seeds_captured,
            houses_made,
            house_seeds,
            ..
        }) = *e
        else {
            panic!("{e:?}")
        };
        (
            landing,
            relays,
            captured,
            seeds_captured,
            houses_made,
            house_seeds,
        )
    }

    fn pits(r: &Rules, labels: &str) -> PitSet {
        labels.chars().map(|c| pit(r, c)).collect()
    }

    const CCW: Direction = Direction::CounterClockwise;
    const CW: Direction = Direction::Clockwise;

    /// Toguz-like houses: 2x3, first seed back in the origin unless it is
    /// alone, captures of an even count in the opponent's row, houses made
    /// at 3 in the opponent's pits 1 and 2, one each, not the same number.
    /// 1,3,0/2,1,1 S: South sows b (3): b (1), c (1), A (3). A is North's
    /// pit 1, eligible, and South has no house: A becomes South's house
    /// and its 3 seeds South's, before any count capture is tried.
    /// 1,1,1/0,1,1 S 3-0 houses=A/.
    /// From 0,3,1/0,0,6 N: North sows C (6): C, a, b, c, A, B. The fifth
    /// seed falls in South's house A and goes to South at once; the last
    /// lands in North's own B. 1,4,2/0,1,1 S 1-0 (the house took 1).
    /// A house is never sown from: North may not sow A, South's house.
    /// From 2,0,0/0,3,0 N with South's house A: North's B (3): B, C, a:
    /// a holds 3, North's eligible pit 1, but South's house A is pit 1
    /// too (`not_same_number`): no house; 3 is odd: no capture.
    /// And a last seed in a house: from 0,0,0/0,0,5 N, C (5): C, a, b, c
    /// and A, South's house: the sowing ends with no capture.
    #[test]
    fn houses_are_made_and_take_the_seeds_falling_in_them() {
        let mut r = board(
            3,
            &[1, 3, 0, 2, 1, 1],
            "[capture]\ncounts = [2]\nlanding = \"opponent-row\"\n",
        );
        r.first_seed = FirstSeed::OriginUnlessSingle;
        r.capture.as_mut().unwrap().counts = CountSet::EVEN;
        r.houses = Some(Houses {
            made_at: 3,
            own_row: RowPits::NONE,
            opponent_row: RowPits(0b110),
            max_per_player: 1,
            not_same_number: true,
        });
        let mut g = game(&r, &[1, 3, 0, 2, 1, 1], Side::South);
        let e = g.play(Ply::Sow(pit(&r, 'b'))).unwrap();
        assert_eq!(g.state().seeds, [1, 1, 1, 0, 1, 1]);
        assert_eq!(g.state().captured, [3, 0]);
        let a_house = pits(&r, "A");
        assert_eq!(
            sown(&e),
            (pit(&r, 'A'), 0, a_house, 3, a_house, [0, 0]),
            "the house made counts as captured"
        );
        assert_eq!(g.state().houses[3], Some(Side::South));

        let with_house = |seeds: &[u32], to_move| {
            let mut state = State::initial(&r);
            state.seeds = seeds.to_vec();
            state.to_move = to_move;
            state.houses[3] = Some(Side::South);
            Reference::from_state(&r, state)
        };
        let mut g = with_house(&[0, 3, 1, 0, 0, 6], Side::North);
        let north = g.legal_plies();
        assert_eq!(north, [Ply::Sow(pit(&r, 'C'))], "A is a house");
        let why = g.play(Ply::Sow(pit(&r, 'A'))).unwrap_err();
        assert!(why.contains("South's house"), "{why}");
        let e = g.play(Ply::Sow(pit(&r, 'C'))).unwrap();
        assert_eq!(g.state().seeds, [1, 4, 2, 0, 1, 1]);
        assert_eq!(g.state().captured, [1, 0]);
        assert_eq!(
            sown(&e),
            (pit(&r, 'B'), 0, PitSet::EMPTY, 0, PitSet::EMPTY, [1, 0])
        );

        let mut g = with_house(&[2, 0, 0, 0, 3, 0], Side::North);
        let e = g.play(Ply::Sow(pit(&r, 'B'))).unwrap();
        assert_eq!(g.state().seeds, [3, 0, 0, 0, 1, 1]);
        assert_eq!(sown(&e).4, PitSet::EMPTY, "not the same number");
        assert_eq!(g.state().houses[0], None);

        let mut g = with_house(&[0, 0, 0, 0, 0, 5], Side::North);
        let e = g.play(Ply::Sow(pit(&r, 'C'))).unwrap();
        assert_eq!(g.state().seeds, [1, 1, 1, 0, 0, 1]);
        assert_eq!(g.state().captured, [1, 0]);
        assert_eq!(
            sown(&e),
            (pit(&r, 'A'), 0, PitSet::EMPTY, 0, PitSet::EMPTY, [1, 0])
        );
    }

    /// Songo-like later rounds: 2x2, clockwise, skip origin. From
    /// 0,7/0,0 S, South sows b (7) clockwise: a, B, A, (b, the origin,
    /// skipped), then a again, a place already sown this lap: from then on
    /// only North's row, in sowing order: B, A, B, A. 1,0/3,3 N. Round the
    /// whole circuit instead: a, B, A, a, B, A, a: 3,0/2,2 N.
    #[test]
    fn later_rounds_sow_only_the_opponents_row() {
        let mut r = board(
            2,
            &[0, 7, 0, 0],
            "[sowing]\ndirection = \"clockwise\"\nskip_origin = true\n",
        );
        let mut g = Reference::new(&r);
        g.play(Ply::Sow(pit(&r, 'b'))).unwrap();
        assert_eq!(g.state().seeds, [3, 0, 2, 2], "whole circuit");
        r.later_rounds = LaterRounds::OpponentRow;
        let mut g = Reference::new(&r);
        let e = g.play(Ply::Sow(pit(&r, 'b'))).unwrap();
        assert_eq!(g.state().seeds, [1, 0, 3, 3], "opponent's row");
        assert_eq!(sown(&e).0, pit(&r, 'A'));
    }

    /// Pallanguzhi-like relay from the next pit with a beyond capture:
    /// 2x3, from 2,1,0/2,0,0 S, South sows a (2): b (2), c (1). The pit
    /// after c, A, holds 2: lifted, B (1), C (1). The pit after C is a,
    /// emptied: the sowing ends, landing in C; the pit beyond a, b, holds
    /// 2: South takes them. 0,0,1/0,1,1 N 2-0, one relay.
    #[test]
    fn relay_from_the_next_pit_then_a_beyond_capture() {
        let mut r = board(3, &[2, 1, 0, 2, 0, 0], "");
        r.laps = Laps::RelayFromNext;
        r.beyond_capture = Some(BeyondCapture {
            zone: Zone::Anywhere,
            chain_pairs: false,
            sow_on: false,
        });
        let mut g = Reference::new(&r);
        let e = g.play(Ply::Sow(pit(&r, 'a'))).unwrap();
        assert_eq!(g.state().seeds, [0, 0, 1, 0, 1, 1]);
        assert_eq!(g.state().captured, [2, 0]);
        assert_eq!(
            sown(&e),
            (pit(&r, 'C'), 1, pits(&r, "b"), 2, PitSet::EMPTY, [0, 0])
        );
    }

    /// Bay-Khom-like chosen directions and a pairs chain: 2x4, every pit
    /// chosen, relay from the next pit. From 0,1,0,1/3,0,2,0 S South may
    /// sow b or d either way: b> b< d> d<.
    /// b< (clockwise, 1 seed): a (1). The pit after a clockwise is D,
    /// empty: the sowing ends. Beyond: D empty, C holds 2: taken; then B
    /// empty, A holds 3: taken; then d holds 1: the chain stops.
    /// 1,0,0,1/0,0,0,0 N 5-0.
    /// b> (counter-clockwise): c (1); d holds 1: lifted, A (4); B is
    /// empty: the end, landing in A. Beyond: B empty, C holds 2: taken;
    /// then D empty, a empty: stop. 0,0,1,0/4,0,0,0 N 2-0.
    #[test]
    fn chosen_directions_and_a_pairs_chain() {
        let start = [0, 1, 0, 1, 3, 0, 2, 0];
        let mut r = board(4, &start, "");
        r.pit_directions = vec![PitDirection::Chosen; 4];
        r.laps = Laps::RelayFromNext;
        r.beyond_capture = Some(BeyondCapture {
            zone: Zone::Anywhere,
            chain_pairs: true,
            sow_on: false,
        });
        let b = pit(&r, 'b');
        let d = pit(&r, 'd');
        let mut g = Reference::new(&r);
        assert_eq!(
            g.legal_plies(),
            [
                Ply::SowToward(b, CCW),
                Ply::SowToward(b, CW),
                Ply::SowToward(d, CCW),
                Ply::SowToward(d, CW)
            ]
        );
        let why = g.play(Ply::Sow(b)).unwrap_err();
        assert!(why.contains("`b>`") && why.contains("`b<`"), "{why}");
        let e = g.play(Ply::SowToward(b, CW)).unwrap();
        assert_eq!(g.state().seeds, [1, 0, 0, 1, 0, 0, 0, 0]);
        assert_eq!(g.state().captured, [5, 0]);
        assert_eq!(sown(&e).0, pit(&r, 'a'));
        assert_eq!(sown(&e).2, pits(&r, "AC"));

        let mut g = Reference::new(&r);
        let e = g.play(Ply::SowToward(b, CCW)).unwrap();
        assert_eq!(g.state().seeds, [0, 0, 1, 0, 4, 0, 0, 0]);
        assert_eq!(g.state().captured, [2, 0]);
        assert_eq!(
            sown(&e),
            (pit(&r, 'A'), 1, pits(&r, "C"), 2, PitSet::EMPTY, [0, 0])
        );

        // A fixed direction refuses a named one.
        let fixed = board(4, &start, "");
        let why = Reference::new(&fixed)
            .play(Ply::SowToward(b, CW))
            .unwrap_err();
        assert!(why.contains("not chosen"), "{why}");
    }

    /// Per-pit directions (Qelat-like): 2x2, pit 1 of each row clockwise,
    /// pit 2 counter-clockwise. From 1,1/1,1 S, a (1) goes clockwise to
    /// B: 0,1/1,2 N; then North's A (1), also pit 1, clockwise: b.
    /// 0,2/0,2 S.
    #[test]
    fn directions_by_pit_number() {
        let mut r = board(2, &[1, 1, 1, 1], "");
        r.pit_directions = vec![PitDirection::Fixed(CW), PitDirection::Fixed(CCW)];
        let mut g = Reference::new(&r);
        g.play(Ply::Sow(pit(&r, 'a'))).unwrap();
        assert_eq!(g.state().seeds, [0, 1, 1, 2]);
        g.play(Ply::Sow(pit(&r, 'A'))).unwrap();
        assert_eq!(g.state().seeds, [0, 2, 0, 2]);
    }

    /// Tap-Urdy-like relay, sowing from the opponent's row, beyond captures
    /// that sow on: 2x3, from 0,2,1/2,0,1 S, South may sow only North's
    /// pits: A and C. South sows A (2): B (1), C (2). C held a seed, so
    /// the lap would relay, and the pit after it, a, is empty: the pit
    /// beyond, b (2), is taken; the relay goes on from C (2): a (1), b (1).
    /// b was empty: the end. 1,1,1/0,1,0 N 2-0, one relay.
    /// With `then = "end-sowing"` the sowing ends at C instead, and b is
    /// taken then: 0,0,1/0,1,2 N 2-0, no relay.
    #[test]
    fn relay_beyond_captures_sow_on_or_end_the_sowing() {
        let start = [0, 2, 1, 2, 0, 1];
        let mut r = board(3, &start, "[sowing]\nlaps = \"relay\"\n");
        r.sow_from = SowFrom::OpponentRow;
        r.beyond_capture = Some(BeyondCapture {
            zone: Zone::Anywhere,
            chain_pairs: false,
            sow_on: true,
        });
        let mut g = Reference::new(&r);
        assert_eq!(
            g.legal_plies(),
            [Ply::Sow(pit(&r, 'A')), Ply::Sow(pit(&r, 'C'))]
        );
        let e = g.play(Ply::Sow(pit(&r, 'A'))).unwrap();
        assert_eq!(g.state().seeds, [1, 1, 1, 0, 1, 0]);
        assert_eq!(g.state().captured, [2, 0]);
        assert_eq!(
            sown(&e),
            (pit(&r, 'b'), 1, pits(&r, "b"), 2, PitSet::EMPTY, [0, 0])
        );

        r.beyond_capture.as_mut().unwrap().sow_on = false;
        let mut g = Reference::new(&r);
        let e = g.play(Ply::Sow(pit(&r, 'A'))).unwrap();
        assert_eq!(g.state().seeds, [0, 0, 1, 0, 1, 2]);
        assert_eq!(g.state().captured, [2, 0]);
        assert_eq!(
            sown(&e),
            (pit(&r, 'C'), 0, pits(&r, "b"), 2, PitSet::EMPTY, [0, 0])
        );
    }

    /// Adji-boto-like: 2x3, the first seed back in the origin, at least 2
    /// seeds to sow, each home pit once, the first sowing locked, capture
    /// of 1, 3 or 5 in the pit after the landing pit, chain forward.
    /// From 2,2,1/2,2,2 S: c (1) is below 2, so a and b. South sows a:
    /// a (1), b (3); the pit after b, c, holds 1, which would capture, but
    /// this is the game's first sowing: nothing. 1,3,1/2,2,2 N
    /// sown=a/, and the lock is released.
    /// From 3,2,1/3,1,2 S sown=a/: a and b hold 2 or more; a has been
    /// sown from, b not: only b. South sows b: b (1), c (2); the pit after
    /// c, A, holds 3: taken; forward, B holds 1: taken; C holds 2: stop.
    /// 3,1,2/0,0,2 N 4-0 sown=ab/.
    #[test]
    fn next_pit_captures_first_seed_minimum_opening_and_first_sowing_lock() {
        let mut r = board(
            3,
            &[2, 2, 1, 2, 2, 2],
            "[moves]\nsow_from = \"home-row\"\n\
             [capture]\ncounts = [1, 3, 5]\nlanding = \"anywhere\"\n\
             chain = \"forward\"\nchain_zone = \"anywhere\"\n",
        );
        r.first_seed = FirstSeed::Origin;
        r.min_seeds = 2;
        r.opening = Opening::EachHomePitOnce;
        let cap = r.capture.as_mut().unwrap();
        cap.examined = Examined::NextPit;
        cap.lock = Lock::FirstSowing;
        let a = pit(&r, 'a');
        let b = pit(&r, 'b');
        let mut g = Reference::new(&r);
        assert_eq!(g.legal_plies(), [Ply::Sow(a), Ply::Sow(b)]);
        let why = g.play(Ply::Sow(pit(&r, 'c'))).unwrap_err();
        assert!(why.contains("fewer than 2"), "{why}");
        let e = g.play(Ply::Sow(a)).unwrap();
        assert_eq!(g.state().seeds, [1, 3, 1, 2, 2, 2]);
        assert_eq!(g.state().captured, [0, 0]);
        assert_eq!(g.state().sown, [true, false, false, false, false, false]);
        // The first sowing lifts the lock for both players, but completes no
        // player's home-row lock, so it reports no lock completion.
        assert!(matches!(
            e,
            Effect::Sow(SowEffect {
                released_lock: false,
                captured: PitSet::EMPTY,
                ..
            })
        ));

        let mut state = State::initial(&r);
        state.seeds = vec![3, 2, 1, 3, 1, 2];
        state.sown[0] = true;
        let mut g = Reference::from_state(&r, state);
        assert_eq!(g.legal_plies(), [Ply::Sow(b)]);
        let why = g.play(Ply::Sow(a)).unwrap_err();
        assert!(why.contains("not sown from yet (b)"), "{why}");
        let e = g.play(Ply::Sow(b)).unwrap();
        assert_eq!(g.state().seeds, [3, 1, 2, 0, 0, 2]);
        assert_eq!(g.state().captured, [4, 0]);
        assert_eq!(g.state().sown, [true, true, false, false, false, false]);
        assert_eq!(sown(&e).2, pits(&r, "AB"));

        // `below_min = "if-no-other"`: with no pit of 2, the single seeds.
        r.below_min_if_no_other = true;
        let g = game(&r, &[1, 0, 1, 2, 2, 2], Side::South);
        assert_eq!(g.legal_plies(), [Ply::Sow(a), Ply::Sow(pit(&r, 'c'))]);
        r.below_min_if_no_other = false;
        let g = game(&r, &[1, 0, 1, 2, 2, 2], Side::South);
        assert_eq!(g.legal_plies(), [Ply::Pass]);
    }

    /// Opposite capture anywhere: 2x3, capturing seed stays. From
    /// 1,2,1/0,1,1 S, South sows b (2): c (2), A (1). A, North's, was
    /// empty; facing it is c (2): taken. 1,0,0/1,1,1 N 2-0. With the
    /// landing in the mover's own territory only, nothing.
    #[test]
    fn an_opposite_capture_anywhere() {
        let start = [1, 2, 1, 0, 1, 1];
        let mut r = board(
            3,
            &start,
            "[opposite_capture]\nwhen_opposite_empty = \"nothing\"\ncapturing_seed = \"stays\"\n",
        );
        let mut g = Reference::new(&r);
        g.play(Ply::Sow(pit(&r, 'b'))).unwrap();
        assert_eq!(g.state().captured, [0, 0], "own territory");
        r.opposite_capture.as_mut().unwrap().landing = OppositeLanding::Anywhere;
        let mut g = Reference::new(&r);
        let e = g.play(Ply::Sow(pit(&r, 'b'))).unwrap();
        assert_eq!(g.state().seeds, [1, 0, 0, 1, 1, 1]);
        assert_eq!(g.state().captured, [2, 0]);
        assert_eq!(sown(&e).2, pits(&r, "c"));
    }

    /// A forbidden grand slam: 2x2, capture of 2 in the opponent's row.
    /// From 1,1/1,0 S: b makes A 2, every seed of North's row: a grand
    /// slam; a (into b, South's own) is not one: only a is legal. From
    /// 0,1/1,0 S b is the only sowing: it stays legal and captures nothing.
    /// 0,0/2,0 N.
    #[test]
    fn a_grand_slam_forbidden() {
        let mut r = board(
            2,
            &[1, 1, 1, 0],
            "[capture]\ncounts = [2]\nlanding = \"opponent-row\"\n",
        );
        r.capture.as_mut().unwrap().grand_slam = GrandSlam::Forbidden;
        let mut g = Reference::new(&r);
        assert_eq!(g.legal_plies(), [Ply::Sow(pit(&r, 'a'))]);
        let why = g.play(Ply::Sow(pit(&r, 'b'))).unwrap_err();
        assert!(why.contains("grand slam"), "{why}");
        let mut g = game(&r, &[0, 1, 1, 0], Side::South);
        assert_eq!(g.legal_plies(), [Ply::Sow(pit(&r, 'b'))]);
        let e = g.play(Ply::Sow(pit(&r, 'b'))).unwrap();
        assert_eq!(g.state().seeds, [0, 0, 2, 0]);
        assert_eq!(sown(&e).2, PitSet::EMPTY);
    }

    /// `chain_max` and `protected`: 2x3, capture of 2 in the opponent's
    /// row, chain backward. From 0,0,3/1,1,1 S, South sows c: A, B, C, each
    /// 2. C is taken, then backward B, then A. With `chain_max = 2`: C and
    /// the nearest backward, B: 4 seeds, A stays. With pit 2 protected: C,
    /// and the chain stops at B. With pit 3 protected: C is never examined
    /// as taken: nothing.
    #[test]
    fn capped_and_protected_chains() {
        let start = [0, 0, 3, 1, 1, 1];
        let base = board(
            3,
            &start,
            "[capture]\ncounts = [2]\nlanding = \"opponent-row\"\nchain = \"backward\"\n\
             chain_zone = \"opponent-row\"\n",
        );
        let taken = |edit: &dyn Fn(&mut Rules)| {
            let mut r = base.clone();
            edit(&mut r);
            let mut g = Reference::new(&r);
            let e = g.play(Ply::Sow(pit(&r, 'c'))).unwrap();
            (g.rules().labels(sown(&e).2), g.state().captured[0])
        };
        assert_eq!(taken(&|_| {}), ("A,B,C".into(), 6));
        assert_eq!(
            taken(&|r| r.capture.as_mut().unwrap().chain_max = Some(2)),
            ("B,C".into(), 4)
        );
        assert_eq!(
            taken(&|r| r.capture.as_mut().unwrap().immune = RowPits(1 << 2)),
            ("C".into(), 2)
        );
        assert_eq!(
            taken(&|r| r.capture.as_mut().unwrap().immune = RowPits(1 << 3)),
            ("".into(), 0)
        );
    }

    /// `leftovers = "nobody"`: 2x2 with `either_row_empty`, from 0,2/0,0 S
    /// 1-3 the game is over at once (North's row is empty); the 2 seeds on
    /// the board count for nobody: 1-3, where the controller would make it
    /// 3-3.
    #[test]
    fn leftovers_to_nobody() {
        let mut r = board(2, &[0, 2, 0, 0], "[end]\neither_row_empty = true\n");
        let at_end = |r: &Rules| {
            let mut state = State::initial(r);
            state.captured = [1, 3];
            let g = Reference::from_state(r, state);
            assert_eq!(g.end(), Some(EndReason::RowEmpty(Side::North)));
            g.outcome().unwrap().totals
        };
        assert_eq!(at_end(&r), [3, 3]);
        r.end.leftovers = Leftovers::Nobody;
        assert_eq!(at_end(&r), [1, 3]);
    }

    /// `cannot_feed = "end-game-opponent-takes-all"`: 2x2, from 1,0/0,0 S
    /// 3-0, North is owed a feed and a (into b) gives none: the game ends,
    /// and North, who could not be fed, takes the seed left: 3-1. With the
    /// mover taking all, 4-0.
    #[test]
    fn the_opponent_who_cannot_be_fed_takes_all() {
        let mut r = board(
            2,
            &[1, 0, 0, 0],
            "[moves]\nfeeding = \"must-feed-empty-opponent\"\n\
             cannot_feed = \"end-game-mover-takes-all\"\n",
        );
        let at_end = |r: &Rules| {
            let mut state = State::initial(r);
            state.captured = [3, 0];
            let g = Reference::from_state(r, state);
            assert_eq!(g.end(), Some(EndReason::CannotFeed(Side::South)));
            g.outcome().unwrap().totals
        };
        assert_eq!(at_end(&r), [4, 0]);
        r.cannot_feed = CannotFeed::OpponentTakesAll;
        assert_eq!(at_end(&r), [3, 1]);
    }
}
