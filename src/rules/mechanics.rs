//! Which mechanics a rule file uses: one classification, read by every
//! fast path of the engine, its packed keys and the solver's support test.
//!
//! Each of those states positively what it handles, as a
//! [`MechanicSet`], and takes a rule file only if the file uses nothing
//! else ([`Mechanics::only`]). A mechanic a path does not name sends the
//! file to the general path, or to a refusal: never silently to code that
//! ignores it. [`Mechanics::of`] names every field of [`Rules`] and every
//! value of its enums, so a new field or value does not compile until it
//! is classified here.

use super::model::{
    BeyondCapture, CannotFeed, CannotSow, Capture, Chain, Clockwise, ColumnCapture, ColumnLaps,
    ColumnThen, Direction, End, Examined, ExtraTurn, Feeding, FirstSeed, GrandSlam, Houses,
    InnerRowEmpty, Laps, LaterRounds, Leftovers, Lock, Opening, OppositeCapture, OppositeLanding,
    PitDirection, ResowFrom, Rules, SowFrom, SowingCapture, Trading, Winner,
};
use std::fmt;

/// The part of a rule file a mechanic belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The board and the seeds' places (`[board]`).
    Board,
    /// How a sowing goes (`[sowing]`).
    Sowing,
    /// Which plies are legal (`[sowing]`'s minimum and opening, feeding,
    /// passing).
    Legality,
    /// Captures of every kind, houses and trading.
    Capture,
    /// How the game ends and who gets the seeds left (`[end]`).
    End,
}

/// What the engine's fast paths and the solver may assume of a mechanic:
/// its class, declared beside it, so that a new mechanic is classified
/// where it is declared. Each path takes a rule file only if every
/// mechanic it uses has the path's class ([`MechanicSet::of_class`]), so
/// a mechanic declared with none goes to the general path and is refused
/// by the solver: slow and plain, never wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// The table-driven sowing of one lap plays it (the engine's plain
    /// sowing; the rules of the game's end are no concern of a sowing).
    TableSowing,
    /// The legal plies stay every sowing from a non-empty controlled pit
    /// in the board's one direction, as the fast listing gives them.
    AnyPitMoves,
    /// The quick end check, made on every ply, judges it.
    QuickEnd,
    /// A state of it is the seeds and the side to act, which packed
    /// repetition keys hold.
    SeedsAndSide,
    /// Every seed of a lap falls alike, so whole laps may be sown at once.
    LapsAlike,
    /// The solver's state (the seeds and the side to act) is all of it,
    /// and its future does not depend on the captured totals or the
    /// plies played.
    Solvable,
}

