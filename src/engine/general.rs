//! The general path: sowings and legal plies under the mechanics that the
//! table-driven fast path of [`Position`] does not cover (directions by
//! pit or chosen, the first seed in the origin, relays from the next pit,
//! later rounds in the opponent's row, a minimum count, the opening rule,
//! a forbidden grand slam, examined next pits, capped chains, protected
//! pits, beyond captures, houses). Rules that use none of them never come
//! here (see `Variant::plain_sowing` and `Variant::plain_moves`).
//!
//! Everything here is allocation-free too: plies are gathered in a fixed
//! buffer ([`Sowings`]) on the stack.

use super::ply::{Effect, Illegal, Ply, SowEffect};
use super::position::Position;
use super::sowings::Sowings;
use super::variant::{Variant, dir_index};
use crate::board::{MAX_PITS, Pit, PitSet, Side};
use crate::rules::{
    BeyondCapture, Capture, Chain, Clockwise, ColumnCapture, ColumnLaps, ColumnPits, ColumnThen,
    Direction, Examined, ExtraTurn, Feeding, FirstSeed, GrandSlam, InnerRowEmpty, LandingWas, Laps,
    LaterRounds, Lock, MAX_RELAYS, Opening, ResowFrom, Taker,
};

/// [`Position::sow_probing`]'s modes: the whole sowing,
const WHOLE: u8 = 0;
/// as far as it takes to know whether it captures,
const TO_CAPTURE: u8 = 1;
/// its first lap alone.
const FIRST_LAP: u8 = 2;

/// The pit number (1 to N) of `p`, counted from its row owner's left.
#[inline]
fn number(rules: &Variant, p: Pit) -> usize {
    usize::from(rules.numbers[p.index()])
}

/// Whether a lap of `hand` seeds drops its first seed back in its origin
/// (`sowing.first_seed`).
#[inline]
fn first_in_origin(rules: &Variant, hand: usize) -> bool {
    match rules.first_seed {
        FirstSeed::NextPit => false,
        FirstSeed::Origin => true,
        FirstSeed::OriginUnlessSingle => hand > 1,
    }
}

/// The pits a column capture (`[column_capture]`) takes when `side`'s
/// lap ends in `landing`, `seeds` giving each pit's count then; `None`
/// when it takes nothing.
#[inline(always)]
fn column_taken(
    rules: &Variant,
    cc: &ColumnCapture,
    side: Side,
    landing: Pit,
    seeds: impl Fn(Pit) -> u16,
) -> Option<PitSet> {
    if !rules.inner_rows[side.index()].contains(landing) {
        return None;
    }
    let count = seeds(landing);
    let when = match cc.when {
        LandingWas::Empty => count == 1,
        LandingWas::Occupied => count > 1,
    };
    if !when {
        return None;
    }
    let inner = Pit(rules.opposite[landing.index()]);
    let pits = |which: ColumnPits| match which {
        ColumnPits::Inner => PitSet::single(inner),
        ColumnPits::InnerAndOuter => {
            PitSet::single(inner).or(PitSet::single(Pit(rules.behind[inner.index()])))
        }
    };
    if pits(cc.needs).iter().any(|p| seeds(p) == 0) {
        return None;
    }
    Some(pits(cc.takes))
}

/// [`walk_lap`] where every seed is a plain drop into the next pit: no
/// store, no skipped origin, no later rounds in the opponent's row, no
/// house standing and no sowing capture. Adds the seeds and gives the
/// last pit reached, as `walk_lap` with a `drop` that adds one seed would,
/// seed for seed; one load and one add a seed instead of `walk_lap`'s
/// tests of every mechanic.
#[inline]
fn plain_lap(
    seeds: &mut [u16; MAX_PITS],
    rules: &Variant,
    lap_origin: Pit,
    (hand, in_origin): (usize, bool),
    dir: Direction,
) -> Pit {
    let step = &rules.step[dir_index(dir)];
    let mut at = lap_origin;
    let mut left = hand;
    if left > 0 && in_origin {
        seeds[at.index()] += 1;
        left -= 1;
    }
    for _ in 0..left {
        at = Pit(step[at.index()]);
        seeds[at.index()] += 1;
    }
    at
}

/// Walks one lap of `hand` seeds started at `lap_origin` by `side` going
/// `dir`, its first seed in the origin if `in_origin` (`sowing.first_seed`,
/// which a re-sowing of captured seeds does not follow), calling
/// `drop(place, left)` for each seed where it falls (`None`: the mover's
/// store), `left` being the seeds still in hand after it; a
/// `true` from `drop` stops the walk. Gives the last place reached.
///
/// The lap's geometry depends on nothing but the rules: `first_seed`,
/// `skip_origin` (later passes only), the mover's store, and
/// `later_rounds = "opponent-row"` (once the lap is about to drop a second
/// seed into a place it has sown into, every later seed goes only into
/// the opponent's home row).
#[inline]
fn walk_lap(
    rules: &Variant,
    side: Side,
    lap_origin: Pit,
    (hand, in_origin): (usize, bool),
    dir: Direction,
    mut drop: impl FnMut(Option<Pit>, usize) -> bool,
) -> Option<Pit> {
    let step = &rules.step[dir_index(dir)];
    let store_after = rules.stores.then(|| Pit(rules.last_house[side.index()]));
    let opponent_row = rules.home_row(side.opponent());
    let opponent_rounds = rules.later_rounds == LaterRounds::OpponentRow;
    let mut at = Some(lap_origin);
    let mut first_in_origin = in_origin;
    let (mut sown, mut store_sown, mut come_round) = (PitSet::EMPTY, false, false);
    let mut left = hand;
    while left > 0 {
        if first_in_origin {
            first_in_origin = false;
        } else {
            at = match at {
                Some(p) if Some(p) == store_after => None,
                Some(p) => Some(Pit(step[p.index()])),
                None => Some(Pit(
                    step[store_after.expect("only a store leads here").index()]
                )),
            };
            // Reading: skip_origin concerns the passes round the whole
            // circuit; once a lap sows only the opponent's row, each of its
            // pits takes a seed in turn, the origin included (else a
            // one-pit row holding the origin would leave the seed nowhere).
            if rules.skip_origin && at == Some(lap_origin) && !come_round {
                continue;
            }
        }
        // Reading: a skipped origin is passed over before the lap asks
        // whether it has come round, and the mover's store is a place like
        // any other for that question.
        if opponent_rounds {
            if !come_round {
                come_round = match at {
                    Some(p) => sown.contains(p),
                    None => store_sown,
                };
            }
            if come_round && !at.is_some_and(|p| opponent_row.contains(p)) {
                continue;
            }
            match at {
                Some(p) => sown.insert(p),
                None => store_sown = true,
            }
        }
        left -= 1;
        if drop(at, left) {
            break;
        }
    }
    at
}

