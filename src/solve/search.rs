//! Exact search: the value of a position whose databases would not fit,
//! by a search down to the positions small databases do hold.
//!
//! [`Search::value`] gives the same number as [`super::exhaustive::value`]
//! and a [`Database`] probe: South's future margin under perfect play,
//! endless play scored 0 ([`super::Convention::SplitEvenly`]). It searches
//! the game tree until each line ends, repeats a position, or reaches a
//! position with at most [`Database::max_seeds`] seeds on the board, whose
//! value the database gives exactly.
//!
//! **MTD(f), not PVS.** The driver asks a series of yes-or-no questions,
//! "is the value at least `beta`?", each a null-window alpha-beta search,
//! and narrows the value's interval with each answer until it is one
//! number. Values are small integers (within the seeds on the board either
//! way), so a fair first guess leaves few passes. The table keeps a lower
//! and an upper bound per position, which is exactly what a null-window
//! answer yields, so the passes share most of their work: a lower bound
//! from one pass and an upper bound from another make an exact value. PVS
//! would search the principal line with open windows and search again
//! whenever a later ply beat the first; its open-window results are exact
//! values only along that line, and the re-searches repeat work that
//! MTD(f)'s bounds keep. MTD(f) is also what Irving, Donkers and Uiterwijk
//! solved Kalah with. The first guess comes from a short full-width search
//! that counts the seeds gained up to a depth limit
//! ([`Search::set_guess_depth`]); it writes nothing into the table, which
//! holds exact bounds only.
//!
//! **The table** ([`Search::new`]'s `table_bytes`) is allocated once, in
//! 32-byte buckets of two entries. An entry holds the position's key, a
//! lower and an upper bound on its future margin for the side to act, the
//! index of the best ply found (tried first next time) and the work the
//! entry cost. The key is the board and the side to act, never the
//! captured totals, which the future margin does not depend on. Where the
//! positions can be numbered in 62 bits (any Kalah board can), the key is
//! the position's number (its layer, then its stars-and-bars rank as in
//! [`super::index`], then the side), so two positions never share a key
//! and no answer can come from a collision; larger boards use a 64-bit
//! hash. The replacement scheme is two-tier: the first entry of a bucket
//! keeps whichever position cost more search (the log of the nodes below
//! it), the second always takes the newest. A position already in its
//! bucket has its bounds intersected with the new ones.
//!
//! **Pruning** is all safe: nothing it skips could change the value.
//! - The future margin lies within ±(the seeds on the board); a question
//!   outside that range is answered at once, and so is one that a child's
//!   gain plus the child's range decides.
//! - Enhanced transposition cutoffs: before any child is searched, each is
//!   looked up (in the database where it is small enough, else in the
//!   table). A child whose bound answers the question answers it for the
//!   node; a child whose bound says it cannot is not searched.
//! - Children are searched best-first: the table's ply, then plies that
//!   play again, then by the seeds they gain, then the later plies in the
//!   legal list first (in Kalah, the pits nearest the mover's store).
//!
//! **Cycles.** A position that repeats one on the current line scores 0,
//! as in [`super::exhaustive`]. Such a score depends on the line that led
//! to the node (graph-history interaction): the same position reached by
//! another line need not repeat anything. So each node notes the
//! shallowest position of the line that a repetition below it went back
//! to. A node whose result leaned on a repetition of a position above it
//! is not stored in the table at all (its result stays right for the line
//! it was found on, which is all its parent needs). A repetition of the
//! node itself, or of a position below it, leaves its result valid for any
//! history: it is then the result of a search with the node as its root,
//! and such a search gives the position's value under the convention,
//! whatever exact values or bounds the table and the database put in for
//! positions below. Why: a side playing an optimal positional strategy
//! (the databases' attractors give one) keeps its gains so far plus the
//! value of the position reached at or above the root's value, whatever
//! the other side does. A cycle stays in one layer and gains nothing, and
//! a side whose value is above 0 forces its way out of the layer without
//! repeating, so a repetition only closes where that side's value is 0 or
//! less, and scoring it 0 costs the side nothing. Each side thus gets at
//! least its value in the searched game. Kalah cannot cycle (a sowing that
//! stays in its layer moves seeds towards the mover's store), so there
//! nothing is withheld; where sowings can cycle, only the nodes inside a
//! cycling stretch lose their entries.
//!
//! **Threads** ([`Search::set_threads`]). Extra threads search the same
//! null-window question alongside the main one, sharing the table (lazy
//! SMP). Near the root a node being searched is marked busy in a small
//! shared table, and a thread that comes to a busy child other than the
//! first leaves it for last, as in ABDADA (Weill, 1996): by then the other
//! thread's bound is often in the table. The main thread's answer is
//! exact whatever the table holds, so the value is the same with any
//! number of threads; only the counters and the time change. Entries are
//! two 64-bit words, written and read without locks: the first word is
//! the key XORed with the second, so an entry torn by two threads writing
//! at once reads as missing (unless the XOR of two entries happens to
//! match a third key, a chance of about 2^-64 per torn read).
//!
//! **Memory.** Nothing is allocated while searching but the per-depth lists
//! of plies and children when a line goes deeper than any line before
//! (256 plies are ready from the start).
//!
//! **Long lines.** Where sowings can wander through a large layer without
//! repeating (a board with no stores and many seeds), a depth-first line
//! can run for millions of plies before it ends or repeats, and its
//! results lean on repetitions far above, so the table keeps none of them:
//! such a search would never finish. The search gives up with
//! [`TooDeep`] once a line is [`MAX_LINE`] plies long. Deep lines run on
//! stack segments added as needed (the `stacker` crate), so the limit is
//! the same whatever stack the caller's thread has.

