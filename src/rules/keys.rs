//! One declaration per rule key: its path, what it takes (a word key's
//! values are read from its schema enum, as serde names them), its
//! default, and its meaning. The lists that must name every key (the keys
//! a reading or an interpretation may name, the docs test's, the words
//! the random-rule generator must draw) derive from [`KEYS`], so a key is
//! declared here once, beside its field in [`super::schema`]; the tests
//! hold the two to each other.

use super::schema::*;
use serde::de::{self, Deserialize, Deserializer, Visitor};
use std::sync::LazyLock;

/// One rule key.
#[derive(Clone, Copy, Debug)]
pub struct Key {
    /// Its dotted path (`sowing.laps`); `<name>` stands for a reading's name.
    pub path: &'static str,
    /// What it takes.
    pub takes: Takes,
    /// Its default, in words (`required` where the file must give it).
    pub default: &'static str,
    /// What it says, in one line.
    pub meaning: &'static str,
    /// How the random-rule generator draws it.
    pub draw: Draw,
}

/// How the random-rule generator (`reference::random`) draws a key. Each
/// key draws from a stream of its own, so a key added changes no other
/// key's draws.
#[derive(Clone, Copy, Debug)]
pub enum Draw {
    /// Any of its words, uniformly, wherever the generator's code for its
    /// table writes it: a word added to the key is drawn with no change
    /// there.
    AnyWord {
        /// Left out (its default) one time in so many; never, if 0.
        absent: usize,
    },
    /// By the generator's code for its table, which knows what its values
    /// depend on (the board's size, the seeds, other keys).
    Custom,
    /// Never drawn, for this reason.
    Not(&'static str),
}

/// What a key takes.
#[derive(Clone, Copy, Debug)]
pub enum Takes {
    /// A text.
    Text,
    /// A list of texts.
    Texts,
    /// `true` or `false`.
    Bool,
    /// A whole number.
    Integer,
    /// A list of whole numbers.
    Integers,
    /// One of these words.
    Word(WordList),
    /// One of these words, or a list of one per pit number.
    WordOrList(WordList),
    /// A list of seed counts, or one of these words.
    CountsOrWord(WordList),
    /// A reading's alternatives: each a name and the keys it sets.
    Alternatives,
}

/// The values of a word key, as a file writes them.
pub type Words = &'static [&'static str];

/// A word key's values and what each means, both read from its schema
/// enum: the words as serde names them, the meanings from the values' doc
/// comments ([`WordEnum`]).
#[derive(Clone, Copy, Debug)]
pub struct WordList {
    words: fn() -> Words,
    meanings: &'static [&'static str],
}

/// The [`WordList`] of a schema enum.
const fn list<T: for<'de> Deserialize<'de> + WordEnum>() -> WordList {
    WordList {
        words: words::<T>,
        meanings: T::MEANINGS,
    }
}

impl Key {
    /// The table the key is in (`sowing`), or `extends`.
    #[must_use]
    pub fn table(&self) -> &'static str {
        self.path.split('.').next().unwrap_or(self.path)
    }

    /// Whether the key is a rule of the game, which a reading may vary and
    /// an interpretation may name (not the file's identity or provenance).
    #[must_use]
    pub fn is_rule(&self) -> bool {
        !matches!(
            self.table(),
            "extends" | "variant" | "interpretation" | "readings"
        )
    }

    /// The words the key takes, if it takes words.
    #[must_use]
    pub fn words(&self) -> Option<Words> {
        self.word_list().map(|w| (w.words)())
    }

    /// The words the key takes, each with its one-line meaning, if it
    /// takes words.
    #[must_use]
    pub fn word_meanings(&self) -> Option<Vec<(&'static str, &'static str)>> {
        self.word_list().map(|w| {
            (w.words)()
                .iter()
                .copied()
                .zip(w.meanings.iter().map(|m| m.trim()))
                .collect()
        })
    }

    fn word_list(&self) -> Option<WordList> {
        match self.takes {
            Takes::Word(w) | Takes::WordOrList(w) | Takes::CountsOrWord(w) => Some(w),
            _ => None,
        }
    }
}

/// The word a rule file writes for `value`, a value of a schema enum of
/// words: so that a message names every value, a new one included.
#[must_use]
pub fn word_of<T: WordEnum + for<'de> Deserialize<'de>>(value: T) -> &'static str {
    words::<T>()[value.index()]
}

