//! A game: a position, its history (for the repetition rule), and its end.

use super::ply::{Effect, Illegal, Ply};
use super::position::Position;
use super::variant::Variant;
use crate::board::{PitSet, Side};
use crate::rules::{CannotFeed, Leftovers};
use crate::rules::{CannotSow, Rules};
use crate::words::{count, ordinal};
use std::fmt;
use std::sync::Arc;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// Every pit holds fewer than this many seeds.
    AllBelow(u16),
    /// The side to act had nothing to sow, and the rules end the game then.
    NoSowing(Side),
    /// A player had captured more than this many seeds.
    CapturedMoreThan(u16),
    /// A player's home row was left empty.
    RowEmpty(Side),
    /// The side to act (this side) owed the opponent a feed and could not
    /// give it; the seeds left go to the side `moves.cannot_feed` names
    /// (this side, or with `"end-game-opponent-takes-all"` the opponent).
    CannotFeed(Side),
    /// The board held at most this many seeds.
    SeedsLeft(u16),
    /// The game reached the rules' cap of this many plies.
    PlyCap(u32),
    /// The same state occurred this many times.
    Repetition(u8),
    /// This side's inner row was empty (`end.inner_row_empty`): it loses,
    /// and every seed left goes to the other.
    InnerRowEmpty(Side),
}

impl EndReason {
    /// Every [`code`](EndReason::code), in the order of the variants: the
    /// values a record's `Termination` tag may take.
    pub const CODES: [&'static str; 9] = [
        "all-below",
        "no-sowing",
        "captured-more-than",
        "row-empty",
        "cannot-feed",
        "seeds-left",
        "ply-cap",
        "repetition",
        "inner-row-empty",
    ];

    /// A short stable name: `all-below`, `no-sowing`, `captured-more-than`,
    /// `row-empty`, `cannot-feed`, `seeds-left`, `ply-cap`, `repetition`,
    /// `inner-row-empty`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            EndReason::AllBelow(_) => "all-below",
            EndReason::NoSowing(_) => "no-sowing",
            EndReason::CapturedMoreThan(_) => "captured-more-than",
            EndReason::RowEmpty(_) => "row-empty",
            EndReason::CannotFeed(_) => "cannot-feed",
            EndReason::SeedsLeft(_) => "seeds-left",
            EndReason::PlyCap(_) => "ply-cap",
            EndReason::Repetition(_) => "repetition",
            EndReason::InnerRowEmpty(_) => "inner-row-empty",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndReason::AllBelow(1) => write!(f, "no pit holds a seed"),
            EndReason::AllBelow(k) => {
                write!(
                    f,
                    "every pit holds fewer than {}",
                    count(*k, "seed", "seeds")
                )
            }
            EndReason::NoSowing(s) => write!(f, "{s}, to act, has nothing to sow"),
            EndReason::CapturedMoreThan(k) => {
                write!(
                    f,
                    "a player has captured more than {}",
                    count(*k, "seed", "seeds")
                )
            }
            EndReason::RowEmpty(s) => write!(f, "{s}'s row is empty"),
            // The rules say who takes the seeds left: the outcome's totals
            // show it.
            EndReason::CannotFeed(s) => write!(
                f,
                "{}'s pits are empty and {s} cannot feed them",
                s.opponent()
            ),
            EndReason::SeedsLeft(k) => write!(
                f,
                "the board holds {k} seed{} or fewer",
                if *k == 1 { "" } else { "s" }
            ),
            EndReason::PlyCap(n) => write!(
                f,
                "the game reached its cap of {}",
                count(*n, "ply", "plies")
            ),
            EndReason::Repetition(n) => {
                write!(f, "the same position occurred for the {} time", ordinal(*n))
            }
            EndReason::InnerRowEmpty(s) => write!(f, "{s}'s inner row is empty: {s} loses"),
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Why it ended.
    pub reason: EndReason,
    /// Final totals (captured + swept), South then North.
    pub totals: [u32; 2],
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// The winner had declined a trade offer: "victory without glory".
    pub without_glory: bool,
    /// The seeds each player takes out of the game, South then North:
    /// what a next round of a match is set up from. The totals, but
    /// where an empty inner row decided the game: the seeds left then go
    /// to the winner's total only to score the loss, and each player
    /// holds what they captured and the seeds `end.leftovers` gives them.
    pub held: [u32; 2],
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}: ", self.totals[0], self.totals[1])?;
        match self.winner {
            Some(w) => write!(f, "{w} wins")?,
            None => f.write_str("draw")?,
        }
        if self.without_glory {
            f.write_str(" (victory without glory)")?;
        }
        write!(f, "; the game ended because {}", self.reason)
    }
}

