//! The validated rulebook the engine interprets.
//!
//! A [`Rules`] is built only through [`Rules::from_toml`], which checks
//! every cross-field constraint, so the engine may trust every field. It
//! holds the meaning of the file only: the engine's tables (the sowing
//! circuit, the sowing table, packed keys) are built from it by
//! [`crate::engine::Variant::new`], the one place that compiles rules, so a
//! change of meaning can never leave a stale table behind.

pub use crate::board::Direction;
use crate::board::{Geometry, Label, Pit, PitSet, Side};

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
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlFamily as Family;

/// How sure a rule file's rules are (`variant.evidence`).
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlEvidence as Evidence;

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
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlFirstSeed as FirstSeed;

/// How many laps a sowing makes (`sowing.laps`).
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlLaps as Laps;

/// When a sowing gives the mover another turn (`sowing.extra_turn`).
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlExtraTurn as ExtraTurn;

/// Where the seeds go once a long sowing has come round
/// (`sowing.later_rounds`).
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlLaterRounds as LaterRounds;

/// Which pits a player may sow from.
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlSowFrom as SowFrom;

/// An opening rule on which pits may be sown (`moves.opening`).
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlOpening as Opening;

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
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlFeeding as Feeding;

/// What a player with nothing to sow does.
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlCannotSow as CannotSow;

/// A zone relative to the mover.
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlZone as Zone;

/// Capture chain direction.
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlChain as Chain;

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
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlGrandSlam as GrandSlam;

/// The pit whose count a `[capture]` looks at (`capture.examined`).
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlExamined as Examined;

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

/// Capturing across the board by column (`[column_capture]`, four rows):
/// a lap whose last seed falls in the mover's inner row takes the
/// opponent's inner pit of that column, and the outer pit behind it if
/// the rules say so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColumnCapture {
    /// Whether the landing pit must have been empty or occupied before
    /// the last seed.
    pub when: LandingWas,
    /// Which of the opponent's pits of the column are taken.
    pub takes: ColumnPits,
    /// Which of them must hold seeds for the capture to happen.
    pub needs: ColumnPits,
    /// What becomes of the seeds taken.
    pub then: ColumnThen,
    /// Which laps of a sowing may capture.
    pub laps: ColumnLaps,
    /// Whether a sowing from a pit holding at least as many seeds as the
    /// mover's circuit has pits (one that goes full circle) captures
    /// nothing.
    pub full_circle_captures_nothing: bool,
}

/// Which laps of a sowing a column capture looks at
/// (`column_capture.laps`).
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlColumnLaps as ColumnLaps;

/// When a clockwise sowing from a pit whose direction the mover chooses
/// may be made (`moves.clockwise`): the reverse captures of Omweso and
/// Igisoro.
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlClockwise as Clockwise;

/// What the landing pit held before the last seed (`column_capture.when`).
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlColumnWhen as LandingWas;

/// The opponent's pits of a column (`column_capture.takes`, `needs`).
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlColumnPits as ColumnPits;

/// What becomes of the seeds a column capture takes (`column_capture.then`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ColumnThen {
    /// They go to the mover's captured total, and the sowing ends.
    Captured,
    /// The mover sows them on as a new lap, starting as given.
    Resown(ResowFrom),
}

/// Where a re-sowing of captured seeds starts (`column_capture.resow_from`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResowFrom {
    /// The first seed falls in the pit after the landing pit.
    AfterLanding,
    /// The first seed falls in the pit after the sowing's origin.
    AfterOrigin,
    /// The first seed falls in the pit after the one the capturing lap
    /// started from (its origin, the pit it relayed from, or where the
    /// re-sowing it was started).
    AfterLapStart,
    /// The first seed falls in an end pit of the mover's inner row, the
    /// one at which the sowing's direction enters that row, and the lap
    /// goes on along it. A capture within `flank` pits of an end sends
    /// the seeds to that end, and the sowing takes the direction that runs
    /// from it along the row.
    InnerEnd {
        /// Pits at each end of the inner row that send seeds to it (0: none).
        flank: u8,
    },
}

/// Where the last seed must fall for an opposite capture
/// (`opposite_capture.landing`).
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlOppositeLanding as OppositeLanding;

/// Who gets the seeds left on the board at the end (`end.leftovers`).
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlLeftovers as Leftovers;

/// Who takes the seeds of a sowing capture.
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlTaker as Taker;