use super::retro::Database;
use super::{Unsupported, Why, gain, supported, terminal_margin};
use crate::engine::{Ply, Position, Side, Variant};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// No best ply known.
const NO_PLY: u8 = u8::MAX;

/// The default depth of the first-guess search ([`Search::set_guess_depth`]).
const GUESS_DEPTH: u32 = 6;

/// The most children a node may have (far more than any sowing game's
/// legal plies: two directions from each of 26 pits a row).
const MAX_CHILDREN: usize = 128;

/// Depths ready before a search starts.
const DEPTHS: usize = 256;

/// The longest line the search follows: a line this long, with no end and
/// no repetition, means positions that wander too long for a depth-first
/// search to judge ([`TooDeep`]). Kalah's lines are under 100 plies.
pub const MAX_LINE: usize = 10_000;

/// Stack kept free below a node before it searches its children: more
/// than the frames of one node and its child, in any build.
const RED_ZONE: usize = 128 * 1024;

/// The size of each stack segment added when a line runs deep.
const STACK_SEGMENT: usize = 4 * 1024 * 1024;

/// Salt for the busy table's hash, so that it does not follow the
/// transposition table's.
const BUSY_SALT: u64 = 0x2545_f491_4f6c_dd1d;

/// Slots of the table of positions being searched (a power of two).
const BUSY: usize = 1 << 14;

/// Only nodes this close to the root are marked as being searched: deeper
/// ones are too small to share out.
const BUSY_DEPTH: usize = 24;

/// What a search has done since [`Search::new`] or [`Search::reset_stats`],
/// all threads together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions searched: each null-window question asked of a position
    /// counts once (positions only looked up, in the database or the
    /// table, do not).
    pub nodes: u64,
    /// Table lookups that found the position.
    pub tt_hits: u64,
    /// Questions a bound from the table answered, at a node or at a child
    /// before any child was searched.
    pub tt_cuts: u64,
    /// Database probes.
    pub db_probes: u64,
    /// Positions tested for the end of the game
    /// ([`super::terminal_margin`]).
    pub ends: u64,
    /// Lines cut because a position repeated one on the line (scored 0).
    pub repetitions: u64,
    /// Results not stored because they leaned on such a repetition above
    /// their node.
    pub withheld: u64,
    /// MTD(f) passes (null-window searches from the root).
    pub passes: u64,
    /// Nodes of the first-guess searches (not in `nodes`).
    pub guess_nodes: u64,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.nodes += o.nodes;
        self.tt_hits += o.tt_hits;
        self.tt_cuts += o.tt_cuts;
        self.db_probes += o.db_probes;
        self.ends += o.ends;
        self.repetitions += o.repetitions;
        self.withheld += o.withheld;
        self.passes += o.passes;
        self.guess_nodes += o.guess_nodes;
    }
}

/// One MTD(f) pass, as reported to the callback of [`Search::on_pass`].
/// Margins are South's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pass {
    /// The question asked: is South's future margin at least this?
    pub test: i32,
    /// What is known after the pass: the value is at least `lower` and at
    /// most `upper`.
    pub lower: i32,
    /// See `lower`.
    pub upper: i32,
    /// Nodes searched in this pass, all threads together.
    pub nodes: u64,
    /// Time since [`Search::value`] was called.
    pub elapsed: Duration,
}

/// The search gave up: a line ran this many plies ([`MAX_LINE`] unless
/// [`Search::set_max_line`] says otherwise) without an end or a repetition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooDeep(pub usize);

impl std::fmt::Display for TooDeep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a line of the search ran {} plies without an end or a repetition: \
             the positions wander too long for a depth-first search to judge",
            self.0
        )
    }
}

impl std::error::Error for TooDeep {}

/// A table entry, unpacked. `work == 0` marks no entry.
#[derive(Clone, Copy, Default)]
struct Entry {
    /// Bounds on the future margin for the side to act.
    lower: i16,
    upper: i16,
    /// Index of the best ply found in the position's legal plies, or
    /// [`NO_PLY`].
    best: u8,
    /// 1 + log2 of the nodes searched to find these bounds; 0: no entry.
    work: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.best) << 32
            | u64::from(self.work) << 40
    }

    fn unpack(d: u64) -> Entry {
        Entry {
            lower: d as u16 as i16,
            upper: (d >> 16) as u16 as i16,
            best: (d >> 32) as u8,
            work: (d >> 40) as u8,
        }
    }
}

/// Two entries, each as `[key ^ data, data]`: the first depth-preferred,
/// the second always replaced. Aligned so that no bucket straddles two
/// cache lines.
#[derive(Default)]
#[repr(align(32))]
struct Bucket([AtomicU64; 4]);

impl Bucket {
    /// Slot `i`'s key and data (data 0: empty).
    #[inline]
    fn slot(&self, i: usize) -> (u64, u64) {
        let d = self.0[2 * i + 1].load(Relaxed);
        (self.0[2 * i].load(Relaxed) ^ d, d)
    }

    #[inline]
    fn set(&self, i: usize, key: u64, d: u64) {
        self.0[2 * i].store(key ^ d, Relaxed);
        self.0[2 * i + 1].store(d, Relaxed);
    }
}

/// The transposition table: a power of two of buckets, shared by threads.
struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
}