/// What [`Game::restore`] needs to take back plies.
#[derive(Clone, Copy, Debug)]
pub struct Snapshot {
    pos: Position,
    history_len: usize,
    rep_start: usize,
    rep_sum: u64,
    seen: Seen,
    occupied: PitSet,
    sowable: PitSet,
    end: Option<EndReason>,
}

/// A 256-bit filter of the repetition keys in the window: bit
/// `digest(key) >> 56` is set for each. A key whose bit is clear has not occurred in the window,
/// so the repetition count needs no scan; a set bit may be a false alarm,
/// and the count (a scan, or in a long window the count table) decides.
/// Bits of plies taken back stay set (only false alarms); a snapshot keeps
/// the filter of its window.
type Seen = [u64; 4];

/// Sets `key`'s bit in `seen`; whether it was set already.
#[inline]
fn note(seen: &mut Seen, digest: u64) -> bool {
    let bit = (digest >> 56) as usize;
    let (word, mask) = (bit >> 6, 1u64 << (bit & 63));
    let was = seen[word] & mask != 0;
    seen[word] |= mask;
    was
}

/// A well-mixed 64-bit digest of a repetition key (which may be the state
/// itself, packed): one folded multiply. The constants differ from every
/// packed key in some bit that a packed key always has clear (bit 30 of
/// the low word, bit 14 of the high one), so no factor is ever zero.
#[inline]
fn digest(key: u128) -> u64 {
    const LO: u64 = 0xe703_7ed1_a0b4_28db | 1 << 30;
    const HI: u64 = 0x8ebc_6af0_9c88_c6e3 | 1 << 14;
    super::position::mum(key as u64 ^ LO, (key >> 64) as u64 ^ HI)
}

/// Windows of at most this many keys count a repetition by scanning the
/// window (when the filter cannot rule it out); longer ones keep a count
/// table, [`Counts`]. Kpé's windows stay far shorter, so its playouts
/// never leave the scan; Goré's (trading keeps a window open across
/// captures) often do. The engine's search goes at most 127 plies deep
/// (src/search/alphabeta.rs), so no window it opens below its root uses
/// the table: within a search the table never leaves the root's window
/// for another (to be rebuilt on the way back).
const SCAN_MAX: usize = 128;

/// A slot of [`Counts`]: `count` occurrences in the table's range of the
/// key at `history[first]`, its first occurrence there; `count == 0` is an
/// empty slot.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    digest: u64,
    first: u32,
    count: u32,
}

/// How often each key of `history[start..synced]` occurs there: an
/// open-addressing table, linear probing from `digest & mask`, at most half
/// full. Used once a window is longer than [`SCAN_MAX`].
///
/// It is brought up to date lazily, when a count is asked for: it then
/// belongs to the current window (`start == rep_start`) and takes the keys
/// pushed since it was last synced, so each key is added once. Taking back
/// plies ([`Game::restore`], [`Game::reset`]) first removes the keys that
/// leave the history, last pushed first, so `history[start..synced]` is
/// always what the table counts. A table left behind by an irreversible
/// change is emptied the same way the next time a long window asks (its
/// keys are still in the history then).
///
/// Removal is true deletion and needs no backward shift: the slots are
/// always those that inserting the distinct keys of the range, in order of
/// first occurrence, into empty slots would give (growing re-inserts them
/// in that order), and a key leaves when its first occurrence is popped,
/// so it is the last inserted of those left; emptying its slot gives the
/// slots of the shorter range. (`pop` checks this in debug builds.) The
/// slots only grow, and only when the history has, so a `Game` reused for
/// many games allocates nothing once grown.
#[derive(Clone, Debug, Default)]
struct Counts {
    slots: Vec<Slot>,
    /// Non-empty slots.
    distinct: usize,
    start: usize,
    synced: usize,
    /// History entries and slots the repetition count has looked at, in
    /// all (see [`Game::repetition_work`]).
    work: u64,
}