/// The direction a re-sowing from an end of `side`'s inner row takes
/// after a capture in `landing` by a sowing going `dir`
/// (`resow_from = "inner-end"`): a capture within `flank` pits of an end
/// turns the sowing to the direction that enters the row at that end.
fn resowing_direction(
    rules: &Variant,
    side: Side,
    landing: Pit,
    dir: Direction,
    flank: u8,
) -> Direction {
    let (k, n, flank) = (number(rules, landing), rules.per_row(), usize::from(flank));
    let end = if k <= flank {
        1
    } else if k > n - flank {
        n
    } else {
        return dir;
    };
    let entries = rules.inner_entries[side.index()];
    if number(rules, entries[0]) == end {
        Direction::CounterClockwise
    } else {
        Direction::Clockwise
    }
}

impl Position {
    /// The column capture of a lap that `side` ended in `landing`
    /// (`[column_capture]`): the pits taken and their seeds, which leave
    /// the board here; `None` when the lap takes nothing.
    #[inline]
    fn capture_column(
        &mut self,
        rules: &Variant,
        cc: &ColumnCapture,
        side: Side,
        landing: Pit,
    ) -> Option<(PitSet, u16)> {
        let taken = column_taken(rules, cc, side, landing, |p| self.seeds[p.index()])?;
        let mut k = 0;
        for p in taken.iter() {
            k += self.seeds[p.index()];
            self.seeds[p.index()] = 0;
        }
        Some((taken, k))
    }

    /// Steps 2 and 3 of the legality filters, on the non-empty pits
    /// `sow_from` allows: `min_seeds` (with its fallback) and the opening.
    pub(crate) fn origins_filtered(&self, rules: &Variant, side: Side, base: PitSet) -> PitSet {
        // Houses hold no seed, so are not in `base`; said for clarity.
        let mut c = base.minus(self.all_houses());
        if rules.min_seeds > 1 {
            let big: PitSet = c
                .iter()
                .filter(|p| self.seeds[p.index()] >= rules.min_seeds)
                .collect();
            if !big.is_empty() || !rules.below_min_if_no_other {
                c = big;
            }
        }
        if rules.opening == Opening::EachHomePitOnce {
            let home = rules.home_row(side);
            if !home.is_subset(self.sown) {
                let fresh = c.and(home.minus(self.sown));
                if !fresh.is_empty() {
                    c = fresh;
                }
            }
        }
        c
    }

    /// Step 4: each origin as its plies, in label order, counter-clockwise
    /// before clockwise where the direction is chosen.
    fn expand(rules: &Variant, origins: PitSet, out: &mut Sowings) {
        out.clear();
        for p in origins.iter() {
            if rules.chosen.contains(p) {
                out.push(Ply::SowToward(p, Direction::CounterClockwise));
                out.push(Ply::SowToward(p, Direction::Clockwise));
            } else {
                out.push(Ply::Sow(p));
            }
        }
    }

    /// When a feed is owed (the rule is on and every pit the opponent
    /// controls is empty), the opponent's territory for feeding: the pits
    /// they control, houses aside (a seed in a house feeds nobody).
    fn feed_owed(&self, rules: &Variant, occupied: PitSet) -> Option<PitSet> {
        if rules.feeding == Feeding::None {
            return None;
        }
        let opp = self.controlled(rules, self.to_move.opponent());
        occupied
            .and(opp)
            .is_empty()
            .then(|| opp.minus(self.all_houses()))
    }

    /// Whether `ply` feeds an opponent whose pits `opp` are all empty.
    fn ply_feeds(&self, rules: &Variant, ply: Ply, opp: PitSet) -> bool {
        let (origin, dir) = rules.sowing_of(ply).expect("a sowing");
        match rules.feeding {
            Feeding::None => true,
            Feeding::MustFeedEmptyOpponent => {
                // The seeds taken from the chosen pit, wherever they fall.
                let mut fed = false;
                let hand = usize::from(self.seeds[origin.index()]);
                let lap = (hand, first_in_origin(rules, hand));
                walk_lap(rules, self.to_move, origin, lap, dir, |at, _| {
                    fed = at.is_some_and(|p| opp.contains(p));
                    fed
                });
                fed
            }
            Feeding::MustLeaveOpponentSeeds => {
                let mut after = *self;
                after.sow_general(rules, origin, dir);
                !after.occupied(rules).and(opp).is_empty()
            }
        }
    }