impl Table {
    fn new(bytes: usize) -> Table {
        // The largest power of two of buckets that fits in `bytes`.
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        Table {
            buckets: (0..n).map(|_| Bucket::default()).collect(),
            mask: n - 1,
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[mix(key) as usize & self.mask]
    }

    /// The entry for `key` (`work == 0` if none).
    #[inline]
    fn probe(&self, key: u64) -> Entry {
        let b = self.bucket(key);
        for i in 0..2 {
            let (k, d) = b.slot(i);
            if k == key && d != 0 {
                return Entry::unpack(d);
            }
        }
        Entry::default()
    }

    /// Stores bounds for `key`, intersected with any it has.
    fn store(&self, key: u64, lower: i32, upper: i32, best: u8, work: u8) {
        let b = self.bucket(key);
        let fresh = Entry {
            lower: lower as i16,
            upper: upper as i16,
            best,
            work,
        };
        let slots = [b.slot(0), b.slot(1)];
        if let Some(i) = slots.iter().position(|&(k, d)| k == key && d != 0) {
            let mut e = Entry::unpack(slots[i].1);
            e.lower = e.lower.max(fresh.lower);
            e.upper = e.upper.min(fresh.upper);
            if best != NO_PLY {
                e.best = best;
            }
            e.work = e.work.max(work);
            // The newest entry moves up to the first tier once it has
            // cost more than the entry there.
            let first = Entry::unpack(slots[0].1);
            if i == 1 && e.work > first.work {
                b.set(1, slots[0].0, slots[0].1);
                b.set(0, key, e.pack());
            } else {
                b.set(i, key, e.pack());
            }
        } else if work >= Entry::unpack(slots[0].1).work {
            b.set(1, slots[0].0, slots[0].1);
            b.set(0, key, fresh.pack());
        } else {
            b.set(1, key, fresh.pack());
        }
    }

    fn clear(&self) {
        for b in &self.buckets {
            for w in &b.0 {
                w.store(0, Relaxed);
            }
        }
    }
}

/// A 64-bit mixer (splitmix64's finaliser): spreads exact keys, which
/// differ in their low bits, over the whole table.
#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Keys for the table: the board and the side to act.
enum Keys {
    /// `2 * (positions with fewer seeds + rank within the layer) + side`,
    /// a distinct number for each position. `offsets[(pit * (s + 1) +
    /// left) * (s + 1) + c]` is the rank's share for pit `pit` holding `c`
    /// seeds when `left` remain for it and the pits after it (`s`: the
    /// variant's seeds); `below[n]` counts the distributions of fewer than
    /// `n` seeds.
    Exact {
        seeds: usize,
        offsets: Vec<u64>,
        below: Vec<u64>,
    },
    /// A 64-bit hash of the repetition key (seeds and side to act), for
    /// boards too big to number.
    Hashed,
}

impl Keys {
    /// The largest table of offsets built (entries, 16 MB).
    const MAX_OFFSETS: usize = 1 << 21;

    fn new(pits: usize, seeds: usize) -> Keys {
        let side = seeds + 1;
        if pits * side * side > Keys::MAX_OFFSETS {
            return Keys::Hashed;
        }
        // ways[k][s]: the distributions of s seeds over k pits (as in
        // `Ranking`), C(s + k - 1, k - 1).
        let mut ways = vec![vec![0u64; side]; pits + 1];
        ways[0][0] = 1;
        for k in 1..=pits {
            // A running sum: the first pit takes some j, the rest s - j.
            let (fewer, more) = ways.split_at_mut(k);
            let mut total = 0u64;
            for (w, &f) in more[0].iter_mut().zip(&fewer[k - 1]) {
                total = match total.checked_add(f) {
                    Some(t) => t,
                    None => return Keys::Hashed,
                };
                *w = total;
            }
        }
        let mut below = vec![0u64; side + 1];
        for s in 0..side {
            // Twice the positions, plus the side, must fit in 64 bits.
            match below[s].checked_add(ways[pits][s]) {
                Some(b) if b < 1 << 62 => below[s + 1] = b,
                _ => return Keys::Hashed,
            }
        }
        let mut offsets = vec![0u64; pits * side * side];
        for pit in 0..pits {
            let rest = pits - pit - 1;
            for left in 0..side {
                // Distributions that put fewer seeds in this pit come
                // first: with j < c here, the rest hold left - j.
                let mut acc = 0u64;
                for c in 0..=left {
                    offsets[(pit * side + left) * side + c] = acc;
                    acc += ways[rest][left - c];
                }
            }
        }
        Keys::Exact {
            seeds,
            offsets,
            below,
        }
    }