impl Class {
    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

macro_rules! mechanics {
    ($($(#[doc = $doc:expr])* $name:ident: $kind:ident, $key:expr, [$($class:ident),*];)*) => {
        /// One mechanic of the rule language: a key, or a value of one,
        /// that changes how the game is played.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Mechanic {
            $($(#[doc = $doc])* $name,)*
        }

        impl Mechanic {
            /// Every mechanic, in declaration order.
            pub const ALL: &'static [Mechanic] = &[$(Mechanic::$name),*];

            /// The key (and value) of the rule file that asks for it.
            #[must_use]
            pub const fn key(self) -> &'static str {
                match self {
                    $(Mechanic::$name => $key,)*
                }
            }

            /// The part of the rule file it belongs to.
            #[must_use]
            pub const fn kind(self) -> Kind {
                match self {
                    $(Mechanic::$name => Kind::$kind,)*
                }
            }

            /// Whether it is of `class`.
            #[must_use]
            pub const fn is(self, class: Class) -> bool {
                let bits = match self {
                    $(Mechanic::$name => 0 $(| Class::$class.bit())*,)*
                };
                bits & class.bit() != 0
            }
        }
    };
}

mechanics! {
    /// Stores at the ends of the circuit.
    Stores: Board, "board.stores = true", [AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// Four rows, each player sowing round their own two.
    FourRows: Board, "board.rows = 4", [Solvable];
    /// The board sows clockwise.
    Clockwise: Sowing, "sowing.direction = \"clockwise\"", [TableSowing, AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// Some pits sow against the board's direction.
    MixedDirections: Sowing, "sowing.direction = [..] (mixed)", [SeedsAndSide, LapsAlike, Solvable];
    /// The mover chooses the direction of some pits' sowings.
    ChosenDirection: Sowing, "sowing.direction = \"chosen\"", [SeedsAndSide, LapsAlike, Solvable];
    /// The first seed falls back into the origin.
    FirstSeedInOrigin: Sowing, "sowing.first_seed", [SeedsAndSide, Solvable];
    /// A long sowing passes over its emptied origin.
    SkipOrigin: Sowing, "sowing.skip_origin = true", [TableSowing, AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// The last seed landing in an occupied pit lifts it and sows on.
    Relay: Sowing, "sowing.laps = \"relay\"", [AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// A relay that starts one pit further on.
    RelayFromNext: Sowing, "sowing.laps = \"relay-from-next\"", [AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// Laps after the first sow only the opponent's row.
    LaterRoundsInOpponentRow: Sowing, "sowing.later_rounds = \"opponent-row\"", [SeedsAndSide, Solvable];
    /// A last seed in the mover's store gives another ply.
    ExtraTurn: Sowing, "sowing.extra_turn = \"last-in-own-store\"", [TableSowing, AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// A sowing that captures gives another ply.
    ExtraTurnAfterCapture: Sowing, "sowing.extra_turn = \"after-capture\"", [AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// Seeds taken during the sowing by the count they reach.
    SowingCapture: Capture, "[sowing_capture]", [AnyPitMoves, SeedsAndSide, Solvable];
    /// Plies from the home row only, whatever a trade changed.
    SowFromHomeRow: Legality, "moves.sow_from = \"home-row\"", [TableSowing, AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// Plies from the opponent's row.
    SowFromOpponentRow: Legality, "moves.sow_from = \"opponent-row\"", [TableSowing, AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// A sowing needs more than one seed.
    MinSeeds: Legality, "moves.min_seeds", [TableSowing, SeedsAndSide, LapsAlike, Solvable];
    /// Each home pit must be sown from once before any twice.
    OpeningEachHomePitOnce: Legality, "moves.opening = \"each-home-pit-once\"", [SeedsAndSide, LapsAlike];
    /// A ply must feed an opponent with no seeds.
    MustFeedEmptyOpponent: Legality, "moves.feeding = \"must-feed-empty-opponent\"", [TableSowing, AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// A ply must leave the opponent seeds.
    MustLeaveOpponentSeeds: Legality, "moves.feeding = \"must-leave-opponent-seeds\"", [TableSowing, AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// A player who cannot sow ends the game (instead of passing).
    CannotSowEndsGame: Legality, "moves.cannot_sow = \"end-game\"", [TableSowing, AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// A player who can capture must.
    MustCapture: Legality, "moves.must_capture = true", [TableSowing, SeedsAndSide, LapsAlike, Solvable];
    /// A sowing that captures nothing starts in the inner row if one can.
    InnerRowFirst: Legality, "moves.inner_row_first = true", [Solvable];
    /// A clockwise sowing of chosen direction must capture.
    ClockwiseToCapture: Legality, "moves.clockwise = \"if-capturing\"", [SeedsAndSide, LapsAlike, Solvable];
    /// A clockwise sowing of chosen direction must capture with its first lap.
    ClockwiseFirstLap: Legality, "moves.clockwise = \"if-first-lap-captures\"", [Solvable];
    /// Captures by the count the last seed makes.
    CountCapture: Capture, "[capture]", [TableSowing, AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// A capture goes on to the pits before or after.
    Chain: Capture, "capture.chain", [TableSowing, AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// The pit after the landing pit is the one examined.
    ExaminedNextPit: Capture, "capture.examined = \"next-pit\"", [AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// A chain stops after so many pits.
    ChainCap: Capture, "capture.chain_max", [AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// Pits no capture takes.
    ProtectedPits: Capture, "capture.protected", [AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// No capture until a side has sown from each home pit.
    OpeningLock: Capture, "capture.lock = \"all-home-pits-sown\"", [TableSowing, AnyPitMoves, SeedsAndSide, LapsAlike];
    /// No capture on the game's first sowing.
    FirstSowingLock: Capture, "capture.lock = \"first-sowing\"", [AnyPitMoves, SeedsAndSide, LapsAlike];
    /// A capture of every opponent pit takes nothing.
    GrandSlamCapturesNothing: Capture, "capture.grand_slam = \"captures-nothing\"", [TableSowing, AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// A ply that would capture every opponent pit is illegal.
    GrandSlamForbidden: Capture, "capture.grand_slam = \"forbidden\"", [SeedsAndSide, LapsAlike, Solvable];
    /// The pit across from the landing pit is taken.
    OppositeCapture: Capture, "[opposite_capture]", [TableSowing, AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// The opposite capture from either row.
    OppositeCaptureAnywhere: Capture, "opposite_capture.landing = \"anywhere\"", [AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// A capture beyond an empty pit.
    BeyondCapture: Capture, "[beyond_capture]", [AnyPitMoves, SeedsAndSide, LapsAlike, Solvable];
    /// Houses: pits made a player's own for good.
    Houses: Capture, "[houses]", [LapsAlike];
    /// Captures across the board by column.
    ColumnCapture: Capture, "[column_capture]", [Solvable];
    /// Column captures whose seeds are sown on.
    ColumnResow: Capture, "column_capture.then = \"resown\"", [Solvable];
    /// Re-sown seeds enter at an end of the inner row.
    ColumnResowInnerEnd: Capture, "column_capture.resow_from = \"inner-end\"", [Solvable];
    /// Later laps capture only when the first lap did.
    ColumnIfFirstCaptures: Capture, "column_capture.laps = \"if-first-captures\"", [Solvable];
    /// A sowing that goes full circle captures nothing.
    ColumnFullCircle: Capture, "column_capture.full_circle = \"captures-nothing\"", [Solvable];
    /// Pits traded for captured seeds.
    Trading: Capture, "trading.enabled = true", [TableSowing, AnyPitMoves, LapsAlike];
    /// The game ends when every pit holds fewer than a count.
    EndAllPitsBelow: End, "end.all_pits_below", [QuickEnd, Solvable];
    /// The game ends when a player has captured more than a count.
    EndCapturedMoreThan: End, "end.captured_more_than", [];
    /// The game ends when either home row is empty.
    EndEitherRowEmpty: End, "end.either_row_empty = true", [Solvable];
    /// The game ends when few seeds are left.
    EndSeedsLeftAtMost: End, "end.seeds_left_at_most", [Solvable];
    /// The seeds left at such an end go to the first player.
    SeedsLeftToFirst: End, "end.seeds_left_to = \"first-player\"", [QuickEnd, Solvable];
    /// The game ends when a player cannot feed: the mover takes all.
    CannotFeedMoverTakesAll: End, "moves.cannot_feed = \"end-game-mover-takes-all\"", [Solvable];
    /// The game ends when a player cannot feed: the opponent takes all.
    CannotFeedOpponentTakesAll: End, "moves.cannot_feed = \"end-game-opponent-takes-all\"", [Solvable];
    /// The seeds left go to nobody.
    LeftoversToNobody: End, "end.leftovers = \"nobody\"", [QuickEnd, Solvable];
    /// The game ends after so many plies.
    MaxPlies: End, "end.max_plies", [];
    /// Only a total of more than half the seeds wins.
    MajorityWinner: End, "end.winner = \"majority\"", [QuickEnd];
    /// A player whose inner row is empty loses.
    EndInnerRowEmpty: End, "end.inner_row_empty", [Solvable];
    /// An inner row emptied during a sowing stops it there.
    InnerRowEmptyAtOnce: Sowing, "end.inner_row_empty = \"loses-at-once\"", [Solvable];
}

impl fmt::Display for Mechanic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A set of [`Mechanic`]s: what a rule file uses, or what a path handles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MechanicSet(u64);

const _: () = assert!(Mechanic::ALL.len() <= 64, "a MechanicSet holds 64");

impl MechanicSet {
    /// No mechanic.
    pub const EMPTY: MechanicSet = MechanicSet(0);

    /// The set of these mechanics (usable in constants).
    #[must_use]
    pub const fn of(list: &[Mechanic]) -> MechanicSet {
        let mut bits = 0u64;
        let mut i = 0;
        while i < list.len() {
            bits |= 1 << list[i] as u8;
            i += 1;
        }
        MechanicSet(bits)
    }

    /// The set and `other` together.
    #[must_use]
    pub const fn with(self, other: MechanicSet) -> MechanicSet {
        MechanicSet(self.0 | other.0)
    }

    /// Every mechanic of one part of the rule file.
    #[must_use]
    pub const fn of_kind(kind: Kind) -> MechanicSet {
        let mut bits = 0u64;
        let mut i = 0;
        while i < Mechanic::ALL.len() {
            if Mechanic::ALL[i].kind() as u8 == kind as u8 {
                bits |= 1 << Mechanic::ALL[i] as u8;
            }
            i += 1;
        }
        MechanicSet(bits)
    }

    /// Every mechanic of `class`.
    #[must_use]
    pub const fn of_class(class: Class) -> MechanicSet {
        let mut bits = 0u64;
        let mut i = 0;
        while i < Mechanic::ALL.len() {
            if Mechanic::ALL[i].is(class) {
                bits |= 1 << Mechanic::ALL[i] as u8;
            }
            i += 1;
        }
        MechanicSet(bits)
    }

    /// Whether `m` is in the set.
    #[must_use]
    pub const fn contains(self, m: Mechanic) -> bool {
        self.0 >> m as u8 & 1 == 1
    }

    /// Whether every mechanic of the set is in `other`.
    #[must_use]
    pub const fn is_subset(self, other: MechanicSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The mechanics of the set, in declaration order.
    pub fn iter(self) -> impl Iterator<Item = Mechanic> {
        Mechanic::ALL
            .iter()
            .copied()
            .filter(move |&m| self.contains(m))
    }

    fn insert(&mut self, m: Mechanic) {
        self.0 |= 1 << m as u8;
    }
}

/// The mechanics one rule file uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mechanics(MechanicSet);

impl Mechanics {
    /// The mechanics `rules` use.
    #[must_use]
    pub fn of(rules: &Rules) -> Mechanics {
        let mut set = MechanicSet::EMPTY;
        let mut add = |m: Mechanic, used: bool| {
            if used {
                set.insert(m);
            }
        };
        // Every field is named: a new one does not compile until it is
        // classified (or said, here, to be no mechanic).
        let Rules {
            provenance: _,
            board,
            initial: _,
            first: _,
            direction,
            pit_directions,
            first_seed,
            skip_origin,
            laps,
            later_rounds,
            stores,
            extra_turn,
            cannot_feed,
            beyond_capture,
            houses,
            opposite_capture,
            column_capture,
            sowing_capture,
            sow_from,
            feeding,
            cannot_sow,
            must_capture,
            inner_row_first,
            clockwise,
            min_seeds,
            // Only meaningful with a minimum above one: part of `MinSeeds`.
            below_min_if_no_other: _,
            opening,
            capture,
            trading,
            end,
            // A match changes no game's play: it sets up the next game
            // from the end of the last.
            match_play: _,
            interpretations: _,
            readings: _,
            total_seeds: _,
        } = rules;

        add(Mechanic::Stores, *stores);
        add(Mechanic::MustCapture, *must_capture);
        add(Mechanic::InnerRowFirst, *inner_row_first);
        add(
            Mechanic::ClockwiseToCapture,
            *clockwise == Clockwise::IfCapturing,
        );
        add(
            Mechanic::ClockwiseFirstLap,
            *clockwise == Clockwise::IfFirstLapCaptures,
        );
        add(Mechanic::FourRows, board.rows() == 4);
        add(
            Mechanic::Clockwise,
            match direction {
                Direction::CounterClockwise => false,
                Direction::Clockwise => true,
            },
        );
        for d in pit_directions {
            match d {
                PitDirection::Fixed(d) => add(Mechanic::MixedDirections, d != direction),
                PitDirection::Chosen => add(Mechanic::ChosenDirection, true),
            }
        }
        add(
            Mechanic::FirstSeedInOrigin,
            match first_seed {
                FirstSeed::NextPit => false,
                FirstSeed::Origin | FirstSeed::OriginUnlessSingle => true,
            },
        );
        add(Mechanic::SkipOrigin, *skip_origin);
        match laps {
            Laps::Single => {}
            Laps::Relay => add(Mechanic::Relay, true),
            Laps::RelayFromNext => add(Mechanic::RelayFromNext, true),
        }
        match later_rounds {
            LaterRounds::WholeCircuit => {}
            LaterRounds::OpponentRow => add(Mechanic::LaterRoundsInOpponentRow, true),
        }
        match extra_turn {
            ExtraTurn::None => {}
            ExtraTurn::LastInOwnStore => add(Mechanic::ExtraTurn, true),
            ExtraTurn::AfterCapture => add(Mechanic::ExtraTurnAfterCapture, true),
        }
        match cannot_feed {
            CannotFeed::AnySowing => {}
            CannotFeed::MoverTakesAll => add(Mechanic::CannotFeedMoverTakesAll, true),
            CannotFeed::OpponentTakesAll => add(Mechanic::CannotFeedOpponentTakesAll, true),
        }
        if let Some(BeyondCapture {
            zone: _,
            chain_pairs: _,
            sow_on: _,
        }) = beyond_capture
        {
            add(Mechanic::BeyondCapture, true);
        }
        if let Some(Houses {
            made_at: _,
            own_row: _,
            opponent_row: _,
            max_per_player: _,
            not_same_number: _,
        }) = houses
        {
            add(Mechanic::Houses, true);
        }
        if let Some(ColumnCapture {
            when: _,
            takes: _,
            needs: _,
            then,
            laps,
            full_circle_captures_nothing,
        }) = column_capture
        {
            add(Mechanic::ColumnCapture, true);
            match then {
                ColumnThen::Captured => {}
                ColumnThen::Resown(from) => {
                    add(Mechanic::ColumnResow, true);
                    add(
                        Mechanic::ColumnResowInnerEnd,
                        matches!(from, ResowFrom::InnerEnd { .. }),
                    );
                }
            }
            add(
                Mechanic::ColumnIfFirstCaptures,
                *laps == ColumnLaps::IfFirstCaptures,
            );
            add(Mechanic::ColumnFullCircle, *full_circle_captures_nothing);
        }
        if let Some(OppositeCapture {
            landing,
            take_last_seed_alone: _,
            capturing_seed_taken: _,
        }) = opposite_capture
        {
            add(Mechanic::OppositeCapture, true);
            match landing {
                OppositeLanding::OwnTerritory => {}
                OppositeLanding::Anywhere => add(Mechanic::OppositeCaptureAnywhere, true),
            }
        }
        if let Some(SowingCapture {
            counts: _,
            taker: _,
            last_seed_taker: _,
            sow_on: _,
        }) = sowing_capture
        {
            add(Mechanic::SowingCapture, true);
        }
        match sow_from {
            SowFrom::Controlled => {}
            SowFrom::HomeRow => add(Mechanic::SowFromHomeRow, true),
            SowFrom::OpponentRow => add(Mechanic::SowFromOpponentRow, true),
        }
        match feeding {
            Feeding::None => {}
            Feeding::MustFeedEmptyOpponent => add(Mechanic::MustFeedEmptyOpponent, true),
            Feeding::MustLeaveOpponentSeeds => add(Mechanic::MustLeaveOpponentSeeds, true),
        }
        match cannot_sow {
            CannotSow::Pass => {}
            CannotSow::EndGame => add(Mechanic::CannotSowEndsGame, true),
        }
        add(Mechanic::MinSeeds, *min_seeds > 1);
        match opening {
            Opening::None => {}
            Opening::EachHomePitOnce => add(Mechanic::OpeningEachHomePitOnce, true),
        }
        if let Some(Capture {
            // The counts and the zones say which captures happen, not how
            // a path must walk them: every path reads them.
            counts: _,
            landing: _,
            chain,
            chain_zone: _,
            lock,
            grand_slam,
            examined,
            chain_max,
            immune,
        }) = capture
        {
            add(Mechanic::CountCapture, true);
            match chain {
                Chain::None => {}
                Chain::Backward | Chain::Forward | Chain::Both => add(Mechanic::Chain, true),
            }
            match lock {
                Lock::None => {}
                Lock::FirstSowing => add(Mechanic::FirstSowingLock, true),
                Lock::AllHomePitsSown {
                    release_may_capture: _,
                } => add(Mechanic::OpeningLock, true),
            }
            match grand_slam {
                GrandSlam::Captures => {}
                GrandSlam::CapturesNothing => add(Mechanic::GrandSlamCapturesNothing, true),
                GrandSlam::Forbidden => add(Mechanic::GrandSlamForbidden, true),
            }
            match examined {
                Examined::LandingPit => {}
                Examined::NextPit => add(Mechanic::ExaminedNextPit, true),
            }
            add(Mechanic::ChainCap, chain_max.is_some());
            add(Mechanic::ProtectedPits, !immune.is_empty());
        }
        if let Some(Trading {
            max_pits: _,
            price_per_pit: _,
            keep_at_least: _,
            only_if_affordable: _,
        }) = trading
        {
            add(Mechanic::Trading, true);
        }
        let End {
            all_pits_below,
            captured_more_than,
            either_row_empty,
            seeds_left_at_most,
            seeds_left_to_first,
            // Every game ends on a repetition: no mechanic of its own.
            repetition: _,
            leftovers,
            max_plies,
            inner_row_empty,
            winner,
        } = end;
        add(Mechanic::EndAllPitsBelow, all_pits_below.is_some());
        add(Mechanic::EndCapturedMoreThan, captured_more_than.is_some());
        add(Mechanic::EndEitherRowEmpty, *either_row_empty);
        add(Mechanic::EndSeedsLeftAtMost, seeds_left_at_most.is_some());
        add(Mechanic::SeedsLeftToFirst, *seeds_left_to_first);
        match leftovers {
            Leftovers::Controller => {}
            Leftovers::Nobody => add(Mechanic::LeftoversToNobody, true),
        }
        add(Mechanic::MaxPlies, max_plies.is_some());
        match winner {
            Winner::HigherTotal => {}
            Winner::Majority => add(Mechanic::MajorityWinner, true),
        }
        add(Mechanic::EndInnerRowEmpty, inner_row_empty.is_some());
        add(
            Mechanic::InnerRowEmptyAtOnce,
            *inner_row_empty == Some(InnerRowEmpty::AtOnce),
        );
        Mechanics(set)
    }

    /// The set of mechanics used.
    #[must_use]
    pub fn set(self) -> MechanicSet {
        self.0
    }

    /// Whether the rules use `m`.
    #[must_use]
    pub fn uses(self, m: Mechanic) -> bool {
        self.0.contains(m)
    }

    /// Whether the rules use only mechanics that `handled` holds: the test
    /// every fast path and the solver make.
    #[must_use]
    pub fn only(self, handled: MechanicSet) -> bool {
        self.0.is_subset(handled)
    }

    /// The mechanics used that `handled` does not hold, in declaration
    /// order.
    pub fn beyond(self, handled: MechanicSet) -> impl Iterator<Item = Mechanic> {
        self.0.iter().filter(move |&m| !handled.contains(m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{BUNDLED, bundled};

    #[test]
    fn the_plainest_rules_use_no_mechanic_but_their_captures() {
        let kpe = Mechanics::of(&bundled("kpe").unwrap());
        assert!(kpe.uses(Mechanic::CountCapture));
        assert!(kpe.uses(Mechanic::OpeningLock));
        assert!(!kpe.uses(Mechanic::Stores));
        assert!(!kpe.uses(Mechanic::Trading));
    }

    #[test]
    fn each_bundled_game_is_classified_by_what_its_file_says() {
        for (id, _, _) in BUNDLED {
            let rules = bundled(id).unwrap();
            let m = Mechanics::of(&rules);
            assert_eq!(m.uses(Mechanic::Stores), rules.stores, "{id}");
            assert_eq!(m.uses(Mechanic::Trading), rules.trading.is_some(), "{id}");
            assert_eq!(m.uses(Mechanic::Houses), rules.houses.is_some(), "{id}");
            assert_eq!(
                m.uses(Mechanic::Relay) || m.uses(Mechanic::RelayFromNext),
                rules.laps != Laps::Single,
                "{id}"
            );
        }
    }

    #[test]
    fn sets_hold_what_they_are_made_of() {
        let s = MechanicSet::of(&[Mechanic::Relay, Mechanic::MaxPlies]);
        assert!(s.contains(Mechanic::Relay) && s.contains(Mechanic::MaxPlies));
        assert!(!s.contains(Mechanic::Stores));
        assert!(MechanicSet::of(&[Mechanic::Relay]).is_subset(s));
        assert!(!s.is_subset(MechanicSet::of(&[Mechanic::Relay])));
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            [Mechanic::Relay, Mechanic::MaxPlies]
        );
        let all = MechanicSet::of(Mechanic::ALL);
        assert_eq!(all.iter().count(), Mechanic::ALL.len());
    }

    #[test]
    fn a_mechanic_beyond_a_path_is_named() {
        let relay = bundled("kpe").unwrap();
        let m = Mechanics::of(&relay);
        let handled = MechanicSet::of(&[Mechanic::CountCapture]);
        assert!(!m.only(handled));
        assert!(m.beyond(handled).any(|x| x == Mechanic::OpeningLock));
        assert!(m.beyond(m.set()).next().is_none());
    }
}
