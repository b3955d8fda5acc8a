//! A position: the whole state of a game but its history, and the rules
//! that move it on. Everything here is allocation-free; the only heap use
//! is in building error messages for refused plies.

use super::ply::{Effect, Illegal, Ply, SowEffect};
use super::sowings::Sowings;
use super::variant::Variant;
use crate::board::{MAX_PITS, Pit, PitSet, Side};
use crate::rules::GrandSlam;
use crate::rules::{
    CannotSow, Capture, Chain, Feeding, Lock, OppositeLanding, PitDirection, Rules, SowFrom, Zone,
};

/// The state of a game, history aside. `Copy` and compact, so search can copy-make.
///
/// Invariant: `seeds[i] == 0` for every `i` at or beyond the board's pit count,
/// so hashing and comparing may look at whole words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) seeds: [u16; MAX_PITS],
    /// Pits North controls.
    pub(crate) owners: PitSet,
    /// Home pits their home side has sown from (opening locks).
    pub(crate) sown: PitSet,
    /// A pending offer, made by the side not to act; empty if none.
    pub(crate) offer: PitSet,
    pub(crate) captured: [u16; 2],
    pub(crate) to_move: Side,
    /// Bit 0: South has declined an offer; bit 1: North has.
    pub(crate) declined: u8,
    /// South's houses, North's (`[houses]`): pits that hold no seed, whose
    /// every seed sown goes to their owner.
    pub(crate) houses: [PitSet; 2],
    /// Pits out of play in this game of a match (`[match]`), which the
    /// game's [`Variant`](super::Variant) passes over
    /// ([`Variant::for_game`](super::Variant::for_game)).
    pub(crate) closed: PitSet,
}

impl Position {
    /// The variant's initial position.
    #[must_use]
    pub fn initial(rules: &Rules) -> Position {
        let mut seeds = [0u16; MAX_PITS];
        seeds[..rules.pits()].copy_from_slice(&rules.initial);
        Position {
            seeds,
            owners: rules.home_row(Side::North),
            sown: PitSet::EMPTY,
            offer: PitSet::EMPTY,
            captured: [0, 0],
            to_move: rules.first,
            declined: 0,
            houses: [PitSet::EMPTY; 2],
            closed: PitSet::EMPTY,
        }
    }

