//! The rulebook in plain English, generated from a [`Rules`]: every clause
//! the engine applies, in the order of play, with the readings taken on
//! open points marked as such. `rules show` prints it; `rules diff`
//! compares two rulebooks clause by clause in the same words.

use super::model::{CannotFeed, GrandSlam, Laps};
use super::{CannotSow, Chain, Direction, Feeding, Lock, Rules, SowFrom, Taker, Zone};
use crate::board::{Pit, Side};
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
    let others = r.pits() - 1 + usize::from(r.stores);
    others + 1
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
    clauses_in(r, r.trading.is_some())
}

/// The clauses, in the words of a game with trades (`trades`: control,
/// territory, offers) or without (rows and owners, which is what control
/// and territory come to when no pit changes hands).
fn clauses_in(r: &Rules, trades: bool) -> Vec<Clause> {
    let mut v = Vec::new();
    let mut add = |part, id, keys, text: String| {
        v.push(Clause {
            part,
            id,
            keys,
            text,
        })
    };
    let n = r.per_row;
    let ccw = r.direction == Direction::CounterClockwise;
    let opponents_pits = if trades {
        "every pit the opponent controls"
    } else {
        "every pit of the opponent's row"
    };

    // Set-up.
    add(
        Part::SetUp,
        "board",
        &["board.pits_per_row"],
        format!(
            "The board has two rows of {n} pit{}. South owns the near row ({}, from South's left to right), North the far row ({}, from North's left to right). {}",
            if n == 1 { "" } else { "s" },
            labels(r, Side::South),
            labels(r, Side::North),
            if r.stores {
                format!(
                    "Each player has a store after their last house in sowing order: South's after {}, North's after {}; a store's seeds are its owner's captures.",
                    r.label(r.last_house(Side::South)),
                    r.label(r.last_house(Side::North))
                )
            } else {
                "No stores.".to_owned()
            }
        ),
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
            let row = |side: Side| {
                r.home_row(side)
                    .iter()
                    .map(|p| format!("{}={}", r.label(p), r.initial[p.index()]))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            format!(
                "The pits start with {} and {}, {} in all.",
                row(Side::South),
                row(Side::North),
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

    // A turn.
    add(
        Part::Turn,
        "sow_from",
        &["moves.sow_from"],
        match (r.sow_from, trades) {
            (SowFrom::Controlled, true) => "On their turn a player sows from any non-empty pit they control (their territory, which trades may change).".into(),
            (SowFrom::HomeRow, true) => "On their turn a player sows from any non-empty pit of their own home row, whoever controls it.".into(),
            (SowFrom::OpponentRow, _) => "On their turn a player sows from any non-empty pit of the opponent's home row.".into(),
            (_, false) => "On their turn a player sows from any non-empty pit of their own row.".into(),
        },
    );
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
    if r.cannot_feed != CannotFeed::AnySowing {
        add(
            Part::Turn,
            "cannot_feed",
            &["moves.cannot_feed"],
            "If the opponent must be fed and no sowing can, the game ends at once and the player to act takes every seed left on the board.".into(),
        );
    }
    add(
        Part::Turn,
        "cannot_sow",
        &["moves.cannot_sow"],
        match r.cannot_sow {
            CannotSow::Pass => "A player every one of whose pits is empty must pass (the ply `pass`); this is the only time passing is legal.".into(),
            CannotSow::EndGame => "A player with nothing to sow does not pass: the game ends (see The end).".into(),
        },
    );

    // Sowing.
    add(
        Part::Sowing,
        "sowing",
        &["sowing.direction", "sowing.laps"],
        format!(
            "A sowing takes every seed from the chosen pit and drops one in each following pit, {} ({}), in every pit of the circuit whoever owns it{}. {}",
            if ccw {
                "counter-clockwise"
            } else {
                "clockwise"
            },
            {
                let order: Vec<String> = (0..2 * n)
                    .map(|i| if ccw { i } else { (2 * n - i) % (2 * n) })
                    .take(2 * n)
                    .map(|i| r.label(Pit(i as u8)).to_string())
                    .collect();
                format!("{}, …", order.join(", "))
            },
            if r.stores {
                ", and in the mover's own store (never the opponent's)"
            } else {
                ""
            },
            if r.laps == Laps::Relay {
                format!(
                    "Relay: when the last seed falls in a pit that already held seeds, that pit is lifted and the sowing goes on from it; the sowing ends when a last seed falls in an empty pit{}{} (or after 10 000 relays). The pit of the final last seed is the landing pit.",
                    if r.stores { " or a store" } else { "" },
                    if r.sowing_capture.is_some() {
                        " or fills a pit that is then captured"
                    } else {
                        ""
                    }
                )
            } else {
                "Single lap: the sowing ends where its last seed falls, the landing pit.".into()
            }
        ),
    );
    if r.extra_turn {
        add(
            Part::Sowing,
            "extra_turn",
            &["sowing.extra_turn"],
            "If the last seed falls in the mover's own store, the mover plays again.".into(),
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
        if r.skip_origin && (r.laps == Laps::Relay) {
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

    // Captures.
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
            let list = c.counts.list();
            let counts = count_list(&list);
            let (seeds, they) = if list == [1] {
                ("seed", "it is")
            } else {
                ("seeds", "they are")
            };
            add(
                Part::Captures,
                "capture",
                &["capture.counts", "capture.landing"],
                if c.landing == Zone::Anywhere && !trades {
                    format!(
                        "If the landing pit, in either row, now holds exactly {counts} {seeds}, {they} captured."
                    )
                } else {
                    format!(
                        "If the landing pit is {} and now holds exactly {counts} {seeds}, {they} captured.",
                        zone_words(c.landing, trades)
                    )
                },
            );
            // A chain through any pit has no zone to leave: saying it stops
            // at a pit "not anywhere on the board" would be nonsense.
            let anywhere = c.chain_zone == Zone::Anywhere;
            let zone = zone_words(c.chain_zone, trades);
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
            let chain = match c.chain {
                Chain::None => "Only the landing pit is captured: there is no chain.".to_owned(),
                Chain::Backward => format!(
                    "Then the pit before it (against the sowing direction) is examined: {test}, it is captured too, and so on backwards; {stop}."
                ),
                Chain::Forward => format!(
                    "Then the pit after it (in the sowing direction) is examined: {test}, it is captured too, and so on forwards; {stop}."
                ),
                Chain::Both => format!(
                    "So is every pit of the unbroken run of pits holding {counts} that extends from it both forwards and backwards around the circuit, {}: the maximal arc of such pits containing the landing pit. Each pit is captured at most once.",
                    if anywhere && !trades {
                        "in either row"
                    } else {
                        zone
                    }
                ),
            };
            add(
                Part::Captures,
                "chain",
                &["capture.chain", "capture.chain_zone"],
                chain,
            );
            if c.grand_slam != GrandSlam::Captures {
                add(
                    Part::Captures,
                    "grand_slam",
                    &["capture.grand_slam"],
                    "A sowing whose capture would take every seed of the opponent's row (which holds some) is legal but captures nothing (grand slam).".into(),
                );
            }
            add(
                Part::Captures,
                "captured",
                &[],
                "Captured seeds leave the board and count for the capturer. The turn ends after the captures.".into(),
            );
        }
    }

    if let Some(sc) = &r.sowing_capture {
        let counts = sc.counts.list();
        let taker = |t: Taker| match (t, trades) {
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
            ],
            format!(
                "While seeds are sown: whenever a seed brings a pit to exactly {}, its seeds are captured at once, by {}, and the sowing goes on. If the seed that does so is the last of a lap, {} captures them and the sowing ends there. (These captures are not subject to any opening lock.)",
                count_list(&counts),
                taker(sc.taker),
                taker(sc.last_seed_taker)
            ),
        );
    }
    if let Some(o) = &r.opposite_capture {
        add(
            Part::Captures,
            "opposite",
            &[
                "opposite_capture.when_opposite_empty",
                "opposite_capture.capturing_seed",
            ],
            format!(
                "If the last seed falls in an empty pit {}, {} captured{}.{}",
                if trades {
                    "the mover controls"
                } else {
                    "of the mover's own row"
                },
                if o.capturing_seed_taken {
                    "that seed and every seed in the pit opposite are"
                } else {
                    "every seed in the pit opposite is (the last seed itself stays where it fell)"
                },
                if r.stores {
                    " into the mover's store"
                } else {
                    ""
                },
                if o.take_last_seed_alone {
                    " If the pit opposite is empty, the last seed alone is still taken."
                } else {
                    " If the pit opposite is empty, nothing is captured and the seed stays."
                }
            ),
        );
    }
    if r.capture.is_none() && r.opposite_capture.is_none() && r.sowing_capture.is_none() {
        add(
            Part::Captures,
            "capture",
            &["capture.counts"],
            "Seeds are never captured.".into(),
        );
    }

    // Special moves.
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

    // The end.
    if let Some(k) = r.end.all_pits_below {
        add(
            Part::End,
            "all_below",
            &["end.all_pits_below"],
            format!(
                "The game ends as soon as every pit holds fewer than {} (checked after every ply).",
                count(k, "seed", "seeds")
            ),
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
                if r.end.seeds_left_to_first {
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
                match (r.cannot_sow == CannotSow::Pass, trades) {
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
                if trades {
                    parts.push("controllers");
                }
                parts.push("side to act");
                if trades {
                    parts.push("pending offer");
                }
                if r.has_lock() {
                    parts.push("lock progress");
                }
                parts.push("captured totals");
                let parts = parts.join(", ");
                if trades {
                    format!("{parts}; not who has declined")
                } else {
                    parts
                }
            },
            ordinal(r.end.repetition)
        ),
    );

    // Scoring.
    add(Part::Scoring, "leftovers", &["end.leftovers"], {
        let to = if trades {
            "the player who controls its pit"
        } else {
            "the owner of its pit"
        };
        if r.cannot_feed != CannotFeed::AnySowing {
            format!(
                "At the end, every seed still on the board goes to {to} (except when the game ends because the opponent cannot be fed: then the player to act takes them all)."
            )
        } else if r.end.seeds_left_to_first {
            format!(
                "At the end, every seed still on the board goes to {to} (except when few seeds are left: then {} takes them all).",
                r.first
            )
        } else {
            format!("At the end, every seed still on the board goes to {to}.")
        }
    });
    add(
        Part::Scoring,
        "winner",
        &["end.winner"],
        "The higher total (captured plus swept) wins; equal totals draw.".into(),
    );
    v
}

/// Wraps `text` at `width` columns, every line after the first indented by `indent`.
pub fn wrap(text: &str, width: usize, first: &str, indent: &str) -> String {
    let mut out = String::from(first);
    let mut col = first.chars().count();
    let mut line_start = true;
    for word in text.split_whitespace() {
        let w = word.chars().count();
        if !line_start && col + 1 + w > width {
            out.push('\n');
            out.push_str(indent);
            col = indent.chars().count();
            line_start = true;
        }
        if !line_start {
            out.push(' ');
            col += 1;
        }
        out.push_str(word);
        col += w;
        line_start = false;
    }
    out.push('\n');
    out
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
    if !rest.is_empty() {
        let _ = writeln!(out, "\nOther interpretations\n---------------------");
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
/// Both are worded alike, in the words of trading if either trades: a
/// game without trades read beside one with them differs in its trading
/// clauses, not in every clause that names who controls a pit.
#[must_use]
pub fn diff(a: &Rules, b: &Rules) -> Vec<Difference> {
    let trades = a.trading.is_some() || b.trading.is_some();
    let ca = clauses_in(a, trades);
    let cb = clauses_in(b, trades);
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

/// `one` for a count of 1, else `many` (0 included): `pit a`, `pits c,d`.
#[must_use]
pub fn plural<'a, T: PartialEq + From<u8>>(n: T, one: &'a str, many: &'a str) -> &'a str {
    if n == T::from(1) { one } else { many }
}

/// `1 ply`, `2 plies`, `0 plies`: a count and its noun.
#[must_use]
pub fn count<T: std::fmt::Display + PartialEq + From<u8> + Copy>(
    n: T,
    one: &str,
    many: &str,
) -> String {
    format!("{n} {}", plural(n, one, many))
}

/// `1st`, `2nd`, `3rd`, `4th`, … `11th`, … `21st`.
#[must_use]
pub fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, r) if r != 11 => "st",
        (2, r) if r != 12 => "nd",
        (3, r) if r != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