    /// Whether `ply`'s `[capture]` would be a grand slam (played on a copy).
    fn is_grand_slam(&self, rules: &Variant, ply: Ply) -> bool {
        let (origin, dir) = rules.sowing_of(ply).expect("a sowing");
        let mut after = *self;
        after.sow_general(rules, origin, dir).1
    }

    /// Whether `ply` captures for the mover (`moves.must_capture`): takes a
    /// pit by any capture of the rules, re-sown column captures included,
    /// or makes a house (played on a copy).
    #[inline]
    fn ply_captures(&self, rules: &Variant, ply: Ply) -> bool {
        let (origin, dir) = rules.sowing_of(ply).expect("a sowing");
        if rules.first_lap_probe {
            self.first_lap_captures(rules, origin, dir)
        } else {
            self.probe_captures::<TO_CAPTURE>(rules, origin, dir)
        }
    }

    /// Whether the sowing, played on a copy as far as `MODE` says
    /// ([`Position::sow_probing`]), captured for the mover. Kept out of
    /// line: the first-lap probe inlined in the filter loop then has no
    /// frame of a whole sowing's size to set up.
    #[inline(never)]
    fn probe_captures<const MODE: u8>(&self, rules: &Variant, origin: Pit, dir: Direction) -> bool {
        let mut after = *self;
        match after.sow_probing::<MODE>(rules, origin, dir).0 {
            Effect::Sow(e) => {
                !e.captured.is_empty()
                    || !e.houses_made.is_empty()
                    || e.sowing_taken[self.to_move.index()] > 0
            }
            _ => false,
        }
    }

    /// [`Position::ply_captures`] for rules whose first lap settles it
    /// (`Variant::first_lap_probe`): the sowing's first lap as
    /// [`Position::sow_general`] plays it, its plain drops counted round
    /// the circuit rather than made, since a capture looks at three pits.
    #[inline]
    fn first_lap_captures(&self, rules: &Variant, origin: Pit, dir: Direction) -> bool {
        let side = self.to_move;
        let hand = usize::from(self.seeds[origin.index()]);
        let Some(cc) = rules.column_capture.as_ref() else {
            return false;
        };
        let len = usize::from(rules.circuit_places[origin.index()].len);
        if cc.full_circle_captures_nothing && hand >= len {
            return false;
        }
        // Seed i (from 0) falls `i + 1 - f` pits after the origin.
        let f = usize::from(first_in_origin(rules, hand));
        let landing = rules.circuit_step(origin, hand - f, dir);
        let count = |q: Pit| {
            let before = if q == origin {
                0
            } else {
                self.seeds[q.index()]
            };
            let dropped = rules.circuit_distance(origin, q, dir).map_or(0, |d| {
                // `d + f - 1` modulo `len`, `d` below `len` and `f` 0 or 1.
                let first = if d + f == 0 { len - 1 } else { d + f - 1 };
                match hand.checked_sub(first + 1) {
                    None => 0,
                    Some(more) if more < len => 1,
                    Some(more) => more / len + 1,
                }
            });
            before + dropped as u16
        };
        // The lift that empties the mover's inner row stops the sowing
        // before any seed falls; asked last, as it is the rarer answer.
        let lift_stops = || {
            rules.end.inner_row_empty == Some(InnerRowEmpty::AtOnce)
                && rules.inner_rows[side.index()]
                    .iter()
                    .all(|p| p == origin || self.seeds[p.index()] == 0)
        };
        column_taken(rules, cc, side, landing, count).is_some() && !lift_stops()
    }

    /// Step 4 of the legality filters: each origin as its plies
    /// ([`Position::expand`]), the clockwise sowings from pits of chosen
    /// direction kept only as `moves.clockwise` allows.
    fn sowings_from(&self, rules: &Variant, origins: PitSet, out: &mut Sowings) {
        Position::expand(rules, origins, out);
        if rules.clockwise() != Clockwise::Free {
            let keep = out.mask(|p| self.clockwise_allowed(rules, p));
            out.retain_mask(keep);
        }
    }

    /// Whether `moves.clockwise` allows `ply`: any ply but a clockwise
    /// sowing from a pit of chosen direction; that one only if it
    /// captures, or its first lap ends in a column capture.
    fn clockwise_allowed(&self, rules: &Variant, ply: Ply) -> bool {
        let Ply::SowToward(origin, Direction::Clockwise) = ply else {
            return true;
        };
        match rules.clockwise() {
            Clockwise::IfCapturing => self.ply_captures(rules, ply),
            Clockwise::IfFirstLapCaptures => {
                self.probe_captures::<FIRST_LAP>(rules, origin, Direction::Clockwise)
            }
            _ => true,
        }
    }

    /// Steps 4 to 7 of the legality filters: the plies of `origins`, then
    /// those the feeding rule, a forbidden grand slam and the capture
    /// obligation leave.
    pub(crate) fn general_plies(
        &self,
        rules: &Variant,
        origins: PitSet,
        occupied: PitSet,
        out: &mut Sowings,
    ) {
        self.sowings_from(rules, origins, out);
        if let Some(opp) = self.feed_owed(rules, occupied) {
            out.keep_if_any(|p| self.ply_feeds(rules, p, opp));
        }
        if rules
            .capture
            .is_some_and(|c| c.grand_slam == GrandSlam::Forbidden)
        {
            out.keep_if_any(|p| !self.is_grand_slam(rules, p));
        }
        if !(rules.must_capture || rules.inner_row_first) {
            return;
        }
        // Both clauses ask which sowings capture: each is probed once.
        // Either order gives the same plies: with a capture the obligation
        // keeps the captures, all of which the inner row rule keeps.
        let capturing = out.mask(|p| self.ply_captures(rules, p));
        let mut keep = out.all();
        if rules.must_capture && capturing != 0 {
            keep = capturing;
        }
        if rules.inner_row_first {
            keep &= self.inner_row_first(rules, out, capturing);
        }
        out.keep_mask(keep);
    }

