//! The rulebook in plain English, generated from a [`Rules`]: every clause
//! the engine applies, in the order of play, with the readings taken on
//! open points marked as such. `rules show` prints it; `rules diff`
//! compares two rulebooks clause by clause in the same words.

use super::model::{
    CannotFeed, Clockwise, CountSet, Examined, ExtraTurn, FillFrom, FirstSeed, GrandSlam, Laps,
    LaterRounds, Leftovers, NextFirst, Opening, OppositeLanding, Parity, PitDirection, RowPits,
    Unfilled,
};
use super::{CannotSow, Chain, Direction, Feeding, Lock, Rules, SowFrom, Taker, Zone};
use super::{ColumnLaps, ColumnPits, ColumnThen, InnerRowEmpty, LandingWas, ResowFrom, Winner};
use crate::board::{Label, Pit, Side};
use crate::words::{count, ordinal, plural, wrap};
use std::fmt::Write;

/// The parts of a rulebook, in the order of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// The board and the seeds.
    SetUp,
    /// What a player may do on a turn.
    Turn,
    /// How seeds are sown.
    Sowing,
    /// Captures.
    Captures,
    /// Trades and other special plies.
    SpecialMoves,
    /// When the game ends.
    End,
    /// Who wins.
    Scoring,
    /// How the next game of a match is set up, and when the match ends.
    Match,
}

impl Part {
    /// The heading.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Part::SetUp => "Set-up",
            Part::Turn => "A turn",
            Part::Sowing => "Sowing",
            Part::Captures => "Captures",
            Part::SpecialMoves => "Special moves",
            Part::End => "The end",
            Part::Scoring => "Scoring",
            Part::Match => "The match",
        }
    }
}

/// One clause of a rulebook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clause {
    /// Where it belongs.
    pub part: Part,
    /// A stable name, for comparing rulebooks (`capture.chain`).
    pub id: &'static str,
    /// The rule-file keys it renders; interpretations of these are attached.
    pub keys: &'static [&'static str],
    /// The clause in words.
    pub text: String,
}

fn count_list(counts: &[u16]) -> String {
    let words: Vec<String> = counts.iter().map(u16::to_string).collect();
    match words.len() {
        0 => String::new(),
        1 => words[0].clone(),
        n => format!("{} or {}", words[..n - 1].join(", "), words[n - 1]),
    }
}

/// What a pit must hold for a count capture: `exactly 2 or 3 seeds`,
/// `an even number of seeds (2, 4, 6, …)`; and the short form a chain
/// test uses (`2 or 3`, `an even number`).
fn holds(cs: CountSet) -> (String, String) {
    match cs.parity() {
        Some(Parity::Even) => (
            "an even number of seeds (2, 4, 6, …)".to_owned(),
            "an even number".to_owned(),
        ),
        Some(Parity::Odd) => (
            "an odd number of seeds (1, 3, 5, …)".to_owned(),
            "an odd number".to_owned(),
        ),
        None => {
            let list = cs.list();
            let counts = count_list(&list);
            let seeds = if list == [1] { "seed" } else { "seeds" };
            (format!("exactly {counts} {seeds}"), counts)
        }
    }
}

/// Pit numbers in words: `7`, `1 and 6`, `1, 2, 5 and 6`, `1 to 8`.
fn numbers(set: RowPits) -> String {
    let list = set.list();
    let contiguous = list.windows(2).all(|w| w[1] == w[0] + 1);
    match list.len() {
        0 => String::new(),
        1 => list[0].to_string(),
        n if contiguous && n > 2 => format!("{} to {}", list[0], list[n - 1]),
        n => {
            let words: Vec<String> = list.iter().map(usize::to_string).collect();
            format!("{} and {}", words[..n - 1].join(", "), words[n - 1])
        }
    }
}

