//! The validated rulebook the engine interprets.
//!
//! A [`Rules`] is built only through [`Rules::from_toml`], which checks
//! every cross-field constraint, so the engine may trust every field. It
//! holds the meaning of the file only: the engine's tables (the sowing
//! circuit, the sowing table, packed keys) are built from it by
//! [`crate::engine::Variant::new`], the one place that compiles rules, so a
//! change of meaning can never leave a stale table behind.

use super::error::{Diagnostic, Span};
use super::schema::*;
use crate::board::{Pit, PitSet, Side};

/// Most seeds a board may hold in all: counts are stored in 16 bits.
pub const MAX_TOTAL_SEEDS: u32 = u16::MAX as u32;

/// Most relay laps after the first in one sowing: some positions would
/// relay for ever, so a sowing ends wherever its last lap ends once it has
/// relayed this many times. Part of the language's meaning, not a limit of
/// one engine (docs/rule-language.md, `sowing.laps`).
pub const MAX_RELAYS: u16 = 10_000;

/// Provenance of a variant: who plays it, where, and who recorded it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Provenance {
    /// Short identifier used on the command line.
    pub id: String,
    /// Display name.
    pub name: String,
    /// One line on what sets the variant apart.
    pub summary: Option<String>,
    /// Other names.
    pub other_names: Vec<String>,
    /// The people who play it.
    pub people: Option<String>,
    /// Where it is played.
    pub region: Option<String>,
    /// First description.
    pub first_described: Option<String>,
    /// Who recorded the rules.
    pub recorded_by: Option<String>,
    /// Sources.
    pub sources: Vec<String>,
    /// The family of games the variant belongs to (`variant.family`).
    pub family: Option<Family>,
    /// How sure the rules are (`variant.evidence`).
    pub evidence: Option<Evidence>,
}

/// A family of mancala games, by the mechanics that set it apart
/// (`variant.family`): how `ayla rules list` groups the bundled games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Family {
    /// Two rows, single laps, captures by the count of the landing pit
    /// (Oware, Goré, Songo).
    CountCapture,
    /// Two rows, relay sowing (Ayoayo, Endodoi).
    Relay,
    /// Two rows, relay from the pit after the landing pit and capture of
    /// the pit beyond an empty one (Pallanguzhi, Bay Khom).
    BeyondCapture,
    /// Two rows with a store for each player on the circuit (Kalah).
    Stores,
    /// Two rows; houses made in play (Toguz Kumalak, Qelat).
    Houses,
}

/// How sure a rule file's rules are (`variant.evidence`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Evidence {
    /// Recorded from play by a named observer.
    Observed,
    /// From secondary literature only.
    Described,
    /// The sources leave essential rules unknown, and the file fills them.
    Reconstructed,
    /// A game devised by a known author, whose own rules the file follows
    /// (Kalah; a teaching example).
    Invented,
}

/// Sowing direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Direction {
    /// a, b, c, …, A, B, …
    CounterClockwise,
    /// The reverse.
    Clockwise,
}

/// How the direction of a sowing from one pit is set (`sowing.direction`,
/// a value for the whole board or one per pit number).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PitDirection {
    /// Always this direction.
    Fixed(Direction),
    /// The mover chooses the direction of each sowing.
    Chosen,
}

/// Where the first seed of a sowing falls (`sowing.first_seed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum FirstSeed {
    /// In the pit after the origin.
    NextPit,
    /// Back in the emptied origin.
    Origin,
    /// Back in the origin, unless the origin held a single seed, which goes
    /// to the next pit.
    OriginUnlessSingle,
}

/// How many laps a sowing makes (`sowing.laps`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Laps {
    /// One lap: the sowing ends where its last seed falls.
    Single,
    /// A last seed in an occupied pit lifts that pit, and sowing goes on.
    Relay,
    /// After each lap the pit after the landing pit is lifted, if it holds
    /// seeds, and sowing goes on from the pit after it; if it is empty the
    /// sowing ends.
    RelayFromNext,
}

/// Where the seeds go once a long sowing has come round
/// (`sowing.later_rounds`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum LaterRounds {
    /// Round the whole circuit again.
    WholeCircuit,
    /// Only into the opponent's home row, from its first pit in sowing
    /// order, over and over.
    OpponentRow,
}

/// Which pits a player may sow from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SowFrom {
    /// Pits the player controls.
    Controlled,
    /// Pits of the player's home row.
    HomeRow,
    /// Pits of the opponent's home row.
    OpponentRow,
}

/// An opening rule on which pits may be sown (`moves.opening`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Opening {
    /// None.
    None,
    /// Until a player has sown from every pit of their home row, they may
    /// sow only from home pits they have not sown from yet.
    EachHomePitOnce,
}

/// What happens when a feed is owed and no sowing gives it
/// (`moves.cannot_feed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CannotFeed {
    /// Any sowing is legal.
    AnySowing,
    /// The game ends; the player to act takes every seed left.
    MoverTakesAll,
    /// The game ends; the opponent, who could not be fed, takes every seed left.
    OpponentTakesAll,
}

/// Pit numbers within a row, 1 to `pits_per_row`, counted from the row
/// owner's left (label order: `a` and `A` are 1), as a bit set (bit `k`
/// for number `k`): a set of places that means the same for both players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RowPits(pub u32);

impl RowPits {
    /// No pit.
    pub const NONE: RowPits = RowPits(0);

    /// Whether pit number `k` (1-based) is in the set.
    #[inline]
    #[must_use]
    pub fn contains(self, k: usize) -> bool {
        k < 32 && self.0 >> k & 1 == 1
    }

    /// The numbers in increasing order.
    #[must_use]
    pub fn list(self) -> Vec<usize> {
        (1..32).filter(|&k| self.contains(k)).collect()
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// The feeding obligation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Feeding {
    /// None.
    None,
    /// Feed an opponent whose pits are all empty, when some sowing can.
    MustFeedEmptyOpponent,
    /// Leave an opponent whose pits are all empty at least one seed after
    /// the whole sowing (relay laps and captures included), when some can.
    MustLeaveOpponentSeeds,
}

/// What a player with nothing to sow does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CannotSow {
    /// Pass.
    Pass,
    /// The game ends.
    EndGame,
}

/// A zone relative to the mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Zone {
    /// Pits the opponent controls.
    OpponentTerritory,
    /// The opponent's home row.
    OpponentRow,
    /// Anywhere.
    Anywhere,
}

/// Capture chain direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Chain {
    /// Landing pit only.
    None,
    /// Against the sowing direction.
    Backward,
    /// With the sowing direction.
    Forward,
    /// Both ways.
    Both,
}

/// Opening lock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Lock {
    /// No lock.
    None,
    /// No capture while no pit of the board has been sown from: the first
    /// sowing of the game captures nothing.
    FirstSowing,
    /// Every home pit must have been sown from once before capturing.
    AllHomePitsSown {
        /// Whether the sowing that completes the set may capture.
        release_may_capture: bool,
    },
}

/// Capturing by the count of the landing pit (and a chain around it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capture {
    /// A pit holding one of these counts is captured.
    pub counts: CountSet,
    /// Where the landing pit must lie.
    pub landing: Zone,
    /// Chain direction.
    pub chain: Chain,
    /// Where chained pits may lie.
    pub chain_zone: Zone,
    /// Opening lock.
    pub lock: Lock,
    /// What a capture that would take every seed of the opponent's row does.
    pub grand_slam: GrandSlam,
    /// Which pit the count is looked at in: the landing pit or the next one.
    pub examined: Examined,
    /// Most pits one capture takes, the first included (`None`: no cap).
    pub chain_max: Option<u8>,
    /// Pit numbers (in every row) that count captures never take.
    pub immune: RowPits,
}

/// What a grand slam does (`capture.grand_slam`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum GrandSlam {
    /// It captures like any other capture.
    Captures,
    /// It is legal and captures nothing.
    CapturesNothing,
    /// It is not legal while the mover has a sowing that is no grand slam;
    /// when every sowing is one, they are legal and capture nothing.
    Forbidden,
}

