//! A compiled variant: a [`Rules`] and the tables the engine derives from it.
//!
//! [`Variant::new`] is the one place where rules are compiled. The rules
//! inside a variant cannot be changed (a `Variant` gives them out only by
//! shared reference), so no table can fall out of step with the meaning
//! it was built from: to play other rules, compile them anew.
//!
//! ```compile_fail
//! let mut kpe = ayla::engine::Variant::new(ayla::rules::bundled("kpe").unwrap());
//! kpe.skip_origin = true; // the rules of a compiled variant are read-only
//! ```

use super::ply::Ply;
use crate::board::{MAX_PITS, MAX_PITS_PER_ROW, Pit, PitSet, Side};
use crate::rules::mechanics::{Class, Kind};
use crate::rules::{
    ColumnLaps, Direction, Laps, LaterRounds, Mechanic, MechanicSet, Mechanics, PitDirection,
    Rules, SowFrom, Zone,
};
use std::ops::Deref;

/// What the table-driven sowing of [`Position`](super::Position)'s fast
/// path handles ([`Class::TableSowing`], declared with each mechanic):
/// single laps in one direction for the whole board, captures by count
/// with chains, the opening lock, the opposite capture from the mover's
/// own territory, and trading. Rules with any other mechanic sow on the
/// general path (`super::general`). How the game ends is no concern of a
/// sowing.
pub(crate) const PLAIN_SOWING: MechanicSet =
    MechanicSet::of_class(Class::TableSowing).with(MechanicSet::of_kind(Kind::End));

/// What the fast listing of legal plies handles ([`Class::AnyPitMoves`]):
/// every sowing that starts from any non-empty controlled pit in the
/// board's one direction, with the feeding rules. A minimum count, an
/// opening, chosen or mixed directions, a first seed in the origin, later
/// rounds in the opponent's row, houses, a forbidden grand slam or a
/// capture obligation take the legality pass of the general path.
pub(crate) const PLAIN_MOVES: MechanicSet =
    MechanicSet::of_class(Class::AnyPitMoves).with(MechanicSet::of_kind(Kind::End));

/// The ends the game's quick end check judges on every ply
/// ([`Class::QuickEnd`]); any other end a rule file uses is judged out of
/// the hot path (`rare_ends`). Who gets the seeds left and who wins
/// change no end, so they are in.
pub(crate) const QUICK_ENDS: MechanicSet = MechanicSet::of_class(Class::QuickEnd);

/// What packed repetition keys hold (a state's seeds and side to act, in
/// 128 bits; [`Class::SeedsAndSide`]): every mechanic whose state is only
/// that. Trading (owners, captured totals that fall) and houses need
/// more.
pub(crate) const PACKED_KEYS: MechanicSet =
    MechanicSet::of_class(Class::SeedsAndSide).with(MechanicSet::of_kind(Kind::End));

/// Where the general path may sow whole laps at once, every seed of a lap
/// falling alike ([`Class::LapsAlike`]): each mechanic but those that
/// treat seeds of a lap differently (sowing captures, later rounds in the
/// opponent's row, a first seed in the origin). Houses stop it too, but
/// only once one stands, which the sowing checks itself.
pub(crate) const BULK_LAPS: MechanicSet =
    MechanicSet::of_class(Class::LapsAlike).with(MechanicSet::of_kind(Kind::End));

/// Where a pit lies on its circuit ([`Variant::circuit_pits`]).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct CircuitPlace {
    /// The circuit's first index in `circuit_pits`.
    pub(crate) start: u8,
    /// Its number of pits (0: the pit is on no circuit).
    pub(crate) len: u8,
    /// The pit's index in the circuit, counter-clockwise from `start`.
    pub(crate) at: u8,
}