    /// The key of `pos`, whose board holds `on_board` seeds.
    #[inline]
    fn key(&self, variant: &Variant, pos: &Position, on_board: usize) -> u64 {
        match self {
            Keys::Exact {
                seeds,
                offsets,
                below,
            } => {
                let side = seeds + 1;
                let mut left = on_board;
                let mut rank = below[on_board];
                for (pit, &c) in pos.board(variant).iter().enumerate() {
                    let c = usize::from(c);
                    rank += offsets[(pit * side + left) * side + c];
                    left -= c;
                }
                2 * rank + pos.to_move().index() as u64
            }
            Keys::Hashed => {
                let k = pos.repetition_key(variant);
                mix(k as u64 ^ mix((k >> 64) as u64))
            }
        }
    }
}

/// What every thread of a search shares.
struct Shared {
    variant: Arc<Variant>,
    db: Option<Arc<Database>>,
    /// The database's seeds, or -1 without one.
    db_seeds: i32,
    keys: Keys,
    table: Table,
    /// Set when the main thread has answered: the helpers stop.
    stop: AtomicBool,
    /// Set when a line has run `max_line` plies: every thread stops.
    too_deep: AtomicBool,
    /// The longest line followed ([`Search::set_max_line`]).
    max_line: usize,
    /// Keys of positions some thread is searching, by a hash of the key
    /// (0: none): with threads, a node leaves a sibling another thread
    /// is on until its other children are done.
    busy: Vec<AtomicU64>,
}

/// A child of the node being searched, with what is known of it.
#[derive(Clone, Copy)]
struct Child {
    pos: Position,
    key: u64,
    seeds: i32,
    /// The mover's gain on the ply.
    gain: i32,
    /// Whether the mover acts again in the child.
    again: bool,
    /// The ply's index in the legal plies.
    index: u8,
    /// Bounds on the node's value through this child, for the mover.
    lower: i32,
    upper: i32,
    /// The child's table entry, once looked up.
    entry: Entry,
    /// Search order: higher first.
    score: i32,
}

/// One thread's search: its buffers, its line and its counters. What the
/// threads share comes as an argument, `sh`, not as a field: a reference
/// counted on every node would bounce its count between the cores.
struct Worker {
    /// Whether this is a helper thread (which stops when told, and takes
    /// siblings in another order).
    helper: bool,
    /// A helper told to stop: nothing it finds from then on is stored.
    aborted: bool,
    /// Whether other threads search too (then nodes near the root are
    /// marked busy, and busy siblings wait).
    shares: bool,
    /// Per depth: the legal plies and the children.
    plies: Vec<Vec<Ply>>,
    children: Vec<Vec<Child>>,
    /// The current line: each position's key and seeds on the board.
    line: Vec<(u64, i32)>,
    /// The shallowest depth of the line that a repetition below the node
    /// being searched went back to (`usize::MAX`: none).
    lowest: usize,
    stats: Stats,
}

/// The busy table's slot for `key`.
#[inline]
fn busy_slot(key: u64) -> usize {
    mix(key ^ BUSY_SALT) as usize & (BUSY - 1)
}

/// Whether another thread is searching the position with `key`.
#[inline]
fn busy(sh: &Shared, key: u64) -> bool {
    sh.busy[busy_slot(key)].load(Relaxed) == key
}

/// `margin` (South's) for `side`.
#[inline]
fn rel(side: Side, margin: i32) -> i32 {
    if side == Side::South { margin } else { -margin }
}

/// Seeds on a board.
#[inline]
fn on_board(variant: &Variant, pos: &Position) -> i32 {
    pos.board(variant).iter().map(|&s| i32::from(s)).sum()
}

/// Where a ply that is not the table's comes in the search order (higher
/// first): plies that play again, then by the seeds they gain, then the
/// later ones in the legal list. On Kalah's board the last is the pit
/// nearest the mover's store; measured, that tie-break alone takes
/// Kalah(6,3)'s search from 9.4 million nodes to 0.54 million.
#[inline]
fn order_score(gain: i32, again: bool, index: usize) -> i32 {
    1000 * i32::from(again) + 10 * gain + index as i32
}

impl Worker {
    fn new(variant: &Variant, helper: bool) -> Worker {
        let width = 2 * variant.pits() + 2;
        Worker {
            helper,
            aborted: false,
            shares: false,
            plies: (0..DEPTHS).map(|_| Vec::with_capacity(width)).collect(),
            children: (0..DEPTHS).map(|_| Vec::with_capacity(width)).collect(),
            line: Vec::with_capacity(DEPTHS),
            lowest: usize::MAX,
            stats: Stats::default(),
        }
    }

    /// Readies the worker for a pass from the root.
    fn start(&mut self) {
        self.line.clear();
        self.lowest = usize::MAX;
        self.aborted = false;
    }

    #[inline]
    fn key(sh: &Shared, pos: &Position, seeds: i32) -> u64 {
        sh.keys.key(&sh.variant, pos, seeds as usize)
    }

    /// South's future margin in `pos` if the game is over there.
    #[inline]
    fn ended(&mut self, sh: &Shared, pos: &Position) -> Option<i32> {
        self.stats.ends += 1;
        terminal_margin(&sh.variant, pos)
    }

    /// South's future margin in `pos` from the database, if it covers it.
    #[inline]
    fn probe_db(&mut self, sh: &Shared, pos: &Position, seeds: i32) -> Option<i32> {
        if seeds > sh.db_seeds {
            return None;
        }
        self.stats.db_probes += 1;
        sh.db.as_ref()?.probe(pos)
    }