    /// `moves.inner_row_first`: while some sowing of `plies` starts in the
    /// mover's inner row, the sowings from the outer row that capture
    /// nothing (are not in the mask `capturing`) are dropped. The mask of
    /// those kept.
    fn inner_row_first(&self, rules: &Variant, plies: &Sowings, capturing: u128) -> u128 {
        let inner = rules.inner_rows[self.to_move.index()];
        let starts_inner =
            plies.mask(|p| rules.sowing_of(p).is_some_and(|(o, _)| inner.contains(o)));
        if starts_inner == 0 {
            plies.all()
        } else {
            starts_inner | capturing
        }
    }

    /// Appends the legal sowings to `out` (general path).
    pub(crate) fn push_general_plies(
        &self,
        rules: &Variant,
        origins: PitSet,
        occupied: PitSet,
        out: &mut Vec<Ply>,
    ) {
        let mut buf = Sowings::new();
        self.general_plies(rules, origins, occupied, &mut buf);
        out.extend(buf.plies());
    }

    /// The pits of the legal sowings when every one is a `Ply::Sow`.
    pub(crate) fn general_sowing_set(
        &self,
        rules: &Variant,
        origins: PitSet,
        occupied: PitSet,
    ) -> Option<PitSet> {
        if !rules.chosen.is_empty() {
            return None;
        }
        let mut buf = Sowings::new();
        self.general_plies(rules, origins, occupied, &mut buf);
        Some(buf.plies().filter_map(|p| p.origin()).collect())
    }

    /// [`Position::cannot_feed`] on the general path: a feed is owed and no
    /// ply of step 4 gives it.
    pub(crate) fn cannot_feed_general(&self, rules: &Variant) -> bool {
        let occupied = self.occupied(rules);
        let Some(opp) = self.feed_owed(rules, occupied) else {
            return false;
        };
        let mut buf = Sowings::new();
        let origins = self.sowable_in(rules, self.to_move, occupied);
        self.sowings_from(rules, origins, &mut buf);
        !buf.plies().any(|p| self.ply_feeds(rules, p, opp))
    }

    /// Why a sowing from a non-empty pit the mover may sow from is refused
    /// on the general path, if it is; `origins` are the pits of steps 1-3.
    pub(crate) fn check_general(
        &self,
        rules: &Variant,
        ply: Ply,
        origins: PitSet,
    ) -> Result<(), Illegal> {
        let side = self.to_move;
        let (p, _) = rules.sowing_of(ply).expect("a sowing");
        let list = |s: PitSet| {
            s.iter()
                .map(|q| rules.label(q).to_string())
                .collect::<Vec<_>>()
                .join(" or ")
        };
        if !origins.contains(p) {
            let seeds = self.seeds[p.index()];
            if seeds < rules.min_seeds {
                let occupied = self.occupied(rules);
                let bigger: PitSet = occupied
                    .iter()
                    .filter(|q| self.seeds[q.index()] >= rules.min_seeds)
                    .collect();
                return Err(Illegal::BelowMinimum {
                    pit: rules.label(p),
                    seeds,
                    min: rules.min_seeds,
                    others: list(bigger.and(origins)),
                });
            }
            return Err(Illegal::Opening {
                side,
                pit: rules.label(p),
                pits: list(origins),
            });
        }
        if !self.clockwise_allowed(rules, ply) {
            return Err(Illegal::Clockwise {
                ply: ply.notation(&rules.board),
                first_lap: rules.clockwise() == Clockwise::IfFirstLapCaptures,
            });
        }
        let mut buf = Sowings::new();
        self.sowings_from(rules, origins, &mut buf);
        if let Some(opp) = self.feed_owed(rules, self.occupied(rules))
            && buf.keep_if_any(|q| self.ply_feeds(rules, q, opp))
            && !buf.contains(ply)
        {
            return Err(super::position::unfed(
                rules,
                side,
                ply.notation(&rules.board),
                buf.list(&rules.board),
            ));
        }
        if rules
            .capture
            .is_some_and(|c| c.grand_slam == GrandSlam::Forbidden)
            && buf.keep_if_any(|q| !self.is_grand_slam(rules, q))
            && !buf.contains(ply)
        {
            return Err(Illegal::GrandSlam {
                side,
                ply: ply.notation(&rules.board),
                others: buf.list(&rules.board),
            });
        }
        if rules.must_capture
            && buf.keep_if_any(|q| self.ply_captures(rules, q))
            && !buf.contains(ply)
        {
            return Err(Illegal::MustCapture {
                side,
                ply: ply.notation(&rules.board),
                others: buf.list(&rules.board),
            });
        }
        if rules.inner_row_first {
            let capturing = buf.mask(|q| self.ply_captures(rules, q));
            let keep = self.inner_row_first(rules, &buf, capturing);
            if keep != buf.all() && buf.keep_mask(keep) && !buf.contains(ply) {
                return Err(Illegal::InnerRowFirst {
                    side,
                    ply: ply.notation(&rules.board),
                    others: buf.list(&rules.board),
                });
            }
        }
        Ok(())
    }