    /// Builds a position from its parts, unchecked; [`crate::notation`] checks them.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn from_parts(
        seeds: [u16; MAX_PITS],
        owners: PitSet,
        sown: PitSet,
        offer: PitSet,
        captured: [u16; 2],
        to_move: Side,
        declined: u8,
        houses: [PitSet; 2],
        closed: PitSet,
    ) -> Position {
        Position {
            seeds,
            owners,
            sown,
            offer,
            captured,
            to_move,
            declined,
            houses,
            closed,
        }
    }

    /// The pits out of play in this game of a match.
    #[must_use]
    pub fn closed(&self) -> PitSet {
        self.closed
    }

    /// The pits handed to the player across from their row for this game
    /// of a match (`match.unfilled = "to-opponent"`); none with trading,
    /// whose owners change during the game.
    #[must_use]
    pub fn handed(&self, rules: &Rules) -> PitSet {
        if rules.trading.is_some() {
            return PitSet::EMPTY;
        }
        let home_north = rules.home_row(Side::North);
        self.owners
            .minus(home_north)
            .or(home_north.minus(self.owners))
    }

    /// Seeds in pit `p`.
    #[inline]
    #[must_use]
    pub fn seeds(&self, p: Pit) -> u16 {
        self.seeds[p.index()]
    }

    /// Seeds per pit, in label order.
    #[must_use]
    pub fn board<'a>(&'a self, rules: &Rules) -> &'a [u16] {
        &self.seeds[..rules.pits()]
    }

    /// The side to act.
    #[inline]
    #[must_use]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Seeds captured by `side` (and not yet paid out in trades).
    #[inline]
    #[must_use]
    pub fn captured(&self, side: Side) -> u16 {
        self.captured[side.index()]
    }

    /// Who controls pit `p`.
    #[inline]
    #[must_use]
    pub fn controller(&self, p: Pit) -> Side {
        if self.owners.contains(p) {
            Side::North
        } else {
            Side::South
        }
    }

    /// Pits North controls.
    #[must_use]
    pub fn north_pits(&self) -> PitSet {
        self.owners
    }

    /// Home pits sown from by their home side (for opening locks and the
    /// opening rule).
    #[must_use]
    pub fn sown(&self) -> PitSet {
        self.sown
    }

    /// `side`'s houses (`[houses]`; empty without them).
    #[inline]
    #[must_use]
    pub fn houses(&self, side: Side) -> PitSet {
        self.houses[side.index()]
    }

    /// Every house, whoever owns it.
    #[inline]
    pub(crate) fn all_houses(&self) -> PitSet {
        self.houses[0].or(self.houses[1])
    }

    /// The pending offer, if any.
    #[must_use]
    pub fn offer(&self) -> Option<PitSet> {
        (!self.offer.is_empty()).then_some(self.offer)
    }

    /// Whether `side` has declined an offer in this game.
    #[must_use]
    pub fn has_declined(&self, side: Side) -> bool {
        self.declined >> side.index() & 1 == 1
    }

    /// Pits `side` controls.
    #[inline]
    #[must_use]
    pub fn controlled(&self, rules: &Variant, side: Side) -> PitSet {
        if rules.no_trading {
            // Without trading no pit changes hands: one load, no mask work.
            return rules.home_row(side);
        }
        // Branch-free: North's pits are `owners`, South's the rest.
        let north = (side as u64).wrapping_neg();
        PitSet((self.owners.0 & north) | (rules.all_pits.0 & !self.owners.0 & !north))
    }

    /// The pits holding at least one seed, four pits at a time.
    #[inline]
    #[must_use]
    pub fn occupied(&self, rules: &Variant) -> PitSet {
        let mut m = 0u64;
        for i in 0..words(rules) {
            m |= non_zero_lanes(self.word(i)) << (4 * i);
        }
        PitSet(m)
    }

    /// Pits `side` may sow from, before the feeding rule: the non-empty
    /// pits `sow_from` allows (never a house), less those `min_seeds` and
    /// the opening rule keep back.
    #[inline]
    #[must_use]
    pub fn sowable(&self, rules: &Variant, side: Side) -> PitSet {
        self.sowable_in(rules, side, self.occupied(rules))
    }

    /// [`Position::sowable`], given the occupied pits: the origins of
    /// steps 1 to 3 of the legality filters (`sow_from`, `min_seeds`,
    /// `opening`).
    #[inline]
    pub(crate) fn sowable_in(&self, rules: &Variant, side: Side, occupied: PitSet) -> PitSet {
        // The common case first, on one flag: fixed origins and no
        // legality filter, as in most rule files.
        if rules.plain_origins {
            return occupied.and(rules.origins[side.index()]);
        }
        let allowed = if rules.fixed_origins {
            rules.origins[side.index()]
        } else {
            self.controlled(rules, side)
        };
        if rules.plain_moves {
            return occupied.and(allowed);
        }
        self.origins_filtered(rules, side, occupied.and(allowed))
    }

    /// Whether sowing from `origin` drops a seed into `target`.
    #[must_use]
    #[inline]
    pub fn sowing_reaches(&self, rules: &Variant, origin: Pit, target: PitSet) -> bool {
        let mut n = self.seeds[origin.index()] as usize;
        if rules.stores && n > 0 {
            // A sowing that gets past the mover's last house drops a seed
            // in their store, which is no pit.
            let to_house = usize::from(rules.to_house[self.to_move.index()][origin.index()]);
            if n > to_house {
                n -= 1;
            }
        }
        let ring = rules.pits() - usize::from(rules.skip_origin);
        !rules
            .run(origin.index(), n.min(ring))
            .0
            .and(target)
            .is_empty()
    }

    /// Under the feeding rule, when the opponent's pits are all empty: the
    /// sowable pits whose sowing feeds them, if there are any. `None` when
    /// the rule does not restrict the mover.
    #[must_use]
    pub fn feeders(&self, rules: &Variant, sowable: PitSet) -> Option<PitSet> {
        self.feeders_in(rules, sowable, self.occupied(rules))
    }

    /// [`Position::feeders`], given the occupied pits.
    #[inline]
    fn feeders_in(&self, rules: &Variant, sowable: PitSet, occupied: PitSet) -> Option<PitSet> {
        if rules.feeding == Feeding::None {
            return None;
        }
        let opp = self.controlled(rules, self.to_move.opponent());
        if !occupied.and(opp).is_empty() {
            return None;
        }
        self.feeding_sowings(rules, sowable, opp)
    }

    /// Whether sowing from `origin` feeds an opponent whose pits `opp` are
    /// all empty, in the sense of the rules' feeding obligation.
    fn feeds(&self, rules: &Variant, origin: Pit, opp: PitSet) -> bool {
        match rules.feeding {
            Feeding::None => true,
            Feeding::MustFeedEmptyOpponent => self.sowing_reaches(rules, origin, opp),
            Feeding::MustLeaveOpponentSeeds => {
                // Relay laps and captures decide what is left: play it out.
                let mut after = *self;
                after.play_unchecked(rules, Ply::Sow(origin));
                !after.occupied(rules).and(opp).is_empty()
            }
        }
    }

    /// The pits of `sowable` whose sowing reaches `opp`, if any (kept out
    /// of line: the feeding rule bites rarely).
    #[inline(never)]
    fn feeding_sowings(&self, rules: &Variant, sowable: PitSet, opp: PitSet) -> Option<PitSet> {
        let feeding: PitSet = sowable
            .iter()
            .filter(|&p| self.feeds(rules, p, opp))
            .collect();
        (!feeding.is_empty()).then_some(feeding)
    }

    /// The pits the side to act may legally sow from (feeding applied).
    #[must_use]
    pub fn legal_sowings(&self, rules: &Variant) -> PitSet {
        if !self.offer.is_empty() {
            return PitSet::EMPTY;
        }
        let sowable = self.sowable(rules, self.to_move);
        if !rules.plain_moves {
            let mut buf = Sowings::new();
            self.general_plies(rules, sowable, self.occupied(rules), &mut buf);
            return buf.plies().filter_map(|p| p.origin()).collect();
        }
        self.feeders(rules, sowable).unwrap_or(sowable)
    }

    /// Whether the side to act is in a state the rules call "cannot sow":
    /// no offer to answer and nothing to sow from.
    #[must_use]
    #[inline]
    pub fn cannot_sow(&self, rules: &Variant) -> bool {
        self.offer.is_empty() && self.sowable(rules, self.to_move).is_empty()
    }

    /// Appends the legal plies to `out` (which is cleared first), ignoring
    /// whether the game has ended: [`super::Game`] checks that.
    pub fn legal_plies(&self, rules: &Variant, out: &mut Vec<Ply>) {
        let occupied = self.occupied(rules);
        let sowable = self.sowable_in(rules, self.to_move, occupied);
        self.legal_plies_in(rules, occupied, sowable, out);
    }

    /// The pits the side to act may sow from before the feeding rule,
    /// given the occupied pits: what [`super::Game`] keeps after each ply
    /// for its end test and its legal plies.
    #[inline(always)]
    pub(crate) fn sowable_now(&self, rules: &Variant, occupied: PitSet) -> PitSet {
        self.sowable_in(rules, self.to_move, occupied)
    }

    /// When every legal ply is a sowing (no offer to answer, no offer to
    /// make, something to sow), the pits they sow from, in the order of
    /// [`Position::legal_plies`]; `None` otherwise. A playout can draw from
    /// the set without building the list. `occupied` and `sowable` are
    /// the position's (see [`Position::sowable_now`]).
    #[inline(always)]
    pub(crate) fn legal_sowing_set_in(
        &self,
        rules: &Variant,
        occupied: PitSet,
        sowable: PitSet,
    ) -> Option<PitSet> {
        if rules.plain_sowing_set {
            if sowable.is_empty() {
                return None;
            }
            // `feeders_in` without its test for trading: this flag rules
            // trading out, so the opponent controls their home row.
            if rules.feeding != Feeding::None {
                let opp = rules.home_row(self.to_move.opponent());
                if occupied.and(opp).is_empty()
                    && let Some(feeding) = self.feeding_sowings(rules, sowable, opp)
                {
                    return Some(feeding);
                }
            }
            return Some(sowable);
        }
        if !rules.no_trading {
            return None;
        }
        debug_assert!(self.offer.is_empty(), "no offer without trading");
        if sowable.is_empty() {
            return None;
        }
        self.general_sowing_set(rules, sowable, occupied)
    }

    /// [`Position::legal_plies`], given the occupied and the sowable pits.
    #[inline(always)]
    pub(crate) fn legal_plies_in(
        &self,
        rules: &Variant,
        occupied: PitSet,
        sowable: PitSet,
        out: &mut Vec<Ply>,
    ) {
        out.clear();
        let side = self.to_move;
        if !self.offer.is_empty() {
            if self.can_pay(rules, side, self.offer.len()) {
                out.push(Ply::Accept);
            }
            out.push(Ply::Decline);
            return;
        }
        if sowable.is_empty() {
            if rules.cannot_sow == CannotSow::Pass {
                out.push(Ply::Pass);
            }
            return;
        }
        if !rules.plain_moves {
            self.push_general_plies(rules, sowable, occupied, out);
            if rules.trading.is_some() {
                self.push_offers(rules, out);
            }
            return;
        }
        let legal = match self.feeders_in(rules, sowable, occupied) {
            Some(f) => f,
            None => sowable,
        };
        for p in legal.iter() {
            out.push(Ply::Sow(p));
        }
        if rules.trading.is_some() {
            self.push_offers(rules, out);
        }
    }

    /// Appends the offers the side to act may make (out of line: only
    /// trading variants get here).
    #[inline(never)]
    fn push_offers(&self, rules: &Variant, out: &mut Vec<Ply>) {
        let side = self.to_move;
        if let Some(t) = rules.trading {
            let mine = self.controlled(rules, side);
            let room = mine.len().saturating_sub(usize::from(t.keep_at_least));
            let mut max = usize::from(t.max_pits).min(room);
            if t.only_if_affordable {
                let has = usize::from(self.captured[side.opponent().index()]);
                let price = usize::from(t.price_per_pit);
                if let Some(affordable) = has.checked_div(price) {
                    max = max.min(affordable);
                }
            }
            push_subsets(mine, max, out);
        }
    }

    fn can_pay(&self, rules: &Variant, side: Side, pits: usize) -> bool {
        rules.trading.is_some_and(|t| {
            u32::from(self.captured[side.index()]) >= u32::from(t.price_per_pit) * pits as u32
        })
    }

    /// Checks `ply` against the rules, the game's end aside.
    ///
    /// # Errors
    /// The rule that forbids the ply.
    pub fn check(&self, rules: &Variant, ply: Ply) -> Result<(), Illegal> {
        let side = self.to_move;
        let label = |p: Pit| rules.label(p);
        let list = |s: PitSet, sep: &str| {
            s.iter()
                .map(|p| label(p).to_string())
                .collect::<Vec<_>>()
                .join(sep)
        };
        if !self.offer.is_empty() {
            return match ply {
                Ply::Decline => Ok(()),
                Ply::Accept => {
                    let t = rules.trading.expect("an offer implies trading");
                    let needed = u32::from(t.price_per_pit) * self.offer.len() as u32;
                    if self.can_pay(rules, side, self.offer.len()) {
                        Ok(())
                    } else {
                        Err(Illegal::AcceptUnaffordable {
                            side,
                            needed,
                            has: self.captured[side.index()],
                        })
                    }
                }
                _ => Err(Illegal::MustAnswer {
                    side,
                    offerer: side.opponent(),
                    pits: format!(
                        "pit{} {}",
                        if self.offer.len() == 1 { "" } else { "s" },
                        list(self.offer, ",")
                    ),
                }),
            };
        }
        let sowable = self.sowable(rules, side);
        match ply {
            Ply::Accept | Ply::Decline if rules.trading.is_none() => Err(Illegal::NoTrading),
            Ply::Accept | Ply::Decline => Err(Illegal::NoOffer { side }),
            Ply::Sow(p) | Ply::SowToward(p, _) => {
                if p.index() >= rules.pits() {
                    return Err(Illegal::NoSuchPit { index: p.index() });
                }
                match (ply, rules.pit_direction(p)) {
                    (Ply::Sow(_), PitDirection::Chosen) => {
                        return Err(Illegal::DirectionNeeded { pit: label(p) });
                    }
                    (Ply::SowToward(_, given), PitDirection::Fixed(fixed)) => {
                        return Err(Illegal::DirectionFixed {
                            pit: label(p),
                            fixed,
                            given,
                        });
                    }
                    _ => {}
                }
                let allowed = match rules.sow_from {
                    SowFrom::Controlled => self.controller(p) == side,
                    SowFrom::HomeRow => rules.home_row(side).contains(p),
                    SowFrom::OpponentRow => rules.home_row(side.opponent()).contains(p),
                };
                if !allowed {
                    let why = match rules.sow_from {
                        SowFrom::Controlled => format!("it is controlled by {}", side.opponent()),
                        SowFrom::HomeRow => format!("it is not in {side}'s row"),
                        SowFrom::OpponentRow => {
                            format!("{side} sows from {}'s row", side.opponent())
                        }
                    };
                    return Err(Illegal::NotYours {
                        side,
                        pit: label(p),
                        why,
                    });
                }
                if let Some(owner) = Side::BOTH
                    .into_iter()
                    .find(|s| self.houses[s.index()].contains(p))
                {
                    return Err(Illegal::House {
                        pit: label(p),
                        owner,
                    });
                }
                if self.seeds[p.index()] == 0 {
                    return Err(Illegal::EmptyPit { pit: label(p) });
                }
                if !rules.plain_moves {
                    return self.check_general(rules, ply, sowable);
                }
                if let Some(f) = self.feeders(rules, sowable)
                    && !f.contains(p)
                {
                    return Err(unfed(rules, side, label(p).to_string(), list(f, " or ")));
                }
                Ok(())
            }
            Ply::Pass if rules.cannot_sow == CannotSow::EndGame => Err(Illegal::NoPassing),
            Ply::Pass => {
                if sowable.is_empty() {
                    Ok(())
                } else {
                    Err(Illegal::PassNotForced {
                        side,
                        pits: list(sowable, ", "),
                    })
                }
            }
            Ply::Offer(set) => {
                let Some(t) = rules.trading else {
                    return Err(Illegal::NoTrading);
                };
                if sowable.is_empty() {
                    return Err(Illegal::OfferWithoutSeeds { side });
                }
                let k = set.len();
                if k == 0 || k > usize::from(t.max_pits) {
                    return Err(Illegal::OfferSize {
                        given: k,
                        max: t.max_pits,
                    });
                }
                if let Some(p) = set.minus(rules.all_pits).iter().next() {
                    return Err(Illegal::NoSuchPit { index: p.index() });
                }
                let mine = self.controlled(rules, side);
                if let Some(p) = set.minus(mine).iter().next() {
                    return Err(Illegal::OfferNotControlled {
                        side,
                        pit: label(p),
                        controller: side.opponent(),
                    });
                }
                if mine.len() - k < usize::from(t.keep_at_least) {
                    return Err(Illegal::OfferKeepsTooFew {
                        side,
                        keep: t.keep_at_least,
                        controls: mine.len(),
                        given: k,
                    });
                }
                let opp = side.opponent();
                if t.only_if_affordable && !self.can_pay(rules, opp, k) {
                    return Err(Illegal::OfferUnaffordable {
                        opponent: opp,
                        price: t.price_per_pit,
                        needed: u32::from(t.price_per_pit) * k as u32,
                        has: self.captured[opp.index()],
                    });
                }
                Ok(())
            }
        }
    }

    /// The pits of `zone` for `mover`.
    #[inline]
    pub(crate) fn zone(&self, rules: &Variant, zone: Zone, mover: Side) -> PitSet {
        match zone {
            Zone::Anywhere => rules.all_pits,
            Zone::OpponentTerritory => self.controlled(rules, mover.opponent()),
            Zone::OpponentRow => rules.home_row(mover.opponent()),
        }
    }

    /// Captures the landing pit, which the side that just sowed (still
    /// `to_move`) may capture, and its chain; the pits and seeds taken.
    /// Out of line: most sowings capture nothing.
    #[inline(never)]
    fn capture(&mut self, rules: &Variant, cap: &Capture, landing: Pit) -> (PitSet, u16) {
        let side = self.to_move;
        let chain_zone = self.zone(rules, cap.chain_zone, side);
        let mut captured = PitSet::single(landing);
        if matches!(cap.chain, Chain::Backward | Chain::Both) {
            let mut q = rules.prev(landing);
            while !captured.contains(q)
                && chain_zone.contains(q)
                && cap.captures(self.seeds[q.index()])
            {
                captured.insert(q);
                q = rules.prev(q);
            }
        }
        if matches!(cap.chain, Chain::Forward | Chain::Both) {
            let mut q = rules.next(landing);
            while !captured.contains(q)
                && chain_zone.contains(q)
                && cap.captures(self.seeds[q.index()])
            {
                captured.insert(q);
                q = rules.next(q);
            }
        }
        if cap.grand_slam != GrandSlam::Captures {
            // Grand slam: a capture of every seed on the opponent's side is
            // refused. Only the seeds taken from that row count: a chain
            // through other pits may take as many seeds elsewhere.
            let row = rules.home_row(side.opponent());
            let sum =
                |s: PitSet| -> u32 { s.iter().map(|q| u32::from(self.seeds[q.index()])).sum() };
            let theirs = sum(row);
            if theirs > 0 && sum(captured.and(row)) == theirs {
                return (PitSet::EMPTY, 0);
            }
        }
        // The seeds taken are counted as they are lifted: one walk over
        // the pits rather than a sum and then a clearing.
        let mut seeds = 0u16;
        for q in captured.iter() {
            seeds += self.seeds[q.index()];
            self.seeds[q.index()] = 0;
        }
        self.captured[side.index()] += seeds;
        (captured, seeds)
    }

    /// The capture of the pit opposite `landing`, when the last seed fell in
    /// an empty pit the mover controls (or, with `landing = "anywhere"`, in
    /// any empty pit); the pits and seeds taken.
    #[inline(never)]
    pub(crate) fn capture_opposite(&mut self, rules: &Variant, landing: Pit) -> (PitSet, u16) {
        let side = self.to_move;
        let Some(opp) = rules.opposite_capture else {
            return (PitSet::EMPTY, 0);
        };
        let own = opp.landing == OppositeLanding::OwnTerritory;
        if (own && self.controller(landing) != side) || self.seeds[landing.index()] != 1 {
            return (PitSet::EMPTY, 0);
        }
        let facing = Pit(rules.opposite[landing.index()]);
        let across = self.seeds[facing.index()];
        if across == 0 && !opp.take_last_seed_alone {
            return (PitSet::EMPTY, 0);
        }
        // `across > 0` here unless the last seed alone is taken, which the
        // rules allow only with the capturing seed taken.
        let mut captured = PitSet::EMPTY;
        let mut seeds = across;
        if opp.capturing_seed_taken {
            captured.insert(landing);
            self.seeds[landing.index()] = 0;
            seeds += 1;
        }
        if across > 0 {
            captured.insert(facing);
            self.seeds[facing.index()] = 0;
        }
        self.captured[side.index()] += seeds;
        (captured, seeds)
    }

    /// Plays `ply` without checking it. The caller guarantees it is legal
    /// (from [`Position::legal_plies`] or [`Position::check`]).
    #[inline(always)]
    pub fn play_unchecked(&mut self, rules: &Variant, ply: Ply) -> Effect {
        let mut occupied = PitSet::EMPTY;
        self.play_tracking(rules, ply, &mut occupied)
    }

    /// [`Position::play_unchecked`], keeping `occupied` (the non-empty pits
    /// before the ply) up to date: a sowing changes it only at the origin,
    /// the pits sown and the pits captured.
    #[inline(always)]
    pub(crate) fn play_tracking(
        &mut self,
        rules: &Variant,
        ply: Ply,
        occupied: &mut PitSet,
    ) -> Effect {
        let side = self.to_move;
        match ply {
            Ply::Sow(origin) if rules.plain_sowing => {
                let sown = self.sow(rules, origin, occupied);
                self.to_move = side.opponent();
                Effect::Sow(SowEffect {
                    captured: sown.captured,
                    seeds_captured: sown.seeds_captured,
                    released_lock: sown.released_lock,
                    ..SowEffect::new(origin, sown.seeds, sown.landing)
                })
            }
            Ply::Sow(_) | Ply::SowToward(..) => {
                let (origin, dir) = rules.sowing_of(ply).expect("a sowing");
                let (effect, _) = self.sow_general(rules, origin, dir);
                *occupied = self.occupied(rules);
                if !matches!(
                    effect,
                    Effect::Sow(SowEffect {
                        extra_turn: true,
                        ..
                    })
                ) {
                    self.to_move = side.opponent();
                }
                effect
            }
            Ply::Pass => {
                self.to_move = side.opponent();
                Effect::Pass
            }
            Ply::Offer(set) => {
                self.offer = set;
                self.to_move = side.opponent();
                Effect::Offer(set)
            }
            Ply::Accept => {
                let pits = self.offer;
                let price = rules.trading.map_or(0, |t| t.price_per_pit);
                let paid = price * pits.len() as u16;
                self.captured[side.index()] -= paid;
                for p in pits.iter() {
                    self.seeds[p.index()] += price;
                }
                self.owners = match side {
                    Side::North => self.owners.or(pits),
                    Side::South => self.owners.minus(pits),
                };
                self.offer = PitSet::EMPTY;
                *occupied = self.occupied(rules);
                Effect::Accept { pits, paid }
            }
            Ply::Decline => {
                let pits = self.offer;
                self.declined |= 1 << side.index();
                self.offer = PitSet::EMPTY;
                Effect::Decline(pits)
            }
        }
    }

    /// [`Position::play_tracking`] without the [`Effect`]: playouts,
    /// perft and search only need the position after the ply, and the
    /// plain sowing is then all register work. Whether the ply changed
    /// what a repetition window holds constant (see
    /// [`Position::closes_window`]): a plain sowing knows that without
    /// comparing states.
    #[inline(always)]
    pub(crate) fn advance_tracking(
        &mut self,
        rules: &Variant,
        ply: Ply,
        occupied: &mut PitSet,
    ) -> bool {
        match ply {
            Ply::Sow(origin) if rules.plain_sowing => {
                let sown = self.sow(rules, origin, occupied);
                self.to_move = self.to_move.opponent();
                sown.lock_progress | (rules.no_trading & (sown.seeds_captured > 0))
            }
            _ => {
                let before = self.window_parts();
                self.play_tracking(rules, ply, occupied);
                self.closes_window(rules, before)
            }
        }
    }

    /// The parts of the state whose change may close a repetition window:
    /// captured totals and lock progress. (Controllers change only by
    /// trading, whose windows stay open across them.)
    #[inline(always)]
    pub(crate) fn window_parts(&self) -> ([u16; 2], PitSet) {
        (self.captured, self.sown)
    }

    /// Whether a ply from a state with these [`window_parts`](Self::window_parts)
    /// to this one closes its repetition window: lock progress always does,
    /// and captures do without trading (see `Rules::no_trading`).
    #[inline(always)]
    pub(crate) fn closes_window(
        &self,
        rules: &Variant,
        (captured, sown): ([u16; 2], PitSet),
    ) -> bool {
        sown != self.sown || (rules.no_trading && captured != self.captured)
    }

    /// A plain sowing (single lap, no store, no capture during the sowing)
    /// and its capture.
    #[inline(always)]
    fn sow(&mut self, rules: &Variant, origin: Pit, occupied: &mut PitSet) -> Sown {
        let side = self.to_move;
        let o = origin.index();
        let sown_count = self.seeds[o];
        let left = usize::from(sown_count);
        self.seeds[o] = 0;
        let mut occ = occupied.minus(PitSet::single(origin));
        let landing = if let Some(t) = rules.sowing(o, left) {
            // Small boards: the whole sowing, laps and all, from the table.
            for (i, &add) in t.add.iter().enumerate() {
                self.set_word(i, self.word(i) + add);
            }
            occ = occ.or(t.reached);
            t.landing
        } else {
            self.sow_long(rules, origin, left, &mut occ)
        };

        let (mut lock_progress, mut released_lock) = (false, false);
        let mut captured = PitSet::EMPTY;
        let mut seeds_captured = 0u16;
        // The opening lock bars every capture of the sowing, the opposite
        // capture too (docs/rule-language.md, `capture.lock`).
        let mut may_capture = true;
        if let Some(cap) = &rules.capture {
            if let Lock::AllHomePitsSown {
                release_may_capture,
            } = cap.lock
            {
                let home = rules.home_row(side);
                let old = self.sown;
                self.sown = old.or(home.and(PitSet::single(origin)));
                lock_progress = self.sown != old;
                let (before, after) = (home.is_subset(old), home.is_subset(self.sown));
                released_lock = after && !before;
                may_capture = if release_may_capture { after } else { before };
            }
            // A table entry, rather than matching on the zone, when
            // controllers are fixed.
            let zone = if rules.no_trading {
                rules.landing_zones[side.index()]
            } else {
                self.zone(rules, cap.landing, side)
            };
            if may_capture && zone.contains(landing) && cap.captures(self.seeds[landing.index()]) {
                (captured, seeds_captured) = self.capture(rules, cap, landing);
                occ = occ.minus(captured);
            }
        }
        if rules.opposite_capture.is_some() && captured.is_empty() && may_capture {
            (captured, seeds_captured) = self.capture_opposite(rules, landing);
            occ = occ.minus(captured);
        }
        *occupied = occ;
        Sown {
            seeds: sown_count,
            landing,
            captured,
            seeds_captured,
            lock_progress,
            released_lock,
        }
    }

    /// The seeds of a plain sowing of `left` seeds from `origin` (already
    /// emptied), on a board too big for the sowing table; adds the pits
    /// reached to `occ`, and gives where the last seed falls.
    #[inline]
    fn sow_long(&mut self, rules: &Variant, origin: Pit, mut left: usize, occ: &mut PitSet) -> Pit {
        let o = origin.index();
        let ring = rules.pits() - usize::from(rules.skip_origin);
        // Whole laps at once: a 65 535-seed sowing costs what a short one does.
        if left > ring {
            let laps = (left - 1) / ring;
            left -= laps * ring;
            *occ = occ.or(self.add_laps(rules, origin, laps as u64));
        }
        // Now left <= ring: one seed in each of the `left` pits after the
        // origin (the origin itself only as the last of a full circuit
        // without skipping), added four pits at a time.
        let (run, landing) = rules.run(o, left);
        *occ = occ.or(run);
        for i in 0..words(rules) {
            let w = self.word(i) + spread(run.0 >> (4 * i) & 0xF);
            self.set_word(i, w);
        }
        landing
    }

    /// Whether the side to act owes the opponent a feed (every pit the
    /// opponent controls is empty) and no sowing of theirs gives one.
    #[must_use]
    pub fn cannot_feed(&self, rules: &Variant) -> bool {
        if rules.feeding == Feeding::None || !self.offer.is_empty() {
            return false;
        }
        if !rules.plain_moves {
            return self.cannot_feed_general(rules);
        }
        let occupied = self.occupied(rules);
        let opp = self.controlled(rules, self.to_move.opponent());
        if !occupied.and(opp).is_empty() {
            return false;
        }
        let sowable = self.sowable_in(rules, self.to_move, occupied);
        !sowable.iter().any(|p| self.feeds(rules, p, opp))
    }

    /// Whether every pit holds fewer than `k` seeds.
    #[inline]
    #[must_use]
    pub fn all_below(&self, rules: &Variant, k: u16) -> bool {
        if k > 0x8000 {
            return self.seeds[..rules.pits()].iter().all(|&s| s < k);
        }
        // Four pits at a time, no early exit: bit 15 of a lane of
        // `(w & LOW) + (0x8000 - k)`, or of `w`, is set iff the lane holds
        // at least `k` (no carry crosses lanes; pits past the board hold 0).
        const LOW: u64 = 0x7FFF_7FFF_7FFF_7FFF;
        let add = u64::from(0x8000 - k) * 0x0001_0001_0001_0001;
        let mut high = 0;
        for i in 0..words(rules) {
            let w = self.word(i);
            high |= ((w & LOW) + add) | w;
        }
        high & !LOW == 0
    }

    /// Seeds on the board in pits `side` controls.
    #[must_use]
    pub fn seeds_controlled(&self, rules: &Variant, side: Side) -> u32 {
        self.controlled(rules, side)
            .iter()
            .map(|p| u32::from(self.seeds[p.index()]))
            .sum()
    }

    /// Seeds on the board and captured, in all.
    #[must_use]
    pub fn total_seeds(&self, rules: &Rules) -> u32 {
        self.seeds[..rules.pits()]
            .iter()
            .map(|&s| u32::from(s))
            .sum::<u32>()
            + u32::from(self.captured[0])
            + u32::from(self.captured[1])
    }

    /// A Zobrist hash: the XOR of one 64-bit key per feature (each pit's
    /// count, each pit's controller, lock progress, the pending offer, the
    /// captured totals, the side to act; not who has declined, which changes
    /// no legal ply and no score). The keys come from a fixed mixing
    /// function of the feature rather than a table, since counts range to
    /// 65 535; any one feature can be updated by two XORs.
    #[must_use]
    pub fn zobrist(&self, rules: &Variant) -> u64 {
        let mut z = 0u64;
        for (i, &c) in self.seeds[..rules.pits()].iter().enumerate() {
            z ^= mix((i as u64) << 20 | u64::from(c) | 1 << 62);
        }
        z ^= mix(self.owners.0 ^ 0x0101_0101_0101_0101);
        z ^= mix(self.sown.0 ^ 0x0202_0202_0202_0202);
        z ^= mix(self.offer.0 ^ 0x0303_0303_0303_0303);
        z ^= mix(u64::from(self.captured[0]) << 16 | u64::from(self.captured[1]) | 1 << 61);
        if self.houses != [PitSet::EMPTY; 2] {
            // Only where there are houses, so other rules keep their keys.
            z ^= mix(self.houses[0].0 ^ 0x0404_0404_0404_0404);
            z ^= mix(self.houses[1].0 ^ 0x0505_0505_0505_0505);
        }
        if self.to_move == Side::North {
            z ^= 0x9e37_79b9_7f4a_7c15;
        }
        z
    }

    /// The repetition key: 128 bits that identify the part of the state
    /// that can differ between two states of one repetition window, namely
    /// the seeds, the pending offer and the side to act.
    ///
    /// The rest of the state that counts for repetition (controllers, lock
    /// progress, captured totals, and houses, which only captures make;
    /// houses are hashed into the key all the same) is constant within a window, since any
    /// change to it is irreversible and starts a new one (see
    /// [`super::Game`]); who has declined does not count. So two states of
    /// one window are the same state exactly when their keys agree (up to
    /// hash collisions, for big boards). Keys of different windows are
    /// never compared.
    ///
    /// On a board of at most 8 pits holding fewer than 2^14 seeds, without
    /// trading or houses (Kpé among them) the key is that part of the state itself,
    /// packed.
    /// Otherwise it is a hash: two lanes of wyhash's folded multiply over
    /// pairs of 64-bit words (the seeds four pits to a word, then the offer
    /// with the side to act), each word XORed with its own constant first.
    /// The multiplies are independent, so the key costs a few cycles, not a
    /// chain of mixes. No word can equal its constant, so no product is
    /// forced to zero: every 16-bit lane of a seed constant is at least
    /// 2^15, and a word of four counts sums to at most 65 535; the last
    /// word stays below 2^61 and its constant has bit 63 set.
    #[inline(always)]
    #[must_use]
    pub fn repetition_key(&self, rules: &Variant) -> u128 {
        if rules.packed_keys {
            // The state itself: bits 0..14 of each 16-bit lane hold a pit's
            // seeds, bit 14 of the first lane the side to act. (Packing
            // is for rules without trading, so there is never an offer.)
            debug_assert!(self.offer.is_empty());
            let lo = self.word(0) | (self.to_move as u64) << 14;
            return u128::from(self.word(1)) << 64 | u128::from(lo);
        }
        self.hashed_key(rules)
    }

    /// [`Position::repetition_key`] as a hash, for boards that do not pack.
    #[inline(never)]
    fn hashed_key(&self, rules: &Variant) -> u128 {
        let pairs = rules.pits().div_ceil(8);
        let (mut a, mut b) = (0u64, 0u64);
        for i in 0..pairs {
            let (x, y) = (self.word(2 * i), self.word(2 * i + 1));
            a = a.wrapping_add(mum(x ^ KEY_A[2 * i], y ^ KEY_A[2 * i + 1]));
            b = b.wrapping_add(mum(x ^ KEY_B[2 * i], y ^ KEY_B[2 * i + 1]));
        }
        let last = self.offer.0 | (self.to_move as u64) << 60;
        let k = KEYS - 2;
        a = a.wrapping_add(mum(last ^ KEY_A[k], KEY_A[k + 1]));
        b = b.wrapping_add(mum(last ^ KEY_B[k], KEY_B[k + 1]));
        if rules.houses.is_some() {
            // Houses are made by captures, which close a window, so they
            // never differ within one; they are in the key all the same,
            // so that it names the whole state's varying part whatever
            // the window.
            let (s, n) = (self.houses[0].0, self.houses[1].0);
            a = a.wrapping_add(mum(
                s ^ KEY_A[2].rotate_left(23),
                n ^ KEY_A[3].rotate_left(41),
            ));
            b = b.wrapping_add(mum(
                s ^ KEY_B[2].rotate_left(23),
                n ^ KEY_B[3].rotate_left(41),
            ));
        }
        if !rules.no_trading {
            // Owners and captured totals vary within a window when trading.
            let owned = self.owners.0;
            let caught = u64::from(self.captured[0]) | u64::from(self.captured[1]) << 16;
            a = a.wrapping_add(mum(
                owned ^ KEY_A[0].rotate_left(17),
                caught ^ KEY_A[1].rotate_left(29),
            ));
            b = b.wrapping_add(mum(
                owned ^ KEY_B[0].rotate_left(17),
                caught ^ KEY_B[1].rotate_left(29),
            ));
        }
        u128::from(a) << 64 | u128::from(b)
    }

    /// Adds `laps` seeds to every pit a full lap from `origin` sows, and
    /// returns those pits (out of line: few sowings go round the board).
    #[inline(never)]
    fn add_laps(&mut self, rules: &Variant, origin: Pit, laps: u64) -> PitSet {
        let lapped = if rules.skip_origin {
            rules.all_pits.minus(PitSet::single(origin))
        } else {
            rules.all_pits
        };
        // No lane overflows: the board holds at most 65 535 seeds.
        for i in 0..words(rules) {
            let w = self.word(i) + laps * spread(lapped.0 >> (4 * i) & 0xF);
            self.set_word(i, w);
        }
        lapped
    }

    /// Sets the seeds of pits `4i..4i+4` from one word.
    #[inline]
    fn set_word(&mut self, i: usize, w: u64) {
        let c = &mut self.seeds[4 * i..4 * i + 4];
        c[0] = w as u16;
        c[1] = (w >> 16) as u16;
        c[2] = (w >> 32) as u16;
        c[3] = (w >> 48) as u16;
    }

    /// Seeds of pits `4i..4i+4` as one word (zero past the board).
    #[inline]
    fn word(&self, i: usize) -> u64 {
        if i >= SEED_WORDS {
            return 0;
        }
        let c = &self.seeds[4 * i..4 * i + 4];
        u64::from(c[0]) | u64::from(c[1]) << 16 | u64::from(c[2]) << 32 | u64::from(c[3]) << 48
    }
}