/// Captures while seeds are sown: a seed that brings a pit to one of the
/// counts empties it at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SowingCapture {
    /// A seed bringing a pit to one of these counts captures it.
    pub counts: CountSet,
    /// Who takes a pit filled by a seed other than a lap's last.
    pub taker: Taker,
    /// Who takes a pit filled by a lap's last seed.
    pub last_seed_taker: Taker,
    /// Whether the sowing goes on after a lap's last seed captured, as a
    /// lap of `sowing.laps` ending in the emptied pit does; otherwise it
    /// ends there.
    pub sow_on: bool,
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
    /// Bit `k` set when `k` (below 64) is one of the counts: `listed`
    /// and the parities' counts in one word, so the engine tests a count
    /// with one shift.
    small: u64,
}

/// The even counts below 64 (bit `k` for `k`), 0 left out.
const EVEN_SMALL: u64 = 0x5555_5555_5555_5554;
/// The odd counts below 64.
const ODD_SMALL: u64 = 0xAAAA_AAAA_AAAA_AAAA;

impl CountSet {
    /// Every even count: 2, 4, 6, …
    pub const EVEN: CountSet = CountSet {
        listed: 0,
        even: true,
        odd: false,
        small: EVEN_SMALL,
    };
    /// Every odd count: 1, 3, 5, …
    pub const ODD: CountSet = CountSet {
        listed: 0,
        even: false,
        odd: true,
        small: ODD_SMALL,
    };

