//! Test support: random *valid* rule files, drawn over the whole rule
//! language (docs/rule-language.md): every key the loader accepts, each
//! present or absent where it may be, and every value of every word-valued
//! key, within the cross-field rules of section 3, so that every file drawn
//! loads. Used by the differential check ([`super::differential`]), the
//! `random-rules` and `differential` fuzz targets, and tests.
//!
//! Each key draws from a stream of its own, seeded from the file's seed
//! and the key's path ([`Draw::rng`]): adding a key, or a value to a key,
//! changes no other key's draws, so the files the tests were tuned on keep
//! everything but the new key. A table's presence draws from the table's
//! name. A key whose allowed values depend on another key still draws from
//! its own stream; only its list of values changes.
//!
//! Not drawn: `extends` (a file stands alone here; merging is the loader's
//! business, not the meaning's) and readings of keys other than
//! `sowing.skip_origin` (a reading in force is just a value of its key).

use crate::rng::Rng;
use crate::rules::INTERPRETABLE_KEYS;
use crate::rules::keys::{Draw as KeyDraw, KEYS};
use std::fmt::Write;

/// One of `xs`, uniformly.
fn pick<'a>(rng: &mut Rng, xs: &[&'a str]) -> &'a str {
    xs[rng.below(xs.len())]
}

/// True with probability 1 in `n`.
fn one_in(rng: &mut Rng, n: usize) -> bool {
    rng.below(n) == 0
}
/// A list of 1 to `most` distinct pit numbers from 1 to `n`, in increasing
/// order, as TOML (`[2, 5]`); with `may_be_empty`, now and then `[]`.
fn pit_numbers(rng: &mut Rng, n: usize, most: usize, may_be_empty: bool) -> String {
    if may_be_empty && one_in(rng, 4) {
        return "[]".into();
    }
    let mut numbers: Vec<usize> = (0..1 + rng.below(most.max(1)))
        .map(|_| 1 + rng.below(n))
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    let list: Vec<String> = numbers.iter().map(usize::to_string).collect();
    format!("[{}]", list.join(", "))
}

/// A `counts = [...]` line: 1 to `most` distinct capturing counts from 1
/// to 63, none above the board's `total`; mostly small ones, which occur.
pub fn random_counts(rng: &mut Rng, total: u64, most: usize) -> String {
    let max = total.min(63) as usize;
    let mut counts: Vec<usize> = (0..1 + rng.below(most))
        .map(|_| {
            if one_in(rng, 6) {
                1 + rng.below(max)
            } else {
                1 + rng.below(max.min(8))
            }
        })
        .collect();
    counts.sort_unstable();
    counts.dedup();
    let list: Vec<String> = counts.iter().map(usize::to_string).collect();
    format!("counts = [{}]\n", list.join(", "))
}

/// The most offers a player can have in one position, as the loader counts
/// them (docs/rule-language.md, section 5, "Offers in one position").
fn most_offers(pits: u64, max_pits: u64, keep: u64) -> u64 {
    let t = pits.saturating_sub(keep);
    let top = max_pits.min(t.saturating_sub(keep));
    let (mut sum, mut binom) = (0u64, 1u64);
    for k in 1..=top {
        binom = binom.saturating_mul(t - k + 1) / k;
        sum = sum.saturating_add(binom);
    }
    sum
}

/// A rule file being drawn: the file's seed and its text so far.
struct Draw {
    seed: u64,
    text: String,
}

/// What the keys drawn first decide for the keys drawn after them.
struct Facts {
    four: bool,
    /// Pits per row.
    n: usize,
    pits: usize,
    /// Seeds on the board.
    total: u64,
    stores: bool,
    /// Whether the file has `[houses]`, which needs no stores and no
    /// trading (two-row-design.md, `[houses]`).
    houses: bool,
    /// Whether four-row files have a `[column_capture]` (`moves.clockwise`
    /// may need it).
    column: bool,
    /// Whether some pit's direction is chosen (`moves.clockwise` needs one).
    chosen: bool,
    laps: String,
    sow_from: String,
    skip_origin: bool,
}

