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

/// A sowing under way ([`Position::sow_probing`]): where it stands, and
/// what it has done so far, as its effect.
struct Walk {
    e: SowEffect,
    dir: Direction,
    /// Seeds in hand, to be sown from `from` (after it, or into it first
    /// as `sowing.first_seed` says).
    hand: usize,
    from: Pit,
    /// Where the last seed fell: a pit, or (`None`) the mover's store.
    at: Option<Pit>,
    /// Whether the lap in hand sows seeds a column capture took, whose
    /// first seed goes in the pit after `from` whatever `first_seed` says.
    resown: bool,
    /// Whether the first lap made a column capture (`column_capture.laps`).
    first_captured: bool,
    /// Whether the locks let this sowing capture.
    may_capture: bool,
    /// Whether a column capture may take at all: not in a sowing that
    /// goes full circle (`column_capture.full_circle`).
    column_allowed: bool,
}

/// How a sowing ended, for the captures at its end.
#[derive(Clone, Copy)]
enum Ending {
    /// Nothing is taken at the end: the last seed fell in a store or a
    /// house, or a column capture ended the sowing.
    Bare,
    /// The captures at the end are tried, a beyond capture only if
    /// `beyond`.
    Captures { beyond: bool },
}

/// What a sowing does where a lap's last seed fell: one arm per kind of
/// end ([`Position::lap_end`] decides it, [`Position::follow`] carries it
/// out).
#[derive(Clone, Copy)]
enum LapEnd {
    /// In the mover's store or in a house: the sowing ends, and nothing
    /// is taken at its end.
    Home,
    /// The sowing ends there; the captures at its end are tried, a beyond
    /// capture only if `beyond`.
    Stop { beyond: bool },
    /// A column capture takes these pits; `column_capture.then` says what
    /// follows.
    Column(PitSet),
    /// `pit` (the landing pit, or the next one) is lifted and sown on, a
    /// beyond capture (`then = "sow-on"`) made first if `beyond`.
    Relay { pit: Pit, beyond: bool },
}

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
#[inline(always)]
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
#[inline(always)]
fn walk_lap(
    rules: &Variant,
    side: Side,
    lap_origin: Pit,
    (hand, in_origin): (usize, bool),
    dir: Direction,
    mut drop: impl FnMut(Option<Pit>, usize) -> bool,
) -> Option<Pit> {
    let step = &rules.step[dir_index(dir)];
    // A store lies on the circuit of the board's direction only: a sowing
    // turned the other way (`resow_from = "inner-end"`) meets none.
    let store_after =
        (rules.stores && dir == rules.direction).then(|| Pit(rules.last_house[side.index()]));
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

    /// Whether a clockwise sowing from `origin` ends its first lap in a
    /// column capture (`moves.clockwise = "if-first-lap-captures"`): a
    /// sowing capture on the way is not one.
    #[inline(never)]
    fn first_lap_column(&self, rules: &Variant, origin: Pit) -> bool {
        let mut after = *self;
        match after
            .sow_probing::<FIRST_LAP>(rules, origin, Direction::Clockwise)
            .0
        {
            Effect::Sow(e) => !e.capture_ends.is_empty(),
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
            Clockwise::IfFirstLapCaptures => self.first_lap_column(rules, origin),
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
    ///
    /// The sowing is a walk of named steps: [`Position::lift`], then laps
    /// ([`Position::sow_lap`]), each ended as [`Position::lap_end`] decides
    /// and [`Position::follow`] carries out, then
    /// [`Position::end_captures`].
    #[inline(always)]
    fn sow_probing<const MODE: u8>(
        &mut self,
        rules: &Variant,
        origin: Pit,
        dir: Direction,
    ) -> (Effect, bool) {
        let mut w = self.lift(rules, origin, dir);
        // The same walk, compiled apart for rules of one lap, where it
        // keeps more of itself in registers.
        let ending = if rules.one_lap {
            self.walk_laps::<MODE, true>(rules, &mut w)
        } else {
            self.walk_laps::<MODE, false>(rules, &mut w)
        };
        let grand_slam = match ending {
            Ending::Captures { beyond } if MODE != FIRST_LAP => {
                self.end_captures(rules, &mut w, beyond)
            }
            _ => false,
        };
        w.e.in_store = w.at.is_none();
        w.e.landing =
            w.at.unwrap_or_else(|| Pit(rules.last_house[self.to_move.index()]));
        w.e.extra_turn = w.e.in_store && rules.extra_turn == ExtraTurn::LastInOwnStore;
        (Effect::Sow(w.e), grand_slam)
    }

    /// The laps of a sowing, each sown, its end decided and carried out,
    /// until one ends the sowing. `ONE_LAP`: the rules end every sowing
    /// with its first lap ([`Variant::one_lap`]).
    #[inline(always)]
    fn walk_laps<const MODE: u8, const ONE_LAP: bool>(
        &mut self,
        rules: &Variant,
        w: &mut Walk,
    ) -> Ending {
        loop {
            if w.e.stopped.is_some() || self.probe_done::<MODE>(w) {
                return Ending::Captures { beyond: false };
            }
            let last_taken = self.sow_lap(rules, w);
            let end = self.lap_end::<MODE>(rules, w, last_taken);
            match self.follow(rules, w, end) {
                Some(ending) => return ending,
                None if ONE_LAP => unreachable!("a lap of a one-lap sowing goes on"),
                None => {}
            }
        }
    }

    /// Whether a probe has seen enough (`MODE`, [`Position::sow_probing`]):
    /// a capture for the mover, or a first lap played.
    #[inline(always)]
    fn probe_done<const MODE: u8>(&self, w: &Walk) -> bool {
        (MODE == TO_CAPTURE
            && (!w.e.captured.is_empty() || w.e.sowing_taken[self.to_move.index()] > 0))
            || (MODE == FIRST_LAP && w.e.relays > 0)
    }

    /// The first step: the locks judged, the origin lifted, and the sowing
    /// stopped at once if the lift empties the mover's inner row
    /// (`end.inner_row_empty = "loses-at-once"`).
    #[inline(always)]
    fn lift(&mut self, rules: &Variant, origin: Pit, dir: Direction) -> Walk {
        let side = self.to_move;
        let seeds = self.seeds[origin.index()];
        let mut e = SowEffect::new(origin, seeds, origin);
        let may_capture;
        (may_capture, e.released_lock) = self.lock(rules, origin);
        // A sowing that goes full circle may capture nothing
        // (`column_capture.full_circle`).
        let column_allowed = rules.column_capture.as_ref().is_some_and(|cc| {
            !(cc.full_circle_captures_nothing
                && seeds >= u16::from(rules.circuit_places[origin.index()].len))
        });
        self.seeds[origin.index()] = 0;
        let mut w = Walk {
            e,
            dir,
            hand: usize::from(seeds),
            from: origin,
            at: Some(origin),
            resown: false,
            first_captured: false,
            may_capture,
            column_allowed,
        };
        self.stop_if_emptied(rules, &mut w, side);
        w
    }

    /// Whether this sowing may capture, and whether it releases the
    /// mover's lock. Locks are judged on the state before the sowing, so
    /// one decision holds for every capture it makes. Reading: the beyond
    /// captures of intermediate laps (`then = "sow-on"`) are held back
    /// too: they are beyond captures, which every lock holds back.
    #[inline(always)]
    fn lock(&mut self, rules: &Variant, origin: Pit) -> (bool, bool) {
        let home = rules.home_row(self.to_move);
        let before = self.sown;
        if rules.records_sown {
            self.sown = before.or(home.and(PitSet::single(origin)));
        }
        match rules.capture.map(|c| c.lock) {
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
        }
    }

    /// `end.inner_row_empty = "loses-at-once"`: a lift that empties the
    /// mover's inner row, or a capture the opponent's (`emptied`), stops
    /// the sowing there, the seeds in hand going to the other side.
    #[inline(always)]
    fn stop_if_emptied(&mut self, rules: &Variant, w: &mut Walk, emptied: Side) -> bool {
        let stops = rules.end.inner_row_empty == Some(InnerRowEmpty::AtOnce)
            && rules.inner_rows[emptied.index()]
                .iter()
                .all(|p| self.seeds[p.index()] == 0);
        if stops {
            self.captured[emptied.opponent().index()] += w.hand as u16;
            w.hand = 0;
            w.e.stopped = Some(emptied);
        }
        stops
    }

    /// One lap: the seeds in hand sown from `w.from`, whole rounds at
    /// once where every seed of a round falls alike, each seed's sowing
    /// capture made where it falls. Says whether the last seed made one.
    #[inline(always)]
    fn sow_lap(&mut self, rules: &Variant, w: &mut Walk) -> bool {
        // Rules whose every lap is plain ask nothing of the state first.
        if rules.plain_laps {
            if rules.bulk_laps {
                self.sow_rounds(rules, w, rules.pits(), false);
            }
            let lap = (w.hand, !w.resown && first_in_origin(rules, w.hand));
            w.resown = false;
            w.at = Some(plain_lap(&mut self.seeds, rules, w.from, lap, w.dir));
            return false;
        }
        let side = self.to_move;
        let houses = self.houses;
        let all_houses = houses[0].or(houses[1]);
        let store = rules.stores && w.dir == rules.direction;
        let ring = rules.pits() - usize::from(rules.skip_origin) + usize::from(store);
        if rules.bulk_laps && all_houses.is_empty() {
            self.sow_rounds(rules, w, ring, store);
        }
        let lap = (w.hand, !w.resown && first_in_origin(rules, w.hand));
        w.resown = false;
        let plain = !store
            && !rules.skip_origin
            && rules.later_rounds == LaterRounds::WholeCircuit
            && all_houses.is_empty()
            && rules.sowing_capture.is_none();
        if plain {
            w.at = Some(plain_lap(&mut self.seeds, rules, w.from, lap, w.dir));
            return false;
        }
        let mut last_taken = false;
        // Copies, so that the walk's state need not live in memory.
        let (mut taken, mut pits, mut in_houses) =
            (w.e.sowing_taken, w.e.sowing_pits, w.e.house_seeds);
        w.at = walk_lap(rules, side, w.from, lap, w.dir, |place, left| {
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
                    in_houses[owner.index()] += 1;
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
                        let k = std::mem::take(&mut self.seeds[p.index()]);
                        self.captured[who.index()] += k;
                        taken[who.index()] += k;
                        pits.insert(p);
                    }
                }
            }
            false
        });
        (w.e.sowing_taken, w.e.sowing_pits, w.e.house_seeds) = (taken, pits, in_houses);
        last_taken
    }

    /// The whole rounds of the seeds in hand sown at once, leaving the
    /// last round (of `ring` places: the pits, less a skipped origin,
    /// and the store if `store`) to be sown seed by seed.
    #[inline(always)]
    fn sow_rounds(&mut self, rules: &Variant, w: &mut Walk, ring: usize, store: bool) {
        if w.hand <= ring {
            return;
        }
        let laps = (w.hand - 1) / ring;
        for (i, s) in self.seeds[..rules.pits()].iter_mut().enumerate() {
            if !(rules.skip_origin && i == w.from.index()) {
                *s += laps as u16;
            }
        }
        if store {
            self.captured[self.to_move.index()] += laps as u16;
        }
        w.hand -= laps * ring;
    }

    /// What the sowing does where the lap's last seed fell, as the rules
    /// decide it, in their order of precedence; `last_taken`: the last
    /// seed made a sowing capture.
    #[inline(always)]
    fn lap_end<const MODE: u8>(&self, rules: &Variant, w: &Walk, last_taken: bool) -> LapEnd {
        let Some(l) = w.at else {
            return LapEnd::Home;
        };
        if rules.houses.is_some() && self.houses[0].or(self.houses[1]).contains(l) {
            return LapEnd::Home;
        }
        // A last seed that made a sowing capture ends the sowing
        // (docs/rule-language.md, `[sowing_capture]`). Reading: a single
        // lap still looks beyond its landing pit ("once, at the end of the
        // sowing, any L"); a relay from the next pit does not, since it
        // did not end for want of seeds in the next pit.
        if last_taken {
            // With `sowing_capture.then = "sow-on"` the lap ends as a lap
            // of `sowing.laps` does, its landing pit emptied: no house or
            // column capture is looked at there.
            if !rules.sowing_capture.is_some_and(|sc| sc.sow_on) {
                return LapEnd::Stop {
                    beyond: rules.laps == Laps::Single,
                };
            }
        } else {
            // A lap whose last seed makes a house ends the sowing
            // (docs/rule-language.md, `[houses]`), before any column
            // capture: the end captures make it first, and so take nothing
            // else. A lock holds the house back, and the lap ends as any
            // other.
            let houses = rules.houses.is_some() && rules.laps != Laps::Single;
            if houses && w.may_capture && self.makes_house(rules, l) {
                return LapEnd::Stop { beyond: false };
            }
            if let Some(pits) = self.column_lap_end(rules, w, l) {
                return LapEnd::Column(pits);
            }
        }
        if w.e.relays == 0 && self.first_lap_decides::<MODE>(rules) {
            return LapEnd::Stop { beyond: false };
        }
        self.relay_lap_end(rules, w, l)
    }

    /// The pits a column capture takes at the end of this lap in `l`, if
    /// the lock, the relay bound and `column_capture.laps` let it look.
    #[inline(always)]
    fn column_lap_end(&self, rules: &Variant, w: &Walk, l: Pit) -> Option<PitSet> {
        let cc = rules.column_capture.as_ref()?;
        if !(w.column_allowed && w.may_capture && w.e.relays < MAX_RELAYS) {
            return None;
        }
        if !(cc.laps == ColumnLaps::Every || w.e.relays == 0 || w.first_captured) {
            return None;
        }
        column_taken(rules, cc, self.to_move, l, |p| self.seeds[p.index()])
    }

    /// Whether a probe's first lap that captured nothing settles that the
    /// sowing captures nothing: the only capture is a column capture of
    /// the first lap's seeds.
    #[inline(always)]
    fn first_lap_decides<const MODE: u8>(&self, rules: &Variant) -> bool {
        MODE == FIRST_LAP
            || (MODE == TO_CAPTURE
                && rules
                    .column_capture
                    .as_ref()
                    .is_none_or(|cc| cc.laps == ColumnLaps::IfFirstCaptures)
                && rules.sowing_capture.is_none()
                && rules.capture.is_none()
                && rules.opposite_capture.is_none()
                && rules.beyond_capture.is_none()
                && rules.houses.is_none())
    }

    /// `sowing.laps` at the end of a lap in `l` that took nothing.
    #[inline(always)]
    fn relay_lap_end(&self, rules: &Variant, w: &Walk, l: Pit) -> LapEnd {
        let next = Pit(rules.step[dir_index(w.dir)][l.index()]);
        let next_empty = self.seeds[next.index()] == 0;
        match rules.laps {
            Laps::Single => LapEnd::Stop { beyond: true },
            Laps::Relay if self.seeds[l.index()] <= 1 => LapEnd::Stop { beyond: false },
            Laps::Relay => match rules.beyond_capture {
                Some(bc) if next_empty && !bc.sow_on => LapEnd::Stop { beyond: true },
                Some(_) if next_empty => LapEnd::Relay {
                    pit: l,
                    beyond: w.may_capture,
                },
                _ => LapEnd::Relay {
                    pit: l,
                    beyond: false,
                },
            },
            Laps::RelayFromNext if next_empty => LapEnd::Stop { beyond: true },
            Laps::RelayFromNext => LapEnd::Relay {
                pit: next,
                beyond: false,
            },
        }
    }

    /// Carries out a lap's end: `None` when the sowing goes on, else how
    /// it ended.
    #[inline(always)]
    fn follow(&mut self, rules: &Variant, w: &mut Walk, end: LapEnd) -> Option<Ending> {
        match end {
            LapEnd::Home => Some(Ending::Bare),
            LapEnd::Stop { beyond } => Some(Ending::Captures { beyond }),
            LapEnd::Column(pits) => self.take_column(rules, w, pits),
            LapEnd::Relay { pit, beyond } => {
                if beyond && let Some(bc) = rules.beyond_capture {
                    let l = w.at.expect("a relay ends in a pit");
                    let (t, k) = self.beyond(rules, &bc, l, w.dir);
                    w.e.captured = w.e.captured.or(t);
                    w.e.seeds_captured += k;
                }
                // Reading: a beyond capture that took the landing pit
                // itself (a two-pit circuit) leaves nothing to lift, so
                // the sowing ends there.
                if w.e.relays >= MAX_RELAYS || self.seeds[pit.index()] == 0 {
                    return Some(Ending::Captures { beyond: false });
                }
                w.hand = usize::from(std::mem::take(&mut self.seeds[pit.index()]));
                w.from = pit;
                w.e.relays += 1;
                self.stop_if_emptied(rules, w, self.to_move);
                None
            }
        }
    }

    /// A column capture of `pits` at the end of a lap: taken, then kept
    /// or re-sown as `column_capture.then` says.
    #[inline(always)]
    fn take_column(&mut self, rules: &Variant, w: &mut Walk, pits: PitSet) -> Option<Ending> {
        let cc = rules.column_capture.as_ref().expect("a column capture");
        let side = self.to_move;
        let l = w.at.expect("a column capture ends in a pit");
        let mut k = 0;
        for p in pits.iter() {
            k += std::mem::take(&mut self.seeds[p.index()]);
        }
        w.first_captured |= w.e.relays == 0;
        w.e.captured = w.e.captured.or(pits);
        w.e.capture_ends.insert(l);
        w.e.seeds_captured += k;
        // A column capture that ends the sowing is its capture: none other
        // is tried at its end.
        let ColumnThen::Resown(start) = cc.then else {
            self.captured[side.index()] += k;
            return Some(Ending::Bare);
        };
        w.hand = usize::from(k);
        if self.stop_if_emptied(rules, w, side.opponent()) {
            return Some(Ending::Captures { beyond: false });
        }
        w.from = match start {
            ResowFrom::AfterLanding => l,
            ResowFrom::AfterOrigin => w.e.origin,
            ResowFrom::AfterLapStart => w.from,
            ResowFrom::InnerEnd { flank } => {
                w.dir = resowing_direction(rules, side, l, w.dir, flank);
                let end = rules.inner_entries[side.index()][dir_index(w.dir)];
                Pit(rules.step[1 - dir_index(w.dir)][end.index()])
            }
        };
        w.resown = true;
        w.e.relays += 1;
        None
    }

    /// The captures at the end of the sowing, each tried only if the ones
    /// before took nothing; whether `[capture]` was a grand slam refused.
    /// Reading: beyond captures already made at intermediate laps
    /// (`then = "sow-on"`) do not count as taking something here; they
    /// are separate captures of the same sowing.
    #[inline(always)]
    fn end_captures(&mut self, rules: &Variant, w: &mut Walk, beyond: bool) -> bool {
        let side = self.to_move;
        let Some(l) = w.at else { return false };
        if !w.may_capture || w.e.stopped.is_some() {
            return false;
        }
        let (mut took, mut k, mut grand_slam) = (PitSet::EMPTY, 0u16, false);
        if self.makes_house(rules, l) {
            self.houses[side.index()].insert(l);
            w.e.houses_made.insert(l);
            k = std::mem::take(&mut self.seeds[l.index()]);
            self.captured[side.index()] += k;
            took = w.e.houses_made;
        }
        if took.is_empty()
            && let Some(cap) = &rules.capture
        {
            (took, k, grand_slam) = self.capture_general(rules, cap, l, w.dir);
        }
        if took.is_empty() && rules.opposite_capture.is_some() {
            (took, k) = self.capture_opposite(rules, l);
        }
        if took.is_empty()
            && beyond
            && let Some(bc) = &rules.beyond_capture
        {
            (took, k) = self.beyond(rules, bc, l, w.dir);
        }
        w.e.captured = w.e.captured.or(took);
        w.e.seeds_captured += k;
        grand_slam
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