    /// The listed counts, as a bit mask (bit `k` for the count `k`, 1 to 63).
    #[must_use]
    pub const fn of_mask(mask: u64) -> CountSet {
        CountSet {
            listed: mask & !1,
            even: false,
            odd: false,
            small: mask & !1,
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
        if n < 64 {
            self.small >> n & 1 == 1
        } else {
            (self.even && n.is_multiple_of(2)) || (self.odd && n % 2 == 1)
        }
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
    /// A player whose inner row is empty loses (four rows), and when that
    /// is looked at.
    pub inner_row_empty: Option<InnerRowEmpty>,
    /// Who wins at the end.
    pub winner: Winner,
}

/// `[match]`: games played one after another, the board of each set up
/// from the seeds the players hold after the last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchPlay {
    /// Which end of their row a player refills from.
    pub fill_from: FillFrom,
    /// What becomes of a pit its owner cannot fill.
    pub unfilled: Unfilled,
    /// Who moves first in the next game.
    pub next_first: NextFirst,
    /// The match also ends after this many games.
    pub max_games: Option<u16>,
}

/// `match.fill_from`. The schema's word is the meaning.
pub use super::schema::TomlFillFrom as FillFrom;
/// `match.next_first`. The schema's word is the meaning.
pub use super::schema::TomlNextFirst as NextFirst;
/// `match.unfilled`. The schema's word is the meaning.
pub use super::schema::TomlUnfilled as Unfilled;

/// Who wins at the end (`end.winner`), from the final totals (captured
/// plus swept).
/// The schema's word is the meaning: nothing is checked or derived.
pub use super::schema::TomlWinner as Winner;

impl Winner {
    /// The winner of final `totals` (South's, North's) out of `seeds` in
    /// the game, `None` for a draw.
    #[must_use]
    pub fn of(self, totals: [u32; 2], seeds: u32) -> Option<Side> {
        let higher = match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        match self {
            Winner::HigherTotal => higher,
            Winner::Majority => higher.filter(|w| 2 * totals[w.index()] > seeds),
        }
    }
}

/// When an empty inner row is looked at (`end.inner_row_empty`). Either
/// way the player whose inner row is empty loses, and every seed left
/// goes to the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum InnerRowEmpty {
    /// After every ply (and at the start).
    AfterPly,
    /// Also during a sowing: a lift that empties the mover's inner row, or
    /// a capture that empties the opponent's, stops the sowing there.
    AtOnce,
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
    pub(crate) provenance: Provenance,
    /// The board: rows, circuits and labels.
    pub(crate) board: Geometry,
    /// Seeds per pit at the start, by pit index (on two rows, label
    /// order).
    pub(crate) initial: Vec<u16>,
    /// Who moves first.
    pub(crate) first: Side,
    /// Sowing direction: the direction of the circuit that labels,
    /// neighbours and chains are read along when every pit sows the same
    /// way; counter-clockwise when `pit_directions` is not empty.
    pub(crate) direction: Direction,
    /// How each pit number's sowings are directed (index 0 for number 1),
    /// when not every pit sows in `direction`: one entry per pit of a row,
    /// the same for both players. Empty when every sowing goes `direction`.
    pub(crate) pit_directions: Vec<PitDirection>,
    /// Where the first seed of a sowing falls.
    pub(crate) first_seed: FirstSeed,
    /// Whether a long sowing skips its origin.
    pub(crate) skip_origin: bool,
    /// How many laps a sowing makes.
    pub(crate) laps: Laps,
    /// Where a long sowing goes once it has come round.
    pub(crate) later_rounds: LaterRounds,
    /// Each player has a store after the last pit of their row in sowing order.
    pub(crate) stores: bool,
    /// When a sowing gives the mover another turn.
    pub(crate) extra_turn: ExtraTurn,
    /// When feeding is owed and no sowing gives it.
    pub(crate) cannot_feed: CannotFeed,
    /// Captures of the pit beyond an empty pit, if any.
    pub(crate) beyond_capture: Option<BeyondCapture>,
    /// Houses, if any.
    pub(crate) houses: Option<Houses>,
    /// Captures of the pit opposite an empty one, if any.
    pub(crate) opposite_capture: Option<OppositeCapture>,
    /// Captures across the board by column (four rows), if any.
    pub(crate) column_capture: Option<ColumnCapture>,
    /// Captures while seeds are sown, if any.
    pub(crate) sowing_capture: Option<SowingCapture>,
    /// Which pits a player may sow from.
    pub(crate) sow_from: SowFrom,
    /// Feeding obligation.
    pub(crate) feeding: Feeding,
    /// What a player with nothing to sow does.
    pub(crate) cannot_sow: CannotSow,
    /// A player who has a sowing that captures must make one.
    pub(crate) must_capture: bool,
    /// A sowing that captures nothing may start in the outer row only
    /// when no sowing starts in the inner row (four rows).
    pub(crate) inner_row_first: bool,
    /// When a clockwise sowing from a pit of chosen direction may be made.
    pub(crate) clockwise: Clockwise,
    /// Fewest seeds a pit must hold to be sown.
    pub(crate) min_seeds: u16,
    /// Pits with fewer than `min_seeds` may be sown when no other sowing is legal.
    pub(crate) below_min_if_no_other: bool,
    /// An opening rule on which pits may be sown.
    pub(crate) opening: Opening,
    /// Captures, if any.
    pub(crate) capture: Option<Capture>,
    /// Trading, if on.
    pub(crate) trading: Option<Trading>,
    /// End conditions.
    pub(crate) end: End,
    /// A match of several games (`[match]`), if the game is played as one.
    pub(crate) match_play: Option<MatchPlay>,
    /// Interpretations of open points (free-text notes).
    pub(crate) interpretations: Vec<Interpretation>,
    /// Open points as switchable readings, each with the alternative in force.
    pub(crate) readings: Vec<Reading>,
    /// Total seeds in play (board + captured): derived from `initial`, so
    /// only validation sets it; read it with [`Rules::total_seeds`].
    pub(crate) total_seeds: u32,
}

/// Reading a rulebook: its fields are the crate's, so that a `Rules`
/// outside it is always one the loader checked.
impl Rules {
    /// Identity and provenance.
    #[inline]
    #[must_use]
    pub fn provenance(&self) -> &Provenance {
        &self.provenance
    }

    /// The board: rows, circuits and labels.
    #[inline]
    #[must_use]
    pub fn board(&self) -> &Geometry {
        &self.board
    }

    /// Seeds per pit at the start, by pit index (on two rows, label
    /// order).
    #[inline]
    #[must_use]
    pub fn initial(&self) -> &[u16] {
        &self.initial
    }

    /// Who moves first.
    #[inline]
    #[must_use]
    pub fn first(&self) -> Side {
        self.first
    }

    /// Sowing direction: the direction of the circuit that labels,
    /// neighbours and chains are read along when every pit sows the same
    /// way; counter-clockwise when `pit_directions` is not empty.
    #[inline]
    #[must_use]
    pub fn direction(&self) -> Direction {
        self.direction
    }

    /// How each pit number's sowings are directed (index 0 for number 1),
    /// when not every pit sows in `direction`: one entry per pit of a row,
    /// the same for both players. Empty when every sowing goes `direction`.
    #[inline]
    #[must_use]
    pub fn pit_directions(&self) -> &[PitDirection] {
        &self.pit_directions
    }