    /// A sowing from `origin` going `dir` by the side to act, with every
    /// capture it makes; the side to act is left as it is. Also says
    /// whether its `[capture]` was a grand slam (and so took nothing).
    pub(crate) fn sow_general(
        &mut self,
        rules: &Variant,
        origin: Pit,
        dir: Direction,
    ) -> (Effect, bool) {
        let (mut effect, x) = self.sow_probing::<WHOLE>(rules, origin, dir);
        // Decided from the whole sowing's effect, out of the sowing's
        // loop: a sowing capture may take for the opponent, and it is
        // still a capture (docs/rule-language.md, `sowing.extra_turn`).
        if rules.extra_turn == ExtraTurn::AfterCapture
            && let Effect::Sow(e) = &mut effect
        {
            e.extra_turn = e.seeds_captured > 0 || e.sowing_taken != [0, 0];
        }
        (effect, x)
    }

    /// [`Position::sow_general`] as `MODE` says: the whole sowing
    /// ([`WHOLE`]); or a sowing played only as far as it takes to know
    /// whether it captures ([`TO_CAPTURE`]), for the legality filters that
    /// ask it: it stops at its first capture, or after a first lap that
    /// captured nothing when no later lap may capture; or its first lap
    /// alone ([`FIRST_LAP`]). The effect and position of a probe are
    /// partial; only whether `captured`, `houses_made` or the mover's
    /// `sowing_taken` is non-empty holds.
    #[inline(always)]
    fn sow_probing<const MODE: u8>(
        &mut self,
        rules: &Variant,
        origin: Pit,
        dir: Direction,
    ) -> (Effect, bool) {
        let side = self.to_move;
        // A re-sowing from an end of the inner row may turn the sowing.
        let mut dir = dir;
        let sown_count = self.seeds[origin.index()];
        let store_after = rules.stores.then(|| Pit(rules.last_house[side.index()]));
        let n = rules.pits();

        // Locks are judged on the state before the sowing, so one decision
        // holds for every capture it makes. Reading: the beyond captures of
        // intermediate laps (`then = "sow-on"`) are held back too: they are
        // beyond captures, which every lock holds back.
        let home = rules.home_row(side);
        let before = self.sown;
        if rules.records_sown {
            self.sown = before.or(home.and(PitSet::single(origin)));
        }
        let (may_capture, released_lock) = match rules.capture.map(|c| c.lock) {
            Some(Lock::AllHomePitsSown {
                release_may_capture,
            }) => {
                let (was, is) = (home.is_subset(before), home.is_subset(self.sown));
                (if release_may_capture { is } else { was }, is && !was)
            }
            // Reading: `released_lock` tells of a player's lock on their
            // home row (`all-home-pits-sown`); the game's first sowing,
            // which only ends the first-sowing lock, does not set it.
            Some(Lock::FirstSowing) => (!before.is_empty(), false),
            _ => (true, false),
        };

        let houses = self.houses;
        let all_houses = houses[0].or(houses[1]);
        // Whole laps at once only where every seed of a lap falls alike.
        let bulk = rules.bulk_laps && all_houses.is_empty();
        // Whether every lap is a plain one ([`plain_lap`]): the common
        // case, which then skips walk_lap's per-seed tests.
        let plain = store_after.is_none()
            && !rules.skip_origin
            && rules.later_rounds == LaterRounds::WholeCircuit
            && all_houses.is_empty()
            && rules.sowing_capture.is_none();
        let mut hand = usize::from(sown_count);
        self.seeds[origin.index()] = 0;
        // `end.inner_row_empty = "loses-at-once"`: a lift that empties the
        // mover's inner row, or a capture the opponent's, stops the sowing
        // there, the seeds in hand going to the other side.
        let at_once = rules.end.inner_row_empty == Some(InnerRowEmpty::AtOnce);
        let row_empty = |pos: &Position, s: Side| {
            rules.inner_rows[s.index()]
                .iter()
                .all(|p| pos.seeds[p.index()] == 0)
        };
        let mut stopped = (at_once && row_empty(self, side)).then_some(side);
        if stopped.is_some() {
            self.captured[side.opponent().index()] += sown_count;
            hand = 0;
        }
        // A sowing that goes full circle may capture nothing
        // (`column_capture.full_circle`), and later laps may capture only
        // if the first did (`column_capture.laps`).
        let column = rules.column_capture.as_ref().filter(|cc| {
            !(cc.full_circle_captures_nothing
                && sown_count >= u16::from(rules.circuit_places[origin.index()].len))
        });
        let mut first_captured = false;
        // Whether a first lap that captured nothing settles that the
        // sowing captures nothing: the only capture is a column capture
        // of the first lap's seeds.
        let first_lap_decides = MODE == FIRST_LAP
            || (MODE == TO_CAPTURE
                && column.is_none_or(|cc| cc.laps == ColumnLaps::IfFirstCaptures)
                && rules.sowing_capture.is_none()
                && rules.capture.is_none()
                && rules.opposite_capture.is_none()
                && rules.beyond_capture.is_none()
                && rules.houses.is_none());
        let mut from = origin;
        let mut relays = 0u16;
        let mut sowing_pits = PitSet::EMPTY;
        let mut sowing_taken = [0u16; 2];
        let mut house_seeds = [0u16; 2];
        let mut captured = PitSet::EMPTY;
        let mut capture_ends = PitSet::EMPTY;
        let mut seeds_captured = 0u16;
        // Whether the sowing ended where a beyond capture is looked at.
        let mut beyond_at_end = false;
        let mut in_house = false;
        // Whether the next lap sows seeds a column capture took, whose
        // first seed goes in the pit after `from` whatever `first_seed` says.
        let mut resown = false;
        // Where the last seed fell: a pit, or (`None`) the mover's store.
        let mut at: Option<Pit> = Some(origin);
        while stopped.is_none() {
            if (MODE == TO_CAPTURE && (!captured.is_empty() || sowing_taken[side.index()] > 0))
                || (MODE == FIRST_LAP && relays > 0)
            {
                break;
            }
            let ring = n - usize::from(rules.skip_origin) + usize::from(store_after.is_some());
            if bulk && hand > ring {
                let laps = (hand - 1) / ring;
                for (i, s) in self.seeds[..n].iter_mut().enumerate() {
                    if !(rules.skip_origin && i == from.index()) {
                        *s += laps as u16;
                    }
                }
                if store_after.is_some() {
                    self.captured[side.index()] += laps as u16;
                }
                hand -= laps * ring;
            }
            let mut last_taken = false;
            let lap = (hand, !resown && first_in_origin(rules, hand));
            resown = false;
            if plain {
                at = Some(plain_lap(&mut self.seeds, rules, from, lap, dir));
            } else {
                at = walk_lap(rules, side, from, lap, dir, |place, left| {
                    match place {
                        None => self.captured[side.index()] += 1,
                        // Reading: a seed in a house goes to its owner at once,
                        // so it never makes a sowing capture there.
                        Some(p) if all_houses.contains(p) => {
                            let owner = if houses[0].contains(p) {
                                Side::South
                            } else {
                                Side::North
                            };
                            self.captured[owner.index()] += 1;
                            house_seeds[owner.index()] += 1;
                        }
                        Some(p) => {
                            self.seeds[p.index()] += 1;
                            if let Some(sc) = rules.sowing_capture
                                && sc.captures(self.seeds[p.index()])
                            {
                                let taker = if left == 0 {
                                    last_taken = true;
                                    sc.last_seed_taker
                                } else {
                                    sc.taker
                                };
                                let who = match taker {
                                    Taker::Mover => side,
                                    Taker::PitController => self.controller(p),
                                };
                                let k = self.seeds[p.index()];
                                self.seeds[p.index()] = 0;
                                self.captured[who.index()] += k;
                                sowing_taken[who.index()] += k;
                                sowing_pits.insert(p);
                            }
                        }
                    }
                    false
                });
            }
            let Some(l) = at else { break };
            if all_houses.contains(l) {
                in_house = true;
                break;
            }
            // A last seed that made a sowing capture ends the sowing
            // (docs/rule-language.md, `[sowing_capture]`). Reading: a
            // single lap still looks beyond its landing pit ("once, at the
            // end of the sowing, any L"); a relay from the next pit does
            // not, since it did not end for want of seeds in the next pit.
            if last_taken {
                beyond_at_end = rules.laps == Laps::Single;
                break;
            }
            if let Some(cc) = column
                && may_capture
                && relays < MAX_RELAYS
                && (cc.laps == ColumnLaps::Every || relays == 0 || first_captured)
                && let Some((taken, k)) = self.capture_column(rules, cc, side, l)
            {
                first_captured |= relays == 0;
                captured = captured.or(taken);
                capture_ends.insert(l);
                seeds_captured += k;
                match cc.then {
                    ColumnThen::Captured => {
                        self.captured[side.index()] += k;
                        break;
                    }
                    ColumnThen::Resown(_) if at_once && row_empty(self, side.opponent()) => {
                        self.captured[side.index()] += k;
                        stopped = Some(side.opponent());
                        break;
                    }
                    ColumnThen::Resown(start) => {
                        from = match start {
                            ResowFrom::AfterLanding => l,
                            ResowFrom::AfterOrigin => origin,
                            ResowFrom::AfterLapStart => from,
                            ResowFrom::InnerEnd { flank } => {
                                dir = resowing_direction(rules, side, l, dir, flank);
                                let end = rules.inner_entries[side.index()][dir_index(dir)];
                                Pit(rules.step[1 - dir_index(dir)][end.index()])
                            }
                        };
                        hand = usize::from(k);
                        resown = true;
                        relays += 1;
                        continue;
                    }
                }
            }
            if rules.laps != Laps::Single && may_capture && self.makes_house(rules, l) {
                // A lap whose last seed makes a house ends the sowing
                // (docs/rule-language.md, `[houses]`): the end captures
                // below make it first, and so take nothing else. A lock
                // holds the house back, and the lap ends as any other.
                break;
            }
            if first_lap_decides && relays == 0 {
                break;
            }
            let next = Pit(rules.step[dir_index(dir)][l.index()]);
            match rules.laps {
                Laps::Single => {
                    beyond_at_end = true;
                    break;
                }
                Laps::Relay => {
                    let would_relay = self.seeds[l.index()] > 1;
                    if would_relay
                        && let Some(bc) = rules.beyond_capture
                        && self.seeds[next.index()] == 0
                    {
                        if !bc.sow_on {
                            beyond_at_end = true;
                            break;
                        }
                        if may_capture {
                            let (t, k) = self.beyond(rules, &bc, l, dir);
                            captured = captured.or(t);
                            seeds_captured += k;
                        }
                    }
                    // Reading: a beyond capture that took the landing pit
                    // itself (a two-pit circuit) leaves nothing to lift, so
                    // the sowing ends there.
                    if would_relay && relays < MAX_RELAYS && self.seeds[l.index()] > 0 {
                        hand = usize::from(self.seeds[l.index()]);
                        self.seeds[l.index()] = 0;
                        from = l;
                        relays += 1;
                        if at_once && row_empty(self, side) {
                            self.captured[side.opponent().index()] += hand as u16;
                            stopped = Some(side);
                        }
                        continue;
                    }
                    break;
                }
                Laps::RelayFromNext => {
                    if self.seeds[next.index()] == 0 {
                        beyond_at_end = true;
                    } else if relays < MAX_RELAYS {
                        hand = usize::from(self.seeds[next.index()]);
                        self.seeds[next.index()] = 0;
                        from = next;
                        relays += 1;
                        if at_once && row_empty(self, side) {
                            self.captured[side.opponent().index()] += hand as u16;
                            stopped = Some(side);
                        }
                        continue;
                    }
                    break;
                }
            }
        }

        // The captures at the end of the sowing, each tried only if the
        // ones before took nothing. Reading: beyond captures already made
        // at intermediate laps (`then = "sow-on"`) do not count as taking
        // something here; they are separate captures of the same sowing.
        let mut houses_made = PitSet::EMPTY;
        let mut grand_slam = false;
        if let Some(l) = at
            && !in_house
            && may_capture
            && stopped.is_none()
            && MODE != FIRST_LAP
        {
            let mut took = PitSet::EMPTY;
            let mut k = 0u16;
            if self.makes_house(rules, l) {
                self.houses[side.index()].insert(l);
                houses_made.insert(l);
                k = self.seeds[l.index()];
                self.seeds[l.index()] = 0;
                self.captured[side.index()] += k;
                took = houses_made;
            }
            if took.is_empty()
                && let Some(cap) = &rules.capture
            {
                (took, k, grand_slam) = self.capture_general(rules, cap, l, dir);
            }
            if took.is_empty() && rules.opposite_capture.is_some() {
                (took, k) = self.capture_opposite(rules, l);
            }
            if took.is_empty()
                && beyond_at_end
                && let Some(bc) = &rules.beyond_capture
            {
                (took, k) = self.beyond(rules, bc, l, dir);
            }
            captured = captured.or(took);
            seeds_captured += k;
        }
        let in_store = at.is_none();
        let extra_turn = in_store && rules.extra_turn == ExtraTurn::LastInOwnStore;
        let effect = Effect::Sow(SowEffect {
            origin,
            seeds: sown_count,
            landing: at.unwrap_or_else(|| store_after.expect("a store was reached")),
            in_store,
            extra_turn,
            relays,
            captured,
            capture_ends,
            seeds_captured,
            sowing_pits,
            sowing_taken,
            released_lock,
            houses_made,
            house_seeds,
            stopped,
        });
        (effect, grand_slam)
    }