impl Draw {
    /// The stream of draws of one key (or of a table's presence): seeded
    /// from the file's seed and the path (FNV-1a), mixed once more so that
    /// near paths do not start near each other's sequences.
    fn rng(&self, path: &str) -> Rng {
        let hash = path.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        Rng::new(Rng::new(self.seed ^ hash).next_u64())
    }

    /// Writes `name = value` for the key at `path`.
    fn set(&mut self, path: &str, value: impl std::fmt::Display) {
        let name = path.rsplit('.').next().unwrap_or(path);
        let _ = writeln!(self.text, "{name} = {value}");
    }

    /// Starts a table.
    fn table(&mut self, name: &str) {
        let _ = write!(self.text, "\n[{name}]\n");
    }

    /// Whether a table is written: one time in `one_in` when `rare`, else
    /// all but one time in `one_in`.
    fn has(&self, table: &str, one_in_n: usize, rare: bool) -> bool {
        one_in(&mut self.rng(table), one_in_n) == rare
    }

    /// A word-valued key drawn as its declaration says
    /// ([`Draw::AnyWord`]): absent one time in so many, else any of its
    /// words, so a word added to the key is drawn with no change here.
    fn any_word(&mut self, path: &str) -> Option<String> {
        let key = KEYS.iter().find(|k| k.path == path);
        let (Some(words), Some(KeyDraw::AnyWord { absent })) =
            (key.and_then(|k| k.words()), key.map(|k| k.draw))
        else {
            panic!("`{path}` is not a key of words declared to be drawn as any of them")
        };
        self.word(path, words, absent)
    }

    /// A word-valued key: absent (its default) one time in `absent`, else
    /// one of `values`.
    fn word(&mut self, path: &str, values: &[&str], absent: usize) -> Option<String> {
        let mut rng = self.rng(path);
        if absent > 0 && one_in(&mut rng, absent) {
            return None;
        }
        let v = pick(&mut rng, values).to_owned();
        self.set(path, format_args!("\"{v}\""));
        Some(v)
    }
}

/// A random valid rule file.
#[must_use]
pub fn random_rules(rng: &mut Rng) -> String {
    let mut d = Draw {
        seed: rng.next_u64(),
        text: String::new(),
    };
    // One file in four has four rows, where each player sows round their
    // own two and only the keys defined there are drawn (docs/
    // rule-language.md, section 3).
    let mut rows = d.rng("board.rows");
    let four = one_in(&mut rows, 4);
    variant(&mut d, four);
    let mut f = board(&mut d, four, four || one_in(&mut rows, 8));
    f.houses = !f.stores && one_in(&mut d.rng("houses"), 6);
    // Most four-row files capture by column; now and then a two-row file
    // does too, taking the pit across.
    let mut column = d.rng("column_capture");
    f.column = if four {
        !one_in(&mut column, 4)
    } else {
        one_in(&mut column, 6)
    };
    sowing(&mut d, &mut f);
    moves(&mut d, &mut f);
    column_capture(&mut d, &f);
    capture(&mut d, &f);
    opposite_capture(&mut d, &f);
    beyond_capture(&mut d, &f);
    houses(&mut d, &f);
    sowing_capture(&mut d, &f);
    let trades = trading(&mut d, &f);
    let seeds_leave = end(&mut d, &f);
    match_play(&mut d, &f, seeds_leave, trades);
    open_points(&mut d, &f);
    d.text
}

/// `[variant]`: identity and provenance, which change nothing in play.
fn variant(d: &mut Draw, four: bool) {
    let id = pick(
        &mut d.rng("variant.id"),
        &["random", "r-2", "x", "random-variant-9"],
    );
    let _ = write!(d.text, "[variant]\nid = \"{id}\"\nname = \"Random\"\n");
    for key in [
        "variant.summary",
        "variant.people",
        "variant.region",
        "variant.first_described",
        "variant.recorded_by",
    ] {
        if one_in(&mut d.rng(key), 6) {
            d.set(key, "\"some text, \\\"quoted\\\"\"");
        }
    }
    let families: &[&str] = if four {
        &["four-rows", "count-capture", "relay"]
    } else {
        &[
            "count-capture",
            "relay",
            "beyond-capture",
            "stores",
            "houses",
        ]
    };
    d.word("variant.family", families, 2);
    d.any_word("variant.evidence");
    for key in ["variant.other_names", "variant.sources"] {
        match d.rng(key).below(6) {
            0 => d.set(key, "[]"),
            1 => d.set(key, "[\"one\", \"two\"]"),
            _ => {}
        }
    }
}