    /// Where the first seed of a sowing falls.
    #[inline]
    #[must_use]
    pub fn first_seed(&self) -> FirstSeed {
        self.first_seed
    }

    /// Whether a long sowing skips its origin.
    #[inline]
    #[must_use]
    pub fn skip_origin(&self) -> bool {
        self.skip_origin
    }

    /// How many laps a sowing makes.
    #[inline]
    #[must_use]
    pub fn laps(&self) -> Laps {
        self.laps
    }

    /// Where a long sowing goes once it has come round.
    #[inline]
    #[must_use]
    pub fn later_rounds(&self) -> LaterRounds {
        self.later_rounds
    }

    /// Each player has a store after the last pit of their row in sowing order.
    #[inline]
    #[must_use]
    pub fn stores(&self) -> bool {
        self.stores
    }

    /// When a sowing gives the mover another turn.
    #[inline]
    #[must_use]
    pub fn extra_turn(&self) -> ExtraTurn {
        self.extra_turn
    }

    /// When feeding is owed and no sowing gives it.
    #[inline]
    #[must_use]
    pub fn cannot_feed(&self) -> CannotFeed {
        self.cannot_feed
    }

    /// Captures of the pit beyond an empty pit, if any.
    #[inline]
    #[must_use]
    pub fn beyond_capture(&self) -> Option<BeyondCapture> {
        self.beyond_capture
    }

    /// Houses, if any.
    #[inline]
    #[must_use]
    pub fn houses(&self) -> Option<Houses> {
        self.houses
    }

    /// Captures across the board by column (four rows), if any.
    #[inline]
    #[must_use]
    pub fn column_capture(&self) -> Option<ColumnCapture> {
        self.column_capture
    }

    /// Captures of the pit opposite an empty one, if any.
    #[inline]
    #[must_use]
    pub fn opposite_capture(&self) -> Option<OppositeCapture> {
        self.opposite_capture
    }

    /// Captures while seeds are sown, if any.
    #[inline]
    #[must_use]
    pub fn sowing_capture(&self) -> Option<SowingCapture> {
        self.sowing_capture
    }

    /// Which pits a player may sow from.
    #[inline]
    #[must_use]
    pub fn sow_from(&self) -> SowFrom {
        self.sow_from
    }

    /// Feeding obligation.
    #[inline]
    #[must_use]
    pub fn feeding(&self) -> Feeding {
        self.feeding
    }

    /// What a player with nothing to sow does.
    #[inline]
    #[must_use]
    pub fn cannot_sow(&self) -> CannotSow {
        self.cannot_sow
    }

    /// Whether a player who has a sowing that captures must make one.
    #[inline]
    #[must_use]
    pub fn must_capture(&self) -> bool {
        self.must_capture
    }

    /// When a clockwise sowing from a pit whose direction is chosen may be
    /// made (`moves.clockwise`).
    #[inline]
    #[must_use]
    pub fn clockwise(&self) -> Clockwise {
        self.clockwise
    }

    /// Whether a sowing that captures nothing may start in the outer row
    /// only when no sowing starts in the inner row (four rows).
    #[inline]
    #[must_use]
    pub fn inner_row_first(&self) -> bool {
        self.inner_row_first
    }

    /// Fewest seeds a pit must hold to be sown.
    #[inline]
    #[must_use]
    pub fn min_seeds(&self) -> u16 {
        self.min_seeds
    }

    /// Pits with fewer than `min_seeds` may be sown when no other sowing is legal.
    #[inline]
    #[must_use]
    pub fn below_min_if_no_other(&self) -> bool {
        self.below_min_if_no_other
    }

    /// An opening rule on which pits may be sown.
    #[inline]
    #[must_use]
    pub fn opening(&self) -> Opening {
        self.opening
    }

    /// Captures, if any.
    #[inline]
    #[must_use]
    pub fn capture(&self) -> Option<Capture> {
        self.capture
    }

    /// Trading, if on.
    #[inline]
    #[must_use]
    pub fn trading(&self) -> Option<Trading> {
        self.trading
    }

    /// End conditions.
    #[inline]
    #[must_use]
    pub fn end(&self) -> End {
        self.end
    }

    /// The match the game is played in, if it is played as one.
    #[must_use]
    pub fn match_play(&self) -> Option<MatchPlay> {
        self.match_play
    }