/// The values of a schema enum, named as a file writes them: the names
/// serde's derive hands to `deserialize_enum`, caught by a deserializer
/// that reads nothing else (so they are serde's own, renames included).
fn words<T: for<'de> Deserialize<'de>>() -> Words {
    let mut names: Words = &[];
    let _ = T::deserialize(Names(&mut names));
    names
}

/// A deserializer that records the variant names it is asked for.
struct Names<'a>(&'a mut Words);

impl<'de> Deserializer<'de> for Names<'_> {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom(
            "only the names of an enum's values are read",
        ))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        variants: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Self::Error> {
        *self.0 = variants;
        Err(de::Error::custom(
            "only the names of an enum's values are read",
        ))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

#[must_use]
/// The tables of the rule keys, as a message lists them (`[board]`,
/// …, `[end]` or `[match]`), in the order of their declaration.
pub fn rule_tables() -> String {
    let mut tables: Vec<String> = Vec::new();
    for key in KEYS.iter().filter(|k| k.is_rule()) {
        let table = format!("[{}]", key.table());
        if !tables.contains(&table) {
            tables.push(table);
        }
    }
    match tables.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The keys a reading may vary and an interpretation may name: every key
/// of the rules, in declaration order (the random-rule generator draws
/// from this order).
pub static INTERPRETABLE_KEYS: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    KEYS.iter()
        .filter(|k| k.is_rule())
        .map(|k| k.path)
        .collect()
});