/// `[board]`.
fn board(d: &mut Draw, four: bool, rows_written: bool) -> Facts {
    let rows = if four { 4 } else { 2 };
    let widest = crate::board::MAX_PITS / rows;
    let mut r = d.rng("board.pits_per_row");
    let n = if one_in(&mut r, 8) {
        1 + r.below(widest)
    } else {
        1 + r.below(8)
    };
    let pits = rows * n;
    d.table("board");
    if rows_written {
        d.set("board.rows", rows);
    }
    d.set("board.pits_per_row", n);
    let total = seeds(d, pits);
    d.any_word("board.first");
    let stores: &[&str] = if four {
        &["none"]
    } else {
        &["none", "after-last-house", "after-last-house"]
    };
    let stores = d
        .word("board.stores", stores, 3)
        .is_some_and(|v| v == "after-last-house");
    Facts {
        four,
        n,
        pits,
        total,
        stores,
        houses: false,
        column: false,
        chosen: false,
        laps: "single".into(),
        sow_from: "controlled".into(),
        skip_origin: false,
    }
}

/// `board.initial` or `board.seeds_per_pit`: mostly small boards of seeds,
/// now and then a big one, up to the limit. Returns the seeds on the board.
fn seeds(d: &mut Draw, pits: usize) -> u64 {
    let mut r = d.rng("board.initial");
    let big = match r.below(40) {
        0 => 65_535,
        1..=3 => 1_000,
        _ => 0,
    };
    if one_in(&mut r, 3) {
        let mut counts: Vec<u64> = (0..pits)
            .map(|_| {
                if one_in(&mut r, 4) {
                    0
                } else if big > 0 && one_in(&mut r, 3) {
                    r.below(big / pits + 1) as u64
                } else {
                    r.below(12) as u64
                }
            })
            .collect();
        if counts.iter().all(|&c| c == 0) {
            counts[r.below(pits)] = 1;
        }
        let list: Vec<String> = counts.iter().map(u64::to_string).collect();
        d.set("board.initial", format_args!("[{}]", list.join(", ")));
        return counts.iter().sum();
    }
    let mut r = d.rng("board.seeds_per_pit");
    let most = if big > 0 {
        big / pits
    } else if one_in(&mut r, 8) {
        40
    } else {
        6
    };
    let k = 1 + r.below(most.max(1)) as u64;
    d.set("board.seeds_per_pit", k);
    k * pits as u64
}

/// `[sowing]`.
fn sowing(d: &mut Draw, f: &mut Facts) {
    if d.has("sowing", 8, true) {
        return;
    }
    d.table("sowing");
    direction(d, f);
    let all_laps = &["single", "single", "relay", "relay-from-next"];
    if let Some(l) = d.word("sowing.laps", all_laps, 4) {
        f.laps = l;
    }
    d.any_word("sowing.first_seed");
    let rounds: &[&str] = if f.four {
        &["whole-circuit"]
    } else {
        &["whole-circuit", "opponent-row"]
    };
    d.word("sowing.later_rounds", rounds, 2);
    let mut r = d.rng("sowing.skip_origin");
    if !one_in(&mut r, 4) {
        f.skip_origin = one_in(&mut r, 2);
        d.set("sowing.skip_origin", f.skip_origin);
    }
    // A last seed in one's own store needs stores.
    let turns: &[&str] = if f.stores {
        &["none", "last-in-own-store", "after-capture"]
    } else {
        &["none", "after-capture"]
    };
    d.word("sowing.extra_turn", turns, 2);
}