    /// Whether a last seed that fell in `l` makes it a house of the side
    /// to act. Reading: a house never holds seeds, so `l` is no house.
    fn makes_house(&self, rules: &Variant, l: Pit) -> bool {
        let side = self.to_move;
        let houses = self.houses;
        rules.houses.is_some_and(|h| {
            self.seeds[l.index()] == h.made_at
                && rules.house_sites[side.index()].contains(l)
                && houses[side.index()].len() < usize::from(h.max_per_player)
                && !(h.not_same_number
                    && houses[side.opponent().index()]
                        .iter()
                        .any(|q| number(rules, q) == number(rules, l)))
        })
    }

    /// `[capture]` at the end of a sowing going `dir` whose last seed fell
    /// in `landing`: the examined pit (the landing pit or the next one), if
    /// it lies in `landing`, holds one of the counts and is not protected,
    /// and its chains, up to `chain_max` pits; the pits and seeds taken,
    /// and whether it was a grand slam refused.
    fn capture_general(
        &mut self,
        rules: &Variant,
        cap: &Capture,
        landing: Pit,
        dir: Direction,
    ) -> (PitSet, u16, bool) {
        let side = self.to_move;
        let ahead = &rules.step[dir_index(dir)];
        let behind = &rules.step[1 - dir_index(dir)];
        let x = match cap.examined {
            Examined::NextPit => Pit(ahead[landing.index()]),
            _ => landing,
        };
        let protected = |q: Pit| cap.immune.contains(number(rules, q));
        if !self.zone(rules, cap.landing, side).contains(x)
            || !cap.captures(self.seeds[x.index()])
            || protected(x)
        {
            return (PitSet::EMPTY, 0, false);
        }
        let chain_zone = self.zone(rules, cap.chain_zone, side);
        let most = cap.chain_max.map_or(usize::MAX, usize::from);
        let mut taken = PitSet::single(x);
        for (on, way) in [
            (matches!(cap.chain, Chain::Backward | Chain::Both), behind),
            (matches!(cap.chain, Chain::Forward | Chain::Both), ahead),
        ] {
            if !on {
                continue;
            }
            let mut q = Pit(way[x.index()]);
            while taken.len() < most
                && !taken.contains(q)
                && chain_zone.contains(q)
                && !protected(q)
                && cap.captures(self.seeds[q.index()])
            {
                taken.insert(q);
                q = Pit(way[q.index()]);
            }
        }
        let sum = |s: PitSet| -> u32 { s.iter().map(|q| u32::from(self.seeds[q.index()])).sum() };
        if cap.grand_slam != GrandSlam::Captures {
            let row = rules.home_row(side.opponent());
            let theirs = sum(row);
            if theirs > 0 && sum(taken.and(row)) == theirs {
                return (PitSet::EMPTY, 0, true);
            }
        }
        let seeds = sum(taken) as u16;
        for q in taken.iter() {
            self.seeds[q.index()] = 0;
        }
        self.captured[side.index()] += seeds;
        (taken, seeds, false)
    }