    /// The null-window question at a node: is the mover's future margin in
    /// `pos` (with `key` and `seeds` on the board, `depth` plies below the
    /// root) at least `beta`? Fail-soft: a result `g >= beta` means the
    /// value is at least `g`, a result `g < beta` that it is at most `g`.
    ///
    /// `pos` is not in the database (the caller has looked); `entry` is
    /// its table entry, if the caller has just looked that up too.
    #[allow(clippy::too_many_arguments)]
    fn test(
        &mut self,
        sh: &Shared,
        pos: &Position,
        key: u64,
        seeds: i32,
        depth: usize,
        beta: i32,
        entry: Option<Entry>,
    ) -> i32 {
        if self.aborted || (self.helper && sh.stop.load(Relaxed)) || sh.too_deep.load(Relaxed) {
            self.aborted = true;
            return 0;
        }
        if depth >= sh.max_line {
            sh.too_deep.store(true, Relaxed);
            self.aborted = true;
            return 0;
        }
        self.stats.nodes += 1;
        let mover = pos.to_move();
        if let Some(m) = self.ended(sh, pos) {
            return rel(mover, m);
        }
        // The future margin lies within ±(the seeds on the board).
        if beta <= -seeds {
            return -seeds;
        }
        if beta > seeds {
            return seeds;
        }
        let e = entry.unwrap_or_else(|| sh.table.probe(key));
        let mut tt_best = NO_PLY;
        if e.work != 0 {
            self.stats.tt_hits += 1;
            let (lower, upper) = (i32::from(e.lower), i32::from(e.upper));
            if lower >= beta || upper < beta {
                self.stats.tt_cuts += 1;
                return if lower >= beta { lower } else { upper };
            }
            tt_best = e.best;
        }
        // A repetition of a position on the line. Plies never raise the
        // seeds on the board, so only the line's last positions, those
        // with as many seeds as this one, can be it.
        for (d, &(k, s)) in self.line.iter().enumerate().rev() {
            if s != seeds {
                break;
            }
            if k == key {
                self.stats.repetitions += 1;
                self.lowest = self.lowest.min(d);
                return 0;
            }
        }
        let outer = self.lowest;
        self.lowest = usize::MAX;
        let before = self.stats.nodes;
        self.line.push((key, seeds));
        let (g, best) = stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, || {
            self.expand(sh, pos, key, seeds, depth, beta, tt_best)
        });
        self.line.pop();
        let below = self.lowest;
        self.lowest = outer.min(below);
        if self.aborted {
            return 0;
        }
        if below < depth {
            // It leaned on a repetition of a position above this one.
            self.stats.withheld += 1;
            return g;
        }
        let work = (u64::BITS - (self.stats.nodes - before).leading_zeros()) as u8 + 1;
        if g >= beta {
            sh.table.store(key, g, seeds, best, work);
        } else {
            sh.table.store(key, -seeds, g, best, work);
        }
        g
    }

    /// [`Worker::test`]'s search of the children, with this depth's
    /// buffers: the result and the index of the ply to try first next
    /// time.
    #[allow(clippy::too_many_arguments)]
    fn expand(
        &mut self,
        sh: &Shared,
        pos: &Position,
        key: u64,
        seeds: i32,
        depth: usize,
        beta: i32,
        tt_best: u8,
    ) -> (i32, u8) {
        if depth + 1 >= self.plies.len() {
            // Deeper than any line before: room for another level.
            let width = 2 * sh.variant.pits() + 2;
            self.plies.push(Vec::with_capacity(width));
            self.children.push(Vec::with_capacity(width));
        }
        let mark = self.shares && depth < BUSY_DEPTH;
        if mark {
            sh.busy[busy_slot(key)].store(key, Relaxed);
        }
        let mut plies = std::mem::take(&mut self.plies[depth]);
        let mut kids = std::mem::take(&mut self.children[depth]);
        let result = self.expand_in(sh, pos, seeds, depth, beta, tt_best, &mut plies, &mut kids);
        self.plies[depth] = plies;
        self.children[depth] = kids;
        if mark {
            // Unless another thread has marked its own node there since.
            let _ = sh.busy[busy_slot(key)].compare_exchange(key, 0, Relaxed, Relaxed);
        }
        result
    }

    #[allow(clippy::too_many_arguments)]
    fn expand_in(
        &mut self,
        sh: &Shared,
        pos: &Position,
        seeds: i32,
        depth: usize,
        beta: i32,
        tt_best: u8,
        plies: &mut Vec<Ply>,
        kids: &mut Vec<Child>,
    ) -> (i32, u8) {
        let variant = &sh.variant;
        let mover = pos.to_move();
        pos.legal_plies(variant, plies);
        debug_assert!(!plies.is_empty(), "a game that is not over has a ply");
        kids.clear();
        // The best the node is known to reach through the children
        // accounted for so far (an upper bound if it stays below beta),
        // and its ply.
        let mut best = -seeds;
        let mut best_ply = NO_PLY;
        for (i, &ply) in plies.iter().enumerate() {
            // The child is played in its slot, saving a copy.
            kids.push(Child {
                pos: *pos,
                key: 0,
                seeds: 0,
                gain: 0,
                again: false,
                index: i as u8,
                lower: 0,
                upper: 0,
                entry: Entry::default(),
                score: 0,
            });
            let k = kids.last_mut().expect("just pushed");
            let c = &mut k.pos;
            c.play_unchecked(variant, ply);
            let g = rel(mover, gain(pos, c));
            let again = c.to_move() == mover;
            let n = on_board(variant, c);
            if let Some(v) = self.probe_db(sh, c, n) {
                // The node's value through this child, from the child's
                // value for its own mover.
                let v = rel(c.to_move(), v);
                let v = if again { g + v } else { g - v };
                kids.pop();
                if v >= beta {
                    return (v, i as u8);
                }
                if v > best {
                    (best, best_ply) = (v, i as u8);
                }
                continue;
            }
            k.key = sh.keys.key(variant, c, n as usize);
            k.seeds = n;
            k.gain = g;
            k.again = again;
            // Until the table says more, the seeds on the board bound it.
            (k.lower, k.upper) = (g - n, g + n);
            k.score = if i as u8 == tt_best {
                i32::MAX
            } else {
                order_score(g, again, i)
            };
        }
        // Enhanced transposition cutoffs: every child's bounds from the
        // table before any child is searched. The lookups do not depend
        // on one another, so the processor overlaps their cache misses.
        for k in kids.iter_mut() {
            k.entry = sh.table.probe(k.key);
            if k.entry.work != 0 {
                self.stats.tt_hits += 1;
                let (lo, hi) = (i32::from(k.entry.lower), i32::from(k.entry.upper));
                let (lo, hi) = if k.again {
                    (k.gain + lo, k.gain + hi)
                } else {
                    (k.gain - hi, k.gain - lo)
                };
                k.lower = k.lower.max(lo);
                k.upper = k.upper.min(hi);
            }
            if k.lower >= beta {
                self.stats.tt_cuts += 1;
                return (k.lower, k.index);
            }
        }
        // Best first: an insertion sort of the children's indices (not of
        // the children, which are large), stable (so the search is
        // deterministic) and allocation-free.
        let mut order = [0u8; MAX_CHILDREN];
        let order = &mut order[..kids.len()];
        for i in 0..order.len() {
            order[i] = i as u8;
            let mut j = i;
            while j > 0 && kids[usize::from(order[j - 1])].score < kids[i].score {
                order.swap(j - 1, j);
                j -= 1;
            }
        }
        let looked_up = self.stats.nodes;
        // With other threads: siblings of the first that another thread
        // is searching wait for the end (by when the table may settle
        // them), as in ABDADA; at most this many.
        let mut waiting = [0u8; 32];
        let mut waits = 0;
        let defer = self.shares && depth + 1 < BUSY_DEPTH;
        for (rank, &i) in order.iter().enumerate() {
            let k = &kids[usize::from(i)];
            if k.upper < beta {
                // This child cannot answer yes: its bound is all the node
                // needs of it.
                if k.upper > best {
                    (best, best_ply) = (k.upper, k.index);
                }
                continue;
            }
            if defer && rank > 0 && waits < waiting.len() && busy(sh, k.key) {
                waiting[waits] = i;
                waits += 1;
                continue;
            }
            // The lookup above still holds if nothing was searched since.
            let entry = (self.stats.nodes == looked_up).then_some(k.entry);
            let v = self.child(sh, k, depth, beta, entry);
            if v >= beta {
                return (v, k.index);
            }
            if v > best {
                (best, best_ply) = (v, k.index);
            }
        }
        for &i in &waiting[..waits] {
            let k = &kids[usize::from(i)];
            let v = self.child(sh, k, depth, beta, None);
            if v >= beta {
                return (v, k.index);
            }
            if v > best {
                (best, best_ply) = (v, k.index);
            }
        }
        // A fail-low: the table's ply stays the one to try first.
        (best, if tt_best == NO_PLY { best_ply } else { tt_best })
    }