/// The pit whose count a `[capture]` looks at (`capture.examined`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Examined {
    /// The pit the last seed fell in.
    LandingPit,
    /// The pit after it, in the sowing's direction.
    NextPit,
}

/// Capturing the pit beyond an empty pit (`[beyond_capture]`): when a lap
/// ends and the pit after the landing pit is empty, the pit after that one
/// is taken if it holds seeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BeyondCapture {
    /// Where the pit taken must lie.
    pub zone: Zone,
    /// After a pit is taken, an empty pit followed by a pit with seeds is
    /// taken too, and so on, pair by pair.
    pub chain_pairs: bool,
    /// With relay laps: after the capture the relay goes on from the
    /// landing pit (else the sowing ends).
    pub sow_on: bool,
}

/// Houses (`[houses]`): a pit that becomes one player's for good when their
/// last seed brings it to `made_at`; every seed that falls in it afterwards
/// goes to its owner, and it is never sown from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Houses {
    /// The count a last seed must bring the pit to.
    pub made_at: u16,
    /// Pit numbers of the mover's own row that may become their house.
    pub own_row: RowPits,
    /// Pit numbers of the opponent's row that may become the mover's house.
    pub opponent_row: RowPits,
    /// Most houses one player may have.
    pub max_per_player: u8,
    /// A player may not make a house in the pit of the same number as a
    /// house of the opponent's.
    pub not_same_number: bool,
}

/// Capturing the pit opposite the landing pit, when the last seed falls in
/// an empty pit the mover controls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OppositeCapture {
    /// Where the empty pit the last seed falls in must lie.
    pub landing: OppositeLanding,
    /// When the opposite pit is empty, the last seed alone is still taken.
    pub take_last_seed_alone: bool,
    /// The seed that makes the capture is captured too (else it stays).
    pub capturing_seed_taken: bool,
}

/// Where the last seed must fall for an opposite capture
/// (`opposite_capture.landing`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum OppositeLanding {
    /// In an empty pit the mover controls.
    OwnTerritory,
    /// In an empty pit anywhere.
    Anywhere,
}

/// Who gets the seeds left on the board at the end (`end.leftovers`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Leftovers {
    /// Each seed goes to the player who controls its pit.
    Controller,
    /// Nobody: only captured seeds count.
    Nobody,
}

/// Who takes the seeds of a sowing capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Taker {
    /// The player sowing.
    Mover,
    /// The player who controls the pit.
    PitController,
}

/// Captures while seeds are sown: a seed that brings a pit to one of the
/// counts empties it at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SowingCapture {
    /// A seed bringing a pit to one of these counts captures it.
    pub counts: CountSet,
    /// Who takes a pit filled by a seed other than a lap's last.
    pub taker: Taker,
    /// Who takes a pit filled by a lap's last seed (the sowing then ends).
    pub last_seed_taker: Taker,
}

/// The counts a capture takes (`counts`): a list of counts from 1 to 63,
/// or every even or every odd count, without bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountSet {
    /// Bit `k` set for the listed count `k`.
    listed: u64,
    /// Every even count (2, 4, …) as well.
    even: bool,
    /// Every odd count (1, 3, …) as well.
    odd: bool,
}

impl CountSet {
    /// Every even count: 2, 4, 6, …
    pub const EVEN: CountSet = CountSet {
        listed: 0,
        even: true,
        odd: false,
    };
    /// Every odd count: 1, 3, 5, …
    pub const ODD: CountSet = CountSet {
        listed: 0,
        even: false,
        odd: true,
    };

    /// The listed counts, as a bit mask (bit `k` for the count `k`, 1 to 63).
    #[must_use]
    pub const fn of_mask(mask: u64) -> CountSet {
        CountSet {
            listed: mask & !1,
            even: false,
            odd: false,
        }
    }

    /// The listed counts (each 1 to 63).
    ///
    /// # Panics
    /// If a count lies outside 1 to 63.
    #[must_use]
    pub fn of(counts: &[u16]) -> CountSet {
        let mut mask = 0u64;
        for &k in counts {
            assert!((1..64).contains(&k), "a listed count is from 1 to 63");
            mask |= 1 << k;
        }
        CountSet::of_mask(mask)
    }

    /// Whether `n` is one of the counts.
    #[inline]
    #[must_use]
    pub fn contains(self, n: u16) -> bool {
        (n < 64 && self.listed >> n & 1 == 1)
            || (self.even && n > 0 && n.is_multiple_of(2))
            || (self.odd && n % 2 == 1)
    }

    /// The parity, when the set is every even or every odd count.
    #[must_use]
    pub fn parity(self) -> Option<Parity> {
        match (self.even, self.odd) {
            (true, false) if self.listed == 0 => Some(Parity::Even),
            (false, true) if self.listed == 0 => Some(Parity::Odd),
            _ => None,
        }
    }

    /// The listed counts in increasing order (none for a parity).
    #[must_use]
    pub fn list(self) -> Vec<u16> {
        (0..64).filter(|&k| self.listed >> k & 1 == 1).collect()
    }

    /// The listed counts as a bit mask (0 for a parity).
    #[must_use]
    pub fn mask(self) -> u64 {
        self.listed
    }
}

/// Every even or every odd count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Parity {
    /// 2, 4, 6, …
    Even,
    /// 1, 3, 5, …
    Odd,
}

impl SowingCapture {
    /// Whether a seed bringing a pit to `n` captures it.
    #[inline]
    #[must_use]
    pub fn captures(&self, n: u16) -> bool {
        self.counts.contains(n)
    }
}

impl Capture {
    /// Whether a pit holding `n` seeds is captured.
    #[inline]
    #[must_use]
    pub fn captures(&self, n: u16) -> bool {
        self.counts.contains(n)
    }
}

/// Trading pits for captured seeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Trading {
    /// Most pits in one offer.
    pub max_pits: u8,
    /// Seeds paid into each pit received.
    pub price_per_pit: u16,
    /// Pits the offerer must keep.
    pub keep_at_least: u8,
    /// Offers only when the recipient can pay.
    pub only_if_affordable: bool,
}

/// How the game ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct End {
    /// Ends as soon as every pit holds fewer than this.
    pub all_pits_below: Option<u16>,
    /// Ends as soon as a player has captured more than this.
    pub captured_more_than: Option<u16>,
    /// Ends right after a ply that leaves either home row empty.
    pub either_row_empty: bool,
    /// Ends as soon as the board holds at most this many seeds.
    pub seeds_left_at_most: Option<u16>,
    /// When `seeds_left_at_most` ends the game, the first player takes
    /// every seed left (else each goes to its pit's controller).
    pub seeds_left_to_first: bool,
    /// Ends when a state occurs this many times.
    pub repetition: u8,
    /// Who gets the seeds left on the board.
    pub leftovers: Leftovers,
    /// Ends after this many plies from the game's start, if nothing ended
    /// it first: a practical bound for variants whose games can wander
    /// through a huge number of states before one recurs.
    pub max_plies: Option<u32>,
}

/// A point the sources leave open, and the reading taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Interpretation {
    /// The rule-file key holding the reading.
    pub key: String,
    /// The open question.
    pub point: String,
    /// The reading taken.
    pub assumed: String,
    /// Why.
    pub reason: String,
}

/// A point the sources leave open, as switchable alternatives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// Its name (`skip-origin`).
    pub name: String,
    /// The open question.
    pub point: String,
    /// Why it is open, and why the default.
    pub reason: String,
    /// The alternative taken unless another is chosen.
    pub default: String,
    /// The alternative in force in these rules.
    pub chosen: String,
    /// The alternatives, in file order.
    pub alternatives: Vec<Alternative>,
}

/// One way of reading an open point: overrides of ordinary keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alternative {
    /// Its name (`skip`).
    pub name: String,
    /// `(key, value)` pairs, values as TOML text.
    pub overrides: Vec<(String, String)>,
}

