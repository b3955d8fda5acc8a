//! Raw serde types that mirror a rule file key for key.
//!
//! Nothing here is validated beyond what a single value can say about
//! itself (its type, its range, its spelling); cross-field checks live in
//! [`super::model`], which turns a [`TomlRules`] into a [`super::Rules`].
//! Every table denies unknown keys, so a misspelled key is an error with
//! its position rather than a silently ignored line.

use serde::{Deserialize, Deserializer, de};
use toml::Spanned;

/// Declares an enum of the words a key takes, as it is written, and its
/// [`WordEnum::MEANINGS`]: each value's doc comment, in order, so that a
/// value's one-line meaning lives beside it (the declaration of the keys,
/// [`super::keys`], reads it from here with the words serde names).
macro_rules! words {
    (
        $(#[$attr:meta])*
        pub enum $name:ident {
            $(
                $(#[doc = $doc:literal])*
                $(#[default $($dflt:tt)?])?
                $variant:ident,
            )*
        }
    ) => {
        $(#[$attr])*
        pub enum $name {
            $(
                $(#[doc = $doc])*
                $(#[default $($dflt)?])?
                $variant,
            )*
        }

        impl WordEnum for $name {
            const MEANINGS: &'static [&'static str] = &[$(concat!($($doc),*)),*];

            fn index(self) -> usize {
                self as usize
            }
        }
    };
}

/// An enum of the words a key takes.
pub trait WordEnum {
    /// Each value's meaning, in the order of the values (each with the
    /// leading space of a doc comment's text).
    const MEANINGS: &'static [&'static str];

    /// The value's place in the order of the values.
    fn index(self) -> usize;
}

/// A whole rule file, assembled table by table by the loader (so that an
/// error in one table does not hide the errors of the others).
#[derive(Debug)]
pub struct TomlRules {
    /// Identity and provenance.
    pub variant: TomlVariant,
    /// The board and the initial layout; spanned, so an error about a
    /// key missing from it points at its header.
    pub board: Spanned<TomlBoard>,
    /// How seeds are sown.
    pub sowing: TomlSowing,
    /// Which plies a player may make.
    pub moves: TomlMoves,
    /// Captures; absent means seeds are never captured.
    pub capture: Option<Spanned<TomlCapture>>,
    /// Trading pits for captured seeds; absent means off.
    pub trading: Option<Spanned<TomlTrading>>,
    /// Captures of the pit opposite an empty one; absent means none.
    pub opposite_capture: Option<Spanned<TomlOppositeCapture>>,
    /// Captures made while seeds are being sown; absent means none.
    pub sowing_capture: Option<Spanned<TomlSowingCapture>>,
    /// How the game ends and is scored.
    pub end: TomlEnd,
    /// Captures of the pit beyond an empty pit; absent means none.
    pub beyond_capture: Option<Spanned<TomlBeyondCapture>>,
    /// Houses made in play; absent means none.
    pub houses: Option<Spanned<TomlHouses>>,
    /// Captures across the board by column (four rows); absent means none.
    pub column_capture: Option<Spanned<TomlColumnCapture>>,
    /// A match of several games, each set up from what the players won in
    /// the last; absent means one game.
    pub match_play: Option<Spanned<TomlMatch>>,
    /// Points the sources leave open, and the reading this file takes.
    pub interpretations: Vec<Spanned<TomlInterpretation>>,
}

/// `[variant]`: identity and provenance.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TomlVariant {
    /// Short identifier, used on the command line (`kpe`).
    pub id: Spanned<String>,
    /// Display name (`Kpé`).
    pub name: String,
    /// One line on what sets this variant apart.
    #[serde(default)]
    pub summary: Option<String>,
    /// Other names the game is known by.
    #[serde(default)]
    pub other_names: Vec<String>,
    /// The people who play it.
    #[serde(default)]
    pub people: Option<String>,
    /// Where it is played.
    #[serde(default)]
    pub region: Option<String>,
    /// When and by whom it was first described.
    #[serde(default)]
    pub first_described: Option<String>,
    /// Who recorded the rules this file follows.
    #[serde(default)]
    pub recorded_by: Option<String>,
    /// Where the rules come from.
    #[serde(default)]
    pub sources: Vec<String>,
    /// The family of games the variant belongs to.
    #[serde(default)]
    pub family: Option<TomlFamily>,
    /// How sure the rules are.
    #[serde(default)]
    pub evidence: Option<TomlEvidence>,
}

words! {
    /// `variant.family`.
    #[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlFamily {
        /// Two rows, single laps; a sowing takes pits by the count it
        /// leaves in them.
        CountCapture,
        /// Two rows; a last seed in an occupied pit lifts it and the
        /// sowing goes on.
        Relay,
        /// Two rows; a sowing that stops before an empty pit takes the pit
        /// beyond it.
        BeyondCapture,
        /// Two rows and a store for each player on the sowing circuit.
        Stores,
        /// Two rows; pits become one player's houses in play and keep
        /// what falls in them.
        Houses,
        /// Four rows; each player sows round their own two and captures
        /// across the board by column.
        FourRows,
    }
}

words! {
    /// `variant.evidence`.
    #[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq, PartialOrd, Ord, Hash)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlEvidence {
        /// Recorded from play by a named observer.
        Observed,
        /// From secondary literature only.
        Described,
        /// The sources leave essential rules unknown and the file fills them.
        Reconstructed,
        /// A game devised by a known author, whose own rules the file follows.
        Invented,
    }
}

/// `[board]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TomlBoard {
    /// Rows of pits: 2 (default) or 4.
    pub rows: Option<Spanned<Rows>>,
    /// Pits in each row.
    pub pits_per_row: Spanned<PitsPerRow>,
    /// Seeds in every pit at the start (exclusive with `initial`).
    pub seeds_per_pit: Option<Spanned<SeedCount>>,
    /// Explicit initial layout in label order (exclusive with `seeds_per_pit`).
    pub initial: Option<Spanned<Vec<u32>>>,
    /// Who moves first.
    #[serde(default = "south")]
    pub first: TomlSide,
    /// Stores: none, or one per player after the last pit of their row in sowing
    /// order (default none). Spanned, as are the other keys a cross-field
    /// check may blame, so that its error points at the key itself.
    pub stores: Option<Spanned<TomlStores>>,
}