/// `sowing.direction`: a word, or one per pit number one file in four. A
/// direction other than one fixed direction for the whole board needs
/// `board.stores = "none"`; an array all of one fixed direction is that
/// direction.
fn direction(d: &mut Draw, f: &mut Facts) {
    let fixed = ["counter-clockwise", "clockwise"];
    let any = ["counter-clockwise", "clockwise", "chosen"];
    let mut r = d.rng("sowing.direction");
    let quoted = |each: &[&str]| {
        let q: Vec<String> = each.iter().map(|d| format!("\"{d}\"")).collect();
        format!("[{}]", q.join(", "))
    };
    match r.below(8) {
        0 => {
            let one = pick(&mut r, &fixed);
            d.set("sowing.direction", quoted(&vec![one; f.n]));
        }
        1 | 2 if !f.stores => {
            let each: Vec<&str> = (0..f.n).map(|_| pick(&mut r, &any)).collect();
            f.chosen |= each.contains(&"chosen");
            d.set("sowing.direction", quoted(&each));
        }
        3 => {}
        _ => {
            let one = pick(&mut r, if f.stores { &fixed[..] } else { &any[..] });
            f.chosen |= one == "chosen";
            d.set("sowing.direction", format_args!("\"{one}\""));
        }
    }
}

/// `[moves]`.
fn moves(d: &mut Draw, f: &mut Facts) {
    if d.has("moves", 8, true) {
        return;
    }
    d.table("moves");
    let from: &[&str] = if f.four {
        &["controlled"]
    } else {
        &["controlled", "home-row", "opponent-row"]
    };
    if let Some(from) = d.word("moves.sow_from", from, 4) {
        f.sow_from = from;
    }
    // `below_min` must not be written when `min_seeds` is 1.
    let mut r = d.rng("moves.min_seeds");
    if one_in(&mut r, 3) {
        let k = match r.below(20) {
            0 => 1 + r.below(65_535),
            1..=4 => 1,
            _ => 2 + r.below(3),
        };
        d.set("moves.min_seeds", k);
        if k > 1 {
            d.any_word("moves.below_min");
        }
    }
    let (openings, feedings): (&[&str], &[&str]) = if f.four {
        (&["none", "each-home-pit-once"], &["none"])
    } else {
        (
            &["none", "each-home-pit-once"],
            &[
                "none",
                "must-feed-empty-opponent",
                "must-leave-opponent-seeds",
            ],
        )
    };
    d.word("moves.opening", openings, 3);
    let feeding = d.word("moves.feeding", feedings, 3);
    d.any_word("moves.cannot_sow");
    match d.rng("moves.must_capture").below(6) {
        0 => d.set("moves.must_capture", true),
        1 => d.set("moves.must_capture", false),
        _ => {}
    }
    if f.four {
        match d.rng("moves.inner_row_first").below(4) {
            0 => d.set("moves.inner_row_first", true),
            1 => d.set("moves.inner_row_first", false),
            _ => {}
        }
    }
    // `clockwise` limits the pits of chosen direction; its first-lap value
    // needs a column capture.
    if f.chosen {
        let values: &[&str] = if f.column {
            &["free", "if-capturing", "if-first-lap-captures"]
        } else {
            &["free", "if-capturing"]
        };
        d.word("moves.clockwise", values, 2);
    }
    if feeding.is_some_and(|f| f != "none") {
        d.word(
            "moves.cannot_feed",
            &[
                "any-sowing",
                "end-game-mover-takes-all",
                "end-game-opponent-takes-all",
            ],
            3,
        );
    } else if one_in(&mut d.rng("moves.cannot_feed"), 6) {
        d.set("moves.cannot_feed", "\"any-sowing\"");
    }
}

/// `[column_capture]`: on two rows it takes the pit across, the only pit
/// of the column.
fn column_capture(d: &mut Draw, f: &Facts) {
    if !f.column {
        return;
    }
    d.table("column_capture");
    d.any_word("column_capture.when");
    if f.four {
        d.any_word("column_capture.takes");
        d.any_word("column_capture.needs");
    } else {
        d.word("column_capture.takes", &["inner"], 0);
        d.word("column_capture.needs", &["inner"], 3);
    }
    if d.any_word("column_capture.then").as_deref() == Some("resown") {
        let from = d.any_word("column_capture.resow_from");
        let mut r = d.rng("column_capture.flank");
        if from.as_deref() == Some("inner-end") && !one_in(&mut r, 3) {
            d.set("column_capture.flank", r.below(f.n / 2 + 1));
        }
    }
    d.any_word("column_capture.laps");
    d.any_word("column_capture.full_circle");
}