/// A validated rulebook: what the rule file says, and nothing an engine
/// derives from it (the engine compiles it into [`crate::engine::Variant`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    /// Identity and provenance.
    pub provenance: Provenance,
    /// Pits per row.
    pub per_row: usize,
    /// Seeds per pit at the start, in label order.
    pub initial: Vec<u16>,
    /// Who moves first.
    pub first: Side,
    /// Sowing direction: the direction of the circuit that labels,
    /// neighbours and chains are read along when every pit sows the same
    /// way; counter-clockwise when `pit_directions` is not empty.
    pub direction: Direction,
    /// How each pit number's sowings are directed (index 0 for number 1),
    /// when not every pit sows in `direction`: one entry per pit of a row,
    /// the same for both players. Empty when every sowing goes `direction`.
    pub pit_directions: Vec<PitDirection>,
    /// Where the first seed of a sowing falls.
    pub first_seed: FirstSeed,
    /// Whether a long sowing skips its origin.
    pub skip_origin: bool,
    /// How many laps a sowing makes.
    pub laps: Laps,
    /// Where a long sowing goes once it has come round.
    pub later_rounds: LaterRounds,
    /// Each player has a store after their last house in sowing order.
    pub stores: bool,
    /// A last seed in the mover's own store gives another turn.
    pub extra_turn: bool,
    /// When feeding is owed and no sowing gives it.
    pub cannot_feed: CannotFeed,
    /// Captures of the pit beyond an empty pit, if any.
    pub beyond_capture: Option<BeyondCapture>,
    /// Houses, if any.
    pub houses: Option<Houses>,
    /// Captures of the pit opposite an empty one, if any.
    pub opposite_capture: Option<OppositeCapture>,
    /// Captures while seeds are sown, if any.
    pub sowing_capture: Option<SowingCapture>,
    /// Which pits a player may sow from.
    pub sow_from: SowFrom,
    /// Feeding obligation.
    pub feeding: Feeding,
    /// What a player with nothing to sow does.
    pub cannot_sow: CannotSow,
    /// Fewest seeds a pit must hold to be sown.
    pub min_seeds: u16,
    /// Pits with fewer than `min_seeds` may be sown when no other sowing is legal.
    pub below_min_if_no_other: bool,
    /// An opening rule on which pits may be sown.
    pub opening: Opening,
    /// Captures, if any.
    pub capture: Option<Capture>,
    /// Trading, if on.
    pub trading: Option<Trading>,
    /// End conditions.
    pub end: End,
    /// Interpretations of open points (free-text notes).
    pub interpretations: Vec<Interpretation>,
    /// Open points as switchable readings, each with the alternative in force.
    pub readings: Vec<Reading>,
    /// Total seeds in play (board + captured).
    pub total_seeds: u32,
}

/// The largest `end.max_plies`.
pub const MAX_PLIES_CAP: u32 = 1_000_000_000;

/// Most distinct offers a single position may allow: each is a ply of its
/// own, so the legal-ply list (and a search's buffers) hold that many.
pub const MAX_OFFERS: u64 = 10_000;

/// The most offers a player can have in one position: a territory grows to
/// every pit but the `keep` the other player keeps, and any subset of it of
/// 1 to `max_pits` pits that leaves `keep` pits may be offered. Saturates.
fn most_offers(pits: usize, max_pits: usize, keep: usize) -> u64 {
    let t = pits.saturating_sub(keep) as u64;
    let top = (max_pits as u64).min(t.saturating_sub(keep as u64));
    let (mut sum, mut binom) = (0u64, 1u64);
    for k in 1..=top {
        // C(t, k) = C(t, k - 1) * (t - k + 1) / k, exact at each step.
        binom = match binom.checked_mul(t - k + 1) {
            Some(x) => x / k,
            None => return u64::MAX,
        };
        sum = match sum.checked_add(binom) {
            Some(x) => x,
            None => return u64::MAX,
        };
    }
    sum
}

/// Keys a `[[interpretation]]` may name.
pub const INTERPRETABLE_KEYS: &[&str] = &[
    "board.pits_per_row",
    "board.seeds_per_pit",
    "board.initial",
    "board.first",
    "board.stores",
    "sowing.direction",
    "sowing.first_seed",
    "sowing.laps",
    "sowing.later_rounds",
    "sowing.skip_origin",
    "sowing.extra_turn",
    "moves.sow_from",
    "moves.min_seeds",
    "moves.below_min",
    "moves.opening",
    "moves.feeding",
    "moves.cannot_sow",
    "moves.cannot_feed",
    "capture.counts",
    "capture.landing",
    "capture.examined",
    "capture.chain",
    "capture.chain_zone",
    "capture.chain_max",
    "capture.protected",
    "capture.lock",
    "capture.lock_release_may_capture",
    "capture.grand_slam",
    "opposite_capture.when_opposite_empty",
    "opposite_capture.capturing_seed",
    "opposite_capture.landing",
    "sowing_capture.counts",
    "sowing_capture.taker",
    "sowing_capture.last_seed_taker",
    "beyond_capture.zone",
    "beyond_capture.chain",
    "beyond_capture.then",
    "houses.made_at",
    "houses.own_row",
    "houses.opponent_row",
    "houses.max_per_player",
    "houses.not_same_number",
    "trading.enabled",
    "trading.max_pits",
    "trading.price_per_pit",
    "trading.keep_at_least",
    "trading.only_if_affordable",
    "end.all_pits_below",
    "end.repetition",
    "end.captured_more_than",
    "end.either_row_empty",
    "end.seeds_left_at_most",
    "end.seeds_left_to",
    "end.max_plies",
    "end.leftovers",
    "end.winner",
];

fn side(s: TomlSide) -> Side {
    match s {
        TomlSide::South => Side::South,
        TomlSide::North => Side::North,
    }
}

/// A key's value, or its default when no file writes it.
fn value<T: Copy + Default>(v: &Option<toml::Spanned<T>>) -> T {
    v.as_ref().map_or_else(T::default, |v| *v.get_ref())
}

/// Where a key is written, if any file writes it.
fn written<T>(v: &Option<toml::Spanned<T>>) -> Option<Span> {
    v.as_ref().map(|v| Span::from(v.span()))
}

fn zone(z: TomlZone) -> Zone {
    match z {
        TomlZone::OpponentTerritory => Zone::OpponentTerritory,
        TomlZone::OpponentRow => Zone::OpponentRow,
        TomlZone::Anywhere => Zone::Anywhere,
    }
}

/// Collects diagnostics while a file is validated, so one run reports them all.
struct Checker {
    diags: Vec<Diagnostic>,
}

impl Checker {
    fn err(&mut self, span: Span, key: &str, msg: impl Into<String>) {
        self.diags.push(Diagnostic::new(span, key, msg));
    }

    /// A key whose value needs another key to be otherwise. The error is
    /// the dependent key's (`dep`: key, where, message), except when a more
    /// derived file of an `extends` chain writes the other key (`other`):
    /// that change is what broke the rules, and the file the user is
    /// editing is where they look.
    fn conflict(
        &mut self,
        file_of: &dyn Fn(Span) -> usize,
        dep: (&str, Span, String),
        other: Option<(&str, Span, String)>,
    ) {
        match other {
            Some((key, at, msg)) if file_of(at) < file_of(dep.1) => self.err(at, key, msg),
            _ => self.err(dep.1, dep.0, dep.2),
        }
    }

    /// An integer in `lo..=hi`, or a diagnostic at its position.
    fn int(&mut self, v: &toml::Spanned<i64>, key: &str, lo: i64, hi: i64, what: &str) -> i64 {
        let x = *v.get_ref();
        if x < lo || x > hi {
            self.err(
                v.span().into(),
                key,
                format!("expected {what} from {lo} to {hi}, found {x}"),
            );
            lo
        } else {
            x
        }
    }
}