words! {
    /// Stores on the board.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlStores {
        /// No stores: captured seeds leave the board.
        #[default]
        None,
        /// Each player's store follows the last pit of their row in sowing order; a
        /// sowing drops seeds in the mover's store and skips the opponent's.
        AfterLastHouse,
    }
}

fn south() -> TomlSide {
    TomlSide::South
}

words! {
    /// A side, as written in a rule file.
    #[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlSide {
        /// South, whose row a position lists first.
        South,
        /// North, whose row a position lists second.
        North,
    }
}

/// Pits per row: checked to lie in 1..=26 when read, so the error points at the value.
#[derive(Debug, Clone, Copy)]
pub struct PitsPerRow(pub u8);

impl<'de> Deserialize<'de> for PitsPerRow {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = i64::deserialize(d)?;
        if (1..=crate::board::MAX_PITS_PER_ROW as i64).contains(&v) {
            Ok(PitsPerRow(v as u8))
        } else {
            Err(de::Error::custom(format!(
                "expected a number of pits per row from 1 to {}, found {v}",
                crate::board::MAX_PITS_PER_ROW
            )))
        }
    }
}

/// Rows of pits: 2 or 4, checked when read so the error points at the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rows(pub u8);

impl<'de> Deserialize<'de> for Rows {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = i64::deserialize(d)?;
        match v {
            2 | 4 => Ok(Rows(v as u8)),
            3 => Err(de::Error::custom(
                "expected 2 or 4 rows, found 3: which circuit seeds go round on three rows is a rule of each game, and the language has no key for it yet",
            )),
            _ => Err(de::Error::custom(format!(
                "expected 2 or 4 rows, found {v}"
            ))),
        }
    }
}