impl Variant {
    /// The pit `k` pits after `p` going `dir` round `p`'s circuit.
    #[inline]
    pub(crate) fn circuit_step(&self, p: Pit, k: usize, dir: Direction) -> Pit {
        let place = self.circuit_places[p.index()];
        let (len, at) = (usize::from(place.len), usize::from(place.at));
        // Divisions are slow and laps short: wrap by subtraction.
        let k = if k < len { k } else { k % len };
        let j = match dir {
            Direction::CounterClockwise => wrap(at + k, len),
            Direction::Clockwise => wrap(at + len - k, len),
        };
        Pit(self.circuit_pits[usize::from(place.start) + j])
    }

    /// How many pits `q` lies after `p` going `dir`, if on `p`'s circuit.
    #[inline]
    pub(crate) fn circuit_distance(&self, p: Pit, q: Pit, dir: Direction) -> Option<usize> {
        let (a, b) = (
            self.circuit_places[p.index()],
            self.circuit_places[q.index()],
        );
        if a.len == 0 || b.len == 0 || a.start != b.start {
            return None;
        }
        let (len, i, j) = (usize::from(a.len), usize::from(a.at), usize::from(b.at));
        Some(match dir {
            Direction::CounterClockwise => wrap(j + len - i, len),
            Direction::Clockwise => wrap(i + len - j, len),
        })
    }
}

/// `i` modulo `len`, for `i` below `2 * len`.
#[inline]
fn wrap(i: usize, len: usize) -> usize {
    if i >= len { i - len } else { i }
}