impl Counts {
    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// Room for `more` new keys at most half full. The slots are kept at
    /// twice the history's capacity (`room`), rounded up to a power of two,
    /// which no window outgrows: when the history has grown, they grow
    /// too, and the range is counted again, in order. So the table grows
    /// only after the history has, and at most as often.
    fn reserve(&mut self, history: &[u128], room: usize, more: usize) {
        let need = 2 * (self.distinct + more);
        if need <= self.slots.len() && 2 * room <= self.slots.len() {
            return;
        }
        self.slots = vec![Slot::default(); need.max(2 * room).next_power_of_two()];
        let end = self.synced;
        (self.distinct, self.synced) = (0, self.start);
        while self.synced < end {
            self.push(history);
        }
    }

    /// The slot of `history[i]`'s key, or the empty slot where it would go.
    fn find(&mut self, history: &[u128], i: usize, digest: u64) -> usize {
        let (key, mask) = (history[i], self.mask());
        let mut j = digest as usize & mask;
        loop {
            self.work += 1;
            let s = self.slots[j];
            if s.count == 0 || (s.digest == digest && history[s.first as usize] == key) {
                return j;
            }
            j = (j + 1) & mask;
        }
    }

    /// Counts `history[synced]`, which becomes part of the table; its
    /// occurrences now. Room must have been reserved.
    fn push(&mut self, history: &[u128]) -> u32 {
        let i = self.synced;
        let d = digest(history[i]);
        let j = self.find(history, i, d);
        let s = &mut self.slots[j];
        if s.count == 0 {
            let first = u32::try_from(i).expect("a history of fewer than 2^32 plies");
            *s = Slot {
                digest: d,
                first,
                count: 0,
            };
            self.distinct += 1;
        }
        s.count += 1;
        self.synced += 1;
        s.count
    }

    /// Uncounts `history[synced - 1]`, the last key counted.
    fn pop(&mut self, history: &[u128]) {
        self.synced -= 1;
        let d = digest(history[self.synced]);
        let j = self.find(history, self.synced, d);
        let s = &mut self.slots[j];
        debug_assert!(s.count > 0, "a counted key is in the table");
        s.count -= 1;
        if s.count == 0 {
            debug_assert_eq!(
                s.first as usize, self.synced,
                "its first occurrence goes last"
            );
            *s = Slot::default();
            self.distinct -= 1;
            debug_assert!(self.ends_its_run(j), "the slot emptied was the last filled");
        }
    }

    /// Whether no slot after the empty slot `hole`, up to the next empty
    /// one, probed past it (so emptying it lost nothing).
    fn ends_its_run(&self, hole: usize) -> bool {
        let mask = self.mask();
        let mut j = (hole + 1) & mask;
        while self.slots[j].count > 0 {
            let home = self.slots[j].digest as usize & mask;
            if j.wrapping_sub(home) & mask >= j.wrapping_sub(hole) & mask {
                return false;
            }
            j = (j + 1) & mask;
        }
        true
    }

    /// Uncounts every key from `history[len..]`, before the history is
    /// truncated to `len`; the table is then empty if `len` is before its start.
    #[inline(never)]
    fn truncate(&mut self, history: &[u128], len: usize) {
        while self.synced > len.max(self.start) {
            self.pop(history);
        }
        if self.synced > len {
            debug_assert_eq!(self.distinct, 0);
            (self.start, self.synced) = (len, len);
        }
    }
}