    /// `[beyond_capture]` after a lap going `dir` whose last seed fell in
    /// `l`: while the next pit is empty and the one after it holds seeds
    /// and lies in the zone, that one is taken (pair after pair with
    /// `chain = "pairs"`); the pits and seeds taken by the side to act.
    fn beyond(
        &mut self,
        rules: &Variant,
        bc: &BeyondCapture,
        l: Pit,
        dir: Direction,
    ) -> (PitSet, u16) {
        let side = self.to_move;
        let step = &rules.step[dir_index(dir)];
        let zone = self.zone(rules, bc.zone, side);
        let (mut taken, mut seeds) = (PitSet::EMPTY, 0u16);
        let mut at = l;
        loop {
            // Reading: a house holds no seed, so it is an empty pit here.
            let e = Pit(step[at.index()]);
            let b = Pit(step[e.index()]);
            if self.seeds[e.index()] != 0
                || self.seeds[b.index()] == 0
                || !zone.contains(b)
                || taken.contains(b)
            {
                break;
            }
            seeds += self.seeds[b.index()];
            self.seeds[b.index()] = 0;
            taken.insert(b);
            if !bc.chain_pairs {
                break;
            }
            at = b;
        }
        self.captured[side.index()] += seeds;
        (taken, seeds)
    }
}

