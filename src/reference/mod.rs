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
#[doc(hidden)]
pub mod random;

use crate::engine::{Effect, EndReason, Outcome, Pit, PitSet, Ply, Side};
use crate::rules::{CannotFeed, GrandSlam, Laps};
use crate::rules::{
    CannotSow, Chain, Direction, Feeding, Lock, MAX_RELAYS, Rules, SowFrom, Taker, Zone,
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

/// The whole state of a reference game but its history.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Seeds per pit, in label order (pit `i` is `Pit(i)`).
    pub seeds: Vec<u32>,
    /// Who controls each pit (its territory; trades change it).
    pub controller: Vec<Side>,
    /// Per pit: whether its home side has sown from it (the opening lock's
    /// progress, `sown=` in the position notation). Only a lock records it.
    pub sown: Vec<bool>,
    /// The pending offer, in label order (empty if none), made by the side
    /// *not* to act.
    pub offer: Vec<Pit>,
    /// Seeds captured (and not paid out in trades), South then North; with
    /// stores, the seeds in each store.
    pub captured: [u32; 2],
    /// The side to act.
    pub to_move: Side,
    /// Whether South, then North, has declined an offer in this game.
    pub declined: [bool; 2],
}

impl State {
    /// The variant's initial state (`[board]`: `seeds_per_pit` or
    /// `initial`, `first`); each player controls their home row.
    #[must_use]
    pub fn initial(rules: &Rules) -> State {
        let n = pit_count(rules);
        State {
            seeds: rules.initial.iter().map(|&s| u32::from(s)).collect(),
            controller: (0..n).map(|p| home_side(rules, p)).collect(),
            sown: vec![false; n],
            offer: Vec::new(),
            captured: [0, 0],
            to_move: rules.first,
            declined: [false, false],
        }
    }
}

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
                    // to act takes every seed left.
                    EndReason::CannotFeed(taker) => {
                        if taker == side {
                            on_board
                        } else {
                            0
                        }
                    }
                    // `seeds_left_to = "first-player"`, only when this end fires.
                    EndReason::SeedsLeft(_) if rules.end.seeds_left_to_first => {
                        if side == rules.first { on_board } else { 0 }
                    }
                    // `leftovers = "controller"`.
                    _ => (0..pit_count(rules))
                        .filter(|&p| state.controller[p] == side)
                        .map(|p| state.seeds[p])
                        .sum(),
                };
            state.captured[side.index()] + swept
        });
        let winner = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        Some(Outcome {
            reason,
            totals,
            winner,
            without_glory: winner.is_some_and(|w| state.declined[w.index()]),
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
// and labels", `board.stores`, `sowing.direction`).

/// Pits on the board: two rows.
fn pit_count(rules: &Rules) -> usize {
    2 * rules.per_row
}

/// The side whose home row holds pit `p`: South's row is `a b c …`, the
/// first `per_row` labels.
fn home_side(rules: &Rules, p: usize) -> Side {
    if p < rules.per_row {
        Side::South
    } else {
        Side::North
    }
}

/// The pits of `side`'s home row, in label order.
fn home_row(rules: &Rules, side: Side) -> Vec<usize> {
    (0..pit_count(rules))
        .filter(|&p| home_side(rules, p) == side)
        .collect()
}

/// The pit after `p` in the sowing direction: labels run counter-clockwise
/// round the board, so counter-clockwise is the next label (after the last
/// comes `a`) and clockwise the one before.
fn next_pit(rules: &Rules, p: usize) -> usize {
    let n = pit_count(rules);
    match rules.direction {
        Direction::CounterClockwise => (p + 1) % n,
        Direction::Clockwise => (p + n - 1) % n,
    }
}

/// The pit before `p` in the sowing direction.
fn prev_pit(rules: &Rules, p: usize) -> usize {
    let n = pit_count(rules);
    match rules.direction {
        Direction::CounterClockwise => (p + n - 1) % n,
        Direction::Clockwise => (p + 1) % n,
    }
}

/// `side`'s last home pit in sowing order, after which its store lies: the
/// home pit whose next pit is the opponent's.
fn last_house(rules: &Rules, side: Side) -> usize {
    home_row(rules, side)
        .into_iter()
        .find(|&p| home_side(rules, next_pit(rules, p)) != side)
        .expect("a row's sowing order leaves it somewhere")
}

/// The pit facing `p` across the board: `a` faces the last uppercase pit,
/// and so on (`[opposite_capture]`).
fn opposite(rules: &Rules, p: usize) -> usize {
    pit_count(rules) - 1 - p
}

/// A place a sown seed can fall in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// A pit, by index.
    Pit(usize),
    /// A player's store.
    Store(Side),
}

/// Where the seed after one that fell at `at` falls, in a sowing by
/// `mover`, whose last house is `house`: the next pit, or after the last
/// house the mover's store. The opponent's store is never on a mover's
/// circuit (`board.stores`: a sowing "skips the opponent's").
fn next_place(rules: &Rules, at: Place, mover: Side, house: usize) -> Place {
    match at {
        Place::Pit(p) if rules.stores && p == house => Place::Store(mover),
        Place::Pit(p) => Place::Pit(next_pit(rules, p)),
        Place::Store(_) => Place::Pit(next_pit(rules, house)),
    }
}

// ---------------------------------------------------------------------------
// Which plies are legal (`[moves]`, `[trading]`).

/// Whether `side` may sow from pit `p` when it holds seeds (`moves.sow_from`).
fn may_sow_from(rules: &Rules, state: &State, side: Side, p: usize) -> bool {
    match rules.sow_from {
        SowFrom::Controlled => state.controller[p] == side,
        SowFrom::HomeRow => home_side(rules, p) == side,
        // `moves.sow_from = "opponent-row"`.
        SowFrom::OpponentRow => home_side(rules, p) == side.opponent(),
    }
}

/// The pits the side to act may sow from, before the feeding rule: the
/// non-empty pits `sow_from` allows, in label order.
fn sowable(rules: &Rules, state: &State) -> Vec<usize> {
    (0..pit_count(rules))
        .filter(|&p| state.seeds[p] > 0 && may_sow_from(rules, state, state.to_move, p))
        .collect()
}

/// The pits `side` controls, in label order.
fn controlled(rules: &Rules, state: &State, side: Side) -> Vec<usize> {
    (0..pit_count(rules))
        .filter(|&p| state.controller[p] == side)
        .collect()
}

/// Whether the side to act owes a feed (`moves.feeding`): the rule is on
/// and every pit the opponent controls is empty.
fn feed_owed(rules: &Rules, state: &State) -> bool {
    // Reading: an opponent who controls no pit at all (trading with
    // `keep_at_least = 0`) has "every pit empty", vacuously, and is owed a
    // feed that no sowing can give.
    rules.feeding != Feeding::None
        && controlled(rules, state, state.to_move.opponent())
            .iter()
            .all(|&p| state.seeds[p] == 0)
}

/// Whether sowing from `origin` feeds the opponent, in the sense of the
/// rules' feeding obligation; only asked when the opponent's pits are all
/// empty.
fn feeds(rules: &Rules, state: &State, origin: usize) -> bool {
    let mover = state.to_move;
    let theirs = controlled(rules, state, mover.opponent());
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
            let house = last_house(rules, mover);
            let mut at = Place::Pit(origin);
            let mut hand = state.seeds[origin];
            while hand > 0 {
                at = next_place(rules, at, mover, house);
                if rules.skip_origin && at == Place::Pit(origin) {
                    continue;
                }
                hand -= 1;
                if let Place::Pit(p) = at
                    && state.controller[p] == mover.opponent()
                {
                    return true;
                }
            }
            false
        }
        // "a sowing after which at least one of those pits holds a seed
        // (the whole sowing counts: every relay lap, every capture)": play
        // it out and look.
        Feeding::MustLeaveOpponentSeeds => {
            let mut after = state.clone();
            sow(rules, &mut after, origin);
            theirs.iter().any(|&p| after.seeds[p] > 0)
        }
    }
}