/// A game in progress under some rules.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Arc<Variant>,
    pos: Position,
    /// Repetition keys of every position so far, the current one last.
    history: Vec<u128>,
    /// Positions before this index can never recur (lock progress, and,
    /// without trading, captures are irreversible), so the repetition count
    /// skips them.
    rep_start: usize,
    /// Wrapping sum of the digests of the keys in `history[rep_start..]`: a
    /// hash of the multiset of positions that can still recur, which with
    /// the current position fixes the game's whole future (see
    /// [`Game::search_key`]).
    rep_sum: u64,
    /// The keys in `history[rep_start..]`, as a filter.
    seen: Seen,
    /// Occurrence counts for a window longer than [`SCAN_MAX`]; not part
    /// of a [`Snapshot`].
    counts: Counts,
    /// The position's non-empty pits, and those the side to act may sow
    /// from (before feeding): worked out once a ply, shared by the end
    /// test and the legal plies.
    occupied: PitSet,
    sowable: PitSet,
    end: Option<EndReason>,
}

impl Game {
    /// A game from the variant's initial position.
    #[must_use]
    pub fn new(variant: impl Into<Arc<Variant>>) -> Game {
        let variant = variant.into();
        let start = Position::initial(&variant);
        Game::from_position(variant, start)
    }

    /// A game from `pos`, which counts as the first occurrence of itself.
    #[must_use]
    pub fn from_position(variant: impl Into<Arc<Variant>>, pos: Position) -> Game {
        let mut rules = variant.into();
        // A game of a match with pits out of play is played on a board of
        // its own.
        let handed = pos.handed(&rules);
        if pos.closed != rules.closed || handed != rules.handed {
            let first = rules.first_mover;
            rules = Arc::new(
                Variant::for_game(rules.rules().clone(), pos.closed, handed).begun_by(first),
            );
        }
        let mut g = Game {
            rules,
            pos,
            history: Vec::with_capacity(256),
            rep_start: 0,
            rep_sum: 0,
            seen: [0; 4],
            counts: Counts::default(),
            occupied: PitSet::EMPTY,
            sowable: PitSet::EMPTY,
            end: None,
        };
        g.start(pos);
        g
    }

    /// This game as one `first` began: a later game of a match, whose
    /// first mover the match decides (`end.seeds_left_to =
    /// "first-player"` gives them the seeds left).
    #[must_use]
    pub fn begun_by(mut self, first: Side) -> Game {
        if first != self.rules.first_mover {
            self.rules = Arc::new((*self.rules).clone().begun_by(first));
        }
        self
    }

    /// Starts the game afresh at `pos`, its first occurrence.
    fn start(&mut self, pos: Position) {
        self.pos = pos;
        if self.counts.synced > 0 {
            self.counts.truncate(&self.history, 0);
        }
        self.history.clear();
        let key = pos.repetition_key(&self.rules);
        self.history.push(key);
        self.rep_start = 0;
        self.rep_sum = digest(key);
        self.seen = [0; 4];
        note(&mut self.seen, self.rep_sum);
        self.occupied = pos.occupied(&self.rules);
        self.sowable = pos.sowable_now(&self.rules, self.occupied);
        self.end = self.static_end();
    }