/// What a plain sowing did: the part of its [`Effect`] that varies.
#[derive(Clone, Copy)]
struct Sown {
    seeds: u16,
    landing: Pit,
    captured: PitSet,
    seeds_captured: u16,
    /// A home pit was sown from for the first time.
    lock_progress: bool,
    released_lock: bool,
}

/// Words of four seed counts in a position.
const SEED_WORDS: usize = MAX_PITS / 4;
/// Hash constants: seed words (rounded up to pairs), then a last pair.
const KEYS: usize = SEED_WORDS + 1 + 2;
const KEY_A: [u64; KEYS] = keys(0x6a09_e667_f3bc_c908);
const KEY_B: [u64; KEYS] = keys(0xbb67_ae85_84ca_a73b);

const fn keys(seed: u64) -> [u64; KEYS] {
    let mut k = [0u64; KEYS];
    let mut i = 0;
    while i < KEYS {
        k[i] = mix(seed.wrapping_add((i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)))
            | 0x8000_8000_8000_8000;
        i += 1;
    }
    k
}

/// wyhash's folded multiply: the 128-bit product's halves XORed.
#[inline]
pub(super) fn mum(a: u64, b: u64) -> u64 {
    let r = u128::from(a) * u128::from(b);
    (r as u64) ^ (r >> 64) as u64
}