impl Checker {
    /// A count of pits from `lo` to the pits of a row (`rows`: how many,
    /// and where `board.pits_per_row` is written). A count that longer
    /// rows would allow is blamed on the rows when a more derived file
    /// shortened them.
    fn up_to_rows(
        &mut self,
        v: &toml::Spanned<i64>,
        key: &str,
        lo: i64,
        rows: (usize, Span),
        what: &str,
        file_of: &dyn Fn(Span) -> usize,
    ) -> i64 {
        self.up_to_rows_times(v, key, lo, 1, rows, what, file_of)
    }

    /// As [`Checker::up_to_rows`], up to `times` the pits of a row (2 for
    /// a count of the whole board's pits).
    #[allow(clippy::too_many_arguments)]
    fn up_to_rows_times(
        &mut self,
        v: &toml::Spanned<i64>,
        key: &str,
        lo: i64,
        times: usize,
        (per_row, rows): (usize, Span),
        what: &str,
        file_of: &dyn Fn(Span) -> usize,
    ) -> i64 {
        let x = *v.get_ref();
        let hi = (times * per_row) as i64;
        if (lo..=hi).contains(&x) {
            return x;
        }
        let at: Span = v.span().into();
        let other = (x > hi && x <= (times * crate::board::MAX_PITS_PER_ROW) as i64).then(|| {
            (
                "board.pits_per_row",
                rows,
                format!(
                    "rows of {per_row} allow {what} from {lo} to {hi}, and the inherited `{key}` is {x}: give `{key}` here too"
                ),
            )
        });
        self.conflict(
            file_of,
            (
                key,
                at,
                format!("expected {what} from {lo} to {hi}, found {x}"),
            ),
            other,
        );
        lo
    }

    /// An optional seed count of an `[end]` key, from `lo` to 65535.
    fn seed_count(&mut self, v: &Option<toml::Spanned<i64>>, key: &str, lo: i64) -> Option<u16> {
        v.as_ref()
            .map(|v| self.int(v, key, lo, i64::from(u16::MAX), "a seed count") as u16)
    }

    /// A list of capturing counts (`<table>.counts`) as a bit set: not
    /// empty, each from 1 to 63, none twice, and none above the board's
    /// `total` when the board is sound enough to know it.
    fn counts(
        &mut self,
        (at, list): (Span, &[toml::Spanned<i64>]),
        table: &str,
        total: Option<u64>,
    ) -> CountSet {
        let key = format!("{table}.counts");
        if list.is_empty() {
            self.err(
                at,
                &key,
                format!(
                    "expected at least one count (leave out [{table}] for a game without {})",
                    if table == "capture" {
                        "captures"
                    } else {
                        "them"
                    }
                ),
            );
        }
        let mut counts = 0u64;
        for k in list {
            let x = self.int(k, &key, 1, 63, "a capturing count");
            if let Some(total) = total
                && x as u64 > total
            {
                self.err(
                    k.span().into(),
                    &key,
                    format!("a pit can never hold {x} seeds: the board holds {total} in all"),
                );
            }
            // `int` stands a bad count in as 1; only a real repeat is a repeat.
            if (1..=63).contains(k.get_ref()) && counts >> x & 1 == 1 {
                self.err(k.span().into(), &key, format!("count {x} is listed twice"));
            }
            counts |= 1 << x;
        }
        CountSet::of_mask(counts)
    }

    /// A list of pit numbers (`key`), each from 1 to the pits of a row,
    /// none twice, as a set.
    fn pit_numbers(
        &mut self,
        list: &toml::Spanned<Vec<toml::Spanned<i64>>>,
        key: &str,
        rows: (usize, Span),
        file_of: &dyn Fn(Span) -> usize,
    ) -> RowPits {
        let mut set = RowPits::NONE;
        for k in list.get_ref() {
            let x = self.up_to_rows(k, key, 1, rows, "a pit number", file_of);
            // A bad number stands in as 1: only a real number is kept.
            if !(1..=rows.0 as i64).contains(k.get_ref()) {
                continue;
            }
            if set.contains(x as usize) {
                self.err(
                    k.span().into(),
                    key,
                    format!("pit number {x} is listed twice"),
                );
            }
            set.0 |= 1 << x;
        }
        set
    }
}