    /// Restarts from the variant's initial position, keeping the history
    /// buffer's capacity: a playout loop that reuses one `Game` allocates
    /// nothing once the buffer has grown to its longest game.
    pub fn reset(&mut self) {
        if !self.rules.closed.is_empty()
            || !self.rules.handed.is_empty()
            || self.rules.first_mover != self.rules.first
        {
            self.rules = Arc::new(Variant::new(self.rules.rules().clone()));
        }
        self.start(Position::initial(&self.rules));
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The compiled variant, to share with other games.
    #[must_use]
    pub fn variant(&self) -> &Arc<Variant> {
        &self.rules
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Why the game ended, if it has.
    #[must_use]
    pub fn end(&self) -> Option<EndReason> {
        self.end
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// The legal plies, into `out` (cleared first). None once the game is over.
    #[inline(always)]
    pub fn legal_plies(&self, out: &mut Vec<Ply>) {
        if self.end.is_some() {
            out.clear();
        } else {
            self.pos
                .legal_plies_in(&self.rules, self.occupied, self.sowable, out);
        }
    }

    /// When every legal ply is a sowing, the pits they sow from: the legal
    /// plies are then exactly `Ply::Sow(p)` for `p` in the set, in pit
    /// order (label order on two rows, the circuit's on four), as
    /// [`Game::legal_plies`] lists them. `None` when the game is
    /// over or another kind of ply may be legal (a pass, an offer, an
    /// answer): ask [`Game::legal_plies`] then.
    #[inline]
    #[must_use]
    pub fn legal_sowing_set(&self) -> Option<PitSet> {
        if self.end.is_some() {
            return None;
        }
        self.pos
            .legal_sowing_set_in(&self.rules, self.occupied, self.sowable)
    }

    /// Checks a ply.
    ///
    /// # Errors
    /// Why it is illegal, including that the game is over.
    pub fn check(&self, ply: Ply) -> Result<(), Illegal> {
        if let Some(r) = self.end {
            return Err(Illegal::GameOver(r.to_string()));
        }
        self.pos.check(&self.rules, ply)
    }

    /// Plays a ply after checking it.
    ///
    /// # Errors
    /// Why it is illegal; the game is then untouched.
    pub fn play(&mut self, ply: Ply) -> Result<Effect, Illegal> {
        self.check(ply)?;
        Ok(self.play_unchecked(ply))
    }

    /// Plays a ply the caller knows is legal.
    #[inline(always)]
    pub fn play_unchecked(&mut self, ply: Ply) -> Effect {
        let before = self.pos.window_parts();
        let effect = self.pos.play_tracking(&self.rules, ply, &mut self.occupied);
        self.after_ply(self.pos.closes_window(&self.rules, before));
        effect
    }

    /// [`Game::play_unchecked`] without reporting what the ply did: the
    /// fast path of playouts, perft and search.
    #[inline(always)]
    pub fn advance(&mut self, ply: Ply) {
        let closes = self
            .pos
            .advance_tracking(&self.rules, ply, &mut self.occupied);
        self.after_ply(closes);
    }

    /// The history and the end after a ply; `closes` if it closed the
    /// repetition window (see [`Position::closes_window`]).
    #[inline(always)]
    fn after_ply(&mut self, closes: bool) {
        debug_assert_eq!(self.occupied, self.pos.occupied(&self.rules));
        self.sowable = self.pos.sowable_now(&self.rules, self.occupied);
        if closes {
            self.rep_start = self.history.len();
            self.rep_sum = 0;
            self.seen = [0; 4];
        }
        let key = self.pos.repetition_key(&self.rules);
        self.history.push(key);
        let d = digest(key);
        self.rep_sum = self.rep_sum.wrapping_add(d);
        let maybe_seen = note(&mut self.seen, d);
        self.end = self.static_end().or_else(|| {
            if !maybe_seen {
                return None; // a first occurrence
            }
            let n = self.occurrences(key);
            let limit = self.rules.end.repetition;
            (n >= usize::from(limit)).then_some(EndReason::Repetition(limit))
        });
    }

    /// How often `key`, the last in the history, occurs in the window.
    #[inline]
    fn occurrences(&mut self, key: u128) -> usize {
        let window = &self.history[self.rep_start..];
        if window.len() > SCAN_MAX {
            return self.occurrences_in_table();
        }
        self.counts.work += window.len() as u64;
        window.iter().fold(0, |n, &k| n + usize::from(k == key))
    }

    /// [`occurrences`](Self::occurrences) in a long window: the table
    /// takes the keys pushed since it was last synced (all of the window's
    /// if it belonged to another window) and gives the last one's count.
    #[cold]
    #[inline(never)]
    fn occurrences_in_table(&mut self) -> usize {
        let c = &mut self.counts;
        if c.start != self.rep_start {
            c.truncate(&self.history, c.start);
            (c.start, c.synced) = (self.rep_start, self.rep_start);
        }
        debug_assert!(c.synced < self.history.len(), "the last key is new");
        c.reserve(
            &self.history,
            self.history.capacity(),
            self.history.len() - c.synced,
        );
        let mut n = 0;
        while c.synced < self.history.len() {
            n = c.push(&self.history);
        }
        n as usize
    }

    /// History entries and count-table slots the repetition rule has looked
    /// at in this `Game`, in all (never reset): a measure of its work, for
    /// tests that check it stays linear in the plies played.
    #[doc(hidden)]
    #[must_use]
    pub fn repetition_work(&self) -> u64 {
        self.counts.work
    }

    /// End conditions that depend on the position (and the ply cap on the
    /// plies played), in precedence order.
    #[inline]
    fn static_end(&self) -> Option<EndReason> {
        static_end(
            &self.rules,
            &self.pos,
            self.occupied,
            self.sowable,
            self.plies_played(),
        )
    }

    /// A snapshot to [`restore`](Self::restore) later (search, perft, undo).
    #[must_use]
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            pos: self.pos,
            history_len: self.history.len(),
            rep_start: self.rep_start,
            rep_sum: self.rep_sum,
            seen: self.seen,
            occupied: self.occupied,
            sowable: self.sowable,
            end: self.end,
        }
    }

    /// Takes back every ply played since `s` was taken.
    #[inline]
    pub fn restore(&mut self, s: Snapshot) {
        if self.counts.synced > s.history_len {
            self.counts.truncate(&self.history, s.history_len);
        }
        self.pos = s.pos;
        self.history.truncate(s.history_len);
        self.rep_start = s.rep_start;
        self.rep_sum = s.rep_sum;
        self.seen = s.seen;
        self.occupied = s.occupied;
        self.sowable = s.sowable;
        self.end = s.end;
    }

    /// A key for transposition tables: the position's Zobrist hash, mixed
    /// with a hash of the positions that can still recur. Two games with
    /// the same key have the same future (up to hash collisions), so a
    /// stored search value is exact even under the repetition rule.
    #[must_use]
    pub fn search_key(&self) -> u64 {
        let key = self.pos.zobrist(&self.rules) ^ super::position::mix(self.rep_sum);
        if self.rules.end.max_plies.is_some() {
            // Under a ply cap the plies left are part of the future too.
            key ^ super::position::mix(self.plies_played() as u64 ^ 0x5bd1_e995_0000_0000)
        } else {
            key
        }
    }

    /// Plies played since the start.
    #[must_use]
    pub fn plies_played(&self) -> usize {
        self.history.len() - 1
    }

    /// The result, once the game is over: leftovers go to each pit's
    /// controller (or, with `end.leftovers = "nobody"`, to nobody: the
    /// totals then add up to less than the seeds), unless the end rule that
    /// fired gives them to one player.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        Some(outcome_of(&self.rules, &self.pos, self.end?))
    }
}