/// A rulebook compiled for the engine. It dereferences to its [`Rules`],
/// so `variant.per_row()` or `notation::format_position(&variant, …)` read
/// the meaning directly; the tables are the engine's own.
#[derive(Debug, Clone)]
pub struct Variant {
    rules: Rules,
    /// `next[p]`: the pit after `p` in the sowing direction.
    pub(crate) next: [u8; MAX_PITS],
    /// `prev[p]`: the pit before `p` in the sowing direction.
    pub(crate) prev: [u8; MAX_PITS],
    /// Each side's last home pit in sowing order, after which its store lies.
    pub(crate) last_house: [u8; 2],
    /// `to_house[side][p]`: pits from `p` to `side`'s last house in sowing
    /// order (0 at the house): a sowing of more seeds than that from `p`
    /// drops one in `side`'s store.
    pub(crate) to_house: [[u8; MAX_PITS]; 2],
    /// Words of four 16-bit seed counts the board fills.
    pub(crate) seed_words: usize,
    /// No stores, no relay, no sowing captures, none of the mechanics of
    /// the general path (`super::general`): sowings take the fast
    /// single-lap path.
    pub(crate) plain_sowing: bool,
    /// Any of the end conditions few files use (captured more than, a row
    /// empty, an impossible feed, few seeds left, a ply cap): checked out
    /// of the hot path.
    pub(crate) rare_ends: bool,
    /// Every pit of the board.
    pub(crate) all_pits: PitSet,
    /// Each side's home row, South then North.
    pub(crate) rows: [PitSet; 2],
    /// `runs[o * (pits + 1) + k]`: the first `k` pits after `o` in the sowing
    /// direction, `k` from 0 to the number of pits (then the origin is the
    /// last), and the last of them (`o` for none): the pits a sowing of `k`
    /// seeds from `o` reaches, and where it lands.
    pub(crate) runs: Vec<(PitSet, Pit)>,
    /// `pits + 1`, the stride of `runs`.
    pub(crate) run_stride: usize,
    /// `sowings[o * sowing_stride + n]`: the plain sowing of `n` seeds from
    /// `o`, whole laps included (see [`Sowing`]), for every count a pit can
    /// hold, when the board has at most 16 pits and the table is small
    /// (at most [`SOWINGS_MAX`] entries); empty otherwise. It makes a
    /// sowing one load and add per word of four pits.
    pub(crate) sowings: Vec<Sowing>,
    /// `total_seeds + 1` when `sowings` is filled, else 0.
    pub(crate) sowing_stride: usize,
    /// At most 8 pits, fewer than 2^14 seeds and no trading (so no offer):
    /// a state's seeds and side to act pack into 128 bits, so repetition
    /// keys are exact.
    pub(crate) packed_keys: bool,
    /// No trading. Then every legal ply is a sowing or a pass, never an
    /// offer or an answer; each side controls its home row for the whole
    /// game; and captured totals only grow, so a capture starts a new
    /// repetition window. With trading a payment gives captured seeds back
    /// and pits can change hands back and forth, so a whole state may
    /// recur across them: the window then runs from lock progress only,
    /// and the key holds owners and captured totals.
    pub(crate) no_trading: bool,
    /// Without trading, where each mover's last seed may capture
    /// (`[capture] landing`), South then North; empty without captures.
    pub(crate) landing_zones: [PitSet; 2],
    /// `step[d][p]`: the pit after `p` going in direction `d` (0:
    /// counter-clockwise, 1: clockwise), for sowings whose direction is
    /// not the board's (`sowing.direction` by pit, or chosen).
    pub(crate) step: [[u8; MAX_PITS]; 2],
    /// `opposite[p]`: the pit across the board from `p` (the geometry's
    /// `opposite`), which opposite captures take.
    pub(crate) opposite: [u8; MAX_PITS],
    /// `behind[p]`: the outer pit behind inner pit `p` on four rows (the
    /// geometry's `behind`; `p` itself where there is none), which column
    /// captures take with it.
    pub(crate) behind: [u8; MAX_PITS],
    /// Each side's inner row (on two rows its only row), South then North:
    /// where a lap must end to make a column capture.
    pub(crate) inner_rows: [PitSet; 2],
    /// `inner_entries[side][d]`: the end pit of `side`'s inner row at
    /// which a sowing going `d` enters that row (where re-sown seeds start
    /// with `column_capture.resow_from = "inner-end"`).
    pub(crate) inner_entries: [[Pit; 2]; 2],
    /// The pits of every circuit, one circuit after another, each in
    /// counter-clockwise order: where `circuit_places` point.
    pub(crate) circuit_pits: [u8; MAX_PITS],
    /// `circuit_places[p]`: where `p` lies in `circuit_pits` (a circuit of
    /// length 0 for a pit on none). A lap's length round it tells a sowing
    /// that goes full circle (`column_capture.full_circle`), and its
    /// arithmetic gives where a lap lands without walking it.
    pub(crate) circuit_places: [CircuitPlace; MAX_PITS],
    /// `numbers[p]`: `p`'s number in its row, 1 to N, from its owner's left.
    pub(crate) numbers: [u8; MAX_PITS],
    /// Pits whose sowing direction the mover chooses.
    pub(crate) chosen: PitSet,
    /// Pits whose sowings go clockwise (fixed).
    pub(crate) clockwise: PitSet,
    /// None of the legality rules added with the two-row corpus (a
    /// minimum count, an opening, chosen or mixed directions, a forbidden
    /// grand slam, a sowing whose first lap the run table cannot give):
    /// legal plies take the fast path of earlier versions.
    pub(crate) plain_moves: bool,
    /// The `sown` state is recorded (a lock or an opening rule).
    pub(crate) records_sown: bool,
    /// Whether the pits each side may sow from are fixed for the game
    /// (`origins`): always, unless trading moves the pits one controls.
    pub(crate) fixed_origins: bool,
    /// `fixed_origins` and `plain_moves`: the pits one may sow from are
    /// the non-empty ones of `origins`.
    pub(crate) plain_origins: bool,
    /// `no_trading` and `plain_moves`: every legal ply is a sowing from a
    /// pit the fast listing gives.
    pub(crate) plain_sowing_set: bool,
    /// Each side's pits it may sow from, when `fixed_origins`.
    pub(crate) origins: [PitSet; 2],
    /// Whether the general path may sow whole laps at once (while no
    /// house stands): see [`BULK_LAPS`].
    pub(crate) bulk_laps: bool,
    /// Whether a sowing captures is settled by its first lap, every seed
    /// of which is a plain drop: the only capture is a column capture of
    /// the first lap's seeds (`column_capture.laps = "if-first-captures"`),
    /// and there is no store, skipped origin, later round in the
    /// opponent's row or sowing capture. The capture obligation then asks
    /// it of a copy of the seeds alone (`super::general`).
    pub(crate) first_lap_probe: bool,
    /// Every lap drops one seed in each pit it passes and nothing else:
    /// no store, skipped origin, later round in the opponent's row,
    /// sowing capture or house on the way. Read once a lap, so that the
    /// general path need not ask each of those rules again.
    pub(crate) plain_laps: bool,
    /// The pits out of play in this game of a match (`[match]`): every
    /// table of the board passes over them ([`Variant::for_game`]).
    pub(crate) closed: PitSet,
    /// The pits handed to the player across from their row for this game
    /// of a match (`match.unfilled = "to-opponent"`).
    pub(crate) handed: PitSet,
    /// The player who moved first in this game: `board.first`, or in a
    /// later game of a match the player the match sets to begin it
    /// ([`Variant::begun_by`]); `end.seeds_left_to = "first-player"`
    /// gives them the seeds left.
    pub(crate) first_mover: Side,
    /// Every sowing ends with its first lap: single laps, and no column
    /// capture to re-sow.
    pub(crate) one_lap: bool,
    /// Each side's pits that may become its house (`[houses]`): the
    /// `own_row` numbers of its home row and the `opponent_row` numbers of
    /// the other; empty without houses.
    pub(crate) house_sites: [PitSet; 2],
}