/// Bits 0..4 of the result: which of the four 16-bit lanes of `w` are non-zero.
#[inline]
fn non_zero_lanes(w: u64) -> u64 {
    const LOW: u64 = 0x7FFF_7FFF_7FFF_7FFF;
    // Bit 15 of each lane: set iff the lane is non-zero (no carry crosses lanes).
    let t = (((w & LOW) + LOW) | w) >> 15 & 0x0001_0001_0001_0001;
    // Move lane bits 0, 16, 32, 48 to 45..49 (the partial products never collide).
    t.wrapping_mul(0x0000_2000_4000_8001) >> 45 & 0xF
}

/// One in each 16-bit lane `j` of the result where bit `j` of `nibble` is set.
#[inline]
fn spread(nibble: u64) -> u64 {
    // Bit j lands at 16j from the term 2^(15j); the other partial products
    // never fall on a lane's low bit, and never collide.
    nibble.wrapping_mul(0x0000_2000_4000_8001) & 0x0001_0001_0001_0001
}

/// Words of four seed counts on the board.
#[inline]
fn words(rules: &Variant) -> usize {
    rules.seed_words.min(SEED_WORDS)
}

/// The splitmix64 finaliser: a cheap, well-mixed 64-bit permutation.
#[inline]
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The refusal of a sowing `pit` that does not feed when `feeders` do:
/// the feeding rule says which (`moves.feeding`).
pub(super) fn unfed(rules: &Variant, side: Side, pit: String, feeders: String) -> Illegal {
    let opponent = side.opponent();
    if rules.feeding == Feeding::MustLeaveOpponentSeeds {
        Illegal::MustLeaveSeeds {
            side,
            opponent,
            pit,
            feeders,
        }
    } else {
        Illegal::MustFeed {
            side,
            opponent,
            pit,
            feeders,
        }
    }
}