/// A count of seeds in one pit: checked to lie in 0..=65535 when read.
#[derive(Debug, Clone, Copy)]
pub struct SeedCount(pub u32);

impl<'de> Deserialize<'de> for SeedCount {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = i64::deserialize(d)?;
        if (0..=i64::from(u16::MAX)).contains(&v) {
            Ok(SeedCount(v as u32))
        } else {
            Err(de::Error::custom(format!(
                "expected a number of seeds from 0 to {}, found {v}",
                u16::MAX
            )))
        }
    }
}

/// `[sowing]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TomlSowing {
    /// Direction of the sowings: one for every pit, or one per pit number
    /// (default counter-clockwise).
    pub direction: Option<Spanned<TomlDirections>>,
    /// Where the first seed of a lap falls.
    #[serde(default)]
    pub first_seed: TomlFirstSeed,
    /// How many laps a sowing makes (default single).
    pub laps: Option<Spanned<TomlLaps>>,
    /// Where a lap goes once it has come round (default the whole circuit).
    pub later_rounds: Option<Spanned<TomlLaterRounds>>,
    /// Whether a long sowing passes over its emptied origin pit.
    #[serde(default)]
    pub skip_origin: bool,
    /// When a sowing gives the mover another turn (default never).
    pub extra_turn: Option<Spanned<TomlExtraTurn>>,
}

words! {
    /// Extra turns.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlExtraTurn {
        /// Never.
        #[default]
        None,
        /// When the last seed of a sowing falls in the mover's own store.
        LastInOwnStore,
        /// When the ply's sowing captured seeds.
        AfterCapture,
    }
}

impl Default for TomlSowing {
    fn default() -> Self {
        TomlSowing {
            direction: None,
            first_seed: TomlFirstSeed::NextPit,
            laps: None,
            later_rounds: None,
            skip_origin: false,
            extra_turn: None,
        }
    }
}

words! {
    /// The direction of the sowings from one pit.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlPitDirection {
        /// Counter-clockwise: a, b, c, d, A, B, … (the default).
        #[default]
        CounterClockwise,
        /// The reverse.
        Clockwise,
        /// The mover chooses, sowing by sowing.
        Chosen,
    }
}

/// `sowing.direction`: a string for every pit, or a list of one string per
/// pit number. Read by hand: an untagged enum would answer a misspelled
/// direction with "did not match any variant", which names no value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TomlDirections {
    /// The same for every pit.
    All(TomlPitDirection),
    /// One per pit number, each spanned so that a count error can point at the list.
    PerPit(Vec<Spanned<TomlPitDirection>>),
}

impl<'de> Deserialize<'de> for TomlDirections {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> de::Visitor<'de> for V {
            type Value = TomlDirections;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a direction (\"counter-clockwise\", \"clockwise\" or \"chosen\"), or a list of one direction per pit number, like [\"clockwise\", \"chosen\", \"counter-clockwise\"]")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
                TomlPitDirection::deserialize(de::value::StrDeserializer::<E>::new(s))
                    .map(TomlDirections::All)
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut v = Vec::new();
                while let Some(x) = seq.next_element::<Spanned<TomlPitDirection>>()? {
                    v.push(x);
                }
                Ok(TomlDirections::PerPit(v))
            }
        }
        d.deserialize_any(V)
    }
}

words! {
    /// Where the first seed of a lap falls.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlFirstSeed {
        /// In the place after the lifted pit.
        #[default]
        NextPit,
        /// Back in the lifted pit.
        Origin,
        /// Back in the lifted pit, unless the lap is a single seed.
        OriginUnlessSingle,
    }
}

words! {
    /// Where a lap goes once it has come round.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlLaterRounds {
        /// Round the whole circuit again.
        #[default]
        WholeCircuit,
        /// Only into the opponent's home row.
        OpponentRow,
    }
}