#[cfg(test)]
mod probe_tests {
    use super::*;
    use crate::engine::Game;
    use crate::reference::random::random_rules;
    use crate::rng::Rng;
    use crate::rules::{Rules, Selection};
    use std::path::Path;
    use std::sync::Arc;

    /// Rule files to hold the shortcuts to: Bao la Kujifunza under each of
    /// its readings, and random files, until 100 of them have four rows.
    fn files() -> Vec<Rules> {
        let mut out = Vec::new();
        for (reading, alt) in [
            ("inner-row-empty", "at-once"),
            ("inner-row-empty", "after-ply"),
            ("full-circle", "may-capture"),
        ] {
            let sel = Selection::from([(reading.to_string(), alt.to_string())]);
            let r = crate::rules::resolve_with("bao-la-kujifunza", Path::new("."), &sel);
            out.push(r.expect("the bundled file loads"));
        }
        let mut seeds = Rng::new(28);
        let mut four = 0;
        while four < 100 {
            let text = random_rules(&mut Rng::new(seeds.next_u64()));
            if let Ok(r) = crate::rules::parse("random.toml", &text) {
                four += usize::from(r.board.rows() == 4);
                out.push(r);
            }
        }
        out
    }

    /// Every sowing the side to act could make from a non-empty pit of
    /// `game`'s position, in both directions where the direction is chosen.
    fn candidates(rules: &Variant, pos: &Position) -> Vec<(Pit, Direction)> {
        let occupied = pos.occupied(rules);
        let mut buf = Sowings::new();
        Position::expand(
            rules,
            pos.sowable_in(rules, pos.to_move, occupied),
            &mut buf,
        );
        buf.plies().filter_map(|p| rules.sowing_of(p)).collect()
    }

    /// Whether the sowing, played out whole, captured for the mover, and
    /// its laps.
    fn whole_sowing_captures(pos: &Position, rules: &Variant, o: Pit, d: Direction) -> (bool, u32) {
        let mut after = *pos;
        match after.sow_general(rules, o, d).0 {
            Effect::Sow(e) => (
                !e.captured.is_empty()
                    || !e.houses_made.is_empty()
                    || e.sowing_taken[pos.to_move.index()] > 0,
                u32::from(e.relays) + 1,
            ),
            _ => (false, 1),
        }
    }

    /// The circuit arithmetic walks as the step tables do.
    #[test]
    fn circuit_arithmetic_agrees_with_the_step_tables() {
        for rules in files() {
            let v = Variant::new(rules);
            for p in v.board.all_pits().iter() {
                for (d, dir) in [Direction::CounterClockwise, Direction::Clockwise]
                    .into_iter()
                    .enumerate()
                {
                    let len = usize::from(v.circuit_places[p.index()].len);
                    let mut q = p;
                    for k in 0..3 * len {
                        assert_eq!(v.circuit_step(p, k, dir), q, "{k} from {p:?}");
                        assert_eq!(v.circuit_distance(p, q, dir), Some(k % len));
                        q = Pit(v.step[d][q.index()]);
                    }
                }
            }
        }
    }

    /// Whether a sowing captures, asked of the first lap alone
    /// (`first_lap_probe`) or of a sowing that stops at its first capture,
    /// is what the whole sowing says, for every candidate sowing of every
    /// position of random games.
    #[test]
    fn capture_probes_agree_with_whole_sowings() {
        let (mut probed, mut captures) = (0, 0);
        let mut rng = Rng::new(5);
        let mut legal = Vec::new();
        for rules in files() {
            let v = Arc::new(Variant::new(rules));
            // Laps sown under this file: a file whose relays run long
            // gives way to the next once it has had its share.
            let mut laps = 0;
            for _ in 0..4 {
                let mut game = Game::new(Arc::clone(&v));
                for _ in 0..200 {
                    if laps > 20_000 {
                        break;
                    }
                    let pos = *game.position();
                    for (o, d) in candidates(&v, &pos) {
                        let (whole, l) = whole_sowing_captures(&pos, &v, o, d);
                        laps += l;
                        assert_eq!(
                            pos.probe_captures::<TO_CAPTURE>(&v, o, d),
                            whole,
                            "{o:?} {d:?}"
                        );
                        if v.first_lap_probe {
                            assert_eq!(pos.first_lap_captures(&v, o, d), whole, "{o:?} {d:?}");
                            probed += 1;
                            captures += usize::from(whole);
                        }
                    }
                    game.legal_plies(&mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    game.advance(legal[rng.below(legal.len())]);
                }
            }
        }
        // The first-lap probe was asked often, and both answers came up.
        assert!(
            probed > 5_000 && captures > 500,
            "{probed} probed, {captures} capture"
        );
    }
}