    /// Whether a pit may be controlled by the player across from its
    /// home row: by trading during a game, or from the set-up of a later
    /// game of a match (`match.unfilled = "to-opponent"`).
    #[must_use]
    pub fn pits_change_hands(&self) -> bool {
        self.trading.is_some()
            || self
                .match_play
                .is_some_and(|m| m.unfilled == Unfilled::ToOpponent)
    }

    /// Interpretations of open points (free-text notes).
    #[inline]
    #[must_use]
    pub fn interpretations(&self) -> &[Interpretation] {
        &self.interpretations
    }

    /// Open points as switchable readings, each with the alternative in force.
    #[inline]
    #[must_use]
    pub fn readings(&self) -> &[Reading] {
        &self.readings
    }
}

impl Rules {
    /// Whether `self` and `other` are one game: every rule and reading
    /// alike, whatever their names, sources and notes (provenance and
    /// interpretations play no part).
    #[must_use]
    pub fn plays_as(&self, other: &Rules) -> bool {
        let mut named = self.clone();
        named.provenance = other.provenance.clone();
        named.interpretations = other.interpretations.clone();
        named == *other
    }

    /// Total seeds in play (board + captured), the same all game long.
    #[inline]
    #[must_use]
    pub fn total_seeds(&self) -> u32 {
        self.total_seeds
    }
}

/// The largest `end.max_plies`.
pub const MAX_PLIES_CAP: u32 = 1_000_000_000;

/// Most distinct offers a single position may allow: each is a ply of its
/// own, so the legal-ply list (and a search's buffers) hold that many.
pub const MAX_OFFERS: u64 = 10_000;

impl Rules {
    /// Pits in each row.
    #[inline]
    #[must_use]
    pub fn per_row(&self) -> usize {
        self.board.per_row()
    }

    /// Number of pits on the board.
    #[inline]
    #[must_use]
    pub fn pits(&self) -> usize {
        self.board.pits()
    }

    /// The pits of `side`'s home row (its own rows).
    #[must_use]
    pub fn home_row(&self, side: Side) -> PitSet {
        self.board.own_pits(side)
    }

    /// Every pit of the board.
    #[must_use]
    pub fn all_pits(&self) -> PitSet {
        self.board.all_pits()
    }

    /// The label of a pit.
    ///
    /// # Panics
    /// If the board has no pit `p`.
    #[must_use]
    pub fn label(&self, p: Pit) -> Label {
        self.board.label(p)
    }

    /// The labels of `set`, comma-separated (`c,d`).
    #[must_use]
    pub fn labels(&self, set: PitSet) -> String {
        self.board.labels(set)
    }

    /// The pit labelled `label` (`c`, `C2`), if the board has it.
    #[must_use]
    pub fn pit(&self, label: &str) -> Option<Pit> {
        self.board.parse_label(label)
    }

    /// The pit after `p` in the sowing direction (stores aside).
    #[must_use]
    pub fn next(&self, p: Pit) -> Pit {
        self.board.next(p, self.direction)
    }

    /// The pit before `p` in the sowing direction (stores aside).
    #[must_use]
    pub fn prev(&self, p: Pit) -> Pit {
        self.board.prev(p, self.direction)
    }

    /// `side`'s last pit of their row in sowing order: the home pit whose successor
    /// is not a home pit. With stores, `side`'s store lies just after it.
    ///
    /// # Panics
    /// On a board where `side` sows round a circuit of its own, which
    /// leaves no place for a store (the loader allows stores only where
    /// there is one).
    #[must_use]
    pub fn last_house(&self, side: Side) -> Pit {
        self.board
            .store_after(side, self.direction)
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

#[cfg(test)]
mod count_set_tests {
    use super::*;

    #[test]
    fn a_count_set_holds_its_counts_and_parities_at_every_size() {
        let plain = |s: CountSet, listed: &[u16], even: bool, odd: bool, n: u16| {
            assert_eq!(
                s.contains(n),
                listed.contains(&n)
                    || (even && n > 0 && n.is_multiple_of(2))
                    || (odd && n % 2 == 1),
                "{s:?} {n}"
            );
        };
        for n in 0..300 {
            plain(CountSet::EVEN, &[], true, false, n);
            plain(CountSet::ODD, &[], false, true, n);
            plain(CountSet::of(&[2, 3, 63]), &[2, 3, 63], false, false, n);
        }
        plain(CountSet::ODD, &[], false, true, u16::MAX);
        plain(CountSet::EVEN, &[], true, false, u16::MAX - 1);
    }
}