/// The result of a game that ended in `pos` for `reason`: the leftovers go
/// to each pit's controller (or, with `end.leftovers = "nobody"`, to
/// nobody), unless the end rule that fired gives them to one player.
#[must_use]
pub fn outcome_of(r: &Variant, pos: &Position, reason: EndReason) -> Outcome {
    let on_board: u32 = pos.board(r).iter().map(|&x| u32::from(x)).sum();
    let totals = Side::BOTH.map(|s| {
        let sweep = match reason {
            // Reading: the reason keeps naming the side to act, who could
            // not feed (so it reads the same under both rules); the rules
            // say who takes the seeds left.
            EndReason::CannotFeed(mover) => {
                let taker = match r.cannot_feed {
                    CannotFeed::OpponentTakesAll => mover.opponent(),
                    _ => mover,
                };
                if taker == s { on_board } else { 0 }
            }
            EndReason::InnerRowEmpty(loser) => {
                if s == loser {
                    0
                } else {
                    on_board
                }
            }
            EndReason::SeedsLeft(_) if r.end.seeds_left_to_first => {
                if s == r.first_mover {
                    on_board
                } else {
                    0
                }
            }
            _ if r.end.leftovers == Leftovers::Nobody => 0,
            _ => pos.seeds_controlled(r, s),
        };
        u32::from(pos.captured(s)) + sweep
    });
    let winner = r.end.winner.of(totals, r.total_seeds());
    let held = match reason {
        EndReason::InnerRowEmpty(_) => Side::BOTH.map(|s| {
            u32::from(pos.captured(s))
                + match r.end.leftovers {
                    Leftovers::Nobody => 0,
                    Leftovers::Controller => pos.seeds_controlled(r, s),
                }
        }),
        _ => totals,
    };
    Outcome {
        reason,
        totals,
        winner,
        without_glory: winner.is_some_and(|w| pos.has_declined(w)),
        held,
    }
}