/// `[capture]`: on four rows, of one's own pits only (zones
/// "anywhere"), with no grand-slam rule.
fn capture(d: &mut Draw, f: &Facts) {
    if d.has("capture", if f.four { 6 } else { 4 }, true) {
        return;
    }
    d.table("capture");
    let mut r = d.rng("capture.counts");
    match r.below(10) {
        0 => d.set("capture.counts", "\"even\""),
        1 => d.set("capture.counts", "\"odd\""),
        _ => d.text += &random_counts(&mut r, f.total, 4),
    }
    d.any_word("capture.examined");
    let mut r = d.rng("capture.chain_max");
    if one_in(&mut r, 4) {
        d.set("capture.chain_max", 1 + r.below(2 * f.n));
    }
    let mut r = d.rng("capture.protected");
    if one_in(&mut r, 4) {
        d.set("capture.protected", pit_numbers(&mut r, f.n, 2, true));
    }
    let own: &[&str] = &["anywhere"];
    if f.four {
        d.word("capture.landing", own, 0);
    } else {
        d.any_word("capture.landing");
    }
    let chain = d.any_word("capture.chain");
    if chain.is_some_and(|c| c != "none") {
        if f.four {
            d.word("capture.chain_zone", own, 0);
        } else {
            d.any_word("capture.chain_zone");
        }
    }
    match d.rng("capture.lock").below(5) {
        0 => d.set("capture.lock", "\"none\""),
        1 => {
            d.set("capture.lock", "\"all-home-pits-sown\"");
            let may = one_in(&mut d.rng("capture.lock_release_may_capture"), 2);
            d.set("capture.lock_release_may_capture", may);
        }
        // Not with `lock_release_may_capture`; needs a `sow_from` other
        // than "opponent-row".
        2 if f.sow_from != "opponent-row" => d.set("capture.lock", "\"first-sowing\""),
        _ => {}
    }
    if !f.four {
        d.any_word("capture.grand_slam");
    }
}

/// `[opposite_capture]`, on two rows.
fn opposite_capture(d: &mut Draw, f: &Facts) {
    if f.four || d.has("opposite_capture", 4, false) {
        return;
    }
    d.table("opposite_capture");
    let empty = d.any_word("opposite_capture.when_opposite_empty");
    let seeds: &[&str] = if empty.as_deref() == Some("nothing") {
        &["taken", "stays"]
    } else {
        &["taken"]
    };
    d.word("opposite_capture.capturing_seed", seeds, 3);
    d.any_word("opposite_capture.landing");
}

/// `[beyond_capture]`: on four rows, of one's own pits only.
fn beyond_capture(d: &mut Draw, f: &Facts) {
    if d.has("beyond_capture", if f.four { 6 } else { 4 }, !f.four) {
        return;
    }
    d.table("beyond_capture");
    if f.four {
        d.word("beyond_capture.zone", &["anywhere"], 3);
    } else {
        d.any_word("beyond_capture.zone");
    }
    d.any_word("beyond_capture.chain");
    // "sow-on" only with `laps = "relay"`.
    let then: &[&str] = if f.laps == "relay" {
        &["end-sowing", "sow-on"]
    } else {
        &["end-sowing"]
    };
    d.word("beyond_capture.then", then, 3);
}