words! {
    /// Laps of a sowing.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlLaps {
        /// The sowing ends where its last seed falls.
        #[default]
        Single,
        /// Relay: when the last seed falls in a pit that already held seeds,
        /// that pit is lifted and the sowing goes on from it.
        Relay,
        /// Relay from the next pit: the pit after the landing pit is lifted,
        /// if it holds seeds, and the sowing goes on from it.
        RelayFromNext,
    }
}

/// `[moves]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TomlMoves {
    /// Which pits a player may sow from (default controlled).
    pub sow_from: Option<Spanned<TomlSowFrom>>,
    /// Fewest seeds a pit must hold to be sown (default 1).
    pub min_seeds: Option<Spanned<i64>>,
    /// Whether pits below `min_seeds` may be sown when nothing else can
    /// (default never).
    pub below_min: Option<Spanned<TomlBelowMin>>,
    /// An opening rule on which pits may be sown (default none).
    pub opening: Option<Spanned<TomlOpening>>,
    /// Whether an empty opponent must be fed (default none).
    pub feeding: Option<Spanned<TomlFeeding>>,
    /// What happens when the player to act has nothing to sow.
    #[serde(default)]
    pub cannot_sow: TomlCannotSow,
    /// What happens when the opponent must be fed and no sowing can
    /// (default any sowing).
    pub cannot_feed: Option<Spanned<TomlCannotFeed>>,
    /// Whether a player who can capture must (default false).
    pub must_capture: Option<Spanned<bool>>,
    /// Whether a sowing that captures nothing must start in the inner row
    /// when one can (default false; four rows).
    pub inner_row_first: Option<Spanned<bool>>,
    /// When a clockwise sowing from a pit whose direction is chosen may be
    /// made (default free).
    pub clockwise: Option<Spanned<TomlClockwise>>,
}

words! {
    /// `moves.clockwise`.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlClockwise {
        /// Always, as counter-clockwise.
        #[default]
        Free,
        /// Only if the sowing captures.
        IfCapturing,
        /// Only if its first lap ends in a column capture.
        IfFirstLapCaptures,
    }
}

words! {
    /// When feeding is owed but impossible.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlCannotFeed {
        /// Any sowing is legal.
        #[default]
        AnySowing,
        /// The game ends at once and the mover takes every seed left on the board.
        EndGameMoverTakesAll,
        /// The game ends at once and the opponent, who could not be fed, takes
        /// every seed left on the board.
        EndGameOpponentTakesAll,
    }
}

words! {
    /// Sowing pits below `moves.min_seeds`.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlBelowMin {
        /// Never.
        #[default]
        Never,
        /// When no pit holding `min_seeds` can be sown.
        IfNoOther,
    }
}

words! {
    /// `moves.opening`.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlOpening {
        /// No opening rule.
        #[default]
        None,
        /// Every home pit once before any twice.
        EachHomePitOnce,
    }
}

impl Default for TomlMoves {
    fn default() -> Self {
        TomlMoves {
            sow_from: None,
            min_seeds: None,
            below_min: None,
            opening: None,
            feeding: None,
            cannot_sow: TomlCannotSow::Pass,
            cannot_feed: None,
            must_capture: None,
            inner_row_first: None,
            clockwise: None,
        }
    }
}

words! {
    /// Pits a player may sow from (always non-empty ones).
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlSowFrom {
        /// Any pit the player controls (their territory, which trades may change).
        #[default]
        Controlled,
        /// Any pit of the player's home row, whoever controls it.
        HomeRow,
        /// Any pit of the opponent's home row.
        OpponentRow,
    }
}

words! {
    /// The feeding obligation.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlFeeding {
        /// No obligation.
        #[default]
        None,
        /// When every pit the opponent controls is empty, the mover must sow
        /// into the opponent's territory if some sowing can.
        MustFeedEmptyOpponent,
        /// When every pit the opponent controls is empty, the mover must choose
        /// a sowing after which (relay laps and captures included) one of them
        /// holds a seed, if some sowing does.
        MustLeaveOpponentSeeds,
    }
}