/// `to_house[side][p]` ([`Variant::to_house`]): the pits from `p` to
/// `side`'s last house, walking back from the house along `prev` over
/// the `len` pits of the circuit.
fn to_house_table(last_house: [u8; 2], prev: &[u8; MAX_PITS], len: usize) -> [[u8; MAX_PITS]; 2] {
    last_house.map(|house| {
        let mut d = [0u8; MAX_PITS];
        let mut p = house;
        for k in 0..len {
            d[usize::from(p)] = k as u8;
            p = prev[usize::from(p)];
        }
        d
    })
}

/// [`Variant::runs`]: for each origin, the first `k` pits after it along
/// `next`, `k` from 0 to `pits`, and the last of them.
fn runs_table(next: &[u8; MAX_PITS], pits: usize) -> Vec<(PitSet, Pit)> {
    (0..pits)
        .flat_map(|o| {
            let mut p = Pit(o as u8);
            let mut set = PitSet::EMPTY;
            std::iter::once((set, p)).chain((0..pits).map(move |_| {
                p = Pit(next[p.index()]);
                set.insert(p);
                (set, p)
            }))
        })
        .collect()
}

/// The index of a direction in [`Variant`]'s `step` table.
#[inline]
pub(crate) fn dir_index(d: Direction) -> usize {
    match d {
        Direction::Clockwise => 1,
        _ => 0,
    }
}

impl Deref for Variant {
    type Target = Rules;

    #[inline]
    fn deref(&self) -> &Rules {
        &self.rules
    }
}

impl From<Rules> for Variant {
    fn from(rules: Rules) -> Variant {
        Variant::new(rules)
    }
}