/// `[houses]`, decided with the board.
fn houses(d: &mut Draw, f: &Facts) {
    if !f.houses {
        return;
    }
    d.table("houses");
    let made_at = 1 + d.rng("houses.made_at").below(f.total.min(63) as usize);
    d.set("houses.made_at", made_at);
    // At least one of the two lists is not empty; on four rows the
    // opponent's rows are never reached, so one's own.
    let mut r = d.rng("houses.own_row");
    if f.four {
        d.set("houses.own_row", pit_numbers(&mut r, f.n, f.n, false));
    } else {
        let own = pit_numbers(&mut r, f.n, f.n, true);
        let theirs = pit_numbers(&mut d.rng("houses.opponent_row"), f.n, f.n, own != "[]");
        if own != "[]" || one_in(&mut r, 2) {
            d.set("houses.own_row", own);
        }
        d.set("houses.opponent_row", theirs);
    }
    let mut r = d.rng("houses.max_per_player");
    if !one_in(&mut r, 3) {
        d.set("houses.max_per_player", 1 + r.below(2 * f.n));
    }
    let mut r = d.rng("houses.not_same_number");
    if !one_in(&mut r, 3) {
        d.set("houses.not_same_number", one_in(&mut r, 2));
    }
}

/// `[sowing_capture]`.
fn sowing_capture(d: &mut Draw, f: &Facts) {
    if d.has("sowing_capture", 4, false) {
        return;
    }
    d.table("sowing_capture");
    d.text += &random_counts(&mut d.rng("sowing_capture.counts"), f.total, 3);
    d.any_word("sowing_capture.taker");
    d.any_word("sowing_capture.last_seed_taker");
    d.any_word("sowing_capture.then");
}

/// `[trading]`: none with houses, only disabled on four rows.
/// `[trading]`; whether trading is on.
fn trading(d: &mut Draw, f: &Facts) -> bool {
    let mut r = d.rng("trading");
    let draw = if f.four {
        12 * usize::from(!one_in(&mut r, 8))
    } else if f.houses {
        12
    } else {
        r.below(12)
    };
    match draw {
        0 => {
            d.text += "\n[trading]\nenabled = false\n";
            false
        }
        1..=3 => {
            d.text += "\n[trading]\nenabled = true\n";
            let keep = d.rng("trading.keep_at_least").below(f.n + 1) as u64;
            // The loader refuses more than 10 000 offers in one position.
            let mut max = 1 + d.rng("trading.max_pits").below(f.n) as u64;
            while most_offers(f.pits as u64, max, keep) > 10_000 {
                max -= 1;
            }
            let mut r = d.rng("trading.price_per_pit");
            let price = if one_in(&mut r, 10) {
                r.below(65_536)
            } else {
                r.below(10)
            };
            let affordable = one_in(&mut d.rng("trading.only_if_affordable"), 2);
            d.set("trading.max_pits", max);
            d.set("trading.price_per_pit", price);
            d.set("trading.keep_at_least", keep);
            d.set("trading.only_if_affordable", affordable);
            true
        }
        _ => false,
    }
}

/// `[match]`, in one two-row file in eight (a four-row board has no
/// first pit to refill from), unless `seeds_leave` the game at its end
/// (`end.leftovers = "nobody"`) or the file `trades`.
fn match_play(d: &mut Draw, f: &Facts, seeds_leave: bool, trades: bool) {
    if f.four || seeds_leave || trades || !one_in(&mut d.rng("match"), 8) {
        return;
    }
    d.table("match");
    d.any_word("match.fill_from");
    d.any_word("match.unfilled");
    d.any_word("match.next_first");
    let mut r = d.rng("match.max_games");
    if one_in(&mut r, 3) {
        d.set("match.max_games", 1 + r.below(9));
    }
}