/// The pits the side to act may legally sow from: the sowable pits, less
/// those the feeding rule forbids (docs: "if none does, any sowing is
/// legal").
fn legal_sowings(rules: &Rules, state: &State) -> Vec<usize> {
    let all = sowable(rules, state);
    if !feed_owed(rules, state) {
        return all;
    }
    let feeding: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&p| feeds(rules, state, p))
        .collect();
    if feeding.is_empty() { all } else { feeding }
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
    let mut out: Vec<Ply> = sowings.iter().map(|&p| Ply::Sow(Pit(p as u8))).collect();
    // "a player who has something to sow may instead offer".
    // Reading: an offer is not a sowing, so a feed owed does not forbid it
    // (`moves.feeding` restricts which sowing the mover chooses).
    out.extend(offers(rules, state));
    out
}

/// Why `ply` is not legal in `state` (the game not being over), in words.
fn why_illegal(rules: &Rules, state: &State, ply: Ply) -> String {
    let side = state.to_move;
    let label = |p: Pit| p.label(rules.per_row);
    if !state.offer.is_empty() {
        return match ply {
            Ply::Accept => format!("{side} cannot pay for the offer"),
            _ => format!("{side} must answer the pending offer with `accept` or `decline`"),
        };
    }
    match ply {
        Ply::SowToward(..) => unimplemented!("issue 16: chosen directions in the reference"),
        Ply::Sow(p) if p.index() >= pit_count(rules) => "the board has no such pit".into(),
        Ply::Sow(p) if !may_sow_from(rules, state, side, p.index()) => {
            format!("{side} may not sow from pit {}", label(p))
        }
        Ply::Sow(p) if state.seeds[p.index()] == 0 => format!("pit {} is empty", label(p)),
        Ply::Sow(p) => format!(
            "{} is owed a feed, which sowing from {} does not give",
            side.opponent(),
            label(p)
        ),
        Ply::Pass if rules.cannot_sow == CannotSow::EndGame => "this variant has no passing".into(),
        Ply::Pass => format!("{side} has something to sow, so may not pass"),
        Ply::Accept | Ply::Decline => format!("there is no offer for {side} to answer"),
        Ply::Offer(_) if rules.trading.is_none() => "this variant has no trading".into(),
        Ply::Offer(set) => format!(
            "{side} may not offer {}: an offer names 1 to max_pits pits {side} controls, keeps keep_at_least, is affordable if it must be, and needs something to sow",
            set.labels(rules.per_row)
        ),
    }
}