words! {
    /// What a player with nothing to sow does.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlCannotSow {
        /// They pass (the ply `pass`), and only then may they pass.
        #[default]
        Pass,
        /// The game ends.
        EndGame,
    }
}

/// `[capture]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TomlCapture {
    /// The counts a pit must hold after the sowing to be captured.
    pub counts: Spanned<TomlCounts>,
    /// Where the landing pit must lie for a capture.
    pub landing: Spanned<TomlZone>,
    /// Which pit's count is looked at.
    #[serde(default)]
    pub examined: TomlExamined,
    /// Which way a capture chain runs from the landing pit (default `none`).
    pub chain: Option<Spanned<TomlChain>>,
    /// Where chained pits may lie.
    pub chain_zone: Option<Spanned<TomlZone>>,
    /// Most pits one capture takes (default no cap).
    pub chain_max: Option<Spanned<i64>>,
    /// Pit numbers a capture never takes (default none).
    pub protected: Option<Spanned<Vec<Spanned<i64>>>>,
    /// Opening lock (default `none`).
    pub lock: Option<Spanned<TomlLock>>,
    /// Whether the sowing that completes the lock may itself capture.
    pub lock_release_may_capture: Option<Spanned<bool>>,
    /// What a capture that would take every seed on the opponent's side does.
    pub grand_slam: Option<Spanned<TomlGrandSlam>>,
}

words! {
    /// A capture that would empty the opponent's side.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlGrandSlam {
        /// It captures, like any other.
        #[default]
        Captures,
        /// The sowing stands but captures nothing.
        CapturesNothing,
        /// Not legal while another sowing is; then it captures nothing.
        Forbidden,
    }
}

/// `capture.counts`: a list of counts, or every even or every odd count.
/// Read by hand, as [`TomlDirections`] is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TomlCounts {
    /// The counts listed.
    Listed(Vec<Spanned<i64>>),
    /// Every even or every odd count.
    Parity(TomlParity),
}

words! {
    /// `"even"` or `"odd"`.
    #[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlParity {
        /// Every even count (2, 4, 6 and so on).
        Even,
        /// Every odd count (1, 3, 5 and so on).
        Odd,
    }
}

impl<'de> Deserialize<'de> for TomlCounts {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> de::Visitor<'de> for V {
            type Value = TomlCounts;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a list of seed counts, like [2, 3], or \"even\" or \"odd\"")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
                TomlParity::deserialize(de::value::StrDeserializer::<E>::new(s))
                    .map(TomlCounts::Parity)
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut v = Vec::new();
                while let Some(x) = seq.next_element::<Spanned<i64>>()? {
                    v.push(x);
                }
                Ok(TomlCounts::Listed(v))
            }
        }
        d.deserialize_any(V)
    }
}

words! {
    /// `capture.examined`.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlExamined {
        /// The pit the last seed fell in.
        #[default]
        LandingPit,
        /// The pit after it.
        NextPit,
    }
}

/// `[opposite_capture]`: a last seed in an empty pit of one's own takes the opposite pit.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TomlOppositeCapture {
    /// What happens when the opposite pit is empty.
    pub when_opposite_empty: Spanned<TomlOppositeEmpty>,
    /// Whether the seed that makes the capture is captured with the others
    /// (default `taken`); spanned, so a contradiction points at it.
    pub capturing_seed: Option<Spanned<TomlCapturingSeed>>,
    /// Where the empty pit the last seed falls in must lie.
    #[serde(default)]
    pub landing: TomlOppositeLanding,
}

words! {
    /// `opposite_capture.landing`.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlOppositeLanding {
        /// An empty pit the mover controls.
        #[default]
        OwnTerritory,
        /// An empty pit on either side.
        Anywhere,
    }
}