impl Variant {
    /// Compiles `rules` into the engine's tables.
    ///
    /// # Panics
    /// If `rules` break a bound the loader checks (a board of 1 to 26 pits
    /// a row, one initial count per pit, the total they give): rules read
    /// from a file always keep them, and a program that edits a `Rules`
    /// must too.
    #[must_use]
    pub fn new(rules: Rules) -> Variant {
        let pits = rules.pits();
        assert!(
            (1..=MAX_PITS_PER_ROW).contains(&rules.per_row()),
            "a board has 1 to {MAX_PITS_PER_ROW} pits a row, not {}",
            rules.per_row()
        );
        assert_eq!(rules.initial.len(), pits, "one initial count per pit");
        assert_eq!(
            rules.initial.iter().map(|&x| u32::from(x)).sum::<u32>(),
            rules.total_seeds,
            "total_seeds is the sum of the initial counts"
        );
        let mut next = [0u8; MAX_PITS];
        let mut prev = [0u8; MAX_PITS];
        for p in 0..pits {
            next[p] = rules.next(Pit(p as u8)).0;
            prev[p] = rules.prev(Pit(p as u8)).0;
        }
        // A board whose circuits never leave a player's pits (four rows)
        // has no place for a store: the table is then unused, as stores
        // are refused there.
        let last_house = Side::BOTH.map(|s| {
            rules
                .board
                .store_after(s, rules.direction)
                .map_or(0, |p| p.0)
        });
        let to_house = to_house_table(last_house, &prev, pits);
        let rows = Side::BOTH.map(|s| rules.home_row(s));
        let runs = runs_table(&next, pits);
        let total = rules.total_seeds as usize;
        let board = &rules.board;
        let mut step = [[0u8; MAX_PITS]; 2];
        for (d, row) in step.iter_mut().enumerate() {
            let dir = [Direction::CounterClockwise, Direction::Clockwise][d];
            for (p, to) in row.iter_mut().enumerate().take(pits) {
                *to = board.next(Pit(p as u8), dir).0;
            }
        }
        let mut circuit_pits = [0u8; MAX_PITS];
        let mut circuit_places = [CircuitPlace::default(); MAX_PITS];
        let mut start = 0;
        for circuit in board.circuits() {
            for (at, p) in circuit.iter().enumerate() {
                circuit_pits[start + at] = p.0;
                circuit_places[p.index()] = CircuitPlace {
                    start: start as u8,
                    len: circuit.len() as u8,
                    at: at as u8,
                };
            }
            start += circuit.len();
        }
        let mut opposite = [0u8; MAX_PITS];
        let mut numbers = [0u8; MAX_PITS];
        let mut behind = [0u8; MAX_PITS];
        for p in board.all_pits().iter() {
            behind[p.index()] = board.behind(p).unwrap_or(p).0;
            // A pit facing no one (a middle row) faces itself: no rule of
            // a two-row board reaches it.
            opposite[p.index()] = board.opposite(p).unwrap_or(p).0;
            numbers[p.index()] = board.number(p) as u8;
        }
        let (mut chosen, mut clockwise) = (PitSet::EMPTY, PitSet::EMPTY);
        for p in board.all_pits().iter() {
            match crate::engine::pit_direction(&rules, p) {
                PitDirection::Chosen => chosen.insert(p),
                PitDirection::Fixed(Direction::Clockwise) => clockwise.insert(p),
                PitDirection::Fixed(_) => {}
            }
        }
        let mechanics = Mechanics::of(&rules);
        let plain_sowing = mechanics.only(PLAIN_SOWING);
        let plain_moves = mechanics.only(PLAIN_MOVES);
        let sowings = if plain_sowing {
            sowing_table(pits, rules.skip_origin, total, &runs)
        } else {
            Vec::new()
        };
        let sowing_stride = if sowings.is_empty() { 0 } else { total + 1 };
        let no_trading = !mechanics.uses(Mechanic::Trading);
        let plain_laps = !rules.stores
            && !rules.skip_origin
            && rules.later_rounds == LaterRounds::WholeCircuit
            && rules.sowing_capture.is_none()
            && rules.houses.is_none();
        Variant {
            next,
            prev,
            last_house,
            to_house,
            seed_words: pits.div_ceil(4),
            plain_sowing,
            rare_ends: mechanics.beyond(QUICK_ENDS).any(|m| m.kind() == Kind::End),
            all_pits: PitSet::range(0, pits),
            rows,
            runs,
            run_stride: pits + 1,
            sowings,
            sowing_stride,
            // With trading the key must also hold owners and captured
            // totals (see `no_trading`), which packing has no room for.
            // Houses need room the packing has not got: such rules hash.
            packed_keys: pits <= 8 && total < 1 << 14 && mechanics.only(PACKED_KEYS),
            no_trading,
            landing_zones: Side::BOTH.map(|mover| match rules.capture.map(|c| c.landing) {
                None => PitSet::EMPTY,
                Some(Zone::Anywhere) => PitSet::range(0, pits),
                Some(Zone::OpponentRow | Zone::OpponentTerritory) => rows[mover.opponent().index()],
            }),
            step,
            opposite,
            behind,
            inner_rows: Side::BOTH.map(|s| board.row_pits(board.inner_row(s))),
            inner_entries: Side::BOTH.map(|s| {
                let row = board.row_pits(board.inner_row(s));
                [Direction::CounterClockwise, Direction::Clockwise].map(|d| {
                    row.iter()
                        .find(|&p| !row.contains(board.prev(p, d)))
                        .unwrap_or(Pit(0))
                })
            }),
            circuit_pits,
            circuit_places,
            numbers,
            chosen,
            clockwise,
            plain_moves,
            records_sown: rules.records_sown(),
            bulk_laps: mechanics.only(BULK_LAPS),
            first_lap_probe: rules
                .column_capture
                .as_ref()
                .is_some_and(|cc| cc.laps == ColumnLaps::IfFirstCaptures)
                && rules.capture.is_none()
                && rules.opposite_capture.is_none()
                && rules.beyond_capture.is_none()
                && plain_laps,
            plain_laps,
            closed: PitSet::EMPTY,
            handed: PitSet::EMPTY,
            first_mover: rules.first,
            one_lap: rules.laps == Laps::Single && rules.column_capture.is_none(),
            fixed_origins: no_trading || rules.sow_from != SowFrom::Controlled,
            plain_origins: (no_trading || rules.sow_from != SowFrom::Controlled) && plain_moves,
            plain_sowing_set: no_trading && plain_moves,
            origins: Side::BOTH.map(|s| match rules.sow_from {
                SowFrom::Controlled | SowFrom::HomeRow => rows[s.index()],
                SowFrom::OpponentRow => rows[s.opponent().index()],
            }),
            house_sites: Side::BOTH.map(|s| match rules.houses {
                None => PitSet::EMPTY,
                Some(h) => {
                    let numbered = |row: PitSet, nums: crate::rules::RowPits| -> PitSet {
                        row.iter()
                            .filter(|p| nums.contains(usize::from(numbers[p.index()])))
                            .collect()
                    };
                    numbered(rows[s.index()], h.own_row)
                        .or(numbered(rows[s.opponent().index()], h.opponent_row))
                }
            }),
            rules,
        }
    }