/// `[end]`; whether the seeds left at the end count for nobody.
fn end(d: &mut Draw, f: &Facts) -> bool {
    if d.has("end", 8, true) {
        return false;
    }
    d.table("end");
    let mut r = d.rng("end.all_pits_below");
    if one_in(&mut r, 3) {
        let k = if one_in(&mut r, 20) {
            1 + r.below(65_535)
        } else {
            1 + r.below(5)
        };
        d.set("end.all_pits_below", k);
    }
    let mut r = d.rng("end.captured_more_than");
    if one_in(&mut r, 4) {
        let k = if one_in(&mut r, 10) {
            r.below(65_536)
        } else {
            r.below(f.total as usize + 1)
        };
        d.set("end.captured_more_than", k);
    }
    let mut r = d.rng("end.either_row_empty");
    match r.below(8) {
        0 | 1 => d.set("end.either_row_empty", true),
        2 => d.set("end.either_row_empty", false),
        _ => {}
    }
    let mut r = d.rng("end.seeds_left_at_most");
    if one_in(&mut r, 5) {
        d.set("end.seeds_left_at_most", r.below(f.total as usize));
        d.any_word("end.seeds_left_to");
    }
    let mut r = d.rng("end.max_plies");
    if one_in(&mut r, 6) {
        let k = if one_in(&mut r, 4) {
            1 + r.below(1_000_000_000)
        } else {
            1 + r.below(5_000)
        };
        d.set("end.max_plies", k);
    }
    match d.rng("end.repetition").below(10) {
        0 => {
            let k = 2 + d.rng("end.repetition.large").below(254);
            d.set("end.repetition", k);
        }
        1..=3 => d.set("end.repetition", 2),
        4..=6 => d.set("end.repetition", 3),
        _ => {}
    }
    if f.four {
        d.any_word("end.inner_row_empty");
    }
    let leftovers = d.any_word("end.leftovers");
    d.any_word("end.winner");
    leftovers.as_deref() == Some("nobody")
}

/// Open points: notes, and a switchable reading whose default is the value
/// the file plays with.
fn open_points(d: &mut Draw, f: &Facts) {
    let mut r = d.rng("interpretation");
    if one_in(&mut r, 8) {
        for _ in 0..1 + r.below(2) {
            let key = INTERPRETABLE_KEYS[r.below(INTERPRETABLE_KEYS.len())];
            let _ = write!(
                d.text,
                "\n[[interpretation]]\nkey = \"{key}\"\npoint = \"?\"\nassumed = \"this\"\nreason = \"test\"\n"
            );
        }
    }
    if one_in(&mut d.rng("readings"), 10) {
        let (this, other) = if f.skip_origin {
            ("skip", "sow-into")
        } else {
            ("sow-into", "skip")
        };
        let _ = write!(
            d.text,
            "\n[readings.skip-origin]\npoint = \"?\"\nreason = \"test\"\ndefault = \"{this}\"\n\
             alternatives.{this} = {{ sowing.skip_origin = {} }}\n\
             alternatives.{other} = {{ sowing.skip_origin = {} }}\n",
            f.skip_origin, !f.skip_origin
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    /// Every file drawn loads, and the draws reach every key declared to
    /// be drawn, with every word of each word key ([`KEYS`]).
    #[test]
    fn every_drawn_file_loads() {
        let mut rng = Rng::new(7);
        // Each key written, as `table.name`, with the values seen.
        let mut seen: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for _ in 0..3_000 {
            let text = random_rules(&mut rng);
            if let Err(e) = crate::rules::parse("random.toml", &text) {
                panic!("{text}\n{e}");
            }
            written(&text, &mut seen);
        }
        for key in KEYS {
            if let KeyDraw::Not(_) = key.draw {
                continue;
            }
            let path = key.path.replace("<name>", "skip-origin");
            let values = seen
                .get(&path)
                .unwrap_or_else(|| panic!("`{}` is never drawn", key.path));
            for word in key.words().unwrap_or_default() {
                assert!(
                    values.contains(*word),
                    "`{} = \"{word}\"` is never drawn",
                    key.path
                );
            }
        }
    }

    /// The keys `text` writes, each as its table's name and its own
    /// (`sowing.laps`), with the values, a word without its quotes.
    fn written(text: &str, seen: &mut BTreeMap<String, BTreeSet<String>>) {
        let mut table = String::new();
        for line in text.lines() {
            if let Some(name) = line.strip_prefix('[') {
                table = name.trim_matches(['[', ']']).to_owned();
            } else if let Some((name, value)) = line.split_once(" = ") {
                let name = name.split('.').next().unwrap_or(name);
                let path = if table.is_empty() {
                    name.to_owned()
                } else {
                    format!("{table}.{name}")
                };
                let value = value.trim_matches('"').to_owned();
                seen.entry(path).or_default().insert(value);
            }
        }
    }
}