/// `[beyond_capture]`: the pit beyond an empty pit is taken.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TomlBeyondCapture {
    /// Where the pit taken must lie (default anywhere).
    pub zone: Option<Spanned<TomlZone>>,
    /// Whether the capture goes on pair by pair.
    #[serde(default)]
    pub chain: TomlBeyondChain,
    /// What the sowing does after the capture (default end-sowing).
    pub then: Option<Spanned<TomlThen>>,
}

words! {
    /// `beyond_capture.chain`.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlBeyondChain {
        /// One pit.
        #[default]
        None,
        /// An empty pit followed by a pit with seeds, again and again.
        Pairs,
    }
}

words! {
    /// `beyond_capture.then` and `sowing_capture.then`.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlThen {
        /// The sowing ends.
        #[default]
        EndSowing,
        /// The relay goes on.
        SowOn,
    }
}

/// `[column_capture]`: a lap ending in the mover's inner row takes the
/// opponent's pits of that column.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TomlColumnCapture {
    /// Whether the landing pit was empty or occupied before the last seed.
    pub when: TomlColumnWhen,
    /// The opponent's pits of the column taken.
    pub takes: Spanned<TomlColumnPits>,
    /// The opponent's pits of the column that must hold seeds (default the inner one).
    pub needs: Option<Spanned<TomlColumnPits>>,
    /// What becomes of the seeds taken.
    pub then: Spanned<TomlColumnThen>,
    /// Where re-sown seeds start; only with `then = "resown"`.
    pub resow_from: Option<Spanned<TomlResowFrom>>,
    /// How many pits at each end of the inner row send re-sown seeds to
    /// that end; only with `resow_from = "inner-end"`.
    pub flank: Option<Spanned<i64>>,
    /// Which laps of a sowing may capture (default every lap).
    pub laps: Option<Spanned<TomlColumnLaps>>,
    /// Whether a sowing that goes full circle may capture (default yes).
    pub full_circle: Option<Spanned<TomlFullCircle>>,
}

words! {
    /// `column_capture.laps`.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlColumnLaps {
        /// The end of every lap is looked at.
        #[default]
        Every,
        /// Only when the first lap captured are the later laps looked at.
        IfFirstCaptures,
    }
}

words! {
    /// `column_capture.full_circle`.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlFullCircle {
        /// A sowing of as many seeds as the circuit has pits captures as any other.
        #[default]
        MayCapture,
        /// Such a sowing captures nothing.
        CapturesNothing,
    }
}

words! {
    /// `column_capture.when`.
    #[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlColumnWhen {
        /// The landing pit was empty before the last seed.
        Empty,
        /// The landing pit held seeds before the last seed.
        Occupied,
    }
}

words! {
    /// `column_capture.takes` and `column_capture.needs`.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlColumnPits {
        /// The opponent's inner pit of the column.
        #[default]
        Inner,
        /// That pit and the pit behind it in the opponent's outer row.
        InnerAndOuter,
    }
}

words! {
    /// `column_capture.then`.
    #[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlColumnThen {
        /// The seeds go to the mover's captured total and the sowing ends.
        Captured,
        /// The mover sows the seeds on as a new lap.
        Resown,
    }
}

words! {
    /// `column_capture.resow_from`.
    #[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlResowFrom {
        /// The first seed falls in the pit after the landing pit.
        AfterLanding,
        /// The first seed falls in the pit after the sowing's origin.
        AfterOrigin,
        /// The first seed falls in the pit after the start of the lap that captured.
        AfterLapStart,
        /// The first seed falls in an end pit of the mover's inner row.
        InnerEnd,
    }
}

/// `[houses]`: pits that become one player's for good.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TomlHouses {
    /// The count a last seed must bring a pit to.
    pub made_at: Spanned<i64>,
    /// Pit numbers of the mover's own row that may become their house.
    pub own_row: Option<Spanned<Vec<Spanned<i64>>>>,
    /// Pit numbers of the opponent's row that may become the mover's house.
    pub opponent_row: Option<Spanned<Vec<Spanned<i64>>>>,
    /// Most houses one player may have (default 1).
    pub max_per_player: Option<Spanned<i64>>,
    /// No house in the pit of the same number as an opponent's house.
    #[serde(default)]
    pub not_same_number: bool,
}