    /// The node's value through child `k`, by the child's question.
    #[inline]
    fn child(
        &mut self,
        sh: &Shared,
        k: &Child,
        depth: usize,
        beta: i32,
        entry: Option<Entry>,
    ) -> i32 {
        if k.again {
            k.gain + self.test(sh, &k.pos, k.key, k.seeds, depth + 1, beta - k.gain, entry)
        } else {
            k.gain
                - self.test(
                    sh,
                    &k.pos,
                    k.key,
                    k.seeds,
                    depth + 1,
                    k.gain - beta + 1,
                    entry,
                )
        }
    }

    /// A first guess at the mover's future margin in `pos`: a full-width
    /// alpha-beta search `depth` plies deep that counts the seeds gained
    /// on the way, with exact values where the game ends or the database
    /// covers the position, and 0 (nothing more gained) at the depth
    /// limit. It stores nothing.
    fn estimate(
        &mut self,
        sh: &Shared,
        pos: &Position,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.stats.guess_nodes += 1;
        let variant = &sh.variant;
        let mover = pos.to_move();
        if let Some(m) = self.ended(sh, pos) {
            return rel(mover, m);
        }
        let seeds = on_board(variant, pos);
        if let Some(v) = self.probe_db(sh, pos, seeds) {
            return rel(mover, v);
        }
        if depth == 0 {
            return 0;
        }
        if ply + 1 >= self.plies.len() {
            let width = 2 * variant.pits() + 2;
            self.plies.push(Vec::with_capacity(width));
            self.children.push(Vec::with_capacity(width));
        }
        let mut plies = std::mem::take(&mut self.plies[ply]);
        pos.legal_plies(variant, &mut plies);
        let mut best = -seeds;
        for &p in plies.iter() {
            let mut c = *pos;
            c.play_unchecked(variant, p);
            let g = rel(mover, gain(pos, &c));
            let v = if c.to_move() == mover {
                g + self.estimate(sh, &c, depth - 1, ply + 1, alpha - g, beta - g)
            } else {
                g - self.estimate(sh, &c, depth - 1, ply + 1, g - beta, g - alpha)
            };
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        self.plies[ply] = plies;
        best
    }
}

/// The callback of [`Search::on_pass`].
type OnPass = Box<dyn FnMut(&Pass) + Send>;

/// An exact search, with its table and, optionally, a database to probe.
pub struct Search {
    shared: Shared,
    main: Worker,
    helpers: Vec<Worker>,
    guess_depth: u32,
    on_pass: Option<OnPass>,
}

impl Search {
    /// A search of `variant` on one thread, probing `db` (built for the
    /// same variant) where it covers a position, with a table of about
    /// `table_bytes` bytes (rounded down to a power of two of 32-byte
    /// buckets; at least one).
    ///
    /// # Errors
    /// The rules need state a future margin cannot see ([`supported`]).
    ///
    /// # Panics
    /// If the variant has more seeds than an entry's bounds hold (32 767).
    pub fn new(
        variant: Arc<Variant>,
        db: Option<Arc<Database>>,
        table_bytes: usize,
    ) -> Result<Search, Unsupported> {
        supported(&variant)?;
        if let Some(d) = &db
            && super::fingerprint(d.variant()) != super::fingerprint(&variant)
        {
            return Err(Unsupported::new(
                Why::Database,
                "the database was built for other rules".into(),
            ));
        }
        let seeds: usize = variant.initial.iter().map(|&s| usize::from(s)).sum();
        if seeds > i16::MAX as usize {
            return Err(Unsupported::size(format!(
                "{seeds} seeds in the game: the search's table holds margins of at most {} seeds",
                i16::MAX
            )));
        }
        let shared = Shared {
            db_seeds: db
                .as_ref()
                .and_then(|d| d.max_seeds())
                .map_or(-1, |s| s as i32),
            keys: Keys::new(variant.pits(), seeds),
            table: Table::new(table_bytes),
            stop: AtomicBool::new(false),
            too_deep: AtomicBool::new(false),
            max_line: MAX_LINE,
            busy: (0..BUSY).map(|_| AtomicU64::new(0)).collect(),
            variant,
            db,
        };
        Ok(Search {
            main: Worker::new(&shared.variant, false),
            shared,
            helpers: Vec::new(),
            guess_depth: GUESS_DEPTH,
            on_pass: None,
        })
    }