/// Pushes every subset of `of` with 1..=max elements, smaller sets first,
/// each size in lexicographic label order.
fn push_subsets(of: PitSet, max: usize, out: &mut Vec<Ply>) {
    if max == 0 {
        return;
    }
    let pits: [u8; MAX_PITS] = {
        let mut a = [0u8; MAX_PITS];
        for (i, p) in of.iter().enumerate() {
            a[i] = p.0;
        }
        a
    };
    let n = of.len();
    // Indices into `pits`, below 64.
    let mut idx = [0u8; MAX_PITS];
    for k in 1..=max.min(n) {
        for (i, slot) in idx.iter_mut().enumerate().take(k) {
            *slot = i as u8;
        }
        loop {
            let set = PitSet(
                idx[..k]
                    .iter()
                    .fold(0u64, |m, &i| m | 1 << pits[usize::from(i)]),
            );
            out.push(Ply::Offer(set));
            // Advance to the next k-combination of 0..n.
            let mut i = k;
            while i > 0 && usize::from(idx[i - 1]) == n - k + (i - 1) {
                i -= 1;
            }
            if i == 0 {
                break;
            }
            idx[i - 1] += 1;
            for j in i..k {
                idx[j] = idx[j - 1] + 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_below_agrees_with_a_scan() {
        let rules = Variant::new(crate::rules::bundled("gore").unwrap());
        let mut pos = Position::initial(&rules);
        for k in [1u16, 2, 3, 6, 7, 0x7FFF, 0x8000, 0x8001, 0xFFFF] {
            for counts in [
                [0u16; 8],
                [2; 8],
                [6; 8],
                [0, 0, 0, 0, 0, 0, 0, 0x8000],
                [0xFFFF, 0, 0, 0, 0, 0, 0, 0],
            ] {
                pos.seeds[..8].copy_from_slice(&counts);
                let want = counts.iter().all(|&s| s < k);
                assert_eq!(pos.all_below(&rules, k), want, "{counts:?} below {k}");
            }
        }
    }

    /// The sowing table (small boards) gives what the arithmetic path of
    /// bigger boards gives: the same seeds, pits reached and landing, for
    /// every origin and every count, both directions, with and without
    /// skipping the origin, laps included.
    #[test]
    fn the_sowing_table_agrees_with_the_arithmetic_sowing() {
        let mut checked = 0;
        for per_row in 1..=8usize {
            for direction in ["counter-clockwise", "clockwise"] {
                for skip in [false, true] {
                    let seeds = if per_row <= 4 { 3 } else { 1 };
                    let text = format!(
                        "[variant]\nid = \"t\"\nname = \"T\"\n\n[board]\npits_per_row = {per_row}\n\
                         seeds_per_pit = {seeds}\n\n[sowing]\ndirection = \"{direction}\"\n\
                         skip_origin = {skip}\n"
                    );
                    let r = Variant::new(crate::rules::parse("t.toml", &text).unwrap());
                    assert!(!r.sowings.is_empty(), "{per_row} pits a row have a table");
                    let total = r.total_seeds as usize;
                    for o in 0..r.pits() {
                        for n in 0..=total {
                            let mut base = Position::initial(&r);
                            // Uneven counts elsewhere, so lanes are told apart.
                            for p in 0..r.pits() {
                                base.seeds[p] = (p % 3) as u16;
                            }
                            base.seeds[o] = 0;
                            let occ0 = base.occupied(&r);
                            let t = r.sowing(o, n).expect("a table entry");
                            let mut a = base;
                            for (i, &add) in t.add.iter().enumerate() {
                                a.set_word(i, a.word(i) + add);
                            }
                            let occ_a = occ0.or(t.reached);
                            let mut b = base;
                            let mut occ_b = occ0;
                            let landing = b.sow_long(&r, Pit(o as u8), n, &mut occ_b);
                            assert_eq!(a.seeds, b.seeds, "{text}: {n} from {o}");
                            assert_eq!(occ_a, occ_b, "{text}: {n} from {o}");
                            assert_eq!(t.landing, landing, "{text}: {n} from {o}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn spread_puts_one_in_each_lane_of_the_nibble() {
        for nib in 0..16u64 {
            let want = (0..4).fold(0, |w, j| w | (nib >> j & 1) << (16 * j));
            assert_eq!(spread(nib), want, "{nib:#b}");
        }
    }

    #[test]
    fn non_zero_lanes_finds_every_non_empty_pit() {
        for w in [
            0u64,
            1,
            0xFFFF,
            0x8000,
            0x0001_0000_0000_0000,
            0xFFFF_0000_8000_0001,
        ] {
            let want = (0..4).fold(0, |m, i| m | u64::from(w >> (16 * i) & 0xFFFF != 0) << i);
            assert_eq!(non_zero_lanes(w), want, "{w:#x}");
        }
        for i in 0..4 {
            for v in [1u64, 2, 3, 48, 0x7FFF, 0x8000, 0xFFFF] {
                assert_eq!(non_zero_lanes(v << (16 * i)), 1 << i);
                assert_eq!(non_zero_lanes(!(0xFFFF << (16 * i)) | v << (16 * i)), 0xF);
            }
        }
    }

    #[test]
    fn subsets_are_all_there_once() {
        let mut out = Vec::new();
        push_subsets(PitSet(0b1011_0110), 3, &mut out);
        // 5 pits: C(5,1)+C(5,2)+C(5,3) = 5+10+10.
        assert_eq!(out.len(), 25);
        let mut seen = std::collections::HashSet::new();
        for p in &out {
            let Ply::Offer(s) = p else { panic!() };
            assert!(s.is_subset(PitSet(0b1011_0110)));
            assert!((1..=3).contains(&s.len()));
            assert!(seen.insert(*s));
        }
    }
}