words! {
    /// The seed that makes an opposite capture.
    #[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlCapturingSeed {
        /// It is captured with the seeds of the opposite pit (the default).
        Taken,
        /// It stays in the pit where it fell.
        Stays,
    }
}

/// `[sowing_capture]`: a pit that a seed being sown brings to one of the
/// counts is emptied at once.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TomlSowingCapture {
    /// The counts that capture when a sown seed makes them.
    pub counts: Spanned<Vec<Spanned<i64>>>,
    /// Who takes a pit filled by a seed other than a lap's last.
    #[serde(default = "pit_controller")]
    pub taker: TomlTaker,
    /// Who takes a pit filled by the last seed of a lap.
    #[serde(default = "mover")]
    pub last_seed_taker: TomlTaker,
    /// What the sowing does after a lap's last seed captured (default
    /// end-sowing).
    pub then: Option<Spanned<TomlThen>>,
}

fn pit_controller() -> TomlTaker {
    TomlTaker::PitController
}

fn mover() -> TomlTaker {
    TomlTaker::Mover
}

words! {
    /// Who takes the seeds of a sowing capture.
    #[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlTaker {
        /// The player who is sowing.
        Mover,
        /// The player who controls the pit.
        PitController,
    }
}

words! {
    /// An opposite capture facing an empty pit.
    #[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlOppositeEmpty {
        /// The last seed alone is still taken.
        TakeTheLastSeed,
        /// Nothing is captured; the seed stays.
        Nothing,
    }
}

words! {
    /// A zone of the board, relative to the mover.
    #[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlZone {
        /// Pits the opponent controls.
        OpponentTerritory,
        /// Pits of the opponent's home row.
        OpponentRow,
        /// Any pit, whoever controls it.
        Anywhere,
    }
}

words! {
    /// Direction of a capture chain.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlChain {
        /// Only the landing pit.
        #[default]
        None,
        /// Against the sowing direction.
        Backward,
        /// With the sowing direction.
        Forward,
        /// Both ways: the maximal run containing the landing pit.
        Both,
    }
}

words! {
    /// Opening lock.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlLock {
        /// Captures are allowed from the first ply.
        #[default]
        None,
        /// A player may capture only once each home pit has been the origin of one of their sowings.
        AllHomePitsSown,
        /// The game's first sowing captures nothing.
        FirstSowing,
    }
}

/// `[trading]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TomlTrading {
    /// Whether trading exists at all.
    pub enabled: Spanned<bool>,
    /// Most pits in one offer.
    pub max_pits: Option<Spanned<i64>>,
    /// Captured seeds the recipient pays into each pit received.
    pub price_per_pit: Option<Spanned<i64>>,
    /// Pits the offerer must keep.
    pub keep_at_least: Option<Spanned<i64>>,
    /// Whether an offer is legal only when the recipient can pay for it.
    pub only_if_affordable: Option<Spanned<bool>>,
}

/// `[end]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TomlEnd {
    /// The game ends as soon as every pit holds fewer than this many seeds.
    pub all_pits_below: Option<Spanned<i64>>,
    /// The game ends when a whole state occurs this many times.
    #[serde(default = "three")]
    pub repetition: Spanned<i64>,
    /// The game ends as soon as a player has captured more than this many seeds.
    pub captured_more_than: Option<Spanned<i64>>,
    /// The game ends right after any ply that leaves either player's home row empty.
    pub either_row_empty: Option<Spanned<bool>>,
    /// The game ends as soon as the board holds at most this many seeds.
    pub seeds_left_at_most: Option<Spanned<i64>>,
    /// Who takes the seeds left when `seeds_left_at_most` ends the game.
    pub seeds_left_to: Option<Spanned<TomlSeedsLeftTo>>,
    /// The game ends after this many plies, if nothing has ended it first.
    pub max_plies: Option<Spanned<i64>>,
    /// A player whose inner row is empty loses (four rows): when it is
    /// looked at.
    pub inner_row_empty: Option<Spanned<TomlInnerRowEmpty>>,
    /// Who gets the seeds left on the board.
    #[serde(default)]
    pub leftovers: TomlLeftovers,
    /// Who wins.
    #[serde(default)]
    pub winner: TomlWinner,
}