/// End conditions that depend on the position (and the ply cap on
/// `plies_played`), in precedence order: every end but repetition.
/// `occupied` and `sowable` are the position's ([`Position::occupied`],
/// `Position::sowable_now`), which a [`Game`] keeps after each ply.
#[inline]
fn static_end(
    r: &Variant,
    pos: &Position,
    occupied: PitSet,
    sowable: PitSet,
    plies_played: usize,
) -> Option<EndReason> {
    if let Some(k) = r.end.all_pits_below
        && pos.all_below(r, k)
    {
        return Some(EndReason::AllBelow(k));
    }
    if r.rare_ends
        && let Some(reason) = rare_end(r, pos, occupied, plies_played)
    {
        return Some(reason);
    }
    if r.cannot_sow == CannotSow::EndGame && pos.offer.is_empty() && sowable.is_empty() {
        return Some(EndReason::NoSowing(pos.to_move));
    }
    None
}

/// The end conditions few rule files use, out of the hot path.
#[inline(never)]
fn rare_end(
    r: &Variant,
    pos: &Position,
    occupied: PitSet,
    plies_played: usize,
) -> Option<EndReason> {
    if let Some(k) = r.end.seeds_left_at_most
        && pos.board(r).iter().map(|&x| u32::from(x)).sum::<u32>() <= u32::from(k)
    {
        return Some(EndReason::SeedsLeft(k));
    }
    if let Some(k) = r.end.captured_more_than
        && Side::BOTH.iter().any(|&s| pos.captured(s) > k)
    {
        return Some(EndReason::CapturedMoreThan(k));
    }
    if r.end.either_row_empty
        && let Some(s) = Side::BOTH
            .into_iter()
            .find(|&s| occupied.and(r.home_row(s)).is_empty())
    {
        return Some(EndReason::RowEmpty(s));
    }
    if r.end.inner_row_empty.is_some()
        && let Some(s) = [pos.to_move, pos.to_move.opponent()]
            .into_iter()
            .find(|&s| occupied.and(r.inner_rows[s.index()]).is_empty())
    {
        return Some(EndReason::InnerRowEmpty(s));
    }
    if (r.cannot_feed != CannotFeed::AnySowing) && pos.cannot_feed(r) {
        return Some(EndReason::CannotFeed(pos.to_move));
    }
    if let Some(k) = r.end.max_plies
        && plies_played >= k as usize
    {
        return Some(EndReason::PlyCap(k));
    }
    None
}

impl Position {
    /// How the game ends in this position, judged without its history:
    /// every end but repetition and the ply cap (`end.max_plies`), which
    /// need the plies before it; a [`Game`] adds those. Allocation-free,
    /// for solvers that walk positions outside any game.
    #[must_use]
    pub fn end(&self, rules: &Variant) -> Option<EndReason> {
        let occupied = self.occupied(rules);
        let sowable = self.sowable_now(rules, occupied);
        static_end(rules, self, occupied, sowable, 0).filter(|r| !matches!(r, EndReason::PlyCap(_)))
    }

    /// The result if the game ended here for `reason` ([`outcome_of`]).
    #[must_use]
    pub fn outcome(&self, rules: &Variant, reason: EndReason) -> Outcome {
        outcome_of(rules, self, reason)
    }
}