    /// Searches on `threads` threads (at least one): the calling thread
    /// and `threads - 1` helpers sharing the table. The values are the
    /// same with any number.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.max(1) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            self.helpers.push(Worker::new(&self.shared.variant, true));
        }
        let shares = helpers > 0;
        self.main.shares = shares;
        for h in &mut self.helpers {
            h.shares = shares;
        }
    }

    /// Calls `f` after each MTD(f) pass (for progress reports).
    pub fn on_pass(&mut self, f: impl FnMut(&Pass) + Send + 'static) {
        self.on_pass = Some(Box::new(f));
    }

    /// Sets the longest line the search follows before it gives up with
    /// [`TooDeep`] ([`MAX_LINE`] unless set).
    pub fn set_max_line(&mut self, plies: usize) {
        self.shared.max_line = plies.max(1);
    }

    /// Sets the depth of the first-guess search (0: the guess is 0).
    /// Deeper guesses cost more and may save passes; the value is the same.
    pub fn set_guess_depth(&mut self, depth: u32) {
        self.guess_depth = depth;
    }

    /// What the search has done so far, all threads together.
    #[must_use]
    pub fn stats(&self) -> Stats {
        let mut s = self.main.stats;
        for h in &self.helpers {
            s.add(&h.stats);
        }
        s
    }

    /// Zeroes the counters of [`Search::stats`].
    pub fn reset_stats(&mut self) {
        self.main.stats = Stats::default();
        for h in &mut self.helpers {
            h.stats = Stats::default();
        }
    }

    /// Empties the table. The values found stay true, so this only
    /// measures a search from scratch.
    pub fn clear(&mut self) {
        self.shared.table.clear();
    }

    /// The table's size in bytes.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.shared.table.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// The variant searched.
    #[must_use]
    pub fn variant(&self) -> &Arc<Variant> {
        &self.shared.variant
    }

    /// South's future margin in `pos` under perfect play: what South will
    /// gain from here on, less what North will, endless play scored 0.
    ///
    /// # Errors
    /// [`TooDeep`]: a line ran [`MAX_LINE`] plies without ending or
    /// repeating. The table keeps what was proved before.
    ///
    /// # Panics
    /// If `pos` has more seeds on the board than the variant has seeds.
    pub fn value(&mut self, pos: &Position) -> Result<i32, TooDeep> {
        let started = Instant::now();
        let variant = Arc::clone(&self.shared.variant);
        let seeds = on_board(&variant, pos);
        let total: i32 = variant.initial.iter().map(|&s| i32::from(s)).sum();
        assert!(seeds <= total, "{seeds} seeds on a board of {total}");
        if let Some(m) = self.main.ended(&self.shared, pos) {
            return Ok(m);
        }
        if let Some(v) = self.main.probe_db(&self.shared, pos, seeds) {
            return Ok(v);
        }
        let mover = pos.to_move();
        let key = Worker::key(&self.shared, pos, seeds);
        let (mut lower, mut upper) = (-seeds, seeds);
        let e = self.shared.table.probe(key);
        if e.work != 0 {
            lower = lower.max(e.lower.into());
            upper = upper.min(e.upper.into());
        }
        let mut g = if lower == upper || self.guess_depth == 0 {
            0
        } else {
            let depth = self.guess_depth;
            self.main
                .estimate(&self.shared, pos, depth, 0, -seeds - 1, seeds + 1)
        };
        while lower < upper {
            g = g.clamp(lower, upper);
            // "At least g?", unless g is already known to be reached:
            // then "at least g + 1?".
            let beta = if g == lower { g + 1 } else { g };
            let before = self.stats().nodes;
            g = self.pass(pos, key, seeds, beta)?;
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
            debug_assert!(lower <= upper, "contradictory passes");
            self.main.stats.passes += 1;
            let nodes = self.stats().nodes - before;
            if let Some(f) = &mut self.on_pass {
                let (test, lo, hi) = if mover == Side::South {
                    (beta, lower, upper)
                } else {
                    (1 - beta, -upper, -lower)
                };
                f(&Pass {
                    test,
                    lower: lo,
                    upper: hi,
                    nodes,
                    elapsed: started.elapsed(),
                });
            }
        }
        Ok(rel(mover, lower))
    }

    /// One null-window search from the root, by every thread; the main
    /// thread's answer.
    fn pass(&mut self, pos: &Position, key: u64, seeds: i32, beta: i32) -> Result<i32, TooDeep> {
        self.main.start();
        self.shared.too_deep.store(false, Relaxed);
        let g = if self.helpers.is_empty() {
            self.main.test(&self.shared, pos, key, seeds, 0, beta, None)
        } else {
            self.shared_pass(pos, key, seeds, beta)
        };
        if self.shared.too_deep.load(Relaxed) {
            return Err(TooDeep(self.shared.max_line));
        }
        Ok(g)
    }

    /// [`Search::pass`] with helper threads.
    fn shared_pass(&mut self, pos: &Position, key: u64, seeds: i32, beta: i32) -> i32 {
        self.shared.stop.store(false, Relaxed);
        let (main, helpers, shared) = (&mut self.main, &mut self.helpers, &self.shared);
        std::thread::scope(|s| {
            for h in helpers.iter_mut() {
                s.spawn(move || {
                    h.start();
                    h.test(shared, pos, key, seeds, 0, beta, None);
                });
            }
            let g = main.test(shared, pos, key, seeds, 0, beta, None);
            shared.stop.store(true, Relaxed);
            g
        })
    }

    /// Whether South's future margin in `pos` is at least `k`: one
    /// null-window question, cheaper than [`Search::value`] where only a
    /// bound is needed (which plies keep a known value, say).
    ///
    /// # Errors
    /// [`TooDeep`], as for [`Search::value`].
    pub fn at_least(&mut self, pos: &Position, k: i32) -> Result<bool, TooDeep> {
        let variant = Arc::clone(&self.shared.variant);
        let seeds = on_board(&variant, pos);
        if let Some(m) = self.main.ended(&self.shared, pos) {
            return Ok(m >= k);
        }
        if let Some(v) = self.main.probe_db(&self.shared, pos, seeds) {
            return Ok(v >= k);
        }
        if k > seeds {
            return Ok(false);
        }
        if k <= -seeds {
            return Ok(true);
        }
        let key = Worker::key(&self.shared, pos, seeds);
        // The search answers for the side to act: South's margin at least
        // k is North's at most -k, "not at least 1 - k".
        Ok(match pos.to_move() {
            Side::South => self.pass(pos, key, seeds, k)? >= k,
            Side::North => self.pass(pos, key, seeds, 1 - k)? < 1 - k,
        })
    }

    /// Each legal ply of `pos` and South's future margin after it, the
    /// ply's gain included; empty if the game is over.
    ///
    /// # Errors
    /// [`TooDeep`], as for [`Search::value`].
    pub fn ply_values(&mut self, pos: &Position) -> Result<Vec<(Ply, i32)>, TooDeep> {
        let variant = Arc::clone(&self.shared.variant);
        if terminal_margin(&variant, pos).is_some() {
            return Ok(Vec::new());
        }
        let mut plies = Vec::new();
        pos.legal_plies(&variant, &mut plies);
        plies
            .into_iter()
            .map(|p| {
                let mut child = *pos;
                child.play_unchecked(&variant, p);
                Ok((p, gain(pos, &child) + self.value(&child)?))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::index::Ranking;
    use crate::solve::position_of;

    #[test]
    fn exact_keys_number_positions_by_layer_then_rank_then_side() {
        let v = Variant::new(crate::rules::bundled("kalah").unwrap());
        let keys = Keys::new(v.pits(), 48);
        assert!(matches!(keys, Keys::Exact { .. }), "Kalah(6,4) is numbered");
        let ranking = Ranking::new(v.pits(), 48);
        let mut board = vec![0u16; v.pits()];
        for s in [0usize, 1, 7, 30, 48] {
            let below: u64 = (0..s).map(|t| ranking.layer_size(t)).sum();
            let size = ranking.layer_size(s);
            for r in [0, size / 3, size - 1] {
                ranking.unrank(s, r, &mut board);
                for side in Side::BOTH {
                    let pos = position_of(&v, &board, side);
                    assert_eq!(
                        keys.key(&v, &pos, s),
                        2 * (below + r) + side.index() as u64,
                        "{board:?} {side}"
                    );
                }
            }
        }
    }

    #[test]
    fn entries_pack_both_bounds_signed() {
        let e = Entry {
            lower: -48,
            upper: 7,
            best: 3,
            work: 40,
        };
        let d = Entry::unpack(e.pack());
        assert_eq!((d.lower, d.upper, d.best, d.work), (-48, 7, 3, 40));
    }

    #[test]
    fn a_bucket_keeps_the_costliest_entry_and_the_newest() {
        // One bucket: every key lands in it.
        let t = Table::new(32);
        assert_eq!(t.buckets.len(), 1);
        t.store(1, -5, 5, 0, 5);
        t.store(2, -5, 5, 0, 3);
        assert_eq!((t.probe(1).work, t.probe(2).work), (5, 3));
        // A cheap newcomer takes the second tier's place.
        t.store(3, -5, 5, 0, 1);
        assert_eq!(
            (t.probe(1).work, t.probe(2).work, t.probe(3).work),
            (5, 0, 1)
        );
        // A costlier one takes the first tier's, which moves down.
        t.store(4, -5, 5, 0, 9);
        assert_eq!(
            (t.probe(4).work, t.probe(1).work, t.probe(3).work),
            (9, 5, 0)
        );
        // Bounds from two passes are intersected.
        t.store(1, 2, 5, NO_PLY, 2);
        t.store(1, -5, 2, 4, 2);
        let e = t.probe(1);
        assert_eq!((e.lower, e.upper, e.best, e.work), (2, 2, 4, 5));
    }
}