// ---------------------------------------------------------------------------
// Playing a ply.

/// Plays a legal `ply`.
fn apply(rules: &Rules, state: &mut State, ply: Ply) -> Effect {
    let side = state.to_move;
    match ply {
        Ply::SowToward(..) => unimplemented!("issue 16: chosen directions in the reference"),
        Ply::Sow(origin) => {
            let effect = sow(rules, state, origin.index());
            // `sowing.extra_turn`: "the mover plays again".
            if !matches!(
                effect,
                Effect::Sow {
                    extra_turn: true,
                    ..
                }
            ) {
                state.to_move = side.opponent();
            }
            effect
        }
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

/// Sows from `origin` for the side to act, with every capture that
/// follows, and says what happened. The side to act is left unchanged.
fn sow(rules: &Rules, state: &mut State, origin: usize) -> Effect {
    let mover = state.to_move;
    let taken_up = state.seeds[origin];
    state.seeds[origin] = 0;

    // `[sowing]`: one seed in each following place of the circuit; a lap
    // ends where its last seed falls.
    let house = last_house(rules, mover);
    let mut hand = taken_up;
    let mut lap_origin = origin;
    let mut at = Place::Pit(origin);
    let mut relays: u16 = 0;
    let mut sowing_pits = PitSet::EMPTY;
    let mut sowing_taken = [0u32; 2];
    loop {
        SOWN.with(|sown| sown.set(sown.get() + u64::from(hand)));
        while hand > 0 {
            at = next_place(rules, at, mover, house);
            // `sowing.skip_origin`: "skips its origin pit each time it comes
            // round"; with relays, "each lap obeys skip_origin for its own
            // starting pit".
            if rules.skip_origin && at == Place::Pit(lap_origin) {
                continue;
            }
            match at {
                Place::Pit(p) => state.seeds[p] += 1,
                Place::Store(s) => state.captured[s.index()] += 1,
            }
            hand -= 1;
            // `[sowing_capture]`: a seed that brings a pit to one of the
            // counts captures it "at once, before the next seed falls".
            // Stores are not pits, so never taken this way.
            if let (Some(sc), Place::Pit(p)) = (rules.sowing_capture, at)
                && counts_contain(sc.counts, state.seeds[p])
            {
                let taker = if hand == 0 {
                    sc.last_seed_taker
                } else {
                    sc.taker
                };
                let who = match taker {
                    Taker::Mover => mover,
                    Taker::PitController => state.controller[p],
                };
                state.captured[who.index()] += state.seeds[p];
                sowing_taken[who.index()] += state.seeds[p];
                state.seeds[p] = 0;
                sowing_pits.insert(Pit(p as u8));
            }
        }
        // `sowing.laps = "relay"`: a last seed in a pit that already held
        // seeds lifts it, and the sowing goes on from it; a last seed in an
        // empty pit or a store ends it, and after 10 000 relays it ends
        // wherever its last lap ends. A pit
        // emptied by a sowing capture of the last seed holds nothing to
        // lift ("the sowing ends there").
        match at {
            Place::Pit(p)
                if (rules.laps == Laps::Relay) && state.seeds[p] > 1 && relays < MAX_RELAYS =>
            {
                hand = state.seeds[p];
                state.seeds[p] = 0;
                lap_origin = p;
                relays += 1;
            }
            _ => break,
        }
    }

    // `capture.lock`: a player may capture only once each pit of their home
    // row has been the origin of at least one of their sowings.
    // Reading: a pit lifted by a relay is not the origin of a sowing; only
    // the chosen pit is.
    let (may_capture, released_lock) = match rules.capture.map(|c| c.lock) {
        Some(Lock::AllHomePitsSown {
            release_may_capture,
        }) => {
            let before = home_row_sown(rules, state, mover);
            if home_side(rules, origin) == mover {
                state.sown[origin] = true;
            }
            let after = home_row_sown(rules, state, mover);
            // `lock_release_may_capture`: whether "the sowing that completes
            // the set" may itself capture.
            let may = if release_may_capture { after } else { before };
            (may, after && !before)
        }
        // Reading: without a lock there is no lock progress to record
        // ("the lock's progress … is part of the game state"), so `sown`
        // stays empty and never tells two states apart.
        _ => (true, false),
    };

    // "Captures look at the final landing pit"; a last seed in a store
    // lands in no pit, so captures nothing.
    let mut captured = PitSet::EMPTY;
    let mut seeds_captured = 0u32;
    if let Place::Pit(landing) = at
        && may_capture
    {
        (captured, seeds_captured) = count_capture(rules, state, landing);
        // `[opposite_capture]`: "a count capture, tried first".
        // Reading: the opposite capture is tried whenever the count capture
        // took nothing, a grand slam that captured nothing included.
        // Reading: the opening lock (`capture.lock`, "a player may capture
        // only once …") holds back opposite captures too; only sowing
        // captures are said not to be subject to it.
        if captured.is_empty() {
            (captured, seeds_captured) = opposite_capture(rules, state, landing);
        }
    }
    let in_store = matches!(at, Place::Store(_));
    Effect::Sow {
        origin: Pit(origin as u8),
        seeds: taken_up as u16,
        landing: Pit(match at {
            Place::Pit(p) => p,
            Place::Store(_) => house,
        } as u8),
        in_store,
        extra_turn: in_store && rules.extra_turn,
        relays,
        captured,
        seeds_captured: seeds_captured as u16,
        sowing_pits,
        sowing_taken: sowing_taken.map(|k| k as u16),
        released_lock,
        houses_made: PitSet::EMPTY,
        house_seeds: [0; 2],
    }
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

/// `[capture]`: the landing pit, if it lies in `landing` and holds one of
/// the counts, and its chain; the pits and seeds taken by the side to act.
fn count_capture(rules: &Rules, state: &mut State, landing: usize) -> (PitSet, u32) {
    let Some(cap) = rules.capture else {
        return (PitSet::EMPTY, 0);
    };
    let mover = state.to_move;
    if !in_zone(rules, state, cap.landing, mover, landing)
        || !counts_contain(cap.counts, state.seeds[landing])
    {
        return (PitSet::EMPTY, 0);
    }
    // `capture.chain`: from the landing pit backwards and/or forwards, each
    // pit in `chain_zone` holding one of the counts, stopping at the first
    // that is not; "each pit is captured at most once".
    // Reading: the chain walks from pit to pit; a store between two pits is
    // not a pit and does not break it.
    let holds = |state: &State, p: usize| {
        in_zone(rules, state, cap.chain_zone, mover, p)
            && counts_contain(cap.counts, state.seeds[p])
    };
    let mut taken = vec![landing];
    if matches!(cap.chain, Chain::Backward | Chain::Both) {
        let mut p = prev_pit(rules, landing);
        while !taken.contains(&p) && holds(state, p) {
            taken.push(p);
            p = prev_pit(rules, p);
        }
    }
    if matches!(cap.chain, Chain::Forward | Chain::Both) {
        let mut p = next_pit(rules, landing);
        while !taken.contains(&p) && holds(state, p) {
            taken.push(p);
            p = next_pit(rules, p);
        }
    }
    // `capture.grand_slam = "captures-nothing"`: "a capture that would take
    // every seed on the opponent's side ... captures nothing".
    // Reading: the opponent's side is their home row ("a capture that
    // would empty the opponent's row"); the capture is a grand slam when
    // the row holds seeds and every pit of it that does is among the pits
    // taken. A row already empty cannot be emptied.
    if cap.grand_slam != GrandSlam::Captures {
        let theirs: Vec<usize> = home_row(rules, mover.opponent())
            .into_iter()
            .filter(|&p| state.seeds[p] > 0)
            .collect();
        if !theirs.is_empty() && theirs.iter().all(|p| taken.contains(p)) {
            return (PitSet::EMPTY, 0);
        }
    }
    let mut pits = PitSet::EMPTY;
    let mut seeds = 0;
    for &p in &taken {
        seeds += state.seeds[p];
        state.seeds[p] = 0;
        pits.insert(Pit(p as u8));
    }
    state.captured[mover.index()] += seeds;
    (pits, seeds)
}

/// `[opposite_capture]`: when the last seed fell in an empty pit the mover
/// controls ("it now holds just that seed"), that seed and the seeds of
/// the pit opposite, as the table says; the pits and seeds taken.
fn opposite_capture(rules: &Rules, state: &mut State, landing: usize) -> (PitSet, u32) {
    let Some(oc) = rules.opposite_capture else {
        return (PitSet::EMPTY, 0);
    };
    let mover = state.to_move;
    if state.controller[landing] != mover || state.seeds[landing] != 1 {
        return (PitSet::EMPTY, 0);
    }
    let facing = opposite(rules, landing);
    let across = state.seeds[facing];
    // `when_opposite_empty = "nothing"`: "nothing is captured and the seed
    // stays".
    if across == 0 && !oc.take_last_seed_alone {
        return (PitSet::EMPTY, 0);
    }
    let mut pits = PitSet::EMPTY;
    let mut seeds = 0;
    // `capturing_seed`: "taken" (with the seeds opposite) or "stays".
    if oc.capturing_seed_taken {
        seeds += state.seeds[landing];
        state.seeds[landing] = 0;
        pits.insert(Pit(landing as u8));
    }
    if across > 0 {
        seeds += across;
        state.seeds[facing] = 0;
        pits.insert(Pit(facing as u8));
    }
    state.captured[mover.index()] += seeds;
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
    // `moves.cannot_feed = "end-game-mover-takes-all"`.
    // Reading: a player who must answer an offer is not choosing a sowing,
    // so owes no feed at that ply; the feed is owed, and this end judged,
    // when they come to sow.
    if (rules.cannot_feed != CannotFeed::AnySowing)
        && state.offer.is_empty()
        && feed_owed(rules, state)
        && !sowable(rules, state)
            .iter()
            .any(|&p| feeds(rules, state, p))
    {
        return Some(EndReason::CannotFeed(state.to_move));
    }
    if let Some(k) = end.max_plies
        && plies >= k as usize
    {
        return Some(EndReason::PlyCap(k));
    }
    // `moves.cannot_sow = "end-game"`.
    // Reading: likewise, a player who must answer an offer has a ply to
    // make; whether they have something to sow is judged at their turn to
    // sow, after the answer.
    if rules.cannot_sow == CannotSow::EndGame
        && state.offer.is_empty()
        && sowable(rules, state).is_empty()
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
        r.pit(c).unwrap()
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
            Effect::Sow {
                origin: pit(&kpe, 'c'),
                seeds: 6,
                landing: pit(&kpe, 'a'),
                in_store: false,
                extra_turn: false,
                relays: 0,
                captured: PitSet::EMPTY,
                seeds_captured: 0,
                sowing_pits: PitSet::EMPTY,
                sowing_taken: [0, 0],
                released_lock: false,
                houses_made: PitSet::EMPTY,
                house_seeds: [0; 2],
            }
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
        let Effect::Sow {
            landing,
            in_store,
            extra_turn,
            seeds,
            ..
        } = e
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
        let Effect::Sow {
            landing, relays, ..
        } = e
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
        let Effect::Sow {
            landing, relays, ..
        } = e
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
            let Effect::Sow {
                captured,
                released_lock,
                ..
            } = e
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
}