impl Rules {
    /// Validates a raw rule file.
    ///
    /// # Errors
    /// Every constraint the file breaks, each with its span and key.
    ///
    /// `file_of` tells which file of an `extends` chain a span lies in, so
    /// that a check about keys written together (e.g. a price beside
    /// `enabled = false`) ignores keys inherited from a parent.
    pub fn from_toml(
        raw: TomlRules,
        file_of: &dyn Fn(Span) -> usize,
    ) -> Result<Rules, Vec<Diagnostic>> {
        let mut c = Checker { diags: Vec::new() };
        // A key missing from a table is reported at the table's header,
        // which a merged table takes from the first file of the chain that
        // writes it; when the key that needs the missing one is written in
        // another file, the header would point into a file that is sound
        // on its own, so the error goes to that key instead.
        let missing_at = |header: Span, needed_by: Option<Span>| match needed_by {
            Some(at) if file_of(at) != file_of(header) => at,
            _ => header,
        };
        let v = raw.variant;
        let id = v.id.get_ref().clone();
        if id.is_empty()
            || !id
                .chars()
                .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-')
        {
            c.err(
                v.id.span().into(),
                "variant.id",
                format!(
                    "expected an identifier of lowercase ASCII letters, digits and '-', found {id:?}"
                ),
            );
        }
        let provenance = Provenance {
            id,
            name: v.name,
            summary: v.summary,
            other_names: v.other_names,
            people: v.people,
            region: v.region,
            first_described: v.first_described,
            recorded_by: v.recorded_by,
            sources: v.sources,
            family: v.family.map(|f| match f {
                TomlFamily::CountCapture => Family::CountCapture,
                TomlFamily::Relay => Family::Relay,
                TomlFamily::BeyondCapture => Family::BeyondCapture,
                TomlFamily::Stores => Family::Stores,
                TomlFamily::Houses => Family::Houses,
            }),
            evidence: v.evidence.map(|e| match e {
                TomlEvidence::Observed => Evidence::Observed,
                TomlEvidence::Described => Evidence::Described,
                TomlEvidence::Reconstructed => Evidence::Reconstructed,
                TomlEvidence::Invented => Evidence::Invented,
            }),
        };

        // Board and initial layout.
        let board_span: Span = raw.board.span().into();
        let board = raw.board.into_inner();
        let per_row = board.pits_per_row.get_ref().0 as usize;
        let pits = 2 * per_row;
        let initial: Vec<u32> = match (&board.seeds_per_pit, &board.initial) {
            (Some(_), Some(init)) => {
                c.err(
                    init.span().into(),
                    "board.initial",
                    "give either `seeds_per_pit` or `initial`, not both",
                );
                vec![0; pits]
            }
            (None, None) => {
                c.err(
                    board_span,
                    "board",
                    "missing the initial seeds: give `seeds_per_pit` or `initial`",
                );
                vec![0; pits]
            }
            (Some(n), None) => vec![n.get_ref().0; pits],
            (None, Some(init)) => {
                if init.get_ref().len() != pits {
                    let found = init.get_ref().len();
                    c.conflict(
                        file_of,
                        (
                            "board.initial",
                            init.span().into(),
                            format!(
                                "expected {pits} counts (2 rows of {per_row}, in label order), found {found}"
                            ),
                        ),
                        Some((
                            "board.pits_per_row",
                            board.pits_per_row.span().into(),
                            format!(
                                "{per_row} pits a row need {pits} counts in `board.initial`, and the inherited one has {found}: give `initial` or `seeds_per_pit` here too"
                            ),
                        )),
                    );
                    vec![0; pits]
                } else {
                    init.get_ref().clone()
                }
            }
        };
        let total: u64 = initial.iter().map(|&x| u64::from(x)).sum();
        if total > u64::from(MAX_TOTAL_SEEDS) {
            let (span, key) = match (&board.seeds_per_pit, &board.initial) {
                (Some(n), _) => (Span::from(n.span()), "board.seeds_per_pit"),
                (_, Some(i)) => (Span::from(i.span()), "board.initial"),
                _ => (board_span, "board"),
            };
            let msg = format!(
                "the board would hold {total} seeds; at most {MAX_TOTAL_SEEDS} are supported"
            );
            // Only seeds per pit grow with the pits; an `initial` of the
            // right length holds the same seeds whatever the rows.
            let rows = board.seeds_per_pit.as_ref().map(|_| {
                (
                    "board.pits_per_row",
                    Span::from(board.pits_per_row.span()),
                    format!("{msg} (the inherited `seeds_per_pit` in each of {pits} pits)"),
                )
            });
            c.conflict(file_of, (key, span, msg), rows);
        } else if total == 0 && c.diags.is_empty() {
            let (span, key) = match (&board.seeds_per_pit, &board.initial) {
                (Some(n), _) => (Span::from(n.span()), "board.seeds_per_pit"),
                (_, Some(i)) => (Span::from(i.span()), "board.initial"),
                _ => (board_span, "board"),
            };
            c.err(span, key, "the board holds no seeds at all");
        }
        // Later checks against the total only make sense for a sound board.
        let board_ok = c.diags.is_empty();
        let initial: Vec<u16> = initial
            .iter()
            .map(|&x| x.min(u32::from(u16::MAX)) as u16)
            .collect();

        // Capture.
        let capture = raw.capture.map(|cap| {
            let cap_span: Span = cap.span().into();
            let cap = cap.into_inner();
            let counts = match cap.counts.get_ref() {
                TomlCounts::Listed(list) => c.counts(
                    (cap.counts.span().into(), list),
                    "capture",
                    board_ok.then_some(total),
                ),
                TomlCounts::Parity(TomlParity::Even) => CountSet::EVEN,
                TomlCounts::Parity(TomlParity::Odd) => CountSet::ODD,
            };
            // A key that only matters beside another is an error when both are
            // written in one file; inherited from a parent whose setting the
            // child switched off, it is simply moot.
            let together = |a: Option<Span>, b: Span| a.is_none_or(|a| file_of(a) == file_of(b));
            let chain_span = cap.chain.as_ref().map(|c| Span::from(c.span()));
            let lock_span = cap.lock.as_ref().map(|l| Span::from(l.span()));
            let chain = match cap.chain.map_or(TomlChain::None, |c| c.into_inner()) {
                TomlChain::None => Chain::None,
                TomlChain::Backward => Chain::Backward,
                TomlChain::Forward => Chain::Forward,
                TomlChain::Both => Chain::Both,
            };
            let chain_zone = match (&cap.chain_zone, chain) {
                (Some(z), Chain::None) => {
                    if together(chain_span, z.span().into()) {
                        c.err(
                            z.span().into(),
                            "capture.chain_zone",
                            "a chain zone is given but `chain` is \"none\"",
                        );
                    }
                    zone(*z.get_ref())
                }
                (Some(z), _) => zone(*z.get_ref()),
                (None, Chain::None) => zone(cap.landing),
                (None, _) => {
                    c.err(
                        missing_at(cap_span, chain_span),
                        "capture.chain_zone",
                        "a chain needs `chain_zone` (\"opponent-territory\", \"opponent-row\" or \"anywhere\")",
                    );
                    Zone::Anywhere
                }
            };
            let lock = match (
                cap.lock.map_or(TomlLock::None, |l| l.into_inner()),
                &cap.lock_release_may_capture,
            ) {
                (TomlLock::None, Some(b)) => {
                    if together(lock_span, b.span().into()) {
                        c.err(
                            b.span().into(),
                            "capture.lock_release_may_capture",
                            "given but `lock` is \"none\"",
                        );
                    }
                    Lock::None
                }
                (TomlLock::None, None) => Lock::None,
                (TomlLock::AllHomePitsSown, Some(b)) => Lock::AllHomePitsSown {
                    release_may_capture: *b.get_ref(),
                },
                (TomlLock::AllHomePitsSown, None) => {
                    c.err(
                        missing_at(cap_span, lock_span),
                        "capture.lock_release_may_capture",
                        "a lock needs `lock_release_may_capture` (true or false): may the sowing that completes the lock capture?",
                    );
                    Lock::None
                }
                // Reading: only this lock is checked against `sow_from =
                // "opponent-row"`, as DESIGN16 says; "all-home-pits-sown"
                // there is legal, if it never lifts.
                (TomlLock::FirstSowing, release) => {
                    // Inherited from a parent's other lock, the key is moot.
                    if let Some(b) = release
                        && together(lock_span, b.span().into())
                    {
                        c.err(
                            b.span().into(),
                            "capture.lock_release_may_capture",
                            "given but `lock` is \"first-sowing\", which no sowing releases (only the game's first sowing is held back): leave out `lock_release_may_capture`",
                        );
                    }
                    if let Some(at) = lock_span
                        && value(&raw.moves.sow_from) == TomlSowFrom::OpponentRow
                    {
                        c.conflict(
                            file_of,
                            (
                                "capture.lock",
                                at,
                                "\"first-sowing\" follows the pits sown from in each player's own row, and with `moves.sow_from = \"opponent-row\"` nobody sows from their own: set `sow_from` to \"controlled\" or \"home-row\", or choose another lock".into(),
                            ),
                            written(&raw.moves.sow_from).map(|at| {
                                (
                                    "moves.sow_from",
                                    at,
                                    "\"opponent-row\", but the inherited `capture.lock = \"first-sowing\"` follows the pits sown from in each player's own row: keep `sow_from` \"controlled\" or \"home-row\", or set `capture.lock` here too".into(),
                                )
                            }),
                        );
                    }
                    Lock::FirstSowing
                }
            };
            let rows: (usize, Span) = (per_row, board.pits_per_row.span().into());
            let chain_max = cap.chain_max.as_ref().map(|v| {
                c.up_to_rows_times(
                    v,
                    "capture.chain_max",
                    1,
                    2,
                    rows,
                    "a number of pits",
                    file_of,
                ) as u8
            });
            let immune = cap.protected.as_ref().map_or(RowPits::NONE, |l| {
                c.pit_numbers(l, "capture.protected", rows, file_of)
            });
            Capture {
                counts,
                landing: zone(cap.landing),
                chain,
                chain_zone,
                lock,
                grand_slam: match cap.grand_slam {
                    TomlGrandSlam::Captures => GrandSlam::Captures,
                    TomlGrandSlam::CapturesNothing => GrandSlam::CapturesNothing,
                    TomlGrandSlam::Forbidden => GrandSlam::Forbidden,
                },
                examined: match cap.examined {
                    TomlExamined::LandingPit => Examined::LandingPit,
                    TomlExamined::NextPit => Examined::NextPit,
                },
                chain_max,
                immune,
            }
        });

        // Trading.
        let trading_on: Option<Span> = raw
            .trading
            .as_ref()
            .map(|t| &t.get_ref().enabled)
            .filter(|e| *e.get_ref())
            .map(|e| e.span().into());
        let trading = raw.trading.and_then(|t| {
            let t_span: Span = t.span().into();
            let t = t.into_inner();
            let given: Vec<(&str, Span)> = [
                ("trading.max_pits", t.max_pits.as_ref().map(|x| x.span())),
                (
                    "trading.price_per_pit",
                    t.price_per_pit.as_ref().map(|x| x.span()),
                ),
                (
                    "trading.keep_at_least",
                    t.keep_at_least.as_ref().map(|x| x.span()),
                ),
                (
                    "trading.only_if_affordable",
                    t.only_if_affordable.as_ref().map(|x| x.span()),
                ),
            ]
            .into_iter()
            .filter_map(|(k, s)| s.map(|s| (k, Span::from(s))))
            .collect();
            if !*t.enabled.get_ref() {
                let off_in = file_of(t.enabled.span().into());
                for (k, s) in given {
                    if file_of(s) == off_in {
                        c.err(s, k, "given but `trading.enabled` is false");
                    }
                }
                return None;
            }
            let t_span = missing_at(t_span, Some(t.enabled.span().into()));
            let need = |c: &mut Checker, v: &Option<toml::Spanned<i64>>, key: &str| {
                if v.is_none() {
                    c.err(t_span, key, "missing: trading needs this key");
                }
            };
            need(&mut c, &t.max_pits, "trading.max_pits");
            need(&mut c, &t.price_per_pit, "trading.price_per_pit");
            need(&mut c, &t.keep_at_least, "trading.keep_at_least");
            if t.only_if_affordable.is_none() {
                c.err(
                    t_span,
                    "trading.only_if_affordable",
                    "missing: trading needs this key",
                );
            }
            let rows: Span = board.pits_per_row.span().into();
            let max_pits = t.max_pits.as_ref().map_or(1, |v| {
                c.up_to_rows(v, "trading.max_pits", 1, (per_row, rows), "pits per offer", file_of)
            });
            let price = t.price_per_pit.as_ref().map_or(0, |v| {
                c.int(
                    v,
                    "trading.price_per_pit",
                    0,
                    i64::from(u16::MAX),
                    "seeds per pit",
                )
            });
            let keep = t.keep_at_least.as_ref().map_or(0, |v| {
                c.up_to_rows(v, "trading.keep_at_least", 0, (per_row, rows), "pits kept", file_of)
            });
            // Every subset of a territory up to `max_pits` is a ply of its
            // own; unchecked, a few hundred bytes of rule file could make a
            // single position list millions of them.
            if let Some(v) = &t.max_pits {
                let offers = most_offers(pits, max_pits as usize, keep as usize);
                if offers > MAX_OFFERS {
                    c.err(
                        v.span().into(),
                        "trading.max_pits",
                        format!(
                            "offers of up to {max_pits} pits, from a territory of up to {} pits, make {} different offers in one position; at most {MAX_OFFERS} are supported (lower `max_pits` or raise `keep_at_least`)",
                            pits - keep as usize,
                            if offers == u64::MAX { "more than 10^19".to_owned() } else { offers.to_string() }
                        ),
                    );
                }
            }
            Some(Trading {
                max_pits: max_pits as u8,
                price_per_pit: price as u16,
                keep_at_least: keep as u8,
                only_if_affordable: t.only_if_affordable.is_none_or(|b| b.into_inner()),
            })
        });

        // End.
        let all_pits_below = c.seed_count(&raw.end.all_pits_below, "end.all_pits_below", 1);
        let captured_more_than =
            c.seed_count(&raw.end.captured_more_than, "end.captured_more_than", 0);
        let seeds_left_at_most =
            c.seed_count(&raw.end.seeds_left_at_most, "end.seeds_left_at_most", 0);
        let max_plies = raw.end.max_plies.as_ref().map(|v| {
            c.int(
                v,
                "end.max_plies",
                1,
                MAX_PLIES_CAP.into(),
                "a number of plies",
            ) as u32
        });
        let seeds_left_to_first = match (&raw.end.seeds_left_to, seeds_left_at_most) {
            (Some(t), None) => {
                c.err(
                    t.span().into(),
                    "end.seeds_left_to",
                    "given but `end.seeds_left_at_most` is not",
                );
                false
            }
            (Some(t), Some(_)) => *t.get_ref() == TomlSeedsLeftTo::FirstPlayer,
            (None, _) => false,
        };
        if let (Some(k), Some(v)) = (seeds_left_at_most, &raw.end.seeds_left_at_most)
            && board_ok
            && u64::from(k) >= total
        {
            c.err(
                v.span().into(),
                "end.seeds_left_at_most",
                format!(
                    "the board holds {} at the start, so the game would end before the first ply; expected fewer than {total}",
                    crate::words::count(total, "seed", "seeds")
                ),
            );
        }

        // Sowing captures.
        let sowing_capture = raw.sowing_capture.map(|sc| {
            let sc = sc.into_inner();
            let counts = c.counts(
                (sc.counts.span().into(), sc.counts.get_ref()),
                "sowing_capture",
                board_ok.then_some(total),
            );
            let taker = |t: TomlTaker| match t {
                TomlTaker::Mover => Taker::Mover,
                TomlTaker::PitController => Taker::PitController,
            };
            SowingCapture {
                counts,
                taker: taker(sc.taker),
                last_seed_taker: taker(sc.last_seed_taker),
            }
        });
        if let Some(o) = &raw.opposite_capture
            && let Some(seed) = &o.get_ref().capturing_seed
            && *seed.get_ref() == TomlCapturingSeed::Stays
            && *o.get_ref().when_opposite_empty.get_ref() == TomlOppositeEmpty::TakeTheLastSeed
        {
            c.conflict(
                file_of,
                (
                    "opposite_capture.capturing_seed",
                    seed.span().into(),
                    "\"stays\" contradicts `when_opposite_empty = \"take-the-last-seed\"`, which captures the last seed: use `when_opposite_empty = \"nothing\"`".into(),
                ),
                Some((
                    "opposite_capture.when_opposite_empty",
                    o.get_ref().when_opposite_empty.span().into(),
                    "\"take-the-last-seed\" captures the last seed, which `capturing_seed = \"stays\"` leaves in its pit: use \"nothing\", or set `capturing_seed = \"taken\"`".into(),
                )),
            );
        }

        let stores = value(&board.stores) == TomlStores::AfterLastHouse;
        if let Some(turn) = &raw.sowing.extra_turn
            && *turn.get_ref() == TomlExtraTurn::LastInOwnStore
            && !stores
        {
            c.conflict(
                file_of,
                (
                    "sowing.extra_turn",
                    turn.span().into(),
                    "an extra turn for a last seed in one's own store needs stores: set `board.stores = \"after-last-house\"`, or `extra_turn = \"none\"`".into(),
                ),
                written(&board.stores).map(|at| {
                    (
                        "board.stores",
                        at,
                        "\"none\", but `sowing.extra_turn = \"last-in-own-store\"` needs stores: keep `stores = \"after-last-house\"`, or set `sowing.extra_turn = \"none\"`".into(),
                    )
                }),
            );
        }
        // Reading: the opponent-takes-all end, like the mover-takes-all
        // one, is an end for a feed that is owed, so it needs a feeding rule.
        if let Some(cf) = &raw.moves.cannot_feed
            && *cf.get_ref() != TomlCannotFeed::AnySowing
            && value(&raw.moves.feeding) == TomlFeeding::None
        {
            let given = match cf.get_ref() {
                TomlCannotFeed::EndGameOpponentTakesAll => "end-game-opponent-takes-all",
                _ => "end-game-mover-takes-all",
            };
            c.conflict(
                file_of,
                (
                    "moves.cannot_feed",
                    cf.span().into(),
                    "given but `feeding` is \"none\", so no feed is ever owed: set `feeding`, or leave out `cannot_feed`".into(),
                ),
                written(&raw.moves.feeding).map(|at| {
                    (
                        "moves.feeding",
                        at,
                        format!("\"none\", but `cannot_feed = \"{given}\"` needs a feeding rule: choose one, or set `cannot_feed = \"any-sowing\"`"),
                    )
                }),
            );
        }

        // Sowing directions. A store's place on the circuit is fixed by the
        // direction of the sowings, so only one direction for the whole
        // board can have stores.
        let rows: (usize, Span) = (per_row, board.pits_per_row.span().into());
        let fixed = |d: TomlPitDirection| match d {
            TomlPitDirection::CounterClockwise => Some(Direction::CounterClockwise),
            TomlPitDirection::Clockwise => Some(Direction::Clockwise),
            TomlPitDirection::Chosen => None,
        };
        let pit_direction = |d: TomlPitDirection| match fixed(d) {
            Some(d) => PitDirection::Fixed(d),
            None => PitDirection::Chosen,
        };
        let (direction, pit_directions) = match &raw.sowing.direction {
            None => (Direction::CounterClockwise, Vec::new()),
            Some(d) => {
                let at: Span = d.span().into();
                let per_pit: Vec<TomlPitDirection> = match d.get_ref() {
                    TomlDirections::All(one) => vec![*one; per_row],
                    TomlDirections::PerPit(list) => {
                        if list.len() != per_row {
                            let found = list.len();
                            c.conflict(
                                file_of,
                                (
                                    "sowing.direction",
                                    at,
                                    format!(
                                        "expected one direction for each of the {per_row} pit numbers of a row, found {found}"
                                    ),
                                ),
                                Some((
                                    "board.pits_per_row",
                                    rows.1,
                                    format!(
                                        "{per_row} pits a row need {per_row} entries in `sowing.direction`, and the inherited one has {found}: give `direction` here too"
                                    ),
                                )),
                            );
                        }
                        list.iter().map(|d| *d.get_ref()).collect()
                    }
                };
                match per_pit.first().and_then(|&d| fixed(d)) {
                    Some(one) if per_pit.iter().all(|&d| fixed(d) == Some(one)) => {
                        (one, Vec::new())
                    }
                    _ if per_pit.len() != per_row => (Direction::CounterClockwise, Vec::new()),
                    _ => {
                        if value(&board.stores) == TomlStores::AfterLastHouse {
                            c.conflict(
                                file_of,
                                (
                                    "sowing.direction",
                                    at,
                                    "a direction the mover chooses, or one that differs from pit to pit, needs a board without stores (a store's place depends on the direction): set `board.stores = \"none\"`, or give one direction for every pit".into(),
                                ),
                                written(&board.stores).map(|at| {
                                    (
                                        "board.stores",
                                        at,
                                        "\"after-last-house\", but the inherited `sowing.direction` is chosen by the mover or differs from pit to pit, and a store's place depends on the direction: keep `stores = \"none\"`, or give `sowing.direction` here too".into(),
                                    )
                                }),
                            );
                        }
                        (
                            Direction::CounterClockwise,
                            per_pit.into_iter().map(pit_direction).collect(),
                        )
                    }
                }
            }
        };
        let laps = match value(&raw.sowing.laps) {
            TomlLaps::Single => Laps::Single,
            TomlLaps::Relay => Laps::Relay,
            TomlLaps::RelayFromNext => Laps::RelayFromNext,
        };
        let laps_name = match laps {
            Laps::Relay => "relay",
            Laps::RelayFromNext => "relay-from-next",
            _ => "single",
        };

        // Moves.
        let min_seeds = raw.moves.min_seeds.as_ref().map_or(1, |v| {
            c.int(
                v,
                "moves.min_seeds",
                1,
                i64::from(u16::MAX),
                "a number of seeds",
            ) as u16
        });
        let below_min = value(&raw.moves.below_min);
        // Reading: "must not be written when `min_seeds` is 1" holds for
        // either value, "never" included; inherited under a child's
        // `min_seeds = 1`, it is moot, as other keys beside a switch are.
        if let Some(b) = &raw.moves.below_min
            // Only a true 1: a bad `min_seeds` has its own error.
            && raw.moves.min_seeds.as_ref().is_none_or(|m| *m.get_ref() == 1)
            && written(&raw.moves.min_seeds).is_none_or(|m| file_of(m) == file_of(b.span().into()))
        {
            c.err(
                b.span().into(),
                "moves.below_min",
                "given but `min_seeds` is 1, so every pit with seeds may be sown: set `min_seeds` above 1, or leave out `below_min`",
            );
        }

        // Beyond captures.
        let beyond_capture = raw.beyond_capture.map(|b| {
            let b = b.into_inner();
            let sow_on = value(&b.then) == TomlThen::SowOn;
            if let Some(then) = &b.then
                && sow_on
                && laps != Laps::Relay
            {
                c.conflict(
                    file_of,
                    (
                        "beyond_capture.then",
                        then.span().into(),
                        format!("\"sow-on\" goes on with the relay after a capture, and needs `sowing.laps = \"relay\"` (here \"{laps_name}\"): set `laps = \"relay\"`, or `then = \"end-sowing\"`"),
                    ),
                    raw.sowing.laps.as_ref().map(|l| {
                        (
                            "sowing.laps",
                            Span::from(l.span()),
                            format!("\"{laps_name}\", but the inherited `beyond_capture.then = \"sow-on\"` goes on with the relay after a capture: keep `laps = \"relay\"`, or set `beyond_capture.then = \"end-sowing\"`"),
                        )
                    }),
                );
            }
            BeyondCapture {
                zone: zone(b.zone),
                chain_pairs: b.chain == TomlBeyondChain::Pairs,
                sow_on,
            }
        });

        // Houses.
        let houses = raw.houses.map(|h| {
            let h_span: Span = h.span().into();
            let h = h.into_inner();
            let made_at = c.int(&h.made_at, "houses.made_at", 1, 63, "a seed count");
            if board_ok && made_at as u64 > total {
                c.err(
                    h.made_at.span().into(),
                    "houses.made_at",
                    format!("a pit can never hold {made_at} seeds: the board holds {total} in all"),
                );
            }
            let own_row = h.own_row.as_ref().map_or(RowPits::NONE, |l| {
                c.pit_numbers(l, "houses.own_row", rows, file_of)
            });
            let opponent_row = h.opponent_row.as_ref().map_or(RowPits::NONE, |l| {
                c.pit_numbers(l, "houses.opponent_row", rows, file_of)
            });
            let listed = |l: &Option<toml::Spanned<Vec<toml::Spanned<i64>>>>| {
                l.as_ref().is_some_and(|l| !l.get_ref().is_empty())
            };
            if !listed(&h.own_row) && !listed(&h.opponent_row) {
                let (key, at) = match (&h.own_row, &h.opponent_row) {
                    (Some(l), _) => ("houses.own_row", l.span().into()),
                    (None, Some(l)) => ("houses.opponent_row", l.span().into()),
                    (None, None) => ("houses", h_span),
                };
                c.err(
                    at,
                    key,
                    "no pit may become a house: list pit numbers in `own_row` (the mover's own row) or `opponent_row` (the opponent's row), or both",
                );
            }
            let max_per_player = h.max_per_player.as_ref().map_or(1, |v| {
                c.up_to_rows_times(
                    v,
                    "houses.max_per_player",
                    1,
                    2,
                    rows,
                    "a number of houses",
                    file_of,
                ) as u8
            });
            // Reading: [houses] is the key that needs the others, so its
            // header takes the error (as `extra_turn` does for stores),
            // unless a more derived file changed the other key.
            // A house swallows every seed that falls in it, so a relay could
            // never lift one, a store would sit beside a pit that is no
            // longer its owner's, and a trade would hand over a pit that
            // belongs to someone for good.
            if laps != Laps::Single {
                c.conflict(
                    file_of,
                    (
                        "houses",
                        h_span,
                        format!("houses need `sowing.laps = \"single\"` (here \"{laps_name}\"): set it, or leave out [houses]"),
                    ),
                    raw.sowing.laps.as_ref().map(|l| {
                        (
                            "sowing.laps",
                            Span::from(l.span()),
                            format!("\"{laps_name}\", but the inherited [houses] need single laps: keep `laps = \"single\"`"),
                        )
                    }),
                );
            }
            if value(&board.stores) == TomlStores::AfterLastHouse {
                c.conflict(
                    file_of,
                    (
                        "houses",
                        h_span,
                        "houses need a board without stores: set `board.stores = \"none\"`, or leave out [houses]".into(),
                    ),
                    written(&board.stores).map(|at| {
                        (
                            "board.stores",
                            at,
                            "\"after-last-house\", but the inherited [houses] need a board without stores: keep `stores = \"none\"`".into(),
                        )
                    }),
                );
            }
            if let Some(at) = trading_on {
                c.conflict(
                    file_of,
                    (
                        "houses",
                        h_span,
                        "houses cannot go with trading (a house is its owner's for good): set `trading.enabled = false`, or leave out [houses]".into(),
                    ),
                    Some((
                        "trading.enabled",
                        at,
                        "true, but the inherited [houses] cannot go with trading (a house is its owner's for good): keep `enabled = false`".into(),
                    )),
                );
            }
            Houses {
                made_at: made_at as u16,
                own_row,
                opponent_row,
                max_per_player,
                not_same_number: h.not_same_number,
            }
        });
        let repetition = c.int(
            &raw.end.repetition,
            "end.repetition",
            2,
            255,
            "a repetition count",
        ) as u8;

        let mut interpretations = Vec::new();
        for it in raw.interpretations {
            let span: Span = it.get_ref().key.span().into();
            let it = it.into_inner();
            let key = it.key.into_inner();
            if !INTERPRETABLE_KEYS.contains(&key.as_str()) {
                let hint = super::error::did_you_mean(&key, INTERPRETABLE_KEYS)
                    .map(|s| format!(" (did you mean `{s}`?)"))
                    .unwrap_or_default();
                c.err(
                    span,
                    "interpretation.key",
                    format!(
                        "`{key}` is not a rule key that can be interpreted (a key of [board], [sowing], [moves], [capture], [opposite_capture], [sowing_capture], [beyond_capture], [houses], [trading] or [end]){hint}"
                    ),
                );
            }
            interpretations.push(Interpretation {
                key,
                point: it.point,
                assumed: it.assumed,
                reason: it.reason,
            });
        }

        if !c.diags.is_empty() {
            return Err(c.diags);
        }
        // Readings of a feature this file switches off no longer apply.
        let moot = |i: &Interpretation| {
            let off_trading =
                trading.is_none() && i.key.starts_with("trading.") && i.key != "trading.enabled";
            let off_capture = capture.is_none() && i.key.starts_with("capture.");
            let off_sowing_capture =
                sowing_capture.is_none() && i.key.starts_with("sowing_capture.");
            let off_beyond = beyond_capture.is_none() && i.key.starts_with("beyond_capture.");
            let off_houses = houses.is_none() && i.key.starts_with("houses.");
            off_trading || off_capture || off_sowing_capture || off_beyond || off_houses
        };
        interpretations.retain(|i| !moot(i));

        Ok(Rules {
            provenance,
            per_row,
            initial,
            first: side(board.first),
            direction,
            pit_directions,
            first_seed: match raw.sowing.first_seed {
                TomlFirstSeed::NextPit => FirstSeed::NextPit,
                TomlFirstSeed::Origin => FirstSeed::Origin,
                TomlFirstSeed::OriginUnlessSingle => FirstSeed::OriginUnlessSingle,
            },
            skip_origin: raw.sowing.skip_origin,
            laps,
            later_rounds: match raw.sowing.later_rounds {
                TomlLaterRounds::WholeCircuit => LaterRounds::WholeCircuit,
                TomlLaterRounds::OpponentRow => LaterRounds::OpponentRow,
            },
            stores,
            extra_turn: value(&raw.sowing.extra_turn) == TomlExtraTurn::LastInOwnStore,
            cannot_feed: match value(&raw.moves.cannot_feed) {
                TomlCannotFeed::AnySowing => CannotFeed::AnySowing,
                TomlCannotFeed::EndGameMoverTakesAll => CannotFeed::MoverTakesAll,
                TomlCannotFeed::EndGameOpponentTakesAll => CannotFeed::OpponentTakesAll,
            },
            beyond_capture,
            houses,
            min_seeds,
            // An inherited `below_min` under a child's `min_seeds = 1` is moot.
            below_min_if_no_other: below_min == TomlBelowMin::IfNoOther && min_seeds > 1,
            opening: match raw.moves.opening {
                TomlOpening::None => Opening::None,
                TomlOpening::EachHomePitOnce => Opening::EachHomePitOnce,
            },
            opposite_capture: raw.opposite_capture.map(|o| OppositeCapture {
                landing: match o.get_ref().landing {
                    TomlOppositeLanding::OwnTerritory => OppositeLanding::OwnTerritory,
                    TomlOppositeLanding::Anywhere => OppositeLanding::Anywhere,
                },
                take_last_seed_alone: *o.get_ref().when_opposite_empty.get_ref()
                    == TomlOppositeEmpty::TakeTheLastSeed,
                capturing_seed_taken: o
                    .get_ref()
                    .capturing_seed
                    .as_ref()
                    .is_none_or(|s| *s.get_ref() == TomlCapturingSeed::Taken),
            }),
            sowing_capture,
            sow_from: match value(&raw.moves.sow_from) {
                TomlSowFrom::Controlled => SowFrom::Controlled,
                TomlSowFrom::HomeRow => SowFrom::HomeRow,
                TomlSowFrom::OpponentRow => SowFrom::OpponentRow,
            },
            feeding: match value(&raw.moves.feeding) {
                TomlFeeding::None => Feeding::None,
                TomlFeeding::MustFeedEmptyOpponent => Feeding::MustFeedEmptyOpponent,
                TomlFeeding::MustLeaveOpponentSeeds => Feeding::MustLeaveOpponentSeeds,
            },
            cannot_sow: match raw.moves.cannot_sow {
                TomlCannotSow::Pass => CannotSow::Pass,
                TomlCannotSow::EndGame => CannotSow::EndGame,
            },
            capture,
            trading,
            end: End {
                all_pits_below,
                captured_more_than,
                either_row_empty: raw.end.either_row_empty,
                seeds_left_at_most,
                seeds_left_to_first,
                repetition,
                leftovers: match raw.end.leftovers {
                    TomlLeftovers::Controller => Leftovers::Controller,
                    TomlLeftovers::Nobody => Leftovers::Nobody,
                },
                max_plies,
            },
            interpretations,
            readings: Vec::new(),
            total_seeds: total as u32,
        })
    }