    /// This variant for a game `first` began: a later game of a match,
    /// whose first mover the match decides.
    #[must_use]
    pub fn begun_by(mut self, first: Side) -> Variant {
        self.first_mover = first;
        self
    }

    /// The player who moved first in the game (`board.first` unless
    /// [`Variant::begun_by`] says otherwise).
    #[must_use]
    pub fn first_mover(&self) -> Side {
        self.first_mover
    }

    /// The variant for a game of a match whose pits `closed` are out of
    /// play: its tables of neighbours pass over them, so every sowing,
    /// relay, chain and beyond capture does ("as if [they] were not
    /// there"), and a store comes after the last pit of its owner's row
    /// still in play; the feeding test's tables follow them. The
    /// table-driven sowing and whole laps at once, which count every pit,
    /// are left to the general path. With pits `handed` to the player
    /// across from their row, the owners are read from the position, as
    /// with trading: the tables of each side's home row no longer say who
    /// controls what.
    #[must_use]
    pub fn for_game(rules: Rules, closed: PitSet, handed: PitSet) -> Variant {
        let mut v = Variant::new(rules);
        if !handed.is_empty() {
            v.no_trading = false;
            v.packed_keys = false;
            v.fixed_origins = v.rules.sow_from != SowFrom::Controlled;
            v.plain_origins = v.fixed_origins && v.plain_moves;
            v.plain_sowing_set = false;
            v.handed = handed;
        }
        if closed.is_empty() {
            return v;
        }
        let pits = v.pits();
        let open = |table: &[u8; MAX_PITS], p: usize| {
            let mut q = table[p];
            while closed.contains(Pit(q)) && usize::from(q) != p {
                q = table[usize::from(q)];
            }
            q
        };
        let (next, prev) = (v.next, v.prev);
        for p in 0..pits {
            v.next[p] = open(&next, p);
            v.prev[p] = open(&prev, p);
        }
        for d in 0..2 {
            let step = v.step[d];
            for p in 0..pits {
                v.step[d][p] = open(&step, p);
            }
        }
        for s in Side::BOTH {
            let mut house = Pit(v.last_house[s.index()]);
            while closed.contains(house) {
                house = Pit(prev[house.index()]);
            }
            v.last_house[s.index()] = house.0;
            v.house_sites[s.index()] = v.house_sites[s.index()].minus(closed);
        }
        // The tables the feeding test reads (`Position::sowing_reaches`),
        // over the pits in play.
        let open = pits - closed.and(v.all_pits).len();
        v.to_house = to_house_table(v.last_house, &v.prev, open);
        v.runs = runs_table(&v.next, pits);
        v.plain_sowing = false;
        v.sowings = Vec::new();
        v.sowing_stride = 0;
        v.bulk_laps = false;
        v.closed = closed;
        v
    }