fn three() -> Spanned<i64> {
    Spanned::new(0..0, 3)
}

impl Default for TomlEnd {
    fn default() -> Self {
        TomlEnd {
            all_pits_below: None,
            repetition: three(),
            captured_more_than: None,
            either_row_empty: None,
            seeds_left_at_most: None,
            seeds_left_to: None,
            max_plies: None,
            inner_row_empty: None,
            leftovers: TomlLeftovers::Controller,
            winner: TomlWinner::HigherTotal,
        }
    }
}

words! {
    /// `end.inner_row_empty`.
    #[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlInnerRowEmpty {
        /// Looked at after every ply.
        LosesAfterPly,
        /// Looked at whenever a lift or a capture empties a row: the sowing
        /// stops there.
        LosesAtOnce,
    }
}

words! {
    /// Leftover seeds at the end.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlLeftovers {
        /// Each seed goes to the player controlling its pit.
        #[default]
        Controller,
        /// The seeds count for nobody.
        Nobody,
    }
}

words! {
    /// Who takes the seeds left when few are left.
    #[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlSeedsLeftTo {
        /// Each seed goes to the player controlling its pit.
        Controller,
        /// Every seed goes to the player who moved first in the game
        /// (`board.first`; in a later game of a match, the one it set).
        FirstPlayer,
    }
}

words! {
    /// The winner.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlWinner {
        /// The higher total (captured and swept) wins; equal totals draw.
        #[default]
        HigherTotal,
        /// A total of more than half the seeds wins; any other end draws.
        Majority,
    }
}

/// `[match]`: games played one after another, each set up from the seeds
/// the players hold after the last, until one cannot fill a pit.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TomlMatch {
    /// Which end of their row a player refills from.
    #[serde(default)]
    pub fill_from: TomlFillFrom,
    /// What becomes of a pit its owner cannot fill.
    #[serde(default)]
    pub unfilled: TomlUnfilled,
    /// Who moves first in the next game.
    pub next_first: TomlNextFirst,
    /// The match also ends after this many games.
    pub max_games: Option<Spanned<i64>>,
}

words! {
    /// `match.fill_from`.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlFillFrom {
        /// From the first pit of the row in sowing order, pit by pit along it.
        #[default]
        FirstPit,
        /// From the last pit of the row in sowing order (the one next to the store), back along it.
        LastPit,
    }
}

words! {
    /// `match.unfilled`.
    #[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlUnfilled {
        /// Out of play for the game: never sown into and never captured.
        #[default]
        Closed,
        /// The opponent fills it from the seeds they hold and controls it for the game.
        ToOpponent,
    }
}

words! {
    /// `match.next_first`.
    #[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
    #[non_exhaustive]
    #[serde(rename_all = "kebab-case")]
    pub enum TomlNextFirst {
        /// The loser of the last game; after a draw, the player who did not move first in it.
        Loser,
        /// The winner of the last game; after a draw, the player who did not move first in it.
        Winner,
        /// The player who made the last ply of the last game.
        LastMover,
        /// The player who did not move first in the last game.
        Alternate,
    }
}

/// `[[interpretation]]`: one point the sources leave open.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TomlInterpretation {
    /// The key of this file whose value is the reading taken.
    pub key: Spanned<String>,
    /// The question the sources leave open.
    pub point: String,
    /// The reading taken.
    pub assumed: String,
    /// Why (e.g. "sources silent").
    pub reason: String,
}