/// Every key of the rule language, table by table.
pub const KEYS: &[Key] = &[
    Key {
        path: "extends",
        takes: Takes::Text,
        default: "none: the file stands alone",
        meaning: "A bundled id or a rule file's path whose rules this file starts from.",
        draw: Draw::Not(
            "a drawn file stands alone: merging files is the loader's business, not the meaning's",
        ),
    },
    Key {
        path: "variant.id",
        takes: Takes::Text,
        default: "required",
        meaning: "Short identifier, used on the command line (`kpe`).",
        draw: Draw::Custom,
    },
    Key {
        path: "variant.name",
        takes: Takes::Text,
        default: "required",
        meaning: "Display name (`Kpé`).",
        draw: Draw::Custom,
    },
    Key {
        path: "variant.summary",
        takes: Takes::Text,
        default: "none",
        meaning: "One line on what sets this variant apart.",
        draw: Draw::Custom,
    },
    Key {
        path: "variant.other_names",
        takes: Takes::Texts,
        default: "`[]`",
        meaning: "Other names the game is known by.",
        draw: Draw::Custom,
    },
    Key {
        path: "variant.people",
        takes: Takes::Text,
        default: "none",
        meaning: "The people who play it.",
        draw: Draw::Custom,
    },
    Key {
        path: "variant.region",
        takes: Takes::Text,
        default: "none",
        meaning: "Where it is played.",
        draw: Draw::Custom,
    },
    Key {
        path: "variant.first_described",
        takes: Takes::Text,
        default: "none",
        meaning: "When and by whom it was first described.",
        draw: Draw::Custom,
    },
    Key {
        path: "variant.recorded_by",
        takes: Takes::Text,
        default: "none",
        meaning: "Who recorded the rules this file follows.",
        draw: Draw::Custom,
    },
    Key {
        path: "variant.sources",
        takes: Takes::Texts,
        default: "`[]`",
        meaning: "Where the rules come from.",
        draw: Draw::Custom,
    },
    Key {
        path: "variant.family",
        takes: Takes::Word(list::<TomlFamily>()),
        default: "none",
        meaning: "The family of games the variant belongs to.",
        draw: Draw::Custom,
    },
    Key {
        path: "variant.evidence",
        takes: Takes::Word(list::<TomlEvidence>()),
        default: "none; `rules validate` warns when it is missing, as for `sources`",
        meaning: "How sure the rules are.",
        draw: Draw::AnyWord { absent: 2 },
    },
    Key {
        path: "board.rows",
        takes: Takes::Integer,
        default: "`2`",
        meaning: "Rows of pits: 2 or 4.",
        draw: Draw::Custom,
    },
    Key {
        path: "board.pits_per_row",
        takes: Takes::Integer,
        default: "required",
        meaning: "Pits in each row.",
        draw: Draw::Custom,
    },
    Key {
        path: "board.seeds_per_pit",
        takes: Takes::Integer,
        default: "none; exclusive with `board.initial`, and one of the two is required",
        meaning: "Seeds in every pit at the start (exclusive with `initial`).",
        draw: Draw::Custom,
    },
    Key {
        path: "board.initial",
        takes: Takes::Integers,
        default: "none; exclusive with `board.seeds_per_pit`, and one of the two is required",
        meaning: "The seeds of each pit at the start, row by row as positions list them (exclusive with `seeds_per_pit`).",
        draw: Draw::Custom,
    },
    Key {
        path: "board.first",
        takes: Takes::Word(list::<TomlSide>()),
        default: "`\"south\"`",
        meaning: "Who moves first.",
        draw: Draw::AnyWord { absent: 3 },
    },
    Key {
        path: "board.stores",
        takes: Takes::Word(list::<TomlStores>()),
        default: "`\"none\"`",
        meaning: "Stores: none, or one per player after their last pit in sowing order.",
        draw: Draw::Custom,
    },
    Key {
        path: "sowing.direction",
        takes: Takes::WordOrList(list::<TomlPitDirection>()),
        default: "`\"counter-clockwise\"`",
        meaning: "Direction of the sowings: one for every pit, or one per pit number.",
        draw: Draw::Custom,
    },
    Key {
        path: "sowing.first_seed",
        takes: Takes::Word(list::<TomlFirstSeed>()),
        default: "`\"next-pit\"`",
        meaning: "Where the first seed of a lap falls.",
        draw: Draw::AnyWord { absent: 2 },
    },
    Key {
        path: "sowing.laps",
        takes: Takes::Word(list::<TomlLaps>()),
        default: "`\"single\"`",
        meaning: "How many laps a sowing makes.",
        draw: Draw::Custom,
    },
    Key {
        path: "sowing.later_rounds",
        takes: Takes::Word(list::<TomlLaterRounds>()),
        default: "`\"whole-circuit\"`",
        meaning: "Where a lap goes once it has come round.",
        draw: Draw::Custom,
    },
    Key {
        path: "sowing.skip_origin",
        takes: Takes::Bool,
        default: "`false`",
        meaning: "Whether a long sowing passes over its emptied origin pit.",
        draw: Draw::Custom,
    },
    Key {
        path: "sowing.extra_turn",
        takes: Takes::Word(list::<TomlExtraTurn>()),
        default: "`\"none\"`",
        meaning: "Whether a last seed in the mover's own store gives another turn.",
        draw: Draw::Custom,
    },
    Key {
        path: "moves.sow_from",
        takes: Takes::Word(list::<TomlSowFrom>()),
        default: "`\"controlled\"`",
        meaning: "Which pits a player may sow from.",
        draw: Draw::Custom,
    },
    Key {
        path: "moves.min_seeds",
        takes: Takes::Integer,
        default: "`1`",
        meaning: "Fewest seeds a pit must hold to be sown.",
        draw: Draw::Custom,
    },
    Key {
        path: "moves.below_min",
        takes: Takes::Word(list::<TomlBelowMin>()),
        default: "`\"never\"`; must not be written when `min_seeds` is 1",
        meaning: "Whether pits below `min_seeds` may be sown when nothing else can.",
        draw: Draw::AnyWord { absent: 3 },
    },
    Key {
        path: "moves.opening",
        takes: Takes::Word(list::<TomlOpening>()),
        default: "`\"none\"`",
        meaning: "An opening rule on which pits may be sown.",
        draw: Draw::Custom,
    },
    Key {
        path: "moves.feeding",
        takes: Takes::Word(list::<TomlFeeding>()),
        default: "`\"none\"`",
        meaning: "Whether an empty opponent must be fed.",
        draw: Draw::Custom,
    },
    Key {
        path: "moves.cannot_sow",
        takes: Takes::Word(list::<TomlCannotSow>()),
        default: "`\"pass\"`",
        meaning: "What happens when the player to act has nothing to sow.",
        draw: Draw::AnyWord { absent: 4 },
    },
    Key {
        path: "moves.cannot_feed",
        takes: Takes::Word(list::<TomlCannotFeed>()),
        default: "`\"any-sowing\"`",
        meaning: "What happens when the opponent must be fed and no sowing can.",
        draw: Draw::Custom,
    },
    Key {
        path: "moves.must_capture",
        takes: Takes::Bool,
        default: "`false`",
        meaning: "Whether a player who can capture must.",
        draw: Draw::Custom,
    },
    Key {
        path: "moves.inner_row_first",
        takes: Takes::Bool,
        default: "`false`",
        meaning: "Whether a sowing that captures nothing must start in the inner row when one can.",
        draw: Draw::Custom,
    },
    Key {
        path: "moves.clockwise",
        takes: Takes::Word(list::<TomlClockwise>()),
        default: "`\"free\"`",
        meaning: "When a clockwise sowing from a pit whose direction is chosen may be made.",
        draw: Draw::Custom,
    },
    Key {
        path: "capture.counts",
        takes: Takes::CountsOrWord(list::<TomlParity>()),
        default: "required when `[capture]` is written",
        meaning: "The counts a pit must hold after the sowing to be captured.",
        draw: Draw::Custom,
    },
    Key {
        path: "capture.landing",
        takes: Takes::Word(list::<TomlZone>()),
        default: "required when `[capture]` is written",
        meaning: "Where the landing pit must lie for a capture.",
        draw: Draw::AnyWord { absent: 0 },
    },
    Key {
        path: "capture.examined",
        takes: Takes::Word(list::<TomlExamined>()),
        default: "`\"landing-pit\"`",
        meaning: "Which pit's count is looked at.",
        draw: Draw::AnyWord { absent: 2 },
    },
    Key {
        path: "capture.chain",
        takes: Takes::Word(list::<TomlChain>()),
        default: "`\"none\"`",
        meaning: "Which way a capture chain runs from the landing pit.",
        draw: Draw::AnyWord { absent: 4 },
    },
    Key {
        path: "capture.chain_zone",
        takes: Takes::Word(list::<TomlZone>()),
        default: "required when `chain` is not `\"none\"`; must not be written beside `chain = \"none\"` (see [section 3](#3-cross-field-rules))",
        meaning: "Where chained pits may lie.",
        draw: Draw::AnyWord { absent: 0 },
    },
    Key {
        path: "capture.chain_max",
        takes: Takes::Integer,
        default: "none: no cap",
        meaning: "Most pits one capture takes.",
        draw: Draw::Custom,
    },
    Key {
        path: "capture.protected",
        takes: Takes::Integers,
        default: "`[]`",
        meaning: "Pit numbers a capture never takes.",
        draw: Draw::Custom,
    },
    Key {
        path: "capture.lock",
        takes: Takes::Word(list::<TomlLock>()),
        default: "`\"none\"`",
        meaning: "Opening lock.",
        draw: Draw::Custom,
    },
    Key {
        path: "capture.lock_release_may_capture",
        takes: Takes::Bool,
        default: "required when `lock = \"all-home-pits-sown\"`; must not be written beside `lock = \"none\"` or `lock = \"first-sowing\"`",
        meaning: "Whether the sowing that completes the lock may itself capture.",
        draw: Draw::Custom,
    },
    Key {
        path: "capture.grand_slam",
        takes: Takes::Word(list::<TomlGrandSlam>()),
        default: "`\"captures\"`",
        meaning: "What a capture that would take every seed on the opponent's side does.",
        draw: Draw::AnyWord { absent: 3 },
    },
    Key {
        path: "opposite_capture.when_opposite_empty",
        takes: Takes::Word(list::<TomlOppositeEmpty>()),
        default: "required",
        meaning: "What happens when the opposite pit is empty.",
        draw: Draw::AnyWord { absent: 0 },
    },
    Key {
        path: "opposite_capture.capturing_seed",
        takes: Takes::Word(list::<TomlCapturingSeed>()),
        default: "`\"taken\"`",
        meaning: "Whether the seed that makes the capture is captured with the others.",
        draw: Draw::Custom,
    },
    Key {
        path: "opposite_capture.landing",
        takes: Takes::Word(list::<TomlOppositeLanding>()),
        default: "`\"own-territory\"`",
        meaning: "Where the empty pit the last seed falls in must lie.",
        draw: Draw::AnyWord { absent: 2 },
    },
    Key {
        path: "sowing_capture.counts",
        takes: Takes::Integers,
        default: "required when `[sowing_capture]` is written",
        meaning: "The counts that capture when a sown seed makes them.",
        draw: Draw::Custom,
    },
    Key {
        path: "sowing_capture.taker",
        takes: Takes::Word(list::<TomlTaker>()),
        default: "`\"pit-controller\"`",
        meaning: "Who takes a pit filled by a seed other than a lap's last.",
        draw: Draw::AnyWord { absent: 3 },
    },
    Key {
        path: "sowing_capture.last_seed_taker",
        takes: Takes::Word(list::<TomlTaker>()),
        default: "`\"mover\"`",
        meaning: "Who takes a pit filled by the last seed of a lap.",
        draw: Draw::AnyWord { absent: 3 },
    },
    Key {
        path: "sowing_capture.then",
        takes: Takes::Word(list::<TomlThen>()),
        default: "`\"end-sowing\"`",
        meaning: "What the sowing does after a lap's last seed captured.",
        draw: Draw::AnyWord { absent: 3 },
    },
    Key {
        path: "beyond_capture.zone",
        takes: Takes::Word(list::<TomlZone>()),
        default: "`\"anywhere\"`",
        meaning: "Where the pit taken must lie.",
        draw: Draw::AnyWord { absent: 3 },
    },
    Key {
        path: "beyond_capture.chain",
        takes: Takes::Word(list::<TomlBeyondChain>()),
        default: "`\"none\"`",
        meaning: "Whether the capture goes on pair by pair.",
        draw: Draw::AnyWord { absent: 3 },
    },
    Key {
        path: "beyond_capture.then",
        takes: Takes::Word(list::<TomlThen>()),
        default: "`\"end-sowing\"`",
        meaning: "What the sowing does after the capture.",
        draw: Draw::Custom,
    },
    Key {
        path: "houses.made_at",
        takes: Takes::Integer,
        default: "required when `[houses]` is written",
        meaning: "The count a last seed must bring a pit to.",
        draw: Draw::Custom,
    },
    Key {
        path: "houses.own_row",
        takes: Takes::Integers,
        default: "`[]`",
        meaning: "Pit numbers of the mover's own row that may become their house.",
        draw: Draw::Custom,
    },
    Key {
        path: "houses.opponent_row",
        takes: Takes::Integers,
        default: "`[]`",
        meaning: "Pit numbers of the opponent's row that may become the mover's house.",
        draw: Draw::Custom,
    },
    Key {
        path: "houses.max_per_player",
        takes: Takes::Integer,
        default: "`1`",
        meaning: "Most houses one player may have.",
        draw: Draw::Custom,
    },
    Key {
        path: "houses.not_same_number",
        takes: Takes::Bool,
        default: "`false`",
        meaning: "No house in the pit of the same number as an opponent's house.",
        draw: Draw::Custom,
    },
    Key {
        path: "column_capture.when",
        takes: Takes::Word(list::<TomlColumnWhen>()),
        default: "required",
        meaning: "Whether the landing pit was empty or occupied before the last seed.",
        draw: Draw::AnyWord { absent: 0 },
    },
    Key {
        path: "column_capture.takes",
        takes: Takes::Word(list::<TomlColumnPits>()),
        default: "required",
        meaning: "The opponent's pits of the column taken.",
        draw: Draw::AnyWord { absent: 0 },
    },
    Key {
        path: "column_capture.needs",
        takes: Takes::Word(list::<TomlColumnPits>()),
        default: "`\"inner\"`",
        meaning: "The opponent's pits of the column that must hold seeds.",
        draw: Draw::AnyWord { absent: 3 },
    },
    Key {
        path: "column_capture.then",
        takes: Takes::Word(list::<TomlColumnThen>()),
        default: "required",
        meaning: "What becomes of the seeds taken.",
        draw: Draw::AnyWord { absent: 0 },
    },
    Key {
        path: "column_capture.resow_from",
        takes: Takes::Word(list::<TomlResowFrom>()),
        default: "required with `then = \"resown\"`, refused otherwise",
        meaning: "Where re-sown seeds start; only with `then = \"resown\"`.",
        draw: Draw::AnyWord { absent: 0 },
    },
    Key {
        path: "column_capture.flank",
        takes: Takes::Integer,
        default: "0: no pit is a flank",
        meaning: "How many pits at each end of the inner row send re-sown seeds to that end; only with `resow_from = \"inner-end\"`.",
        draw: Draw::Custom,
    },
    Key {
        path: "column_capture.laps",
        takes: Takes::Word(list::<TomlColumnLaps>()),
        default: "`\"every\"`",
        meaning: "Which laps of a sowing may capture.",
        draw: Draw::AnyWord { absent: 2 },
    },
    Key {
        path: "column_capture.full_circle",
        takes: Takes::Word(list::<TomlFullCircle>()),
        default: "`\"may-capture\"`",
        meaning: "Whether a sowing that goes full circle may capture.",
        draw: Draw::AnyWord { absent: 2 },
    },
    Key {
        path: "trading.enabled",
        takes: Takes::Bool,
        default: "required when `[trading]` is written",
        meaning: "Whether trading exists at all.",
        draw: Draw::Custom,
    },
    Key {
        path: "trading.max_pits",
        takes: Takes::Integer,
        default: "required when trading is enabled",
        meaning: "Most pits in one offer.",
        draw: Draw::Custom,
    },
    Key {
        path: "trading.price_per_pit",
        takes: Takes::Integer,
        default: "required when trading is enabled",
        meaning: "Captured seeds the recipient pays into each pit received.",
        draw: Draw::Custom,
    },
    Key {
        path: "trading.keep_at_least",
        takes: Takes::Integer,
        default: "required when trading is enabled",
        meaning: "Pits the offerer must keep.",
        draw: Draw::Custom,
    },
    Key {
        path: "trading.only_if_affordable",
        takes: Takes::Bool,
        default: "required when trading is enabled",
        meaning: "Whether an offer is legal only when the recipient can pay for it.",
        draw: Draw::Custom,
    },
    Key {
        path: "end.all_pits_below",
        takes: Takes::Integer,
        default: "none: the game has no such end",
        meaning: "The game ends as soon as every pit holds fewer than this many seeds.",
        draw: Draw::Custom,
    },
    Key {
        path: "end.repetition",
        takes: Takes::Integer,
        default: "`3`",
        meaning: "The game ends when a whole state occurs this many times.",
        draw: Draw::Custom,
    },
    Key {
        path: "end.captured_more_than",
        takes: Takes::Integer,
        default: "none",
        meaning: "The game ends as soon as a player has captured more than this many seeds.",
        draw: Draw::Custom,
    },
    Key {
        path: "end.either_row_empty",
        takes: Takes::Bool,
        default: "`false`",
        meaning: "The game ends right after any ply that leaves either player's home row empty.",
        draw: Draw::Custom,
    },
    Key {
        path: "end.seeds_left_at_most",
        takes: Takes::Integer,
        default: "none: the game has no such end",
        meaning: "The game ends as soon as the board holds at most this many seeds.",
        draw: Draw::Custom,
    },
    Key {
        path: "end.seeds_left_to",
        takes: Takes::Word(list::<TomlSeedsLeftTo>()),
        default: "`\"controller\"`; may be written only beside `seeds_left_at_most`",
        meaning: "Who takes the seeds left when `seeds_left_at_most` ends the game.",
        draw: Draw::AnyWord { absent: 3 },
    },
    Key {
        path: "end.max_plies",
        takes: Takes::Integer,
        default: "none: only the other ends stop the game",
        meaning: "The game ends after this many plies, if nothing has ended it first.",
        draw: Draw::Custom,
    },
    Key {
        path: "end.inner_row_empty",
        takes: Takes::Word(list::<TomlInnerRowEmpty>()),
        default: "none: an empty inner row ends nothing",
        meaning: "A player whose inner row is empty loses (four rows): when it is looked at.",
        draw: Draw::AnyWord { absent: 2 },
    },
    Key {
        path: "end.leftovers",
        takes: Takes::Word(list::<TomlLeftovers>()),
        default: "`\"controller\"`",
        meaning: "Who gets the seeds left on the board.",
        draw: Draw::AnyWord { absent: 2 },
    },
    Key {
        path: "end.winner",
        takes: Takes::Word(list::<TomlWinner>()),
        default: "`\"higher-total\"`",
        meaning: "Who wins.",
        draw: Draw::AnyWord { absent: 2 },
    },
    Key {
        path: "match.fill_from",
        takes: Takes::Word(list::<TomlFillFrom>()),
        default: "`\"first-pit\"`",
        meaning: "Which end of their row a player refills their pits from for the next game.",
        draw: Draw::AnyWord { absent: 2 },
    },
    Key {
        path: "match.unfilled",
        takes: Takes::Word(list::<TomlUnfilled>()),
        default: "`\"closed\"`",
        meaning: "What becomes of a pit its owner cannot fill for the next game.",
        draw: Draw::AnyWord { absent: 2 },
    },
    Key {
        path: "match.next_first",
        takes: Takes::Word(list::<TomlNextFirst>()),
        default: "required when `[match]` is written",
        meaning: "Who moves first in the next game.",
        draw: Draw::AnyWord { absent: 0 },
    },
    Key {
        path: "match.max_games",
        takes: Takes::Integer,
        default: "none: the match ends only when a player cannot fill a pit",
        meaning: "The match also ends after this many games.",
        draw: Draw::Custom,
    },
    Key {
        path: "interpretation.key",
        takes: Takes::Text,
        default: "required",
        meaning: "The key of this file whose value is the reading taken.",
        draw: Draw::Custom,
    },
    Key {
        path: "interpretation.point",
        takes: Takes::Text,
        default: "required",
        meaning: "The question the sources leave open.",
        draw: Draw::Custom,
    },
    Key {
        path: "interpretation.assumed",
        takes: Takes::Text,
        default: "required",
        meaning: "The reading taken.",
        draw: Draw::Custom,
    },
    Key {
        path: "interpretation.reason",
        takes: Takes::Text,
        default: "required",
        meaning: "Why (e.g. \"sources silent\").",
        draw: Draw::Custom,
    },
    Key {
        path: "readings.<name>.point",
        takes: Takes::Text,
        default: "required",
        meaning: "The question the sources leave open.",
        draw: Draw::Custom,
    },
    Key {
        path: "readings.<name>.reason",
        takes: Takes::Text,
        default: "required",
        meaning: "Why it is open, and why the default.",
        draw: Draw::Custom,
    },
    Key {
        path: "readings.<name>.default",
        takes: Takes::Text,
        default: "required",
        meaning: "The alternative taken unless another is chosen.",
        draw: Draw::Custom,
    },
    Key {
        path: "readings.<name>.alternatives",
        takes: Takes::Alternatives,
        default: "required",
        meaning: "The alternatives, each a name and the keys it sets.",
        draw: Draw::Custom,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn a_value_is_named_as_a_file_writes_it() {
        assert_eq!(word_of(TomlLaps::Single), "single");
        assert_eq!(word_of(TomlLaps::RelayFromNext), "relay-from-next");
        assert_eq!(word_of(TomlWinner::Majority), "majority");
        assert_eq!(word_of(TomlColumnWhen::Occupied), "occupied");
    }

    #[test]
    fn each_key_is_declared_once_with_its_meaning_and_default() {
        let paths: BTreeSet<&str> = KEYS.iter().map(|k| k.path).collect();
        assert_eq!(paths.len(), KEYS.len(), "a key declared twice");
        for k in KEYS {
            assert!(!k.meaning.is_empty() && !k.default.is_empty(), "{}", k.path);
            if let Some(words) = k.words() {
                assert!(!words.is_empty(), "{}", k.path);
            }
            // Word keys declare their enum; names come back kebab-case.
            for w in k.words().unwrap_or_default() {
                assert!(w.chars().all(|c| c.is_ascii_lowercase() || c == '-'), "{w}");
            }
        }
    }

    /// Every word has its meaning: one sentence, from its doc comment.
    #[test]
    fn every_word_has_a_meaning() {
        let mut wrong = Vec::new();
        for k in KEYS {
            let Some(list) = k.word_list() else { continue };
            let words = (list.words)();
            assert_eq!(words.len(), list.meanings.len(), "{}", k.path);
            for (w, m) in k.word_meanings().unwrap_or_default() {
                if !(m.len() > 3 && m.ends_with('.') && m.starts_with(char::is_uppercase)) {
                    wrong.push(format!("{}: `{w}` means {m:?}", k.path));
                }
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn a_word_default_is_one_of_the_words() {
        for k in KEYS {
            let (Some(words), Some(d)) = (k.words(), k.default.strip_prefix("`\"")) else {
                continue;
            };
            let d = d.split("\"`").next().unwrap_or_default();
            assert!(words.contains(&d), "{}: default {d}", k.path);
        }
    }
}