    /// The rules this variant was compiled from.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The rules, giving the tables up.
    #[must_use]
    pub fn into_rules(self) -> Rules {
        self.rules
    }

    /// The pits of `side`'s home row (a table load).
    #[must_use]
    #[inline]
    pub fn home_row(&self, side: Side) -> PitSet {
        self.rows[side.index()]
    }

    /// The pit after `p` in the sowing direction (a table load).
    #[inline]
    #[must_use]
    pub fn next(&self, p: Pit) -> Pit {
        Pit(self.next[p.index()])
    }

    /// The pit before `p` in the sowing direction (a table load).
    #[inline]
    #[must_use]
    pub fn prev(&self, p: Pit) -> Pit {
        Pit(self.prev[p.index()])
    }

    /// How sowings from `p` are directed: fixed (and which way), or
    /// chosen by the mover.
    #[must_use]
    pub fn pit_direction(&self, p: Pit) -> PitDirection {
        if self.chosen.contains(p) {
            PitDirection::Chosen
        } else if self.clockwise.contains(p) {
            PitDirection::Fixed(Direction::Clockwise)
        } else {
            PitDirection::Fixed(Direction::CounterClockwise)
        }
    }

    /// The pit after `p` going in direction `d`, stores aside.
    #[inline]
    #[must_use]
    pub fn step(&self, p: Pit, d: Direction) -> Pit {
        Pit(self.step[dir_index(d)][p.index()])
    }

    /// The pit a sowing ply empties and the direction it sows in; `None`
    /// for a ply that is no sowing.
    #[inline]
    #[must_use]
    pub fn sowing_of(&self, ply: Ply) -> Option<(Pit, Direction)> {
        match ply {
            Ply::Sow(p) if self.clockwise.contains(p) => Some((p, Direction::Clockwise)),
            Ply::Sow(p) => Some((p, Direction::CounterClockwise)),
            Ply::SowToward(p, d) => Some((p, d)),
            _ => None,
        }
    }

    /// The pits `side` may make its house (empty without `[houses]`).
    #[must_use]
    pub fn house_sites(&self, side: Side) -> PitSet {
        self.house_sites[side.index()]
    }