    /// Number of pits on the board.
    #[inline]
    #[must_use]
    pub fn pits(&self) -> usize {
        2 * self.per_row
    }

    /// The pits of `side`'s home row.
    #[must_use]
    pub fn home_row(&self, side: Side) -> PitSet {
        match side {
            Side::South => PitSet::range(0, self.per_row),
            Side::North => PitSet::range(self.per_row, self.pits()),
        }
    }

    /// Every pit of the board.
    #[must_use]
    pub fn all_pits(&self) -> PitSet {
        PitSet::range(0, self.pits())
    }

    /// The label of a pit.
    #[must_use]
    pub fn label(&self, p: Pit) -> char {
        p.label(self.per_row)
    }

    /// The pit with this label, if the board has it.
    #[must_use]
    pub fn pit(&self, label: char) -> Option<Pit> {
        Pit::from_label(label, self.per_row)
    }

    /// The pit after `p` in the sowing direction (stores aside).
    #[must_use]
    pub fn next(&self, p: Pit) -> Pit {
        let n = self.pits();
        match self.direction {
            Direction::CounterClockwise => Pit(((p.index() + 1) % n) as u8),
            Direction::Clockwise => Pit(((p.index() + n - 1) % n) as u8),
        }
    }

    /// The pit before `p` in the sowing direction (stores aside).
    #[must_use]
    pub fn prev(&self, p: Pit) -> Pit {
        let n = self.pits();
        match self.direction {
            Direction::CounterClockwise => Pit(((p.index() + n - 1) % n) as u8),
            Direction::Clockwise => Pit(((p.index() + 1) % n) as u8),
        }
    }

    /// `side`'s last house in sowing order: the home pit whose successor
    /// is not a home pit. With stores, `side`'s store lies just after it.
    #[must_use]
    pub fn last_house(&self, side: Side) -> Pit {
        let home = self.home_row(side);
        home.iter()
            .find(|&p| !home.contains(self.next(p)))
            .expect("a home row is not a whole circuit")
    }

    /// Whether this variant has an opening lock (of any kind: the
    /// first-sowing lock follows the pits sown from too).
    #[must_use]
    pub fn has_lock(&self) -> bool {
        self.capture.is_some_and(|c| c.lock != Lock::None)
    }

    /// Whether the state records which home pits each side has sown from
    /// (`sown=` in the position notation): with a lock or an opening rule.
    #[must_use]
    pub fn records_sown(&self) -> bool {
        self.has_lock() || self.opening != Opening::None
    }
}