/// The labels of the pits with these numbers in `side`'s row: `a, f`.
fn row_labels(r: &Rules, set: RowPits, side: Side) -> String {
    // On four rows a pit number names a pit of each of a player's rows.
    let rows = if r.board.rows() == 4 { 2 } else { 1 };
    set.list()
        .iter()
        .filter(|&&k| k >= 1 && k <= r.per_row())
        .flat_map(|&k| (1..=rows).map(move |row| Label::new(side, k - 1, row).to_string()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A sowing order of the whole board from `a`, in words: `a, b, c, …`;
/// with stores, each store in its place on the circuit (`f, South's
/// store, A`), the opponent's to be named as skipped by the caller.
fn order_words(r: &Rules, ccw: bool) -> String {
    let dir = if ccw {
        Direction::CounterClockwise
    } else {
        Direction::Clockwise
    };
    // A store's place depends on the direction: only the board's one
    // direction has stores (validation allows no other).
    let stores = r.stores && r.pit_directions.is_empty() && dir == r.direction;
    let a = Pit(0);
    let mut order = Vec::new();
    let mut p = a;
    loop {
        order.push(r.label(p).to_string());
        if stores {
            for side in Side::BOTH {
                if p == r.last_house(side) {
                    order.push(format!("{side}'s store"));
                }
            }
        }
        p = r.board.next(p, dir);
        if p == a {
            break;
        }
    }
    format!("{}, …", order.join(", "))
}

/// The direction clause of a board whose pits do not all sow one way:
/// which pit numbers sow which way.
fn pit_directions_words(r: &Rules) -> String {
    let ways = [
        (
            PitDirection::Fixed(Direction::CounterClockwise),
            "counter-clockwise",
        ),
        (PitDirection::Fixed(Direction::Clockwise), "clockwise"),
        (PitDirection::Chosen, "chosen by the mover"),
    ];
    let mut groups: Vec<(RowPits, &str)> = ways
        .iter()
        .map(|&(d, words)| {
            let mut set = 0u32;
            for (i, pd) in r.pit_directions.iter().enumerate() {
                if *pd == d {
                    set |= 1 << (i + 1);
                }
            }
            (RowPits(set), words)
        })
        .filter(|(set, _)| !set.is_empty())
        .collect();
    groups.sort_by_key(|(set, _)| set.list().first().copied());
    if let [(_, words)] = groups.as_slice() {
        // Every pit alike: only "chosen" gets here (a fixed direction for
        // every pit is stored as `direction`).
        return format!(
            "{words} for each sowing, counter-clockwise ({}) or clockwise ({}); the ply says which (`c>` counter-clockwise, `c<` clockwise){}",
            order_words(r, true),
            order_words(r, false),
            if r.laps == Laps::Single {
                ""
            } else {
                ", and every lap of the sowing keeps it"
            }
        );
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(set, words)| {
            format!(
                "from {} {} ({} and {}) {words}",
                plural(set.list().len(), "pit", "pits"),
                numbers(*set),
                row_labels(r, *set, Side::South),
                row_labels(r, *set, Side::North)
            )
        })
        .collect();
    format!(
        "set by the number of the pit sown from, counted from its owner's left: {} (counter-clockwise: {}; clockwise: {}){}{}",
        parts.join(", "),
        order_words(r, true),
        order_words(r, false),
        if r.laps == Laps::Single {
            ""
        } else {
            "; every lap of a sowing keeps its direction"
        },
        if r.pit_directions.contains(&PitDirection::Chosen) {
            "; where the mover chooses, the ply says which (`c>` counter-clockwise, `c<` clockwise)"
        } else {
            ""
        }
    )
}

/// A zone in words. Without trading every pit stays with the row it is
/// in, so "control" and "territory" would name a distinction the game
/// does not have.
fn zone_words(z: Zone, trading: bool) -> &'static str {
    match (z, trading) {
        (Zone::OpponentTerritory, true) => "controlled by the opponent",
        (Zone::OpponentRow, true) => "in the opponent's home row, whoever controls it",
        (Zone::OpponentTerritory | Zone::OpponentRow, false) => "in the opponent's row",
        (Zone::Anywhere, true) => "anywhere on the board, whoever controls it",
        (Zone::Anywhere, false) => "anywhere on the board",
    }
}

/// The fewest seeds a sowing needs to come round to its origin pit: one
/// for each other place on the mover's circuit (every other pit, and the
/// mover's store where there are stores), then one more.
fn come_round(r: &Rules) -> usize {
    // The pits of one circuit: the whole board on two rows, a player's own
    // two rows on four.
    let circuit = r.board.circuit(Pit(0)).map_or(r.pits(), <[Pit]>::len);
    let others = circuit - 1 + usize::from(r.stores);
    // A lap whose first seed falls back in its origin needs that one more
    // before it reaches the origin again.
    others + 1 + usize::from(r.first_seed != FirstSeed::NextPit)
}

fn labels(rules: &Rules, side: Side) -> String {
    rules
        .home_row(side)
        .iter()
        .map(|p| rules.label(p).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every clause of the rulebook, in the order of play.
#[must_use]
pub fn clauses(r: &Rules) -> Vec<Clause> {
    clauses_in(r, r.pits_change_hands())
}

/// The clauses, in the words of a game whose pits change hands (`control`:
/// control and territory; offers too where the game trades) or of one
/// whose pits never do (rows and owners, which is what control and
/// territory come to then).
fn clauses_in(r: &Rules, control: bool) -> Vec<Clause> {
    let mut v = Vec::new();
    let mut add = |part: Part, id: &'static str, keys: &'static [&'static str], text: String| {
        v.push(Clause {
            part,
            id,
            keys,
            text,
        })
    };
    set_up(r, &mut add);
    turn(r, control, &mut add);
    sowing(r, &mut add);
    houses(r, &mut add);
    capture(r, control, &mut add);
    sowing_capture(r, control, &mut add);
    opposite_capture(r, control, &mut add);
    beyond_capture(r, control, &mut add);
    column_capture(r, &mut add);
    no_capture(r, &mut add);
    trading(r, &mut add);
    end(r, control, &mut add);
    scoring(r, control, &mut add);
    match_play(r, &mut add);
    v
}

/// Where a part of the rulebook puts its clauses: part, id, keys, text.
type Add<'a> = dyn FnMut(Part, &'static str, &'static [&'static str], String) + 'a;

/// The set-up (`[board]`): the rows, their labels and stores, the seeds, who starts.
fn set_up(r: &Rules, add: &mut Add<'_>) {
    let n = r.per_row();
    let four = r.board.rows() == 4;
    // Each of a side's rows in label order, as positions list them.
    let label_rows = r.board.label_rows();
    let row_words = |pits: &[Pit]| {
        pits.iter()
            .map(|&p| r.label(p).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let board = if four {
        format!(
            "The board has four rows of {n} pit{}. South owns the two near rows: the edge row ({}) and the second row ({}), each from South's left to right; North the two far rows: the edge row ({}) and the second row ({}), from North's left to right. Each player's second row is their inner row, facing the opponent's across the board. No stores.",
            if n == 1 { "" } else { "s" },
            row_words(&label_rows[0]),
            row_words(&label_rows[1]),
            row_words(&label_rows[2]),
            row_words(&label_rows[3]),
        )
    } else {
        format!(
            "The board has {} rows of {n} pit{}. South owns the near row ({}, from South's left to right), North the far row ({}, from North's left to right). {}",
            ["two", "three", "four"][r.board.rows() - 2],
            if n == 1 { "" } else { "s" },
            labels(r, Side::South),
            labels(r, Side::North),
            if r.stores {
                format!(
                    "Each player has a store after the last pit of their row in sowing order: South's after {}, North's after {}; a store's seeds are its owner's captures.",
                    r.label(r.last_house(Side::South)),
                    r.label(r.last_house(Side::North))
                )
            } else {
                "No stores.".to_owned()
            }
        )
    };
    add(
        Part::SetUp,
        "board",
        &["board.rows", "board.pits_per_row", "board.stores"],
        board,
    );
    let first = r.initial[0];
    add(
        Part::SetUp,
        "seeds",
        &["board.seeds_per_pit", "board.initial"],
        if r.initial.iter().all(|&s| s == first) {
            format!(
                "Each pit starts with {first} seed{}, {} in all.",
                if first == 1 { "" } else { "s" },
                r.total_seeds
            )
        } else {
            let row = |pits: &[Pit]| {
                pits.iter()
                    .map(|p| format!("{}={}", r.label(*p), r.initial[p.index()]))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let rows: Vec<String> = label_rows.iter().map(|pits| row(pits)).collect();
            format!(
                "The pits start with {}, {} in all.",
                if four {
                    format!("{}; {}; {}; and {}", rows[0], rows[1], rows[2], rows[3])
                } else {
                    rows.join(" and ")
                },
                count(r.total_seeds, "seed", "seeds")
            )
        },
    );
    add(
        Part::SetUp,
        "first",
        &["board.first"],
        format!("{} moves first.", r.first),
    );
}

/// A turn (`[moves]`): which pits may be sown, the minimum, the opening, feeding.
fn turn(r: &Rules, control: bool, add: &mut Add<'_>) {
    let opponents_pits = if control {
        "every pit the opponent controls"
    } else {
        "every pit of the opponent's row"
    };
    add(
        Part::Turn,
        "sow_from",
        &["moves.sow_from"],
        match (r.sow_from, control) {
            (SowFrom::Controlled, true) if r.trading.is_none() && r.pits_change_hands() => "On their turn a player sows from any non-empty pit they control: their own row, less any pit handed to the opponent for this game of the match, and any of the opponent's handed to them.".into(),
            (SowFrom::Controlled, true) => "On their turn a player sows from any non-empty pit they control (their territory, which trades may change).".into(),
            (SowFrom::HomeRow, true) => "On their turn a player sows from any non-empty pit of their own home row, whoever controls it.".into(),
            (SowFrom::OpponentRow, _) => "On their turn a player sows from any non-empty pit of the opponent's home row.".into(),
            (_, false) if r.board.rows() == 4 => "On their turn a player sows from any non-empty pit of their own two rows.".into(),
            (_, false) => "On their turn a player sows from any non-empty pit of their own row.".into(),
        },
    );
    if r.min_seeds > 1 {
        add(
            Part::Turn,
            "min_seeds",
            &["moves.min_seeds", "moves.below_min"],
            format!(
                "A pit must hold at least {} to be sown{}.",
                count(r.min_seeds, "seed", "seeds"),
                if r.below_min_if_no_other {
                    "; when no such pit can be sown, a pit with fewer (but at least one) may be"
                } else {
                    ""
                }
            ),
        );
    }
    if r.opening == Opening::EachHomePitOnce {
        add(
            Part::Turn,
            "opening",
            &["moves.opening"],
            "Opening: until a player has sown from every pit of their own row, they may sow only from pits of their row they have not sown from yet, if any of those can be sown; if none can, the restriction lapses for that ply.".into(),
        );
    }
    if r.feeding == Feeding::MustFeedEmptyOpponent {
        add(
            Part::Turn,
            "feeding",
            &["moves.feeding"],
            format!(
                "Feeding: if {opponents_pits} is empty, the player must choose a sowing that drops at least one seed into them, if any sowing does; otherwise any sowing is legal."
            ),
        );
    }
    if r.feeding == Feeding::MustLeaveOpponentSeeds {
        add(
            Part::Turn,
            "feeding",
            &["moves.feeding"],
            format!(
                "Feeding: if {opponents_pits} is empty, the player must choose a sowing after which (relay laps and captures included) at least one of them holds a seed, if any sowing does; otherwise any sowing is legal."
            ),
        );
    }
    if r.must_capture {
        add(
            Part::Turn,
            "must_capture",
            &["moves.must_capture"],
            format!(
                "Capturing is compulsory: a player who has a sowing that captures (that takes a pit by any capture of these rules{}) must make one of those; only when none captures may any be made.",
                // Only a game with houses has a sowing that makes one.
                if r.houses.is_some() {
                    ", or makes a house"
                } else {
                    ""
                }
            ),
        );
    }
    if r.inner_row_first {
        add(
            Part::Turn,
            "inner_row_first",
            &["moves.inner_row_first"],
            "Inner row first: while a player can sow from their inner row, a sowing from their outer row is legal only if it captures.".into(),
        );
    }
    if r.clockwise != Clockwise::Free {
        add(
            Part::Turn,
            "clockwise",
            &["moves.clockwise"],
            if r.clockwise == Clockwise::IfCapturing {
                "Clockwise sowings: where the mover chooses the direction, a clockwise sowing is legal only if it captures (by any capture of these rules); counter-clockwise is always open.".into()
            } else {
                "Clockwise sowings: where the mover chooses the direction, a clockwise sowing is legal only if its first lap, before any relay or re-sowing, ends in a column capture; counter-clockwise is always open.".into()
            },
        );
    }
    if r.cannot_feed != CannotFeed::AnySowing {
        add(
            Part::Turn,
            "cannot_feed",
            &["moves.cannot_feed"],
            format!(
                "If the opponent must be fed and no sowing can, the game ends at once and {} takes every seed left on the board.",
                if r.cannot_feed == CannotFeed::OpponentTakesAll {
                    "the opponent, who could not be fed,"
                } else {
                    "the player to act"
                }
            ),
        );
    }
    add(
        Part::Turn,
        "cannot_sow",
        &["moves.cannot_sow"],
        match r.cannot_sow {
            // Where a non-empty pit of one's own row may still not be
            // sowable, "every one of whose pits is empty" would be wrong.
            CannotSow::Pass
                if r.min_seeds > 1 || r.houses.is_some() || r.sow_from == SowFrom::OpponentRow =>
            {
                "A player who has no pit they may sow from must pass (the ply `pass`); this is the only time passing is legal.".into()
            }
            CannotSow::Pass => "A player every one of whose pits is empty must pass (the ply `pass`); this is the only time passing is legal.".into(),
            CannotSow::EndGame => "A player with nothing to sow does not pass: the game ends (see The end).".into(),
        },
    );
}

/// How seeds are sown (`[sowing]`): direction, first seed, laps, later rounds, extra turns, the origin.
fn sowing(r: &Rules, add: &mut Add<'_>) {
    let ccw = r.direction == Direction::CounterClockwise;
    // One direction for the board reads within the sentence; directions by
    // pit, or chosen, need a sentence of their own.
    let (direction, directions) = if r.pit_directions.is_empty() {
        (
            format!(
                ", {} ({})",
                if ccw {
                    "counter-clockwise"
                } else {
                    "clockwise"
                },
                order_words(r, ccw)
            ),
            String::new(),
        )
    } else {
        (
            String::new(),
            format!(" Its direction: {}.", pit_directions_words(r)),
        )
    };
    let drops = match r.first_seed {
        FirstSeed::NextPit => "drops one in each following pit",
        FirstSeed::Origin => {
            "drops the first back into that pit and the rest one in each following pit"
        }
        FirstSeed::OriginUnlessSingle => {
            "drops the first back into that pit (a single seed goes to the next pit instead) and the rest one in each following pit"
        }
    };
    add(
        Part::Sowing,
        "sowing",
        &["sowing.direction", "sowing.laps", "sowing.first_seed"],
        format!(
            "A sowing takes every seed from the chosen pit and {drops}{direction}, {}{}.{directions} {}",
            if r.board.rows() == 4 {
                "round the mover's own two rows only (North's the same way, A, …)"
            } else {
                "in every pit of the circuit whoever owns it"
            },
            if r.stores {
                " and in the mover's own store; the opponent's store is skipped"
            } else {
                ""
            },
            match r.laps {
                Laps::Relay => format!(
                    "Relay: when the last seed falls in a pit that already held seeds, that pit is lifted and the sowing goes on from it{}; the sowing ends when a last seed falls in an empty pit{}{} (or after 10 000 relays). The pit of the final last seed is the landing pit.{}",
                    if r.first_seed == FirstSeed::NextPit {
                        ""
                    } else {
                        ", its first seed again back into the pit lifted"
                    },
                    if r.stores { " or a store" } else { "" },
                    if r.sowing_capture.is_some() {
                        " or fills a pit that is then captured"
                    } else {
                        ""
                    },
                    if r.houses.is_some() {
                        " A last seed that falls in a house, or makes one, ends the sowing too, before any lift, even in a pit that held seeds."
                    } else {
                        ""
                    }
                ),
                Laps::RelayFromNext => format!(
                    "Relay from the next pit: when a lap's last seed has fallen in a pit, the pit after it is looked at: if it holds seeds, they are all lifted and sown on from it as a new lap{}; if it is empty, the sowing ends, and the pit of the last seed is the landing pit.{}{} The sowing also ends after 10 000 relays.",
                    if r.first_seed == FirstSeed::NextPit {
                        " (its first seed in the pit after it)"
                    } else {
                        ""
                    },
                    match (r.stores, r.sowing_capture.is_some()) {
                        (true, true) =>
                            " A last seed in a store, or one that fills a pit that is then captured, ends the sowing too.",
                        (true, false) => " A last seed in a store ends the sowing too.",
                        (false, true) =>
                            " A last seed that fills a pit that is then captured ends the sowing too.",
                        (false, false) => "",
                    },
                    if r.houses.is_some() {
                        " A last seed that falls in a house, or makes one, ends the sowing too, before the pit after it is looked at."
                    } else {
                        ""
                    }
                ),
                _ =>
                    "Single lap: the sowing ends where its last seed falls, the landing pit.".into(),
            }
        ),
    );
    if r.later_rounds == LaterRounds::OpponentRow {
        add(
            Part::Sowing,
            "later_rounds",
            &["sowing.later_rounds"],
            "Once a lap has come round (it is about to drop a second seed in a place it has already sown into), that seed and every later seed of the lap go only into the pits of the opponent's row, in sowing order, round and round; every other pit, and every store, is passed over.".into(),
        );
    }
    let extra_turn = match r.extra_turn {
        ExtraTurn::None => None,
        ExtraTurn::LastInOwnStore => {
            Some("If the last seed falls in the mover's own store, the mover plays again.")
        }
        ExtraTurn::AfterCapture => Some(
            "If the sowing captured (any capture that took at least one seed, whoever the seeds went to), the mover plays again; otherwise the turn passes. Seeds sown into a store or a house are not captured.",
        ),
    };
    if let Some(sentence) = extra_turn {
        add(
            Part::Sowing,
            "extra_turn",
            &["sowing.extra_turn"],
            sentence.into(),
        );
    }
    // The seed that would fall back in the origin is the one after every
    // other place of the mover's circuit: the other pits, and the mover's
    // own store where there are stores (the opponent's is never sown).
    let round = come_round(r);
    add(
        Part::Sowing,
        "skip_origin",
        &["sowing.skip_origin"],
        if r.first_seed != FirstSeed::NextPit {
            let lap = if r.laps == Laps::Single {
                "sowing"
            } else {
                "lap"
            };
            if r.skip_origin {
                format!(
                    "A {lap} of {round} or more seeds, its first seed having fallen back in the pit it was taken from, skips that pit each time it comes round again."
                )
            } else {
                format!(
                    "A {lap} of {round} or more seeds comes round to the pit it was taken from again and drops a seed there too, on every pass."
                )
            }
        } else if r.skip_origin && (r.laps != Laps::Single) {
            format!(
                "A lap of {round} or more seeds skips the pit it was taken from (the chosen pit, or the pit a relay lifted) each time it comes round."
            )
        } else if r.skip_origin {
            format!(
                "A sowing of {round} or more seeds skips its emptied origin pit each time it comes round."
            )
        } else {
            format!(
                "A sowing of {round} or more seeds passes through its emptied origin pit and drops a seed there too, on every pass."
            )
        },
    );
}

/// `[houses]`: pits that become a player's for good.
fn houses(r: &Rules, add: &mut Add<'_>) {
    if let Some(h) = &r.houses {
        // The pit numbers `pits`, named for each mover: in their own row, or
        // (`theirs`) in the opponent's.
        let place = |pits: RowPits, which: &str, theirs: bool| {
            let [south, north] = if theirs {
                [Side::North, Side::South]
            } else {
                [Side::South, Side::North]
            };
            format!(
                "{} {} of {which} ({} for South, {} for North)",
                plural(pits.list().len(), "pit", "pits"),
                numbers(pits),
                row_labels(r, pits, south),
                row_labels(r, pits, north)
            )
        };
        let mut places = Vec::new();
        if !h.own_row.is_empty() {
            let own = if r.board.rows() == 4 {
                "the mover's own rows"
            } else {
                "the mover's own row"
            };
            places.push(place(h.own_row, own, false));
        }
        if !h.opponent_row.is_empty() {
            places.push(place(h.opponent_row, "the opponent's row", true));
        }
        add(
            Part::Captures,
            "houses",
            &[
                "houses.made_at",
                "houses.own_row",
                "houses.opponent_row",
                "houses.max_per_player",
                "houses.not_same_number",
            ],
            {
                let mut provided = vec![
                    format!("that it is one of {}", places.join(", or ")),
                    "that it is not a house already".to_owned(),
                    if h.max_per_player == 1 {
                        "that the mover has no house yet".to_owned()
                    } else {
                        format!("that the mover has fewer than {} houses", h.max_per_player)
                    },
                ];
                if h.not_same_number {
                    provided.push("that the opponent has no house with the same pit number (counted from each row's owner's left)".to_owned());
                }
                let last = provided.pop().unwrap_or_default();
                format!(
                    "Houses: when {} last seed brings a pit to exactly {}, the pit becomes the mover's house for good and its seeds go to the mover, provided {}, and {last}. {}",
                    if r.laps == Laps::Single {
                        "a sowing's"
                    } else {
                        "a lap's"
                    },
                    count(h.made_at, "seed", "seeds"),
                    provided.join(", "),
                    if r.laps == Laps::Single {
                        "Making a house is tried before any capture at the end of a sowing; a sowing that makes one captures nothing else."
                    } else {
                        "Making a house is tried at the end of every lap, before the lap relays: a lap that makes one ends the sowing, which captures nothing else."
                    },
                )
            },
        );
        add(
            Part::Captures,
            "house_seeds",
            &[],
            "A house stays empty: every seed that falls in it, in any sowing by either player, goes at once to the house's owner, as captured. A house is never sown from and never captured, and a seed falling in it feeds nobody; a last seed that falls in a house ends the sowing with no capture.".into(),
        );
    }
}

/// `[capture]`: captures by the count of a pit, chains, locks, grand slams.
fn capture(r: &Rules, control: bool, add: &mut Add<'_>) {
    let n = r.per_row();
    match &r.capture {
        // Said once below, when no kind of capture exists.
        None => {}
        Some(c) => {
            if let Lock::AllHomePitsSown {
                release_may_capture,
            } = c.lock
            {
                add(
                    Part::Captures,
                    "lock",
                    &["capture.lock", "capture.lock_release_may_capture"],
                    format!(
                        "Opening lock: a player may capture only once each of their {} has been the origin of at least one of their sowings. The sowing that completes the set {} capture.",
                        count(n, "home pit", "home pits"),
                        if release_may_capture {
                            "may itself"
                        } else {
                            "may not itself"
                        }
                    ),
                );
            }
            if c.lock == Lock::FirstSowing {
                add(
                    Part::Captures,
                    "lock",
                    &["capture.lock"],
                    format!(
                        "The game's first sowing captures nothing: while no pit of the board has been sown from, no capture is made at the end of a sowing{}. Captures made while seeds are sown are not held back.",
                        if r.houses.is_some() {
                            " and no house is made"
                        } else {
                            ""
                        }
                    ),
                );
            }
            let (exactly, counts) = holds(c.counts);
            let they = if c.counts.list() == [1] {
                "it is"
            } else {
                "they are"
            };
            let next = c.examined == Examined::NextPit;
            // The pit whose count is looked at, as the clauses name it.
            let first = if next {
                "the pit after the landing pit (in the sowing direction)"
            } else {
                "the landing pit"
            };
            let first_short = if next { "examined pit" } else { "landing pit" };
            add(
                Part::Captures,
                "capture",
                &["capture.counts", "capture.landing", "capture.examined"],
                if c.landing == Zone::Anywhere && !control {
                    format!(
                        "If {first}, {}, now holds {exactly}, {they} captured.",
                        any_row(r)
                    )
                } else {
                    format!(
                        "If {first} is {} and now holds {exactly}, {they} captured.",
                        zone_words(c.landing, control)
                    )
                },
            );
            if !c.immune.is_empty() {
                let many = c.immune.list().len() > 1;
                add(
                    Part::Captures,
                    "protected",
                    &["capture.protected"],
                    format!(
                        "{} {} of each row ({} and {}) {} never captured this way: not as the {first_short}, and a chain stops at {}.",
                        if many { "Pits number" } else { "Pit number" },
                        numbers(c.immune),
                        row_labels(r, c.immune, Side::South),
                        row_labels(r, c.immune, Side::North),
                        if many { "are" } else { "is" },
                        if many { "them" } else { "it" }
                    ),
                );
            }
            // A chain through any pit has no zone to leave: saying it stops
            // at a pit "not anywhere on the board" would be nonsense.
            let anywhere = c.chain_zone == Zone::Anywhere;
            let zone = zone_words(c.chain_zone, control);
            let (test, stop) = if anywhere {
                (
                    format!("if it holds {counts}"),
                    "the chain stops at the first pit that holds another count".to_owned(),
                )
            } else {
                (
                    format!("if it is {zone} and holds {counts}"),
                    format!(
                        "the chain stops at the first pit that holds another count or is not {zone}"
                    ),
                )
            };
            let mut chain = match c.chain {
                Chain::None => format!("Only the {first_short} is captured: there is no chain."),
                Chain::Backward => format!(
                    "Then the pit before it (against the sowing direction) is examined: {test}, it is captured too, and so on backwards; {stop}."
                ),
                Chain::Forward => format!(
                    "Then the pit after it (in the sowing direction) is examined: {test}, it is captured too, and so on forwards; {stop}."
                ),
                Chain::Both => format!(
                    "So is every pit of the unbroken run of pits holding {counts} that extends from it both forwards and backwards around the circuit, {}: the maximal arc of such pits containing the {first_short}. Each pit is captured at most once.",
                    if anywhere && !control {
                        any_row(r)
                    } else {
                        zone
                    }
                ),
            };
            // A cap of every pit on the board never binds: a chain takes
            // each pit at most once.
            if let Some(k) = c.chain_max
                && usize::from(k) < r.pits()
                && c.chain != Chain::None
            {
                chain.push_str(&format!(
                    " A capture takes at most {}, the {first_short} included: after it, the pits before it go first, nearest first, then those after it.",
                    count(k, "pit", "pits")
                ));
            }
            add(
                Part::Captures,
                "chain",
                &["capture.chain", "capture.chain_zone", "capture.chain_max"],
                chain,
            );
            // Every value has its clause, so `rules diff` can show a file
            // that allows the grand slam against one that does not. On
            // four rows no capture reaches the opponent's row.
            match c.grand_slam {
                _ if r.board.rows() == 4 => {}
                GrandSlam::Captures => add(
                    Part::Captures,
                    "grand_slam",
                    &["capture.grand_slam"],
                    "A capture that takes every seed of the opponent's row (a grand slam) is allowed and captures like any other.".into(),
                ),
                GrandSlam::CapturesNothing => add(
                    Part::Captures,
                    "grand_slam",
                    &["capture.grand_slam"],
                    "A sowing whose capture would take every seed of the opponent's row (which holds some) is legal but captures nothing (grand slam).".into(),
                ),
                GrandSlam::Forbidden => add(
                    Part::Captures,
                    "grand_slam",
                    &["capture.grand_slam"],
                    "A sowing whose capture would take every seed of the opponent's row (which holds some) is not allowed while the player has a sowing that would not (grand slam); when every sowing would, they are all allowed and capture nothing.".into(),
                ),
            }
            add(
                Part::Captures,
                "captured",
                &[],
                if r.stores {
                    "Captured seeds go into the capturer's store. The turn ends after the captures."
                } else {
                    "Captured seeds leave the board and count for the capturer. The turn ends after the captures."
                }
                .into(),
            );
        }
    }
}

/// `[sowing_capture]`: captures made while the seeds are sown.
fn sowing_capture(r: &Rules, control: bool, add: &mut Add<'_>) {
    if let Some(sc) = &r.sowing_capture {
        let counts = sc.counts.list();
        let taker = |t: Taker| match (t, control) {
            (Taker::Mover, _) => "the player sowing",
            (Taker::PitController, true) => "the player who controls that pit",
            (Taker::PitController, false) => "the owner of that pit",
        };
        add(
            Part::Captures,
            "sowing_capture",
            &[
                "sowing_capture.counts",
                "sowing_capture.taker",
                "sowing_capture.last_seed_taker",
                "sowing_capture.then",
            ],
            format!(
                "While seeds are sown: whenever a seed brings a pit to exactly {}, its seeds are captured at once, by {}, and the sowing goes on. If the seed that does so is the last of a lap, {} captures them and {}.{} (These captures are not subject to any opening lock.)",
                count_list(&counts),
                taker(sc.taker),
                taker(sc.last_seed_taker),
                if sc.sow_on {
                    "the lap ends as any lap does, in the emptied pit"
                } else {
                    "the sowing ends there"
                },
                if r.stores {
                    " The seeds go into the store of the player who takes them."
                } else {
                    ""
                }
            ),
        );
    }
}

/// `[opposite_capture]`: the pit opposite an empty one.
fn opposite_capture(r: &Rules, control: bool, add: &mut Add<'_>) {
    if let Some(o) = &r.opposite_capture {
        add(
            Part::Captures,
            "opposite",
            &[
                "opposite_capture.when_opposite_empty",
                "opposite_capture.capturing_seed",
                "opposite_capture.landing",
            ],
            format!(
                "If the last seed falls in an empty pit {}, {} captured{}{}.{}",
                match (o.landing, control) {
                    (OppositeLanding::Anywhere, _) => {
                        "of either row (the pit opposite may then be the mover's own)"
                    }
                    (_, true) => "the mover controls",
                    (_, false) => "of the mover's own row",
                },
                if o.capturing_seed_taken {
                    "that seed and every seed in the pit opposite are"
                } else {
                    "every seed in the pit opposite is"
                },
                if r.stores {
                    " into the mover's store"
                } else {
                    ""
                },
                // After the verb, so the sentence reads "is captured; the
                // last seed stays", not a parenthesis between subject and verb.
                if o.capturing_seed_taken {
                    ""
                } else {
                    "; the last seed itself stays where it fell"
                },
                if o.take_last_seed_alone {
                    " If the pit opposite is empty, the last seed alone is still taken."
                } else {
                    " If the pit opposite is empty, nothing is captured and the seed stays."
                }
            ),
        );
    }
}

/// Where a zone of every pit lies, said of the rows a sowing can end in:
/// on four rows, only the mover's own.
fn any_row(r: &Rules) -> &'static str {
    if r.board.rows() == 4 {
        "in either of the mover's rows"
    } else {
        "in either row"
    }
}

/// `[beyond_capture]`: the pit beyond an empty one.
fn beyond_capture(r: &Rules, control: bool, add: &mut Add<'_>) {
    if let Some(b) = &r.beyond_capture {
        let zone = if b.zone == Zone::Anywhere && !control {
            format!(", {}", any_row(r))
        } else {
            format!(" and is {}", zone_words(b.zone, control))
        };
        let when = match r.laps {
            Laps::Relay => format!(
                "At the end of every lap whose last seed fell in a pit that already held seeds, if the pit after it is empty, the pit beyond that empty pit is captured by the mover if it holds seeds{zone}; {}",
                if b.sow_on {
                    "then the relay goes on from the landing pit as usual."
                } else {
                    "the sowing then ends there, whether or not a pit was taken."
                }
            ),
            Laps::RelayFromNext => format!(
                "When the sowing ends because the pit after the landing pit is empty, the pit beyond that empty pit is captured by the mover if it holds seeds{zone}."
            ),
            _ => format!(
                "At the end of the sowing, if the pit after the landing pit is empty, the pit beyond it is captured by the mover if it holds seeds{zone}."
            ),
        };
        add(
            Part::Captures,
            "beyond",
            &[
                "beyond_capture.zone",
                "beyond_capture.chain",
                "beyond_capture.then",
            ],
            format!(
                "{when}{}{}{}",
                if b.chain_pairs {
                    " Then the pit after the captured one is looked at as a new empty pit: if it is empty and the pit after it holds seeds (and lies where the first may), that pit is captured too, and so on, pair by pair, each pit at most once, up to the first pair that does not qualify."
                } else {
                    ""
                },
                if r.stores {
                    " The seeds go into the mover's store."
                } else {
                    ""
                },
                if r.capture.is_some() || r.opposite_capture.is_some() || r.houses.is_some() {
                    " This capture is tried only if the captures above took nothing."
                } else {
                    ""
                }
            ),
        );
    }
}

/// `[column_capture]`: across the board by column.
fn column_capture(r: &Rules, add: &mut Add<'_>) {
    let Some(c) = &r.column_capture else { return };
    // On two rows a player's only row is their inner row, and the column
    // is the one pit across.
    let (row, across) = if r.board.rows() == 2 {
        ("row", "the opponent's pit across the board")
    } else {
        (
            "inner row",
            "the opponent's inner pit across the board in that column",
        )
    };
    let pits = |p: ColumnPits| match p {
        ColumnPits::Inner => across.to_owned(),
        ColumnPits::InnerAndOuter => format!("{across} and the outer pit behind it"),
    };
    let needs = match c.needs {
        ColumnPits::Inner if r.board.rows() == 2 => format!("{across} holds seeds"),
        ColumnPits::Inner => "the opponent's inner pit across the board holds seeds".to_owned(),
        ColumnPits::InnerAndOuter => {
            "both the opponent's inner pit across the board and the outer pit behind it hold seeds"
                .to_owned()
        }
    };
    add(
        Part::Captures,
        "column",
        &[
            "column_capture.when",
            "column_capture.takes",
            "column_capture.needs",
            "column_capture.then",
            "column_capture.resow_from",
            "column_capture.flank",
            "column_capture.laps",
            "column_capture.full_circle",
        ],
        format!(
            "At the end of {}, before it relays or the sowing ends (and before the sowing's 10 000th relay): if its last seed fell in a pit of the mover's {row} that was {} before it, and {needs}, the mover takes every seed of {}. {}{}",
            match c.laps {
                ColumnLaps::Every => "every lap",
                ColumnLaps::IfFirstCaptures => {
                    "the first lap, and of every later lap if the first captured (a sowing whose first lap captures nothing only relays)"
                }
            },
            match c.when {
                LandingWas::Empty => "empty",
                LandingWas::Occupied => "occupied",
            },
            pits(c.takes),
            match c.then {
                ColumnThen::Captured => "They are captured, and the sowing ends.".to_owned(),
                ColumnThen::Resown(ResowFrom::InnerEnd { flank }) => format!(
                    "The mover sows them on as a new lap, its first seed in the end pit of the mover's {row} at which the sowing's direction enters that row, and on along the row{}; the lap ends as any lap does, and counts as a relay. Captured seeds never leave the board.",
                    if flank == 0 {
                        String::new()
                    } else {
                        format!(
                            ", except that a capture in one of the {} at either end of the row sends them to that end, and the sowing goes on from there in the direction that runs along the row (so it may turn)",
                            count(u32::from(flank), "pit", "pits")
                        )
                    }
                ),
                ColumnThen::Resown(from) => format!(
                    "The mover sows them on as a new lap in the same direction, its first seed in the pit after {}; the lap ends as any lap does, and counts as a relay. Captured seeds never leave the board.",
                    match from {
                        ResowFrom::AfterLanding => "the landing pit (whose own seeds stay)",
                        ResowFrom::AfterOrigin => "the pit the sowing started from",
                        _ =>
                            "the pit the capturing lap started from (the origin, the pit it relayed from, or the start of the re-sowing it is)",
                    }
                ),
            },
            if c.full_circle_captures_nothing {
                " A sowing from a pit holding at least as many seeds as the mover's circuit has pits (one that goes full circle) captures nothing."
            } else {
                ""
            }
        ),
    );
}

/// A game with none of the capture tables.
fn no_capture(r: &Rules, add: &mut Add<'_>) {
    if r.column_capture.is_none()
        && r.capture.is_none()
        && r.opposite_capture.is_none()
        && r.sowing_capture.is_none()
        && r.beyond_capture.is_none()
        && r.houses.is_none()
    {
        add(
            Part::Captures,
            "capture",
            &["capture.counts"],
            "Seeds are never captured.".into(),
        );
    }
}

/// Special moves (`[trading]`): offers of pits for captured seeds.
fn trading(r: &Rules, add: &mut Add<'_>) {
    if let Some(t) = &r.trading {
        let max = t.max_pits;
        add(
            Part::SpecialMoves,
            "offer",
            &[
                "trading.enabled",
                "trading.max_pits",
                "trading.keep_at_least",
            ],
            format!(
                "Trading: instead of sowing, a player who has seeds to sow may offer 1{} of the pits they control, naming them, to the opponent; the offerer must keep at least {} pit{}. Any controlled pit may be offered, empty or not. The offer is the offerer's whole turn.",
                if max > 1 {
                    format!(" to {max}")
                } else {
                    String::new()
                },
                t.keep_at_least,
                if t.keep_at_least == 1 { "" } else { "s" }
            ),
        );
        if t.only_if_affordable {
            add(
                Part::SpecialMoves,
                "affordable",
                &["trading.only_if_affordable"],
                format!(
                    "An offer is legal only if the opponent has captured at least {} per offered pit, so that it can be accepted.",
                    count(t.price_per_pit, "seed", "seeds")
                ),
            );
        }
        add(
            Part::SpecialMoves,
            "answer",
            &["trading.price_per_pit"],
            format!(
                "The opponent's next ply is `accept` or `decline`; then the same opponent takes their normal turn. On `accept`, the offered pits become the opponent's territory, and the opponent takes {} of their captured seeds per pit and drops them into those pits, on top of what is there. A player who has just declined may offer straight back.",
                t.price_per_pit
            ),
        );
        add(
            Part::SpecialMoves,
            "glory",
            &[],
            "A win by a player who declined an offer during the game is a \"victory without glory\"; the result says so.".into(),
        );
    }
}

/// `[end]`: when the game ends.
fn end(r: &Rules, control: bool, add: &mut Add<'_>) {
    if let Some(k) = r.end.all_pits_below {
        add(
            Part::End,
            "all_below",
            &["end.all_pits_below"],
            if k == 1 {
                "The game ends as soon as no pit holds a seed (checked after every ply).".into()
            } else {
                format!(
                    "The game ends as soon as every pit holds fewer than {} (checked after every ply).",
                    count(k, "seed", "seeds")
                )
            },
        );
    }
    if let Some(k) = r.end.captured_more_than {
        add(
            Part::End,
            "captured_more_than",
            &["end.captured_more_than"],
            format!(
                "The game ends as soon as a player has captured more than {}.",
                count(k, "seed", "seeds")
            ),
        );
    }
    if let Some(k) = r.end.seeds_left_at_most {
        add(
            Part::End,
            "seeds_left",
            &["end.seeds_left_at_most", "end.seeds_left_to"],
            format!(
                "The game ends as soon as the board holds {k} seed{} or fewer (checked after every ply){}.",
                if k == 1 { "" } else { "s" },
                if r.end.seeds_left_to_first && r.match_play().is_some() {
                    format!(
                        "; the player who moved first in the game ({} in the match's first) then takes every seed left",
                        r.first
                    )
                } else if r.end.seeds_left_to_first {
                    format!("; {} (who moved first) then takes every seed left", r.first)
                } else {
                    String::new()
                }
            ),
        );
    }
    if r.end.either_row_empty {
        add(
            Part::End,
            "row_empty",
            &["end.either_row_empty"],
            "The game ends right after any ply that leaves either player's row empty.".into(),
        );
    }
    if let Some(when) = r.end.inner_row_empty {
        add(
            Part::End,
            "inner_row_empty",
            &["end.inner_row_empty"],
            format!(
                "A player whose inner row is empty loses{}. The game then ends, and every seed left on the board goes to the other player, whichever pit it is in (at any other end the seeds left go as Scoring says). If both inner rows are empty, the player to act loses.",
                match when {
                    InnerRowEmpty::AfterPly => " (looked at after every ply)",
                    _ =>
                        ", even for a moment during a sowing: a lift that empties the mover's inner row, or a capture that empties the opponent's, stops the sowing at once, and the seeds in hand go to the other player",
                }
            ),
        );
    }
    if r.cannot_sow == CannotSow::EndGame {
        add(
            Part::End,
            "no_sowing",
            &["moves.cannot_sow"],
            "The game ends when the player to act has nothing to sow.".into(),
        );
    }
    if let Some(k) = r.end.max_plies {
        add(
            Part::End,
            "max_plies",
            &["end.max_plies"],
            format!(
                "The game ends after {} (counted from its start{}) if nothing else has ended it.",
                count(k, "ply", "plies"),
                match (r.cannot_sow == CannotSow::Pass, r.trading.is_some()) {
                    (true, true) => ", every pass, offer and answer included",
                    (false, true) => ", every offer and answer included",
                    (true, false) => ", every pass included",
                    (false, false) => "",
                }
            ),
        );
    }
    add(
        Part::End,
        "repetition",
        &["end.repetition"],
        format!(
            "The game ends at once when the whole state ({}) occurs for the {} time; the starting position is its first occurrence.",
            {
                let mut parts = vec!["seeds"];
                if control {
                    parts.push("controllers");
                }
                parts.push("side to act");
                if r.trading.is_some() {
                    parts.push("pending offer");
                }
                if r.capture
                    .is_some_and(|c| matches!(c.lock, Lock::AllHomePitsSown { .. }))
                {
                    parts.push("lock progress");
                } else if r.records_sown() {
                    parts.push("which pits have been sown from");
                }
                if r.houses.is_some() {
                    parts.push("houses");
                }
                parts.push("captured totals");
                let parts = parts.join(", ");
                if r.trading.is_some() {
                    format!("{parts}; not who has declined")
                } else {
                    parts
                }
            },
            ordinal(r.end.repetition)
        ),
    );
}

/// Scoring (`[end]`): who takes the seeds left, and who wins.
fn scoring(r: &Rules, control: bool, add: &mut Add<'_>) {
    add(Part::Scoring, "leftovers", &["end.leftovers"], {
        let to = if control {
            "the player who controls its pit"
        } else {
            "the owner of its pit"
        };
        let (base, except_to) = match r.end.leftovers {
            Leftovers::Nobody => (
                "At the end, the seeds still on the board count for nobody: only captured seeds count".to_owned(),
                "them all",
            ),
            _ => (
                format!("At the end, every seed still on the board goes to {to}"),
                "them all",
            ),
        };
        // The ends that give every seed left to one player, each named, so
        // that this clause and the end rules tell one story.
        let mut except = Vec::new();
        if r.cannot_feed == CannotFeed::OpponentTakesAll {
            except.push(format!(
                "when the game ends because the opponent cannot be fed: then that opponent takes {except_to}"
            ));
        } else if r.cannot_feed != CannotFeed::AnySowing {
            except.push(format!(
                "when the game ends because the opponent cannot be fed: then the player to act takes {except_to}"
            ));
        } else if r.end.seeds_left_to_first {
            let first = if r.match_play().is_some() {
                "the player who moved first in the game".to_owned()
            } else {
                r.first.to_string()
            };
            except.push(format!(
                "when few seeds are left: then {first} takes {except_to}"
            ));
        }
        if r.end.inner_row_empty.is_some() {
            except.push(format!(
                "when the game ends because a player's inner row is empty: then the other player takes {except_to}"
            ));
        }
        if except.is_empty() {
            format!("{base}.")
        } else {
            format!("{base} (except {}).", except.join("; and "))
        }
    });
    add(Part::Scoring, "winner", &["end.winner"], winner(r));
}

/// `[match]`: the next game's set-up, who starts it, the match's end.
fn match_play(r: &Rules, add: &mut Add<'_>) {
    let Some(m) = r.match_play else { return };
    let (from, along) = match m.fill_from {
        FillFrom::FirstPit => (
            "the first pit of their row in sowing order (a for South, A for North)",
            "along the row",
        ),
        FillFrom::LastPit => (
            "the last pit of their row in sowing order (next to their store, where there is one)",
            "back along the row",
        ),
    };
    let layout = if r.initial.iter().all(|&k| k == r.initial[0]) {
        format!("{} seeds", r.initial[0])
    } else {
        "the seeds it held at the start of the match".to_owned()
    };
    let unfilled = match m.unfilled {
        Unfilled::Closed => {
            "A pit its owner cannot fill is out of play for that game: no seed is sown into it, no one sows from it, and no capture takes it."
        }
        Unfilled::ToOpponent => {
            "A pit its owner cannot fill passes to the opponent, who fills it the same way from the seeds they hold after their own row, and controls it for that game; a pit neither can fill is out of play for that game."
        }
    };
    add(
        Part::Match,
        "match.set_up",
        &["match.fill_from", "match.unfilled"],
        format!(
            "The game is played as a match: when a game ends, each player holds the seeds they took out of it, and the next game is set up from them. Each player fills their own pits, starting at {from} and going {along}, each pit with {layout}, while the seeds they hold fill the next pit whole. {unfilled} The seeds left over stay with the player, counted as captured in the next game."
        ),
    );
    let next = match m.next_first {
        NextFirst::Loser => {
            "The loser of a game moves first in the next; after a draw, the player who did not move first in it."
        }
        NextFirst::Winner => {
            "The winner of a game moves first in the next; after a draw, the player who did not move first in it."
        }
        NextFirst::LastMover => {
            "The player who made the last ply of a game moves first in the next."
        }
        NextFirst::Alternate => "The players take turns to move first, game by game.",
    };
    add(
        Part::Match,
        "match.next_first",
        &["match.next_first"],
        next.to_owned(),
    );
    let end = match m.max_games {
        None => "The match ends when a player cannot fill a single pit of their row; the other player wins it.".to_owned(),
        Some(k) => format!(
            "The match ends when a player cannot fill a single pit of their row, and the other player wins it, or after {k} game{}, when the player who holds more seeds wins it (equal holdings draw).",
            if k == 1 { "" } else { "s" }
        ),
    };
    add(Part::Match, "match.end", &["match.max_games"], end);
}

/// Who wins, in words: by the captured total alone where no end gives
/// seeds left to anyone.
fn winner(r: &Rules) -> String {
    let total = if r.end.leftovers == Leftovers::Nobody
        && r.cannot_feed == CannotFeed::AnySowing
        && !r.end.seeds_left_to_first
        && r.end.inner_row_empty.is_none()
    {
        "captured total"
    } else {
        "total (captured plus swept)"
    };
    match r.end.winner {
        Winner::HigherTotal => format!("The higher {total} wins; equal totals draw."),
        Winner::Majority => format!(
            "A player whose {total} is more than half of the {} seeds wins; any other end is a draw.",
            r.total_seeds()
        ),
    }
}

/// The whole rulebook as text: provenance, then the clauses by part,
/// each interpretation under the clause it concerns.
#[must_use]
pub fn show(r: &Rules) -> String {
    let p = &r.provenance;
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", p.name, p.id);
    let _ = writeln!(
        out,
        "{}",
        "=".repeat(p.name.chars().count() + p.id.len() + 3)
    );
    if let Some(s) = &p.summary {
        out.push_str(&wrap(s, 76, "", ""));
    }
    out.push('\n');
    let field = |out: &mut String, k: &str, v: &str| {
        out.push_str(&wrap(v, 76, &format!("{k:<18}"), &" ".repeat(18)));
    };
    if !p.other_names.is_empty() {
        field(&mut out, "Other names:", &p.other_names.join(", "));
    }
    if let Some(x) = &p.people {
        field(&mut out, "People:", x);
    }
    if let Some(x) = &p.region {
        field(&mut out, "Region:", x);
    }
    if let Some(x) = &p.first_described {
        field(&mut out, "First described:", x);
    }
    if let Some(x) = &p.recorded_by {
        field(&mut out, "Recorded by:", x);
    }
    if p.sources.is_empty() {
        field(&mut out, "Sources:", "none given");
    }
    for (i, s) in p.sources.iter().enumerate() {
        field(
            &mut out,
            if i == 0 { "Sources:" } else { "" },
            &format!("- {s}"),
        );
    }
    let cls = clauses(r);
    let mut used = vec![false; r.interpretations.len()];
    let mut shown: Vec<String> = Vec::new();
    let mut part = None;
    let mut number = 0;
    for c in &cls {
        if part != Some(c.part) {
            part = Some(c.part);
            let _ = writeln!(
                out,
                "\n{}\n{}",
                c.part.title(),
                "-".repeat(c.part.title().len())
            );
        }
        number += 1;
        out.push_str(&wrap(&c.text, 76, &format!("{number:>2}. "), "    "));
        for rd in &r.readings {
            let keys: Vec<&str> = rd
                .alternatives
                .iter()
                .flat_map(|a| a.overrides.iter().map(|(k, _)| k.as_str()))
                .collect();
            if keys.iter().any(|k| c.keys.contains(k)) && !shown.contains(&rd.name) {
                shown.push(rd.name.clone());
                out.push_str(&reading_text(rd));
            }
        }
        for (i, it) in r.interpretations.iter().enumerate() {
            if c.keys.contains(&it.key.as_str()) && !used[i] {
                used[i] = true;
                out.push_str(&interpretation_text(it, "    * ", "      "));
            }
        }
    }
    let rest: Vec<_> = r
        .interpretations
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .collect();
    // A reading whose keys no clause renders (one about a table the rules
    // switch off) is still shown.
    let unshown: Vec<_> = r
        .readings
        .iter()
        .filter(|rd| !shown.contains(&rd.name))
        .collect();
    if !rest.is_empty() || !unshown.is_empty() {
        let _ = writeln!(out, "\nOther interpretations\n---------------------");
        for rd in unshown {
            out.push_str(&reading_text(rd));
        }
        for (it, _) in rest {
            out.push_str(&interpretation_text(it, "  * ", "    "));
        }
    }
    out
}

/// An interpretation note, wrapped, its first line starting with `first`.
fn interpretation_text(it: &super::Interpretation, first: &str, indent: &str) -> String {
    wrap(
        &format!(
            "INTERPRETATION ({}): {} Reading taken: {} Why: {}",
            it.key, it.point, it.assumed, it.reason
        ),
        76,
        first,
        indent,
    )
}

/// A reading under its clause: the question, the alternatives (the one in
/// force marked), the default and why.
fn reading_text(rd: &super::Reading) -> String {
    let alts: Vec<String> = rd
        .alternatives
        .iter()
        .map(|a| {
            let ov: Vec<String> = a
                .overrides
                .iter()
                .map(|(k, v)| format!("{k} = {v}"))
                .collect();
            let mut s = format!("`{}` ({})", a.name, ov.join(", "));
            if a.name == rd.chosen {
                s.push_str(" [in force]");
            }
            if a.name == rd.default {
                s.push_str(" [default]");
            }
            s
        })
        .collect();
    wrap(
        &format!(
            "INTERPRETATION, reading `{}`: {} Alternatives: {}. Why: {}",
            rd.name,
            rd.point,
            alts.join("; "),
            rd.reason
        ),
        76,
        "    * ",
        "      ",
    )
}

/// One difference between two rulebooks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// Where it belongs.
    pub part: Part,
    /// The clause in the first rulebook, if it has it.
    pub a: Option<String>,
    /// The clause in the second rulebook, if it has it.
    pub b: Option<String>,
}

/// The clauses that differ between two rulebooks, in the order of play.
///
/// Both are worded alike, in the words of control if either's pits change
/// hands: a game without trades read beside one with them differs in its
/// trading clauses, not in every clause that names who controls a pit.
#[must_use]
pub fn diff(a: &Rules, b: &Rules) -> Vec<Difference> {
    let control = a.pits_change_hands() || b.pits_change_hands();
    let ca = clauses_in(a, control);
    let cb = clauses_in(b, control);
    let mut ids: Vec<(Part, &str)> = ca.iter().chain(&cb).map(|c| (c.part, c.id)).collect();
    ids.sort();
    ids.dedup();
    // Keep the order of play: by part, then by first appearance.
    let order = |id: &str| {
        ca.iter()
            .position(|c| c.id == id)
            .or_else(|| cb.iter().position(|c| c.id == id).map(|i| i + 1000))
            .unwrap_or(usize::MAX)
    };
    ids.sort_by_key(|&(p, id)| (p, order(id)));
    ids.into_iter()
        .filter_map(|(part, id)| {
            let ta = ca
                .iter()
                .find(|c| c.id == id && c.part == part)
                .map(|c| c.text.clone());
            let tb = cb
                .iter()
                .find(|c| c.id == id && c.part == part)
                .map(|c| c.text.clone());
            (ta != tb).then_some(Difference { part, a: ta, b: tb })
        })
        .collect()
}