    /// The first `k` pits after `origin` in the sowing direction (`k` at
    /// most the number of pits, the origin last when equal), and the last
    /// of them.
    #[inline]
    pub(crate) fn run(&self, origin: usize, k: usize) -> (PitSet, Pit) {
        self.runs[origin * self.run_stride + k]
    }

    /// The plain sowing of `n` seeds from `origin`, if the table has it.
    #[inline]
    pub(crate) fn sowing(&self, origin: usize, n: usize) -> Option<&Sowing> {
        if n >= self.sowing_stride {
            return None;
        }
        self.sowings.get(origin * self.sowing_stride + n)
    }
}

/// One entry of a [`Variant`]'s sowing table: what a plain sowing of some
/// count from some pit does to a board of at most 16 pits.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sowing {
    /// Seeds added to each word of four 16-bit counts (zero past the board).
    pub(crate) add: [u64; 4],
    /// The pits that receive a seed.
    pub(crate) reached: PitSet,
    /// Where the last seed falls.
    pub(crate) landing: Pit,
}

/// Most entries of a sowing table (48 bytes each).
pub(crate) const SOWINGS_MAX: usize = 2048;

/// The sowing table of a board of `pits` pits holding `total` seeds (see
/// [`Variant`]'s `sowings`), or none if it would be too big. `runs` is the
/// run table, stride `pits + 1`. A sowing of more seeds than a lap holds
/// puts whole laps everywhere (but in a skipped origin) and then the rest
/// in a run, as the engine's general path does.
fn sowing_table(
    pits: usize,
    skip_origin: bool,
    total: usize,
    runs: &[(PitSet, Pit)],
) -> Vec<Sowing> {
    if pits > 16 || pits * (total + 1) > SOWINGS_MAX {
        return Vec::new();
    }
    let ring = pits - usize::from(skip_origin);
    let mut table = Vec::with_capacity(pits * (total + 1));
    for o in 0..pits {
        for n in 0..=total {
            let (laps, left) = if n > ring {
                let laps = (n - 1) / ring;
                (laps, n - laps * ring)
            } else {
                (0, n)
            };
            let (run, landing) = runs[o * (pits + 1) + left];
            let mut s = Sowing {
                add: [0; 4],
                reached: run,
                landing,
            };
            for p in 0..pits {
                let lapped = laps > 0 && !(skip_origin && p == o);
                let k = usize::from(run.contains(Pit(p as u8))) + if lapped { laps } else { 0 };
                if k > 0 {
                    s.reached.insert(Pit(p as u8));
                }
                s.add[p / 4] += (k as u64) << (16 * (p % 4));
            }
            table.push(s);
        }
    }
    table
}

#[cfg(test)]
mod path_tests {
    use super::*;
    use crate::reference::random::random_rules;
    use crate::rng::Rng;

    /// Each fast path is taken by some of the bundled and random rule
    /// files and refused by others, so the differential check, which plays
    /// the same random files against the reference, tests every path and
    /// the general path beside it. What a path takes is its set's
    /// business, held to the reference by that check.
    #[test]
    fn every_path_is_both_taken_and_refused() {
        let mut rng = Rng::new(27);
        let mut files: Vec<Rules> = crate::rules::BUNDLED
            .iter()
            .map(|(id, _, _)| crate::rules::bundled(id).unwrap())
            .collect();
        for _ in 0..3000 {
            files.push(crate::rules::parse("random.toml", &random_rules(&mut rng)).unwrap());
        }
        let mut seen = [[false; 2]; 5];
        for rules in files {
            let m = Mechanics::of(&rules);
            let paths = [
                m.only(PLAIN_SOWING),
                m.only(PLAIN_MOVES),
                m.beyond(QUICK_ENDS).any(|x| x.kind() == Kind::End),
                m.only(PACKED_KEYS),
                m.only(BULK_LAPS),
            ];
            for (i, b) in paths.into_iter().enumerate() {
                seen[i][usize::from(b)] = true;
            }
        }
        assert_eq!(seen, [[true; 2]; 5]);
    }
}
